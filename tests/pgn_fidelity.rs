//! PGN kept as written by `pecp annotate`: a long comment comes back whole,
//! a game that cannot be read (an oversized line, a comment or variation
//! not closed, a token that is not a move, binary data) is reported with
//! its number and line and kept behind PGN's escape while the next game is
//! annotated, Latin-1 text keeps its letters, and no written line begins
//! with `%` unless it is such an escape.

mod common;

use common::run::{err, out, pecp_stdin, scratch};

use std::fs;

const KPK: &str = "[Event \"e\"]\n[FEN \"8/8/3k4/8/8/3PK3/8/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n";

fn annotate(pgn: &[u8]) -> std::process::Output {
    pecp_stdin(&["annotate", "-"], pgn)
}

/// The escape lines of a bad game, and the lines of the games read.
fn split(text: &str) -> (Vec<&str>, Vec<&str>) {
    text.lines().partition(|l| l.starts_with('%'))
}

#[test]
fn a_long_comment_comes_back_whole() {
    let long = "abcdefghi ".repeat(2000);
    let o = annotate(format!("{KPK}1. Kd4 {{{}}} 1-0\n", long.trim()).as_bytes());
    assert!(o.status.success(), "{}", err(&o));
    let joined = out(&o).replace('\n', " ");
    assert!(
        joined.contains(&format!("{{{}}}", long.trim())),
        "split: {joined:.300}"
    );
}

#[test]
fn an_oversized_tag_is_kept_and_an_open_comment_spoils_only_its_game() {
    let tag = "x".repeat(17_000);
    let pgn = format!(
        "[Event \"{tag}\"]\n[FEN \"8/8/3k4/8/8/3PK3/8/8 w - - 0 1\"]\n\n1. Kd4 1-0\n\n\
         {KPK}1. Kd4 {{never closed 1-0\n\n{KPK}1. Kd4 Kc6 1-0\n"
    );
    let o = annotate(pgn.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        err(&o).lines().next().unwrap(),
        "pecp: game 2 (line 10): the comment opened on line 10 is not closed"
    );
    let text = out(&o);
    let (escaped, read) = split(&text);
    assert!(
        read.iter().any(|l| l.contains(&tag)),
        "the long tag is kept"
    );
    assert_eq!(read.iter().filter(|l| l.starts_with("[Event")).count(), 2);
    assert!(
        escaped.contains(&"% 1. Kd4 {never closed 1-0"),
        "{escaped:?}"
    );
    assert!(
        err(&o).contains("games read: 3 (unreadable: 1)"),
        "{}",
        err(&o)
    );
}

#[test]
fn tokens_that_are_not_moves_are_reported_not_dropped() {
    for (movetext, token) in [
        ("1. Kd4 ( 1. Kz9 Kd7 ) 1... Kc6 1-0", "Kz9"),
        ("1. Kd4 Kc6 Kd9 1-0", "Kd9"),
        ("1. kd4 Kc6 1-0", "kd4"),
    ] {
        let o = annotate(format!("{KPK}{movetext}\n").as_bytes());
        assert_eq!(o.status.code(), Some(2), "{movetext}");
        let e = err(&o);
        assert!(
            e.starts_with(&format!(
                "pecp: game 1 (line 5): `{token}` is not a move in SAN on line 5\n"
            )),
            "{e}"
        );
        assert!(out(&o).contains(&format!("% {movetext}")), "{}", out(&o));
    }
}

#[test]
fn latin1_text_keeps_its_letters() {
    let pgn = format!(
        "{}1. Kd4 {{café au lait}} 1-0\n",
        KPK.replace("[Event \"e\"]", "[Event \"Café\"]")
    );
    // The same game in Latin-1: é as the one byte 0xE9.
    let latin1: Vec<u8> = pgn
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect();
    let o = annotate(&latin1);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(text.contains("[Event \"Café\"]"), "{text}");
    assert!(text.replace('\n', " ").contains("{café au lait}"), "{text}");
}

#[test]
fn unbalanced_variations_and_binary_files_are_reported() {
    let o = annotate(format!("{KPK}1. Kd4 ( 1. Ke4 Kd7 1-0\n").as_bytes());
    assert!(
        err(&o).starts_with("pecp: game 1 (line 5): the variation opened on line 5 is not closed"),
        "{}",
        err(&o)
    );
    let o = annotate(format!("{KPK}1. Kd4 ) Kc6 1-0\n").as_bytes());
    assert!(err(&o).contains("closes no variation"), "{}", err(&o));
    // A binary file: reported, nothing written; with -o the target is kept.
    let dir = scratch("binary-pgn");
    let (bin, target) = (dir.join("a.bin"), dir.join("out.pgn"));
    let bytes: Vec<u8> = (0..4096u32).map(|i| (i * 7 % 256) as u8).collect();
    fs::write(&bin, &bytes).unwrap();
    fs::write(&target, "old").unwrap();
    let o = common::pecp(&[
        "annotate",
        bin.to_str().unwrap(),
        "-o",
        target.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("binary data, not PGN text"), "{}", err(&o));
    assert_eq!(fs::read_to_string(&target).unwrap(), "old");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_written_line_begins_with_an_escape() {
    // Comments full of words that begin with %: wrapped, none starts a line.
    let words = "%word ".repeat(300);
    let o = annotate(format!("{KPK}1. Kd4 {{{words}}} Kc6 {{{words}}} 1-0\n").as_bytes());
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(text.lines().all(|l| !l.starts_with('%')), "{text}");
    assert_eq!(text.matches("%word").count(), 600);
}

#[test]
fn an_overlong_line_spoils_only_its_game() {
    let long = "x".repeat(2_000_000);
    let pgn = format!("{KPK}1. Kd4 1-0\n\n{KPK}1. Kd4 {{{long}}} 1-0\n\n{KPK}1. Kd4 Kc6 1-0\n");
    let o = annotate(pgn.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        err(&o).lines().next().unwrap(),
        "pecp: game 2 (line 11): line 11 is 2,000,013 bytes long; pecp reads lines of at most 1,048,576 bytes"
    );
    let text = out(&o);
    assert_eq!(
        text.matches("[Event ").count(),
        2,
        "games 1 and 3 annotated"
    );
    assert!(!text.contains("xxxx"), "the long line is left out");
}
