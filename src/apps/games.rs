//! Games from PGN (`pecp annotate`): read one at a time by
//! [`pgn`](crate::apps::pgn), kept token by token (tags, moves, NAGs,
//! comments, variations, the result) so that everything is written back as
//! it was, and the mainline's moves from KPK positions annotated: the value
//! before and after, NAGs, pecp's own choice as a variation, the reason in
//! words, and a mistake's refutation as a variation of the reply.

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Color, Position};

use crate::apps::analysis::{Analysis, analyse_played};
use crate::apps::pgn::{Game, Token};
use crate::board::position::fen_of;
use crate::judges::tablebase::Tablebases;

/// What annotating one game found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counts {
    /// Whether the mainline reached a KPK position.
    pub kpk: bool,
    /// Whether it reached a pawn ending of four pieces (KPKP, KPPK).
    pub pawn_endings: bool,
    /// Moves annotated.
    pub moves: usize,
    /// Moves that gave the value away (`$4`).
    pub mistakes: usize,
}

/// An annotated game, or the game as it was with a comment where it went
/// wrong (`report::games` writes it as PGN).
pub struct Annotated {
    /// The tags and the movetext, annotated.
    pub game: Game,
    /// The position the game starts from (its move numbers count from it).
    pub start: Chess,
    /// The counts.
    pub counts: Counts,
    /// What was wrong with the game, if anything.
    pub error: Option<String>,
}

/// The game's start: the `FEN` tag, or the standard start.
fn start_of(g: &Game) -> Result<Chess, String> {
    match g.tags.iter().find(|(n, _)| n == "FEN") {
        None => Ok(Chess::default()),
        Some((_, fen)) => fen
            .parse::<Fen>()
            .map_err(|e| format!("bad FEN tag: {e}"))?
            .into_position(CastlingMode::Standard)
            .map_err(|e| format!("illegal FEN tag: {e}")),
    }
}

/// Annotates the mainline's moves from KPK positions (either colour with
/// the pawn), judged by `tb` or else the embedded solver, proofs and
/// refutations calculated up to `plies` plies. A game with a bad FEN tag
/// or an illegal mainline move comes back as it was, with a comment where
/// it went wrong.
pub fn annotate(g: &Game, tb: Option<&Tablebases>, plies: u8) -> Annotated {
    let mut pos = match start_of(g) {
        Ok(p) => p,
        Err(e) => return unchanged(g, 0, &e),
    };
    let start = pos.clone();
    let mut out = Vec::with_capacity(g.tokens.len());
    let mut counts = Counts::default();
    let mut depth = 0usize;
    let mut i = 0;
    // A mistake's refutation, waiting for the reply it replaces.
    let mut pending: Option<Refutation> = None;
    while i < g.tokens.len() {
        let t = &g.tokens[i];
        match t {
            Token::Open => depth += 1,
            Token::Close => depth = depth.saturating_sub(1),
            _ => {}
        }
        let Token::Move(san) = t else {
            if depth == 0
                && matches!(t, Token::Result(_))
                && let Some(r) = pending.take()
            {
                out.extend(r.after_mistake());
            }
            out.push(t.clone());
            i += 1;
            continue;
        };
        if depth > 0 {
            out.push(t.clone());
            i += 1;
            continue;
        }
        let Some(mv) = san.parse::<San>().ok().and_then(|s| s.to_move(&pos).ok()) else {
            let why = format!("{san} is not a legal move in {}", fen_of(&pos));
            return unchanged(g, i, &why);
        };
        let end = suffix_end(&g.tokens, i + 1);
        // The move's own NAGs and comments come before its variations.
        let own = g.tokens[i + 1..end]
            .iter()
            .position(|t| *t == Token::Open)
            .map_or(end, |k| i + 1 + k);
        let note = note_for(&pos, mv, tb, plies);
        out.push(t.clone());
        if let Some(n) = &note {
            if n.four_pieces {
                counts.pawn_endings = true;
            } else {
                counts.kpk = true;
            }
            counts.moves += 1;
            counts.mistakes += usize::from(n.nag == Some(4));
            let already = |nag: &u8| g.tokens[i + 1..own].contains(&Token::Nag(*nag));
            out.extend(n.nag.filter(|x| !already(x)).map(Token::Nag));
        }
        out.extend(g.tokens[i + 1..own].iter().cloned());
        if let Some(n) = &note {
            out.push(Token::Comment(n.comment.clone()));
        }
        out.extend(g.tokens[own..end].iter().cloned());
        out.extend(variations(note, &mut pending, san));
        pos.play_unchecked(mv);
        i = end;
    }
    if let Some(r) = pending {
        out.extend(r.after_mistake());
    }
    Annotated {
        game: Game {
            tags: g.tags.clone(),
            tokens: out,
        },
        start,
        counts,
        error: None,
    }
}

/// The variations after a mainline move `played`: the refutation of the
/// move before it (`pending`), where the game replied otherwise, and
/// pecp's own choice, unless the refutation begins with it; `pending`
/// becomes this move's refutation, if it is a mistake.
fn variations(note: Option<Note>, pending: &mut Option<Refutation>, played: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let refuting = pending.take().filter(|r| r.line[0] != played);
    if let Some(r) = &refuting {
        out.extend(r.instead_of_reply());
    }
    if let Some(n) = note {
        let choice = n
            .variation
            .filter(|(s, _)| refuting.as_ref().is_none_or(|r| r.line[0] != *s));
        if let Some((san, why)) = choice {
            out.extend([
                Token::Open,
                Token::Move(san),
                Token::Comment(why),
                Token::Close,
            ]);
        }
        *pending = n.refutation;
    }
    out
}

/// The index after a mainline move's own NAGs, comments and variations.
fn suffix_end(tokens: &[Token], mut j: usize) -> usize {
    let mut depth = 0usize;
    while j < tokens.len() {
        match &tokens[j] {
            Token::Open => depth += 1,
            Token::Close => depth = depth.saturating_sub(1),
            Token::Move(_) | Token::Result(_) if depth == 0 => break,
            _ => {}
        }
        j += 1;
    }
    j
}

/// The game as it was, a comment after token `at` saying what is wrong.
fn unchanged(g: &Game, at: usize, why: &str) -> Annotated {
    let mut tokens = g.tokens.clone();
    let comment = Token::Comment(format!("pecp: {why}; not annotated"));
    tokens.insert(at.min(tokens.len()), comment);
    let start = start_of(g).unwrap_or_default();
    Annotated {
        game: Game {
            tags: g.tags.clone(),
            tokens,
        },
        start,
        counts: Counts::default(),
        error: Some(why.to_string()),
    }
}

/// pecp's note on one move.
struct Note {
    /// The move is played in a pawn ending of four pieces.
    four_pieces: bool,
    nag: Option<u8>,
    comment: String,
    /// pecp's own move (SAN) and why, when it differs.
    variation: Option<(String, String)>,
    /// For a move that throws the value away: its refutation.
    refutation: Option<Refutation>,
}

/// A mistake's refutation: the mistake, the reply and the proof's line,
/// and the sentence of the rule that decides where it ends.
struct Refutation {
    mistake: String,
    /// The reply first.
    line: Vec<String>,
    sentence: String,
}

impl Refutation {
    /// The refutation as a variation of the game's own reply: the
    /// reply (`$1`), the line, the sentence.
    fn instead_of_reply(&self) -> Vec<Token> {
        let mut v = vec![Token::Open];
        for (i, san) in self.line.iter().enumerate() {
            v.push(Token::Move(san.clone()));
            if i == 0 {
                v.push(Token::Nag(1));
            }
        }
        v.extend([Token::Comment(self.sentence.clone()), Token::Close]);
        v
    }

    /// The refutation where the game ends after the mistake: a variation
    /// of the mistake itself (`$2`), followed by the refutation.
    fn after_mistake(&self) -> Vec<Token> {
        let mut v = vec![
            Token::Open,
            Token::Move(self.mistake.clone()),
            Token::Nag(2),
        ];
        v.extend(self.instead_of_reply().into_iter().skip(1));
        v
    }
}

/// The note on `mv` played in `pos`, if pecp plays `pos` (KPK, KPKP,
/// KPPK; a pawn ending is judged only where `tb` holds its files).
fn note_for(pos: &Chess, mv: shakmaty::Move, tb: Option<&Tablebases>, plies: u8) -> Option<Note> {
    let (a, norm, _) = analyse_played(pos, tb, plies)?.ok()?;
    let four_pieces = norm.board().occupied().count() > 3;
    let uci = mv.to_uci(CastlingMode::Standard).to_string();
    let played = a.moves.iter().find(|m| m.uci == uci)?;
    let keeping = a
        .moves
        .iter()
        .filter(|m| m.keeps_value == Some(true))
        .count();
    let nag = match played.keeps_value {
        Some(false) => Some(4),
        Some(true) if keeping == 1 && a.moves.len() > 1 => Some(1),
        Some(true) if slower(&a, played, tb.is_some()) => Some(2),
        _ => None,
    };
    let said = a.explanation.moves.iter().find(|m| m.uci == uci);
    let mut comment = format!("{} {}", marks(said, &uci), value_words(&a, played));
    if let Some(m) = said {
        comment = format!("{comment} {}", m.sentence);
    }
    let variation = match (&a.chosen, &a.chosen_san) {
        (Some(c), Some(san)) if *c != uci => {
            let why = a
                .explanation
                .moves
                .iter()
                .find(|m| m.uci == *c)
                .map_or_else(|| "pecp's choice".to_string(), |m| m.sentence.clone());
            Some((san.clone(), why))
        }
        _ => None,
    };
    let refutation = played.refutation.as_ref().map(|r| Refutation {
        mistake: played.san.clone(),
        line: r.line.clone(),
        sentence: r.sentence.clone(),
    });
    Some(Note {
        four_pieces,
        nag,
        comment: comment.trim().to_string(),
        variation,
        refutation,
    })
}

/// A move that keeps a win but, by the tables, takes more than ten moves
/// longer to the next pawn move or capture than the best one (`$2`).
fn slower(a: &Analysis, played: &crate::apps::analysis::MoveReport, tables: bool) -> bool {
    let dtz = |m: &crate::apps::analysis::MoveReport| m.tablebase.as_ref().map(|t| t.dtz.abs());
    let wins = a.tablebase.as_ref().is_some_and(|t| t.wdl == "win");
    if !tables || !wins {
        return false;
    }
    let best = a
        .moves
        .iter()
        .filter(|m| m.keeps_value == Some(true))
        .filter_map(dtz)
        .min();
    matches!((dtz(played), best), (Some(p), Some(b)) if p > b + 20)
}

/// `[%csl ...][%cal ...]` for the squares the reason names and the move.
fn marks(said: Option<&crate::knowledge::explain::MoveExplanation>, uci: &str) -> String {
    let csl: Vec<String> = said
        .map(|m| m.squares.iter().map(|s| format!("G{s}")).collect())
        .unwrap_or_default();
    let mut s = String::new();
    if !csl.is_empty() {
        s.push_str(&format!("[%csl {}]", csl.join(",")));
    }
    if uci.len() >= 4 {
        s.push_str(&format!("[%cal G{}]", &uci[..4]));
    }
    s
}

/// "Before: White wins; after: a draw (the tables)." By the tables, else
/// the exact solver (KPK); nothing where neither judges (a pawn ending
/// without its 4-piece files).
fn value_words(a: &Analysis, played: &crate::apps::analysis::MoveReport) -> String {
    let stm = a.side_to_move;
    let (before, after, judge) = match (&a.tablebase, &played.tablebase, a.solver) {
        (Some(b), Some(p), _) => (winner(b.wdl, stm), winner(p.wdl, !stm), "the tables"),
        (_, _, Some(s)) => {
            let pawn = if a.paper.contains("wp(") {
                Color::White
            } else {
                Color::Black
            };
            let after = played.solver.map_or(s.pawn_side_wins, |p| p.pawn_side_wins);
            let side = |wins: bool| wins.then_some(pawn);
            (side(s.pawn_side_wins), side(after), "the exact solver")
        }
        _ => return String::new(),
    };
    let word = |w: Option<Color>| match w {
        Some(Color::White) => "White wins".to_string(),
        Some(Color::Black) => "Black wins".to_string(),
        None => "a draw".to_string(),
    };
    format!(
        "Before: {}; after: {} ({judge}).",
        word(before),
        word(after)
    )
}

/// The colour that wins by a WDL word from `stm`'s side, `None` for a draw.
fn winner(wdl: &str, stm: Color) -> Option<Color> {
    match wdl {
        "win" => Some(stm),
        "loss" => Some(!stm),
        _ => None,
    }
}
