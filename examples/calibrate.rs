//! Development aid: for each averaged rule, the share of won positions among
//! the undecided positions (no deterministic rule) where it fires.
use pecp::board::{enumerate, facts};
use pecp::judges::oracle;
use pecp::knowledge::books::kpk;
use pecp::knowledge::{evaluate, weights};
fn main() {
    let o = oracle::Oracle::get();
    let book = kpk::BOOK.builtin_rules();
    let mut fired = vec![0usize; book.rows.len()];
    let mut wins = vec![0usize; book.rows.len()];
    for k in enumerate::all_positions() {
        let e = evaluate::evaluate(&facts::Node::from_kpk(k));
        if e.deterministic {
            continue;
        }
        let w = o.white_wins(k);
        for r in e.fired.iter() {
            fired[r.index()] += 1;
            if w {
                wins[r.index()] += 1;
            }
        }
    }
    for (i, r) in book.rows.iter().enumerate() {
        if r.kind == weights::Kind::Averaged {
            println!(
                "{:32} w {:.2} fired {:7} win share {:.3}",
                r.id,
                r.weight,
                fired[i],
                wins[i] as f64 / fired[i].max(1) as f64
            );
        }
    }
}
