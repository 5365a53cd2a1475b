//! `pecp uci [--calc N] [--tablebases DIR] [--weights FILE]`: a UCI engine on stdin
//! and stdout.

use std::io::Write;

use pecp::apps::uci::{Engine, Next};
use pecp::io::lines::{BoundedLines, Line, too_long};
use pecp::{PecpError, Tablebases};

use super::Outcome;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    calc: super::Calc,
    #[command(flatten)]
    judging: super::Judging,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    super::load_weights(args.judging.weights.as_deref())?;
    let mut engine = Engine::new(Tablebases::discover_with_four_pieces(
        args.judging.tablebases.as_deref(),
    )?)
    .with_calc(args.calc.plies);
    let mut lines = Vec::new();
    for line in BoundedLines::new(std::io::stdin().lock()) {
        lines.clear();
        let next = match line {
            // A line that is not UTF-8 is no command: ignored, as unknown ones are.
            Ok(Line::Text(bytes)) => engine.handle(&String::from_utf8_lossy(&bytes), &mut lines),
            Ok(Line::TooLong(length)) => {
                lines.push(format!(
                    "info string {}; ignored",
                    too_long("a line", length)
                ));
                Next::Continue
            }
            Err(e) => {
                return Err(PecpError::Io {
                    what: "cannot read stdin".into(),
                    source: e,
                }
                .into());
            }
        };
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
