//! `pecp show POSITION [--ascii]`.

use std::io::Write;

use pecp::Input;
use pecp::board::position::{color_name, user_move_names};
use std::path::PathBuf;

use pecp::report::diagram::diagram;
use pecp::report::svg::{self, Marks, capitalised};
use shakmaty::Position;

use super::Outcome;

#[derive(clap::Args)]
pub struct Args {
    /// FEN or paper notation, e.g. "wk(5/3) wp(4/3) bk(4/6) white".
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
    let input = Input::parse(&args.position)?;
    let pos = input.user_chess();
    if let Some(path) = &args.svg {
        let marks = Marks {
            caption: format!("{} to move", capitalised(pos.turn())),
            ..Marks::default()
        };
        pecp::io::write_atomically(path, svg::diagram(pos.board(), &marks).as_bytes())?;
    }
    write!(out, "{}", diagram(pos.board(), !args.ascii))?;
    writeln!(out, "side to move: {}", color_name(pos.turn()))?;
    writeln!(out, "fen:          {}", input.fen())?;
    writeln!(out, "paper:        {}", input.paper())?;
    let normal = input.kpk.to_chess();
    let mut sans: Vec<String> = normal
        .legal_moves()
        .into_iter()
        .map(|m| user_move_names(&normal, m, input.orientation).0)
        .collect();
    sans.sort();
    writeln!(out, "legal moves:  {} ({})", sans.join(" "), sans.len())?;
    Ok(0)
}
