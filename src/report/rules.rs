//! `pecp rules`: the books, each with its rules and level-2 criteria.

use crate::knowledge::book::Book;
use crate::knowledge::weights::{Criterion, Kind, RuleTable};

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
pub fn clause_counts(book: &RuleTable) -> ClauseCounts {
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

/// Every book: its rules with their kind, weight, description and source,
/// then its criteria in the order they are tried.
pub fn text(books: &[&Book]) -> String {
    let mut s = String::from(
        "Descriptions take the pawn side as White; analyse, line and map speak in the position's own colours.\n",
    );
    for book in books {
        push_book(&mut s, book);
    }
    s
}

/// One book: its name and files, its clause counts, its rules and its
/// criteria.
fn push_book(s: &mut String, book: &Book) {
    let spec = book.spec();
    let table = book.rules();
    let c = clause_counts(table);
    s.push_str(&format!(
        "\nbook {}: {} ({})\n",
        spec.name,
        spec.title,
        spec.files.join(", ")
    ));
    s.push_str(&format!(
        "level-1 rules: {} rules in {} clauses.\n\
         {} deterministic clauses: {} textbook rules, rules of chess or races counted move by move, \
         {} with a cut-off fitted against the exact solver; {} averaged clauses.\n\
         Rules in priority order, deterministic first:\n",
        table.rows.len(),
        c.clauses,
        c.deterministic,
        c.textbook,
        c.fitted,
        c.averaged
    ));
    push_rows(s, table);
    s.push_str("\nlevel-2 comparisons, in the order they are tried:\n");
    push_criteria(s, book.criteria());
}

/// Each rule: id, kind, weight, description; its clauses; its source.
fn push_rows(s: &mut String, book: &RuleTable) {
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

/// The books as one JSON object: `books`, each with its name, title,
/// files, clause counts, rules and comparisons; and, as before books, the
/// KPK book's `clauses`, `rules` and `comparisons` and the mating book's
/// `mating_rules` and `mating_comparisons` (`books[0]` and `books[1]`).
pub fn json(books: &[&Book]) -> String {
    let each: Vec<serde_json::Value> = books
        .iter()
        .map(|b| {
            serde_json::json!({
                "name": b.name(),
                "title": b.spec().title,
                "files": b.spec().files,
                "clauses": clause_counts(b.rules()),
                "rules": b.rules().rows,
                "comparisons": b.criteria(),
            })
        })
        .collect();
    let named = |name: &str| each.iter().find(|b| b["name"] == name);
    let (kpk, mating) = (named("kpk"), named("mating"));
    crate::report::json_pretty(&serde_json::json!({
        "books": each,
        "clauses": kpk.map(|b| &b["clauses"]),
        "rules": kpk.map(|b| &b["rules"]),
        "comparisons": kpk.map(|b| &b["comparisons"]),
        "mating_rules": mating.map(|b| &b["rules"]),
        "mating_comparisons": mating.map(|b| &b["comparisons"]),
    }))
}
