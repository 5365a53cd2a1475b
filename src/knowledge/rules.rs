//! The Datalog programs in `rules/`, mounted here so a rule author edits only
//! `rules/`. `position` judges one position (level 1); `compare` compares two
//! candidate positions (level 2).
#![allow(missing_docs)]

use rustc_hash::FxBuildHasher;

use crate::board::facts::Node;

#[path = "../../rules/position.rs"]
pub mod position;

#[path = "../../rules/compare.rs"]
pub mod compare;

#[path = "../../rules/mating.rs"]
pub mod mating;

/// Runs the level-1 program on one position as given (not mirrored): the
/// ids of the scoring rules that match, in no particular order.
pub fn fires(node: &Node) -> impl Iterator<Item = &'static str> {
    let rt = position::load(node);
    let (fires,) = rt.run_with_hasher::<FxBuildHasher>();
    fires.into_iter().map(|position::Fires(id)| id)
}
