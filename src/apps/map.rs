//! The map endgame books draw: the pawn and its king fixed, the result on
//! every square the defending king could stand on, and where level 1's
//! verdict disagrees with the judge.

use shakmaty::{Color, Square};

use crate::board::position::Kpk;
use crate::error::Result;
use crate::knowledge::evaluate::{Verdict, level1};

/// The value of one square of the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// The pawn or its king stands here.
    Piece,
    /// The defending king cannot stand here (the kings would touch, or the
    /// side not to move would be in check).
    Illegal,
    /// The pawn side wins with the defending king here; `disagrees` when
    /// level 1 calls it otherwise.
    Won {
        /// The rules' verdict (one-ply proof included) is not a win.
        disagrees: bool,
    },
    /// A draw with the defending king here.
    Drawn {
        /// The rules' verdict (one-ply proof included) is not a draw.
        disagrees: bool,
    },
}

/// A map in the user's colours: `cells[square]`, by shakmaty's square index.
#[derive(Debug, Clone)]
pub struct Map {
    /// The pawn.
    pub pawn: Square,
    /// The pawn side's king.
    pub king: Square,
    /// The side to move.
    pub turn: Color,
    /// The pawn's colour.
    pub pawn_colour: Color,
    /// One cell per square.
    pub cells: Vec<Cell>,
}

/// Maps the defending king over the board. `judge` says whether the pawn
/// side wins a normalised KPK position (the tables or the embedded oracle).
///
/// # Errors
/// [`crate::error::PecpError::Illegal`] when the pawn is on the first or last
/// rank or shares the king's square; a judge's error.
pub fn map(
    pawn: Square,
    king: Square,
    turn: Color,
    pawn_colour: Color,
    judge: &dyn Fn(Kpk) -> Result<bool>,
) -> Result<Map> {
    let flip = |s: Square| {
        if pawn_colour == Color::White {
            s
        } else {
            s.flip_vertical()
        }
    };
    let normal_turn = if pawn_colour == Color::White {
        turn
    } else {
        !turn
    };
    // Checks the pawn and king themselves (any defender square will do).
    let probe = Square::ALL.into_iter().find(|&b| b != pawn && b != king);
    if let Some(b) = probe
        && let Err(e) = Kpk::new(flip(king), flip(pawn), flip(b), Color::Black)
        && !matches!(&e, crate::error::PecpError::Illegal(m) if m.contains("adjacent") || m.contains("check"))
    {
        return Err(e);
    }
    let mut cells = Vec::with_capacity(64);
    for sq in Square::ALL {
        cells.push(if sq == pawn || sq == king {
            Cell::Piece
        } else {
            match Kpk::new(flip(king), flip(pawn), flip(sq), normal_turn) {
                Err(_) => Cell::Illegal,
                Ok(k) => cell(k, judge(k)?),
            }
        });
    }
    Ok(Map {
        pawn,
        king,
        turn,
        pawn_colour,
        cells,
    })
}

fn cell(k: Kpk, wins: bool) -> Cell {
    let v = crate::knowledge::proof::judge_position(&k.to_chess(), &level1).verdict;
    if wins {
        Cell::Won {
            disagrees: v != Verdict::Win,
        }
    } else {
        Cell::Drawn {
            disagrees: v != Verdict::Draw,
        }
    }
}
