//! Play.
pub mod line;
pub mod mater;
pub mod selectors;
pub mod walk;
