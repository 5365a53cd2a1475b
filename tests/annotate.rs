//! `pecp annotate`: real-looking games (a KPK ending with a blunder, one
//! with a black pawn, one with comments, NAGs and variations, one with an
//! illegal move) come back with their KPK moves annotated and everything
//! else as it was; a file of 10,000 games streams in bounded memory.

mod common;

use common::pecp;
use std::process::Command;

const GAMES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games.pgn");

#[test]
fn games_come_back_annotated_and_whole() {
    let o = pecp(&["annotate", GAMES]);
    let raw = String::from_utf8_lossy(&o.stdout);
    assert!(
        raw.lines().all(|l| l.chars().count() <= 80),
        "a line over 80 columns"
    );
    // Lines break anywhere between words: compare on one line.
    let out = raw.replace('\n', " ");
    let err = String::from_utf8_lossy(&o.stderr);
    // The game with an illegal move is refused (exit 2 at the end), written
    // back with a comment where it went wrong, and the others go on.
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("pecp: game 4 (line 37): Kh8 is not a legal move"),
        "{err}"
    );
    assert!(
        err.contains("games read: 4; with a KPK phase: 3; moves annotated: 33; mistakes found: 1"),
        "{err}"
    );
    assert!(out.contains("{pecp: Kh8 is not a legal move"), "{out}");
    // The blunder: Ke4 throws the win away, and pecp shows Kd4.
    assert!(out.contains("60. Ke4 $4"), "{out}");
    assert!(out.contains("( 60. Kd4 {Kd4:"), "{out}");
    // A black pawn, numbered from Black's move 50.
    assert!(out.contains("50... Kd5 $1"), "{out}");
    // What was there stays: tags, comments, NAGs, variations, results.
    for kept in [
        "[Site \"Ankara\"]",
        "{the opposition}",
        "( 1. Ke4 {only a draw} )",
        "1/2-1/2",
        "0-1",
    ] {
        assert!(out.contains(kept), "{kept} lost");
    }
    assert!(!out.contains("$1 $1"), "a NAG doubled");
}

#[test]
fn ten_thousand_games_stream_in_bounded_memory() {
    let one = std::fs::read_to_string(GAMES).unwrap();
    let first = one.split("\n\n[Event").next().unwrap();
    let short = "[Event \"Blitz\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n\
                 [White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 {a comment} *\n\n";
    let path = std::env::temp_dir().join(format!("pecp-many-{}.pgn", std::process::id()));
    let text: String = (0..10_000)
        .map(|i| {
            if i % 1000 == 0 {
                format!("{first}\n\n")
            } else {
                short.to_string()
            }
        })
        .collect();
    std::fs::write(&path, text).unwrap();
    let time = std::path::Path::new("/usr/bin/time");
    let o = if time.exists() {
        Command::new(time)
            .args([
                "-f",
                "max-rss-kb %M",
                env!("CARGO_BIN_EXE_pecp"),
                "annotate",
            ])
            .arg(&path)
            .output()
            .unwrap()
    } else {
        eprintln!("/usr/bin/time missing: memory not measured");
        Command::new(env!("CARGO_BIN_EXE_pecp"))
            .arg("annotate")
            .arg(&path)
            .output()
            .unwrap()
    };
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("games read: 10000; with a KPK phase: 10"),
        "{err}"
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.matches("[Event ").count(), 10_000);
    if let Some(kb) = err
        .lines()
        .find_map(|l| l.strip_prefix("max-rss-kb "))
        .and_then(|v| v.trim().parse::<u64>().ok())
    {
        // The input is 1.4 MB and the output several; one game at a time
        // keeps the process small whatever the file's size.
        assert!(kb < 64 * 1024, "{kb} KB");
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn games_that_reach_the_pawn_endings_of_four_pieces_are_annotated() {
    let Some(dir) = common::four_piece_tables("annotate pawn endings") else {
        return;
    };
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pawn_games.pgn");
    let o = pecp(&["annotate", games, "--tablebases", dir.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout).replace('\n', " ");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    // The Réti study (a pawn each) to the KPK its capture leaves, the
    // mistake c7, and two pawns against the king, with Black to move.
    assert!(
        err.contains("with a KPK phase: 1; moves annotated: 16; mistakes found: 1; with a pawn ending of four pieces (KPKP, KPPK): 3"),
        "{err}"
    );
    assert!(out.contains("1. Kg7 $1 {"), "{out}");
    assert!(out.contains("the Réti manoeuvre"), "{out}");
    assert!(
        out.contains("1. c7 $4 {[%csl Gb7][%cal Gc6c7] Before: a draw; after: Black wins (the tables). c7? loses: Kb7! and the black pawn runs and the black king catches the white pawn"),
        "{out}"
    );
    assert!(out.contains("1... c4+ {"), "{out}");
    assert!(
        out.contains("Before: Black wins; after: Black wins (the tables)."),
        "{out}"
    );
    // Sentences after "after Kb5, " read on in lower case.
    assert!(!out.contains(", Even"), "{out}");
}
