//! Proofs by calculation: what a player does when no rule they know
//! decides the position, looking a few moves ahead until every line ends
//! in a position a rule decides.
//!
//! An AND-OR search over legal moves. To prove a result (the pawn side's
//! win, or the draw), the side that wants it needs one move to a position
//! where the result is proved, and the other side's every move must lead to
//! one. The leaves are positions a deterministic rule of the book decides
//! (the rules of chess among them: mate, stalemate, a captured pawn), and
//! where either side may win, a position where the book, asked on the
//! board with the colours swapped, proves the other side's win: then the
//! pawn side does not win. The deterministic rules are sound on every
//! position, so each line that ends in one is a proof. Nothing else enters a proof: no table, solver or
//! search result, only the rules and the legal moves.
//!
//! The search deepens one ply at a time, so the proof found is the
//! shallowest. A [`Calculator`] remembers, per position, the rules'
//! verdict on it, the depth of its proofs and the depths at which none
//! exists, so the positions of a sweep are proved without repeating work.

use rustc_hash::FxHashMap;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

use crate::board::facts::Node;
use crate::board::position::{Orientation, orient_move, to_user};
use crate::knowledge::book::Book;
use crate::knowledge::books;
use crate::knowledge::evaluate::{Level1, Verdict};
use crate::knowledge::proof::{Judgement, ProvedBy, judge_position, other_side_wins};

/// How many plies `--calc` calculates unless told.
pub const DEFAULT_PLIES: u8 = 4;

/// The most plies `--calc` takes.
pub const MAX_PLIES: u8 = 10;

/// A proof by calculation: the main line, the winning side's moves and
/// the defender's most stubborn replies, to a position a rule decides.
#[derive(Debug, Clone, PartialEq)]
pub struct Proof {
    /// The result proved for the pawn side: [`Verdict::Win`] or
    /// [`Verdict::Draw`].
    pub verdict: Verdict,
    /// Plies of calculation: 0 when a rule decides the position itself.
    pub depth: u8,
    /// The main line, from the position to the decided one (`depth`
    /// moves).
    pub line: Vec<Move>,
    /// The position the line ends in, which a deterministic rule decides.
    pub end: Chess,
}

/// The refutation of a move: the opponent's reply and the proof of the
/// result after it. No reply when the move itself ends the game (a
/// stalemate): the rules of chess decide the position it leads to, and the
/// proof is that position's, 0 plies.
pub type Refutation = (Option<Move>, Proof);

/// A proposed move that calculation overrules: it proves the proposal
/// throws the result away and another move keeps it. It also rules out a
/// proposal it proves lets the other side win when no move is proved to
/// keep the result: the move played is then the selection's next choice
/// that it does not refute so (`proof` is none); and it gives up a
/// proposal it proves does not win for a move that keeps the chances
/// ([`Overrule::Chances`]); and where it proves nothing of the proposal
/// but proves another move reaches the best result the mover can have, it
/// plays that move ([`Overrule::ProvedInstead`]).
///
/// Its moves and proofs are on `board`: the position checked as given, or,
/// where either side may win, turned round (the colours swapped), when the
/// proof is of the other side's question: the proposal lets the other side
/// win, and the move played instead proves it does not.
#[derive(Debug, Clone, PartialEq)]
pub struct Overruled {
    /// What calculation saw.
    pub kind: Overrule,
    /// The board the moves and proofs below are on, from the position
    /// checked.
    pub board: Orientation,
    /// The move the selection levels proposed.
    pub proposed: Move,
    /// The opponent's reply to it and the proof that follows; none where
    /// the proposal is only not proved ([`Overrule::ProvedInstead`]).
    pub refutation: Option<Refutation>,
    /// The move played instead.
    pub instead: Move,
    /// The proof of the result after it (from the position after it);
    /// none where calculation only finds no refutation of it.
    pub proof: Option<Proof>,
}

/// Why calculation plays another move than the selection's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overrule {
    /// The proposal is proved to throw the result away, and the move
    /// played to keep it.
    Proved,
    /// The proposal is not proved to reach the best result the mover can
    /// have (the win; where only White can win, the defender's draw), and
    /// the move played is.
    ProvedInstead,
    /// Where either side may win: the proposal is proved not to win and
    /// not proved not to lose; the move played is proved not to lose.
    Holds,
    /// The proposal is proved to let the other side win, and the move
    /// played is not proved to lose: no move is proved to keep the result,
    /// or, where either side may win, the side playing for the win keeps
    /// its chances with a move proved neither to lose nor to fail to win.
    RuledOut,
    /// The proposal is proved not to win, no move is proved to; the move
    /// played is proved not to lose (where only White can win, White never
    /// loses), and not proved not to win. It keeps the chances the
    /// proposal gives up, and risks nothing the position holds.
    Chances,
}

impl Overrule {
    /// The name in reports: `proved`, `ruled_out`, `chances`.
    pub fn name(self) -> &'static str {
        match self {
            Overrule::Proved => "proved",
            Overrule::ProvedInstead => "proved_instead",
            Overrule::Holds => "holds",
            Overrule::RuledOut => "ruled_out",
            Overrule::Chances => "chances",
        }
    }
}

impl Overruled {
    /// The move played instead, on the position checked.
    pub fn played(&self) -> Move {
        orient_move(self.instead, self.board)
    }

    /// The position checked, on the board the moves and proofs are on.
    pub fn on_board(&self, pos: &Chess) -> Chess {
        to_user(pos, self.board)
    }
}

/// What calculation proves of the mover's best result.
enum Best {
    /// The proposal reaches it.
    Proposal,
    /// Another move does, the proposal is not proved to.
    Instead(Box<Overruled>),
    /// No move is proved to.
    Unproved,
}

/// What is known of one position.
#[derive(Debug, Clone, Copy, Default)]
struct Known {
    /// The rules' verdict on the position itself: `Some(true)` a proved
    /// win for the pawn side, `Some(false)` a proved draw.
    leaf: Option<bool>,
    /// For the win (0) and the draw (1): the depth of the shallowest proof.
    proved: [Option<u8>; 2],
    /// For the win (0) and the draw (1): the most plies searched in vain.
    fails: [Option<u8>; 2],
}

/// Proves positions of one book by calculation, remembering what it finds.
pub struct Calculator<'e, E> {
    eval: &'e E,
    book: &'static Book,
    memo: FxHashMap<u64, Known>,
}

fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn after(pos: &Chess, m: Move) -> Chess {
    let mut p = pos.clone();
    p.play_unchecked(m);
    p
}

impl<'e, E: Level1> Calculator<'e, E> {
    /// A calculator whose leaves are the positions `eval` decides with the
    /// deterministic rules of `book` (normalised positions: White has the
    /// pawn, or what it became).
    pub fn new(eval: &'e E, book: &'static Book) -> Self {
        Calculator {
            eval,
            book,
            memo: FxHashMap::default(),
        }
    }

    /// How many positions it remembers.
    pub fn remembered(&self) -> usize {
        self.memo.len()
    }

    /// The shallowest proof of `pos`'s result within `plies`, if there is
    /// one. Where several moves prove it at that depth, `prefer` (PECP's
    /// choice, say) names the one the line takes; of the other side's
    /// replies the line takes the most stubborn, then the preferred.
    pub fn prove(
        &mut self,
        pos: &Chess,
        plies: u8,
        prefer: &dyn Fn(&Chess) -> Option<Move>,
    ) -> Option<Proof> {
        for d in 0..=plies {
            for win in [true, false] {
                if let Some(depth) = self.depth(pos, win, d) {
                    return Some(self.line(pos, win, depth, prefer));
                }
            }
        }
        None
    }

    /// The refutation of the move that led to `pos`: the reply of the side
    /// to move (now the opponent of the one who erred) after which the
    /// result it wants is proved soonest, and that proof; the preferred
    /// reply where several prove at that depth. Where the side to move has
    /// no reply (stalemate), the rules that decide `pos` itself refute the
    /// move. `None` if no reply leads to a proof within `plies`.
    pub fn refute(
        &mut self,
        pos: &Chess,
        plies: u8,
        prefer: &dyn Fn(&Chess) -> Option<Move>,
    ) -> Option<Refutation> {
        let win = pos.turn() == Color::White;
        let replies: Vec<Move> = pos.legal_moves().into_iter().collect();
        if replies.is_empty() {
            let depth = self.depth(pos, win, 0)?;
            return Some((None, self.line(pos, win, depth, prefer)));
        }
        for d in 0..=plies {
            let proving: Vec<(Move, u8)> = replies
                .iter()
                .filter_map(|&r| Some((r, self.depth(&after(pos, r), win, d)?)))
                .collect();
            let preferred = prefer(pos);
            let Some(&(reply, depth)) = proving
                .iter()
                .find(|(r, _)| Some(*r) == preferred)
                .or(proving.first())
            else {
                continue;
            };
            return Some((
                Some(reply),
                self.line(&after(pos, reply), win, depth, prefer),
            ));
        }
        None
    }

    /// The shallowest proof within `plies` that the side to move reaches
    /// its result in `pos` after playing one of `order` (White: the win;
    /// Black: no win), the earliest of `order` at that depth. `None` if no
    /// move of `order` is proved to.
    pub fn prove_a_move(
        &mut self,
        pos: &Chess,
        order: &[Move],
        plies: u8,
        prefer: &dyn Fn(&Chess) -> Option<Move>,
    ) -> Option<(Move, Proof)> {
        let win = pos.turn() == Color::White;
        for d in 0..=plies {
            for &m in order {
                let next = after(pos, m);
                if let Some(depth) = self.depth(&next, win, d) {
                    return Some((m, self.line(&next, win, depth, prefer)));
                }
            }
        }
        None
    }

    /// Calculation's check of the move `proposed` in `pos`. First the
    /// mover's best result (the win, asked on the board where the mover has
    /// White; where only White can win, the defender's draw): a proposal
    /// proved to reach it stands; otherwise the first move of `order`
    /// proved to reach it is played ([`Overrule::Proved`] where the
    /// proposal is refuted, else [`Overrule::ProvedInstead`]). Where either
    /// side may win and that proves nothing, the side playing for the win
    /// (White on `pos`) whose proposal is proved to lose plays a move
    /// refuted by neither question, keeping its chances
    /// ([`Calculator::rule_out_for_chances`]); failing that, the other
    /// side's question,
    /// asked on the board where the mover has Black: the proposal lets the
    /// other side win, and another move proves it does not. Where no move
    /// is proved to keep the result, a proposal proved to let the other
    /// side win is still ruled out ([`Calculator::rule_out`]; where only
    /// White can win, that is the defender's proposal proved to lose), and
    /// one proved not to win gives way to a move that keeps the chances
    /// ([`Calculator::keep_chances`]), or failing that, where either side
    /// may win, to one proved not to lose ([`Calculator::hold`]).
    pub fn overrule(
        &mut self,
        pos: &Chess,
        proposed: Move,
        order: &[Move],
        plies: u8,
        prefer: &dyn Fn(&Chess) -> Option<Move>,
    ) -> Option<Overruled> {
        let only_white_wins = self.book.spec().no_win_is_draw;
        let best = match (only_white_wins, pos.turn()) {
            (false, Color::Black) => Orientation::Flipped,
            _ => Orientation::AsGiven,
        };
        match self.best_result(pos, proposed, order, (plies, best), prefer) {
            Best::Proposal => return None,
            Best::Instead(o) => return Some(*o),
            Best::Unproved => {}
        }
        if only_white_wins {
            // Only White can win: the defender's proposal is ruled out
            // where it is proved to lose, and White's proposal proved not
            // to win gives way to a move that keeps the chances.
            return match pos.turn() {
                Color::Black => self.rule_out(pos, proposed, order, plies, prefer),
                Color::White => self.keep_chances(pos, proposed, order, plies, prefer),
            };
        }
        let defending = match pos.turn() {
            Color::White => Orientation::Flipped,
            Color::Black => Orientation::AsGiven,
        };
        if pos.turn() == Color::White
            && let Some(o) = self.rule_out_for_chances(pos, proposed, order, plies, prefer)
        {
            return Some(o);
        }
        let turn = |m: Move| orient_move(m, defending);
        let turned_order: Vec<Move> = order.iter().map(|&m| turn(m)).collect();
        let on = to_user(pos, defending);
        if let Some(o) = self.overrule_on(&on, turn(proposed), &turned_order, plies, prefer) {
            return Some(Overruled {
                board: defending,
                ..o
            });
        }
        self.rule_out(pos, proposed, order, plies, prefer)
            .or_else(|| self.keep_chances(pos, proposed, order, plies, prefer))
            .or_else(|| self.hold(pos, proposed, order, (plies, defending), prefer))
    }

    /// The proposal is proved not to win (the mover's own question), and
    /// not proved not to lose (the other side's, on `board`, where the
    /// mover has Black): the first move of `order` proved not to lose is
    /// played. The proposal draws at best; the move played at worst.
    fn hold(
        &mut self,
        pos: &Chess,
        proposed: Move,
        order: &[Move],
        (plies, board): (u8, Orientation),
        prefer: &dyn Fn(&Chess) -> Option<Move>,
    ) -> Option<Overruled> {
        let own = board.then(Orientation::Flipped);
        let on = to_user(pos, own);
        self.refute(&after(&on, orient_move(proposed, own)), plies, prefer)?;
        match self.best_result(pos, proposed, order, (plies, board), prefer) {
            Best::Instead(o) => Some(Overruled {
                kind: Overrule::Holds,
                ..*o
            }),
            _ => None,
        }
    }

    /// The mover's best result, asked on `board` (the side to move there
    /// reaches its result: White the win, Black no win): whether
    /// calculation proves the proposal reaches it, else the first move of
    /// `order` it proves does, with the proposal's refutation where there
    /// is one.
    fn best_result(
        &mut self,
        pos: &Chess,
        proposed: Move,
        order: &[Move],
        (plies, board): (u8, Orientation),
        prefer: &dyn Fn(&Chess) -> Option<Move>,
    ) -> Best {
        let (on, turn) = (to_user(pos, board), |m: Move| orient_move(m, board));
        let proposed = turn(proposed);
        if self.prove_a_move(&on, &[proposed], plies, prefer).is_some() {
            return Best::Proposal;
        }
        let others: Vec<Move> = order
            .iter()
            .map(|&m| turn(m))
            .filter(|&m| m != proposed)
            .collect();
        let Some((instead, proof)) = self.prove_a_move(&on, &others, plies, prefer) else {
            return Best::Unproved;
        };
        let refutation = self.refute(&after(&on, proposed), plies, prefer);
        Best::Instead(Box::new(Overruled {
            kind: if refutation.is_some() {
                Overrule::Proved
            } else {
                Overrule::ProvedInstead
            },
            board,
            proposed,
            refutation,
            instead,
            proof: Some(proof),
        }))
    }

    /// The proposal is proved not to win (the mover's own question, on the
    /// board where the mover has White), and no move is proved to: the
    /// move played is the first of `order` that calculation does not prove
    /// fails to win, and proves does not lose (the other side's question;
    /// where only White can win, White never loses). A drawn position
    /// stays drawn; a won one keeps its chances.
    fn keep_chances(
        &mut self,
        pos: &Chess,
        proposed: Move,
        order: &[Move],
        plies: u8,
        prefer: &dyn Fn(&Chess) -> Option<Move>,
    ) -> Option<Overruled> {
        let (own, other) = match pos.turn() {
            Color::White => (Orientation::AsGiven, Orientation::Flipped),
            Color::Black => (Orientation::Flipped, Orientation::AsGiven),
        };
        let (on, off) = (to_user(pos, own), to_user(pos, other));
        let refutation = self.refute(&after(&on, orient_move(proposed, own)), plies, prefer)?;
        let only_white_wins = self.book.spec().no_win_is_draw;
        let instead = order
            .iter()
            .copied()
            .filter(|&m| m != proposed)
            .find(|&m| {
                self.refute(&after(&on, orient_move(m, own)), plies, prefer)
                    .is_none()
                    && (only_white_wins
                        || self
                            .prove_a_move(&off, &[orient_move(m, other)], plies, prefer)
                            .is_some())
            })?;
        Some(Overruled {
            kind: Overrule::Chances,
            board: own,
            proposed: orient_move(proposed, own),
            refutation: Some(refutation),
            instead: orient_move(instead, own),
            proof: None,
        })
    }

    /// The proposal is proved to let the other side win, and no move is
    /// proved to keep the result. The move played is the first of `order`
    /// after which calculation does not prove the other side wins: the
    /// mover never plays a move proved to lose while one is not. Asked on
    /// the board where the mover has Black, whose question "does White
    /// win?" is the other side's.
    fn rule_out(
        &mut self,
        pos: &Chess,
        proposed: Move,
        order: &[Move],
        plies: u8,
        prefer: &dyn Fn(&Chess) -> Option<Move>,
    ) -> Option<Overruled> {
        let board = match pos.turn() {
            Color::White => Orientation::Flipped,
            Color::Black => Orientation::AsGiven,
        };
        let (on, turn) = (to_user(pos, board), |m: Move| orient_move(m, board));
        let refutation = self.refute(&after(&on, turn(proposed)), plies, prefer)?;
        let instead = order
            .iter()
            .map(|&m| turn(m))
            .filter(|&m| m != turn(proposed))
            .find(|&m| self.refute(&after(&on, m), plies, prefer).is_none())?;
        Some(Overruled {
            kind: Overrule::RuledOut,
            board,
            proposed: turn(proposed),
            refutation: Some(refutation),
            instead,
            proof: None,
        })
    }

    /// Where either side may win, White (the side playing for the win) to
    /// move in `pos`: the proposal is proved to let the other side win, and
    /// no move is proved to win. The move played is the first of `order`
    /// that calculation proves neither loses (asked on the board turned
    /// round) nor fails to win: the mover keeps its chances rather than
    /// settle for a draw.
    fn rule_out_for_chances(
        &mut self,
        pos: &Chess,
        proposed: Move,
        order: &[Move],
        plies: u8,
        prefer: &dyn Fn(&Chess) -> Option<Move>,
    ) -> Option<Overruled> {
        let other = Orientation::Flipped;
        let off = to_user(pos, other);
        let turn = |m: Move| orient_move(m, other);
        let refutation = self.refute(&after(&off, turn(proposed)), plies, prefer)?;
        let instead = order
            .iter()
            .copied()
            .filter(|&m| m != proposed)
            .find(|&m| {
                self.refute(&after(&off, turn(m)), plies, prefer).is_none()
                    && self.refute(&after(pos, m), plies, prefer).is_none()
            })?;
        Some(Overruled {
            kind: Overrule::RuledOut,
            board: other,
            proposed: turn(proposed),
            refutation: Some(refutation),
            instead: turn(instead),
            proof: None,
        })
    }

    /// [`Calculator::overrule`] on the board as given.
    fn overrule_on(
        &mut self,
        pos: &Chess,
        proposed: Move,
        order: &[Move],
        plies: u8,
        prefer: &dyn Fn(&Chess) -> Option<Move>,
    ) -> Option<Overruled> {
        let refutation = self.refute(&after(pos, proposed), plies, prefer)?;
        let others: Vec<Move> = order.iter().copied().filter(|&m| m != proposed).collect();
        let (instead, proof) = self.prove_a_move(pos, &others, plies, prefer)?;
        Some(Overruled {
            kind: Overrule::Proved,
            board: Orientation::AsGiven,
            proposed,
            refutation: Some(refutation),
            instead,
            proof: Some(proof),
        })
    }

    /// The rules' verdict on `pos` itself, remembered.
    fn known(&mut self, pos: &Chess) -> (u64, Known) {
        let k = key(pos);
        if let Some(known) = self.memo.get(&k) {
            return (k, *known);
        }
        let e = (self.eval)(self.book, &Node::from_chess(pos));
        let leaf = if e.deterministic {
            Some(e.verdict() == Verdict::Win)
        } else {
            other_side_wins(self.book, pos, self.eval).map(|_| false)
        };
        let known = Known {
            leaf,
            ..Known::default()
        };
        self.memo.insert(k, known);
        (k, known)
    }

    /// The depth of the shallowest proof that the pawn side wins (`win`)
    /// or draws `pos`, if one takes at most `d` plies.
    fn depth(&mut self, pos: &Chess, win: bool, d: u8) -> Option<u8> {
        let (k, known) = self.known(pos);
        if let Some(leaf) = known.leaf {
            return (leaf == win).then_some(0);
        }
        let w = usize::from(!win);
        if let Some(p) = known.proved[w] {
            return (p <= d).then_some(p);
        }
        if d == 0 || known.fails[w].is_some_and(|f| f >= d) {
            return None;
        }
        let found = self.search(pos, win, d);
        let entry = self.memo.get_mut(&k).expect("remembered above");
        match found {
            Some(p) => entry.proved[w] = Some(p),
            None => entry.fails[w] = Some(d),
        }
        found
    }

    /// One level of the AND-OR search, `d` ≥ 1.
    fn search(&mut self, pos: &Chess, win: bool, d: u8) -> Option<u8> {
        let chooser = (pos.turn() == Color::White) == win;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let mut worst = 0u8;
        let mut best: Option<u8> = None;
        for m in moves {
            let below = self.depth(&after(pos, m), win, d - 1).map(|p| p + 1);
            match (chooser, below) {
                (true, Some(1)) => return Some(1),
                (true, Some(p)) => best = Some(best.map_or(p, |b| b.min(p))),
                (true, None) => {}
                (false, Some(p)) => worst = worst.max(p),
                (false, None) => return None,
            }
        }
        if chooser { best } else { Some(worst) }
    }

    /// The main line of a proof of `depth` plies.
    fn line(
        &mut self,
        pos: &Chess,
        win: bool,
        depth: u8,
        prefer: &dyn Fn(&Chess) -> Option<Move>,
    ) -> Proof {
        let mut line = Vec::new();
        let mut at = pos.clone();
        let mut left = depth;
        while left > 0 {
            let chooser = (at.turn() == Color::White) == win;
            let options: Vec<(Move, u8)> = at
                .legal_moves()
                .into_iter()
                .filter_map(|m| Some((m, self.depth(&after(&at, m), win, left - 1)?)))
                .collect();
            let target = if chooser {
                options.iter().map(|o| o.1).min()
            } else {
                options.iter().map(|o| o.1).max()
            }
            .expect("a proved position has a move in its proof");
            let preferred = prefer(&at);
            let m = options
                .iter()
                .filter(|o| o.1 == target)
                .find(|o| Some(o.0) == preferred)
                .or_else(|| options.iter().find(|o| o.1 == target))
                .expect("the target depth is some move's")
                .0;
            line.push(m);
            at.play_unchecked(m);
            left = target;
        }
        Proof {
            verdict: if win { Verdict::Win } else { Verdict::Draw },
            depth,
            line,
            end: at,
        }
    }
}

/// One [`Calculator`] per book, each made when a position of its book
/// first comes: for a line that goes from a pawn ending to the mate.
pub struct Calculators<'e, E> {
    eval: &'e E,
    each: Vec<Calculator<'e, E>>,
}

impl<'e, E: Level1> Calculators<'e, E> {
    /// No calculator yet; `eval` judges the leaves.
    pub fn new(eval: &'e E) -> Self {
        Calculators {
            eval,
            each: Vec::new(),
        }
    }

    /// The calculator of the book that covers `pos` (normalised).
    pub fn of(&mut self, pos: &Chess) -> &mut Calculator<'e, E> {
        let book = books::of(&Node::from_chess(pos));
        let i = match self.each.iter().position(|c| std::ptr::eq(c.book, book)) {
            Some(i) => i,
            None => {
                self.each.push(Calculator::new(self.eval, book));
                self.each.len() - 1
            }
        };
        &mut self.each[i]
    }

    /// `pos`'s verdict as `analyse` gives it: by a rule on the position or
    /// on the positions one move ahead, else by up to `plies` plies of
    /// calculation (with that proof), else unproved.
    pub fn judge(
        &mut self,
        pos: &Chess,
        plies: u8,
        prefer: &dyn Fn(&Chess) -> Option<Move>,
    ) -> (Judgement, Option<Proof>) {
        let mut j = judge_position(pos, self.eval);
        if plies == 0 {
            return (j, None);
        }
        let proof = self.of(pos).prove(pos, plies, prefer);
        if let (None, Some(p)) = (j.proved_by, &proof) {
            j.verdict = p.verdict;
            j.proved_by = Some(ProvedBy::Calculation);
        }
        (j, proof)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::position::parse_chess;
    use crate::knowledge::books;
    use crate::knowledge::evaluate::level1;

    fn no_preference(_: &Chess) -> Option<Move> {
        None
    }

    #[test]
    fn a_position_a_rule_decides_needs_no_calculation() {
        let p = parse_chess("8/8/3k4/8/8/3PK3/8/8 w - - 0 1").unwrap();
        let mut c = Calculator::new(&level1, &books::kpk::BOOK);
        let proof = c.prove(&p, 4, &no_preference).expect("proved");
        assert_eq!(proof.verdict, Verdict::Win);
        assert_eq!(proof.depth, 0);
        assert!(proof.line.is_empty());
    }

    #[test]
    fn each_line_is_legal_and_ends_where_a_rule_decides_the_result() {
        // Positions that level 1 leaves unproved, found by scanning.
        let mut c = Calculator::new(&level1, &books::kpk::BOOK);
        let mut deeper = 0;
        for kpk in crate::board::enumerate::all_positions()
            .into_iter()
            .step_by(97)
        {
            let p = kpk.to_chess();
            let Some(proof) = c.prove(&p, 4, &no_preference) else {
                continue;
            };
            assert_eq!(proof.line.len(), usize::from(proof.depth));
            let mut at = p.clone();
            for m in &proof.line {
                assert!(at.is_legal(*m));
                at.play_unchecked(*m);
            }
            assert_eq!(at, proof.end);
            let e = level1(&books::kpk::BOOK, &Node::from_chess(&at));
            assert!(e.deterministic);
            assert_eq!(e.verdict(), proof.verdict);
            deeper += usize::from(proof.depth >= 2);
        }
        assert!(deeper > 0, "some proofs need calculation");
    }
}
