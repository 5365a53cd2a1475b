//! `pecp compare [--ending kpkp|kppk] [--depths 1,2,3,4,6] [--sample N
//! --seed S] [--playout] [--json]`.

use std::io::Write;

use pecp::PecpError;
use pecp::apps::pawn_compare::{PawnCompareOptions, compare};
use pecp::apps::validate::{Options, Report, SideFilter, run as sweep};
use pecp::board::pawns::PawnEnding;
use pecp::judges::truth::Truth;
use pecp::play::selectors::Selector;
use pecp::report::{
    json_pretty,
    validation::{compare_table, pawn_compare_table},
};

use super::{Outcome, SOMA_SEED, check_depth, in_pool};

#[derive(clap::Args)]
pub struct Args {
    /// Alpha-beta depths to measure (each 1 to 12, each once).
    #[arg(
        long,
        value_name = "N,N,...",
        value_delimiter = ',',
        default_value = "1,2,3,4,6"
    )]
    depths: Vec<u8>,
    /// Positions to sample (0 = all 331,352 of KPK, or every position of
    /// the --ending; with --ending, about N drawn by the seed).
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    sample: usize,
    /// Seed for the sample.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Also play out every won position against perfect defence.
    #[arg(long)]
    playout: bool,
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long, value_name = "N")]
    threads: Option<usize>,
    /// Print the table as JSON (one report per selector).
    #[arg(long)]
    json: bool,
    /// Compare on a pawn ending of four pieces instead of KPK: a pawn each
    /// (kpkp) or two pawns against the king (kppk), judged by the 4-piece
    /// tables; PECP's move checked by 4 plies of calculation as `line`
    /// checks it.
    #[arg(long, value_name = "ENDING", value_parser = ["kpkp", "kppk"], conflicts_with = "playout")]
    ending: Option<String>,
    #[command(flatten)]
    judging: super::Judging,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    super::load_weights(args.judging.weights.as_deref())?;
    let mut selectors = vec![Selector::Pecp, Selector::Soma { seed: SOMA_SEED }];
    for (i, &d) in args.depths.iter().enumerate() {
        if args.depths[..i].contains(&d) {
            return Err(PecpError::Usage(format!("--depths lists {d} twice")).into());
        }
        selectors.push(Selector::AlphaBeta {
            depth: check_depth(d)?,
        });
    }
    if let Some(name) = &args.ending {
        let ending = PawnEnding::named(name).expect("clap checked it");
        return compare_pawn_ending(&args, ending, selectors, out);
    }
    let truth = Truth::new(
        super::find_tables(args.judging.tablebases.as_deref())?.map(pecp::Tablebases::remembering),
    );
    let mut rows: Vec<(String, Report)> = Vec::new();
    for selector in selectors {
        let opts = Options {
            sample: (args.sample > 0).then_some((args.sample, args.seed)),
            side: SideFilter::Both,
            playout: args.playout,
            counterexamples: false,
            selector,
            calc: 0,
        };
        let (r, _) = in_pool(args.threads, || sweep(&truth, &opts, &|| {}))??;
        rows.push((selector.label(), r));
    }
    let s = if args.json {
        let reports: Vec<&Report> = rows.iter().map(|(_, r)| r).collect();
        json_pretty(&reports)
    } else {
        compare_table(&rows, args.sample, args.seed)
    };
    out.write_all(s.as_bytes())?;
    Ok(0)
}

/// `compare --ending kpkp|kppk`.
fn compare_pawn_ending(
    args: &Args,
    ending: PawnEnding,
    selectors: Vec<Selector>,
    out: &mut impl Write,
) -> Outcome {
    let tb = pecp::Tablebases::discover_with_four_pieces(args.judging.tablebases.as_deref())?
        .ok_or_else(|| {
            PecpError::TablesNeeded(format!(
                "compare --ending {} needs the 4-piece Syzygy tables (--tablebases DIR)",
                ending.name()
            ))
        })?;
    tb.require(ending)?;
    let opts = PawnCompareOptions {
        ending,
        selectors,
        sample: (args.sample > 0).then_some((args.sample, args.seed)),
        calc: pecp::knowledge::calc::DEFAULT_PLIES,
    };
    let c = in_pool(args.threads, || compare(&tb, &opts))??;
    let s = if args.json {
        json_pretty(&c)
    } else {
        pawn_compare_table(&c)
    };
    out.write_all(s.as_bytes())?;
    Ok(0)
}
