//! A rule author's what-if for the books of four pieces: how many of the
//! positions listed in EPD (say, those `unproved` lists) N plies of
//! calculation would prove if every position of one class (other than the
//! one being proved) were decided by a rule, with the tables standing in
//! for that rule. It measures how far a candidate idea reaches through
//! calculation before it is written.
//!
//! ```sh
//! cargo run --release --example reach -- 4 kpkp unproved.epd CLASS
//! cargo run --release --example reach -- stats CLASS
//! cargo run --release --example reach -- undecided
//! ```
//!
//! CLASS: `qq` (queen against queen), `qq-white` (the same, the side
//! playing for the win to move), `qp` (a queen against the other pawn;
//! `qp-white`, `qp-black` by the side to move, `qp-seventh`, `qp-sixth`,
//! `qp-low` by the pawn's rank, `qp-queens` with the pawn free to queen
//! at once), `pq` (the other side's queen against the pawn), `kpk` (one
//! pawn left), `pp` (a pawn each; `pp-same`, `pp-adj`, `pp-apart` by the
//! files between them, `pp-white`, `pp-black` by the side to move,
//! `pp-race` both pawns out of the other king's square, `pp-wrun` only
//! White's, `pp-brun` only Black's, `pp-norun` neither), `none` (the
//! rules as they are).
//!
//! `stats CLASS` counts, over every KPKP position of the class, how many
//! a deterministic rule decides and the tables' results of the others;
//! `undecided` counts the positions of a queen against the other pawn
//! (the queen's side to move second) no deterministic rule decides, by
//! the pawn's rank and file and the result.

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
    if args[1] == "stats" {
        return stats(&args[2]);
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
