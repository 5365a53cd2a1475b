//! Every reason pecp gives for a move in KQK and KRK is true of the board
//! as worded. Over every legal position with either side to move, the
//! chosen move's reason is checked with this test's own geometry (the
//! box the piece shuts, distances, the lone king's moves, mates), never
//! with pecp's.

// For the allocator the `pecp` binary runs with.
mod common;

use pecp::board::position::Orientation;
use pecp::judges::mate_oracle::Ending;
use pecp::knowledge::evaluate::level1;
use pecp::knowledge::explain::line_move;
use pecp::knowledge::select::decide;
use pecp::play::walk::chess as position;
use rayon::prelude::*;
use shakmaty::san::San;
use shakmaty::{Chess, Position, Role, Square};

/// The pieces after a move: the kings, the piece and what it is.
struct Board {
    wk: (i32, i32),
    bk: (i32, i32),
    piece: (i32, i32),
    queen: bool,
}

fn fr(s: Square) -> (i32, i32) {
    (i32::from(s.file()), i32::from(s.rank()))
}

impl Board {
    fn of(pos: &Chess) -> Option<Board> {
        let b = pos.board();
        let attacker = if b.queens().any() || b.rooks().any() {
            (b.queens() | b.rooks()).first()?
        } else {
            return None;
        };
        let colour = b.color_at(attacker)?;
        Some(Board {
            wk: fr(b.king_of(colour)?),
            bk: fr(b.king_of(!colour)?),
            piece: fr(attacker),
            queen: b.role_at(attacker) == Some(Role::Queen),
        })
    }

    /// The squares the piece attacks, its lines stopped by its own king
    /// only (a square behind the lone king stays attacked).
    fn attacked(&self, s: (i32, i32)) -> bool {
        let (dx, dy) = (s.0 - self.piece.0, s.1 - self.piece.1);
        let straight = dx == 0 || dy == 0;
        let diagonal = dx.abs() == dy.abs();
        if (dx, dy) == (0, 0) || !(straight || (self.queen && diagonal)) {
            return false;
        }
        let step = (dx.signum(), dy.signum());
        let mut at = (self.piece.0 + step.0, self.piece.1 + step.1);
        while at != s {
            if at == self.wk {
                return false;
            }
            at = (at.0 + step.0, at.1 + step.1);
        }
        true
    }

    /// The box: the squares the lone king can walk to, any number of
    /// moves, never crossing a square the piece attacks nor stepping on
    /// the piece or the other king.
    fn box_size(&self) -> usize {
        let wall = |s: (i32, i32)| self.attacked(s) || s == self.piece || s == self.wk;
        let mut seen = vec![self.bk];
        let mut k = 0;
        while k < seen.len() {
            let (f, r) = seen[k];
            for (a, b) in (-1..=1).flat_map(|a| (-1..=1).map(move |b| (a, b))) {
                let s = (f + a, r + b);
                if (0..8).contains(&s.0) && (0..8).contains(&s.1) && !wall(s) && !seen.contains(&s)
                {
                    seen.push(s);
                }
            }
            k += 1;
        }
        seen.len()
    }

    fn apart(&self) -> i32 {
        manhattan(self.wk, self.bk)
    }

    fn steps_from_edge(&self) -> i32 {
        let (f, r) = self.bk;
        f.min(7 - f).min(r).min(7 - r)
    }
}

fn manhattan(a: (i32, i32), b: (i32, i32)) -> i32 {
    (a.0 - b.0).abs() + (a.1 - b.1).abs()
}

fn king_steps(a: (i32, i32), b: (i32, i32)) -> i32 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

fn name(s: (i32, i32)) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

fn square(name: &str) -> Option<(i32, i32)> {
    name.parse::<Square>().ok().map(fr)
}

fn after(pos: &Chess, san: &str) -> Option<Chess> {
    let m = san.parse::<San>().ok()?.to_move(pos).ok()?;
    let mut p = pos.clone();
    p.play_unchecked(m);
    Some(p)
}

/// The first number in `s` after `marker`, and the one after ", not ".
fn pair(s: &str, marker: &str) -> Option<(usize, usize)> {
    let number = |t: &str| -> Option<usize> {
        if t.starts_with("no ") {
            return Some(0);
        }
        t.split(' ').next()?.parse().ok()
    };
    let rest = &s[s.find(marker)? + marker.len()..];
    let (a, b) = rest.split_once(", not ")?;
    Some((number(a)?, number(b)?))
}

fn edge_words(t: &str) -> Option<usize> {
    if t.starts_with("on the edge") {
        Some(0)
    } else {
        t.split(' ').next()?.parse().ok()
    }
}

/// The claims of "X rather than Y: ..." about the positions after X and
/// after Y (and before both).
fn check_comparison(before: &Chess, x: &Chess, y: &Chess, reason: &str) -> Result<(), String> {
    let (Some(bx), Some(by), Some(b0)) = (Board::of(x), Board::of(y), Board::of(before)) else {
        return Ok(());
    };
    let mut fails = Vec::new();
    let mut claim = |ok: bool, what: &str| {
        if !ok {
            fails.push(what.to_string());
        }
    };
    if let Some((n, m)) = pair(reason, "into a box of ") {
        claim(
            n == bx.box_size() && m == by.box_size() && n < m,
            "the box sizes",
        );
    }
    if let Some((n, m)) = pair(reason, "keeps a box of ") {
        claim(
            n == bx.box_size() && m == by.box_size() && n > m,
            "the box kept",
        );
    }
    if let Some((n, m)) = pair(reason, "the kings stand ") {
        claim(
            n as i32 == bx.apart() && m as i32 == by.apart() && n < m,
            "the kings' distance",
        );
    }
    if let Some((n, m)) = pair(reason, "king stays ") {
        claim(
            n as i32 == bx.apart() && m as i32 == by.apart() && n > m,
            "keeping away",
        );
    }
    if let Some((n, m)) = pair(reason, " king has ") {
        let (lx, ly) = (x.legal_moves().len(), y.legal_moves().len());
        claim(n == lx && m == ly && n < m, "the lone king's moves");
    }
    if let Some(rest) = reason.split_once(" king stands ").map(|(_, r)| r)
        && let Some((a, b)) = rest.split_once(", not ")
    {
        let (n, m) = (edge_words(a), edge_words(b));
        let ok =
            n == Some(bx.steps_from_edge() as usize) && m == Some(by.steps_from_edge() as usize);
        claim(ok && n > m, "the steps from the edge");
    }
    if let Some(rest) = reason.split_once("the critical square ").map(|(_, r)| r) {
        let c = square(&rest[..2]).expect("a square");
        claim(
            manhattan(bx.wk, c) < manhattan(b0.wk, c),
            "nearer the critical square",
        );
        claim(
            king_steps(bx.wk, c) <= king_steps(b0.wk, c),
            "not further in king steps",
        );
        if reason.contains("steps diagonally") {
            let d = (bx.wk.0 - b0.wk.0, bx.wk.1 - b0.wk.1);
            claim(d.0.abs() == 1 && d.1.abs() == 1, "a diagonal step");
        }
    }
    if reason.contains("out of the corner") {
        let corner = |s: (i32, i32)| (s.0 == 0 || s.0 == 7) && (s.1 == 0 || s.1 == 7);
        claim(!corner(bx.wk) && corner(by.wk), "out of the corner");
    }
    if reason.contains("keeps near its rook") {
        claim(
            bx.piece == b0.piece && king_steps(bx.wk, bx.piece) <= king_steps(b0.wk, b0.piece),
            "the king keeps near its rook",
        );
    }
    if fails.is_empty() {
        Ok(())
    } else {
        Err(fails.join(", "))
    }
}

/// Claims about the position after the chosen move alone.
fn check_after(x: &Chess, reason: &str) -> Result<(), String> {
    let Some(bx) = Board::of(x) else {
        return Ok(());
    };
    let reach = |b: &Board| king_steps(b.bk, b.piece) > 1 || king_steps(b.wk, b.piece) == 1;
    let mates_next = |p: &Chess| {
        p.legal_moves().iter().any(|&m| {
            let mut q = p.clone();
            q.play_unchecked(m);
            q.is_checkmate()
        })
    };
    let mut fails = Vec::new();
    let mut claim = |ok: bool, what: &str| {
        if !ok {
            fails.push(what.to_string());
        }
    };
    if reason.contains("it mates") {
        claim(x.is_checkmate(), "mate");
    }
    if reason.contains("walks into a mate on the edge") {
        let all = x.legal_moves().iter().all(|&m| {
            let mut q = x.clone();
            q.play_unchecked(m);
            mates_next(&q)
        });
        claim(
            all && !x.legal_moves().is_empty(),
            "every reply walks into mate",
        );
    }
    if reason.contains("out of its reach") || reason.contains("out of the") {
        claim(reach(&bx), "out of the lone king's reach");
    }
    if reason.contains("stays safe and there is no stalemate") {
        claim(reach(&bx) && !x.is_stalemate(), "safe, no stalemate");
    }
    if reason.contains("guarded by its king") {
        claim(king_steps(bx.wk, bx.piece) == 1, "next to its king");
    }
    if reason.contains("onto the line next to") {
        let (p, k) = (bx.piece, bx.wk);
        let beside =
            |a: i32, b: i32, l: i32| (a - b).abs() == 1 && (l - b).signum() != -(a - b).signum();
        claim(
            beside(p.0, k.0, bx.bk.0) || beside(p.1, k.1, bx.bk.1),
            "the line next to its king, not away from the lone king",
        );
    }
    let number_after = |marker: &str| -> Option<i32> {
        let rest = &reason[reason.find(marker)? + marker.len()..];
        rest.split(' ').next()?.parse().ok()
    };
    if let Some(n) = number_after(" is shut into a box of ")
        && !reason.contains(", not ")
    {
        claim(n as usize == bx.box_size(), "the box's size");
    }
    if reason.contains("counted along files and ranks")
        && let Some(n) = number_after(&format!("{} is ", name(bx.wk)))
    {
        claim(n == bx.apart(), "the kings' distance along files and ranks");
    }
    if reason.contains("runs to the edge") {
        let p = bx.piece;
        claim(p.0 == 0 || p.0 == 7 || p.1 == 0 || p.1 == 7, "on the edge");
    }
    if fails.is_empty() {
        Ok(())
    } else {
        Err(fails.join(", "))
    }
}

fn check(pos: &Chess, said: &str) -> Result<(), String> {
    if said.contains("waiting move") {
        return Err("a waiting move".into());
    }
    if said.contains("no rule speaks for another move") {
        return Err("a chess reason".into());
    }
    if said.contains("the only legal move") && pos.legal_moves().len() != 1 {
        return Err("the only legal move".into());
    }
    let Some((head, reason)) = said.split_once(": ") else {
        return Ok(());
    };
    let chosen = head.split([' ', ',']).next().unwrap_or(head);
    let Some(x) = after(pos, chosen) else {
        return Err(format!("{chosen} is not a legal move"));
    };
    if let Some((_, other)) = head.split_once(" rather than ") {
        let y = after(pos, other).ok_or(format!("{other} is not a legal move"))?;
        check_comparison(pos, &x, &y, reason)?;
    }
    if reason.starts_with("after ") {
        return Ok(());
    }
    check_after(&x, reason)
}

fn positions(ending: Ending) -> Vec<Chess> {
    let mut out = Vec::new();
    for wk in Square::ALL {
        for bk in Square::ALL {
            for pc in Square::ALL {
                for black in [false, true] {
                    out.extend(position(ending, black, wk, bk, pc));
                }
            }
        }
    }
    out
}

#[test]
fn every_mating_reason_is_true_of_its_position() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for ending in [Ending::Kqk, Ending::Krk] {
        let all = positions(ending);
        checked += all.len();
        wrong.extend(
            all.into_par_iter()
                .filter_map(|pos| {
                    let d = decide(&pos, &level1)?;
                    let c = d.chosen();
                    let said = line_move(&pos, Orientation::AsGiven, c.mv, Some(&d), &c.eval);
                    check(&pos, &said.sentence).err().map(|what| {
                        let fen = pecp::board::position::fen_of(&pos);
                        format!("{fen} ({what} is false): {}", said.sentence)
                    })
                })
                .collect::<Vec<_>>(),
        );
    }
    assert!(checked > 300_000, "{checked} positions");
    let mut kinds = std::collections::BTreeMap::new();
    for w in &wrong {
        let what = w
            .split(" (")
            .nth(1)
            .and_then(|t| t.split(" is false").next());
        *kinds.entry(what.unwrap_or("?").to_string()).or_insert(0) += 1;
    }
    assert!(
        wrong.is_empty(),
        "{} false reasons ({kinds:?}), e.g.\n{}",
        wrong.len(),
        wrong[..wrong.len().min(12)].join("\n")
    );
}

#[test]
fn the_checks_themselves_catch_a_false_claim() {
    let pos = pecp::board::position::parse_chess("7k/8/6R1/6K1/8/8/8/8 w - - 0 1").unwrap();
    // Kf6 steps nearer; calling it a waiting move is struck out.
    assert!(check(&pos, "Kf6 rather than Kh4: a waiting move: the cut holds.").is_err());
    // Kf6 leaves the kings 4 apart along files and ranks, Kg4 5.
    assert!(
        check(
            &pos,
            "Kf6 rather than Kg4: the kings stand 4 steps apart along files and ranks, not 5 steps."
        )
        .is_ok()
    );
    assert!(
        check(
            &pos,
            "Kf6 rather than Kg4: the kings stand 3 steps apart along files and ranks, not 5 steps."
        )
        .is_err()
    );
    assert!(
        check(
            &pos,
            "Kf6 rather than Kh4: the white king stays out of the corner."
        )
        .is_err()
    );
    assert!(check(&pos, "Kf6: the only legal move.").is_err());
}
