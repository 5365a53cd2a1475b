use pecp::*;
use shakmaty::Color;
fn d(a: shakmaty::Square, b: shakmaty::Square) -> i32 {
    a.distance(b) as i32
}
fn main() {
    let o = oracle::Oracle::get();
    let all = enumerate::all_positions();
    let mut stats = std::collections::BTreeMap::new();
    for k in &all {
        let (pf, pr) = (k.wp.file() as i32, k.wp.rank() as i32 + 1);
        let btm = k.turn == Color::Black;
        let q = shakmaty::Square::from_coords(k.wp.file(), shakmaty::Rank::Eighth);
        let m = if pr == 2 { 5 } else { 8 - pr };
        let wk_front = k.wk.file() == k.wp.file() && k.wk.rank() > k.wp.rank();
        let inside = d(k.bk, q) <= m + i32::from(btm) + i32::from(wk_front);
        if !inside {
            continue;
        }
        // black king's time to attack the pawn vs white king's time to defend it
        let tb = d(k.bk, k.wp) - 1 - i32::from(btm); // black moves to be adjacent (after own tempo)
        let tw = d(k.wk, k.wp) - 1 - i32::from(!btm);
        let margin = tw - tb; // positive: black arrives first
        let key = (pf == 0 || pf == 7, margin.clamp(-3, 4), btm);
        let e = stats.entry(key).or_insert((0, 0));
        e.0 += 1;
        if o.white_wins(*k) {
            e.1 += 1;
        }
    }
    for (k, v) in stats {
        println!(
            "rook {} margin {} btm {}: n={} wins={}",
            k.0, k.1, k.2, v.0, v.1
        );
    }
}
