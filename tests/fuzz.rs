//! Fuzzing every reader of positions: FEN, the paper's notation, EPD with
//! operations, the paper's table rows. Random and mutated inputs never
//! panic: they give a position (whose FEN reads back to the same position)
//! or an error of one line; the binary answers them with exit 0, or exit 2
//! and one `pecp: ` line.

use pecp::Input;
use pecp::board::position::fen_of;
use proptest::prelude::*;

/// One valid input of each kind, for mutation.
const SEEDS: &[&str] = &[
    "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
    "8/8/3kp3/8/8/3K4/8/8 b - - 12 40",
    "wk(5/3) wp(4/3) bk(4/6) white",
    "bk(4/6) bp(5/6) wk(4/3) black",
    "[0, wk(5/3), wp(4/3), bk(4/6), white]",
    "BestMove = [3, wk(5/4), wp(4/3), bk(4/6), black];",
    "8/8/3k4/8/8/3PK3/8/8 w - - bm Kd4; id \"x\"; hmvc 3; fmvn 7;",
    "8/8/3k4/8/8/3PK3/8/8 w - - 0 1 # the opposition",
];

/// Applies edits: 0 inserts the character, 1 deletes, 2 replaces.
fn mutate(seed: &str, edits: &[(u8, usize, char)]) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for &(kind, at, c) in edits {
        let i = at % (chars.len() + 1);
        match kind {
            0 => chars.insert(i, c),
            1 if i < chars.len() => {
                chars.remove(i);
            }
            _ if i < chars.len() => chars[i] = c,
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}

fn check(text: &str) {
    match Input::parse(text) {
        Ok(input) => {
            let fen = fen_of(&input.user_chess());
            let again = Input::parse(&fen).expect("pecp's own FEN reads back");
            assert_eq!(again.kpk, input.kpk, "{text:?} -> {fen}");
            assert_eq!(again.orientation, input.orientation);
        }
        Err(e) => {
            let m = e.to_string();
            assert!(!m.is_empty());
            assert!(!m.contains('\n') && !m.contains('\r'), "{m:?}");
        }
    }
}

fn chess_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(
            "0123456789/ -kKpPqQrRbBnNwWhH()[],;.=#%+~\"abcdefgh\u{feff}\u{2028}\t"
                .chars()
                .collect::<Vec<_>>()
        ),
        any::<char>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn any_text_gives_a_position_or_one_line(text in "\\PC{0,100}") {
        check(&text);
    }

    #[test]
    fn chess_like_text_gives_a_position_or_one_line(
        chars in prop::collection::vec(chess_char(), 0..90)
    ) {
        check(&chars.into_iter().collect::<String>());
    }

    #[test]
    fn mutated_inputs_give_a_position_or_one_line(
        seed in prop::sample::select(SEEDS),
        edits in prop::collection::vec((0u8..3, any::<usize>(), chess_char()), 1..6),
    ) {
        check(&mutate(seed, &edits));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The binary itself: exit 0, or exit 2 with one `pecp: ` line.
    #[test]
    fn the_binary_answers_mutated_inputs_in_one_line(
        seed in prop::sample::select(SEEDS),
        edits in prop::collection::vec((0u8..3, any::<usize>(), chess_char()), 1..4),
    ) {
        let text = mutate(seed, &edits);
        prop_assume!(!text.contains('\0'));
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_pecp"))
            .args(["show", &text])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        match o.status.code() {
            Some(0) => prop_assert!(err.is_empty(), "{err}"),
            Some(2) => {
                prop_assert_eq!(err.lines().count(), 1, "{}", err);
                prop_assert!(err.starts_with("pecp: "), "{}", err);
            }
            other => prop_assert!(false, "exit {:?} for {:?}: {}", other, text, err),
        }
    }
}
