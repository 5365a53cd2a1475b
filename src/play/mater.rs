//! MATER, the mate finder of Baylor and Simon (1966): a search that looks
//! at the attacker's checking moves only (Mater I) or also at the moves
//! that threaten mate in one (Mater II), answers each with every defence,
//! and tries first the moves that leave the defender the fewest replies.
//! It finds forced mates a player would find by "checks first", not every
//! mate (it cannot make other quiet moves), and works on any legal
//! position. A node limit makes it always return.

use rustc_hash::FxHashMap;
use serde::Serialize;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist128;
use shakmaty::{Bitboard, CastlingMode, Chess, EnPassantMode, Move, Piece, Position, attacks};

use crate::board::facts::{Node, bystanders};
use crate::knowledge::books::mating;
use crate::knowledge::books::mating::program::box_area;

/// Which attacking moves MATER tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Mater I: checks only.
    Checks,
    /// Mater II: checks, and moves that threaten mate in one.
    Threats,
}

impl Mode {
    /// "checks" or "threats".
    pub fn id(self) -> &'static str {
        match self {
            Mode::Checks => "checks",
            Mode::Threats => "threats",
        }
    }
}

/// What a search found.
#[derive(Debug, Clone, Serialize)]
pub struct MateSearch {
    /// The mode searched.
    pub mode: Mode,
    /// The deepest mate looked for, in the attacker's moves.
    pub depth: u32,
    /// Mate in how many of the attacker's moves, if found.
    pub mate_in: Option<u32>,
    /// The mating line (SAN), the defender resisting longest.
    pub moves: Vec<String>,
    /// The same in UCI.
    pub uci: Vec<String>,
    /// Positions visited.
    pub nodes: u64,
    /// False when the node limit stopped the search before `depth`.
    pub complete: bool,
}

struct Search {
    mode: Mode,
    nodes: u64,
    limit: u64,
    stopped: bool,
    /// Positions (by their 128-bit Zobrist key) with no mate of MATER's
    /// kind within the given number of moves: the king's moves transpose,
    /// and iterative deepening asks again.
    refuted: FxHashMap<u128, u32>,
}

/// Most positions [`THREATS`] holds before it starts afresh.
const THREATS_HELD: usize = 1 << 20;

thread_local! {
    /// Whether the attacker threatens mate in one, by position (128-bit
    /// Zobrist key). A fact about the position alone, so one memory serves
    /// every search on the thread: successive positions of a game share
    /// most of their trees.
    static THREATS: std::cell::RefCell<FxHashMap<u128, bool>> =
        std::cell::RefCell::new(FxHashMap::default());
}

/// Searches `pos` (the attacker to move) for a forced mate in at most
/// `depth` moves, by iterative deepening, visiting at most `limit`
/// positions.
pub fn find(pos: &Chess, depth: u32, mode: Mode, limit: u64) -> MateSearch {
    let mut s = Search {
        mode,
        nodes: 0,
        limit,
        stopped: false,
        refuted: FxHashMap::default(),
    };
    let mut found = None;
    for n in 1..=depth {
        if let Some(line) = s.mate_in(pos, n) {
            found = Some((n, line));
            break;
        }
        if s.stopped {
            break;
        }
    }
    let (mate_in, line) = match found {
        Some((n, line)) => (Some(n), line),
        None => (None, Vec::new()),
    };
    let (moves, uci) = names(pos, &line);
    MateSearch {
        mode,
        depth,
        mate_in,
        moves,
        uci,
        nodes: s.nodes,
        complete: !s.stopped || mate_in.is_some(),
    }
}

fn names(start: &Chess, line: &[Move]) -> (Vec<String>, Vec<String>) {
    let mut pos = start.clone();
    let mut san = Vec::new();
    let mut uci = Vec::new();
    for &m in line {
        san.push(SanPlus::from_move(pos.clone(), m).to_string());
        uci.push(UciMove::from_move(m, CastlingMode::Standard).to_string());
        pos.play_unchecked(m);
    }
    (san, uci)
}

fn after(pos: &Chess, m: Move) -> Chess {
    let mut p = pos.clone();
    p.play_unchecked(m);
    p
}

/// Whether legal move `m` gives check, from the board before it (without
/// playing it): the piece attacks the king from its new square, or its
/// leaving uncovers another piece's line. Castling and en passant are
/// played out.
pub fn gives_check(pos: &Chess, m: Move) -> bool {
    let (Some(from), false) = (m.from(), m.is_castle() || m.is_en_passant()) else {
        return after(pos, m).is_check();
    };
    let us = pos.turn();
    let board = pos.board();
    let Some(king) = board.king_of(!us) else {
        return false;
    };
    let to = m.to();
    let occupied = (board.occupied() & !Bitboard::from(from)) | Bitboard::from(to);
    let role = m.promotion().unwrap_or(m.role());
    let direct = attacks::attacks(to, Piece { color: us, role }, occupied).contains(king);
    let uncovered = board.attacks_to(king, us, occupied) & !Bitboard::from(from);
    direct || uncovered.any()
}

/// Whether the attacker, moving again in `pos` (the defender passing),
/// would mate at once. Only a check can mate, so only checks are played.
fn threatens_mate(pos: &Chess) -> bool {
    if pos.is_check() {
        return false;
    }
    let Ok(passed) = pos.clone().swap_turn() else {
        return false;
    };
    passed
        .legal_moves()
        .iter()
        .filter(|&&m| gives_check(&passed, m))
        .any(|&m| after(&passed, m).is_checkmate())
}

/// [`threatens_mate`], remembered by position on this thread.
fn threatens(pos: &Chess) -> bool {
    let key: u128 = pos.zobrist_hash::<Zobrist128>(EnPassantMode::Legal).0;
    THREATS.with_borrow_mut(|held| {
        if held.len() >= THREATS_HELD {
            held.clear();
        }
        *held.entry(key).or_insert_with(|| threatens_mate(pos))
    })
}

impl Search {
    /// Counts one more position, unless the limit is reached: the search
    /// then stops, having visited exactly `limit`.
    fn tick(&mut self) -> bool {
        if self.nodes >= self.limit {
            self.stopped = true;
        } else {
            self.nodes += 1;
        }
        self.stopped
    }

    /// The attacker's candidate moves in `pos`, fewest defender replies
    /// first (ties in move order), each with its number of replies and
    /// whether it checks.
    fn candidates(&mut self, pos: &Chess) -> Vec<(Move, usize, bool)> {
        let threats = self.mode == Mode::Threats;
        let mut c: Vec<(Move, usize, bool)> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| threats || gives_check(pos, m))
            .filter_map(|m| {
                let p = after(pos, m);
                let check = p.is_check();
                let wanted = check || (threats && threatens(&p));
                wanted.then(|| (m, p.legal_moves().len(), check))
            })
            .collect();
        c.sort_by_key(|x| x.1);
        c
    }

    /// A forced mate in at most `n` of the attacker's moves: the line.
    fn mate_in(&mut self, pos: &Chess, n: u32) -> Option<Vec<Move>> {
        let key: u128 = pos.zobrist_hash::<Zobrist128>(EnPassantMode::Legal).0;
        if n == 0 || self.refuted.get(&key).is_some_and(|&k| k >= n) || self.tick() {
            return None;
        }
        let line = self.first_mate(pos, n);
        if line.is_none() && !self.stopped {
            self.refuted.insert(key, n);
        }
        line
    }

    /// The first candidate that mates in at most `n`, with its line.
    fn first_mate(&mut self, pos: &Chess, n: u32) -> Option<Vec<Move>> {
        if n == 1 {
            // Only a check mates; every mate leaves no reply, so the
            // first mate among the candidates is the first in move order.
            return pos
                .legal_moves()
                .into_iter()
                .find(|&m| gives_check(pos, m) && after(pos, m).is_checkmate())
                .map(|m| vec![m]);
        }
        for (m, replies, check) in self.candidates(pos) {
            // Mate: in check with no reply.
            if replies == 0 && check {
                return Some(vec![m]);
            }
            if replies == 0 {
                continue;
            }
            if let Some(rest) = self.every_defence(&after(pos, m), n - 1) {
                let mut line = vec![m];
                line.extend(rest);
                return Some(line);
            }
            if self.stopped {
                return None;
            }
        }
        None
    }

    /// Every defence in `pos` loses to a mate in at most `n`: the longest.
    fn every_defence(&mut self, pos: &Chess, n: u32) -> Option<Vec<Move>> {
        let mut longest: Option<Vec<Move>> = None;
        for r in pos.legal_moves() {
            let line = self.mate_in(&after(pos, r), n)?;
            if longest.as_ref().is_none_or(|l| line.len() + 1 > l.len()) {
                let mut l = vec![r];
                l.extend(line);
                longest = Some(l);
            }
        }
        longest
    }
}

/// The node limit of each MATER search in a line.
pub const MATER_NODES: u64 = 20_000;

/// The largest box (squares) in which MATER is asked for a mate: a lone
/// king with more room than this is not mated within a few moves, and the
/// search would only cost time.
pub const MATER_BOX: i8 = 12;

/// MATER's first move, if it finds a forced mate in `pos` within `depth`:
/// asked only in the mating book's endings (a queen or rook against the
/// lone king, its [`bystanders`] beside it or not), once the lone king's
/// box is small (see [`MATER_BOX`]).
pub fn mater_move(pos: &Chess, depth: u32, mode: Mode) -> Option<Move> {
    let node = Node::from_chess(pos);
    let boxed = (mating::BOOK.covers(&node) || !bystanders(pos).is_empty())
        && node
            .piece
            .is_some_and(|(p, r)| box_area(node.wk, node.bk, p, r) <= MATER_BOX);
    if !boxed {
        return None;
    }
    mater_carries_on(pos, depth, mode)
}

/// MATER's first move of a forced mate in `pos` within `depth`, the box not
/// asked: so it plays on a mate it has begun, which is one move shorter
/// now, whatever room the king's last step gave it.
pub fn mater_carries_on(pos: &Chess, depth: u32, mode: Mode) -> Option<Move> {
    let found = find(pos, depth, mode, MATER_NODES);
    let first = found.uci.first()?;
    pos.legal_moves()
        .into_iter()
        .find(|m| UciMove::from_move(*m, CastlingMode::Standard).to_string() == *first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    /// Full-width: is there a forced mate in at most `n` (all moves)?
    fn forced(pos: &Chess, n: u32) -> bool {
        n > 0
            && pos.legal_moves().iter().any(|&m| {
                let p = after(pos, m);
                p.is_checkmate()
                    || (n > 1
                        && !p.legal_moves().is_empty()
                        && p.legal_moves()
                            .iter()
                            .all(|&r| forced(&after(&p, r), n - 1)))
            })
    }

    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        // Direct checks, discovered checks, promotions, castling, en
        // passant and captures, two plies deep from each start.
        let starts = [
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/1P6/8/2pP4/8/8/8/R3K2R w KQ c6 0 1",
            "8/8/8/Q7/7k/8/3K4/8 w - - 0 1",
        ];
        let mut checked = 0;
        for fen in starts {
            let p = pos(fen);
            for m in p.legal_moves() {
                assert_eq!(gives_check(&p, m), after(&p, m).is_check(), "{fen} {m:?}");
                let q = after(&p, m);
                for r in q.legal_moves() {
                    assert_eq!(
                        gives_check(&q, r),
                        after(&q, r).is_check(),
                        "{fen} {m:?} {r:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000);
    }

    #[test]
    fn finds_a_back_rank_mate_and_its_line_mates() {
        let p = pos("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        let s = find(&p, 3, Mode::Checks, 1_000_000);
        assert_eq!(s.mate_in, Some(1));
        assert_eq!(s.moves, ["Ra8#"]);
    }

    #[test]
    fn checks_find_a_mate_in_two_and_the_defence_is_the_longest() {
        // Queen and king against king, the king near: checks alone mate.
        let p = pos("k7/8/1K6/8/8/8/8/3Q4 w - - 0 1");
        let s = find(&p, 3, Mode::Checks, 1_000_000);
        let n = s.mate_in.expect("a mate by checks");
        assert!(forced(&p, n));
        let mut q = p.clone();
        for u in &s.uci {
            let m = u.parse::<UciMove>().unwrap().to_move(&q).unwrap();
            q.play_unchecked(m);
        }
        assert!(q.is_checkmate());
    }

    #[test]
    fn threats_find_what_checks_cannot() {
        // The king shuts the defender in; only a quiet move threatens mate.
        let p = pos("7k/8/5K2/8/8/8/8/6R1 w - - 0 1");
        let checks = find(&p, 2, Mode::Checks, 1_000_000);
        let threats = find(&p, 2, Mode::Threats, 1_000_000);
        assert_eq!(checks.mate_in, None);
        assert_eq!(threats.mate_in, Some(2), "{threats:?}");
        assert!(forced(&p, 2));
    }

    #[test]
    fn the_node_limit_stops_the_search() {
        // A queen far from a lone king: checks everywhere, no mate by them.
        let s = find(
            &pos("8/8/8/3k4/8/8/8/Q3K3 w - - 0 1"),
            6,
            Mode::Threats,
            100,
        );
        assert_eq!(s.mate_in, None);
        assert!(!s.complete);
        assert_eq!(s.nodes, 100);
        // With room enough it completes: no mate of MATER's kind (the
        // positions it refuted are not searched twice).
        let full = find(
            &pos("8/8/8/3k4/8/8/8/Q3K3 w - - 0 1"),
            6,
            Mode::Threats,
            1_000_000,
        );
        assert_eq!(full.mate_in, None);
        assert!(full.complete);
    }
}
