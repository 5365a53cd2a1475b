//! `pecp line POSITION [--format text|pgn|json|pecp] [--white P] [--black P]
//! [--selector S] [--depth N] [--max-moves N] [--moves SAN...] [--calc N] [--output FILE]`.

use std::io::Write;
use std::path::PathBuf;

use clap::ValueEnum;
use pecp::PecpError;
use pecp::apps::annotate::{LineJudges, line_report};
use pecp::judges::truth::Truth;
use pecp::play::line::{Config, Until, generate};
use pecp::play::mater::Mode;
use pecp::report::line::{json, paper_table, pgn, text};
use shakmaty::san::San;

use super::{Outcome, PlayerArg, check_depth};

#[derive(clap::Args)]
pub struct Args {
    /// FEN or paper notation.
    position: String,
    /// Output format.
    #[arg(short = 'f', long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Who plays the white pieces (default: --selector).
    #[arg(long, value_name = "PLAYER", value_enum)]
    white: Option<PlayerArg>,
    /// Who plays the black pieces (default: --selector).
    #[arg(long, value_name = "PLAYER", value_enum)]
    black: Option<PlayerArg>,
    /// The player of the sides not given by --white/--black.
    #[arg(long, value_name = "PLAYER", value_enum, default_value_t = PlayerArg::Pecp)]
    selector: PlayerArg,
    /// Alpha-beta search depth in plies (1 to 12).
    #[arg(long, value_name = "N", default_value_t = 4)]
    depth: u8,
    /// Stop after N moves of each side (1 to 1000).
    #[arg(long, value_name = "N", default_value_t = 50,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    max_moves: u32,
    /// Moves (SAN, space or comma separated) the defender must play first.
    #[arg(long, value_name = "SAN...")]
    moves: Option<String>,
    /// Also print the level-1 weights, the rules that fired and level 2's
    /// pairings (text and PGN).
    #[arg(long)]
    verbose: bool,
    /// Stop at the safe promotion (the paper's absolute win) or play on to
    /// mate (default: mate; with --format pecp, promotion).
    #[arg(long, value_enum)]
    until: Option<UntilArg>,
    /// After the promotion, MATER plays first for the pawn side's PECP
    /// player when it finds a forced mate of its kind (off: the rules
    /// alone).
    #[arg(long, value_enum, default_value_t = MaterArg::Threats)]
    mater: MaterArg,
    /// The deepest mate MATER looks for, in moves (1 to 10).
    #[arg(long, value_name = "N", default_value_t = 3,
          value_parser = clap::value_parser!(u32).range(1..=10))]
    mater_depth: u32,
    /// Write to this file (whole or not at all) instead of stdout.
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    calc: super::Calc,
    #[command(flatten)]
    judging: super::Judging,
}

#[derive(Clone, Copy, ValueEnum)]
enum UntilArg {
    Mate,
    Promotion,
}

#[derive(Clone, Copy, ValueEnum)]
enum MaterArg {
    Checks,
    Threats,
    Off,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Pgn,
    Json,
    Pecp,
    Html,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    super::load_weights(args.judging.weights.as_deref())?;
    if let Some(path) = &args.output {
        pecp::io::check_writable(path)?;
    }
    let (start, orientation) =
        pecp::board::pawns::parse_playable(&args.position, &pecp::knowledge::select::for_the_win)?;
    // The tables annotate the line and play for a `tablebase` player; the
    // embedded oracle plays when there are none.
    let tables = super::tables_for(args.judging.tablebases.as_deref(), &start)?;
    let judged = tables.is_some() || shakmaty::Position::board(&start).occupied().count() <= 3;
    let truth = Truth::new(tables);
    let depth = check_depth(args.depth)?;
    let default = args.selector;
    let mut config = Config {
        max_moves: args.max_moves,
        defender_script: match &args.moves {
            Some(list) => parse_script(list)?,
            None => Vec::new(),
        },
        until: match (args.until, args.format) {
            (Some(UntilArg::Mate), _) => Until::Mate,
            (Some(UntilArg::Promotion), _) | (None, Format::Pecp) => Until::Promotion,
            (None, _) => Until::Mate,
        },
        mater: match args.mater {
            MaterArg::Checks => Some((args.mater_depth, Mode::Checks)),
            MaterArg::Threats => Some((args.mater_depth, Mode::Threats)),
            MaterArg::Off => None,
        },
        check: args.calc.plies,
        ..Config::default()
    };
    config.players(
        args.white.unwrap_or(default).player(depth),
        args.black.unwrap_or(default).player(depth),
        orientation,
    );
    let perfect = [config.white, config.black].contains(&pecp::play::line::Player::Tablebase);
    if perfect && !judged {
        return Err(PecpError::Usage(
            "the tablebase player needs the 4-piece Syzygy tables of this ending".into(),
        )
        .into());
    }
    let line = generate(&start, &config, &truth)?;
    let rep = line_report(
        &line,
        &config,
        &mut LineJudges::new(&truth, args.calc.plies),
    )?;
    let s = match args.format {
        Format::Text => text(&rep, args.verbose),
        Format::Pgn => pgn(&rep, args.verbose),
        Format::Json => json(&rep),
        Format::Pecp => paper_table(&rep),
        Format::Html => pecp::report::html::page(&rep),
    };
    match args.output {
        Some(path) => pecp::io::write_atomically(&path, s.as_bytes())?,
        None => out.write_all(s.as_bytes())?,
    }
    Ok(0)
}

fn parse_script(list: &str) -> Result<Vec<San>, PecpError> {
    list.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|tok| {
            tok.parse()
                .map_err(|_| PecpError::Usage(format!("--moves: {tok:?} is not a SAN move")))
        })
        .collect()
}
