//! The embedded exact oracle: a retrograde KPK solver.
//!
//! The method of Stockfish's KPK bitbase (`bitbase.cpp`): label the positions
//! decided by the rules of chess, then iterate to a fixed point. It is the
//! truth when no Syzygy tables are at hand, and a test checks it against
//! Syzygy on all 331,352 positions. It is never called from a rule.
//!
//! Layout: index = ((stm * 64 + wk) * 64 + bk) * 64 + wp, 2 * 64^3 = 524,288
//! entries, one byte each; pawn squares off ranks 2-7 stay invalid.

use std::sync::OnceLock;

use shakmaty::Square;

use crate::board::absolute::Absolute;
use crate::board::facts::Node;
use crate::board::geometry::{Promo, Side, Sq};
use crate::board::position::{Kpk, TABLE_SIZE, packed_index};

const INVALID: u8 = 0;
const UNKNOWN: u8 = 1;
const DRAW: u8 = 2;
const WIN: u8 = 3;

/// The solved KPK table: whether White (the pawn side) wins each position.
pub struct Oracle {
    table: Vec<u8>,
    /// For won positions: the iteration that proved the win (0 for an
    /// immediate promotion), a distance-to-conversion in moves for each side.
    depth: Vec<u8>,
}

impl std::fmt::Debug for Oracle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Oracle").finish_non_exhaustive()
    }
}

fn idx(stm: usize, wk: usize, bk: usize, wp: usize) -> usize {
    packed_index(stm, wk, bk, wp)
}

fn file(s: usize) -> i32 {
    (s % 8) as i32
}
fn rank(s: usize) -> i32 {
    (s / 8) as i32
}
fn dist(a: usize, b: usize) -> i32 {
    (file(a) - file(b)).abs().max((rank(a) - rank(b)).abs())
}

/// King moves from each square, precomputed once.
fn king_moves(s: usize) -> impl Iterator<Item = usize> {
    static TABLE: OnceLock<Vec<Vec<usize>>> = OnceLock::new();
    TABLE.get_or_init(|| (0..64).map(|s| compute_king_moves(s).collect()).collect())[s]
        .iter()
        .copied()
}

fn compute_king_moves(s: usize) -> impl Iterator<Item = usize> {
    (-1..=1)
        .flat_map(move |dx| (-1..=1).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| dx != 0 || dy != 0)
        .filter_map(move |(dx, dy)| {
            let (f, r) = (file(s) + dx, rank(s) + dy);
            ((0..8).contains(&f) && (0..8).contains(&r)).then_some((r * 8 + f) as usize)
        })
}

fn pawn_attacks(p: usize, s: usize) -> bool {
    rank(s) == rank(p) + 1 && (file(s) - file(p)).abs() == 1
}

/// After White promotes on `q` (queen or rook, Black to move): Black draws
/// by taking the piece or being stalemated; otherwise KQK/KRK is won.
fn promotion_wins(wk: usize, bk: usize, q: usize, rook: bool) -> bool {
    let at = |s: usize| Sq(file(s) as i8 + 1, rank(s) as i8 + 1);
    let role = if rook { Promo::Rook } else { Promo::Queen };
    Absolute::of(&Node {
        wk: at(wk),
        bk: at(bk),
        pawn: None,
        pawn2: None,
        piece: Some((at(q), role)),
        bpawn: None,
        bpiece: None,
        turn: Side::Black,
        ep: None,
    })
    .win()
}

impl Oracle {
    /// Solves KPK. Takes tens of milliseconds in a release build.
    pub fn solve() -> Oracle {
        let (mut table, live) = label_immediate();
        let mut depth = vec![0u8; TABLE_SIZE];
        let live = iterate(&mut table, &mut depth, live);
        for i in live {
            table[i] = DRAW;
        }
        Oracle { table, depth }
    }

    /// The shared, lazily solved oracle.
    pub fn get() -> &'static Oracle {
        static ORACLE: OnceLock<Oracle> = OnceLock::new();
        ORACLE.get_or_init(Oracle::solve)
    }

    /// Whether White (the pawn side) wins a normalised KPK position.
    pub fn white_wins(&self, k: Kpk) -> bool {
        self.table[k.index()] == WIN
    }

    /// For a won position, the number of solver iterations that proved it:
    /// each side's moves to a safe promotion under best play, counted by
    /// both sides' plies in the iteration. Zero for draws.
    pub fn depth(&self, k: Kpk) -> u8 {
        self.depth[k.index()]
    }

    /// Whether White wins after promoting on `q` to a queen (`rook` false)
    /// or rook, Black to move. Minor pieces never win.
    pub fn promotion_wins(&self, wk: Square, bk: Square, q: Square, rook: bool) -> bool {
        promotion_wins(sq(wk), sq(bk), sq(q), rook)
    }
}

/// Step 1: the legal positions, and the ones the rules of chess decide at
/// once (a promotion that wins, a capture or stalemate that draws). Returns
/// the table and the positions still unknown.
fn label_immediate() -> (Vec<u8>, Vec<usize>) {
    let mut table = vec![INVALID; TABLE_SIZE];
    let mut live = Vec::with_capacity(340_000);
    for stm in 0..2 {
        for wk in 0..64 {
            for bk in 0..64 {
                for wp in 8..56 {
                    if wk == bk || wk == wp || bk == wp || dist(wk, bk) <= 1 {
                        continue;
                    }
                    if stm == 0 && pawn_attacks(wp, bk) {
                        continue; // Black would be in check with White to move.
                    }
                    let i = idx(stm, wk, bk, wp);
                    table[i] = immediate(stm, wk, bk, wp);
                    if table[i] == UNKNOWN {
                        live.push(i);
                    }
                }
            }
        }
    }
    (table, live)
}

/// The label of a legal position by the rules of chess alone.
fn immediate(stm: usize, wk: usize, bk: usize, wp: usize) -> u8 {
    if stm == 0 {
        let q = wp + 8;
        let promotes = rank(wp) == 6
            && q != wk
            && q != bk
            && (promotion_wins(wk, bk, q, false) || promotion_wins(wk, bk, q, true));
        if promotes { WIN } else { UNKNOWN }
    } else {
        let safe = |s: usize| dist(s, wk) > 1 && !pawn_attacks(wp, s);
        let takes = dist(bk, wp) == 1 && dist(wk, wp) > 1;
        let in_check = pawn_attacks(wp, bk);
        let stalemate = !in_check && !king_moves(bk).any(safe);
        if takes || stalemate { DRAW } else { UNKNOWN }
    }
}

/// Step 2: iterate to a fixed point. White wins if some move wins; Black
/// loses if every move loses. Wins found in one pass become visible only
/// in the next, so that the pass number is an honest distance. Returns the
/// positions that never became wins (draws).
fn iterate(table: &mut [u8], depth: &mut [u8], mut live: Vec<usize>) -> Vec<usize> {
    let mut iteration = 0u8;
    loop {
        iteration += 1;
        let table_now = &*table;
        let mut newly = Vec::new();
        live.retain(|&i| {
            let win = wins_now(table_now, i);
            if win {
                newly.push(i);
            }
            !win
        });
        if newly.is_empty() {
            return live;
        }
        for i in newly {
            table[i] = WIN;
            depth[i] = iteration;
        }
    }
}

/// Whether position `i` is won given the wins labelled so far.
fn wins_now(table: &[u8], i: usize) -> bool {
    let (stm, wk, bk, wp) = (i >> 18, (i >> 12) & 63, (i >> 6) & 63, i & 63);
    if stm == 0 {
        let king = king_moves(wk)
            .filter(|&s| s != wp && dist(s, bk) > 1)
            .any(|s| table[idx(1, s, bk, wp)] == WIN);
        let one = wp + 8;
        let push = rank(wp) < 6
            && one != wk
            && one != bk
            && (table[idx(1, wk, bk, one)] == WIN
                || (rank(wp) == 1
                    && one + 8 != wk
                    && one + 8 != bk
                    && table[idx(1, wk, bk, one + 8)] == WIN));
        king || push
    } else {
        let mut moves = king_moves(bk)
            .filter(|&s| dist(s, wk) > 1 && !pawn_attacks(wp, s))
            .peekable();
        moves.peek().is_some() && moves.all(|s| table[idx(0, wk, s, wp)] == WIN)
    }
}

fn sq(s: Square) -> usize {
    s.to_usize()
}
