// pecp's level-2 knowledge: a Datalog program that looks at candidate
// positions side by side (the paper's step 18e) and says, for each pair,
// which one the side that just moved prefers and by which criterion. It
// never looks at weights, and never at the candidates' successors.
//
// Input: each candidate's pieces, tagged with its place among the level-1
// best three (I1, I2, I3), the side choosing (Mover), and `Decided(tag,
// side)` when a deterministic level-1 rule has already proved the candidate
// for that side (that is knowledge, not a weight).
// Output: `Prefer(criterion, x, y)`: the criterion prefers x to y. The
// criteria are tried in the order of `rules/compare.toml`; the first that
// prefers one candidate of a pairing (and not also the other) decides it.
//
// Sources as in rules/position.rs: [PECP] the paper, section 4 (the PY3 > PY2
// rule); [KSQ] Wikipedia "Key square"; [OPP] Wikipedia "Opposition (chess)";
// [KPK] Wikipedia "King and pawn versus king endgame"; [FINE] Fine, Basic
// Chess Endings, pp. 7-9; [OUTFLANK] Roi Chess Academy, "The Pawn Endings:
// Opposition" (roichessacademy.com), outflanking.

use crepe::crepe;

use super::level1::corner_refuge_margin;

#[allow(unused_imports)]
use crate::board::geometry::{
    Line, Promo, Side, Sq, dist, dx, dy, key_square_distance, key_square_race, line_between,
    neighbours, race,
};

/// A candidate's place among the level-1 best three.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tag {
    /// Level-1 best.
    I1,
    /// Second.
    I2,
    /// Third.
    I3,
}

/// Rook pawn, the white king on the rook's file: how many of its
/// neighbouring squares on the knight's file the black king guards.
fn knight_file_guarded(w: Sq, b: Sq, p: Sq) -> i8 {
    let n = if p.0 == 1 { 2 } else { 7 };
    (-1..=1)
        .map(|d| Sq(n, w.1 + d))
        .filter(|z| (1..=8).contains(&z.1) && dist(b, *z) <= 1)
        .count() as i8
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
    pub struct Prefer(pub &'static str, pub Tag, pub Tag);

    struct Candidate(Tag);
    struct Pair(Tag, Tag);
    struct Board(Tag, Sq, Sq, Sq);
    struct PairBoards(Tag, Sq, Sq, Sq, Tag, Sq, Sq, Sq);
    struct KeySquareDistance(Tag, i8);
    struct DefenderKeySquareDistance(Tag, i8);
    struct PawnSafe(Tag);
    struct Promotes(Tag);
    struct MaterialLeft(Tag);
    struct ProvedWin(Tag);
    struct WhiteOpposition(Tag);
    struct BlackOpposition(Tag);
    struct DefenderInFront(Tag);
    struct PawnRaceAfter(Tag, i8);
    struct KingGuardsPawn(Tag);

    Candidate(t) <- WhiteKing(t, _);
    Pair(x, y) <- Candidate(x), Candidate(y), (x != y);
    Board(t, w, p, b) <- WhiteKing(t, w), WhitePawn(t, p), BlackKing(t, b);
    // Two candidates' boards side by side.
    PairBoards(x, wx, px, bx, y, wy, py, by) <-
        Pair(x, y), Board(x, wx, px, bx), Board(y, wy, py, by);

    // The black king (to move) cannot reach the advanced pawn: it stands
    // outside the pawn's square [FINE p. 7], or a deterministic rule has
    // proved the position won.
    PawnSafe(t) <- Board(t, _, p, b), (dist(b, Sq(p.0, 8)) > 8 - p.1 + 1);
    PawnSafe(t) <- Decided(t, Side::White);

    Promotes(t) <- WhitePiece(t, _, r), (r.is_major()), Decided(t, Side::White);
    MaterialLeft(t) <- WhitePawn(t, _);
    MaterialLeft(t) <- WhitePiece(t, _, _);
    ProvedWin(t) <- Decided(t, Side::White);

    // How far each king is from the pawn's nearest key square: the white
    // king heads for them, the black king must keep it off them.
    KeySquareDistance(t, d) <- Board(t, w, p, _), let d = key_square_distance(w, p);
    DefenderKeySquareDistance(t, d) <- Board(t, _, p, b), let d = key_square_distance(b, p);

    // After White's move Black is to move, so White holds the opposition if
    // the kings stand one, three or five squares apart on a line [OPP];
    // after Black's move it is the other way round. The opposition counts
    // where it decides the ending:
    // - for White, the king ahead of its pawn (or beside a pawn on the
    //   6th, where the defender's last resort is the opposition in front
    //   of it [FINE p. 8]) and no further from it than the black king (a
    //   king far from its pawn must go back to guard it, not fight for the
    //   opposition), and not on the file of a rook pawn, where it only gets
    //   shut in [KPK, rook pawn]; and, but for a rook pawn, only against a
    //   black king ahead of the pawn or further from it than the white
    //   king: a black king level with the pawn or behind it, as near to it,
    //   is racing for the pawn, and the white king must go to guard it
    //   instead of facing the defender (`K7/8/8/k2P4/8/8/8/8 w`: Kb7, not
    //   Ka7; +12 wins kept; with a rook pawn the same condition loses 14,
    //   as the pawn step that keeps the opposition no longer counts);
    // - for Black, the king two ranks or more ahead of the pawn and ahead
    //   of the white king, where it keeps the white king off the key
    //   squares; lower down it must go for the pawn instead. Only with
    //   the white king within three squares of its pawn, where the fight
    //   for the key squares is on: a white king further away must first
    //   come back, and the black king goes for the pawn instead of facing
    //   it (`8/6k1/8/8/8/8/1P4K1/8 b`: Kf6 or Kg6, not Kg8). And with the
    //   pawn on the 5th or further only on the pawn's file or next to it:
    //   the key squares are then right in front of the pawn, and a king
    //   that takes the opposition off to the side leaves them
    //   (`k7/8/8/K1P5/8/8/8/8 b`: Kb7, not Ka7).
    // (Measured with `pecp validate --side white|black`: each condition
    // keeps the result more often than the criterion without it.)
    WhiteOpposition(t) <-
        Mover(Side::White), Board(t, w, p, b), (w.1 > p.1 || (p.1 >= 6 && w.1 == p.1)), (dist(w, p) <= dist(b, p)),
        (b.1 > p.1 || dist(w, p) < dist(b, p) || p.on_rook_file()),
        (!(p.on_rook_file() && w.0 == p.0)),
        let Some((l, n)) = line_between(w, b), (n % 2 == 1), (l != Line::Diagonal || n == 1);
    BlackOpposition(t) <-
        Mover(Side::Black), Board(t, w, p, b), (b.1 >= p.1 + 2), (b.1 > w.1), (dist(w, p) <= 3),
        (p.1 <= 4 || dx(b, p) <= 1),
        let Some((l, n)) = line_between(w, b), (n % 2 == 1), (l != Line::Diagonal || n == 1);
    KingGuardsPawn(t) <- Board(t, w, p, _), (dist(w, p) == 1);
    DefenderInFront(t) <- Mover(Side::Black), Board(t, _, p, b), (b.0 == p.0), (b.1 > p.1);

    // The tempo move is there: White to move, the kings face each other in
    // direct opposition one rank behind the pawn, and the pawn is safe.
    struct TempoPush(Tag);
    TempoPush(t) <-
        Mover(Side::White), Board(t, w, p, b), (dist(b, p) > 1 || dist(w, p) == 1), (w.1 == p.1 - 1),
        let Some((Line::Vertical, 1)) = line_between(w, b);

    // The race to the key squares after the move, the opponent to move
    // (positive favours White).
    struct KeyRaceAfter(Tag, i8);
    KeyRaceAfter(t, key_square_race(w, b, p, m.other())) <- Mover(m), Board(t, w, p, b);

    // Rook pawn, the white king on the rook's file: how many squares beside
    // it on the knight's file the black king guards.
    struct ShutIn(Tag, i8);
    ShutIn(t, knight_file_guarded(w, b, p)) <- Board(t, w, p, b), (p.on_rook_file()), (w.0 == p.0);

    // Rook pawn: the black king's moves to spare in the race to its drawing
    // corner (see `corner_refuge_margin`).
    struct CornerMargin(Tag, i8);
    CornerMargin(t, corner_refuge_margin(w, b, p)) <- Board(t, w, p, b), (p.on_rook_file());

    // The race to the pawn after the move, the opponent to move (positive
    // favours White).
    PawnRaceAfter(t, race(w, b, p, m.other())) <- Mover(m), Board(t, w, p, b);

    // ==================================================================
    // THE CRITERIA, in the order of `rules/compare.toml` (a test checks it):
    // the first that prefers one candidate of a pairing decides it.

    // 1. [PECP step 14] A safe promotion to a queen or rook (an absolute
    //    win) ends the game: take it.
    Prefer("promotes", x, y) <- Mover(Side::White), Pair(x, y), Promotes(x), !Promotes(y);

    // 2. [rules of chess; FIDE Laws 5.2] The defender takes the pawn (or the
    //    piece it became) when it can: with kings alone nobody can mate, so
    //    the capture draws at once, and no player refuses a free pawn. Only
    //    a capture leaves a candidate without White material: a legal
    //    capture is always of an unguarded pawn.
    Prefer("takes_pawn", x, y) <-
        Mover(Side::Black), Pair(x, y), MaterialLeft(y), !MaterialLeft(x);

    // 3. A candidate proved for the mover by a deterministic rule beats one
    //    that is not.
    Prefer("proved_for_mover", x, y) <- Mover(s), Pair(x, y), Decided(x, s), !Decided(y, s);

    // 4. White avoids a candidate proved drawn, Black one proved lost.
    Prefer("not_proved_against_mover", x, y) <-
        Mover(s), Pair(x, y), Decided(y, o), (o != s), !Decided(x, o);

    // 5. [KPK, rook pawn; FINE p. 9] A white king on the rook's file is
    //    shut in while the black king guards the squares beside it on the
    //    knight's file: it can neither shoulder the defender nor reach b7
    //    (g7). Of two moves, the defender takes the one that guards more
    //    of them (`8/8/8/K7/8/P1k5/8/8 b`: Kc4 keeps the king in; Kb3,
    //    attacking the pawn, lets it out after a4; +6 draws held).
    Prefer("defender_shuts_king_on_rook_file", x, y) <-
        Mover(Side::Black), Pair(x, y), ShutIn(x, rx), ShutIn(y, ry), (rx > ry);

    // 6. [KPK, rook pawn; FINE p. 9] With a rook pawn the defender draws
    //    once its king reaches the corner or the squares beside it: a8,
    //    b8, c8 or c7 (h8, g8, f8, f7), unless the white king guards them
    //    first. The black king takes the move that leaves it more moves to
    //    spare in that race (`8/8/8/4k3/K7/8/P7/8 b`: Kd6 or Ke6; Kd5,
    //    nearer the pawn, loses to Kb5; `8/8/4k3/K7/8/8/P7/8 b`: Kd7, not
    //    Kd6, which Kb6 answers by shutting c7 and then b7). Once the
    //    white king wins the race for every square the corner no longer
    //    counts, and the black king goes for the pawn. (Counting the race
    //    instead of the nearest unguarded square: +8 draws held.)
    Prefer("defender_toward_corner", x, y) <-
        Mover(Side::Black), Pair(x, y), CornerMargin(x, rx), CornerMargin(y, ry), (rx > ry), (rx >= 0);

    // 7. [PECP, the PY3 > PY2 rule] The pawn is further advanced and the
    //    black king cannot reach it.
    Prefer("pawn_further_and_safe", x, y) <-
        Mover(Side::White), PairBoards(x, _, px, _, y, _, py, _), (px.1 > py.1), PawnSafe(x);

    // 8. [FINE p. 8] Progress: when both candidates are proved wins, the
    //    white king goes where the pawn is going, nearer to the queening
    //    square (the pawn's own advance is preferred just above).
    Prefer("proved_king_nearer_queening_square", x, y) <-
        Mover(Side::White), ProvedWin(x), ProvedWin(y),
        PairBoards(x, wx, px, _, y, wy, py, _),
        (dist(wx, Sq(px.0, 8)) < dist(wy, Sq(py.0, 8)));

    // 9. [FINE p. 8; KPK, "the king in front of its pawn"] Progress when
    //    both candidates are proved wins and the king is as near the
    //    queening square in both: the white king nearer the square in
    //    front of its pawn, leading it.
    Prefer("proved_king_nearer_stop_square", x, y) <-
        Mover(Side::White), ProvedWin(x), ProvedWin(y),
        PairBoards(x, wx, px, _, y, wy, py, _),
        (dist(wx, Sq(px.0, px.1 + 1)) < dist(wy, Sq(py.0, py.1 + 1)));

    // 10. [OPP] The attacker takes the opposition, his king ahead of the pawn.
    Prefer("attacker_has_opposition", x, y) <- Pair(x, y), WhiteOpposition(x), !WhiteOpposition(y);

    // 11. [FINE p. 8; KPK, "a spare pawn move hands the move back"] The
    //     tempo move: the kings face each other in direct opposition beside
    //     the pawn with White to move, so Black holds the opposition; one
    //     pawn step, safe from the black king, passes the move back and
    //     leaves the white king in opposition one rank behind its pawn
    //     (`8/k7/8/K1P5/8/8/8/8 w`: c6 wins, Kb5 does not). (Placed by
    //     measurement: +10 wins kept with `pecp validate --side white`; a
    //     looser form, any opposition after any push, loses 44.)
    Prefer("tempo_pawn_push", x, y) <-
        Mover(Side::White), PairBoards(x, _, px, _, y, _, py, _), (px.1 > py.1), TempoPush(x);

    // 12. [KPK, shouldering; FINE p. 8] The white king keeps level with
    //     the black king: the fewer ranks between the kings, the better it
    //     can shoulder the defender away from the pawn's path or face it
    //     for the opposition; a king that runs ahead or lags behind the
    //     defender's rank lets it past. Not for a rook pawn, where the
    //     corner race (13) decides.
    Prefer("king_level_with_defender", x, y) <-
        Mover(Side::White), PairBoards(x, wx, px, bx, y, wy, _, by), (!px.on_rook_file()),
        (dy(wx, bx) < dy(wy, by));

    // 13. [KPK, rook pawn; FINE p. 9] With a rook pawn everything turns on
    //     the corner: the key squares are b7 and b8 (g7, g8), and whoever
    //     gets there first decides. White gains in that race. (For Black,
    //     the same race measured worse than `defender_toward_corner`
    //     (6), which also counts c8 and c7 and what the white king
    //     guards: replacing it holds 6 more draws.)
    Prefer("attacker_wins_corner_race", x, y) <-
        Mover(Side::White), PairBoards(x, _, px, _, y, _, _, _), (px.on_rook_file()),
        KeyRaceAfter(x, rx), KeyRaceAfter(y, ry), (rx > ry);

    // 14. [KPK, rook pawn; shouldering] With a rook pawn the white king
    //     stays close beside the black king, fewer files between them, so
    //     that it can shoulder it away from c7 and b8 (f7, g8) on its way
    //     into the corner. (Placed by measurement: with it `pecp validate
    //     --playout` keeps 10 more wins and converts 100 more.)
    Prefer("king_shoulders_defender_rook_pawn", x, y) <-
        Mover(Side::White), PairBoards(x, wx, px, bx, y, wy, _, by), (px.on_rook_file()),
        (dx(wx, bx) < dx(wy, by));

    // 15. [FINE p. 7, counting tempi] The race to the pawn after the move,
    //     the opponent to move (positive favours White): the white king
    //     gains on the black king in getting to its pawn, to guard it.
    Prefer("king_gains_pawn_race", x, y) <-
        Mover(Side::White), Pair(x, y), PawnRaceAfter(x, rx), PawnRaceAfter(y, ry), (rx > ry);

    // 16. [KSQ] The white king comes nearer to a key square.
    Prefer("king_nearer_key_square", x, y) <-
        Mover(Side::White), Pair(x, y), KeySquareDistance(x, dx), KeySquareDistance(y, dy), (dx < dy);

    // 17. [OUTFLANK] Outflanking: of two king moves that come as near to
    //     the key squares, the white king takes the one with more files
    //     between itself and the defender. It goes round the black king
    //     instead of walking into it, where the defender would take the
    //     opposition. Only where walking into it would leave the kings
    //     within two files of each other: a defender further off cannot
    //     take the opposition, and going round it only takes the white
    //     king away from its pawn (`k4K2/8/8/8/8/8/2P5/8 w`: Ke7, not Kg7;
    //     +4 wins kept). Not for a rook pawn, where the king must stay
    //     beside the defender to keep it from the corner. (Placed by
    //     measurement: with it `pecp validate --playout` keeps 26 more wins
    //     and converts 32 more.)
    Prefer("king_outflanks_defender", x, y) <-
        Mover(Side::White), PairBoards(x, wx, px, bx, y, wy, _, by), (!px.on_rook_file()),
        (dx(wx, bx) > dx(wy, by)), (dx(wy, by) <= 2);

    // 18. [KPK: "the king should stay in touch with its pawn"] The white
    //     king guards its pawn.
    Prefer("king_guards_pawn", x, y) <- Mover(Side::White), Pair(x, y), KingGuardsPawn(x), !KingGuardsPawn(y);

    // 19. [OPP; KPK, Müller and Lamprecht's defence] The defender takes the
    //     opposition in front of the pawn and of the white king.
    Prefer("defender_has_opposition", x, y) <- Pair(x, y), BlackOpposition(x), !BlackOpposition(y);

    // 20. [KPK; FINE p. 7] The defender comes nearer to the pawn's file,
    //     where it blockades.
    Prefer("defender_nearer_pawn_file", x, y) <-
        Mover(Side::Black), PairBoards(x, _, px, bx, y, _, py, by), (dx(bx, px) < dx(by, py));

    // 21. [OPP, distant opposition; FINE p. 8] Of two moves that keep the
    //     black king ahead of the pawn and on the white king's file or next
    //     to it, the defender takes the one that leaves an odd number of
    //     ranks between the kings (they stand two, four or six ranks apart)
    //     with White to move: whichever way the white king steps forward,
    //     the black king answers on the same file and faces it with the
    //     opposition. One rank more or fewer and White takes the distant
    //     opposition himself (`8/8/k7/8/8/8/K1P5/8 b`: Kb6 holds, Kb5 loses
    //     to Kb3). With the white king above the black king, only while
    //     the black king stands between it and the pawn's file (no further
    //     from that file): then the opposition shoulders the white king off
    //     its way back (`8/8/7K/8/8/7k/1P6/8 b`: Kg4, not Kg3). With the
    //     white king nearer the pawn's file the black king must go for the
    //     pawn instead (`3K4/8/8/5k2/8/1P6/8/8 b`: Ke5, not Ke6; +12 draws
    //     held). (Placed by measurement: with it `pecp validate --side
    //     black` holds 124 more draws.)
    Prefer("defender_keeps_rank_opposition", x, y) <-
        Mover(Side::Black), PairBoards(x, wx, px, bx, y, wy, _, by), (bx.1 > px.1),
        (dx(wx, bx) <= 1), (dx(wy, by) <= 1), (bx.1 > wx.1 || dx(bx, px) <= dx(wx, px)),
        (dy(wx, bx) >= 2), (dy(wx, bx) % 2 == 0), (dy(wy, by) < 2 || dy(wy, by) % 2 == 1);

    // 22. [KPK] The defender comes closer to the pawn, from its front or
    //     side (not from behind, where it cannot stop it).
    Prefer("defender_nearer_pawn", x, y) <-
        Mover(Side::Black), PairBoards(x, _, px, bx, y, _, py, by), (dist(bx, px) < dist(by, py)), (bx.1 >= px.1);

    // 23. [FINE p. 7] The defender comes closer to the queening square.
    Prefer("defender_nearer_queening_square", x, y) <-
        Mover(Side::Black), PairBoards(x, _, px, bx, y, _, py, by),
        (dist(bx, Sq(px.0, 8)) < dist(by, Sq(py.0, 8)));

    // 24. [KPK; FINE p. 7] Of two squares equally near the queening square,
    //     the defender takes the one nearer the pawn's rank: it keeps the
    //     pawn under threat, so the white king must guard it instead of
    //     racing ahead to the key squares (not for a rook pawn, where the
    //     corner is all).
    Prefer("defender_toward_pawn_rank", x, y) <-
        Mover(Side::Black), PairBoards(x, _, px, bx, y, _, py, by), (!px.on_rook_file()),
        (bx.1 - px.1 < by.1 - py.1);

    // 25. [KPK] The defender stands in front of the pawn (on its file,
    //     ahead of it): the drawing set-up.
    Prefer("defender_in_front", x, y) <- Pair(x, y), DefenderInFront(x), !DefenderInFront(y);

    // 26. [KSQ] The defender comes nearer to the key squares, to keep the
    //     white king off them.
    Prefer("defender_nearer_key_square", x, y) <-
        Mover(Side::Black), Pair(x, y), DefenderKeySquareDistance(x, dx),
        DefenderKeySquareDistance(y, dy), (dx < dy);
}
