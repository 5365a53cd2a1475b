//! The map endgame books draw: the pawn and its king fixed, the result on
//! every square the defending king could stand on, and where level 1's
//! verdict disagrees with the judge.

use shakmaty::{Color, Square};

use crate::board::position::Kpk;
use crate::error::Result;
use crate::knowledge::calc::Calculators;
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
    /// the rules call it otherwise.
    Won {
        /// The rules' verdict (proofs one move ahead and by calculation
        /// included) is not a win.
        disagrees: bool,
        /// The rules prove the verdict (on the position, one move ahead or
        /// by calculation).
        proved: bool,
    },
    /// A draw with the defending king here.
    Drawn {
        /// The rules' verdict is not a draw.
        disagrees: bool,
        /// The rules prove the verdict.
        proved: bool,
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
    /// The plies of calculation the verdicts were proved with.
    pub plies: u8,
}

/// Maps the defending king over the board. `judge` says whether the pawn
/// side wins a normalised KPK position (the tables or the embedded oracle);
/// the rules' verdicts are proved with up to `plies` plies of calculation.
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
    plies: u8,
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
    let mut calc = Calculators::new(&level1);
    for sq in Square::ALL {
        cells.push(if sq == pawn || sq == king {
            Cell::Piece
        } else {
            match Kpk::new(flip(king), flip(pawn), flip(sq), normal_turn) {
                Err(_) => Cell::Illegal,
                Ok(k) => cell(k, judge(k)?, &mut calc, plies),
            }
        });
    }
    Ok(Map {
        pawn,
        king,
        turn,
        pawn_colour,
        cells,
        plies,
    })
}

fn cell(
    k: Kpk,
    wins: bool,
    calc: &mut Calculators<impl crate::knowledge::evaluate::Level1>,
    plies: u8,
) -> Cell {
    let (j, _) = calc.judge(&k.to_chess(), plies, &|_| None);
    let proved = j.proved_by.is_some();
    if wins {
        Cell::Won {
            disagrees: j.verdict != Verdict::Win,
            proved,
        }
    } else {
        Cell::Drawn {
            disagrees: j.verdict != Verdict::Draw,
            proved,
        }
    }
}
