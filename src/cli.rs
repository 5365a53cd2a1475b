//! Argument parsing and printing. No chess reasoning lives here.

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use pecp::line::{self, Player};
use pecp::selectors::Selector;
use pecp::{Input, PecpError, Tablebases, position, report, tablebase, truth::Truth};
use shakmaty::Position;

#[derive(Parser)]
#[command(
    name = "pecp",
    version,
    about = "Rule-based (PECP) analyser for king-and-pawn-versus-king endings"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Show a position: board, side to move, FEN, paper notation, legal moves.
    Show {
        /// FEN or paper notation, e.g. "wk(5/3) wp(4/3) bk(4/6) white".
        position: String,
        /// Draw the board with ASCII letters instead of Unicode pieces.
        #[arg(long)]
        ascii: bool,
    },
    /// Weigh a position and every move with the rules; choose a move by the
    /// two selection levels. POSITION "-" reads FENs from stdin, one per line.
    Analyse {
        /// FEN, paper notation, or "-" for one FEN per line on stdin.
        position: String,
        /// One JSON object per position (one per line in batch mode).
        #[arg(long)]
        json: bool,
        /// Draw the board with ASCII letters.
        #[arg(long)]
        ascii: bool,
        /// Folder with Syzygy tables (default: $SYZYGY_PATH, then ./tablebases).
        #[arg(long)]
        tablebases: Option<PathBuf>,
        /// Also show the move another selector would choose.
        #[arg(long, value_enum, default_value_t = SelectorArg::Pecp)]
        selector: SelectorArg,
        /// Alpha-beta search depth in plies.
        #[arg(long, default_value_t = 4)]
        depth: u8,
    },
    /// List every rule: id, kind, weight, description, source.
    Rules {
        /// As JSON.
        #[arg(long)]
        json: bool,
    },
    /// Generate an annotated line (the paper's generation loop).
    Line {
        /// FEN or paper notation.
        position: String,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Who plays the white pieces (default: --selector).
        #[arg(long, value_enum)]
        white: Option<PlayerArg>,
        /// Who plays the black pieces (default: --selector).
        #[arg(long, value_enum)]
        black: Option<PlayerArg>,
        /// The selector for sides not given by --white/--black.
        #[arg(long, value_enum, default_value_t = SelectorArg::Pecp)]
        selector: SelectorArg,
        /// Alpha-beta search depth in plies.
        #[arg(long, default_value_t = 4)]
        depth: u8,
        /// Stop after this many moves of each side.
        #[arg(long, default_value_t = 50)]
        max_moves: u32,
        /// Moves (SAN, space or comma separated) the defender must play first.
        #[arg(long)]
        moves: Option<String>,
        /// Write to this file (whole or not at all) instead of stdout.
        #[arg(long)]
        output: Option<PathBuf>,
        /// Folder with Syzygy tables (default: $SYZYGY_PATH, then ./tablebases).
        #[arg(long)]
        tablebases: Option<PathBuf>,
    },
    /// Measure the rules against the truth over every legal KPK position.
    Validate {
        /// Folder with Syzygy tables (default: $SYZYGY_PATH, then ./tablebases;
        /// without tables the embedded exact oracle is the truth).
        #[arg(long)]
        tablebases: Option<PathBuf>,
        /// Check a reproducible random subset of N positions.
        #[arg(long)]
        sample: Option<usize>,
        /// Seed for --sample.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Side to move to sweep.
        #[arg(long, value_enum, default_value_t = SideArg::Both)]
        side: SideArg,
        /// Play out every won position against perfect defence.
        #[arg(long)]
        playout: bool,
        /// Write failing positions as EPD to this file.
        #[arg(long)]
        counterexamples: Option<PathBuf>,
        /// Worker threads (default: all cores). Results do not depend on it.
        #[arg(long)]
        threads: Option<usize>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        /// Whose moves to judge.
        #[arg(long, value_enum, default_value_t = SelectorArg::Pecp)]
        selector: SelectorArg,
        /// Alpha-beta search depth in plies.
        #[arg(long, default_value_t = 4)]
        depth: u8,
    },
    /// Compare the selectors (PECP, SOMA, alpha-beta at several depths) on
    /// the same positions: move soundness, conversion, time.
    Compare {
        /// Alpha-beta depths to measure.
        #[arg(long, value_delimiter = ',', default_value = "1,2,3,4,6")]
        depths: Vec<u8>,
        /// Positions to sample (0 = all 331,352).
        #[arg(long, default_value_t = 10_000)]
        sample: usize,
        /// Seed for the sample.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Also play out every won position against perfect defence.
        #[arg(long)]
        playout: bool,
        /// Folder with Syzygy tables (default: $SYZYGY_PATH, then ./tablebases).
        #[arg(long)]
        tablebases: Option<PathBuf>,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Print the table as JSON (one report per selector).
        #[arg(long)]
        json: bool,
    },
    /// Benchmarks: level-1 evaluation speed, or validate against a plain
    /// Syzygy sweep measured in the same run.
    Bench {
        #[command(subcommand)]
        what: BenchWhat,
    },
    /// Syzygy tablebase files.
    Tablebases {
        #[command(subcommand)]
        action: TbAction,
    },
}

#[derive(Subcommand)]
enum BenchWhat {
    /// Level-1 evaluation per position over a fixed set (one thread).
    Eval {
        /// Positions to evaluate (every k-th legal position).
        #[arg(long, default_value_t = 20_000)]
        positions: usize,
    },
    /// Plain Syzygy WDL probe of all 331,352 positions, then `validate`
    /// (items 1, 2, 3, 5) on the same threads; prints both and the ratio.
    Sweep {
        /// Folder with Syzygy tables.
        #[arg(long)]
        tablebases: Option<PathBuf>,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
    },
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum SideArg {
    White,
    Black,
    Both,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Pgn,
    Json,
    Pecp,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum PlayerArg {
    Pecp,
    Soma,
    Alphabeta,
    Tablebase,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum SelectorArg {
    Pecp,
    Soma,
    Alphabeta,
}

/// Seed of SOMA's deterministic coin toss.
const SOMA_SEED: u64 = 1961;

fn selector_of(arg: SelectorArg, depth: u8) -> Selector {
    match arg {
        SelectorArg::Pecp => Selector::Pecp,
        SelectorArg::Soma => Selector::Soma { seed: SOMA_SEED },
        SelectorArg::Alphabeta => Selector::AlphaBeta { depth },
    }
}

impl PlayerArg {
    fn player(self, depth: u8) -> Player {
        match self {
            PlayerArg::Pecp => Player::PECP,
            PlayerArg::Soma => Player::Select(Selector::Soma { seed: SOMA_SEED }),
            PlayerArg::Alphabeta => Player::Select(Selector::AlphaBeta { depth }),
            PlayerArg::Tablebase => Player::Tablebase,
        }
    }
}

fn check_depth(depth: u8) -> Result<u8, PecpError> {
    if (1..=12).contains(&depth) {
        Ok(depth)
    } else {
        Err(PecpError::Usage(format!(
            "--depth must be 1 to 12, not {depth}"
        )))
    }
}

#[derive(Subcommand)]
enum TbAction {
    /// List each of the ten 3-piece files as found / missing / digest OK / mismatch.
    Check {
        /// Folder with the tables (default: $SYZYGY_PATH, then ./tablebases).
        #[arg(long)]
        tablebases: Option<PathBuf>,
    },
}

/// Runs the command line; returns the exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let mut out = std::io::stdout().lock();
    match dispatch(cli, &mut out) {
        Ok(code) => code,
        Err(Failure::Pecp(e)) => {
            eprintln!("pecp: {e}");
            2
        }
        Err(Failure::BrokenPipe) => 0,
    }
}

enum Failure {
    Pecp(PecpError),
    BrokenPipe,
}

impl From<PecpError> for Failure {
    fn from(e: PecpError) -> Self {
        Failure::Pecp(e)
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Pecp(PecpError::Io(format!("cannot write output: {e}")))
        }
    }
}

fn dispatch(cli: Cli, out: &mut impl Write) -> Result<i32, Failure> {
    match cli.command {
        Command::Show { position, ascii } => {
            let input = Input::parse(&position)?;
            show(&input, !ascii, out)?;
            Ok(0)
        }
        Command::Analyse {
            position,
            json,
            ascii,
            tablebases,
            selector,
            depth,
        } => {
            let tb = Tablebases::discover(tablebases.as_deref())?;
            let sel = selector_of(selector, check_depth(depth)?);
            let opts = AnalyseOpts {
                json,
                unicode: !ascii,
                tb: tb.as_ref(),
                selector: sel,
            };
            if position == "-" {
                return analyse_batch(&opts, out);
            }
            let input = Input::parse(&position)?;
            print_analysis(&input, &opts, out)?;
            Ok(0)
        }
        Command::Rules { json } => {
            let book = pecp::weights::RuleBook::builtin();
            if json {
                let v = serde_json::json!({
                    "rules": book.rows,
                    "comparisons": pecp::select::criteria(),
                });
                print_json(out, &v)?;
            } else {
                writeln!(
                    out,
                    "level-1 rules (rules/position.rs, weights in rules/weights.toml); deterministic rules in priority order:"
                )?;
                for r in &book.rows {
                    writeln!(
                        out,
                        "  {:<32} {:<13} {:.2}  {}",
                        r.id,
                        r.kind.word(),
                        r.weight,
                        r.description
                    )?;
                    writeln!(out, "  {:<32} source: {}", "", r.source)?;
                }
                writeln!(
                    out,
                    "\nlevel-2 comparisons (rules/compare.rs, order in rules/compare.toml):"
                )?;
                for (i, c) in pecp::select::criteria().iter().enumerate() {
                    writeln!(out, "  {}. {:<32} {}", i + 1, c.id, c.description)?;
                    writeln!(out, "     {:<32} source: {}", "", c.source)?;
                }
            }
            Ok(0)
        }
        Command::Line {
            position,
            format,
            white,
            black,
            selector,
            depth,
            max_moves,
            moves,
            output,
            tablebases,
        } => {
            let input = Input::parse(&position)?;
            let tb = Tablebases::discover(tablebases.as_deref())?;
            let depth = check_depth(depth)?;
            let default = match selector {
                SelectorArg::Pecp => PlayerArg::Pecp,
                SelectorArg::Soma => PlayerArg::Soma,
                SelectorArg::Alphabeta => PlayerArg::Alphabeta,
            };
            let (white, black) = (white.unwrap_or(default), black.unwrap_or(default));
            let needs_truth = white == PlayerArg::Tablebase || black == PlayerArg::Tablebase;
            let (pawn_arg, defender_arg) = match input.orientation {
                pecp::Orientation::AsGiven => (white, black),
                pecp::Orientation::Flipped => (black, white),
            };
            let start = input
                .kpk
                .to_chess_with_counters(input.halfmoves, input.fullmoves);
            let script = match &moves {
                Some(list) => parse_script(list)?,
                None => Vec::new(),
            };
            let config = line::Config {
                white: pawn_arg.player(depth),
                black: defender_arg.player(depth),
                max_moves,
                defender_script: script,
                orientation: input.orientation,
            };
            // The tablebase player uses Syzygy when present, else the oracle.
            let truth = if needs_truth {
                Truth::new(Tablebases::discover(tablebases.as_deref())?)
            } else {
                Truth::new(None)
            };
            let l = line::generate(&start, &config, &truth)?;
            let rep = report::line_report(
                &l,
                input.orientation,
                &pawn_arg.player(depth).label(),
                &defender_arg.player(depth).label(),
                tb.as_ref(),
            )?;
            let text = match format {
                Format::Text => rep.text(),
                Format::Pgn => rep.pgn(),
                Format::Json => rep.json(),
                Format::Pecp => rep.paper_table(),
            };
            match output {
                Some(path) => pecp::io::write_atomically(&path, text.as_bytes())?,
                None => out.write_all(text.as_bytes())?,
            }
            Ok(0)
        }
        Command::Validate {
            tablebases,
            sample,
            seed,
            side,
            playout,
            counterexamples,
            threads,
            json,
            selector,
            depth,
        } => {
            let tb = Tablebases::discover(tablebases.as_deref())?;
            let truth = Truth::new(tb);
            let selector = selector_of(selector, check_depth(depth)?);
            let opts = pecp::validate::Options {
                sample: sample.map(|n| (n, seed)),
                side: match side {
                    SideArg::White => pecp::validate::SideFilter::White,
                    SideArg::Black => pecp::validate::SideFilter::Black,
                    SideArg::Both => pecp::validate::SideFilter::Both,
                },
                playout,
                counterexamples: counterexamples.is_some(),
                selector,
            };
            let (report, examples) = in_pool(threads, || {
                let total = pecp::validate::work_size(&opts);
                let bar = progress_bar(total);
                let tick = || {
                    if let Some(b) = &bar {
                        b.inc(1);
                    }
                };
                let r = pecp::validate::run(&truth, &opts, &tick);
                if let Some(b) = &bar {
                    b.finish_and_clear();
                }
                r
            })??;
            if let Some(path) = counterexamples {
                let text: String = examples
                    .iter()
                    .enumerate()
                    .map(|(i, e)| e.epd(i + 1) + "\n")
                    .collect();
                pecp::io::write_atomically(&path, text.as_bytes())?;
            }
            if json {
                print_json(out, &report)?;
            } else {
                write!(out, "{}", report.text(&examples))?;
                // Timing varies from run to run: keep stdout reproducible.
                eprintln!(
                    "elapsed: {:.2} s on {} threads",
                    report.elapsed_s, report.threads
                );
            }
            Ok(0)
        }
        Command::Compare {
            depths,
            sample,
            seed,
            playout,
            tablebases,
            threads,
            json,
        } => {
            let truth = Truth::new(Tablebases::discover(tablebases.as_deref())?);
            let mut selectors = vec![Selector::Pecp, Selector::Soma { seed: SOMA_SEED }];
            for d in depths {
                selectors.push(Selector::AlphaBeta {
                    depth: check_depth(d)?,
                });
            }
            let mut rows = Vec::new();
            for selector in selectors {
                let opts = pecp::validate::Options {
                    sample: (sample > 0).then_some((sample, seed)),
                    side: pecp::validate::SideFilter::Both,
                    playout,
                    counterexamples: false,
                    selector,
                };
                let (r, _) = in_pool(threads, || pecp::validate::run(&truth, &opts, &|| {}))??;
                rows.push((selector.label(), r));
            }
            if json {
                let v: Vec<&pecp::validate::Report> = rows.iter().map(|(_, r)| r).collect();
                print_json(out, &v)?;
            } else {
                let r0 = &rows[0].1;
                writeln!(
                    out,
                    "{} positions ({}), truth: {}; one thread count for all: {}\n",
                    r0.positions,
                    if sample > 0 {
                        format!("sample of {sample}, seed {seed}")
                    } else {
                        "all".into()
                    },
                    r0.truth,
                    r0.threads
                )?;
                writeln!(
                    out,
                    "| selector | white keeps win | black keeps draw | conversion | selection time (s) |"
                )?;
                writeln!(out, "|---|---|---|---|---|")?;
                for (label, r) in &rows {
                    let ms = &r.move_soundness;
                    let pct = |c: &pecp::validate::Count| {
                        100.0 * c.sound as f64 / c.positions.max(1) as f64
                    };
                    let conv = r.conversion.as_ref().map_or("-".to_string(), |c| {
                        format!(
                            "{:.2}% ({}/{})",
                            100.0 * c.converted as f64 / c.positions.max(1) as f64,
                            c.converted,
                            c.positions
                        )
                    });
                    writeln!(
                        out,
                        "| {label} | {:.2}% ({}/{}) | {:.2}% ({}/{}) | {conv} | {:.2} |",
                        pct(&ms.white_in_won),
                        ms.white_in_won.sound,
                        ms.white_in_won.positions,
                        pct(&ms.black_in_drawn),
                        ms.black_in_drawn.sound,
                        ms.black_in_drawn.positions,
                        r.selection_s
                    )?;
                }
            }
            Ok(0)
        }
        Command::Bench { what } => bench(what, out),
        Command::Tablebases {
            action: TbAction::Check { tablebases },
        } => {
            let (dir, _) = tablebase::resolve_dir(tablebases.as_deref());
            writeln!(out, "tablebases in {}", dir.display())?;
            let mut all_ok = true;
            for (name, status) in tablebase::check_dir(&dir) {
                all_ok &= status == tablebase::FileStatus::Ok;
                writeln!(out, "  {name:<10} {}", status.describe())?;
            }
            if all_ok {
                writeln!(out, "all 10 files present and correct")?;
                Ok(0)
            } else {
                writeln!(out, "tablebases incomplete or corrupt")?;
                eprintln!(
                    "pecp: tablebase: {} is not a complete, correct 3-piece set",
                    dir.display()
                );
                Ok(2)
            }
        }
    }
}

fn show(input: &Input, unicode: bool, out: &mut impl Write) -> std::io::Result<()> {
    let pos = input.user_chess();
    write!(out, "{}", pecp::board::diagram(pos.board(), unicode))?;
    writeln!(out, "side to move: {}", position::color_name(pos.turn()))?;
    writeln!(out, "fen:          {}", input.fen())?;
    writeln!(out, "paper:        {}", input.paper())?;
    let normal = input.kpk.to_chess();
    let mut sans: Vec<String> = normal
        .legal_moves()
        .into_iter()
        .map(|m| position::user_move_names(&normal, m, input.orientation).0)
        .collect();
    sans.sort();
    writeln!(out, "legal moves:  {} ({})", sans.join(" "), sans.len())?;
    Ok(())
}

struct AnalyseOpts<'a> {
    json: bool,
    unicode: bool,
    tb: Option<&'a Tablebases>,
    selector: Selector,
}

fn print_analysis(
    input: &Input,
    opts: &AnalyseOpts<'_>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut a = report::analyse(
        input.kpk,
        input.orientation,
        input.halfmoves,
        input.fullmoves,
        opts.tb,
    )?;
    if opts.selector != Selector::Pecp {
        let pos = input
            .kpk
            .to_chess_with_counters(input.halfmoves, input.fullmoves);
        a.selector = Some(report::SelectorChoice {
            selector: opts.selector.label(),
            chosen: opts
                .selector
                .choose(&pos, &pecp::evaluate::evaluate)
                .map(|m| {
                    let (san, uci) = position::user_move_names(&pos, m, input.orientation);
                    report::MoveName { uci, san }
                }),
        });
    }
    if opts.json {
        writeln!(out, "{}", serde_json::to_string(&a).expect("serialisable"))?;
    } else {
        write!(
            out,
            "{}",
            pecp::board::diagram(input.user_chess().board(), opts.unicode)
        )?;
        write!(out, "{}", a.text())?;
    }
    Ok(())
}

fn analyse_batch(opts: &AnalyseOpts<'_>, out: &mut impl Write) -> Result<i32, Failure> {
    use std::io::BufRead;
    let stdin = std::io::stdin();
    let mut failed = false;
    let mut first = true;
    for (n, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| PecpError::Io(format!("cannot read stdin: {e}")))?;
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        match Input::parse(&line) {
            Ok(input) => {
                if !opts.json && !first {
                    writeln!(out)?;
                }
                first = false;
                print_analysis(&input, opts, out)?;
            }
            Err(e) => {
                eprintln!("pecp: line {}: {e}", n + 1);
                failed = true;
            }
        }
    }
    Ok(if failed { 2 } else { 0 })
}

fn parse_script(list: &str) -> Result<Vec<shakmaty::san::San>, PecpError> {
    list.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|tok| {
            tok.parse()
                .map_err(|_| PecpError::Usage(format!("--moves: {tok:?} is not a SAN move")))
        })
        .collect()
}

fn in_pool<T: Send>(threads: Option<usize>, f: impl FnOnce() -> T + Send) -> Result<T, PecpError> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        if n == 0 {
            return Err(PecpError::Usage("--threads must be at least 1".into()));
        }
        b = b.num_threads(n);
    }
    let pool = b
        .build()
        .map_err(|e| PecpError::Usage(format!("cannot start threads: {e}")))?;
    Ok(pool.install(f))
}

fn progress_bar(total: u64) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {eta} left")
            .expect("valid template"),
    );
    Some(bar)
}

fn bench(what: BenchWhat, out: &mut impl Write) -> Result<i32, Failure> {
    match what {
        BenchWhat::Eval { positions } => {
            let all = pecp::enumerate::all_positions();
            let step = (all.len() / positions.max(1)).max(1);
            let set: Vec<pecp::facts::Node> = all
                .iter()
                .step_by(step)
                .map(|k| pecp::facts::Node::from_kpk(*k))
                .collect();
            // Warm up, then time three rounds and report the best.
            let mut sink = 0.0;
            for n in set.iter().take(1000) {
                sink += pecp::evaluate::evaluate(n).weight;
            }
            let mut best = f64::INFINITY;
            for _ in 0..3 {
                let t = std::time::Instant::now();
                for n in &set {
                    sink += pecp::evaluate::evaluate(n).weight;
                }
                best = best.min(t.elapsed().as_secs_f64());
            }
            writeln!(
                out,
                "level-1 evaluation: {} positions, best of 3 rounds {:.3} s, {:.2} µs per position (checksum {:.1})",
                set.len(),
                best,
                best * 1e6 / set.len() as f64,
                sink
            )?;
            Ok(0)
        }
        BenchWhat::Sweep {
            tablebases,
            threads,
        } => {
            let tb = Tablebases::discover(tablebases.as_deref())?.ok_or_else(|| {
                PecpError::Tablebase(
                    "bench sweep needs the Syzygy tables (--tablebases DIR)".into(),
                )
            })?;
            let (probe_s, wins, report) = in_pool(threads, || -> Result<_, PecpError> {
                use rayon::prelude::*;
                let all = pecp::enumerate::all_positions();
                let t = std::time::Instant::now();
                let wins: Result<usize, PecpError> = all
                    .par_iter()
                    .map(|k| {
                        tb.wdl(&k.to_chess()).map(|w| {
                            usize::from(
                                w == if k.turn() == shakmaty::Color::White {
                                    1
                                } else {
                                    -1
                                },
                            )
                        })
                    })
                    .try_reduce(|| 0, |a, b| Ok(a + b));
                let probe_s = t.elapsed().as_secs_f64();
                let truth = Truth::new(Some(tb));
                let opts = pecp::validate::Options {
                    sample: None,
                    side: pecp::validate::SideFilter::Both,
                    playout: false,
                    counterexamples: false,
                    selector: Selector::Pecp,
                };
                let (report, _) = pecp::validate::run(&truth, &opts, &|| {})?;
                Ok((probe_s, wins?, report))
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
    }
}

fn print_json(out: &mut impl Write, v: &impl serde::Serialize) -> std::io::Result<()> {
    writeln!(
        out,
        "{}",
        serde_json::to_string_pretty(v).expect("serialisable")
    )
}
