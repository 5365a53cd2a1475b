//! The applications: what each command computes, as values that
//! the report wing formats. [`analysis`] (one position and its moves),
//! [`annotate`] (a line with its reasons), [`games`] (PGN games
//! annotated), [`map`] (a king's squares coloured by result),
//! [`validate`] (the sweep over every KPK position), [`endings`] (the
//! KQK and KRK sweeps), [`pawn_validate`] (the sweep over a pawn ending
//! of four pieces), [`pawn_compare`] (the selectors side by side there), [`tune`] (weights tuned against the truth),
//! [`uci`] (the engine), [`tutor`] (what `pecp serve` answers), [`bench`](mod@bench) (the benchmarks).

pub mod analysis;
pub mod annotate;
pub mod bench;
pub mod endings;
pub mod games;
pub mod map;
pub mod pawn_compare;
pub mod pawn_playout;
pub mod pawn_validate;
pub mod pgn;
pub mod tune;
pub mod tutor;
pub mod uci;
pub mod validate;
