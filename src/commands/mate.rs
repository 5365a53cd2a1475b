//! `pecp mate POSITION [--depth N] [--mode checks|threats] [--nodes N]
//! [--json]`: MATER on any legal position.

use std::io::Write;

use clap::ValueEnum;
use pecp::PecpError;
use pecp::play::mater::{Mode, find};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

use super::Outcome;

#[derive(clap::Args)]
pub struct Args {
    /// A FEN of any legal position, the attacker to move.
    position: String,
    /// The deepest mate to look for, in the attacker's moves (1 to 30).
    #[arg(long, value_name = "N", default_value_t = 5,
          value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// Mater I (checks) or Mater II (checks and threats of mate in one).
    #[arg(long, value_name = "MODE", value_enum, default_value_t = ModeArg::Checks)]
    mode: ModeArg,
    /// Stop after visiting N positions.
    #[arg(long, value_name = "N", default_value_t = 5_000_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum ModeArg {
    Checks,
    Threats,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    let text = args.position.trim().trim_start_matches('\u{feff}');
    let pos: Chess = text
        .parse::<Fen>()
        .map_err(|e| PecpError::BadFen(format!("{e}: {}", one_line(text))))?
        .into_position(CastlingMode::Standard)
        .map_err(|e| PecpError::Illegal(e.to_string().replace("illegal position: ", "")))?;
    let mode = match args.mode {
        ModeArg::Checks => Mode::Checks,
        ModeArg::Threats => Mode::Threats,
    };
    let s = find(&pos, args.depth, mode, args.nodes);
    let report = if args.json {
        pecp::report::json_pretty(&s)
    } else {
        words(&pos, &s)
    };
    out.write_all(report.as_bytes())?;
    Ok(0)
}

fn one_line(s: &str) -> String {
    s.chars().take(80).collect::<String>()
}

/// "White mates in 2: 1. Qd8+ Ka7 2. Qb6#" or why not.
fn words(pos: &Chess, s: &pecp::play::mater::MateSearch) -> String {
    let kind = match s.mode {
        Mode::Checks => "checks",
        Mode::Threats => "checks and threats of mate",
    };
    let side = pecp::report::svg::capitalised(pos.turn());
    match s.mate_in {
        Some(n) => {
            let mut number = pos.fullmoves().get();
            let mut white = pos.turn() == shakmaty::Color::White;
            let mut line = Vec::new();
            for (i, m) in s.moves.iter().enumerate() {
                if white {
                    line.push(format!("{number}. {m}"));
                } else if i == 0 {
                    line.push(format!("{number}... {m}"));
                } else {
                    line.push(m.clone());
                }
                if !white {
                    number += 1;
                }
                white = !white;
            }
            format!(
                "{side} mates in {n} by {kind}: {} (positions searched: {})\n",
                line.join(" "),
                s.nodes
            )
        }
        None if s.complete => format!(
            "no forced mate by {kind} within {} moves (positions searched: {})\n",
            s.depth, s.nodes
        ),
        None => format!(
            "no forced mate by {kind} found before the node limit (positions searched: {}; raise --nodes)\n",
            s.nodes
        ),
    }
}
