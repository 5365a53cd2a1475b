//! `pecp rules`: the rule book and the level-2 criteria.

use crate::knowledge::select::Criterion;
use crate::knowledge::weights::{Kind, RuleBook};

/// Clause counts by kind of rule: deterministic clauses that are the rules
/// of chess, textbook rules or counted races, and fitted cut-offs; and the
/// averaged clauses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct ClauseCounts {
    /// Every clause of the level-1 program.
    pub clauses: u32,
    /// Clauses of deterministic rules.
    pub deterministic: u32,
    /// Deterministic clauses whose cut-off was fitted against the solver.
    pub fitted: u32,
    /// Deterministic clauses read from the textbooks or counted (including
    /// the rules of chess).
    pub textbook: u32,
    /// Clauses of averaged rules.
    pub averaged: u32,
}

/// Counts the clauses of `book`'s rules by kind.
pub fn clause_counts(book: &RuleBook) -> ClauseCounts {
    let mut c = ClauseCounts::default();
    for r in &book.rows {
        c.clauses += r.clauses;
        match r.kind {
            Kind::Deterministic => {
                c.deterministic += r.clauses;
                c.fitted += r.fitted;
            }
            Kind::Averaged => c.averaged += r.clauses,
        }
    }
    c.textbook = c.deterministic - c.fitted;
    c
}

/// Every rule with its kind, weight, description and source, then the
/// criteria in the order they are tried.
pub fn text(book: &RuleBook, criteria: &[Criterion]) -> String {
    let c = clause_counts(book);
    let mut s = String::from(
        "Descriptions take the pawn side as White; analyse, line and map speak in the position's own colours.\n\n",
    );
    s.push_str(&format!(
        "level-1 rules (rules/position.rs, weights in rules/weights.toml): {} rules in {} clauses.\n\
         {} deterministic clauses: {} textbook rules, rules of chess or races counted move by move, \
         {} with a cut-off fitted against the exact solver; {} averaged clauses.\n\
         Deterministic rules in priority order:\n",
        book.rows.len(),
        c.clauses,
        c.deterministic,
        c.textbook,
        c.fitted,
        c.averaged
    ));
    push_rows(&mut s, book);
    s.push_str("\nlevel-2 comparisons (rules/compare.rs, order in rules/compare.toml):\n");
    push_criteria(&mut s, criteria);
    s.push_str(
        "\nmating rules, a queen or rook against the king (rules/mating.rs, weights and criteria in rules/mating.toml):\n",
    );
    push_rows(&mut s, crate::knowledge::mating::book());
    s.push_str("\nmating level-2 comparisons:\n");
    push_criteria(&mut s, crate::knowledge::mating::criteria());
    s
}

/// Each rule: id, kind, weight, description; its clauses; its source.
fn push_rows(s: &mut String, book: &RuleBook) {
    for r in &book.rows {
        s.push_str(&format!(
            "  {:<32} {:<13} {:.2}  {}\n",
            r.id,
            r.kind.word(),
            r.weight,
            r.description
        ));
        let fitted = match r.fitted {
            0 => String::new(),
            n => format!(", {n} fitted"),
        };
        let clauses = match r.clauses {
            1 => "1 clause".to_string(),
            n => format!("{n} clauses"),
        };
        s.push_str(&format!("  {:<32} {clauses}{fitted}\n", ""));
        s.push_str(&format!("  {:<32} source: {}\n", "", r.source));
    }
}

fn push_criteria(s: &mut String, criteria: &[Criterion]) {
    for (i, c) in criteria.iter().enumerate() {
        s.push_str(&format!("  {}. {:<32} {}\n", i + 1, c.id, c.description));
        s.push_str(&format!("     {:<32} source: {}\n", "", c.source));
    }
}

/// The rule book and the criteria as one JSON object.
pub fn json(book: &RuleBook, criteria: &[Criterion]) -> String {
    crate::report::json_pretty(&serde_json::json!({
        "clauses": clause_counts(book),
        "rules": book.rows,
        "comparisons": criteria,
        "mating_rules": crate::knowledge::mating::book().rows,
        "mating_comparisons": crate::knowledge::mating::criteria(),
    }))
}
