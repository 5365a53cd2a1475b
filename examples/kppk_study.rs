use pecp::Tablebases;
use pecp::apps::validate::WeightCache;
use pecp::board::pawns::{PawnEnding, for_each_position};
use pecp::board::position::{Kpk, fen_of};
use pecp::judges::tablebase::Wdl;
use shakmaty::{Bitboard, Color, Position};

fn main() {
    let tb = Tablebases::open_with_four_pieces(&["tablebases".into()]).unwrap();
    let cache = WeightCache::build();
    let mut stats = std::collections::BTreeMap::<String, [usize; 2]>::new();
    let mut shown = std::collections::BTreeMap::<String, usize>::new();
    for_each_position(PawnEnding::Kppk, Bitboard::FULL, |pos| {
        let b = pos.board();
        let wk = b.king_of(Color::White).unwrap();
        let bk = b.king_of(Color::Black).unwrap();
        let pawns: Vec<_> = b.pawns().into_iter().collect();
        let w = tb.wdl(&pos).unwrap();
        let win = (w == Wdl::Win) == (pos.turn() == Color::White) && w != Wdl::Draw;
        let mut won = Vec::new();
        let mut won_free = Vec::new();
        let mut won_edge = Vec::new();
        let mut drawn = Vec::new();
        for (i, &p) in pawns.iter().enumerate() {
            if let Ok(k) = Kpk::new(wk, p, bk, pos.turn()) {
                let e = cache.get(k);
                if e.deterministic {
                    if e.weight > 0.5 {
                        won.push(i);
                        let sp = pawns[1 - i];
                        let hems = sp.distance(bk) <= 1
                            || (shakmaty::attacks::pawn_attacks(Color::White, sp)
                                & shakmaty::attacks::king_attacks(bk))
                            .any();
                        let ahead = sp.file() == p.file() && sp.rank() > p.rank();
                        let edge = bk.rank() == shakmaty::Rank::Eighth
                            || bk.rank() == shakmaty::Rank::First
                            || bk.file() == shakmaty::File::A
                            || bk.file() == shakmaty::File::H;
                        if !hems {
                            won_free.push((i, ahead));
                        }
                        if !(hems && edge) {
                            won_edge.push(i);
                        }
                    } else {
                        drawn.push(i)
                    }
                }
            }
        }
        let same_file = pawns[0].file() == pawns[1].file();
        let adj = (pawns[0].file() as i32 - pawns[1].file() as i32).abs() == 1;
        let kind = if same_file {
            "doubled"
        } else if adj {
            "connected"
        } else {
            "split"
        };
        let mut note = |name: String, ok: bool| {
            let e = stats.entry(name.clone()).or_default();
            e[usize::from(!ok)] += 1;
            if !ok {
                let n = shown.entry(name.clone()).or_default();
                if *n < 25 && name.starts_with("D1 doubled front drawn both rook=true") {
                    *n += 1;
                    println!("{name}: {}", fen_of(&pos));
                }
            }
        };
        if pos.is_stalemate() || pos.is_checkmate() {
            note(format!("S absolute {kind}"), true);
            return;
        }
        if !won.is_empty() {
            note(format!("A won-kpk {kind}"), win);
        }
        // doubled: front pawn's KPK drawn with either side to move
        if same_file {
            let front = if pawns[0].rank() > pawns[1].rank() {
                pawns[0]
            } else {
                pawns[1]
            };
            let d = |t: Color| {
                Kpk::new(wk, front, bk, t).ok().map(|k| {
                    let e = cache.get(k);
                    e.deterministic && e.weight < 0.5
                })
            };
            let (a, b2) = (d(Color::White), d(Color::Black));
            let rook = front.file() == shakmaty::File::A || front.file() == shakmaty::File::H;
            if d(pos.turn()) == Some(true) {
                note(format!("D0 doubled front drawn rook={rook}"), !win);
            }
            if a != Some(false) && b2 != Some(false) && (a == Some(true) || b2 == Some(true)) {
                note(format!("D1 doubled front drawn both rook={rook}"), !win);
            }
        }
        if !win {
            note(format!("T draws {kind}"), true);
        }
        if !won_free.is_empty() {
            note(format!("A1 won-kpk-free {kind}"), win);
        }
        if !won_edge.is_empty() {
            note(format!("A3 won-kpk-edge {kind}"), win);
        }
        if won_free.iter().any(|x| !x.1) {
            note(format!("A2 won-kpk-free-notahead {kind}"), win);
        }
        if won.is_empty() && drawn.len() == 2 {
            note(format!("B both-drawn {kind}"), !win);
        }
        if won.is_empty() && drawn.len() < 2 {
            note(
                format!("C rest {kind} {}", if win { "win" } else { "draw" }),
                true,
            );
        }
    });
    for (k, v) in stats {
        println!("{k}: right {} wrong {}", v[0], v[1]);
    }
}
