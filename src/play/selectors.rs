//! Move selectors: whatever chooses a move in a position. PECP's two-level
//! selection is one; the seeds' classical methods are the others, so that
//! the paper's claim ("better than the classical methods") can be measured
//! on exactly the same positions.
//!
//! - `soma`: the Smith One-Move Analyzer (seeds/000): one ply, static value
//!   of material, square control and swap-off values; its coin toss is a
//!   seeded hash, so it is deterministic.
//! - `alphabeta`: negamax with alpha-beta pruning, iterative deepening, a
//!   transposition table keyed by Zobrist hash, move ordering and mate
//!   scores that prefer the shortest mate (seeds/001, 002), over an
//!   evaluation in the style of the seed's Lisp program adapted to KPK.

use std::collections::HashMap;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, Chess, Color, EnPassantMode, Move, MoveList, Position, Role, Square};

use crate::knowledge::evaluate::Level1;
use crate::knowledge::select::Decision;

/// Which selector.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selector {
    /// PECP's two-level selection.
    Pecp,
    /// The Smith One-Move Analyzer, with a seed for its coin toss.
    Soma {
        /// Seed of the deterministic coin toss.
        seed: u64,
    },
    /// Alpha-beta to a fixed depth in plies.
    AlphaBeta {
        /// Search depth in plies.
        depth: u8,
    },
}

impl Selector {
    /// "pecp", "soma" or "alphabeta".
    pub fn name(self) -> &'static str {
        match self {
            Selector::Pecp => "pecp",
            Selector::Soma { .. } => "soma",
            Selector::AlphaBeta { .. } => "alphabeta",
        }
    }

    /// A label with the depth for alpha-beta ("alphabeta-4").
    pub fn label(self) -> String {
        match self {
            Selector::AlphaBeta { depth } => format!("alphabeta-{depth}"),
            other => other.name().to_string(),
        }
    }

    /// The move this selector plays in `pos` (any legal position), or
    /// `None` if there is none. `eval` is PECP's level-1 evaluator.
    pub fn choose(self, pos: &Chess, eval: &impl Level1) -> Option<Move> {
        self.choose_avoiding(pos, eval, &|_| false).map(|c| c.mv)
    }

    /// Like [`Selector::choose`], in a game: positions for which `avoid`
    /// holds are what the player would rather not reach (a repetition).
    /// PECP takes that into account (see
    /// [`decide_avoiding`](crate::knowledge::select::decide_avoiding)) and says how it
    /// decided; the classical selectors ignore it.
    pub fn choose_avoiding(
        self,
        pos: &Chess,
        eval: &impl Level1,
        avoid: &dyn Fn(&Chess) -> bool,
    ) -> Option<Choice> {
        match self {
            Selector::Pecp => {
                crate::knowledge::select::decide_avoiding(pos, eval, avoid).map(|d| Choice {
                    mv: d.chosen().mv,
                    decision: Some(d),
                })
            }
            Selector::Soma { seed } => soma_choose(pos, seed, &[]).map(Choice::bare),
            Selector::AlphaBeta { depth } => alphabeta_choose(pos, depth, &[]).map(Choice::bare),
        }
    }

    /// Like [`Selector::choose_avoiding`], keeping to the moves of `only`
    /// when it is not empty (UCI's `go searchmoves`): every selector then
    /// plays one of them.
    pub fn choose_among(
        self,
        pos: &Chess,
        eval: &impl Level1,
        avoid: &dyn Fn(&Chess) -> bool,
        only: &[Move],
    ) -> Option<Choice> {
        if only.is_empty() {
            return self.choose_avoiding(pos, eval, avoid);
        }
        match self {
            Selector::Pecp => {
                crate::knowledge::select::decide_among(pos, eval, avoid, only).map(|d| Choice {
                    mv: d.chosen().mv,
                    decision: Some(d),
                })
            }
            Selector::Soma { seed } => soma_choose(pos, seed, only).map(Choice::bare),
            Selector::AlphaBeta { depth } => alphabeta_choose(pos, depth, only).map(Choice::bare),
        }
    }
}

/// The legal moves of `pos`, those of `only` when it is not empty.
fn root_moves(pos: &Chess, only: &[Move]) -> MoveList {
    let mut moves = pos.legal_moves();
    if !only.is_empty() {
        moves.retain(|m| only.contains(m));
    }
    moves
}

/// A selector's move, with PECP's reasons when PECP chose.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// PECP's two levels, when PECP chose.
    pub decision: Option<Decision>,
}

impl Choice {
    fn bare(mv: Move) -> Choice {
        Choice { mv, decision: None }
    }
}

// ----------------------------------------------------------------- SOMA

fn soma_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 10,
        Role::Knight | Role::Bishop => 30,
        Role::Rook => 50,
        Role::Queen => 90,
        Role::King => 1000,
    }
}

const CENTRE: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// Squares `color`'s piece on `sq` attacks (where it might move, occupied
/// or not); for a pawn its two capture squares.
fn piece_reach(pos: &Chess, sq: Square) -> Bitboard {
    pos.board().attacks_from(sq)
}

/// SOMA's square control for `color`: 1 a square, 2 a central square, 3 a
/// square next to the enemy king.
pub fn soma_square_control(pos: &Chess, color: Color) -> i32 {
    let board = pos.board();
    let enemy_king = board.king_of(!color);
    let around = enemy_king.map_or(Bitboard::EMPTY, shakmaty::attacks::king_attacks);
    let mut total = 0;
    for sq in board.by_color(color) {
        for t in piece_reach(pos, sq) {
            total += if around.contains(t) {
                3
            } else if CENTRE.contains(t) {
                2
            } else {
                1
            };
        }
    }
    total
}

/// Swap-off value S of the piece on `sq`: what its owner loses if both sides
/// capture efficiently. Only single captures and recaptures occur in these
/// endings, so S is the piece's value if it is attacked and undefended, the
/// difference with the cheapest attacker if defended, and never negative.
/// A king in check counts as en prise with S = 1,000, as in the seed.
fn swap_off(pos: &Chess, sq: Square) -> i32 {
    let board = pos.board();
    let Some(piece) = board.piece_at(sq) else {
        return 0;
    };
    let occupied = board.occupied();
    let attackers = board.attacks_to(sq, !piece.color, occupied);
    if attackers.is_empty() {
        return 0;
    }
    if piece.role == Role::King {
        return soma_value(Role::King);
    }
    let defenders = board.attacks_to(sq, piece.color, occupied);
    let cheapest = attackers
        .into_iter()
        .filter_map(|s| board.role_at(s))
        .map(soma_value)
        .min()
        .unwrap_or(0);
    let s = if defenders.is_empty() {
        soma_value(piece.role)
    } else {
        soma_value(piece.role) - cheapest
    };
    // A king cannot capture a defended piece at all.
    if !defenders.is_empty()
        && attackers
            .into_iter()
            .all(|a| board.role_at(a) == Some(Role::King))
    {
        return 0;
    }
    s.max(0)
}

/// SOMA's value of a position for `me` (the side that just moved).
pub fn soma_score(pos: &Chess, me: Color) -> i32 {
    let board = pos.board();
    let material: i32 = board
        .by_color(me)
        .into_iter()
        .filter_map(|s| board.role_at(s))
        .map(soma_value)
        .sum::<i32>()
        - board
            .by_color(!me)
            .into_iter()
            .filter_map(|s| board.role_at(s))
            .map(soma_value)
            .sum::<i32>();
    let control = soma_square_control(pos, me);
    let mut theirs: Vec<i32> = board
        .by_color(!me)
        .into_iter()
        .map(|s| swap_off(pos, s))
        .filter(|&s| s > 0)
        .collect();
    let mut mine: Vec<i32> = board
        .by_color(me)
        .into_iter()
        .map(|s| swap_off(pos, s))
        .filter(|&s| s > 0)
        .collect();
    theirs.sort_unstable_by(|a, b| b.cmp(a));
    mine.sort_unstable_by(|a, b| b.cmp(a));
    // Their pieces en prise: one gives +5 (the initiative); two or more give
    // the second highest S plus 5 for every other.
    let attack = match theirs.len() {
        0 => 0,
        1 => 5,
        n => theirs[1] + 5 * (n as i32 - 1),
    };
    // Our pieces en prise: the highest S, plus 5 for every other. With us
    // having just moved, they capture next.
    let danger = match mine.len() {
        0 => 0,
        n => mine[0] + 5 * (n as i32 - 1),
    };
    // Game over by the rules: mate wins, stalemate and bare kings draw.
    if pos.is_checkmate() {
        return 100_000;
    }
    if pos.is_stalemate() || pos.is_insufficient_material() {
        return 0;
    }
    material + control + attack - danger
}

fn soma_choose(pos: &Chess, seed: u64, only: &[Move]) -> Option<Move> {
    let me = pos.turn();
    let key: u64 = pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
    root_moves(pos, only)
        .into_iter()
        .map(|m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let score = soma_score(&after, me);
            let from = m.from().map_or(64, |s| s as u64);
            let coin = crate::rng::mix(
                seed ^ key
                    ^ (from << 8)
                    ^ (m.to() as u64)
                    ^ ((m.promotion().map_or(0, |r| r as u64)) << 16),
            );
            (score, std::cmp::Reverse(coin), m)
        })
        .max_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)))
        .map(|(_, _, m)| m)
}

// ------------------------------------------------------------ alpha-beta

const MATE: i32 = 100_000;
const INF: i32 = 1_000_000;

/// Static evaluation from the side to move, in the style of the seed's Lisp
/// program (material x100, placement, space, attacks, -8 in check), with
/// KPK placement: the pawn's advance and the kings' closeness to it.
pub fn ab_evaluate(pos: &Chess) -> i32 {
    let board = pos.board();
    let me = pos.turn();
    let side_score = |c: Color| -> i32 {
        let mut s = 0;
        for sq in board.by_color(c) {
            match board.role_at(sq) {
                Some(Role::Pawn) => {
                    // Material and advance (relative to its own side).
                    let r = sq.rank().to_u32() as i32;
                    let rank = if c == Color::White { r } else { 7 - r };
                    s += 100 + 8 * rank * rank / 2;
                    // A pawn its own king guards.
                    if let Some(k) = board.king_of(c)
                        && k.distance(sq) <= 1
                    {
                        s += 15;
                    }
                }
                Some(Role::Knight) | Some(Role::Bishop) => s += 300,
                Some(Role::Rook) => s += 500,
                Some(Role::Queen) => s += 900,
                _ => {}
            }
        }
        s
    };
    let mut score = side_score(me) - side_score(!me);
    // Placement, the KPK look-up table: kings near the pawn count, and a
    // king standing in front of the pawn (ahead of it, within a file) holds
    // the key ground, for either side.
    if let Some(p) = board.pawns().first() {
        let owner = if board.white().contains(p) {
            Color::White
        } else {
            Color::Black
        };
        let ahead = |k: Square| {
            let (kr, pr) = (k.rank().to_u32() as i32, p.rank().to_u32() as i32);
            let in_front = if owner == Color::White {
                kr > pr
            } else {
                kr < pr
            };
            in_front && k.file().distance(p.file()) <= 1
        };
        let place = |c: Color| {
            board.king_of(c).map_or(0, |k| {
                4 * (7 - k.distance(p) as i32) + if ahead(k) { 20 } else { 0 }
            })
        };
        score += place(me) - place(!me);
    }
    // Space: mobility of the side to move.
    score += pos.legal_moves().len() as i32;
    // Attacks: enemy pieces we attack minus ours attacked, 1.25 each (x4 to
    // stay in integers, so 5).
    let occupied = board.occupied();
    let attacked = |c: Color| {
        board
            .by_color(c)
            .into_iter()
            .filter(|&s| board.role_at(s) != Some(Role::King))
            .filter(|&s| !board.attacks_to(s, !c, occupied).is_empty())
            .count() as i32
    };
    score += 5 * (attacked(!me) - attacked(me)) / 4;
    if pos.is_check() {
        score -= 8;
    }
    score
}

struct Search {
    tt: HashMap<u64, (u8, i32, u8, Option<Move>)>,
}

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

impl Search {
    fn negamax(&mut self, pos: &Chess, depth: u8, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.is_check() { -MATE + ply } else { 0 };
        }
        if pos.is_insufficient_material() {
            return 0;
        }
        if depth == 0 {
            return ab_evaluate(pos);
        }
        let key = pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        let mut tt_move = None;
        if let Some(&(d, v, flag, m)) = self.tt.get(&key) {
            tt_move = m;
            if d >= depth {
                // Mate scores are stored relative to this node.
                let v = from_tt(v, ply);
                match flag {
                    EXACT => return v,
                    LOWER if v >= beta => return v,
                    UPPER if v <= alpha => return v,
                    _ => {}
                }
            }
        }
        let ordered = order(moves, tt_move);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for m in ordered {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let v = -self.negamax(&after, depth - 1, ply + 1, -beta, -alpha);
            if v > best {
                best = v;
                best_move = Some(m);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let flag = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.tt
            .insert(key, (depth, to_tt(best, ply), flag, best_move));
        best
    }
}

fn to_tt(v: i32, ply: i32) -> i32 {
    if v > MATE - 1000 {
        v + ply
    } else if v < -MATE + 1000 {
        v - ply
    } else {
        v
    }
}

fn from_tt(v: i32, ply: i32) -> i32 {
    if v > MATE - 1000 {
        v - ply
    } else if v < -MATE + 1000 {
        v + ply
    } else {
        v
    }
}

/// Move ordering: the transposition-table move, then promotions (queen
/// first), captures, pawn pushes, king moves; ties in shakmaty's order.
fn order(moves: shakmaty::MoveList, first: Option<Move>) -> Vec<Move> {
    let mut v: Vec<Move> = moves.into_iter().collect();
    v.sort_by_key(|m| {
        let tt = i32::from(Some(*m) != first);
        let promo = match m.promotion() {
            Some(Role::Queen) => 0,
            Some(Role::Rook) => 1,
            Some(_) => 3,
            None => 2,
        };
        let capture = i32::from(!m.is_capture());
        let king = i32::from(m.role() == Role::King);
        (tt, promo, capture, king)
    });
    v
}

fn alphabeta_choose(pos: &Chess, depth: u8, only: &[Move]) -> Option<Move> {
    let mut search = Search { tt: HashMap::new() };
    let mut best = None;
    for d in 1..=depth.max(1) {
        let mut alpha = -INF;
        let mut chosen = None;
        let key = pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        let tt_move = search.tt.get(&key).and_then(|e| e.3);
        for m in order(root_moves(pos, only), tt_move) {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let v = -search.negamax(&after, d - 1, 1, -INF, -alpha);
            if v > alpha || chosen.is_none() {
                alpha = alpha.max(v);
                chosen = Some(m);
            }
        }
        if let Some(m) = chosen {
            search.tt.insert(key, (d, to_tt(alpha, 0), EXACT, Some(m)));
            best = Some(m);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap()
    }

    /// The seed: the opening move e4 scores 8 more in square control (4 new
    /// squares for the bishop, 3 for the queen, +1 for the pawn's new central
    /// square).
    #[test]
    fn soma_square_control_matches_the_seeds_e4_example() {
        let start = Chess::default();
        let before = soma_square_control(&start, Color::White);
        let mut after = start.clone();
        let e4 = shakmaty::uci::UciMove::from_ascii(b"e2e4")
            .unwrap()
            .to_move(&start)
            .unwrap();
        after.play_unchecked(e4);
        assert_eq!(soma_square_control(&after, Color::White) - before, 8);
    }

    #[test]
    fn soma_counts_squares_on_a_small_position() {
        // King on a1 reaches a2, b1, b2: 3 squares, none central or next to
        // the black king on h8.
        let p = pos("7k/8/8/8/8/8/8/K7 w - - 0 1");
        assert_eq!(soma_square_control(&p, Color::White), 3);
        // King on e5 next to the black king on e7? No: d6, e6, f6 are next
        // to e7 (3 each), d4/e4 central (2), d5 central (2)... count them.
        let p = pos("8/4k3/8/4K3/8/8/8/8 w - - 0 1");
        // e5 reaches d4 d5 d6 e4 e6 f4 f5 f6: d6 e6 f6 are next to e7 (3 each
        // = 9), d4 e4 d5 are central (2 each = 6), f4 f5 score 1 each.
        assert_eq!(soma_square_control(&p, Color::White), 9 + 6 + 2);
    }

    #[test]
    fn soma_moves_an_attacked_pawn_or_guards_it() {
        // Pawn d3 attacked by the black king on c3: White to move must not
        // leave it hanging.
        let p = pos("8/8/8/8/8/2kP4/8/5K2 w - - 0 1");
        let m = soma_choose(&p, 1, &[]).unwrap();
        let mut after = p.clone();
        after.play_unchecked(m);
        assert_eq!(
            swap_off(&after, Square::D3) + swap_off(&after, Square::D4),
            0,
            "{m}"
        );
    }

    #[test]
    fn alphabeta_finds_the_only_winning_move_in_the_papers_position() {
        // Kd4 is the only winning move (Syzygy); depth 4 finds it.
        let p = pos("8/8/3k4/8/8/3PK3/8/8 w - - 0 1");
        let m = alphabeta_choose(&p, 4, &[]).unwrap();
        assert_eq!(shakmaty::san::San::from_move(&p, m).to_string(), "Kd4");
    }

    #[test]
    fn alphabeta_prefers_the_shortest_mate() {
        // KQK with mate in one: Qb7# or Qa7#... the search must return a mate.
        let p = pos("k7/8/1K6/8/8/8/7Q/8 w - - 0 1");
        let m = alphabeta_choose(&p, 3, &[]).unwrap();
        let mut after = p.clone();
        after.play_unchecked(m);
        assert!(after.is_checkmate(), "{m} is not mate");
    }
}
