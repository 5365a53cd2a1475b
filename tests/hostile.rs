//! Arbitrary and mutated bytes fed to the PGN reader, the UCI loop and the
//! weights parser: no panic, no abort, every error one line. Properties
//! over the library (many cases, fast), then a few through the binary.

mod common;

use common::run::{err, pecp_stdin};
use pecp::apps::games::annotate;
use pecp::apps::pgn::Games;
use pecp::apps::uci::Engine;
use proptest::prelude::*;

/// A game to mutate: tags, moves, a NAG, comments, a variation, a result.
const GAME: &str = "[Event \"e\"]\n[FEN \"8/8/3k4/8/8/3PK3/8/8 w - - 0 1\"]\n\n\
                    1. Kd4! $1 {the opposition} ( 1. Ke4? ; a draw\n) 1... Kc6 2. Ke5 1-0\n";

/// PGN's own characters, so that mutations make near-PGN, not noise.
const PGN_CHARS: &[u8] = b"[]{}();$%*.!?-+#=/\\\" \n\r\t0123456789abcdefghKQRBNOxz\xe9\x00";

fn mutate(seed: &[u8], edits: &[(u8, usize, u8)]) -> Vec<u8> {
    let mut b = seed.to_vec();
    for &(kind, at, pick) in edits {
        let c = PGN_CHARS[usize::from(pick) % PGN_CHARS.len()];
        let i = at % (b.len() + 1);
        match kind % 3 {
            0 => b.insert(i, c),
            1 if i < b.len() => {
                b.remove(i);
            }
            _ if i < b.len() => b[i] = c,
            _ => b.push(c),
        }
    }
    b
}

fn one_line(s: &str) -> bool {
    !s.is_empty() && !s.contains('\n') && !s.contains('\r')
}

/// Every game of `bytes` read, annotated and written: no panic; every
/// reason one line.
fn read_all(bytes: &[u8]) {
    for entry in Games::new(bytes) {
        let entry = entry.expect("reading from memory does not fail");
        match entry.read {
            Ok(game) => {
                let a = annotate(&game, None, 4);
                if let Some(why) = &a.error {
                    assert!(one_line(why), "{why:?}");
                }
                let _ = pecp::report::games::pgn(&a);
            }
            Err(bad) => {
                assert!(one_line(&bad.why), "{:?}", bad.why);
                if let Some(text) = &bad.text {
                    let kept = pecp::report::games::unreadable(entry.number, &bad.why, text);
                    assert!(kept.lines().all(|l| l.is_empty() || l.starts_with('%')));
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_pgn_reader_takes_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        read_all(&bytes);
    }

    #[test]
    fn the_pgn_reader_takes_mutated_games(
        edits in proptest::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 1..12),
        copies in 1usize..4,
    ) {
        let seed = GAME.repeat(copies);
        read_all(&mutate(seed.as_bytes(), &edits));
    }

    #[test]
    fn the_uci_loop_takes_any_lines(lines in proptest::collection::vec(
        prop_oneof![
            "[ -~]{0,40}",
            Just("position fen 8/8/3k4/8/8/3PK3/8/8 w - - 0 1".to_string()),
            Just("position startpos moves e2e4".to_string()),
            Just("go infinite".to_string()),
            Just("go searchmoves e3d4 d3d4 zz".to_string()),
            Just("stop".to_string()),
            Just("ucinewgame".to_string()),
            Just("setoption name SyzygyPath value <empty>".to_string()),
            Just("setoption name Selector value soma".to_string()),
            "position fen [ -~]{0,30}",
            "go [ -~]{0,20}",
        ],
        0..12,
    )) {
        let mut engine = Engine::new(None);
        let mut out = Vec::new();
        let mut gos = 0usize;
        for l in &lines {
            gos += usize::from(l.split_whitespace().next() == Some("go"));
            engine.handle(l, &mut out);
        }
        engine.handle("stop", &mut out);
        for o in &out {
            prop_assert!(one_line(o), "{:?}", o);
        }
        // Every go got exactly one bestmove.
        let answers = out.iter().filter(|o| o.starts_with("bestmove ")).count();
        prop_assert_eq!(answers, gos, "{:?}", out);
    }

    #[test]
    fn the_weights_parser_takes_any_text(text in "[\\[\\]a-z_=\"0-9. \n#-]{0,200}") {
        let table = pecp::knowledge::books::kpk::BOOK.builtin_rules();
        if let Err(e) = table.with_weights(&text) {
            prop_assert!(one_line(&e), "{:?}", e);
        }
    }

    #[test]
    fn the_weights_parser_takes_mutated_files(
        edits in proptest::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 1..6),
    ) {
        let table = pecp::knowledge::books::kpk::BOOK.builtin_rules();
        let good = table.to_toml("weights");
        let text = String::from_utf8_lossy(&mutate(good.as_bytes(), &edits)).into_owned();
        if let Err(e) = table.with_weights(&text) {
            prop_assert!(one_line(&e), "{:?}", e);
        }
    }
}

/// The binary on random bytes for `annotate`, `uci` and `--weights`:
/// exit 0 or 2, every stderr line a `pecp: ` line, never a signal.
#[test]
fn the_binary_takes_random_bytes() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for round in 0..12 {
        let bytes: Vec<u8> = (0..20_000)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if round % 2 == 0 {
                    (state >> 24) as u8
                } else {
                    PGN_CHARS[(state >> 24) as usize % PGN_CHARS.len()]
                }
            })
            .collect();
        for args in [&["annotate", "-"][..], &["uci"][..]] {
            let o = pecp_stdin(args, &bytes);
            let code = o.status.code();
            assert!(
                matches!(code, Some(0 | 2)),
                "{args:?}: {code:?} {}",
                err(&o)
            );
            assert!(
                err(&o).lines().all(|l| l.starts_with("pecp: ")),
                "{}",
                err(&o)
            );
        }
        let path = std::env::temp_dir().join(format!("pecp-hostile-{}.toml", std::process::id()));
        std::fs::write(&path, &bytes).unwrap();
        let won = "8/8/3k4/8/8/3PK3/8/8 w - - 0 1";
        let o = common::pecp(&["analyse", won, "--weights", path.to_str().unwrap()]);
        std::fs::remove_file(&path).unwrap();
        assert_eq!(o.status.code(), Some(2), "random bytes are no weights file");
        assert_eq!(err(&o).lines().count(), 1, "{}", err(&o));
        assert!(err(&o).contains("--weights "), "{}", err(&o));
    }
}

/// A rule id with a control character in it (TOML's `\r` escape) is
/// named in a one-line error, as proptest once found it was not.
#[test]
fn a_rule_id_with_a_control_character_is_reported_on_one_line() {
    let table = pecp::knowledge::books::kpk::BOOK.builtin_rules();
    let good = table.to_toml("weights");
    let bad = good.replacen("id = \"", "id = \"king\\r", 1);
    let e = table.with_weights(&bad).unwrap_err();
    assert!(one_line(&e), "{e:?}");
    assert!(e.contains("unknown rule king\\r"), "{e}");
}
