//! A rule author's what-if: how many verdicts N plies of calculation would
//! leave unproved if the KPK positions listed in EPD were decided by a rule
//! (with the result their `c0` names), and, with `--without`, if the named
//! rules were taken out of the book. It measures how far a candidate
//! clause reaches through calculation before it is written, and whether
//! calculation makes a rule redundant (an empty EPD file leaves the
//! positions as the rules have them).
//!
//! ```sh
//! cargo run --release --example whatif -- 4 candidate.epd
//! cargo run --release --example whatif -- 4 /dev/null --without RULE,RULE
//! ```

use std::collections::HashMap;

use pecp::apps::validate::WeightCache;
use pecp::board::enumerate::all_positions;
use pecp::board::facts::Node;
use pecp::knowledge::books;
use pecp::knowledge::calc::Calculator;
use pecp::knowledge::evaluate::Evaluation;

fn main() {
    let mut args = std::env::args().skip(1);
    let plies: u8 = args.next().map_or(4, |a| a.parse().expect("PLIES"));
    let file = args.next().expect("an EPD file");
    let without: Vec<String> = match (args.next().as_deref(), args.next()) {
        (Some("--without"), Some(ids)) => ids.split(',').map(str::to_owned).collect(),
        (None, None) => Vec::new(),
        _ => panic!("after the EPD file only --without RULE,RULE"),
    };
    let table = books::kpk::BOOK.rules();
    let mut retired = pecp::knowledge::weights::RuleSet::default();
    for id in &without {
        retired.insert(table.id(id).unwrap_or_else(|| panic!("no rule {id}")));
    }
    let retired = retired.bits();
    let mut decided: HashMap<usize, bool> = HashMap::new();
    for line in std::fs::read_to_string(&file).expect("readable").lines() {
        if line.trim().is_empty() {
            continue;
        }
        let fen: Vec<&str> = line.split_whitespace().take(4).collect();
        let fen = format!("{} 0 1", fen.join(" "));
        let setup: shakmaty::fen::Fen = fen.parse().expect("a FEN");
        let pos: shakmaty::Chess = setup
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("legal");
        let node = Node::from_chess(&pos);
        let k = node.kpk().expect("a KPK position");
        decided.insert(k.index(), line.contains("\"win\""));
    }
    let cache = WeightCache::build();
    let base = cache.evaluator();
    let eval = |book: &'static pecp::knowledge::book::Book, node: &Node| -> Evaluation {
        let mut e = base(book, node);
        if retired != 0 && *book == books::kpk::BOOK && e.fired.bits() & retired != 0 {
            let kept = pecp::knowledge::weights::RuleSet::from_bits(e.fired.bits() & !retired);
            e = pecp::knowledge::evaluate::combine(book, kept, table);
        }
        match node.kpk().and_then(|k| decided.get(&k.index())) {
            Some(&win) if !e.deterministic => Evaluation {
                weight: if win { 0.99 } else { 0.01 },
                deterministic: true,
                ..e
            },
            _ => e,
        }
    };
    let mut calc = Calculator::new(&eval, &books::kpk::BOOK);
    let none = |_: &shakmaty::Chess| None;
    let mut unproved = 0usize;
    for k in all_positions() {
        if calc.prove(&k.to_chess(), plies, &none).is_none() {
            unproved += 1;
        }
    }
    println!(
        "{} decided, unproved within {plies} plies: {unproved}",
        decided.len()
    );
}
