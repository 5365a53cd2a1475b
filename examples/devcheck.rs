use pecp::*;
fn main() {
    let t = std::time::Instant::now();
    let o = oracle::Oracle::get();
    eprintln!("oracle {:?}", t.elapsed());
    let tb = Tablebases::open(std::path::Path::new("tablebases")).unwrap();
    let all = enumerate::all_positions();
    let book = weights::RuleBook::builtin();
    let mut fired = vec![0usize; book.rows.len()];
    let mut agree = vec![0usize; book.rows.len()];
    let mut mism = 0;
    let mut wins = 0;
    let mut conflicts = 0;
    let mut conf = [[0usize; 3]; 2];
    let mut examples: Vec<Vec<String>> = vec![vec![]; book.rows.len()];
    for k in &all {
        let c = k.to_chess();
        let v = tb.value(&c).unwrap();
        let ow = o.white_wins(*k);
        if ow != v.pawn_side_wins {
            mism += 1;
        }
        if ow {
            wins += 1;
        }
        let e = evaluate::evaluate(&facts::Node::from_kpk(*k));
        if e.conflict {
            conflicts += 1;
        }
        let vi = match e.verdict() {
            evaluate::Verdict::Win => 0,
            evaluate::Verdict::Draw => 1,
            _ => 2,
        };
        conf[if ow { 0 } else { 1 }][vi] += 1;
        for &r in &e.fired {
            fired[r as usize] += 1;
            let w = book.rows[r as usize].weight;
            if (w > 0.5) == ow {
                agree[r as usize] += 1;
            } else if examples[r as usize].len() < 3 {
                examples[r as usize].push(position::fen_of(&c));
            }
        }
    }
    println!(
        "positions {} oracle-vs-syzygy mismatches {} wins {} conflicts {}",
        all.len(),
        mism,
        wins,
        conflicts
    );
    println!(
        "confusion win->[win,draw,unk] {:?} draw-> {:?}",
        conf[0], conf[1]
    );
    for (i, r) in book.rows.iter().enumerate() {
        println!(
            "{:32} {:?} fired {:7} agree {:7} ({:.3}) {:?}",
            r.id,
            r.kind,
            fired[i],
            agree[i],
            agree[i] as f64 / fired[i].max(1) as f64,
            examples[i]
        );
    }
}
