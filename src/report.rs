//! Output: what `analyse` and `line` print, as text, JSON, PGN or the
//! paper's table. Everything is translated to the user's orientation here.

use serde::Serialize;
use shakmaty::{Chess, Color, Position};

use crate::error::Result;
use crate::evaluate::{Evaluation, evaluate};
use crate::facts::Node;
use crate::line::{Chooser, Line, Termination};
use crate::position::{self, Kpk, Orientation, fen_of, to_user, user_move_names};
use crate::select::Decision;
use crate::tablebase::{Tablebases, TbValue};
use crate::weights::RuleBook;

/// One fired rule as reported.
#[derive(Debug, Clone, Serialize)]
pub struct FiredRule {
    /// Rule id.
    pub id: String,
    /// Its weight.
    pub weight: f64,
    /// "deterministic" or "averaged".
    pub kind: &'static str,
}

/// An evaluation as reported.
#[derive(Debug, Clone, Serialize)]
pub struct EvalReport {
    /// Level-1 weight, pawn side's view.
    pub weight: f64,
    /// "win", "draw" or "unknown".
    pub verdict: &'static str,
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
        let book = RuleBook::builtin();
        EvalReport {
            weight: round4(e.weight),
            verdict: e.verdict().word(),
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
                        kind: row.kind.word(),
                    }
                })
                .collect(),
        }
    }

    /// "id (0.95, det)" list for one-line displays.
    pub fn rules_short(&self) -> String {
        if self.rules.is_empty() {
            return "no rule".into();
        }
        self.rules
            .iter()
            .map(|r| {
                if r.kind == "deterministic" {
                    format!("{}*", r.id)
                } else {
                    r.id.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
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
}

impl TbReport {
    fn new(v: TbValue) -> TbReport {
        TbReport {
            wdl: v.wdl_word(),
            dtz: v.dtz_stm,
            pawn_side_wins: v.pawn_side_wins,
        }
    }
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
    /// Whether the move keeps the tablebase value for the side that makes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keeps_value: Option<bool>,
    /// Whether the level-1 verdict disagrees with the tablebase.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disagrees: Option<bool>,
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
    /// "white" or "black", user's orientation.
    pub side_to_move: &'static str,
    /// The position's own level-1 evaluation.
    pub evaluation: EvalReport,
    /// Tablebase value of the position itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tablebase: Option<TbReport>,
    /// Every legal move.
    pub moves: Vec<MoveReport>,
    /// Level-1 best three (UCI).
    pub best3: Vec<String>,
    /// Level-2 pairings.
    pub tournament: Vec<PairingReport>,
    /// The chosen move (UCI).
    pub chosen: Option<String>,
    /// The chosen move (SAN).
    pub chosen_san: Option<String>,
    /// Another selector's choice, when one was asked for (`--selector`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selector: Option<SelectorChoice>,
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
        crate::evaluate::Verdict::Win => !pawn_side_wins,
        crate::evaluate::Verdict::Draw => pawn_side_wins,
        crate::evaluate::Verdict::Unknown => false,
    }
}

/// The level-2 pairings with each move named by `name` (SAN or UCI).
fn pairings(d: &Decision, name: impl Fn(usize) -> String) -> Vec<PairingReport> {
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

/// Analyses a position: its weight, every move, the two selection levels.
///
/// # Errors
/// A tablebase probe error.
pub fn analyse(
    kpk: Kpk,
    orientation: Orientation,
    halfmoves: u32,
    fullmoves: u32,
    tb: Option<&Tablebases>,
) -> Result<Analysis> {
    let pos = kpk.to_chess_with_counters(halfmoves, fullmoves);
    let own = evaluate(&Node::from_kpk(kpk));
    let decision = crate::select::decide(&pos, &evaluate);
    let user = to_user(&pos, orientation);
    let mut moves = Vec::new();
    let mut names = Vec::new();
    let own_tb = match tb {
        Some(t) => Some(t.value(&pos)?),
        None => None,
    };
    if let Some(d) = &decision {
        for c in &d.moves {
            let (san, uci) = user_move_names(&pos, c.mv, orientation);
            names.push((san.clone(), uci.clone()));
            let v = match tb {
                Some(t) => Some(t.value(&c.after)?),
                None => None,
            };
            let keeps = match (own_tb, v) {
                (Some(o), Some(a)) => Some(o.pawn_side_wins == a.pawn_side_wins),
                _ => None,
            };
            moves.push(MoveReport {
                uci,
                san,
                evaluation: EvalReport::new(&c.eval),
                tablebase: v.map(TbReport::new),
                keeps_value: keeps,
                disagrees: v.map(|v| verdict_disagrees(&c.eval, v.pawn_side_wins)),
            });
        }
    }
    let (best3, tournament, chosen, chosen_san) = match &decision {
        Some(d) => (
            d.best3.iter().map(|&i| names[i].1.clone()).collect(),
            pairings(d, |i| names[i].1.clone()),
            Some(names[d.chosen].1.clone()),
            Some(names[d.chosen].0.clone()),
        ),
        None => (Vec::new(), Vec::new(), None, None),
    };
    Ok(Analysis {
        fen: fen_of(&user),
        paper: position::paper_of(kpk, orientation),
        side_to_move: position::color_name(user.turn()),
        evaluation: EvalReport::new(&own),
        tablebase: own_tb.map(TbReport::new),
        moves,
        best3,
        tournament,
        chosen,
        chosen_san,
        selector: None,
    })
}

impl Analysis {
    /// The human-readable report (board drawn by the caller).
    pub fn text(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!("fen:          {}\n", self.fen));
        s.push_str(&format!("paper:        {}\n", self.paper));
        s.push_str(&format!("side to move: {}\n", self.side_to_move));
        let e = &self.evaluation;
        s.push_str(&format!(
            "weight:       {:.2} ({}{})",
            e.weight,
            e.verdict,
            if e.deterministic {
                ", deterministic"
            } else if e.no_rule {
                ", no rule"
            } else {
                ", averaged"
            }
        ));
        if let Some(t) = &self.tablebase {
            s.push_str(&format!(
                "   tablebase: {} for the side to move, DTZ {}",
                t.wdl, t.dtz
            ));
        }
        s.push('\n');
        for r in &e.rules {
            s.push_str(&format!("  {:<32} {:.2}  {}\n", r.id, r.weight, r.kind));
        }
        s.push_str("\nmoves (weight of the position after the move, pawn side's view; * = deterministic):\n");
        for m in &self.moves {
            let tb = match &m.tablebase {
                Some(t) => format!(
                    "  TB {} DTZ {:>4}{}{}",
                    if t.pawn_side_wins { "win " } else { "draw" },
                    t.dtz,
                    if m.keeps_value == Some(false) {
                        "  loses value"
                    } else {
                        ""
                    },
                    if m.disagrees == Some(true) {
                        "  DISAGREES"
                    } else {
                        ""
                    }
                ),
                None => String::new(),
            };
            s.push_str(&format!(
                "  {:<7} {:.2} {:<8}{}  {}\n",
                m.san,
                m.evaluation.weight,
                m.evaluation.verdict,
                tb,
                m.evaluation.rules_short()
            ));
        }
        let san_of = |uci: &str| {
            self.moves
                .iter()
                .find(|m| m.uci == uci)
                .map_or(uci.to_string(), |m| m.san.clone())
        };
        s.push_str(&format!(
            "\nlevel 1, best three: {}\n",
            self.best3
                .iter()
                .map(|u| san_of(u))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        for p in &self.tournament {
            s.push_str(&format!(
                "level 2: {} vs {} -> {} ({})\n",
                san_of(&p.a),
                san_of(&p.b),
                san_of(&p.winner),
                p.criterion
            ));
        }
        match &self.chosen_san {
            Some(c) => s.push_str(&format!("chosen: {c}\n")),
            None => s.push_str("no legal move\n"),
        }
        if let Some(sel) = &self.selector {
            let m = sel.chosen.as_ref().map_or("none", |m| m.san.as_str());
            s.push_str(&format!("{} chooses: {m}\n", sel.selector));
        }
        s
    }
}

/// Per-ply facts for line output.
#[derive(Debug, Clone, Serialize)]
pub struct PlyReport {
    /// Ply number, 1-based.
    pub ply: usize,
    /// Move number as in PGN.
    pub move_number: u32,
    /// "white" or "black" (user's orientation): who moved.
    pub side: &'static str,
    /// UCI.
    pub uci: String,
    /// SAN.
    pub san: String,
    /// FEN after the move.
    pub fen: String,
    /// "pecp", "tablebase" or "script".
    pub chooser: &'static str,
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
    /// The paper's table row of the position after the move.
    pub paper_row: Option<String>,
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
    #[serde(skip)]
    start_row: String,
    #[serde(skip)]
    white_player: String,
    #[serde(skip)]
    black_player: String,
}

/// The players, in the user's colours.
#[derive(Debug, Clone, Serialize)]
pub struct Players {
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
}

fn chooser_name(c: Chooser) -> &'static str {
    match c {
        Chooser::Pecp => "pecp",
        Chooser::Other => "selector",
        Chooser::Tablebase => "tablebase",
        Chooser::Script => "script",
    }
}

/// Builds the report of a line.
///
/// # Errors
/// A tablebase probe error.
pub fn line_report(
    line: &Line,
    orientation: Orientation,
    pawn_player: &str,
    defender_player: &str,
    tb: Option<&Tablebases>,
) -> Result<LineReport> {
    let mut plies = Vec::new();
    for (i, p) in line.plies.iter().enumerate() {
        let (san, uci) = user_move_names(&p.before, p.mv, orientation);
        let user_before = to_user(&p.before, orientation);
        let (tablebase, keeps_value, only_move) = match tb {
            Some(t) => {
                let before = t.value(&p.before)?;
                let after = t.value(&p.after)?;
                let all = t.values_after_moves(&p.before)?;
                let keeping = all
                    .iter()
                    .filter(|(_, v)| v.pawn_side_wins == before.pawn_side_wins)
                    .count();
                let keeps = after.pawn_side_wins == before.pawn_side_wins;
                (
                    Some(TbReport::new(after)),
                    Some(keeps),
                    Some(keeps && keeping == 1 && all.len() > 1),
                )
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
        plies.push(PlyReport {
            ply: i + 1,
            move_number: user_before.fullmoves().get(),
            side: position::color_name(user_before.turn()),
            uci,
            san,
            fen: fen_of(&to_user(&p.after, orientation)),
            chooser: chooser_name(p.chooser),
            evaluation: EvalReport::new(&p.eval),
            best3,
            tournament,
            tablebase,
            keeps_value,
            only_move,
            paper_row: Some(match Kpk::from_chess(&p.after) {
                Some(k) => row_in(k, i + 1, orientation),
                None => row_any(&to_user(&p.after, orientation), i + 1),
            }),
        });
    }
    let pawn_color = match orientation {
        Orientation::AsGiven => Color::White,
        Orientation::Flipped => Color::Black,
    };
    let result = match line.termination {
        t if t.is_win() => {
            if pawn_color == Color::White {
                "1-0"
            } else {
                "0-1"
            }
        }
        Termination::MoveLimit => "*",
        _ => "1/2-1/2",
    };
    let start_kpk = Kpk::from_chess(&line.start).expect("lines start from KPK");
    let (white_player, black_player) = match orientation {
        Orientation::AsGiven => (pawn_player, defender_player),
        Orientation::Flipped => (defender_player, pawn_player),
    };
    Ok(LineReport {
        start_fen: fen_of(&to_user(&line.start, orientation)),
        start_paper: position::paper_of(start_kpk, orientation),
        players: Players {
            white: white_player.to_string(),
            black: black_player.to_string(),
        },
        plies,
        termination: line.termination.id(),
        result,
        start_row: row_in(start_kpk, 0, orientation),
        white_player: white_player.to_string(),
        black_player: black_player.to_string(),
    })
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
/// the colours given: each piece as colour, letter and `(X/Y)`, e.g.
/// `[17, wk(5/7), wq(4/8), bk(3/7), black]`.
fn row_any(pos: &Chess, n: usize) -> String {
    let board = pos.board();
    let mut parts = vec![n.to_string()];
    for color in [Color::White, Color::Black] {
        let mut pieces: Vec<(u8, String)> = board
            .by_color(color)
            .into_iter()
            .filter_map(|sq| {
                let role = board.role_at(sq)?;
                let order = if role == shakmaty::Role::King { 0 } else { 1 };
                Some((
                    order,
                    format!(
                        "{}{}({})",
                        if color == Color::White { 'w' } else { 'b' },
                        role.char(),
                        position::xy(sq)
                    ),
                ))
            })
            .collect();
        pieces.sort();
        parts.extend(pieces.into_iter().map(|(_, p)| p));
    }
    parts.push(position::color_name(pos.turn()).to_string());
    format!("[{}]", parts.join(", "))
}

impl LineReport {
    /// Text: one row per move.
    pub fn text(&self) -> String {
        let mut s = format!("start: {}  ({})\n", self.start_fen, self.start_paper);
        s.push_str(&format!(
            "white: {}, black: {}\n\n",
            self.players.white, self.players.black
        ));
        for p in &self.plies {
            let num = if p.side == "white" {
                format!("{}.", p.move_number)
            } else {
                format!("{}...", p.move_number)
            };
            let tb = match (&p.tablebase, p.keeps_value) {
                (Some(t), Some(k)) => format!(
                    "  TB {} DTZ {:>3}{}",
                    if t.pawn_side_wins { "win " } else { "draw" },
                    t.dtz,
                    if k { "" } else { " (value lost)" }
                ),
                _ => String::new(),
            };
            s.push_str(&format!(
                "{:<7} {:<7} {:.2}{}  [{}] {}\n",
                num,
                p.san,
                p.evaluation.weight,
                tb,
                p.chooser,
                p.evaluation.rules_short()
            ));
        }
        s.push_str(&format!("\n{} ({})\n", self.result, self.termination));
        s
    }

    /// The paper's table: one row per generation.
    pub fn paper_table(&self) -> String {
        let mut s = format!("BestMove = {};\n", self.start_row);
        for p in &self.plies {
            match &p.paper_row {
                Some(r) => s.push_str(&format!("BestMove = {r};\n")),
                None => s.push_str(&format!(
                    "BestMove = [{}, {}];  % {}\n",
                    p.ply, p.san, p.fen
                )),
            }
        }
        s.push_str(&format!("% {} ({})\n", self.result, self.termination));
        s
    }

    /// JSON, one object.
    ///
    /// # Panics
    /// Never: the report serialises.
    pub fn json(&self) -> String {
        serde_json::to_string_pretty(self).expect("serialisable") + "\n"
    }

    /// A PGN game with comments and tablebase NAGs.
    pub fn pgn(&self) -> String {
        let mut s = String::new();
        let tag = |s: &mut String, k: &str, v: &str| {
            s.push_str(&format!(
                "[{k} \"{}\"]\n",
                v.replace('\\', "\\\\").replace('"', "\\\"")
            ));
        };
        tag(&mut s, "Event", "pecp line");
        tag(&mut s, "Site", "?");
        tag(&mut s, "Date", "????.??.??");
        tag(&mut s, "Round", "-");
        tag(&mut s, "White", &self.white_player);
        tag(&mut s, "Black", &self.black_player);
        tag(&mut s, "Result", self.result);
        tag(&mut s, "SetUp", "1");
        tag(&mut s, "FEN", &self.start_fen);
        tag(
            &mut s,
            "Annotator",
            concat!("pecp ", env!("CARGO_PKG_VERSION")),
        );
        tag(&mut s, "Termination", self.termination);
        s.push('\n');
        let mut tokens: Vec<String> = Vec::new();
        for (i, p) in self.plies.iter().enumerate() {
            if p.side == "white" {
                tokens.push(format!("{}.", p.move_number));
            } else if i == 0 {
                tokens.push(format!("{}...", p.move_number));
            }
            tokens.push(p.san.clone());
            match (p.keeps_value, p.only_move) {
                (Some(false), _) => tokens.push("$2".into()),
                (Some(true), Some(true)) => tokens.push("$1".into()),
                _ => {}
            }
            let mut c = format!(
                "w {:.2}: {}",
                p.evaluation.weight,
                p.evaluation.rules_short()
            );
            if !p.best3.is_empty() {
                c.push_str(&format!("; best3 {}", p.best3.join(" ")));
            }
            if let Some(last) = p.tournament.last() {
                c.push_str(&format!("; level 2: {}", last.criterion));
            } else if p.chooser != "pecp" {
                c.push_str(&format!("; {}", p.chooser));
            }
            if let Some(t) = &p.tablebase {
                c.push_str(&format!(
                    "; TB: {}, DTZ {}",
                    if t.pawn_side_wins { "win" } else { "draw" },
                    t.dtz
                ));
            }
            tokens.push(format!("{{{}}}", c.replace('}', ")")));
            if p.side == "black" && i + 1 < self.plies.len() {
                // Next white move gets its number anyway.
            } else if p.side == "white" && i + 1 < self.plies.len() {
                tokens.push(format!("{}...", p.move_number));
            }
        }
        tokens.push(self.result.to_string());
        // Wrap at 79 columns.
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > 79 {
                s.push_str(&line);
                s.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        s.push_str(&line);
        s.push_str("\n\n");
        s
    }
}
