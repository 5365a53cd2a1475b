//! The analysis of one position (`pecp analyse`): its level-1 weight and the
//! rules that fired, every legal move with the weight (and, with tables,
//! the value) of the position it leads to, and the two selection levels.
//! Everything is in the user's colours; `report` formats it.

use serde::Serialize;
use shakmaty::{Color, Position};

use crate::board::facts::Node;
use crate::board::position::{self, Input, fen_of, to_user, user_move_names};
use crate::error::Result;
use crate::judges::tablebase::{Tablebases, TbValue};
use crate::knowledge::book::Book;
use crate::knowledge::books;
use crate::knowledge::calc::{Calculator, DEFAULT_PLIES, Overruled, Proof, Refutation};
use crate::knowledge::evaluate::{Evaluation, evaluate, level1};
use crate::knowledge::explain::{Explanation, Judge, decided_by, explain};
use crate::knowledge::proof::{Judgement, ProvedBy, judge};
use crate::knowledge::select::{Decision, decide};
use crate::knowledge::weights::Kind;
use crate::play::selectors::Selector;

/// One fired rule as reported.
#[derive(Debug, Clone, Serialize)]
pub struct FiredRule {
    /// Rule id.
    pub id: String,
    /// Its weight.
    pub weight: f64,
    /// Deterministic or averaged.
    pub kind: Kind,
}

/// An evaluation as reported.
#[derive(Debug, Clone, Serialize)]
pub struct EvalReport {
    /// Level-1 weight, pawn side's view.
    pub weight: f64,
    /// "win", "draw" or "unknown": for the analysed position, the verdict
    /// with its one-ply proof; for the position after a move, level 1's.
    pub verdict: &'static str,
    /// How the verdict is proved: "rule" (a deterministic rule on the
    /// position), "moves" (the positions one move ahead), "calculation"
    /// (a few plies deeper) or null.
    pub proved_by: Option<ProvedBy>,
    /// For the analysed position: the proof's main line to a position a
    /// rule decides, or null when nothing is proved within the plies
    /// calculated. For the position after a move: null.
    pub proof: Option<ProofReport>,
    /// Whether a deterministic rule decided.
    pub deterministic: bool,
    /// True when no rule fired (weight 0.5).
    pub no_rule: bool,
    /// The rules that fired.
    pub rules: Vec<FiredRule>,
}

impl EvalReport {
    /// From an evaluation.
    pub fn new(e: &Evaluation) -> EvalReport {
        let book = e.book.rules();
        EvalReport {
            weight: round4(e.weight),
            verdict: e.verdict().word(),
            proved_by: e.deterministic.then_some(ProvedBy::Rule),
            proof: None,
            deterministic: e.deterministic,
            no_rule: e.no_rule(),
            rules: e
                .fired
                .iter()
                .map(|r| {
                    let row = book.row(r);
                    FiredRule {
                        id: row.id.clone(),
                        weight: row.weight,
                        kind: row.kind,
                    }
                })
                .collect(),
        }
    }
}

pub(crate) fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// A proof by calculation as reported, in the user's colours.
#[derive(Debug, Clone, Serialize)]
pub struct ProofReport {
    /// Plies of calculation: 0 when a rule decides the position itself.
    pub depth: u8,
    /// The main line in SAN, from the position to the one a rule decides.
    pub line: Vec<String>,
    /// The deterministic rule that decides the line's last position.
    pub rule: String,
    /// That rule's sentence, filled from the last position.
    pub sentence: String,
}

/// The refutation of a move that throws the value away, as reported.
#[derive(Debug, Clone, Serialize)]
pub struct RefutationReport {
    /// The opponent's reply (SAN); `None` (null in JSON) when the move
    /// stalemates and the rules of chess refute it at once.
    pub san: Option<String>,
    /// The proof's main line in SAN, from the reply on (empty after a
    /// stalemate).
    pub line: Vec<String>,
    /// Plies of calculation after the reply (0: a rule decides the
    /// position the reply leads to).
    pub depth: u8,
    /// The deterministic rule that decides the line's last position.
    pub rule: String,
    /// That rule's sentence, filled from the last position.
    pub sentence: String,
}

/// A tablebase value as reported.
#[derive(Debug, Clone, Serialize)]
pub struct TbReport {
    /// "win", "draw" or "loss" for the side to move.
    pub wdl: &'static str,
    /// DTZ in plies for the side to move (Syzygy's sign convention).
    pub dtz: i32,
    /// Whether the pawn side wins.
    pub pawn_side_wins: bool,
    /// Whether the pawn side loses (only where the other side has a pawn
    /// too; omitted when false).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub pawn_side_loses: bool,
    /// A win the fifty-move rule takes away: the halfmove clock plus the
    /// plies to the next pawn move or capture (DTZ) pass 100, so the game
    /// is drawn first (Syzygy's "cursed win"). Only for the analysed
    /// position itself, whose clock is known.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub fifty_move_draw: bool,
}

impl TbReport {
    /// The report of the analysed position, whose halfmove clock is known.
    pub fn with_clock(v: TbValue, halfmoves: u32) -> TbReport {
        let decided = v.wdl_stm != crate::judges::tablebase::Wdl::Draw;
        TbReport {
            fifty_move_draw: decided
                && u64::from(halfmoves) + u64::from(v.dtz_stm.unsigned_abs()) > 100,
            ..TbReport::new(v)
        }
    }

    /// From a probed value.
    pub fn new(v: TbValue) -> TbReport {
        TbReport {
            wdl: v.wdl_word(),
            dtz: v.dtz_stm,
            pawn_side_wins: v.pawn_side_wins,
            pawn_side_loses: v.pawn_side_loses,
            fifty_move_draw: false,
        }
    }

    /// The pawn side's result: "win", "draw" or "loss".
    pub fn pawn_side_word(&self) -> &'static str {
        match (self.pawn_side_wins, self.pawn_side_loses) {
            (true, _) => "win",
            (false, true) => "loss",
            (false, false) => "draw",
        }
    }
}

/// The embedded exact solver's value, where no tables were found: win or
/// draw (no distance).
#[derive(Debug, Clone, Copy, Serialize)]
pub struct SolverReport {
    /// Whether the pawn side wins.
    pub pawn_side_wins: bool,
}

/// One legal move in an analysis.
#[derive(Debug, Clone, Serialize)]
pub struct MoveReport {
    /// UCI, user's orientation.
    pub uci: String,
    /// SAN, user's orientation.
    pub san: String,
    /// Level-1 evaluation of the position after the move.
    pub evaluation: EvalReport,
    /// Tablebase value of the position after the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tablebase: Option<TbReport>,
    /// The exact solver's value after the move, without tables.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solver: Option<SolverReport>,
    /// Whether the move keeps the value (by the tables, else the solver)
    /// for the side that makes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keeps_value: Option<bool>,
    /// Whether the level-1 verdict disagrees with the tables (or the solver).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disagrees: Option<bool>,
    /// For a move that throws the value away: the reply that refutes it
    /// and the proof that follows, or null when none is found within the
    /// plies calculated, or the move keeps the value.
    pub refutation: Option<RefutationReport>,
}

/// A level-2 pairing as reported.
#[derive(Debug, Clone, Serialize)]
pub struct PairingReport {
    /// First candidate (UCI).
    pub a: String,
    /// Second candidate (UCI).
    pub b: String,
    /// The preferred one (UCI).
    pub winner: String,
    /// The deciding criterion, or "level1_order" for the fallback.
    pub criterion: String,
}

/// `pecp analyse` for one position.
#[derive(Debug, Clone, Serialize)]
pub struct Analysis {
    /// FEN, user's orientation.
    pub fen: String,
    /// The paper's notation, user's orientation.
    pub paper: String,
    /// The side to move, user's orientation ("white" or "black" in JSON).
    #[serde(serialize_with = "serialize_color")]
    pub side_to_move: Color,
    /// The side the weights, the verdicts and the tables' column speak
    /// for, user's orientation: the pawn side (in KPKP, the side playing
    /// for the win). Where it is Black, the rules judged the board with the
    /// colours swapped, and the colours in their names are swapped too.
    #[serde(serialize_with = "serialize_color")]
    pub pawn_side: Color,
    /// The position's own level-1 evaluation.
    pub evaluation: EvalReport,
    /// Tablebase value of the position itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tablebase: Option<TbReport>,
    /// The exact solver's value of the position, without tables.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solver: Option<SolverReport>,
    /// Every legal move.
    pub moves: Vec<MoveReport>,
    /// Level-1 best three (UCI), and in the books that let them into
    /// level 2, the moves tied with the third.
    pub best3: Vec<String>,
    /// Level-2 pairings.
    pub tournament: Vec<PairingReport>,
    /// The chosen move (UCI).
    pub chosen: Option<String>,
    /// The chosen move (SAN).
    pub chosen_san: Option<String>,
    /// The verdict and the moves in words.
    pub explanation: Explanation,
    /// Where calculation overrules the selection (the pawn endings beyond
    /// KPK): it proved the proposed move throws the result away and the
    /// chosen one keeps it. Null otherwise.
    pub overruled: Option<OverruledReport>,
    /// Another selector's choice, when one was asked for (`--selector`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selector: Option<SelectorChoice>,
}

/// The selection's move that calculation overruled, and what it proved.
#[derive(Debug, Clone, Serialize)]
pub struct OverruledReport {
    /// What calculation saw: `proved` (the proposal throws the result
    /// away, the move played keeps it), `proved_instead` (the proposal is
    /// not proved to reach the mover's best result, the move played is),
    /// `ruled_out` (the proposal loses, the move played is not proved to),
    /// `chances` (the proposal does not win, the move played does not lose
    /// and may win).
    pub kind: &'static str,
    /// The move the selection proposed (SAN).
    pub proposed: String,
    /// Its refutation: the reply and the proof after it; null where
    /// `kind` is `proved_instead`.
    pub refutation: Option<RefutationReport>,
    /// The move played instead (SAN).
    pub played: String,
    /// The proof that it keeps the result, from the position after it;
    /// null unless `kind` is `proved`.
    pub proof: Option<ProofReport>,
}

/// A move's names.
#[derive(Debug, Clone, Serialize)]
pub struct MoveName {
    /// UCI.
    pub uci: String,
    /// SAN.
    pub san: String,
}

/// What another selector chose.
#[derive(Debug, Clone, Serialize)]
pub struct SelectorChoice {
    /// "soma" or "alphabeta-4".
    pub selector: String,
    /// Its move.
    pub chosen: Option<MoveName>,
}

fn verdict_disagrees(e: &Evaluation, pawn_side_wins: bool) -> bool {
    match e.verdict() {
        crate::knowledge::evaluate::Verdict::Win => !pawn_side_wins,
        crate::knowledge::evaluate::Verdict::Draw => pawn_side_wins,
        crate::knowledge::evaluate::Verdict::Unknown => false,
    }
}

/// The level-2 pairings with each move named by `name` (SAN or UCI).
pub(crate) fn pairings(d: &Decision, name: impl Fn(usize) -> String) -> Vec<PairingReport> {
    d.tournament
        .iter()
        .map(|p| PairingReport {
            a: name(p.a),
            b: name(p.b),
            winner: name(p.winner),
            criterion: p.decider.id().to_string(),
        })
        .collect()
}

/// The exact solver's value of `p`, when there are no tables.
fn solver_report(p: &shakmaty::Chess, tb: Option<&Tablebases>) -> Option<SolverReport> {
    let knows = p.board().occupied().count() <= 3;
    (tb.is_none() && knows).then(|| SolverReport {
        pawn_side_wins: crate::judges::truth::embedded_white_wins(p),
    })
}

/// Each move's (SAN, UCI) names in the user's colours.
type MoveNames = Vec<(String, String)>;

/// Every move's report, and its names.
fn move_reports(
    pos: &shakmaty::Chess,
    d: &Decision,
    orientation: position::Orientation,
    tb: Option<&Tablebases>,
    own_tb: Option<TbValue>,
) -> Result<(Vec<MoveReport>, MoveNames)> {
    let own_wins = own_tb
        .map(|v| v.pawn_side_wins)
        .or(solver_report(pos, tb).map(|s| s.pawn_side_wins));
    let mut moves = Vec::new();
    let mut names = Vec::new();
    for c in &d.moves {
        let (san, uci) = user_move_names(pos, c.mv, orientation);
        names.push((san.clone(), uci.clone()));
        let v = match tb {
            Some(t) => Some(t.value(&c.after)?),
            None => None,
        };
        let after_solver = solver_report(&c.after, tb);
        let after_wins = v
            .map(|v| v.pawn_side_wins)
            .or(after_solver.map(|s| s.pawn_side_wins));
        moves.push(MoveReport {
            uci,
            san,
            evaluation: EvalReport::new(&c.eval),
            tablebase: v.map(TbReport::new),
            solver: after_solver,
            keeps_value: match (own_tb, v) {
                // The tables: the value for the mover, a loss included.
                (Some(o), Some(a)) => Some(o.wdl_stm == a.wdl_stm.other_side()),
                _ => own_wins.zip(after_wins).map(|(o, a)| o == a),
            },
            disagrees: after_wins.map(|w| verdict_disagrees(&c.eval, w)),
            refutation: None,
        });
    }
    Ok((moves, names))
}

/// The position's verdict with its one-ply proof, PECP's choice tried
/// first as the proving move.
fn judgement_of(pos: &shakmaty::Chess, own: &Evaluation, decision: Option<&Decision>) -> Judgement {
    let moves: Vec<(shakmaty::Move, Evaluation)> = decision
        .map(|d| d.moves.iter().map(|c| (c.mv, c.eval)).collect())
        .unwrap_or_default();
    let mover = match pos.turn() {
        Color::White => crate::board::geometry::Side::White,
        Color::Black => crate::board::geometry::Side::Black,
    };
    judge(mover, own, &moves, decision.map(|d| d.chosen().mv))
}

/// The explanation, the moves that change the value told by the tables or
/// else the exact solver.
fn explain_with(
    pos: &shakmaty::Chess,
    orientation: position::Orientation,
    own: &Evaluation,
    judgement: &Judgement,
    decision: Option<&Decision>,
    tb: Option<&Tablebases>,
    (calculated, plies): (&Calculated, u8),
) -> Result<Explanation> {
    let white_wins = |p: &shakmaty::Chess| -> Result<bool> {
        match tb {
            Some(t) => Ok(t.value(p)?.pawn_side_wins),
            None => Ok(crate::judges::truth::embedded_white_wins(p)),
        }
    };
    let name = if tb.is_some() {
        "the tablebase"
    } else {
        "the exact solver"
    };
    let judge = Judge {
        name,
        white_wins: &white_wins,
        refutations: &calculated.refutations,
        plies,
        proof: calculated.proof.as_ref(),
    };
    explain(pos, orientation, own, judgement, decision, &judge)
}

/// SAN of `line` played from `start`, in the user's colours.
fn san_line(
    start: &shakmaty::Chess,
    line: &[shakmaty::Move],
    o: position::Orientation,
) -> Vec<String> {
    let mut at = start.clone();
    line.iter()
        .map(|&m| {
            let san = user_move_names(&at, m, o).0;
            at.play_unchecked(m);
            san
        })
        .collect()
}

/// The deterministic rule that decides `end`, and its sentence filled
/// from it.
fn deciding(
    end: &shakmaty::Chess,
    book: &'static Book,
    o: position::Orientation,
) -> (String, String) {
    let (id, _, words) = decided_by(book, end, o).expect("a proof ends where a rule decides");
    (id, words.text)
}

/// What calculation finds: the proof of the position's verdict, and per
/// move of the decision the refutation (reply and proof) of a move that
/// throws the value away.
struct Calculated {
    proof: Option<Proof>,
    refutations: Vec<Option<Refutation>>,
    /// Where calculation overrules the selection's move (the pawn endings
    /// beyond KPK): what it proved.
    overruled: Option<Overruled>,
}

/// Calculates up to `plies` plies from `pos`, PECP's choice the preferred
/// move on every line; refutations only for the moves `moves` says throw
/// the value away.
fn calculate(
    pos: &shakmaty::Chess,
    decision: Option<&Decision>,
    moves: &[MoveReport],
    plies: u8,
) -> Calculated {
    let book = books::of(&Node::from_chess(pos));
    let mut calc = Calculator::new(&level1, book);
    let prefer = |p: &shakmaty::Chess| decide(p, &level1).map(|d| d.chosen().mv);
    let refutations = match decision {
        Some(d) => d
            .moves
            .iter()
            .zip(moves)
            .map(|(c, report)| {
                (report.keeps_value == Some(false))
                    .then(|| calc.refute(&c.after, plies, &prefer))
                    .flatten()
            })
            .collect(),
        None => Vec::new(),
    };
    let overruled = decision
        .filter(|d| plies > 0 && books::checked_by_calculation(d.book))
        .and_then(|d| {
            let order = d.ranked(pos.turn() == shakmaty::Color::White);
            calc.overrule(pos, d.chosen().mv, &order, plies, &prefer)
        });
    // The verdict's line starts with the move played: the one calculation
    // plays instead, where it overrules the selection.
    let played = overruled.as_ref().map(Overruled::played);
    let prefer_played = |p: &shakmaty::Chess| match played {
        Some(m) if p == pos => Some(m),
        _ => prefer(p),
    };
    Calculated {
        proof: calc.prove(pos, plies, &prefer_played),
        refutations,
        overruled,
    }
}

/// A proof as reported, from `start`.
pub(crate) fn proof_report(
    start: &shakmaty::Chess,
    proof: &Proof,
    book: &'static Book,
    o: position::Orientation,
) -> ProofReport {
    let (rule, sentence) = deciding(&proof.end, book, o);
    ProofReport {
        depth: proof.depth,
        line: san_line(start, &proof.line, o),
        rule,
        sentence,
    }
}

/// A refutation as reported: `reply` played in `after`, then `proof`.
pub(crate) fn refutation_report(
    after: &shakmaty::Chess,
    (reply, proof): &Refutation,
    book: &'static Book,
    o: position::Orientation,
) -> RefutationReport {
    let mut line: Vec<shakmaty::Move> = reply.iter().copied().collect();
    line.extend(&proof.line);
    let (rule, sentence) = deciding(&proof.end, book, o);
    let line = san_line(after, &line, o);
    RefutationReport {
        san: reply.and(line.first().cloned()),
        line,
        depth: proof.depth,
        rule,
        sentence,
    }
}

/// Analyses a position with [`DEFAULT_PLIES`] of calculation.
///
/// # Errors
/// A tablebase probe error.
pub fn analyse(input: &Input, tb: Option<&Tablebases>) -> Result<Analysis> {
    analyse_with(input, tb, DEFAULT_PLIES)
}

/// Analyses a position: its weight, every move, the two selection levels,
/// the proof of its verdict by up to `plies` plies of calculation and the
/// refutation of every move that throws the value away.
///
/// # Errors
/// A tablebase probe error.
pub fn analyse_with(input: &Input, tb: Option<&Tablebases>, plies: u8) -> Result<Analysis> {
    let pos = input
        .kpk
        .to_chess_with_counters(input.halfmoves, input.fullmoves);
    analyse_position(&pos, input.orientation, tb, plies)
}

/// A position of a game, in the user's colours, as pecp plays it: KPK, or
/// a pawn ending of four pieces (a pawn each: oriented for the side that
/// plays for the win), normalised, with the orientation that shows it.
/// `None` for any other material.
pub fn playable_of(pos: &shakmaty::Chess) -> Option<(shakmaty::Chess, position::Orientation)> {
    if let Ok(input) = Input::parse(&fen_of(pos)) {
        let norm = input
            .kpk
            .to_chess_with_counters(input.halfmoves, input.fullmoves);
        return Some((norm, input.orientation));
    }
    crate::board::pawns::playable_pawn_ending(pos, &crate::knowledge::select::for_the_win)
}

/// [`analyse_position`] of a game's position in the user's colours, where
/// pecp plays it ([`playable_of`]), judged by `tb` where its files judge
/// the position (a pawn ending without its 4-piece files: the rules
/// alone). Also the normalised position and its orientation.
///
/// # Errors
/// A tablebase probe error.
pub fn analyse_played(
    pos: &shakmaty::Chess,
    tb: Option<&Tablebases>,
    plies: u8,
) -> Option<Result<(Analysis, shakmaty::Chess, position::Orientation)>> {
    let (norm, o) = playable_of(pos)?;
    let tb = tb.filter(|t| t.judges(&norm));
    Some(analyse_position(&norm, o, tb, plies).map(|a| (a, norm, o)))
}

/// [`analyse_with`] for any position pecp plays, normalised (White has
/// the pawn, or the queen or rook of a mating ending), shown in
/// `orientation`.
///
/// # Errors
/// A tablebase probe error.
pub fn analyse_position(
    pos: &shakmaty::Chess,
    orientation: position::Orientation,
    tb: Option<&Tablebases>,
    plies: u8,
) -> Result<Analysis> {
    let pos = pos.clone();
    let own = evaluate(&Node::from_chess(&pos));
    let decision = crate::knowledge::select::decide(&pos, &level1);
    let user = to_user(&pos, orientation);
    let own_tb = match tb {
        Some(t) => Some(t.value(&pos)?),
        None => None,
    };
    let (mut moves, names) = match &decision {
        Some(d) => move_reports(&pos, d, orientation, tb, own_tb)?,
        None => (Vec::new(), Vec::new()),
    };
    let mut judgement = judgement_of(&pos, &own, decision.as_ref());
    let calculated = calculate(&pos, decision.as_ref(), &moves, plies);
    if let (None, Some(p)) = (judgement.proved_by, &calculated.proof) {
        judgement.verdict = p.verdict;
        judgement.proved_by = Some(ProvedBy::Calculation);
    }
    if let Some(d) = &decision {
        attach_refutations(d, &calculated, &mut moves, orientation);
    }
    let calc = (&calculated, plies);
    let mut explanation = explain_with(
        &pos,
        orientation,
        &own,
        &judgement,
        decision.as_ref(),
        tb,
        calc,
    )?;
    let proof = calculated
        .proof
        .as_ref()
        .map(|p| proof_report(&pos, p, books::of(&Node::from_chess(&pos)), orientation));
    let own_report = own_tb.map(|v| TbReport::with_clock(v, pos.halfmoves()));
    if own_report.as_ref().is_some_and(|t| t.fifty_move_draw) {
        explanation.sentence.push_str(
            " But the win does not fit in the fifty-move rule: with this halfmove clock the game is drawn first.",
        );
    }
    let (best3, tournament, chosen, chosen_san) =
        selection_names(decision.as_ref(), &names, calculated.overruled.as_ref());
    let overruled = match (&decision, &calculated.overruled) {
        (Some(d), Some(o)) => Some(overrule(&pos, o, d.book, orientation, &mut explanation)),
        _ => None,
    };
    Ok(Analysis {
        fen: fen_of(&user),
        paper: paper_of(&pos, &user, orientation),
        side_to_move: user.turn(),
        pawn_side: match orientation {
            position::Orientation::AsGiven => Color::White,
            position::Orientation::Flipped => Color::Black,
        },
        evaluation: EvalReport {
            verdict: judgement.verdict.word(),
            proved_by: judgement.proved_by,
            proof,
            ..EvalReport::new(&own)
        },
        tablebase: own_report,
        solver: solver_report(&pos, tb),
        moves,
        best3,
        tournament,
        chosen,
        chosen_san,
        explanation,
        overruled,
        selector: None,
    })
}

/// The best three, the pairings and the move played (UCI and SAN), by
/// the moves' `names` (SAN, UCI): the selection's choice, or the move
/// calculation played instead.
type SelectionNames = (
    Vec<String>,
    Vec<PairingReport>,
    Option<String>,
    Option<String>,
);

fn selection_names(
    decision: Option<&Decision>,
    names: &[(String, String)],
    overruled: Option<&Overruled>,
) -> SelectionNames {
    let Some(d) = decision else {
        return (Vec::new(), Vec::new(), None, None);
    };
    let played = overruled
        .and_then(|o| d.moves.iter().position(|c| c.mv == o.played()))
        .unwrap_or(d.chosen);
    (
        d.best3.iter().map(|&i| names[i].1.clone()).collect(),
        pairings(d, |i| names[i].1.clone()),
        Some(names[played].1.clone()),
        Some(names[played].0.clone()),
    )
}

/// What calculation proved where it overrules the selection, as reported,
/// and the chosen move's words in `explanation` changed to say so.
fn overrule(
    pos: &shakmaty::Chess,
    o: &Overruled,
    book: &'static Book,
    orientation: position::Orientation,
    explanation: &mut Explanation,
) -> OverruledReport {
    if let Some(first) = explanation.moves.first_mut() {
        *first = crate::knowledge::explain::overruled_words(book, pos, o, orientation);
    }
    let (pos, orientation) = (&o.on_board(pos), o.board.then(orientation));
    let play = |m: shakmaty::Move| {
        let mut p = pos.clone();
        p.play_unchecked(m);
        p
    };
    OverruledReport {
        kind: o.kind.name(),
        proposed: user_move_names(pos, o.proposed, orientation).0,
        refutation: o
            .refutation
            .as_ref()
            .map(|r| refutation_report(&play(o.proposed), r, book, orientation)),
        played: user_move_names(pos, o.instead, orientation).0,
        proof: o
            .proof
            .as_ref()
            .map(|p| proof_report(&play(o.instead), p, book, orientation)),
    }
}

/// Each move's refutation as reported, where calculation found one.
fn attach_refutations(
    d: &Decision,
    calculated: &Calculated,
    moves: &mut [MoveReport],
    orientation: position::Orientation,
) {
    for ((c, r), report) in d.moves.iter().zip(&calculated.refutations).zip(moves) {
        report.refutation = r
            .as_ref()
            .map(|r| refutation_report(&c.after, r, d.book, orientation));
    }
}

/// The paper's notation of `pos` (normalised; `user` in the user's
/// colours): KPK as the paper writes it, a mating ending piece by piece.
fn paper_of(pos: &shakmaty::Chess, user: &shakmaty::Chess, o: position::Orientation) -> String {
    match crate::board::position::Kpk::from_chess(pos) {
        Some(kpk) => position::paper_of(kpk, o),
        None => position::paper_any(user),
    }
}

/// What another selector (SOMA, alpha-beta) would play in the position.
/// `pos` is normalised and shown in `orientation`.
pub fn other_selector(
    pos: &shakmaty::Chess,
    orientation: position::Orientation,
    selector: Selector,
) -> SelectorChoice {
    SelectorChoice {
        selector: selector.label(),
        chosen: selector.choose(pos, &level1).map(|m| {
            let (san, uci) = user_move_names(pos, m, orientation);
            MoveName { uci, san }
        }),
    }
}

/// A colour as the JSON output names it: "white" or "black".
pub(crate) fn serialize_color<S: serde::Serializer>(
    c: &Color,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(position::color_name(*c))
}
