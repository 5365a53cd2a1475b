//! A rule author's map of what is missing: for each KPK position that N
//! plies of calculation leave unproved, the positions within three plies of
//! it whose proof by a rule alone would let the calculation prove it (each
//! tried on its own, with its true result from the embedded solver). The
//! positions that close the most verdicts are where a concept is missing.
//!
//! ```sh
//! cargo run --release --example frontier -- 4 < unproved.epd
//! ```

use std::collections::{BTreeMap, HashMap};
use std::io::BufRead;

use pecp::apps::validate::WeightCache;
use pecp::board::facts::Node;
use pecp::board::position::{Kpk, fen_of};
use pecp::judges::oracle::Oracle;
use pecp::knowledge::books;
use pecp::knowledge::calc::Calculator;
use pecp::knowledge::evaluate::Evaluation;
use shakmaty::{Chess, Position};

fn within(pos: &Chess, plies: u8, seen: &mut HashMap<usize, Kpk>) {
    if plies == 0 {
        return;
    }
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        if let Some(k) = Kpk::from_chess(&next) {
            if seen.insert(k.index(), k).is_none() {
                within(&next, plies - 1, seen);
            }
        }
    }
}

fn main() {
    let plies: u8 = std::env::args()
        .nth(1)
        .map_or(4, |a| a.parse().expect("PLIES"));
    let cache = WeightCache::build();
    let base = cache.evaluator();
    let oracle = Oracle::get();
    let mut closes: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    let mut found: HashMap<usize, Kpk> = HashMap::new();
    let none = |_: &Chess| None;
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("readable");
        let fen: Vec<&str> = line.split_whitespace().take(4).collect();
        let setup: shakmaty::fen::Fen = format!("{} 0 1", fen.join(" ")).parse().expect("FEN");
        let root: Chess = setup
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("legal");
        let rk = Kpk::from_chess(&root).expect("KPK").index();
        found.insert(rk, Kpk::from_chess(&root).expect("KPK"));
        let mut seen = HashMap::new();
        within(&root, 3, &mut seen);
        for (q, qk) in seen {
            found.insert(q, qk);
            let eval = |book: &'static pecp::knowledge::book::Book, node: &Node| -> Evaluation {
                let e = base(book, node);
                match node.kpk() {
                    Some(k) if k.index() == q && !e.deterministic => Evaluation {
                        weight: if oracle.white_wins(k) { 0.99 } else { 0.01 },
                        deterministic: true,
                        ..e
                    },
                    _ => e,
                }
            };
            let mut calc = Calculator::new(&eval, &books::kpk::BOOK);
            if calc.prove(&root, plies, &none).is_some() {
                closes.entry(q).or_default().push(rk);
            }
        }
    }
    let mut by: Vec<(usize, Vec<usize>)> = closes.into_iter().collect();
    by.sort_by_key(|(q, r)| (std::cmp::Reverse(r.len()), *q));
    for (q, roots) in by {
        let k = found[&q];
        let win = oracle.white_wins(k);
        let roots: Vec<String> = roots.iter().map(|r| fen_of(&found[r].to_chess())).collect();
        println!(
            "{} {} closes {}: {}",
            fen_of(&k.to_chess()),
            if win { "win" } else { "draw" },
            roots.len(),
            roots.join(" | ")
        );
    }
}
