//! The absolute results [PECP step 14]: what the rules of chess alone
//! decide about a position, with no chess knowledge at all. Mate and
//! stalemate, a promoted piece that hangs, material that cannot mate. This
//! is the one place they are worked out: the rules read them as input
//! facts, the line ends by them, and the embedded oracle labels its first
//! positions by them.

use shakmaty::Position;

use crate::board::facts::Node;
use crate::board::geometry::{Side, Sq, dist, neighbours, pawn_attacks, piece_attacks};

/// What the rules of chess say about a position (normalised: White has the
/// pawn, or the piece it became).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Absolute {
    /// The side to move is mated (only Black can be).
    pub checkmate: bool,
    /// The side to move has no legal move and is not in check.
    pub stalemate: bool,
    /// Black to move stands next to the promoted piece, which the white
    /// king does not guard: Black takes it.
    pub piece_hangs: bool,
    /// White still has a pawn, a queen or a rook: mate is possible.
    pub can_mate: bool,
    /// White has a queen or a rook.
    pub major_piece: bool,
    /// Black has a pawn, or the piece it became (KPKP).
    pub black_men: bool,
    /// White to move is mated (by Black's pawn or its new piece).
    pub white_mated: bool,
    /// White to move can take the piece Black's pawn became.
    pub black_piece_hangs: bool,
    /// White to move can queen with check.
    pub queens_with_check: bool,
    /// The side to move is in check.
    pub in_check: bool,
}

impl Absolute {
    /// Works out the rules of chess for `node`.
    pub fn of(node: &Node) -> Absolute {
        // Black's men, or a pawn beside a promoted piece (it blocks the
        // piece's lines and guards it): the position's own legal moves.
        if node.black_has_men() || (node.piece.is_some() && node.pawn.is_some()) {
            return Absolute::on_the_board(node);
        }
        let attacked = |s: Sq| white_attacks(node, s);
        let (checkmate, stalemate) = match node.turn {
            Side::Black => {
                let can_move = neighbours(node.bk).any(|s| !attacked(s));
                let in_check = attacked(node.bk);
                (in_check && !can_move, !in_check && !can_move)
            }
            Side::White => (false, !white_can_move(node)),
        };
        let major_piece = node.piece.is_some_and(|(_, r)| r.is_major());
        let piece_hangs = node.turn == Side::Black
            && node
                .piece
                .is_some_and(|(s, _)| dist(node.bk, s) == 1 && dist(node.wk, s) > 1);
        Absolute {
            checkmate,
            stalemate,
            piece_hangs,
            can_mate: node.pawn.is_some() || major_piece,
            major_piece,
            black_men: false,
            white_mated: false,
            black_piece_hangs: false,
            queens_with_check: false,
            in_check: node.turn == Side::Black && attacked(node.bk),
        }
    }

    /// The same where Black has more than its king, or White a pawn beside
    /// its promoted piece: worked out on the legal moves of the position
    /// itself.
    fn on_the_board(node: &Node) -> Absolute {
        let major_piece = node.piece.is_some_and(|(_, r)| r.is_major());
        let black_men = node.black_has_men();
        let Some(pos) = node.to_chess() else {
            return Absolute {
                black_men,
                major_piece,
                can_mate: node.pawn.is_some() || major_piece,
                ..Absolute::default()
            };
        };
        let moves = pos.legal_moves();
        let (check, none) = (pos.is_check(), moves.is_empty());
        let black = node.turn == Side::Black;
        let takes = |piece: Option<(Sq, _)>| {
            piece.is_some_and(|(s, _): (Sq, _)| moves.iter().any(|m| m.to() == s.to_square()))
        };
        let piece_hangs = black && takes(node.piece);
        let black_piece_hangs = !black && takes(node.bpiece);
        let queens_with_check = !black
            && moves.iter().any(|&m| {
                m.promotion() == Some(shakmaty::Role::Queen) && {
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    after.is_check()
                }
            });
        Absolute {
            checkmate: black && check && none,
            stalemate: !check && none,
            piece_hangs,
            can_mate: node.pawn.is_some() || major_piece,
            major_piece,
            black_men,
            white_mated: !black && check && none,
            black_piece_hangs,
            queens_with_check,
            in_check: check,
        }
    }

    /// A queen or rook that stays on the board mates by force (KQK, KRK),
    /// and mate is mate: an absolute win.
    pub fn win(self) -> bool {
        self.checkmate
            || (self.major_piece && !self.piece_hangs && !self.stalemate && !self.black_men)
    }
}

/// Whether White attacks `s`: its king, its pawn, or its promoted piece (a
/// slider's ray stops at the white king but passes the black one, so a
/// square behind the black king stays attacked for its escape).
fn white_attacks(node: &Node, s: Sq) -> bool {
    dist(node.wk, s) == 1
        || node.pawn.is_some_and(|p| pawn_attacks(p).any(|a| a == s))
        || node.pawn2.is_some_and(|p| pawn_attacks(p).any(|a| a == s))
        || node
            .piece
            .is_some_and(|(f, r)| piece_attacks(f, r, node.wk).contains(&s))
}

/// Whether White, to move, has a legal move: a king step (not next to the
/// black king, not onto its own unit), a pawn step, or any move of a
/// promoted piece.
fn white_can_move(node: &Node) -> bool {
    let own = |s: Sq| {
        node.pawn == Some(s) || node.pawn2 == Some(s) || node.piece.is_some_and(|(f, _)| f == s)
    };
    let king = neighbours(node.wk).any(|s| dist(s, node.bk) > 1 && !own(s));
    let steps = |p: Sq| {
        let to = Sq(p.0, p.1 + 1);
        to != node.wk && to != node.bk && !own(to)
    };
    let pawn = node.pawn.into_iter().chain(node.pawn2).any(steps);
    king || pawn || node.piece.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Promo;

    fn node(wk: Sq, bk: Sq, pawn: Option<Sq>, piece: Option<(Sq, Promo)>, turn: Side) -> Node {
        Node {
            wk,
            bk,
            pawn,
            pawn2: None,
            piece,
            bpawn: None,
            bpiece: None,
            turn,
            ep: None,
        }
    }

    #[test]
    fn mate_stalemate_and_a_hanging_queen() {
        // Qb7# with the king on b6 guarding it: mate.
        let mate = node(
            Sq(2, 6),
            Sq(1, 8),
            None,
            Some((Sq(2, 7), Promo::Queen)),
            Side::Black,
        );
        assert!(Absolute::of(&mate).checkmate && Absolute::of(&mate).win());
        // Qc7 against Ka8, king on b6... the queen takes b7, b8 and a7: stalemate.
        let stale = node(
            Sq(3, 5),
            Sq(1, 8),
            None,
            Some((Sq(3, 7), Promo::Queen)),
            Side::Black,
        );
        assert!(Absolute::of(&stale).stalemate && !Absolute::of(&stale).win());
        // A queen next to the black king, unguarded: it hangs.
        let hangs = node(
            Sq(8, 1),
            Sq(1, 1),
            None,
            Some((Sq(2, 2), Promo::Queen)),
            Side::Black,
        );
        assert!(Absolute::of(&hangs).piece_hangs && !Absolute::of(&hangs).win());
        // A knight cannot mate.
        let knight = node(
            Sq(8, 1),
            Sq(1, 8),
            None,
            Some((Sq(4, 4), Promo::Knight)),
            Side::Black,
        );
        assert!(!Absolute::of(&knight).can_mate);
    }

    #[test]
    fn a_pawn_beside_the_new_queen_blocks_its_lines_and_guards_it() {
        let queen_and_pawn = |wk, bk, pawn, queen| {
            Absolute::of(&node(
                wk,
                bk,
                Some(pawn),
                Some((queen, Promo::Queen)),
                Side::Black,
            ))
        };
        // Qb3 against Ka5, the pawn on b5 between them: b6 is free.
        let free = queen_and_pawn(Sq(6, 3), Sq(1, 5), Sq(2, 5), Sq(2, 3));
        assert!(!free.stalemate && !free.checkmate && free.win(), "{free:?}");
        // Qg6 against Kg8, king e7, pawn g7: the pawn takes f8 and h8.
        let stale = queen_and_pawn(Sq(5, 7), Sq(7, 8), Sq(7, 7), Sq(7, 6));
        assert!(stale.stalemate && !stale.win(), "{stale:?}");
        // Qb4 checks the king on a3, its own king far off: the pawn on c3
        // guards it, so it does not hang (the king steps to a2).
        let guarded = queen_and_pawn(Sq(8, 8), Sq(1, 3), Sq(3, 3), Sq(2, 4));
        assert!(!guarded.piece_hangs, "{guarded:?}");
    }

    #[test]
    fn white_can_be_stalemated_by_its_own_pawn() {
        // White king a8, pawn a7, black king c7 (it guards b8, b7): White to
        // move has nothing.
        let n = node(Sq(1, 8), Sq(3, 7), Some(Sq(1, 7)), None, Side::White);
        assert!(Absolute::of(&n).stalemate);
    }
}
