//! `validate --ending kppk|kpkp --playout`: the conversion of won
//! positions. From a sample of the positions the tables call won for
//! White (either side to move; in KPKP the colour-swapped positions stand
//! for Black's wins), PECP plays White as `line` plays it (calculation
//! checking its moves) and the tables play the defence; the line must win.

use rayon::prelude::*;
use serde::Serialize;
use shakmaty::{Bitboard, Chess, Color, Position, Square};

use crate::board::pawns::{PawnEnding, for_each_position};
use crate::error::Result;
use crate::judges::truth::Truth;
use crate::play::line::{self, Player, Termination, Until};

/// How the lines from won positions ended.
#[derive(Debug, Clone, Default, Serialize)]
pub struct PawnConversion {
    /// Won positions of the ending (White wins, either side to move).
    pub won_positions: usize,
    /// Lines played: that many won positions, spread evenly over them in
    /// the order of the sweep.
    pub lines: usize,
    /// Lines that win: mate, or a position no book plays that the tables
    /// call won.
    pub won: usize,
    /// Of those, ended in mate.
    pub checkmate: usize,
    /// Of those, stopped where no book plays (KPKP: a queen against the
    /// pawn, two queens), the position won by the tables.
    pub judged_won: usize,
    /// The moves PECP played in all the lines.
    pub pecp_moves: usize,
    /// Each line that does not win, as EPD of its start (`c0` how it
    /// ended), in order.
    #[serde(skip)]
    pub failures: Vec<String>,
}

/// Plays out `lines` won positions of `ending`, `plies` of calculation
/// checking PECP's moves, on the current thread pool.
///
/// # Errors
/// A probe error, or no tables in `truth`.
pub fn playouts(
    truth: &Truth,
    ending: PawnEnding,
    lines: usize,
    plies: u8,
) -> Result<PawnConversion> {
    let starts = won_sample(truth, ending, lines)?;
    let ends = starts
        .1
        .par_iter()
        .map(|pos| play_out(truth, pos, plies))
        .collect::<Result<Vec<_>>>()?;
    let mut c = PawnConversion {
        won_positions: starts.0,
        lines: ends.len(),
        ..PawnConversion::default()
    };
    for (pos, (t, won, moves)) in starts.1.iter().zip(ends) {
        c.pecp_moves += moves;
        if !won {
            c.failures.push(format!(
                "{} c0 \"White wins; the line ends {}\";",
                crate::board::position::epd_of(pos),
                t.id()
            ));
            continue;
        }
        c.won += 1;
        match t {
            Termination::Checkmate => c.checkmate += 1,
            _ => c.judged_won += 1,
        }
    }
    Ok(c)
}

/// The line from `pos`: how it ended, whether it wins, and PECP's moves.
fn play_out(truth: &Truth, pos: &Chess, plies: u8) -> Result<(Termination, bool, usize)> {
    let cfg = line::Config {
        white: Player::PECP,
        black: Player::Tablebase,
        max_moves: 500,
        until: Until::Mate,
        check: plies,
        ..line::Config::default()
    };
    let l = line::generate(pos, &cfg, truth)?;
    let end = l.plies.last().map_or(pos, |p| &p.after);
    let won = match l.termination {
        // The side to move is mated: White wins when it is Black.
        Termination::Checkmate => end.turn() == Color::Black,
        Termination::NoBook => truth.white_wins(end)?,
        _ => false,
    };
    let moves = l.plies.iter().filter(|p| p.before.turn() == Color::White);
    Ok((l.termination, won, moves.count()))
}

/// The won positions of `ending` (White wins by the tables), counted, and
/// `n` of them spread evenly in the order of the sweep.
fn won_sample(truth: &Truth, ending: PawnEnding, n: usize) -> Result<(usize, Vec<Chess>)> {
    let per_king = Square::ALL
        .par_iter()
        .map(|&wk| won_with_king(truth, ending, wk, &|_| false).map(|(count, _)| count))
        .collect::<Result<Vec<usize>>>()?;
    let total: usize = per_king.iter().sum();
    let n = n.min(total);
    // The k-th line starts from the won position of index k * total / n.
    let picks: Vec<usize> = (0..n).map(|k| k * total / n).collect();
    let mut before = 0;
    let bounds: Vec<(Square, usize)> = Square::ALL
        .iter()
        .zip(&per_king)
        .map(|(&wk, &count)| {
            let start = before;
            before += count;
            (wk, start)
        })
        .collect();
    let chosen = bounds
        .par_iter()
        .map(|&(wk, start)| {
            let wanted = |i: usize| picks.binary_search(&(start + i)).is_ok();
            won_with_king(truth, ending, wk, &wanted).map(|(_, p)| p)
        })
        .collect::<Result<Vec<Vec<Chess>>>>()?;
    Ok((total, chosen.into_iter().flatten().collect()))
}

/// The won positions with the white king on `wk`: how many, and those
/// whose index among them `keep` takes.
fn won_with_king(
    truth: &Truth,
    ending: PawnEnding,
    wk: Square,
    keep: &dyn Fn(usize) -> bool,
) -> Result<(usize, Vec<Chess>)> {
    let (mut count, mut kept, mut error) = (0, Vec::new(), None);
    for_each_position(ending, Bitboard::from(wk), |pos| {
        if error.is_some() {
            return;
        }
        match truth.white_wins(&pos) {
            Ok(true) => {
                if keep(count) {
                    kept.push(pos);
                }
                count += 1;
            }
            Ok(false) => {}
            Err(e) => error = Some(e),
        }
    });
    error.map_or(Ok((count, kept)), Err)
}
