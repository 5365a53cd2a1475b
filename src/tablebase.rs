//! Syzygy access: find the 3-piece tables, check their SHA-256 digests, probe.
//!
//! shakmaty-syzygy trusts whatever file it is given; a damaged table gives
//! wrong answers without any error. So every table is hashed and compared with
//! the published digests (`tablebases/SHA256SUMS`, compiled in) before use.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use shakmaty::{Chess, Color, Move, Position};
use shakmaty_syzygy::Tablebase;

use crate::error::{PecpError, Result};

/// The published digests of the ten 3-piece files, as in `tablebases/SHA256SUMS`.
pub const SHA256SUMS: &str = include_str!("../tablebases/SHA256SUMS");

/// Expected `(file name, hex digest)` pairs, in the order of `SHA256SUMS`.
pub fn expected_files() -> Vec<(&'static str, &'static str)> {
    SHA256SUMS
        .lines()
        .filter_map(|l| {
            let (digest, name) = l.split_once(char::is_whitespace)?;
            Some((name.trim(), digest.trim()))
        })
        .collect()
}

/// What `tablebases check` found for one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileStatus {
    /// Present and the digest matches.
    Ok,
    /// Not in the directory.
    Missing,
    /// Present, but its SHA-256 differs from the published one.
    Mismatch {
        /// The digest of the file found.
        found: String,
    },
    /// Present but could not be read.
    Unreadable(String),
}

impl FileStatus {
    /// Words for the report (also its `Display`).
    pub fn describe(&self) -> String {
        match self {
            FileStatus::Ok => "found, digest OK".into(),
            FileStatus::Missing => "missing".into(),
            FileStatus::Mismatch { found } => format!("found, digest mismatch (sha256 {found})"),
            FileStatus::Unreadable(e) => format!("found, unreadable: {e}"),
        }
    }
}

impl std::fmt::Display for FileStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe())
    }
}

fn probe_error(source: shakmaty_syzygy::SyzygyError) -> PecpError {
    PecpError::Probe { source }
}

fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Checks each of the ten files in `dir`.
pub fn check_dir(dir: &Path) -> Vec<(&'static str, FileStatus)> {
    expected_files()
        .into_iter()
        .map(|(name, want)| {
            let path = dir.join(name);
            let status = if !path.exists() {
                FileStatus::Missing
            } else {
                match std::fs::read(&path) {
                    Err(e) => FileStatus::Unreadable(e.to_string()),
                    Ok(bytes) => {
                        let found = sha256_hex(&bytes);
                        if found == want {
                            FileStatus::Ok
                        } else {
                            FileStatus::Mismatch { found }
                        }
                    }
                }
            };
            (name, status)
        })
        .collect()
}

/// Where to look for tables: the flag, then `SYZYGY_PATH`, then `./tablebases`.
/// The second value says whether the user named the place explicitly.
pub fn resolve_dir(flag: Option<&Path>) -> (PathBuf, bool) {
    if let Some(p) = flag {
        return (p.to_path_buf(), true);
    }
    if let Some(p) = std::env::var_os("SYZYGY_PATH").filter(|p| !p.is_empty()) {
        return (PathBuf::from(p), true);
    }
    (PathBuf::from("tablebases"), false)
}

/// Win, draw or loss for the side to move. Syzygy's cursed wins and
/// blessed losses (decided only by the fifty-move rule) count as their
/// sign; none occur in KPK.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move loses.
    Loss,
    /// A draw.
    Draw,
    /// The side to move wins.
    Win,
}

impl Wdl {
    /// "win", "draw" or "loss".
    pub fn word(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
        }
    }
}

/// A position's value from the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TbValue {
    /// WDL from the side to move.
    pub wdl_stm: Wdl,
    /// DTZ from the side to move, in plies, as Syzygy stores it.
    pub dtz_stm: i32,
    /// Whether the side with the pawn (normalised White) wins.
    pub pawn_side_wins: bool,
}

impl TbValue {
    /// "win", "draw" or "loss" from the side to move.
    pub fn wdl_word(self) -> &'static str {
        self.wdl_stm.word()
    }
}

/// Digest-checked Syzygy tables.
pub struct Tablebases {
    tb: Tablebase<Chess>,
    dir: PathBuf,
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases")
            .field("dir", &self.dir)
            .finish()
    }
}

impl Tablebases {
    /// Opens the ten tables in `dir`, refusing missing or corrupt files.
    ///
    /// # Errors
    /// [`PecpError::TableFile`] naming the first file that is missing,
    /// unreadable or whose digest does not match.
    pub fn open(dir: &Path) -> Result<Tablebases> {
        let mut tb = Tablebase::new();
        for (name, status) in check_dir(dir) {
            if status != FileStatus::Ok {
                return Err(PecpError::TableFile {
                    path: dir.join(name),
                    problem: status,
                });
            }
            tb.add_file(dir.join(name))
                .map_err(|source| PecpError::Io {
                    what: format!("tablebase: {}", dir.join(name).display()),
                    source,
                })?;
        }
        Ok(Tablebases {
            tb,
            dir: dir.to_path_buf(),
        })
    }

    /// Finds tables by the lookup order. `Ok(None)` when none were asked for
    /// explicitly and the default folder holds no table file; an error when
    /// tables were named or present but are missing or corrupt.
    ///
    /// # Errors
    /// See [`Tablebases::open`].
    pub fn discover(flag: Option<&Path>) -> Result<Option<Tablebases>> {
        let (dir, explicit) = resolve_dir(flag);
        if !explicit {
            let any = expected_files()
                .iter()
                .any(|(name, _)| dir.join(name).exists());
            if !any {
                return Ok(None);
            }
        }
        Tablebases::open(&dir).map(Some)
    }

    /// The folder the tables came from.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// WDL (from the side to move) of a position reached by a zeroing move or
    /// a fresh start; the halfmove clock is not considered.
    ///
    /// # Errors
    /// A [`PecpError::Probe`] if the probe fails.
    pub fn wdl(&self, pos: &Chess) -> Result<Wdl> {
        let w = self.tb.probe_wdl_after_zeroing(pos).map_err(probe_error)?;
        Ok(match w {
            shakmaty_syzygy::Wdl::Win | shakmaty_syzygy::Wdl::CursedWin => Wdl::Win,
            shakmaty_syzygy::Wdl::Loss | shakmaty_syzygy::Wdl::BlessedLoss => Wdl::Loss,
            shakmaty_syzygy::Wdl::Draw => Wdl::Draw,
        })
    }

    /// WDL and DTZ of a normalised position (White has the pawn or its
    /// promoted piece), with the pawn side's result.
    ///
    /// # Errors
    /// A [`PecpError::Probe`] if the probe fails.
    pub fn value(&self, pos: &Chess) -> Result<TbValue> {
        let wdl_stm = self.wdl(pos)?;
        let dtz_stm = if pos.is_game_over() {
            0
        } else {
            self.tb
                .probe_dtz(pos)
                .map_err(probe_error)?
                .ignore_rounding()
                .0
        };
        let pawn_side_wins = match pos.turn() {
            Color::White => wdl_stm == Wdl::Win,
            Color::Black => wdl_stm == Wdl::Loss,
        };
        Ok(TbValue {
            wdl_stm,
            dtz_stm,
            pawn_side_wins,
        })
    }

    /// shakmaty-syzygy's DTZ-optimal move (fastest win, slowest loss).
    ///
    /// # Errors
    /// A [`PecpError::Probe`] if a probe fails.
    pub fn best_move(&self, pos: &Chess) -> Result<Option<Move>> {
        Ok(self.tb.best_move(pos).map_err(probe_error)?.map(|(m, _)| m))
    }

    /// The value after each legal move, in shakmaty's move order.
    ///
    /// # Errors
    /// A [`PecpError::Probe`] if a probe fails.
    pub fn values_after_moves(&self, pos: &Chess) -> Result<Vec<(Move, TbValue)>> {
        pos.legal_moves()
            .into_iter()
            .map(|m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                Ok((m, self.value(&after)?))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_list_ten_files() {
        let files = expected_files();
        assert_eq!(files.len(), 10);
        assert!(files.iter().any(|(n, _)| *n == "KPvK.rtbw"));
        assert!(files.iter().all(|(_, d)| d.len() == 64));
    }

    #[test]
    fn empty_dir_reports_all_missing() {
        let dir = std::env::temp_dir().join(format!("pecp-empty-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let st = check_dir(&dir);
        assert!(st.iter().all(|(_, s)| *s == FileStatus::Missing));
        assert!(Tablebases::open(&dir).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
