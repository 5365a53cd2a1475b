//! `pecp tablebases check`.

use std::path::Path;

use crate::tablebase::FileStatus;

/// One line per file, then whether the set is complete and correct.
pub fn check(dir: &Path, files: &[(&str, FileStatus)]) -> String {
    let mut s = format!("tablebases in {}\n", dir.display());
    for (name, status) in files {
        s.push_str(&format!("  {name:<10} {}\n", status.describe()));
    }
    if files.iter().all(|(_, st)| *st == FileStatus::Ok) {
        s.push_str("all 10 files present and correct\n");
    } else {
        s.push_str("tablebases incomplete or corrupt\n");
    }
    s
}
