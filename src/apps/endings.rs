//! `validate --ending kqk|krk`: every won position of king and queen (or
//! rook) against king, the piece side to move, played by PECP's mating
//! rules against perfect defence (the lone king resisting longest) until
//! mate, stalemate, the piece lost or fifty moves without mate.
//!
//! PECP's move depends on the position alone here (no pawn, no history),
//! and so does perfect defence, so the lines form a graph: each position's
//! result is computed once, and a line that comes back to a position it
//! has had never mates.

use std::sync::OnceLock;
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;
use shakmaty::{
    Board, CastlingMode, Chess, Color, FromSetup, Move, Piece, Position, Role, Setup, Square,
};

use crate::board::facts::Node;
use crate::error::Result;
use crate::judges::mate_oracle::{Ending, MateOracle, index};
use crate::judges::tablebase::Tablebases;
use crate::judges::truth::Truth;
use crate::knowledge::evaluate::Evaluation;
use crate::knowledge::select::decide_mating;
use crate::play::mater::Mode;
use crate::rng::SplitMix64;

/// What to validate.
#[derive(Debug, Clone)]
pub struct EndingOptions {
    /// KQK or KRK.
    pub ending: Ending,
    /// Only this many positions, drawn with `seed` (all when `None`).
    pub sample: Option<usize>,
    /// Seed of the sample.
    pub seed: u64,
    /// MATER first: when it finds a forced mate within this many moves
    /// (of its kind), the line plays it; otherwise the rules choose.
    pub mater: Option<(u32, Mode)>,
    /// Also run MATER alone on every start, as a baseline.
    pub mater_alone: bool,
}

/// MATER alone on the same starts: how many forced mates it finds within
/// 5, 10 and 20 moves, by checks only and by checks and threats.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MaterAlone {
    /// The node limit of each search.
    pub nodes: u64,
    /// Mates found by checks only within [5, 10, 20] moves.
    pub checks: [usize; 3],
    /// Mates found by checks and threats of mate within [5, 10, 20] moves.
    pub threats: [usize; 3],
}

/// The depths of the MATER baseline.
pub const BASELINE_DEPTHS: [u32; 3] = [5, 10, 20];

/// Runs MATER alone on `starts` (one search per start and mode, at the
/// deepest depth; a mate found in n moves counts for every depth ≥ n).
fn mater_alone(ending: Ending, starts: &[(Square, Square, Square)]) -> MaterAlone {
    let found: Vec<[Option<u32>; 2]> = starts
        .par_iter()
        .map(|&(w, b, p)| {
            let pos = chess(ending, false, w, b, p).expect("legal");
            [Mode::Checks, Mode::Threats]
                .map(|m| crate::play::mater::find(&pos, BASELINE_DEPTHS[2], m, MATER_NODES).mate_in)
        })
        .collect();
    let count = |mode: usize, depth: u32| {
        found
            .iter()
            .filter(|f| f[mode].is_some_and(|n| n <= depth))
            .count()
    };
    MaterAlone {
        nodes: MATER_NODES,
        checks: BASELINE_DEPTHS.map(|d| count(0, d)),
        threats: BASELINE_DEPTHS.map(|d| count(1, d)),
    }
}

/// The node limit of each MATER search in a line.
pub const MATER_NODES: u64 = 20_000;

/// The largest box (squares) in which MATER is asked for a mate: a lone
/// king with more room than this is not mated within a few moves, and the
/// search would only cost time.
pub const MATER_BOX: i8 = 12;

/// MATER's first move, if it finds a forced mate in `pos` within `depth`
/// (asked only once the lone king's box is small, see [`MATER_BOX`]).
pub fn mater_move(pos: &Chess, depth: u32, mode: Mode) -> Option<Move> {
    let node = Node::from_chess(pos);
    let boxed = node.piece.is_some_and(|(p, r)| {
        crate::knowledge::rules::mating::box_area(node.wk, node.bk, p, r) <= MATER_BOX
    });
    if !boxed {
        return None;
    }
    let found = crate::play::mater::find(pos, depth, mode, MATER_NODES);
    let first = found.uci.first()?;
    pos.legal_moves().into_iter().find(|m| {
        shakmaty::uci::UciMove::from_move(*m, CastlingMode::Standard).to_string() == *first
    })
}

/// The figures `validate --ending` reports (JSON keys are a contract).
#[derive(Debug, Clone, Serialize)]
pub struct EndingReport {
    /// "kqk" or "krk".
    pub ending: &'static str,
    /// Who defended: "syzygy" or "embedded".
    pub truth: &'static str,
    /// Who chose the attacker's moves: "rules" or "rules+mater".
    pub player: String,
    /// Won starting positions played.
    pub positions: usize,
    /// Lines that ended in mate within the fifty-move rule.
    pub mated: usize,
    /// Lines that ended in stalemate.
    pub stalemated: usize,
    /// Lines in which the lone king took the piece.
    pub piece_lost: usize,
    /// Lines with no mate within fifty moves (or going round in circles).
    pub fifty_move: usize,
    /// Mean moves to mate of the mated lines.
    pub mean_moves: f64,
    /// Mean moves to mate with perfect play on both sides, same positions.
    pub mean_moves_optimal: f64,
    /// The longest line to mate, in moves.
    pub worst_moves: u32,
    /// The longest mate with perfect play among the same positions.
    pub worst_moves_optimal: u32,
    /// A few positions that did not mate (FEN), for the rule author.
    pub failures: Vec<String>,
    /// Starts whose lines, taken as a function of the position alone, go
    /// round in circles, but which mate when played as `pecp line` plays
    /// them: the side with the piece does not repeat a position.
    pub circles_broken: usize,
    /// MATER alone on the same starts, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mater_alone: Option<MaterAlone>,
    /// Seconds taken.
    pub elapsed_s: f64,
}

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

    fn eval(&self, n: &Node) -> Evaluation {
        match n.piece {
            Some((p, _)) => {
                let black = n.turn == crate::board::geometry::Side::Black;
                let i = index(black, n.wk.to_square(), n.bk.to_square(), p.to_square());
                *self.cache[i].get_or_init(|| crate::knowledge::mating::evaluate(n))
            }
            None => crate::knowledge::mating::evaluate(n),
        }
    }

    /// The white king and the piece after PECP's move.
    fn choose(&self, wk: Square, bk: Square, pc: Square) -> (Square, Square) {
        let pos = chess(self.ending, false, wk, bk, pc).expect("a won position is legal");
        let mv = self
            .mater
            .and_then(|(depth, mode)| mater_move(&pos, depth, mode))
            .unwrap_or_else(|| {
                let d = decide_mating(&pos, &|n: &Node| self.eval(n)).expect("it has moves");
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

/// Validates `opts.ending`; `tb` defends when given, else the embedded
/// mate oracle.
///
/// # Errors
/// A tablebase probe error.
pub fn run(opts: &EndingOptions, truth: &Truth) -> Result<EndingReport> {
    let t0 = Instant::now();
    let tb = truth.tables();
    let o = MateOracle::get(opts.ending);
    let mut starts = won_starts(opts.ending);
    if let Some(n) = opts.sample.filter(|&n| n > 0 && n < starts.len()) {
        let mut rng = SplitMix64::new(opts.seed);
        for i in 0..n {
            let j = i + rng.below(starts.len() - i);
            starts.swap(i, j);
        }
        starts.truncate(n);
        starts.sort_unstable();
    }
    let mut walk = Walk::new(opts.ending, tb, opts.mater);
    walk.prepare(&starts)?;
    let mut report = EndingReport {
        ending: opts.ending.id(),
        truth: if tb.is_some() { "syzygy" } else { "embedded" },
        player: match opts.mater {
            None => "rules".into(),
            Some((d, m)) => format!("rules+mater-{}-{d}", m.id()),
        },
        positions: starts.len(),
        mated: 0,
        stalemated: 0,
        piece_lost: 0,
        fifty_move: 0,
        mean_moves: 0.0,
        mean_moves_optimal: 0.0,
        worst_moves: 0,
        worst_moves_optimal: 0,
        failures: Vec::new(),
        circles_broken: 0,
        mater_alone: opts.mater_alone.then(|| mater_alone(opts.ending, &starts)),
        elapsed_s: 0.0,
    };
    let mut ends: Vec<End> = starts
        .iter()
        .map(|&(w, b, p)| walk.result(w, b, p))
        .collect::<Result<_>>()?;
    replay_circles(opts, truth, &starts, &mut ends, &mut report)?;
    let (mut sum, mut sum_opt) = (0u64, 0u64);
    for (&(wk, bk, pc), &end) in starts.iter().zip(&ends) {
        let optimal = o.plies(false, wk, bk, pc).expect("won").div_ceil(2);
        match end {
            End::Mated(m) if m <= 50 => {
                report.mated += 1;
                sum += u64::from(m);
                sum_opt += u64::from(optimal);
                report.worst_moves = report.worst_moves.max(m);
                report.worst_moves_optimal = report.worst_moves_optimal.max(optimal);
                continue;
            }
            End::Mated(_) | End::Circles => report.fifty_move += 1,
            End::Stalemated => report.stalemated += 1,
            End::PieceLost => report.piece_lost += 1,
        }
        if report.failures.len() < 10 {
            let pos = chess(opts.ending, false, wk, bk, pc).expect("legal");
            report.failures.push(crate::board::position::fen_of(&pos));
        }
    }
    if report.mated > 0 {
        report.mean_moves = sum as f64 / report.mated as f64;
        report.mean_moves_optimal = sum_opt as f64 / report.mated as f64;
    }
    report.elapsed_s = t0.elapsed().as_secs_f64();
    Ok(report)
}

/// The starts whose walk goes round in circles, played again as lines
/// (`pecp line`: the attacker does not walk back into a position the line
/// has had), in parallel; those that mate within fifty moves count as
/// mated.
fn replay_circles(
    opts: &EndingOptions,
    truth: &Truth,
    starts: &[(Square, Square, Square)],
    ends: &mut [End],
    report: &mut EndingReport,
) -> Result<()> {
    let circling: Vec<usize> = (0..starts.len())
        .filter(|&i| matches!(ends[i], End::Circles) || matches!(ends[i], End::Mated(m) if m > 50))
        .collect();
    let replayed: Vec<Result<(End, Option<u32>)>> = circling
        .par_iter()
        .map(|&i| {
            let (w, b, p) = starts[i];
            let pos = chess(opts.ending, false, w, b, p).expect("legal");
            play_as_line(&pos, truth, opts.mater)
        })
        .collect();
    for (&i, r) in circling.iter().zip(replayed) {
        match r? {
            (End::Circles, _) => {}
            (_, Some(plies)) => {
                report.circles_broken += 1;
                ends[i] = End::Mated(plies.div_ceil(2));
            }
            (end, None) => ends[i] = end,
        }
    }
    Ok(())
}

/// Plays `pos` (a mating ending) on as `pecp line` plays it, to mate, the
/// lone king defending perfectly: how it ends, and the plies to mate.
///
/// # Errors
/// A tablebase probe error.
pub fn play_as_line(
    pos: &Chess,
    truth: &Truth,
    mater: Option<(u32, Mode)>,
) -> Result<(End, Option<u32>)> {
    use crate::play::line::Termination as T;
    let cfg = crate::play::line::Config {
        black: crate::play::line::Player::Tablebase,
        until: crate::play::line::Until::Mate,
        mater,
        max_moves: 60,
        ..crate::play::line::Config::default()
    };
    let l = crate::play::line::generate(pos, &cfg, truth)?;
    Ok(match l.termination {
        T::Checkmate => (End::Mated(0), Some(l.plies.len() as u32)),
        T::Stalemate => (End::Stalemated, None),
        T::PawnLost | T::InsufficientMaterial => (End::PieceLost, None),
        _ => (End::Circles, None),
    })
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
    fn prepare(&mut self, starts: &[(Square, Square, Square)]) -> Result<()> {
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
        let a = crate::board::absolute::Absolute::of(&Node::from_chess(&after));
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
        let a = crate::board::absolute::Absolute::of(&Node::from_chess(&after));
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
            let a = crate::board::absolute::Absolute::of(&node);
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
