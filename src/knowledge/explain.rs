//! Explanations in words: the verdict of a position and the reasons for
//! its moves, as an endgame book would give them, with the squares that
//! decide. The sentences are data (`sentence` in each book's rule table
//! and criteria); this module fills their `{placeholders}` from the
//! position, in the user's colours and orientation. Every book knows
//! these; a book may add its own (see its module):
//!
//! | placeholder | what it becomes |
//! |---|---|
//! | `{P}`, `{p}` | the pawn side's colour ("White", "white") |
//! | `{D}`, `{d}` | the defender's colour |
//! | `{M}` | the colour of the side that made the move being explained |
//! | `{wk}`, `{bk}` | the squares of the pawn side's king and the defender's king |
//! | `{pawn}`, `{stop}`, `{queen}` | the pawn, the square in front of it, its queening square |
//! | `{keys}` | the pawn's key squares |
//! | `{key}`, `{bkey}` | the key square the pawn side's king wins the race to by the most, and the one the defender is best placed for |
//! | `{piece}` | the square of the queen or rook (or the piece the pawn became) |

use serde::Serialize;
use shakmaty::{Chess, Color, Move, Position, Square};

use crate::board::facts::Node;
use crate::board::geometry::{Side, Sq, key_squares};
use crate::board::position::{Orientation, color_name, user_move_names};
use crate::error::Result;
use crate::knowledge::book::{Book, Word};
use crate::knowledge::calc::{Overrule, Overruled, Proof, Refutation};
use crate::knowledge::evaluate::{Evaluation, VERDICT_THRESHOLD, Verdict};
use crate::knowledge::proof::{Judgement, ProvedBy, other_side_wins};
use crate::knowledge::select::{Decider, Decision};
use crate::knowledge::weights::{Kind, RuleId, RuleTable, Theme};

/// The explanation of a position (`explanation` in `pecp analyse --json`).
#[derive(Debug, Clone, Serialize)]
pub struct Explanation {
    /// "white" or "black" when the rules say that side wins; `None` (JSON
    /// null) for a draw or when they cannot tell.
    pub winner: Option<&'static str>,
    /// Whether the verdict is proved: by a deterministic rule on the
    /// position, or by the positions one move ahead.
    pub proved: bool,
    /// The theme of the deciding (or strongest) rule.
    pub theme: Option<Theme>,
    /// The verdict and its reason in words.
    pub sentence: String,
    /// The squares the sentence names.
    pub squares: Vec<String>,
    /// The chosen move and the moves that change the value, each with its
    /// reason.
    pub moves: Vec<MoveExplanation>,
}

/// Why a move is played, or why it fails.
#[derive(Debug, Clone, Serialize)]
pub struct MoveExplanation {
    /// UCI, user's orientation.
    pub uci: String,
    /// SAN, user's orientation.
    pub san: String,
    /// The theme of the reason.
    pub theme: Option<Theme>,
    /// The reason in words.
    pub sentence: String,
    /// The squares the sentence names.
    pub squares: Vec<String>,
}

/// A sentence filled in, with the squares it names.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filled {
    /// The text.
    pub text: String,
    /// The squares named, in order, each once.
    pub squares: Vec<String>,
}

/// Fills `template`, a sentence of `book`, from `node` (normalised) shown
/// in `orientation`; `mover` is the side that made the move being
/// explained, if any. A placeholder with nothing to fill it stays as it is
/// (`{pawn}` after a promotion), which the tests catch.
pub fn fill(
    book: &Book,
    template: &str,
    node: &Node,
    orientation: Orientation,
    mover: Option<Side>,
) -> Filled {
    let mut out = Filled::default();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.text.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let name = &rest[open + 1..open + close];
        let own = || {
            let names = match (book.spec().words)(name, node)? {
                Word::Text(text) => return Some((text, vec![])),
                Word::Squares(squares) => squares,
            };
            let names: Vec<String> = names
                .into_iter()
                .map(|s| square_name(s, orientation))
                .collect();
            Some((names.join(", "), names))
        };
        match word(name, node, orientation, mover).or_else(own) {
            Some((text, squares)) => {
                out.text.push_str(&text);
                for s in squares {
                    if !out.squares.contains(&s) {
                        out.squares.push(s);
                    }
                }
            }
            None => out.text.push_str(&rest[open..=open + close]),
        }
        rest = &rest[open + close + 1..];
    }
    out.text.push_str(rest);
    out
}

/// Fills a comparison's `template` from the position after the chosen
/// move, its `{other:name}` placeholders from the position after the
/// move it was compared with ("a box of {box} squares, not {other:box}").
pub fn fill_compared(
    book: &Book,
    template: &str,
    [chosen, other]: [&Node; 2],
    orientation: Orientation,
    mover: Side,
) -> Filled {
    let own = fill(book, template, chosen, orientation, Some(mover));
    let mut f = fill(
        book,
        &own.text.replace("{other:", "{"),
        other,
        orientation,
        Some(mover),
    );
    let theirs = std::mem::replace(&mut f.squares, own.squares);
    add_squares(&mut f, theirs);
    f
}

/// The colour of a normalised side in the user's colours.
fn user_colour(side: Side, orientation: Orientation) -> Color {
    let normal = match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    };
    match orientation {
        Orientation::AsGiven => normal,
        Orientation::Flipped => !normal,
    }
}

/// A normalised square's name in the user's orientation.
fn square_name(s: Sq, orientation: Orientation) -> String {
    let sq: Square = s.to_square();
    match orientation {
        Orientation::AsGiven => sq.to_string(),
        Orientation::Flipped => sq.flip_vertical().to_string(),
    }
}

fn capitalised(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// One placeholder: its text and the squares it names.
fn word(
    name: &str,
    node: &Node,
    orientation: Orientation,
    mover: Option<Side>,
) -> Option<(String, Vec<String>)> {
    let colour = |side| user_colour(side, orientation);
    let one = |s: Sq| {
        let n = square_name(s, orientation);
        Some((n.clone(), vec![n]))
    };
    let many = |v: Vec<Sq>| {
        let names: Vec<String> = v.into_iter().map(|s| square_name(s, orientation)).collect();
        Some((names.join(", "), names))
    };
    let pawn = node.pawn;
    match name {
        "P" => Some((capitalised(colour(Side::White)).into(), vec![])),
        "p" => Some((color_name(colour(Side::White)).into(), vec![])),
        "D" => Some((capitalised(colour(Side::Black)).into(), vec![])),
        "d" => Some((color_name(colour(Side::Black)).into(), vec![])),
        "M" => mover.map(|m| (capitalised(colour(m)).into(), vec![])),
        "wk" => one(node.wk),
        "bk" => one(node.bk),
        "pawn" => pawn.and_then(one),
        "stop" => pawn.and_then(|p| one(Sq(p.0, p.1 + 1))),
        "queen" => pawn.and_then(|p| one(Sq(p.0, 8))),
        "keys" => pawn.and_then(|p| many(key_squares(p).collect())),
        "key" => pawn
            .and_then(|p| best_for(key_squares(p).collect(), node.wk, node.bk))
            .and_then(one),
        "bkey" => pawn
            .and_then(|p| best_for(key_squares(p).collect(), node.bk, node.wk))
            .and_then(one),
        "piece" => node.piece.and_then(|(s, _)| one(s)),
        _ => None,
    }
}

/// The square of `squares` that `king` wins the race to by the most
/// against `other` (of equals, the nearer to `king`, then the first).
fn best_for(squares: Vec<Sq>, king: Sq, other: Sq) -> Option<Sq> {
    use crate::board::geometry::dist;
    squares
        .into_iter()
        .min_by_key(|&s| (dist(s, king) - dist(s, other), dist(s, king)))
}

/// "The white king ..." after "Kd4: " reads "the white king ...".
fn lower_first(s: &str) -> String {
    // The sentences' own first words; a colour ("White ...") or a move
    // keeps its capital.
    const LOWERED: [&str; 6] = ["The ", "A ", "One ", "Without ", "Even ", "Doubled "];
    if LOWERED.iter().any(|w| s.starts_with(w)) {
        let mut c = s.chars();
        c.next()
            .map(|f| f.to_lowercase().collect::<String>() + c.as_str())
            .unwrap_or_default()
    } else {
        s.to_string()
    }
}

/// The deterministic rule that explains an evaluation, if one decides it.
/// Every deterministic rule that fires proves the same result (the sweep
/// checks that none contradicts another), so the explanation may choose
/// among them: the simplest reason first, as the books teach it, the
/// rules' priority breaking ties ([`simplicity`]).
pub fn deciding_rule(e: &Evaluation, book: &RuleTable) -> Option<RuleId> {
    let win = e.verdict() == Verdict::Win;
    e.fired
        .iter()
        .filter(|&r| book.row(r).kind == Kind::Deterministic)
        .min_by_key(|&r| simplicity(book.row(r).theme, win))
}

/// How soon a theme comes in a book's explanation, 0 first. Both results
/// begin with the rules of chess and the square of the pawn (or what two
/// pawns do together). A win then
/// names the key square the king stands on or reaches, the king in front,
/// the opposition; a draw the rook pawn's corner, the blockade and the
/// opposition before key squares. Races, counted in moves, come last.
fn simplicity(theme: Theme, win: bool) -> u8 {
    match (theme, win) {
        (Theme::Promotion | Theme::Capture | Theme::Stalemate | Theme::Material, _) => 0,
        (Theme::MatingNet, _) => 0,
        (Theme::SquareOfThePawn | Theme::TwoPawns, _) => 1,
        (Theme::KeySquares, true) => 2,
        (Theme::KingInFront, true) => 3,
        (Theme::Opposition, true) => 4,
        (Theme::RookPawn, false) => 2,
        (Theme::Blockade | Theme::Opposition, false) => 3,
        (Theme::KeySquares, false) => 4,
        (Theme::RookPawn | Theme::Blockade | Theme::Shouldering | Theme::KingInFront, _) => 5,
        (Theme::KingActivity, _) => 5,
        (Theme::Race, _) => 6,
    }
}

/// The averaged rules that fired, strongest first: those on the side of
/// the verdict, furthest from 0.5.
fn strongest_averaged(e: &Evaluation, book: &RuleTable) -> Vec<RuleId> {
    let mut v: Vec<RuleId> = e
        .fired
        .iter()
        .filter(|&r| book.row(r).kind == Kind::Averaged)
        .collect();
    let lean = e.weight - VERDICT_THRESHOLD;
    v.sort_by(|&a, &b| {
        let score = |r: RuleId| (book.row(r).weight - VERDICT_THRESHOLD) * lean.signum();
        score(b).total_cmp(&score(a))
    });
    v
}

/// Who tells the moves that change the value: its name in the sentences
/// ("the tablebase") and whether the pawn side wins a normalised position.
pub struct Judge<'a> {
    /// How the sentences name it.
    pub name: &'static str,
    /// Whether the pawn side wins.
    pub white_wins: &'a dyn Fn(&Chess) -> Result<bool>,
    /// Per move of the decision, in its order: the refutation by
    /// calculation (the reply and the proof after it), where one was found.
    pub refutations: &'a [Option<Refutation>],
    /// How many plies the refutations were looked for.
    pub plies: u8,
    /// The verdict's proof by calculation, if there is one.
    pub proof: Option<&'a Proof>,
}

/// Explains a position: `pos` normalised, shown in `orientation`; `own`
/// its level-1 evaluation; `decision` PECP's choice there; `judge` says
/// whether the pawn side wins a normalised position (the tables or the
/// embedded oracle), to find the moves that change the value.
///
/// # Errors
/// A judge's (table probe) error.
pub fn explain(
    pos: &Chess,
    orientation: Orientation,
    own: &Evaluation,
    judgement: &Judgement,
    decision: Option<&Decision>,
    judge: &Judge,
) -> Result<Explanation> {
    let node = Node::from_chess(pos);
    let by_moves = match (judgement.proved_by, decision, judge.proof) {
        (Some(ProvedBy::Moves), Some(d), _) => {
            Some(proved_by_moves(pos, orientation, judgement, d))
        }
        (Some(ProvedBy::Calculation), Some(d), Some(p)) => {
            Some(proved_by_calculation(pos, orientation, p, d.book))
        }
        _ => None,
    };
    let (winner, proved, theme, said) = match by_moves {
        Some(v) => v,
        None => verdict(&node, orientation, own),
    };
    let mut moves = Vec::new();
    if let Some(d) = decision {
        moves.push(chosen_move(pos, orientation, d));
        moves.extend(refuted_moves(pos, orientation, d, judge)?);
    }
    Ok(Explanation {
        winner,
        proved,
        theme,
        sentence: said.text,
        squares: said.squares,
        moves,
    })
}

/// The verdict proved one move ahead: "White wins with Kd4: ..." (the
/// side to move has a move to a proved result), or "White wins: whatever
/// Black plays, ..." (every move leads to one).
fn proved_by_moves(
    pos: &Chess,
    orientation: Orientation,
    j: &Judgement,
    d: &Decision,
) -> (Option<&'static str>, bool, Option<Theme>, Filled) {
    let (winner, head) = winner_and_head(d.book, j.verdict, orientation);
    let example = j.by_move.unwrap_or(d.chosen().mv);
    let c = d
        .moves
        .iter()
        .find(|c| c.mv == example)
        .expect("the proving move is legal");
    let (san, _) = user_move_names(pos, c.mv, orientation);
    let table = c.eval.book.rules();
    let rule = deciding_rule(&c.eval, table).expect("a proving move's position is decided");
    let row = table.row(rule);
    let f = fill(
        c.eval.book,
        &row.sentence,
        &c.node,
        orientation,
        Some(side_to_move(pos)),
    );
    let text = match j.by_move {
        Some(_) => format!("{head} with {san}: {}", lower_first(&f.text)),
        None => {
            let other = capitalised(user_colour(side_to_move(pos), orientation));
            format!(
                "{head}: whatever {other} plays, the rules prove it one move ahead; after {san}, {}",
                lower_first(&f.text)
            )
        }
    };
    (winner, true, Some(row.theme), Filled { text, ..f })
}

/// The verdict proved by calculation: "White wins: 1. Kd4 Kc6 2. Ke5 and
/// the white king ...", the main line and the sentence of the rule that
/// decides where it ends.
fn proved_by_calculation(
    pos: &Chess,
    orientation: Orientation,
    proof: &Proof,
    book: &'static Book,
) -> (Option<&'static str>, bool, Option<Theme>, Filled) {
    let (winner, head) = winner_and_head(book, proof.verdict, orientation);
    let Some((theme, mut f)) = decided_words(book, &proof.end, orientation) else {
        return (winner, false, None, Filled::default());
    };
    let (line, targets) = numbered_line(pos, &proof.line, orientation);
    f.text = format!("{head}: {line} and {}", lower_first(&f.text));
    add_squares(&mut f, targets);
    (winner, true, Some(theme), f)
}

/// Who wins in the user's colours (`None` for a draw) and the verdict's
/// head: "White wins" or "Draw" (or "White does not win", where the other
/// side may win).
fn winner_and_head(
    book: &'static Book,
    verdict: Verdict,
    orientation: Orientation,
) -> (Option<&'static str>, String) {
    let pawn_side = user_colour(Side::White, orientation);
    let winner = (verdict == Verdict::Win).then_some(color_name(pawn_side));
    let head = match winner {
        Some(_) => format!("{} wins", capitalised(pawn_side)),
        None => no_win(book, orientation),
    };
    (winner, head)
}

/// What "no win" is called: "Draw", or "White does not win" where the
/// other side may win.
fn no_win(book: &'static Book, orientation: Orientation) -> String {
    if book.spec().no_win_is_draw {
        "Draw".to_string()
    } else {
        format!(
            "{} does not win",
            capitalised(user_colour(Side::White, orientation))
        )
    }
}

/// The deterministic rule of `book` that decides `end` (normalised), if
/// one does: its id, its theme and its sentence filled from `end` shown
/// in `orientation`; where either side may win and none decides `end`,
/// the rule that proves the other side's win on the board with the
/// colours swapped (the no-win question's proof).
pub fn decided_by(
    book: &'static Book,
    end: &Chess,
    orientation: Orientation,
) -> Option<(String, Theme, Filled)> {
    let node = Node::from_chess(end);
    let e = crate::knowledge::evaluate::level1(book, &node);
    let table = e.book.rules();
    let Some(rule) = deciding_rule(&e, table) else {
        // Where either side may win, the other side's proved win decides
        // the no-win question too.
        return other_sides_rule(book, end, orientation);
    };
    let row = table.row(rule);
    let f = fill(e.book, &row.sentence, &node, orientation, None);
    Some((row.id.clone(), row.theme, f))
}

/// The theme and the words of the rule that decides `end`.
fn decided_words(
    book: &'static Book,
    end: &Chess,
    orientation: Orientation,
) -> Option<(Theme, Filled)> {
    decided_by(book, end, orientation).map(|(_, theme, f)| (theme, f))
}

/// "12. Kd4 Kc6 13. Ke5" (or "12... Kc6 13. Kd4") from `pos`, in the
/// user's colours, and the squares the moves go to.
fn numbered_line(pos: &Chess, line: &[Move], orientation: Orientation) -> (String, Vec<String>) {
    let mut at = pos.clone();
    let mut number = pos.fullmoves().get();
    let mut white = user_colour(side_to_move(pos), orientation) == Color::White;
    let mut words = Vec::new();
    let mut targets = Vec::new();
    for (i, &m) in line.iter().enumerate() {
        let (san, uci) = user_move_names(&at, m, orientation);
        targets.push(uci[2..4].to_string());
        match (white, i) {
            (true, _) => words.push(format!("{number}. {san}")),
            (false, 0) => words.push(format!("{number}... {san}")),
            (false, _) => words.push(san),
        }
        if !white {
            number += 1;
        }
        white = !white;
        at.play_unchecked(m);
    }
    (words.join(" "), targets)
}

/// Who wins, whether a rule proves it, the theme, and the words.
fn verdict(
    node: &Node,
    orientation: Orientation,
    own: &Evaluation,
) -> (Option<&'static str>, bool, Option<Theme>, Filled) {
    let (book, table) = (own.book, own.book.rules());
    let pawn_side = user_colour(Side::White, orientation);
    let winner = (own.verdict() == Verdict::Win).then_some(color_name(pawn_side));
    if let Some(r) = deciding_rule(own, table) {
        let row = table.row(r);
        let mut f = fill(book, &row.sentence, node, orientation, None);
        let head = match winner {
            Some(_) => format!("{} wins.", capitalised(pawn_side)),
            None => format!("{}.", no_win(book, orientation)),
        };
        f.text = format!("{head} {}", f.text);
        return (winner, true, Some(row.theme), f);
    }
    let (theme, f) = unproved(node, orientation, own);
    (winner, false, theme, f)
}

/// The words of a verdict no deterministic rule decides: the book's sure
/// win, or a judgement; then the two strongest averaged rules.
fn unproved(node: &Node, orientation: Orientation, own: &Evaluation) -> (Option<Theme>, Filled) {
    let (book, table) = (own.book, own.book.rules());
    let pawn_side = capitalised(user_colour(Side::White, orientation));
    let sure = book
        .spec()
        .sure_win
        .filter(|_| own.verdict() == Verdict::Win);
    let text = match (sure, own.verdict()) {
        (Some(s), _) => fill(book, s, node, orientation, None).text,
        (None, v) => {
            let lean = match v {
                Verdict::Win => format!("Probably {pawn_side} wins"),
                Verdict::Draw => "Probably a draw".into(),
                Verdict::Unknown => "The rules cannot tell who wins".into(),
            };
            format!("{lean}: a judgement, not a proof; the rules cannot prove it.")
        }
    };
    let mut f = Filled {
        text,
        squares: Vec::new(),
    };
    let strongest = strongest_averaged(own, table);
    for &r in strongest.iter().take(2) {
        let g = fill(book, &table.row(r).sentence, node, orientation, None);
        f.text = format!("{} {}", f.text, g.text);
        for s in g.squares {
            if !f.squares.contains(&s) {
                f.squares.push(s);
            }
        }
    }
    (strongest.first().map(|&r| table.row(r).theme), f)
}

fn side_to_move(pos: &Chess) -> Side {
    match pos.turn() {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// Whether an evaluation proves the result the mover wants.
fn proved_for(e: &Evaluation, mover: Side) -> bool {
    e.deterministic && (e.weight > VERDICT_THRESHOLD) == (mover == Side::White)
}

/// Why a move of a line was played: PECP's reasons when PECP chose
/// (`decision`), otherwise what the rules say of the position after it.
pub fn line_move(
    pos: &Chess,
    orientation: Orientation,
    mv: shakmaty::Move,
    decision: Option<&Decision>,
    after: &Evaluation,
) -> MoveExplanation {
    if let Some(d) = decision {
        return chosen_move(pos, orientation, d);
    }
    let (san, uci) = user_move_names(pos, mv, orientation);
    let mut next = pos.clone();
    next.play_unchecked(mv);
    let (_, _, theme, f) = verdict(&Node::from_chess(&next), orientation, after);
    MoveExplanation {
        uci,
        san: san.clone(),
        theme,
        sentence: format!("{san}: {}", f.text),
        squares: f.squares,
    }
}

/// Why PECP plays its move: the rule that proves the position after it,
/// or the level-2 criterion that decided, or the level-1 weight.
fn chosen_move(pos: &Chess, orientation: Orientation, d: &Decision) -> MoveExplanation {
    let (san, uci) = user_move_names(pos, d.chosen().mv, orientation);
    let (theme, f) = chosen_reason(pos, orientation, d, &san);
    MoveExplanation {
        uci,
        san,
        theme,
        sentence: f.text,
        squares: f.squares,
    }
}

/// The reason for PECP's move `san`: the only move, the rule that proves
/// the position after it, the level-2 criterion that decided, or the
/// level-1 weight.
fn chosen_reason(
    pos: &Chess,
    orientation: Orientation,
    d: &Decision,
    san: &str,
) -> (Option<Theme>, Filled) {
    let mover = side_to_move(pos);
    let c = d.chosen();
    let table = c.eval.book.rules();
    let plain = |text: String| {
        let squares = vec![];
        (None, Filled { text, squares })
    };
    if d.moves.len() == 1 {
        return plain(format!("{san}: the only legal move."));
    }
    if let Some(r) = deciding_rule(&c.eval, table).filter(|_| proved_for(&c.eval, mover)) {
        return rule_words(c, r, orientation, mover, &format!("{san}: "));
    }
    // The pairing that mattered most: won by the earliest decider (the
    // later one of a tie).
    let won = d
        .tournament
        .iter()
        .filter(|p| p.winner == d.chosen)
        .rev()
        .min_by_key(|p| p.decider.precedence());
    match won.map(|p| (p, p.decider)) {
        Some((p, Decider::Criterion(id))) => {
            let crit = id.criterion();
            let o = &d.moves[if p.a == d.chosen { p.b } else { p.a }];
            let other = user_move_names(pos, o.mv, orientation).0;
            if crit.id == "not_proved_against_mover"
                && let Some(r) = deciding_rule(&o.eval, table)
            {
                // What goes wrong after the other move, in the words of
                // the rule that proves it.
                let head = format!("{san} rather than {other}: after {other}, ");
                return rule_words(o, r, orientation, mover, &head);
            }
            if crit.id == "not_proved_against_mover"
                && mover == Side::White
                && let Some((theme, f)) = other_sides_win(d.book, &o.after, orientation)
            {
                // The other side's question, asked on the board with the
                // colours swapped, proved the other move lets it win.
                let text = format!("{san} rather than {other}: after {other}, {}", f.text);
                return (Some(theme), Filled { text, ..f });
            }
            let f = fill_compared(
                d.book,
                &crit.sentence,
                [&c.node, &o.node],
                orientation,
                mover,
            );
            let text = format!("{san} rather than {other}: {}", f.text);
            (Some(crit.theme), Filled { text, ..f })
        }
        Some((_, Decider::AvoidsRepetition | Decider::PawnStepBreaksRepetition)) => {
            plain(format!("{san}: it does not repeat a position."))
        }
        _ => strongest_reason(pos, orientation, d, san, mover),
    }
}

/// Where the rules, asked on the board with the colours swapped, prove
/// that Black (the side not playing for the win) wins `after`, a position
/// of a book where either side may win: the words of the rule that proves
/// it, in the user's colours.
fn other_sides_win(
    book: &'static Book,
    after: &Chess,
    orientation: Orientation,
) -> Option<(Theme, Filled)> {
    other_sides_rule(book, after, orientation).map(|(_, theme, f)| (theme, f))
}

/// As [`other_sides_win`], with the id of the rule that proves it.
fn other_sides_rule(
    book: &'static Book,
    after: &Chess,
    orientation: Orientation,
) -> Option<(String, Theme, Filled)> {
    let (turned, e) = other_side_wins(book, after, &crate::knowledge::evaluate::level1)?;
    let row = e.book.rules().row(deciding_rule(&e, e.book.rules())?);
    let f = fill(
        e.book,
        &row.sentence,
        &turned,
        orientation.then(Orientation::Flipped),
        None,
    );
    let winner = capitalised(user_colour(Side::Black, orientation));
    let text = format!("{winner} wins. {}", f.text);
    Some((row.id.clone(), row.theme, Filled { text, ..f }))
}

/// Rule `r`'s sentence filled from the position after candidate `c`,
/// after `head` ("Kd4: ").
fn rule_words(
    c: &crate::knowledge::select::Candidate,
    r: RuleId,
    orientation: Orientation,
    mover: Side,
    head: &str,
) -> (Option<Theme>, Filled) {
    let row = c.eval.book.rules().row(r);
    let f = fill(
        c.eval.book,
        &row.sentence,
        &c.node,
        orientation,
        Some(mover),
    );
    let text = format!("{head}{}", lower_first(&f.text));
    (Some(row.theme), Filled { text, ..f })
}

/// A move that no proof and no comparison singles out: the strongest
/// tendency in the mover's favour after it (an averaged rule, a judgement
/// and not a proof), in its own words. A side whose tendencies are all
/// against it picks the move that avoids the worst of them: the strongest
/// that fires after one of the best three and not after its move.
fn strongest_reason(
    pos: &Chess,
    orientation: Orientation,
    d: &Decision,
    san: &str,
    mover: Side,
) -> (Option<Theme>, Filled) {
    let c = d.chosen();
    let table = c.eval.book.rules();
    let favours = |e: &Evaluation| (e.weight > VERDICT_THRESHOLD) == (mover == Side::White);
    if favours(&c.eval) {
        if let Some(&r) = strongest_averaged(&c.eval, table).first() {
            return rule_words(
                c,
                r,
                orientation,
                mover,
                &format!("{san}, probably the best: "),
            );
        }
    } else {
        let avoided = d.best3.iter().filter(|&&k| k != d.chosen).find_map(|&k| {
            let o = Some(&d.moves[k]).filter(|o| !favours(&o.eval))?;
            let r = strongest_averaged(&o.eval, table).into_iter().find(|&r| {
                let pull =
                    (table.row(r).weight - c.eval.weight) * (c.eval.weight - VERDICT_THRESHOLD);
                !c.eval.fired.contains(r) && pull > 0.0
            })?;
            Some((o, r))
        });
        if let Some((o, r)) = avoided {
            let other = user_move_names(pos, o.mv, orientation).0;
            let head = format!("{san}, probably the best: after {other}, ");
            return rule_words(o, r, orientation, mover, &head);
        }
        // The mildest tendency against it after its move.
        if let Some(&r) = strongest_averaged(&c.eval, table).last() {
            return rule_words(
                c,
                r,
                orientation,
                mover,
                &format!("{san}, probably the best: "),
            );
        }
    }
    let text = format!("{san}: no rule speaks for another move.");
    (
        None,
        Filled {
            text,
            squares: Vec::new(),
        },
    )
}

/// A refutation in words: the reply, the line after it, and the sentence
/// of the rule that decides where it ends ("Ke6! and the black king on e6
/// has the opposition ...").
fn refutation_words(
    book: &'static Book,
    after: &Chess,
    reply: Option<Move>,
    proof: &Proof,
    orientation: Orientation,
) -> (Option<Theme>, Filled) {
    let mut at = after.clone();
    let mut sans = Vec::new();
    let mut targets = Vec::new();
    for (k, &m) in reply.iter().chain(&proof.line).enumerate() {
        let (san, uci) = user_move_names(&at, m, orientation);
        sans.push(if k == 0 { format!("{san}!") } else { san });
        targets.push(uci[2..4].to_string());
        at.play_unchecked(m);
    }
    let Some((theme, mut f)) = decided_words(book, &proof.end, orientation) else {
        return (None, Filled::default());
    };
    if !sans.is_empty() {
        f.text = format!("{} and {}", sans.join(" "), lower_first(&f.text));
    }
    add_squares(&mut f, targets);
    (Some(theme), f)
}

/// The move calculation played instead of the selection's proposal, in
/// words: "Kf6: calculation overrules Kg6: Kg6? h3! ... and <why>; Kf6 ...
/// and <why>". `pos` is the position before the move (normalised).
pub fn overruled_words(
    book: &'static Book,
    pos: &Chess,
    o: &Overruled,
    orientation: Orientation,
) -> MoveExplanation {
    let (pos, orientation) = (&o.on_board(pos), o.board.then(orientation));
    let play = |m: Move| {
        let mut p = pos.clone();
        p.play_unchecked(m);
        p
    };
    let (san, uci) = user_move_names(pos, o.instead, orientation);
    let proposed = user_move_names(pos, o.proposed, orientation).0;
    let refuted = o.refutation.as_ref().map(|(reply, proof)| {
        refutation_words(book, &play(o.proposed), *reply, proof, orientation).1
    });
    let refuted_text = refuted
        .as_ref()
        .map_or("", |r| r.text.trim_end_matches('.'));
    let squares = refuted
        .as_ref()
        .map_or_else(Vec::new, |r| r.squares.clone());
    let said = |sentence: String, theme: Option<Theme>| MoveExplanation {
        uci: uci.clone(),
        san: san.clone(),
        theme,
        sentence,
        squares: squares.clone(),
    };
    let kept_proof = match (o.kind, &o.proof) {
        (Overrule::Chances, _) => {
            return said(
                format!(
                    "{san}: calculation prefers it to {proposed}: after {proposed}, {refuted_text}. \
                     {san} keeps the chances: it is proved not to lose, and calculation does not \
                     prove it cannot win."
                ),
                None,
            );
        }
        (_, Some(p)) => p,
        _ => {
            return said(
                format!(
                    "{san}: calculation rules out {proposed}: {proposed}? {refuted_text}. \
                     {san} is the next choice, and calculation finds no such refutation of it."
                ),
                None,
            );
        }
    };
    let (theme, line, kept) = proof_words(book, (&play(o.instead), &san), kept_proof, orientation);
    said(
        match o.kind {
            Overrule::ProvedInstead => {
                let result = match kept_proof.verdict {
                    Verdict::Win => "wins",
                    _ => "holds the draw",
                };
                format!(
                    "{san}: calculation proves it {result}, and does not prove {proposed} does: \
                     {line} and {kept}"
                )
            }
            Overrule::Holds => format!(
                "{san}: calculation proves it holds the draw, and {proposed} is proved not to \
                 win and not proved to hold: {line} and {kept}"
            ),
            _ => format!(
                "{san}: calculation overrules {proposed}: {proposed}? {refuted_text}. \
                 Instead {line} and {kept}"
            ),
        },
        theme,
    )
}

/// A proof in words, from the position `after` the move `san` that starts
/// it: the rule's theme, the line (from `san`), and the sentence of the
/// rule that decides where it ends.
fn proof_words(
    book: &'static Book,
    (after, san): (&Chess, &str),
    proof: &Proof,
    orientation: Orientation,
) -> (Option<Theme>, String, String) {
    let mut at = after.clone();
    let mut sans = vec![san.to_string()];
    for &m in &proof.line {
        sans.push(user_move_names(&at, m, orientation).0);
        at.play_unchecked(m);
    }
    let (theme, kept) = decided_words(book, &proof.end, orientation).unzip();
    let kept = kept.map_or_else(String::new, |f| lower_first(&f.text));
    (theme, sans.join(" "), kept)
}

/// Adds the squares a line's moves go to, each once, after those the
/// sentence names.
fn add_squares(f: &mut Filled, squares: Vec<String>) {
    for s in squares {
        if !f.squares.contains(&s) {
            f.squares.push(s);
        }
    }
}

/// The moves that change the value, each with what it gives away and the
/// rule that proves the position after it, if one does.
fn refuted_moves(
    pos: &Chess,
    orientation: Orientation,
    d: &Decision,
    judge: &Judge,
) -> Result<Vec<MoveExplanation>> {
    let mover = side_to_move(pos);
    let before = (judge.white_wins)(pos)?;
    let what = if mover == Side::White {
        "throws the win away"
    } else {
        "loses"
    };
    let mut out = Vec::new();
    for (i, c) in d.moves.iter().enumerate() {
        let after = (judge.white_wins)(&c.after)?;
        if after == before {
            continue;
        }
        let (san, uci) = user_move_names(pos, c.mv, orientation);
        let (book, table) = (c.eval.book, c.eval.book.rules());
        let rule = deciding_rule(&c.eval, table)
            .filter(|_| c.eval.deterministic && (c.eval.weight > VERDICT_THRESHOLD) == after);
        let (theme, f) = match rule {
            Some(r) => {
                let row = table.row(r);
                (
                    Some(row.theme),
                    fill(book, &row.sentence, &c.node, orientation, Some(mover)),
                )
            }
            None => match judge.refutations.get(i).and_then(Option::as_ref) {
                Some((reply, proof)) => {
                    refutation_words(d.book, &c.after, *reply, proof, orientation)
                }
                None => (
                    None,
                    Filled {
                        text: format!(
                            "no rule proves it within {} plies of calculation, but {} does.",
                            judge.plies, judge.name
                        ),
                        squares: vec![],
                    },
                ),
            },
        };
        let text = format!("{san}? {what}: {}", lower_first(&f.text));
        out.push(MoveExplanation {
            uci,
            san,
            theme,
            sentence: text,
            squares: f.squares,
        });
    }
    Ok(out)
}
