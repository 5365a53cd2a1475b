//! One module per subcommand. Each reads its arguments into what the
//! library needs (checking them once), calls the library, and prints what
//! `pecp::report` makes of the result.

pub mod analyse;
pub mod annotate;
pub mod bench;
pub mod compare;
pub mod line;
pub mod map;
pub mod mate;
pub mod rules;
pub mod serve;
pub mod show;
pub mod tablebases;
pub mod tune;
pub mod uci;
pub mod validate;

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::ValueEnum;
use pecp::play::line::Player;
use pecp::play::selectors::Selector;
use pecp::{PecpError, Tablebases};

/// How a command fails: with an error for the user, or because whoever
/// reads stdout has gone away (a normal end, as for `head`).
pub enum Failure {
    /// One line on stderr, exit code 2.
    Pecp(PecpError),
    /// Stdout was closed.
    BrokenPipe,
}

impl From<PecpError> for Failure {
    fn from(e: PecpError) -> Self {
        Failure::Pecp(e)
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Pecp(PecpError::Io {
                what: "cannot write output".into(),
                source: e,
            })
        }
    }
}

/// The result of a command: its exit code.
pub type Outcome = Result<i32, Failure>;

/// Set once any input was refused, so that the exit code says so even if
/// stdout went away before the command ended.
static REFUSED: AtomicBool = AtomicBool::new(false);

/// One line on stderr, `pecp: ` first, control characters escaped. A
/// stderr that cannot be written is ignored: the exit code still tells.
pub fn say(message: impl std::fmt::Display) {
    let line = pecp::error::one_line(&message.to_string());
    let _ = writeln!(std::io::stderr(), "pecp: {line}");
}

/// Reports refused input (one line) and remembers it for the exit code.
pub fn refuse(message: impl std::fmt::Display) {
    REFUSED.store(true, Ordering::Relaxed);
    say(message);
}

/// Remembers a failure that is reported on stdout (`tablebases check`).
pub fn mark_failed() {
    REFUSED.store(true, Ordering::Relaxed);
}

/// Whether any input was refused so far.
pub fn any_refused() -> bool {
    REFUSED.load(Ordering::Relaxed)
}

/// Seed of SOMA's deterministic coin toss.
const SOMA_SEED: u64 = 1961;

/// `--selector`.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum SelectorArg {
    Pecp,
    Soma,
    Alphabeta,
}

impl SelectorArg {
    /// The selector, with alpha-beta's depth (checked: 1 to 12).
    pub fn selector(self, depth: u8) -> Result<Selector, PecpError> {
        let depth = check_depth(depth)?;
        Ok(match self {
            SelectorArg::Pecp => Selector::Pecp,
            SelectorArg::Soma => Selector::Soma { seed: SOMA_SEED },
            SelectorArg::Alphabeta => Selector::AlphaBeta { depth },
        })
    }
}

/// `--white` and `--black`.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum PlayerArg {
    Pecp,
    Soma,
    Alphabeta,
    Tablebase,
}

impl PlayerArg {
    /// The player (alpha-beta at `depth`, already checked).
    pub fn player(self, depth: u8) -> Player {
        match self {
            PlayerArg::Pecp => Player::PECP,
            PlayerArg::Soma => Player::Select(Selector::Soma { seed: SOMA_SEED }),
            PlayerArg::Alphabeta => Player::Select(Selector::AlphaBeta { depth }),
            PlayerArg::Tablebase => Player::Tablebase,
        }
    }
}

/// `--tablebases DIR` and `--weights FILE`, for every command that judges
/// or weighs positions.
#[derive(clap::Args)]
pub struct Judging {
    /// Folder with Syzygy tables (default: each folder of $SYZYGY_PATH, then
    /// ./tablebases; without tables the embedded exact solver judges).
    #[arg(long, value_name = "DIR")]
    pub tablebases: Option<std::path::PathBuf>,
    /// Weights file in rules/weights.toml's format (default: the built-in
    /// rules/weights.toml).
    #[arg(long, value_name = "FILE")]
    pub weights: Option<std::path::PathBuf>,
}

/// `--calc N`, for every command that judges: the plies of calculation
/// that prove verdicts and refute the moves that throw the value away.
#[derive(clap::Args)]
pub struct Calc {
    /// Prove verdicts, and refute the moves that throw the value away, by
    /// up to N plies of calculation (0 to 10) whose lines end where a rule
    /// decides.
    #[arg(long = "calc", value_name = "N", default_value_t = pecp::knowledge::calc::DEFAULT_PLIES,
          value_parser = clap::value_parser!(u8).range(0..=i64::from(pecp::knowledge::calc::MAX_PLIES)))]
    pub plies: u8,
}

/// `--weights FILE`: a file in `rules/weights.toml`'s format whose weights
/// replace the compiled-in ones for the whole command.
pub fn load_weights(path: Option<&std::path::Path>) -> Result<(), PecpError> {
    let Some(path) = path else {
        return Ok(());
    };
    let text = std::fs::read_to_string(path).map_err(|e| PecpError::Io {
        what: format!("cannot read --weights {}", path.display()),
        source: e,
    })?;
    let book = pecp::knowledge::books::kpk::BOOK
        .builtin_rules()
        .with_weights(&text)
        .map_err(|e| PecpError::Usage(format!("--weights {}: {e}", path.display())))?;
    if pecp::knowledge::books::kpk::BOOK.install(book) {
        Ok(())
    } else {
        Err(PecpError::Usage(
            "--weights: the rule book was already in use".into(),
        ))
    }
}

/// Set when no tables were found: a successful command ends with a note.
static NO_TABLES: AtomicBool = AtomicBool::new(false);

/// The tables by the lookup order. Without any, a successful command ends
/// with one note on stderr ([`final_notes`]): the embedded exact solver
/// judged instead, and where the tables go.
pub fn find_tables(flag: Option<&std::path::Path>) -> Result<Option<Tablebases>, PecpError> {
    noting_none(Tablebases::discover(flag)?)
}

/// The tables found, remembering for [`final_notes`] whether there were none.
fn noting_none(tb: Option<Tablebases>) -> Result<Option<Tablebases>, PecpError> {
    NO_TABLES.store(tb.is_none(), Ordering::Relaxed);
    Ok(tb)
}

/// [`find_tables`] with the 4-piece files that are there too, for the
/// commands that meet the pawn endings of four pieces.
pub fn find_tables_with_four_pieces(
    flag: Option<&std::path::Path>,
) -> Result<Option<Tablebases>, PecpError> {
    noting_none(Tablebases::discover_with_four_pieces(flag)?)
}

/// The tables if they judge `pos`; otherwise none, and a note once: the
/// rules alone speak, no judge checks them.
pub fn judge_of<'a>(tb: Option<&'a Tablebases>, pos: &shakmaty::Chess) -> Option<&'a Tablebases> {
    static SAID: AtomicBool = AtomicBool::new(false);
    match tb {
        Some(t) if t.judges(pos) => Some(t),
        _ if shakmaty::Position::board(pos).occupied().count() > 3 => {
            // This note says it all: no solver of pecp's own judges here.
            NO_TABLES.store(false, Ordering::Relaxed);
            if !SAID.swap(true, Ordering::Relaxed) {
                say(
                    "note: no judge checks the rules here: the 4-piece Syzygy tables of this ending were not found (pecp tablebases check lists them)",
                );
            }
            None
        }
        _ => tb,
    }
}

/// The tables found for a command that starts from `pos`: with the
/// 4-piece files when `pos` has four pieces, and only if they judge it
/// (otherwise none, with [`judge_of`]'s note).
pub fn tables_for(
    flag: Option<&std::path::Path>,
    pos: &shakmaty::Chess,
) -> Result<Option<Tablebases>, PecpError> {
    let four = shakmaty::Position::board(pos).occupied().count() > 3;
    let tb = if four {
        find_tables_with_four_pieces(flag)?
    } else {
        find_tables(flag)?
    };
    let judges = judge_of(tb.as_ref(), pos).is_some();
    Ok(tb.filter(|_| judges))
}

/// The notes of a command that succeeded (an error stays one line).
pub fn final_notes() {
    if NO_TABLES.load(Ordering::Relaxed) {
        say(
            "note: no Syzygy tables in ./tablebases and no --tablebases DIR or SYZYGY_PATH: \
             the embedded exact solver judged instead (pecp tablebases check says where to get them)",
        );
    }
}

/// Alpha-beta's depth must be 1 to 12.
pub fn check_depth(depth: u8) -> Result<u8, PecpError> {
    if (1..=12).contains(&depth) {
        Ok(depth)
    } else {
        Err(PecpError::Usage(format!(
            "--depth must be 1 to 12, not {depth}"
        )))
    }
}

/// Runs `f` on a pool of `threads` worker threads (all cores by default).
pub fn in_pool<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> Result<T, PecpError> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        if n == 0 {
            return Err(PecpError::Usage("--threads must be at least 1".into()));
        }
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let cap = 4 * cores;
        if n > cap {
            say(format!(
                "note: --threads {n} capped at {cap} (4 threads per core, {cores} cores here)"
            ));
        }
        b = b.num_threads(n.min(cap));
    }
    let pool = b
        .build()
        .map_err(|e| PecpError::Usage(format!("cannot start threads: {e}")))?;
    Ok(pool.install(f))
}

/// A progress bar on stderr, when both stdout and stderr are terminals.
pub fn progress_bar(total: u64) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {eta} left")
            .expect("valid template"),
    );
    Some(bar)
}
