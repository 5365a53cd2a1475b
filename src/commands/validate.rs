//! `pecp validate [--tablebases DIR] [--sample N --seed S] [--side S]
//! [--playout] [--counterexamples FILE] [--unproved FILE] [--threads N] [--json]
//! [--selector S --depth N]`.

use std::io::Write;
use std::path::PathBuf;

use clap::ValueEnum;
use pecp::apps::validate::{Options, SideFilter, run as sweep, work_size};
use pecp::judges::truth::Truth;
use pecp::report::{json_pretty, validation::text};

use super::{Outcome, SelectorArg, in_pool, progress_bar};

#[derive(clap::Args)]
pub struct Args {
    /// Check a reproducible random subset of N positions (0 = all); with
    /// --ending kppk|kpkp, about N drawn by a hash of each position and
    /// the seed; with --ending kppk|kpkp --playout, play out N won
    /// positions (default 1000), spread evenly over them, every position
    /// swept.
    #[arg(long, value_name = "N")]
    sample: Option<usize>,
    /// Seed for --sample (default 1).
    #[arg(long, value_name = "S", requires = "sample")]
    seed: Option<u64>,
    /// Side to move to sweep.
    #[arg(long, value_enum, default_value_t = SideArg::Both)]
    side: SideArg,
    /// Play out every won position against perfect defence (with
    /// --ending kppk|kpkp, a sample of them: --sample).
    #[arg(long)]
    playout: bool,
    /// Write failing positions as EPD to FILE (whole or not at all).
    #[arg(long, value_name = "FILE")]
    counterexamples: Option<PathBuf>,
    /// With --ending kppk|kpkp: write the positions whose verdict neither
    /// a rule nor calculation proves as EPD to FILE (whole or not at all),
    /// each with the tables' result and the rules' judgement.
    #[arg(long, value_name = "FILE", requires = "ending")]
    unproved: Option<PathBuf>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(short = 'j', long, value_name = "N")]
    threads: Option<usize>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Whose moves to judge.
    #[arg(long, value_enum, default_value_t = SelectorArg::Pecp)]
    selector: SelectorArg,
    /// Alpha-beta search depth in plies (1 to 12).
    #[arg(long, value_name = "N", default_value_t = 4)]
    depth: u8,
    #[command(flatten)]
    calc: super::Calc,
    /// Validate another ending instead of KPK: every won position of king
    /// and queen (kqk) or king and rook (krk) against king, played to mate
    /// against perfect defence; or every position of king and two pawns
    /// against king (kppk), or of king and pawn against king and pawn
    /// (kpkp), against the 4-piece tables.
    #[arg(long, value_name = "ENDING", value_parser = ["kqk", "krk", "kppk", "kpkp"])]
    ending: Option<String>,
    /// With --ending: MATER plays first when it finds a forced mate of
    /// its kind within --mater-depth moves, as in `pecp line` (default:
    /// threats; off: the rules alone).
    #[arg(long, value_enum, requires = "ending")]
    mater: Option<MaterArg>,
    /// With --ending: the deepest mate MATER looks for, in moves (1 to 10).
    #[arg(long, value_name = "N", default_value_t = 3, requires = "ending",
          value_parser = clap::value_parser!(u32).range(1..=10))]
    mater_depth: u32,
    /// With --ending: also run MATER alone on the same positions (checks,
    /// then checks and threats, within 5, 10 and 20 moves), a baseline.
    #[arg(long, requires = "ending")]
    mater_alone: bool,
    #[command(flatten)]
    judging: super::Judging,
}

/// The lines `validate --ending kppk|kpkp --playout` plays unless
/// `--sample` says.
const PLAYOUT_LINES: usize = 1000;

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum MaterArg {
    Checks,
    Threats,
    Off,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum SideArg {
    White,
    Black,
    Both,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    if let Some(e) = &args.ending {
        return run_ending(&args, e, out);
    }
    super::load_weights(args.judging.weights.as_deref())?;
    if let Some(path) = &args.counterexamples {
        pecp::io::check_writable(path)?;
    }
    let truth = Truth::new(
        super::find_tables(args.judging.tablebases.as_deref())?.map(pecp::Tablebases::remembering),
    );
    let opts = Options {
        sample: args
            .sample
            .filter(|&n| n > 0)
            .map(|n| (n, args.seed.unwrap_or(1))),
        side: match args.side {
            SideArg::White => SideFilter::White,
            SideArg::Black => SideFilter::Black,
            SideArg::Both => SideFilter::Both,
        },
        playout: args.playout,
        counterexamples: args.counterexamples.is_some(),
        selector: args.selector.selector(args.depth)?,
        calc: args.calc.plies,
    };
    let (report, examples) = in_pool(args.threads, || {
        let bar = progress_bar(work_size(&opts));
        let tick = || {
            if let Some(b) = &bar {
                b.inc(1);
            }
        };
        let r = sweep(&truth, &opts, &tick);
        if let Some(b) = &bar {
            b.finish_and_clear();
        }
        r
    })??;
    if args.json {
        out.write_all(json_pretty(&report).as_bytes())?;
    } else {
        out.write_all(text(&report, &examples).as_bytes())?;
        // Timing varies from run to run: keep stdout reproducible.
        let _ = writeln!(
            std::io::stderr(),
            "elapsed: {:.2} s on {} threads",
            report.elapsed_s,
            report.threads
        );
    }
    // After the report, so that a failing write loses nothing else.
    if let Some(path) = args.counterexamples {
        let epd: String = examples
            .iter()
            .enumerate()
            .map(|(i, e)| e.epd(i + 1) + "\n")
            .collect();
        pecp::io::write_atomically(&path, epd.as_bytes())?;
    }
    Ok(0)
}

/// `validate --ending kqk|krk`.
fn run_ending(args: &Args, ending: &str, out: &mut impl Write) -> Outcome {
    if let Some(pawns) = pecp::board::pawns::PawnEnding::named(ending) {
        return run_pawn_ending(args, pawns, out);
    }
    if args.unproved.is_some() {
        return Err(pecp::PecpError::Usage(
            "--unproved needs --ending kppk or kpkp (the mating endings prove no verdicts)".into(),
        )
        .into());
    }
    let ending = pecp::judges::mate_oracle::Ending::parse(ending).expect("clap checked it");
    let truth = Truth::new(super::find_tables(args.judging.tablebases.as_deref())?);
    let opts = pecp::apps::endings::EndingOptions {
        ending,
        sample: args.sample.filter(|&n| n > 0),
        seed: args.seed.unwrap_or(1),
        mater: match args.mater.unwrap_or(MaterArg::Threats) {
            MaterArg::Checks => Some((args.mater_depth, pecp::play::mater::Mode::Checks)),
            MaterArg::Threats => Some((args.mater_depth, pecp::play::mater::Mode::Threats)),
            MaterArg::Off => None,
        },
        mater_alone: args.mater_alone,
    };
    let report = in_pool(args.threads, || pecp::apps::endings::run(&opts, &truth))??;
    if args.json {
        out.write_all(json_pretty(&report).as_bytes())?;
    } else {
        out.write_all(pecp::report::validation::ending_text(&report).as_bytes())?;
        let _ = writeln!(std::io::stderr(), "elapsed: {:.2} s", report.elapsed_s);
    }
    Ok(0)
}

/// `validate --ending kppk|kpkp`.
fn run_pawn_ending(
    args: &Args,
    ending: pecp::board::pawns::PawnEnding,
    out: &mut impl Write,
) -> Outcome {
    let tb = pecp::Tablebases::discover_with_four_pieces(args.judging.tablebases.as_deref())?
        .ok_or_else(|| {
            pecp::PecpError::TablesNeeded(format!(
                "validate --ending {} needs the 4-piece Syzygy tables (--tablebases DIR)",
                ending.name()
            ))
        })?;
    tb.require(ending)?;
    for path in [&args.counterexamples, &args.unproved]
        .into_iter()
        .flatten()
    {
        pecp::io::check_writable(path)?;
    }
    let opts = pecp::apps::pawn_validate::PawnOptions {
        counterexamples: args.counterexamples.is_some(),
        unproved: args.unproved.is_some(),
        // With --playout, --sample counts the lines played out instead.
        sample: (!args.playout)
            .then(|| args.sample.filter(|&n| n > 0))
            .flatten()
            .map(|n| (n, args.seed.unwrap_or(1))),
        side: match args.side {
            SideArg::White => Some(shakmaty::Color::White),
            SideArg::Black => Some(shakmaty::Color::Black),
            SideArg::Both => None,
        },
        ..pecp::apps::pawn_validate::PawnOptions::every(ending, args.calc.plies)
    };
    let mut report = in_pool(args.threads, || pecp::apps::pawn_validate::run(&tb, opts))??;
    if args.playout {
        let start = std::time::Instant::now();
        let truth = Truth::new(Some(tb));
        let lines = args.sample.filter(|&n| n > 0).unwrap_or(PLAYOUT_LINES);
        let c = in_pool(args.threads, || {
            pecp::apps::pawn_playout::playouts(&truth, ending, lines, args.calc.plies)
        })??;
        report.counterexamples.extend(c.failures.iter().cloned());
        report.conversion = Some(c);
        report.elapsed_s += start.elapsed().as_secs_f64();
    }
    if args.json {
        out.write_all(json_pretty(&report).as_bytes())?;
    } else {
        out.write_all(pecp::report::validation::pawn_text(&report).as_bytes())?;
        let _ = writeln!(
            std::io::stderr(),
            "elapsed: {:.2} s on {} threads",
            report.elapsed_s,
            report.threads
        );
    }
    // After the report, so that a failing write loses nothing else.
    let files = [
        (&args.counterexamples, &report.counterexamples),
        (&args.unproved, &report.unproved),
    ];
    for (path, lines) in files {
        if let Some(path) = path {
            let epd: String = lines
                .iter()
                .enumerate()
                .map(|(i, line)| format!("{line} id \"pecp.{}\";\n", i + 1))
                .collect();
            pecp::io::write_atomically(path, epd.as_bytes())?;
        }
    }
    Ok(0)
}
