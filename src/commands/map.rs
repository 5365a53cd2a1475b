//! `pecp map --pawn SQ --king SQ --side white|black [--pawn-colour C]
//! [--svg FILE] [--calc N] [--tablebases DIR]`.

use std::io::Write;
use std::path::PathBuf;

use clap::ValueEnum;
use pecp::PecpError;
use pecp::apps::map::map;
use shakmaty::{Color, Square};

use super::Outcome;

#[derive(clap::Args)]
pub struct Args {
    /// The pawn's square, e.g. e4.
    #[arg(long, value_name = "SQ")]
    pawn: String,
    /// The square of the pawn side's king, e.g. e3.
    #[arg(long, value_name = "SQ")]
    king: String,
    /// The side to move.
    #[arg(long, value_enum)]
    side: ColourArg,
    /// The pawn's colour.
    #[arg(long, value_name = "COLOUR", value_enum, default_value_t = ColourArg::White)]
    pawn_colour: ColourArg,
    /// Also write the map as SVG to FILE (whole or not at all).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    calc: super::Calc,
    #[command(flatten)]
    judging: super::Judging,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum ColourArg {
    White,
    Black,
}

impl ColourArg {
    fn color(self) -> Color {
        match self {
            ColourArg::White => Color::White,
            ColourArg::Black => Color::Black,
        }
    }
}

fn square(flag: &str, s: &str) -> Result<Square, PecpError> {
    s.parse()
        .map_err(|_| PecpError::Usage(format!("--{flag}: {s:?} is not a square (a1 to h8)")))
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    super::load_weights(args.judging.weights.as_deref())?;
    if let Some(path) = &args.svg {
        pecp::io::check_writable(path)?;
    }
    let (pawn, king) = (square("pawn", &args.pawn)?, square("king", &args.king)?);
    let tb = super::find_tables(args.judging.tablebases.as_deref())?;
    let judge = |k: pecp::Kpk| -> pecp::Result<bool> {
        match &tb {
            Some(t) => Ok(t.value(&k.to_chess())?.pawn_side_wins),
            None => Ok(pecp::judges::oracle::Oracle::get().white_wins(k)),
        }
    };
    let m = map(
        pawn,
        king,
        args.side.color(),
        args.pawn_colour.color(),
        &judge,
        args.calc.plies,
    )?;
    out.write_all(pecp::report::map::text(&m).as_bytes())?;
    if let Some(path) = &args.svg {
        pecp::io::write_atomically(path, pecp::report::map::svg(&m).as_bytes())?;
    }
    Ok(0)
}
