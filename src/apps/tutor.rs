//! The tutor behind `pecp serve`: what each request computes, as values
//! the server sends as JSON. An analysis is `pecp analyse`'s, a line
//! `pecp line`'s and a map `pecp map`'s; practice is new here: the
//! player's move judged (with its refutation when it throws the value
//! away) and the opponent's reply, perfect or PECP's.

use serde::Serialize;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position, Square};

use crate::apps::analysis::{Analysis, RefutationReport, analyse_position};
use crate::apps::annotate::{LineJudges, LineReport, line_report};
use crate::apps::map::{Cell, Map, map, map_pawn_ending};
use crate::board::facts::Node;
use crate::board::pawns::PawnEnding;
use crate::board::pawns::parse_playable;
use crate::board::position::{
    Kpk, Orientation, fen_of, orient_move, parse_any, to_user, user_move_names,
};
use crate::error::{PecpError, Result};
use crate::judges::tablebase::Wdl;
use crate::judges::truth::Truth;
use crate::knowledge::evaluate::{evaluate, level1};
use crate::knowledge::explain::line_move;
use crate::knowledge::select::decide;
use crate::knowledge::select::for_the_win;
use crate::play::line::{Config, Player, Until, generate};

/// Who answers the player in practice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// Perfect play that resists: the slowest loss, the fastest win, and
    /// with a draw to hold the move that leaves the player the fewest
    /// moves that keep its value.
    Perfect,
    /// PECP's own choice.
    Pecp,
}

/// The tutor: the judge and the plies of calculation.
#[derive(Debug)]
pub struct Tutor {
    truth: Truth,
    plies: u8,
}

/// A square of a map as sent.
#[derive(Debug, Clone, Serialize)]
pub struct MapSquare {
    /// The square (`e4`).
    pub square: String,
    /// "won", "drawn", "lost" (a pawn each: the defender wins), "piece"
    /// or "illegal".
    pub cell: &'static str,
    /// The rules' verdict is wrong here.
    pub disagrees: bool,
    /// The rules prove the verdict here.
    pub proved: bool,
    /// The position with the defending king here, when it is legal.
    pub fen: Option<String>,
}

/// A map as sent.
#[derive(Debug, Clone, Serialize)]
pub struct MapReport {
    /// The pawn.
    pub pawn: String,
    /// The pawn side's king.
    pub king: String,
    /// A fourth man fixed: the pawn side's second pawn or the defender's
    /// pawn (null in KPK).
    pub extra_pawn: Option<String>,
    /// Its colour.
    pub extra_pawn_colour: Option<&'static str>,
    /// The side to move ("white" or "black").
    pub side: &'static str,
    /// The pawn's colour.
    pub pawn_colour: &'static str,
    /// The plies of calculation.
    pub calc: u8,
    /// Every square, a1 to h8.
    pub squares: Vec<MapSquare>,
}

/// How a game ended.
#[derive(Debug, Clone, Serialize)]
pub struct GameOver {
    /// "1-0", "0-1" or "1/2-1/2".
    pub result: &'static str,
    /// "checkmate", "stalemate" or "insufficient material".
    pub reason: &'static str,
}

/// A move played in practice, as sent back.
#[derive(Debug, Clone, Serialize)]
pub struct Played {
    /// UCI.
    pub uci: String,
    /// SAN.
    pub san: String,
    /// The position after it.
    pub fen: String,
    /// Why, or what it gives away, in words.
    pub sentence: String,
}

/// The answer to a practice move.
#[derive(Debug, Clone, Serialize)]
pub struct Practice {
    /// The player's move.
    pub played: Played,
    /// The value before the move for the side that made it: "win",
    /// "draw" or "loss".
    pub before: &'static str,
    /// The value after it, for the same side.
    pub after: &'static str,
    /// Whether the move keeps the value.
    pub keeps_value: bool,
    /// For a move that throws the value away: the reply that punishes it
    /// and the proof that follows (null when none is proved within the
    /// plies calculated).
    pub refutation: Option<RefutationReport>,
    /// For such a move: the move PECP would have played.
    pub better: Option<String>,
    /// The opponent's reply, unless the game is over.
    pub reply: Option<Played>,
    /// The position now.
    pub fen: String,
    /// The end of the game, when it ended.
    pub over: Option<GameOver>,
}

/// The opponent's move where it begins.
#[derive(Debug, Clone, Serialize)]
pub struct Answer {
    /// Its move.
    pub reply: Option<Played>,
    /// The position now.
    pub fen: String,
    /// The end of the game, when it ended.
    pub over: Option<GameOver>,
}

impl Tutor {
    /// A position the tutor plays, normalised as the books play it (KPK,
    /// the mates, and the pawn endings of four pieces), and its orientation.
    ///
    /// # Errors
    /// A position pecp does not play.
    fn parse(text: &str) -> Result<(Chess, Orientation)> {
        parse_playable(text, &for_the_win)
    }

    /// The same, and only where the judge judges it: a pawn ending of four
    /// pieces needs its 4-piece tables.
    ///
    /// # Errors
    /// A position pecp does not play, or no judge for it.
    fn parse_judged(&self, text: &str) -> Result<(Chess, Orientation)> {
        let (pos, o) = Tutor::parse(text)?;
        if self.judges(&pos) {
            Ok((pos, o))
        } else {
            Err(PecpError::TablesNeeded(
                "this pawn ending needs its 4-piece Syzygy tables, which the server did not find (pecp tablebases check lists them)".into(),
            ))
        }
    }

    /// Whether the judge judges `pos`: the tables where they hold its
    /// files, the embedded solvers on three pieces.
    fn judges(&self, pos: &Chess) -> bool {
        match self.truth.tables() {
            Some(t) => t.judges(pos),
            None => pos.board().occupied().count() <= 3,
        }
    }

    /// A tutor judged by `truth`, proving with up to `plies` plies.
    pub fn new(truth: Truth, plies: u8) -> Tutor {
        Tutor { truth, plies }
    }

    /// The judge's name ("syzygy" or "embedded").
    pub fn judge(&self) -> &'static str {
        self.truth.name()
    }

    /// `pecp analyse --json` of a position (FEN or the paper's notation).
    ///
    /// # Errors
    /// A position pecp does not play, or a probe error.
    pub fn analyse(&self, text: &str) -> Result<Analysis> {
        let (pos, o) = Tutor::parse(text)?;
        let tb = self.truth.tables().filter(|t| t.judges(&pos));
        analyse_position(&pos, o, tb, self.plies)
    }

    /// `pecp line --format json` of a position, both sides PECP, or both
    /// perfect (`perfect`).
    ///
    /// # Errors
    /// A position pecp does not play, or a probe error.
    pub fn line(&self, text: &str, until: Until, perfect: bool) -> Result<LineReport> {
        let (start, o) = self.parse_judged(text)?;
        let player = if perfect {
            Player::Tablebase
        } else {
            Player::PECP
        };
        let mut config = Config {
            until,
            max_moves: 100,
            check: self.plies,
            ..Config::default()
        };
        config.players(player, player, o);
        let line = generate(&start, &config, &self.truth)?;
        line_report(
            &line,
            &config,
            &mut LineJudges::new(&self.truth, self.plies),
        )
    }

    /// `pecp map` as JSON, each legal square with its position; `extra`
    /// a fourth man fixed, the pawn side's second pawn or the defender's
    /// pawn (judged by the 4-piece tables).
    ///
    /// # Errors
    /// Squares that cannot hold the pieces, no tables for a pawn ending,
    /// or a probe error.
    pub fn map(
        &self,
        (pawn, king): (Square, Square),
        side: Color,
        colour: Color,
        extra: Option<(Square, Color)>,
    ) -> Result<MapReport> {
        let m = match extra {
            None => {
                let judge = |k: Kpk| self.truth.white_wins(&k.to_chess());
                map(pawn, king, side, colour, &judge, self.plies)?
            }
            Some(e) => {
                let ending = if e.1 == colour {
                    PawnEnding::Kppk
                } else {
                    PawnEnding::Kpkp
                };
                let tb = self.truth.tables().ok_or_else(|| {
                    PecpError::TablesNeeded(format!(
                        "the map of {} needs the 4-piece Syzygy tables, which the server did not find",
                        ending.title()
                    ))
                })?;
                tb.require(ending)?;
                map_pawn_ending((pawn, king, e), side, colour, tb, self.plies)?
            }
        };
        Ok(MapReport {
            pawn: pawn.to_string(),
            king: king.to_string(),
            extra_pawn: extra.map(|(sq, _)| sq.to_string()),
            extra_pawn_colour: extra.map(|(_, c)| crate::board::position::color_name(c)),
            side: crate::board::position::color_name(side),
            pawn_colour: crate::board::position::color_name(colour),
            calc: self.plies,
            squares: Square::ALL.iter().map(|&s| map_square(&m, s)).collect(),
        })
    }

    /// The player's move `mv` (UCI or SAN) in `text`, judged, and the
    /// opponent's reply (none without an opponent).
    ///
    /// # Errors
    /// A position pecp does not play, a move that is not legal there, or
    /// a probe error.
    pub fn practice(&self, text: &str, mv: &str, opponent: Option<Opponent>) -> Result<Practice> {
        let (pos, o) = self.parse_judged(text)?;
        let user = to_user(&pos, o);
        let m = user_move(&user, mv)?;
        let analysis = analyse_position(&pos, o, self.truth.tables(), self.plies)?;
        let (san, uci) = names(&user, m);
        let entry = analysis.moves.iter().find(|e| e.uci == uci);
        let keeps = entry.and_then(|e| e.keeps_value).unwrap_or(true);
        let before = self.value_for(&user, user.turn())?;
        let mut after = user.clone();
        after.play_unchecked(m);
        let sentence = move_sentence(&analysis, &uci, &san);
        let after_value = match game_over(&after) {
            None => self.value_for(&after, !after.turn())?,
            Some(_) => final_value(&after, !after.turn()),
        };
        let played = Played {
            uci,
            san,
            fen: fen_of(&after),
            sentence,
        };
        let (reply, now) = match (game_over(&after), opponent) {
            (None, Some(opponent)) => self.reply(&after, opponent)?,
            _ => (None, after),
        };
        Ok(Practice {
            played,
            before,
            after: after_value,
            keeps_value: keeps,
            refutation: entry.filter(|_| !keeps).and_then(|e| e.refutation.clone()),
            better: analysis.chosen_san.clone().filter(|_| !keeps),
            reply,
            fen: fen_of(&now),
            over: game_over(&now),
        })
    }

    /// The opponent's move in `text`, where the player lets it begin.
    ///
    /// # Errors
    /// A position pecp does not play, one where the game is over, or a
    /// probe error.
    pub fn answer(&self, text: &str, opponent: Opponent) -> Result<Answer> {
        let (pos, o) = self.parse_judged(text)?;
        let user = to_user(&pos, o);
        if let Some(over) = game_over(&user) {
            return Err(PecpError::Usage(format!(
                "the game is over: {}",
                over.reason
            )));
        }
        let (reply, now) = self.reply(&user, opponent)?;
        Ok(Answer {
            reply,
            fen: fen_of(&now),
            over: game_over(&now),
        })
    }

    /// The value of `pos` (in any colours, not over) for `side`.
    fn value_for(&self, pos: &Chess, side: Color) -> Result<&'static str> {
        let v = self.wdl(pos)?;
        Ok(if side == pos.turn() {
            v
        } else {
            v.other_side()
        }
        .word())
    }

    /// Whether `pos` (in any colours, not over) is a draw by the judge.
    fn drawn(&self, pos: &Chess) -> Result<bool> {
        Ok(self.wdl(pos)? == Wdl::Draw)
    }

    /// The value of `pos` for the side to move: the tables' WDL (a pawn
    /// each: any of the three), else the embedded solvers' on the position
    /// normalised (three pieces).
    fn wdl(&self, pos: &Chess) -> Result<Wdl> {
        if let Some(t) = self.truth.tables() {
            return t.wdl(pos);
        }
        let (n, o) = parse_any(&fen_of(pos))?;
        let pawn_side = match o {
            Orientation::AsGiven => Color::White,
            Orientation::Flipped => Color::Black,
        };
        Ok(
            match (self.truth.white_wins(&n)?, pos.turn() == pawn_side) {
                (false, _) => Wdl::Draw,
                (true, true) => Wdl::Win,
                (true, false) => Wdl::Loss,
            },
        )
    }

    /// The opponent's reply in the user's position `user` (not over).
    fn reply(&self, user: &Chess, opponent: Opponent) -> Result<(Option<Played>, Chess)> {
        // A promotion with a pawn each leaves an ending no book plays: the
        // practice stops there.
        let Ok((pos, o)) = Tutor::parse(&fen_of(user)) else {
            return Ok((None, user.clone()));
        };
        let decision = decide(&pos, &level1);
        let chosen = match opponent {
            Opponent::Perfect => self.resisting_move(&pos)?,
            Opponent::Pecp => decision.as_ref().map(|d| d.chosen().mv),
        };
        let Some(m) = chosen else {
            return Ok((None, user.clone()));
        };
        let (san, uci) = user_move_names(&pos, m, o);
        let mut next = pos.clone();
        next.play_unchecked(m);
        // Played in the user's colours, so that the move counter advances
        // after Black's move.
        let mut shown = user.clone();
        shown.play_unchecked(orient_move(m, o));
        // PECP's reason where it is PECP's move, else the position it
        // leads to, as `pecp line` says them.
        let sentence = match &decision {
            Some(d) if d.chosen().mv == m => line_move(&pos, o, m, Some(d), &d.chosen().eval),
            _ => line_move(&pos, o, m, None, &evaluate(&Node::from_chess(&next))),
        }
        .sentence;
        let played = Played {
            uci,
            san,
            fen: fen_of(&shown),
            sentence,
        };
        Ok((Some(played), shown))
    }

    /// Perfect play that resists (normalised `pos`): a side that wins or
    /// loses plays the judge's move (the fastest win, the slowest loss);
    /// a side with a draw to hold picks, among the moves that hold it, the
    /// one after which the player has the fewest moves that keep the
    /// player's value, the judge's move first among equals.
    fn resisting_move(&self, pos: &Chess) -> Result<Option<Move>> {
        let best = self.truth.best_move(pos)?;
        if !self.drawn(pos)? {
            return Ok(best);
        }
        let mut choice: Option<(usize, bool, Move)> = None;
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let holds = if game_over(&after).is_some() {
                0
            } else if !self.drawn(&after)? {
                continue;
            } else {
                self.replies_holding(&after)?
            };
            let key = (holds, Some(m) != best, m);
            if choice.as_ref().is_none_or(|c| (key.0, key.1) < (c.0, c.1)) {
                choice = Some(key);
            }
        }
        Ok(choice.map(|c| c.2).or(best))
    }
}

impl Tutor {
    /// How many replies in drawn `pos` (normalised) keep it drawn.
    fn replies_holding(&self, pos: &Chess) -> Result<usize> {
        let mut holds = 0;
        for r in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(r);
            if game_over(&next).is_some() || self.drawn(&next)? {
                holds += 1;
            }
        }
        Ok(holds)
    }
}

/// One square of a map as sent.
fn map_square(m: &Map, s: Square) -> MapSquare {
    let (cell, disagrees, proved) = match m.cells[usize::from(s)] {
        Cell::Piece => ("piece", false, false),
        Cell::Illegal => ("illegal", false, false),
        Cell::Won { disagrees, proved } => ("won", disagrees, proved),
        Cell::Drawn { disagrees, proved } => ("drawn", disagrees, proved),
        Cell::Lost { disagrees, proved } => ("lost", disagrees, proved),
    };
    let fen = matches!(cell, "won" | "drawn" | "lost").then(|| map_fen(m, s));
    MapSquare {
        square: s.to_string(),
        cell,
        disagrees,
        proved,
        fen,
    }
}

/// The position of a map with the defending king on `s`.
fn map_fen(m: &Map, s: Square) -> String {
    let turn = if m.turn == Color::White { "w" } else { "b" };
    format!("{} {turn} - - 0 1", m.board_with(Some(s)).board_fen())
}

/// A move the user typed, UCI or SAN, legal in `user`.
fn user_move(user: &Chess, text: &str) -> Result<Move> {
    let bad = || PecpError::Usage(format!("{text:?} is not a legal move here"));
    if let Ok(u) = text.parse::<UciMove>() {
        return u.to_move(user).map_err(|_| bad());
    }
    let san: shakmaty::san::San = text.parse().map_err(|_| bad())?;
    san.to_move(user).map_err(|_| bad())
}

/// SAN and UCI of a move in the user's own position.
fn names(user: &Chess, m: Move) -> (String, String) {
    user_move_names(user, m, Orientation::AsGiven)
}

/// What an analysis says of move `uci`: its refutation's sentence when
/// it throws the value away, the reason when it is PECP's choice.
fn move_sentence(a: &Analysis, uci: &str, san: &str) -> String {
    a.explanation
        .moves
        .iter()
        .find(|m| m.uci == uci)
        .map_or_else(
            || format!("{san}: it keeps the value."),
            |m| m.sentence.clone(),
        )
}

/// The end of the game in `pos`, if it has ended.
pub fn game_over(pos: &Chess) -> Option<GameOver> {
    if pos.is_checkmate() {
        let result = if pos.turn() == Color::White {
            "0-1"
        } else {
            "1-0"
        };
        return Some(GameOver {
            result,
            reason: "checkmate",
        });
    }
    let draw = |reason| {
        Some(GameOver {
            result: "1/2-1/2",
            reason,
        })
    };
    if pos.is_stalemate() {
        return draw("stalemate");
    }
    if pos.is_insufficient_material() {
        return draw("insufficient material");
    }
    None
}

/// The value for `side` of a position where the game is over.
fn final_value(pos: &Chess, side: Color) -> &'static str {
    match game_over(pos).map(|g| g.result) {
        Some("1-0") if side == Color::White => "win",
        Some("0-1") if side == Color::Black => "win",
        Some("1-0" | "0-1") => "loss",
        _ => "draw",
    }
}
