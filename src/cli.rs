//! Argument parsing and printing. No chess reasoning lives here.

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand};
use pecp::{Input, PecpError, Tablebases, position, tablebase};
use shakmaty::Position;

#[derive(Parser)]
#[command(
    name = "pecp",
    version,
    about = "Rule-based (PECP) analyser for king-and-pawn-versus-king endings"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Show a position: board, side to move, FEN, paper notation, legal moves.
    Show {
        /// FEN or paper notation, e.g. "wk(5/3) wp(4/3) bk(4/6) white".
        position: String,
        /// Draw the board with ASCII letters instead of Unicode pieces.
        #[arg(long)]
        ascii: bool,
    },
    /// Syzygy tablebase files.
    Tablebases {
        #[command(subcommand)]
        action: TbAction,
    },
}

#[derive(Subcommand)]
enum TbAction {
    /// List each of the ten 3-piece files as found / missing / digest OK / mismatch.
    Check {
        /// Folder with the tables (default: $SYZYGY_PATH, then ./tablebases).
        #[arg(long)]
        tablebases: Option<PathBuf>,
    },
}

/// Runs the command line; returns the exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let mut out = std::io::stdout().lock();
    match dispatch(cli, &mut out) {
        Ok(code) => code,
        Err(Failure::Pecp(e)) => {
            eprintln!("pecp: {e}");
            2
        }
        Err(Failure::BrokenPipe) => 0,
    }
}

enum Failure {
    Pecp(PecpError),
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
            Failure::Pecp(PecpError::Io(format!("cannot write output: {e}")))
        }
    }
}

fn dispatch(cli: Cli, out: &mut impl Write) -> Result<i32, Failure> {
    match cli.command {
        Command::Show { position, ascii } => {
            let input = Input::parse(&position)?;
            show(&input, !ascii, out)?;
            Ok(0)
        }
        Command::Tablebases {
            action: TbAction::Check { tablebases },
        } => {
            let (dir, _) = tablebase::resolve_dir(tablebases.as_deref());
            writeln!(out, "tablebases in {}", dir.display())?;
            let mut all_ok = true;
            for (name, status) in tablebase::check_dir(&dir) {
                all_ok &= status == tablebase::FileStatus::Ok;
                writeln!(out, "  {name:<10} {}", status.describe())?;
            }
            if all_ok {
                writeln!(out, "all 10 files present and correct")?;
                Ok(0)
            } else {
                writeln!(out, "tablebases incomplete or corrupt")?;
                eprintln!(
                    "pecp: tablebase: {} is not a complete, correct 3-piece set",
                    dir.display()
                );
                Ok(2)
            }
        }
    }
}

fn show(input: &Input, unicode: bool, out: &mut impl Write) -> std::io::Result<()> {
    let pos = input.user_chess();
    write!(out, "{}", pecp::board::diagram(pos.board(), unicode))?;
    writeln!(out, "side to move: {}", position::color_name(pos.turn()))?;
    writeln!(out, "fen:          {}", input.fen())?;
    writeln!(out, "paper:        {}", input.paper())?;
    let normal = input.kpk.to_chess();
    let mut sans: Vec<String> = normal
        .legal_moves()
        .into_iter()
        .map(|m| position::user_move_names(&normal, m, input.orientation).0)
        .collect();
    sans.sort();
    writeln!(out, "legal moves:  {} ({})", sans.join(" "), sans.len())?;
    Ok(())
}
