//! `compare --ending kpkp|kppk`: the selectors side by side on a pawn
//! ending of four pieces, judged by the 4-piece tables: in each position
//! of a seeded sample (or every one), whether the move each selector
//! chooses keeps the value for the side to move.
//!
//! The side the book plays for stands as White, as `line` plays it: in
//! KPPK the pawns' side, with a pawn each the side that plays for the win
//! ([`playing_for_the_win`]). PECP's move is checked by calculation as
//! `line` checks it; the other selectors choose on their own.

use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;
use shakmaty::{Bitboard, Chess, Color, Position, Square};

use crate::apps::pawn_validate::{book_of, overruled_move, white_result};
use crate::apps::validate::Count;
use crate::board::pawns::{PawnEnding, Sample, for_each_sampled};
use crate::board::position::{Orientation, to_user};
use crate::error::Result;
use crate::judges::tablebase::Tablebases;
use crate::knowledge::calc::Calculator;
use crate::knowledge::evaluate::level1;
use crate::knowledge::select::{decide, playing_for_the_win};
use crate::play::selectors::Selector;

/// What to compare.
#[derive(Debug, Clone)]
pub struct PawnCompareOptions {
    /// The ending.
    pub ending: PawnEnding,
    /// The selectors, in the order of the table.
    pub selectors: Vec<Selector>,
    /// About this many positions drawn by the seed (`None`: every one).
    pub sample: Option<(usize, u64)>,
    /// Plies of calculation that check PECP's move.
    pub calc: u8,
}

/// One selector's row.
#[derive(Debug, Clone, Serialize)]
pub struct PawnCompareRow {
    /// "pecp", "soma", "alphabeta-4".
    pub selector: String,
    /// The side to move wins, and its move keeps the win.
    pub mover_in_won: Count,
    /// A draw the side to move could lose, and its move keeps the draw.
    pub mover_in_drawn: Count,
    /// Seconds its choices took, summed over the threads.
    pub selection_s: f64,
}

/// The comparison (`--json` prints it).
#[derive(Debug, Clone, Serialize)]
pub struct PawnComparison {
    /// `kpkp` or `kppk`.
    pub ending: &'static str,
    /// Positions in the sample (both sides to move).
    pub positions: usize,
    /// The sample's size asked for (null: every position).
    pub sample: Option<usize>,
    /// The seed that drew it (null: every position).
    pub seed: Option<u64>,
    /// The plies of calculation that checked PECP's moves.
    pub calc: u8,
    /// One row per selector.
    pub rows: Vec<PawnCompareRow>,
    /// Threads used.
    pub threads: usize,
}

/// The ending's positions, both sides to move.
/// Compares the selectors on the current thread pool.
///
/// # Errors
/// A probe error, or an ending with no book.
pub fn compare(tb: &Tablebases, opts: &PawnCompareOptions) -> Result<PawnComparison> {
    book_of(opts.ending).ok_or_else(|| opts.ending.no_book())?;
    let sample = opts
        .sample
        .map_or(Sample::ALL, |(n, seed)| Sample::about(opts.ending, n, seed));
    let tally = Square::ALL
        .par_iter()
        .map(|&wk| {
            let mut t = Tally::new(opts.selectors.len());
            let mut error = None;
            for_each_sampled(opts.ending, Bitboard::from(wk), sample, |pos| {
                if error.is_none()
                    && let Err(e) = t.add(tb, opts, &pos)
                {
                    error = Some(e);
                }
            });
            error.map_or(Ok(t), Err)
        })
        .try_reduce(|| Tally::new(opts.selectors.len()), |a, b| Ok(a.merge(b)))?;
    let rows = opts
        .selectors
        .iter()
        .zip(tally.rows)
        .map(|(s, (won, drawn, time))| PawnCompareRow {
            selector: s.label(),
            mover_in_won: won,
            mover_in_drawn: drawn,
            selection_s: time.as_secs_f64(),
        })
        .collect();
    Ok(PawnComparison {
        ending: opts.ending.name(),
        positions: tally.positions,
        sample: opts.sample.map(|(n, _)| n),
        seed: opts.sample.map(|(_, s)| s),
        calc: opts.calc,
        rows,
        threads: rayon::current_num_threads(),
    })
}

/// The tallies of some positions: per selector the won and drawn counts
/// and the time its choices took.
struct Tally {
    positions: usize,
    rows: Vec<(Count, Count, Duration)>,
}

impl Tally {
    fn new(n: usize) -> Tally {
        Tally {
            positions: 0,
            rows: vec![(Count::default(), Count::default(), Duration::ZERO); n],
        }
    }

    fn merge(mut self, o: Tally) -> Tally {
        self.positions += o.positions;
        for (a, b) in self.rows.iter_mut().zip(o.rows) {
            a.0.merge(&b.0);
            a.1.merge(&b.1);
            a.2 += b.2;
        }
        self
    }

    /// One position: each selector's move, kept or not.
    fn add(&mut self, tb: &Tablebases, opts: &PawnCompareOptions, pos: &Chess) -> Result<()> {
        self.positions += 1;
        let result = white_result(tb, pos)?;
        let mover_wins = (result == 0) == (pos.turn() == Color::White) && result != 1;
        // A draw is at stake where the other side could win: with a pawn
        // each always, in KPPK only for the lone king.
        let at_stake =
            result == 1 && (opts.ending == PawnEnding::Kpkp || pos.turn() == Color::Black);
        if !mover_wins && !at_stake {
            return Ok(());
        }
        let o = match opts.ending {
            PawnEnding::Kpkp => playing_for_the_win(pos, &level1),
            PawnEnding::Kppk => Orientation::AsGiven,
        };
        let oriented = to_user(pos, o);
        for (selector, row) in opts.selectors.iter().zip(&mut self.rows) {
            let start = Instant::now();
            let mv = choose(*selector, &oriented, opts.calc);
            row.2 += start.elapsed();
            let Some(mv) = mv else { continue };
            let mut after = oriented.clone();
            after.play_unchecked(mv);
            let kept = white_result(tb, &to_user(&after, o))? == result;
            let count = if mover_wins { &mut row.0 } else { &mut row.1 };
            count.positions += 1;
            count.sound += usize::from(kept);
        }
        Ok(())
    }
}

/// The selector's move in `pos` (oriented as the book plays it); PECP's
/// with calculation's check, as `line` plays it.
fn choose(selector: Selector, pos: &Chess, plies: u8) -> Option<shakmaty::Move> {
    if selector != Selector::Pecp {
        return selector.choose(pos, &level1);
    }
    let d = decide(pos, &level1)?;
    if plies == 0 {
        return Some(d.chosen().mv);
    }
    let mut calc = Calculator::new(&level1, d.book);
    Some(overruled_move(pos, &d, plies, &mut calc, &level1).map_or(d.chosen().mv, |(m, _)| m))
}
