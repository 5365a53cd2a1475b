//! The books: one per ending, each found from the material, each complete
//! (its rows are its program's rules, its criteria are listed, its
//! sentences filled by the placeholders it or every book knows).

use pecp::board::enumerate::all_positions;
use pecp::board::facts::Node;
use pecp::knowledge::books::{self, ALL, kpk, mating};
use pecp::knowledge::weights::clause_heads;
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

fn covering(node: &Node) -> Vec<&'static str> {
    ALL.iter()
        .filter(|b| b.covers(node))
        .map(|b| b.name())
        .collect()
}

/// Every KPK position and every position one move later (a promotion to
/// any piece, a capture) is covered by exactly one book: the KPK book, or
/// the mating book once a queen or rook stands against the lone king.
#[test]
fn every_position_is_covered_by_exactly_one_book() {
    for k in all_positions().into_iter().filter(|k| k.canonical() == *k) {
        let pos = k.to_chess();
        assert_eq!(covering(&Node::from_kpk(k)), ["kpk"]);
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let node = Node::from_chess(&after);
            let want = match m.promotion() {
                Some(shakmaty::Role::Queen | shakmaty::Role::Rook) => "mating",
                _ => "kpk",
            };
            assert_eq!(covering(&node), [want], "{m:?} from {k:?}");
            assert_eq!(books::of(&node).name(), want);
        }
    }
}

/// Every KPPK position (a spread sample) is covered by the KPPK book, and
/// so is what a promotion leaves (a pawn and the new piece); a capture
/// leaves KPK, covered by the KPK book.
#[test]
fn two_pawns_are_covered_by_the_kppk_book() {
    use pecp::board::pawns::{PawnEnding, all_positions as pawn_positions};
    let all = pawn_positions(PawnEnding::Kppk);
    let mut seen = [0usize; 3];
    for p in all.iter().step_by(97) {
        let pos = p.chess();
        assert_eq!(covering(&Node::from_chess(pos)), ["kppk"]);
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let node = Node::from_chess(&after);
            let (want, i) = if m.is_capture() {
                ("kpk", 0)
            } else if m.is_promotion() {
                ("kppk", 1)
            } else {
                ("kppk", 2)
            };
            seen[i] += 1;
            assert_eq!(covering(&node), [want], "{m:?} from {pos:?}");
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// Every KPKP position (a spread sample) is covered by the KPKP book and
/// by no other; what a capture or a promotion leaves is covered by none
/// (the KPKP book weighs it, and a line stops there unless Black's pawn
/// was taken, which leaves KPK).
#[test]
fn a_pawn_each_is_covered_by_the_kpkp_book() {
    use pecp::board::pawns::{PawnEnding, all_positions as pawn_positions};
    let all = pawn_positions(PawnEnding::Kpkp);
    let mut seen = [0usize; 3];
    for p in all.iter().step_by(197) {
        let pos = p.chess();
        assert_eq!(covering(&Node::from_chess(pos)), ["kpkp"]);
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let node = Node::from_chess(&after);
            let (want, i): (&[&str], usize) = match (node.pawn, node.bpawn, m.is_promotion()) {
                (Some(_), None, false) => (&["kpk"], 0),
                (_, _, true) | (None, _, _) => (&[], 1),
                _ => (&["kpkp"], 2),
            };
            seen[i] += 1;
            assert_eq!(covering(&node), want, "{m:?} from {pos:?}");
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// Each book's rule table names exactly the rules its program fires
/// (every row has a clause, every clause a row), and lists criteria with
/// sentences; books are found by their names, which differ.
#[test]
fn every_book_is_complete() {
    let mut names: Vec<&str> = ALL.iter().map(|b| b.name()).collect();
    names.dedup();
    assert_eq!(names, ["kpk", "mating", "kppk", "kpkp"]);
    for book in ALL {
        assert!(std::ptr::eq(books::named(book.name()).unwrap(), book));
        let heads = clause_heads(book.spec().program);
        let table = book.builtin_rules();
        for row in &table.rows {
            assert!(row.clauses > 0, "{}: {} has no clause", book.name(), row.id);
            assert!(!row.sentence.is_empty(), "{}: {}", book.name(), row.id);
        }
        for id in heads.keys() {
            assert!(table.id(id).is_some(), "{}: {id} has no row", book.name());
        }
        assert!(!book.criteria().is_empty(), "{}", book.name());
        for c in book.criteria() {
            assert!(!c.sentence.is_empty(), "{}: {}", book.name(), c.id);
        }
    }
}

/// A position is decided by the book that covers it: a queen against the
/// king by the mating book (its criteria decide the tournament), a pawn
/// by the KPK book, and the evaluation says which book weighed it.
#[test]
fn decisions_take_the_book_from_the_material() {
    let chess = |fen: &str| -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    };
    let level1 = pecp::knowledge::evaluate::level1;
    let q = chess("8/8/8/3k4/8/8/8/Q3K3 w - - 0 1");
    let d = pecp::knowledge::select::decide(&q, &level1).unwrap();
    assert_eq!(d.book.name(), "mating");
    assert!(d.moves.iter().all(|c| c.eval.book.name() == "mating"));
    let p = chess("8/8/3k4/8/8/3PK3/8/8 w - - 0 1");
    let d = pecp::knowledge::select::decide(&p, &level1).unwrap();
    assert_eq!(d.book.name(), "kpk");
    assert!(std::ptr::eq(d.book, &kpk::BOOK));
    // After the pawn queens the KPK book still weighs the position (its
    // promotion rules), though the mating book covers it to move from.
    let pre = chess("8/3P4/8/8/8/2k5/8/4K3 w - - 0 1");
    let d = pecp::knowledge::select::decide(&pre, &level1).unwrap();
    let queened = d.moves.iter().find(|c| c.mv.is_promotion()).unwrap();
    assert_eq!(queened.eval.book.name(), "kpk");
    assert!(mating::BOOK.covers(&queened.node));
}
