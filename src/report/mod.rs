//! Output: the library's values as the user reads them. Nothing here
//! computes chess: every function takes a value the library built (an
//! [`Analysis`](crate::apps::analysis::Analysis), a
//! [`LineReport`](crate::apps::annotate::LineReport), a validation
//! [`Report`](crate::apps::validate::Report), the rule book) and formats it as
//! text, JSON, PGN or the paper's table.

pub mod analysis;
pub mod diagram;
pub mod games;
pub mod html;
pub mod line;
pub mod map;
pub mod rules;
pub mod svg;
pub mod tablebases;
pub mod tune;
pub mod validation;

use crate::apps::analysis::EvalReport;

/// The fired rules as one line, deterministic ones marked `*`
/// ("king_on_key_square*, advanced_pawn").
pub fn rules_short(e: &EvalReport) -> String {
    if e.rules.is_empty() {
        return "no rule".into();
    }
    e.rules
        .iter()
        .map(|r| {
            if r.kind == crate::knowledge::weights::Kind::Deterministic {
                format!("{}*", r.id)
            } else {
                r.id.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Pretty JSON with a final newline.
///
/// # Panics
/// Never: pecp's values serialise.
pub fn json_pretty(v: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(v).expect("serialisable") + "\n"
}

/// One-line JSON with a final newline (for batches, one value per line).
///
/// # Panics
/// Never: pecp's values serialise.
pub fn json_line(v: &impl serde::Serialize) -> String {
    serde_json::to_string(v).expect("serialisable") + "\n"
}

/// Words joined by spaces in lines of at most `width` characters (a longer
/// word stands alone), as PGN's export format wants them.
pub fn wrap_words(words: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for t in words {
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
