//! Lists the positions of a pawn ending where one rule of its book fires
//! and the tables disagree with it, one EPD line each with the true result
//! for White: what a rule author reads to name the idea a rule is missing.
//!
//! ```sh
//! cargo run --release --example exceptions -- kpkp queens_first [LIMIT] > out.epd
//! cargo run --release --example exceptions -- kpkp promoted [LIMIT]
//! ```
//!
//! `promoted` sweeps what a promotion leaves (a queen, or what an
//! underpromotion makes, against the other pawn, either colour, both
//! sides to move) and counts, per deterministic rule of the KPKP book,
//! where it fires and where the tables disagree.

use rayon::prelude::*;
use shakmaty::{Bitboard, Color, Position, Role, Square};

use pecp::apps::pawn_validate::book_of;
use pecp::board::facts::Node;
use pecp::board::pawns::{PawnEnding, for_each_piece_against_pawn, for_each_position};
use pecp::board::position::{fen_of, orient_move};
use pecp::judges::tablebase::{Tablebases, Wdl};
use pecp::knowledge::evaluate::level1;
use pecp::knowledge::select::decide_either;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ending =
        PawnEnding::named(args.get(1).map_or("kpkp", String::as_str)).expect("kpkp or kppk");
    let rule = args.get(2).expect("a rule id, or moves").clone();
    let limit: usize = args
        .get(3)
        .map_or(50, |a| a.parse().expect("LIMIT is a number"));
    let book = book_of(ending).expect("a book");
    if rule == "promoted" {
        return promoted(limit);
    }
    if rule == "moves" {
        return moves(ending, limit);
    }
    let id = book.rules().id(&rule).expect("a rule of the book");
    let says_win = book.rules().row(id).weight > 0.5;
    let tb = Tablebases::discover_with_four_pieces(None)
        .expect("tables")
        .expect("the 4-piece tables in ./tablebases");
    let found: Vec<Vec<String>> = Square::ALL
        .par_iter()
        .map(|&wk| {
            let mut out = Vec::new();
            for_each_position(ending, Bitboard::from(wk), |pos| {
                if out.len() >= limit {
                    return;
                }
                let e = level1(book, &Node::from_chess(&pos));
                if !e.fired.iter().any(|r| r == id) {
                    return;
                }
                let wdl = tb.wdl(&pos).expect("probe");
                let white_wins = matches!(
                    (wdl, pos.turn()),
                    (Wdl::Win, Color::White) | (Wdl::Loss, Color::Black)
                );
                if white_wins != says_win {
                    out.push(format!("{} ; {:?} for the side to move", fen_of(&pos), wdl));
                }
            });
            out
        })
        .collect();
    let all: Vec<String> = found.into_iter().flatten().collect();
    eprintln!(
        "{} exceptions listed (at most {limit} per white king square)",
        all.len()
    );
    for line in all.iter().step_by((all.len() / limit).max(1)).take(limit) {
        println!("{line}");
    }
}

/// The positions (KPKP) where the move PECP chooses changes the value.
fn moves(ending: PawnEnding, limit: usize) {
    let tb = Tablebases::discover_with_four_pieces(None)
        .expect("tables")
        .expect("the 4-piece tables in ./tablebases");
    let value = |pos: &shakmaty::Chess| tb.wdl(pos).expect("probe");
    let found: Vec<Vec<String>> = Square::ALL
        .par_iter()
        .map(|&wk| {
            let mut out = Vec::new();
            for_each_position(ending, Bitboard::from(wk), |pos| {
                if out.len() >= limit {
                    return;
                }
                let before = value(&pos);
                if before == Wdl::Loss {
                    return;
                }
                let Some((d, o)) = decide_either(&pos, &level1) else {
                    return;
                };
                let m = orient_move(d.chosen().mv, o);
                let mut after = pos.clone();
                after.play_unchecked(m);
                let now = value(&after);
                let kept = matches!(
                    (before, now),
                    (Wdl::Win, Wdl::Loss) | (Wdl::Draw, Wdl::Draw)
                );
                if !kept {
                    out.push(format!(
                        "{} ; {before:?}, {} gives {now:?} to the other side",
                        fen_of(&pos),
                        m
                    ));
                }
            });
            out
        })
        .collect();
    let all: Vec<String> = found.into_iter().flatten().collect();
    eprintln!(
        "{} listed (at most {limit} per white king square)",
        all.len()
    );
    for line in all.iter().step_by((all.len() / limit).max(1)).take(limit) {
        println!("{line}");
    }
}

/// Per rule: where it fires, where the tables disagree, and examples.
type Tally = (u64, u64, Vec<String>);

/// Every position with a queen, rook, bishop or knight against the other
/// side's pawn (KQKP and KPKQ and the underpromotions, both sides to move): per deterministic rule of the KPKP book, how
/// often it fires there and how often the tables disagree.
fn promoted(limit: usize) {
    use std::collections::BTreeMap;
    let tb = Tablebases::discover_with_four_pieces(None)
        .expect("tables")
        .expect("the 4-piece tables in ./tablebases");
    let book = book_of(PawnEnding::Kpkp).expect("the KPKP book");
    let found: Vec<BTreeMap<String, Tally>> = Square::ALL
        .par_iter()
        .map(|&wk| {
            let mut out: BTreeMap<String, Tally> = BTreeMap::new();
            for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                for_each_piece_against_pawn(Bitboard::from(wk), role, |pos| {
                    let e = level1(book, &Node::from_chess(&pos));
                    if !e.deterministic {
                        return;
                    }
                    let wdl = tb.wdl(&pos).expect("probe");
                    let white_wins = matches!(
                        (wdl, pos.turn()),
                        (Wdl::Win, Color::White) | (Wdl::Loss, Color::Black)
                    );
                    for r in e.fired.iter() {
                        let row = book.rules().row(r);
                        if row.kind != pecp::knowledge::weights::Kind::Deterministic {
                            continue;
                        }
                        let entry = out.entry(row.id.clone()).or_default();
                        entry.0 += 1;
                        if white_wins != (row.weight > 0.5) {
                            entry.1 += 1;
                            if entry.2.len() < limit {
                                entry.2.push(format!("{} ; {wdl:?}", fen_of(&pos)));
                            }
                        }
                    }
                });
            }
            out
        })
        .collect();
    let mut all: BTreeMap<String, Tally> = BTreeMap::new();
    for m in found {
        for (k, (f, x, mut l)) in m {
            let e = all.entry(k).or_default();
            e.0 += f;
            e.1 += x;
            e.2.append(&mut l);
        }
    }
    for (id, (fires, wrong, list)) in all {
        println!("{id}: fires {fires}, wrong {wrong}");
        for l in list.iter().step_by((list.len() / limit).max(1)).take(limit) {
            println!("  {l}");
        }
    }
}
