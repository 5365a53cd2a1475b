//! Every sentence is true of the position it speaks of, as a reader reads
//! it. Over every legal KPK position, each sentence of each rule that
//! fires, and the reason given for each chosen move, are filled in, and
//! the claims they make about the board are checked with geometry of this
//! test's own (files, ranks, the square of the pawn, key squares), not
//! with pecp's.

// For the allocator the `pecp` binary runs with.
mod common;

use pecp::board::enumerate::all_positions;
use pecp::board::facts::Node;
use pecp::board::position::Orientation;
use pecp::knowledge::books::kpk::BOOK;
use pecp::knowledge::evaluate::level1;
use pecp::knowledge::explain::{fill, line_move};
use pecp::knowledge::select::decide;
use rayon::prelude::*;
use shakmaty::{Chess, Color, Position, Square};

/// The kings and the pawn (White has it), as files and ranks from 0.
#[derive(Clone, Copy)]
struct Board {
    wk: (i32, i32),
    bk: (i32, i32),
    p: (i32, i32),
    white_to_move: bool,
}

fn fr(s: Square) -> (i32, i32) {
    (i32::from(s.file()), i32::from(s.rank()))
}

impl Board {
    fn of(pos: &Chess) -> Option<Board> {
        let b = pos.board();
        let pawn = (b.pawns() & b.white()).first()?;
        Some(Board {
            wk: fr(b.king_of(Color::White)?),
            bk: fr(b.king_of(Color::Black)?),
            p: fr(pawn),
            white_to_move: pos.turn() == Color::White,
        })
    }
}

fn files(a: (i32, i32), b: (i32, i32)) -> i32 {
    (a.0 - b.0).abs()
}

fn dist(a: (i32, i32), b: (i32, i32)) -> i32 {
    files(a, b).max((a.1 - b.1).abs())
}

/// The key squares of a white pawn, as the books give them: a rook pawn's
/// are the two squares on the next file by the queening corner; a pawn on
/// the 2nd to 4th rank has the three squares two ranks ahead; on the 5th
/// and 6th, those one and two ranks ahead; on the 7th, the squares of the
/// 7th and 8th ranks that touch it.
fn key_squares(p: (i32, i32)) -> Vec<(i32, i32)> {
    if p.0 == 0 || p.0 == 7 {
        let f = if p.0 == 0 { 1 } else { 6 };
        return vec![(f, 6), (f, 7)];
    }
    let ranks: Vec<i32> = match p.1 {
        1..=3 => vec![p.1 + 2],
        4 | 5 => vec![p.1 + 1, p.1 + 2],
        _ => vec![6, 7],
    };
    ranks
        .into_iter()
        .flat_map(|r| (p.0 - 1..=p.0 + 1).map(move |f| (f, r)))
        .filter(|&s| s != p)
        .collect()
}

fn key_distance(k: (i32, i32), p: (i32, i32)) -> i32 {
    key_squares(p)
        .into_iter()
        .map(|s| dist(k, s))
        .min()
        .unwrap()
}

/// The claims a sentence makes about the board it was filled from: each a
/// phrase and what must hold wherever the phrase is written. `Err` names
/// the first claim that is false.
fn check(text: &str, b: Board) -> Result<(), &'static str> {
    let ahead = b.bk.1 - b.p.1;
    let claims: [(&str, &str, bool); 15] = [
        (
            "is in front of the",
            "the black king on the pawn's file, ahead of it",
            b.bk.0 == b.p.0 && ahead > 0,
        ),
        (
            "stands in front of the",
            "the black king on the pawn's file, ahead of it",
            b.bk.0 == b.p.0 && ahead > 0,
        ),
        (
            ", in front of its",
            "the white king on the pawn's file, ahead of it",
            b.wk.0 == b.p.0 && b.wk.1 > b.p.1,
        ),
        (
            ", on its file or the next",
            "a file or less from the pawn, ahead of it",
            files(b.bk, b.p) <= 1 && ahead > 0,
        ),
        ("four ranks ahead of the", "four ranks ahead", ahead == 4),
        (
            "stands two ranks ahead of the",
            "two ranks ahead",
            ahead == 2,
        ),
        (
            "a rank or two ahead of the",
            "one or two ranks ahead",
            (1..=2).contains(&ahead),
        ),
        (
            "pawn, a square or two ahead of it",
            "directly in front, one or two squares",
            b.bk.0 == b.p.0 && (1..=2).contains(&ahead),
        ),
        (
            "pawn or behind it",
            "level with the pawn or behind it",
            ahead <= 0,
        ),
        (
            "three files or more from the",
            "three files or more between the kings",
            files(b.wk, b.bk) >= 3,
        ),
        (
            "four files or more from the",
            "four files or more between the kings",
            files(b.wk, b.bk) >= 4,
        ),
        (
            "stands right in front of its",
            "the white king directly in front of the pawn",
            b.wk.0 == b.p.0 && b.wk.1 == b.p.1 + 1,
        ),
        (
            "stands two ranks or more ahead of its",
            "the white king two ranks or more ahead",
            b.wk.1 - b.p.1 >= 2,
        ),
        (
            "stands on a key square of the",
            "the white king on a key square",
            key_squares(b.p).contains(&b.wk),
        ),
        (
            "stands outside the square of the",
            "the black king outside the square of the pawn",
            {
                let to_queen = if b.p.1 == 1 { 5 } else { 7 - b.p.1 };
                let tempo = i32::from(!b.white_to_move);
                dist(b.bk, (b.p.0, 7)) - to_queen - tempo >= 1
            },
        ),
    ];
    match claims
        .iter()
        .find(|(phrase, _, holds)| text.contains(phrase) && !holds)
    {
        Some((_, what, _)) => Err(what),
        None => Ok(()),
    }
}

/// The claims of a chosen move's level-2 reason, "X rather than Y: ...",
/// comparing the positions after X and after Y.
fn check_comparison(text: &str, pos: &Chess) -> Result<(), &'static str> {
    let Some((head, reason)) = text.split_once(": ") else {
        return Ok(());
    };
    let Some((x, y)) = head.split_once(" rather than ") else {
        return Ok(());
    };
    let after = |san: &str| -> Option<Board> {
        let m = san.parse::<shakmaty::san::San>().ok()?.to_move(pos).ok()?;
        let mut p = pos.clone();
        p.play_unchecked(m);
        Board::of(&p)
    };
    let (Some(bx), Some(by)) = (after(x), after(y)) else {
        return Ok(());
    };
    if reason.contains("keeps an odd number of ranks between the kings")
        && ((bx.bk.1 - bx.wk.1).abs() - 1) % 2 != 1
    {
        return Err("an odd number of ranks between the kings");
    }
    if reason.contains("further back from the rank of") && bx.bk.1 >= by.bk.1 {
        return Err("the black king further back from the queening rank than after the other move");
    }
    let ranks = |b: &Board| (b.wk.1 - b.bk.1).abs();
    if reason.contains("fewer ranks from the") && ranks(&bx) >= ranks(&by) {
        return Err("the white king fewer ranks from the black king than after the other move");
    }
    if reason.contains("keeps nearer the file of the") && files(bx.wk, bx.bk) >= files(by.wk, by.bk)
    {
        return Err("the white king nearer the black king's file than after the other move");
    }
    let nearer = |king: fn(&Board) -> (i32, i32)| {
        key_distance(king(&bx), bx.p) < key_distance(king(&by), by.p)
    };
    if reason.contains("white king")
        && reason.contains("nearer to the key squares")
        && !nearer(|b| b.wk)
    {
        return Err("the white king nearer the key squares than after the other move");
    }
    if reason.contains("black king")
        && reason.contains("nearer to the key squares")
        && !nearer(|b| b.bk)
    {
        return Err("the black king nearer the key squares than after the other move");
    }
    Ok(())
}

#[test]
fn every_sentence_is_true_of_its_position() {
    let table = BOOK.builtin_rules();
    let wrong: Vec<String> = all_positions()
        .into_par_iter()
        .flat_map_iter(|k| {
            let pos = k.to_chess();
            let node = Node::from_chess(&pos);
            let b = Board::of(&pos).expect("a KPK position");
            let mut wrong = Vec::new();
            for r in BOOK.fires(&node, table).iter() {
                let row = table.row(r);
                let f = fill(&BOOK, &row.sentence, &node, Orientation::AsGiven, None);
                if let Err(what) = check(&f.text, b) {
                    wrong.push(format!(
                        "{}: {} ({what} is false): {}",
                        row.id,
                        fen(&pos),
                        f.text
                    ));
                }
            }
            if wrong.is_empty() && !whoever_moves_holds(&pos, &node, table) {
                wrong.push(format!("{}: \"whoever moves\" is false", fen(&pos)));
            }
            if let Some(d) = decide(&pos, &level1) {
                let c = d.chosen();
                let said = line_move(&pos, Orientation::AsGiven, c.mv, Some(&d), &c.eval);
                if said.sentence.contains("no rule speaks for another move") {
                    wrong.push(format!("{}: no chess reason: {}", fen(&pos), said.sentence));
                }
                if let Err(what) = check_comparison(&said.sentence, &pos) {
                    wrong.push(format!(
                        "{} ({what} is false): {}",
                        fen(&pos),
                        said.sentence
                    ));
                }
            }
            wrong
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "{} false claims, e.g.\n{}",
        wrong.len(),
        wrong[..wrong.len().min(12)].join("\n")
    );
}

/// Where a firing rule's sentence says the result holds "whoever moves",
/// it holds with the other side to move too (by the embedded exact
/// solver), wherever that position is legal.
fn whoever_moves_holds(
    pos: &Chess,
    node: &Node,
    table: &pecp::knowledge::weights::RuleTable,
) -> bool {
    let says = BOOK
        .fires(node, table)
        .iter()
        .any(|r| table.row(r).sentence.contains("whoever moves"));
    if !says {
        return true;
    }
    let fen = fen(pos);
    let flipped = if fen.contains(" w ") {
        fen.replacen(" w ", " b ", 1)
    } else {
        fen.replacen(" b ", " w ", 1)
    };
    match pecp::board::position::parse_chess(&flipped) {
        Ok(other) => {
            pecp::judges::truth::embedded_white_wins(pos)
                == pecp::judges::truth::embedded_white_wins(&other)
        }
        Err(_) => true,
    }
}

fn fen(pos: &Chess) -> String {
    pecp::board::position::fen_of(pos)
}

#[test]
fn the_checks_themselves_catch_a_false_claim() {
    // The audit's example: the black king on b4 is a file off the a2
    // pawn's file; "in front of" it would be false, "ahead, on its file or
    // the next" is true.
    let pos: Chess = pecp::board::position::parse_chess("8/8/8/8/1k6/8/P7/4K3 w - - 0 1").unwrap();
    let b = Board::of(&pos).unwrap();
    assert!(check("is ahead of the a2 pawn, on its file or the next", b).is_ok());
    assert!(
        check(
            "stands in front of the a2 pawn, a square or two ahead of it",
            b
        )
        .is_err()
    );
    assert!(check("is level with the a2 pawn or behind it", b).is_err());
    assert!(
        check(
            "The black king on b4 is in front of the a2 pawn and nearer",
            b
        )
        .is_err()
    );
}
