//! `pecp tablebases check [--tablebases DIR]`.

use std::io::Write;
use std::path::PathBuf;

use pecp::tablebase::{FileStatus, check_dir, resolve_dir};

use super::Outcome;

#[derive(clap::Subcommand)]
pub enum Action {
    /// List each of the ten 3-piece files as found / missing / digest OK / mismatch.
    Check {
        /// Folder with the tables (default: $SYZYGY_PATH, then ./tablebases).
        #[arg(long)]
        tablebases: Option<PathBuf>,
    },
}

pub fn run(action: Action, out: &mut impl Write) -> Outcome {
    let Action::Check { tablebases } = action;
    let (dir, _) = resolve_dir(tablebases.as_deref());
    let files = check_dir(&dir);
    out.write_all(pecp::report::tablebases::check(&dir, &files).as_bytes())?;
    if files.iter().all(|(_, st)| *st == FileStatus::Ok) {
        Ok(0)
    } else {
        eprintln!(
            "pecp: tablebase: {} is not a complete, correct 3-piece set",
            dir.display()
        );
        Ok(2)
    }
}
