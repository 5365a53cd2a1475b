//! The KPPK book (king and two pawns against king): its rules fire where
//! the books say and not where the corner's stalemate tricks are, every
//! example checked against the 4-piece tables; `analyse` and `line` take
//! the ending with and without a judge; and the sweep over every position
//! holds the book's floors (deterministic rules 100% sound).

mod common;

use pecp::board::facts::Node;
use pecp::board::position::parse_chess;
use pecp::judges::tablebase::Wdl;
use pecp::knowledge::books::kppk;

fn fired(fen: &str) -> Vec<&'static str> {
    let pos = parse_chess(fen).unwrap();
    let mut v: Vec<&str> = kppk::fired_names(&Node::from_chess(&pos)).collect();
    v.sort_unstable();
    v
}

/// (FEN, the rule, whether it fires, White wins by the tables).
const EXAMPLES: [(&str, &str, bool, bool); 25] = [
    // One pawn protects the other.
    (
        "8/8/8/3k4/8/4P3/3P4/K7 b - - 0 1",
        "pawns_protect_each_other",
        true,
        true,
    ),
    // Split pawns far apart: taking either lets the other run.
    (
        "8/1k6/8/8/8/8/P6P/4K3 b - - 0 1",
        "neither_pawn_can_be_taken",
        true,
        true,
    ),
    (
        "8/8/3k4/8/8/8/PP6/7K w - - 0 1",
        "neither_pawn_can_be_taken",
        true,
        true,
    ),
    // Doubled pawns cannot defend each other at a distance.
    (
        "4k3/8/8/8/8/P7/PK6/8 w - - 0 1",
        "neither_pawn_can_be_taken",
        false,
        false,
    ),
    // The white king shut in in front of its rook pawn: a draw.
    (
        "K7/P1k5/8/8/8/8/2P5/8 w - - 0 1",
        "neither_pawn_can_be_taken",
        false,
        false,
    ),
    // The black king at the queening square of a pawn on the seventh.
    (
        "8/1kP5/3K4/P7/8/8/8/8 b - - 0 1",
        "neither_pawn_can_be_taken",
        false,
        false,
    ),
    // Doubled rook pawns, the black king in front of them.
    (
        "k7/8/8/8/P7/P7/8/4K3 b - - 0 1",
        "doubled_rook_pawns_corner",
        true,
        false,
    ),
    (
        "4k3/8/8/8/8/P7/PK6/8 w - - 0 1",
        "doubled_rook_pawns_corner",
        true,
        false,
    ),
    // The black king blockades the front pawn of doubled pawns before the
    // white king can guard it, and takes it; with the white king on f2 in
    // time (Ke3, Kd3), White wins.
    (
        "8/8/8/k7/8/2P5/2P5/7K w - - 0 1",
        "front_pawn_falls",
        true,
        false,
    ),
    (
        "8/8/8/k7/8/2P5/2P2K2/8 w - - 0 1",
        "front_pawn_falls",
        false,
        true,
    ),
    // Doubled b-pawns with a square between them, the black king in the
    // corner and the white king beside it: the stalemate net does not
    // hold them, for the rear pawn keeps a spare move.
    (
        "k7/8/KP6/8/1P6/8/8/8 b - - 0 1",
        "doubled_pawns_neither_taken",
        true,
        true,
    ),
    // Black takes a pawn, and the pawn left is a drawn KPK.
    (
        "7K/8/8/8/1P6/2k5/2P5/8 b - - 0 1",
        "takes_a_pawn_to_a_draw",
        true,
        false,
    ),
    // A pawn that wins alone, and the spare hems the king in on the
    // edge: the stalemate trick the rule leaves alone.
    ("k7/P7/K7/1P6/8/8/8/8 w - - 0 1", "spare_pawn", false, false),
    // Doubled pawns side by side box the king in: b8=Q stalemates.
    ("8/1P6/kP6/8/K7/8/8/8 w - - 0 1", "spare_pawn", false, false),
    // The spare a-pawn hems the king in on the edge, but far from the
    // e-pawn, which runs: no stalemate trap.
    ("8/8/k7/P3P3/8/8/8/5K2 w - - 0 1", "spare_pawn", true, true),
    // The spare b-pawn hems the king in on the edge, but the white king is
    // too far to close the box.
    ("k7/8/1P6/2P1K3/8/8/8/8 w - - 0 1", "spare_pawn", true, true),
    // Stalemate now: the rules of chess decide.
    ("k7/P7/K7/8/8/5P2/8/8 b - - 0 1", "spare_pawn", false, false),
    // Doubled pawns: the rear one wins alone, the front one walks its road.
    (
        "8/8/8/6k1/3P4/3P4/8/K7 w - - 0 1",
        "doubled_pawns_rear_wins",
        true,
        true,
    ),
    // The front pawn on the seventh beside the king: Kb8 and stalemate
    // tricks.
    (
        "8/1Pk5/K7/1P6/8/8/8/8 b - - 0 1",
        "doubled_pawns_rear_wins",
        false,
        false,
    ),
    // The king walks two moves to c4; meanwhile the a-pawn runs to a4,
    // out of its reach.
    (
        "8/5k2/8/8/2P5/8/P7/6K1 w - - 0 1",
        "neither_pawn_can_be_taken",
        true,
        true,
    ),
    // The d6 pawn hems the king in on the edge, but the white king is far:
    // no stalemate net, and taking d6 lets the h-pawn run.
    (
        "4k3/8/3P4/8/8/8/7P/K7 w - - 0 1",
        "neither_pawn_can_be_taken",
        true,
        true,
    ),
    // Doubled pawns with a square between them, the front one guarded.
    (
        "8/8/8/2k5/2P5/1K6/2P5/8 w - - 0 1",
        "doubled_pawns_neither_taken",
        true,
        true,
    ),
    // Touching doubled pawns: the rear one has no spare move.
    (
        "8/8/8/8/1k6/1P6/KP6/8 w - - 0 1",
        "doubled_pawns_neither_taken",
        false,
        false,
    ),
    (
        "8/8/8/k7/8/1P6/KP6/8 b - - 0 1",
        "doubled_pawns_neither_taken",
        false,
        false,
    ),
    // The king between the pawns: a push walks into its reach.
    (
        "8/8/8/8/8/PkP5/8/K7 w - - 0 1",
        "neither_pawn_can_be_taken",
        false,
        false,
    ),
];

#[test]
fn rules_fire_where_the_books_say_and_the_tables_agree() {
    for (fen, rule, fires, _) in EXAMPLES {
        assert_eq!(
            fired(fen).contains(&rule),
            fires,
            "{rule} on {fen}: {:?}",
            fired(fen)
        );
    }
    let Some(dir) = common::four_piece_tables("kppk examples") else {
        return;
    };
    let tb = pecp::Tablebases::open_with_four_pieces(&[dir]).unwrap();
    for (fen, _, _, white_wins) in EXAMPLES {
        let pos = parse_chess(fen).unwrap();
        let w = tb.wdl(&pos).unwrap();
        let wins = w != Wdl::Draw;
        assert_eq!(wins, white_wins, "{fen}: {w:?}");
    }
}

#[test]
fn spare_pawn_fires_on_a_runner() {
    // The h-pawn is outside the square of the black king: it wins alone.
    let f = fired("8/8/8/1k6/8/8/P6P/4K3 w - - 0 1");
    assert!(f.contains(&"spare_pawn"), "{f:?}");
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let o = common::pecp(args);
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn analyse_and_line_take_two_pawns_with_the_judge() {
    let Some(dir) = common::four_piece_tables("kppk analyse") else {
        return;
    };
    let d = dir.to_str().unwrap();
    // The user's Black holds the pawns: the answer in the user's colours.
    let fen = "8/8/8/3k4/8/8/3PP3/4K3 b - - 0 1";
    let a = analyse_json(&[fen, "--tablebases", d]);
    assert_eq!(a["fen"], fen);
    assert_eq!(a["evaluation"]["verdict"], "win");
    assert_eq!(a["evaluation"]["proved_by"], "rule");
    assert_eq!(a["tablebase"]["wdl"], "loss");
    let moves = a["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 8);
    assert!(moves.iter().all(|m| m["keeps_value"] == true), "{a}");
    let (code, out, err) = run(&["line", fen, "--tablebases", d]);
    assert_eq!(code, Some(0), "{err}");
    // White wins, played on to mate (the default).
    let end = out.trim_end().lines().last().unwrap_or("");
    assert_eq!(end, "1-0 (checkmate)", "{out}");
    assert!(out.contains("=Q"), "{out}");
    let flipped = "8/8/3k4/2pp4/8/3K4/8/8 w - - 0 1";
    let (code, out, err) = run(&["line", flipped, "--tablebases", d, "--format", "pgn"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("[Result \"0-1\"]"), "{out}");
}

/// The moves of a line in SAN, and how it ended, from `pecp line --format
/// json` against the tables' defence.
fn line_to_mate(fen: &str, d: &str) -> (Vec<String>, serde_json::Value) {
    let args = ["line", fen, "--black", "tablebase", "--max-moves", "200"];
    let (code, out, err) = run(&[&args[..], &["--format", "json", "--tablebases", d]].concat());
    assert_eq!(code, Some(0), "{err}");
    let l: serde_json::Value = serde_json::from_str(&out).unwrap();
    let sans = l["plies"].as_array().unwrap().iter();
    let sans = sans
        .map(|p| p["san"].as_str().unwrap().to_owned())
        .collect();
    (sans, l)
}

#[test]
fn past_the_first_promotion_the_new_queen_mates_while_the_pawn_waits() {
    let Some(dir) = common::four_piece_tables("kppk mate") else {
        return;
    };
    let d = dir.to_str().unwrap();
    // The pawn on b5 blocks the queen's file: after 1. g8=Q Ka5 the black
    // king still has b6, and no move of the line may stalemate it.
    for fen in [
        "8/6P1/1k6/1P6/8/5K2/8/8 w - - 0 1",
        "8/P4kP1/8/3K4/8/8/8/8 w - - 0 1",
        "8/1P6/6Pk/8/8/8/4K3/8 b - - 0 1",
    ] {
        let (sans, l) = line_to_mate(fen, d);
        assert_eq!(l["termination"], "checkmate", "{fen}: {sans:?}");
        assert_eq!(l["result"], "1-0", "{fen}: {sans:?}");
        assert!(sans.iter().any(|s| s.contains("=Q")), "{fen}: {sans:?}");
        assert!(sans.last().unwrap().ends_with('#'), "{fen}: {sans:?}");
    }
    // The words see the pawn too: after 2. Qb3 the king still has b6, and
    // no comment calls it stalemate.
    let args = [
        "line",
        "8/6P1/1k6/1P6/8/5K2/8/8 w - - 0 1",
        "--black",
        "tablebase",
    ];
    let (code, out, err) = run(&[&args[..], &["--tablebases", d]].concat());
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Qb3"), "{out}");
    assert!(!out.contains("stalemate, a draw"), "{out}");
    // Stopped at the promotion, the line ends there as before.
    let args = [
        "line",
        "8/6P1/1k6/1P6/8/5K2/8/8 w - - 0 1",
        "--until",
        "promotion",
    ];
    let (code, out, err) = run(&[&args[..], &["--tablebases", d]].concat());
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out.trim_end().lines().last(),
        Some("1-0 (absolute_win)"),
        "{out}"
    );
}

/// Rook and knight pawns against the king in their corner protect each
/// other but cannot both queen: White offers the rook pawn's new queen
/// (a8=Q+), and Kxa8 leaves the knight pawn's won ending, the white king
/// beside the pawn a move later. And a mate MATER has begun with a pawn still on the board is
/// played out, not abandoned when the king's step widens its box.
#[test]
fn a_pawn_given_up_in_the_corner_and_a_mate_played_out() {
    let Some(dir) = common::four_piece_tables("kppk corner") else {
        return;
    };
    let d = dir.to_str().unwrap();
    for (fen, given_up) in [
        ("1k6/8/8/1P6/8/P7/8/K7 b - - 0 1", true),
        ("k7/8/1P6/2K5/8/P7/8/8 b - - 0 1", true),
        ("5k2/2P5/2P5/8/1K6/8/8/8 w - - 0 1", false),
    ] {
        let (sans, l) = line_to_mate(fen, d);
        assert_eq!(l["termination"], "checkmate", "{fen}: {sans:?}");
        assert_eq!(l["result"], "1-0", "{fen}: {sans:?}");
        let offered = sans.iter().any(|s| s == "a8=Q+");
        assert_eq!(offered, given_up, "{fen}: {sans:?}");
    }
}

/// Doubled knight pawns against the king in front of them: from Kb3 and
/// Ka3 against Ka7 and Kb7 the only winning moves lead back to positions
/// the line has had, and calculation rules out Kc4 and Ka4 (the black king
/// takes the opposition on b6). Where every way on has been tried, the
/// line goes back to the one it had longest ago (Kc3), and from there on
/// by d4 to c5: it wins instead of repeating Kb3-Ka3.
#[test]
fn doubled_pawns_the_king_varies_its_route_rather_than_repeat() {
    let Some(dir) = common::four_piece_tables("kppk route") else {
        return;
    };
    let d = dir.to_str().unwrap();
    let (sans, l) = line_to_mate("k7/8/8/1P6/1P6/8/4K3/8 w - - 0 1", d);
    assert_eq!(l["termination"], "checkmate", "{sans:?}");
    assert_eq!(l["result"], "1-0", "{sans:?}");
    assert!(sans.iter().any(|s| s == "Kd4"), "{sans:?}");
}

#[test]
fn without_the_four_piece_tables_the_rules_speak_alone() {
    let fen = "8/8/8/3k4/8/8/3PP3/4K3 b - - 0 1";
    // No tables at all, and (when the tests have them) the 3-piece set
    // alone: the same answer, one note, no judge's values.
    let mut folders = vec![None];
    let tmp = std::env::temp_dir().join(format!("pecp-kppk-three-{}", std::process::id()));
    if let Some(dir) = common::four_piece_tables("kppk without 4-piece tables") {
        std::fs::create_dir_all(&tmp).unwrap();
        for e in pecp::judges::files::expected_files()
            .into_iter()
            .filter(|e| e.required)
        {
            std::fs::copy(dir.join(e.name), tmp.join(e.name)).unwrap();
        }
        folders.push(Some(tmp.to_str().unwrap().to_string()));
    }
    for folder in &folders {
        let mut args = vec!["analyse", "--json", fen];
        if let Some(f) = folder {
            args.extend(["--tablebases", f.as_str()]);
        }
        let (code, out, err) = run(&args);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("pecp: note: no judge checks the rules here"),
            "{err}"
        );
        let a: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert!(a["tablebase"].is_null() && a["solver"].is_null(), "{out}");
        assert_eq!(a["evaluation"]["verdict"], "win");
    }
    let _ = std::fs::remove_dir_all(&tmp);
    // Nothing plays the judge's part here.
    let (code, _, err) = run(&["line", fen, "--white", "tablebase"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("4-piece"), "{err}");
    // A pawn each: the KPKP book answers on the rules alone, with the note.
    let (code, _, err) = run(&["analyse", "8/8/3k4/3p4/3P4/3K4/8/8 w - - 0 1"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("no judge checks the rules here"), "{err}");
}

/// Every KPPK position, both sides to move, against the tables: the
/// deterministic rules are all sound, and the floors hold, with
/// calculation's check of the moves (4 plies, as `line` plays).
#[test]
fn the_sweep_over_every_position_holds_the_floors() {
    let Some(dir) = common::four_piece_tables("kppk sweep") else {
        return;
    };
    let d = dir.to_str().unwrap();
    let unproved = std::env::temp_dir().join(format!("pecp-kppk-{}.epd", std::process::id()));
    let _ = std::fs::remove_file(&unproved);
    let (code, out, err) = run(&[
        "validate",
        "--ending",
        "kppk",
        "--json",
        "--playout",
        "--sample",
        "2000",
        "--tablebases",
        d,
        "--unproved",
        unproved.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["positions"], 7_436_088);
    unproved_listed(&dir, &unproved, &r["proofs"]);
    // The playouts: 2,000 of the won positions, spread over them, played
    // out against the tables' defence; the lines that win end in mate
    // (past the first promotion the mating book plays the new piece).
    let c = &r["conversion"];
    assert_eq!(c["won_positions"], 7_076_168, "{c}");
    assert_eq!(c["lines"], 2000, "{c}");
    let won = c["won"].as_u64().unwrap();
    // As measured: all 2,000 win, connected rook and knight pawns
    // against the king in the corner too (the rook pawn is given up for
    // the knight pawn's won ending).
    assert_eq!(won, 2_000, "{c}");
    assert_eq!(c["checkmate"].as_u64().unwrap(), won, "{c}");
    assert_eq!(r["white_to_move"], 3_613_342);
    assert_eq!(r["truth"], serde_json::json!([7_076_168, 359_920, 0]));
    let det = &r["deterministic"];
    assert_eq!(det["positions"], det["sound"], "{det}");
    assert!(det["positions"].as_u64().unwrap() >= 6_891_946, "{det}");
    for rule in r["rules"].as_array().unwrap() {
        if rule["kind"] == "deterministic" {
            assert_eq!(rule["fired"], rule["agree"], "{rule}");
        }
    }
    // As measured: White keeps the win in every one of 3,555,030, Black
    // the draw in every one of 300,768.
    let sound = |c: &serde_json::Value| c["sound"].as_u64().unwrap();
    assert_eq!(
        sound(&r["white_in_won"]),
        r["white_in_won"]["positions"].as_u64().unwrap(),
        "{}",
        r["white_in_won"]
    );
    assert_eq!(r["white_in_won"]["positions"], 3_555_030);
    assert_eq!(
        sound(&r["black_in_drawn"]),
        r["black_in_drawn"]["positions"].as_u64().unwrap(),
        "{}",
        r["black_in_drawn"]
    );
    assert_eq!(r["black_in_drawn"]["positions"], 300_768);
    assert_eq!(r["calc"], 4);
    // Every verdict proved, by a rule or by calculation, is right; the
    // proofs cover the floor.
    let p = &r["proofs"];
    let mut proved = 0;
    for how in ["rule", "moves", "calculation"] {
        assert_eq!(p[how]["positions"], p[how]["sound"], "{p}");
        proved += p[how]["positions"].as_u64().unwrap();
    }
    assert_eq!(proved + p["unproved"].as_u64().unwrap(), 7_436_088);
    assert!(proved >= 7_382_648, "{p}");
    let by_depth: u64 = p["by_depth"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(by_depth, proved, "{p}");
    // Calculation overrules the selection (how often depends on how good
    // the selection is, so no floor on the count). Where it proves nothing
    // of the proposal and proves another move keeps the value, that move
    // keeps it: the proof is sound. Where it only rules the defender's
    // move out (proved to lose), the move it plays instead holds the draw
    // every time so far.
    assert!(r["overruled"].as_u64().unwrap() > 0, "{}", r["overruled"]);
    for kind in ["proved_instead", "ruled_out"] {
        let k = &r[kind];
        assert_eq!(k["positions"], k["sound"], "{kind}: {k}");
    }
    // Where White's move is proved not to win and no move is proved to,
    // the move that keeps the chances wins in all but a few (14 of 1,740
    // as measured).
    let chances = &r["chances"];
    let (kept, all) = (sound(chances), chances["positions"].as_u64().unwrap());
    assert!(kept * 100 >= all * 99, "{chances}");
}

/// The `--unproved` file: one EPD line for each position whose verdict is
/// not proved, with the tables' result, which a sample of them confirms,
/// and the rules' judgement.
fn unproved_listed(dir: &std::path::Path, file: &std::path::Path, proofs: &serde_json::Value) {
    use shakmaty::Position as _;
    let lines = std::fs::read_to_string(file).unwrap();
    let _ = std::fs::remove_file(file);
    assert_eq!(
        lines.lines().count() as u64,
        proofs["unproved"].as_u64().unwrap()
    );
    let tb = pecp::Tablebases::open_with_four_pieces(&[dir.to_path_buf()]).unwrap();
    for line in lines.lines().step_by(101) {
        let (epd, rest) = line.split_once(" c0 ").expect(line);
        let pos = parse_chess(&format!("{epd} 0 1")).expect(line);
        let wdl = tb.wdl(&pos).unwrap();
        let white_wins = match pos.turn() {
            shakmaty::Color::White => wdl == Wdl::Win,
            shakmaty::Color::Black => wdl == Wdl::Loss,
        };
        let said = if white_wins { "White wins" } else { "drawn" };
        assert!(
            rest.starts_with(&format!("\"unproved; {said}\";")),
            "{line}"
        );
        assert!(rest.contains("c1 \"the rules judge: White "), "{line}");
    }
}

/// `pecp analyse --json` with `args`, which must succeed: its report.
fn analyse_json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = run(&[&["analyse", "--json"], args].concat());
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&out).unwrap()
}

/// [`common::overruled`], and calculation claims no proof for `chosen`.
fn overruled(fen: &str, kind: &str, proposed: &str, reply: &str, chosen: &str) {
    let a = common::overruled(fen, kind, proposed, Some(reply), chosen);
    assert!(a["overruled"]["proof"].is_null(), "{a}");
}

/// With the 4-piece tables (if present): `fen` is `wdl` for the side to
/// move, and `kept` is the one move (of those named) whose keeping of the
/// value differs from the rest: the only keeper, or the only loser.
fn by_the_tables(fen: &str, test: &str, wdl: &str, only: &str, kept: bool) {
    let Some(dir) = common::four_piece_tables(test) else {
        return;
    };
    let d = dir.to_str().unwrap();
    let a = analyse_json(&[fen, "--tablebases", d]);
    assert_eq!(a["tablebase"]["wdl"], wdl, "{a}");
    for m in a["moves"].as_array().unwrap() {
        assert_eq!(m["keeps_value"], (m["san"] == only) == kept, "{m}");
    }
}

/// Split e- and g-pawns, Black's king between them and White's far off:
/// e7 runs into Kf7 (e8=Q+ Kxe8, and the g-pawn alone is caught), and no
/// move is proved to win. White's king cannot lose, so calculation gives
/// e7 up for the next move it does not prove fails to win, g5, which
/// keeps the chances; the tables agree that g5 is the one move that wins.
#[test]
fn calculation_keeps_the_chances_e7_gives_up() {
    let fen = "8/8/4P1k1/8/6P1/K7/8/8 w - - 0 1";
    overruled(fen, "chances", "e7", "Kf7", "g5");
    by_the_tables(fen, "kppk chances", "win", "g5", true);
}

/// Doubled e-pawns, Black's king near: e4 lets it in (Kd4! e3+ and it
/// takes a pawn, a drawn KPK left). With doubled pawns the king leads:
/// level 2 sets e4 aside for a king move, and the tables agree that e4
/// is the one move that does not win.
#[test]
fn doubled_pawns_the_king_leads() {
    let fen = "8/8/8/8/8/2k1P3/4P3/K7 w - - 0 1";
    let a = analyse_json(&[fen]);
    let first = &a["tournament"][0];
    assert_eq!(first["a"], "e3e4", "{a}");
    assert_eq!(first["criterion"], "king_leads_doubled_pawns", "{a}");
    assert_ne!(a["chosen_san"], "e4", "{a}");
    assert!(a["overruled"].is_null(), "{a}");
    by_the_tables(fen, "kppk king leads", "win", "e4", false);
}

/// Shouldering: doubled f-pawns, White's king far off on a3. Kd3?, the
/// step nearer the pawns, lets it in (Kb3, and it comes round); Kc3 takes
/// away every step by which it comes nearer. Level 2 prefers Kc3 for that
/// (`king_bars_the_way`), and the tables agree that it is the one move
/// that draws.
#[test]
fn the_black_king_bars_the_way() {
    let fen = "8/8/8/8/8/K4P2/2k2P2/8 b - - 0 1";
    let a = analyse_json(&[fen]);
    let first = &a["tournament"][0];
    assert_eq!(
        (&first["a"], &first["b"]),
        (&"c2d3".into(), &"c2c3".into()),
        "{a}"
    );
    assert_eq!(first["criterion"], "king_bars_the_way", "{a}");
    assert_eq!(a["chosen_san"], "Kc3", "{a}");
    assert!(a["overruled"].is_null(), "{a}");
    by_the_tables(fen, "kppk shouldering", "draw", "Kc3", true);
}

/// The defender's king must go for the h-pawn at once: every other step
/// lets White's king come to g3 and guard both pawns. The selection
/// proposes Kf6 and no move is proved to hold; calculation proves Kf6
/// loses (Kf2! and the king comes to g3), rules it out, and plays Kg5,
/// which it does not refute; the tables agree that Kg5 alone draws.
#[test]
fn calculation_rules_out_the_defenders_losing_move() {
    let fen = "8/8/6k1/8/4P3/8/7P/6K1 b - - 0 1";
    overruled(fen, "ruled_out", "Kf6", "Kf2", "Kg5");
    by_the_tables(fen, "kppk ruled out", "draw", "Kg5", true);
}

/// The new queen given up: after e8=Q+ (or e8=R) the black king can take
/// it, and the a-pawn left runs out of its square, a won KPK; the rule
/// weighs the promotion so, and the tables agree that it wins. The
/// bishop and the knight are not covered: if Black leaves them, a minor
/// piece and a pawn need not win.
#[test]
fn the_new_piece_given_up_for_a_won_kpk() {
    let fen = "8/4Pk2/8/P7/8/8/8/K7 w - - 0 1";
    let a = analyse_json(&[fen]);
    for m in a["moves"].as_array().unwrap() {
        let ids: Vec<_> = m["evaluation"]["rules"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["id"].as_str().unwrap())
            .collect();
        let given_up = ids.contains(&"gives_up_the_new_piece");
        assert_eq!(
            given_up,
            ["e8=Q+", "e8=R"].contains(&m["san"].as_str().unwrap()),
            "{m}"
        );
        if given_up && !m["keeps_value"].is_null() {
            assert_eq!(m["keeps_value"], true, "{m}");
        }
    }
}
