//! `pecp mate POSITION [--depth N] [--mode checks|threats] [--nodes N]
//! [--json]`: MATER on any legal position.

use std::io::Write;

use clap::ValueEnum;
use pecp::play::mater::{Mode, find};
use shakmaty::{Chess, Position};

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
    #[arg(long, value_name = "N", default_value_t = 5_000_000, value_parser = positions)]
    nodes: u64,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// A number of positions: at least 1.
fn positions(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("a number of positions, at least 1".into()),
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum ModeArg {
    Checks,
    Threats,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    let pos: Chess = pecp::board::position::parse_chess(&args.position)?;
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

/// "White mates in 2: 1. Qd8+ Ka7 2. Qb6#" or why not.
fn words(pos: &Chess, s: &pecp::play::mater::MateSearch) -> String {
    let kind = match s.mode {
        Mode::Checks => "checks",
        Mode::Threats => "checks and threats of mate",
    };
    let side = pecp::report::svg::capitalised(pos.turn());
    if pos.is_checkmate() {
        return format!("{side} is checkmated already: no move to search\n");
    }
    if pos.is_stalemate() {
        return format!("{side} is stalemated: no move, a draw\n");
    }
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
