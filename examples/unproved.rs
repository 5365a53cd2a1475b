//! Lists the positions whose verdict neither a rule nor N plies of
//! calculation proves, with the true result (the embedded exact solver),
//! one EPD line each: what a rule author reads to find the knowledge the
//! book still lacks.
//!
//! ```sh
//! cargo run --release --example unproved -- [PLIES] > unproved.epd
//! cargo run --release --example unproved -- 4 kppk [EVERY] > unproved.epd
//! cargo run --release --example unproved -- 4 mute > unrefuted.epd
//! ```
//!
//! With `mute`, it lists instead each KPK move that throws the value away
//! and that no reply refutes within PLIES plies of calculation (`bm` the
//! move), as `pecp validate` counts them.
//!
//! With an ending of four pieces (`kpkp`, `kppk`), every EVERY-th position
//! (default 1) is tried, with the 4-piece tables in `./tablebases` the
//! judge of White's result ("win", "draw", "loss").

use pecp::apps::pawn_validate::{book_of, white_result};
use pecp::apps::validate::WeightCache;
use pecp::board::enumerate::all_positions;
use pecp::board::pawns::PawnEnding;
use pecp::board::position::epd_of;
use pecp::judges::oracle::Oracle;
use pecp::judges::tablebase::Tablebases;
use pecp::knowledge::books;
use pecp::knowledge::calc::Calculator;
use pecp::knowledge::evaluate::level1;

fn main() {
    let plies: u8 = std::env::args()
        .nth(1)
        .map_or(4, |a| a.parse().expect("PLIES is a number"));
    if std::env::args().nth(2).as_deref() == Some("mute") {
        return mute(plies);
    }
    if let Some(ending) = std::env::args().nth(2) {
        let ending = PawnEnding::named(&ending).expect("kpkp or kppk");
        let every = std::env::args()
            .nth(3)
            .map_or(1, |a| a.parse().expect("EVERY is a number"));
        return pawn_ending(plies, ending, every);
    }
    let cache = WeightCache::build();
    let eval = cache.evaluator();
    let oracle = Oracle::get();
    let mut calc = Calculator::new(&eval, &books::kpk::BOOK);
    let none = |_: &shakmaty::Chess| None;
    let mut count = [0usize; 2];
    for k in all_positions() {
        let pos = k.to_chess();
        if calc.prove(&pos, plies, &none).is_some() {
            continue;
        }
        let win = oracle.white_wins(k);
        count[usize::from(win)] += 1;
        println!(
            "{} c0 \"{}\";",
            epd_of(&pos),
            if win { "win" } else { "draw" }
        );
    }
    eprintln!(
        "unproved within {plies} plies: {} draws, {} wins",
        count[0], count[1]
    );
}

fn mute(plies: u8) {
    use shakmaty::Position;
    let cache = WeightCache::build();
    let eval = cache.evaluator();
    let oracle = Oracle::get();
    let mut calc = Calculator::new(&eval, &books::kpk::BOOK);
    let none = |_: &shakmaty::Chess| None;
    let mut count = 0usize;
    for k in all_positions() {
        let pos = k.to_chess();
        let wins = oracle.white_wins(k);
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let Some(child) = pecp::board::position::Kpk::from_chess(&after) else {
                continue;
            };
            if oracle.white_wins(child) == wins || calc.refute(&after, plies, &none).is_some() {
                continue;
            }
            count += 1;
            let san = shakmaty::san::San::from_move(&pos, m);
            println!("{} bm {san};", epd_of(&pos));
        }
    }
    eprintln!("unrefuted within {plies} plies: {count} moves");
}

fn pawn_ending(plies: u8, ending: PawnEnding, every: usize) {
    let tb = Tablebases::discover_with_four_pieces(None)
        .expect("readable tables")
        .expect("the 4-piece tables in ./tablebases");
    let book = book_of(ending).expect("a book");
    let mut calc = Calculator::new(&level1, book);
    let none = |_: &shakmaty::Chess| None;
    let mut count = [0usize; 3];
    let mut n = 0usize;
    pecp::board::pawns::for_each_position(ending, shakmaty::Bitboard::FULL, |pos| {
        n += 1;
        if !n.is_multiple_of(every) || calc.prove(&pos, plies, &none).is_some() {
            return;
        }
        let result = white_result(&tb, &pos).expect("a probe");
        count[result] += 1;
        let word = ["win", "draw", "loss"][result];
        println!("{} c0 \"{word}\";", epd_of(&pos));
    });
    eprintln!(
        "unproved within {plies} plies: {} White wins, {} draws, {} Black wins",
        count[0], count[1], count[2]
    );
}
