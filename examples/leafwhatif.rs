//! Temporary experiment: how many KPKP verdicts 4 plies prove if the leaves
//! outside KPKP (after a capture or a promotion) were all decided.
use pecp::apps::pawn_validate::book_of;
use pecp::board::facts::Node;
use pecp::board::pawns::PawnEnding;
use pecp::judges::tablebase::{Tablebases, Wdl};
use pecp::knowledge::calc::Calculator;
use pecp::knowledge::evaluate::level1;
use shakmaty::{Color, Position, Role};

fn main() {
    let mode = std::env::args().nth(1).unwrap_or("none".into());
    let every: usize = std::env::args().nth(2).map_or(149, |a| a.parse().unwrap());
    let tb = Tablebases::discover_with_four_pieces(None)
        .unwrap()
        .unwrap();
    let book = book_of(PawnEnding::Kpkp).unwrap();
    let seen = std::cell::RefCell::new(std::collections::BTreeSet::new());
    let eval = |b: &'static pecp::knowledge::book::Book, n: &Node| {
        let mut e = level1(b, n);
        if e.deterministic || mode == "none" {
            return e;
        }
        let Some(pos) = n.to_chess() else { return e };
        let board = pos.board();
        let pawns = board.pawns().count();
        let big = board.occupied().count() - 2 - pawns;
        let kpk = pawns == 1 && big == 0;
        let promoted = board.by_role(Role::Queen).any() || big > 0;
        let take = match mode.as_str() {
            "kpk" => kpk,
            "promoted" => promoted,
            "all" => kpk || promoted || pawns == 0,
            "qp" => pawns == 1 && big == 1,
            "wqw" => {
                pawns == 1
                    && big == 1
                    && pos.turn() == Color::White
                    && board.by_color(Color::White).count() == 2
                    && board.white().intersect(board.pawns()).is_empty()
            }
            "wqb" => {
                pawns == 1
                    && big == 1
                    && pos.turn() == Color::Black
                    && board.white().intersect(board.pawns()).is_empty()
            }
            "bqb" => {
                pawns == 1
                    && big == 1
                    && pos.turn() == Color::Black
                    && board.black().intersect(board.pawns()).is_empty()
            }
            "bqw" => {
                pawns == 1
                    && big == 1
                    && pos.turn() == Color::White
                    && board.black().intersect(board.pawns()).is_empty()
            }
            "wqbq" => {
                pawns == 1
                    && big == 1
                    && pos.turn() == Color::Black
                    && board.white().intersect(board.pawns()).is_empty()
                    && board.queens().any()
            }
            "wqbr" => {
                pawns == 1
                    && big == 1
                    && pos.turn() == Color::Black
                    && board.white().intersect(board.pawns()).is_empty()
                    && board.rooks().any()
            }
            "wqbqr" => {
                pawns == 1
                    && big == 1
                    && pos.turn() == Color::Black
                    && board.white().intersect(board.pawns()).is_empty()
                    && (board.rooks().any() || board.queens().any())
            }
            "qq" => pawns == 0 && big == 2,
            "qpw" => pawns == 1 && big == 1 && pos.turn() == Color::White,
            "qpb" => pawns == 1 && big == 1 && pos.turn() == Color::Black,
            _ => false,
        };
        if mode == "wqb" && take {
            seen.borrow_mut()
                .insert(pecp::board::position::fen_of(&pos));
        }
        if !take {
            return e;
        }
        let w = tb.wdl(&pos).unwrap();
        let white_wins = matches!(
            (w, pos.turn()),
            (Wdl::Win, Color::White) | (Wdl::Loss, Color::Black)
        );
        e.deterministic = true;
        e.weight = if white_wins { 0.99 } else { 0.01 };
        e
    };
    let mut calc = Calculator::new(&eval, book);
    let none = |_: &shakmaty::Chess| None;
    let (mut n, mut proved) = (0usize, 0usize);
    pecp::board::pawns::for_each_position(PawnEnding::Kpkp, shakmaty::Bitboard::FULL, |pos| {
        n += 1;
        if !n.is_multiple_of(every) {
            return;
        }
        if calc.prove(&pos, 4, &none).is_some() {
            proved += 1;
        }
    });
    let tried = n / every;
    if mode == "wqb" {
        use std::io::Write;
        let mut f = std::fs::File::create("/tmp/wqb.txt").unwrap();
        for fen in seen.borrow().iter() {
            let pos: shakmaty::Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(shakmaty::CastlingMode::Standard)
                .unwrap();
            let w = tb.wdl(&pos).unwrap();
            writeln!(f, "{fen} ; {w:?}").unwrap();
        }
    }
    println!(
        "{mode}: proved {proved} of {tried} ({:.2}%)",
        100.0 * proved as f64 / tried as f64
    );
}
