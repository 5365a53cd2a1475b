//! Attacks and careless use: tables changed or replaced on disk, output
//! paths that are links, streams or shared files, broken input, closed
//! pipes, an unwritable stderr, absurd options. Each case either works or
//! fails in one `pecp: ` line with exit code 2; nothing panics.
//!
//! Linux only, as the tool is: FIFOs come from `mkfifo`, shell pipelines
//! from `bash`, devices from `/dev`.

mod common;

use common::pecp;
use common::run::{PECP, bash, err, mkfifo, out, pecp_within, refused, scratch};

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;
const WON: &str = "8/8/3k4/8/8/3PK3/8/8 w - - 0 1";
const DRAWN: &str = "k7/8/6K1/8/2P5/8/8/8 w - - 0 1";

/// A writable copy of the ten tables in `dir`, or `None` (the test then
/// judges nothing that needs them; `common::tables` says why).
fn copy_tables(test: &str, dir: &Path) -> bool {
    if common::tables(test).is_none() {
        return false;
    }
    for e in pecp::judges::tablebase::expected_files() {
        let to = dir.join(e.name);
        fs::copy(common::tables_dir().join(e.name), &to).unwrap();
        fs::set_permissions(&to, fs::Permissions::from_mode(0o644)).unwrap();
    }
    true
}

#[test]
fn a_table_changed_after_the_check_is_never_probed() {
    let dir = scratch("swap");
    if !copy_tables("table_swap", &dir) {
        return;
    }
    let expected = out(&pecp(&[
        "analyse",
        DRAWN,
        "--json",
        "--tablebases",
        dir.to_str().unwrap(),
    ]));
    let mut child = Command::new(PECP)
        .args([
            "analyse",
            "-",
            "--json",
            "--tablebases",
            dir.to_str().unwrap(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    // A first probe, so that the tables are open, then the file is damaged
    // in place (same inode, as `cp` over it does).
    writeln!(stdin, "{WON}").unwrap();
    assert!(lines.next().unwrap().unwrap().contains("\"wdl\":\"win\""));
    let table = dir.join("KPvK.rtbw");
    let mut bytes = fs::read(&table).unwrap();
    let n = bytes.len();
    for b in &mut bytes[64..n - 64] {
        *b ^= 0x5a;
    }
    fs::write(&table, &bytes).unwrap();
    writeln!(stdin, "{DRAWN}").unwrap();
    drop(stdin);
    let second = lines.next().unwrap().unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(second + "\n", expected, "the damaged table was probed");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_table_that_is_not_a_regular_file_of_its_size_is_refused_unread() {
    let dir = scratch("special");
    if !copy_tables("special_tables", &dir) {
        return;
    }
    let table = dir.join("KPvK.rtbw");
    let d = dir.to_str().unwrap();
    let cases: [(&str, &dyn Fn()); 3] = [
        ("FIFO", &|| mkfifo(&table)),
        ("device", &|| {
            std::os::unix::fs::symlink("/dev/zero", &table).unwrap()
        }),
        ("bytes where the table has 7824", &|| {
            // 4 GB, sparse: refused by its size, never read.
            let f = fs::File::create(&table).unwrap();
            f.set_len(4 << 30).unwrap();
        }),
    ];
    for (needle, make) in cases {
        fs::remove_file(&table).unwrap();
        make();
        let check = pecp_within(
            &["tablebases", "check", "--tablebases", d],
            Duration::from_secs(20),
        )
        .unwrap_or_else(|| panic!("tablebases check hung on a {needle}"));
        assert_eq!(check.status.code(), Some(2));
        assert!(out(&check).contains(needle), "{}", out(&check));
        let a = pecp_within(
            &["analyse", WON, "--tablebases", d],
            Duration::from_secs(20),
        )
        .unwrap_or_else(|| panic!("analyse hung on a {needle}"));
        refused(&a, needle);
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_symlink_loop_is_named_as_such() {
    let dir = scratch("loop");
    let a = dir.join("KPvK.rtbw");
    std::os::unix::fs::symlink(&a, &a).unwrap();
    let o = pecp(&["tablebases", "check", "--tablebases", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(out(&o).contains("symbolic links"), "{}", out(&o));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn syzygy_path_may_name_several_folders() {
    let dir = scratch("paths");
    let (empty, full) = (dir.join("empty"), dir.join("full"));
    fs::create_dir_all(&empty).unwrap();
    fs::create_dir_all(&full).unwrap();
    if !copy_tables("syzygy_path_list", &full) {
        return;
    }
    let o = Command::new(PECP)
        .args(["analyse", WON, "--json"])
        .env(
            "SYZYGY_PATH",
            format!("{}:{}", empty.display(), full.display()),
        )
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("\"tablebase\":{\"wdl\":\"win\""));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_line_that_is_not_utf8_is_reported_and_the_batch_goes_on() {
    let o = bash(&format!(
        r#"printf '{WON}\n\xff\n{WON}\n' | "$PECP" analyse - --json"#
    ));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(out(&o).lines().count(), 2, "both good lines analysed");
    assert_eq!(err(&o).trim(), "pecp: line 2: not UTF-8 text");
    // A byte-order mark opens stdin, or an argument: skipped.
    let o = bash(&format!(
        r#"printf '\xef\xbb\xbf{WON}\n' | "$PECP" analyse - --json"#
    ));
    assert!(o.status.success(), "{}", err(&o));
    let o = pecp(&["show", &format!("\u{feff}{WON}")]);
    assert!(o.status.success(), "{}", err(&o));
}

#[test]
fn an_unwritable_stderr_is_no_panic() {
    let o = bash(r#""$PECP" show garbage 2>/dev/full; echo "rc=$?""#);
    assert_eq!(out(&o).trim(), "rc=2");
    let o = bash(r#""$PECP" validate --sample 100 >/dev/null 2>/dev/full; echo "rc=$?""#);
    assert_eq!(out(&o).trim(), "rc=0");
    let o = bash(r#""$PECP" --help >/dev/full; echo "rc=$?""#);
    assert!(out(&o).trim().ends_with("rc=2"), "{}", out(&o));
}

#[test]
fn a_closed_pipe_does_not_turn_failure_into_success() {
    let dir = scratch("pipe");
    for _ in 0..3 {
        let o = bash(&format!(
            r#""$PECP" tablebases check --tablebases {} | head -c 0; echo "rc=${{PIPESTATUS[0]}}""#,
            dir.display()
        ));
        assert_eq!(out(&o).trim(), "rc=2");
    }
    let o = bash(&format!(
        r#"(echo garbage; for i in $(seq 300); do echo "{WON}"; done) | "$PECP" analyse - --json | head -1 >/dev/null; echo "rc=${{PIPESTATUS[1]}}""#
    ));
    assert_eq!(out(&o).trim(), "rc=2", "{}", err(&o));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn absurd_thread_counts_are_capped() {
    let o = pecp_within(
        &["validate", "--sample", "50", "--threads", "100000"],
        Duration::from_secs(60),
    )
    .expect("validate with --threads 100000 hung");
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).contains("capped at"), "{}", err(&o));
}

#[test]
fn argument_errors_are_one_line() {
    refused(
        &pecp(&["line", WON, "--max-moves", "-1"]),
        "unexpected argument",
    );
    refused(&pecp(&["analyse", WON, "--no-such-flag"]), "--no-such-flag");
    refused(&pecp(&[]), "subcommand");
    refused(&pecp(&["bench"]), "subcommand");
    refused(&pecp(&["validate", "--seed", "3"]), "--sample");
    refused(&pecp(&["analyse", WON, "--json", "--ascii"]), "--ascii");
    refused(&pecp(&["compare", "--depths", "2,3,2"]), "2 twice");
    // Control characters and line separators are escaped.
    refused(&pecp(&["line", WON, "-o", "/nonexistent/a\nb"]), "a\\nb");
    refused(&pecp(&["show", "8/8/\u{2028}8/8 w"]), "\\u{2028}");
}

#[test]
fn inputs_of_other_variants_and_impossible_counters_are_refused() {
    refused(
        &pecp(&["show", "8/8/3k4/8/8/3PK3/8/8[] w - - 0 1"]),
        "crazyhouse",
    );
    refused(
        &pecp(&["show", "8/8/3k4/8/8/3PK3/8/8 w - - 3+3 0 1"]),
        "three-check",
    );
    refused(
        &pecp(&["show", "8/8/3k4/8/8/3PK3/8/8 w - - 4294967297 1"]),
        "too large",
    );
    refused(
        &pecp(&["show", "wk(5/3) wp(4/3) bk(4/6) white black"]),
        "twice",
    );
    let o = pecp(&["show", "8/8/8/8/8/8/P7/K1k5 w - e3 0 1"]);
    refused(&o, "illegal position");
    assert_eq!(
        err(&o).matches("illegal position").count(),
        1,
        "{}",
        err(&o)
    );
}

#[test]
fn sample_zero_means_every_position_for_validate_and_compare() {
    let o = pecp(&["validate", "--sample", "0", "--json"]);
    assert!(o.status.success(), "{}", err(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["positions"], 331_352);
}

#[test]
fn pecp_reads_its_own_output_back() {
    let dir = scratch("roundtrip");
    // The paper's table rows, with their `BestMove = ...;`.
    let rows = out(&pecp(&["line", WON, "-f", "pecp"]));
    let o = Command::new(PECP)
        .args(["analyse", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(rows.as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    // Every KPK row is read; the last, after the promotion, is refused as
    // not KPK.
    assert_eq!(o.status.code(), Some(2));
    let kpk_rows = rows
        .lines()
        .filter(|l| !l.contains("wq(") && !l.starts_with('%'));
    assert_eq!(out(&o).lines().count(), kpk_rows.count());
    assert!(
        err(&o).contains("not a KPK position: wq(...)"),
        "{}",
        err(&o)
    );
    assert_eq!(err(&o).lines().count(), 1, "{}", err(&o));
    // The counterexamples EPD (bm and c0 operations), and a # comment.
    let epd = dir.join("x.epd");
    let o = pecp(&[
        "validate",
        "--sample",
        "2000",
        "--selector",
        "soma",
        "--counterexamples",
        epd.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", err(&o));
    let text = fs::read_to_string(&epd).unwrap();
    assert!(text.contains("bm "), "{text}");
    let o = bash(&format!(
        r#"(cat {}; echo "{WON} # the opposition") | "$PECP" analyse - --json"#,
        epd.display()
    ));
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(out(&o).lines().count(), text.lines().count() + 1);
    fs::remove_dir_all(&dir).unwrap();
}

/// Move counters up to 4,294,967,295 are accepted, and the move numbers
/// after them count on instead of wrapping to 0: in a line's PGN and JSON
/// and in an annotated game.
#[test]
fn move_numbers_past_the_largest_counter_count_on() {
    let start = "8/8/3k4/8/8/3PK3/8/8 w - - 0 4294967294";
    let o = pecp(&["line", start, "--format", "pgn"]);
    assert!(o.status.success(), "{}", err(&o));
    let pgn = out(&o);
    for n in ["4294967294. Kd4", "4294967295. ", "4294967296. "] {
        assert!(pgn.contains(n), "{n} missing in {pgn}");
    }
    assert!(!pgn.contains(" 0. ") && !pgn.contains("\n0. "), "{pgn}");
    let o = pecp(&["line", start, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    let numbers: Vec<u64> = v["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["move_number"].as_u64().unwrap())
        .collect();
    assert_eq!(
        numbers[..4],
        [4294967294, 4294967294, 4294967295, 4294967295]
    );
    assert!(numbers.windows(2).all(|w| w[1] >= w[0]), "{numbers:?}");
    let dir = scratch("counters");
    let games = dir.join("big.pgn");
    fs::write(
        &games,
        "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/3k4/8/8/3PK3/8/8 w - - 0 4294967295\"]\n\n1. Kd4 Kc6 2. Ke5 *\n",
    )
    .unwrap();
    let o = pecp(&["annotate", games.to_str().unwrap()]);
    assert!(o.status.success(), "{}", err(&o));
    let pgn = out(&o);
    assert!(pgn.contains("4294967295. Kd4"), "{pgn}");
    assert!(pgn.contains("4294967296. Ke5"), "{pgn}");
    fs::remove_dir_all(&dir).unwrap();
}

/// A halfmove clock of 4,294,967,295 leaves no win within the fifty-move
/// rule: the clock and the distance to zeroing are added without wrapping.
#[test]
fn the_largest_halfmove_clock_still_counts_for_the_fifty_move_rule() {
    let test = "the_largest_halfmove_clock_still_counts_for_the_fifty_move_rule";
    if common::tables(test).is_none() {
        return;
    }
    let dir = common::tables_dir();
    for (clock, draw) in [("0", false), ("95", true), ("4294967295", true)] {
        let fen = format!("8/8/3k4/8/8/3PK3/8/8 w - - {clock} 1");
        let o = pecp(&[
            "analyse",
            &fen,
            "--json",
            "--tablebases",
            dir.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", err(&o));
        let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
        let tb = &v["tablebase"];
        assert_eq!(tb["wdl"], "win", "{fen}");
        assert_eq!(
            tb["fifty_move_draw"].as_bool().unwrap_or(false),
            draw,
            "{fen}: {tb}"
        );
    }
}

#[test]
fn an_endless_line_in_a_batch_is_reported_with_its_number_in_bounded_memory() {
    let o = bash(&format!(
        r#"(ulimit -v 1000000; (echo "{WON}"; head -c 1500000000 /dev/zero; printf '\n{WON}\n') | "$PECP" analyse - --json | wc -l; echo "rc=${{PIPESTATUS[1]}}")"#
    ));
    assert_eq!(
        out(&o).split_whitespace().collect::<Vec<_>>(),
        ["2", "rc=2"],
        "{}",
        err(&o)
    );
    assert_eq!(
        err(&o).trim(),
        "pecp: line 2 is 1,500,000,000 bytes long; pecp reads lines of at most 1,048,576 bytes"
    );
}

#[test]
fn mate_states_its_limits_and_counts_exactly() {
    refused(
        &pecp(&["mate", "k7/8/2K5/8/8/8/8/6Q1 w - - 0 1", "--nodes", "0"]),
        "a number of positions, at least 1",
    );
    let o = pecp(&[
        "mate",
        "8/8/8/3k4/8/8/8/Q3K3 w - - 0 1",
        "--nodes",
        "1000",
        "--depth",
        "9",
        "--mode",
        "threats",
    ]);
    assert!(
        out(&o).contains("(positions searched: 1000;"),
        "{}",
        out(&o)
    );
    refused(&pecp(&["mate", "k7/8/2K5/8/8/8/8/6Q1"]), "only the board");
    let o = pecp(&["mate", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"]);
    assert_eq!(
        out(&o).trim(),
        "Black is checkmated already: no move to search"
    );
}

#[test]
fn table_folders_that_cannot_hold_tables_are_named() {
    let o = bash(
        r#"SYZYGY_PATH=/nonexistent1:/nonexistent2 "$PECP" analyse "8/8/3k4/8/8/3PK3/8/8 w - - 0 1""#,
    );
    refused(&o, "no such folders: /nonexistent1, /nonexistent2");
    let dir = scratch("table-file");
    let file = dir.join("KPvK.rtbw");
    fs::write(&file, "x").unwrap();
    let o = pecp(&["analyse", WON, "--tablebases", file.to_str().unwrap()]);
    refused(&o, "KPvK.rtbw is a file, not a folder of tables");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_stdout_is_a_failed_write() {
    for cmd in [
        r#""$PECP" --help"#,
        r#""$PECP" validate --sample 100"#,
        r#"echo isready | "$PECP" uci"#,
        r#""$PECP" show "8/8/3k4/8/8/3PK3/8/8 w - - 0 1""#,
    ] {
        let o = bash(&format!(
            r#"{cmd} >&- 2>/tmp/pecp-closed-$$; echo "rc=$?"; cat /tmp/pecp-closed-$$; rm /tmp/pecp-closed-$$"#
        ));
        let text = out(&o);
        assert!(text.starts_with("rc=2\n"), "{cmd}: {text}");
        assert!(text.contains("stdout is closed"), "{cmd}: {text}");
    }
    // A command that writes nothing on stdout does not need it; /dev/null
    // opened by the shell is written as ever.
    let dir = scratch("closed-stdout");
    let o = bash(&format!(
        r#""$PECP" line "{WON}" -o {}/l.pgn >&-; echo "rc=$?"; "$PECP" --help >/dev/null; echo "rc=$?""#,
        dir.display()
    ));
    assert_eq!(out(&o), "rc=0\nrc=0\n", "{}", err(&o));
    fs::remove_dir_all(&dir).unwrap();
}
