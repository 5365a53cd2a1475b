//! Selection: level 1 (weigh every move, keep the best three) and level 2
//! (the double tournament of the paper's step 18e).
//!
//! Decisions are taken on the canonical board, with the pawn on files a-d
//! (a position with the pawn on e-h is mirrored first and the moves mirrored
//! back), so a position and its mirror image always get mirrored choices.
//!
//! Level-1 order: the pawn side takes the highest weight, the defender the
//! lowest. Ties keep the canonical move order: pawn moves before king moves,
//! promotions queen, rook, bishop, knight; then by destination, higher rank
//! first, then lower file first.

use std::sync::OnceLock;

use rustc_hash::FxBuildHasher;
use serde::Deserialize;
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, Move, Position, Role};

use crate::evaluate::{Evaluation, VERDICT_THRESHOLD, better_for};
use crate::facts::Node;
use crate::geometry::Side;
use crate::rules::compare as program;

/// The comparison criteria file as compiled in.
pub const COMPARE_TOML: &str = include_str!("../rules/compare.toml");

/// One level-2 criterion.
#[derive(Debug, Clone, Deserialize, serde::Serialize)]
pub struct Criterion {
    /// Id as in `Prefer("id", _)`.
    pub id: String,
    /// What it means.
    pub description: String,
    /// Where the knowledge comes from.
    pub source: String,
}

#[derive(Deserialize)]
struct CompareFile {
    criterion: Vec<Criterion>,
}

/// The criteria in the order they are tried.
pub fn criteria() -> &'static [Criterion] {
    static C: OnceLock<Vec<Criterion>> = OnceLock::new();
    C.get_or_init(|| {
        toml::from_str::<CompareFile>(COMPARE_TOML)
            .expect("rules/compare.toml is checked by the tests")
            .criterion
    })
}

/// The level-2 decision, made before the comparison rules, between two
/// equally proved moves of which one repeats a position of the line.
pub const AVOIDS_REPETITION: &str = "avoids_repetition";

/// The level-2 decision, made before the comparison rules, when the line
/// is going round in circles (some move repeats a position of the line):
/// of two equally proved moves that both avoid a repetition, the pawn step
/// (irreversible progress) beats the king move.
pub const PAWN_STEP_BREAKS_REPETITION: &str = "pawn_step_breaks_repetition";

/// A legal move with the position it leads to and that position's weight.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// The move (normalised colours: White has the pawn).
    pub mv: Move,
    /// The position after it.
    pub after: Chess,
    /// The same as facts for the rules.
    pub node: Node,
    /// Level-1 evaluation of the position after the move.
    pub eval: Evaluation,
}

/// One pairing of the level-2 tournament (indices into `Decision::moves`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// First candidate.
    pub a: usize,
    /// Second candidate.
    pub b: usize,
    /// The one preferred.
    pub winner: usize,
    /// The criterion that decided, or `None` for the level-1 fallback.
    pub criterion: Option<&'static str>,
}

/// Everything the two selection levels found in one position.
#[derive(Debug, Clone)]
pub struct Decision {
    /// Every legal move, in canonical order.
    pub moves: Vec<Candidate>,
    /// Level-1 best three, best first (indices into `moves`).
    pub best3: Vec<usize>,
    /// The level-2 pairings played (none with one candidate).
    pub tournament: Vec<Pairing>,
    /// The move chosen (index into `moves`).
    pub chosen: usize,
}

impl Decision {
    /// The chosen candidate.
    pub fn chosen(&self) -> &Candidate {
        &self.moves[self.chosen]
    }
}

fn mover_of(pos: &Chess) -> Side {
    match pos.turn() {
        shakmaty::Color::White => Side::White,
        shakmaty::Color::Black => Side::Black,
    }
}

/// Whether a normalised position should be mirrored (files a↔h) to put the
/// pawn, or the piece it became, on files a-d.
fn needs_mirror(pos: &Chess) -> bool {
    let b = pos.board();
    let units = b.white() & !b.kings();
    units
        .first()
        .is_some_and(|s| crate::position::on_mirrored_half(s.file().to_u32()))
}

fn mirror_pos(pos: &Chess) -> Chess {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.board.flip_horizontal();
    Chess::from_setup(setup, CastlingMode::Standard).expect("mirroring keeps legality")
}

/// A move mirrored across the vertical axis (files a↔h).
pub fn mirror_move(m: Move) -> Move {
    crate::position::map_move(m, shakmaty::Square::flip_horizontal)
}

fn canonical_key(m: &Move) -> (u8, u8, i32, u32) {
    let promo = match m.promotion() {
        Some(Role::Queen) => 0,
        Some(Role::Rook) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Knight) => 3,
        _ => 4,
    };
    let king = u8::from(m.role() == Role::King);
    (
        king,
        promo,
        -(m.to().rank().to_u32() as i32),
        m.to().file().to_u32(),
    )
}

/// Decides a move with the given level-1 evaluator. `None` if the side to
/// move has no legal move.
pub fn decide(pos: &Chess, eval: &impl Fn(&Node) -> Evaluation) -> Option<Decision> {
    decide_avoiding(pos, eval, &|_| false)
}

/// Like [`decide`], but moves leading to a position for which `avoid`
/// holds (given in the caller's orientation) go to the end of the level-1
/// order, so they are chosen only when every move is to be avoided. The
/// line uses it so that the side playing for a win does not repeat a
/// position (the threefold-repetition rule), as any player would.
pub fn decide_avoiding(
    pos: &Chess,
    eval: &impl Fn(&Node) -> Evaluation,
    avoid: &dyn Fn(&Chess) -> bool,
) -> Option<Decision> {
    let mirrored = needs_mirror(pos);
    let canon = if mirrored {
        mirror_pos(pos)
    } else {
        pos.clone()
    };
    let mut moves: Vec<Move> = canon.legal_moves().into_iter().collect();
    if moves.is_empty() {
        return None;
    }
    moves.sort_by_key(canonical_key);
    let mover = mover_of(pos);
    let mut cands: Vec<Candidate> = moves
        .into_iter()
        .map(|m| {
            let mut after = canon.clone();
            after.play_unchecked(m);
            let node = Node::from_chess(&after);
            let e = eval(&node);
            Candidate {
                mv: m,
                after,
                node,
                eval: e,
            }
        })
        .collect();
    let avoided: Vec<bool> = cands
        .iter()
        .map(|c| {
            let m = if mirrored { mirror_move(c.mv) } else { c.mv };
            let mut after = pos.clone();
            after.play_unchecked(m);
            avoid(&after)
        })
        .collect();
    // Level 1: stable sort by weight keeps the canonical order for ties.
    // A move to be avoided goes behind the others, but never behind a move
    // that gives up what a deterministic rule proves for the mover: the
    // pawn side would rather repeat once than throw a proved win away.
    let proved = |c: &Candidate| {
        c.eval.deterministic
            && match mover {
                Side::White => c.eval.weight > VERDICT_THRESHOLD,
                Side::Black => c.eval.weight < VERDICT_THRESHOLD,
            }
    };
    // Rank: proved moves before the rest, and within each, moves to be
    // avoided last. Without moves to avoid this is the plain weight order,
    // as a deterministic weight is more extreme than any averaged one.
    // Whether the line is going round in circles: some move would repeat.
    let repeating = avoided.iter().any(|&a| a);
    let pawn_step = |i: usize| cands[i].mv.role() == Role::Pawn;
    let rank = |i: usize| (u8::from(!proved(&cands[i])), avoided[i]);
    let mut order: Vec<usize> = (0..cands.len()).collect();
    order.sort_by(|&a, &b| {
        let (wa, wb) = (cands[a].eval.weight, cands[b].eval.weight);
        rank(a).cmp(&rank(b)).then(match mover {
            Side::White => wb.total_cmp(&wa),
            Side::Black => wa.total_cmp(&wb),
        })
    });
    let best3: Vec<usize> = order.iter().copied().take(3).collect();
    // Level 2: i1 vs i2 gives the sub-winner, which meets i3.
    let finalists: Vec<&Candidate> = best3.iter().map(|&i| &cands[i]).collect();
    let table = compare(mover, &finalists);
    let mut tournament = Vec::new();
    let mut winner = 0usize; // index into best3
    for challenger in 1..best3.len() {
        let (a, b) = (winner, challenger);
        let (ia, ib) = (best3[a], best3[b]);
        // History, not position: of two moves equally proved, the pawn side
        // takes the one that does not repeat a position it has had.
        let repeats = avoided[ia] != avoided[ib] && proved(&cands[ia]) == proved(&cands[ib]);
        // History too: when the line goes round in circles, a pawn step
        // breaks the circle (measured against the embedded solver's
        // defence, which keeps walking between two squares: 1,088
        // conversions failed without it, none with it).
        let progress = repeating
            && !avoided[ia]
            && !avoided[ib]
            && pawn_step(ia) != pawn_step(ib)
            && proved(&cands[ia]) == proved(&cands[ib]);
        let decided = if repeats {
            Some((AVOIDS_REPETITION, avoided[ib]))
        } else if progress {
            Some((PAWN_STEP_BREAKS_REPETITION, pawn_step(ia)))
        } else {
            table.decide(a, b)
        };
        let (w, criterion) = match decided {
            Some((id, a_wins)) => (if a_wins { a } else { b }, Some(id)),
            None => {
                // Fallback: level-1 order (a ranks before b in best3).
                let b_better = better_for(
                    mover,
                    cands[best3[b]].eval.weight,
                    cands[best3[a]].eval.weight,
                );
                (if b_better { b } else { a }, None)
            }
        };
        tournament.push(Pairing {
            a: best3[a],
            b: best3[b],
            winner: best3[w],
            criterion,
        });
        winner = w;
    }
    let chosen = best3[winner];
    if mirrored {
        for c in &mut cands {
            c.mv = mirror_move(c.mv);
            let mut after = pos.clone();
            after.play_unchecked(c.mv);
            c.node = Node::from_chess(&after);
            c.after = after;
        }
    }
    Some(Decision {
        moves: cands,
        best3,
        tournament,
        chosen,
    })
}

/// The preferences the level-2 program found among the finalists.
#[derive(Debug, Clone)]
pub struct Preferences {
    prefs: Vec<(&'static str, usize, usize)>,
}

impl Preferences {
    /// The criterion's id (as the program spelled it) if criterion `id`
    /// prefers finalist `x` to finalist `y`.
    fn find(&self, id: &str, x: usize, y: usize) -> Option<&'static str> {
        self.prefs
            .iter()
            .find(|p| p.0 == id && p.1 == x && p.2 == y)
            .map(|p| p.0)
    }

    /// Whether criterion `id` prefers finalist `x` to finalist `y`.
    pub fn prefers(&self, id: &str, x: usize, y: usize) -> bool {
        self.find(id, x, y).is_some()
    }

    /// The first criterion (in `rules/compare.toml` order) that prefers one
    /// of finalists `a` and `b` and not also the other: its id and whether
    /// `a` wins. `None` if no criterion separates them.
    pub fn decide(&self, a: usize, b: usize) -> Option<(&'static str, bool)> {
        for crit in criteria() {
            match (self.find(&crit.id, a, b), self.find(&crit.id, b, a)) {
                (Some(id), None) => return Some((id, true)),
                (None, Some(id)) => return Some((id, false)),
                _ => {}
            }
        }
        None
    }
}

/// The level-2 comparison: runs `rules/compare.rs` once on the finalists
/// (the level-1 best three, best first) with `mover` the side choosing.
pub fn compare(mover: Side, finalists: &[&Candidate]) -> Preferences {
    const TAGS: [program::Tag; 3] = [program::Tag::I1, program::Tag::I2, program::Tag::I3];
    let mut rt = program::Crepe::new();
    rt.extend([program::Mover(mover)]);
    for (&tag, c) in TAGS.iter().zip(finalists) {
        rt.extend([program::WhiteKing(tag, c.node.wk)]);
        rt.extend([program::BlackKing(tag, c.node.bk)]);
        if let Some(p) = c.node.pawn {
            rt.extend([program::WhitePawn(tag, p)]);
        }
        if let Some((s, r)) = c.node.piece {
            rt.extend([program::WhitePiece(tag, s, r)]);
        }
        if c.eval.deterministic {
            let side = if c.eval.weight > VERDICT_THRESHOLD {
                Side::White
            } else {
                Side::Black
            };
            rt.extend([program::Decided(tag, side)]);
        }
    }
    let (prefs,) = rt.run_with_hasher::<FxBuildHasher>();
    let index = |t: program::Tag| TAGS.iter().position(|&x| x == t).expect("tag");
    let mut prefs: Vec<(&'static str, usize, usize)> = prefs
        .into_iter()
        .map(|program::Prefer(id, x, y)| (id, index(x), index(y)))
        .collect();
    prefs.sort_unstable();
    Preferences { prefs }
}
