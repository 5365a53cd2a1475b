//! `pecp bench eval [--positions N]` and `pecp bench sweep
//! [--tablebases DIR] [--threads N]`.

use std::io::Write;
use std::path::PathBuf;

use pecp::apps::validate::{Options, SideFilter, run as sweep};
use pecp::board::pawns::PawnEnding;
use pecp::judges::truth::Truth;
use pecp::play::selectors::Selector;
use pecp::{PecpError, Tablebases};

use super::{Outcome, in_pool};

#[derive(clap::Subcommand)]
pub enum What {
    /// Level-1 evaluation per position over a fixed set (one thread).
    Eval {
        /// Positions to evaluate, spread evenly over the legal positions.
        #[arg(long, value_name = "N", default_value_t = 20_000)]
        positions: usize,
    },
    /// Plain Syzygy WDL probe of all 331,352 positions, then `validate`
    /// (classification, deterministic soundness, move soundness and the
    /// per-rule report) on the same threads; prints both and the ratio.
    Sweep {
        /// Folder with Syzygy tables (default: each folder of $SYZYGY_PATH,
        /// then ./tablebases).
        #[arg(long, value_name = "DIR")]
        tablebases: Option<PathBuf>,
        /// Worker threads (default: all cores).
        #[arg(short = 'j', long, value_name = "N")]
        threads: Option<usize>,
        /// A pawn ending of four pieces instead of KPK: the plain WDL probe
        /// of its every position (needs its 4-piece tables).
        #[arg(long, value_name = "ENDING", value_parser = ["kpkp", "kppk"])]
        ending: Option<String>,
    },
}

pub fn run(what: What, out: &mut impl Write) -> Outcome {
    match what {
        What::Eval { positions } => {
            if positions == 0 {
                return Err(PecpError::Usage("--positions must be at least 1".into()).into());
            }
            let b = pecp::apps::bench::eval(positions);
            writeln!(
                out,
                "level-1 evaluation: {} positions, best of 3 rounds {:.3} s, {:.2} µs per position (checksum {:.1})",
                b.positions,
                b.best_s,
                b.best_s * 1e6 / b.positions as f64,
                b.checksum
            )?;
            Ok(0)
        }
        What::Sweep {
            tablebases,
            threads,
            ending: Some(ending),
        } => probe_pawn_ending(tablebases, threads, &ending, out),
        What::Sweep {
            tablebases,
            threads,
            ending: None,
        } => sweep_against_probe(tablebases, threads, out),
    }
}

fn sweep_against_probe(
    tablebases: Option<PathBuf>,
    threads: Option<usize>,
    out: &mut impl Write,
) -> Outcome {
    let tb = Tablebases::discover(tablebases.as_deref())?.ok_or_else(|| {
        PecpError::TablesNeeded("bench sweep needs the Syzygy tables (--tablebases DIR)".into())
    })?;
    let (probe_s, wins, report) = in_pool(threads, || -> Result<_, PecpError> {
        let (probe_s, wins) = pecp::apps::bench::probe_sweep(&tb)?;
        let truth = Truth::new(Some(tb));
        let opts = Options {
            sample: None,
            side: SideFilter::Both,
            playout: false,
            counterexamples: false,
            selector: Selector::Pecp,
            calc: 0,
        };
        let (report, _) = sweep(&truth, &opts, &|| {})?;
        Ok((probe_s, wins, report))
    })??;
    writeln!(out, "threads: {}", report.threads)?;
    writeln!(
        out,
        "syzygy WDL probe of {} positions: {:.3} s ({} wins for White)",
        report.positions, probe_s, wins
    )?;
    writeln!(
        out,
        "pecp validate (classification, deterministic, moves, rules): {:.3} s",
        report.elapsed_s
    )?;
    writeln!(out, "ratio: {:.1}x", report.elapsed_s / probe_s)?;
    Ok(0)
}

fn probe_pawn_ending(
    tablebases: Option<PathBuf>,
    threads: Option<usize>,
    ending: &str,
    out: &mut impl Write,
) -> Outcome {
    let ending = PawnEnding::named(ending).expect("clap checked it");
    let tb = Tablebases::discover_with_four_pieces(tablebases.as_deref())?.ok_or_else(|| {
        PecpError::TablesNeeded(format!(
            "bench sweep --ending {} needs the Syzygy tables (--tablebases DIR)",
            ending.name()
        ))
    })?;
    tb.require(ending)?;
    let (threads_used, probed) = in_pool(threads, || {
        (
            rayon::current_num_threads(),
            pecp::apps::bench::probe_ending(&tb, ending),
        )
    })?;
    let (probe_s, count) = probed?;
    writeln!(out, "threads: {threads_used}")?;
    writeln!(
        out,
        "syzygy WDL probe of {} positions ({}, {} with White to move): {:.3} s",
        count.positions,
        ending.title(),
        count.white_to_move,
        probe_s
    )?;
    writeln!(
        out,
        "White wins {}, draws {}, Black wins {}",
        count.results[0], count.results[1], count.results[2]
    )?;
    Ok(0)
}
