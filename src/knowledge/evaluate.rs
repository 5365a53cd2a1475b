//! Level-1 weight of one position (the paper's step 18c).
//!
//! If deterministic rules fire, the first of them in the book's rule table
//! gives the weight alone. Otherwise the weight is the arithmetic mean
//! of every averaged rule that fires, each distinct rule once. If nothing
//! fires the weight is 0.5 and the position is marked "no rule".

use crate::board::facts::Node;
use crate::board::geometry::Side;
use crate::knowledge::book::Book;
use crate::knowledge::books;
use crate::knowledge::weights::{Kind, RuleSet, RuleTable};

/// Weights above this are "win", below it "draw", equal "unknown".
pub const VERDICT_THRESHOLD: f64 = 0.5;

/// A verdict from a weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Weight above [`VERDICT_THRESHOLD`].
    Win,
    /// Weight below it.
    Draw,
    /// Exactly at it.
    Unknown,
}

impl Verdict {
    /// From a weight.
    pub fn of(weight: f64) -> Verdict {
        if weight > VERDICT_THRESHOLD {
            Verdict::Win
        } else if weight < VERDICT_THRESHOLD {
            Verdict::Draw
        } else {
            Verdict::Unknown
        }
    }

    /// "win", "draw" or "unknown".
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Unknown => "unknown",
        }
    }
}

/// The level-1 evaluation of a position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evaluation {
    /// Weight in [0, 1] from the pawn side's point of view.
    pub weight: f64,
    /// Whether a deterministic rule decided.
    pub deterministic: bool,
    /// The rules that fired.
    pub fired: RuleSet,
    /// A win-side and a draw-side deterministic rule fired together.
    pub conflict: bool,
    /// The book whose rules fired.
    pub book: &'static Book,
}

impl Evaluation {
    /// The verdict of the weight.
    pub fn verdict(&self) -> Verdict {
        Verdict::of(self.weight)
    }

    /// True when no rule fired.
    pub fn no_rule(&self) -> bool {
        self.fired.is_empty()
    }
}

/// Combines the rules of `book` that fired, with the weights of `table`,
/// into a weight (step 18c).
pub fn combine(book: &'static Book, fired: RuleSet, table: &RuleTable) -> Evaluation {
    let mut det: Option<f64> = None;
    let (mut win_side, mut draw_side) = (false, false);
    let (mut sum, mut n) = (0.0, 0usize);
    for r in fired.iter() {
        let row = table.row(r);
        match row.kind {
            Kind::Deterministic => {
                // Book order is priority order: the first one decides.
                det.get_or_insert(row.weight);
                win_side |= row.weight > VERDICT_THRESHOLD;
                draw_side |= row.weight < VERDICT_THRESHOLD;
            }
            Kind::Averaged => {
                sum += row.weight;
                n += 1;
            }
        }
    }
    let (weight, deterministic) = match det {
        Some(w) => (w, true),
        None if n > 0 => (sum / n as f64, false),
        None => (VERDICT_THRESHOLD, false),
    };
    Evaluation {
        weight,
        deterministic,
        fired,
        conflict: win_side && draw_side,
        book,
    }
}

/// The level-1 evaluation of a position on its own, by the book that
/// judges it (found from its material).
pub fn evaluate(node: &Node) -> Evaluation {
    level1(books::of(node), node)
}

/// The level-1 evaluation of `node` by `book`, with the book's table in
/// use: the evaluator a decision uses by default, `book` judging the
/// position the move is made from (and so the position after it, a
/// promotion or a capture included).
pub fn level1(book: &'static Book, node: &Node) -> Evaluation {
    evaluate_with(book, node, book.rules())
}

/// Level 1 as a decision runs it: the evaluation, by the book that judges
/// the position a move is made from, of the position after the move.
/// [`level1`] is the plain one; a
/// caller may remember evaluations or weigh with other weights.
pub trait Level1: Fn(&'static Book, &Node) -> Evaluation {}

impl<F: Fn(&'static Book, &Node) -> Evaluation> Level1 for F {}

/// [`level1`] with the weights of `table` (a table of `book`'s rules).
pub fn evaluate_with(book: &'static Book, node: &Node, table: &RuleTable) -> Evaluation {
    combine(book, book.fires(node, table), table)
}

/// Level-1 order for the side choosing: White wants high weights, Black low.
/// Returns true when weight `a` is strictly better than `b` for `mover`.
pub fn better_for(mover: Side, a: f64, b: f64) -> bool {
    match mover {
        Side::White => a > b,
        Side::Black => a < b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::weights::RuleRow;

    fn row(id: &str, weight: f64, kind: Kind) -> RuleRow {
        RuleRow {
            id: id.into(),
            weight,
            kind,
            description: String::new(),
            source: String::new(),
            theme: crate::knowledge::weights::Theme::Race,
            sentence: String::new(),
            fitted: 0,
            clauses: 1,
        }
    }

    /// The paper's example (section 4): one whiteDrives rule (0.70), two
    /// different whiteCanDrive rules (0.58), one instinctW1 (0.47) and three
    /// different intelligenceB rules (0.11) average to 0.38.
    #[test]
    fn averaging_counts_each_distinct_rule_once_as_in_the_paper() {
        let text = [
            ("whiteDrives", 0.70),
            ("whiteCanDrive1", 0.58),
            ("whiteCanDrive2", 0.58),
            ("instinctW1", 0.47),
            ("intelligenceB1", 0.11),
            ("intelligenceB2", 0.11),
            ("intelligenceB3", 0.11),
        ]
        .iter()
        .map(|(id, w)| {
            format!("[[rule]]\nid = \"{id}\"\nweight = {w}\nkind = \"averaged\"\ndescription = \"\"\nsource = \"\"\ntheme = \"race\"\nsentence = \"\"\n")
        })
        .collect::<String>();
        let book = RuleTable::parse_program(&text, "").unwrap();
        let all = [
            "whiteDrives",
            "whiteCanDrive1",
            "whiteCanDrive2",
            "instinctW1",
        ];
        let all = all
            .iter()
            .chain(&["intelligenceB1", "intelligenceB2", "intelligenceB3"]);
        let kpk = &crate::knowledge::books::kpk::BOOK;
        let e = combine(kpk, all.map(|n| book.id(n).unwrap()).collect(), &book);
        assert!(!e.deterministic);
        assert_eq!((e.weight * 100.0).round() / 100.0, 0.38);
    }

    #[test]
    fn deterministic_rule_decides_alone_and_conflicts_are_flagged() {
        let book = RuleTable {
            rows: vec![
                row("win", 1.0, Kind::Deterministic),
                row("draw", 0.0, Kind::Deterministic),
                row("avg", 0.3, Kind::Averaged),
            ],
            index: [("win", 0), ("draw", 1), ("avg", 2)]
                .into_iter()
                .map(|(n, i)| (n.to_string(), i))
                .collect(),
        };
        let kpk = &crate::knowledge::books::kpk::BOOK;
        let set = |names: &[&str]| names.iter().map(|n| book.id(n).unwrap()).collect();
        let e = combine(kpk, set(&["draw", "avg"]), &book);
        assert_eq!((e.weight, e.deterministic, e.conflict), (0.0, true, false));
        let e = combine(kpk, set(&["win", "draw"]), &book);
        assert!(e.conflict);
        let e = combine(kpk, set(&[]), &book);
        assert_eq!(
            (e.weight, e.no_rule(), e.verdict()),
            (0.5, true, Verdict::Unknown)
        );
    }
}
