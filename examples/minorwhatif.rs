//! Temporary: where a lone knight or bishop wins against king and pawn.
use pecp::judges::tablebase::{Tablebases, Wdl};
use shakmaty::{Board, CastlingMode, Chess, Color, FromSetup, Piece, Role, Square};
use std::collections::BTreeMap;
fn main() {
    let tb = Tablebases::discover_with_four_pieces(None)
        .unwrap()
        .unwrap();
    for role in [Role::Knight, Role::Bishop, Role::Rook] {
        let mut n = 0u64;
        let mut wins: BTreeMap<(Square, Square), u64> = BTreeMap::new();
        let mut ex = Vec::new();
        for wk in Square::ALL {
            for wm in Square::ALL {
                for bk in Square::ALL {
                    for bp in Square::ALL {
                        if bp.rank() == shakmaty::Rank::First || bp.rank() == shakmaty::Rank::Eighth
                        {
                            continue;
                        }
                        let sq = [wk, wm, bk, bp];
                        if (0..4).any(|i| (i + 1..4).any(|j| sq[i] == sq[j])) {
                            continue;
                        }
                        for turn in [Color::White, Color::Black] {
                            let mut b = Board::empty();
                            b.set_piece_at(
                                wk,
                                Piece {
                                    color: Color::White,
                                    role: Role::King,
                                },
                            );
                            b.set_piece_at(
                                wm,
                                Piece {
                                    color: Color::White,
                                    role,
                                },
                            );
                            b.set_piece_at(
                                bk,
                                Piece {
                                    color: Color::Black,
                                    role: Role::King,
                                },
                            );
                            b.set_piece_at(
                                bp,
                                Piece {
                                    color: Color::Black,
                                    role: Role::Pawn,
                                },
                            );
                            let setup = shakmaty::Setup {
                                board: b,
                                turn,
                                ..shakmaty::Setup::empty()
                            };
                            let Ok(pos) = Chess::from_setup(setup, CastlingMode::Standard) else {
                                continue;
                            };
                            n += 1;
                            let w = tb.wdl(&pos).unwrap();
                            let white_wins = matches!(
                                (w, turn),
                                (Wdl::Win, Color::White) | (Wdl::Loss, Color::Black)
                            );
                            if white_wins && role != Role::Rook {
                                *wins.entry((bk, bp)).or_default() += 1;
                                if ex.len() < 6 {
                                    ex.push(pecp::board::position::fen_of(&pos));
                                }
                            }
                            if role == Role::Rook && !white_wins {
                                *wins.entry((bk, bp)).or_default() += 1;
                            }
                        }
                    }
                }
            }
        }
        let total: u64 = wins.values().sum();
        println!("{role:?}: {n} positions, {total} listed");
        let mut v: Vec<_> = wins.iter().collect();
        v.sort_by_key(|x| std::cmp::Reverse(*x.1));
        for ((k, p), c) in v.iter().take(30) {
            print!("{k}/{p}:{c} ");
        }
        println!();
        for e in &ex {
            println!("  {e}");
        }
    }
}
