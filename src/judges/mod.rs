//! The judges.
pub mod files;
pub mod mate_oracle;
pub mod oracle;
pub mod tablebase;
pub mod truth;
