//! The judges: what is true of a position, from the Syzygy tables or an
//! embedded exact solver. They judge every claim the rules make and play
//! perfect defence; no rule and no selection ever asks them.
//!
//! [`files`] finds and checks the table files; [`tablebase`] probes them;
//! [`oracle`] solves KPK and [`mate_oracle`] KQK and KRK by retrograde
//! analysis; [`truth`] chooses between the tables and the solvers.

pub mod files;
pub mod mate_oracle;
pub mod oracle;
pub mod tablebase;
pub mod truth;
