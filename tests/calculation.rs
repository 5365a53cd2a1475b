//! Proofs and refutations by calculation, over every legal KPK position,
//! judged by the tables (or the embedded solver): every proof's line is
//! legal and ends where a deterministic rule decides the result it claims,
//! and that result is the truth; so for every refutation of a move that
//! throws the value away. The counts of what stays unproved are floors
//! that must not rise.

mod common;

use pecp::board::enumerate::all_positions;
use pecp::board::facts::Node;
use pecp::knowledge::books;
use pecp::knowledge::calc::{Calculator, Proof};
use pecp::knowledge::evaluate::{Verdict, level1};
use shakmaty::{Chess, Move, Position};

/// `proof` from `start` is legal, ends where a rule decides its result,
/// and that result is `wins` (the truth).
fn check(start: &Chess, proof: &Proof, wins: bool) {
    assert_eq!(proof.line.len(), usize::from(proof.depth));
    let mut at = start.clone();
    for m in &proof.line {
        assert!(at.is_legal(*m), "illegal {m:?} in {start:?}");
        at.play_unchecked(*m);
    }
    assert_eq!(at, proof.end);
    let e = level1(&books::kpk::BOOK, &Node::from_chess(&at));
    assert!(e.deterministic, "the line ends where no rule decides");
    assert_eq!(e.verdict(), proof.verdict);
    assert_eq!(proof.verdict == Verdict::Win, wins, "a wrong proof");
}

fn after(pos: &Chess, m: Move) -> Chess {
    let mut p = pos.clone();
    p.play_unchecked(m);
    p
}

#[test]
fn every_proof_and_refutation_is_legal_and_right() {
    let truth = common::truth("every_proof_and_refutation_is_legal_and_right");
    let mut calc = Calculator::new(&level1, &books::kpk::BOOK);
    let none = |_: &Chess| None;
    let (mut unproved, mut losing, mut unrefuted) = (0usize, 0usize, 0usize);
    for k in all_positions() {
        let pos = k.to_chess();
        let wins = truth.white_wins(&pos).unwrap();
        match calc.prove(&pos, 4, &none) {
            Some(proof) => check(&pos, &proof, wins),
            None => unproved += 1,
        }
        for m in pos.legal_moves() {
            let next = after(&pos, m);
            let next_wins = truth.white_wins(&next).unwrap();
            if next_wins == wins {
                continue;
            }
            losing += 1;
            match calc.refute(&next, 4, &none) {
                Some((Some(reply), proof)) => {
                    assert!(next.is_legal(reply));
                    check(&after(&next, reply), &proof, next_wins);
                }
                // No reply: the move stalemates, and the rules of chess
                // decide the position it leads to.
                Some((None, proof)) => {
                    assert!(next.legal_moves().is_empty(), "{next:?}");
                    check(&next, &proof, next_wins);
                }
                None => unrefuted += 1,
            }
        }
    }
    eprintln!("unproved {unproved}; value-losing moves {losing}, unrefuted {unrefuted}");
    // Every verdict is proved within 4 plies.
    assert_eq!(unproved, 0, "unproved verdicts: {unproved}");
    // Every value-losing move is refuted within 4 plies after the reply
    // (a stalemating move by the stalemate itself).
    assert_eq!(unrefuted, 0, "unrefuted moves: {unrefuted}");
}

#[test]
fn the_paper_position_refutes_all_seven_mistakes_like_a_book() {
    let input = pecp::Input::parse("8/8/3k4/8/8/3PK3/8/8 w - - 0 1").unwrap();
    let a = pecp::apps::analysis::analyse(&input, None).unwrap();
    let mistakes: Vec<_> = a
        .moves
        .iter()
        .filter(|m| m.keeps_value == Some(false))
        .collect();
    assert_eq!(mistakes.len(), 7);
    for m in &mistakes {
        let r = m
            .refutation
            .as_ref()
            .unwrap_or_else(|| panic!("{} unrefuted", m.san));
        assert_eq!(Some(&r.line[0]), r.san.as_ref());
        assert!(!r.rule.is_empty() && !r.sentence.is_empty());
    }
    let ke4 = mistakes.iter().find(|m| m.san == "Ke4").unwrap();
    assert_eq!(ke4.refutation.as_ref().unwrap().san.as_deref(), Some("Ke6"));
    let said = a.explanation.moves.iter().find(|m| m.san == "Ke4").unwrap();
    // Refuted by ...Ke6, the black king taking the opposition: in the line,
    // or by the rule that Black to move takes it there.
    assert!(
        said.sentence.starts_with(
            "Ke4? throws the win away: Ke6! and the black king on e6 has the opposition"
        ) || said.sentence.starts_with(
            "Ke4? throws the win away: the black king on d6 takes the opposition on e6"
        ),
        "{}",
        said.sentence
    );
    assert!(
        a.explanation
            .moves
            .iter()
            .all(|m| !m.sentence.contains("no rule proves"))
    );
    // The verdict: a rule on the position itself, no calculation needed.
    let proof = a.evaluation.proof.as_ref().unwrap();
    assert_eq!((proof.depth, proof.line.len()), (0, 0));
}

#[test]
fn a_move_that_stalemates_is_refuted_by_the_stalemate_itself() {
    // Ka6 takes b7 and a7 from the black king on a8, and the pawn on c7
    // guards b8: stalemate, no reply, refuted by the rules of chess.
    let input = pecp::Input::parse("k7/2P5/8/K7/8/8/8/8 w - - 0 1").unwrap();
    let a = pecp::apps::analysis::analyse(&input, None).unwrap();
    let ka6 = a.moves.iter().find(|m| m.san == "Ka6").unwrap();
    assert_eq!(ka6.keeps_value, Some(false));
    let r = ka6.refutation.as_ref().expect("refuted");
    assert_eq!(r.san, None);
    assert!(r.line.is_empty());
    assert_eq!((r.depth, r.rule.as_str()), (0, "absolute_draw_stalemate"));
    let said = a.explanation.moves.iter().find(|m| m.san == "Ka6").unwrap();
    assert!(said.sentence.contains("stalemate"), "{}", said.sentence);
    let json = serde_json::to_value(&a).unwrap();
    let ka6 = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["san"] == "Ka6")
        .unwrap();
    assert_eq!(ka6["refutation"]["san"], serde_json::Value::Null);
}

#[test]
fn a_verdict_proved_by_calculation_shows_its_line() {
    // Black to move draws by taking the pawn two moves on; no rule sees it
    // on the position or one move ahead.
    let input = pecp::Input::parse("3K4/8/5P2/3k4/8/8/8/8 b - - 0 1").unwrap();
    let a = pecp::apps::analysis::analyse_with(&input, None, 4).unwrap();
    let e = &a.evaluation;
    assert_eq!(
        e.proved_by,
        Some(pecp::knowledge::proof::ProvedBy::Calculation)
    );
    let proof = e.proof.as_ref().unwrap();
    assert_eq!(proof.depth, 2);
    assert_eq!(proof.line, ["Ke6", "Ke8"]);
    assert_eq!(proof.rule, "pawn_falls");
    assert!(
        a.explanation
            .sentence
            .starts_with("Draw: 1... Ke6 2. Ke8 and "),
        "{}",
        a.explanation.sentence
    );
    // Without calculation nothing proves it.
    let a = pecp::apps::analysis::analyse_with(&input, None, 0).unwrap();
    assert_eq!(a.evaluation.proved_by, None);
    assert!(a.evaluation.proof.is_none());
}

/// White's result in `pos` by the tables: 1 a win, 0 a draw, -1 a loss.
fn white_score(tb: &pecp::Tablebases, pos: &Chess) -> i8 {
    use pecp::judges::tablebase::Wdl;
    let stm = match tb.wdl(pos).unwrap() {
        Wdl::Win => 1,
        Wdl::Loss => -1,
        _ => 0,
    };
    if pos.turn() == shakmaty::Color::White {
        stm
    } else {
        -stm
    }
}

/// Plays SAN moves from `pos`, each legal.
fn play_sans(pos: &Chess, sans: &[serde_json::Value]) -> Chess {
    let mut at = pos.clone();
    for s in sans {
        let san: shakmaty::san::San = s.as_str().unwrap().parse().unwrap();
        let m = san.to_move(&at).unwrap();
        at.play_unchecked(m);
    }
    at
}

#[test]
fn a_line_refutes_the_alternatives_it_turns_down() {
    let Some(tb) = common::tables("a_line_refutes_the_alternatives_it_turns_down") else {
        return;
    };
    let mut refuted = 0;
    for fen in [
        "8/8/8/4k3/8/4K3/4P3/8 w - - 0 1",
        "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
        "8/8/3pk3/8/8/3K4/8/8 b - - 0 1",
        "8/8/8/8/1k6/8/P7/4K3 b - - 0 1",
    ] {
        let dir = common::tables_dir();
        let out = common::pecp(&[
            "line",
            fen,
            "--format",
            "json",
            "--tablebases",
            dir.to_str().unwrap(),
        ]);
        let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut before: Chess = pecp::board::position::parse_chess(fen).unwrap();
        for ply in line["plies"].as_array().unwrap() {
            for alt in ply["refuted"].as_array().unwrap() {
                let after = play_sans(&before, std::slice::from_ref(&alt["san"]));
                let lost = white_score(&tb, &after);
                assert_ne!(lost, white_score(&tb, &before), "{fen}: {alt}");
                let r = &alt["refutation"];
                let line = r["line"].as_array().unwrap();
                assert_eq!(line[0], r["san"]);
                let end = play_sans(&after, line);
                assert_eq!(white_score(&tb, &end), lost, "{fen}: {alt}");
                refuted += 1;
            }
            before = play_sans(&before, std::slice::from_ref(&ply["san"]));
        }
        // The PGN shows each refuted alternative as a variation.
        let pgn = common::pecp(&["line", fen, "--format", "pgn"]);
        let pgn = String::from_utf8(pgn.stdout).unwrap();
        let alternatives: usize = line["plies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["refuted"].as_array().unwrap().len())
            .sum();
        let opened = pgn.split_whitespace().filter(|w| *w == "(").count();
        assert_eq!(opened, alternatives, "{fen}");
    }
    assert!(refuted > 10, "only {refuted} alternatives refuted");
}

#[test]
fn annotate_shows_a_mistakes_refutation_where_the_game_went_otherwise() {
    let fen = "8/8/3k4/8/8/3PK3/8/8 w - - 0 1";
    let game = format!(
        "[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. Ke4 Kd7 *\n\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. Ke4 *\n"
    );
    let out = common::run::pecp_stdin(&["annotate", "-"], game.as_bytes());
    let text = common::run::out(&out)
        .replace("\n\n", "\u{0}")
        .replace('\n', " ");
    // The game replied 1...Kd7: the refutation 1...Ke6! stands beside it.
    let first = &text[..text.find("\u{0}[SetUp").unwrap()];
    assert!(
        first.contains("( 1... Ke6 $1 {The black king on e6 has the opposition"),
        "{first}"
    );
    // The game stopped after the mistake: the mistake and its refutation.
    let second = &text[text.find("\u{0}[SetUp").unwrap()..];
    assert!(second.contains("( 1. Ke4 $2 Ke6 $1 {"), "{second}");
}
