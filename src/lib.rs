//! pecp: a rule-based analyser for king-and-pawn-versus-king endings after
//! Hanedan and Sertbaş's PECP method, checked against Syzygy tablebases.
//!
//! The pipeline follows the data, and no module imports one further down
//! it:
//!
//! 1. [`position`]: the input (FEN or the paper's notation), checked once
//!    into a [`Kpk`] and normalised so that White has the pawn
//!    ([`Orientation`] remembers the user's colours);
//! 2. [`facts`]: the rules' small board ([`facts::Node`], also after a
//!    promotion or a capture), with [`geometry`] for squares and distances
//!    and [`absolute`] for what the rules of chess alone decide;
//! 3. [`rules`]: the Datalog programs of `rules/` (level 1 judges one
//!    position, level 2 compares candidates), with [`weights`] (the rule
//!    book of `rules/weights.toml`);
//! 4. [`evaluate`](mod@evaluate): the level-1 weight of a position;
//! 5. [`select`]: level 1 over every move and the level-2 tournament;
//!    [`selectors`] puts PECP beside SOMA and alpha-beta;
//! 6. [`line`](mod@line): the generation loop;
//! 7. [`analysis`], [`annotate`], [`validate`], [`bench`](mod@bench): the values the
//!    commands print, computed; [`report`] formats them.
//!
//! [`truth`] is the judge of every claim: the digest-checked Syzygy tables
//! of [`tablebase`], or the embedded retrograde solver of [`oracle`]. No
//! rule and no selector ever calls it.
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
