//! `pecp map --pawn SQ [--pawn SQ | --enemy-pawn SQ] --king SQ --side
//! white|black [--pawn-colour C] [--svg FILE] [--calc N] [--tablebases DIR]`.

use std::io::Write;
use std::path::PathBuf;

use clap::ValueEnum;
use pecp::PecpError;
use pecp::apps::map::{map, map_pawn_ending};
use pecp::board::pawns::PawnEnding;
use shakmaty::{Color, Square};

use super::Outcome;

#[derive(clap::Args)]
pub struct Args {
    /// The pawn's square, e.g. e4; given twice, the two pawns of king and
    /// two pawns against king.
    #[arg(long, value_name = "SQ", required = true)]
    pawn: Vec<String>,
    /// The defender's pawn, for a pawn each (king and pawn against king
    /// and pawn).
    #[arg(long, value_name = "SQ")]
    enemy_pawn: Option<String>,
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
    let king = square("king", &args.king)?;
    let pawn = square("pawn", &args.pawn[0])?;
    let (side, colour) = (args.side.color(), args.pawn_colour.color());
    let extra = match (&args.pawn[1..], &args.enemy_pawn) {
        ([], None) => None,
        ([second], None) => Some((square("pawn", second)?, colour)),
        ([], Some(enemy)) => Some((square("enemy-pawn", enemy)?, !colour)),
        _ => {
            return Err(PecpError::Usage(
                "map takes one or two --pawn, or one --pawn and one --enemy-pawn".into(),
            )
            .into());
        }
    };
    let m = match extra {
        None => kpk_map((pawn, king), (side, colour), &args)?,
        Some(extra) => {
            let tb = super::find_tables_with_four_pieces(args.judging.tablebases.as_deref())?
                .ok_or_else(|| {
                    PecpError::Usage(
                        "the map of a pawn ending of four pieces needs the 4-piece Syzygy tables (pecp tablebases check lists them)".into(),
                    )
                })?;
            let ending = if extra.1 == colour {
                PawnEnding::Kppk
            } else {
                PawnEnding::Kpkp
            };
            tb.require(ending)?;
            map_pawn_ending((pawn, king, extra), side, colour, &tb, args.calc.plies)?
        }
    };
    out.write_all(pecp::report::map::text(&m).as_bytes())?;
    if let Some(path) = &args.svg {
        pecp::io::write_atomically(path, pecp::report::map::svg(&m).as_bytes())?;
    }
    Ok(0)
}

/// The KPK map, judged by the tables or the embedded oracle.
fn kpk_map(
    (pawn, king): (Square, Square),
    (side, colour): (Color, Color),
    args: &Args,
) -> Result<pecp::apps::map::Map, PecpError> {
    let tb = super::find_tables(args.judging.tablebases.as_deref())?;
    let judge = |k: pecp::Kpk| -> pecp::Result<bool> {
        match &tb {
            Some(t) => Ok(t.value(&k.to_chess())?.pawn_side_wins),
            None => Ok(pecp::judges::oracle::Oracle::get().white_wins(k)),
        }
    };
    map(pawn, king, side, colour, &judge, args.calc.plies)
}
