//! A position's verdict and how it is proved: by a deterministic rule on
//! the position itself, or by its moves, looking exactly one ply ahead (the
//! look level 1 already takes to weigh every move, nothing deeper).
//!
//! With the pawn side to move, one move to a position a rule proves won
//! proves the win; with the defender to move, one move to a proved draw
//! proves the draw. If every move leads to a proved result, the other side
//! gets it. Otherwise the verdict is the averaged rules' judgement, and
//! nothing is proved.

use serde::Serialize;
use shakmaty::{Chess, Color, Move, Position};

use crate::board::facts::Node;
use crate::board::geometry::Side;
use crate::board::position::{Orientation, to_user};
use crate::knowledge::book::Book;
use crate::knowledge::books;
use crate::knowledge::evaluate::{Evaluation, Level1, Verdict};

/// How a verdict is proved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ProvedBy {
    /// A deterministic rule decides the position itself.
    Rule,
    /// The position's moves lead to proved results (one ply).
    Moves,
    /// A few plies of calculation end every line in a proved result (the
    /// calculator of the `calc` module).
    Calculation,
}

/// A position's verdict, with its proof.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Judgement {
    /// Win or draw for the pawn side (or unknown, unproved and at 0.5).
    pub verdict: Verdict,
    /// How it is proved, if it is.
    pub proved_by: Option<ProvedBy>,
    /// With [`ProvedBy::Moves`]: the side to move's move that proves it;
    /// `None` when every move does ("whatever the defender plays").
    pub by_move: Option<Move>,
}

/// Whether an evaluation proves the win (`win`) or the draw.
fn proves(e: &Evaluation, win: bool) -> bool {
    e.deterministic && (e.verdict() == Verdict::Win) == win
}

/// Judges a position from its own evaluation `own` and the evaluation
/// after each legal move (`moves`, in any order; `preferred` is tried
/// first as the proving move, e.g. the move PECP chooses). `mover` is the
/// side to move, White being the pawn side.
pub fn judge(
    mover: Side,
    own: &Evaluation,
    moves: &[(Move, Evaluation)],
    preferred: Option<Move>,
) -> Judgement {
    if own.deterministic {
        return Judgement {
            verdict: own.verdict(),
            proved_by: Some(ProvedBy::Rule),
            by_move: None,
        };
    }
    let wants_win = mover == Side::White;
    let result = |win: bool| if win { Verdict::Win } else { Verdict::Draw };
    let proving = |m: &&(Move, Evaluation)| proves(&m.1, wants_win);
    let first = moves
        .iter()
        .filter(proving)
        .find(|(m, _)| Some(*m) == preferred)
        .or_else(|| moves.iter().find(proving));
    if let Some((m, _)) = first {
        return Judgement {
            verdict: result(wants_win),
            proved_by: Some(ProvedBy::Moves),
            by_move: Some(*m),
        };
    }
    if !moves.is_empty() && moves.iter().all(|(_, e)| proves(e, !wants_win)) {
        return Judgement {
            verdict: result(!wants_win),
            proved_by: Some(ProvedBy::Moves),
            by_move: None,
        };
    }
    Judgement {
        verdict: own.verdict(),
        proved_by: None,
        by_move: None,
    }
}

/// Where either side may win (a book whose question is White's win, a
/// loss alike no win): the board of `pos` (normalised) with the colours
/// swapped and `eval`'s evaluation of it, when a deterministic rule there
/// proves the other side's win. Then the pawn side does not win `pos`.
pub fn other_side_wins(
    book: &'static Book,
    pos: &Chess,
    eval: &impl Level1,
) -> Option<(Node, Evaluation)> {
    if book.spec().no_win_is_draw {
        return None;
    }
    let turned = Node::from_chess(&to_user(pos, Orientation::Flipped));
    let e = eval(book, &turned);
    (e.deterministic && e.verdict() == Verdict::Win).then_some((turned, e))
}

/// Judges `pos` (normalised: White has the pawn) by the book that covers
/// it, with `eval` for the position and, where no rule decides it, for the
/// position after each legal move.
pub fn judge_position(pos: &Chess, eval: &impl Level1) -> Judgement {
    let node = Node::from_chess(pos);
    let book = books::of(&node);
    let own = eval(book, &node);
    let moves: Vec<(Move, Evaluation)> = if own.deterministic {
        Vec::new()
    } else {
        pos.legal_moves()
            .into_iter()
            .map(|m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                (m, eval(book, &Node::from_chess(&after)))
            })
            .collect()
    };
    let mover = match pos.turn() {
        Color::White => Side::White,
        Color::Black => Side::Black,
    };
    judge(mover, &own, &moves, None)
}
