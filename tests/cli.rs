//! The binary on good and bad input: exit codes and one-line messages.

mod common;

use std::process::Output;

use common::pecp;
use common::run::pecp_stdin;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Exit 2, one line on stderr containing `needle`.
fn rejects(args: &[&str], needle: &str) {
    let o = pecp(args);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
    assert_eq!(
        e.trim_end().lines().count(),
        1,
        "{args:?}: not one line: {e}"
    );
    assert!(e.contains(needle), "{args:?}: {e:?} lacks {needle:?}");
}

#[test]
fn show_accepts_fen_paper_notation_and_a_table_row() {
    for p in [
        "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
        "wk(5/3) wp(4/3) bk(4/6) white",
        "8/8/3pk3/8/8/3K4/8/8 b - - 0 1",
    ] {
        let o = pecp(&["show", p]);
        assert_eq!(o.status.code(), Some(0), "{p}: {}", stderr(&o));
        let s = stdout(&o);
        assert!(s.contains("legal moves:") && s.contains("paper:"), "{s}");
    }
    let s = stdout(&pecp(&[
        "show",
        "--ascii",
        "8/8/3pk3/8/8/3K4/8/8 b - - 0 1",
    ]));
    assert!(s.contains("bk(5/6) bp(4/6) wk(4/3) black"), "{s}");
    assert!(s.contains("Kd5 Kd7 Ke5 Ke7 Kf5 Kf6 Kf7 d5 (8)"), "{s}");
    assert!(s.contains(" . . . p k . . ."), "{s}");
}

#[test]
fn every_kind_of_bad_input_exits_2_with_a_reason() {
    rejects(&["show", ""], "empty position");
    rejects(&["show", "rubbish"], "bad FEN");
    rejects(
        &["show", "8/8/3k4/8/8/3PK3/8/7Q w - - 0 1"],
        "not a KPK position: white has a queen",
    );
    rejects(
        &["show", "8/8/3k4/8/3P4/3PK3/3P4/8 w - - 0 1"],
        "not a KPK position: 3 pawns",
    );
    rejects(
        &["show", "3P4/8/3k4/8/8/4K3/8/8 w - - 0 1"],
        "illegal position",
    );
    rejects(
        &["show", "8/8/8/3k4/4K3/3P4/8/8 w - - 0 1"],
        "the kings are adjacent",
    );
    rejects(
        &["show", "8/8/8/8/2k5/3P4/8/5K2 w - - 0 1"],
        "the side not to move is in check",
    );
    rejects(
        &["show", "wk(5/3) wp(4/3) bk(4/9) white"],
        "bad paper notation",
    );
    rejects(
        &[
            "analyse",
            "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
            "--tablebases",
            "/nonexistent/pecp",
        ],
        "tablebase",
    );
    rejects(
        &["line", "8/8/3k4/8/8/3PK3/8/8 w - - 0 1", "--moves", "Qh5"],
        "--moves",
    );
    let garbage = "Z".repeat(100_000);
    rejects(&["show", &garbage], "bad FEN");
}

#[test]
fn megabytes_of_garbage_on_stdin_are_rejected_in_one_line() {
    let text: Vec<u8> = "Zq/9".repeat(1 << 20).into_bytes();
    let o = pecp_stdin(&["analyse", "-"], &text);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    assert!(stderr(&o).len() < 300);
    let binary: Vec<u8> = (0..(3 << 20)).map(|i| (i * 7 % 256) as u8).collect();
    let o = pecp_stdin(&["analyse", "-"], &binary);
    assert_eq!(o.status.code(), Some(2));
    // Binary input has a newline every 256 bytes: each line is reported
    // on its own short line, with its number, and the batch goes on.
    let err = stderr(&o);
    assert!(err.lines().count() > 10_000, "{}", err.lines().count());
    assert!(
        err.lines()
            .all(|l| l.starts_with("pecp: line ") && l.len() < 300),
        "{}",
        err.lines()
            .find(|l| !l.starts_with("pecp: line "))
            .unwrap_or("")
    );
}

#[test]
fn batch_analyse_reads_stdin_and_reports_bad_lines() {
    let o = pecp_stdin(
        &["analyse", "--json", "-"],
        b"8/8/3k4/8/8/3PK3/8/8 w - - 0 1\nwk(5/3) wp(4/3) bk(4/6) black\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for v in &lines {
        for key in [
            "fen",
            "side_to_move",
            "evaluation",
            "moves",
            "best3",
            "chosen",
            "tournament",
        ] {
            assert!(v.get(key).is_some(), "missing {key}");
        }
        for key in ["weight", "deterministic", "rules"] {
            assert!(
                v["evaluation"].get(key).is_some(),
                "missing evaluation.{key}"
            );
        }
    }
    assert_eq!(lines[0]["chosen"], "e3d4");
    assert_eq!(lines[0]["pawn_side"], "white");
    assert_eq!(lines[1]["pawn_side"], "white");
    let o = pecp_stdin(
        &["analyse", "-"],
        b"8/8/3k4/8/8/3PK3/8/8 w - - 0 1\nnonsense\n",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 2: bad FEN"), "{}", stderr(&o));
}

#[test]
fn analyse_json_lists_exactly_the_legal_moves_in_the_users_colours() {
    let o = pecp(&["analyse", "--json", "8/8/3pk3/8/8/3K4/8/8 b - - 0 1"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let mut sans: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    sans.sort();
    assert_eq!(
        sans,
        ["Kd5", "Kd7", "Ke5", "Ke7", "Kf5", "Kf6", "Kf7", "d5"]
    );
    assert_eq!(v["side_to_move"], "black");
    assert_eq!(v["pawn_side"], "black");
    assert_eq!(
        v["chosen"], "e6d5",
        "the colour-flipped paper position: Kd5 is the only win"
    );
}

#[test]
fn rules_lists_every_rule() {
    let o = pecp(&["rules", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let rules = v["rules"].as_array().unwrap();
    assert!(rules.len() >= 15);
    for r in rules {
        for key in ["id", "kind", "weight", "description", "source"] {
            assert!(r.get(key).is_some(), "missing {key}");
        }
    }
}

#[test]
fn line_writes_each_format_and_output_files_whole() {
    let fen = "8/8/3k4/8/8/3PK3/8/8 w - - 0 1";
    let pgn = stdout(&pecp(&["line", fen, "--format", "pgn", "--max-moves", "3"]));
    assert!(
        pgn.contains("[SetUp \"1\"]") && pgn.contains("[FEN \"8/8/3k4/8/8/3PK3/8/8 w - - 0 1\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("1. Kd4"), "{pgn}");
    assert!(
        pgn.trim_end().ends_with('*'),
        "a line stopped by the limit ends with *: {pgn}"
    );
    let table = stdout(&pecp(&[
        "line",
        fen,
        "--format",
        "pecp",
        "--max-moves",
        "2",
    ]));
    assert!(
        table.starts_with("BestMove = [0, wk(5/3), wp(4/3), bk(4/6), white];"),
        "{table}"
    );
    assert!(
        table.contains("BestMove = [1, wk(4/4), wp(4/3), bk(4/6), black];"),
        "{table}"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&pecp(&[
        "line",
        fen,
        "--format",
        "json",
        "--max-moves",
        "2",
    ])))
    .unwrap();
    assert_eq!(json["plies"].as_array().unwrap().len(), 4);
    assert_eq!(json["termination"], "move_limit");
    let dir = std::env::temp_dir().join(format!("pecp-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("line.pgn");
    std::fs::write(&file, "old content").unwrap();
    let o = pecp(&[
        "line",
        fen,
        "--format",
        "pgn",
        "--max-moves",
        "3",
        "--output",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), pgn);
    // A file in a folder that does not exist: error, nothing written.
    rejects(
        &["line", fen, "--output", "/nonexistent/pecp/x.pgn"],
        "cannot write",
    );
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary file left behind"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tablebases_check_passes_on_the_shared_tables_and_fails_on_a_corrupt_copy() {
    if common::tables("tablebases_check").is_none() {
        return;
    }
    let dir = common::tables_dir();
    let o = pecp(&["tablebases", "check", "--tablebases", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(stdout(&o).matches("digest OK").count(), 10);
    let copy = std::env::temp_dir().join(format!("pecp-corrupt-{}", std::process::id()));
    std::fs::create_dir_all(&copy).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "rtbw" || e == "rtbz") {
            std::fs::copy(&p, copy.join(p.file_name().unwrap())).unwrap();
        }
    }
    let victim = copy.join("KPvK.rtbw");
    let mut bytes = std::fs::read(&victim).unwrap();
    bytes[100] ^= 0xFF;
    std::fs::write(&victim, bytes).unwrap();
    let o = pecp(&[
        "tablebases",
        "check",
        "--tablebases",
        copy.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stdout(&o).contains("KPvK.rtbw  found, digest mismatch"),
        "{}",
        stdout(&o)
    );
    // And every command refuses the corrupt set.
    rejects(
        &[
            "analyse",
            "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
            "--tablebases",
            copy.to_str().unwrap(),
        ],
        "digest mismatch",
    );
    std::fs::remove_file(copy.join("KQvK.rtbz")).unwrap();
    let o = pecp(&[
        "tablebases",
        "check",
        "--tablebases",
        copy.to_str().unwrap(),
    ]);
    assert!(stdout(&o).contains("KQvK.rtbz  missing"));
    std::fs::remove_dir_all(&copy).unwrap();
}

#[test]
fn analyse_with_tables_marks_values_and_disagreements() {
    if common::tables("analyse_with_tables").is_none() {
        return;
    }
    let dir = common::tables_dir();
    let o = pecp(&[
        "analyse",
        "--json",
        "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
        "--tablebases",
        dir.to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["tablebase"]["wdl"], "win");
    let moves = v["moves"].as_array().unwrap();
    let winning: Vec<&str> = moves
        .iter()
        .filter(|m| m["keeps_value"] == true)
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(winning, ["Kd4"], "Syzygy: Kd4 is the only winning move");
    assert!(moves.iter().all(|m| m["tablebase"]["dtz"].is_i64()));
}

#[test]
fn selectors_work_on_analyse_line_validate_and_compare() {
    let fen = "8/8/3k4/8/8/3PK3/8/8 w - - 0 1";
    let v: serde_json::Value = serde_json::from_str(
        stdout(&pecp(&[
            "analyse",
            "--json",
            fen,
            "--selector",
            "alphabeta",
            "--depth",
            "4",
        ]))
        .trim(),
    )
    .unwrap();
    assert_eq!(v["selector"]["selector"], "alphabeta-4");
    assert_eq!(v["selector"]["chosen"]["san"], "Kd4");
    let l: serde_json::Value = serde_json::from_str(&stdout(&pecp(&[
        "line",
        fen,
        "--selector",
        "soma",
        "--format",
        "json",
        "--max-moves",
        "3",
    ])))
    .unwrap();
    assert_eq!(l["players"]["white"], "soma");
    for s in ["soma", "alphabeta"] {
        let o = pecp(&[
            "validate",
            "--selector",
            s,
            "--depth",
            "2",
            "--sample",
            "500",
            "--json",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let r: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(r["selector"], s);
        assert_eq!(r["positions"], 500);
    }
    let o = pecp(&["compare", "--depths", "1,2", "--sample", "300"]);
    let t = stdout(&o);
    for row in ["| pecp |", "| soma |", "| alphabeta-1 |", "| alphabeta-2 |"] {
        assert!(t.contains(row), "{t}");
    }
    rejects(
        &["validate", "--selector", "alphabeta", "--depth", "0"],
        "--depth",
    );
}

#[test]
fn output_is_byte_identical_whatever_the_thread_count() {
    let one = pecp(&[
        "validate",
        "--sample",
        "4000",
        "--seed",
        "9",
        "--threads",
        "1",
    ]);
    let three = pecp(&[
        "validate",
        "--sample",
        "4000",
        "--seed",
        "9",
        "--threads",
        "3",
    ]);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(stdout(&one), stdout(&three));
    let fen = "8/8/3k4/8/8/3PK3/8/8 w - - 0 1";
    let a = stdout(&pecp(&["line", fen, "--format", "json"]));
    let b = stdout(&pecp(&["line", fen, "--format", "json"]));
    assert_eq!(a, b);
}

/// Move numbers follow the FEN's fullmove number and side to move, as the
/// PGN standard counts them, whoever holds the pawn.
#[test]
fn moves_are_numbered_from_the_fen_in_every_format() {
    for (fen, first, second) in [
        ("8/8/3pk3/8/8/3K4/8/8 b - - 0 1", "1... ", "2. "),
        ("8/8/3pk3/8/8/3K4/8/8 b - - 0 40", "40... ", "41. "),
        ("8/8/3k4/8/8/3PK3/8/8 w - - 0 7", "7. ", "7... "),
        ("8/8/8/8/4k3/8/2p5/K7 w - - 0 3", "3. ", "3... "),
    ] {
        let pgn = stdout(&pecp(&["line", fen, "--format", "pgn", "--max-moves", "2"]));
        let moves: String = pgn
            .lines()
            .skip_while(|l| l.starts_with('[') || l.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(moves.starts_with(first), "{fen}: {moves}");
        // After the first move's comment and its refuted alternatives.
        let mut after_first = &moves[moves.find('}').unwrap() + 2..];
        while after_first.starts_with("( ") {
            after_first = &after_first[after_first.find(" ) ").unwrap() + 3..];
        }
        assert!(after_first.starts_with(second), "{fen}: {after_first}");
        let text = stdout(&pecp(&["line", fen, "--max-moves", "2"]));
        // The moves' rows, without the refuted alternatives under them.
        let rows: Vec<&str> = text
            .lines()
            .skip(3)
            .filter(|l| !l.starts_with(' '))
            .take(2)
            .collect();
        assert!(
            rows[0].starts_with(first.trim()) && rows[1].starts_with(second.trim()),
            "{fen}: {rows:?}"
        );
        let json = stdout(&pecp(&[
            "line",
            fen,
            "--format",
            "json",
            "--max-moves",
            "2",
        ]));
        let n: u32 = first.trim_end_matches(['.', ' ']).parse().unwrap();
        assert!(json.contains(&format!("\"move_number\": {n}")), "{fen}");
    }
}

/// A win whose DTZ does not fit in the moves the halfmove clock leaves is
/// drawn by the fifty-move rule: analyse says so (DTZ 9 from the paper's
/// position: with 92 plies on the clock it no longer fits, with 91 it does).
#[test]
fn analyse_says_when_the_fifty_move_rule_takes_a_win_away() {
    if common::tables("analyse_says_when_the_fifty_move_rule_takes_a_win_away").is_none() {
        return;
    }
    let dir = common::tables_dir();
    let run = |clock: u32| {
        let fen = format!("8/8/3k4/8/8/3PK3/8/8 w - - {clock} 80");
        let o = pecp(&[
            "analyse",
            "--json",
            &fen,
            "--tablebases",
            dir.to_str().unwrap(),
        ]);
        let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        assert_eq!(v["tablebase"]["dtz"], 9);
        let text = stdout(&pecp(&[
            "analyse",
            &fen,
            "--tablebases",
            dir.to_str().unwrap(),
        ]));
        (
            v["tablebase"]["fifty_move_draw"] == true,
            text.contains("fifty-move rule"),
        )
    };
    assert_eq!(run(92), (true, true));
    assert_eq!(run(91), (false, false));
    assert_eq!(run(0), (false, false));
}

/// Without tables the embedded exact solver judges: the position and every
/// move carry its value, the losing moves are marked, a note says why, and
/// a tablebase player is named for what it is.
#[test]
fn without_tables_the_exact_solver_judges_and_says_so() {
    let o = pecp(&["analyse", "8/8/3k4/8/8/3PK3/8/8 w - - 0 1", "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v.get("tablebase").is_none());
    assert_eq!(v["solver"]["pawn_side_wins"], true);
    let moves = v["moves"].as_array().unwrap();
    let keeping: Vec<&str> = moves
        .iter()
        .filter(|m| m["keeps_value"] == true)
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(keeping, ["Kd4"]);
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("pecp: note: no Syzygy tables"), "{e}");
    let o = pecp(&[
        "line",
        "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
        "--black",
        "tablebase",
        "-f",
        "pgn",
    ]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("[Black \"exact solver\"]"));
}

/// `pecp uci` speaks the protocol on stdin and stdout: it survives bad
/// input, answers at once, and ends at `quit` or at the end of input.
#[test]
fn the_uci_engine_answers_and_survives_bad_input() {
    let script = "uci\nisready\nposition fen garbage\ngo\nhello\n\
                  position fen 8/8/3k4/8/8/3PK3/8/8 w - - 0 1\ngo movetime 100\nquit\ngo\n";
    let o = pecp_stdin(&["uci"], script.as_bytes());
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.contains(&"uciok") && lines.contains(&"readyok"),
        "{out}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("info string bad FEN")),
        "{out}"
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("bestmove"))
            .copied()
            .collect::<Vec<_>>(),
        ["bestmove 0000", "bestmove e3d4"],
        "nothing after quit: {out}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string White wins")),
        "{out}"
    );
    // The end of input ends it too.
    let o = pecp_stdin(&["uci"], b"isready\n");
    assert_eq!(o.status.code(), Some(0));
}

/// `pecp mate` (MATER): a mate by checks, one that needs a quiet move
/// threatening mate, none within the limit, and a bad FEN.
#[test]
fn mater_finds_mates_by_checks_and_threats() {
    let o = pecp(&[
        "mate",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    ]);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        "White mates in 1 by checks: 4. Qxf7# (positions searched: 1)"
    );
    let rook = "7k/8/5K2/8/8/8/8/6R1 w - - 0 1";
    let o = pecp(&["mate", rook, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["mate_in"], serde_json::Value::Null);
    assert_eq!(v["complete"], true);
    let o = pecp(&["mate", rook, "--mode", "threats", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["mate_in"], 2);
    assert_eq!(v["moves"][0], "Kf7");
    assert_eq!(v["moves"].as_array().unwrap().last().unwrap(), "Rh1#");
    let o = pecp(&[
        "mate",
        "8/8/8/3k4/8/8/8/Q3K3 w - - 0 1",
        "--nodes",
        "100",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["complete"], false);
    assert_eq!(v["mate_in"], serde_json::Value::Null);
    rejects(&["mate", "garbage"], "bad FEN");
}
