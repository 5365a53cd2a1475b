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
// can take it; no stalemate, ever; the mate comes on the edge. For the
// rook the programs follow the classical strategy [BRATKO; JMM] step by
// step: its level-1 ladders measure what the strategy measures (the
// rook's safety, its room, the way to the critical square), and its
// level-2 aims are the strategy's pieces of advice in their order.
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
//   [JMM]   M. Maliković and P. Janičić, Proving correctness of a KRK chess
//           endgame strategy by SAT-based constraint solving, ICGA Journal
//           36(2), 2013; F. Marić, P. Janičić and M. Maliković, the same
//           proved with Isabelle/HOL and Z3, CADE-25, 2015: Bratko's
//           strategy refined (ready to mate, squeeze, approach, keep room,
//           rook home, rook safe) and proved to mate from every position.

use crepe::crepe;
use shakmaty::{Bitboard, Square, attacks};

use crate::board::absolute::Absolute;

#[allow(unused_imports)]
use crate::board::geometry::{Promo, Side, Sq, dist, dx, dy};

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

/// The defender's box \[CHECK\]: the squares the black king on `b` can walk
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

// ------------------------------------------------- the rook's geometry
//
// The named concepts of the KRK strategy [BRATKO; JMM]: the rook's cut,
// the room it leaves the lone king, the critical square the attacking
// king heads for, the L-pattern, and the pattern one move from mate.

/// How far the lone king on `b` is from the rook on `p` along the file
/// and the rank, both signs: `(file step, rank step)`, each -1, 0 or 1.
fn towards(from: Sq, to: Sq) -> (i8, i8) {
    ((to.0 - from.0).signum(), (to.1 - from.1).signum())
}

/// The room [BRATKO; JMM]: the rook's file and rank cut the board into
/// four rectangles; the room is the lone king's rectangle's width plus its
/// height (15, more than any rectangle, when the lone king stands on the
/// rook's file or rank and nothing is cut).
pub fn room(b: Sq, p: Sq) -> i8 {
    if b.0 == p.0 || b.1 == p.1 {
        return 15;
    }
    let width = if b.0 < p.0 { p.0 - 1 } else { 8 - p.0 };
    let height = if b.1 < p.1 { p.1 - 1 } else { 8 - p.1 };
    width + height
}

/// The critical square [BRATKO; JMM]: the square next to the rook on the
/// lone king's side, where the attacking king guards the rook and stands
/// ready to take the next file or rank from the lone king.
pub fn critical_square(b: Sq, p: Sq) -> Sq {
    let (sx, sy) = towards(p, b);
    Sq(p.0 + sx, p.1 + sy)
}

/// How many king steps along files and ranks the attacking king on `w`
/// stands from the critical square.
pub fn critical_distance(w: Sq, b: Sq, p: Sq) -> i8 {
    let c = critical_square(b, p);
    dx(w, c) + dy(w, c)
}

/// The rook stands between the kings [BRATKO, rook divides]: its file (or
/// its rank) has one king on each side.
pub fn rook_divides(w: Sq, b: Sq, p: Sq) -> bool {
    let across = |a: i8, r: i8, c: i8| (a - r).signum() * (c - r).signum() < 0;
    across(w.0, p.0, b.0) || across(w.1, p.1, b.1)
}

/// The rook is exposed \[BRATKO\]: the lone king stands nearer to it than
/// the attacking king, which could not come back to guard it in time.
pub fn rook_exposed(w: Sq, b: Sq, p: Sq) -> bool {
    dist(w, p) > dist(b, p)
}

/// The L-pattern \[BRATKO\]: the kings face each other two squares apart on
/// a file or rank and the rook stands beside the attacking king, one step
/// towards the lone king's side, closing the line between them.
pub fn l_pattern(w: Sq, b: Sq, p: Sq) -> bool {
    (w.1 == b.1 && dx(w, b) == 2 && p.0 == w.0 && dy(p, w) == 1)
        || (w.0 == b.0 && dy(w, b) == 2 && p.1 == w.1 && dx(p, w) == 1)
}

/// Whether a king step from `from` to `to` is diagonal.
pub fn diagonal_step(from: Sq, to: Sq) -> bool {
    from.0 != to.0 && from.1 != to.1
}

/// Whether a square is on the edge of the board.
pub fn on_edge(s: Sq) -> bool {
    s.0 == 1 || s.0 == 8 || s.1 == 1 || s.1 == 8
}

/// Both kings on the same edge line.
pub fn kings_on_one_edge(w: Sq, b: Sq) -> bool {
    (w.0 == b.0 && (w.0 == 1 || w.0 == 8)) || (w.1 == b.1 && (w.1 == 1 || w.1 == 8))
}

/// The eight symmetries of the board applied to a square (0-based file
/// and rank after the symmetry `s`).
fn symmetric(s: u8, q: Sq) -> (i8, i8) {
    let (mut x, mut y) = (q.0 - 1, q.1 - 1);
    if s & 1 == 1 {
        x = 7 - x;
    }
    if s & 2 == 2 {
        y = 7 - y;
    }
    if s & 4 == 4 {
        std::mem::swap(&mut x, &mut y);
    }
    (x, y)
}

/// One move from mate [JMM, ready to mate], Black to move: every move of
/// the lone king walks into a rook mate on the edge. Seen from the corner
/// a1 (any of the eight symmetries): the lone king in the corner with the
/// attacking king a knight's jump away on b3 and the rook off the first
/// rank and off files a to c; the lone king on a2 with the attacking king
/// on c2 and the rook on the third rank; or the lone king on the edge file
/// with the attacking king on the c-file one rank to one side and the rook
/// one rank to the other side, off files a and b.
pub fn ready_to_mate(w: Sq, b: Sq, p: Sq) -> bool {
    (0..8).any(|s| {
        let (w, b, r) = (symmetric(s, w), symmetric(s, b), symmetric(s, p));
        (b == (0, 0) && w == (1, 2) && r.0 > 2 && r.1 > 0)
            || (b == (0, 1) && w == (2, 1) && r.0 >= 1 && r.1 == 2)
            || (b.0 == 0
                && w.0 == 2
                && r.0 >= 2
                && (w.1 - b.1).abs() == 1
                && (r.1 - b.1).abs() == 1
                && w.1 != r.1)
    })
}

/// A step of the attacking king backwards \[JMM\]: the lone king on the
/// edge behind the rook's line next to it, and the king stepping away from
/// that edge.
pub fn steps_back(w0: Sq, b0: Sq, p0: Sq, w: Sq) -> bool {
    (b0.0 == 1 && p0.0 == 2 && w.0 < w0.0)
        || (b0.0 == 8 && p0.0 == 7 && w.0 > w0.0)
        || (b0.1 == 1 && p0.1 == 2 && w.1 < w0.1)
        || (b0.1 == 8 && p0.1 == 7 && w.1 > w0.1)
}

/// The rook comes home \[JMM\]: onto the file or rank next to its king, on
/// the lone king's side, from where the king guards it as it cuts.
pub fn rook_home(w0: Sq, b0: Sq, p0: Sq, p: Sq) -> bool {
    let line = |k: i8, b: i8, r0: i8, r: i8| {
        (b < k && r0 != k - 1 && r == k - 1) || (b > k && r0 != k + 1 && r == k + 1)
    };
    line(w0.0, b0.0, p0.0, p.0)
        || line(w0.1, b0.1, p0.1, p.1)
        || (p0.0 == w0.0 && w0.0 == b0.0 && dx(p, w0) == 1)
        || (p0.1 == w0.1 && w0.1 == b0.1 && dy(p, w0) == 1)
}

/// The rook goes to an edge line it was not on.
pub fn to_the_edge(p0: Sq, p: Sq) -> bool {
    [(p0.0, p.0), (p0.1, p.1)]
        .iter()
        .any(|&(a, b)| a != b && (b == 1 || b == 8))
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
        BoxArea(a) <- Board(w, b, p, Promo::Queen), let a = box_area(w, b, p, Promo::Queen);

        struct KingsFileRank(i8);
        KingsFileRank(d) <- Board(w, b, _, Promo::Queen),
            let d = file_rank_distance(w, b);

        // The rook's measures [BRATKO; JMM]: its room, the attacking
        // king's way to the critical square, and whether the rook holds
        // its cut (it stands between the kings, or makes the L-pattern,
        // and its king is at least as near to it as the lone king).
        struct Rook(Sq, Sq, Sq);
        Rook(w, b, p) <- Board(w, b, p, Promo::Rook);
        struct Room(i8);
        Room(n) <- Rook(_, b, p), let n = room(b, p);
        struct ToCriticalSquare(i8);
        ToCriticalSquare(n) <- Rook(w, b, p), let n = critical_distance(w, b, p);
        struct RookHoldsTheCut();
        RookHoldsTheCut() <- Rook(w, b, p), (!rook_exposed(w, b, p)),
            (rook_divides(w, b, p) || l_pattern(w, b, p));
        struct RookAwayOnTheEdge();
        RookAwayOnTheEdge() <- Rook(_, b, p), (on_edge(p)), (dist(b, p) >= 3);



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
        // The queen: two ladders, one rung of each fires in every position,
        // so the level-1 weight is the mean of two rungs: the box first
        // (its rungs a hundredth and a half apart), then the kings' distance
        // (its whole ladder spans less than one rung of the box's).

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

        // The rook [BRATKO; JMM]: three ladders, one rung of each firing,
        // ordered as the strategy orders its aims. First the rook's safety:
        // holding the cut, else standing away from the lone king on an edge
        // line, else loose; each rung outweighs the whole of the next two
        // ladders. Then the room (its rungs a hundredth and a half apart),
        // then the attacking king's steps to the critical square (its
        // whole ladder spans less than one rung of the room's).
        Fires("rook_holds_the_cut") <- RookHoldsTheCut();
        Fires("rook_away_on_the_edge") <- Rook(_, _, _), !RookHoldsTheCut(), RookAwayOnTheEdge();
        Fires("rook_loose") <- Rook(_, _, _), !RookHoldsTheCut(), !RookAwayOnTheEdge();
        Fires("room_of_2") <- Room(2);
        Fires("room_of_3") <- Room(3);
        Fires("room_of_4") <- Room(4);
        Fires("room_of_5") <- Room(5);
        Fires("room_of_6") <- Room(6);
        Fires("room_of_7") <- Room(7);
        Fires("room_of_8") <- Room(8);
        Fires("room_of_9") <- Room(9);
        Fires("room_of_10") <- Room(10);
        Fires("room_of_11") <- Room(11);
        Fires("room_of_12") <- Room(12);
        Fires("room_of_13") <- Room(13);
        Fires("room_of_14") <- Room(14);
        Fires("lone_king_on_the_rooks_line") <- Room(15);

        Fires("king_0_from_the_critical_square") <- ToCriticalSquare(0);
        Fires("king_1_from_the_critical_square") <- ToCriticalSquare(1);
        Fires("king_2_from_the_critical_square") <- ToCriticalSquare(2);
        Fires("king_3_from_the_critical_square") <- ToCriticalSquare(3);
        Fires("king_4_from_the_critical_square") <- ToCriticalSquare(4);
        Fires("king_5_from_the_critical_square") <- ToCriticalSquare(5);
        Fires("king_6_from_the_critical_square") <- ToCriticalSquare(6);
        Fires("king_7_from_the_critical_square") <- ToCriticalSquare(7);
        Fires("king_8_from_the_critical_square") <- ToCriticalSquare(8);
        Fires("king_9_from_the_critical_square") <- ToCriticalSquare(9);
        Fires("king_10_from_the_critical_square") <- ToCriticalSquare(10);
        Fires("king_11_from_the_critical_square") <- ToCriticalSquare(11);
        Fires("king_12_from_the_critical_square") <- ToCriticalSquare(12);
        Fires("king_13_from_the_critical_square") <- ToCriticalSquare(13);
        Fires("king_14_from_the_critical_square") <- ToCriticalSquare(14);

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

/// The rook's aims in the order of its strategy, as the level-2 program
/// names them (criteria in `rules/mating.toml`).
pub const ROOK_AIMS: [&str; 9] = [
    "ready_to_mate",
    "squeeze",
    "approach_diagonally",
    "approach",
    "keep_room_diagonally",
    "keep_room",
    "rook_home",
    "rook_to_the_edge",
    "rook_to_the_edge_in_line",
];

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
        @input
        pub struct Before(pub Sq, pub Sq, pub Sq, pub Promo);

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
        // 3. The rook's strategy [BRATKO; JMM], for the side with the rook:
        //    its aims in order, each finalist placed by the first aim its
        //    move serves; a finalist that serves an earlier aim is preferred.
        //    Every aim keeps the rook safe and Black out of stalemate.
        struct RookBefore(Sq, Sq, Sq);
        RookBefore(w0, b0, p0) <- Mover(Side::White), Before(w0, b0, p0, Promo::Rook);
        struct RookAfter(Tag, Sq, Sq, Sq);
        RookAfter(t, w, b, p) <- RookBefore(_, _, _), Safe(t), Finalist(t, w, b),
            FinalistPiece(t, p, Promo::Rook);
        struct RookMove(Tag);
        RookMove(t) <- RookBefore(_, _, p0), RookAfter(t, _, _, p), (p != p0);
        struct KingStep(Tag, bool);
        KingStep(t, diagonal) <- RookBefore(w0, _, _), RookAfter(t, w, _, _), (w != w0),
            let diagonal = diagonal_step(w0, w);
        // The rook holds the cut: between the kings, not exposed.
        struct Holds(Tag);
        Holds(t) <- RookAfter(t, w, b, p), (!rook_exposed(w, b, p)), (rook_divides(w, b, p));
        // Near the edge the king must not step back from the rook, nor
        // stand on the lone king's edge, once the room is small.
        struct EdgeSafe(Tag);
        EdgeSafe(t) <- RookAfter(t, _, b, p), (room(b, p) > 3);
        EdgeSafe(t) <- RookBefore(w0, b0, p0), RookAfter(t, w, b, _), (!kings_on_one_edge(w, b)),
            (dist(w0, p0) != 1 || !steps_back(w0, b0, p0, w));

        struct Aim(Tag, u8);
        // a. One move from mate.
        Aim(t, 0) <- RookAfter(t, w, b, p), (ready_to_mate(w, b, p));
        // b. Squeeze: the rook shrinks the room and holds the cut.
        Aim(t, 1) <- RookBefore(_, b0, p0), RookMove(t), Holds(t), RookAfter(t, _, b, p),
            (room(b, p) < room(b0, p0));
        // c. Approach: the king nearer the critical square (diagonal steps
        //    first), the rook holding the cut or making the L-pattern.
        Aim(t, a) <- RookBefore(w0, b0, p0), KingStep(t, diagonal), RookAfter(t, w, b, p),
            (critical_distance(w, b, p) < critical_distance(w0, b0, p0)),
            (!rook_exposed(w, b, p)), (rook_divides(w, b, p) || l_pattern(w, b, p)),
            EdgeSafe(t), let a = if diagonal { 2 } else { 3 };
        // d. Keep the room: a king step that does not leave the rook, the
        //    cut held, waiting for the lone king to give way.
        Aim(t, a) <- RookBefore(w0, _, p0), KingStep(t, diagonal), Holds(t),
            RookAfter(t, w, _, p), (dist(w, p) <= dist(w0, p0)), EdgeSafe(t),
            let a = if diagonal { 4 } else { 5 };
        // e. The rook home, next to its king on the lone king's side.
        Aim(t, 6) <- RookBefore(w0, b0, p0), RookMove(t), RookAfter(t, w, b, p),
            (dist(b, p) > 1 || dist(w, p) <= 1), (rook_home(w0, b0, p0, p));
        // f. The rook away to an edge line, out of the lone king's reach;
        //    or, with no room for that, two steps from it in line with its
        //    king.
        Aim(t, 7) <- RookBefore(_, _, p0), RookMove(t), RookAfter(t, _, b, p),
            (to_the_edge(p0, p)), (dist(b, p) > 2);
        Aim(t, 8) <- RookBefore(_, _, p0), RookMove(t), RookAfter(t, w, b, p),
            (to_the_edge(p0, p)), (dist(b, p) == 2), (p.0 == w.0 || p.1 == w.1);

        struct Serves(Tag, u8);
        struct Earlier(Tag, u8);
        Earlier(t, a) <- Aim(t, a), Aim(t, e), (e < a);
        Serves(t, a) <- Aim(t, a), !Earlier(t, a);
        struct Reaches(Tag, u8);
        Reaches(y, a) <- Serves(y, e), Serves(_, a), (e <= a);
        Prefer(id, x, y) <- Pair(x, y), Serves(x, a), !Reaches(y, a), let id = ROOK_AIMS[a as usize];
        // Of two squeezes, the one that leaves the smaller room.
        Prefer("squeeze", x, y) <- Pair(x, y), Serves(x, 1), Serves(y, 1),
            RookAfter(x, _, bx, px), RookAfter(y, _, by, py), (room(bx, px) < room(by, py));

        // 4.-8. For the side with the queen (the rook has its aims above).
        struct QueenAttacks();
        QueenAttacks() <- Mover(Side::White), Before(_, _, _, Promo::Queen);
        // 4. The attacking king out of the corner: a king shut in a corner
        //    by the lone king takes no part in the mate, however small the
        //    box [CAPA: the king must come to the lone king's side].
        struct KingInCorner(Tag);
        KingInCorner(t) <- Finalist(t, w, _), (w.0 == 1 || w.0 == 8), (w.1 == 1 || w.1 == 8);
        Prefer("king_out_of_the_corner", x, y) <-
            QueenAttacks(), Pair(x, y), Safe(x), !KingInCorner(x), KingInCorner(y);
        // 5. The box shrinks [CHECK; BRATKO, squeeze]; the defender keeps
        //    the larger one.
        Prefer("smaller_box", x, y) <-
            QueenAttacks(), Pair(x, y), Safe(x), Measures(x, ax, _, _, _),
            Measures(y, ay, _, _, _), (ax < ay);
        Prefer("larger_box", x, y) <-
            Mover(Side::Black), Pair(x, y), Measures(x, ax, _, _, _), Measures(y, ay, _, _, _),
            (ax > ay);
        // 6. The kings closer [CAPA; BRATKO, approach]; the defender keeps
        //    away.
        Prefer("king_closer", x, y) <-
            QueenAttacks(), Pair(x, y), Safe(x), Measures(x, _, _, dx_, _),
            Measures(y, _, _, dy_, _), (dx_ < dy_);
        Prefer("keeps_away", x, y) <-
            Mover(Side::Black), Pair(x, y), Measures(x, _, _, dx_, _), Measures(y, _, _, dy_, _),
            (dx_ > dy_);
        // 7. Fewer moves for the defender [CPW].
        Prefer("fewer_defender_moves", x, y) <-
            QueenAttacks(), Pair(x, y), Safe(x), Measures(x, _, _, _, mx),
            Measures(y, _, _, _, my), (mx < my);
        // 8. The piece guarded [BRATKO].
        Prefer("piece_guarded", x, y) <-
            QueenAttacks(), Pair(x, y), Safe(x), Guarded(x), !Guarded(y);
        // 9. The defender towards the centre, away from the edge [CPW].
        Prefer("towards_the_centre", x, y) <-
            Mover(Side::Black), Pair(x, y), Measures(x, _, ex, _, _), Measures(y, _, ey, _, _),
            (ex > ey);
    }
}
