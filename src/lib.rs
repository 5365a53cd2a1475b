//! pecp: a rule-based analyser for king-and-pawn-versus-king endings after
//! Hanedan and Sertbaş's PECP method, checked against Syzygy tablebases.
//!
//! The pipeline follows the data: [`position`] (input, checked and
//! normalised) → [`facts`] and the Datalog rules in `rules/` → [`weights`]
//! and the level-1 [`evaluate`] → [`select`] (level 1 and level 2) →
//! [`line`] → [`output`]. [`tablebase`] and [`oracle`] are the judges.
//!
//! ```
//! let input = pecp::Input::parse("8/8/3k4/8/8/3PK3/8/8 w - - 0 1").unwrap();
//! assert_eq!(input.paper(), "wk(5/3) wp(4/3) bk(4/6) white");
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod error;
pub mod position;
pub mod tablebase;

pub use error::{PecpError, Result};
pub use position::{Input, Kpk, Orientation};
pub use tablebase::Tablebases;
pub mod absolute;
pub mod analysis;
pub mod annotate;
pub mod bench;
pub mod enumerate;
pub mod evaluate;
pub mod facts;
pub mod geometry;
pub mod io;
pub mod line;
pub mod oracle;
pub mod report;
pub mod rng;
pub mod rules;
pub mod select;
pub mod selectors;
pub mod truth;
pub mod validate;
pub mod weights;
