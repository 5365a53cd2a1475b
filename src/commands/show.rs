//! `pecp show POSITION [--ascii]`.

use std::io::Write;

use pecp::board::pawns::{self, PawnPosition};
use pecp::board::position::{Orientation, color_name, fen_of, paper_any, to_user, user_move_names};
use pecp::{Input, PecpError};
use std::path::PathBuf;

use pecp::report::diagram::diagram;
use pecp::report::svg::{self, Marks, capitalised};
use shakmaty::{Chess, Position};

use super::Outcome;

#[derive(clap::Args)]
pub struct Args {
    /// FEN or paper notation, e.g. "wk(5/3) wp(4/3) bk(4/6) white": KPK,
    /// or a pawn ending of four pieces (KPKP, KPPK).
    position: String,
    /// Draw the board with ASCII letters instead of Unicode pieces.
    #[arg(long)]
    ascii: bool,
    /// Also write the diagram as SVG to FILE (whole or not at all).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    if let Some(path) = &args.svg {
        pecp::io::check_writable(path)?;
    }
    let input = match Input::parse(&args.position) {
        Err(e @ PecpError::NotKpk(_)) => {
            return match pawns::parse(&args.position) {
                Ok((p, o)) => show_pawn_ending(&args, &p, o, out),
                Err(PecpError::NotPawnEnding(_)) => Err(e.into()),
                Err(other) => Err(other.into()),
            };
        }
        other => other?,
    };
    let pos = input.user_chess();
    write_svg(&args, &pos)?;
    write!(out, "{}", diagram(pos.board(), !args.ascii))?;
    writeln!(out, "side to move: {}", color_name(pos.turn()))?;
    writeln!(out, "fen:          {}", input.fen())?;
    writeln!(out, "paper:        {}", input.paper())?;
    legal_moves(&input.kpk.to_chess(), input.orientation, out)
}

/// A KPKP or KPPK position: the same, with the ending named.
fn show_pawn_ending(
    args: &Args,
    p: &PawnPosition,
    orientation: Orientation,
    out: &mut impl Write,
) -> Outcome {
    let pos = to_user(p.chess(), orientation);
    write_svg(args, &pos)?;
    write!(out, "{}", diagram(pos.board(), !args.ascii))?;
    writeln!(
        out,
        "ending:       {} ({})",
        p.ending().name().to_uppercase(),
        p.ending().title()
    )?;
    writeln!(out, "side to move: {}", color_name(pos.turn()))?;
    writeln!(out, "fen:          {}", fen_of(&pos))?;
    writeln!(out, "paper:        {}", paper_any(&pos))?;
    legal_moves(p.chess(), orientation, out)
}

fn write_svg(args: &Args, pos: &Chess) -> Outcome {
    if let Some(path) = &args.svg {
        let marks = Marks {
            caption: format!("{} to move", capitalised(pos.turn())),
            ..Marks::default()
        };
        pecp::io::write_atomically(path, svg::diagram(pos.board(), &marks).as_bytes())?;
    }
    Ok(0)
}

/// The legal moves of a normalised position, in the user's colours.
fn legal_moves(normal: &Chess, orientation: Orientation, out: &mut impl Write) -> Outcome {
    let mut sans: Vec<String> = normal
        .legal_moves()
        .into_iter()
        .map(|m| user_move_names(normal, m, orientation).0)
        .collect();
    sans.sort();
    writeln!(out, "legal moves:  {} ({})", sans.join(" "), sans.len())?;
    Ok(0)
}
