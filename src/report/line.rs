//! `pecp line` as text, the paper's table, JSON or PGN.

use shakmaty::Color;

use crate::apps::annotate::{LineReport, PlyReport, RefutedAlternative};
use crate::play::line::Chooser;
use crate::report::{json_pretty, rules_short};

/// Text: one row per move with its reason in words; `verbose` adds the
/// level-1 weight, who chose, and the rules that fired.
pub fn text(l: &LineReport, verbose: bool) -> String {
    let mut s = format!("start: {}  ({})\n", l.start_fen, l.start_paper);
    s.push_str(&format!(
        "white: {}, black: {}\n\n",
        l.players.white, l.players.black
    ));
    for p in &l.plies {
        s.push_str(&text_row(p, verbose));
    }
    s.push_str(&format!("\n{} ({})\n", l.result, l.termination));
    s
}

fn text_row(p: &PlyReport, verbose: bool) -> String {
    let num = if p.side == Color::White {
        format!("{}.", p.move_number)
    } else {
        format!("{}...", p.move_number)
    };
    let tb = match (&p.tablebase, p.keeps_value) {
        (Some(t), Some(k)) => format!(
            "  TB {:<4} DTZ {:>3}{}",
            t.pawn_side_word(),
            t.dtz,
            if k { "" } else { " (value lost)" }
        ),
        _ => String::new(),
    };
    let reason = reason(p);
    let mut row = if verbose {
        format!(
            "{:<7} {:<7} {:.2}{}  [{}] {}\n        {reason}\n",
            num,
            p.san,
            p.evaluation.weight,
            tb,
            p.chooser.name(),
            rules_short(&p.evaluation)
        )
    } else {
        format!("{num:<7} {:<7}{tb}  {reason}\n", p.san)
    };
    for alt in &p.refuted {
        let moves = alternative_moves(p, alt, ["?", "!"]).join(" ");
        row.push_str(&match &alt.refutation {
            Some(r) => format!("        not {moves}: {}\n", lower_first(&r.sentence)),
            None => format!("        not {moves}: it throws the value away\n"),
        });
    }
    row
}

/// "The white king ..." as "the white king ...", to follow a colon.
fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_lowercase().chain(c).collect())
}

/// A refuted alternative as numbered moves from where the played move
/// stood, `marks` after the alternative and the reply: "5. Ke4? Ke6! 6. Kd4"
/// (text) or "5. Ke4 $2 5... Ke6 $1 6. Kd4" (PGN).
fn alternative_moves(p: &PlyReport, alt: &RefutedAlternative, marks: [&str; 2]) -> Vec<String> {
    let pgn = marks[0].starts_with('$');
    let mut sans = vec![alt.san.clone()];
    if let Some(r) = &alt.refutation {
        sans.extend(r.line.iter().cloned());
    }
    let (mut number, mut white) = (p.move_number, p.side == Color::White);
    let mut words = Vec::new();
    for (i, san) in sans.into_iter().enumerate() {
        let prefix = match (white, i == 0 || pgn) {
            (true, _) => format!("{number}. "),
            (false, true) => format!("{number}... "),
            (false, false) => String::new(),
        };
        // A NAG is a token of its own; "?" and "!" close up to the move.
        let mark = match marks.get(i) {
            Some(m) if pgn => format!(" {m}"),
            Some(m) => (*m).to_string(),
            None => String::new(),
        };
        words.push(format!("{prefix}{san}{mark}"));
        number += u64::from(!white);
        white = !white;
    }
    if pgn {
        words
            .iter()
            .flat_map(|w| w.split(' '))
            .map(str::to_string)
            .collect()
    } else {
        words
    }
}

/// PGN variations for the refuted alternatives of a ply: each
/// alternative, its refutation, and the sentence of the rule that proves
/// the refutation's end.
fn pgn_variations(p: &PlyReport) -> Vec<String> {
    let mut tokens = Vec::new();
    for alt in &p.refuted {
        tokens.push("(".to_string());
        tokens.extend(alternative_moves(p, alt, ["$2", "$1"]));
        let words = match &alt.refutation {
            Some(r) => r.sentence.clone(),
            None => "This throws the value away.".to_string(),
        };
        tokens.extend(comment_tokens("", &words));
        tokens.push(")".to_string());
    }
    tokens
}

/// The move's reason without its own SAN in front ("Kd4: the white king
/// ..." reads "the white king ..." after the move).
fn reason(p: &PlyReport) -> &str {
    let s = &p.explanation.sentence;
    s.strip_prefix(&format!("{}: ", p.san)).unwrap_or(s)
}

/// The paper's table: one row per generation.
pub fn paper_table(l: &LineReport) -> String {
    let mut s = format!("BestMove = {};\n", l.start_row);
    for p in &l.plies {
        match &p.paper_row {
            Some(r) => s.push_str(&format!("BestMove = {r};\n")),
            None => s.push_str(&format!(
                "BestMove = [{}, {}];  % {}\n",
                p.ply, p.san, p.fen
            )),
        }
    }
    s.push_str(&format!("% {} ({})\n", l.result, l.termination));
    s
}

/// JSON, one object.
pub fn json(l: &LineReport) -> String {
    json_pretty(l)
}

/// A PGN game with a comment in words after every move (with `[%csl]`
/// highlights for the squares it names and a `[%cal]` arrow for the move)
/// and tablebase NAGs; `verbose` adds the weights, rules and tournament.
pub fn pgn(l: &LineReport, verbose: bool) -> String {
    let mut s = pgn_headers(l);
    s.push('\n');
    let mut tokens: Vec<String> = Vec::new();
    for (i, p) in l.plies.iter().enumerate() {
        if p.side == Color::White {
            tokens.push(format!("{}.", p.move_number));
        } else if i == 0 {
            tokens.push(format!("{}...", p.move_number));
        }
        tokens.push(p.san.clone());
        match (p.keeps_value, p.only_move) {
            (Some(false), _) => tokens.push("$4".into()),
            (Some(true), Some(true)) => tokens.push("$8".into()),
            _ => {}
        }
        tokens.extend(comment_tokens(&pgn_commands(p), &pgn_comment(p, verbose)));
        tokens.extend(pgn_variations(p));
        if p.side == Color::White && i + 1 < l.plies.len() {
            tokens.push(format!("{}...", p.move_number));
        }
    }
    if let Some(why) = closing_comment(l.termination) {
        tokens.extend(comment_tokens("", why));
    }
    tokens.push(l.result.to_string());
    s.push_str(&super::wrap_words(&tokens, 79));
    s.push_str("\n\n");
    s
}

/// The PGN standard's `Termination` value for how a line ended: a safe
/// promotion is adjudicated (the game is won but not yet mated), the move
/// limit leaves it unterminated, and the rest end by the rules.
fn standard_termination(pecp: &str) -> &'static str {
    match pecp {
        "absolute_win" => "adjudication",
        "move_limit" => "unterminated",
        "no_book" => "adjudication",
        _ => "normal",
    }
}

/// A last comment saying why the line stops where it does, when that is
/// not a rule of chess the reader sees on the board.
fn closing_comment(pecp: &str) -> Option<&'static str> {
    match pecp {
        "absolute_win" => Some(
            "The new piece is safe and the defender not stalemated: the win is a matter of technique (KQK or KRK), adjudicated here.",
        ),
        "move_limit" => Some("The line stops at the move limit."),
        "no_book" => Some(
            "No book plays the ending reached here: the line stops, and the result is the judge's value of this position.",
        ),
        _ => None,
    }
}

/// The seven-tag roster and pecp's own tags.
fn pgn_headers(l: &LineReport) -> String {
    let mut s = String::new();
    let mut tag = |k: &str, v: &str| {
        s.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    };
    tag("Event", "pecp line");
    tag("Site", "?");
    tag("Date", "????.??.??");
    tag("Round", "-");
    tag("White", &l.white_player);
    tag("Black", &l.black_player);
    tag("Result", l.result);
    tag("SetUp", "1");
    tag("FEN", &l.start_fen);
    tag("Annotator", concat!("pecp ", env!("CARGO_PKG_VERSION")));
    tag("Termination", standard_termination(l.termination));
    tag("PecpTermination", l.termination);
    s
}

/// A comment as tokens that may be wrapped: `{[%csl ...][%cal ...]`
/// first, kept whole (so that no line starts with `[`, which a reader
/// could take for a tag), then the words, the last one closing the brace.
fn comment_tokens(commands: &str, words: &str) -> Vec<String> {
    let words = words.replace(['{', '}'], "");
    let mut tokens: Vec<String> = Vec::new();
    if !commands.is_empty() {
        tokens.push(commands.to_string());
    }
    tokens.extend(words.split_whitespace().map(str::to_string));
    if tokens.is_empty() {
        tokens.push(String::new());
    }
    tokens[0].insert(0, '{');
    if let Some(last) = tokens.last_mut() {
        last.push('}');
    }
    tokens
}

/// The `[%csl]` highlights of the squares a move's reason names and the
/// `[%cal]` arrow of the move, as lichess and ChessBase draw them.
fn pgn_commands(p: &PlyReport) -> String {
    let mut c = String::new();
    if !p.explanation.squares.is_empty() {
        let marks: Vec<String> = p
            .explanation
            .squares
            .iter()
            .map(|s| format!("G{s}"))
            .collect();
        c.push_str(&format!("[%csl {}]", marks.join(",")));
    }
    if p.uci.len() >= 4 {
        c.push_str(&format!("[%cal G{}]", &p.uci[..4]));
    }
    c
}

/// The comment after a move: its reason in words; with `verbose` also the
/// weight, the rules, the shortlist, what decided level 2, and the table
/// value.
fn pgn_comment(p: &PlyReport, verbose: bool) -> String {
    let mut c = reason(p).to_string();
    if !verbose {
        return c;
    }
    c.push_str(&format!(
        " (w {:.2}: {}",
        p.evaluation.weight,
        rules_short(&p.evaluation)
    ));
    if !p.best3.is_empty() {
        c.push_str(&format!("; best3 {}", p.best3.join(" ")));
    }
    if let Some(last) = p.tournament.last() {
        c.push_str(&format!("; level 2: {}", last.criterion));
    } else if p.chooser != Chooser::Pecp {
        c.push_str(&format!("; {}", p.chooser.name()));
    }
    if let Some(t) = &p.tablebase {
        c.push_str(&format!("; TB: {}, DTZ {}", t.pawn_side_word(), t.dtz));
    }
    c.push(')');
    c
}
