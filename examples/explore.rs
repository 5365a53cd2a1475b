use pecp::*;
use shakmaty::Color;
type R = Box<dyn Fn(i32, i32, i32, i32, i32, i32, bool) -> bool>;
fn d(a: (i32, i32), b: (i32, i32)) -> i32 { (a.0 - b.0).abs().max((a.1 - b.1).abs()) }
fn main() {
    let o = oracle::Oracle::get();
    let all = enumerate::all_positions();
    let safe = |pf: i32, pr: i32, bf: i32, br: i32, wf: i32, wr: i32, btm: bool| !(btm && d((bf,br),(pf,pr)) == 1 && d((wf,wr),(pf,pr)) > 1);
    let rules: Vec<(&str, R)> = vec![
        ("bk behind pawn (br < pr), pawn safe", Box::new(move |pf, pr, bf, br, wf, wr, btm| br < pr && safe(pf,pr,bf,br,wf,wr,btm))),
        ("bk behind pawn (br < pr), pawn safe, wk not in front span", Box::new(move |pf, pr, bf, br, wf, wr, btm| br < pr && safe(pf,pr,bf,br,wf,wr,btm) && !(wf == pf && wr > pr))),
        ("bk level (br == pr) not adjacent pawn, pawn safe", Box::new(move |pf, pr, bf, br, wf, wr, btm| br == pr && d((bf,br),(pf,pr)) >= 2 && safe(pf,pr,bf,br,wf,wr,btm))),
        ("bk behind pawn, wk guards pawn", Box::new(move |pf, pr, bf, br, wf, wr, _btm| br < pr && d((wf,wr),(pf,pr)) == 1)),
        ("bk level/behind, wk guards pawn", Box::new(move |pf, pr, bf, br, wf, wr, _btm| br <= pr && d((wf,wr),(pf,pr)) == 1)),
        ("wk guards pawn, wk ahead (wr > pr)", Box::new(move |pf, pr, bf, br, wf, wr, _btm| wr > pr && d((wf,wr),(pf,pr)) == 1)),
    ];
    for (name, r) in &rules {
        for rook in [false, true] {
            let (mut n, mut w) = (0, 0);
            for k in &all {
                let (pf, pr) = (k.wp.file() as i32, k.wp.rank() as i32 + 1);
                if (pf == 0 || pf == 7) != rook { continue; }
                let (bf, br) = (k.bk.file() as i32, k.bk.rank() as i32 + 1);
                let (wf, wr) = (k.wk.file() as i32, k.wk.rank() as i32 + 1);
                if r(pf, pr, bf, br, wf, wr, k.turn == Color::Black) { n += 1; if o.white_wins(*k) { w += 1; } }
            }
            println!("{name} rook={rook}: n={n} wins={w} ({:.3})", w as f64 / n.max(1) as f64);
        }
    }
}
