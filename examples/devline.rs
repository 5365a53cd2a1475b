use pecp::*;
use shakmaty::Position;
fn main() {
    let fen = std::env::args()
        .nth(1)
        .unwrap_or("8/8/3k4/8/8/3PK3/8/8 w - - 0 1".into());
    let black = std::env::args().nth(2).map(|s| s == "tb").unwrap_or(false);
    let input = Input::parse(&fen).unwrap();
    let tb = Tablebases::open(std::path::Path::new("tablebases")).unwrap();
    let truth = truth::Truth::new(Some(tb));
    let mut cfg = line::Config::default();
    if black {
        cfg.black = line::Player::Tablebase;
    }
    let l = line::generate(&input.kpk.to_chess(), &cfg, &truth).unwrap();
    for p in &l.plies {
        let (san, _) = position::user_move_names(&p.before, p.mv, Orientation::AsGiven);
        let keeps = truth::keeps_value(&truth, &p.before, p.mv).unwrap();
        let crit: Vec<_> = p
            .decision
            .as_ref()
            .map(|d| {
                d.tournament
                    .iter()
                    .map(|t| t.criterion.unwrap_or("fallback"))
                    .collect()
            })
            .unwrap_or_default();
        println!(
            "{:3} {:8} w={:.2} keeps={} {:?} {}",
            p.before.fullmoves(),
            san,
            p.eval.weight,
            keeps,
            crit,
            Kpk::from_chess(&p.after)
                .map(|k| k.paper_row(0))
                .unwrap_or_default()
        );
    }
    println!("{:?}", l.termination);
}
