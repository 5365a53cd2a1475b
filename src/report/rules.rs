//! `pecp rules`: the rule book and the level-2 criteria.

use crate::select::Criterion;
use crate::weights::RuleBook;

/// Every rule with its kind, weight, description and source, then the
/// criteria in the order they are tried.
pub fn text(book: &RuleBook, criteria: &[Criterion]) -> String {
    let mut s = String::from(
        "Descriptions take the pawn side as White; analyse, line and map speak in the position's own colours.\n\n\
         level-1 rules (rules/position.rs, weights in rules/weights.toml); deterministic rules in priority order:\n",
    );
    for r in &book.rows {
        s.push_str(&format!(
            "  {:<32} {:<13} {:.2}  {}\n",
            r.id,
            r.kind.word(),
            r.weight,
            r.description
        ));
        s.push_str(&format!("  {:<32} source: {}\n", "", r.source));
    }
    s.push_str("\nlevel-2 comparisons (rules/compare.rs, order in rules/compare.toml):\n");
    for (i, c) in criteria.iter().enumerate() {
        s.push_str(&format!("  {}. {:<32} {}\n", i + 1, c.id, c.description));
        s.push_str(&format!("     {:<32} source: {}\n", "", c.source));
    }
    s
}

/// The rule book and the criteria as one JSON object.
pub fn json(book: &RuleBook, criteria: &[Criterion]) -> String {
    crate::report::json_pretty(&serde_json::json!({
        "rules": book.rows,
        "comparisons": criteria,
    }))
}
