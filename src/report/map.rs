//! `pecp map` as a grid of letters or an SVG picture.

use shakmaty::{File, Rank, Square};

use crate::apps::map::{Cell, Map};
use crate::report::svg::{Marks, capitalised, diagram_with};

fn side_words(m: &Map) -> (String, String) {
    let pawn_side = capitalised(m.pawn_colour);
    let defender = capitalised(!m.pawn_colour).to_lowercase();
    (pawn_side.to_string(), defender)
}

/// The fixed men in words: "White pawn c5, king a6", "Black pawns c5 and
/// d5, king d6", "White pawn c4, king b1, black pawn d2".
fn fixed_words(m: &Map) -> String {
    let (pawn_side, _) = side_words(m);
    match m.extra_pawn {
        None => format!("{pawn_side} pawn {}, king {}", m.pawn, m.king),
        Some((sq, c)) if c == m.pawn_colour => {
            format!("{pawn_side} pawns {} and {sq}, king {}", m.pawn, m.king)
        }
        Some((sq, c)) => format!(
            "{pawn_side} pawn {}, king {}, {} pawn {sq}",
            m.pawn,
            m.king,
            capitalised(c).to_lowercase()
        ),
    }
}

/// The grid: `W` won, `D` drawn, `L` lost (a pawn each: the defender
/// wins), `.` illegal, `P` and `K` the fixed pawns and king; a lower-case
/// `w`, `d` or `l` where the rules call it otherwise.
pub fn text(m: &Map) -> String {
    let (pawn_side, defender) = side_words(m);
    let mut s = format!(
        "{}, {} to move: the result with the {defender} king on each square\n",
        fixed_words(m),
        capitalised(m.turn).to_lowercase()
    );
    for r in (0..8).rev() {
        s.push_str(&format!("{} ", r + 1));
        for f in 0..8 {
            let sq = Square::from_coords(File::new(f), Rank::new(r));
            s.push(' ');
            s.push(letter(m, sq));
        }
        s.push('\n');
    }
    s.push_str("   a b c d e f g h\n");
    let lost = match m.extra_pawn {
        Some((_, c)) if c != m.pawn_colour => format!("L: {} wins; ", capitalised(c)),
        _ => String::new(),
    };
    s.push_str(&format!(
        "W: {pawn_side} wins; D: draw; {lost}.: the {defender} king cannot stand there; lower case: the rules' verdict disagrees\n"
    ));
    s.push_str(&proved_line(m));
    s
}

/// The letter of one square of the grid.
fn letter(m: &Map, sq: Square) -> char {
    let (c, disagrees) = match m.cells[sq.to_usize()] {
        Cell::Piece if sq == m.king => return 'K',
        Cell::Piece => return 'P',
        Cell::Illegal => return '.',
        Cell::Won { disagrees, .. } => ('W', disagrees),
        Cell::Drawn { disagrees, .. } => ('D', disagrees),
        Cell::Lost { disagrees, .. } => ('L', disagrees),
    };
    if disagrees { c.to_ascii_lowercase() } else { c }
}

/// "The rules prove 52 of the 58 verdicts (with 4 plies of calculation)."
fn proved_line(m: &Map) -> String {
    let (mut proved, mut all) = (0, 0);
    for c in &m.cells {
        if let Cell::Won { proved: p, .. }
        | Cell::Drawn { proved: p, .. }
        | Cell::Lost { proved: p, .. } = c
        {
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
            Cell::Lost { disagrees, .. } => ("#ef5350", disagrees),
            _ => continue,
        };
        fills.push((sq.to_string(), fill));
        if disagrees {
            crosses.push(sq.to_string());
        }
    }
    let (pawn_side, _) = side_words(m);
    let lost = match m.extra_pawn {
        Some((_, c)) if c != m.pawn_colour => format!("red: {} wins; ", capitalised(c)),
        _ => String::new(),
    };
    let marks = Marks {
        caption: format!(
            "{} to move; green: {pawn_side} wins; grey: draw\n{lost}x: the rules' verdict disagrees",
            capitalised(m.turn)
        ),
        ..Marks::default()
    };
    diagram_with(&m.board_with(None), &marks, &fills, &crosses)
}
