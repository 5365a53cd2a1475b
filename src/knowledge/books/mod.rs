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

/// Whether calculation checks the moves the selection proposes in this
/// book's positions: the pawn endings beyond KPK, whose races and
/// tactics the two selection levels do not always read right. (The KPK
/// and mating books' moves keep the value in every position already.)
pub fn checked_by_calculation(book: &Book) -> bool {
    std::ptr::eq(book, &kpkp::BOOK) || std::ptr::eq(book, &kppk::BOOK)
}
