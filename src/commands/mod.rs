//! One module per subcommand. Each reads its arguments into what the
//! library needs (checking them once), calls the library, and prints what
//! `pecp::report` makes of the result.

pub mod analyse;
pub mod bench;
pub mod compare;
pub mod line;
pub mod map;
pub mod rules;
pub mod show;
pub mod tablebases;
pub mod validate;

use clap::ValueEnum;
use pecp::PecpError;
use pecp::line::Player;
use pecp::selectors::Selector;

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
        b = b.num_threads(n);
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
