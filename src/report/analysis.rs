//! `pecp analyse` as text.

use crate::apps::analysis::{Analysis, MoveReport, OverruledReport};
use crate::report::rules_short;
use crate::report::svg::capitalised;

/// The analysis as text, after the board diagram `board`.
pub fn text(a: &Analysis, board: &str) -> String {
    let mut s = board.to_string();
    s.push_str(&explanation(a));
    s.push_str(&position(a));
    s.push_str(&format!(
        "\nmoves (weight of the position after the move, {}'s view; * = deterministic):\n",
        capitalised(a.pawn_side)
    ));
    for m in &a.moves {
        s.push_str(&move_row(m));
    }
    s.push_str(&selection(a));
    s
}

/// The explanation in words: the verdict, the move chosen and why, and
/// the moves that change the value.
fn explanation(a: &Analysis) -> String {
    let e = &a.explanation;
    let mut s = format!("{}\n", e.sentence);
    let minor = |m: &&crate::knowledge::explain::MoveExplanation| {
        (m.san.contains("=N") || m.san.contains("=B"))
            && m.sentence.starts_with(&format!("{}?", m.san))
    };
    let minors: Vec<_> = e.moves.iter().filter(minor).collect();
    for m in &e.moves {
        if minors.len() > 1 && minor(&m) {
            // The underpromotions that throw the value away, once.
            if std::ptr::eq(m, minors[0]) {
                let sans: Vec<&str> = minors.iter().map(|m| m.san.as_str()).collect();
                let rest = &m.sentence[m.san.len() + 1..];
                s.push_str(&format!("  {}? Each{rest}\n", sans.join(", ")));
            }
            continue;
        }
        s.push_str(&format!("  {}\n", m.sentence));
    }
    s.push('\n');
    s
}

/// The position itself: its names, its weight and the rules that fired.
fn position(a: &Analysis) -> String {
    let mut s = String::new();
    s.push_str(&format!("fen:          {}\n", a.fen));
    s.push_str(&format!("paper:        {}\n", a.paper));
    s.push_str(&format!(
        "side to move: {}\n",
        crate::board::position::color_name(a.side_to_move)
    ));
    let e = &a.evaluation;
    let how = if e.deterministic {
        ", deterministic"
    } else if e.no_rule {
        ", no rule"
    } else {
        ", averaged"
    };
    let verdict = match e.proved_by {
        Some(crate::knowledge::proof::ProvedBy::Moves) => {
            format!("averaged; {}, proved one move ahead", e.verdict)
        }
        Some(crate::knowledge::proof::ProvedBy::Calculation) => {
            let plies = e.proof.as_ref().map_or(0, |p| p.depth);
            format!(
                "averaged; {}, proved by {plies} plies of calculation",
                e.verdict
            )
        }
        _ => format!("{}{how}", e.verdict),
    };
    s.push_str(&format!("weight:       {:.2} ({verdict})", e.weight));
    if let Some(t) = &a.tablebase {
        s.push_str(&format!(
            "   tablebase: {} for the side to move, DTZ {}",
            t.wdl, t.dtz
        ));
        if t.fifty_move_draw {
            s.push_str(", but the fifty-move rule draws it first");
        }
    }
    if let Some(v) = &a.solver {
        let word = if v.pawn_side_wins { "win" } else { "draw" };
        s.push_str(&format!("   exact solver: {word} for the pawn side"));
    }
    s.push('\n');
    for r in &e.rules {
        s.push_str(&format!(
            "  {:<32} {:.2}  {}\n",
            r.id,
            r.weight,
            r.kind.word()
        ));
    }
    if a.pawn_side == shakmaty::Color::Black {
        s.push_str(
            "  (weights, verdicts and TB speak for Black: the rules judge the board with the colours swapped, so the white of their names is Black)\n",
        );
    }
    s
}

/// One legal move: its weight, its table value and the rules after it.
fn move_row(m: &MoveReport) -> String {
    let judged = match (&m.tablebase, &m.solver) {
        (Some(t), _) => format!("  TB {:<4} DTZ {:>4}", t.pawn_side_word(), t.dtz),
        (None, Some(v)) => format!(
            "  solver {}",
            if v.pawn_side_wins { "win " } else { "draw" }
        ),
        (None, None) => String::new(),
    };
    let tb = format!(
        "{judged}{}{}",
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
    );
    format!(
        "  {:<7} {:.2} {:<8}{}  {}\n",
        m.san,
        m.evaluation.weight,
        m.evaluation.verdict,
        tb,
        rules_short(&m.evaluation)
    )
}

/// Level 1's best three, level 2's pairings and the move chosen.
fn selection(a: &Analysis) -> String {
    let san_of = |uci: &str| {
        a.moves
            .iter()
            .find(|m| m.uci == uci)
            .map_or(uci.to_string(), |m| m.san.clone())
    };
    let best3: Vec<String> = a.best3.iter().map(|u| san_of(u)).collect();
    let label = if best3.len() > 3 {
        "best three, and the moves tied with the third"
    } else {
        "best three"
    };
    let mut s = format!("\nlevel 1, {label}: {}\n", best3.join(" "));
    for p in &a.tournament {
        s.push_str(&format!(
            "level 2: {} vs {} -> {} ({})\n",
            san_of(&p.a),
            san_of(&p.b),
            san_of(&p.winner),
            p.criterion
        ));
    }
    if let Some(o) = &a.overruled {
        s.push_str(&format!(
            "calculation: {} -> {} ({})\n",
            o.proposed,
            o.played,
            overruled_why(o)
        ));
    }
    match &a.chosen_san {
        Some(c) => s.push_str(&format!("chosen: {c}\n")),
        None => s.push_str("no legal move\n"),
    }
    if let Some(sel) = &a.selector {
        let m = sel.chosen.as_ref().map_or("none", |m| m.san.as_str());
        s.push_str(&format!("{} chooses: {m}\n", sel.selector));
    }
    s
}

/// Why calculation played another move, in one parenthesis.
fn overruled_why(o: &OverruledReport) -> String {
    let (x, y) = (&o.proposed, &o.played);
    let refuted = o.refutation.as_ref().map(|r| r.depth + 1);
    match (&o.proof, refuted, o.kind) {
        (Some(p), Some(n), _) => format!("{x} refuted in {n} plies, {y} proved in {}", p.depth + 1),
        (Some(p), None, "holds") => format!(
            "{x} proved not to win and not proved not to lose, {y} proved not to lose in {}",
            p.depth + 1
        ),
        (Some(p), None, _) => format!("{x} not proved, {y} proved in {}", p.depth + 1),
        (None, Some(n), "chances") => format!(
            "{x} proved not to win in {n} plies, {y} proved not to lose and not proved not to win"
        ),
        (None, n, _) => format!("{x} refuted in {} plies, {y} not refuted", n.unwrap_or(0)),
    }
}
