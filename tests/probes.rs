//! The tables' best move, made from remembered probes, is shakmaty-syzygy's
//! own choice in every position where lines ask for it.

mod common;

use pecp::board::enumerate::all_positions;
use pecp::judges::mate_oracle::Ending;
use pecp::play::walk::chess;
use rayon::prelude::*;
use shakmaty::{Position, Square};

/// The tables with their memory of probes, if the test has tables.
fn remembering_tables(test: &str) -> Option<pecp::Tablebases> {
    common::tables(test).map(pecp::Tablebases::remembering)
}

/// Every legal KPK position that is not over.
fn kpk_positions() -> Vec<shakmaty::Chess> {
    all_positions()
        .into_iter()
        .map(|k| k.to_chess())
        .filter(|p| !p.is_game_over())
        .collect()
}

#[test]
fn remembered_best_move_is_the_librarys_in_every_kpk_position() {
    let Some(tb) = remembering_tables("remembered_best_move_kpk") else {
        return;
    };
    let positions = kpk_positions();
    let first: Vec<_> = positions.iter().map(|p| tb.best_move(p).unwrap()).collect();
    positions.par_iter().zip(&first).for_each(|(pos, mine)| {
        assert_eq!(*mine, tb.library_best_move(pos).unwrap(), "{pos:?}");
    });
    // Again, now answered from what the first pass remembered.
    for (pos, mine) in positions.iter().zip(&first) {
        assert_eq!(*mine, tb.best_move(pos).unwrap(), "{pos:?}");
    }
    // Tables without a memory make the same choice, probing each time.
    let plain = common::tables("remembered_best_move_kpk").unwrap();
    for (pos, mine) in positions.iter().zip(&first).step_by(17) {
        assert_eq!(*mine, plain.best_move(pos).unwrap(), "{pos:?}");
    }
    assert!(positions.len() > 300_000, "{}", positions.len());
}

#[test]
fn remembered_dtz_is_the_librarys_in_every_kpk_position() {
    let Some(tb) = remembering_tables("remembered_dtz_kpk") else {
        return;
    };
    let positions = kpk_positions();
    let mut lone_king_lost = 0;
    for pos in &positions {
        let mine = tb.remembered_dtz(pos).unwrap();
        assert_eq!(mine, tb.library_dtz(pos).unwrap(), "{pos:?}");
        lone_king_lost += usize::from(pos.turn() == shakmaty::Color::Black && mine < 0);
    }
    // The worked-out case is well represented.
    assert!(lone_king_lost > 50_000, "{lone_king_lost}");
}

#[test]
fn remembered_best_move_is_the_librarys_with_a_queen_or_rook() {
    let Some(tb) = remembering_tables("remembered_best_move_kqk_krk") else {
        return;
    };
    let mut compared = 0;
    for ending in [Ending::Kqk, Ending::Krk] {
        // Every 31st triple of squares, both sides to move.
        for (i, ((wk, bk), pc)) in Square::ALL
            .into_iter()
            .flat_map(|w| Square::ALL.into_iter().map(move |b| (w, b)))
            .flat_map(|wb| Square::ALL.into_iter().map(move |p| (wb, p)))
            .enumerate()
        {
            if i % 31 != 0 {
                continue;
            }
            for black in [false, true] {
                let Some(pos) = chess(ending, black, wk, bk, pc) else {
                    continue;
                };
                if pos.is_game_over() {
                    continue;
                }
                let mine = tb.best_move(&pos).unwrap();
                let theirs = tb.library_best_move(&pos).unwrap();
                assert_eq!(mine, theirs, "{ending:?} {pos:?}");
                assert_eq!(
                    tb.remembered_dtz(&pos).unwrap(),
                    tb.library_dtz(&pos).unwrap(),
                    "{ending:?} {pos:?}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 20_000, "{compared}");
}
