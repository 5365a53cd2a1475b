//! `pecp rules [--json]`.

use std::io::Write;

use pecp::knowledge::select::criteria;
use pecp::knowledge::weights::RuleBook;
use pecp::report::rules::{json, text};

use super::Outcome;

#[derive(clap::Args)]
pub struct Args {
    /// As JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    let book = RuleBook::in_use();
    let s = if args.json {
        json(book, criteria())
    } else {
        text(book, criteria())
    };
    out.write_all(s.as_bytes())?;
    Ok(0)
}
