use pecp::*;
use shakmaty::Color;
fn main() {
    let o = oracle::Oracle::get();
    let mut c = std::collections::BTreeMap::new();
    for k in enumerate::all_positions() {
        let e = evaluate::evaluate(&facts::Node::from_kpk(k));
        let rook = k.wp.file() == shakmaty::File::A || k.wp.file() == shakmaty::File::H;
        *c.entry((
            k.turn == Color::White,
            o.white_wins(k),
            rook,
            e.deterministic,
        ))
        .or_insert(0) += 1;
    }
    for (k, v) in c {
        println!("wtm {} win {} rook {} det {}: {}", k.0, k.1, k.2, k.3, v);
    }
}
