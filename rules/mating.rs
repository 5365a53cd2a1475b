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

        // How far the defender is from the edge, and from the white king.
        struct EdgeDistance(i8);
        EdgeDistance(e) <- BlackKing(b), let e = edge_distance(b);
        struct KingsApart(i8);
        KingsApart(d) <- WhiteKing(w), BlackKing(b), let d = dist(w, b);

        // The piece stands next to its king, which guards it.
        struct PieceGuarded();
        PieceGuarded() <- Board(w, _, p, _), (dist(w, p) == 1);

        // The kings face each other on a file or a rank with one square
        // between: the opposition [CAPA; CHECK].
        struct Opposition();
        Opposition() <- WhiteKing(w), BlackKing(b), (dist(w, b) == 2),
            (w.0 == b.0 || w.1 == b.1);

        // ------------------------------------------- deterministic rules

        // Mate is mate.
        Fires("mated") <- RulesOfChess(a), (a.checkmate);
        // The piece is gone, or Black takes it now: kings alone cannot mate.
        Fires("piece_lost") <- !HasPiece();
        Fires("piece_lost") <- RulesOfChess(a), (a.piece_hangs);
        // No move and no check: a draw, the one way to throw the win away.
        Fires("stalemated") <- RulesOfChess(a), (a.stalemate);

        // ----------------------------------------------- averaged rules

        // The box [CHECK; BRATKO, squeeze]: the smaller, the nearer the mate.
        // Each step of the ladder fires for every box at least that small,
        // so the average climbs as the box shrinks.
        Fires("defender_in_a_corner_box") <- BoxArea(a), (a <= 4);
        Fires("defender_in_an_edge_box") <- BoxArea(a), (a <= 8);
        Fires("defender_in_a_small_box") <- BoxArea(a), (a <= 12);
        Fires("defender_in_a_quarter_box") <- BoxArea(a), (a <= 18);
        Fires("defender_in_a_box") <- BoxArea(a), (a <= 30);
        Fires("defender_not_boxed") <- BoxArea(a), (a > 30);

        // The edge [CPW; CAPA]: the lone king is mated only on the edge.
        Fires("defender_on_the_edge") <- EdgeDistance(0);
        Fires("defender_in_the_centre") <- EdgeDistance(e), (e >= 2);

        // The attacking king comes up [CAPA; BRATKO, approach].
        Fires("king_close") <- KingsApart(2);
        Fires("king_far") <- KingsApart(d), (d >= 4);

        // The opposition with the defender on the edge: the check on the
        // edge mates [CAPA; CHECK].
        Fires("opposition_on_the_edge") <- Opposition(), EdgeDistance(0);

        // The piece guarded by its king is safe from the defender
        // [BRATKO, keep the rook protected].
        Fires("piece_guarded") <- PieceGuarded();
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
        Prefer("keeps_the_win", x, y) <- Mover(Side::Black), Pair(x, y), Safe(y), !Safe(x);
        // 3. The box shrinks [CHECK; BRATKO, squeeze]; the defender keeps
        //    the larger one.
        Prefer("smaller_box", x, y) <-
            Mover(Side::White), Pair(x, y), Safe(x), Measures(x, ax, _, _, _),
            Measures(y, ay, _, _, _), (ax < ay);
        Prefer("smaller_box", x, y) <-
            Mover(Side::Black), Pair(x, y), Measures(x, ax, _, _, _), Measures(y, ay, _, _, _),
            (ax > ay);
        // 4. The kings closer [CAPA; BRATKO, approach]; the defender keeps
        //    away.
        Prefer("king_closer", x, y) <-
            Mover(Side::White), Pair(x, y), Safe(x), Measures(x, _, _, dx_, _),
            Measures(y, _, _, dy_, _), (dx_ < dy_);
        Prefer("king_closer", x, y) <-
            Mover(Side::Black), Pair(x, y), Measures(x, _, _, dx_, _), Measures(y, _, _, dy_, _),
            (dx_ > dy_);
        // 5. Fewer moves for the defender [CPW].
        Prefer("fewer_defender_moves", x, y) <-
            Mover(Side::White), Pair(x, y), Safe(x), Measures(x, _, _, _, mx),
            Measures(y, _, _, _, my), (mx < my);
        // 6. The piece guarded [BRATKO].
        Prefer("piece_guarded", x, y) <-
            Mover(Side::White), Pair(x, y), Safe(x), Guarded(x), !Guarded(y);
        // 7. The defender towards the centre, away from the edge [CPW].
        Prefer("towards_the_centre", x, y) <-
            Mover(Side::Black), Pair(x, y), Measures(x, _, ex, _, _), Measures(y, _, ey, _, _),
            (ex > ey);
    }
}
