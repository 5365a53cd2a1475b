//! The mating walk: lines of king and queen (or rook) against king, the
//! piece side played by PECP's mating book (MATER first, when asked),
//! the lone king by perfect defence (the longest resistance), until mate,
//! stalemate, the piece lost or a position the line has had.
//!
//! PECP's move depends on the position alone here (no pawn, no history),
//! and so does perfect defence, so the lines form a graph: each position's
//! result is computed once, and a line that comes back to a position it
//! has had never mates.

use std::sync::OnceLock;

use rayon::prelude::*;
use shakmaty::{
    Board, CastlingMode, Chess, Color, FromSetup, Move, Piece, Position, Role, Setup, Square,
};

use crate::board::absolute::Absolute;
use crate::board::facts::Node;
use crate::error::Result;
use crate::judges::mate_oracle::{Ending, MateOracle, index};
use crate::judges::tablebase::Tablebases;
use crate::knowledge::book::Book;
use crate::knowledge::books::mating;
use crate::knowledge::evaluate::{Evaluation, level1};
use crate::knowledge::select::decide;
use crate::play::mater::{Mode, mater_move};

/// How a line from one position ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Mated after this many of the piece side's moves.
    Mated(u32),
    /// Stalemate.
    Stalemated,
    /// The lone king took the piece.
    PieceLost,
    /// The line came back to a position it had had: no mate, ever.
    Circles,
}

/// A position of the ending (White has the piece).
pub fn chess(
    ending: Ending,
    black_to_move: bool,
    wk: Square,
    bk: Square,
    pc: Square,
) -> Option<Chess> {
    if wk == bk || wk == pc || bk == pc {
        return None;
    }
    let mut board = Board::empty();
    board.set_piece_at(
        wk,
        Piece {
            color: Color::White,
            role: Role::King,
        },
    );
    board.set_piece_at(
        bk,
        Piece {
            color: Color::Black,
            role: Role::King,
        },
    );
    board.set_piece_at(
        pc,
        Piece {
            color: Color::White,
            role: ending.role(),
        },
    );
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = if black_to_move {
        Color::Black
    } else {
        Color::White
    };
    Chess::from_setup(setup, CastlingMode::Standard).ok()
}

/// The won positions with the piece side to move, as (wk, bk, piece).
pub fn won_starts(ending: Ending) -> Vec<(Square, Square, Square)> {
    let o = MateOracle::get(ending);
    let mut v = Vec::new();
    for wk in Square::ALL {
        for bk in Square::ALL {
            for pc in Square::ALL {
                if wk != bk && wk != pc && bk != pc && o.plies(false, wk, bk, pc).is_some() {
                    v.push((wk, bk, pc));
                }
            }
        }
    }
    v
}

/// The squares of the white king and the piece after a white move.
fn after_white(wk: Square, pc: Square, m: Move) -> (Square, Square) {
    if m.role() == Role::King {
        (m.to(), pc)
    } else {
        (wk, m.to())
    }
}

/// The piece side's player: PECP's mating rules (MATER first, when
/// asked), with a memory of level-1 evaluations shared by every decision.
struct Attacker {
    ending: Ending,
    mater: Option<(u32, Mode)>,
    cache: Vec<OnceLock<Evaluation>>,
}

impl Attacker {
    fn new(ending: Ending, mater: Option<(u32, Mode)>) -> Attacker {
        Attacker {
            ending,
            mater,
            cache: (0..2 * 64 * 64 * 64).map(|_| OnceLock::new()).collect(),
        }
    }

    /// Level 1, remembered for the mating book's positions with the piece
    /// on the board.
    fn eval(&self, book: &'static Book, n: &Node) -> Evaluation {
        match n.piece.filter(|_| *book == mating::BOOK) {
            Some((p, _)) => {
                let black = n.turn == crate::board::geometry::Side::Black;
                let i = index(black, n.wk.to_square(), n.bk.to_square(), p.to_square());
                *self.cache[i].get_or_init(|| level1(book, n))
            }
            None => level1(book, n),
        }
    }

    /// The white king and the piece after PECP's move.
    fn choose(&self, wk: Square, bk: Square, pc: Square) -> (Square, Square) {
        let pos = chess(self.ending, false, wk, bk, pc).expect("a won position is legal");
        let mv = self
            .mater
            .and_then(|(depth, mode)| mater_move(&pos, depth, mode))
            .unwrap_or_else(|| {
                let d = decide(&pos, &|b, n: &Node| self.eval(b, n)).expect("it has moves");
                d.chosen().mv
            });
        after_white(wk, pc, mv)
    }
}

/// The defender's longest resistance in a black-to-move position: the lone
/// king's square after it, or `None` when it takes the piece or has no
/// move.
fn defence(
    o: &MateOracle,
    tb: Option<&Tablebases>,
    wk: Square,
    bk: Square,
    pc: Square,
) -> Result<Option<Square>> {
    let pos = chess(o.ending(), true, wk, bk, pc).expect("a line's position is legal");
    let mv = match tb {
        Some(t) => t.best_move(&pos)?,
        None => pos
            .legal_moves()
            .into_iter()
            .max_by_key(|m| o.plies(false, wk, m.to(), pc).map_or(i64::MAX, i64::from)),
    };
    Ok(mv.filter(|m| m.to() != pc).map(|m| m.to()))
}

/// PECP's move in a wave's position (the king's and the piece's squares
/// after it) and the defence there (`None` when the game is over).
type Decided = ((Square, Square), Option<Option<Square>>);

/// The lines as a graph walk: each white-to-move position's end, once.
pub struct Walk<'a> {
    o: &'a MateOracle,
    tb: Option<&'a Tablebases>,
    attacker: Attacker,
    choice: rustc_hash::FxHashMap<usize, (Square, Square)>,
    /// The defence in the positions the waves reached (Black to move, the
    /// game not over), found in parallel with the choices.
    replies: rustc_hash::FxHashMap<usize, Option<Square>>,
    memo: Vec<Option<End>>,
}

impl<'a> Walk<'a> {
    /// A walk over `ending` with PECP (and MATER, when given) attacking and
    /// `tb` (or the mate solver) defending.
    pub fn new(ending: Ending, tb: Option<&'a Tablebases>, mater: Option<(u32, Mode)>) -> Walk<'a> {
        Walk {
            o: MateOracle::get(ending),
            tb,
            attacker: Attacker::new(ending, mater),
            replies: rustc_hash::FxHashMap::default(),
            choice: rustc_hash::FxHashMap::default(),
            memo: vec![None; 64 * 64 * 64],
        }
    }

    /// Decides, in parallel, every position the lines from `starts` (piece
    /// side to move) can reach, wave by wave.
    pub fn prepare(&mut self, starts: &[(Square, Square, Square)]) -> Result<()> {
        let mut wave: Vec<(Square, Square, Square)> = starts
            .iter()
            .copied()
            .filter(|&(w, b, p)| !self.choice.contains_key(&index(false, w, b, p)))
            .collect();
        while !wave.is_empty() {
            wave.sort_unstable();
            wave.dedup();
            let decided: Vec<Decided> = wave
                .par_iter()
                .map(|&(w, b, p)| {
                    let (w2, p2) = self.attacker.choose(w, b, p);
                    Ok(((w2, p2), self.defence_unless_over(w2, b, p2)?))
                })
                .collect::<Result<_>>()?;
            let mut next = Vec::new();
            for (&(w, b, p), &((w2, p2), reply)) in wave.iter().zip(&decided) {
                self.choice.insert(index(false, w, b, p), (w2, p2));
                if let Some(r) = reply {
                    self.replies.insert(index(true, w2, b, p2), r);
                }
                if let Some(Some(b2)) = reply
                    && !self.choice.contains_key(&index(false, w2, b2, p2))
                {
                    next.push((w2, b2, p2));
                }
            }
            wave = next;
        }
        Ok(())
    }

    /// `None` if the game is over after White's move (mate or stalemate),
    /// else the defence there.
    fn defence_unless_over(
        &self,
        wk: Square,
        bk: Square,
        pc: Square,
    ) -> Result<Option<Option<Square>>> {
        let after = chess(self.o.ending(), true, wk, bk, pc).expect("a legal move");
        let a = Absolute::of(&Node::from_chess(&after));
        if a.checkmate || a.stalemate {
            return Ok(None);
        }
        self.defend(wk, bk, pc).map(Some)
    }

    /// The defence in a position with Black to move (remembered from the
    /// waves, else probed).
    fn defend(&self, wk: Square, bk: Square, pc: Square) -> Result<Option<Square>> {
        match self.replies.get(&index(true, wk, bk, pc)) {
            Some(&r) => Ok(r),
            None => defence(self.o, self.tb, wk, bk, pc),
        }
    }

    /// The lone king's replies in `positions` (Black to move, just after
    /// a promotion), and every position the lines from there reach,
    /// decided in parallel.
    pub fn prepare_after_promotion(
        &mut self,
        positions: &[(Square, Square, Square)],
    ) -> Result<()> {
        let replies: Vec<Option<Option<Square>>> = positions
            .par_iter()
            .map(|&(w, b, p)| self.defence_unless_over(w, b, p))
            .collect::<Result<_>>()?;
        let mut starts = Vec::new();
        for (&(w, b, p), reply) in positions.iter().zip(replies) {
            if let Some(r) = reply {
                self.replies.insert(index(true, w, b, p), r);
            }
            if let Some(Some(b2)) = reply {
                starts.push((w, b2, p));
            }
        }
        self.prepare(&starts)
    }

    /// How the line from a position just after a promotion (Black to move)
    /// ends, and in how many plies from there; `None` plies if it does not
    /// end in mate.
    pub fn after_promotion(
        &mut self,
        wk: Square,
        bk: Square,
        pc: Square,
    ) -> Result<(End, Option<u32>)> {
        let after = chess(self.o.ending(), true, wk, bk, pc).expect("a legal position");
        let a = Absolute::of(&Node::from_chess(&after));
        if a.checkmate {
            return Ok((End::Mated(0), Some(0)));
        }
        if a.stalemate {
            return Ok((End::Stalemated, None));
        }
        match self.defend(wk, bk, pc)? {
            None => Ok((End::PieceLost, None)),
            Some(b2) => {
                let end = self.result(wk, b2, pc)?;
                let plies = match end {
                    End::Mated(m) => Some(2 * m),
                    _ => None,
                };
                Ok((end, plies))
            }
        }
    }

    /// PECP's choice (decided now if no wave reached it).
    fn choose(&mut self, wk: Square, bk: Square, pc: Square) -> (Square, Square) {
        let i = index(false, wk, bk, pc);
        if let Some(&c) = self.choice.get(&i) {
            return c;
        }
        let c = self.attacker.choose(wk, bk, pc);
        self.choice.insert(i, c);
        c
    }

    /// How the line from a position with the piece side to move ends.
    pub fn result(&mut self, wk: Square, bk: Square, pc: Square) -> Result<End> {
        let mut path: Vec<usize> = Vec::new();
        let (mut wk, mut bk, mut pc) = (wk, bk, pc);
        let key = |w: Square, b: Square, p: Square| index(false, w, b, p) % (64 * 64 * 64);
        let tail = loop {
            let k = key(wk, bk, pc);
            if let Some(e) = self.memo[k] {
                break e;
            }
            if path.contains(&k) {
                break End::Circles;
            }
            path.push(k);
            let (w2, p2) = self.choose(wk, bk, pc);
            let after = chess(self.o.ending(), true, w2, bk, p2).expect("a legal move");
            let node = Node::from_chess(&after);
            let a = Absolute::of(&node);
            if a.checkmate {
                break End::Mated(0);
            }
            if a.stalemate {
                break End::Stalemated;
            }
            match self.defend(w2, bk, p2)? {
                None => break End::PieceLost,
                Some(b2) => (wk, bk, pc) = (w2, b2, p2),
            }
        };
        // Going back along the path, each position is one move further.
        let mut end = tail;
        for (n, &k) in path.iter().rev().enumerate() {
            end = match tail {
                End::Mated(m) => End::Mated(m + n as u32 + 1),
                other => other,
            };
            self.memo[k] = Some(end);
        }
        Ok(end)
    }
}
