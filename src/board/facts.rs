//! Facts: a position as the Datalog program's input relations.

use shakmaty::{Bitboard, Chess, Color, EnPassantMode, FromSetup, Position, Role};

use crate::board::geometry::{Promo, Side, Sq};
use crate::board::position::{Kpk, on_mirrored_half};

/// A normalised position the rules can judge: a KPK position, or what is left
/// after the pawn moved on (a promoted piece) or was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Node {
    /// White king.
    pub wk: Sq,
    /// Black king.
    pub bk: Sq,
    /// The white pawn, if still on the board (of two, the one further up
    /// the board; on one rank, the one on the lower file).
    pub pawn: Option<Sq>,
    /// White's second pawn, in the endings with two (KPPK).
    pub pawn2: Option<Sq>,
    /// The piece the pawn became, if it promoted.
    pub piece: Option<(Sq, Promo)>,
    /// Black's pawn, in the ending with a pawn each (KPKP).
    pub bpawn: Option<Sq>,
    /// The piece Black's pawn became, if it promoted (KPKP).
    pub bpiece: Option<(Sq, Promo)>,
    /// Side to move.
    pub turn: Side,
    /// Right after a double step: the square a pawn of the side to move
    /// lands on when it takes that pawn en passant, if the capture is
    /// legal (KPKP).
    pub ep: Option<Sq>,
}

impl Node {
    /// From a checked KPK position.
    pub fn from_kpk(k: Kpk) -> Node {
        Node {
            wk: Sq::from_square(k.wk()),
            bk: Sq::from_square(k.bk()),
            pawn: Some(Sq::from_square(k.wp())),
            pawn2: None,
            piece: None,
            bpawn: None,
            bpiece: None,
            turn: side(k.turn()),
            ep: None,
        }
    }

    /// From a normalised shakmaty position: White's king, at most two
    /// pawns and at most one other white unit; Black's king, and in KPKP
    /// its pawn or the piece that pawn became.
    pub fn from_chess(pos: &Chess) -> Node {
        let board = pos.board();
        let wk = board.king_of(Color::White).expect("white king");
        let bk = board.king_of(Color::Black).expect("black king");
        let (mut pawn, mut pawn2) = (None, None);
        let (mut piece, mut bpawn, mut bpiece) = (None, None, None);
        for sq in board.occupied() & !board.kings() {
            let s = Sq::from_square(sq);
            let Some(p) = board.piece_at(sq) else {
                continue;
            };
            match (p.color, p.role) {
                (Color::White, Role::Pawn) if pawn.is_none() => pawn = Some(s),
                (Color::White, Role::Pawn) => pawn2 = Some(s),
                (Color::Black, Role::Pawn) => bpawn = Some(s),
                // Past both promotions of two pawns, the stronger piece is
                // the one the facts follow (the other a bystander); of two
                // alike, the later.
                (Color::White, r) => {
                    if let Some(new) = promo(r)
                        && piece.is_none_or(|(_, old)| strength(new) >= strength(old))
                    {
                        piece = Some((s, new));
                    }
                }
                (Color::Black, r) => bpiece = promo(r).map(|r| (s, r)),
            }
        }
        // The pawn further up first; on one rank, the lower file first
        // (squares come rank by rank, files up: the second is the one up).
        if let (Some(a), Some(b)) = (pawn, pawn2)
            && b.1 > a.1
        {
            (pawn, pawn2) = (Some(b), Some(a));
        }
        Node {
            wk: Sq::from_square(wk),
            bk: Sq::from_square(bk),
            pawn,
            pawn2,
            piece,
            bpawn,
            bpiece,
            turn: side(pos.turn()),
            ep: pos.ep_square(EnPassantMode::Legal).map(Sq::from_square),
        }
    }

    /// Whether Black has a unit besides its king (KPKP).
    pub fn black_has_men(&self) -> bool {
        self.bpawn.is_some() || self.bpiece.is_some()
    }

    /// The position as shakmaty's, for the rules of chess where Black has
    /// more than its king; `None` if it is not a legal position.
    pub fn to_chess(&self) -> Option<Chess> {
        let mut board = shakmaty::Board::empty();
        let put = |b: &mut shakmaty::Board, s: Sq, c: Color, r: Role| {
            b.set_piece_at(s.to_square(), shakmaty::Piece { color: c, role: r });
        };
        put(&mut board, self.wk, Color::White, Role::King);
        put(&mut board, self.bk, Color::Black, Role::King);
        for p in self.pawn.into_iter().chain(self.pawn2) {
            put(&mut board, p, Color::White, Role::Pawn);
        }
        if let Some((s, r)) = self.piece {
            put(&mut board, s, Color::White, r.role());
        }
        if let Some(p) = self.bpawn {
            put(&mut board, p, Color::Black, Role::Pawn);
        }
        if let Some((s, r)) = self.bpiece {
            put(&mut board, s, Color::Black, r.role());
        }
        let mut setup = shakmaty::Setup::empty();
        setup.board = board;
        setup.turn = match self.turn {
            Side::White => Color::White,
            Side::Black => Color::Black,
        };
        setup.ep_square = self.ep.map(Sq::to_square);
        Chess::from_setup(setup, shakmaty::CastlingMode::Standard).ok()
    }

    /// The KPK position, if the pawn is still on the board as a pawn.
    pub fn kpk(&self) -> Option<Kpk> {
        if self.black_has_men() {
            return None;
        }
        match (self.pawn, self.piece, self.pawn2) {
            (Some(p), None, None) => Kpk::new(
                self.wk.to_square(),
                p.to_square(),
                self.bk.to_square(),
                match self.turn {
                    Side::White => Color::White,
                    Side::Black => Color::Black,
                },
            )
            .ok(),
            _ => None,
        }
    }

    /// The position with the pawn (or its piece) on files a-d: mirrored
    /// across the vertical axis if it stood on e-h.
    pub fn canonical(self) -> Node {
        let unit = self.pawn.or(self.piece.map(|(s, _)| s));
        match unit {
            Some(s) if on_mirrored_half((s.0 - 1) as u32) => self.mirror_files(),
            _ => self,
        }
    }

    /// The same position mirrored across the vertical axis (files a↔h).
    pub fn mirror_files(self) -> Node {
        Node {
            wk: self.wk.mirror_file(),
            bk: self.bk.mirror_file(),
            pawn: self.pawn.map(Sq::mirror_file),
            pawn2: self.pawn2.map(Sq::mirror_file),
            piece: self.piece.map(|(s, r)| (s.mirror_file(), r)),
            bpawn: self.bpawn.map(Sq::mirror_file),
            bpiece: self.bpiece.map(|(s, r)| (s.mirror_file(), r)),
            turn: self.turn,
            ep: self.ep.map(Sq::mirror_file),
        }
    }
}

/// The order of the promoted pieces: queen, rook, then the minor pieces.
fn strength(r: Promo) -> u8 {
    match r {
        Promo::Queen => 3,
        Promo::Rook => 2,
        Promo::Bishop | Promo::Knight => 1,
    }
}

fn promo(r: Role) -> Option<Promo> {
    match r {
        Role::Queen => Some(Promo::Queen),
        Role::Rook => Some(Promo::Rook),
        Role::Bishop => Some(Promo::Bishop),
        Role::Knight => Some(Promo::Knight),
        _ => None,
    }
}

fn side(c: Color) -> Side {
    match c {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// The pawn side's men that the facts of one piece leave out, where a
/// queen or rook of its stands against the lone king: past the first
/// promotion of two pawns (KPPK), the pawn left or a second new piece.
/// Empty elsewhere.
pub fn bystanders(pos: &Chess) -> Bitboard {
    let node = Node::from_chess(pos);
    match node.piece {
        Some((piece, role)) if role.is_major() && !node.black_has_men() => {
            let board = pos.board();
            board.white() & !board.kings() & !Bitboard::from(piece.to_square())
        }
        _ => Bitboard::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, Square, fen::Fen};

    fn chess(fen: &str) -> Chess {
        let setup: Fen = fen.parse().expect("FEN");
        setup.into_position(CastlingMode::Standard).expect("legal")
    }

    /// Past both promotions of two pawns the facts follow the queen, on
    /// whichever square it stands, and the lesser piece is the bystander.
    #[test]
    fn the_stronger_new_piece_is_the_one_followed() {
        for (fen, queen, other) in [
            ("Q6N/8/8/8/8/8/k7/2K5 b - - 0 1", Square::A8, Square::H8),
            ("N6Q/8/8/8/8/8/k7/2K5 b - - 0 1", Square::H8, Square::A8),
            ("R6Q/8/8/8/8/8/k7/2K5 b - - 0 1", Square::H8, Square::A8),
        ] {
            let pos = chess(fen);
            let node = Node::from_chess(&pos);
            assert_eq!(
                node.piece,
                Some((Sq::from_square(queen), Promo::Queen)),
                "{fen}"
            );
            assert_eq!(bystanders(&pos), Bitboard::from(other), "{fen}");
        }
    }
}
