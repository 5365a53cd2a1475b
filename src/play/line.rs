//! The line: the paper's generation loop (step 18). From generation 0, the
//! side to move chooses a move, plays it, and so on until an absolute win
//! (a safe promotion, or mate), an absolute draw (pawn lost, stalemate,
//! insufficient material), the fifty-move rule, threefold repetition or the
//! move limit.

use shakmaty::{Board, Chess, Color, Move, Position};

use crate::board::absolute::Absolute;

use crate::board::facts::{Node, bystanders};
use crate::board::position::{Kpk, Orientation, orient_move, to_user};
use crate::error::{PecpError, Result};
use crate::judges::truth::Truth;
use crate::knowledge::books;
use crate::knowledge::calc::{Calculators, DEFAULT_PLIES, Overruled};
use crate::knowledge::evaluate::{Evaluation, Level1, level1};
use crate::knowledge::select::{Decision, mate_past_promotion};
use crate::play::selectors::Selector;
use shakmaty::san::San;

/// Who chooses the moves of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// A selector: PECP's two-level selection, SOMA or alpha-beta.
    Select(Selector),
    /// Perfect play from the truth (Syzygy or the embedded oracle).
    Tablebase,
}

impl Player {
    /// PECP's two-level selection.
    pub const PECP: Player = Player::Select(Selector::Pecp);

    /// "pecp", "soma", "alphabeta-4" or "tablebase".
    pub fn label(self) -> String {
        match self {
            Player::Select(s) => s.label(),
            Player::Tablebase => "tablebase".into(),
        }
    }
}

/// Who chose a move in a line ("pecp", "selector", "tablebase", "script",
/// "mater" or "calculation" in JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Chooser {
    /// PECP's two-level selection.
    Pecp,
    /// Another selector (SOMA, alpha-beta).
    #[serde(rename = "selector")]
    Other,
    /// The tablebase player.
    Tablebase,
    /// A move given by the user (`--moves`).
    Script,
    /// MATER's forced mate, played before the rules choose.
    Mater,
    /// Calculation overruled PECP's selection: it proved the proposed move
    /// throws the result away and this one keeps it.
    Calculation,
}

/// Why a line ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Termination {
    /// The pawn promoted to a queen or rook that cannot be taken, and the
    /// defender is not stalemated.
    AbsoluteWin,
    /// Checkmate.
    Checkmate,
    /// The pawn (or the piece it became) was taken.
    PawnLost,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Only a minor piece is left: no mate is possible.
    InsufficientMaterial,
    /// A hundred plies without a pawn move or capture.
    FiftyMoves,
    /// The same position for the third time.
    Repetition,
    /// `--max-moves` reached.
    MoveLimit,
    /// A pawn each, and a promotion or a capture leaves an ending no book
    /// plays (a queen against a pawn, two queens, the defender's pawn
    /// alone): the line stops, and its value is the judge's.
    NoBook,
}

impl Termination {
    /// A short machine-readable name.
    pub fn id(self) -> &'static str {
        match self {
            Termination::AbsoluteWin => "absolute_win",
            Termination::Checkmate => "checkmate",
            Termination::PawnLost => "pawn_lost",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient_material",
            Termination::FiftyMoves => "fifty_moves",
            Termination::Repetition => "threefold_repetition",
            Termination::MoveLimit => "move_limit",
            Termination::NoBook => "no_book",
        }
    }

    /// The PGN result: `1-0` for the pawn side's win (in normalised colours),
    /// `1/2-1/2` for a draw, `*` when the limit stopped the line.
    pub fn is_win(self) -> bool {
        matches!(self, Termination::AbsoluteWin | Termination::Checkmate)
    }

    /// Whether the game is over by the rules (not by the limit).
    pub fn is_draw(self) -> bool {
        !self.is_win() && !matches!(self, Termination::MoveLimit | Termination::NoBook)
    }
}

/// One ply of a line.
#[derive(Debug, Clone)]
pub struct Ply {
    /// The position before the move (normalised).
    pub before: Chess,
    /// The move (normalised).
    pub mv: Move,
    /// The position after it.
    pub after: Chess,
    /// Who chose it.
    pub chooser: Chooser,
    /// PECP's decision, when PECP chose.
    pub decision: Option<Decision>,
    /// Level-1 evaluation of the position after the move.
    pub eval: Evaluation,
    /// Where calculation overruled PECP's proposal: what it proved.
    pub overruled: Option<Overruled>,
}

/// A whole line.
#[derive(Debug, Clone)]
pub struct Line {
    /// Generation 0 (normalised).
    pub start: Chess,
    /// The plies played.
    pub plies: Vec<Ply>,
    /// Why it ended.
    pub termination: Termination,
}

/// Where a line stops once the pawn has promoted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// At the safe promotion, the paper's absolute win.
    Promotion,
    /// At checkmate: the queen or rook mates, by the mating rules.
    Mate,
}

/// Settings of the generation loop.
#[derive(Debug, Clone)]
pub struct Config {
    /// Player of the pawn side (normalised White).
    pub white: Player,
    /// Player of the defender.
    pub black: Player,
    /// Stop after this many moves of each side.
    pub max_moves: u32,
    /// Moves (SAN, in the user's orientation) the defender must play
    /// first, in order.
    pub defender_script: Vec<San>,
    /// The user's orientation, to read the script.
    pub orientation: Orientation,
    /// A memory of PECP's moves shared by many lines (a sweep): where no
    /// move would repeat a position, PECP's move depends on the position
    /// alone, so it is decided once. Lines then carry no level-2 report
    /// for those moves.
    pub memo: Option<std::sync::Arc<ChoiceMemo>>,
    /// Stop at the safe promotion or play on to mate.
    pub until: Until,
    /// With a queen or rook against the king: MATER plays first when it
    /// finds a forced mate of its kind within this many moves.
    pub mater: Option<(u32, crate::play::mater::Mode)>,
    /// In the pawn endings beyond KPK: the plies of calculation that check
    /// PECP's move (0: none). Where calculation proves the proposal throws
    /// the result away and another move keeps it, that move is played.
    pub check: u8,
}

/// MATER as lines use it by default: checks and threats, three moves deep.
pub const DEFAULT_MATER: (u32, crate::play::mater::Mode) = (3, crate::play::mater::Mode::Threats);

impl Default for Config {
    fn default() -> Self {
        Config {
            white: Player::PECP,
            black: Player::PECP,
            max_moves: 50,
            defender_script: Vec::new(),
            orientation: Orientation::AsGiven,
            memo: None,
            until: Until::Promotion,
            mater: Some(DEFAULT_MATER),
            check: DEFAULT_PLIES,
        }
    }
}

/// PECP's move in each KPK position, once decided (0: not yet), and, where
/// some moves would repeat a position of the line, its move with those
/// moves set aside (by position and the set of moves set aside: the
/// decision depends on nothing else).
pub struct ChoiceMemo(
    Vec<std::sync::atomic::AtomicU32>,
    std::sync::Mutex<rustc_hash::FxHashMap<(usize, u64), u32>>,
);

impl std::fmt::Debug for ChoiceMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ChoiceMemo")
    }
}

impl Default for ChoiceMemo {
    fn default() -> Self {
        ChoiceMemo(
            (0..crate::board::position::TABLE_SIZE)
                .map(|_| std::sync::atomic::AtomicU32::new(0))
                .collect(),
            std::sync::Mutex::default(),
        )
    }
}

impl ChoiceMemo {
    /// The move remembered for `pos` with the moves of `aside` (bits in
    /// legal-move order) set aside.
    fn get(&self, pos: &Chess, aside: u64) -> Option<Move> {
        let kpk = Kpk::from_chess(pos)?;
        let k = kpk.index();
        let code = if aside == 0 {
            // Remembered on the canonical half (pawn on files a-d).
            let c = kpk.canonical();
            let code = self.0[c.index()].load(std::sync::atomic::Ordering::Relaxed);
            if c == kpk { code } else { mirror_code(code) }
        } else {
            let held = self
                .1
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            held.get(&(k, aside)).copied().unwrap_or(0)
        };
        (code != 0)
            .then(|| crate::board::position::move_of_code(pos, code))
            .flatten()
    }

    /// Remembers PECP's move `m` in `pos` with the moves of `aside` set
    /// aside.
    pub fn put(&self, pos: &Chess, aside: u64, m: Move) {
        let Some(kpk) = Kpk::from_chess(pos) else {
            return;
        };
        let (k, code) = (kpk.index(), crate::board::position::move_code(m));
        if aside == 0 {
            let c = kpk.canonical();
            let code = if c == kpk { code } else { mirror_code(code) };
            self.0[c.index()].store(code, std::sync::atomic::Ordering::Relaxed);
        } else {
            let mut held = self
                .1
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            held.insert((k, aside), code);
        }
    }
}

/// A [`crate::board::position::move_code`] (0 kept) for the move mirrored a<->h.
fn mirror_code(code: u32) -> u32 {
    if code == 0 {
        return 0;
    }
    // Squares in bits 1-6 (from) and 7-12 (to); the file is the low three.
    code ^ (7 << 1) ^ (7 << 7)
}

/// The legal moves of `pos` for which `avoid` holds, as bits in move
/// order; `None` if a move past the 64th would be set aside.
fn set_aside(pos: &Chess, avoid: &dyn Fn(&Chess) -> bool) -> Option<u64> {
    let mut bits = 0u64;
    for (i, &m) in pos.legal_moves().iter().enumerate() {
        let mut after = pos.clone();
        after.play_unchecked(m);
        if avoid(&after) {
            bits |= 1u64.checked_shl(u32::try_from(i).ok()?)?;
        }
    }
    Some(bits)
}

impl Chooser {
    /// The name shown to the user.
    pub fn name(self) -> &'static str {
        match self {
            Chooser::Pecp => "pecp",
            Chooser::Other => "selector",
            Chooser::Tablebase => "tablebase",
            Chooser::Script => "script",
            Chooser::Mater => "mater",
            Chooser::Calculation => "calculation",
        }
    }
}

impl Config {
    /// The players as the user named them, `white` and `black` in the
    /// user's colours, put on the normalised sides: with a black pawn the
    /// position was colour-flipped, and so are they.
    pub fn players(&mut self, white: Player, black: Player, orientation: Orientation) {
        let (pawn, defender) = match orientation {
            Orientation::AsGiven => (white, black),
            Orientation::Flipped => (black, white),
        };
        self.white = pawn;
        self.black = defender;
        self.orientation = orientation;
    }
}

/// How a position ends the game, if it does (absolute win or draw, or the
/// fifty-move rule). Repetition and the limit are the loop's business.
pub fn game_end(pos: &Chess) -> Option<Termination> {
    game_end_until(pos, Until::Promotion)
}

/// [`game_end`], playing on past a safe promotion when `until` is
/// [`Until::Mate`].
pub fn game_end_until(pos: &Chess, until: Until) -> Option<Termination> {
    let node = Node::from_chess(pos);
    let a = Absolute::of(&node);
    // Where the board holds men the facts leave out (past KPPK's first
    // promotion, a second new piece), the rules of chess decide mate and
    // stalemate.
    let (mate, stalemate) = if !bystanders(pos).is_empty() {
        let none = pos.legal_moves().is_empty();
        (none && pos.is_check(), none && !pos.is_check())
    } else {
        (a.checkmate, a.stalemate)
    };
    if mate {
        return Some(Termination::Checkmate);
    }
    if stalemate {
        return Some(Termination::Stalemate);
    }
    if node.black_has_men()
        && (node.pawn.is_none() || node.piece.is_some() || node.bpiece.is_some())
    {
        return Some(Termination::NoBook);
    }
    match (node.pawn, node.piece) {
        (None, None) => return Some(Termination::PawnLost),
        // A hanging queen or rook: the game goes on, and Black takes it.
        (None, Some(_)) if a.win() && until == Until::Promotion => {
            return Some(Termination::AbsoluteWin);
        }
        // Two pawns, one promoted: the line stops at the safe new piece,
        // or, played to mate, the mating book plays the piece and its king
        // while the pawn left waits ([`mate_past_promotion`]).
        (Some(_), Some(_)) if a.win() && until == Until::Promotion => {
            return Some(Termination::AbsoluteWin);
        }
        (None, Some(_)) if !a.can_mate => return Some(Termination::InsufficientMaterial),
        _ => {}
    }
    if pos.halfmoves() >= 100 {
        return Some(Termination::FiftyMoves);
    }
    None
}

/// Plays the generation loop from `start` (normalised).
///
/// # Errors
/// A tablebase error from the tablebase player.
pub fn generate(start: &Chess, config: &Config, truth: &Truth) -> Result<Line> {
    generate_with(start, config, truth, &level1)
}

/// [`generate`] with a given level-1 evaluator (e.g. a memoised one).
///
/// # Errors
/// A tablebase error from the tablebase player, or an illegal scripted move.
pub fn generate_with(
    start: &Chess,
    config: &Config,
    truth: &Truth,
    eval: &impl Level1,
) -> Result<Line> {
    let mut pos = start.clone();
    let mut plies: Vec<Ply> = Vec::new();
    let mut seen: Vec<(Board, Color)> = vec![(pos.board().clone(), pos.turn())];
    let mut script = config.defender_script.iter();
    let mut calc = Calculators::new(eval);
    let termination = loop {
        if let Some(t) = game_end_until(&pos, config.until) {
            break t;
        }
        if plies.len() as u32 >= 2 * config.max_moves {
            break Termination::MoveLimit;
        }
        let scripted = if pos.turn() == Color::White {
            None
        } else {
            script.next()
        };
        let (mut mv, mut chooser, decision) = match scripted {
            Some(san) => (
                scripted_move(&pos, san, config, plies.len())?,
                Chooser::Script,
                None,
            ),
            None => {
                // MATER's last move began a mate: it plays the mate out.
                let mating = plies.len() >= 2 && plies[plies.len() - 2].chooser == Chooser::Mater;
                choose(&pos, config, (truth, eval), &seen, mating)?
            }
        };
        let overruled = match (&decision, chooser) {
            (Some(d), Chooser::Pecp) => {
                check_by_calculation(&pos, d, (config.check, &seen), &mut calc, eval)
            }
            _ => None,
        };
        if let Some(o) = &overruled {
            (mv, chooser) = (o.played(), Chooser::Calculation);
        }
        let mut after = pos.clone();
        after.play_unchecked(mv);
        // The book of the position moved from weighs the one after it.
        let after_eval = eval(
            books::of(&Node::from_chess(&pos)),
            &Node::from_chess(&after),
        );
        plies.push(Ply {
            before: pos.clone(),
            mv,
            after: after.clone(),
            chooser,
            decision,
            eval: after_eval,
            overruled,
        });
        pos = after;
        let key = (pos.board().clone(), pos.turn());
        let count = seen.iter().filter(|k| **k == key).count();
        seen.push(key);
        if count >= 2 {
            break Termination::Repetition;
        }
    };
    Ok(Line {
        start: start.clone(),
        plies,
        termination,
    })
}

/// Calculation's check of PECP's decision in `pos`, in the books it checks
/// ([`books::checked_by_calculation`]): the alternatives in the order the
/// selection ranks them (its best three, then by level-1 weight), except
/// that the pawn side, playing for the win, tries the moves that lead back
/// to a position of the line (`seen`) last, the one it had longest ago
/// first: where every way on has been tried, it varies its route rather
/// than repeat the last one.
fn check_by_calculation<E: Level1>(
    pos: &Chess,
    d: &Decision,
    (plies, seen): (u8, &[(Board, Color)]),
    calc: &mut Calculators<'_, E>,
    eval: &E,
) -> Option<Overruled> {
    if plies == 0 || !books::checked_by_calculation(d.book) {
        return None;
    }
    let prefer = |p: &Chess| crate::knowledge::select::decide(p, eval).map(|d| d.chosen().mv);
    let white = pos.turn() == Color::White;
    let mut order = d.ranked(white);
    if white {
        let last_seen = |m: &Move| {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            seen.iter()
                .rposition(|(b, t)| b == after.board() && *t == after.turn())
        };
        // A stable sort: the new positions first, in the selection's order.
        order.sort_by_cached_key(|m| last_seen(m).map_or((false, 0), |i| (true, i)));
    }
    calc.of(pos)
        .overrule(pos, d.chosen().mv, &order, plies, &prefer)
}

/// The defender's scripted move (SAN in the user's orientation), as a
/// normalised move.
fn scripted_move(pos: &Chess, san: &San, config: &Config, played: usize) -> Result<Move> {
    let user = to_user(pos, config.orientation);
    let um = san.to_move(&user).map_err(|_| {
        PecpError::Usage(format!(
            "--moves: {san} is not legal at ply {} ({})",
            played + 1,
            crate::board::position::fen_of(&user)
        ))
    })?;
    Ok(orient_move(um, config.orientation))
}

/// The move of the player whose turn it is, who chose it, and PECP's
/// reasons when PECP chose. `seen` holds the positions of the line so far.
fn choose(
    pos: &Chess,
    config: &Config,
    (truth, eval): (&Truth, &impl Level1),
    seen: &[(Board, Color)],
    mating: bool,
) -> Result<(Move, Chooser, Option<Decision>)> {
    use crate::play::mater::{mater_carries_on, mater_move};
    let white = pos.turn() == Color::White;
    let over = "a position that is not over has a move";
    let player = if white { config.white } else { config.black };
    if let (true, Player::Select(Selector::Pecp), Some((depth, mode))) =
        (white, player, config.mater)
        && let Some(m) = if mating {
            mater_carries_on(pos, depth, mode)
        } else {
            mater_move(pos, depth, mode)
        }
    {
        return Ok((m, Chooser::Mater, None));
    }
    match player {
        Player::Select(selector) => {
            // The pawn side plays to win: it does not walk into a position
            // it has already had (threefold repetition).
            let seen_before = |after: &Chess| {
                white
                    && seen
                        .iter()
                        .any(|(b, t)| b == after.board() && *t == after.turn())
            };
            // PECP's move depends on the position and the moves it sets
            // aside, nothing else.
            let memo = config
                .memo
                .as_ref()
                .filter(|_| selector == Selector::Pecp)
                .and_then(|m| Some((m, set_aside(pos, &seen_before)?)));
            if let Some(mv) = memo.and_then(|(m, aside)| m.get(pos, aside)) {
                return Ok((mv, Chooser::Pecp, None));
            }
            if selector == Selector::Pecp
                && config.until == Until::Mate
                && let Some(mv) = mate_past_promotion(pos, eval, &seen_before)
            {
                return Ok((mv, Chooser::Pecp, None));
            }
            let c = selector
                .choose_avoiding(pos, eval, &seen_before)
                .expect(over);
            if let Some((m, aside)) = memo {
                m.put(pos, aside, c.mv);
            }
            let chooser = if selector == Selector::Pecp {
                Chooser::Pecp
            } else {
                Chooser::Other
            };
            Ok((c.mv, chooser, c.decision))
        }
        Player::Tablebase => Ok((truth.best_move(pos)?.expect(over), Chooser::Tablebase, None)),
    }
}
