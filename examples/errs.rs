use pecp::*;
fn main() {
    let o = oracle::Oracle::get();
    let book = weights::RuleBook::builtin();
    let mut sig = std::collections::HashMap::new();
    for k in enumerate::all_positions() {
        let e = evaluate::evaluate(&facts::Node::from_kpk(k));
        if e.deterministic {
            continue;
        }
        let w = o.white_wins(k);
        let v = e.verdict();
        let wrong = match v {
            evaluate::Verdict::Win => !w,
            evaluate::Verdict::Draw => w,
            _ => true,
        };
        if !wrong {
            continue;
        }
        let s: Vec<&str> = e
            .fired
            .iter()
            .map(|&r| book.rows[r as usize].id.as_str())
            .collect();
        let ent = sig
            .entry((w, s.join(",")))
            .or_insert((0, position::fen_of(&k.to_chess())));
        ent.0 += 1;
    }
    let mut v: Vec<_> = sig.into_iter().collect();
    v.sort_by_key(|x| std::cmp::Reverse(x.1.0));
    for ((w, s), (n, ex)) in v.iter().take(25) {
        println!("{n:6} truth_win={w} [{s}] e.g. {ex}");
    }
}
