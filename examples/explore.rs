use pecp::*;
use shakmaty::Color;
fn d(a: shakmaty::Square, b: shakmaty::Square) -> i32 {
    a.distance(b) as i32
}
fn main() {
    let o = oracle::Oracle::get();
    let all = enumerate::all_positions();
    // candidate: non-rook pawn, wk within one file, k ranks ahead (k>=2)
    let mut stats = std::collections::BTreeMap::new();
    for k in &all {
        let (pf, pr) = (k.wp.file() as i32, k.wp.rank() as i32);
        if pf == 0 || pf == 7 {
            continue;
        }
        let (wf, wr) = (k.wk.file() as i32, k.wk.rank() as i32);
        if (wf - pf).abs() > 1 || wr - pr < 2 {
            continue;
        }
        let btm = k.turn == Color::Black;
        // pawn defended now or black king can't reach it before white defends:
        let db = d(k.bk, k.wp) - if btm { 1 } else { 0 };
        let dw = d(k.wk, k.wp) - if btm { 0 } else { 1 };
        let cond = db > dw; // white king gets next to pawn before black king
        let cond2 = db >= dw;
        let key = (pr + 1, wr - pr, btm, cond, cond2);
        let e = stats.entry(key).or_insert((0, 0));
        e.0 += 1;
        if !o.white_wins(*k) {
            e.1 += 1;
        }
    }
    for (k, v) in stats {
        println!(
            "pawn rank {} ahead {} btm {} white-defends-first {} ge {}: n={} draws={}",
            k.0, k.1, k.2, k.3, k.4, v.0, v.1
        );
    }
}
