//! The pawn endings of four pieces beyond KPK (a pawn each, KPKP; two
//! pawns against the king, KPPK): read in every notation, normalised,
//! shown, and enumerated to the counts the tables give.

mod common;

use pecp::Tablebases;
use pecp::board::pawns::{PawnEnding, PawnPosition, for_each_position, parse};
use pecp::board::position::{Orientation, fen_of, paper_any, to_user};
use shakmaty::{Bitboard, Color, FromSetup, Position};

fn stdout(args: &[&str]) -> (Option<i32>, String, String) {
    let o = common::pecp(args);
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn every_position_is_enumerated_as_the_tables_count_them() {
    // Both sides to move, no en passant right: the counts the tables'
    // README gives.
    for (ending, all, white) in [
        (PawnEnding::Kpkp, 14_872_176, 7_436_088),
        (PawnEnding::Kppk, 7_436_088, 3_613_342),
    ] {
        let (mut n, mut w) = (0usize, 0usize);
        for_each_position(ending, Bitboard::FULL, |pos| {
            n += 1;
            w += usize::from(pos.turn() == Color::White);
        });
        assert_eq!((n, w), (all, white), "{}", ending.name());
    }
}

#[test]
fn fen_epd_and_paper_notation_agree() {
    let cases = [
        (
            "8/8/3k4/3p4/3P4/3K4/8/8 w - - 0 1",
            "wk(4/3) wp(4/4) bk(4/6) bp(4/5) white",
        ),
        (
            "8/8/8/3k4/8/8/3PP3/4K3 b - - 0 1",
            "wk(5/1) wp(4/2) wp(5/2) bk(4/5) black",
        ),
        (
            "7K/8/k1P5/7p/8/8/8/8 w - - 0 1",
            "wk(8/8) wp(3/6) bk(1/6) bp(8/5) white",
        ),
    ];
    for (fen, paper) in cases {
        let (a, oa) = parse(fen).unwrap();
        let (b, ob) = parse(paper).unwrap();
        let epd = fen.replace(" 0 1", " bm Kd4; id \"x\";");
        let (c, _) = parse(&epd).unwrap();
        assert_eq!((&a, oa), (&b, ob), "{fen}");
        assert_eq!(a, c, "{epd}");
        let shown = to_user(a.chess(), oa);
        assert_eq!(fen_of(&shown), fen);
        assert_eq!(paper_any(&shown), paper);
    }
}

#[test]
fn two_black_pawns_are_colour_flipped_and_a_pawn_each_is_not() {
    let (p, o) = parse("8/8/3k4/2pp4/8/3K4/8/8 w - - 0 1").unwrap();
    assert_eq!(p.ending(), PawnEnding::Kppk);
    assert_eq!(o, Orientation::Flipped);
    // The pawns c5, d5 of Black become c4, d4 of White; Black moves.
    assert_eq!(fen_of(p.chess()), "8/8/3k4/8/2PP4/3K4/8/8 b - - 0 1");
    assert_eq!(p.white_pawns().count(), 2);
    assert_eq!(p.black_pawn(), None);
    let (q, o) = parse("bk(4/6) bp(3/5) bp(4/5) wk(4/3) white").unwrap();
    assert_eq!((&q, o), (&p, Orientation::Flipped));
    let (k, o) = parse("8/8/3k4/3p4/3P4/3K4/8/8 b - - 0 1").unwrap();
    assert_eq!((k.ending(), o), (PawnEnding::Kpkp, Orientation::AsGiven));
    assert_eq!(k.black_pawn(), Some(shakmaty::Square::D5));
}

#[test]
fn an_en_passant_right_is_honoured() {
    let (p, _) = parse("8/8/8/3pP3/8/2k5/8/4K3 w - d6 0 1").unwrap();
    assert_eq!(
        p.chess().ep_square(shakmaty::EnPassantMode::Legal),
        Some(shakmaty::Square::D6)
    );
    let sans: Vec<String> = p
        .chess()
        .legal_moves()
        .into_iter()
        .map(|m| shakmaty::san::San::from_move(p.chess(), m).to_string())
        .collect();
    assert!(sans.contains(&"exd6".to_string()), "{sans:?}");
    // Without the right the capture is not there.
    let (q, _) = parse("8/8/8/3pP3/8/2k5/8/4K3 w - - 0 1").unwrap();
    assert_eq!(
        q.chess().legal_moves().len() + 1,
        p.chess().legal_moves().len()
    );
}

#[test]
fn other_material_and_bad_positions_are_refused_in_one_line() {
    let err = |t: &str| parse(t).unwrap_err().to_string();
    assert_eq!(
        err("8/8/3k4/3pp3/3P4/3K4/8/8 w - - 0 1"),
        "not a pawn ending of four pieces (a pawn each, or two against the king): white: king, pawn; black: king, 2 pawns"
    );
    assert!(err("8/8/3k4/3p4/3P4/3K4/8/7N w - - 0 1").contains("knight"));
    assert!(err("wk(5/1) wp(4/2) wp(4/2) bk(4/5) black").contains("two pieces on one square"));
    assert!(err("wk(5/1) wp(4/1) wp(5/2) bk(4/5) black").starts_with("illegal position"));
    assert!(err("wk(5/1) wk(4/3) wp(5/2) bk(4/5) black").contains("wk given twice"));
    assert!(err("8/8/3k4/3p4/3P4/3K4/8/8").contains("side to move"));
    assert!(
        PawnPosition::new(
            &pecp::board::position::parse_chess("8/8/3k4/8/3P4/3K4/8/8 w - - 0 1").unwrap()
        )
        .is_none()
    );
}

#[test]
fn show_takes_both_endings() {
    let (code, text, _) = stdout(&["show", "wk(5/1) wp(4/2) wp(5/2) bk(4/5) black"]);
    assert_eq!(code, Some(0));
    assert!(
        text.contains("ending:       KPPK (king and two pawns against king)"),
        "{text}"
    );
    assert!(
        text.contains("fen:          8/8/8/3k4/8/8/3PP3/4K3 b - - 0 1"),
        "{text}"
    );
    assert!(
        text.contains("legal moves:  Kc4 Kc5 Kc6 Kd4 Kd6 Ke4 Ke5 Ke6 (8)"),
        "{text}"
    );
    let (code, text, _) = stdout(&["show", "8/8/3k4/2pp4/8/3K4/8/8 w - - 0 1"]);
    assert_eq!(code, Some(0));
    assert!(
        text.contains("paper:        wk(4/3) bk(4/6) bp(3/5) bp(4/5) white"),
        "{text}"
    );
    assert!(
        text.contains("legal moves:  Kc2 Kc3 Kd2 Ke2 Ke3 (5)"),
        "{text}"
    );
    let (code, text, _) = stdout(&["show", "8/8/8/3pP3/8/2k5/8/4K3 w - d6 0 1", "--ascii"]);
    assert_eq!(code, Some(0));
    assert!(text.contains("ending:       KPKP"), "{text}");
    assert!(text.contains("exd6"), "{text}");
    let (code, text, err) = stdout(&["show", "8/8/3k4/3pp3/3P4/3K4/8/8 w - - 0 1"]);
    assert_eq!((code, text.as_str()), (Some(2), ""));
    assert!(
        err.starts_with("pecp: ") && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn the_tables_judge_every_position_as_their_statistics_say() {
    let Some(dir) = common::four_piece_tables("pawn endings, WDL sweep") else {
        return;
    };
    let d = dir.to_str().unwrap();
    for (ending, line) in [
        (
            "kpkp",
            "White wins 4950998, draws 4970180, Black wins 4950998",
        ),
        ("kppk", "White wins 7076168, draws 359920, Black wins 0"),
    ] {
        let (code, text, err) = stdout(&["bench", "sweep", "--ending", ending, "--tablebases", d]);
        assert_eq!(code, Some(0), "{err}");
        assert!(text.contains(line), "{text}");
    }
}

#[test]
fn a_missing_four_piece_table_is_named() {
    let Some(dir) = common::four_piece_tables("pawn endings, a missing table") else {
        return;
    };
    let tmp = std::env::temp_dir().join(format!("pecp-pawns-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for e in pecp::judges::files::expected_files() {
        if e.required || e.name.starts_with("KPPvK") {
            std::fs::copy(dir.join(e.name), tmp.join(e.name)).unwrap();
        }
    }
    let t = tmp.to_str().unwrap();
    let (code, _, err) = stdout(&["bench", "sweep", "--ending", "kpkp", "--tablebases", t]);
    assert_eq!(code, Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("pecp: tablebase: ") && err.contains("KPvKP.rtbw"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

/// The winner by the tables: Some(colour) or None for a draw.
fn winner(tb: &pecp::Tablebases, pos: &shakmaty::Chess) -> Option<Color> {
    tb.wdl(pos).unwrap().winner(pos.turn())
}

#[test]
fn map_takes_the_pawn_endings_and_every_square_agrees_with_the_tables() {
    let Some(dir) = common::four_piece_tables("map pawn endings") else {
        return;
    };
    let tb = Tablebases::open_with_four_pieces(std::slice::from_ref(&dir)).unwrap();
    let d = dir.to_str().unwrap();
    // The Réti study with the black king mapped; two black pawns with the
    // white king mapped, White to move.
    let cases: [(&[&str], &str, Color, &str); 2] = [
        (
            &[
                "--pawn",
                "c6",
                "--enemy-pawn",
                "h5",
                "--king",
                "h8",
                "--side",
                "white",
            ],
            "7K/8/2P5/7p/8/8/8/8",
            Color::White,
            "W: White wins; D: draw; L: Black wins;",
        ),
        (
            &[
                "--pawn",
                "c5",
                "--pawn",
                "d5",
                "--king",
                "d6",
                "--side",
                "white",
                "--pawn-colour",
                "black",
            ],
            "8/8/3k4/2pp4/8/8/8/8",
            Color::Black,
            "W: Black wins; D: draw; .:",
        ),
    ];
    for (args, fixed, pawn_side, legend) in cases {
        let mut all = vec!["map", "--tablebases", d];
        all.extend_from_slice(args);
        let (code, out, err) = stdout(&all);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains(legend), "{out}");
        let fixed: shakmaty::Board = fixed.parse().unwrap();
        let mut squares = 0;
        for (r, line) in out.lines().skip(1).take(8).enumerate() {
            for (f, letter) in line.split_whitespace().skip(1).enumerate() {
                let sq = shakmaty::Square::from_coords(
                    shakmaty::File::new(f as u32),
                    shakmaty::Rank::new(7 - r as u32),
                );
                let mut board = fixed.clone();
                board.set_piece_at(sq, (!pawn_side).king());
                let setup = shakmaty::Setup {
                    board,
                    turn: Color::White,
                    ..shakmaty::Setup::empty()
                };
                let pos = shakmaty::Chess::from_setup(setup, shakmaty::CastlingMode::Standard);
                let want = match pos {
                    _ if fixed.piece_at(sq).is_some() => continue,
                    Err(_) => ".",
                    Ok(p) => match winner(&tb, &p) {
                        Some(c) if c == pawn_side => "W",
                        Some(_) => "L",
                        None => "D",
                    },
                };
                assert_eq!(letter.to_uppercase(), want, "{sq} in {out}");
                squares += 1;
            }
        }
        assert_eq!(squares, 61, "{out}");
    }
    // The Réti position itself: the tables draw, the rules do not prove it.
    let (_, out, _) = stdout(&[
        "map",
        "--tablebases",
        d,
        "--pawn",
        "c6",
        "--enemy-pawn",
        "h5",
        "--king",
        "h8",
        "--side",
        "white",
    ]);
    assert!(out.contains("6  d L P"), "{out}");
    // Refused in one line: a pawn on the last rank, three pawns, no
    // 4-piece tables.
    let reti = |pawn: &'static str| {
        let mut a = vec!["map", "--pawn", pawn, "--enemy-pawn", "h5", "--king", "h8"];
        a.extend(["--side", "white"]);
        a
    };
    let mut last_rank = reti("c8");
    last_rank.extend(["--tablebases", d]);
    let mut three = reti("c6");
    three.extend(["--pawn", "d6"]);
    for (args, names) in [
        (last_rank, "c8"),
        (three, "--pawn"),
        (reti("c6"), "4-piece"),
    ] {
        let (code, out, err) = stdout(&args);
        assert_eq!((code, out.as_str()), (Some(2), ""), "{args:?}");
        assert!(
            err.starts_with("pecp: ") && err.lines().count() == 1 && err.contains(names),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn compare_puts_the_selectors_side_by_side_on_a_sample() {
    let Some(dir) = common::four_piece_tables("compare pawn endings") else {
        return;
    };
    let d = dir.to_str().unwrap();
    let run = |threads: &str| {
        let (code, out, err) = stdout(&[
            "compare",
            "--ending",
            "kppk",
            "--sample",
            "400",
            "--depths",
            "1,3",
            "--json",
            "--tablebases",
            d,
            "-j",
            threads,
        ]);
        assert_eq!(code, Some(0), "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v
    };
    let (one, two) = (run("1"), run("2"));
    let counts = |v: &serde_json::Value| -> Vec<String> {
        v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                format!(
                    "{} {} {}",
                    r["selector"], r["mover_in_won"], r["mover_in_drawn"]
                )
            })
            .collect()
    };
    // The same sample and the same moves whatever the threads.
    assert_eq!(counts(&one), counts(&two));
    assert_eq!(one["positions"], two["positions"]);
    let names: Vec<&str> = one["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["selector"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["pecp", "soma", "alphabeta-1", "alphabeta-3"]);
    let n = one["positions"].as_u64().unwrap();
    assert!((300..=500).contains(&n), "{one}");
    // Every selector judged on the same positions; PECP keeps the win as
    // its validate figures say (99% over every position).
    let rows = one["rows"].as_array().unwrap();
    for r in rows {
        assert_eq!(
            r["mover_in_won"]["positions"],
            rows[0]["mover_in_won"]["positions"]
        );
        assert_eq!(
            r["mover_in_drawn"]["positions"],
            rows[0]["mover_in_drawn"]["positions"]
        );
    }
    let won = &rows[0]["mover_in_won"];
    let (sound, all) = (
        won["sound"].as_u64().unwrap(),
        won["positions"].as_u64().unwrap(),
    );
    assert!(all > 100 && sound as f64 >= 0.97 * all as f64, "{one}");
    // KPK's --playout has no meaning here.
    let (code, _, err) = stdout(&["compare", "--ending", "kpkp", "--playout"]);
    assert_eq!(code, Some(2), "{err}");
}
