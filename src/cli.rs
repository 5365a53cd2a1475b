//! Argument parsing and dispatch: one subcommand, one module in
//! `commands`. No chess reasoning and no formatting live here.

use std::io::Write;
use std::path::Path;

use clap::{Parser, Subcommand};

use crate::commands::{self, Failure};

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
    Show(commands::show::Args),
    /// Weigh a position and every move with the rules; choose a move by the
    /// two selection levels. POSITION "-" reads FENs from stdin, one per line.
    #[command(visible_alias = "analyze")]
    Analyse(commands::analyse::Args),
    /// List every rule: id, kind, weight, description, source.
    Rules(commands::rules::Args),
    /// Annotate the KPK endings of games in PGN: the value before and after
    /// each move, NAGs, pecp's own choice and the reason in words.
    Annotate(commands::annotate::Args),
    /// Generate an annotated line (the paper's generation loop).
    Line(commands::line::Args),
    /// The map endgame books draw: the pawn and its king fixed, the result
    /// with the defending king on every square.
    Map(commands::map::Args),
    /// MATER, the mate finder of Baylor and Simon: a forced mate by checks
    /// (or also threats of mate in one), for any legal position.
    Mate(commands::mate::Args),
    /// Measure the rules against the truth over every legal KPK position.
    Validate(commands::validate::Args),
    /// Compare the selectors (PECP, SOMA, alpha-beta at several depths) on
    /// the same positions: move soundness, conversion, time.
    Compare(commands::compare::Args),
    /// Tune the averaged rules' weights against the truth (genetic algorithm
    /// or logistic fit), checked over every position.
    Tune(commands::tune::Args),
    /// A UCI engine for KPK positions on stdin and stdout (for GUIs and
    /// python-chess): it answers `go` at once with PECP's move.
    Uci(commands::uci::Args),
    /// The tutor in the browser: a local web page (board, explanations,
    /// map, practice, lines) and its JSON API.
    Serve(commands::serve::Args),
    /// Benchmarks: level-1 evaluation speed, or validate against a plain
    /// Syzygy sweep measured in the same run.
    Bench {
        #[command(subcommand)]
        what: commands::bench::What,
    },
    /// Syzygy tablebase files.
    Tablebases {
        #[command(subcommand)]
        action: commands::tablebases::Action,
    },
}

/// Runs the command line; returns the exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => return argument_error(&e),
    };
    let mut out = Stdout::new();
    let code = match dispatch(cli.command, &mut out) {
        Ok(code) => code,
        Err(Failure::Pecp(e)) => {
            commands::say(e);
            2
        }
        Err(Failure::BrokenPipe) => 0,
    };
    let code = if commands::any_refused() { 2 } else { code };
    if code == 0 {
        commands::final_notes();
    }
    code
}

/// Standard output, which refuses to be written when pecp was started
/// with it closed (`>&-`).
struct Stdout {
    inner: std::io::StdoutLock<'static>,
    closed: bool,
}

impl Stdout {
    fn new() -> Stdout {
        Stdout {
            inner: std::io::stdout().lock(),
            closed: started_closed(),
        }
    }

    fn check(&self) -> std::io::Result<()> {
        if self.closed {
            return Err(std::io::Error::other("stdout is closed"));
        }
        Ok(())
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.check()?;
        self.inner.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.check()?;
        self.inner.flush()
    }
}

/// Whether stdout was closed when pecp started. Rust's runtime opens
/// `/dev/null` read-write in place of a closed standard stream, so that
/// writes to it vanish; a shell's `>/dev/null` opens it write-only. Linux
/// says which, in `/proc/self/fdinfo/1`.
fn started_closed() -> bool {
    let null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|p| p == Path::new("/dev/null"));
    let read_write = std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
        info.lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            .is_some_and(|flags| flags & 0o3 == 0o2)
    });
    null && read_write
}

/// `--help` and `--version` print on stdout (exit 0, or 2 if it cannot be
/// written); a bad command line gets clap's first line as one `pecp: `
/// line, exit 2.
fn argument_error(e: &clap::Error) -> i32 {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let text = e.render().to_string();
            let mut out = Stdout::new();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => 0,
                Err(err) => {
                    commands::say(format!("cannot write the help: {err}"));
                    2
                }
            }
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            commands::say("a subcommand is missing; see pecp --help");
            2
        }
        _ => {
            let text = e.render().to_string();
            let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
            let first = lines.next().unwrap_or("bad arguments");
            let mut first = first.strip_prefix("error: ").unwrap_or(first).to_string();
            // "the following required arguments were not provided:" names
            // them on the next lines.
            if first.ends_with(':') {
                let named: Vec<&str> = lines.take_while(|l| !l.starts_with("Usage:")).collect();
                first = format!("{first} {}", named.join(", "));
            }
            commands::say(format!("{first}; see pecp --help"));
            2
        }
    }
}

fn dispatch(command: Command, out: &mut impl Write) -> Result<i32, Failure> {
    match command {
        Command::Show(a) => commands::show::run(a, out),
        Command::Analyse(a) => commands::analyse::run(a, out),
        Command::Rules(a) => commands::rules::run(a, out),
        Command::Line(a) => commands::line::run(a, out),
        Command::Annotate(a) => commands::annotate::run(a, out),
        Command::Map(a) => commands::map::run(a, out),
        Command::Mate(a) => commands::mate::run(a, out),
        Command::Validate(a) => commands::validate::run(a, out),
        Command::Compare(a) => commands::compare::run(a, out),
        Command::Tune(a) => commands::tune::run(a, out),
        Command::Uci(a) => commands::uci::run(a, out),
        Command::Serve(a) => commands::serve::run(a, out),
        Command::Bench { what } => commands::bench::run(what, out),
        Command::Tablebases { action } => commands::tablebases::run(action, out),
    }
}
