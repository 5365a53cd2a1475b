//! Property tests over arbitrary legal KPK positions, either colour holding
//! the pawn, checked against Syzygy (or the embedded oracle without tables).

mod common;

use std::sync::OnceLock;

use pecp::board::facts::Node;
use pecp::board::position::{Orientation, to_user};
use pecp::judges::oracle::Oracle;
use pecp::knowledge::evaluate::{evaluate, level1};
use pecp::knowledge::select::decide;
use pecp::{Input, Kpk, Tablebases};
use proptest::prelude::*;
use shakmaty::{Color, Position, Square};

fn tables() -> Option<&'static Tablebases> {
    static TB: OnceLock<Option<Tablebases>> = OnceLock::new();
    TB.get_or_init(|| common::tables("properties (falling back to the embedded oracle)"))
        .as_ref()
}

/// Whether the pawn side wins, by Syzygy when present.
fn truth_wins(k: Kpk) -> bool {
    match tables() {
        Some(tb) => tb.value(&k.to_chess()).unwrap().pawn_side_wins,
        None => Oracle::get().white_wins(k),
    }
}

/// Arbitrary legal KPK positions; `flipped` gives the pawn to Black.
fn kpk() -> impl Strategy<Value = (Kpk, bool)> {
    (0u32..64, 8u32..56, 0u32..64, any::<bool>(), any::<bool>()).prop_filter_map(
        "legal KPK position",
        |(wk, wp, bk, white, flipped)| {
            let turn = if white { Color::White } else { Color::Black };
            Kpk::new(Square::new(wk), Square::new(wp), Square::new(bk), turn)
                .ok()
                .map(|k| (k, flipped))
        },
    )
}

/// The mirror image, built square by square through the checked
/// constructor (not with the library's own `mirror_files`).
fn mirror(k: Kpk) -> Kpk {
    Kpk::new(
        k.wk().flip_horizontal(),
        k.wp().flip_horizontal(),
        k.bk().flip_horizontal(),
        k.turn(),
    )
    .expect("the mirror of a legal position is legal")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// 1. analyse never panics, lists exactly the legal moves, chooses one.
    #[test]
    fn analyse_lists_the_legal_moves_and_chooses_one((k, flipped) in kpk()) {
        let orientation = if flipped { Orientation::Flipped } else { Orientation::AsGiven };
        let input = pecp::Input { kpk: k, orientation, halfmoves: 0, fullmoves: 1 };
        let a = pecp::apps::analysis::analyse(&input, None).unwrap();
        let user = to_user(&k.to_chess(), orientation);
        let mut legal: Vec<String> = user
            .legal_moves()
            .iter()
            .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
            .collect();
        let mut listed: Vec<String> = a.moves.iter().map(|m| m.uci.clone()).collect();
        legal.sort();
        listed.sort();
        prop_assert_eq!(&listed, &legal);
        match a.chosen {
            Some(c) => prop_assert!(legal.contains(&c)),
            None => prop_assert!(legal.is_empty()),
        }
    }

    /// 2. Deterministic rules are sound.
    #[test]
    fn deterministic_rules_are_sound((k, _) in kpk()) {
        let e = evaluate(&Node::from_kpk(k));
        prop_assert!(!e.conflict);
        if e.deterministic {
            prop_assert_eq!(e.weight > 0.5, truth_wins(k), "{} weighs {}", k.paper(), e.weight);
        }
    }

    /// 3. Colour-flipping and mirroring never change the weight, verdict or
    ///    chosen move (mapped back).
    #[test]
    fn colour_flip_and_mirror_change_nothing((k, _) in kpk()) {
        let flipped_fen = pecp::board::position::fen_of(&k.flipped_chess());
        let again = Input::parse(&flipped_fen).unwrap();
        prop_assert_eq!(again.orientation, Orientation::Flipped);
        prop_assert_eq!(again.kpk, k);
        let m = mirror(k);
        let (e, em) = (evaluate(&Node::from_kpk(k)), evaluate(&Node::from_kpk(m)));
        prop_assert_eq!(e.weight, em.weight);
        prop_assert_eq!(e.verdict(), em.verdict());
        let d = decide(&k.to_chess(), &level1);
        let dm = decide(&m.to_chess(), &level1);
        match (d, dm) {
            (Some(d), Some(dm)) => {
                let a = d.chosen().mv;
                let b = dm.chosen().mv;
                prop_assert_eq!(a.from().map(Square::flip_horizontal), b.from());
                prop_assert_eq!(a.to().flip_horizontal(), b.to());
                prop_assert_eq!(a.promotion(), b.promotion());
            }
            (None, None) => {}
            _ => prop_assert!(false, "one side has moves, the mirror has none"),
        }
    }

    /// Every selector returns a legal move whenever there is one.
    #[test]
    fn every_selector_returns_a_legal_move((k, _) in kpk(), depth in 1u8..=4) {
        use pecp::play::selectors::Selector;
        let pos = k.to_chess();
        for s in [Selector::Pecp, Selector::Soma { seed: 7 }, Selector::AlphaBeta { depth }] {
            match s.choose(&pos, &level1) {
                Some(m) => prop_assert!(pos.is_legal(m), "{} plays an illegal {}", s.label(), m),
                None => prop_assert!(pos.legal_moves().is_empty()),
            }
        }
    }

    /// 4. The embedded oracle agrees with Syzygy.
    #[test]
    fn oracle_agrees_with_syzygy((k, _) in kpk()) {
        if let Some(tb) = tables() {
            prop_assert_eq!(Oracle::get().white_wins(k), tb.value(&k.to_chess()).unwrap().pawn_side_wins);
        }
    }
}

/// 5. The chosen move keeps the value as often as `validate` measures
///    today, on a fixed random sample: always (`tests/sweep.rs` checks
///    every position).
#[test]
fn chosen_move_keeps_the_value_at_least_as_often_as_today() {
    let tb = tables();
    let truth = pecp::judges::truth::Truth::new(tb.map(|t| Tablebases::open(t.dir()).unwrap()));
    let opts = pecp::apps::validate::Options {
        sample: Some((30_000, 2026)),
        side: pecp::apps::validate::SideFilter::Both,
        playout: false,
        counterexamples: false,
        selector: pecp::play::selectors::Selector::Pecp,
        calc: 0,
    };
    let (r, _) = pecp::apps::validate::run(&truth, &opts, &|| {}).unwrap();
    let ms = &r.move_soundness;
    let kept = ms.white_in_won.sound + ms.black_in_drawn.sound;
    let checked = ms.white_in_won.positions + ms.black_in_drawn.positions;
    assert!(checked > 10_000, "only {checked} moves checked");
    assert_eq!(
        kept, checked,
        "chosen moves keep the value in only {kept} of {checked}"
    );
}
