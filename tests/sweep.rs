//! Exhaustive sweeps over all 331,352 legal KPK positions against the truth.

mod common;

use pecp::apps::validate::{Options, SideFilter, run};
use pecp::board::enumerate::{EXPECTED, all_positions};
use pecp::judges::oracle::Oracle;
use pecp::judges::truth::Truth;
use shakmaty::Color;

/// The classification floor of the rules on the position alone, as `pecp
/// validate` measures it (0.9900: no clause of fitted king placements).
const FLOOR_CLASSIFICATION: f64 = 0.9899;

/// The floor of the verdict with its one-ply proof, the classification
/// `pecp validate --calc 1` reports (0.9971): never below 99.60%.
const FLOOR_VERDICT: f64 = 0.9968;

fn full() -> Options {
    Options {
        sample: None,
        side: SideFilter::Both,
        playout: false,
        counterexamples: true,
        selector: pecp::play::selectors::Selector::Pecp,
        calc: 4,
    }
}

#[test]
fn enumeration_matches_edwards_counts() {
    let all = all_positions();
    let o = Oracle::get();
    let wtm = all.iter().filter(|k| k.turn() == Color::White).count();
    let wins = all.iter().filter(|k| o.white_wins(**k)).count();
    assert_eq!((wtm, all.len() - wtm, wins, all.len() - wins), EXPECTED);
}

/// `pecp bench sweep`'s plain probe counts White's wins as Edwards did.
#[test]
fn the_plain_probe_counts_whites_wins() {
    let Some(tb) = common::tables("the_plain_probe_counts_whites_wins") else {
        return;
    };
    let (_, wins) = pecp::apps::bench::probe_sweep(&tb).unwrap();
    assert_eq!(wins, EXPECTED.2);
}

#[test]
fn embedded_oracle_agrees_with_syzygy_everywhere() {
    let Some(tb) = common::tables("embedded_oracle_agrees_with_syzygy_everywhere") else {
        return;
    };
    let o = Oracle::get();
    let mut disagree = Vec::new();
    for k in all_positions() {
        let s = tb.value(&k.to_chess()).unwrap().pawn_side_wins;
        if s != o.white_wins(k) {
            disagree.push(k.paper());
        }
    }
    assert!(
        disagree.is_empty(),
        "{} disagreements, e.g. {:?}",
        disagree.len(),
        &disagree[..disagree.len().min(5)]
    );
}

fn check(report: &pecp::apps::validate::Report) {
    assert_eq!(report.counts_match_edwards, Some(true));
    assert_eq!(
        report.deterministic.sound, report.deterministic.positions,
        "a deterministic rule is wrong"
    );
    assert_eq!(
        report.deterministic_conflicts, 0,
        "win and draw deterministic rules fired together"
    );
    // Move soundness is complete: PECP keeps the value of every
    // won White-to-move and every drawn Black-to-move position.
    let ms = &report.move_soundness;
    assert_eq!(
        ms.white_in_won.sound, ms.white_in_won.positions,
        "white throws a win away"
    );
    assert_eq!(
        ms.black_in_drawn.sound, ms.black_in_drawn.positions,
        "black lets a draw go"
    );
    // A capture always draws (kings alone cannot mate), and the defender
    // takes every free pawn it can.
    let free = &ms.black_takes_free_pawn;
    assert!(free.positions > 10_000, "few capture chances: {free:?}");
    assert_eq!(free.sound, free.positions, "black refuses a free pawn");
    assert!(
        report.classification_level1.accuracy >= FLOOR_CLASSIFICATION,
        "level-1 classification fell to {:.4}",
        report.classification_level1.accuracy
    );
    assert!(
        report.classification.accuracy >= FLOOR_VERDICT,
        "the verdict's classification fell to {:.4}",
        report.classification.accuracy
    );
    // Every proof is right: by a rule on the position, or one move ahead.
    let p = &report.proofs;
    assert_eq!(
        p.rule.sound, p.rule.positions,
        "a rule proves a wrong verdict"
    );
    assert_eq!(
        p.moves.sound, p.moves.positions,
        "the moves prove a wrong verdict"
    );
    // Proved without calculation (a rule, or one move ahead): a floor
    // that only rises as the rules learn.
    assert!(p.moves.positions > 0, "{p:?}");
    assert!(p.rule.positions + p.moves.positions >= 328_930, "{p:?}");
    // Calculation proves what the rules leave unproved, never wrongly, and
    // refutes the moves that throw the value away.
    assert_eq!(
        p.calculation.sound, p.calculation.positions,
        "calculation proves a wrong verdict"
    );
    if p.calc == 4 && report.positions == 331_352 {
        assert_eq!(p.unproved, 0, "unproved verdicts: {p:?}");
        assert_eq!(report.refutations.value_losing, 406_908);
        assert_eq!(report.refutations.mute, 0, "{:?}", report.refutations);
    }
}

fn assert_converts_every_won_position(truth: &Truth) {
    let opts = Options {
        playout: true,
        counterexamples: false,
        ..full()
    };
    let (r, _) = run(truth, &opts, &|| {}).unwrap();
    let c = r.conversion.expect("playout gives a conversion figure");
    assert_eq!(c.positions, 222_564);
    assert_eq!(
        c.converted,
        c.positions,
        "{}: not converted: {:?}",
        truth.name(),
        c.failures
    );
    assert!(c.mean_plies > 0.0 && c.mean_plies_optimal > 0.0);
    // Played on to mate, as `pecp line` plays: every won start is mated,
    // never a stalemate or a lost piece.
    let m = r.conversion_to_mate.expect("playout goes on to mate");
    assert_eq!(m.positions, 222_564);
    assert_eq!(
        (m.mated, m.stalemated, m.piece_lost, m.fifty_move),
        (m.positions, 0, 0, 0),
        "{}: {m:?}",
        truth.name()
    );
    assert!(m.mean_plies_after_promotion >= m.mean_plies_after_promotion_optimal);
}

/// Conversion is complete: from every won position, with either
/// side to move, PECP's White promotes safely or mates within the
/// fifty-move rule against Syzygy's defence (the longest DTZ).
#[test]
fn every_won_position_is_converted_against_perfect_defence() {
    let Some(tb) = common::tables("every_won_position_is_converted_against_perfect_defence") else {
        return;
    };
    assert_converts_every_won_position(&Truth::new(Some(tb)));
}

/// The same against another perfect defence: the embedded solver's, which
/// delays the promotion longest and walks its king back and forth where
/// it can. Lines that went round in circles against it failed here before
/// a pawn step broke the circle (`pawn_step_breaks_repetition`).
#[test]
fn every_won_position_is_converted_against_the_solvers_defence() {
    assert_converts_every_won_position(&Truth::new(None));
}

fn strip_time(r: &pecp::apps::validate::Report) -> serde_json::Value {
    let mut v = serde_json::to_value(r).unwrap();
    v["elapsed_s"] = serde_json::Value::Null;
    v["selection_s"] = serde_json::Value::Null;
    v["threads"] = serde_json::Value::Null;
    v["truth"] = serde_json::Value::Null;
    v
}

#[test]
fn validate_with_the_embedded_oracle_and_syzygy_gives_the_same_figures() {
    let embedded = Truth::new(None);
    let (r1, _) = run(&embedded, &full(), &|| {}).unwrap();
    check(&r1);
    assert_eq!(r1.truth, "embedded");
    let Some(tb) = common::tables("validate_with_syzygy") else {
        return;
    };
    let syzygy = Truth::new(Some(tb));
    let (r2, _) = run(&syzygy, &full(), &|| {}).unwrap();
    assert_eq!(r2.truth, "syzygy");
    assert_eq!(strip_time(&r1), strip_time(&r2));
}

#[test]
fn validate_results_do_not_depend_on_the_thread_count() {
    let truth = Truth::new(None);
    let opts = Options {
        sample: Some((20_000, 7)),
        ..full()
    };
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let three = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    let (a, ea) = one.install(|| run(&truth, &opts, &|| {})).unwrap();
    let (b, eb) = three.install(|| run(&truth, &opts, &|| {})).unwrap();
    assert_eq!(strip_time(&a), strip_time(&b));
    let epd = |e: &[pecp::apps::validate::Counterexample]| {
        e.iter()
            .enumerate()
            .map(|(i, c)| c.epd(i))
            .collect::<Vec<_>>()
    };
    assert_eq!(epd(&ea), epd(&eb));
    assert_eq!(a.positions, 20_000);
}

/// The verdict never contradicts a result the rules prove one move ahead:
/// with the pawn side to move, a move to a proved win makes the verdict a
/// win; with the defender to move, a move to a proved draw makes it a draw.
#[test]
fn the_verdict_never_contradicts_a_proved_move() {
    use pecp::knowledge::evaluate::Verdict;
    use shakmaty::Position;
    let cache = pecp::apps::validate::WeightCache::build();
    let eval = cache.evaluator();
    let mut contradictions = Vec::new();
    for k in all_positions() {
        let pos = k.to_chess();
        let j = pecp::knowledge::proof::judge_position(&pos, &eval);
        let wants = if k.turn() == Color::White {
            Verdict::Win
        } else {
            Verdict::Draw
        };
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let e = eval(
                &pecp::knowledge::books::kpk::BOOK,
                &pecp::Node::from_chess(&after),
            );
            if e.deterministic && e.verdict() == wants && j.verdict != wants {
                contradictions.push(pecp::board::position::fen_of(&pos));
            }
        }
    }
    assert!(
        contradictions.is_empty(),
        "{} contradictions, e.g. {:?}",
        contradictions.len(),
        &contradictions[..contradictions.len().min(5)]
    );
}
