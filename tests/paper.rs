//! The paper's Table I (Fig. 3 position) and other lines, judged by Syzygy.

mod common;

use pecp::judges::truth::{Truth, keeps_value};
use pecp::knowledge::evaluate::level1;
use pecp::knowledge::select::decide;
use pecp::play::line::{self, Player, Termination};
use pecp::{Input, Tablebases};
use shakmaty::san::San;
use shakmaty::{Chess, Color, Position};

const FIG3: &str = "8/8/3k4/8/8/3PK3/8/8 w - - 0 1";
/// Table I, black's moves and white's moves.
const PAPER_BLACK: [&str; 10] = [
    "Kd7", "Kd8", "Kc8", "Kc7", "Kc6", "Kb6", "Kc7", "Kc8", "Kb8", "Kb7",
];
const PAPER_WHITE: [&str; 11] = [
    "Kd4", "Kd5", "Kd6", "Ke7", "d4", "Ke6", "d5", "d6+", "Ke7", "d7", "d8=Q",
];

fn start(fen: &str) -> Chess {
    Input::parse(fen).unwrap().kpk.to_chess()
}

#[test]
fn first_move_is_kd4_the_only_win() {
    let pos = start(FIG3);
    let d = decide(&pos, &level1).unwrap();
    assert_eq!(San::from_move(&pos, d.chosen().mv).to_string(), "Kd4");
    let truth = common::truth("first_move_is_kd4_the_only_win");
    let winning: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| keeps_value(&truth, &pos, m).unwrap())
        .map(|m| San::from_move(&pos, m).to_string())
        .collect();
    assert_eq!(winning, ["Kd4"]);
}

/// White by PECP, Black by the paper's moves while they are legal (then by
/// the tablebase): every white move keeps the win and White promotes.
#[test]
fn paper_line_keeps_the_win_and_promotes() {
    let truth = common::truth("paper_line_keeps_the_win_and_promotes");
    let mut pos = start(FIG3);
    let mut black = PAPER_BLACK.iter();
    let mut scripted = true;
    let mut white_moves = Vec::new();
    for _ply in 0..120 {
        if let Some(t) = line::game_end(&pos) {
            assert_eq!(t, Termination::AbsoluteWin, "the line ended in {t:?}");
            break;
        }
        let m = if pos.turn() == Color::White {
            let m = decide(&pos, &level1).unwrap().chosen().mv;
            assert!(
                keeps_value(&truth, &pos, m).unwrap(),
                "white throws the win away with {m} in {}",
                pecp::board::position::fen_of(&pos)
            );
            white_moves.push(shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string());
            m
        } else {
            let paper = if scripted { black.next() } else { None };
            match paper.and_then(|s| s.parse::<San>().unwrap().to_move(&pos).ok()) {
                Some(m) => m,
                None => {
                    scripted = false;
                    truth.best_move(&pos).unwrap().unwrap()
                }
            }
        };
        pos.play_unchecked(m);
    }
    assert_eq!(line::game_end(&pos), Some(Termination::AbsoluteWin));
    let matches = white_moves
        .iter()
        .zip(PAPER_WHITE)
        .filter(|(a, b)| a == b)
        .count();
    eprintln!(
        "paper line: pecp played {} ({} white moves); {matches} of the paper's 11 white moves matched move for move{}",
        white_moves.join(" "),
        white_moves.len(),
        if scripted {
            ""
        } else {
            " (black left the paper's moves once they became illegal)"
        }
    );
    assert!(white_moves[0] == "Kd4");
}

fn run_line(fen: &str, black: Player, truth: &Truth) -> line::Line {
    let cfg = line::Config {
        black,
        ..line::Config::default()
    };
    line::generate(&start(fen), &cfg, truth).unwrap()
}

#[test]
fn against_the_tablebase_white_promotes_within_fifty_moves() {
    let truth = common::truth("against_the_tablebase");
    let l = run_line(FIG3, Player::Tablebase, &truth);
    assert_eq!(l.termination, Termination::AbsoluteWin);
    assert!(l.plies.len() <= 100, "{} plies", l.plies.len());
}

#[test]
fn a_drawn_start_ends_drawn_with_every_defender_move_keeping_the_draw() {
    let truth = common::truth("a_drawn_start");
    let l = run_line("k7/8/8/K7/P7/8/8/8 w - - 0 1", Player::PECP, &truth);
    assert!(l.termination.is_draw(), "{:?}", l.termination);
    for p in l.plies.iter().filter(|p| p.before.turn() == Color::Black) {
        assert!(
            keeps_value(&truth, &p.before, p.mv).unwrap(),
            "black lets the draw go with {} in {}",
            p.mv,
            pecp::board::position::fen_of(&p.before)
        );
    }
}

/// NAGs come from the tablebase: $8 (the only move) exactly for the only
/// value-keeping move, $4 exactly for a move that changes the value,
/// checked by replaying
/// the PGN's moves against Syzygy independently of pecp's own report.
#[test]
fn nags_appear_only_where_the_tablebase_says_so() {
    if common::tables("nags").is_none() {
        return;
    }
    let dir = common::tables_dir();
    let tb = Tablebases::open(&dir).unwrap();
    for (fen, extra) in [
        (FIG3, vec![]),
        ("8/8/8/8/8/4k3/1P6/K7 w - - 0 1", vec![]),
        ("8/8/8/8/4k3/8/2P5/K7 b - - 0 1", vec![]),
        ("k7/8/8/K7/P7/8/8/8 w - - 0 1", vec!["--black", "tablebase"]),
    ] {
        let mut args = vec![
            "line",
            fen,
            "--format",
            "pgn",
            "--tablebases",
            dir.to_str().unwrap(),
        ];
        args.extend(extra);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_pecp"))
            .args(&args)
            .output()
            .unwrap();
        let pgn = String::from_utf8(out.stdout).unwrap();
        let movetext: String = pgn
            .lines()
            .skip_while(|l| l.starts_with('['))
            .collect::<Vec<_>>()
            .join(" ");
        // Drop comments and variations (the refutations, checked in
        // tests/calculation.rs), then walk the mainline's tokens.
        let mut plain = String::new();
        let (mut comment, mut variation) = (false, 0);
        for c in movetext.chars() {
            match c {
                '{' => comment = true,
                '}' => comment = false,
                '(' if !comment => variation += 1,
                ')' if !comment => variation -= 1,
                c if !comment && variation == 0 => plain.push(c),
                _ => {}
            }
        }
        let mut pos = start(fen);
        let tokens: Vec<&str> = plain.split_whitespace().collect();
        let mut i = 0;
        let mut checked = 0;
        while i < tokens.len() {
            let t = tokens[i];
            i += 1;
            if t.ends_with('.') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&t) {
                continue;
            }
            let nag = tokens.get(i).filter(|n| n.starts_with('$')).copied();
            if nag.is_some() {
                i += 1;
            }
            let user = Input::parse(fen).unwrap();
            assert_eq!(user.orientation, pecp::Orientation::AsGiven);
            let m = t
                .parse::<shakmaty::san::SanPlus>()
                .unwrap()
                .san
                .to_move(&pos)
                .unwrap();
            let before = tb.value(&pos).unwrap().pawn_side_wins;
            let values = tb.values_after_moves(&pos).unwrap();
            let keeping = values
                .iter()
                .filter(|(_, v)| v.pawn_side_wins == before)
                .count();
            let keeps = values
                .iter()
                .find(|(mm, _)| *mm == m)
                .unwrap()
                .1
                .pawn_side_wins
                == before;
            let expected = if !keeps {
                Some("$4")
            } else if keeping == 1 && values.len() > 1 {
                Some("$8")
            } else {
                None
            };
            assert_eq!(nag, expected, "{fen}: move {t}");
            pos.play_unchecked(m);
            checked += 1;
        }
        assert!(checked > 0);
    }
}

#[test]
fn the_paper_position_is_played_to_mate_keeping_the_win_at_every_move() {
    // Against pecp's defence and against the tablebase: the line goes on
    // past the promotion and ends in checkmate, each of White's moves
    // keeping the win, within the fifty-move rule after the promotion.
    let truth = common::truth("the_paper_position_is_played_to_mate");
    for black in [Player::PECP, Player::Tablebase] {
        let cfg = line::Config {
            black,
            until: line::Until::Mate,
            ..line::Config::default()
        };
        let l = line::generate(&start(FIG3), &cfg, &truth).unwrap();
        assert_eq!(l.termination, Termination::Checkmate, "{black:?}");
        let last = l.plies.last().unwrap();
        assert!(last.after.is_checkmate() && last.after.turn() == Color::Black);
        for p in l.plies.iter().filter(|p| p.before.turn() == Color::White) {
            assert!(
                keeps_value(&truth, &p.before, p.mv).unwrap(),
                "{black:?}: {:?}",
                p.mv
            );
        }
        let promoted = l.plies.iter().position(|p| p.mv.is_promotion()).unwrap();
        assert!(
            l.plies.len() - promoted <= 100,
            "{} plies after the promotion",
            l.plies.len() - promoted
        );
    }
}
