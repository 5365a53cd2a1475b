//! Benchmarks that `pecp bench` runs and the README quotes: level-1
//! evaluation speed, and a plain Syzygy probe of every position to measure
//! `validate` against in the same run.

use std::time::Instant;

use rayon::prelude::*;
use shakmaty::{Bitboard, Color, Position};

use crate::board::enumerate::all_positions;
use crate::board::facts::Node;
use crate::board::pawns::{PawnEnding, for_each_position};
use crate::error::Result;
use crate::judges::tablebase::{Tablebases, Wdl};
use crate::knowledge::evaluate::evaluate;

/// What `bench eval` measured.
#[derive(Debug, Clone)]
pub struct EvalBench {
    /// Positions evaluated per round.
    pub positions: usize,
    /// The best of three rounds, in seconds.
    pub best_s: f64,
    /// The sum of the weights (so the work cannot be optimised away, and a
    /// changed rule set shows).
    pub checksum: f64,
}

/// Times level-1 evaluation on this thread over `positions` legal
/// positions spread evenly over the enumeration (at most all 331,352): a
/// warm-up pass that also sums the weights, then the best of three rounds.
pub fn eval(positions: usize) -> EvalBench {
    let all = all_positions();
    let n = positions.min(all.len());
    let set: Vec<Node> = (0..n)
        .map(|i| Node::from_kpk(all[i * all.len() / n]))
        .collect();
    let checksum: f64 = set.iter().map(|p| evaluate(p).weight).sum();
    let mut best_s = f64::INFINITY;
    for _ in 0..3 {
        let t = Instant::now();
        let mut sum = 0.0;
        for p in &set {
            sum += evaluate(p).weight;
        }
        std::hint::black_box(sum);
        best_s = best_s.min(t.elapsed().as_secs_f64());
    }
    EvalBench {
        positions: set.len(),
        best_s,
        checksum,
    }
}

/// Probes the WDL of every legal position on the current thread pool:
/// the seconds it took and the number of wins for White.
///
/// # Errors
/// A probe error.
pub fn probe_sweep(tb: &Tablebases) -> Result<(f64, usize)> {
    let all = all_positions();
    let t = Instant::now();
    let wins: Result<usize> = all
        .par_iter()
        .map(|k| {
            let white_wins = match k.turn() {
                Color::White => Wdl::Win,
                Color::Black => Wdl::Loss,
            };
            Ok(usize::from(tb.wdl(&k.to_chess())? == white_wins))
        })
        .try_reduce(|| 0, |a, b| Ok(a + b));
    Ok((t.elapsed().as_secs_f64(), wins?))
}

/// What a plain WDL probe of every position of a pawn ending found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EndingCount {
    /// Legal positions, both sides to move.
    pub positions: usize,
    /// Of those, White to move.
    pub white_to_move: usize,
    /// Won for White, drawn, won for Black.
    pub results: [usize; 3],
}

impl EndingCount {
    fn add(mut self, other: EndingCount) -> EndingCount {
        self.positions += other.positions;
        self.white_to_move += other.white_to_move;
        for (a, b) in self.results.iter_mut().zip(other.results) {
            *a += b;
        }
        self
    }
}

/// Probes the WDL of every legal position of a pawn ending (both sides to
/// move, no en passant right) on the current thread pool: the seconds it
/// took and the count. The work is shared by the white king's square.
///
/// # Errors
/// A probe error (a 4-piece table missing or damaged).
pub fn probe_ending(tb: &Tablebases, ending: PawnEnding) -> Result<(f64, EndingCount)> {
    let t = Instant::now();
    let count = shakmaty::Square::ALL
        .par_iter()
        .map(|&wk| {
            let mut count = EndingCount::default();
            let mut error = None;
            for_each_position(ending, Bitboard::from(wk), |pos| {
                if error.is_some() {
                    return;
                }
                match tb.wdl(&pos) {
                    Ok(w) => {
                        let white_moves = pos.turn() == Color::White;
                        count.positions += 1;
                        count.white_to_move += usize::from(white_moves);
                        count.results[match (w, white_moves) {
                            (Wdl::Draw, _) => 1,
                            (Wdl::Win, true) | (Wdl::Loss, false) => 0,
                            _ => 2,
                        }] += 1;
                    }
                    Err(e) => error = Some(e),
                }
            });
            error.map_or(Ok(count), Err)
        })
        .try_reduce(EndingCount::default, |a, b| Ok(a.add(b)))?;
    Ok((t.elapsed().as_secs_f64(), count))
}
