//! Errors by layer, with one-line messages for people.

use std::path::PathBuf;

use thiserror::Error;

/// Everything that can go wrong between the user's input and an answer.
///
/// Every variant renders as one lowercase line naming the input problem; the
/// binary prints it on stderr and exits with code 2.
#[derive(Debug, Error)]
pub enum PecpError {
    /// Empty position argument or empty line.
    #[error(
        "empty position: give a FEN or the paper notation, e.g. \"wk(5/3) wp(4/3) bk(4/6) white\""
    )]
    EmptyInput,
    /// The FEN could not be parsed.
    #[error("bad FEN: {0}")]
    BadFen(String),
    /// The paper notation could not be parsed.
    #[error("bad paper notation: {0}")]
    BadNotation(String),
    /// The material is not king and pawn against king.
    #[error("not a KPK position: {0}")]
    NotKpk(String),
    /// The material is neither KPKP nor KPPK.
    #[error("not a pawn ending of four pieces (a pawn each, or two against the king): {0}")]
    NotPawnEnding(String),
    /// The material is right but the position cannot arise in a game.
    #[error("illegal position: {0}")]
    Illegal(String),
    /// A table file is missing, unreadable, or not the published file.
    #[error("tablebase: {}: {problem}", path.display())]
    TableFile {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        problem: crate::judges::files::FileStatus,
    },
    /// The folders named for the tables cannot hold them: a file named as
    /// a folder, or every folder missing.
    #[error("tablebase: {0}")]
    TableFolders(String),
    /// A probe of the tables failed.
    #[error("tablebase: {}", probe_words(source))]
    Probe {
        /// The cause.
        #[source]
        source: shakmaty_syzygy::SyzygyError,
    },
    /// A command needs the tables and none were found.
    #[error("tablebase: {0}")]
    TablesNeeded(String),
    /// A file or stream could not be read or written.
    #[error("{what}: {source}")]
    Io {
        /// What was being done ("cannot write out.pgn").
        what: String,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// A bad command-line value (a move that is not legal, a bad option).
    #[error("{0}")]
    Usage(String),
}

/// Result with [`PecpError`].
pub type Result<T> = std::result::Result<T, PecpError>;

/// A probe failure in one line: shakmaty-syzygy's own message for a
/// corrupted table carries a backtrace.
fn probe_words(e: &shakmaty_syzygy::SyzygyError) -> String {
    use shakmaty_syzygy::{ProbeError, SyzygyError};
    match e {
        SyzygyError::ProbeFailed {
            metric,
            material,
            error,
        } => {
            let why = match error.as_ref() {
                ProbeError::Read { error } => format!("cannot read the file: {error}"),
                ProbeError::Magic { .. } => "not a Syzygy table (bad magic bytes)".to_string(),
                ProbeError::CorruptedTable { .. } => "the table is corrupted".to_string(),
            };
            format!("{metric} table {material}: {why}")
        }
        other => other.to_string(),
    }
}

/// A message made safe for one line of a terminal: control characters and
/// line or paragraph separators are written as escapes (`\n`, `\u{2028}`).
pub fn one_line(message: &str) -> String {
    let mut s = String::with_capacity(message.len());
    for c in message.chars() {
        match c {
            '\n' => s.push_str("\\n"),
            '\r' => s.push_str("\\r"),
            '\t' => s.push_str("\\t"),
            c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' => {
                s.push_str(&format!("\\u{{{:04x}}}", u32::from(c)));
            }
            c => s.push(c),
        }
    }
    s
}

/// Shortens user input for an error message so that it stays on one line.
pub(crate) fn excerpt(input: &str) -> String {
    let one_line: String = input
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(60)
        .collect();
    if input.chars().count() > 60 {
        format!("\"{}…\"", one_line.trim())
    } else {
        format!("\"{}\"", one_line.trim())
    }
}
