//! Lists the positions whose verdict neither a rule nor N plies of
//! calculation proves, with the true result (the embedded exact solver),
//! one EPD line each: what a rule author reads to find the knowledge the
//! book still lacks.
//!
//! ```sh
//! cargo run --release --example unproved -- [PLIES] > unproved.epd
//! ```

use pecp::apps::validate::WeightCache;
use pecp::board::enumerate::all_positions;
use pecp::board::position::fen_of;
use pecp::judges::oracle::Oracle;
use pecp::knowledge::books;
use pecp::knowledge::calc::Calculator;

fn main() {
    let plies: u8 = std::env::args()
        .nth(1)
        .map_or(4, |a| a.parse().expect("PLIES is a number"));
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
        let fen = fen_of(&pos);
        let epd: Vec<&str> = fen.split(' ').take(4).collect();
        println!(
            "{} c0 \"{}\";",
            epd.join(" "),
            if win { "win" } else { "draw" }
        );
    }
    eprintln!(
        "unproved within {plies} plies: {} draws, {} wins",
        count[0], count[1]
    );
}
