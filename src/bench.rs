//! Benchmarks that `pecp bench` runs and the README quotes: level-1
//! evaluation speed, and a plain Syzygy probe of every position to measure
//! `validate` against in the same run.

use std::time::Instant;

use rayon::prelude::*;
use shakmaty::Color;

use crate::enumerate::all_positions;
use crate::error::Result;
use crate::evaluate::evaluate;
use crate::facts::Node;
use crate::tablebase::{Tablebases, Wdl};

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

/// Times level-1 evaluation on this thread over about `positions` legal
/// positions (every k-th): a warm-up, then the best of three rounds.
pub fn eval(positions: usize) -> EvalBench {
    let all = all_positions();
    let step = (all.len() / positions.max(1)).max(1);
    let set: Vec<Node> = all
        .iter()
        .step_by(step)
        .map(|k| Node::from_kpk(*k))
        .collect();
    let mut checksum = 0.0;
    for n in set.iter().take(1000) {
        checksum += evaluate(n).weight;
    }
    let mut best_s = f64::INFINITY;
    for _ in 0..3 {
        let t = Instant::now();
        for n in &set {
            checksum += evaluate(n).weight;
        }
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
