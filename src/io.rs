//! Files the user owns are written whole or not at all.

use std::io::Write;
use std::path::Path;

use crate::error::{PecpError, Result};

/// Writes `bytes` to a temporary file beside `path`, then renames it over
/// `path`, so a reader never sees a half-written file.
///
/// # Errors
/// [`PecpError::Io`] naming the file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path.file_name().ok_or_else(|| PecpError::Io {
        what: format!("cannot write {}", path.display()),
        source: std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"),
    })?;
    let tmp = dir.join(format!(
        ".{}.pecp-tmp-{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let fail = |e: std::io::Error| PecpError::Io {
        what: format!("cannot write {}", path.display()),
        source: e,
    };
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(e));
    }
    Ok(())
}

/// Checks, before any work, that `path` can be written: its folder exists
/// and it is not itself a folder.
///
/// # Errors
/// [`PecpError::Io`] naming the file and the reason.
pub fn check_writable(path: &Path) -> Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let why = if !dir.is_dir() {
        Some("no such folder")
    } else if path.is_dir() {
        Some("it is a folder")
    } else {
        None
    };
    match why {
        Some(why) => Err(PecpError::Io {
            what: format!("cannot write {}", path.display()),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, why),
        }),
        None => Ok(()),
    }
}
