//! `pecp map` as a grid of letters or an SVG picture.

use shakmaty::{File, Rank, Square};

use crate::apps::map::{Cell, Map};
use crate::report::svg::{Marks, capitalised, diagram_with};

fn side_words(m: &Map) -> (String, String) {
    let pawn_side = capitalised(m.pawn_colour);
    let defender = capitalised(!m.pawn_colour).to_lowercase();
    (pawn_side.to_string(), defender)
}

/// The grid: `W` won, `D` drawn, `.` illegal, `P` and `K` the pawn and its
/// king; a lower-case `w` or `d` where level 1 calls it otherwise.
pub fn text(m: &Map) -> String {
    let (pawn_side, defender) = side_words(m);
    let mut s = format!(
        "{pawn_side} pawn {}, king {}, {} to move: the result with the {defender} king on each square\n",
        m.pawn,
        m.king,
        capitalised(m.turn).to_lowercase()
    );
    for r in (0..8).rev() {
        s.push_str(&format!("{} ", r + 1));
        for f in 0..8 {
            let sq = Square::from_coords(File::new(f), Rank::new(r));
            let c = match m.cells[sq.to_usize()] {
                Cell::Piece if sq == m.pawn => 'P',
                Cell::Piece => 'K',
                Cell::Illegal => '.',
                Cell::Won {
                    disagrees: false, ..
                } => 'W',
                Cell::Won {
                    disagrees: true, ..
                } => 'w',
                Cell::Drawn {
                    disagrees: false, ..
                } => 'D',
                Cell::Drawn {
                    disagrees: true, ..
                } => 'd',
            };
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
    }
    s.push_str("   a b c d e f g h\n");
    s.push_str(&format!(
        "W: {pawn_side} wins; D: draw; .: the {defender} king cannot stand there; lower case: the rules' verdict disagrees\n"
    ));
    s.push_str(&proved_line(m));
    s
}

/// "The rules prove 52 of the 58 verdicts (with 4 plies of calculation)."
fn proved_line(m: &Map) -> String {
    let (mut proved, mut all) = (0, 0);
    for c in &m.cells {
        if let Cell::Won { proved: p, .. } | Cell::Drawn { proved: p, .. } = c {
            all += 1;
            proved += usize::from(*p);
        }
    }
    let with = match m.plies {
        0 => "without calculation".to_string(),
        1 => "with 1 ply of calculation".to_string(),
        n => format!("with {n} plies of calculation"),
    };
    format!("The rules prove {proved} of the {all} verdicts ({with}).\n")
}

/// The map as a picture: won squares green, drawn grey, a cross where
/// level 1 disagrees.
pub fn svg(m: &Map) -> String {
    let mut fills = Vec::new();
    let mut crosses = Vec::new();
    for sq in Square::ALL {
        let (fill, disagrees) = match m.cells[sq.to_usize()] {
            Cell::Won { disagrees, .. } => ("#66bb6a", disagrees),
            Cell::Drawn { disagrees, .. } => ("#9e9e9e", disagrees),
            _ => continue,
        };
        fills.push((sq.to_string(), fill));
        if disagrees {
            crosses.push(sq.to_string());
        }
    }
    let (pawn_side, _) = side_words(m);
    let marks = Marks {
        caption: format!(
            "{} to move; green: {pawn_side} wins; grey: draw\nx: the rules' verdict disagrees",
            capitalised(m.turn)
        ),
        ..Marks::default()
    };
    let mut board = shakmaty::Board::empty();
    board.set_piece_at(m.pawn, m.pawn_colour.pawn());
    board.set_piece_at(m.king, m.pawn_colour.king());
    diagram_with(&board, &marks, &fills, &crosses)
}
