//! Pictures: SVG diagrams and maps, the HTML line. They must be well-formed
//! XML and render with a real renderer (`rsvg-convert`, which `.ci/run`
//! installs); a map's results are checked against an independent judge.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use pecp::Kpk;
use pecp::judges::oracle::Oracle;
use pecp::knowledge::evaluate::{self, Verdict};
use shakmaty::{Color, Square};

use common::pecp;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pecp-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Well-formed XML: every element closed in order (a small checker, so
/// that the test needs no XML crate); returns the element names opened.
fn check_xml(text: &str) -> Vec<String> {
    let mut stack: Vec<String> = Vec::new();
    let mut opened = Vec::new();
    let mut rest = text.trim_start_matches("<!DOCTYPE html>");
    while let Some(i) = rest.find('<') {
        let close = rest[i..].find('>').expect("an unclosed tag") + i;
        let tag = &rest[i + 1..close];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                stack.pop().as_deref(),
                Some(name.trim()),
                "mismatched </{name}>"
            );
        } else if !tag.ends_with('/') {
            let name: String = tag.chars().take_while(|c| !c.is_whitespace()).collect();
            opened.push(name.clone());
            stack.push(name);
        } else {
            opened.push(tag.split_whitespace().next().unwrap_or("").to_string());
        }
        rest = &rest[close + 1..];
    }
    assert!(stack.is_empty(), "unclosed elements: {stack:?}");
    opened
}

/// Renders an SVG to PNG with rsvg-convert: the PNG must not be empty.
/// Without the renderer the check is skipped with a message, except in CI
/// (`PECP_REQUIRE_TABLES=1`), where `.ci/run` installs it (and says so,
/// setting `PECP_SKIP_RENDER=1`, if it cannot).
fn renders(svg: &Path) {
    let png = svg.with_extension("png");
    match Command::new("rsvg-convert")
        .arg(svg)
        .arg("-o")
        .arg(&png)
        .output()
    {
        Ok(o) => {
            assert!(
                o.status.success(),
                "rsvg-convert: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            assert!(std::fs::metadata(&png).unwrap().len() > 1000, "empty PNG");
        }
        Err(e) => {
            let ci = std::env::var("PECP_REQUIRE_TABLES").as_deref() == Ok("1");
            let skip = std::env::var("PECP_SKIP_RENDER").as_deref() == Ok("1");
            assert!(!ci || skip, "rsvg-convert is required in CI: {e}");
            eprintln!(
                "SKIPPED rendering {}: rsvg-convert not found",
                svg.display()
            );
        }
    }
}

#[test]
fn analyse_draws_the_explanation_as_svg() {
    let path = temp("paper.svg");
    let o = pecp(&[
        "analyse",
        "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
        "--svg",
        path.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let svg = std::fs::read_to_string(&path).unwrap();
    let opened = check_xml(&svg);
    assert_eq!(opened[0], "svg");
    // Three pieces, the chosen move as an arrow, the explanation's squares.
    assert_eq!(svg.matches("<circle").count(), 3);
    assert_eq!(svg.matches("<line").count(), 1);
    assert!(svg.matches("fill-opacity=\"0.45\"").count() >= 3);
    assert!(svg.contains("White to move: Kd4"));
    renders(&path);
}

#[test]
fn a_bad_svg_path_is_refused_before_any_work() {
    for args in [
        vec![
            "show",
            "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
            "--svg",
            "/nonexistent/pecp/x.svg",
        ],
        vec![
            "analyse",
            "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
            "--svg",
            "/nonexistent/pecp/x.svg",
        ],
        vec![
            "line",
            "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
            "--format",
            "html",
            "--output",
            "/nonexistent/pecp/x.html",
        ],
        vec![
            "map",
            "--pawn",
            "e4",
            "--king",
            "e3",
            "--side",
            "white",
            "--svg",
            "/nonexistent/pecp/x.svg",
        ],
    ] {
        let o = pecp(&args);
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            e.starts_with("pecp: cannot write /nonexistent/pecp/x.") && e.lines().count() == 1,
            "{e}"
        );
        assert!(o.stdout.is_empty(), "{args:?} worked before refusing");
    }
}

#[test]
fn the_html_line_is_one_page_with_a_diagram_per_move() {
    let path = temp("line.html");
    let o = pecp(&[
        "line",
        "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
        "--format",
        "html",
        "--output",
        path.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let html = std::fs::read_to_string(&path).unwrap();
    let opened = check_xml(&html);
    assert_eq!(opened[0], "html");
    assert!(
        !html.contains("http://")
            || html.matches("http://").count()
                == html.matches("xmlns=\"http://www.w3.org/2000/svg\"").count(),
        "external resources"
    );
    let json = pecp(&["line", "8/8/3k4/8/8/3PK3/8/8 w - - 0 1", "--format", "json"]);
    let plies = String::from_utf8_lossy(&json.stdout)
        .matches("\"ply\":")
        .count();
    assert_eq!(
        html.matches("<svg").count(),
        plies + 1,
        "one diagram per move and the start"
    );
    assert!(html.contains("Kd4: the white king on d4"));
    let first = &html[html.find("<svg").unwrap()..html.find("</svg>").unwrap() + 6];
    let svg = temp("first.svg");
    std::fs::write(&svg, first).unwrap();
    renders(&svg);
}

#[test]
fn the_map_agrees_with_the_solver_and_marks_the_rules_errors() {
    // Without --tablebases the map is judged by the embedded solver, the
    // same judge as below (Syzygy agrees with it everywhere: tests/sweep.rs).
    let svg = temp("map.svg");
    let o = pecp(&[
        "map",
        "--pawn",
        "c5",
        "--king",
        "a6",
        "--side",
        "white",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let grid: Vec<Vec<char>> = text
        .lines()
        .skip(1)
        .take(8)
        .map(|l| {
            l[3..]
                .split(' ')
                .map(|c| c.chars().next().unwrap())
                .collect()
        })
        .collect();
    let o_ = Oracle::get();
    let (pawn, king) = (Square::C5, Square::A6);
    for (row, rank) in grid.iter().zip((0..8).rev()) {
        for (f, &c) in row.iter().enumerate() {
            let sq = Square::from_coords(shakmaty::File::new(f as u32), shakmaty::Rank::new(rank));
            let want = if sq == pawn {
                'P'
            } else if sq == king {
                'K'
            } else {
                match Kpk::new(king, pawn, sq, Color::White) {
                    Err(_) => '.',
                    Ok(k) => {
                        let wins = o_.white_wins(k);
                        let v = pecp::knowledge::proof::judge_position(
                            &k.to_chess(),
                            &evaluate::level1,
                        )
                        .verdict;
                        match (wins, v == Verdict::Win, v == Verdict::Draw) {
                            (true, true, _) => 'W',
                            (true, false, _) => 'w',
                            (false, _, true) => 'D',
                            (false, _, false) => 'd',
                        }
                    }
                }
            };
            assert_eq!(c, want, "{sq}");
        }
    }
    check_xml(&std::fs::read_to_string(&svg).unwrap());
    renders(&svg);
}
