//! Running the binary as a user would: from the temporary folder, through
//! bash, with a time limit; reading its answer.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

pub const PECP: &str = env!("CARGO_BIN_EXE_pecp");

/// A fresh temporary folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pecp-rel-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

/// Runs a bash script with `$PECP` set; `SYZYGY_PATH` unset.
pub fn bash(script: &str) -> Output {
    Command::new("bash")
        .arg("-c")
        .arg(script)
        .env("PECP", PECP)
        .env_remove("SYZYGY_PATH")
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap()
}

/// Runs and kills after `limit`: `None` if it had to be killed.
pub fn pecp_within(args: &[&str], limit: Duration) -> Option<Output> {
    let mut child = Command::new(PECP)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while start.elapsed() < limit {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

pub fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Exit 2 and one `pecp: ` line on stderr that contains `needle`.
pub fn refused(o: &Output, needle: &str) {
    let e = err(o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert_eq!(e.lines().count(), 1, "not one line: {e}");
    assert!(e.starts_with("pecp: "), "{e}");
    assert!(e.contains(needle), "{e:?} lacks {needle:?}");
}

pub fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

/// Runs the binary like [`pecp`](super::pecp), `input` on its stdin.
pub fn pecp_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(PECP)
        .args(args)
        .env_remove("SYZYGY_PATH")
        .current_dir(std::env::temp_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // The program may stop reading at the first bad line: ignore EPIPE.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}
