//! The KPK book: king and pawn against king. Level 1 is
//! `rules/position.rs` with its rows in `rules/weights.toml`; level 2 is
//! `rules/compare.rs` with its criteria in `rules/compare.toml`.
//!
//! Its own placeholder: `{corner}`, a rook pawn's drawing corner (a8, b8,
//! c8, c7 or its mirror).
#![allow(missing_docs)]

use rustc_hash::FxBuildHasher;

use crate::board::facts::Node;
use crate::board::geometry::Side;
use crate::knowledge::book::{Book, BookSpec, Finalist, Preference, Word};
use crate::knowledge::weights::{RuleSet, RuleTable};

#[path = "../../../rules/position.rs"]
pub mod level1;

#[path = "../../../rules/compare.rs"]
pub mod level2;

/// The book.
pub static BOOK: Book = Book::new(BookSpec {
    name: "kpk",
    title: "king and pawn against king",
    files: &[
        "rules/position.rs",
        "rules/weights.toml",
        "rules/compare.rs",
        "rules/compare.toml",
    ],
    covers,
    fires,
    compare,
    words,
    sure_win: None,
    no_win_is_draw: true,
    finalists: 3,
    rules_toml: include_str!("../../../rules/weights.toml"),
    criteria_toml: include_str!("../../../rules/compare.toml"),
    program: include_str!("../../../rules/position.rs"),
});

/// One pawn on the board, or what is left after it queened as a minor
/// piece or was taken: of the endings with one white unit, everything but
/// a queen or rook against the lone king.
fn covers(node: &Node) -> bool {
    if node.black_has_men() {
        return false;
    }
    match (node.pawn, node.pawn2, node.piece) {
        (Some(_), None, None) => true,
        (None, None, piece) => piece.is_none_or(|(_, r)| !r.is_major()),
        _ => false,
    }
}

/// Runs the level-1 program on the position put on the canonical half of
/// the board first (pawn on files a-d), so that a position and its mirror
/// image always weigh the same.
fn fires(node: &Node, table: &RuleTable) -> RuleSet {
    fired_names(&node.canonical())
        .filter_map(|name| table.id(name))
        .collect()
}

/// The level-1 program on one position as given (not mirrored): the ids
/// of the scoring rules that match, in no particular order.
pub fn fired_names(node: &Node) -> impl Iterator<Item = &'static str> {
    let rt = level1::load(node);
    let (fires,) = rt.run_with_hasher::<FxBuildHasher>();
    fires.into_iter().map(|level1::Fires(id)| id)
}

/// The level-2 comparison: runs `rules/compare.rs` once on the finalists
/// (the level-1 best three, best first).
fn compare(mover: Side, _before: &Node, finalists: &[Finalist]) -> Vec<Preference> {
    use level2::Tag;
    const TAGS: [Tag; 3] = [Tag::I1, Tag::I2, Tag::I3];
    let mut rt = level2::Crepe::new();
    rt.extend([level2::Mover(mover)]);
    for (&tag, f) in TAGS.iter().zip(finalists) {
        let n = f.node;
        rt.extend([level2::WhiteKing(tag, n.wk)]);
        rt.extend([level2::BlackKing(tag, n.bk)]);
        if let Some(p) = n.pawn {
            rt.extend([level2::WhitePawn(tag, p)]);
        }
        if let Some((s, r)) = n.piece {
            rt.extend([level2::WhitePiece(tag, s, r)]);
        }
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

/// `{corner}`: a rook pawn's drawing corner; `{blockade}`: the squares
/// right in front of the pawn where the defender draws; `{oppose}`: the
/// squares where the defender, to move, takes the opposition that bars the
/// key squares; `{shoulder}`: the squares where it, to move, steps between
/// the white king and its pawn; `{front}`: the square three ranks ahead of
/// the pawn on its file, next to all three key squares; `{corresponding}`:
/// the squares where the defender, to move, steps onto a square
/// corresponding to the white king's.
fn words(name: &str, node: &Node) -> Option<Word> {
    match name {
        "corner" => node
            .pawn
            .filter(|p| p.on_rook_file())
            .map(|p| Word::Squares(level1::corner_squares(p).to_vec())),
        "blockade" => node
            .pawn
            .map(|p| Word::Squares(level1::blockade_squares(p))),
        "oppose" => node
            .pawn
            .map(|p| Word::Squares(level1::opposition_squares(node.wk, p, node.bk))),
        "shoulder" => node
            .pawn
            .map(|p| Word::Squares(level1::shoulder_squares(node.wk, p, node.bk))),
        "front" => node
            .pawn
            .map(|p| Word::Squares(vec![level1::front_of_key_squares(p)])),
        "corresponding" => node
            .pawn
            .map(|p| Word::Squares(level1::corresponding_squares(node.wk, p, node.bk))),
        _ => None,
    }
}

/// What the book's deterministic rules prove of a KPK position, with the
/// rule table in use: `Some(true)` a win, `Some(false)` a draw, `None`
/// when none fires. The first deterministic rule in priority order
/// decides, as in level 1. Remembered per position (the rules' own
/// verdict, worked out once; the other books ask it of the KPK positions
/// inside theirs).
pub fn proves(k: crate::board::position::Kpk) -> Option<bool> {
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicU8, Ordering};
    static MEMO: OnceLock<Vec<AtomicU8>> = OnceLock::new();
    let memo = MEMO.get_or_init(|| {
        (0..crate::board::position::TABLE_SIZE)
            .map(|_| AtomicU8::new(0))
            .collect()
    });
    let slot = &memo[k.index()];
    let code = match slot.load(Ordering::Relaxed) {
        0 => {
            let code = match proves_now(&Node::from_kpk(k)) {
                Some(true) => 1,
                Some(false) => 2,
                None => 3,
            };
            slot.store(code, Ordering::Relaxed);
            code
        }
        c => c,
    };
    [None, Some(true), Some(false), None][usize::from(code)]
}

fn proves_now(node: &Node) -> Option<bool> {
    let table = BOOK.rules();
    let fired = fires(node, table);
    let first = fired
        .iter()
        .map(|r| table.row(r))
        .find(|row| row.kind == crate::knowledge::weights::Kind::Deterministic)?;
    Some(first.weight > 0.5)
}
