//! The KPPK book: king and two pawns against king. Both programs are in
//! `rules/kppk.rs` (level 1 weighs one position, level 2 compares the best
//! three), their rule table and criteria in `rules/kppk.toml`. What the
//! KPK book proves of one pawn alone comes in as a fact: the KPPK rules
//! build on the KPK book as a player builds on king and pawn against king.
//!
//! Its own placeholders: `{kept}` and `{spare}` (the pawn that wins alone
//! and the other), `{front}` and `{rear}` (the pawn further up and the
//! other).
#![allow(missing_docs)]

use rustc_hash::FxBuildHasher;

use crate::board::absolute::Absolute;
use crate::board::facts::Node;
use crate::board::geometry::{Side, Sq};
use crate::knowledge::book::{Book, BookSpec, Finalist, Preference, Word};
use crate::knowledge::books::kpk;
use crate::knowledge::weights::{RuleSet, RuleTable};

#[path = "../../../rules/kppk.rs"]
pub mod program;

use program::{Alone, Tag, level1, level2};

/// The book.
pub static BOOK: Book = Book::new(BookSpec {
    name: "kppk",
    title: "king and two pawns against king",
    files: &["rules/kppk.rs", "rules/kppk.toml"],
    covers,
    fires,
    compare,
    words,
    sure_win: None,
    no_win_is_draw: true,
    finalists: Tag::ALL.len(),
    rules_toml: include_str!("../../../rules/kppk.toml"),
    criteria_toml: include_str!("../../../rules/kppk.toml"),
    program: include_str!("../../../rules/kppk.rs"),
});

/// Two white pawns, or a pawn and the piece the other became.
fn covers(node: &Node) -> bool {
    node.pawn2.is_some() || (node.pawn.is_some() && node.piece.is_some())
}

/// What the KPK book proves of the pawn on `p` alone in `node` (the other
/// pawn off the board), with `side` to move.
fn alone(node: &Node, p: Sq, side: Side) -> Alone {
    let single = Node {
        pawn: Some(p),
        pawn2: None,
        piece: None,
        turn: side,
        ..*node
    };
    proved(single.kpk())
}

/// What the KPK book proves of a KPK position (none: not proved, or not a
/// legal KPK position).
pub fn proved(k: Option<crate::board::position::Kpk>) -> Alone {
    match k.and_then(kpk::proves) {
        Some(true) => Alone::Wins,
        Some(false) => Alone::Draws,
        None => Alone::Unproved,
    }
}

fn fires(node: &Node, table: &RuleTable) -> RuleSet {
    fired_names(node)
        .filter_map(|name| table.id(name))
        .collect()
}

/// The level-1 program on one position: the ids of the scoring rules that
/// match, in no particular order.
pub fn fired_names(node: &Node) -> impl Iterator<Item = &'static str> {
    let rt = level1::load(node, &|p, side| alone(node, p, side), &|n| proved(n.kpk()));
    let (fires,) = rt.run_with_hasher::<FxBuildHasher>();
    fires.into_iter().map(|level1::Fires(id)| id)
}

/// The level-2 comparison: runs the program once on the finalists.
fn compare(mover: Side, _before: &Node, finalists: &[Finalist]) -> Vec<Preference> {
    const TAGS: [Tag; 9] = Tag::ALL;
    let mut rt = level2::Crepe::new();
    rt.extend([level2::Mover(mover)]);
    for (&tag, f) in TAGS.iter().zip(finalists) {
        let n = f.node;
        rt.extend([level2::Finalist(tag, n.wk, n.bk)]);
        for p in n.pawn.into_iter().chain(n.pawn2) {
            rt.extend([level2::FinalistPawn(tag, p)]);
        }
        if let Some((s, r)) = n.piece {
            rt.extend([level2::FinalistPiece(tag, s, r)]);
        }
        rt.extend([level2::Outcome(tag, Absolute::of(n))]);
        if let Some(side) = f.proved_for {
            rt.extend([level2::Decided(tag, side)]);
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

/// The pawn that wins alone and the spare, as the `spare_pawn` rule finds
/// them (the front pawn first when both do).
fn kept_and_spare(node: &Node) -> Option<(Sq, Sq)> {
    let (a, b) = (node.pawn?, node.pawn2?);
    [(a, b), (b, a)].into_iter().find(|&(k, s)| {
        alone(node, k, node.turn) == Alone::Wins
            && program::spare_is_harmless(k, s, node.bk, node.wk)
    })
}

/// `{kept}`, `{spare}`, `{front}`, `{rear}`.
fn words(name: &str, node: &Node) -> Option<Word> {
    let one = |s: Sq| Some(Word::Squares(vec![s]));
    match name {
        "kept" => kept_and_spare(node).and_then(|(k, _)| one(k)),
        "spare" => kept_and_spare(node).and_then(|(_, s)| one(s)),
        "front" => node.pawn.and_then(one),
        "rear" => node.pawn2.and_then(one),
        _ => None,
    }
}
