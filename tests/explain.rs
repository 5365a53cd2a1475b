//! Explanations in words: a textbook position per theme, the verdict in
//! words agreeing with level 1, every sentence filled, and the colours of
//! a black-pawn position.

use pecp::Input;
use pecp::apps::analysis::analyse;
use pecp::board::enumerate;
use pecp::board::facts::Node;
use pecp::board::position::Orientation;
use pecp::knowledge::books::kpk;
use pecp::knowledge::evaluate::{evaluate, level1};
use pecp::knowledge::explain::{deciding_rule, explain, fill};
use pecp::knowledge::select::decide;
use pecp::knowledge::weights::Theme;
use shakmaty::{CastlingMode, Chess, fen::Fen};

fn explained(fen: &str) -> pecp::knowledge::explain::Explanation {
    analyse(&Input::parse(fen).unwrap(), None)
        .unwrap()
        .explanation
}

/// (theme, position, squares the verdict must name), with the book the
/// idea comes from.
const TEXTBOOK: &[(Theme, &str, &[&str])] = &[
    // Fine, Basic Chess Endings, pp. 7-9: the king on a key square (d6 for the e4 pawn).
    (
        Theme::KeySquares,
        "4k3/8/3K4/8/4P3/8/8/8 w - - 0 1",
        &["d6", "e4"],
    ),
    // Hanedan and Sertbaş, Fig. 3: Kd4 takes the opposition.
    (
        Theme::Opposition,
        "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
        &["e3", "d6"],
    ),
    // Fine p. 7: the rule of the square.
    (
        Theme::SquareOfThePawn,
        "8/8/8/8/8/8/P7/K1k5 w - - 0 1",
        &["c1", "a2", "a8"],
    ),
    // The rook pawn's corner is a fortress.
    (Theme::RookPawn, "1k6/8/8/K7/8/8/P7/8 w - - 0 1", &["b8"]),
    // The defender in front of the pawn.
    (
        Theme::Blockade,
        "8/3k4/8/3P4/8/3K4/8/8 w - - 0 1",
        &["d7", "d5"],
    ),
    // The unguarded pawn falls.
    (
        Theme::Capture,
        "8/8/8/8/8/8/2P5/K1k5 b - - 0 1",
        &["c1", "c2"],
    ),
    // Shouldering: the king behind its pawn steps up beside it.
    (
        Theme::Shouldering,
        "8/8/8/8/8/3k4/1P6/1K6 w - - 0 1",
        &["b1", "d3", "b2"],
    ),
    // Fine p. 7, counting: the defender must come round to the front of
    // the pawn, and the white king gets there first.
    (
        Theme::Race,
        "8/8/8/8/8/1P2k3/8/K7 w - - 0 1",
        &["e3", "a1", "b3"],
    ),
    // The pawn on the 7th runs through.
    (
        Theme::Promotion,
        "8/P7/K1k5/8/8/8/8/8 b - - 0 1",
        &["a7", "a8"],
    ),
    // The king two squares in front of its pawn (the black king above the
    // key squares, so no race to them is the reason).
    (
        Theme::KingInFront,
        "8/8/2k5/K7/8/8/1P6/8 b - - 0 1",
        &["a5", "b2"],
    ),
    // Fine p. 8: the stalemate defence against a pawn on the 6th.
    (
        Theme::Stalemate,
        "1k6/8/KP6/8/8/8/8/8 b - - 0 1",
        &["b8", "a6"],
    ),
];

#[test]
fn a_textbook_position_for_every_theme() {
    for &(theme, fen, squares) in TEXTBOOK {
        let e = explained(fen);
        assert!(e.proved, "{fen}: {}", e.sentence);
        assert_eq!(e.theme, Some(theme), "{fen}: {}", e.sentence);
        for s in squares {
            assert!(
                e.squares.iter().any(|x| x == s),
                "{fen}: {s} not named in {:?}: {}",
                e.squares,
                e.sentence
            );
        }
    }
    // Material: a knight cannot mate (a position after an underpromotion).
    let pos: Chess = "8/8/8/8/8/2k5/8/K1N5 b - - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let own = evaluate(&Node::from_chess(&pos));
    let d = decide(&pos, &level1);
    let judge = pecp::knowledge::explain::Judge {
        name: "the exact solver",
        white_wins: &|p| Ok(pecp::judges::truth::embedded_white_wins(p)),
        refutations: &[],
        plies: 0,
        proof: None,
    };
    let j = pecp::knowledge::proof::judge_position(&pos, &level1);
    let e = explain(&pos, Orientation::AsGiven, &own, &j, d.as_ref(), &judge).unwrap();
    assert_eq!(
        (e.theme, e.winner, e.proved),
        (Some(Theme::Material), None, true),
        "{}",
        e.sentence
    );
}

#[test]
fn the_paper_position_explains_its_move_and_the_losing_ones() {
    let e = explained("8/8/3k4/8/8/3PK3/8/8 w - - 0 1");
    assert_eq!(e.winner, Some("white"));
    assert!(e.sentence.starts_with("White wins."), "{}", e.sentence);
    assert_eq!(e.moves[0].san, "Kd4");
    assert!(
        e.moves[0].sentence.contains("opposition"),
        "{}",
        e.moves[0].sentence
    );
    // d4 gives the win away (the tables say so): the rules name the blockade.
    let d4 = e
        .moves
        .iter()
        .find(|m| m.san == "d4")
        .expect("d4 is refuted");
    assert!(
        d4.sentence.starts_with("d4? throws the win away"),
        "{}",
        d4.sentence
    );
    assert_eq!(d4.theme, Some(Theme::Blockade));
    // Kd4 keeps the win, so it is not among the refuted moves.
    assert_eq!(e.moves.iter().filter(|m| m.san == "Kd4").count(), 1);
}

/// Every square in the text, as `[a-h][1-8]`.
fn squares_in(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    (0..b.len().saturating_sub(1))
        .filter(|&i| (b'a'..=b'h').contains(&b[i]) && (b'1'..=b'8').contains(&b[i + 1]))
        .filter(|&i| i == 0 || !b[i - 1].is_ascii_alphanumeric())
        .filter(|&i| i + 2 >= b.len() || !b[i + 2].is_ascii_alphanumeric())
        .map(|i| text[i..i + 2].to_string())
        .collect()
}

#[test]
fn the_verdict_in_words_agrees_with_the_verdict_on_a_sample() {
    let all = enumerate::all_positions();
    for k in all.iter().step_by(97) {
        let input = Input {
            kpk: *k,
            orientation: Orientation::AsGiven,
            halfmoves: 0,
            fullmoves: 1,
        };
        let a = analyse(&input, None).unwrap();
        let e = &a.explanation;
        let ev = &a.evaluation;
        assert_eq!(
            e.winner.is_some(),
            ev.verdict == "win",
            "{}: {}",
            a.fen,
            e.sentence
        );
        assert_eq!(
            e.proved,
            ev.proved_by.is_some(),
            "{}: {}",
            a.fen,
            e.sentence
        );
        for s in std::iter::once((&e.sentence, &e.squares))
            .chain(e.moves.iter().map(|m| (&m.sentence, &m.squares)))
        {
            assert!(!s.0.contains('{'), "{}: unfilled: {}", a.fen, s.0);
            for sq in squares_in(s.0) {
                // A square in the text is a square the explanation names,
                // or a move's destination (its SAN).
                let in_moves = a.moves.iter().any(|m| m.san.contains(&sq));
                assert!(
                    s.1.contains(&sq) || in_moves,
                    "{}: {sq} in \"{}\" not in {:?}",
                    a.fen,
                    s.0,
                    s.1
                );
            }
        }
    }
}

#[test]
fn every_rule_sentence_fills_wherever_the_rule_decides() {
    let book = kpk::BOOK.builtin_rules();
    for k in enumerate::all_positions() {
        if k.canonical() != k {
            continue;
        }
        let node = Node::from_kpk(k);
        let e = evaluate(&node);
        for r in e.fired.iter() {
            let f = fill(
                &kpk::BOOK,
                &book.row(r).sentence,
                &node,
                Orientation::AsGiven,
                None,
            );
            assert!(!f.text.contains('{'), "{}: {}", book.row(r).id, f.text);
        }
        if let Some(r) = deciding_rule(&e, book) {
            assert!(!book.row(r).sentence.is_empty());
        }
    }
    // Every criterion's sentence fills on a board with a rook pawn (where
    // every placeholder has a square) and the mover known.
    let input = Input::parse("8/8/8/8/8/1K1k4/P7/8 w - - 0 1").unwrap();
    let node = Node::from_kpk(input.kpk);
    for c in kpk::BOOK.criteria() {
        assert!(!c.sentence.is_empty(), "criterion {} has no sentence", c.id);
        let f = fill(
            &kpk::BOOK,
            &c.sentence,
            &node,
            Orientation::AsGiven,
            Some(pecp::board::geometry::Side::White),
        );
        assert!(!f.text.contains('{'), "criterion {}: {}", c.id, f.text);
    }
}

#[test]
fn a_black_pawn_is_explained_in_its_own_colours() {
    let white = explained("8/8/3k4/8/8/3PK3/8/8 w - - 0 1");
    let black = explained("8/8/3pk3/8/8/3K4/8/8 b - - 0 1");
    assert_eq!(black.winner, Some("black"));
    assert!(
        black.sentence.starts_with("Black wins."),
        "{}",
        black.sentence
    );
    // The same position colour-flipped: every square mirrored (e3 -> e6).
    let flip = |s: &str| format!("{}{}", &s[..1], 9 - s[1..].parse::<u8>().unwrap());
    let mirrored: Vec<String> = white.squares.iter().map(|s| flip(s)).collect();
    assert_eq!(black.squares, mirrored);
    assert!(
        black.sentence.contains("The black king on e6"),
        "{}",
        black.sentence
    );
}

/// Names shown to the user carry no colour: a rule or a criterion named
/// "white_..." would read wrongly for a black pawn.
#[test]
fn rule_and_criterion_names_are_free_of_colours() {
    let ids = kpk::BOOK
        .builtin_rules()
        .rows
        .iter()
        .map(|r| r.id.to_string())
        .chain(kpk::BOOK.criteria().iter().map(|c| c.id.to_string()));
    for id in ids {
        assert!(
            !id.contains("white") && !id.contains("black"),
            "{id} names a colour"
        );
    }
}

/// The defender takes a free pawn rather than blockade it: both draw, and
/// no player refuses the pawn.
#[test]
fn the_defender_takes_a_free_pawn() {
    let a = analyse(
        &Input::parse("8/8/3k4/3P4/8/4K3/8/8 b - - 0 1").unwrap(),
        None,
    )
    .unwrap();
    assert_eq!(a.chosen_san.as_deref(), Some("Kxd5"));
    assert!(
        a.explanation.sentence.contains("takes"),
        "{}",
        a.explanation.sentence
    );
}

/// A position the rules do not decide, but its only move leads to a
/// proved win: the verdict is a win, proved one move ahead, and says so.
#[test]
fn a_verdict_proved_one_move_ahead_says_so() {
    let a = analyse(
        &Input::parse("6k1/6P1/7K/8/8/8/8/8 b - - 0 1").unwrap(),
        None,
    )
    .unwrap();
    assert!(!a.evaluation.deterministic);
    assert_eq!(a.evaluation.verdict, "win");
    assert_eq!(
        a.evaluation.proved_by,
        Some(pecp::knowledge::proof::ProvedBy::Moves)
    );
    assert!(a.explanation.proved);
    assert!(
        a.explanation
            .sentence
            .starts_with("White wins: whatever Black plays"),
        "{}",
        a.explanation.sentence
    );
    // With the pawn side to move: "White wins with Kd3".
    let a = analyse(
        &Input::parse("8/8/k7/8/8/2P5/4K3/8 w - - 0 1").unwrap(),
        None,
    )
    .unwrap();
    assert_eq!(
        a.evaluation.proved_by,
        Some(pecp::knowledge::proof::ProvedBy::Moves)
    );
    assert!(
        a.explanation.sentence.starts_with("White wins with Kd3:"),
        "{}",
        a.explanation.sentence
    );
}
