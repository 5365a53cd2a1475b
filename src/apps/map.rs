//! The map endgame books draw: the pawn and its king fixed, the result on
//! every square the defending king could stand on, and where level 1's
//! verdict disagrees with the judge. In the pawn endings of four pieces a
//! second pawn stands fixed too: the pawn side's (two pawns against the
//! king) or the defender's (a pawn each), and the tables judge.

use shakmaty::{Board, CastlingMode, Chess, Color, FromSetup, Piece, Position, Role, Square};

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
    /// The defender wins with its king here (a pawn each).
    Lost {
        /// The rules' verdict says otherwise.
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
    /// A fourth man, fixed: the pawn side's second pawn (KPPK) or the
    /// defender's pawn (KPKP), with its colour.
    pub extra_pawn: Option<(Square, Color)>,
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
        extra_pawn: None,
        cells,
        plies,
    })
}

impl Map {
    /// The fixed men, with the defending king on `defender` if given.
    pub fn board_with(&self, defender: Option<Square>) -> Board {
        let mut board = Board::empty();
        let side = self.pawn_colour;
        board.set_piece_at(self.pawn, side.pawn());
        board.set_piece_at(self.king, side.king());
        if let Some((sq, colour)) = self.extra_pawn {
            board.set_piece_at(
                sq,
                Piece {
                    color: colour,
                    role: Role::Pawn,
                },
            );
        }
        if let Some(sq) = defender {
            board.set_piece_at(sq, (!side).king());
        }
        board
    }
}

/// Maps the defending king over the board in a pawn ending of four
/// pieces: `map`'s men and `extra`, a second pawn of the pawn side or the
/// defender's pawn. The tables judge (they must hold the ending's files);
/// the rules' verdicts are proved with up to `plies` plies of calculation
/// on the position as the book plays it (a pawn each: for the side that
/// plays for the win, whose "no win" agrees with a draw or its loss).
///
/// # Errors
/// [`crate::error::PecpError::Illegal`] when the fixed men cannot stand
/// so (a pawn on the first or last rank, two on one square); the tables'
/// missing file; a probe error.
pub fn map_pawn_ending(
    fixed: (Square, Square, (Square, Color)),
    turn: Color,
    pawn_colour: Color,
    tb: &crate::judges::tablebase::Tablebases,
    plies: u8,
) -> Result<Map> {
    let (pawn, king, extra) = fixed;
    let mut m = Map {
        pawn,
        king,
        turn,
        pawn_colour,
        extra_pawn: Some(extra),
        cells: Vec::with_capacity(64),
        plies,
    };
    check_fixed(&m)?;
    let mut calc = Calculators::new(&level1);
    for sq in Square::ALL {
        let cell = if [pawn, king, extra.0].contains(&sq) {
            Cell::Piece
        } else {
            let setup = shakmaty::Setup {
                board: m.board_with(Some(sq)),
                turn,
                ..shakmaty::Setup::empty()
            };
            match Chess::from_setup(setup, CastlingMode::Standard) {
                Err(_) => Cell::Illegal,
                Ok(pos) => pawn_cell(&pos, pawn_colour, tb, &mut calc, plies)?,
            }
        };
        m.cells.push(cell);
    }
    Ok(m)
}

/// Refuses fixed men that cannot stand so whatever the defending king.
fn check_fixed(m: &Map) -> Result<()> {
    let Some((extra, _)) = m.extra_pawn else {
        return Ok(());
    };
    let illegal = |why: String| Err(crate::error::PecpError::Illegal(why));
    for p in [m.pawn, extra] {
        if matches!(p.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth) {
            return illegal(format!(
                "a pawn cannot stand on {p}, on the first or last rank"
            ));
        }
    }
    if m.pawn == m.king || extra == m.king || extra == m.pawn {
        return illegal("two men on one square".into());
    }
    Ok(())
}

/// One square of a pawn ending's map: the tables' result and whether the
/// rules' verdict, on the position as the book plays it, agrees.
fn pawn_cell(
    pos: &Chess,
    pawn_colour: Color,
    tb: &crate::judges::tablebase::Tablebases,
    calc: &mut Calculators<impl crate::knowledge::evaluate::Level1>,
    plies: u8,
) -> Result<Cell> {
    let winner = tb.wdl(pos)?.winner(pos.turn());
    let Some((norm, o)) = crate::apps::analysis::playable_of(pos) else {
        return Err(crate::error::PecpError::Illegal(
            "not a pawn ending of four pieces".into(),
        ));
    };
    // The colour the book's "win" speaks of.
    let claimant = match o {
        crate::board::position::Orientation::AsGiven => Color::White,
        crate::board::position::Orientation::Flipped => Color::Black,
    };
    let (j, _) = calc.judge(&norm, plies, &|_| None);
    let proved = j.proved_by.is_some();
    let disagrees = match j.verdict {
        Verdict::Win => winner != Some(claimant),
        Verdict::Draw => winner == Some(claimant),
        Verdict::Unknown => true,
    };
    Ok(match winner {
        Some(c) if c == pawn_colour => Cell::Won { disagrees, proved },
        Some(_) => Cell::Lost { disagrees, proved },
        None => Cell::Drawn { disagrees, proved },
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
