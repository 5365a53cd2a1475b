//! A rule author's what-if for the books of four pieces: how many of the
//! positions listed in EPD (say, those `unproved` lists) N plies of
//! calculation would prove if every position of one class were decided
//! by a rule, with the tables standing in for that rule. It measures how
//! far a candidate idea reaches through calculation before it is written.
//!
//! ```sh
//! cargo run --release --example reach -- 4 kpkp unproved.epd CLASS
//! ```
//!
//! CLASS: `qq` (queen against queen), `qq-white` (the same, the side
//! playing for the win to move), `qp` (a queen against the other pawn),
//! `kpk` (one pawn left), `none` (the rules as they are).

use std::io::BufRead;

use pecp::apps::pawn_validate::book_of;
use pecp::board::facts::Node;
use pecp::board::geometry::{Promo, Side};
use pecp::board::pawns::PawnEnding;
use pecp::judges::tablebase::{Tablebases, Wdl};
use pecp::knowledge::book::Book;
use pecp::knowledge::calc::Calculator;
use pecp::knowledge::evaluate::{Evaluation, level1};
use pecp::knowledge::weights::RuleSet;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args[1] == "undecided" {
        return undecided();
    }
    if args[1] == "cand2" {
        return cand2(args.get(2).map_or("", String::as_str));
    }
    if args[1] == "stats" {
        return stats(&args[2]);
    }
    if args[1] == "candidate" {
        return candidate();
    }
    let plies: u8 = args[1].parse().expect("PLIES");
    let ending = PawnEnding::named(&args[2]).expect("kpkp or kppk");
    let file = std::fs::File::open(&args[3]).expect("an EPD file");
    let class = args[4].clone();
    let tb = Tablebases::discover_with_four_pieces(None)
        .expect("readable tables")
        .expect("the 4-piece tables in ./tablebases");
    let book = book_of(ending).expect("a book");
    let in_class = |n: &Node| class_of(&class, n);
    let root: std::cell::Cell<Option<Node>> = std::cell::Cell::new(None);
    let eval = |b: &'static Book, n: &Node| -> Evaluation {
        if in_class(n)
            && root.get() != Some(*n)
            && let Some(pos) = n.to_chess()
            && let Ok(w) = tb.wdl(&pos)
        {
            let white_wins = matches!(
                (w, n.turn),
                (Wdl::Win, Side::White) | (Wdl::Loss, Side::Black)
            );
            return Evaluation {
                weight: if white_wins { 0.99 } else { 0.01 },
                deterministic: true,
                fired: RuleSet::default(),
                conflict: false,
                book: b,
            };
        }
        level1(b, n)
    };
    let mut calc = Calculator::new(&eval, book);
    let none = |_: &Chess| None;
    let (mut all, mut proved) = (0usize, 0usize);
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("a line");
        let fen: String = line.split(' ').take(4).collect::<Vec<_>>().join(" ");
        let pos: Chess = Fen::from_ascii(fen.as_bytes())
            .expect("a FEN")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        all += 1;
        root.set(Some(Node::from_chess(&pos)));
        if calc.prove(&pos, plies, &none).is_some() {
            proved += 1;
        }
    }
    println!("{class}: {proved} of {all} proved within {plies} plies");
}

/// `reach undecided`: the positions of a queen against the other pawn
/// (White's queen, Black to move) no deterministic rule decides, counted
/// by the pawn's rank and file and the tables' result, with an example.
pub fn undecided() {
    use pecp::board::pawns::for_each_piece_against_pawn;
    use rayon::prelude::*;
    use shakmaty::{Bitboard, Color, Position, Role, Square};
    use std::collections::BTreeMap;
    let tb = Tablebases::discover_with_four_pieces(None)
        .expect("readable tables")
        .expect("the 4-piece tables in ./tablebases");
    let book = book_of(PawnEnding::Kpkp).expect("a book");
    type Hist = BTreeMap<(u32, char, bool), (usize, String)>;
    let parts: Vec<Hist> = Square::ALL
        .par_iter()
        .map(|&wk| {
            let mut h = Hist::new();
            for_each_piece_against_pawn(Bitboard::from(wk), Role::Queen, |pos| {
                if pos.turn() != Color::Black
                    || pos
                        .board()
                        .white()
                        .intersect(pos.board().queens())
                        .is_empty()
                {
                    return;
                }
                let e = level1(book, &Node::from_chess(&pos));
                if e.deterministic {
                    return;
                }
                let w = tb.wdl(&pos).expect("probe");
                let pawn = (pos.board().pawns()).first().expect("a pawn");
                let key = (pawn.rank() as u32 + 1, pawn.file().char(), w == Wdl::Loss);
                let entry = h.entry(key).or_insert((0, String::new()));
                entry.0 += 1;
                if entry.1.is_empty() {
                    entry.1 = pecp::board::position::fen_of(&pos);
                }
            });
            h
        })
        .collect();
    let mut all = Hist::new();
    for h in parts {
        for (k, (n, ex)) in h {
            let e = all.entry(k).or_insert((0, ex));
            e.0 += n;
        }
    }
    for ((rank, file, white_wins), (n, ex)) in all {
        println!("rank {rank} file {file} white wins {white_wins}: {n}  {ex}");
    }
}

/// `reach candidate`: a queen against a knight or centre pawn on its
/// seventh, Black to move: where the queen controls the queening square,
/// is safe, and nothing is stalemated, how often White wins.
pub fn candidate() {
    use pecp::board::pawns::for_each_piece_against_pawn;
    use rayon::prelude::*;
    use shakmaty::{Bitboard, Color, File, Position, Rank, Role, Square, attacks};
    let tb = Tablebases::discover_with_four_pieces(None)
        .expect("readable tables")
        .expect("the 4-piece tables in ./tablebases");
    let parts: Vec<(usize, usize, Vec<String>)> = Square::ALL
        .par_iter()
        .map(|&wk| {
            let (mut fire, mut wrong, mut ex) = (0, 0, Vec::new());
            for_each_piece_against_pawn(Bitboard::from(wk), Role::Queen, |pos| {
                let board = pos.board();
                let Some(qs) = (board.white() & board.queens()).first() else {
                    return;
                };
                if pos.turn() != Color::Black {
                    return;
                }
                let b = board.pawns().first().expect("a pawn");
                if b.rank() != Rank::Second
                    || ![File::B, File::D, File::E, File::G].contains(&b.file())
                {
                    return;
                }
                let bk = board.king_of(Color::Black).expect("king");
                let q = Square::from_coords(b.file(), Rank::First);
                let moves = pos.legal_moves();
                if moves.is_empty() || moves.iter().any(|m| m.to() == qs) {
                    return;
                }
                let watches = attacks::queen_attacks(qs, board.occupied()).contains(q);
                if !(qs == q || watches && bk.distance(q) >= 2) {
                    return;
                }
                let edge_beside = (b.file() == File::B && bk.file() == File::A)
                    || (b.file() == File::G && bk.file() == File::H);
                let corner = |k: Square, o: Square| {
                    (k.file() == File::A || k.file() == File::H)
                        && (k.rank() == Rank::First || k.rank() == Rank::Eighth)
                        && k.distance(o) == 2
                };
                let v = std::env::var("V").unwrap_or_default();
                if v.contains('e') && edge_beside {
                    return;
                }
                if v.contains('c') && (corner(bk, wk) || corner(wk, bk)) {
                    return;
                }
                if v.contains('r') && wk.rank() == Rank::Second {
                    return;
                }
                if v.contains('k') && wk.distance(qs) == 1 {
                    return;
                }
                fire += 1;
                let w = tb.wdl(&pos).expect("probe");
                if w != Wdl::Loss {
                    wrong += 1;
                    if ex.len() < 3 {
                        ex.push(format!("{} ; {w:?}", pecp::board::position::fen_of(&pos)));
                    }
                }
            });
            (fire, wrong, ex)
        })
        .collect();
    let fire: usize = parts.iter().map(|p| p.0).sum();
    let wrong: usize = parts.iter().map(|p| p.1).sum();
    println!("fires {fire}, wrong {wrong}");
    for p in parts {
        for e in p.2 {
            println!("  {e}");
        }
    }
}

/// Whether `n` is of the class named `class`.
fn class_of(class: &str, n: &Node) -> bool {
    let queen = |p: Option<(_, Promo)>| p.is_some_and(|(_, r)| r == Promo::Queen);
    match class {
        "qq" => queen(n.piece) && queen(n.bpiece),
        "qq-white" => queen(n.piece) && queen(n.bpiece) && n.turn == Side::White,
        "qp" => queen(n.piece) && n.bpawn.is_some() && n.pawn.is_none(),
        "qp-white" => queen(n.piece) && n.bpawn.is_some() && n.turn == Side::White,
        "qp-black" => queen(n.piece) && n.bpawn.is_some() && n.turn == Side::Black,
        "qp-seventh" => queen(n.piece) && n.bpawn.is_some_and(|b| b.1 == 2),
        "qp-sixth" => queen(n.piece) && n.bpawn.is_some_and(|b| b.1 == 3),
        "qp-low" => queen(n.piece) && n.bpawn.is_some_and(|b| b.1 > 3),
        "pq" => queen(n.bpiece) && n.pawn.is_some(),
        "qp-queens" => {
            queen(n.piece)
                && n.turn == Side::Black
                && n.bpawn.is_some_and(|b| {
                    let q = pecp::board::geometry::Sq(b.0, 1);
                    b.1 == 2 && n.wk != q && n.piece.is_none_or(|(s, _)| s != q)
                })
        }
        "kpk" => n.kpk().is_some(),
        c if c.starts_with("pp") => match (n.pawn, n.bpawn, n.piece, n.bpiece) {
            (Some(w), Some(b), None, None) => {
                let files = (w.0 - b.0).abs();
                match c {
                    "pp" => true,
                    "pp-same" => files == 0,
                    "pp-adj" => files == 1,
                    "pp-apart" => files > 1,
                    "pp-white" => n.turn == Side::White,
                    "pp-black" => n.turn == Side::Black,
                    "pp-race" => {
                        use pecp::knowledge::books::kpkp::program::{in_square, on_path};
                        let wf = n.turn == Side::White;
                        !in_square(n.bk, w, true, wf)
                            && !in_square(n.wk, b, false, !wf)
                            && !on_path(w, true, n.wk)
                            && !on_path(b, false, n.bk)
                    }
                    "pp-wrun" => {
                        use pecp::knowledge::books::kpkp::program::in_square;
                        let wf = n.turn == Side::White;
                        !in_square(n.bk, w, true, wf) && in_square(n.wk, b, false, !wf)
                    }
                    "pp-brun" => {
                        use pecp::knowledge::books::kpkp::program::in_square;
                        let wf = n.turn == Side::White;
                        in_square(n.bk, w, true, wf) && !in_square(n.wk, b, false, !wf)
                    }
                    "pp-norun" => {
                        use pecp::knowledge::books::kpkp::program::in_square;
                        let wf = n.turn == Side::White;
                        in_square(n.bk, w, true, wf) && in_square(n.wk, b, false, !wf)
                    }
                    _ => false,
                }
            }
            _ => false,
        },
        _ => false,
    }
}

/// `reach stats CLASS`: over every position of KPKP in the class, how
/// many a deterministic rule decides, and the tables' results of the
/// others.
pub fn stats(class: &str) {
    use rayon::prelude::*;
    use shakmaty::{Bitboard, Square};
    let tb = Tablebases::discover_with_four_pieces(None)
        .expect("readable tables")
        .expect("the 4-piece tables in ./tablebases");
    let book = book_of(PawnEnding::Kpkp).expect("a book");
    let parts: Vec<[usize; 5]> = Square::ALL
        .par_iter()
        .map(|&wk| {
            let mut c = [0usize; 5];
            pecp::board::pawns::for_each_position(PawnEnding::Kpkp, Bitboard::from(wk), |pos| {
                let n = Node::from_chess(&pos);
                if !class_of(class, &n) {
                    return;
                }
                c[0] += 1;
                if level1(book, &n).deterministic {
                    c[1] += 1;
                    return;
                }
                c[2 + pecp::apps::pawn_validate::white_result(&tb, &pos).expect("probe")] += 1;
            });
            c
        })
        .collect();
    let mut t = [0usize; 5];
    for p in parts {
        for i in 0..5 {
            t[i] += p[i];
        }
    }
    println!(
        "{class}: {} positions, {} decided; undecided: {} White wins, {} draws, {} Black wins",
        t[0], t[1], t[2], t[3], t[4]
    );
}

/// `reach cand2 VARIANT`: a relaxed catch, swept over every KPKP position:
/// where it fires, where the tables disagree, and how many of its
/// positions no deterministic rule decides yet.
pub fn cand2(variant: &str) {
    use pecp::board::geometry::{Sq, dist};
    use pecp::knowledge::books::kpkp::program::{
        in_square, on_path, pawns_meet, queening_square, runs,
    };
    use rayon::prelude::*;
    use shakmaty::{Bitboard, Position, Square};
    let tb = Tablebases::discover_with_four_pieces(None)
        .expect("readable tables")
        .expect("the 4-piece tables in ./tablebases");
    let book = book_of(PawnEnding::Kpkp).expect("a book");
    let fires = |n: &Node| -> bool {
        let (Some(w), Some(b)) = (n.pawn, n.bpawn) else {
            return false;
        };
        let (wk, bk, t) = (n.wk, n.bk, n.turn);
        let qb = queening_square(b, false);
        let margin: i8 = if variant.contains('1') { 1 } else { 2 };
        let dw = if variant.contains('w') {
            pecp::knowledge::books::kpkp::program::walk_to_queening_square(wk, b, false, bk, w)
        } else {
            dist(wk, qb)
        };
        let nb = pecp::knowledge::books::kpkp::program::queening_moves(b, false);
        !pawns_meet(w, b)
            && !on_path(w, true, b)
            && runs(w, true, wk, (bk, b), t)
            && (if variant.contains('w') {
                dw <= nb
            } else {
                in_square(wk, b, false, true)
            })
            && dw + margin <= dist(bk, qb)
            && dist(bk, w) > 1
            && (!variant.contains('f') || w.0.abs_diff(b.0) >= 2)
            && (!variant.contains('s') || {
                let qw = queening_square(w, true);
                let nw = pecp::knowledge::books::kpkp::program::queening_moves(w, true);
                dist(bk, qw) - dw + i8::from(variant.contains('m'))
                    > nw + i8::from(t == Side::Black)
            })
            && {
                let _ = Sq(1, 1);
                true
            }
    };
    let parts: Vec<(usize, usize, usize, Vec<String>)> = Square::ALL
        .par_iter()
        .map(|&wk| {
            let (mut f, mut wrong, mut new, mut ex) = (0, 0, 0, Vec::new());
            pecp::board::pawns::for_each_position(PawnEnding::Kpkp, Bitboard::from(wk), |pos| {
                let n = Node::from_chess(&pos);
                if pos.is_check() || !fires(&n) {
                    return;
                }
                f += 1;
                if variant.contains('q') && ex.len() < 1 {
                    use pecp::knowledge::books::kpkp::program::{cut_off, queening_moves};
                    let (w, b) = (n.pawn.unwrap(), n.bpawn.unwrap());
                    let id = book.rules().id("runs_and_catches").unwrap();
                    if level1(book, &n).fired.contains(id)
                        && !cut_off(n.bk, b, false, queening_moves(w, true))
                    {
                        ex.push(format!("fires: {}", pecp::board::position::fen_of(&pos)));
                    }
                }
                let r = pecp::apps::pawn_validate::white_result(&tb, &pos).expect("probe");
                if r != 0 {
                    wrong += 1;
                    if ex.len() < 2 {
                        ex.push(format!("{} ; {r}", pecp::board::position::fen_of(&pos)));
                    }
                } else if !level1(book, &n).deterministic {
                    new += 1;
                    if variant.contains('p') && ex.len() < 1 {
                        ex.push(format!("new: {}", pecp::board::position::fen_of(&pos)));
                    }
                }
            });
            (f, wrong, new, ex)
        })
        .collect();
    let (mut f, mut wrong, mut new) = (0, 0, 0);
    for p in &parts {
        f += p.0;
        wrong += p.1;
        new += p.2;
    }
    println!("{variant}: fires {f}, wrong {wrong}, newly decided {new}");
    for p in parts.iter().flat_map(|p| p.3.iter()).take(30) {
        println!("  {p}");
    }
}
