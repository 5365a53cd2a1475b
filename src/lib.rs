//! pecp: a rule-based analyser for king-and-pawn-versus-king endings after
//! Hanedan and Sertbaş's PECP method, checked against Syzygy tablebases.
//!
//! The pipeline follows the data, in wings that import only the wings
//! before them (no module imports one that imports it back):
//!
//! 1. [`board`]: the input (FEN, EPD or the paper's notation), checked
//!    once into a [`Kpk`] and normalised so that White has the pawn
//!    ([`Orientation`] remembers the user's colours); the rules' small
//!    board ([`Node`], also after a promotion or a capture), geometry and
//!    what the rules of chess alone decide;
//! 2. [`knowledge`]: the books, one per ending (the Datalog programs of
//!    `rules/` with their weights, criteria and sentences), and what pecp
//!    does with a book: level 1 ([`knowledge::evaluate`]), the proof of a
//!    verdict, the level-2 tournament ([`knowledge::select`]) and the
//!    explanation in words;
//! 3. [`judges`]: the digest-checked Syzygy tables and the embedded
//!    retrograde solvers, the judge of every claim, never called by a rule
//!    or a selection;
//! 4. [`play`]: the generation loop of a line, the selectors, MATER and
//!    the mating walk;
//! 5. [`apps`]: the values the commands print, computed (analysis,
//!    annotation, maps, validation, tuning, the UCI engine, benchmarks);
//!    [`report`] formats them.
//!
//! [`error`], [`io`] and [`rng`] are shared by all.
//!
//! ```
//! let input = pecp::Input::parse("8/8/3k4/8/8/3PK3/8/8 w - - 0 1").unwrap();
//! assert_eq!(input.paper(), "wk(5/3) wp(4/3) bk(4/6) white");
//! let a = pecp::apps::analysis::analyse(&input, None).unwrap();
//! assert_eq!(a.chosen_san.as_deref(), Some("Kd4"));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod apps;
pub mod board;
pub mod error;
pub mod io;
pub mod judges;
pub mod knowledge;
pub mod play;
pub mod report;
pub mod rng;

pub use board::facts::Node;
pub use board::position::{Input, Kpk, Orientation};
pub use error::{PecpError, Result};
pub use judges::tablebase::Tablebases;
pub use judges::truth::Truth;
pub use knowledge::evaluate::{Evaluation, evaluate};
