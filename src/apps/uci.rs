//! `pecp uci`: the Universal Chess Interface, as GUIs and python-chess
//! speak it, for king and pawn against king, the pawn endings of four
//! pieces (a pawn each, two pawns against the king) and the mates that
//! follow a promotion.
//!
//! The engine answers `go` at once with the move the selector chooses
//! (PECP's two levels by default): no search, no clock; `go searchmoves`
//! keeps every selector to the moves listed. `go infinite` waits for
//! `stop`; every `go` gets exactly one `bestmove`, so a new `go` first
//! answers the one still waiting, and `ucinewgame` or `position` does not
//! cancel it. Each answer comes with `info depth 1 score cp X pv MOVE` and
//! an `info string` with the explanation in words.
//!
//! The score, from the side to move: a result a rule proves (on the
//! position, or one move ahead) is 1000 for a win and 0 for a draw;
//! otherwise 400 × (w − 0.5), w the level-1 weight of the pawn side, so an
//! unproved position reads between −200 and 200. The defender's score is
//! the negation of the pawn side's. With a pawn each, the side that plays
//! for the win stands in for the pawn side (a draw is no win for it), and
//! the move is the one `pecp analyse` plays, calculation's check included.
//!
//! After a promotion, king and queen (or rook) against king, the mating
//! rules choose, MATER first for the attacker as in `pecp line`, and the
//! score is `mate N` from the distance to mate (Syzygy's DTZ, which is the
//! distance to mate there, or the embedded mate solver).
//!
//! Any other position gets an `info string` saying so and
//! `bestmove 0000`; a malformed `position` (refused as the command line
//! refuses it) gets an `info string` with the reason and leaves no
//! position set; unknown commands are ignored, as the protocol says.
//!
//! `SyzygyPath` takes folders separated by `:` as `SYZYGY_PATH` does;
//! `<empty>` (the default it advertises) or an empty value goes back to
//! the tables the engine started with. A path that does not hold the
//! tables is reported and the tables in use are kept.

use std::path::PathBuf;
use std::sync::Arc;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

use crate::apps::analysis::{Analysis, analyse_played};
use crate::board::position::{
    Input, Orientation, fen_of, orient_move, parse_chess, to_user, user_move_names,
};
use crate::judges::tablebase::Tablebases;
use crate::knowledge::calc::{DEFAULT_PLIES, MAX_PLIES};
use crate::knowledge::evaluate::level1;
use crate::knowledge::proof::ProvedBy;
use crate::play::selectors::Selector;

/// The engine's state between commands.
pub struct Engine {
    position: Option<Chess>,
    /// The positions of the game so far, the current one included.
    history: Vec<Chess>,
    selector: Selector,
    tables: Option<Arc<Tablebases>>,
    /// The tables the engine started with (`SyzygyPath <empty>`).
    start_tables: Option<Arc<Tablebases>>,
    /// `go infinite` is waiting for `stop`: the answer to give then.
    pending: Option<Vec<String>>,
    /// Plies of calculation that prove the verdict (`Calc`).
    calc: u8,
}

/// The words that end `go searchmoves`' list.
const GO_WORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// What a command asks of the loop around the engine.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    /// Keep reading.
    Continue,
    /// `quit`.
    Quit,
}

impl Engine {
    /// A new engine with the tables found by the usual lookup, if any.
    pub fn new(tables: Option<Tablebases>) -> Engine {
        let tables = tables.map(Arc::new);
        Engine {
            position: None,
            history: Vec::new(),
            selector: Selector::Pecp,
            start_tables: tables.clone(),
            tables,
            pending: None,
            calc: DEFAULT_PLIES,
        }
    }

    /// The engine with `plies` plies of calculation (`Calc`'s value until
    /// a `setoption` changes it).
    #[must_use]
    pub fn with_calc(mut self, plies: u8) -> Engine {
        self.calc = plies.min(MAX_PLIES);
        self
    }

    /// Handles one line (a byte-order mark before it is skipped); the
    /// lines to print go to `out`.
    pub fn handle(&mut self, line: &str, out: &mut Vec<String>) -> Next {
        let line = line.trim_start_matches('\u{feff}');
        let mut words = line.split_whitespace();
        match words.next() {
            Some("uci") => uci(out, self.calc),
            Some("isready") => out.push("readyok".into()),
            Some("ucinewgame") => {
                self.position = None;
                self.history.clear();
            }
            Some("position") => self.set_position(&words.collect::<Vec<_>>(), out),
            Some("setoption") => self.set_option(&words.collect::<Vec<_>>(), out),
            Some("go") => self.go(&words.collect::<Vec<_>>(), out),
            Some("stop") => out.extend(self.pending.take().unwrap_or_default()),
            Some("quit") => return Next::Quit,
            _ => {}
        }
        Next::Continue
    }

    /// `go`: answers at once, or at `stop` for `go infinite`. A `go` still
    /// waiting is answered first.
    fn go(&mut self, words: &[&str], out: &mut Vec<String>) {
        out.extend(self.pending.take().unwrap_or_default());
        let only = self.search_moves(words, out);
        let answer = self.answer(&only);
        if words.contains(&"infinite") {
            self.pending = Some(answer);
        } else {
            out.extend(answer);
        }
    }

    /// The legal moves of `go searchmoves` (none: every move); a word that
    /// is not a legal move here is reported and left out.
    fn search_moves(&self, words: &[&str], out: &mut Vec<String>) -> Vec<Move> {
        let (Some(i), Some(pos)) = (
            words.iter().position(|w| *w == "searchmoves"),
            &self.position,
        ) else {
            return Vec::new();
        };
        let listed = words[i + 1..].iter().take_while(|w| !GO_WORDS.contains(w));
        let mut only = Vec::new();
        for w in listed {
            match w.parse::<UciMove>().ok().and_then(|u| u.to_move(pos).ok()) {
                Some(m) => only.push(m),
                None => out.push(info_string(&format!(
                    "searchmoves: {w} is not a legal move here; left out"
                ))),
            }
        }
        only
    }

    fn set_position(&mut self, words: &[&str], out: &mut Vec<String>) {
        self.position = None;
        self.history.clear();
        match parse_position(words) {
            Ok(game) => {
                self.position = game.last().cloned();
                self.history = game;
            }
            Err(why) => out.push(info_string(&why)),
        }
    }

    fn set_option(&mut self, words: &[&str], out: &mut Vec<String>) {
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return;
        };
        let (name, value) = match rest.split_once(" value") {
            Some((name, value)) => (name, value.trim()),
            None => (rest, ""),
        };
        match name.trim().to_ascii_lowercase().as_str() {
            "syzygypath" => self.set_syzygy_path(value, out),
            "selector" => match value.trim() {
                "pecp" => self.selector = Selector::Pecp,
                "soma" => self.selector = Selector::Soma { seed: 1961 },
                "alphabeta" => self.selector = Selector::AlphaBeta { depth: 4 },
                other => out.push(info_string(&format!("Selector: unknown value {other}"))),
            },
            "calc" => match value.parse::<u8>() {
                Ok(n) if n <= MAX_PLIES => self.calc = n,
                _ => out.push(info_string(&format!(
                    "Calc: {value:?} is not a number of plies from 0 to {MAX_PLIES}; it stays {}",
                    self.calc
                ))),
            },
            _ => {}
        }
    }

    /// `SyzygyPath`: folders separated by `:`, or `<empty>` (or nothing)
    /// for the tables the engine started with.
    fn set_syzygy_path(&mut self, value: &str, out: &mut Vec<String>) {
        if value.is_empty() || value == "<empty>" {
            self.tables = self.start_tables.clone();
            return;
        }
        let dirs: Vec<PathBuf> = std::env::split_paths(value)
            .filter(|p| !p.as_os_str().is_empty())
            .collect();
        match Tablebases::open_with_four_pieces(&dirs) {
            Ok(t) => self.tables = Some(Arc::new(t)),
            Err(e) => {
                let kept = match &self.tables {
                    Some(t) => format!("the tables in {} are kept", t.dir().display()),
                    None => "the embedded solvers judge".into(),
                };
                out.push(info_string(&format!("SyzygyPath: {e}; {kept}")));
            }
        }
    }

    /// The answer to `go`, among the moves of `only` if any: the info lines
    /// and `bestmove`.
    fn answer(&self, only: &[Move]) -> Vec<String> {
        let Some(pos) = &self.position else {
            return vec![info_string("no position set"), "bestmove 0000".into()];
        };
        if crate::judges::mate_oracle::Ending::of(pos).is_some() {
            return self.mating_answer(pos, only);
        }
        let (analysis, norm, o) = match analyse_played(pos, self.tables.as_deref(), self.calc) {
            Some(Ok(found)) => found,
            Some(Err(e)) => return vec![info_string(&e.to_string()), "bestmove 0000".into()],
            None => {
                let why = Input::parse(&fen_of(pos)).err().map_or_else(
                    || "not a position pecp plays".to_string(),
                    |e| format!("{e}; pecp plays KPK, a pawn each (KPKP), two pawns against the king (KPPK), and the mates that follow"),
                );
                return vec![info_string(&why), "bestmove 0000".into()];
            }
        };
        let only: Vec<Move> = only.iter().map(|&m| orient_move(m, o)).collect();
        let chosen = if norm.board().occupied().count() > 3 {
            self.pawn_ending_move(&analysis, &norm, o, &only)
        } else {
            self.kpk_move(&norm, o, &only)
        };
        let Some(mv) = chosen else {
            return vec![info_string("no legal move"), "bestmove 0000".into()];
        };
        vec![
            format!("info depth 1 score cp {} pv {mv}", score(&analysis, pos, o)),
            info_string(&analysis.explanation.sentence),
            format!("bestmove {mv}"),
        ]
    }
}

impl Engine {
    /// The answer in KQK or KRK: the mating rules' move (MATER's first, for
    /// the attacker), the mate score and the reason.
    fn mating_answer(&self, pos: &Chess, only: &[Move]) -> Vec<String> {
        let Some((attacker, ..)) = crate::judges::mate_oracle::pieces(pos) else {
            return vec![info_string("not a mating ending"), "bestmove 0000".into()];
        };
        let o = if attacker == shakmaty::Color::White {
            Orientation::AsGiven
        } else {
            Orientation::Flipped
        };
        let norm = to_user(pos, o);
        let only: Vec<Move> = only.iter().map(|&m| orient_move(m, o)).collect();
        let attacking = norm.turn() == shakmaty::Color::White;
        let mater = attacking
            .then(|| {
                let (depth, mode) = crate::play::line::DEFAULT_MATER;
                crate::play::mater::mater_move(&norm, depth, mode)
            })
            .flatten()
            .filter(|m| only.is_empty() || only.contains(m));
        let chosen = mater.or_else(|| {
            Selector::Pecp
                .choose_among(&norm, &level1, &|_| false, &only)
                .map(|c| c.mv)
        });
        let Some(mv) = chosen else {
            return vec![info_string("no legal move"), "bestmove 0000".into()];
        };
        let (san, uci) = user_move_names(&norm, mv, o);
        let ending = crate::judges::mate_oracle::Ending::of(pos).expect("a mating ending");
        let plies = match &self.tables {
            Some(t) => t
                .value(pos)
                .ok()
                .filter(|v| v.dtz_stm != 0)
                .map(|v| v.dtz_stm.unsigned_abs()),
            None => crate::judges::mate_oracle::MateOracle::get(ending).plies_of(pos),
        };
        let score = match plies {
            Some(p) if attacking => format!("mate {}", p.div_ceil(2)),
            Some(p) => format!("mate -{}", p / 2),
            None => "cp 0".into(),
        };
        let why = match (mater.is_some(), attacking) {
            (true, _) => "MATER finds a forced mate by checks and threats of mate",
            (false, true) => "the mating rules: the box shrinks, the king comes up, no stalemate",
            (false, false) => "the lone king keeps the most room, away from the attacking king",
        };
        vec![
            format!("info depth 1 score {score} pv {uci}"),
            info_string(&format!("{san}: {why}")),
            format!("bestmove {uci}"),
        ]
    }

    /// The selector's move in a KPK position (`pos` normalised, shown in
    /// `o`), among `only` (normalised) if any. PECP plays as in `pecp
    /// line`: the pawn side does not walk back into a position the game has
    /// had (the moves of `position ... moves` are the game), so that it
    /// makes progress.
    fn kpk_move(&self, pos: &Chess, o: Orientation, only: &[Move]) -> Option<String> {
        let seen: Vec<(shakmaty::Board, shakmaty::Color)> = self
            .history
            .iter()
            .map(|p| {
                let n = to_user(p, o);
                (n.board().clone(), n.turn())
            })
            .collect();
        let pawn_side = pos.turn() == shakmaty::Color::White;
        let avoid = |after: &Chess| {
            pawn_side
                && seen
                    .iter()
                    .any(|(b, t)| b == after.board() && *t == after.turn())
        };
        let choice = self.selector.choose_among(pos, &level1, &avoid, only)?;
        Some(user_move_names(pos, choice.mv, o).1)
    }

    /// The move in a pawn ending of four pieces (`pos` normalised, shown
    /// in `o`): PECP's as `pecp analyse` chooses it (calculation's check
    /// included), another selector's own; among `only` (normalised) if
    /// any, PECP's choice where listed, else the listed move its level 1
    /// weighs best for the mover.
    fn pawn_ending_move(
        &self,
        analysis: &Analysis,
        pos: &Chess,
        o: Orientation,
        only: &[Move],
    ) -> Option<String> {
        let listed = |uci: &str| {
            only.is_empty() || only.iter().any(|&m| user_move_names(pos, m, o).1 == uci)
        };
        if self.selector == Selector::Pecp
            && let Some(c) = analysis.chosen.as_ref().filter(|c| listed(c))
        {
            return Some(c.clone());
        }
        let choice = self.selector.choose_among(pos, &level1, &|_| false, only)?;
        Some(user_move_names(pos, choice.mv, o).1)
    }
}

/// `uci`: who the engine is and its options.
fn uci(out: &mut Vec<String>, calc: u8) {
    out.push(format!("id name pecp {}", env!("CARGO_PKG_VERSION")));
    out.push("id author the pecp authors".into());
    out.push("option name SyzygyPath type string default <empty>".into());
    out.push("option name Selector type combo default pecp var pecp var soma var alphabeta".into());
    out.push(format!(
        "option name Calc type spin default {calc} min 0 max {MAX_PLIES}"
    ));
    out.push("uciok".into());
}

/// An `info string` line: one line whatever the text holds.
fn info_string(text: &str) -> String {
    format!("info string {}", crate::error::one_line(text))
}

/// The score in centipawns from the side to move (see the module's notes).
fn score(a: &Analysis, pos: &Chess, o: Orientation) -> i32 {
    let e = &a.evaluation;
    let pawn_side_wins = e.verdict == "win";
    let pawn_side = match e.proved_by {
        Some(ProvedBy::Rule | ProvedBy::Moves | ProvedBy::Calculation) if pawn_side_wins => 1000,
        Some(_) => 0,
        None => (400.0 * (e.weight - 0.5)).round() as i32,
    };
    // The side the book plays for (normalised White): the pawn's in KPK
    // and KPPK, the one playing for the win with a pawn each.
    let pawn_colour = match o {
        Orientation::AsGiven => shakmaty::Color::White,
        Orientation::Flipped => shakmaty::Color::Black,
    };
    if pos.turn() == pawn_colour {
        pawn_side
    } else {
        -pawn_side
    }
}

/// `position startpos|fen F [moves M...]`: the positions of the game, the
/// start first and the current one last.
fn parse_position(words: &[&str]) -> Result<Vec<Chess>, String> {
    let split = words.iter().position(|w| *w == "moves");
    let (setup, moves) = match split {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let mut pos = match setup.first() {
        Some(&"startpos") if setup.len() == 1 => Chess::default(),
        Some(&"fen") => parse_chess(&setup[1..].join(" ")).map_err(|e| e.to_string())?,
        _ => return Err("position needs startpos or fen".into()),
    };
    let mut game = vec![pos.clone()];
    for m in moves {
        let uci: UciMove = m.parse().map_err(|_| format!("{m} is not a UCI move"))?;
        let mv = uci
            .to_move(&pos)
            .map_err(|_| format!("{m} is not legal in {}", fen_of(&pos)))?;
        pos.play_unchecked(mv);
        game.push(pos.clone());
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(engine: &mut Engine, lines: &[&str]) -> Vec<String> {
        let mut out = Vec::new();
        for l in lines {
            engine.handle(l, &mut out);
        }
        out
    }

    #[test]
    fn answers_the_paper_position_with_kd4() {
        let mut e = Engine::new(None);
        let out = run(
            &mut e,
            &[
                "isready",
                "position fen 8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
                "go depth 5",
            ],
        );
        assert_eq!(out[0], "readyok");
        assert_eq!(out.last().unwrap(), "bestmove e3d4");
        assert!(
            out[1].starts_with("info depth 1 score cp 1000 pv e3d4"),
            "{out:?}"
        );
    }

    #[test]
    fn plays_the_pawn_endings_of_four_pieces() {
        // A pawn each: calculation's check plays Kc2 (the pawn's advance
        // c5 loses to the queen that comes with check).
        let mut e = Engine::new(None);
        let out = run(
            &mut e,
            &["position fen 8/8/8/8/2P1k3/8/3p4/1K6 w - - 0 1", "go"],
        );
        assert_eq!(out.last().unwrap(), "bestmove b1c2", "{out:?}");
        assert!(out[1].contains("Kc2"), "{out:?}");
        // Two black pawns against the king, either side to move: a legal
        // move, and the score of a proved win for Black from each side.
        for (turn, score) in [("b", "cp 1000"), ("w", "cp -1000")] {
            let fen = format!("8/8/3k4/2pp4/8/3K4/8/8 {turn} - - 0 1");
            let out = run(&mut e, &[&format!("position fen {fen}"), "go"]);
            let pos = parse_chess(&fen).unwrap();
            let uci = out.last().unwrap().trim_start_matches("bestmove ");
            assert!(
                uci.parse::<UciMove>().unwrap().to_move(&pos).is_ok(),
                "{out:?}"
            );
            assert!(
                out[0].starts_with(&format!("info depth 1 score {score} ")),
                "{out:?}"
            );
        }
        // searchmoves keeps the choice to the moves listed.
        let out = run(
            &mut e,
            &[
                "position fen 8/8/8/8/2P1k3/8/3p4/1K6 w - - 0 1",
                "go searchmoves c4c5 b1a2",
            ],
        );
        let last = out.last().unwrap();
        assert!(
            last == "bestmove c4c5" || last == "bestmove b1a2",
            "{out:?}"
        );
    }

    #[test]
    fn bad_input_leaves_the_engine_usable() {
        let mut e = Engine::new(None);
        let out = run(
            &mut e,
            &[
                "position fen not a fen",
                "go",
                "position startpos moves e2e4",
                "go",
                "frobnicate",
                "position fen 8/8/3k4/8/8/3PK3/8/8 w - - 0 1 moves e3d4 d6d7",
                "go infinite",
            ],
        );
        assert!(out[0].starts_with("info string bad FEN"), "{out:?}");
        assert_eq!(out[2], "bestmove 0000");
        assert!(out[3].contains("not a KPK position"), "{out:?}");
        assert_eq!(out.len(), 5, "go infinite waits for stop: {out:?}");
        let out = run(&mut e, &["stop"]);
        assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
    }

    #[test]
    fn plays_on_to_mate_after_the_promotion_with_a_mate_score() {
        // King and queen against king, both colours: the move is legal, the
        // score is the solver's mate distance, and a game played through
        // the engine against itself ends in mate.
        let mut e = Engine::new(None);
        let out = run(
            &mut e,
            &["position fen 8/8/8/8/8/2k5/8/K2Q4 w - - 0 1", "go"],
        );
        assert!(out[0].starts_with("info depth 1 score mate "), "{out:?}");
        let out = run(
            &mut e,
            &["position fen 8/8/8/8/8/2K5/8/k2q4 b - - 0 1", "go"],
        );
        assert!(out[0].starts_with("info depth 1 score mate "), "{out:?}");
        let mut pos: Chess = parse_chess("8/8/8/3k4/8/8/8/KQ6 w - - 0 1").unwrap();
        for _ in 0..100 {
            if pos.is_game_over() {
                break;
            }
            let out = run(&mut e, &[&format!("position fen {}", fen_of(&pos)), "go"]);
            let uci = out
                .last()
                .unwrap()
                .trim_start_matches("bestmove ")
                .to_string();
            let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
        }
        assert!(pos.is_checkmate(), "{}", fen_of(&pos));
    }
}
