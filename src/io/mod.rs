//! Files the user owns are written whole or not at all, and never replaced
//! by something else: a symbolic link is written through to its target, a
//! FIFO or a device (`/dev/null`, `/dev/stdout`) is written as a stream, a
//! file keeps its mode, and a file the user may not write is refused.
//!
//! Every regular file is written beside its target and renamed over it, so
//! whatever fails and whenever, the target holds its old content or the
//! whole new one, and concurrent writers never tear it. A file with several
//! hard links is no exception: rewriting it in place could leave it
//! half-written, so the name given gets the new content and the file's
//! other names keep the old one.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

pub mod lines;

use crate::error::{PecpError, Result};

/// How many links a chain of symbolic links may have.
const MAX_LINKS: usize = 40;

/// Where a write to `path` lands and how.
enum Target {
    /// Nothing there yet: create it beside its folder's other files.
    New(PathBuf),
    /// A regular file the user may write: replace it, keeping its mode.
    Replace(PathBuf, fs::Permissions),
    /// A FIFO, a device or a terminal: write to it as a stream.
    Stream(PathBuf),
}

fn io_error(path: &Path, source: io::Error) -> PecpError {
    PecpError::Io {
        what: format!("cannot write {}", path.display()),
        source,
    }
}

fn invalid(path: &Path, why: &str) -> PecpError {
    io_error(
        path,
        io::Error::new(io::ErrorKind::InvalidInput, why.to_string()),
    )
}

/// Follows symbolic links from `path` to the file they name (which need
/// not exist yet).
fn follow_links(path: &Path) -> Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        if is_system_stream(&p) {
            return Ok(p);
        }
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&p).map_err(|e| io_error(path, e))?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(invalid(path, "too many levels of symbolic links"))
}

/// `/dev/...` and `/proc/...` (as `/dev/stdout` leads to): the kernel's
/// own links, written to as they are, never followed by hand or replaced.
fn is_system_stream(p: &Path) -> bool {
    p.starts_with("/dev") || p.starts_with("/proc")
}

fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

fn target(path: &Path) -> Result<Target> {
    if path.as_os_str().as_encoded_bytes().ends_with(b"/") {
        return Err(invalid(path, "a folder, not a file name"));
    }
    let real = follow_links(path)?;
    if is_system_stream(&real) {
        return match fs::metadata(&real) {
            Ok(m) if m.is_dir() => Err(invalid(path, "it is a folder")),
            Ok(_) => Ok(Target::Stream(real)),
            Err(e) => Err(io_error(path, e)),
        };
    }
    match fs::metadata(&real) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if !folder_of(&real).is_dir() {
                return Err(invalid(path, "no such folder"));
            }
            if real.file_name().is_none() {
                return Err(invalid(path, "not a file name"));
            }
            Ok(Target::New(real))
        }
        Err(e) => Err(io_error(path, e)),
        Ok(m) if m.is_dir() => Err(invalid(path, "it is a folder")),
        Ok(m) if !m.is_file() => Ok(Target::Stream(real)),
        Ok(m) => {
            // Refused as the shell refuses `>` to it: opened for writing,
            // without truncating, and closed at once.
            OpenOptions::new()
                .write(true)
                .open(&real)
                .map_err(|e| io_error(path, e))?;
            Ok(Target::Replace(real, m.permissions()))
        }
    }
}

/// The temporary file beside `real`, named after it and this process.
fn temporary(real: &Path) -> PathBuf {
    let name = real.file_name().unwrap_or_default().to_string_lossy();
    folder_of(real).join(format!(".{name}.pecp-tmp-{}", std::process::id()))
}

/// Removes temporaries that an interrupted run left beside `real`: those
/// whose process no longer exists.
fn remove_stale_temporaries(real: &Path) {
    let name = real.file_name().unwrap_or_default().to_string_lossy();
    let prefix = format!(".{name}.pecp-tmp-");
    let Ok(entries) = fs::read_dir(folder_of(real)) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().to_string();
        let Some(pid) = file.strip_prefix(&prefix) else {
            continue;
        };
        let gone = pid.parse::<u32>().is_ok_and(|pid| {
            pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists()
        });
        if gone {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Writes `bytes` to `path` whole or not at all: a new or replaced file is
/// written beside it and renamed over it, so a reader never sees a
/// half-written file (see the module's notes for links and streams).
///
/// # Errors
/// [`PecpError::Io`] naming the file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let fail = |e: io::Error| io_error(path, e);
    match target(path)? {
        Target::Stream(real) => {
            let mut f = OpenOptions::new().write(true).open(real).map_err(fail)?;
            f.write_all(bytes).and_then(|()| f.flush()).map_err(fail)
        }
        Target::New(real) => replace(&real, bytes, None).map_err(fail),
        Target::Replace(real, mode) => replace(&real, bytes, Some(mode)).map_err(fail),
    }
}

fn replace(real: &Path, bytes: &[u8], mode: Option<fs::Permissions>) -> io::Result<()> {
    remove_stale_temporaries(real);
    let tmp = temporary(real);
    let result = (|| {
        let mut f = File::create(&tmp)?;
        if let Some(mode) = mode {
            f.set_permissions(mode)?;
        }
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, real)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Checks, before any work, that `path` can be written: its folder exists
/// and takes a new file, or the file (or stream) it names opens for
/// writing.
///
/// # Errors
/// [`PecpError::Io`] naming the file and the reason.
pub fn check_writable(path: &Path) -> Result<()> {
    let fail = |e: io::Error| io_error(path, e);
    match target(path)? {
        // Opening a FIFO would wait for a reader; it is opened when written.
        Target::Stream(_) => Ok(()),
        Target::New(real) | Target::Replace(real, _) => {
            let probe = temporary(&real);
            File::create(&probe).map_err(fail)?;
            fs::remove_file(&probe).map_err(fail)
        }
    }
}

/// A file written in pieces and put in place whole at the end
/// ([`Staged::commit`]), or not at all (dropped without a commit, its
/// temporary is removed). Streams are written directly, as in
/// [`write_atomically`].
pub struct Staged {
    file: File,
    /// The temporary and the file it becomes, when staged.
    rename: Option<(PathBuf, PathBuf, Option<fs::Permissions>)>,
}

impl Staged {
    /// Opens `path` for writing in pieces.
    ///
    /// # Errors
    /// [`PecpError::Io`] naming the file.
    pub fn create(path: &Path) -> Result<Staged> {
        let fail = |e: io::Error| io_error(path, e);
        match target(path)? {
            Target::Stream(real) => {
                let file = OpenOptions::new().write(true).open(real).map_err(fail)?;
                Ok(Staged { file, rename: None })
            }
            Target::New(real) => Staged::beside(real, None).map_err(fail),
            Target::Replace(real, mode) => Staged::beside(real, Some(mode)).map_err(fail),
        }
    }

    fn beside(real: PathBuf, mode: Option<fs::Permissions>) -> io::Result<Staged> {
        remove_stale_temporaries(&real);
        let tmp = temporary(&real);
        let file = File::create(&tmp)?;
        Ok(Staged {
            file,
            rename: Some((tmp, real, mode)),
        })
    }

    /// Where to write.
    pub fn file(&mut self) -> &mut File {
        &mut self.file
    }

    /// Puts the file in place.
    ///
    /// # Errors
    /// [`PecpError::Io`] naming the file.
    pub fn commit(mut self) -> Result<()> {
        let Some((tmp, real, mode)) = self.rename.take() else {
            return self
                .file
                .flush()
                .map_err(|e| io_error(Path::new("output"), e));
        };
        let result = (|| {
            if let Some(mode) = mode {
                self.file.set_permissions(mode)?;
            }
            self.file.sync_all()?;
            fs::rename(&tmp, &real)
        })();
        if let Err(e) = result {
            let _ = fs::remove_file(&tmp);
            return Err(io_error(&real, e));
        }
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some((tmp, _, _)) = &self.rename {
            let _ = fs::remove_file(tmp);
        }
    }
}
