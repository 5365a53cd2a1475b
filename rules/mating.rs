// pecp's mating knowledge: king and queen, or king and rook, against the
// lone king. Two Datalog programs over ONE position (level 1) and over the
// level-1 best three (level 2), as for KPK (rules/position.rs and
// rules/compare.rs), normalised so that White has the piece.
//
// Level 1, input: the kings, the piece, the side to move and the rules of
// chess; output: `Fires(id)`, whose weight, kind, description, source,
// theme and sentence live in `rules/mating.toml`. The weights say how far
// the mate has come, from the piece side's view: every position where the
// piece stays on the board and Black is not stalemated is won, so the
// averaged weights all stand above 0.5, higher the nearer the mate.
//
// Level 2, input: each finalist's board tagged I1..I3, the side choosing;
// output: `Prefer(criterion, x, y)`, tried in the order of the
// `[[criterion]]` rows of `rules/mating.toml`.
//
// The method is the one every primer teaches: the piece cuts the lone king
// off in a box; the box shrinks; the attacking king comes up to guard the
// piece and to take the opposition; the piece is never left where the king
// can take it; no stalemate, ever; the mate comes on the edge.
//
// Sources cited below:
//   [CAPA]  J. R. Capablanca, Chess Fundamentals, 1921, chapter 1, the
//           first examples (the mates with the queen and with the rook).
//   [CHECK] Wikipedia, "Checkmate", basic checkmates (the box method with
//           the rook, the queen mate).
//   [CPW]   chessprogramming.org, "Mop-up evaluation" (the lone king to the
//           edge, the kings close).
//   [BRATKO] I. Bratko, Prolog Programming for Artificial Intelligence,
//           the KRK advice program: mate, squeeze, approach, keep room,
//           divide.

use crepe::crepe;
use shakmaty::{Bitboard, Square, attacks};

use crate::absolute::Absolute;

#[allow(unused_imports)]
use crate::geometry::{Promo, Side, Sq, dist, dx, dy};

fn square(s: Sq) -> Square {
    s.to_square()
}

/// The squares the piece on `p` attacks, its rays stopped by the white
/// king on `w` and passing through the black king (so a square behind the
/// black king stays attacked for its escape).
pub fn piece_lines(w: Sq, p: Sq, r: Promo) -> Bitboard {
    let occupied = Bitboard::from(square(w));
    match r {
        Promo::Queen => attacks::queen_attacks(square(p), occupied),
        Promo::Rook => attacks::rook_attacks(square(p), occupied),
        Promo::Bishop => attacks::bishop_attacks(square(p), occupied),
        Promo::Knight => attacks::knight_attacks(square(p)),
    }
}

/// The defender's box [CHECK]: the squares the black king on `b` can walk
/// to, any number of moves, without crossing a square the piece attacks
/// or stepping onto the piece or the white king. The white king's own
/// guard does not count: the box is what the piece alone shuts off.
pub fn box_of(w: Sq, b: Sq, p: Sq, r: Promo) -> Bitboard {
    let walls = piece_lines(w, p, r) | Bitboard::from(square(p)) | Bitboard::from(square(w));
    let mut region = Bitboard::from(square(b));
    loop {
        let mut next = region;
        for s in region {
            next |= attacks::king_attacks(s) & !walls;
        }
        if next == region {
            return region;
        }
        region = next;
    }
}

/// How many squares the box has.
pub fn box_area(w: Sq, b: Sq, p: Sq, r: Promo) -> i8 {
    box_of(w, b, p, r).count() as i8
}

/// The kings' distance counted along files and ranks (a king reaches the
/// opposition by closing both).
pub fn file_rank_distance(w: Sq, b: Sq) -> i8 {
    dx(w, b) + dy(w, b)
}

/// How many steps the black king stands from the nearest edge.
pub fn edge_distance(b: Sq) -> i8 {
    (b.0 - 1).min(8 - b.0).min(b.1 - 1).min(8 - b.1)
}

/// The squares the black king on `b` can move to now.
pub fn defender_moves(w: Sq, b: Sq, p: Sq, r: Promo) -> i8 {
    let guarded = piece_lines(w, p, r) | attacks::king_attacks(square(w));
    (attacks::king_attacks(square(b)) & !guarded).count() as i8
}

pub mod level1 {
    use super::*;

    crepe! {
        @input
        pub struct WhiteKing(pub Sq);
        @input
        pub struct BlackKing(pub Sq);
        @input
        pub struct WhitePiece(pub Sq, pub Promo);
        @input
        pub struct ToMove(pub Side);
        @input
        pub struct RulesOfChess(pub Absolute);

        @output
        pub struct Fires(pub &'static str);

        // ----------------------------------------------------- the board
        struct HasPiece();
        HasPiece() <- WhitePiece(_, _);
        struct Board(Sq, Sq, Sq, Promo);
        Board(w, b, p, r) <- WhiteKing(w), BlackKing(b), WhitePiece(p, r);

        // The box the piece shuts the defender in [CHECK], and its size.
        struct BoxArea(i8);
        BoxArea(a) <- Board(w, b, p, r), let a = box_area(w, b, p, r);

        struct KingsFileRank(i8);
        KingsFileRank(d) <- Board(w, b, _, _),
            let d = file_rank_distance(w, b);



        // ------------------------------------------- deterministic rules

        // Mate is mate.
        Fires("mated") <- RulesOfChess(a), (a.checkmate);
        // The piece is gone, or Black takes it now: kings alone cannot mate.
        Fires("piece_lost") <- !HasPiece();
        Fires("piece_lost") <- RulesOfChess(a), (a.piece_hangs);
        // No move and no check: a draw, the one way to throw the win away.
        Fires("stalemated") <- RulesOfChess(a), (a.stalemate);

        // ----------------------------------------------- averaged rules
        //
        // Two ladders, one rung of each fires in every position where the
        // piece is safe, so the level-1 weight is the mean of two rungs:
        // the box first (its rungs are three hundredths apart), then the
        // kings' distance (its whole ladder spans less than one rung of
        // the box's).

        // The box [CHECK; BRATKO, squeeze]: the smaller, the nearer the mate.
        Fires("box_of_1") <- HasPiece(), BoxArea(a), (a == 1);
        Fires("box_of_2") <- HasPiece(), BoxArea(a), (a == 2);
        Fires("box_of_3") <- HasPiece(), BoxArea(a), (a == 3);
        Fires("box_of_4") <- HasPiece(), BoxArea(a), (a == 4);
        Fires("box_of_5") <- HasPiece(), BoxArea(a), (a == 5);
        Fires("box_of_6") <- HasPiece(), BoxArea(a), (a == 6);
        Fires("box_of_7") <- HasPiece(), BoxArea(a), (a == 7);
        Fires("box_of_8") <- HasPiece(), BoxArea(a), (a == 8);
        Fires("box_of_9") <- HasPiece(), BoxArea(a), (a == 9);
        Fires("box_of_10") <- HasPiece(), BoxArea(a), (a == 10);
        Fires("box_of_11") <- HasPiece(), BoxArea(a), (a == 11);
        Fires("box_of_12") <- HasPiece(), BoxArea(a), (a == 12);
        Fires("box_of_13") <- HasPiece(), BoxArea(a), (a == 13);
        Fires("box_of_14") <- HasPiece(), BoxArea(a), (a == 14);
        Fires("box_of_15") <- HasPiece(), BoxArea(a), (a == 15);
        Fires("box_of_16") <- HasPiece(), BoxArea(a), (a == 16);
        Fires("box_of_17") <- HasPiece(), BoxArea(a), (a == 17);
        Fires("box_of_18") <- HasPiece(), BoxArea(a), (a == 18);
        Fires("box_of_19") <- HasPiece(), BoxArea(a), (a == 19);
        Fires("box_of_20") <- HasPiece(), BoxArea(a), (a == 20);
        Fires("box_of_21_to_25") <- HasPiece(), BoxArea(a), (a >= 21), (a <= 25);
        Fires("box_of_26_to_30") <- HasPiece(), BoxArea(a), (a >= 26), (a <= 30);
        Fires("box_of_31_to_36") <- HasPiece(), BoxArea(a), (a >= 31), (a <= 36);
        Fires("box_of_37_to_42") <- HasPiece(), BoxArea(a), (a >= 37), (a <= 42);
        Fires("box_of_43_or_more") <- HasPiece(), BoxArea(a), (a >= 43);

        // The attacking king comes up [CAPA; BRATKO, approach; CPW]: its
        // distance to the lone king counted along files and ranks.
        Fires("kings_2_apart") <- KingsFileRank(2);
        Fires("kings_3_apart") <- KingsFileRank(3);
        Fires("kings_4_apart") <- KingsFileRank(4);
        Fires("kings_5_apart") <- KingsFileRank(5);
        Fires("kings_6_apart") <- KingsFileRank(6);
        Fires("kings_7_apart") <- KingsFileRank(7);
        Fires("kings_8_apart") <- KingsFileRank(8);
        Fires("kings_9_apart") <- KingsFileRank(9);
        Fires("kings_10_apart") <- KingsFileRank(10);
        Fires("kings_11_apart") <- KingsFileRank(11);
        Fires("kings_12_apart") <- KingsFileRank(12);
        Fires("kings_13_apart") <- KingsFileRank(13);
        Fires("kings_14_apart") <- KingsFileRank(14);
    }
}

/// A finalist's place among the level-1 best three.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tag {
    /// Level-1 best.
    I1,
    /// Second.
    I2,
    /// Third.
    I3,
}

pub mod level2 {
    use super::*;

    crepe! {
        @input
        pub struct Finalist(pub Tag, pub Sq, pub Sq);
        @input
        pub struct FinalistPiece(pub Tag, pub Sq, pub Promo);
        @input
        pub struct Outcome(pub Tag, pub Absolute);
        @input
        pub struct Mover(pub Side);

        @output
        pub struct Prefer(pub &'static str, pub Tag, pub Tag);

        struct Pair(Tag, Tag);
        Pair(x, y) <- Finalist(x, _, _), Finalist(y, _, _), (x != y);

        // Each finalist's measures.
        struct Measures(Tag, i8, i8, i8, i8);
        Measures(t, area, edge, apart, moves) <-
            Finalist(t, w, b), FinalistPiece(t, p, r),
            let area = box_area(w, b, p, r), let edge = edge_distance(b),
            let apart = file_rank_distance(w, b), let moves = defender_moves(w, b, p, r);
        struct Safe(Tag);
        Safe(t) <- FinalistPiece(t, _, _), Outcome(t, a), (!a.piece_hangs), (!a.stalemate);
        struct Mates(Tag);
        Mates(t) <- Outcome(t, a), (a.checkmate);
        struct Guarded(Tag);
        Guarded(t) <- Finalist(t, w, _), FinalistPiece(t, p, _), (dist(w, p) == 1);

        // 1. Mate [rules of chess].
        Prefer("gives_mate", x, y) <- Mover(Side::White), Pair(x, y), Mates(x), !Mates(y);
        // 2. The piece stays and Black is not stalemated [CAPA].
        Prefer("keeps_the_win", x, y) <- Mover(Side::White), Pair(x, y), Safe(x), !Safe(y);
        Prefer("draws", x, y) <- Mover(Side::Black), Pair(x, y), Safe(y), !Safe(x);
        // 3. The attacking king out of the corner: a king shut in a corner
        //    by the lone king takes no part in the mate, however small the
        //    box [CAPA: the king must come to the lone king's side].
        struct KingInCorner(Tag);
        KingInCorner(t) <- Finalist(t, w, _), (w.0 == 1 || w.0 == 8), (w.1 == 1 || w.1 == 8);
        Prefer("king_out_of_the_corner", x, y) <-
            Mover(Side::White), Pair(x, y), Safe(x), !KingInCorner(x), KingInCorner(y);
        // 4. The rook out of the lone king's reach: the lone king cannot step
        //    next to it before its king can guard it [BRATKO, rook exposed].
        struct Exposed(Tag);
        Exposed(t) <- Finalist(t, w, b), FinalistPiece(t, p, Promo::Rook), (dist(b, p) <= 2),
            (dist(w, p) >= 2);
        Prefer("piece_out_of_reach", x, y) <-
            Mover(Side::White), Pair(x, y), Safe(x), !Exposed(x), Exposed(y);
        // 5. The box shrinks [CHECK; BRATKO, squeeze]; the defender keeps
        //    the larger one.
        Prefer("smaller_box", x, y) <-
            Mover(Side::White), Pair(x, y), Safe(x), Measures(x, ax, _, _, _),
            Measures(y, ay, _, _, _), (ax < ay);
        Prefer("larger_box", x, y) <-
            Mover(Side::Black), Pair(x, y), Measures(x, ax, _, _, _), Measures(y, ay, _, _, _),
            (ax > ay);
        // 6. The kings closer [CAPA; BRATKO, approach]; the defender keeps
        //    away.
        Prefer("king_closer", x, y) <-
            Mover(Side::White), Pair(x, y), Safe(x), Measures(x, _, _, dx_, _),
            Measures(y, _, _, dy_, _), (dx_ < dy_);
        Prefer("keeps_away", x, y) <-
            Mover(Side::Black), Pair(x, y), Measures(x, _, _, dx_, _), Measures(y, _, _, dy_, _),
            (dx_ > dy_);
        // 7. Fewer moves for the defender [CPW].
        Prefer("fewer_defender_moves", x, y) <-
            Mover(Side::White), Pair(x, y), Safe(x), Measures(x, _, _, _, mx),
            Measures(y, _, _, _, my), (mx < my);
        // 8. The piece guarded [BRATKO].
        Prefer("piece_guarded", x, y) <-
            Mover(Side::White), Pair(x, y), Safe(x), Guarded(x), !Guarded(y);
        // 9. The defender towards the centre, away from the edge [CPW].
        Prefer("towards_the_centre", x, y) <-
            Mover(Side::Black), Pair(x, y), Measures(x, _, ex, _, _), Measures(y, _, ey, _, _),
            (ex > ey);
    }
}
