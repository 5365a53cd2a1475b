//! The knowledge: the rule books and what pecp does with them.
pub mod evaluate;
pub mod explain;
pub mod mating;
pub mod proof;
pub mod rules;
pub mod select;
pub mod weights;
