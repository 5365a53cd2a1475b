//! Benchmarks that `pecp bench` runs and the README quotes: level-1
//! evaluation speed, and a plain Syzygy probe of every position to measure
//! `validate` against in the same run.

use std::time::Instant;

use rayon::prelude::*;
use shakmaty::Color;

use crate::board::enumerate::all_positions;
use crate::board::facts::Node;
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
