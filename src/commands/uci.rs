//! `pecp uci [--tablebases DIR] [--weights FILE]`: a UCI engine on stdin
//! and stdout.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use pecp::Tablebases;
use pecp::uci::{Engine, Next};

use super::Outcome;

#[derive(clap::Args)]
pub struct Args {
    /// Folder with Syzygy tables (default: each folder of $SYZYGY_PATH, then
    /// ./tablebases; the SyzygyPath option sets it too).
    #[arg(long, value_name = "DIR")]
    tablebases: Option<PathBuf>,
    /// Weights file in rules/weights.toml's format (default: the built-in
    /// rules/weights.toml).
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    super::load_weights(args.weights.as_deref())?;
    let mut engine = Engine::new(Tablebases::discover(args.tablebases.as_deref())?);
    let stdin = std::io::stdin();
    let mut lines = Vec::new();
    for line in stdin.lock().split(b'\n') {
        let Ok(line) = line else { break };
        // A line that is not UTF-8 is no command: ignored, as unknown ones are.
        let text = String::from_utf8_lossy(&line);
        lines.clear();
        let next = engine.handle(&text, &mut lines);
        for l in &lines {
            writeln!(out, "{l}")?;
        }
        out.flush()?;
        if next == Next::Quit {
            break;
        }
    }
    Ok(0)
}
