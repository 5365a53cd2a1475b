//! The judge of every claim: Syzygy tables when available, otherwise the
//! embedded exact oracle. Never called from a rule.

use shakmaty::{Chess, Color, Move, Position, Role};

use crate::board::position::Kpk;
use crate::error::Result;
use crate::judges::oracle::Oracle;
use crate::judges::tablebase::{Tablebases, Wdl};

/// Where the truth comes from.
#[derive(Debug)]
pub enum Truth {
    /// Digest-checked Syzygy tables.
    Syzygy(Tablebases),
    /// The retrograde solver in [`crate::judges::oracle`].
    Embedded(&'static Oracle),
}

impl Truth {
    /// Syzygy if `tb` is given, else the embedded oracle.
    pub fn new(tb: Option<Tablebases>) -> Truth {
        match tb {
            Some(t) => Truth::Syzygy(t),
            None => Truth::Embedded(Oracle::get()),
        }
    }

    /// The Syzygy tables, when they are the truth.
    pub fn tables(&self) -> Option<&Tablebases> {
        match self {
            Truth::Syzygy(t) => Some(t),
            Truth::Embedded(_) => None,
        }
    }

    /// "syzygy" or "embedded".
    pub fn name(&self) -> &'static str {
        match self {
            Truth::Syzygy(_) => "syzygy",
            Truth::Embedded(_) => "embedded",
        }
    }

    /// Whether the pawn side (normalised White) wins `pos`, a normalised
    /// position: KPK, or what follows a promotion or a capture.
    ///
    /// # Errors
    /// A tablebase probe error.
    pub fn white_wins(&self, pos: &Chess) -> Result<bool> {
        match self {
            Truth::Syzygy(tb) => {
                let wdl = tb.wdl(pos)?;
                Ok(if pos.turn() == Color::White {
                    wdl == Wdl::Win
                } else {
                    wdl == Wdl::Loss
                })
            }
            Truth::Embedded(o) => Ok(oracle_white_wins(o, pos)),
        }
    }

    /// The move a perfect player makes: for the winning side the fastest
    /// win, for the losing side the slowest loss, otherwise a move that
    /// keeps the draw; ties go to the first in shakmaty's move order.
    /// With Syzygy, "fast" is DTZ (shakmaty-syzygy's `best_move`); with the
    /// embedded oracle, the solver's distance to a safe promotion.
    ///
    /// # Errors
    /// A tablebase probe error.
    pub fn best_move(&self, pos: &Chess) -> Result<Option<Move>> {
        match self {
            Truth::Syzygy(tb) => tb.best_move(pos),
            Truth::Embedded(o) => Ok(oracle_best_move(o, pos)),
        }
    }
}

/// Whether the pawn side wins `pos` (normalised), by the embedded oracle:
/// the judge when there are no tables.
pub fn embedded_white_wins(pos: &Chess) -> bool {
    oracle_white_wins(Oracle::get(), pos)
}

fn oracle_white_wins(o: &Oracle, pos: &Chess) -> bool {
    if let Some(k) = Kpk::from_chess(pos) {
        return o.white_wins(k);
    }
    let b = pos.board();
    let piece = (b.white() & !b.kings()).first();
    let Some(sq) = piece else { return false };
    let rook = match b.role_at(sq) {
        Some(Role::Queen) => false,
        Some(Role::Rook) => true,
        _ => return false,
    };
    match pos.turn() {
        Color::White => true,
        Color::Black => o.promotion_wins(
            b.king_of(Color::White).expect("king"),
            b.king_of(Color::Black).expect("king"),
            sq,
            rook,
        ),
    }
}

/// Distance used by the oracle player: smaller is a faster win.
fn oracle_distance(o: &Oracle, pos: &Chess) -> i32 {
    match Kpk::from_chess(pos) {
        Some(k) => i32::from(o.depth(k)),
        None => -1, // Already promoted: as fast as it gets.
    }
}

/// Perfect play with a queen or rook against the king, by the mate solver:
/// the attacker mates fastest, the defender takes the piece if it can and
/// otherwise resists longest.
fn mating_best_move(pos: &Chess, ending: crate::judges::mate_oracle::Ending) -> Option<Move> {
    let o = crate::judges::mate_oracle::MateOracle::get(ending);
    let (attacker, ..) = crate::judges::mate_oracle::pieces(pos)?;
    let attacking = pos.turn() == attacker;
    pos.legal_moves().into_iter().min_by_key(|&m| {
        let mut after = pos.clone();
        after.play_unchecked(m);
        let plies = if after.is_checkmate() {
            Some(0)
        } else {
            o.plies_of(&after).map(i64::from)
        };
        match (attacking, plies) {
            (true, Some(p)) => p,
            (true, None) => i64::MAX,
            (false, Some(p)) => -p,
            (false, None) => i64::MIN,
        }
    })
}

fn oracle_best_move(o: &Oracle, pos: &Chess) -> Option<Move> {
    if let Some(ending) = crate::judges::mate_oracle::Ending::of(pos) {
        return mating_best_move(pos, ending);
    }
    let white = pos.turn() == Color::White;
    let wins_now = oracle_white_wins(o, pos);
    let mut best: Option<(i32, Move)> = None;
    for m in pos.legal_moves() {
        let mut after = pos.clone();
        after.play_unchecked(m);
        let w = oracle_white_wins(o, &after);
        // Keep the value: White keeps a win, Black keeps a draw.
        if w != wins_now {
            continue;
        }
        // Winner minimises the distance, loser maximises it; in a draw the
        // first drawing move will do (score 0).
        let score = if !wins_now {
            0
        } else if white {
            -oracle_distance(o, &after)
        } else {
            oracle_distance(o, &after)
        };
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, m));
        }
    }
    best.map(|(_, m)| m)
}

/// Whether a move keeps the value for the side that makes it.
///
/// # Errors
/// A tablebase probe error.
pub fn keeps_value(truth: &Truth, pos: &Chess, m: Move) -> Result<bool> {
    let before = truth.white_wins(pos)?;
    let mut after = pos.clone();
    after.play_unchecked(m);
    Ok(truth.white_wins(&after)? == before)
}
