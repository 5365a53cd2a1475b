//! `pecp tablebases check`.

use crate::judges::files::{CheckedFile, FileStatus, Lookup};

/// Where the 3-piece set can be downloaded.
pub const DOWNLOAD: &str = "https://tablebase.lichess.ovh/tables/standard/3-4-5/";

/// One line per file, then whether the set is complete and correct.
pub fn check(lookup: &Lookup, files: &[CheckedFile]) -> String {
    let several = lookup.dirs.len() > 1;
    let mut s = format!("looked for the Syzygy tables in: {}\n", lookup.describe());
    for f in files {
        s.push_str(&format!(
            "  {:<10} {}",
            f.expected.name,
            f.status.describe()
        ));
        if let (true, Some(p)) = (several, &f.path) {
            s.push_str(&format!(" ({})", p.display()));
        }
        s.push('\n');
    }
    if files.iter().all(|f| f.status == FileStatus::Ok) {
        s.push_str("all 10 files present and correct\n");
    } else if files.iter().all(|f| f.status == FileStatus::Missing) {
        s.push_str(&format!(
            "no table files there: get the 3-piece set (10 files, 25,824 bytes) from {DOWNLOAD}\n\
             and put it in ./tablebases, or name its folder with --tablebases DIR or SYZYGY_PATH\n"
        ));
    } else {
        s.push_str("the set is incomplete or damaged\n");
    }
    s
}
