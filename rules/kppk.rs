// pecp's knowledge of king and two pawns against king (KPPK). Two Datalog
// programs, as for KPK (rules/position.rs, rules/compare.rs) and the
// mating book (rules/mating.rs): level 1 over ONE position, level 2 over
// the level-1 best three (and the moves tied with an unproved third, up to
// nine finalists). Normalised so that White has the pawns.
//
// Level 1, input: the kings, the side to move, the rules of chess, the two
// pawns (the one further up first), and what the KPK book proves of each
// pawn alone, the other taken off the board, with either side to move:
// the same kings, the same board, one pawn fewer. After a capture one pawn
// is left, and the KPK book's proof of it comes in the same way; after a
// promotion the new piece is read by the rules of chess. Output:
// `Fires(id)`, whose weight, kind, description, source, theme and sentence
// live in `rules/kppk.toml`.
//
// Level 2, input: each finalist's pawns and kings tagged I1..I9, the side
// choosing, and `Decided(tag, side)` when a deterministic level-1 rule
// proves the finalist; output: `Prefer(criterion, x, y)`, tried in the
// order of the `[[criterion]]` rows of `rules/kppk.toml`.
//
// The ideas are the books' (none is a cut-off fitted against the tables):
// a pawn that wins alone makes the other a spare, unless the spare stands
// in its way or hems the defending king in on the edge with the white
// king near, where every move risks stalemate [ML; DVOR]; doubled pawns
// are no worse than the rear one alone [FINE; ML]; two pawns that protect
// each other, or that the king cannot take in time, go through, and
// doubled ones too when the rear one keeps a spare move [FINE; ML];
// doubled rook pawns are no better than one when the defending king
// stands in front of them [ML; FINE]; the front one of doubled pawns falls
// when the defending king blockades it before the white king can guard it
// [FINE; ML]; and what the rules of chess decide (mate, stalemate, a safe
// new queen).
//
// Sources cited below:
//   [FINE]  R. Fine, Basic Chess Endings, 1941, ch. 2 (two pawns against
//           the king: pawns that protect each other, doubled pawns, rook
//           pawns).
//   [ML]    K. Müller and F. Lamprecht, Fundamental Chess Endings, 2001,
//           ch. 2 (king and two pawns against king: connected and split
//           pawns, doubled pawns, the rook pawns' corner, stalemate).
//   [DVOR]  M. Dvoretsky, Dvoretsky's Endgame Manual, ch. 1 (pawn
//           endings: giving up a pawn to reach a won ending, stalemate).

use crepe::crepe;

use crate::board::absolute::Absolute;
use crate::board::facts::Node;

#[allow(unused_imports)]
use crate::board::geometry::{Promo, Side, Sq, dist, dx, neighbours, pawn_attacks, unbarred_path};
use crate::knowledge::books::kpk::level1::{ahead_of_pawn, blockade_squares};

/// A finalist's place among the level-1 finalists: the best three, then
/// the moves tied with the third.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tag {
    /// Level-1 best.
    I1,
    /// Second.
    I2,
    /// Third.
    I3,
    /// Tied with the third at level 1 (as are the rest).
    I4,
    I5,
    I6,
    I7,
    I8,
    I9,
}

impl Tag {
    /// Every tag, in the finalists' order.
    pub const ALL: [Tag; 9] = [
        Tag::I1,
        Tag::I2,
        Tag::I3,
        Tag::I4,
        Tag::I5,
        Tag::I6,
        Tag::I7,
        Tag::I8,
        Tag::I9,
    ];
}

/// What the KPK book proves of one pawn alone: a win, a draw, or nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Alone {
    /// A deterministic KPK rule proves the win.
    Wins,
    /// A deterministic KPK rule proves the draw.
    Draws,
    /// No deterministic KPK rule speaks (or the position would be illegal
    /// with one pawn).
    Unproved,
}

/// Whether the pawn on `s` stands next to the black king on `b`, or
/// attacks a square next to it: it takes squares from the king.
pub fn hems_in(s: Sq, b: Sq) -> bool {
    dist(s, b) <= 1 || pawn_attacks(s).any(|a| dist(a, b) == 1)
}

/// Whether `b` is on the edge of the board.
pub fn on_edge(b: Sq) -> bool {
    b.0 == 1 || b.0 == 8 || b.1 == 1 || b.1 == 8
}

/// [ML; DVOR] A pawn on `spare` that stays out of the way while the pawn
/// on `pawn` wins alone, the kings on `b` (black) and `w` (white): not in
/// front of it on its file (it cannot be passed), and not boxing the king
/// in on the edge together with it. The stalemate traps of two pawns need
/// them side by side (on one file or on neighbouring files) around a king
/// they hem in on the edge, with the white king near enough to take its
/// squares too; a spare pawn further off takes a square or two from the
/// king, and the winning pawn's own play leaves it the rest.
pub fn spare_is_harmless(pawn: Sq, spare: Sq, b: Sq, w: Sq) -> bool {
    let in_the_way = spare.0 == pawn.0 && spare.1 > pawn.1;
    let side_by_side = (spare.0 - pawn.0).abs() <= 1;
    !(in_the_way || (side_by_side && stalemate_net(spare, b, w)))
}

/// [ML; DVOR] Whether the pawn on `s` hems the black king on `b` in on the
/// edge with the white king on `w` near enough to take its squares too:
/// the box that a move can close into stalemate.
pub fn stalemate_net(s: Sq, b: Sq, w: Sq) -> bool {
    hems_in(s, b) && on_edge(b) && dist(w, b) <= 2
}

/// [FINE; ML] Where the pawn on `p` stands once the black king on `b` has
/// walked to the pawn on `o` and taken it, White pushing `p` at each of its
/// moves meanwhile (`first`: White moves first): a rank a move, two on the
/// first push from the second rank, up to the seventh and never into the
/// white king on `w`. The walk takes at least as many moves as the kings'
/// distance. None when the running pawn comes within the king's reach on
/// the way: the king could turn and take it instead.
pub fn after_the_walk(p: Sq, o: Sq, b: Sq, w: Sq, first: bool) -> Option<Sq> {
    let late = i8::from(!first);
    let mut s = p;
    if dist(b, s) <= late {
        return None;
    }
    for i in 1..=dist(b, o) - late {
        let one = Sq(s.0, s.1 + 1);
        if s.1 >= 7 || one == w {
            break;
        }
        let two = Sq(s.0, s.1 + 2);
        s = if s.1 == 2 && two != w { two } else { one };
        if dist(b, s) <= i + late {
            return None;
        }
    }
    Some(s)
}

/// [FINE; ML] The front pawn of doubled pawns on `front` and `rear`, one
/// or two squares apart, falls: the black king on `b`, inside the front
/// pawn's square, walks to a square one or two in front of it (below the
/// 8th rank) by a way the white king on `w` cannot bar ([`unbarred_path`],
/// ahead of the pawn as in the KPK book's blockade walk), takes it (a move
/// later from the square right in front, two from the one above) before
/// the white king can stand next to it (or next to the square above,
/// should it step up), and then stands right in front of the rear pawn:
/// the defender in front, a draw. `white_first`: White to move.
pub fn front_pawn_falls(front: Sq, rear: Sq, b: Sq, w: Sq, white_first: bool) -> bool {
    if front.0 != rear.0 || front.1 - rear.1 > 2 {
        return false;
    }
    let inside = dist(b, Sq(front.0, 8)) - (8 - front.1) - i8::from(!white_first) <= 0;
    let allowed = |q: Sq| ahead_of_pawn(q, front);
    if !inside || !allowed(b) {
        return false;
    }
    // The move that takes the pawn: one after reaching the square right
    // in front of it, two after the square above that.
    let take = blockade_squares(front)
        .into_iter()
        .filter_map(|s| {
            let walk = unbarred_path(b, w, white_first, &[s], &allowed, 8)?;
            Some(walk + s.1 - front.1)
        })
        .min();
    let Some(take) = take else {
        return false;
    };
    let white_moves = take - i8::from(!white_first);
    let guard = dist(w, front).min(dist(w, Sq(front.0, front.1 + 1)));
    guard > white_moves + 1
}

/// [FINE; ML] Whether the front pawn of doubled pawns on `front` and
/// `rear` is left to the black king on `b`, Black to move: the king
/// stands in its square (it catches the pawn however it runs) and no
/// farther from it than the white king on `w` (it moves first, so it gets
/// there first or blocks the way). The rear pawn cannot help the front
/// one: with doubled pawns the king leads, and a push that leaves the
/// front pawn to the black king only gives it ground.
pub fn front_left_alone(front: Sq, rear: Sq, b: Sq, w: Sq) -> bool {
    let inside = dist(b, Sq(front.0, 8)) - 1 <= 8 - front.1;
    front.0 == rear.0 && front.1 > rear.1 && inside && dist(b, front) <= dist(w, front)
}

/// [FINE] Shouldering: how many of the white king's steps towards the
/// front pawn of doubled pawns (on `front`, the other on `rear`) the black
/// king on `b` leaves open: the white king on `w` steps nearer only to a
/// square the black king does not touch.
pub fn open_approaches(front: Sq, rear: Sq, b: Sq, w: Sq) -> i8 {
    let n = neighbours(w)
        .filter(|&s| s != front && s != rear && dist(s, b) > 1)
        .filter(|&s| dist(s, front) < dist(w, front))
        .count();
    i8::try_from(n).unwrap_or(i8::MAX)
}

pub mod level1 {
    use super::*;

    crepe! {
        @input
        pub struct WhiteKing(pub Sq);
        @input
        pub struct BlackKing(pub Sq);
        @input
        pub struct ToMove(pub Side);
        @input
        pub struct RulesOfChess(pub Absolute);
        // Two pawns: the one further up first.
        @input
        pub struct Pawns(pub Sq, pub Sq);
        // What the KPK book proves of the pawn on this square alone, the
        // other taken off, with this side to move.
        @input
        pub struct AloneProves(pub Sq, pub Side, pub Alone);
        // What the KPK book proves of the pawn on the first square alone,
        // White to move, after the black king took the pawn on the second
        // square (the king standing there): the race the capture leaves.
        @input
        pub struct AfterTaking(pub Sq, pub Sq, pub Alone);
        // The same after the black king's walk to the second square, the
        // pawn on the first having moved up meanwhile (`after_the_walk`).
        @input
        pub struct AfterTheWalk(pub Sq, pub Sq, pub Alone);
        // One pawn left after a capture, and what the KPK book proves of it.
        @input
        pub struct OnePawnLeft(pub Sq, pub Alone);
        // The piece a pawn became, after a promotion.
        @input
        pub struct WhitePiece(pub Sq, pub Promo);

        @output
        pub struct Fires(pub &'static str);

        // ==============================================================
        // THE TWO PAWNS

        // Each pawn, and the other one.
        struct PawnAndOther(Sq, Sq);
        PawnAndOther(a, b) <- Pawns(a, b);
        PawnAndOther(b, a) <- Pawns(a, b);

        // [ML; DVOR] A pawn that takes squares from the black king on the
        // edge: with so few squares left, a move can stalemate it.
        struct StalemateRisk(Sq);
        StalemateRisk(s) <- PawnAndOther(s, _), BlackKing(b), (hems_in(s, b)), (on_edge(b));
        // [ML; DVOR] And the white king near enough to take squares from
        // the black king too: only then can the box close into stalemate.
        struct StalemateNet(Sq);
        StalemateNet(s) <- PawnAndOther(s, _), BlackKing(b), WhiteKing(w), (stalemate_net(s, b, w));

        // [DVOR; ML] The pawn wins on its own, as king and pawn against
        // king (the KPK book proves it), and the other is a spare: it is
        // not in the way and cannot stalemate (`spare_is_harmless`).
        struct WinsAlone(Sq, Sq);
        WinsAlone(pawn, spare) <-
            PawnAndOther(pawn, spare), ToMove(t), AloneProves(pawn, t, Alone::Wins),
            BlackKing(b), WhiteKing(w), (spare_is_harmless(pawn, spare, b, w));

        // [FINE; ML] Doubled pawns are no worse than the rear one alone:
        // the front one walks the rear one's road ahead of it, and the
        // king that takes it spends the move it would spend stepping onto
        // that square in the ending with the rear pawn alone. Not where
        // the front pawn hems the king in on the edge, or stands on the
        // seventh beside the king (the stalemate traps in front of a
        // pawn on the seventh).
        struct RearWins(Sq, Sq);
        RearWins(rear, front) <-
            Pawns(front, rear), (front.0 == rear.0), ToMove(t), AloneProves(rear, t, Alone::Wins),
            !StalemateRisk(front), BlackKing(b), (!(front.1 == 7 && dist(front, b) <= 1));

        // [FINE; ML] One pawn protects the other: the king cannot take the
        // front one, and taking the rear one lets the front one run.
        struct Protects(Sq, Sq);
        Protects(r, f) <- PawnAndOther(r, f), (pawn_attacks(r).any(|a| a == f));

        // [FINE; ML] A pawn the black king cannot take: guarded by the
        // king or the other pawn, or one whose capture leaves the other
        // pawn a won king and pawn ending (the king, on the captured
        // pawn's square, too far from the other to stop it, or the white
        // king ready to escort it).
        struct CannotBeTaken(Sq);
        CannotBeTaken(p) <- PawnAndOther(p, _), WhiteKing(w), (dist(w, p) == 1);
        CannotBeTaken(p) <- PawnAndOther(p, o), (pawn_attacks(o).any(|a| a == p));
        CannotBeTaken(p) <- PawnAndOther(p, o), AfterTaking(o, p, Alone::Wins);
        // [FINE; ML] Or too far to take in time: while the king walks to
        // it, the other pawn runs, and the king and pawn ending the capture
        // leaves is won.
        CannotBeTaken(p) <- PawnAndOther(p, o), AfterTheWalk(o, p, Alone::Wins);

        // [ML] Neither pawn can be taken, and none of the corner's
        // stalemate tricks is there.
        struct NeitherTaken();
        NeitherTaken() <-
            Pawns(a, b), CannotBeTaken(a), CannotBeTaken(b),
            !StalemateNet(a), !StalemateNet(b), !KingInFrontOfRookPawn(), !BlocksSeventh();

        // [FINE; ML] The white king in front of its own rook pawn, on its
        // file: the black king can shut it in the corner.
        struct KingInFrontOfRookPawn();
        KingInFrontOfRookPawn() <-
            PawnAndOther(p, _), WhiteKing(w), (p.0 == 1 || p.0 == 8), (w.0 == p.0), (w.1 > p.1);

        // [ML] The black king at the queening square of a pawn on the
        // seventh (on it or beside it on the last two ranks): stalemate
        // tricks.
        struct BlocksSeventh();
        BlocksSeventh() <-
            PawnAndOther(p, _), BlackKing(b), (p.1 == 7), ((b.0 - p.0).abs() <= 1), (b.1 >= 7);

        // Doubled rook pawns, and the front one.
        struct DoubledRookPawns(Sq);
        DoubledRookPawns(f) <- Pawns(f, r), (f.0 == r.0), (f.0 == 1 || f.0 == 8);

        // The black king can take a pawn now: Black to move, next to a
        // pawn that neither the king nor the other pawn guards.
        struct PawnHangs(Sq);
        PawnHangs(p) <-
            ToMove(Side::Black), PawnAndOther(p, o), BlackKing(b), WhiteKing(w),
            (dist(b, p) == 1), (dist(w, p) > 1), (!pawn_attacks(o).any(|a| a == p));

        // ==============================================================
        // THE SCORING RULES, in the order of rules/kppk.toml.

        // [rules of chess] Mate, or a new queen or rook that cannot be
        // taken and no stalemate.
        Fires("absolute_win") <- RulesOfChess(a), (a.win());
        // [FIDE Laws 5.2] Stalemate.
        Fires("absolute_draw_stalemate") <- RulesOfChess(a), (a.stalemate);
        // After a capture: the pawn left wins or draws as the KPK book
        // proves.
        Fires("one_pawn_left_wins") <- OnePawnLeft(_, Alone::Wins);
        Fires("one_pawn_left_draws") <- OnePawnLeft(_, Alone::Draws);
        // [DVOR; ML] One pawn wins alone; the other is a spare.
        Fires("spare_pawn") <- WinsAlone(_, _), RulesOfChess(a), (!a.stalemate);
        // [FINE; ML] Doubled pawns, the rear one wins alone.
        Fires("doubled_pawns_rear_wins") <- RearWins(_, _), RulesOfChess(a), (!a.stalemate);
        // [FINE; ML] One pawn protects the other: the king cannot take the
        // front one, and taking the rear one lets the front one run.
        Fires("pawns_protect_each_other") <- Protects(_, _), RulesOfChess(a), (!a.stalemate);
        // [ML] Neither pawn can be taken: each is guarded, or taking it
        // lets the other run (split pawns that defend each other at a
        // distance); the white king walks up and the pawns go through.
        //     None of the corner's stalemate tricks is there: no pawn hems
        //     the king in on the edge with the white king near, the white
        //     king is not shut in in front of its rook pawn, and the black
        //     king does not stand at the queening square of a pawn on the
        //     seventh.
        Fires("neither_pawn_can_be_taken") <- NeitherTaken(), Pawns(a, b), (a.0 != b.0);
        // [ML; FINE] Doubled pawns neither of which can be taken, with a
        // square between them: the rear pawn keeps a spare move that hands
        // over the opposition, and with it White never has to close the
        // corner's stalemate net (so the net does not hold them, unlike
        // split pawns). Not rook pawns (the corner holds them), not
        // touching pawns, whose rear pawn cannot move, and not the black
        // king at the queening square of a pawn on the seventh.
        Fires("doubled_pawns_neither_taken") <-
            Pawns(a, b), CannotBeTaken(a), CannotBeTaken(b), !KingInFrontOfRookPawn(), !BlocksSeventh(),
            RulesOfChess(r), (!r.stalemate),
            (a.0 == b.0), (a.0 != 1 && a.0 != 8), (a.1 - b.1 >= 2);
        // [DVOR; ML] The new queen or rook given up: Black to move, the
        // king next to it and nothing guarding it, and the pawn left wins
        // once the king has taken it (the KPK book proves it, White to
        // move, the king on the piece's square). If the king does not
        // take, White keeps the piece and the pawn. It is the way a rook
        // pawn and its neighbour break the corner's stalemate net, where
        // the KPK book proves the pawn left.
        Fires("gives_up_the_new_piece") <-
            ToMove(Side::Black), WhitePiece(s, r), (r == Promo::Queen || r == Promo::Rook),
            BlackKing(b), WhiteKing(w), (dist(b, s) == 1), (dist(w, s) > 1),
            OnePawn(p), (!pawn_attacks(p).any(|a| a == s)),
            AfterTaking(p, s, Alone::Wins), RulesOfChess(a), (!a.stalemate);
        struct OnePawn(Sq);
        OnePawn(p) <- WhitePiece(s, _), AfterTaking(p, s, _);
        // [rules of chess; KPK] Black to move takes a pawn, and the pawn
        // left is a draw (the KPK book proves it): Black takes it.
        Fires("takes_a_pawn_to_a_draw") <- PawnHangs(p), PawnAndOther(p, o), AfterTaking(o, p, Alone::Draws);
        // [ML; FINE] Doubled rook pawns, the black king in front of them,
        // and the front pawn alone a draw whoever moves: the rear pawn's
        // tempo moves do not help, for the king never leaves the corner.
        // Off the corner's lane (the pawns' file and the next) with the
        // white king level with it or above, the front pawn's draw may be
        // a shouldering walk to it, and after taking it the black king
        // stands out of the corner against the rear pawn
        // (`8/3K4/8/8/3k4/P7/P7/8 w` is won): not there.
        Fires("doubled_rook_pawns_corner") <-
            DoubledRookPawns(f), BlackKing(b), WhiteKing(w), (b.1 > f.1),
            (dx(b, f) <= 1 || w.1 < b.1),
            AloneProves(f, Side::White, Alone::Draws), AloneProves(f, Side::Black, Alone::Draws);
        // [FINE; ML] Doubled pawns one or two squares apart: the black
        // king comes to blockade the front pawn before the white king can
        // guard it, takes it, and stands right in front of the rear one
        // (`front_pawn_falls`).
        Fires("front_pawn_falls") <-
            Pawns(f, r), BlackKing(b), WhiteKing(w), ToMove(t),
            (front_pawn_falls(f, r, b, w, t == Side::White));

        // Averaged: what a player weighs when nothing is proved.
        // [ML] A pawn taken: one pawn is left, and the KPK book proves
        // nothing of it: the defender's best chance.
        Fires("one_pawn_left") <- OnePawnLeft(_, Alone::Unproved);
        // [ML] The pawns side by side on one rank.
        Fires("pawns_side_by_side") <- Pawns(a, b), (a.1 == b.1), ((a.0 - b.0).abs() == 1);
        // The white king next to a pawn, escorting it.
        Fires("king_escorts") <- PawnAndOther(p, _), WhiteKing(w), (dist(w, p) == 1);
        // [rules of chess] Black is about to take a pawn.
        Fires("pawn_hangs") <- PawnHangs(_);
        // Doubled pawns: one cannot pass the other.
        Fires("pawns_doubled") <- Pawns(a, b), (a.0 == b.0);
    }

    /// The program's input for `node`: `alone(pawn, side)` is what the KPK
    /// book proves of that pawn alone with that side to move, and
    /// `taker` is what the KPK book proves of a KPK position.
    pub fn load(
        node: &Node,
        alone: &dyn Fn(Sq, Side) -> Alone,
        taker: &dyn Fn(&Node) -> Alone,
    ) -> Crepe {
        let mut rt = Crepe::new();
        rt.extend([WhiteKing(node.wk)]);
        rt.extend([BlackKing(node.bk)]);
        rt.extend([ToMove(node.turn)]);
        rt.extend([RulesOfChess(Absolute::of(node))]);
        if let Some((s, r)) = node.piece {
            rt.extend([WhitePiece(s, r)]);
        }
        match (node.pawn, node.pawn2, node.piece) {
            (Some(a), Some(b), _) => {
                rt.extend([Pawns(a, b)]);
                for (p, o) in [(a, b), (b, a)] {
                    for side in [Side::White, Side::Black] {
                        rt.extend([AloneProves(p, side, alone(p, side))]);
                    }
                    let taken = Node {
                        bk: o,
                        pawn: Some(p),
                        pawn2: None,
                        turn: Side::White,
                        ..*node
                    };
                    rt.extend([AfterTaking(p, o, taker(&taken))]);
                    let first = node.turn == Side::White;
                    if let Some(ran) = after_the_walk(p, o, node.bk, node.wk, first) {
                        let walked = Node {
                            pawn: Some(ran),
                            ..taken
                        };
                        rt.extend([AfterTheWalk(p, o, taker(&walked))]);
                    }
                }
            }
            (Some(p), None, None) => rt.extend([OnePawnLeft(p, alone(p, node.turn))]),
            (Some(p), None, Some((s, _))) => {
                let taken = Node {
                    bk: s,
                    piece: None,
                    turn: Side::White,
                    ..*node
                };
                rt.extend([AfterTaking(p, s, taker(&taken))]);
            }
            _ => {}
        }
        rt
    }
}

pub mod level2 {
    use super::*;

    crepe! {
        @input
        pub struct Finalist(pub Tag, pub Sq, pub Sq);
        @input
        pub struct FinalistPawn(pub Tag, pub Sq);
        @input
        pub struct FinalistPiece(pub Tag, pub Sq, pub Promo);
        @input
        pub struct Outcome(pub Tag, pub Absolute);
        @input
        pub struct Mover(pub Side);
        @input
        pub struct Decided(pub Tag, pub Side);

        @output
        pub struct Prefer(pub &'static str, pub Tag, pub Tag);

        struct Pair(Tag, Tag);
        Pair(x, y) <- Finalist(x, _, _), Finalist(y, _, _), (x != y);

        // A new queen or rook that stays, or mate.
        struct Promotes(Tag);
        Promotes(t) <- Outcome(t, a), (a.win());
        // The sum of the pawns' ranks: how far they have come.
        struct PawnAdvance(Tag, i8);
        struct HasPawns(Tag);
        HasPawns(t) <- FinalistPawn(t, _);
        struct TwoPawns(Tag);
        TwoPawns(t) <- FinalistPawn(t, a), FinalistPawn(t, b), (a != b);

        // 1. [rules of chess] Mate, or a safe promotion.
        Prefer("promotes", x, y) <- Mover(Side::White), Pair(x, y), Promotes(x), !Promotes(y);
        // 2. A finalist the level-1 rules prove for the mover.
        Prefer("proved_for_mover", x, y) <- Mover(s), Pair(x, y), Decided(x, s), !Decided(y, s);
        // 3. Not one they prove against the mover.
        Prefer("not_proved_against_mover", x, y) <-
            Mover(s), Pair(x, y), Decided(y, o), (o != s), !Decided(x, o);
        // 4. [rules of chess] Black takes a pawn when it can.
        Prefer("takes_a_pawn", x, y) <- Mover(Side::Black), Pair(x, y), TwoPawns(y), !TwoPawns(x);
        // 5. [FINE; ML] Doubled pawns: the king leads. White avoids a
        //    push that leaves the front pawn to the black king
        //    (`front_left_alone`).
        Prefer("king_leads_doubled_pawns", x, y) <-
            Mover(Side::White), Pair(x, y), FrontLeftAlone(y),
            PawnAdvance(x, a), PawnAdvance(y, b), (b > a);
        struct FrontLeftAlone(Tag);
        FrontLeftAlone(t) <-
            Front(t, f), FinalistPawn(t, r), (r != f), Finalist(t, w, b),
            (front_left_alone(f, r, b, w));
        // 6. [FINE] A pawn moves up: the pawns march on.
        Prefer("pawn_advances", x, y) <-
            Mover(Side::White), Pair(x, y), PawnAdvance(x, a), PawnAdvance(y, b), (a > b);
        PawnAdvance(t, 0) <- Finalist(t, _, _), !HasPawns(t);
        PawnAdvance(t, s) <- HasPawns(t), FinalistPawnSum(t, s);
        struct FinalistPawnSum(Tag, i8);
        FinalistPawnSum(t, a.1 + b.1) <- FinalistPawn(t, a), FinalistPawn(t, b), (a < b);
        FinalistPawnSum(t, a.1) <- FinalistPawn(t, a), !TwoPawns(t);
        // 7. [FINE] The white king comes up to escort its pawns: nearer
        //    the square in front of the pawn further up.
        Prefer("king_escorts_the_pawns", x, y) <-
            Mover(Side::White), Pair(x, y), Escort(x, a), Escort(y, b), (a < b);
        struct Escort(Tag, i8);
        Escort(t, dist(w, Sq(f.0, (f.1 + 1).min(8)))) <- Finalist(t, w, _), Front(t, f);
        struct Front(Tag, Sq);
        Front(t, p) <- FinalistPawn(t, p), !HigherPawn(t, p);
        struct HigherPawn(Tag, Sq);
        HigherPawn(t, p) <- FinalistPawn(t, p), FinalistPawn(t, q), (q.1 > p.1);
        // 8. [FINE] Doubled pawns: and nearer both pawns together: the king
        //    that guards them from the side or behind keeps them both in
        //    hand.
        Prefer("king_near_its_pawns", x, y) <-
            Mover(Side::White), Pair(x, y), ToDoubled(x, Side::White, a), ToDoubled(y, Side::White, b),
            (a < b);
        // Each king's distances to both of doubled pawns, summed.
        struct ToDoubled(Tag, Side, i8);
        ToDoubled(t, Side::White, dist(w, p) + dist(w, q)) <-
            Finalist(t, w, _), FinalistPawn(t, p), FinalistPawn(t, q), (p < q), (p.0 == q.0);
        ToDoubled(t, Side::Black, dist(k, p) + dist(k, q)) <-
            Finalist(t, _, k), FinalistPawn(t, p), FinalistPawn(t, q), (p < q), (p.0 == q.0);
        // 9. [FINE] Doubled pawns: and down to their ranks. The king that
        //    comes back to its pawns goes by the diagonal, the rank first:
        //    a step that only shifts its file leaves it as far from the
        //    squares beside them, where it guards them against the black
        //    king.
        Prefer("king_comes_down_to_its_pawns", x, y) <-
            Mover(Side::White), Pair(x, y), RankGap(x, a), RankGap(y, b), (a < b);
        struct RankGap(Tag, i8);
        RankGap(t, (w.1 - p.1).abs() + (w.1 - q.1).abs()) <-
            Finalist(t, w, _), FinalistPawn(t, p), FinalistPawn(t, q), (p < q), (p.0 == q.0);
        // 10. [FINE] Doubled pawns: the black king shoulders the white
        //    king off, taking away the squares by which it comes nearer
        //    the front pawn (`open_approaches`).
        Prefer("king_bars_the_way", x, y) <-
            Mover(Side::Black), Pair(x, y), Approaches(x, a), Approaches(y, b), (a < b);
        struct Approaches(Tag, i8);
        Approaches(t, open_approaches(f, r, b, w)) <-
            Finalist(t, w, b), Front(t, f), FinalistPawn(t, r), (r != f), (r.0 == f.0);
        // 11. The black king keeps near the pawns.
        Prefer("king_near_the_pawns", x, y) <-
            Mover(Side::Black), Pair(x, y), Nearest(x, a), Nearest(y, b), (a < b);
        struct Nearest(Tag, i8);
        struct Distance(Tag, i8);
        Distance(t, dist(b, p)) <- Finalist(t, _, b), FinalistPawn(t, p);
        Nearest(t, d) <- Distance(t, d), !Nearer(t, d);
        struct Nearer(Tag, i8);
        Nearer(t, d) <- Distance(t, d), Distance(t, e), (e < d);
        // 12. [ML] Doubled pawns: and near both of them: the black king
        //    that watches the front pawn and the rear one at once keeps
        //    both in reach.
        Prefer("king_near_both_pawns", x, y) <-
            Mover(Side::Black), Pair(x, y), ToDoubled(x, Side::Black, a), ToDoubled(y, Side::Black, b),
            (a < b);
    }
}
