//! Selection: level 1 (weigh every move, keep the best three) and level 2
//! (the double tournament of the paper's step 18e).
//!
//! Decisions are taken on the canonical board, with the pawn on files a-d
//! (a position with the pawn on e-h is mirrored first and the moves mirrored
//! back), so a position and its mirror image always get mirrored choices.
//!
//! Level-1 order: the pawn side takes the highest weight, the defender the
//! lowest (where either side may win, a defender ranks the moves the rules
//! prove safe by its own chances first). Ties keep the canonical move
//! order: pawn moves before king moves, promotions queen, rook, bishop,
//! knight; then by destination, higher rank first, then lower file first.

use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, Move, Position, Role};

use crate::board::facts::{Node, bystanders};
use crate::board::geometry::Side;
use crate::board::position::{Orientation, to_user};
use crate::knowledge::book::{Book, Finalist, Preference};
use crate::knowledge::books;
use crate::knowledge::evaluate::{Evaluation, Level1, VERDICT_THRESHOLD, Verdict, better_for};
use crate::knowledge::weights::Criterion;

/// A level-2 criterion: its book and its place in the book's list, which
/// is the order the criteria are tried in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CriterionId {
    book: &'static Book,
    index: u8,
}

impl CriterionId {
    /// The criterion `name` of `book`, if the book lists it (a test checks
    /// that it lists every one its program names).
    pub fn named(book: &'static Book, name: &str) -> Option<CriterionId> {
        book.criteria()
            .iter()
            .position(|c| c.id == name)
            .map(|i| CriterionId {
                book,
                index: i as u8,
            })
    }

    /// Its row in the book's criteria.
    pub fn criterion(self) -> &'static Criterion {
        &self.book.criteria()[usize::from(self.index)]
    }
}

/// What decided a level-2 pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decider {
    /// Of two moves equally proved, one repeats a position of the line
    /// (decided before the criteria: history, not position).
    AvoidsRepetition,
    /// The line goes round in circles: of two moves equally proved that do
    /// not repeat, the pawn step breaks the circle.
    PawnStepBreaksRepetition,
    /// A criterion of the book's level 2.
    Criterion(CriterionId),
    /// No criterion separated the two: the level-1 order stands.
    Level1Order,
}

impl Decider {
    /// How early it speaks in a pairing: history first, then the book's
    /// criteria in their order, the level-1 order last. Of the pairings a
    /// move won, the one won by the earliest decider is the one that
    /// mattered most.
    pub fn precedence(self) -> usize {
        match self {
            Decider::AvoidsRepetition => 0,
            Decider::PawnStepBreaksRepetition => 1,
            Decider::Criterion(c) => 2 + usize::from(c.index),
            Decider::Level1Order => usize::MAX,
        }
    }

    /// The name shown to the user.
    pub fn id(self) -> &'static str {
        match self {
            Decider::AvoidsRepetition => "avoids_repetition",
            Decider::PawnStepBreaksRepetition => "pawn_step_breaks_repetition",
            Decider::Criterion(c) => &c.criterion().id,
            Decider::Level1Order => "level1_order",
        }
    }
}

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
    /// What decided.
    pub decider: Decider,
}

/// Everything the two selection levels found in one position.
#[derive(Debug, Clone)]
pub struct Decision {
    /// The book that judged it.
    pub book: &'static Book,
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

    /// Every move as the selection ranks it for the mover (`white`: the
    /// pawn side, which wants the weight high): the level-1 best three in
    /// their order, then the others by weight.
    pub fn ranked(&self, white: bool) -> Vec<Move> {
        let mut rest: Vec<usize> = (0..self.moves.len())
            .filter(|i| !self.best3.contains(i))
            .collect();
        rest.sort_by(|&a, &b| {
            let (wa, wb) = (self.moves[a].eval.weight, self.moves[b].eval.weight);
            if white {
                wb.total_cmp(&wa)
            } else {
                wa.total_cmp(&wb)
            }
        });
        self.best3
            .iter()
            .chain(&rest)
            .map(|&i| self.moves[i].mv)
            .collect()
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
        .is_some_and(|s| crate::board::position::on_mirrored_half(s.file().to_u32()))
}

fn mirror_pos(pos: &Chess) -> Chess {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.board.flip_horizontal();
    setup.ep_square = setup.ep_square.map(shakmaty::Square::flip_horizontal);
    Chess::from_setup(setup, CastlingMode::Standard).expect("mirroring keeps legality")
}

/// A move mirrored across the vertical axis (files a↔h).
pub fn mirror_move(m: Move) -> Move {
    crate::board::position::map_move(m, shakmaty::Square::flip_horizontal)
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

/// Which colour plays for the win in a position with a pawn each (KPKP),
/// whose book asks "does White win?": the side to move where one of its
/// moves leads to a position the rules prove it wins; else the side the
/// level-1 rules find winning (each colour's question asked on the position itself, the
/// colours swapped for Black's), the likelier when both are found to; where
/// neither is, the side not to move, so that the mover holds the draw. A
/// mover found winning whose every move the rules prove does not win (one
/// move ahead) sees that it cannot win, and holds the draw instead.
/// `Flipped` means Black: the decision is taken with the colours swapped.
pub fn playing_for_the_win(pos: &Chess, eval: &impl Level1) -> Orientation {
    let book = &books::kpkp::BOOK;
    let defends = if pos.turn() == shakmaty::Color::White {
        Orientation::Flipped
    } else {
        Orientation::AsGiven
    };
    let mover = match defends {
        Orientation::AsGiven => Orientation::Flipped,
        Orientation::Flipped => Orientation::AsGiven,
    };
    let (some_win, no_win) = proved_moves(&to_user(pos, mover), eval);
    if some_win {
        return mover;
    }
    let swapped = to_user(pos, Orientation::Flipped);
    let white = eval(book, &Node::from_chess(pos));
    let black = eval(book, &Node::from_chess(&swapped));
    let wins = |e: &Evaluation| e.verdict() == Verdict::Win;
    let chosen = match (wins(&white), wins(&black)) {
        (true, false) => Orientation::AsGiven,
        (false, true) => Orientation::Flipped,
        (true, true) if white.weight >= black.weight => Orientation::AsGiven,
        (true, true) => Orientation::Flipped,
        (false, false) if pos.turn() == shakmaty::Color::Black => Orientation::AsGiven,
        (false, false) => Orientation::Flipped,
    };
    if chosen == mover && no_win {
        return defends;
    }
    chosen
}

/// What the rules prove of the moves of White to move in `pos` (a
/// deterministic verdict of the book of each position after): whether one
/// leads to a position they prove White wins, and whether every one (one at
/// least) leads to a position they prove White does not win.
fn proved_moves(pos: &Chess, eval: &impl Level1) -> (bool, bool) {
    let proofs: Vec<Option<bool>> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let node = Node::from_chess(&after);
            let e = eval(books::of(&node), &node);
            e.deterministic.then(|| e.verdict() == Verdict::Win)
        })
        .collect();
    let no_win = !proofs.is_empty() && proofs.iter().all(|&p| p == Some(false));
    (proofs.contains(&Some(true)), no_win)
}

/// [`playing_for_the_win`] with the plain level-1 evaluator: how a
/// position with a pawn each is shown to the book.
pub fn for_the_win(pos: &Chess) -> Orientation {
    playing_for_the_win(pos, &crate::knowledge::evaluate::level1)
}

/// A decision where either side may win (KPKP): taken on the board with
/// the colours swapped when Black plays for the win
/// ([`playing_for_the_win`]). The decision's moves and positions are in
/// that orientation; the chosen move in the position's own colours is
/// [`orient_move`](crate::board::position::orient_move) of it.
pub fn decide_either(pos: &Chess, eval: &impl Level1) -> Option<(Decision, Orientation)> {
    let orientation = playing_for_the_win(pos, eval);
    let oriented = to_user(pos, orientation);
    decide(&oriented, eval).map(|d| (d, orientation))
}

/// Decides a move with the given level-1 evaluator, by the book that
/// judges `pos` (found from its material). `None` if the side to move has
/// no legal move.
pub fn decide(pos: &Chess, eval: &impl Level1) -> Option<Decision> {
    decide_avoiding(pos, eval, &|_| false)
}

/// Like [`decide`], but moves leading to a position for which `avoid`
/// holds (given in the caller's orientation) go to the end of the level-1
/// order, so they are chosen only when every move is to be avoided. The
/// line uses it so that the side playing for a win does not repeat a
/// position (the threefold-repetition rule), as any player would.
pub fn decide_avoiding(
    pos: &Chess,
    eval: &impl Level1,
    avoid: &dyn Fn(&Chess) -> bool,
) -> Option<Decision> {
    decide_among(pos, eval, avoid, &[])
}

/// Past a promotion with a pawn left (a queen or rook against the lone
/// king, and beside it the other pawn or the piece it became: the
/// [`bystanders`]), the pawn side to move: the mating book plays the piece
/// and the king as if the bystanders were off the board, among their moves
/// that neither stalemate nor reach a position `avoid` rejects. Where a
/// bystander stands between the piece and the lone king (off the board,
/// the king would be in check with White to move), the book of the
/// position chooses among the same moves. `None` where there is no
/// bystander, or no such move is left.
pub fn mate_past_promotion(
    pos: &Chess,
    eval: &impl Level1,
    avoid: &dyn Fn(&Chess) -> bool,
) -> Option<Move> {
    let aside = bystanders(pos);
    if aside.is_empty() || pos.turn() != shakmaty::Color::White {
        return None;
    }
    let only: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from().is_some_and(|s| !aside.contains(s)))
        .filter(|&m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            !after.is_stalemate() && !avoid(&after)
        })
        .collect();
    if only.is_empty() {
        return None;
    }
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    for s in aside {
        setup.board.discard_piece_at(s);
    }
    let decision = match Chess::from_setup(setup, CastlingMode::Standard) {
        Ok(view) => decide_among(&view, eval, &|_| false, &only),
        Err(_) => decide_among(pos, eval, &|_| false, &only),
    };
    decision.map(|d| d.chosen().mv)
}

/// Like [`decide_avoiding`], the candidates the moves of `only` (in the
/// caller's orientation) when it is not empty: UCI's `go searchmoves`.
pub fn decide_among(
    pos: &Chess,
    eval: &impl Level1,
    avoid: &dyn Fn(&Chess) -> bool,
    only: &[Move],
) -> Option<Decision> {
    let book = books::of(&Node::from_chess(pos));
    let mirrored = needs_mirror(pos);
    let canon = if mirrored {
        mirror_pos(pos)
    } else {
        pos.clone()
    };
    let mut cands = candidates(&canon, &|n: &Node| eval(book, n));
    if !only.is_empty() {
        cands.retain(|c| only.contains(&if mirrored { mirror_move(c.mv) } else { c.mv }));
    }
    if cands.is_empty() {
        return None;
    }
    let avoided: Vec<bool> = cands
        .iter()
        .map(|c| {
            let m = if mirrored { mirror_move(c.mv) } else { c.mv };
            let mut after = pos.clone();
            after.play_unchecked(m);
            avoid(&after)
        })
        .collect();
    let mover = mover_of(pos);
    let held = held_draws(book, mover, &cands, &|n: &Node| eval(book, n));
    let own = own_chances(book, mover, &cands, &|n: &Node| eval(book, n));
    let field = Field {
        mover,
        cands: &cands,
        avoided: &avoided,
        held: &held,
        own: &own,
        book,
        before: Node::from_chess(&canon),
    };
    let best3 = field.level1_best3();
    let (tournament, chosen) = field.tournament(&best3);
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
        book,
        moves: cands,
        best3,
        tournament,
        chosen,
    })
}

/// Every legal move of a canonical position, in canonical order, with the
/// level-1 evaluation of the position it leads to.
fn candidates(canon: &Chess, eval: &impl Fn(&Node) -> Evaluation) -> Vec<Candidate> {
    let mut moves: Vec<Move> = canon.legal_moves().into_iter().collect();
    moves.sort_by_key(canonical_key);
    moves
        .into_iter()
        .map(|m| {
            let mut after = canon.clone();
            after.play_unchecked(m);
            let node = Node::from_chess(&after);
            let eval = eval(&node);
            Candidate {
                mv: m,
                after,
                node,
                eval,
            }
        })
        .collect()
}

/// Per candidate, whether it leads to a draw the rules prove, where either
/// side may win (a book whose "no win" is not a draw: KPKP) and White,
/// playing for the win, moves: a
/// deterministic rule proves White does not win, and on the board with the
/// colours swapped, one proves Black does not win either. Elsewhere none:
/// a proved non-win is then a proved draw or the mover's own proved result.
fn held_draws(
    book: &'static Book,
    mover: Side,
    cands: &[Candidate],
    eval: &impl Fn(&Node) -> Evaluation,
) -> Vec<bool> {
    let either_wins = !book.spec().no_win_is_draw;
    let not_won = |e: &Evaluation| e.deterministic && e.weight < VERDICT_THRESHOLD;
    cands
        .iter()
        .map(|c| {
            either_wins
                && mover == Side::White
                && not_won(&c.eval)
                && not_won(&turned_round(c, eval))
        })
        .collect()
}

/// The level-1 evaluation of the position after candidate `c` on the
/// board with the colours swapped: the other side's question, "do I win?".
fn turned_round(c: &Candidate, eval: &impl Fn(&Node) -> Evaluation) -> Evaluation {
    eval(&Node::from_chess(&to_user(&c.after, Orientation::Flipped)))
}

/// Per candidate, where either side may win (KPKP) and the mover defends
/// (Black on the board the decision is taken on): for a move after which
/// the rules prove the other side does not win, the mover's own chances,
/// the weight of the position after it on the board with the colours
/// swapped (the mover's question, "do I win?"). Elsewhere 0. Among the
/// moves that keep the draw safe, the mover plays for more.
fn own_chances(
    book: &'static Book,
    mover: Side,
    cands: &[Candidate],
    eval: &impl Fn(&Node) -> Evaluation,
) -> Vec<f64> {
    let either_wins = !book.spec().no_win_is_draw;
    cands
        .iter()
        .map(|c| {
            let safe = c.eval.deterministic && c.eval.weight < VERDICT_THRESHOLD;
            if either_wins && mover == Side::Black && safe {
                turned_round(c, eval).weight
            } else {
                0.0
            }
        })
        .collect()
}

/// The candidates of one decision, as the two levels see them.
struct Field<'a> {
    mover: Side,
    cands: &'a [Candidate],
    /// Per candidate: whether it leads to a position to avoid.
    avoided: &'a [bool],
    /// Per candidate: whether it leads to a draw the rules prove
    /// ([`held_draws`]).
    held: &'a [bool],
    /// Per candidate: the defending mover's own chances after it
    /// ([`own_chances`]).
    own: &'a [f64],
    /// The book that judges.
    book: &'static Book,
    /// The position the moves are played from (canonical).
    before: Node,
}

impl Field<'_> {
    /// Whether a deterministic rule proves candidate `i` for the mover.
    fn proved(&self, i: usize) -> bool {
        let e = &self.cands[i].eval;
        e.deterministic
            && match self.mover {
                Side::White => e.weight > VERDICT_THRESHOLD,
                Side::Black => e.weight < VERDICT_THRESHOLD,
            }
    }

    /// The candidate's tier in the level-1 order: 0 proved for the mover;
    /// then, for a mover who plays for the win where the other side may win
    /// too, 1 a likely win the rules do not prove, 2 a proved draw, 3 the
    /// rest (a proved draw keeps what an unproved "probably not a win" may
    /// lose); elsewhere 1 for the rest.
    fn tier(&self, i: usize) -> u8 {
        if self.proved(i) {
            0
        } else if !self.held.iter().any(|&h| h) {
            1
        } else if self.held[i] {
            2
        } else if self.cands[i].eval.weight > VERDICT_THRESHOLD {
            1
        } else {
            3
        }
    }

    /// Level 1: the best three, best first. Proved moves come before the
    /// rest (where either side may win, in the tiers of [`Field::tier`],
    /// a defender's proved moves by its own chances, [`own_chances`]),
    /// and within each, moves to be avoided last: the pawn side would
    /// rather repeat once than throw a proved win away. Without moves to
    /// avoid this is the plain weight order, as a deterministic weight is
    /// more extreme than any averaged one. Moves tied with a third that
    /// no rule proves go on to level 2 as well, as many as the book takes
    /// ([`Book::finalists`]): the weights cannot tell them apart, so level
    /// 2 does. Otherwise the stable sort keeps the canonical order for
    /// ties.
    fn level1_best3(&self) -> Vec<usize> {
        let rank = |i: usize| (self.tier(i), self.avoided[i]);
        let cmp = |&a: &usize, &b: &usize| {
            let (wa, wb) = (self.cands[a].eval.weight, self.cands[b].eval.weight);
            let own = self.own[b].total_cmp(&self.own[a]);
            rank(a).cmp(&rank(b)).then(own).then(match self.mover {
                Side::White => wb.total_cmp(&wa),
                Side::Black => wa.total_cmp(&wb),
            })
        };
        let mut order: Vec<usize> = (0..self.cands.len()).collect();
        order.sort_by(cmp);
        // Moves tied with a third that a rule proves are proved alike,
        // and any of them does what the third does: only judgements tie;
        // and a defender's own chances, judged, after moves proved safe.
        let judged = |i: usize| !self.cands[i].eval.deterministic || self.own[i] > 0.0;
        let mut n = order.len().min(3);
        while n < order.len().min(self.book.finalists())
            && judged(order[n - 1])
            && cmp(&order[n - 1], &order[n]) == std::cmp::Ordering::Equal
        {
            n += 1;
        }
        order.truncate(n);
        order
    }

    /// Level 2: the best meets the second, and the winner meets the third.
    /// Returns the pairings and the chosen candidate.
    fn tournament(&self, best3: &[usize]) -> (Vec<Pairing>, usize) {
        let finalists: Vec<Finalist> = best3
            .iter()
            .map(|&i| Finalist {
                node: &self.cands[i].node,
                proved_for: proved_for(&self.cands[i].eval),
                fired: (self.cands[i].eval.book, self.cands[i].eval.fired),
            })
            .collect();
        let table = Preferences {
            book: self.book,
            prefs: self.book.compare(self.mover, &self.before, &finalists),
        };
        let mut pairings = Vec::new();
        let mut winner = 0usize; // index into best3
        for challenger in 1..best3.len() {
            let (a_wins, decider) = self.pair(&table, best3, winner, challenger);
            let w = if a_wins { winner } else { challenger };
            pairings.push(Pairing {
                a: best3[winner],
                b: best3[challenger],
                winner: best3[w],
                decider,
            });
            winner = w;
        }
        (pairings, best3[winner])
    }

    /// One pairing between finalists `a` and `b` (places in `best3`, `a`
    /// ranked first): whether `a` wins, and what decided.
    fn pair(&self, table: &Preferences, best3: &[usize], a: usize, b: usize) -> (bool, Decider) {
        let (ia, ib) = (best3[a], best3[b]);
        let equally_proved = self.proved(ia) == self.proved(ib);
        let pawn_step = |i: usize| self.cands[i].mv.role() == Role::Pawn;
        // History, not position: of two moves equally proved, the pawn side
        // takes the one that does not repeat a position it has had.
        if self.avoided[ia] != self.avoided[ib] && equally_proved {
            return (self.avoided[ib], Decider::AvoidsRepetition);
        }
        // History too: when the line goes round in circles, a pawn step
        // breaks the circle (against the embedded solver's defence, which
        // keeps walking between two squares, conversion fails without it).
        let repeating = self.avoided.iter().any(|&x| x);
        if repeating
            && !self.avoided[ia]
            && !self.avoided[ib]
            && pawn_step(ia) != pawn_step(ib)
            && equally_proved
        {
            return (pawn_step(ia), Decider::PawnStepBreaksRepetition);
        }
        match table.decide(a, b) {
            Some((c, a_wins)) => (a_wins, Decider::Criterion(c)),
            // Level-1 order: a ranks before b in best3.
            None => {
                let b_better = better_for(
                    self.mover,
                    self.cands[ib].eval.weight,
                    self.cands[ia].eval.weight,
                );
                (!b_better, Decider::Level1Order)
            }
        }
    }
}

/// The side a deterministic evaluation proves its position for.
fn proved_for(e: &Evaluation) -> Option<Side> {
    e.deterministic.then_some(if e.weight > VERDICT_THRESHOLD {
        Side::White
    } else {
        Side::Black
    })
}

/// The preferences a book's level-2 program found among the finalists:
/// (criterion's place in the book, preferred finalist, other finalist),
/// sorted.
#[derive(Debug, Clone)]
pub struct Preferences {
    book: &'static Book,
    prefs: Vec<Preference>,
}

impl Preferences {
    /// Whether the criterion at `c` prefers finalist `x` to finalist `y`.
    fn prefers(&self, c: usize, x: usize, y: usize) -> bool {
        self.prefs.binary_search(&(c, x, y)).is_ok()
    }

    /// The first criterion (in the book's order) that prefers one of
    /// finalists `a` and `b` and not also the other, and whether `a` wins.
    /// `None` if no criterion separates them.
    pub fn decide(&self, a: usize, b: usize) -> Option<(CriterionId, bool)> {
        let id = |c: usize| CriterionId {
            book: self.book,
            index: c as u8,
        };
        (0..self.book.criteria().len()).find_map(|c| {
            match (self.prefers(c, a, b), self.prefers(c, b, a)) {
                (true, false) => Some((id(c), true)),
                (false, true) => Some((id(c), false)),
                _ => None,
            }
        })
    }
}
