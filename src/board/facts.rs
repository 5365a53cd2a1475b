//! Facts: a position as the Datalog program's input relations.

use shakmaty::{Chess, Color, Position, Role};

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
    /// Side to move.
    pub turn: Side,
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
            turn: side(k.turn()),
        }
    }

    /// From a normalised shakmaty position with White's king, at most two
    /// pawns and at most one other white unit against the lone black king.
    pub fn from_chess(pos: &Chess) -> Node {
        let board = pos.board();
        let wk = board.king_of(Color::White).expect("white king");
        let bk = board.king_of(Color::Black).expect("black king");
        let (mut pawn, mut pawn2) = (None, None);
        let mut piece = None;
        for sq in board.white() & !board.kings() {
            let s = Sq::from_square(sq);
            match board.role_at(sq) {
                Some(Role::Pawn) if pawn.is_none() => pawn = Some(s),
                Some(Role::Pawn) => pawn2 = Some(s),
                Some(Role::Queen) => piece = Some((s, Promo::Queen)),
                Some(Role::Rook) => piece = Some((s, Promo::Rook)),
                Some(Role::Bishop) => piece = Some((s, Promo::Bishop)),
                Some(Role::Knight) => piece = Some((s, Promo::Knight)),
                _ => {}
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
            turn: side(pos.turn()),
        }
    }

    /// The KPK position, if the pawn is still on the board as a pawn.
    pub fn kpk(&self) -> Option<Kpk> {
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
            turn: self.turn,
        }
    }
}

fn side(c: Color) -> Side {
    match c {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}
