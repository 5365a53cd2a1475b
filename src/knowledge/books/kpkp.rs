//! The KPKP book: king and pawn against king and pawn. Both programs are
//! in `rules/kpkp.rs` (level 1 weighs one position, level 2 compares the
//! best three), their rule table and criteria in `rules/kpkp.toml`.
//!
//! The book answers "does White win?" from White's side; a decision asks
//! it of both sides by swapping the colours (the selection's
//! `playing_for_the_win`). What the KPK book proves of White's pawn alone
//! comes in as a fact, as in the KPPK book.
#![allow(missing_docs)]

use std::sync::OnceLock;

use rustc_hash::FxBuildHasher;

use crate::board::absolute::Absolute;
use crate::board::facts::Node;
use crate::board::geometry::{Promo, Side};
use crate::board::position::{Orientation, to_user};
use crate::knowledge::book::{Book, BookSpec, Finalist, Preference, Word};
use crate::knowledge::books::kppk::proved;
use crate::knowledge::weights::{Kind, RuleId, RuleSet, RuleTable};

#[path = "../../../rules/kpkp.rs"]
pub mod program;

use program::{Alone, Tag, level1, level2};

/// The book.
pub static BOOK: Book = Book::new(BookSpec {
    name: "kpkp",
    title: "king and pawn against king and pawn",
    files: &["rules/kpkp.rs", "rules/kpkp.toml"],
    covers,
    fires,
    compare,
    words,
    sure_win: None,
    no_win_is_draw: false,
    finalists: Tag::ALL.len(),
    rules_toml: include_str!("../../../rules/kpkp.toml"),
    criteria_toml: include_str!("../../../rules/kpkp.toml"),
    program: include_str!("../../../rules/kpkp.rs"),
});

/// A pawn each.
fn covers(node: &Node) -> bool {
    node.pawn.is_some() && node.pawn2.is_none() && node.bpawn.is_some()
}

/// What the KPK book proves of White's pawn alone in `node` (Black's pawn
/// off the board), with `side` to move.
fn alone(node: &Node, side: Side) -> Alone {
    let single = Node {
        bpawn: None,
        turn: side,
        ep: None,
        ..*node
    };
    proved(single.kpk())
}

fn fires(node: &Node, table: &RuleTable) -> RuleSet {
    fired_names(node)
        .filter_map(|name| table.id(name))
        .collect()
}

/// The level-1 program on one position: the ids of the scoring rules that
/// match, in no particular order.
pub fn fired_names(node: &Node) -> impl Iterator<Item = &'static str> {
    let rt = level1::load(node, &|side| alone(node, side), &|n| proved(n.kpk()));
    let (fires,) = rt.run_with_hasher::<FxBuildHasher>();
    fires.into_iter().map(|level1::Fires(id)| id)
}

/// The level-2 comparison: runs the program once on the finalists.
fn compare(mover: Side, before: &Node, finalists: &[Finalist]) -> Vec<Preference> {
    const TAGS: [Tag; 9] = Tag::ALL;
    let mut rt = level2::Crepe::new();
    rt.extend([level2::Mover(mover)]);
    // The other side's question, where the side playing for the win
    // (White here) weighs a finalist proved not to win against others.
    let other_question =
        mover == Side::White && finalists.iter().any(|f| f.proved_for == Some(Side::Black));
    rt.extend(before.pawn.map(|p| level2::PawnBefore(Side::White, p)));
    rt.extend(before.bpawn.map(|p| level2::PawnBefore(Side::Black, p)));
    if program::two_goals(before, mover) {
        rt.extend([level2::TwoGoals()]);
    }
    for (&tag, f) in TAGS.iter().zip(finalists) {
        let n = f.node;
        rt.extend([level2::Finalist(tag, n.wk, n.bk)]);
        rt.extend(n.pawn.map(|p| level2::FinalistPawn(tag, Side::White, p)));
        rt.extend(n.bpawn.map(|p| level2::FinalistPawn(tag, Side::Black, p)));
        let outcome = Absolute::of(n);
        rt.extend([level2::Outcome(tag, outcome)]);
        if let Some((q, Promo::Queen)) = n.piece
            && !outcome.piece_hangs
            && !outcome.stalemate
        {
            rt.extend([level2::NewQueen(tag, Side::White, q)]);
        }
        if let Some((q, Promo::Queen)) = n.bpiece
            && !outcome.black_piece_hangs
            && !outcome.stalemate
        {
            rt.extend([level2::NewQueen(tag, Side::Black, q)]);
        }
        for side in [Side::White, Side::Black] {
            if wins_alone(f.fired, side) {
                rt.extend([level2::WinsAlone(tag, side)]);
            }
        }
        if let Some(side) = f.proved_for {
            rt.extend([level2::Decided(tag, side)]);
        }
        if other_question && f.proved_for.is_none() && lets_the_other_side_win(n) {
            rt.extend([level2::Loses(tag)]);
        }
    }
    let (prefs,) = rt.run_with_hasher::<FxBuildHasher>();
    let index = |t: Tag| TAGS.iter().position(|&x| x == t).expect("tag");
    BOOK.preferences(
        prefs
            .into_iter()
            .map(|level2::Prefer(id, x, y)| (id, index(x), index(y))),
    )
}

/// Whether the rules `fired` of a book are this book's and find that
/// `side`'s pawn alone wins (the KPK book's proof, the other pawn off).
fn wins_alone((book, fired): (&'static Book, RuleSet), side: Side) -> bool {
    static RULES: OnceLock<[Option<RuleId>; 2]> = OnceLock::new();
    let rules = RULES.get_or_init(|| {
        let table = BOOK.rules();
        [
            table.id("wins_without_the_black_pawn"),
            table.id("black_wins_without_the_white_pawn"),
        ]
    });
    let rule = rules[usize::from(side == Side::Black)];
    std::ptr::eq(book, &BOOK) && rule.is_some_and(|r| fired.contains(r))
}

/// Whether a deterministic rule of the book, asked on the board with the
/// colours swapped, proves that Black wins `node`.
fn lets_the_other_side_win(node: &Node) -> bool {
    let Some(pos) = node.to_chess() else {
        return false;
    };
    let turned = Node::from_chess(&to_user(&pos, Orientation::Flipped));
    let table = BOOK.rules();
    // Book order is priority order: the first deterministic rule decides.
    fires(&turned, table)
        .iter()
        .map(|r| table.row(r))
        .find(|row| row.kind == Kind::Deterministic)
        .is_some_and(|row| row.weight > 0.5) // the verdict threshold: a win
}

/// No placeholders of its own yet.
fn words(_name: &str, _node: &Node) -> Option<Word> {
    None
}
