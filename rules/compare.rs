// pecp's level-2 knowledge: a Datalog program that looks at TWO candidate
// positions side by side (the paper's step 18e) and says which one the side
// that just moved prefers, and by which criterion. It never looks at
// weights, and never at the candidates' successors.
//
// Input: each candidate's pieces, tagged A or B, the side choosing (Mover),
// and `Decided(tag, side)` when a deterministic level-1 rule has already
// proved the candidate for that side (that is knowledge, not a weight).
// Output: `Prefer(criterion, tag)`. The criteria are tried in the order of
// `rules/compare.toml`; the first that prefers exactly one candidate decides.
//
// Sources as in rules/position.rs: [PECP] the paper, section 4 (the PY3 > PY2
// rule); [KSQ] Wikipedia "Key square"; [OPP] Wikipedia "Opposition (chess)";
// [KPK] Wikipedia "King and pawn versus king endgame"; [FINE] Fine, Basic
// Chess Endings, pp. 7-9.

use crepe::crepe;

#[allow(unused_imports)]
use crate::geometry::{Line, Promo, Side, Sq, dist, dx, dy, line_between, neighbours};

/// Which of the two candidates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tag {
    /// The first candidate of the pairing.
    A,
    /// The second.
    B,
}

crepe! {
    @input
    pub struct WhiteKing(pub Tag, pub Sq);
    @input
    pub struct BlackKing(pub Tag, pub Sq);
    @input
    pub struct WhitePawn(pub Tag, pub Sq);
    @input
    pub struct WhitePiece(pub Tag, pub Sq, pub Promo);
    @input
    pub struct Mover(pub Side);
    @input
    pub struct Decided(pub Tag, pub Side);

    @output
    pub struct Prefer(pub &'static str, pub Tag);

    struct Board(Tag, Sq, Sq, Sq);
    struct Both(Sq, Sq, Sq, Sq, Sq, Sq);
    struct KeySquareDistance(Tag, i8);
    struct PawnSafe(Tag);
    struct WhiteOpposition(Tag);
    struct BlackOpposition(Tag);

    Board(t, w, p, b) <- WhiteKing(t, w), WhitePawn(t, p), BlackKing(t, b);
    // Both candidates' boards, A first.
    Both(wa, pa, ba, wb, pb, bb) <- Board(Tag::A, wa, pa, ba), Board(Tag::B, wb, pb, bb);

    // The pawn is safe from the black king: it is guarded, or the black king
    // is more than one step from touching it.
    PawnSafe(t) <- Board(t, w, p, b), (dist(w, p) == 1 || dist(b, p) > 2);

    // How far the white king is from the nearest key square [KSQ]: two
    // ranks ahead of the pawn, one file either side (a simplification that
    // holds for pawns up to the 5th; further up the pawn itself decides).
    KeySquareDistance(t, d) <-
        Board(t, w, p, _),
        let d = (-1..=1)
            .map(|f| Sq(p.0 + f, (p.1 + 2).min(8)))
            .filter(|k| k.on_board())
            .map(|k| dist(w, k))
            .min()
            .unwrap_or(8);

    // After White's move Black is to move, so White holds the opposition if
    // the kings stand one, three or five squares apart on a line [OPP];
    // after Black's move it is the other way round.
    WhiteOpposition(t) <-
        Mover(Side::White), Board(t, w, p, b), (w.1 >= p.1),
        let Some((l, n)) = line_between(w, b), (n % 2 == 1), (l != Line::Diagonal || n == 1);
    BlackOpposition(t) <-
        Mover(Side::Black), Board(t, w, p, b), (b.1 > p.1),
        let Some((l, n)) = line_between(w, b), (n % 2 == 1), (l != Line::Diagonal || n == 1);

    // 0. [PECP step 14] A safe promotion to a queen or rook (an absolute
    //    win) ends the game: take it.
    Prefer("promotes", t) <-
        Mover(Side::White), WhitePiece(t, _, r), (r.is_major()), Decided(t, Side::White);

    // 1. A candidate proved for the mover by a deterministic rule beats one
    //    that is not.
    Prefer("proved_for_mover", t) <- Mover(s), Decided(t, s);
    // Black avoids a candidate proved lost; White one proved drawn.
    Prefer("not_proved_against_mover", Tag::A) <- Mover(s), Decided(Tag::B, o), (o != s), !Decided(Tag::A, o);
    Prefer("not_proved_against_mover", Tag::B) <- Mover(s), Decided(Tag::A, o), (o != s), !Decided(Tag::B, o);

    // 2. [PECP, the PY3 > PY2 rule] The pawn is further advanced and the
    //    black king cannot reach it.
    Prefer("pawn_further_and_safe", Tag::A) <-
        Mover(Side::White), Both(_, pa, _, _, pb, _), (pa.1 > pb.1), PawnSafe(Tag::A);
    Prefer("pawn_further_and_safe", Tag::B) <-
        Mover(Side::White), Both(_, pa, _, _, pb, _), (pb.1 > pa.1), PawnSafe(Tag::B);

    // 2b. [FINE p. 8] Progress: when both candidates are proved wins, the
    //     white king goes where the pawn is going, nearer to the queening
    //     square (the pawn's own advance is preferred just above).
    Prefer("proved_king_nearer_queening_square", Tag::A) <-
        Mover(Side::White), Decided(Tag::A, Side::White), Decided(Tag::B, Side::White),
        Both(wa, pa, _, wb, pb, _), (dist(wa, Sq(pa.0, 8)) < dist(wb, Sq(pb.0, 8)));
    Prefer("proved_king_nearer_queening_square", Tag::B) <-
        Mover(Side::White), Decided(Tag::A, Side::White), Decided(Tag::B, Side::White),
        Both(wa, pa, _, wb, pb, _), (dist(wb, Sq(pb.0, 8)) < dist(wa, Sq(pa.0, 8)));

    // 3. [OPP] The attacker takes the opposition, with his king level with
    //    or ahead of the pawn.
    Prefer("attacker_has_opposition", t) <- WhiteOpposition(t);

    // 4. [KSQ] The white king comes nearer to a key square.
    Prefer("king_nearer_key_square", Tag::A) <-
        Mover(Side::White), KeySquareDistance(Tag::A, da), KeySquareDistance(Tag::B, db), (da < db);
    Prefer("king_nearer_key_square", Tag::B) <-
        Mover(Side::White), KeySquareDistance(Tag::A, da), KeySquareDistance(Tag::B, db), (db < da);

    // 5. [KPK] The defender stands in front of the pawn (on its file,
    //    ahead of it): the drawing set-up.
    Prefer("defender_in_front", t) <-
        Mover(Side::Black), Board(t, _, p, b), (b.0 == p.0), (b.1 > p.1);

    // 6. [OPP; KPK, Müller and Lamprecht's defence] The defender takes the
    //    opposition in front of the pawn.
    Prefer("defender_has_opposition", t) <- BlackOpposition(t);

    // 7. [FINE p. 7] The defender comes closer to the queening square.
    Prefer("defender_nearer_queening_square", Tag::A) <-
        Mover(Side::Black), Both(_, pa, ba, _, pb, bb),
        (dist(ba, Sq(pa.0, 8)) < dist(bb, Sq(pb.0, 8)));
    Prefer("defender_nearer_queening_square", Tag::B) <-
        Mover(Side::Black), Both(_, pa, ba, _, pb, bb),
        (dist(bb, Sq(pb.0, 8)) < dist(ba, Sq(pa.0, 8)));

    // 8. [KPK] The defender comes closer to the pawn.
    Prefer("defender_nearer_pawn", Tag::A) <-
        Mover(Side::Black), Both(_, pa, ba, _, pb, bb), (dist(ba, pa) < dist(bb, pb));
    Prefer("defender_nearer_pawn", Tag::B) <-
        Mover(Side::Black), Both(_, pa, ba, _, pb, bb), (dist(bb, pb) < dist(ba, pa));
}
