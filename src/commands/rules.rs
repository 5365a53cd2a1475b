//! `pecp rules [--json]`.

use std::io::Write;

use pecp::knowledge::books;
use pecp::report::rules::{json, text};

use super::Outcome;

#[derive(clap::Args)]
pub struct Args {
    /// As JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    let s = if args.json {
        json(&books::ALL)
    } else {
        text(&books::ALL)
    };
    out.write_all(s.as_bytes())?;
    Ok(0)
}
