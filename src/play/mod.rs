//! Play: who chooses a move, and the lines they make.
//!
//! [`selectors`] puts PECP beside the seeds' SOMA and alpha-beta;
//! [`mater`] is MATER, the mate finder by checks and threats; [`line`](mod@line)
//! is the generation loop of a line with its players; [`walk`] plays the
//! mating endings as a graph, each position's end found once.

pub mod line;
pub mod mater;
pub mod selectors;
pub mod walk;
