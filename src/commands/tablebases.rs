//! `pecp tablebases check [--tablebases DIR]`.

use std::io::Write;
use std::path::PathBuf;

use pecp::judges::files::{Lookup, check};

use super::Outcome;

#[derive(clap::Subcommand)]
pub enum Action {
    /// List each of the ten 3-piece files as found / missing / digest OK / mismatch.
    Check {
        /// Folder with the tables (default: each folder of $SYZYGY_PATH, then ./tablebases).
        #[arg(long, value_name = "DIR")]
        tablebases: Option<PathBuf>,
    },
}

pub fn run(action: Action, out: &mut impl Write) -> Outcome {
    let Action::Check { tablebases } = action;
    let lookup = Lookup::resolve(tablebases.as_deref());
    let files = check(&lookup.dirs);
    let complete = files
        .iter()
        .all(|f| f.status.acceptable(f.expected.required));
    if !complete {
        // Before stdout is written: a reader that goes away early must not
        // turn the failure into success.
        super::mark_failed();
    }
    out.write_all(pecp::report::tablebases::check(&lookup, &files).as_bytes())?;
    if !complete {
        super::say(format!(
            "tablebase: no complete, correct 3-piece set, or a damaged 4-piece file, in {}",
            lookup.describe()
        ));
    }
    Ok(if complete { 0 } else { 2 })
}
