//! The Datalog programs in `rules/`, mounted here so a rule author edits only
//! `rules/`. `position` judges one position (level 1); `compare` compares two
//! candidate positions (level 2).
#![allow(missing_docs)]

#[path = "../rules/position.rs"]
pub mod position;

/// The ids that `rules/position.rs` can fire, read from its source text.
pub fn position_rule_ids() -> Vec<String> {
    ids_in(include_str!("../rules/position.rs"), "Fires(\"")
}

fn ids_in(src: &str, marker: &str) -> Vec<String> {
    let mut ids: Vec<String> = src
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .flat_map(|l| {
            l.match_indices(marker)
                .map(move |(i, _)| &l[i + marker.len()..])
        })
        .filter_map(|rest| rest.split('"').next().map(str::to_string))
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

#[path = "../rules/compare.rs"]
pub mod compare;

/// The criterion ids that `rules/compare.rs` can prefer by.
pub fn compare_criterion_ids() -> Vec<String> {
    ids_in(include_str!("../rules/compare.rs"), "Prefer(\"")
}
