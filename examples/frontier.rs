//! A rule author's map of what is missing: for each KPK position that N
//! plies of calculation leave unproved (EPD on stdin, as the `unproved`
//! example writes it), the positions within three plies of it whose proof
//! by a rule alone would let the calculation prove it, each tried on its
//! own with its true result from the embedded solver. The positions that
//! close the most verdicts come first: where a concept is missing.
//!
//! ```sh
//! cargo run --release --example unproved -- 4 > unproved.epd
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

/// Every KPK position within `plies` plies of `pos`, by its index.
fn within(pos: &Chess, plies: u8, seen: &mut HashMap<usize, Kpk>) {
    if plies == 0 {
        return;
    }
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        if let Some(k) = Kpk::from_chess(&next)
            && seen.insert(k.index(), k).is_none()
        {
            within(&next, plies - 1, seen);
        }
    }
}

fn read_position(line: &str) -> Chess {
    let fields: Vec<&str> = line.split_whitespace().take(4).collect();
    let setup: shakmaty::fen::Fen = format!("{} 0 1", fields.join(" ")).parse().expect("a FEN");
    setup
        .into_position(shakmaty::CastlingMode::Standard)
        .expect("a legal position")
}

fn main() {
    let plies: u8 = std::env::args()
        .nth(1)
        .map_or(4, |a| a.parse().expect("PLIES is a number"));
    let cache = WeightCache::build();
    let base = cache.evaluator();
    let oracle = Oracle::get();
    let none = |_: &Chess| None;
    let mut named: HashMap<usize, Kpk> = HashMap::new();
    let mut closes: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("readable stdin");
        if line.trim().is_empty() {
            continue;
        }
        let root = read_position(&line);
        let rk = Kpk::from_chess(&root).expect("a KPK position");
        named.insert(rk.index(), rk);
        let mut seen = HashMap::new();
        within(&root, 3, &mut seen);
        for (q, qk) in seen {
            named.insert(q, qk);
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
                closes.entry(q).or_default().push(rk.index());
            }
        }
    }
    let mut by: Vec<(usize, Vec<usize>)> = closes.into_iter().collect();
    by.sort_by_key(|(q, roots)| (std::cmp::Reverse(roots.len()), *q));
    for (q, roots) in by {
        let k = named[&q];
        let roots: Vec<String> = roots.iter().map(|r| fen_of(&named[r].to_chess())).collect();
        println!(
            "{} {} closes {}: {}",
            fen_of(&k.to_chess()),
            if oracle.white_wins(k) { "win" } else { "draw" },
            roots.len(),
            roots.join(" | ")
        );
    }
}
