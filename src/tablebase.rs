//! Syzygy access: find the 3-piece tables, check them, probe.
//!
//! shakmaty-syzygy trusts whatever file it is given; a damaged table gives
//! wrong answers without any error. So every table is read once, checked
//! against its published size and SHA-256 digest (`tablebases/SHA256SUMS`,
//! compiled in), and probed from those checked bytes in memory
//! ([`crate::tablefiles`]).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use shakmaty::{Chess, Color, Move, Position};
use shakmaty_syzygy::Tablebase;

use crate::error::{PecpError, Result};
pub use crate::tablefiles::{FileStatus, Lookup, SHA256SUMS, expected_files};
use crate::tablefiles::{MemoryFs, check};

fn probe_error(source: shakmaty_syzygy::SyzygyError) -> PecpError {
    PecpError::Probe { source }
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
    /// The best move of each KPK position once probed (see
    /// [`Tablebases::best_move`]): a function of the position, so each is
    /// probed once however many lines pass through it.
    best: Vec<AtomicU32>,
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases")
            .field("dir", &self.dir)
            .finish()
    }
}

impl Tablebases {
    /// Opens the ten tables in `dir`, refusing missing or damaged files.
    ///
    /// # Errors
    /// See [`Tablebases::open_in`].
    pub fn open(dir: &Path) -> Result<Tablebases> {
        Tablebases::open_in(&[dir.to_path_buf()])
    }

    /// Opens the ten tables, each from the first of `dirs` that has it,
    /// refusing missing or damaged files.
    ///
    /// # Errors
    /// [`PecpError::TableFile`] naming the first file that is missing, not
    /// a regular file of the published size, unreadable, or whose digest
    /// does not match.
    pub fn open_in(dirs: &[PathBuf]) -> Result<Tablebases> {
        let files = check(dirs);
        if let Some(bad) = files.iter().find(|f| f.status != FileStatus::Ok) {
            let path = bad.path.clone().unwrap_or_else(|| {
                dirs.first()
                    .map_or_else(PathBuf::new, |d| d.join(bad.expected.name))
            });
            return Err(PecpError::TableFile {
                path,
                problem: bad.status.clone(),
            });
        }
        let fs = MemoryFs::from_checked(&files).expect("every file checked");
        let paths = fs.paths();
        let mut tb = Tablebase::with_filesystem(Arc::new(fs));
        for p in paths {
            tb.add_file(&p).map_err(|source| PecpError::Io {
                what: format!("tablebase: {}", p.display()),
                source,
            })?;
        }
        let dir = files[0].path.as_ref().and_then(|p| p.parent());
        Ok(Tablebases {
            tb,
            dir: dir.map_or_else(PathBuf::new, Path::to_path_buf),
            best: Vec::new(),
        })
    }

    /// Finds tables by the lookup order ([`Lookup::resolve`]). `Ok(None)`
    /// when none were asked for explicitly and the default folder holds no
    /// table file; an error when tables were named or present but are
    /// missing or damaged.
    ///
    /// # Errors
    /// See [`Tablebases::open_in`].
    pub fn discover(flag: Option<&Path>) -> Result<Option<Tablebases>> {
        let lookup = Lookup::resolve(flag);
        if !lookup.explicit && !crate::tablefiles::any_present(&lookup.dirs) {
            return Ok(None);
        }
        Tablebases::open_in(&lookup.dirs).map(Some)
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
        // Syzygy's choice depends on the position alone (not its clock).
        let slot = crate::position::Kpk::from_chess(pos).and_then(|k| self.best.get(k.index()));
        if let Some(code) = slot.map(|s| s.load(Ordering::Relaxed)).filter(|&c| c != 0) {
            return Ok(crate::position::move_of_code(pos, code));
        }
        let m = self.tb.best_move(pos).map_err(probe_error)?.map(|(m, _)| m);
        if let (Some(s), Some(m)) = (slot, m) {
            s.store(crate::position::move_code(m), Ordering::Relaxed);
        }
        Ok(m)
    }

    /// The same tables with a memory of best moves for sweeps that probe
    /// the same positions many times.
    pub fn remembering(mut self) -> Tablebases {
        self.best = (0..crate::position::TABLE_SIZE)
            .map(|_| AtomicU32::new(0))
            .collect();
        self
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
    fn an_empty_folder_has_every_file_missing() {
        let dir = std::env::temp_dir().join(format!("pecp-empty-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let st = crate::tablefiles::check(std::slice::from_ref(&dir));
        assert!(st.iter().all(|f| f.status == FileStatus::Missing));
        assert!(Tablebases::open(&dir).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
