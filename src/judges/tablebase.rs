//! Syzygy access: find the 3-piece tables, check them, probe.
//!
//! shakmaty-syzygy trusts whatever file it is given; a damaged table gives
//! wrong answers without any error. So every table is read once, checked
//! against its published size and SHA-256 digest (`tablebases/SHA256SUMS`,
//! compiled in), and probed from those checked bytes in memory
//! ([`crate::judges::files`]).

use std::cmp::Reverse;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicU32, Ordering};

use shakmaty::{Chess, Color, Move, Position};
use shakmaty_syzygy::{Dtz, MaybeRounded, Tablebase};

use crate::board::pawns::PawnEnding;
use crate::board::position::Kpk;

use crate::error::{PecpError, Result};
use crate::judges::files::MemoryFs;
pub use crate::judges::files::{FileStatus, Lookup, SHA256SUMS, expected_files};

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

    /// The colour that wins, `stm` being the side this value is for;
    /// `None` for a draw.
    pub fn winner(self, stm: Color) -> Option<Color> {
        match self {
            Wdl::Win => Some(stm),
            Wdl::Loss => Some(!stm),
            Wdl::Draw => None,
        }
    }

    /// The same value from the other side.
    pub fn other_side(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
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
    /// Whether it loses (only where the other side has a pawn too).
    pub pawn_side_loses: bool,
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
    /// The 4-piece files loaded: bit i for the i-th of
    /// [`four_piece_names`].
    four_pieces_loaded: u64,
    /// The best move of each KPK position once probed (see
    /// [`Tablebases::best_move`]): a function of the position, so each is
    /// probed once however many lines pass through it.
    best: Vec<AtomicU32>,
    /// The WDL of each position of [`PROBE_SLOTS`] once probed (see
    /// [`wdl_code`]).
    wdl: Vec<AtomicU8>,
    /// The DTZ of each position of [`PROBE_SLOTS`] once probed (see
    /// [`dtz_code`]).
    dtz: Vec<AtomicU32>,
}

/// The positions whose probes are remembered: KPK, then a white queen
/// or rook against the king (each side to move).
const PROBE_SLOTS: usize = crate::board::position::TABLE_SIZE + 2 * 2 * 64 * 64 * 64;

/// The place of `pos` among [`PROBE_SLOTS`]: its KPK index, or after
/// those, a white queen or rook against the bare king.
fn probe_index(pos: &Chess) -> Option<usize> {
    if let Some(k) = Kpk::from_chess(pos) {
        return Some(k.index());
    }
    let board = pos.board();
    let piece = (board.white() & !board.kings()).single_square()?;
    let ending = match board.role_at(piece)? {
        shakmaty::Role::Queen => 0,
        shakmaty::Role::Rook => 1,
        _ => return None,
    };
    if board.black().count() != 1 {
        return None;
    }
    let (wk, bk) = (board.king_of(Color::White)?, board.king_of(Color::Black)?);
    let turn = usize::from(pos.turn() == Color::Black);
    let squares = (usize::from(wk) * 64 + usize::from(bk)) * 64 + usize::from(piece);
    Some(crate::board::position::TABLE_SIZE + (ending * 2 + turn) * 64 * 64 * 64 + squares)
}

/// A WDL in a byte, 0 meaning "not yet probed".
fn wdl_code(w: shakmaty_syzygy::Wdl) -> u8 {
    (i32::from(w) + 3) as u8
}

fn wdl_of_code(c: u8) -> shakmaty_syzygy::Wdl {
    use shakmaty_syzygy::Wdl::{BlessedLoss, CursedWin, Draw, Loss, Win};
    [Loss, BlessedLoss, Draw, CursedWin, Win][usize::from(c) - 1]
}

/// A DTZ in 32 bits, 0 meaning "not yet probed": the value, whether it
/// may be rounded, and a bit that is always set.
fn dtz_code(d: MaybeRounded<Dtz>) -> u32 {
    let rounded = matches!(d, MaybeRounded::Rounded(_));
    let v = d.ignore_rounding().0;
    ((v + 0x8000) as u32) << 2 | u32::from(rounded) << 1 | 1
}

fn dtz_of_code(c: u32) -> MaybeRounded<Dtz> {
    let v = Dtz((c >> 2) as i32 - 0x8000);
    if c & 2 != 0 {
        MaybeRounded::Rounded(v)
    } else {
        MaybeRounded::Precise(v)
    }
}

/// The 4-piece files that judge a pawn ending: its own, and those of the
/// endings one promotion (to any piece) leads to, WDL and DTZ.
pub fn files_of_ending(ending: PawnEnding) -> Vec<String> {
    let tables: Vec<String> = match ending {
        PawnEnding::Kpkp => ["P", "Q", "R", "B", "N"]
            .iter()
            .map(|p| format!("K{p}vKP"))
            .collect(),
        PawnEnding::Kppk => ["P", "Q", "R", "B", "N"]
            .iter()
            .map(|p| format!("K{p}PvK"))
            .collect(),
    };
    let mut names = Vec::new();
    for ext in ["rtbw", "rtbz"] {
        names.extend(tables.iter().map(|t| format!("{t}.{ext}")));
    }
    names
}

/// The names of the sixty 4-piece files, in the order of
/// `tablebases/SHA256SUMS`.
fn four_piece_names() -> Vec<&'static str> {
    crate::judges::files::expected_files()
        .into_iter()
        .filter(|e| !e.required)
        .map(|e| e.name)
        .collect()
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases")
            .field("dir", &self.dir)
            .finish()
    }
}

impl Tablebases {
    /// Opens the ten 3-piece tables in `dir`, refusing missing or damaged
    /// files.
    ///
    /// # Errors
    /// See [`Tablebases::open_in`].
    pub fn open(dir: &Path) -> Result<Tablebases> {
        Tablebases::open_in(&[dir.to_path_buf()])
    }

    /// Opens the ten 3-piece tables, each from the first of `dirs` that
    /// has it, refusing missing or damaged files.
    ///
    /// # Errors
    /// [`PecpError::TableFile`] naming the first file that is missing (of
    /// the 3-piece set), not a regular file of the published size,
    /// unreadable, or whose digest does not match.
    pub fn open_in(dirs: &[PathBuf]) -> Result<Tablebases> {
        Tablebases::open_set(dirs, false)
    }

    /// [`Tablebases::open_in`] with the 4-piece files that are there as
    /// well (checked and held in memory like the others), for the pawn
    /// endings beyond KPK. The commands of the KPK, KQK and KRK endings
    /// open the 3-piece set alone, which is read and checked faster.
    ///
    /// # Errors
    /// As [`Tablebases::open_in`], and a 4-piece file that is there but
    /// damaged.
    pub fn open_with_four_pieces(dirs: &[PathBuf]) -> Result<Tablebases> {
        Tablebases::open_set(dirs, true)
    }

    fn open_set(dirs: &[PathBuf], four_pieces: bool) -> Result<Tablebases> {
        crate::judges::files::check_folders(dirs).map_err(PecpError::TableFolders)?;
        let files = crate::judges::files::check_set(dirs, four_pieces);
        if let Some(bad) = files
            .iter()
            .find(|f| !f.status.acceptable(f.expected.required))
        {
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
        let names = four_piece_names();
        let four_pieces_loaded = files
            .iter()
            .filter(|f| !f.expected.required && f.status == FileStatus::Ok)
            .filter_map(|f| names.iter().position(|n| *n == f.expected.name))
            .fold(0u64, |mask, i| mask | 1 << i);
        Ok(Tablebases {
            tb,
            dir: dir.map_or_else(PathBuf::new, Path::to_path_buf),
            four_pieces_loaded,
            best: Vec::new(),
            wdl: Vec::new(),
            dtz: Vec::new(),
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
        Tablebases::discover_set(flag, false)
    }

    /// [`Tablebases::discover`] with the 4-piece files that are there
    /// ([`Tablebases::open_with_four_pieces`]).
    ///
    /// # Errors
    /// As [`Tablebases::open_with_four_pieces`].
    pub fn discover_with_four_pieces(flag: Option<&Path>) -> Result<Option<Tablebases>> {
        Tablebases::discover_set(flag, true)
    }

    fn discover_set(flag: Option<&Path>, four_pieces: bool) -> Result<Option<Tablebases>> {
        let lookup = Lookup::resolve(flag);
        if !lookup.explicit && !crate::judges::files::any_present(&lookup.dirs) {
            return Ok(None);
        }
        Tablebases::open_set(&lookup.dirs, four_pieces).map(Some)
    }

    /// Refuses, naming the first missing file, unless every 4-piece file
    /// that judges `ending` was loaded: the ending's own WDL and DTZ files
    /// and those of each promotion of one pawn.
    ///
    /// # Errors
    /// [`PecpError::TableFile`] with [`FileStatus::Missing`].
    pub fn require(&self, ending: PawnEnding) -> Result<()> {
        for name in files_of_ending(ending) {
            let names = four_piece_names();
            let i = names.iter().position(|n| *n == name);
            if i.is_none_or(|i| self.four_pieces_loaded & 1 << i == 0) {
                return Err(PecpError::TableFile {
                    path: self.dir.join(&name),
                    problem: FileStatus::Missing,
                });
            }
        }
        Ok(())
    }

    /// Whether the files loaded judge `pos` and every position one move
    /// on: always for the 3-piece endings; for a pawn ending of four
    /// pieces, when its files ([`Tablebases::require`]) are there.
    pub fn judges(&self, pos: &Chess) -> bool {
        match crate::board::pawns::PawnEnding::of_board(pos.board()) {
            Some((ending, _)) => self.require(ending).is_ok(),
            None => pos.board().occupied().count() <= 3,
        }
    }

    /// How many of the sixty 4-piece files were found and loaded (0 unless
    /// opened with [`Tablebases::open_with_four_pieces`]).
    pub fn four_piece_files(&self) -> usize {
        self.four_pieces_loaded.count_ones() as usize
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
        let (pawn_side_wins, pawn_side_loses) = match pos.turn() {
            Color::White => (wdl_stm == Wdl::Win, wdl_stm == Wdl::Loss),
            Color::Black => (wdl_stm == Wdl::Loss, wdl_stm == Wdl::Win),
        };
        Ok(TbValue {
            wdl_stm,
            dtz_stm,
            pawn_side_wins,
            pawn_side_loses,
        })
    }

    /// shakmaty-syzygy's DTZ-optimal move (fastest win, slowest loss).
    ///
    /// # Errors
    /// A [`PecpError::Probe`] if a probe fails.
    pub fn best_move(&self, pos: &Chess) -> Result<Option<Move>> {
        // Syzygy's choice depends on the position alone (not its clock).
        let slot =
            crate::board::position::Kpk::from_chess(pos).and_then(|k| self.best.get(k.index()));
        if let Some(code) = slot.map(|s| s.load(Ordering::Relaxed)).filter(|&c| c != 0) {
            return Ok(crate::board::position::move_of_code(pos, code));
        }
        let m = self.dtz_optimal_move(pos)?;
        if let (Some(s), Some(m)) = (slot, m) {
            s.store(crate::board::position::move_code(m), Ordering::Relaxed);
        }
        Ok(m)
    }

    /// shakmaty-syzygy's choice (`Tablebase::best_move`), made the same
    /// way from remembered probes: among the moves to the best WDL for the
    /// mover, an immediate mate first, then zeroing when winning (not when
    /// losing), then the DTZ of the position after it, highest first; the
    /// first such move in move order.
    fn dtz_optimal_move(&self, pos: &Chess) -> Result<Option<Move>> {
        let moves = pos.legal_moves();
        let child = |m: Move| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            after
        };
        let wdls = moves
            .iter()
            .map(|&m| self.probed_wdl(&child(m)))
            .collect::<Result<Vec<_>>>()?;
        let Some(&best) = wdls.iter().min() else {
            return Ok(None);
        };
        let mut chosen = None;
        for (&m, _) in moves.iter().zip(&wdls).filter(|(_, w)| **w == best) {
            let after = child(m);
            let dtz = self.probed_dtz(&after)?;
            let key = (
                Reverse(dtz.ignore_rounding() == Dtz(-1) && after.is_checkmate()),
                m.is_zeroing() ^ dtz.is_negative(),
                Reverse(dtz.ignore_rounding()),
            );
            if chosen.as_ref().is_none_or(|(k, _)| key < *k) {
                chosen = Some((key, m));
            }
        }
        Ok(chosen.map(|(_, m)| m))
    }

    /// Syzygy's WDL of `pos` as a zeroing move reaches it, remembered for
    /// the positions of [`PROBE_SLOTS`].
    fn probed_wdl(&self, pos: &Chess) -> Result<shakmaty_syzygy::Wdl> {
        let slot = probe_index(pos).and_then(|i| self.wdl.get(i));
        if let Some(c) = slot.map(|s| s.load(Ordering::Relaxed)).filter(|&c| c != 0) {
            return Ok(wdl_of_code(c));
        }
        let w = self.tb.probe_wdl_after_zeroing(pos).map_err(probe_error)?;
        if let Some(s) = slot {
            s.store(wdl_code(w), Ordering::Relaxed);
        }
        Ok(w)
    }

    /// Syzygy's DTZ of `pos`, remembered for the positions of
    /// [`PROBE_SLOTS`].
    fn probed_dtz(&self, pos: &Chess) -> Result<MaybeRounded<Dtz>> {
        let slot = probe_index(pos).and_then(|i| self.dtz.get(i));
        if let Some(c) = slot.map(|s| s.load(Ordering::Relaxed)).filter(|&c| c != 0) {
            return Ok(dtz_of_code(c));
        }
        let worked_out = match slot {
            Some(_) => self.lone_king_dtz(pos)?,
            None => None,
        };
        let d = match worked_out {
            Some(d) => d,
            None => self.tb.probe_dtz(pos).map_err(probe_error)?,
        };
        if let Some(s) = slot {
            s.store(dtz_code(d), Ordering::Relaxed);
        }
        Ok(d)
    }

    /// A remembered position (of [`PROBE_SLOTS`]) with the lone king to
    /// move, lost (it cannot take the pawn or piece): Syzygy's DTZ is one
    /// ply longer than the longest of its moves', as shakmaty-syzygy works
    /// it out by a one-ply search where the table keeps only the other side
    /// to move; here the moves' DTZ come from the memory. `None` for any
    /// other position.
    fn lone_king_dtz(&self, pos: &Chess) -> Result<Option<MaybeRounded<Dtz>>> {
        if pos.turn() != Color::Black || self.probed_wdl(pos)? != shakmaty_syzygy::Wdl::Loss {
            return Ok(None);
        }
        let mut best = MaybeRounded::Precise(Dtz(-1));
        for m in pos.legal_moves() {
            if m.is_zeroing() {
                return Ok(None);
            }
            let mut after = pos.clone();
            after.play_unchecked(m);
            let v = -self.probed_dtz(&after)?;
            if v.signum() == -1 {
                let v = v.add_plies(1);
                if v.ignore_rounding() < best.ignore_rounding() {
                    best = v;
                }
            }
        }
        Ok(Some(best))
    }

    /// The same tables with a memory of probes and best moves for sweeps
    /// that probe the same positions many times.
    pub fn remembering(mut self) -> Tablebases {
        let n = crate::board::position::TABLE_SIZE;
        self.best = (0..n).map(|_| AtomicU32::new(0)).collect();
        self.wdl = (0..PROBE_SLOTS).map(|_| AtomicU8::new(0)).collect();
        self.dtz = (0..PROBE_SLOTS).map(|_| AtomicU32::new(0)).collect();
        self
    }

    /// shakmaty-syzygy's own DTZ probe, for tests of the remembered one.
    ///
    /// # Errors
    /// A [`PecpError::Probe`] if the probe fails.
    pub fn library_dtz(&self, pos: &Chess) -> Result<i32> {
        Ok(self
            .tb
            .probe_dtz(pos)
            .map_err(probe_error)?
            .ignore_rounding()
            .0)
    }

    /// The remembered DTZ of `pos` (probed, or worked out from its moves').
    ///
    /// # Errors
    /// A [`PecpError::Probe`] if a probe fails.
    pub fn remembered_dtz(&self, pos: &Chess) -> Result<i32> {
        Ok(self.probed_dtz(pos)?.ignore_rounding().0)
    }

    /// shakmaty-syzygy's own `best_move`, for tests of
    /// [`Tablebases::best_move`].
    ///
    /// # Errors
    /// A [`PecpError::Probe`] if a probe fails.
    pub fn library_best_move(&self, pos: &Chess) -> Result<Option<Move>> {
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
    fn an_empty_folder_has_every_file_missing() {
        let dir = std::env::temp_dir().join(format!("pecp-empty-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let st = crate::judges::files::check(std::slice::from_ref(&dir));
        assert!(st.iter().all(|f| f.status == FileStatus::Missing));
        assert!(Tablebases::open(&dir).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
