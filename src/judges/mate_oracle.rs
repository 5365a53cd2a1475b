//! The embedded mate oracle: a retrograde solver for king and queen, and
//! king and rook, against king, with the distance to mate.
//!
//! The method is the textbook one for pawnless endings: mark the positions
//! where Black is mated, then go back one ply at a time. White to move wins
//! in `n` plies if some move reaches a position Black loses in `n - 1`;
//! Black to move loses in `n` if every move reaches a White win and the
//! longest of them takes `n - 1`. Black takes an unguarded piece whenever it
//! can (a draw), and stalemate is a draw. It is the truth for these endings
//! when no Syzygy tables are at hand, and a test checks it against Syzygy's
//! KQvK and KRvK tables on every position. It is never called from a rule.
//!
//! Layout: index = ((stm * 64 + wk) * 64 + bk) * 64 + piece, one byte each,
//! the piece side normalised to White.

use std::sync::OnceLock;

use shakmaty::{Bitboard, Chess, Color, Position, Role, Square, attacks};

/// The two endings a promotion can leave that still mate by force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Ending {
    /// King and queen against king.
    Kqk,
    /// King and rook against king.
    Krk,
}

impl Ending {
    /// "kqk" or "krk".
    pub fn id(self) -> &'static str {
        match self {
            Ending::Kqk => "kqk",
            Ending::Krk => "krk",
        }
    }

    /// The attacker's piece.
    pub fn role(self) -> Role {
        match self {
            Ending::Kqk => Role::Queen,
            Ending::Krk => Role::Rook,
        }
    }

    /// Reads "kqk" or "krk" (any case).
    pub fn parse(s: &str) -> Option<Ending> {
        match s.to_ascii_lowercase().as_str() {
            "kqk" => Some(Ending::Kqk),
            "krk" => Some(Ending::Krk),
            _ => None,
        }
    }

    /// The ending of a position: one king with a queen or a rook against a
    /// lone king, either colour.
    pub fn of(pos: &Chess) -> Option<Ending> {
        let b = pos.board();
        if b.occupied().count() != 3 {
            return None;
        }
        let piece = (b.occupied() & !b.kings()).first()?;
        match b.role_at(piece)? {
            Role::Queen => Some(Ending::Kqk),
            Role::Rook => Some(Ending::Krk),
            _ => None,
        }
    }

    /// The squares the piece on `from` attacks, with `occupied` blocking.
    pub fn attacks(self, from: Square, occupied: Bitboard) -> Bitboard {
        match self {
            Ending::Kqk => attacks::queen_attacks(from, occupied),
            Ending::Krk => attacks::rook_attacks(from, occupied),
        }
    }
}

const ILLEGAL: u8 = 255;
const DRAW: u8 = 254;
const UNKNOWN: u8 = 253;

/// The solved table of one ending: plies to mate for every position.
pub struct MateOracle {
    ending: Ending,
    table: Vec<u8>,
}

impl std::fmt::Debug for MateOracle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MateOracle")
            .field("ending", &self.ending)
            .finish_non_exhaustive()
    }
}

/// The table index of a position (the piece side is White).
pub fn index(black_to_move: bool, wk: Square, bk: Square, piece: Square) -> usize {
    ((usize::from(black_to_move) * 64 + usize::from(wk)) * 64 + usize::from(bk)) * 64
        + usize::from(piece)
}

/// The White and Black moves of one position, as squares.
struct Moves {
    ending: Ending,
}

impl Moves {
    fn legal(&self, black_to_move: bool, wk: Square, bk: Square, pc: Square) -> bool {
        let distinct = wk != bk && wk != pc && bk != pc;
        let kings_apart = !attacks::king_attacks(wk).contains(bk);
        let checked = self
            .ending
            .attacks(pc, Bitboard::from(wk) | Bitboard::from(bk))
            .contains(bk);
        distinct && kings_apart && (black_to_move || !checked)
    }

    /// White's moves: (king, piece) after each.
    fn white(&self, wk: Square, bk: Square, pc: Square) -> impl Iterator<Item = (Square, Square)> {
        let king = attacks::king_attacks(wk) & !attacks::king_attacks(bk) & !Bitboard::from(pc);
        let occupied = Bitboard::from(wk) | Bitboard::from(bk);
        let piece = self.ending.attacks(pc, occupied) & !occupied;
        king.into_iter()
            .map(move |k| (k, pc))
            .chain(piece.into_iter().map(move |p| (wk, p)))
    }

    /// Black's king moves: each target, and whether it takes the piece.
    fn black(&self, wk: Square, bk: Square, pc: Square) -> impl Iterator<Item = (Square, bool)> {
        let guarded = attacks::king_attacks(wk) | self.ending.attacks(pc, Bitboard::from(wk));
        (attacks::king_attacks(bk) & !guarded)
            .into_iter()
            .map(move |s| (s, s == pc))
    }

    fn in_check(&self, wk: Square, bk: Square, pc: Square) -> bool {
        self.ending.attacks(pc, Bitboard::from(wk)).contains(bk)
    }
}

impl MateOracle {
    /// The solved ending, computed once per process (about a second).
    pub fn get(ending: Ending) -> &'static MateOracle {
        static KQK: OnceLock<MateOracle> = OnceLock::new();
        static KRK: OnceLock<MateOracle> = OnceLock::new();
        match ending {
            Ending::Kqk => KQK.get_or_init(|| MateOracle::solve(Ending::Kqk)),
            Ending::Krk => KRK.get_or_init(|| MateOracle::solve(Ending::Krk)),
        }
    }

    /// Solves `ending` by retrograde analysis.
    pub fn solve(ending: Ending) -> MateOracle {
        let mut o = MateOracle {
            ending,
            table: vec![ILLEGAL; 2 * 64 * 64 * 64],
        };
        o.label_terminal();
        let mut ply = 1u8;
        let mut idle = 0;
        while idle < 2 {
            let changed = if ply % 2 == 1 {
                o.white_pass(ply)
            } else {
                o.black_pass(ply)
            };
            idle = if changed { 0 } else { idle + 1 };
            ply += 1;
        }
        for v in &mut o.table {
            if *v == UNKNOWN {
                *v = DRAW;
            }
        }
        o
    }

    fn squares() -> impl Iterator<Item = (Square, Square, Square)> {
        Square::ALL.into_iter().flat_map(|wk| {
            Square::ALL
                .into_iter()
                .flat_map(move |bk| Square::ALL.into_iter().map(move |pc| (wk, bk, pc)))
        })
    }

    /// Legal positions get UNKNOWN; Black mated gets 0, stalemate DRAW.
    fn label_terminal(&mut self) {
        let mv = Moves {
            ending: self.ending,
        };
        for (wk, bk, pc) in Self::squares() {
            for black in [false, true] {
                if !mv.legal(black, wk, bk, pc) {
                    continue;
                }
                let mut v = UNKNOWN;
                if black && mv.black(wk, bk, pc).next().is_none() {
                    v = if mv.in_check(wk, bk, pc) { 0 } else { DRAW };
                }
                self.table[index(black, wk, bk, pc)] = v;
            }
        }
    }

    /// White to move: a move to a Black loss in `ply - 1` wins in `ply`.
    fn white_pass(&mut self, ply: u8) -> bool {
        let mv = Moves {
            ending: self.ending,
        };
        let mut changed = false;
        for (wk, bk, pc) in Self::squares() {
            let i = index(false, wk, bk, pc);
            if self.table[i] != UNKNOWN {
                continue;
            }
            if mv
                .white(wk, bk, pc)
                .any(|(k, p)| self.table[index(true, k, bk, p)] == ply - 1)
            {
                self.table[i] = ply;
                changed = true;
            }
        }
        changed
    }

    /// Black to move: every move to a White win, the longest in `ply - 1`.
    fn black_pass(&mut self, ply: u8) -> bool {
        let mv = Moves {
            ending: self.ending,
        };
        let mut changed = false;
        for (wk, bk, pc) in Self::squares() {
            let i = index(true, wk, bk, pc);
            if self.table[i] != UNKNOWN {
                continue;
            }
            let mut longest = 0;
            let mut all_won = true;
            for (s, takes) in mv.black(wk, bk, pc) {
                let v = self.table[index(false, wk, s, pc)];
                if takes || v >= UNKNOWN {
                    all_won = false;
                    break;
                }
                longest = longest.max(v);
            }
            if all_won && longest == ply - 1 {
                self.table[i] = ply;
                changed = true;
            }
        }
        changed
    }

    /// The ending this table solves.
    pub fn ending(&self) -> Ending {
        self.ending
    }

    /// Plies to mate with best play on both sides, if White (the piece
    /// side) wins; `None` for a draw or an illegal position.
    pub fn plies(&self, black_to_move: bool, wk: Square, bk: Square, piece: Square) -> Option<u32> {
        match self.table[index(black_to_move, wk, bk, piece)] {
            v if v < UNKNOWN => Some(u32::from(v)),
            _ => None,
        }
    }

    /// Plies to mate of a position of this ending in either colour (the
    /// side with the piece mates), `None` for a draw.
    pub fn plies_of(&self, pos: &Chess) -> Option<u32> {
        let (attacker, wk, bk, pc) = pieces(pos)?;
        let flip = |s: Square| {
            if attacker == Color::White {
                s
            } else {
                s.flip_vertical()
            }
        };
        let black_to_move = pos.turn() != attacker;
        self.plies(black_to_move, flip(wk), flip(bk), flip(pc))
    }
}

/// The attacker's colour, its king, the lone king and the piece.
pub fn pieces(pos: &Chess) -> Option<(Color, Square, Square, Square)> {
    Ending::of(pos)?;
    let b = pos.board();
    let pc = (b.occupied() & !b.kings()).first()?;
    let attacker = b.color_at(pc)?;
    Some((attacker, b.king_of(attacker)?, b.king_of(!attacker)?, pc))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, fen::Fen};

    fn chess(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn the_longest_mates_are_the_known_ones() {
        // KQK: mate in 10 at most; KRK: mate in 16 at most.
        for (ending, longest) in [(Ending::Kqk, 10), (Ending::Krk, 16)] {
            let o = MateOracle::get(ending);
            let worst = (0..o.table.len() / 2)
                .filter_map(|i| match o.table[i] {
                    v if v < UNKNOWN => Some(u32::from(v)),
                    _ => None,
                })
                .max()
                .unwrap();
            assert_eq!(worst.div_ceil(2), longest, "{}", ending.id());
        }
    }

    #[test]
    fn mate_stalemate_and_a_rook_that_hangs() {
        let krk = MateOracle::get(Ending::Krk);
        // Black mated: 0 plies.
        assert_eq!(
            krk.plies_of(&chess("k6R/8/1K6/8/8/8/8/8 b - - 0 1")),
            Some(0)
        );
        // Rh8# in one.
        assert_eq!(
            krk.plies_of(&chess("k7/8/1K6/8/8/8/8/7R w - - 0 1")),
            Some(1)
        );
        // Black takes the rook: a draw.
        assert_eq!(krk.plies_of(&chess("8/8/8/8/8/8/1r6/K6k w - - 0 1")), None);
        assert_eq!(krk.plies_of(&chess("8/8/8/8/8/8/kR6/7K b - - 0 1")), None);
        let kqk = MateOracle::get(Ending::Kqk);
        // Stalemate.
        assert_eq!(kqk.plies_of(&chess("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")), None);
    }
}
