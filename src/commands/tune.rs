//! `pecp tune [--method genetic|logistic] [--generations N] [--population N]
//! [--seed S] [--sample N] [--playout] [-j|--threads N] [--tablebases DIR]
//! [--weights FILE] [-o|--output FILE] [--json]`.

use std::io::Write;
use std::path::PathBuf;

use clap::ValueEnum;
use pecp::PecpError;
use pecp::apps::tune::{Found, Genetic, TuneReport, data, genetic, logistic};
use pecp::apps::validate::{Options, SideFilter, run_with};
use pecp::judges::truth::Truth;
use pecp::report::tune::{json, text};

use super::{Outcome, find_tables, in_pool, progress_bar};

#[derive(clap::Args)]
pub struct Args {
    /// How to tune.
    #[arg(long, value_name = "METHOD", value_enum, default_value_t = Method::Genetic)]
    method: Method,
    /// Generations of the genetic algorithm (rounds of 100 steps for logistic).
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    generations: u32,
    /// Individuals per generation.
    #[arg(long, value_name = "N", default_value_t = 64,
          value_parser = clap::value_parser!(u32).range(2..=100_000))]
    population: u32,
    /// Seed of the genetic algorithm's generator.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Score a reproducible random subset of N positions (0 = all); the
    /// final check is always over every position.
    #[arg(long, value_name = "N")]
    sample: Option<usize>,
    /// Also check the tuned weights' conversion against perfect defence.
    #[arg(long)]
    playout: bool,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(short = 'j', long, value_name = "N")]
    threads: Option<usize>,
    /// Write the tuned weights, if accepted, in rules/weights.toml's format
    /// (whole or not at all).
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Print the table and the result as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    judging: super::Judging,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Method {
    Genetic,
    Logistic,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    super::load_weights(args.judging.weights.as_deref())?;
    if let Some(path) = &args.output {
        pecp::io::check_writable(path)?;
    }
    let truth = find_tables(args.judging.tablebases.as_deref())?;
    let truth = Truth::new(truth);
    let report = in_pool(args.threads, || tune(&args, &truth))??;
    let s = if args.json {
        json(&report)
    } else {
        text(&report)
    };
    out.write_all(s.as_bytes())?;
    if !args.json {
        // Timing varies from run to run: keep stdout reproducible.
        let _ = writeln!(std::io::stderr(), "tuned in {:.2} s", report.tune_s);
    }
    match (&args.output, report.accepted) {
        (Some(path), true) => {
            let header = format!(
                "Weights tuned by `{}`: {}.\nThe averaged rules' weights were tuned; the rest are rules/weights.toml's.",
                report.command,
                report.summary()
            );
            pecp::io::write_atomically(path, report.book.to_toml(&header).as_bytes())?;
        }
        (Some(path), false) => super::say(format!(
            "note: {} not written: the tuned weights were rejected",
            path.display()
        )),
        (None, _) => {}
    }
    Ok(0)
}

fn tune(args: &Args, truth: &Truth) -> Result<TuneReport, PecpError> {
    let started = std::time::Instant::now();
    let book = pecp::knowledge::books::kpk::BOOK.rules();
    let sample = args.sample.filter(|&n| n > 0).map(|n| (n, args.seed));
    let d = data(truth, book, sample)?;
    let start = d.weights_of(book);
    let tuned = match args.method {
        Method::Genetic => {
            let bar = progress_bar(u64::from(args.generations) + 1);
            let cfg = Genetic {
                generations: args.generations as usize,
                population: args.population as usize,
                seed: args.seed,
            };
            let t = genetic(&d, &start, cfg, &|_| {
                if let Some(b) = &bar {
                    b.inc(1);
                }
            });
            if let Some(b) = &bar {
                b.finish_and_clear();
            }
            t
        }
        Method::Logistic => logistic(&d, &start, args.generations as usize),
    };
    let tune_s = started.elapsed().as_secs_f64();
    let candidate = d.book_with(book, &tuned.weights);
    let opts = Options {
        sample: None,
        side: SideFilter::Both,
        playout: args.playout,
        counterexamples: false,
        selector: pecp::play::selectors::Selector::Pecp,
        calc: 0,
    };
    let (hand, _) = run_with(truth, &opts, book, &|| {})?;
    let (checked, _) = run_with(truth, &opts, &candidate, &|| {})?;
    let method = match args.method {
        Method::Genetic => "genetic",
        Method::Logistic => "logistic",
    };
    let found = Found {
        method,
        command: command_line(args, method),
        data: &d,
        book,
        start,
        tuned,
        tune_s,
    };
    Ok(TuneReport::new(found, hand, checked))
}

/// The command that reproduces the tuning, for the output file's header.
fn command_line(args: &Args, method: &str) -> String {
    let mut c = format!(
        "pecp tune --method {method} --generations {}",
        args.generations
    );
    if method == "genetic" {
        c.push_str(&format!(
            " --population {} --seed {}",
            args.population, args.seed
        ));
    }
    if let Some(n) = args.sample {
        c.push_str(&format!(" --sample {n}"));
    }
    c
}
