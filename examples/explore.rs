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
            "wk ahead 1 within file, bk not ahead of wk, btm",
            Box::new(|pf, pr, bf, br, wf, wr, btm| {
                btm && wr == pr + 1 && (wf - pf).abs() <= 1 && br <= wr
            }),
        ),
        (
            "wk ahead 1 within file, bk rank <= pr",
            Box::new(|pf, pr, bf, br, wf, wr, _| wr == pr + 1 && (wf - pf).abs() <= 1 && br <= pr),
        ),
        (
            "wk ahead >=1 within file, bk rank <= pr and bk not adjacent pawn",
            Box::new(|pf, pr, bf, br, wf, wr, _| {
                wr > pr && (wf - pf).abs() <= 1 && br <= pr && d((bf, br), (pf, pr)) > 1
            }),
        ),
        (
            "wk closer to stop sq by 2+",
            Box::new(|pf, pr, bf, br, wf, wr, btm| {
                let s = (pf, pr + 1);
                d((wf, wr), s) + 2 <= d((bf, br), s) - i32::from(btm)
            }),
        ),
        (
            "wk adjacent to pawn, bk dist to pawn >= 3",
            Box::new(|pf, pr, bf, br, wf, wr, _| {
                d((wf, wr), (pf, pr)) == 1 && d((bf, br), (pf, pr)) >= 3
            }),
        ),
        (
            "wk adjacent to pawn, bk not ahead of pawn",
            Box::new(|pf, pr, bf, br, wf, wr, _| d((wf, wr), (pf, pr)) == 1 && br <= pr),
        ),
    ];
    for (name, r) in &rules {
        let (mut n, mut w) = (0, 0);
        for k in &all {
            let (pf, pr) = (k.wp.file() as i32, k.wp.rank() as i32 + 1);
            if pf == 0 || pf == 7 {
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
        println!("{name}: n={n} wins={w} ({:.3})", w as f64 / n.max(1) as f64);
    }
}
