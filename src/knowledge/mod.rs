//! The knowledge: the books (one per ending: its rules, weights, criteria
//! and sentences) and what pecp does with a book.
//!
//! [`weights`] reads a book's rule table and criteria; [`book`] is what a
//! book is; [`books`] holds every book and finds the one that judges a
//! position; [`evaluate`](mod@evaluate) is level 1 (the weight of one position);
//! [`proof`] says how a verdict is proved; [`select`] is level 1 over every
//! move and the level-2 tournament; [`explain`] puts it into words. Nothing
//! here asks a judge: the tables and solvers are consulted by the
//! applications, never by a rule or a selection.

pub mod book;
pub mod books;
pub mod calc;
pub mod evaluate;
pub mod explain;
pub mod proof;
pub mod select;
pub mod weights;
