use pecp::*;
use shakmaty::Color;
type R = Box<dyn Fn(i32, i32, i32, i32, i32, i32, bool) -> bool>;
fn d(a: (i32, i32), b: (i32, i32)) -> i32 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}
fn main() {
    let o = oracle::Oracle::get();
    let all = enumerate::all_positions();
    let rules: Vec<(&str, R)> = vec![
        (
            "btm bk dist 3 ahead, wk dist >= 5",
            Box::new(|pf, pr, bf, br, wf, wr, btm| {
                btm && d((bf, br), (pf, pr)) == 3 && br > pr && d((wf, wr), (pf, pr)) >= 5
            }),
        ),
        (
            "btm bk dist 3 ahead on file or adj, wk dist >= 5",
            Box::new(|pf, pr, bf, br, wf, wr, btm| {
                btm && d((bf, br), (pf, pr)) == 3
                    && br > pr
                    && (bf - pf).abs() <= 1
                    && d((wf, wr), (pf, pr)) >= 5
            }),
        ),
        (
            "btm tb<=1 ahead tw>=tb+2",
            Box::new(|pf, pr, bf, br, wf, wr, btm| {
                let tb = d((bf, br), (pf, pr)) - 1;
                let tw = d((wf, wr), (pf, pr)) - 1;
                btm && br > pr && tb <= 1 && tw >= tb + 2
            }),
        ),
        (
            "wtm tb==0 ahead tw>=2",
            Box::new(|pf, pr, bf, br, wf, wr, btm| {
                let tb = d((bf, br), (pf, pr)) - 1;
                let tw = d((wf, wr), (pf, pr)) - 1;
                !btm && br > pr && tb == 0 && tw >= 2
            }),
        ),
    ];
    for (name, r) in &rules {
        for rook in [false, true] {
            let (mut n, mut w) = (0, 0);
            for k in &all {
                let (pf, pr) = (k.wp.file() as i32, k.wp.rank() as i32 + 1);
                if (pf == 0 || pf == 7) != rook {
                    continue;
                }
                let (bf, br) = (k.bk.file() as i32, k.bk.rank() as i32 + 1);
                let (wf, wr) = (k.wk.file() as i32, k.wk.rank() as i32 + 1);
                if r(pf, pr, bf, br, wf, wr, k.turn == Color::Black) {
                    n += 1;
                    if o.white_wins(*k) {
                        w += 1;
                    }
                }
            }
            println!(
                "{name} rook={rook}: n={n} wins={w} ({:.3})",
                w as f64 / n.max(1) as f64
            );
        }
    }
}
