//! The output contract: whatever fails and whenever, a file the user names
//! holds its old content or the whole new one; output = input works; a
//! file the user may not write is refused as the shell refuses it;
//! concurrent writers never tear a file; links are followed, streams are
//! streamed. On real hard links, FIFOs, read-only files and, where the
//! test may mount one, a small full filesystem.

mod common;

use common::pecp;
use common::run::{PECP, bash, err, mkfifo, out, refused, scratch};

use std::fs;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::{Command, Output};

const WON: &str = "8/8/3k4/8/8/3PK3/8/8 w - - 0 1";

fn write_line_to(path: &Path) -> Output {
    pecp(&["line", WON, "-f", "pgn", "-o", path.to_str().unwrap()])
}

#[test]
fn output_goes_through_links_and_keeps_the_mode() {
    let dir = scratch("output");
    // A symbolic link stays a link; its target gets the line.
    let target = dir.join("target.pgn");
    fs::write(&target, "old").unwrap();
    let link = dir.join("link.pgn");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    assert!(write_line_to(&link).status.success());
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(fs::read_to_string(&target).unwrap().contains("[Event"));
    // A file keeps its mode.
    let private = dir.join("private.pgn");
    fs::write(&private, "old").unwrap();
    fs::set_permissions(&private, fs::Permissions::from_mode(0o600)).unwrap();
    assert!(write_line_to(&private).status.success());
    assert_eq!(fs::metadata(&private).unwrap().mode() & 0o777, 0o600);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn output_to_devices_and_fifos_is_a_stream() {
    let o = pecp(&["line", WON, "-o", "/dev/null"]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    let o = bash(r#""$PECP" line "8/8/3k4/8/8/3PK3/8/8 w - - 0 1" -o /dev/stdout | grep -c 'Kd4'"#);
    assert_eq!(out(&o).trim(), "1", "{}", err(&o));
    let dir = scratch("fifo");
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let o = write_line_to(&fifo);
    assert!(o.status.success(), "{}", err(&o));
    assert!(reader.join().unwrap().contains("[Event"));
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn temporaries_left_by_an_interrupted_run_are_removed() {
    let dir = scratch("stale");
    // No process has this number (above Linux's largest pid).
    let stale = dir.join(".out.pgn.pecp-tmp-4999999");
    fs::write(&stale, "half").unwrap();
    assert!(write_line_to(&dir.join("out.pgn")).status.success());
    assert!(!stale.exists(), "stale temporary left");
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("out.pgn")]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_output_path_is_refused_before_the_work() {
    // The full playout takes most of a minute: refused at once, nothing
    // printed on stdout.
    let o = pecp(&[
        "validate",
        "--playout",
        "--counterexamples",
        "/nonexistent/x.epd",
    ]);
    refused(&o, "/nonexistent/x.epd");
    assert!(o.stdout.is_empty());
    let o = pecp(&["line", WON, "-o", "/nonexistent/x.pgn"]);
    refused(&o, "no such folder");
}

const GAMES: &str = include_str!("data/games.pgn");

/// `a` and `b`: two names of one file holding `content`.
fn hard_linked(dir: &Path, content: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let (a, b) = (dir.join("a.pgn"), dir.join("b.pgn"));
    fs::write(&a, content).unwrap();
    fs::hard_link(&a, &b).unwrap();
    (a, b)
}

#[test]
fn output_equal_to_input_on_a_hard_linked_file_is_annotated_whole() {
    let dir = scratch("out-in");
    let (a, b) = hard_linked(&dir, GAMES);
    let p = a.to_str().unwrap();
    let o = pecp(&["annotate", p, "-o", p]);
    // The fourth game holds an illegal move: reported, the rest written.
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("games read: 4"), "{}", err(&o));
    let written = fs::read_to_string(&a).unwrap();
    assert_eq!(written.matches("[Event ").count(), 4, "{written}");
    assert!(written.contains("$4"), "the mistake is marked: {written}");
    // The file's other name keeps the old content, whole.
    assert_eq!(fs::read_to_string(&b).unwrap(), GAMES);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_hard_linked_target_is_untouched_while_the_work_runs_and_after_a_kill() {
    let dir = scratch("out-kill");
    let (a, b) = hard_linked(&dir, "old");
    let fifo = dir.join("games.fifo");
    mkfifo(&fifo);
    let mut child = Command::new(PECP)
        .args([
            "annotate",
            fifo.to_str().unwrap(),
            "-o",
            a.to_str().unwrap(),
        ])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The writer holds the FIFO open: pecp has read one game and waits.
    let mut writer = fs::OpenOptions::new().write(true).open(&fifo).unwrap();
    std::io::Write::write_all(
        &mut writer,
        GAMES.split("\n\n[Event").next().unwrap().as_bytes(),
    )
    .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(
        fs::read_to_string(&a).unwrap(),
        "old",
        "touched during the work"
    );
    child.kill().unwrap();
    child.wait().unwrap();
    drop(writer);
    assert_eq!(fs::read_to_string(&a).unwrap(), "old");
    assert_eq!(fs::read_to_string(&b).unwrap(), "old");
    // Beside them the killed run's temporary, which the next write removes.
    let names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".a.pgn.pecp-tmp-"))
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    fs::remove_dir_all(&dir).unwrap();
}

/// A 64 KiB filesystem mounted at a folder, unmounted when dropped.
struct SmallDisk(std::path::PathBuf);

impl SmallDisk {
    /// Mounts one at `dir`, when this test may (as root on Linux).
    fn mount(dir: &Path) -> Option<SmallDisk> {
        Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(dir)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
            .then(|| SmallDisk(dir.to_path_buf()))
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_full_disk_leaves_the_target_as_it_was() {
    let dir = scratch("out-full");
    let disk = dir.join("disk");
    fs::create_dir(&disk).unwrap();
    let Some(mounted) = SmallDisk::mount(&disk) else {
        eprintln!("a_full_disk_leaves_the_target_as_it_was: cannot mount a small filesystem here");
        return;
    };
    let (a, b) = hard_linked(&disk, "old");
    let input = dir.join("many.pgn");
    fs::write(&input, GAMES.repeat(40)).unwrap();
    let o = pecp(&[
        "annotate",
        input.to_str().unwrap(),
        "-o",
        a.to_str().unwrap(),
    ]);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("No space left"), "{e}");
    let line = pecp(&["line", WON, "-o", b.to_str().unwrap()]);
    assert!(line.status.success(), "{}", err(&line));
    // Fill the disk, then ask for a line: refused whole.
    fs::write(disk.join("filler"), vec![b'x'; 60 * 1024]).ok();
    let line = pecp(&["line", WON, "-f", "pgn", "-o", a.to_str().unwrap()]);
    assert_eq!(line.status.code(), Some(2), "{}", err(&line));
    assert_eq!(fs::read_to_string(&a).unwrap(), "old");
    assert!(fs::read_to_string(&b).unwrap().contains("Kd4"));
    drop(mounted);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn concurrent_writers_to_a_hard_linked_file_never_tear_it() {
    let dir = scratch("out-race");
    let starts = [
        WON,
        "8/8/8/3k4/8/3PK3/8/8 w - - 0 1",
        "8/8/2k5/8/8/3PK3/8/8 w - - 0 1",
        "8/8/8/8/3k4/3P4/3K4/8 w - - 0 1",
        "8/3k4/8/8/8/3PK3/8/8 w - - 0 1",
        "8/8/4k3/8/8/3PK3/8/8 w - - 0 1",
        "8/8/8/4k3/8/3PK3/8/8 w - - 0 1",
        "8/8/3k4/8/8/2KP4/8/8 w - - 0 1",
    ];
    let alone: Vec<Vec<u8>> = starts
        .iter()
        .map(|s| pecp(&["line", s, "-f", "pgn"]).stdout)
        .collect();
    let (a, _b) = hard_linked(&dir, "old");
    let script: String = starts
        .iter()
        .map(|s| format!("\"$PECP\" line \"{s}\" -f pgn -o {} &\n", a.display()))
        .chain(std::iter::once("wait\n".to_string()))
        .collect();
    for round in 0..10 {
        let o = bash(&script);
        assert!(o.status.success(), "{}", err(&o));
        let now = fs::read(&a).unwrap();
        assert!(alone.contains(&now), "round {round}: a torn file");
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// Runs `pecp ARGS` in `dir` as the user `nobody` when the test runs as
/// root (who may write any file), else as the current user. As `nobody`
/// it runs a copy of the binary in `dir`, which it may reach wherever the
/// checkout lies.
fn pecp_as_a_user(dir: &Path, args: &[&str]) -> Output {
    let root = fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0);
    let mut cmd = if root {
        let copy = dir.join("pecp-as-nobody");
        if !copy.exists() {
            fs::copy(PECP, &copy).unwrap();
            fs::set_permissions(&copy, fs::Permissions::from_mode(0o755)).unwrap();
        }
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(copy);
        c
    } else {
        Command::new(PECP)
    };
    cmd.args(args).current_dir(dir).output().unwrap()
}

#[test]
fn a_read_only_target_is_refused_as_the_shell_refuses_it() {
    let dir = scratch("out-ro");
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o777)).unwrap();
    let ro = dir.join("ro.pgn");
    fs::write(&ro, "old").unwrap();
    fs::set_permissions(&ro, fs::Permissions::from_mode(0o444)).unwrap();
    let o = pecp_as_a_user(&dir, &["line", WON, "-o", "ro.pgn"]);
    refused(&o, "Permission denied");
    assert_eq!(fs::read_to_string(&ro).unwrap(), "old");
    // The same through a link, and for a slow command before its work.
    std::os::unix::fs::symlink("ro.pgn", dir.join("to-ro.pgn")).unwrap();
    let o = pecp_as_a_user(&dir, &["line", WON, "-o", "to-ro.pgn"]);
    refused(&o, "Permission denied");
    let o = pecp_as_a_user(
        &dir,
        &["validate", "--playout", "--counterexamples", "ro.pgn"],
    );
    refused(&o, "Permission denied");
    assert_eq!(fs::read_to_string(&ro).unwrap(), "old");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_folder_named_with_a_slash_is_refused_before_the_work() {
    let o = pecp(&["validate", "--playout", "--counterexamples", "newdir/"]);
    refused(&o, "newdir/");
    assert!(o.stdout.is_empty());
    let o = pecp(&["line", WON, "-o", "newdir/"]);
    refused(&o, "not a file name");
}
