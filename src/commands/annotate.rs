//! `pecp annotate GAMES.pgn|- [-o|--output FILE] [--calc N]
//! [--tablebases DIR] [--weights FILE]`.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;

use pecp::PecpError;
use pecp::apps::games::annotate;
use pecp::apps::pgn::Games;
use pecp::report::games::unreadable;

use super::{Failure, Outcome, find_tables_with_four_pieces};

#[derive(clap::Args)]
pub struct Args {
    /// PGN file of games, or "-" for stdin.
    games: PathBuf,
    /// Write the annotated games to FILE (whole or not at all) instead of
    /// stdout.
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    calc: super::Calc,
    #[command(flatten)]
    judging: super::Judging,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    super::load_weights(args.judging.weights.as_deref())?;
    if let Some(path) = &args.output {
        pecp::io::check_writable(path)?;
    }
    let tb = find_tables_with_four_pieces(args.judging.tablebases.as_deref())?;
    let input: Box<dyn BufRead> = if args.games.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(&args.games).map_err(|e| PecpError::Io {
            what: format!("cannot read {}", args.games.display()),
            source: e,
        })?;
        Box::new(BufReader::new(file))
    };
    match &args.output {
        None => annotate_all(input, out, (tb.as_ref(), args.calc.plies)).map(|_| 0),
        Some(path) => {
            let mut staged = pecp::io::Staged::create(path)?;
            let mut w = BufWriter::new(staged.file());
            let counts = annotate_all(input, &mut w, (tb.as_ref(), args.calc.plies))?;
            w.flush()?;
            drop(w);
            if counts.games == counts.unreadable && counts.unreadable > 0 {
                super::say(format!(
                    "note: no game could be read; {} is left as it was",
                    path.display()
                ));
                return Ok(2);
            }
            staged.commit()?;
            Ok(0)
        }
    }
}

/// What a run read and found.
#[derive(Default)]
struct Counts {
    games: usize,
    unreadable: usize,
    kpk: usize,
    pawn_endings: usize,
    moves: usize,
    mistakes: usize,
}

/// Annotates every game of `input` onto `out`. A game that cannot be read
/// is reported with its number and written back as it was, behind `%`
/// (PGN's escape, which readers skip), unless it is binary or too long.
fn annotate_all(
    input: Box<dyn BufRead>,
    out: &mut dyn Write,
    (tb, plies): (Option<&pecp::Tablebases>, u8),
) -> Result<Counts, Failure> {
    let mut n = Counts::default();
    for entry in Games::new(input) {
        let entry = entry.map_err(|e| PecpError::Io {
            what: "cannot read the games".into(),
            source: e,
        })?;
        n.games += 1;
        let game = match entry.read {
            Ok(game) => game,
            Err(bad) => {
                n.unreadable += 1;
                super::refuse(format!(
                    "game {} (line {}): {}",
                    entry.number, bad.line, bad.why
                ));
                if let Some(text) = &bad.text {
                    out.write_all(unreadable(entry.number, &bad.why, text).as_bytes())?;
                }
                continue;
            }
        };
        let a = annotate(&game, tb, plies);
        if let Some(why) = &a.error {
            super::refuse(format!(
                "game {} (line {}): {why}",
                entry.number, entry.line
            ));
        }
        n.kpk += usize::from(a.counts.kpk);
        n.pawn_endings += usize::from(a.counts.pawn_endings);
        n.moves += a.counts.moves;
        n.mistakes += a.counts.mistakes;
        out.write_all(pecp::report::games::pgn(&a).as_bytes())?;
    }
    let unreadable = match n.unreadable {
        0 => String::new(),
        u => format!(" (unreadable: {u})"),
    };
    super::say(format!(
        "note: games read: {}{unreadable}; with a KPK phase: {}; moves annotated: {}; mistakes found: {}; with a pawn ending of four pieces (KPKP, KPPK): {}",
        n.games, n.kpk, n.moves, n.mistakes, n.pawn_endings
    ));
    Ok(n)
}
