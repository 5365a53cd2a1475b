//! The books, one per ending, and which one judges a position.

use crate::board::facts::Node;
use crate::knowledge::book::Book;

pub mod kpk;
pub mod kpkp;
pub mod kppk;
pub mod mating;

/// Every book, in the order `pecp rules` lists them. Each position to move
/// from is covered by exactly one (a test checks it).
pub static ALL: [&Book; 4] = [&kpk::BOOK, &mating::BOOK, &kppk::BOOK, &kpkp::BOOK];

/// The book that judges a position to move from, found from its material.
pub fn of(node: &Node) -> &'static Book {
    ALL.iter()
        .copied()
        .find(|b| b.covers(node))
        .unwrap_or(&kpk::BOOK)
}

/// The book with this name.
pub fn named(name: &str) -> Option<&'static Book> {
    ALL.iter().copied().find(|b| b.name() == name)
}
