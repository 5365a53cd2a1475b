//! Mating with a queen or a rook: what follows a safe promotion. The
//! Datalog programs of `rules/mating.rs` (level 1 weighs one position,
//! level 2 compares the best three), their rule book and criteria in
//! `rules/mating.toml`.

use std::sync::OnceLock;

use rustc_hash::FxBuildHasher;

use crate::board::absolute::Absolute;
use crate::board::facts::Node;
use crate::board::geometry::{Side, Sq};
use crate::knowledge::evaluate::{Evaluation, Knowledge, combine};
use crate::knowledge::rules::mating::{Tag, level1, level2};
use crate::knowledge::select::Criterion;
use crate::knowledge::weights::{RuleBook, RuleSet};

/// The mating rules' weights and criteria as compiled in.
pub const MATING_TOML: &str = include_str!("../../rules/mating.toml");

/// The mating programs' source, to count each rule's clauses.
pub const MATING_RULES: &str = include_str!("../../rules/mating.rs");

/// The mating rule book.
pub fn book() -> &'static RuleBook {
    static BOOK: OnceLock<RuleBook> = OnceLock::new();
    BOOK.get_or_init(|| {
        RuleBook::parse_program(MATING_TOML, MATING_RULES)
            .expect("rules/mating.toml is checked by the tests")
    })
}

/// The mating level-2 criteria in the order they are tried.
pub fn criteria() -> &'static [Criterion] {
    static C: OnceLock<Vec<Criterion>> = OnceLock::new();
    C.get_or_init(|| crate::knowledge::select::parse_criteria(MATING_TOML))
}

/// Whether the mating rules judge `node`: a queen or a rook against the
/// lone king (or the position just after the lone king took it).
pub fn judges(node: &Node) -> bool {
    node.pawn.is_none() && node.piece.is_some_and(|(_, r)| r.is_major())
}

/// Runs the level-1 mating program on a position.
pub fn fires(node: &Node) -> Vec<&'static str> {
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

/// The level-1 evaluation of a mating position.
pub fn evaluate(node: &Node) -> Evaluation {
    let b = book();
    let fired: RuleSet = fires(node).into_iter().filter_map(|n| b.id(n)).collect();
    Evaluation {
        knowledge: Knowledge::Mating,
        ..combine(fired, b)
    }
}

/// What the level-2 mating program prefers among the finalists of a move
/// from `before`: for each pairing (indices into `finalists`), the first criterion that prefers
/// one and not the other, its index in [`criteria`], and whether the first
/// wins.
pub fn compare(mover: Side, before: &Node, finalists: &[&Node]) -> Vec<(usize, usize, usize)> {
    const TAGS: [Tag; 3] = [Tag::I1, Tag::I2, Tag::I3];
    let mut rt = level2::Crepe::new();
    rt.extend([level2::Mover(mover)]);
    if let Some((p, r)) = before.piece {
        rt.extend([level2::Before(before.wk, before.bk, p, r)]);
    }
    for (&tag, n) in TAGS.iter().zip(finalists) {
        rt.extend([level2::Finalist(tag, n.wk, n.bk)]);
        if let Some((s, r)) = n.piece {
            rt.extend([level2::FinalistPiece(tag, s, r)]);
        }
        rt.extend([level2::Outcome(tag, Absolute::of(n))]);
    }
    let (prefs,) = rt.run_with_hasher::<FxBuildHasher>();
    let index = |t: Tag| TAGS.iter().position(|&x| x == t).expect("tag");
    let named = |id: &str| criteria().iter().position(|c| c.id == id);
    let mut out: Vec<(usize, usize, usize)> = prefs
        .into_iter()
        .filter_map(|level2::Prefer(id, x, y)| named(id).map(|c| (c, index(x), index(y))))
        .collect();
    out.sort_unstable();
    out
}

/// The squares of the defender's box (for pictures and explanations).
pub fn box_squares(node: &Node) -> Vec<Sq> {
    match node.piece {
        Some((p, r)) => crate::knowledge::rules::mating::box_of(node.wk, node.bk, p, r)
            .into_iter()
            .map(Sq::from_square)
            .collect(),
        None => Vec::new(),
    }
}
