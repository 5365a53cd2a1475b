//! `pecp serve` over real HTTP on loopback: every endpoint, every kind of
//! bad input (HTTP 400 with a JSON error, never a 500 or a panic), what
//! it says checked against the judge, and a clean end on SIGTERM.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use pecp::board::position::parse_chess;
use shakmaty::Position;

/// A running server, stopped when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pecp"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .spawn()
            .expect("pecp serve starts");
        let mut first = String::new();
        BufReader::new(child.stdout.as_mut().unwrap())
            .read_line(&mut first)
            .unwrap();
        let addr = first
            .split("http://")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .unwrap_or_else(|| panic!("no address in {first:?}"))
            .to_string();
        Server { child, addr }
    }

    /// One request; the status and the body.
    fn request(&self, method: &str, target: &str, body: &str) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        write!(
            s,
            "{method} {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).unwrap();
        let raw = String::from_utf8_lossy(&raw).to_string();
        let (head, rest) = raw.split_once("\r\n\r\n").expect("an HTTP response");
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        let body = if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            dechunk(rest)
        } else {
            rest.to_string()
        };
        (status, body)
    }

    fn get(&self, target: &str) -> (u16, String) {
        self.request("GET", target, "")
    }

    fn json(&self, target: &str) -> serde_json::Value {
        let (status, body) = self.get(target);
        assert_eq!(status, 200, "{target}: {body}");
        serde_json::from_str(&body).unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

fn q(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

const PAPER: &str = "8/8/3k4/8/8/3PK3/8/8 w - - 0 1";

fn tables_args() -> Vec<String> {
    let dir = std::env::var("SYZYGY_PATH").unwrap_or_else(|_| "tablebases".into());
    vec!["--tablebases".into(), dir]
}

fn with_tables() -> Option<Server> {
    common::tables("pecp serve with tables")?;
    let args = tables_args();
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    Some(Server::start(&refs))
}

#[test]
fn analyse_answers_as_the_command_line_does() {
    let Some(s) = with_tables() else { return };
    let a = s.json(&format!("/api/analyse?fen={}", q(PAPER)));
    let cli = Command::new(env!("CARGO_BIN_EXE_pecp"))
        .args(["analyse", "--json", PAPER])
        .args(tables_args())
        .output()
        .unwrap();
    let cli: serde_json::Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(a, cli, "the API and `pecp analyse --json` agree");
    assert_eq!(a["chosen_san"], "Kd4");
    // The paper's notation is accepted too.
    let b = s.json(&format!(
        "/api/analyse?fen={}",
        q("wk(5/3) wp(4/3) bk(4/6) white")
    ));
    assert_eq!(b["fen"], PAPER);
}

#[test]
fn a_practice_mistake_is_refuted_and_answered() {
    let Some(s) = with_tables() else { return };
    let tb = common::tables("practice").unwrap();
    let body = format!(r#"{{"fen": "{PAPER}", "move": "e3e4"}}"#);
    let (status, text) = s.request("POST", "/api/move", &body);
    assert_eq!(status, 200, "{text}");
    let r: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(r["keeps_value"], false);
    assert_eq!(
        (r["before"].as_str(), r["after"].as_str()),
        (Some("win"), Some("draw"))
    );
    assert_eq!(r["refutation"]["san"], "Ke6");
    assert_eq!(r["better"], "Kd4");
    // The perfect opponent's reply keeps its draw, by the tables.
    let now = parse_chess(r["fen"].as_str().unwrap()).unwrap();
    assert_eq!(now.turn(), shakmaty::Color::White);
    assert!(!tb.value(&now).unwrap().pawn_side_wins);
    // A good move keeps the win, and SAN is accepted as well as UCI.
    let body = format!(r#"{{"fen": "{PAPER}", "move": "Kd4", "opponent": "pecp"}}"#);
    let (status, text) = s.request("POST", "/api/move", &body);
    assert_eq!(status, 200, "{text}");
    let r: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(r["keeps_value"], true);
    assert!(r["refutation"].is_null());
    let now = parse_chess(r["fen"].as_str().unwrap()).unwrap();
    assert!(tb.value(&now).unwrap().pawn_side_wins);
}

/// How many of the side to move's moves keep a draw (by the tables).
fn drawing_moves(tb: &pecp::Tablebases, pos: &shakmaty::Chess) -> usize {
    pos.legal_moves()
        .iter()
        .filter(|&&m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            after.is_insufficient_material() || !tb.value(&after).unwrap().pawn_side_wins
        })
        .count()
}

#[test]
fn the_opponent_holding_a_draw_leaves_the_fewest_good_replies() {
    // Black, to move, holds the draw only by blockading: after it, White
    // (the opponent) keeps the draw by the move that leaves Black the
    // fewest moves that still hold, by the tables.
    let Some(s) = with_tables() else { return };
    let tb = common::tables("resisting").unwrap();
    let start = "3k4/8/3P4/3K4/8/8/8/8 b - - 0 1";
    let body = format!(r#"{{"fen": "{start}", "move": "Kd7"}}"#);
    let (status, text) = s.request("POST", "/api/move", &body);
    assert_eq!(status, 200, "{text}");
    let r: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(r["keeps_value"], true, "{text}");
    let played = parse_chess(r["played"]["fen"].as_str().unwrap()).unwrap();
    let fewest = played
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut after = played.clone();
            after.play_unchecked(m);
            drawing_moves(&tb, &after)
        })
        .min()
        .unwrap();
    let now = parse_chess(r["fen"].as_str().unwrap()).unwrap();
    assert!(!tb.value(&now).unwrap().pawn_side_wins, "{text}");
    assert_eq!(drawing_moves(&tb, &now), fewest, "{text}");
    assert!(
        fewest < now.legal_moves().len(),
        "Black can still go wrong: {text}"
    );
}

#[test]
fn the_opponent_can_begin() {
    let Some(s) = with_tables() else { return };
    let tb = common::tables("the opponent begins").unwrap();
    // White to move draws; the perfect opponent plays White and keeps it.
    let start = "8/8/8/3k4/8/3K4/3P4/8 w - - 0 1";
    let (status, text) = s.request("POST", "/api/reply", &format!(r#"{{"fen": "{start}"}}"#));
    assert_eq!(status, 200, "{text}");
    let r: serde_json::Value = serde_json::from_str(&text).unwrap();
    let now = parse_chess(r["fen"].as_str().unwrap()).unwrap();
    assert_eq!(now.turn(), shakmaty::Color::Black);
    assert!(!tb.value(&now).unwrap().pawn_side_wins, "{text}");
    assert!(
        r["over"].is_null() && r["reply"]["san"].is_string(),
        "{text}"
    );
    // PECP as the opponent plays PECP's move.
    let body = format!(r#"{{"fen": "{PAPER}", "opponent": "pecp"}}"#);
    let (_, text) = s.request("POST", "/api/reply", &body);
    let r: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(r["reply"]["san"], "Kd4", "{text}");
}

#[test]
fn line_and_map_and_the_pgn_download() {
    let Some(s) = with_tables() else { return };
    let l = s.json(&format!("/api/line?fen={}", q(PAPER)));
    assert_eq!(l["result"], "1-0");
    assert_eq!(l["plies"][0]["san"], "Kd4");
    let p = s.json(&format!(
        "/api/line?fen={}&players=perfect&until=promotion",
        q(PAPER)
    ));
    assert_eq!(p["termination"], "absolute_win");
    assert_eq!(p["players"]["white"], "tablebase");
    let last = p["plies"].as_array().unwrap().last().unwrap();
    assert!(last["san"].as_str().unwrap().contains("=Q"), "{last}");
    let (status, pgn) = s.get(&format!("/api/line?fen={}&format=pgn", q(PAPER)));
    assert_eq!(status, 200);
    assert!(
        pgn.starts_with("[Event \"pecp line\"]") && pgn.contains("1. Kd4"),
        "{pgn}"
    );
    let m = s.json("/api/map?pawn=d3&king=e3&side=white");
    let squares = m["squares"].as_array().unwrap();
    assert_eq!(squares.len(), 64);
    let d6 = squares.iter().find(|c| c["square"] == "d6").unwrap();
    assert_eq!(d6["cell"], "won");
    assert_eq!(d6["fen"], PAPER);
    let drawn = squares.iter().filter(|c| c["cell"] == "drawn").count();
    assert_eq!(
        drawn, 4,
        "the cli's map of this position has 4 drawn squares"
    );
}

#[test]
fn bad_input_gets_400_and_a_json_error() {
    let s = Server::start(&[]);
    let long = "a".repeat(3000);
    let cases: Vec<(&str, String, String)> = vec![
        ("GET", "/api/analyse".into(), String::new()),
        ("GET", "/api/analyse?fen=junk".into(), String::new()),
        (
            "GET",
            format!("/api/analyse?fen={}", q("8/8/8/8/8/8/8/8 w - - 0 1")),
            String::new(),
        ),
        (
            "GET",
            format!("/api/analyse?fen={}&x=1", q(PAPER)),
            String::new(),
        ),
        (
            "GET",
            format!("/api/analyse?fen={}&fen={}", q(PAPER), q(PAPER)),
            String::new(),
        ),
        ("GET", format!("/api/analyse?fen={long}"), String::new()),
        ("GET", "/api/analyse?fen=%ZZ".into(), String::new()),
        (
            "GET",
            format!("/api/line?fen={}&until=never", q(PAPER)),
            String::new(),
        ),
        (
            "GET",
            format!("/api/line?fen={}&format=xml", q(PAPER)),
            String::new(),
        ),
        (
            "GET",
            "/api/map?pawn=d9&king=e3&side=white".into(),
            String::new(),
        ),
        (
            "GET",
            "/api/map?pawn=d3&king=d3&side=white".into(),
            String::new(),
        ),
        ("GET", "/api/map?pawn=d3&king=e3".into(), String::new()),
        (
            "GET",
            "/api/map?pawn=d3&king=e3&side=green".into(),
            String::new(),
        ),
        ("POST", "/api/move".into(), "not json".into()),
        ("POST", "/api/move".into(), r#"{"fen": "x"}"#.into()),
        (
            "POST",
            "/api/move".into(),
            format!(r#"{{"fen": "{PAPER}", "move": "e3e5"}}"#),
        ),
        (
            "POST",
            "/api/move".into(),
            format!(r#"{{"fen": "{PAPER}", "move": "Kd4", "opponent": "x"}}"#),
        ),
        (
            "POST",
            "/api/move".into(),
            format!(r#"{{"fen": "{PAPER}", "move": "Kd4", "extra": 1}}"#),
        ),
        (
            "POST",
            "/api/move".into(),
            format!(r#"{{"fen": "{PAPER}", "move": "{}"}}"#, "x".repeat(5000)),
        ),
        (
            "POST",
            "/api/reply".into(),
            format!(r#"{{"fen": "{PAPER}", "opponent": "none"}}"#),
        ),
        (
            "POST",
            "/api/reply".into(),
            r#"{"fen": "4k3/4P3/4K3/8/8/8/8/8 b - - 0 1"}"#.into(),
        ),
        ("POST", "/api/reply".into(), r#"{"move": "e2e4"}"#.into()),
    ];
    for (method, target, body) in cases {
        let (status, text) = s.request(method, &target, &body);
        let shown = &target[..target.len().min(80)];
        assert_eq!(status, 400, "{method} {shown}: {text}");
        let v: serde_json::Value = serde_json::from_str(&text)
            .unwrap_or_else(|_| panic!("{method} {shown}: not JSON: {text}"));
        let e = v["error"].as_str().unwrap_or_default();
        assert!(!e.is_empty() && !e.starts_with("pecp:"), "{shown}: {text}");
    }
    // No path is read from a request.
    for target in [
        "/assets/../Cargo.toml",
        "/assets/%2e%2e%2fCargo.toml",
        "/etc/passwd",
    ] {
        assert_eq!(s.get(target).0, 404, "{target}");
    }
    // The server still answers.
    assert_eq!(s.get(&format!("/api/analyse?fen={}", q(PAPER))).0, 200);
}

#[test]
fn the_page_and_its_assets_are_compiled_in_and_load_nothing_from_elsewhere() {
    let dir = std::env::temp_dir().join(format!("pecp-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Started away from the repository, without tables: the embedded
    // solvers judge and every file comes from the binary.
    let mut child = Command::new(env!("CARGO_BIN_EXE_pecp"))
        .args(["serve", "--port", "0"])
        .current_dir(&dir)
        .env_remove("SYZYGY_PATH")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.contains("judge: embedded"), "{first}");
    let addr = first
        .split("http://")
        .nth(1)
        .unwrap()
        .split('/')
        .next()
        .unwrap()
        .to_string();
    let s = Server { child, addr };
    let (status, page) = s.get("/");
    assert_eq!(status, 200);
    let elsewhere: Vec<&str> = page
        .split(['"', '\''])
        .filter(|t| t.starts_with("http") || t.starts_with("//"))
        .collect();
    assert!(
        elsewhere.is_empty(),
        "the page loads {elsewhere:?} from another host"
    );
    for asset in [
        "app.js",
        "style.css",
        "chessground.min.js",
        "chessground.base.css",
    ] {
        let (status, body) = s.get(&format!("/assets/{asset}"));
        assert_eq!(status, 200, "{asset}");
        assert!(body.len() > 100, "{asset}");
    }
    let a = s.json(&format!("/api/analyse?fen={}", q(PAPER)));
    assert_eq!(a["chosen_san"], "Kd4");
    assert!(a["tablebase"].is_null() && !a["solver"].is_null());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigterm_ends_the_server_cleanly() {
    let mut s = Server::start(&[]);
    assert_eq!(s.get("/").0, 200);
    let pid = s.child.id().to_string();
    let killed = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(killed.success());
    let status = s.child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{status:?}");
}

#[test]
fn a_pawn_each_is_practised_and_mapped_with_the_four_piece_tables() {
    let Some(dir) = common::four_piece_tables("serve kpkp") else {
        return;
    };
    let s = Server::start(&["--tablebases", dir.to_str().unwrap()]);
    let reti = "7K/8/k1P5/7p/8/8/8/8 w - - 0 1";
    let body = format!(r#"{{"fen": "{reti}", "move": "c7", "opponent": "perfect"}}"#);
    let (status, text) = s.request("POST", "/api/move", &body);
    assert_eq!(status, 200, "{text}");
    let r: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (r["before"].as_str(), r["after"].as_str()),
        (Some("draw"), Some("loss"))
    );
    assert_eq!(r["refutation"]["san"], "Kb7");
    assert_eq!(r["better"], "Kg7");
    // Black's reply is played in the game's own colours: White to move on
    // move 2.
    let fen: Vec<&str> = r["fen"].as_str().unwrap().split(' ').collect();
    assert_eq!((fen[1], fen[5]), ("w", "2"), "{fen:?}");
    // The map: the squares where Black wins, and the study's own square
    // a draw the rules call otherwise.
    let m = s.json("/api/map?pawn=c6&king=h8&side=white&pawn_colour=white&enemy_pawn=h5");
    assert_eq!(m["extra_pawn"], "h5");
    let squares = m["squares"].as_array().unwrap();
    assert!(squares.iter().any(|c| c["cell"] == "lost"), "{m}");
    let a6 = squares.iter().find(|c| c["square"] == "a6").unwrap();
    assert_eq!(
        (a6["cell"].as_str(), a6["disagrees"].as_bool()),
        (Some("drawn"), Some(true))
    );
}
