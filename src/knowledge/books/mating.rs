//! The mating book: a queen or a rook against the lone king, what follows
//! a safe promotion. Both programs are in `rules/mating.rs` (level 1 weighs
//! one position, level 2 compares the best three), their rule table and
//! criteria in `rules/mating.toml`.
//!
//! Its own placeholders: `{critical}`, the square next to the rook on the
//! lone king's side that the attacking king heads for; and the measures
//! its comparisons weigh, in words: `{box}` (the squares of the lone
//! king's box), `{apart}` (the kings' distance along files and ranks),
//! `{from_edge}` (the lone king's steps from the nearest edge), `{moves}`
//! (the lone king's moves).
#![allow(missing_docs)]

use rustc_hash::FxBuildHasher;

use crate::board::absolute::Absolute;
use crate::board::facts::Node;
use crate::board::geometry::Side;
use crate::knowledge::book::{Book, BookSpec, Finalist, Preference, Word};
use crate::knowledge::weights::{RuleSet, RuleTable};

#[path = "../../../rules/mating.rs"]
pub mod program;

use program::{Tag, level1, level2};

/// The book.
pub static BOOK: Book = Book::new(BookSpec {
    name: "mating",
    title: "a queen or a rook against the lone king",
    files: &["rules/mating.rs", "rules/mating.toml"],
    covers,
    fires,
    compare,
    words,
    sure_win: Some("{P} wins: a queen or rook against the bare king mates by force."),
    no_win_is_draw: true,
    finalists: 3,
    rules_toml: include_str!("../../../rules/mating.toml"),
    criteria_toml: include_str!("../../../rules/mating.toml"),
    program: include_str!("../../../rules/mating.rs"),
});

/// A queen or a rook against the lone king.
fn covers(node: &Node) -> bool {
    node.pawn.is_none() && node.piece.is_some_and(|(_, r)| r.is_major()) && !node.black_has_men()
}

/// Runs the level-1 mating program on a position.
fn fires(node: &Node, table: &RuleTable) -> RuleSet {
    fired_names(node)
        .into_iter()
        .filter_map(|n| table.id(n))
        .collect()
}

/// The level-1 mating program on a position: the ids of the scoring
/// rules that match, in no particular order.
pub fn fired_names(node: &Node) -> Vec<&'static str> {
    let mut rt = level1::Crepe::new();
    rt.extend([level1::WhiteKing(node.wk)]);
    rt.extend([level1::BlackKing(node.bk)]);
    if let Some((s, r)) = node.piece {
        rt.extend([level1::WhitePiece(s, r)]);
    }
    rt.extend([level1::ToMove(node.turn)]);
    rt.extend([level1::RulesOfChess(Absolute::of(node))]);
    let (fires,) = rt.run_with_hasher::<FxBuildHasher>();
    fires.into_iter().map(|level1::Fires(id)| id).collect()
}

/// What the level-2 mating program prefers among the finalists of a move
/// from `before`.
fn compare(mover: Side, before: &Node, finalists: &[Finalist]) -> Vec<Preference> {
    const TAGS: [Tag; 3] = [Tag::I1, Tag::I2, Tag::I3];
    let mut rt = level2::Crepe::new();
    rt.extend([level2::Mover(mover)]);
    if let Some((p, r)) = before.piece {
        rt.extend([level2::Before(before.wk, before.bk, p, r)]);
    }
    for (&tag, f) in TAGS.iter().zip(finalists) {
        let n = f.node;
        rt.extend([level2::Finalist(tag, n.wk, n.bk)]);
        if let Some((s, r)) = n.piece {
            rt.extend([level2::FinalistPiece(tag, s, r)]);
        }
        rt.extend([level2::Outcome(tag, Absolute::of(n))]);
    }
    let (prefs,) = rt.run_with_hasher::<FxBuildHasher>();
    let index = |t: Tag| TAGS.iter().position(|&x| x == t).expect("tag");
    BOOK.preferences(
        prefs
            .into_iter()
            .map(|level2::Prefer(id, x, y)| (id, index(x), index(y))),
    )
}

/// `{critical}` and the measures.
fn words(name: &str, node: &Node) -> Option<Word> {
    let (s, r) = node.piece?;
    let (w, b) = (node.wk, node.bk);
    let count = |n: i8, one: &str, many: &str| {
        let text = match n {
            0 => format!("no {one}"),
            1 => format!("1 {one}"),
            _ => format!("{n} {many}"),
        };
        Some(Word::Text(text))
    };
    match name {
        "critical" => Some(Word::Squares(vec![program::critical_square(b, s)])),
        "box" => count(program::box_area(w, b, s, r), "square", "squares"),
        "apart" => count(program::file_rank_distance(w, b), "step", "steps"),
        "moves" => count(program::defender_moves(w, b, s, r), "move", "moves"),
        "from_edge" => Some(Word::Text(match program::edge_distance(b) {
            0 => "on the edge".into(),
            1 => "1 step from the edge".into(),
            n => format!("{n} steps from the edge"),
        })),
        _ => None,
    }
}
