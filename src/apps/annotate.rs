//! A line annotated for output (`pecp line`): every ply with its move in
//! SAN and UCI, the level-1 evaluation after it, PECP's shortlist and
//! tournament, and, with tables, the value it keeps or loses. Everything is
//! in the user's colours; `report` formats it as text, PGN, JSON or the
//! paper's table.

use serde::Serialize;
use shakmaty::{Chess, Color, Position};

use crate::apps::analysis::{
    EvalReport, PairingReport, RefutationReport, TbReport, pairings, proof_report,
    refutation_report, serialize_color,
};
use crate::board::facts::Node;
use crate::board::position::{self, Kpk, Orientation, fen_of, to_user, user_move_names};
use crate::error::Result;
use crate::judges::tablebase::Tablebases;
use crate::judges::truth::{Truth, keeps_value};
use crate::knowledge::books;
use crate::knowledge::calc::Calculators;
use crate::knowledge::evaluate::{Evaluation, level1};
use crate::knowledge::explain::{MoveExplanation, line_move};
use crate::knowledge::select::decide;
use crate::play::line::{Chooser, Config, Line, Ply, Termination};

/// The result of a line that stops where no book plays, as the tables
/// judge its last position (normalised; `*` without tables).
fn judged_result(
    pos: &shakmaty::Chess,
    tb: Option<&crate::judges::tablebase::Tablebases>,
    orientation: Orientation,
) -> Result<&'static str> {
    let Some(t) = tb else { return Ok("*") };
    let wdl = t.wdl(pos)?;
    if wdl == crate::judges::tablebase::Wdl::Draw {
        return Ok("1/2-1/2");
    }
    // The winner in normalised colours, then in the user's.
    let white_wins = (pos.turn() == Color::White) == (wdl == crate::judges::tablebase::Wdl::Win);
    let user_white_wins = white_wins == (orientation == Orientation::AsGiven);
    Ok(if user_white_wins { "1-0" } else { "0-1" })
}

/// Per-ply facts for line output.
#[derive(Debug, Clone, Serialize)]
pub struct PlyReport {
    /// Ply number, 1-based.
    pub ply: usize,
    /// Move number as in PGN (beyond a fullmove counter of 4,294,967,295
    /// as the line goes on).
    pub move_number: u64,
    /// "white" or "black" (user's orientation): who moved.
    #[serde(serialize_with = "serialize_color")]
    pub side: Color,
    /// UCI.
    pub uci: String,
    /// SAN.
    pub san: String,
    /// FEN after the move.
    pub fen: String,
    /// "pecp", "tablebase" or "script".
    pub chooser: Chooser,
    /// Level-1 evaluation of the position after the move.
    pub evaluation: EvalReport,
    /// Level-1 best three (SAN), when PECP chose.
    pub best3: Vec<String>,
    /// Level-2 pairings, when PECP chose.
    pub tournament: Vec<PairingReport>,
    /// Tablebase value after the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tablebase: Option<TbReport>,
    /// Whether the move keeps the tablebase value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keeps_value: Option<bool>,
    /// Whether it was the only move keeping the value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub only_move: Option<bool>,
    /// Why the move was played, in words.
    pub explanation: MoveExplanation,
    /// The moves of PECP's shortlist that it did not play and that throw
    /// the value away, each with its refutation.
    pub refuted: Vec<RefutedAlternative>,
    /// The paper's table row of the position after the move.
    pub paper_row: Option<String>,
}

/// A move the player considered and did not play, because it throws the
/// value away: the reply that refutes it and the proof that follows.
#[derive(Debug, Clone, Serialize)]
pub struct RefutedAlternative {
    /// The move (SAN).
    pub san: String,
    /// The move (UCI).
    pub uci: String,
    /// Its refutation, or null when none is proved within the plies
    /// calculated.
    pub refutation: Option<RefutationReport>,
}

/// A line ready for any output format.
#[derive(Debug, Clone, Serialize)]
pub struct LineReport {
    /// Start FEN (user's orientation).
    pub start_fen: String,
    /// Start in the paper's notation.
    pub start_paper: String,
    /// Who played the pawn side and the defender: "pecp" or "tablebase".
    pub players: Players,
    /// The plies.
    pub plies: Vec<PlyReport>,
    /// Why the line ended.
    pub termination: &'static str,
    /// PGN result in the user's colours.
    pub result: &'static str,
    /// The paper's table row of the start.
    #[serde(skip)]
    pub start_row: String,
    /// White's player, for the PGN header.
    #[serde(skip)]
    pub white_player: String,
    /// Black's player, for the PGN header.
    #[serde(skip)]
    pub black_player: String,
}

/// The players, in the user's colours.
#[derive(Debug, Clone, Serialize)]
pub struct Players {
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
}

/// How a line's positions are judged: the truth (the tables, whose
/// values the report shows, or the embedded solver), and the plies of
/// calculation that prove each position's verdict and refute the
/// alternatives that throw the value away.
pub struct LineJudges<'t> {
    truth: &'t Truth,
    plies: u8,
    calc: Calculators<'static, fn(&'static crate::knowledge::book::Book, &Node) -> Evaluation>,
}

impl<'t> LineJudges<'t> {
    /// Judges by `truth`, with `plies` plies of calculation.
    pub fn new(truth: &'t Truth, plies: u8) -> LineJudges<'t> {
        let eval: &'static fn(&'static crate::knowledge::book::Book, &Node) -> Evaluation =
            &(level1 as _);
        LineJudges {
            truth,
            plies,
            calc: Calculators::new(eval),
        }
    }
}

/// Builds the report of a line played with `config` (its players and the
/// user's orientation), with the table values when the truth is Syzygy.
///
/// # Errors
/// A tablebase probe error.
pub fn line_report(line: &Line, config: &Config, judges: &mut LineJudges) -> Result<LineReport> {
    let orientation = config.orientation;
    let user_start = to_user(&line.start, orientation);
    let numbering = Numbering {
        first: u64::from(user_start.fullmoves().get()),
        black_first: user_start.turn() == Color::Black,
    };
    let plies = line
        .plies
        .iter()
        .enumerate()
        .map(|(i, p)| ply_report(i + 1, numbering.of(i + 1), p, orientation, judges))
        .collect::<Result<Vec<_>>>()?;
    let tb = judges.truth.tables();
    let pawn_wins = if orientation == Orientation::AsGiven {
        "1-0"
    } else {
        "0-1"
    };
    let last = line.plies.last().map_or(&line.start, |p| &p.after);
    let result = match line.termination {
        t if t.is_win() => pawn_wins,
        Termination::MoveLimit => "*",
        Termination::NoBook => judged_result(last, tb, orientation)?,
        _ => "1/2-1/2",
    };
    let user = to_user(&line.start, orientation);
    let (start_paper, start_row) = match Kpk::from_chess(&line.start) {
        Some(k) => (
            position::paper_of(k, orientation),
            row_in(k, 0, orientation),
        ),
        // A mating ending: the pieces in the paper's style.
        None => (position::paper_any(&user), row_any(&user, 0)),
    };
    // Without tables the embedded exact solver plays the tablebase's part.
    let name = |p: crate::play::line::Player| match (p, tb) {
        (crate::play::line::Player::Tablebase, None) => "exact solver".to_string(),
        _ => p.label(),
    };
    let (pawn, defender) = (name(config.white), name(config.black));
    let (white, black) = match orientation {
        Orientation::AsGiven => (pawn, defender),
        Orientation::Flipped => (defender, pawn),
    };
    Ok(LineReport {
        start_fen: fen_of(&to_user(&line.start, orientation)),
        start_paper,
        players: Players {
            white: white.clone(),
            black: black.clone(),
        },
        plies,
        termination: line.termination.id(),
        result,
        start_row,
        white_player: white,
        black_player: black,
    })
}

/// Move numbers as the PGN standard counts them: from the start's
/// fullmove number, going up after each of Black's moves (in the user's
/// colours).
#[derive(Debug, Clone, Copy)]
struct Numbering {
    first: u64,
    black_first: bool,
}

impl Numbering {
    /// The move number of ply `n` (from 1).
    fn of(self, n: usize) -> u64 {
        let offset = usize::from(self.black_first);
        self.first + ((n - 1 + offset) / 2) as u64
    }
}

/// Ply `n` (from 1) of a line, numbered `move_number`, in the user's
/// colours.
fn ply_report(
    n: usize,
    move_number: u64,
    p: &Ply,
    orientation: Orientation,
    judges: &mut LineJudges,
) -> Result<PlyReport> {
    let tb = judges.truth.tables();
    let (san, uci) = user_move_names(&p.before, p.mv, orientation);
    let user_before = to_user(&p.before, orientation);
    let (tablebase, keeps_value, only_move) = match tb {
        Some(t) => {
            let (after, keeps, only) = table_facts(t, p)?;
            (Some(after), Some(keeps), Some(only))
        }
        None => (None, None, None),
    };
    let (best3, tournament) = match &p.decision {
        Some(d) => {
            let names: Vec<(String, String)> = d
                .moves
                .iter()
                .map(|c| user_move_names(&p.before, c.mv, orientation))
                .collect();
            (
                d.best3.iter().map(|&i| names[i].0.clone()).collect(),
                pairings(d, |i| names[i].0.clone()),
            )
        }
        None => (Vec::new(), Vec::new()),
    };
    let explanation = match p.chooser {
        Chooser::Mater => mater_explanation(p, orientation, &san, &uci),
        Chooser::Calculation => match (&p.overruled, &p.decision) {
            (Some(o), Some(d)) => {
                crate::knowledge::explain::overruled_words(d.book, &p.before, o, orientation)
            }
            _ => line_move(&p.before, orientation, p.mv, p.decision.as_ref(), &p.eval),
        },
        _ => line_move(&p.before, orientation, p.mv, p.decision.as_ref(), &p.eval),
    };
    Ok(PlyReport {
        ply: n,
        move_number,
        side: user_before.turn(),
        uci,
        san,
        fen: fen_of(&to_user(&p.after, orientation)),
        chooser: p.chooser,
        evaluation: evaluation(p, orientation, judges),
        refuted: refuted(p, orientation, judges)?,
        best3,
        tournament,
        tablebase,
        keeps_value,
        only_move,
        explanation,
        paper_row: Some(match Kpk::from_chess(&p.after) {
            Some(k) => row_in(k, n, orientation),
            None => row_any(&to_user(&p.after, orientation), n),
        }),
    })
}

/// The evaluation of the position after the move, its verdict proved as
/// `analyse` proves it (by a rule, one move ahead or by calculation).
fn evaluation(p: &Ply, o: Orientation, judges: &mut LineJudges) -> EvalReport {
    let prefer = |q: &Chess| decide(q, &level1).map(|d| d.chosen().mv);
    let (j, proof) = judges.calc.judge(&p.after, judges.plies, &prefer);
    let book = books::of(&Node::from_chess(&p.after));
    EvalReport {
        verdict: j.verdict.word(),
        proved_by: j.proved_by,
        proof: proof.map(|pr| proof_report(&p.after, &pr, book, o)),
        ..EvalReport::new(&p.eval)
    }
}

/// The moves of PECP's shortlist it did not play that throw the value
/// away (by the truth), each refuted by calculation.
fn refuted(p: &Ply, o: Orientation, judges: &mut LineJudges) -> Result<Vec<RefutedAlternative>> {
    let Some(d) = &p.decision else {
        return Ok(Vec::new());
    };
    let prefer = |q: &Chess| decide(q, &level1).map(|d| d.chosen().mv);
    let mut out = Vec::new();
    for &i in d.best3.iter().filter(|&&i| i != d.chosen) {
        let c = &d.moves[i];
        if keeps_value(judges.truth, &p.before, c.mv)? {
            continue;
        }
        let (san, uci) = user_move_names(&p.before, c.mv, o);
        let refutation = match judges.plies {
            0 => None,
            n => judges.calc.of(&p.before).refute(&c.after, n, &prefer),
        };
        out.push(RefutedAlternative {
            san,
            uci,
            refutation: refutation.map(|r| refutation_report(&c.after, &r, d.book, o)),
        });
    }
    Ok(out)
}

/// Why MATER's move was played: the forced mate it found, in the user's
/// colours.
fn mater_explanation(p: &Ply, orientation: Orientation, san: &str, uci: &str) -> MoveExplanation {
    let found = crate::play::mater::find(
        &to_user(&p.before, orientation),
        10,
        crate::play::mater::Mode::Threats,
        crate::play::mater::MATER_NODES,
    );
    // The line MATER finds now may begin with another mating move than
    // the one played: it is named only when it begins with this one.
    let sentence = match found.mate_in {
        Some(n) if found.moves.first() == Some(&san.to_string()) => format!(
            "{san}: MATER finds a forced mate in {n} by checks and threats of mate: {}.",
            found.moves.join(" ")
        ),
        Some(n) => {
            format!("{san}: MATER finds a forced mate in {n} by checks and threats of mate.")
        }
        None => format!("{san}: MATER's forced mate."),
    };
    MoveExplanation {
        uci: uci.to_string(),
        san: san.to_string(),
        theme: Some(crate::knowledge::weights::Theme::MatingNet),
        sentence,
        squares: Vec::new(),
    }
}

/// The table's value after the move, whether the move keeps the value,
/// and whether it is the only move that does.
fn table_facts(t: &Tablebases, p: &Ply) -> Result<(TbReport, bool, bool)> {
    let before = t.value(&p.before)?;
    let after = t.value(&p.after)?;
    let all = t.values_after_moves(&p.before)?;
    let keeping = all
        .iter()
        .filter(|(_, v)| v.pawn_side_wins == before.pawn_side_wins)
        .count();
    let keeps = after.pawn_side_wins == before.pawn_side_wins;
    let only = keeps && keeping == 1 && all.len() > 1;
    Ok((TbReport::new(after), keeps, only))
}

fn row_in(k: Kpk, n: usize, orientation: Orientation) -> String {
    match orientation {
        Orientation::AsGiven => k.paper_row(n),
        Orientation::Flipped => {
            let p = position::paper_of(k, orientation);
            let parts: Vec<&str> = p.split_whitespace().collect();
            format!("[{n}, {}]", parts.join(", "))
        }
    }
}

/// The paper's row for any position (after a promotion or a capture), in
/// the colours given: `[17, wk(5/7), wq(4/8), bk(3/7), black]`.
fn row_any(pos: &Chess, n: usize) -> String {
    format!("[{n}, {}]", position::paper_any(pos).replace(' ', ", "))
}
