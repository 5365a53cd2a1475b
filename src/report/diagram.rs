//! Board diagrams for the terminal.

use shakmaty::{Board, Color, File, Rank, Role, Square};

/// Draws `board` from White's side, with Unicode chess symbols or ASCII
/// letters (upper case White), and file and rank labels.
pub fn diagram(board: &Board, unicode: bool) -> String {
    let mut out = String::new();
    for r in (0..8).rev() {
        out.push_str(&format!("{} ", r + 1));
        for f in 0..8 {
            let sq = Square::from_coords(File::new(f), Rank::new(r));
            let c = match board.piece_at(sq) {
                Some(p) if unicode => symbol(p.color, p.role),
                Some(p) => p.char(),
                None => {
                    if unicode {
                        if sq.is_dark() { '·' } else { ' ' }
                    } else {
                        '.'
                    }
                }
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out
}

fn symbol(color: Color, role: Role) -> char {
    match (color, role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}
