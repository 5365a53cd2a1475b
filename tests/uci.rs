//! The UCI loop as a GUI drives it, through the engine's stdin and stdout:
//! `go searchmoves`, `go infinite` with what may come before its `stop`,
//! `SyzygyPath`, a byte-order mark, FENs refused as the command line
//! refuses them, an endless line, a stdin that cannot be read.

mod common;

use common::run::{PECP, bash, err, out, pecp_stdin};

use std::process::{Command, Output, Stdio};

const WON: &str = "8/8/3k4/8/8/3PK3/8/8 w - - 0 1";

fn uci(script: &str) -> Output {
    pecp_stdin(&["uci"], script.as_bytes())
}

/// The lines of stdout that start with `prefix`.
fn lines_with(o: &Output, prefix: &str) -> Vec<String> {
    out(o)
        .lines()
        .filter(|l| l.starts_with(prefix))
        .map(str::to_string)
        .collect()
}

#[test]
fn go_searchmoves_keeps_every_selector_to_the_moves_listed() {
    // PECP alone would play Kd4 (e3d4), the only winning move.
    let o = uci(&format!(
        "position fen {WON}\ngo searchmoves d3d4 e3f4 wtime 1000\n\
         setoption name Selector value soma\ngo searchmoves e3f2\n\
         setoption name Selector value alphabeta\ngo searchmoves e3e2\n\
         position fen 8/8/8/8/8/2k5/8/K2Q4 w - - 0 1\n\
         setoption name Selector value pecp\ngo searchmoves a1a2 z9z9\n"
    ));
    assert_eq!(
        lines_with(&o, "bestmove"),
        [
            "bestmove e3f4",
            "bestmove e3f2",
            "bestmove e3e2",
            "bestmove a1a2"
        ],
        "{}",
        out(&o)
    );
    assert_eq!(
        lines_with(&o, "info string searchmoves"),
        ["info string searchmoves: z9z9 is not a legal move here; left out"]
    );
}

#[test]
fn every_go_gets_one_bestmove_whatever_comes_before_stop() {
    // A new game during `go infinite`: the stop still answers.
    let o = uci(&format!(
        "position fen {WON}\ngo infinite\nucinewgame\nstop\n"
    ));
    assert_eq!(lines_with(&o, "bestmove"), ["bestmove e3d4"], "{}", out(&o));
    // A new position and `go` during `go infinite`: the first go is
    // answered for its own position, the second for the new one.
    let drawn = "k7/8/6K1/8/2P5/8/8/8 w - - 0 1";
    let o = uci(&format!(
        "position fen {WON}\ngo infinite\nposition fen {drawn}\ngo infinite\nstop\nstop\n"
    ));
    let moves = lines_with(&o, "bestmove");
    assert_eq!(moves.len(), 2, "{}", out(&o));
    assert_eq!(moves[0], "bestmove e3d4");
    let second = moves[1].trim_start_matches("bestmove ");
    assert!(
        second.starts_with("g6") || second.starts_with("c4"),
        "{moves:?}"
    );
}

#[test]
fn syzygy_path_empty_means_the_tables_the_engine_started_with() {
    let Some(_) = common::tables("syzygy_path_empty_means_the_tables_the_engine_started_with")
    else {
        return;
    };
    let dir = common::tables_dir();
    let dir = dir.to_str().unwrap();
    let o = pecp_stdin(
        &["uci", "--tablebases", dir],
        format!(
            "setoption name SyzygyPath value <empty>\n\
             setoption name SyzygyPath value /nonexistent\n\
             setoption name SyzygyPath value\n\
             setoption name SyzygyPath value /nonexistent:{dir}\n\
             setoption name SyzygyPath value {dir}/KPvK.rtbw\n"
        )
        .as_bytes(),
    );
    let infos = lines_with(&o, "info string");
    assert_eq!(
        infos,
        [
            format!(
                "info string SyzygyPath: tablebase: no such folder: /nonexistent; the tables in {dir} are kept"
            ),
            format!(
                "info string SyzygyPath: tablebase: {dir}/KPvK.rtbw is a file, not a folder of tables; the tables in {dir} are kept"
            ),
        ],
        "{}",
        out(&o)
    );
}

#[test]
fn a_byte_order_mark_before_uci_is_skipped() {
    let o = pecp_stdin(&["uci"], b"\xef\xbb\xbfuci\nisready\n");
    assert_eq!(lines_with(&o, "uciok").len(), 1, "{}", out(&o));
    assert_eq!(lines_with(&o, "readyok").len(), 1);
}

#[test]
fn position_fen_is_refused_as_the_command_line_refuses_it() {
    let o = uci("position fen 8/8/3k4/8/8/3PK3/8/8\ngo\n\
         position fen 8/8/3k4/8/8/3PK3/8/8[] w - - 0 1\ngo\n\
         position fen 8/8/3k4/8/8/3PK3/8/8 w - - 3+3 0 1\ngo\n\
         position fen 8/8/8/8/8/8/P7/K1k5 w - e3 0 1\ngo\n");
    let infos = lines_with(&o, "info string");
    let expected = [
        "only the board is given",
        "no position set",
        "crazyhouse",
        "no position set",
        "three-check",
        "no position set",
        "illegal position",
        "no position set",
    ];
    assert_eq!(infos.len(), expected.len(), "{infos:?}");
    for (line, needle) in infos.iter().zip(expected) {
        assert!(line.contains(needle), "{line:?} lacks {needle:?}");
    }
    assert_eq!(infos[6].matches("illegal position").count(), 1, "{infos:?}");
    assert_eq!(lines_with(&o, "bestmove 0000").len(), 4);
}

#[test]
fn an_endless_line_is_reported_in_bounded_memory_and_the_loop_goes_on() {
    // 1.5 GB of zeros without a newline under a 1 GB address-space limit.
    let o = bash(
        r#"(ulimit -v 1000000; (head -c 1500000000 /dev/zero; printf '\nisready\n') | "$PECP" uci); echo "rc=$?""#,
    );
    let text = out(&o);
    assert!(
        text.contains("info string a line is 1,500,000,000 bytes long"),
        "{text} {}",
        err(&o)
    );
    assert!(text.contains("readyok"), "{text}");
    assert!(text.trim_end().ends_with("rc=0"), "{text} {}", err(&o));
}

#[test]
fn a_stdin_that_cannot_be_read_is_an_error() {
    let o = Command::new(PECP)
        .arg("uci")
        .stdin(Stdio::from(
            std::fs::File::open(env!("CARGO_MANIFEST_DIR")).unwrap(),
        ))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let e = err(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("pecp: cannot read stdin: "), "{e}");
}
