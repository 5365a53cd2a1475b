//! Every legal KPK position with White holding the pawn, in a fixed order.

use shakmaty::{Color, Square};

use crate::board::position::Kpk;

/// Figures from Steven J. Edwards (1996): positions with White to move,
/// with Black to move, won for White, drawn.
pub const EXPECTED: (usize, usize, usize, usize) = (163_328, 168_024, 222_564, 108_788);

/// All 331,352 legal positions: White to move first, then Black; within a
/// side by white king, black king, pawn square.
pub fn all_positions() -> Vec<Kpk> {
    let mut out = Vec::with_capacity(331_352);
    for turn in [Color::White, Color::Black] {
        for wk in Square::ALL {
            for bk in Square::ALL {
                for wp in Square::ALL {
                    if let Ok(k) = Kpk::new(wk, wp, bk, turn) {
                        out.push(k);
                    }
                }
            }
        }
    }
    out
}
