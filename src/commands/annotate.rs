//! `pecp annotate GAMES.pgn|- [-o|--output FILE] [--tablebases DIR]
//! [--weights FILE]`.

use std::io::Write;
use std::path::PathBuf;

use pecp::PecpError;
use pecp::apps::games::{Collect, annotate};

use super::{Outcome, find_tables};

#[derive(clap::Args)]
pub struct Args {
    /// PGN file of games, or "-" for stdin.
    games: PathBuf,
    /// Write the annotated games to FILE (whole or not at all) instead of
    /// stdout.
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    judging: super::Judging,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    super::load_weights(args.judging.weights.as_deref())?;
    if let Some(path) = &args.output {
        pecp::io::check_writable(path)?;
    }
    let tb = find_tables(args.judging.tablebases.as_deref())?;
    let input: Box<dyn std::io::Read> = if args.games.as_os_str() == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(&args.games).map_err(|e| PecpError::Io {
            what: format!("cannot read {}", args.games.display()),
            source: e,
        })?)
    };
    match &args.output {
        None => annotate_all(input, out, tb.as_ref()),
        Some(path) => {
            let mut staged = pecp::io::Staged::create(path)?;
            let code = annotate_all(input, staged.file(), tb.as_ref())?;
            staged.commit()?;
            Ok(code)
        }
    }
}

fn annotate_all(
    input: Box<dyn std::io::Read>,
    out: &mut dyn Write,
    tb: Option<&pecp::Tablebases>,
) -> Outcome {
    let mut reader = pgn_reader::Reader::new(input);
    let (mut games, mut kpk, mut moves, mut mistakes) = (0usize, 0usize, 0usize, 0usize);
    loop {
        let game = match reader.read_game(&mut Collect) {
            Ok(Some(g)) => g,
            Ok(None) => break,
            Err(e) => {
                return Err(PecpError::Io {
                    what: "cannot read the games".into(),
                    source: e,
                }
                .into());
            }
        };
        games += 1;
        let a = annotate(&game, tb);
        if let Some(why) = &a.error {
            super::refuse(format!("game {games}: {why}"));
        }
        kpk += usize::from(a.counts.kpk);
        moves += a.counts.moves;
        mistakes += a.counts.mistakes;
        out.write_all(pecp::report::games::pgn(&a).as_bytes())?;
    }
    super::say(format!(
        "note: games read: {games}; with a KPK phase: {kpk}; moves annotated: {moves}; mistakes found: {mistakes}"
    ));
    Ok(0)
}
