//! `validate --ending kqk|krk`: every won position of king and queen (or
//! rook) against king, the piece side to move, played by PECP's mating
//! rules against perfect defence (the lone king resisting longest) until
//! mate, stalemate, the piece lost or fifty moves without mate, as a graph
//! walk ([`crate::play::walk`]); MATER alone as a baseline.

use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;
use shakmaty::{Chess, Square};

use crate::error::Result;
use crate::judges::mate_oracle::{Ending, MateOracle};
use crate::judges::truth::Truth;
use crate::play::mater::{MATER_NODES, Mode};
use crate::play::walk::{End, Walk, chess, won_starts};
use crate::rng::SplitMix64;

/// What to validate.
#[derive(Debug, Clone)]
pub struct EndingOptions {
    /// KQK or KRK.
    pub ending: Ending,
    /// Only this many positions, drawn with `seed` (all when `None`).
    pub sample: Option<usize>,
    /// Seed of the sample.
    pub seed: u64,
    /// MATER first: when it finds a forced mate within this many moves
    /// (of its kind), the line plays it; otherwise the rules choose.
    pub mater: Option<(u32, Mode)>,
    /// Also run MATER alone on every start, as a baseline.
    pub mater_alone: bool,
}

/// MATER alone on the same starts: how many forced mates it finds within
/// 5, 10 and 20 moves, by checks only and by checks and threats.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MaterAlone {
    /// The node limit of each search.
    pub nodes: u64,
    /// Mates found by checks only within [5, 10, 20] moves.
    pub checks: [usize; 3],
    /// Mates found by checks and threats of mate within [5, 10, 20] moves.
    pub threats: [usize; 3],
}

/// The depths of the MATER baseline.
pub const BASELINE_DEPTHS: [u32; 3] = [5, 10, 20];

/// Runs MATER alone on `starts` (one search per start and mode, at the
/// deepest depth; a mate found in n moves counts for every depth ≥ n).
fn mater_alone(ending: Ending, starts: &[(Square, Square, Square)]) -> MaterAlone {
    let found: Vec<[Option<u32>; 2]> = starts
        .par_iter()
        .map(|&(w, b, p)| {
            let pos = chess(ending, false, w, b, p).expect("legal");
            [Mode::Checks, Mode::Threats]
                .map(|m| crate::play::mater::find(&pos, BASELINE_DEPTHS[2], m, MATER_NODES).mate_in)
        })
        .collect();
    let count = |mode: usize, depth: u32| {
        found
            .iter()
            .filter(|f| f[mode].is_some_and(|n| n <= depth))
            .count()
    };
    MaterAlone {
        nodes: MATER_NODES,
        checks: BASELINE_DEPTHS.map(|d| count(0, d)),
        threats: BASELINE_DEPTHS.map(|d| count(1, d)),
    }
}

/// The figures `validate --ending` reports (JSON keys are a contract).
#[derive(Debug, Clone, Serialize)]
pub struct EndingReport {
    /// "kqk" or "krk".
    pub ending: &'static str,
    /// Who defended: "syzygy" or "embedded".
    pub truth: &'static str,
    /// Who chose the attacker's moves: "rules" or "rules+mater".
    pub player: String,
    /// Won starting positions played.
    pub positions: usize,
    /// Lines that ended in mate within the fifty-move rule.
    pub mated: usize,
    /// Lines that ended in stalemate.
    pub stalemated: usize,
    /// Lines in which the lone king took the piece.
    pub piece_lost: usize,
    /// Lines with no mate within fifty moves (or going round in circles).
    pub fifty_move: usize,
    /// Mean moves to mate of the mated lines.
    pub mean_moves: f64,
    /// Mean moves to mate with perfect play on both sides, same positions.
    pub mean_moves_optimal: f64,
    /// The longest line to mate, in moves.
    pub worst_moves: u32,
    /// The longest mate with perfect play among the same positions.
    pub worst_moves_optimal: u32,
    /// A few positions that did not mate (FEN), for the rule author.
    pub failures: Vec<String>,
    /// Starts whose lines, taken as a function of the position alone, go
    /// round in circles, but which mate when played as `pecp line` plays
    /// them: the side with the piece does not repeat a position.
    pub circles_broken: usize,
    /// MATER alone on the same starts, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mater_alone: Option<MaterAlone>,
    /// Seconds taken.
    pub elapsed_s: f64,
}

/// Validates `opts.ending`; `tb` defends when given, else the embedded
/// mate oracle.
///
/// # Errors
/// A tablebase probe error.
pub fn run(opts: &EndingOptions, truth: &Truth) -> Result<EndingReport> {
    let t0 = Instant::now();
    let tb = truth.tables();
    let o = MateOracle::get(opts.ending);
    let mut starts = won_starts(opts.ending);
    if let Some(n) = opts.sample.filter(|&n| n > 0 && n < starts.len()) {
        let mut rng = SplitMix64::new(opts.seed);
        for i in 0..n {
            let j = i + rng.below(starts.len() - i);
            starts.swap(i, j);
        }
        starts.truncate(n);
        starts.sort_unstable();
    }
    let mut walk = Walk::new(opts.ending, tb, opts.mater);
    walk.prepare(&starts)?;
    let mut report = EndingReport {
        ending: opts.ending.id(),
        truth: if tb.is_some() { "syzygy" } else { "embedded" },
        player: match opts.mater {
            None => "rules".into(),
            Some((d, m)) => format!("rules+mater-{}-{d}", m.id()),
        },
        positions: starts.len(),
        mated: 0,
        stalemated: 0,
        piece_lost: 0,
        fifty_move: 0,
        mean_moves: 0.0,
        mean_moves_optimal: 0.0,
        worst_moves: 0,
        worst_moves_optimal: 0,
        failures: Vec::new(),
        circles_broken: 0,
        mater_alone: opts.mater_alone.then(|| mater_alone(opts.ending, &starts)),
        elapsed_s: 0.0,
    };
    let mut ends: Vec<End> = starts
        .iter()
        .map(|&(w, b, p)| walk.result(w, b, p))
        .collect::<Result<_>>()?;
    replay_circles(opts, truth, &starts, &mut ends, &mut report)?;
    let (mut sum, mut sum_opt) = (0u64, 0u64);
    for (&(wk, bk, pc), &end) in starts.iter().zip(&ends) {
        let optimal = o.plies(false, wk, bk, pc).expect("won").div_ceil(2);
        match end {
            End::Mated(m) if m <= 50 => {
                report.mated += 1;
                sum += u64::from(m);
                sum_opt += u64::from(optimal);
                report.worst_moves = report.worst_moves.max(m);
                report.worst_moves_optimal = report.worst_moves_optimal.max(optimal);
                continue;
            }
            End::Mated(_) | End::Circles => report.fifty_move += 1,
            End::Stalemated => report.stalemated += 1,
            End::PieceLost => report.piece_lost += 1,
        }
        if report.failures.len() < 10 {
            let pos = chess(opts.ending, false, wk, bk, pc).expect("legal");
            report.failures.push(crate::board::position::fen_of(&pos));
        }
    }
    if report.mated > 0 {
        report.mean_moves = sum as f64 / report.mated as f64;
        report.mean_moves_optimal = sum_opt as f64 / report.mated as f64;
    }
    report.elapsed_s = t0.elapsed().as_secs_f64();
    Ok(report)
}

/// The starts whose walk goes round in circles, played again as lines
/// (`pecp line`: the attacker does not walk back into a position the line
/// has had), in parallel; those that mate within fifty moves count as
/// mated.
fn replay_circles(
    opts: &EndingOptions,
    truth: &Truth,
    starts: &[(Square, Square, Square)],
    ends: &mut [End],
    report: &mut EndingReport,
) -> Result<()> {
    let circling: Vec<usize> = (0..starts.len())
        .filter(|&i| matches!(ends[i], End::Circles) || matches!(ends[i], End::Mated(m) if m > 50))
        .collect();
    let replayed: Vec<Result<(End, Option<u32>)>> = circling
        .par_iter()
        .map(|&i| {
            let (w, b, p) = starts[i];
            let pos = chess(opts.ending, false, w, b, p).expect("legal");
            play_as_line(&pos, truth, opts.mater)
        })
        .collect();
    for (&i, r) in circling.iter().zip(replayed) {
        match r? {
            (End::Circles, _) => {}
            (_, Some(plies)) => {
                report.circles_broken += 1;
                ends[i] = End::Mated(plies.div_ceil(2));
            }
            (end, None) => ends[i] = end,
        }
    }
    Ok(())
}

/// Plays `pos` (a mating ending) on as `pecp line` plays it, to mate, the
/// lone king defending perfectly: how it ends, and the plies to mate.
///
/// # Errors
/// A tablebase probe error.
pub fn play_as_line(
    pos: &Chess,
    truth: &Truth,
    mater: Option<(u32, Mode)>,
) -> Result<(End, Option<u32>)> {
    use crate::play::line::Termination as T;
    let cfg = crate::play::line::Config {
        black: crate::play::line::Player::Tablebase,
        until: crate::play::line::Until::Mate,
        mater,
        max_moves: 60,
        ..crate::play::line::Config::default()
    };
    let l = crate::play::line::generate(pos, &cfg, truth)?;
    Ok(match l.termination {
        T::Checkmate => (End::Mated(0), Some(l.plies.len() as u32)),
        T::Stalemate => (End::Stalemated, None),
        T::PawnLost | T::InsufficientMaterial => (End::PieceLost, None),
        _ => (End::Circles, None),
    })
}
