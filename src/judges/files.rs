//! The table files: the ten 3-piece files every command needs and the
//! sixty optional 4-piece ones; where to look for them, what each must be
//! (a regular file of its published size and SHA-256 digest), and the
//! in-memory filesystem the probes read.
//!
//! Each file is read once, bounded by its published size, and checked; the
//! probes then read those very bytes from memory. A table swapped or
//! damaged on disk after the check cannot reach a probe, and a FIFO, a
//! device or a huge file named like a table is refused before any read.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use sha2::{Digest, Sha256};
use shakmaty_syzygy::filesystem::{Filesystem, RandomAccessFile, ReadHint};

/// The published digests of the 3- and 4-piece files, as in
/// `tablebases/SHA256SUMS`.
pub const SHA256SUMS: &str = include_str!("../../tablebases/SHA256SUMS");

/// The published size in bytes of each 3-piece file (25,824 in all):
/// the set every command needs.
const SIZES: [(&str, u64); 10] = [
    ("KBvK.rtbw", 80),
    ("KNvK.rtbw", 80),
    ("KPvK.rtbw", 7824),
    ("KQvK.rtbw", 272),
    ("KRvK.rtbw", 208),
    ("KBvK.rtbz", 80),
    ("KNvK.rtbz", 80),
    ("KPvK.rtbz", 4176),
    ("KQvK.rtbz", 5392),
    ("KRvK.rtbz", 7632),
];

/// The size in bytes of each 4-piece file (4,320,256 in all): the pawn
/// endings beyond KPK (KPvKP, KPPvK) and what their promotions lead to.
/// They are optional: a missing one is skipped, a damaged one refused.
const FOUR_PIECE_SIZES: [(&str, u64); 60] = [
    ("KBBvK.rtbw", 58000),
    ("KBNvK.rtbw", 7632),
    ("KBPvK.rtbw", 81424),
    ("KBvKB.rtbw", 1232),
    ("KBvKN.rtbw", 2256),
    ("KBvKP.rtbw", 107472),
    ("KNNvK.rtbw", 1360),
    ("KNPvK.rtbw", 93200),
    ("KNvKN.rtbw", 1168),
    ("KNvKP.rtbw", 148048),
    ("KPPvK.rtbw", 25104),
    ("KPvKP.rtbw", 245328),
    ("KQBvK.rtbw", 4944),
    ("KQNvK.rtbw", 3600),
    ("KQPvK.rtbw", 12496),
    ("KQQvK.rtbw", 7056),
    ("KQRvK.rtbw", 4560),
    ("KQvKB.rtbw", 6672),
    ("KQvKN.rtbw", 10064),
    ("KQvKP.rtbw", 58064),
    ("KQvKQ.rtbw", 16528),
    ("KQvKR.rtbw", 20496),
    ("KRBvK.rtbw", 2832),
    ("KRNvK.rtbw", 2320),
    ("KRPvK.rtbw", 5136),
    ("KRRvK.rtbw", 1936),
    ("KRvKB.rtbw", 32912),
    ("KRvKN.rtbw", 100048),
    ("KRvKP.rtbw", 179408),
    ("KRvKR.rtbw", 12944),
    ("KBBvK.rtbz", 136272),
    ("KBNvK.rtbz", 461840),
    ("KBPvK.rtbz", 75792),
    ("KBvKB.rtbz", 80),
    ("KBvKN.rtbz", 80),
    ("KBvKP.rtbz", 5968),
    ("KNNvK.rtbz", 80),
    ("KNPvK.rtbz", 111056),
    ("KNvKN.rtbz", 80),
    ("KNvKP.rtbz", 10640),
    ("KPPvK.rtbz", 8656),
    ("KPvKP.rtbz", 54480),
    ("KQBvK.rtbz", 139088),
    ("KQNvK.rtbz", 156432),
    ("KQPvK.rtbz", 32208),
    ("KQQvK.rtbz", 25936),
    ("KQRvK.rtbz", 44112),
    ("KQvKB.rtbz", 195216),
    ("KQvKN.rtbz", 162640),
    ("KQvKP.rtbz", 205776),
    ("KQvKQ.rtbz", 6736),
    ("KQvKR.rtbz", 309008),
    ("KRBvK.rtbz", 261776),
    ("KRNvK.rtbz", 295632),
    ("KRPvK.rtbz", 12944),
    ("KRRvK.rtbz", 53520),
    ("KRvKB.rtbz", 9936),
    ("KRvKN.rtbz", 93200),
    ("KRvKP.rtbz", 193424),
    ("KRvKR.rtbz", 3408),
];

/// One expected file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Expected {
    /// File name ("KPvK.rtbw").
    pub name: &'static str,
    /// Hex SHA-256.
    pub digest: &'static str,
    /// Size in bytes.
    pub size: u64,
    /// Whether every command needs it (the 3-piece set); the 4-piece
    /// files are optional.
    pub required: bool,
}

/// The expected files, in the order of `SHA256SUMS`: the ten 3-piece
/// files first.
pub fn expected_files() -> Vec<Expected> {
    SHA256SUMS
        .lines()
        .filter_map(|l| {
            let (digest, name) = l.split_once(char::is_whitespace)?;
            let name = name.trim();
            let (size, required) = match SIZES.iter().find(|(n, _)| *n == name) {
                Some(&(_, size)) => (size, true),
                None => (FOUR_PIECE_SIZES.iter().find(|(n, _)| *n == name)?.1, false),
            };
            Some(Expected {
                name,
                digest: digest.trim(),
                size,
                required,
            })
        })
        .collect()
}

/// What was found for one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileStatus {
    /// Present, the right size, and the digest matches.
    Ok,
    /// In none of the folders.
    Missing,
    /// A symbolic link to nothing.
    BrokenLink,
    /// Not a regular file (a folder, a FIFO, a device...).
    NotRegular(&'static str),
    /// A regular file of the wrong size.
    WrongSize {
        /// Its size.
        found: u64,
        /// The published size.
        want: u64,
    },
    /// The right size, but its SHA-256 differs from the published one.
    Mismatch {
        /// The digest of the file found.
        found: String,
    },
    /// Present but could not be read.
    Unreadable(String),
}

impl FileStatus {
    /// Whether a file in this state may be used, or skipped without harm
    /// (an optional file that is not there).
    pub fn acceptable(&self, required: bool) -> bool {
        *self == FileStatus::Ok || (!required && *self == FileStatus::Missing)
    }

    /// Words for the report (also its `Display`).
    pub fn describe(&self) -> String {
        match self {
            FileStatus::Ok => "found, digest OK".into(),
            FileStatus::Missing => "missing".into(),
            FileStatus::BrokenLink => "a broken symbolic link".into(),
            FileStatus::NotRegular(kind) => format!("found, but a {kind}, not a regular file"),
            FileStatus::WrongSize { found, want } => {
                format!("found, {found} bytes where the table has {want}")
            }
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

/// Where to look for the tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lookup {
    /// The folders, in order.
    pub dirs: Vec<PathBuf>,
    /// Whether the user named them (`--tablebases` or `SYZYGY_PATH`).
    pub explicit: bool,
}

impl Lookup {
    /// The lookup order: `--tablebases DIR`; else every folder of
    /// `SYZYGY_PATH` (separated by `:` as for Stockfish and Fathom); else
    /// `./tablebases`.
    pub fn resolve(flag: Option<&Path>) -> Lookup {
        if let Some(p) = flag {
            return Lookup {
                dirs: vec![p.to_path_buf()],
                explicit: true,
            };
        }
        let env = std::env::var_os("SYZYGY_PATH").unwrap_or_default();
        let dirs: Vec<PathBuf> = std::env::split_paths(&env)
            .filter(|p| !p.as_os_str().is_empty())
            .collect();
        if dirs.is_empty() {
            Lookup {
                dirs: vec![PathBuf::from("tablebases")],
                explicit: false,
            }
        } else {
            Lookup {
                dirs,
                explicit: true,
            }
        }
    }

    /// The folders as one string for messages ("a, b").
    pub fn describe(&self) -> String {
        let names: Vec<String> = self.dirs.iter().map(|d| d.display().to_string()).collect();
        names.join(", ")
    }
}

/// Refuses folders that cannot hold the tables: a file named as a
/// folder, or every folder missing (each named).
///
/// # Errors
/// What is wrong, in words.
pub fn check_folders(dirs: &[PathBuf]) -> Result<(), String> {
    if let Some(file) = dirs.iter().find(|d| d.exists() && !d.is_dir()) {
        return Err(format!(
            "{} is a file, not a folder of tables",
            file.display()
        ));
    }
    if !dirs.iter().any(|d| d.is_dir()) {
        let names: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
        let noun = if names.len() == 1 {
            "folder"
        } else {
            "folders"
        };
        return Err(format!("no such {noun}: {}", names.join(", ")));
    }
    Ok(())
}

/// One file as checked.
#[derive(Debug, Clone)]
pub struct CheckedFile {
    /// What was expected.
    pub expected: Expected,
    /// Where it was found (the first folder that has an entry of that name).
    pub path: Option<PathBuf>,
    /// The verdict.
    pub status: FileStatus,
    bytes: Option<Arc<[u8]>>,
}

/// Finds and checks every expected file in `dirs`, the 4-piece ones too.
pub fn check(dirs: &[PathBuf]) -> Vec<CheckedFile> {
    check_set(dirs, true)
}

/// Finds and checks the 3-piece files in `dirs`, and the 4-piece ones
/// with `four_pieces`.
pub fn check_set(dirs: &[PathBuf], four_pieces: bool) -> Vec<CheckedFile> {
    expected_files()
        .into_iter()
        .filter(|e| four_pieces || e.required)
        .map(|expected| {
            let path = dirs
                .iter()
                .map(|d| d.join(expected.name))
                .find(|p| p.symlink_metadata().is_ok());
            let (status, bytes) = match &path {
                None => (FileStatus::Missing, None),
                Some(p) => match read_checked(p, expected) {
                    Ok(b) => (FileStatus::Ok, Some(Arc::from(b))),
                    Err(st) => (st, None),
                },
            };
            CheckedFile {
                expected,
                path,
                status,
                bytes,
            }
        })
        .collect()
}

/// Whether any folder holds an entry named like one of the files.
pub fn any_present(dirs: &[PathBuf]) -> bool {
    expected_files().iter().any(|e| {
        dirs.iter()
            .any(|d| d.join(e.name).symlink_metadata().is_ok())
    })
}

fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_dir() {
        "folder"
    } else if t.is_fifo() {
        "FIFO"
    } else if t.is_char_device() || t.is_block_device() {
        "device"
    } else if t.is_socket() {
        "socket"
    } else {
        "special file"
    }
}

/// Reads `path` if it is a regular file of the expected size, bounded by
/// that size, and checks its digest.
fn read_checked(path: &Path, e: Expected) -> Result<Vec<u8>, FileStatus> {
    let unreadable = |err: io::Error| FileStatus::Unreadable(err.to_string());
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Err(FileStatus::BrokenLink),
        Err(err) => return Err(unreadable(err)),
    };
    check_meta(&meta, e)?;
    // Non-blocking, so that a FIFO put in the file's place after the check
    // above cannot hang the open; the handle is checked again below.
    let file = {
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
            .map_err(unreadable)?
    };
    check_meta(&file.metadata().map_err(unreadable)?, e)?;
    let mut bytes = Vec::with_capacity(e.size as usize);
    file.take(e.size + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 != e.size {
        return Err(FileStatus::WrongSize {
            found: bytes.len() as u64,
            want: e.size,
        });
    }
    let found: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    if found == e.digest {
        Ok(bytes)
    } else {
        Err(FileStatus::Mismatch { found })
    }
}

fn check_meta(meta: &std::fs::Metadata, e: Expected) -> Result<(), FileStatus> {
    if !meta.is_file() {
        return Err(FileStatus::NotRegular(kind_of(meta)));
    }
    if meta.len() != e.size {
        return Err(FileStatus::WrongSize {
            found: meta.len(),
            want: e.size,
        });
    }
    Ok(())
}

/// The checked files, held in memory: shakmaty-syzygy reads its tables
/// through this, never from the disk.
#[derive(Debug, Default)]
pub struct MemoryFs {
    files: BTreeMap<PathBuf, Arc<[u8]>>,
}

impl MemoryFs {
    /// The files found correct (`None` if a required file failed, or an
    /// optional one is there but damaged).
    pub fn from_checked(files: &[CheckedFile]) -> Option<MemoryFs> {
        let mut fs = MemoryFs::default();
        for f in files {
            if !f.status.acceptable(f.expected.required) {
                return None;
            }
            if let (Some(path), Some(bytes)) = (&f.path, &f.bytes) {
                fs.files.insert(path.clone(), bytes.clone());
            }
        }
        Some(fs)
    }

    /// The paths held, to register with the tablebase.
    pub fn paths(&self) -> Vec<PathBuf> {
        self.files.keys().cloned().collect()
    }
}

impl Filesystem for MemoryFs {
    fn regular_file_size(&self, path: &Path) -> io::Result<u64> {
        self.files
            .get(path)
            .map(|b| b.len() as u64)
            .ok_or_else(|| io::ErrorKind::NotFound.into())
    }

    fn read_dir(&self, _path: &Path) -> io::Result<Vec<PathBuf>> {
        Ok(self.paths())
    }

    fn open(&self, path: &Path) -> io::Result<Box<dyn RandomAccessFile>> {
        let bytes = self.files.get(path).ok_or(io::ErrorKind::NotFound)?;
        Ok(Box::new(MemoryFile(Arc::clone(bytes))))
    }
}

struct MemoryFile(Arc<[u8]>);

impl RandomAccessFile for MemoryFile {
    fn read_at(&self, buf: &mut [u8], offset: u64, _hint: ReadHint) -> io::Result<usize> {
        let start = usize::try_from(offset)
            .unwrap_or(usize::MAX)
            .min(self.0.len());
        let n = buf.len().min(self.0.len() - start);
        buf[..n].copy_from_slice(&self.0[start..start + n]);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_required_files_of_25824_bytes_and_sixty_optional() {
        let files = expected_files();
        let (three, four): (Vec<&Expected>, Vec<&Expected>) =
            files.iter().partition(|e| e.required);
        assert_eq!(three.len(), 10);
        assert_eq!(three.iter().map(|e| e.size).sum::<u64>(), 25_824);
        assert_eq!(four.len(), 60);
        assert_eq!(four.iter().map(|e| e.size).sum::<u64>(), 4_320_256);
        assert!(files.iter().all(|e| e.digest.len() == 64));
        // The 3-piece files come first: the folder of the first is the
        // tables' folder.
        assert!(files[..10].iter().all(|e| e.required));
    }

    #[test]
    fn the_memory_file_reads_what_it_holds() {
        let f = MemoryFile(Arc::from(&b"abcdef"[..]));
        let mut buf = [0u8; 4];
        assert_eq!(f.read_at(&mut buf, 4, ReadHint::Data).unwrap(), 2);
        assert_eq!(&buf[..2], b"ef");
        assert_eq!(f.read_at(&mut buf, 9, ReadHint::Data).unwrap(), 0);
    }
}
