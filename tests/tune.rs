//! `pecp tune` and `--weights FILE`: the same seed gives the same result on
//! any number of threads, a tuned file reads back through `--weights` and
//! gives the figures the tuner reported, and a bad weights file is refused
//! in one line.

mod common;

use common::pecp;

use std::process::Output;

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// Drops what varies from run to run: times and thread counts.
fn without_times(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(m) => {
            for k in ["tune_s", "elapsed_s", "selection_s", "threads"] {
                m.remove(k);
            }
            m.values_mut().for_each(without_times);
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(without_times),
        _ => {}
    }
}

const SMALL: &[&str] = &[
    "tune",
    "--sample",
    "30000",
    "--generations",
    "8",
    "--population",
    "12",
    "--seed",
    "7",
    "--json",
];

#[test]
fn the_same_seed_gives_the_same_tuning_on_any_thread_count() {
    let mut one = json(&pecp(&[SMALL, &["-j", "1"]].concat()));
    let mut two = json(&pecp(&[SMALL, &["-j", "2"]].concat()));
    without_times(&mut one);
    without_times(&mut two);
    assert_eq!(one, two);
    assert_eq!(one["history"].as_array().unwrap().len(), 9);
    // Elitism: the best never gets worse from one generation to the next.
    let best: Vec<f64> = one["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["best"].as_f64().unwrap())
        .collect();
    assert!(best.windows(2).all(|w| w[1] >= w[0]), "{best:?}");
}

#[test]
fn a_tuned_file_reads_back_through_weights() {
    let file = std::env::temp_dir().join(format!("pecp-tuned-{}.toml", std::process::id()));
    let f = file.to_str().unwrap();
    let report = json(&pecp(&[
        "tune",
        "--generations",
        "1",
        "--population",
        "2",
        "--seed",
        "3",
        "--json",
        "-o",
        f,
    ]));
    assert_eq!(report["accepted"], true, "{}", report["rejected_because"]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("# Weights tuned by `pecp tune"), "{text}");
    let checked = json(&pecp(&["validate", "--weights", f, "--json"]));
    assert_eq!(
        checked["classification_level1"],
        report["checked"]["classification_level1"]
    );
    assert_eq!(
        checked["move_soundness"],
        report["checked"]["move_soundness"]
    );
    for w in report["weights"].as_array().unwrap() {
        let line = format!(
            "id = \"{}\"\nweight = {}",
            w["id"].as_str().unwrap(),
            w["tuned"]
        );
        assert!(text.contains(&line), "{line} not in the file");
    }
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn a_bad_weights_file_is_refused_in_one_line() {
    let dir = std::env::temp_dir().join(format!("pecp-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = pecp::knowledge::books::kpk::BOOK
        .builtin_rules()
        .to_toml("all rules");
    let cases = [
        (
            "missing",
            good.replacen("id = \"rook_pawn\"", "id = \"rook_pawn_x\"", 1),
            "unknown rule rook_pawn_x",
        ),
        (
            "range",
            good.replacen("weight = 0.36", "weight = 1.36", 1),
            "outside [0, 1]",
        ),
        (
            "twice",
            format!("{good}\n[[rule]]\nid = \"rook_pawn\"\nweight = 0.2\n"),
            "listed twice",
        ),
        (
            "short",
            "[[rule]]\nid = \"rook_pawn\"\nweight = 0.2\n".to_string(),
            "is missing",
        ),
        (
            "duplicate-key",
            "[[rule]]\nid = \"rook_pawn\"\nweight = 0.2\nweight = 0.3\n".to_string(),
            "line 4, column 1: duplicate key `weight`",
        ),
        (
            "type",
            "[[rule]]\nid = \"rook_pawn\"\nweight = \"high\"\n".to_string(),
            "line 3, column 10: invalid type",
        ),
        (
            "deterministic-flipped",
            good.replacen(
                "id = \"absolute_win\"\nweight = 1.0",
                "id = \"absolute_win\"\nweight = 0.0",
                1,
            ),
            "rule absolute_win is deterministic and proves a win: its weight must stay above 0.5",
        ),
    ];
    for (name, text, needle) in cases {
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(&path, text).unwrap();
        for cmd in ["validate", "analyse"] {
            let mut args = vec![cmd, "--weights", path.to_str().unwrap(), "--sample", "10"];
            if cmd == "analyse" {
                args = vec![
                    cmd,
                    "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
                    "--weights",
                    path.to_str().unwrap(),
                ];
            }
            let o = pecp(&args);
            let e = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{name}: {e}");
            assert_eq!(e.lines().count(), 1, "{name}: {e}");
            assert!(e.contains(needle), "{name}: {e}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
