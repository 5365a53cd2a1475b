//! `pecp line` as text, the paper's table, JSON or PGN.

use shakmaty::Color;

use crate::annotate::{LineReport, PlyReport};
use crate::line::Chooser;
use crate::report::{json_pretty, rules_short};

/// Text: one row per move.
pub fn text(l: &LineReport) -> String {
    let mut s = format!("start: {}  ({})\n", l.start_fen, l.start_paper);
    s.push_str(&format!(
        "white: {}, black: {}\n\n",
        l.players.white, l.players.black
    ));
    for p in &l.plies {
        s.push_str(&text_row(p));
    }
    s.push_str(&format!("\n{} ({})\n", l.result, l.termination));
    s
}

fn text_row(p: &PlyReport) -> String {
    let num = if p.side == Color::White {
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
    format!(
        "{:<7} {:<7} {:.2}{}  [{}] {}\n",
        num,
        p.san,
        p.evaluation.weight,
        tb,
        p.chooser.name(),
        rules_short(&p.evaluation)
    )
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

/// A PGN game with comments and tablebase NAGs.
pub fn pgn(l: &LineReport) -> String {
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
            (Some(false), _) => tokens.push("$2".into()),
            (Some(true), Some(true)) => tokens.push("$1".into()),
            _ => {}
        }
        tokens.push(format!("{{{}}}", pgn_comment(p).replace('}', ")")));
        if p.side == Color::White && i + 1 < l.plies.len() {
            tokens.push(format!("{}...", p.move_number));
        }
    }
    tokens.push(l.result.to_string());
    s.push_str(&wrap(&tokens, 79));
    s.push_str("\n\n");
    s
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
    tag("Termination", l.termination);
    s
}

/// The comment after a move: the weight, the rules, the shortlist, what
/// decided level 2, and the table value.
fn pgn_comment(p: &PlyReport) -> String {
    let mut c = format!(
        "w {:.2}: {}",
        p.evaluation.weight,
        rules_short(&p.evaluation)
    );
    if !p.best3.is_empty() {
        c.push_str(&format!("; best3 {}", p.best3.join(" ")));
    }
    if let Some(last) = p.tournament.last() {
        c.push_str(&format!("; level 2: {}", last.criterion));
    } else if p.chooser != Chooser::Pecp {
        c.push_str(&format!("; {}", p.chooser.name()));
    }
    if let Some(t) = &p.tablebase {
        c.push_str(&format!(
            "; TB: {}, DTZ {}",
            if t.pawn_side_wins { "win" } else { "draw" },
            t.dtz
        ));
    }
    c
}

/// Joins tokens with spaces into lines of at most `width` characters (a
/// single longer token stands alone on its line).
fn wrap(tokens: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(t);
    }
    out.push_str(&line);
    out
}
