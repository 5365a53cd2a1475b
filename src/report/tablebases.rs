//! `pecp tablebases check`.

use crate::judges::files::{CheckedFile, FileStatus, Lookup};

/// Where the 3-piece set can be downloaded.
pub const DOWNLOAD: &str = "https://tablebase.lichess.ovh/tables/standard/3-4-5/";

/// One line per 3-piece file, then whether that set is complete and
/// correct; then what there is of the optional 4-piece set, each file
/// that is there but wrong on a line of its own.
pub fn check(lookup: &Lookup, files: &[CheckedFile]) -> String {
    let several = lookup.dirs.len() > 1;
    let mut s = format!("looked for the Syzygy tables in: {}\n", lookup.describe());
    let line = |s: &mut String, f: &CheckedFile| {
        s.push_str(&format!(
            "  {:<10} {}",
            f.expected.name,
            f.status.describe()
        ));
        if let (true, Some(p)) = (several, &f.path) {
            s.push_str(&format!(" ({})", p.display()));
        }
        s.push('\n');
    };
    let (three, four): (Vec<&CheckedFile>, Vec<&CheckedFile>) =
        files.iter().partition(|f| f.expected.required);
    for f in &three {
        line(&mut s, f);
    }
    if three.iter().all(|f| f.status == FileStatus::Ok) {
        s.push_str("all 10 3-piece files present and correct\n");
    } else if files.iter().all(|f| f.status == FileStatus::Missing) {
        s.push_str(&format!(
            "no table files there: get the 3-piece set (10 files, 25,824 bytes) from {DOWNLOAD}\n\
             and put it in ./tablebases, or name its folder with --tablebases DIR or SYZYGY_PATH\n"
        ));
        return s;
    } else {
        s.push_str("the 3-piece set is incomplete or damaged\n");
    }
    for f in four.iter().filter(|f| !f.status.acceptable(false)) {
        line(&mut s, f);
    }
    let ok = four.iter().filter(|f| f.status == FileStatus::Ok).count();
    let damaged = four.iter().filter(|f| !f.status.acceptable(false)).count();
    s.push_str(&format!(
        "4-piece files (optional, for the pawn endings beyond KPK): {ok} of {} present and correct",
        four.len()
    ));
    if damaged > 0 {
        s.push_str(&format!(", {damaged} damaged"));
    }
    s.push('\n');
    s
}
