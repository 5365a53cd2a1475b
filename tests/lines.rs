//! Lines against perfect defence: the pawn side converts, and it does not
//! let a repetition or a stalemate take a proved win away.

mod common;

use pecp::Input;
use pecp::judges::truth::Truth;
use pecp::play::line::{Config, Player, Termination, generate};

fn against_tablebase(fen: &str, truth: &Truth) -> pecp::play::line::Line {
    let start = Input::parse(fen).unwrap().kpk.to_chess();
    let cfg = Config {
        black: Player::Tablebase,
        max_moves: 100,
        ..Config::default()
    };
    generate(&start, &cfg, truth).unwrap()
}

/// PECP, against Syzygy's defence, wins from `fen`.
fn assert_converts(fen: &str, truth: &Truth) {
    let line = against_tablebase(fen, truth);
    assert!(line.termination.is_win(), "{fen}: {:?}", line.termination);
}

/// The knight pawn with the defender in the corner: 1. Kc7 Ka8 and only
/// Kb6 makes progress (b6 is stalemate, Kc6 lets Black repeat). Before the
/// line preferred proved moves that do not repeat, this ended in a
/// threefold repetition.
#[test]
fn knight_pawn_against_the_corner_is_converted_without_repetition() {
    let truth = common::truth("knight_pawn_against_the_corner");
    for fen in [
        "8/8/8/8/1P3k2/8/8/K7 w - - 0 1",
        "8/k7/2K5/1P6/8/8/8/8 w - - 0 1",
    ] {
        let line = against_tablebase(fen, &truth);
        assert_eq!(line.termination, Termination::AbsoluteWin, "{fen}");
    }
}

/// The rook pawn with the white king beside it: Kb7 and then the corner
/// race decide; PECP keeps the win against Syzygy's defence.
#[test]
fn rook_pawn_with_the_king_in_front_is_converted() {
    let truth = common::truth("rook_pawn_with_the_king_in_front");
    assert_converts("8/3k4/1K6/8/P7/8/8/8 w - - 0 1", &truth);
}

/// The rook pawn far back: only Kb6, guarding c7, wins (a4 lets the black
/// king into c7). The rule `rook_pawn_corner_shut` proves Kb6; before it,
/// Kb6 was not among the level-1 best three and these lines lost the pawn.
#[test]
fn rook_pawn_corner_is_shut_before_the_pawn_moves() {
    let truth = common::truth("rook_pawn_corner_is_shut_before_the_pawn_moves");
    for fen in [
        "8/8/3k4/1K6/8/8/P7/8 w - - 0 1",
        "8/2K5/8/8/3k4/8/P7/8 w - - 0 1",
        "8/8/K2k4/8/8/8/P7/8 w - - 0 1",
    ] {
        assert_converts(fen, &truth);
    }
}

/// pecp's move in `fen` is `san`, the tablebase says it keeps the value, and
/// `criterion` decided one of its level-2 pairings.
fn assert_plays(truth: &Truth, fen: &str, san: &str) -> pecp::knowledge::select::Decision {
    let pos = Input::parse(fen).unwrap().kpk.to_chess();
    let d = pecp::knowledge::select::decide(&pos, &pecp::knowledge::evaluate::level1).unwrap();
    let chosen = d.chosen();
    let played = shakmaty::san::San::from_move(&pos, chosen.mv).to_string();
    assert_eq!(played, san, "{fen}");
    assert!(
        pecp::judges::truth::keeps_value(truth, &pos, chosen.mv).unwrap(),
        "{fen}: {played} throws the result away"
    );
    d
}

/// As [`assert_plays`], and the move won its level-2 pairing by `criterion`.
fn assert_chosen(truth: &Truth, fen: &str, san: &str, criterion: &str) {
    let d = assert_plays(truth, fen, san);
    assert!(
        d.tournament
            .iter()
            .any(|p| p.winner == d.chosen && p.decider.id() == criterion),
        "{fen}: {san} not chosen by {criterion}: {:?}",
        d.tournament
    );
}

/// The defender's distant opposition (`defender_has_opposition` and `defender_keeps_rank_opposition`): with
/// the kings on neighbouring files Black keeps an odd number of ranks
/// between them, and it does not take the opposition far from the pawn's
/// fight; against a rook pawn it heads for the corner (`defender_toward_corner`).
#[test]
fn defender_keeps_the_distant_opposition() {
    let truth = common::truth("defender_keeps_the_distant_opposition");
    for (fen, san, criterion) in [
        // Kb5 loses to Kb3; Kb6 answers Kb3 with Kb5. (Level 1 now proves
        // Kb5 and Kb7 lost, by `king_takes_opposition_ahead`, and Kb6
        // drawn: the white king level with its pawn on the black king's
        // side cannot go round it; so the proof decides before the
        // criterion is asked.)
        ("8/8/k7/8/8/8/K1P5/8 b - - 0 1", "Kb6", "proved_for_mover"),
        // Kd5 loses to Kd3; Kd6 answers Kd3 with Kd5 (as above).
        ("8/8/4k3/8/8/8/2P1K3/8 b - - 0 1", "Kd6", "proved_for_mover"),
        // The white king far from its pawn: Kg8 (the opposition) loses;
        // the black king heads for the pawn instead.
        (
            "8/6k1/8/8/8/8/1P4K1/8 b - - 0 1",
            "Kf6",
            "defender_nearer_pawn_file",
        ),
        // The white king above, the black king between it and the pawn's
        // file: Kg4 keeps it off its way back; Kg3 loses. (Level 1 now
        // proves Kg4 drawn, by `defender_reaches_blockade`, so the proof
        // decides before the criterion is asked.)
        ("8/8/7K/8/8/7k/1P6/8 b - - 0 1", "Kg4", "proved_for_mover"),
        // Every move draws; of Kb5 and Kb4 the defender keeps four ranks
        // between the kings on neighbouring files, with White to move.
        (
            "8/8/8/8/k7/8/4P3/K7 b - - 0 1",
            "Kb5",
            "defender_keeps_rank_opposition",
        ),
        // The white king above and nearer the pawn's file: Ke6 (the
        // opposition) loses, the black king goes for the pawn. (Level 1
        // now proves Ke6 lost, by `wins_race_to_a_key_square`: the black
        // king cannot come round the pawn's guard of c4 before the white
        // king is on a5; so the proof decides before the criterion is
        // asked.)
        (
            "3K4/8/8/5k2/8/1P6/8/8 b - - 0 1",
            "Ke5",
            "not_proved_against_mover",
        ),
        // Pawn on the 5th: Ka7 (the opposition off to the side) loses.
        // (Level 1 now proves Ka7 lost, by `tempo_step_to_sixth`: c5-c6
        // hands Black the move in the opposition; so the proof decides
        // before the criterion is asked.)
        (
            "k7/8/8/K1P5/8/8/8/8 b - - 0 1",
            "Kb7",
            "not_proved_against_mover",
        ),
        // Rook pawn: Kd7 wins the race to c8; Kd6 loses to Kb6 and Kb7.
        // (Level 1 now proves Kd7 a draw, by `rook_pawn_reaches_corner`:
        // the way to c8 cannot be barred, so the proof decides.)
        ("8/8/4k3/K7/8/8/P7/8 b - - 0 1", "Kd7", "proved_for_mover"),
        // Rook pawn: Kc4 keeps the white king shut in on the a-file; Kb3
        // lets it out after a4. (Level 1 now proves Kc4 a draw, by
        // `rook_pawn_king_shut_in`, which holds a rank below with White to
        // move too; so the proof decides.)
        ("8/8/8/K7/8/P1k5/8/8 b - - 0 1", "Kc4", "proved_for_mover"),
        // Rook pawn: Kc6 comes to the c-file to shut the white king in on
        // the a-file ahead of its pawn; Kd6 loses.
        (
            "8/K7/8/3k4/8/8/P7/8 b - - 0 1",
            "Kc6",
            "defender_shuts_king_on_rook_file",
        ),
        // Rook pawn: Kd6 heads for c7; Kd5, nearer the pawn, loses to Kb5.
        // (Level 1 now proves Kd6 a draw: the way to c7 cannot be barred.)
        ("8/8/8/4k3/K7/8/P7/8 b - - 0 1", "Kd6", "proved_for_mover"),
    ] {
        assert_chosen(&truth, fen, san, criterion);
    }
}

/// The attacker's opposition does not count against a black king that is
/// racing for the pawn from beside it (rules/compare.rs, `WhiteOpposition`):
/// the white king comes back to guard its pawn instead.
#[test]
fn attacker_guards_the_pawn_before_taking_the_opposition() {
    let truth = common::truth("attacker_guards_the_pawn_before_taking_the_opposition");
    for (fen, san) in [
        // Ka7 takes the opposition and loses the d-pawn to Kb5-c5.
        ("K7/8/8/k2P4/8/8/8/8 w - - 0 1", "Kb7"),
        ("4K3/8/8/1P2k3/8/8/8/8 w - - 0 1", "Kd7"),
        // Against a defender five files away there is no outflanking to
        // do: the king comes back towards its pawn (Ke8, which a rule
        // proves, or Ke7 win; Kg7 loses).
        ("k4K2/8/8/8/8/8/2P5/8 w - - 0 1", "Ke8"),
    ] {
        assert_plays(&truth, fen, san);
    }
}

/// The tempo move (`tempo_pawn_push`): with Black holding the
/// opposition beside the pawn, one pawn step hands the move back. (With
/// the pawn on the 5th, `8/k7/8/K1P5 w` c6, level 1 now proves the step
/// itself, by `sixth_rank_pawn_safe`; these positions still need level 2.)
#[test]
fn attacker_hands_the_move_back_with_a_pawn_step() {
    let truth = common::truth("attacker_hands_the_move_back_with_a_pawn_step");
    for (fen, san) in [
        ("8/8/8/8/2k5/8/2KP4/8 w - - 0 1", "d3"),
        ("8/8/8/8/4k3/8/3PK3/8 w - - 0 1", "d3"),
    ] {
        assert_chosen(&truth, fen, san, "tempo_pawn_push");
    }
}

/// A sweep's memory of PECP's moves (shared by every line, on the
/// canonical half, and with the moves set aside against repetition) plays
/// exactly the lines PECP plays without it.
#[test]
fn lines_with_a_shared_memory_of_moves_are_the_lines_without() {
    let truth = common::truth("lines_with_a_shared_memory");
    let memo = std::sync::Arc::new(pecp::play::line::ChoiceMemo::default());
    let plain = Config {
        black: Player::Tablebase,
        max_moves: 100,
        ..Config::default()
    };
    let remembering = Config {
        memo: Some(std::sync::Arc::clone(&memo)),
        ..plain.clone()
    };
    let (mut lines, mut mirrored, mut set_aside) = (0, 0, 0);
    // Twice over the same starts: the second pass plays from memory.
    for _ in 0..2 {
        for k in pecp::board::enumerate::all_positions()
            .into_iter()
            .step_by(211)
        {
            let start = k.to_chess();
            let want = generate(&start, &plain, &truth).unwrap();
            let got = generate(&start, &remembering, &truth).unwrap();
            let moves =
                |l: &pecp::play::line::Line| l.plies.iter().map(|p| p.mv).collect::<Vec<_>>();
            assert_eq!(moves(&got), moves(&want), "{k:?}");
            assert_eq!(got.termination, want.termination, "{k:?}");
            lines += 1;
            mirrored += usize::from(k.canonical() != k);
            set_aside += white_moves_setting_aside(&want);
        }
    }
    assert!(lines > 3_000 && mirrored > 1_000, "{lines} {mirrored}");
    assert!(
        set_aside > 500,
        "{set_aside} moves with a repetition set aside"
    );
}

/// How many of White's moves in `line` were chosen with a move set aside
/// because it would repeat a position of the line.
fn white_moves_setting_aside(line: &pecp::play::line::Line) -> usize {
    use shakmaty::Position;
    let key = |p: &shakmaty::Chess| (p.board().clone(), p.turn());
    let mut seen = vec![key(&line.start)];
    let mut n = 0;
    for ply in &line.plies {
        if ply.before.turn() == shakmaty::Color::White {
            let repeats = ply.before.legal_moves().iter().any(|&m| {
                let mut after = ply.before.clone();
                after.play_unchecked(m);
                seen.contains(&key(&after))
            });
            n += usize::from(repeats);
        }
        seen.push(key(&ply.after));
    }
    n
}
