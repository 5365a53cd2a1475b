//! The board: one checked position and what the rules read of it.
//!
//! [`position`] checks the input once into a [`position::Kpk`] (White has
//! the pawn; [`position::Orientation`] remembers the user's colours);
//! [`facts`] is the rules' small board, also after a promotion or a
//! capture; [`geometry`] measures squares and races without judging;
//! [`absolute`] says what the rules of chess alone decide; [`enumerate`]
//! lists every legal position; [`pawns`] checks the pawn endings of four
//! pieces (KPKP, KPPK) and lists theirs.

pub mod absolute;
pub mod enumerate;
pub mod facts;
pub mod geometry;
pub mod pawns;
pub mod position;
