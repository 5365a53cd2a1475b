//! `pecp uci [--tablebases DIR] [--weights FILE]`: a UCI engine on stdin
//! and stdout.

use std::io::{BufRead, Write};

use pecp::Tablebases;
use pecp::apps::uci::{Engine, Next};

use super::Outcome;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    judging: super::Judging,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    super::load_weights(args.judging.weights.as_deref())?;
    let mut engine = Engine::new(Tablebases::discover(args.judging.tablebases.as_deref())?);
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
