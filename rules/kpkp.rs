// pecp's knowledge of king and pawn against king and pawn (KPKP). Two
// Datalog programs, as for the other books: level 1 over ONE position,
// level 2 over the level-1 best three (and the moves tied with an unproved
// third, up to nine finalists).
//
// Each side has a pawn, so either can win. The book answers one question,
// "does White win?", its weights from White's point of view (a draw and a
// loss are alike "no win"); the other question, "does Black win?", is the
// same book on the board with the colours swapped. A decision asks both,
// and the side that the rules find winning plays for the win as White.
//
// Level 1, input: the kings, the side to move, the rules of chess, each
// pawn (or the piece it became), whether the side to move may take en
// passant (just after the other pawn's double step past its own), and
// what the KPK book proves of White's pawn alone, Black's pawn taken off,
// with either side to move, and whether it proves Black's pawn alone wins
// (White's taken off, on the board with the colours swapped). After a
// capture of Black's pawn the KPK book's proof of the pawn left comes in
// the same way. Output: `Fires(id)`, whose weight, kind, description,
// source, theme and sentence live in `rules/kpkp.toml`.
//
// Level 2, input: each finalist's kings, pawns and new pieces tagged
// I1..I9, the side choosing, and `Decided(tag, side)` when a deterministic
// level-1 rule proves the finalist; output: `Prefer(criterion, x, y)`,
// tried in the order of the `[[criterion]]` rows of `rules/kpkp.toml`.
//
// The ideas are the books' (none is a cut-off fitted against the tables):
// the race, counted in moves with the double step and a king in its own
// pawn's way [ML; DVOR]; the square of the pawn [ML]; the new queen that
// stops the other pawn before it reaches the seventh rank [ML; FINE]; a
// pawn that cannot win even without the enemy pawn [SF]; a pawn the other
// king takes before its own king can guard it, and a king that already
// stands in front of the other pawn [ML; FINE]; a side whose pawn is gone
// cannot win; and what the rules of chess decide.
//
// Sources cited below:
//   [FINE]  R. Fine, Basic Chess Endings, 1941, ch. 2 (king and pawn
//           against king and pawn; queen against pawn).
//   [ML]    K. Müller and F. Lamprecht, Fundamental Chess Endings, 2001,
//           ch. 2 (pawn races, the square, queening with check, queen
//           against a pawn on the seventh rank).
//   [DVOR]  M. Dvoretsky, Dvoretsky's Endgame Manual, ch. 1 (pawn races,
//           counting tempi).
//   [RETI]  R. Réti, study, Kagans Neueste Schachnachrichten, 1921 (the
//           king that approaches two goals at once).
//   [KSQ]   Wikipedia, "Key square"; Fine, ch. 2 (the squares from which a
//           king escorts its pawn to the queening square).
//   [SEIR]  Y. Seirawan, Winning Chess Endings, 2003, pp. 49-53 (queen
//           against a rook or bishop pawn on the seventh: the attacking
//           king's winning zone); Chessprogramming wiki, "Queen versus
//           Pawn" (the zone's squares).
//   [SF]    Stockfish, src/endgame.cpp, the KPKP scaling: take the weaker
//           side's pawn off; if king and pawn against king is a draw, so is
//           the position.

use crepe::crepe;
use shakmaty::{Bitboard, attacks::king_attacks};

use crate::board::absolute::Absolute;
use crate::board::facts::Node;

#[allow(unused_imports)]
use crate::board::geometry::{
    Line, Promo, Side, Sq, dist, key_square_race, line_between, neighbours, piece_attacks,
    squares_between,
};

pub use crate::knowledge::books::kppk::program::{Alone, Tag};

/// [ML; DVOR] The moves a pawn on `p` needs to queen: the ranks to go,
/// one fewer from its starting rank (the double step). `white`: which
/// way it runs.
pub fn queening_moves(p: Sq, white: bool) -> i8 {
    let (to_go, start) = if white { (8 - p.1, 2) } else { (p.1 - 1, 7) };
    to_go - i8::from(p.1 == start)
}

/// The square the pawn on `p` queens on.
pub fn queening_square(p: Sq, white: bool) -> Sq {
    Sq(p.0, if white { 8 } else { 1 })
}

/// Whether a unit on `s` stands on the path of the pawn on `p` to its
/// queening square.
pub fn on_path(p: Sq, white: bool, s: Sq) -> bool {
    s.0 == p.0 && if white { s.1 > p.1 } else { s.1 < p.1 }
}

/// [ML] The rule of the square: whether the king on `k` catches the pawn
/// on `p`, the pawn's side to move when `pawn_moves_first`. It reaches
/// the queening square (or the square next to it, to take the new piece)
/// in time.
pub fn in_square(k: Sq, p: Sq, white: bool, pawn_moves_first: bool) -> bool {
    let n = queening_moves(p, white);
    let d = dist(k, queening_square(p, white));
    d <= n + i8::from(!pawn_moves_first)
}

/// [ML; DVOR] The rule of the square walked: whether the king on `k`
/// reaches the queening square of the pawn on `p` in time, as
/// [`in_square`] counts, going round the other king on `other` (it may
/// not step next to it). The rule of the square counts an open board; a
/// king shut in by the other king, in a corner or on the edge, is slower
/// than the square says.
pub fn in_square_walked(k: Sq, p: Sq, white: bool, pawn_moves_first: bool, other: Sq) -> bool {
    let barred = king_steps(one(other)) | one(other);
    walks_in_time(k, p, white, pawn_moves_first, barred)
}

/// The rule of the square counted along the king's walk: whether the
/// king on `k` reaches the queening square of the pawn on `p` in time, as
/// [`in_square`] counts, never stepping onto a square of `barred`.
fn walks_in_time(k: Sq, p: Sq, white: bool, pawn_moves_first: bool, barred: Bitboard) -> bool {
    let n = queening_moves(p, white);
    king_walk(k, one(queening_square(p, white)), barred) <= n + i8::from(!pawn_moves_first)
}

/// Whether the two pawns can meet: on one file with Black's in front
/// (they block each other), or on neighbouring files not yet past each
/// other (one can take the other).
pub fn pawns_meet(w: Sq, b: Sq) -> bool {
    (w.0 - b.0).abs() <= 1 && b.1 > w.1
}

/// [ML; DVOR] A runner: the pawn on `p` (of the side `white` says) that
/// the enemy king on `k` cannot catch, with nothing on its path (`own`,
/// its own king, counted: a king in its pawn's way stops it). `to_move`:
/// whose move it is. The enemy king's own pawn on `kp` stands in its way
/// where every shortest way to the queening square steps on it: going
/// round it, or pushing it aside, costs that side a move
/// ([`in_square_round`]), unless the push gives check and wins the move
/// back.
pub fn runs(p: Sq, white: bool, own: Sq, (k, kp): (Sq, Sq), to_move: Side) -> bool {
    let pawn_first = (to_move == Side::White) == white;
    let caught = if push_checks(kp, !white, own) {
        in_square(k, p, white, pawn_first)
    } else {
        in_square_round(k, p, white, pawn_first, kp)
    };
    !on_path(p, white, own) && !on_path(p, white, k) && !caught
}

/// Whether a step of the pawn on `p` (of the side `white` says), single
/// or double from its first rank, gives check to the king on `k`.
pub fn push_checks(p: Sq, white: bool, k: Sq) -> bool {
    let dy = if white { 1 } else { -1 };
    let first = if white { 2 } else { 7 };
    pawn_checks(Sq(p.0, p.1 + dy), white, k)
        || (p.1 == first && pawn_checks(Sq(p.0, p.1 + 2 * dy), white, k))
}

/// [ML] The rule of the square, the king going round its own pawn on
/// `kp`: whether the king on `k` reaches the queening square of the pawn
/// on `p` in time, as [`in_square`] counts, never stepping onto `kp`.
pub fn in_square_round(k: Sq, p: Sq, white: bool, pawn_moves_first: bool, kp: Sq) -> bool {
    walks_in_time(k, p, white, pawn_moves_first, one(kp))
}

/// [ML; DVOR] A pawn escorted by its king: the pawn on `p` (of the side
/// `white` says), its king on `own` standing still beside its path, runs
/// even with the enemy king on `k` inside its square, when that king can
/// neither take it on any square of its way (each square it reaches first
/// is guarded by the pawn's king) nor step in front of it in time (a
/// square next to the pawn's king is barred to it). The rule of the square
/// counts a lone pawn; the king's guard is what it leaves out. Counted in
/// king steps over an empty board, the enemy king as fast as it can be.
/// `pawn_first`: the pawn's side moves now.
pub fn escorted(p: Sq, white: bool, own: Sq, k: Sq, pawn_first: bool) -> bool {
    if on_path(p, white, own) || on_path(p, white, k) {
        return false;
    }
    let n = queening_moves(p, white);
    let dy = if white { 1 } else { -1 };
    let start = if white { 2 } else { 7 };
    // The square of the pawn after `i` of its moves.
    let after = |i: i8| {
        let double = i8::from(p.1 == start && i >= 1);
        Sq(p.0, p.1 + dy * (i + double))
    };
    // The enemy king's moves made once the pawn has made `i`.
    let e = i8::from(!pawn_first);
    let guarded = |s: Sq| dist(own, s) == 1;
    (0..=n).all(|i| {
        let taken = !(i == 0 && pawn_first) && dist(k, after(i)) <= i + e && !guarded(after(i));
        let blocked = i < n && dist(k, after(i + 1)) <= i + e && dist(own, after(i + 1)) >= 2;
        !taken && !blocked
    })
}

/// [ML; DVOR] After the pawn on `p` queens (its side `white`, `to_move`
/// moving now), how many moves the other pawn on `q` still needs: its own
/// count less the moves it makes meanwhile. Zero or less: it queened
/// first.
pub fn left_when_queening(p: Sq, white: bool, q: Sq, to_move: Side) -> i8 {
    let first = (to_move == Side::White) == white;
    let n = queening_moves(p, white);
    queening_moves(q, !white) - if first { n - 1 } else { n }
}

/// [ML; FINE] Whether a new queen, moving first, stops the other side's
/// pawn on `pawn` (of the side `white` says), its king on `king`, the
/// queen's king on `guard`, when the pawn still needs `left` moves to
/// queen. The queen moves before the pawn reaches the seventh rank. A rook
/// or bishop pawn on the seventh with its king beside it draws against
/// the queen (the king hides in the corner, or taking the pawn
/// stalemates), so where its king stands near the queening square the
/// queen must move before the pawn reaches the sixth. Where neither king
/// stands near the queening square (the queen's own king would block its
/// checks, the pawn's king would shelter the pawn), the queen stops even
/// the pawn on the seventh: it checks or takes the queening square, and
/// the pawn's king, two steps or more away (four from a rook or bishop
/// pawn, whose king needs only to come near), is too late to help.
/// Nor does a rook or bishop pawn hold with its king beside it where the
/// queen's own king stands in the winning zone ([`in_winning_zone`]): that
/// pawn is stopped as a knight or centre pawn is.
///
/// A king on its own pawn's path below the queening square must step off
/// it before the pawn can reach the seventh rank: the pawn is a move
/// further back, counted from each square the king can step to off the
/// path. (On the queening square itself the king holds up only the last
/// step, not the pawn's arrival on the seventh; against a knight or centre
/// pawn that step is enough for the new queen, [`in_front_falls`].)
///
/// A knight or centre pawn falls even on the seventh when the queen, still
/// on the square it was made on, its own king three steps or more from the
/// queening square, gives check at once ([`first_check`]); a rook or
/// bishop pawn whose king stands three steps or more from its queening
/// square, when the queen takes that square in hand at once
/// ([`controls_first`]). Any pawn is stopped when the queen blockades its
/// queening square in time, where no king can touch it: in one move, the
/// pawn's king three steps or more away ([`blockades_in_one`]), or, a
/// rook or bishop pawn with its king near, in two moves while the pawn
/// steps from the sixth to the seventh ([`blockades_in_two`]).
///
/// With the queen still on the square it was made on, more pawns fall as
/// they stand on the seventh, the queen to move after they step there: a
/// knight or centre pawn, wherever its king stands, when the queen's own
/// king stands two files or more from the pawn's (no king of hers blocks
/// her checks or stands in the pawn's reach); a rook pawn whose queening
/// square the queen watches from the other corner of the long diagonal,
/// her king not between ([`watches_along_the_long_diagonal`]), its king two
/// steps or more from that square (wherever that king stands, the pawn
/// falls before it reaches the seventh); a rook pawn with its king near,
/// the queen's king in the winning zone; and a rook pawn whose king stands
/// three steps or more from the queening square, a bishop pawn four: that
/// king comes too late for the stalemate defence. Before it reaches the
/// seventh, a rook pawn falls wherever the kings stand: the stalemate
/// defence needs the pawn on the seventh.
pub fn queen_stops(pawn: Sq, white: bool, king: Sq, (queen, guard): (Sq, Sq), left: i8) -> bool {
    if king == queening_square(pawn, white)
        && in_front_falls(pawn, white, king, (queen, guard), left)
    {
        return true;
    }
    if on_path(pawn, white, king) && king != queening_square(pawn, white) {
        return neighbours(king)
            .filter(|&s| !on_path(pawn, white, s))
            .all(|s| queen_stops_counted(pawn, white, s, (queen, guard), left + 1));
    }
    queen_stops_counted(pawn, white, king, (queen, guard), left)
}

/// [ML] A knight or centre pawn whose king stands on its queening square
/// cannot queen before that king steps aside, however far the pawn comes:
/// a move more than its pushes. So the new queen, on the square it was
/// made on, its own king two files or more from the pawn's (off the lines
/// the queen checks along, and out of the pawn's reach), meets the pawn at
/// best on its seventh, the queen to move, and a knight or centre pawn
/// falls there ([`queen_stops_counted`]). Not where the king, its pawn on
/// the seventh, would have no square to step to: every square beside it
/// off the pawn's file next to White's king or on a line of the queen
/// (a stalemate).
fn in_front_falls(pawn: Sq, white: bool, king: Sq, (queen, guard): (Sq, Sq), left: i8) -> bool {
    let room = neighbours(king)
        .any(|s| s.0 != pawn.0 && dist(s, guard) > 1 && line_between(s, queen).is_none());
    !matches!(pawn.0, 1 | 3 | 6 | 8)
        && clear_of_the_pawn(pawn, white, (queen, guard))
        && left >= 1
        && room
}

/// Whether the queen on `queen` still stands on the rank she was made on
/// (the pawn on `pawn` runs the other way, `white` its side) and her king
/// on `guard` two files or more from that pawn's: no king of hers blocks
/// her checks or stands in the pawn's reach.
fn clear_of_the_pawn(pawn: Sq, white: bool, (queen, guard): (Sq, Sq)) -> bool {
    queen.1 == if white { 1 } else { 8 } && (guard.0 - pawn.0).abs() >= 2
}

/// [ML; FINE] Whether White's queen on `queen`, White to move, stops
/// Black's pawn on `pawn`, Black's king on `king`, White's on `guard`: as
/// [`queen_stops`] judges it right after a promotion, with the move the
/// queen has in hand. A pawn below its seventh rank is a move further
/// back; a pawn on its seventh queens next, so the queen must act at once
/// (check, take the queening square in hand, or stand on it), and then
/// stops it as a new queen stops a pawn on its sixth.
pub fn queen_to_move_stops(pawn: Sq, king: Sq, (queen, guard): (Sq, Sq)) -> bool {
    let n = queening_moves(pawn, false);
    if n >= 2 {
        return queen_stops(pawn, false, king, (queen, guard), n + 1);
    }
    let at_once = (pawn, false);
    (first_check(queen, at_once, king, guard)
        || controls_first(queen, at_once, king, guard)
        || blockades_in_one(queen, at_once, king, guard))
        && queen_stops(pawn, false, king, (queen, guard), 2)
}

/// [`queen_stops`] with the pawn's king off its path.
fn queen_stops_counted(
    pawn: Sq,
    white: bool,
    king: Sq,
    (queen, guard): (Sq, Sq),
    left: i8,
) -> bool {
    let rook_or_bishop_pawn = matches!(pawn.0, 1 | 3 | 6 | 8);
    let rook_pawn = matches!(pawn.0, 1 | 8);
    let q = queening_square(pawn, white);
    let free = dist(king, q) >= 2 && dist(guard, q) >= 3;
    let seventh = Sq(pawn.0, if white { 7 } else { 2 });
    let sixth = Sq(pawn.0, if white { 6 } else { 3 });
    let fresh = queen.1 == if white { 1 } else { 8 };
    let checks_first =
        fresh && dist(guard, q) >= 3 && first_check(queen, (seventh, white), king, guard);
    let clear = clear_of_the_pawn(pawn, white, (queen, guard));
    let corner = fresh && watches_along_the_long_diagonal(queen, q, guard);
    left >= match (rook_or_bishop_pawn, king_supports(king, pawn, white)) {
        (false, _) if free || checks_first || clear => 2,
        (false, _) => 3,
        (_, _) if blockades_in_one(queen, (seventh, white), king, guard) => 2,
        (true, _) if corner && dist(king, q) >= 2 => 2,
        // Not redundant: a queen in the corner whose pawn's king stands
        // beside the queening square waits for the pawn short of the
        // seventh, before the winning zone is asked.
        (true, _) if corner => 3,
        (true, true) if blockades_in_two(queen, (sixth, white), king, guard) => 3,
        (true, true) if rook_pawn && fresh && in_winning_zone(guard, pawn.0, white, king) => 2,
        (true, true) if in_winning_zone(guard, pawn.0, white, king) => 3,
        (true, true) if rook_pawn && fresh => 3,
        (true, true) => 4,
        (true, false) if free && dist(king, q) >= 4 => 2,
        (true, false) if fresh && dist(king, q) >= if rook_pawn { 3 } else { 4 } => 2,
        (true, false) if free && controls_first(queen, (seventh, white), king, guard) => 2,
        (true, false) => 3,
    }
}

/// [ML; DVOR] Whether the queen on `queen`, made in a corner, watches the
/// queening square `q` of a rook pawn in the other corner of its long
/// diagonal, the queen's own king `guard` not between them: the pawn cannot
/// queen while the queen watches, and a queen that watches the corner from
/// afar gains the tempi a rook pawn's defence by stalemate needs.
fn watches_along_the_long_diagonal(queen: Sq, q: Sq, guard: Sq) -> bool {
    matches!(line_between(queen, q), Some((Line::Diagonal, 6)))
        && squares_between(queen, q).all(|s| s != guard)
}

/// [SEIR; ML] The winning zone: whether the queen's king on `guard` stands
/// near enough a rook or bishop pawn on the file `file` (of the side `white`
/// says), its king beside it on the seventh rank, for the queen to win
/// anyway. Far off, the defence holds: the king hides in the corner in
/// front of a rook pawn, or beside a bishop pawn where taking it
/// stalemates, and the queen alone cannot gain a tempo. Near, the king
/// comes in time for a mate. Against a rook pawn the zone is the squares
/// within four steps of the queening square and fewer than eight files and
/// ranks together from it; against a bishop pawn, the squares next to the
/// two from which the king helps the queen mate: beside the pawn towards
/// the centre, and diagonally behind it towards the edge.
pub fn in_winning_zone(guard: Sq, file: i8, white: bool, king: Sq) -> bool {
    let mirror = file > 4;
    let flip = |s: Sq| if mirror { Sq(9 - s.0, s.1) } else { s };
    let (f, g, k) = (
        if mirror { 9 - file } else { file },
        flip(guard),
        flip(king),
    );
    // The n-th rank counted from the pawn's queening rank.
    let rank = |n: i8| if white { 9 - n } else { n };
    match f {
        1 => {
            let q = Sq(1, rank(1));
            dist(g, q) <= 4 && (g.0 - q.0).abs() + (g.1 - q.1).abs() < 8
        }
        // The king beside the pawn towards the centre, or in front of it,
        // cannot hide in the corner: the zone is a step wider, two towards
        // the centre.
        3 if k.0 > 3 || k == Sq(3, rank(1)) => {
            dist(g, Sq(5, rank(2))) <= 2 || dist(g, Sq(2, rank(3))) <= 2
        }
        3 => dist(g, Sq(4, rank(2))) <= 1 || dist(g, Sq(2, rank(3))) <= 1,
        _ => false,
    }
}

/// [ML; FINE; SEIR] Whether a rook or bishop pawn on its seventh rank, on
/// `pawn` (Black's), holds the queen to a draw: its king on `king` stands
/// beside it, on a neighbouring file on the seventh or the eighth rank,
/// guarding both the pawn and its queening square, so the queen can
/// neither take the one nor stand on the other; and the queen's king on
/// `guard` is outside the winning zone ([`in_winning_zone`]), and, where
/// the queen has the move (`queen_to_move`), a step from it too: the move
/// in hand is a step of the king. The queen alone gains no tempo for its
/// king: it checks the king in front of a rook pawn into the corner, where
/// it must free a square or stalemate it; against a bishop pawn the king
/// steps to the corner and leaves the pawn, whose capture stalemates. Not
/// with the king in front of its pawn: there it blocks the pawn and must
/// step aside, and that hands the queen the tempo.
pub fn holds_the_queen(pawn: Sq, king: Sq, guard: Sq, queen_to_move: bool) -> bool {
    let near = |g: Sq| in_winning_zone(g, pawn.0, false, king);
    pawn.1 == 2
        && matches!(pawn.0, 1 | 3 | 6 | 8)
        && king.1 <= 2
        && (king.0 - pawn.0).abs() == 1
        && !near(guard)
        && !(queen_to_move && neighbours(guard).any(near))
}

/// [ML; FINE] Whether Black's pawn on its seventh rank, on `pawn`, holds
/// a rook to a draw: its king on `king` stands beside it (a neighbouring
/// file, the seventh or eighth rank), guarding the pawn and its queening
/// square, and the rook's king on `guard` is too far to help: outside the
/// winning zone of a queen against that pawn ([`in_winning_zone`]) and
/// three steps or more from the queening square, and where the rook has
/// the move (`rook_to_move`) a step further. Not with the king on the edge
/// file beside a knight pawn: a check along that file (even a discovered
/// one, the rook's king stepping off it) leaves it only the square in
/// front of its pawn, which blocks the pawn. Otherwise the rook's checks
/// only move the king to another square beside the pawn, and the rook must
/// give itself for the pawn or the new queen.
pub fn holds_the_rook(pawn: Sq, king: Sq, guard: Sq, rook_to_move: bool) -> bool {
    let q = queening_square(pawn, false);
    let far = |g: Sq| !in_winning_zone(g, pawn.0, false, king) && dist(g, q) >= 3;
    pawn.1 == 2
        && king.1 <= 2
        && (king.0 - pawn.0).abs() == 1
        && king.0 != 1
        && king.0 != 8
        && far(guard)
        && !(rook_to_move && neighbours(guard).any(|g| !far(g)))
}

/// [ML; FINE; SEIR] Whether White's new queen, made on the queening
/// square of the pawn on `w`, leaves Black's pawn (on its sixth rank when
/// White queens) free to step to the seventh at once:
/// the queen and Black's king on `k` share no line, or White's king on
/// `wk` stands between them: the queen gives no check, and pins nothing.
pub fn new_queen_lets_it_step(w: Sq, wk: Sq, k: Sq) -> bool {
    let q = queening_square(w, true);
    line_between(q, k).is_none_or(|_| squares_between(q, k).any(|s| s == wk))
}

/// [ML; FINE] Whether the queen on `queen` gives check at once when the
/// other pawn has reached its seventh rank, on `seventh`, the king on
/// `king`, the queen's own king on `guard`: it moves along a clear line to
/// a square the pawn does not attack and the king cannot take it on, and
/// checks from there along a clear line. A knight or centre pawn on the
/// seventh then falls to the queen's checks: the king is driven in front
/// of its pawn, and the queen's king steps nearer each time.
pub fn first_check(queen: Sq, (seventh, white): (Sq, bool), king: Sq, guard: Sq) -> bool {
    first_move_watches(queen, (seventh, white), (king, guard), king)
}

/// [ML; FINE] Whether the queen on `queen` takes the queening square in
/// hand at once when the other pawn has reached its seventh rank, on
/// `seventh`: it moves along a clear line to a square the pawn does not
/// attack and the king on `king` cannot take it on, and watches the
/// queening square from there along a clear line. With the pawn's king
/// three steps or more from that square, the queen steps onto it next,
/// where no king can touch it: the pawn never queens.
pub fn controls_first(queen: Sq, (seventh, white): (Sq, bool), king: Sq, guard: Sq) -> bool {
    let q = queening_square(seventh, white);
    first_move_watches(queen, (seventh, white), (king, guard), q)
}

/// Whether the queen on `queen`, the other pawn on its seventh rank on
/// `seventh`, moves along a clear line to a square that pawn does not
/// attack and its king cannot take it on, and watches `target` from there
/// along a clear line (or stands on it).
fn first_move_watches(
    queen: Sq,
    (seventh, white): (Sq, bool),
    (king, guard): (Sq, Sq),
    target: Sq,
) -> bool {
    let clear =
        |a: Sq, b: Sq| squares_between(a, b).all(|s| s != guard && s != seventh && s != king);
    let safe =
        |s: Sq| (dist(s, king) > 1 || dist(s, guard) == 1) && !pawn_checks(seventh, white, s);
    piece_attacks(queen, Promo::Queen, queen)
        .into_iter()
        .filter(|&s| s != guard && s != seventh && s != king && clear(queen, s))
        .any(|s| safe(s) && (s == target || line_between(s, target).is_some() && clear(s, target)))
}

/// [ML; FINE] Whether the queen on `queen` stands on, or reaches in one
/// move by a line clear of the pawn on its seventh rank (`seventh`) and
/// the kings, the queening square of that pawn, the pawn's king on `king`
/// three steps or more from it (a step nearer, it is not beside it yet):
/// there the queen blockades the pawn, and no king can touch it.
pub fn blockades_in_one(queen: Sq, (seventh, white): (Sq, bool), king: Sq, guard: Sq) -> bool {
    let q = queening_square(seventh, white);
    dist(king, q) >= 3 && (queen == q || clear_line(queen, q, &[guard, seventh, king]))
}

/// Whether `a` and `b` stand on one line (a rank, a file or a diagonal)
/// with none of `men` between them: a queen on one sees the other.
pub fn clear_line(a: Sq, b: Sq, men: &[Sq]) -> bool {
    line_between(a, b).is_some() && squares_between(a, b).all(|s| !men.contains(&s))
}

/// [ML; FINE] Whether the queen on `queen` beats Black's knight or centre
/// pawn on its seventh rank (`seventh`), Black to move, its king on `king`,
/// the queen's king on `guard`: the queen stands on the queening square,
/// or watches it along a clear line where the king does not guard it, so
/// the pawn cannot queen now. Against such a pawn the queen wins wherever
/// the kings stand: her checks drive the king in front of its pawn, and
/// her king comes a step nearer each time. Not with the king on the edge
/// file beside a knight pawn, whose corner is a stalemate refuge, nor with
/// the queen's own king beside her, where it shuts her lines.
pub fn beats_the_seventh(queen: Sq, seventh: Sq, king: Sq, guard: Sq) -> bool {
    let q = queening_square(seventh, false);
    let knight_or_centre = matches!(seventh.0, 2 | 4 | 5 | 7);
    let watches = queen == q || dist(king, q) >= 2 && clear_line(queen, q, &[guard, seventh, king]);
    let edge_beside = (seventh.0 == 2 && king.0 == 1) || (seventh.0 == 7 && king.0 == 8);
    knight_or_centre && seventh.1 == 2 && watches && !edge_beside && dist(guard, queen) > 1
}

/// [ML; FINE] Whether the queen on `queen` reaches the queening square of
/// the other pawn (of the side `white` says) in two moves while that pawn
/// steps from its sixth rank (`sixth`) to its seventh: through a square
/// the pawn does not attack and the king on `king` cannot take it on, by
/// lines clear at each move, that king not beside the queening square.
/// There the queen blockades the pawn, and no king can touch it.
pub fn blockades_in_two(queen: Sq, (sixth, white): (Sq, bool), king: Sq, guard: Sq) -> bool {
    let q = queening_square(sixth, white);
    let seventh = Sq(sixth.0, if white { 7 } else { 2 });
    let clear = |a: Sq, b: Sq, pawn: Sq| {
        squares_between(a, b).all(|s| s != guard && s != pawn && s != king)
    };
    let safe = |s: Sq| {
        (dist(s, king) > 1 || dist(s, guard) == 1)
            && !pawn_checks(sixth, white, s)
            && !pawn_checks(seventh, white, s)
    };
    dist(king, q) >= 2
        && piece_attacks(queen, Promo::Queen, queen)
            .into_iter()
            .filter(|&s| ![guard, sixth, seventh, king, q].contains(&s))
            .filter(|&s| clear(queen, s, sixth))
            .any(|s| safe(s) && line_between(s, q).is_some() && clear(s, q, seventh))
}

/// [ML; FINE] Whether White's pawn on `w` queens with check on Black's
/// king on `k` when Black's pawn on `b` still needs `left` moves (and has
/// pushed on each move until then): the queening square and the king on
/// one line, no man between (White's king on `wk`, Black's pawn where it
/// then stands), and the king not beside the new queen (it would take
/// it). The check wins a tempo: the king must step before the pawn moves
/// on.
pub fn queens_with_check(w: Sq, b: Sq, left: i8, k: Sq, wk: Sq) -> bool {
    let q = queening_square(w, true);
    let stand = if left >= queening_moves(b, false) {
        b
    } else {
        Sq(b.0, 1 + left)
    };
    line_between(q, k).is_some()
        && dist(k, q) > 1
        && squares_between(q, k).all(|s| s != wk && s != stand)
}

/// [ML; FINE] Whether White's new queen on the queening square of `w`
/// watches the queening square of Black's pawn on `b`: the two corners of
/// a long diagonal (a rook pawn against the rook pawn on the other wing),
/// or the two ends of one file (pawns that have passed each other on it:
/// Black's pawn, on its second rank, clears the file as it queens),
/// neither king between, and Black's king on `k` not beside that square.
/// Black's pawn cannot queen there at once: the new piece would be taken,
/// and taking it does not stalemate Black's king ([`takes_with_a_move_left`]).
pub fn watches_queening_square(w: Sq, b: Sq, k: Sq, wk: Sq) -> bool {
    let (q, target) = (queening_square(w, true), queening_square(b, false));
    matches!(
        line_between(q, target),
        Some((Line::Diagonal | Line::Vertical, _))
    ) && dist(k, target) > 1
        && squares_between(q, target).all(|s| s != wk && s != k)
        && takes_with_a_move_left(target, k, wk)
}

/// [FIDE Laws 5.2] Whether White's queen, taking on `target`, leaves
/// Black's lone king on `k` a move or gives check (White's king on `wk`):
/// otherwise the capture stalemates it, and a queen up is only a draw.
pub fn takes_with_a_move_left(target: Sq, k: Sq, wk: Sq) -> bool {
    let seen = piece_attacks(target, Promo::Queen, wk);
    seen.contains(&k) || neighbours(k).any(|s| !seen.contains(&s) && dist(s, wk) > 1)
}

/// [ML; FINE] Queen against queen after both pawns queen, White's a move
/// ahead (White's pawn on `w` queens, then Black's on `b`), the kings on
/// `wk` and `k` staying where they are: whether the kings stand in the open
/// so that nothing but the queens' first moves could decide it, and those
/// do not. White's new queen gives no check (the king on the line, no man
/// between it and the queening square: Black's pawn on its second rank and
/// White's king block), Black's king is safe on the edge if it stands there
/// ([`safe_on_the_edge`]) and not near White's king (whose help may build a
/// mating net), White's king
/// does not stand next to Black's pawn (it would take it) or to its
/// queening square (it would take the new queen), the queens do not see
/// each other, and no check of White's queen skewers Black's king against
/// Black's queen ([`skewers`]).
pub fn queens_in_the_open(w: Sq, b: Sq, wk: Sq, k: Sq) -> bool {
    let (wq, bq) = (queening_square(w, true), queening_square(b, false));
    let second = Sq(b.0, 2);
    let checks = clear_line(wq, k, &[wk, second]);
    let see = clear_line(wq, bq, &[wk, k]);
    !checks
        && !see
        && (!on_edge(k) || safe_on_the_edge((wq, bq), second, wk, k))
        && dist(wk, k) >= 3
        && dist(wk, b) > 1
        && dist(wk, bq) > 1
        && !skewers(wq, wk, k, bq)
}

/// [ML; FINE] Whether Black's king on the edge (on `k`) is as safe there
/// from White's new queen on `wq` as in the open, Black's queen on `bq`
/// made from the pawn on `second`, White's king on `wk`. A lone queen
/// mates no king that has room; the edge is only dangerous where the king
/// has none or a check wins the queen at once. So the king is not in a
/// corner, nor beside its queen in one (it shuts the king in); the pawn on
/// its second rank was not pinned against the king by the new queen (it
/// could not have queened), and White's king does not stand between the
/// new queen and Black's king (any step of it would give a discovered
/// check). On an edge other than Black's first rank, the king is not within
/// a file of its queen: a check along the edge drives it onto the queen's
/// file, and the next check skewers it.
pub fn safe_on_the_edge((wq, bq): (Sq, Sq), second: Sq, wk: Sq, k: Sq) -> bool {
    let corner = |s: Sq| (s.0 == 1 || s.0 == 8) && (s.1 == 1 || s.1 == 8);
    let on_line = |s: Sq| line_between(wq, k).is_some() && squares_between(wq, k).any(|x| x == s);
    let side_edge = k.0 == 1 || k.0 == 8 || k.1 == 8;
    let shut_in = corner(k) || corner(bq) && dist(k, bq) == 1;
    let skewered_next = side_edge && (k.0 - bq.0).abs() <= 1;
    !(shut_in || on_line(second) || on_line(wk) || skewered_next)
}

/// [ML; FINE] The skewer: whether White's queen on `wq`, White to move,
/// wins Black's queen on `bq` by a check through Black's king on `k`
/// (White's king on `wk`). Either the king stands between the queens on
/// one line (White's king steps off it, or the queen checks at once), or
/// the queen moves to a square from which it checks along a line that
/// runs on through the king to the queen, a square the king cannot take
/// it on (not beside it, or guarded by White's king); and the king, in
/// check, cannot step beside its queen, off the queen's lines and in the
/// open (three steps or more from White's king, out of any mating net),
/// where the skewer only trades the queens.
pub fn skewers(wq: Sq, wk: Sq, k: Sq, bq: Sq) -> bool {
    let behind = |from: Sq| {
        let ray = (k.0 - from.0).signum() == (bq.0 - k.0).signum()
            && (k.1 - from.1).signum() == (bq.1 - k.1).signum();
        line_between(from, k).is_some()
            && line_between(from, bq).is_some()
            && ray
            && dist(from, bq) > dist(from, k)
    };
    if behind(wq) {
        return true;
    }
    let clear = |a: Sq, c: Sq| squares_between(a, c).all(|s| s != wk && s != k && s != bq);
    let trades = |from: Sq| {
        let lines = piece_attacks(from, Promo::Queen, wk);
        neighbours(k)
            .any(|t| t != bq && dist(t, bq) == 1 && dist(t, wk) >= 3 && !lines.contains(&t))
    };
    piece_attacks(wq, Promo::Queen, wq)
        .into_iter()
        .filter(|&s| s != wk && s != k && s != bq && clear(wq, s))
        .filter(|&s| dist(s, k) > 1 || dist(s, wk) == 1)
        .any(|s| behind(s) && clear(s, k) && squares_between(k, bq).all(|x| x != wk) && !trades(s))
}

/// [ML; DVOR] Whether the king on `king` blockades the pawn on `p` (of the
/// side `white` says) while its own runner on `runner` queens, the other
/// king on `guard` (`first`: the runner's side moves now). The king goes to
/// a square on the pawn's path that it reaches in `t` moves, fewer than the
/// pawn needs; a blockaded pawn never queens, and the runner's pushes are
/// spare moves, so the king never has to step aside. Either way:
/// - it walks there first: the other king cannot stand beside that square
///   or the runner within those `t` moves, and the runner still runs after
///   them (the other king `t` steps nearer its queening square);
/// - it walks as the pawn comes, each push met by a king step and each
///   move of the other king by a push of the runner (which then stays out
///   of that king's reach): the other king needs more moves to stand beside
///   the square than the runner needs to queen, it does not touch the
///   runner, and the walk never crosses the runner's file (a king behind
///   the runner on its file walks off it, [`behind`]).
pub fn blockades(king: Sq, p: Sq, white: bool, guard: Sq, runner: Sq, first: bool) -> bool {
    let n = queening_moves(runner, !white);
    let margin = dist(guard, queening_square(runner, !white)) - n - i8::from(!first);
    let start = if white { 2 } else { 7 };
    let ahead = |r: i8| if white { r > p.1 } else { r < p.1 };
    (1..=8).filter(|&r| ahead(r)).any(|r| {
        let s = Sq(p.0, r);
        let t = dist(king, s);
        let steps = (r - p.1).abs() - i8::from(p.1 == start && (r - p.1).abs() >= 2);
        let reach = dist(guard, runner) > t + 1 + i8::from(!first);
        let walks_first = dist(guard, s) > t + 1 && margin > t && reach;
        let late = dist(guard, s) > n + i8::from(!first)
            && dist(guard, runner) > 1 + i8::from(!first)
            && (same_side(king, s, runner) || behind(king, runner, !white));
        steps > t && (walks_first || late)
    })
}

/// [ML; FINE] Whether the king on `king` holds the queening square of the
/// pawn on `p` (of the side `white` says) against that pawn, its own king
/// on `guard`: it stands on the pawn's path, or next to the queening square
/// where the other king does not guard it (a new piece there is taken).
pub fn holds_queening_square(king: Sq, p: Sq, white: bool, guard: Sq) -> bool {
    let q = queening_square(p, white);
    on_path(p, white, king) || (dist(king, q) == 1 && dist(guard, q) > 1)
}

/// [ML] Whether the king on `k` has a square to step to, its own pawn on
/// `own`, out of reach of the queen on `queen` and two steps from the king
/// on `king` (a ray counted through every man, so a square counts as free
/// only when it surely is): whichever step the other king takes to win the
/// pawn, even when the pawn moves with check, the lone king left is not
/// stalemated.
pub fn king_has_a_square(k: Sq, own: Sq, king: Sq, queen: Sq) -> bool {
    // The rays pass through every man: the queen's own square stops none.
    let covered = piece_attacks(queen, Promo::Queen, queen);
    neighbours(k).any(|s| s != own && s != queen && dist(s, king) > 2 && !covered.contains(&s))
}

/// [ML] Whether the king on `king` stands near enough its pawn's queening
/// square to support the pawn on the seventh rank against a queen: within
/// two squares of it, one step from the squares beside the pawn there.
pub fn king_supports(king: Sq, pawn: Sq, white: bool) -> bool {
    dist(king, queening_square(pawn, white)) <= 2
}

/// [ML; DVOR] Whether Black's pawn on `b` stands beside the squares next
/// to the queening corner of White's rook pawn on `w`: the two squares of
/// the knight's file nearest the corner, where Black's king holds it. A
/// pawn two files from the rook pawn is beside them on its sixth rank or
/// seventh.
pub fn beside_the_corner(b: Sq, w: Sq) -> bool {
    let knight_file = if w.0 == 1 { 2 } else { 7 };
    [Sq(knight_file, 7), Sq(knight_file, 8)]
        .iter()
        .any(|&s| dist(s, b) <= 1)
}

/// [ML] A king shut in a corner, the other king two squares from it: a
/// pawn that reaches the seventh rank can mate it (or a race ends in
/// stalemate), so no race is counted.
pub fn cornered(k: Sq, other: Sq) -> bool {
    (k.0 == 1 || k.0 == 8) && (k.1 == 1 || k.1 == 8) && dist(k, other) == 2
}

/// Whether the pawn on `p` (of the side `white` says) gives check to the
/// king on `k`.
pub fn pawn_checks(p: Sq, white: bool, k: Sq) -> bool {
    let dy = if white { 1 } else { -1 };
    k.1 == p.1 + dy && (k.0 - p.0).abs() == 1
}

/// Whether the pawn on `p` (of the side `white` says) cannot step on: one
/// of `units` stands in front of it.
pub fn blocked(p: Sq, white: bool, units: [Sq; 3]) -> bool {
    let front = Sq(p.0, if white { p.1 + 1 } else { p.1 - 1 });
    units.contains(&front)
}

/// [ML] Whether the king on `k` is cut off from its own pawn on `p`
/// (`white`: which way it runs): within `moves` moves it can stand next
/// neither to the pawn nor to its queening square.
pub fn cut_off(k: Sq, p: Sq, white: bool, moves: i8) -> bool {
    dist(k, p) > moves + 1 && dist(k, queening_square(p, white)) > moves + 1
}

/// Whether the king on `k` and the pawn on `target` stand on one side of
/// the file of the runner on `runner`, neither on it: the king's shortest
/// way to the pawn never steps onto the runner's path.
pub fn same_side(k: Sq, target: Sq, runner: Sq) -> bool {
    let side = |s: Sq| (s.0 - runner.0).signum();
    side(k) != 0 && side(k) == side(target)
}

/// Whether the king on `k` stands behind its own pawn on `runner` (of the
/// side `white` says), on its file: whichever way it walks, it never steps
/// onto the pawn's path, which lies in front of the pawn.
pub fn behind(k: Sq, runner: Sq, white: bool) -> bool {
    k.0 == runner.0
        && if white {
            k.1 < runner.1
        } else {
            k.1 > runner.1
        }
}

/// [FINE; DVOR] The king's way round the pawns: how many steps the king
/// on `k` needs to reach the enemy pawn on `p` (of the side `white` says)
/// and take it, never stepping onto its own pawn on `own` nor onto a
/// square the enemy pawn guards. Two kings equally far from the pawn as
/// the crow flies may be a tempo apart once the pawns bar the way. Where
/// no such way exists, more steps than the board has.
pub fn way_to_the_pawn(k: Sq, p: Sq, white: bool, own: Sq) -> i8 {
    let barred = |s: Sq| s == own || pawn_checks(p, white, s);
    let mut seen = Bitboard::from_square(k.to_square());
    let mut frontier = seen;
    for steps in 1..=14 {
        let mut next = Bitboard::EMPTY;
        for s in frontier {
            next |= king_attacks(s);
        }
        next &= !seen;
        if next.contains(p.to_square()) {
            return steps;
        }
        next = next
            .into_iter()
            .filter(|&s| !barred(Sq::from_square(s)))
            .collect();
        if next.is_empty() {
            break;
        }
        seen |= next;
        frontier = next;
    }
    15
}

/// [FINE] How many king steps the square `k` lies from the four centre
/// squares (d4, e4, d5, e5): 0 on them, 3 in a corner.
pub fn from_centre(k: Sq) -> i8 {
    let d = |x: i8| if x <= 4 { 4 - x } else { x - 5 };
    d(k.0).max(d(k.1))
}

/// Whether `k` is on the edge of the board.
pub fn on_edge(k: Sq) -> bool {
    k.0 == 1 || k.0 == 8 || k.1 == 1 || k.1 == 8
}

/// [ML; FINE] A mating net on the edge: the king on `k` stands on the edge
/// of the board and the other king on `other` two squares off, taking the
/// squares in front of it; a queen then mates, or wins the other queen by
/// a check with the king's help.
pub fn net_on_the_edge(k: Sq, other: Sq) -> bool {
    on_edge(k) && dist(k, other) == 2
}

/// [ML] Whether the pawns face each other: on one file or neighbouring
/// files, Black's not behind White's. They can meet, or stand side by side
/// where each king can attack the other pawn.
pub fn pawns_face(w: Sq, b: Sq) -> bool {
    (w.0 - b.0).abs() <= 1 && b.1 >= w.1
}

/// [ML; shouldering] Whether the pawn on `own` stands on a shortest way
/// of its king on `k` to `target`: a square the king may need for its walk
/// there, which its own pawn takes.
pub fn on_the_way(k: Sq, own: Sq, target: Sq) -> bool {
    dist(k, own) + dist(own, target) == dist(k, target)
}

/// [ML; shouldering] Whether the pawn on `own` stands on a shortest way of
/// its king on `k` to the other pawn on `pawn` (White's, moving up), or to a
/// square ahead of it on its file that the king reaches no more than a move
/// after the pawn: the walk that catches a pawn meets it up its file, and
/// its own pawn may take a square of that walk.
pub fn on_the_way_ahead(k: Sq, own: Sq, pawn: Sq) -> bool {
    walk_targets(k, pawn).any(|t| on_the_way(k, own, t))
}

/// The squares where the king on `k` may catch the other pawn on `pawn`
/// (White's, moving up): the pawn's own, and each square ahead of it on its
/// file that the king reaches no more than a move after the pawn.
fn walk_targets(k: Sq, pawn: Sq) -> impl Iterator<Item = Sq> {
    std::iter::once(pawn).chain(
        (pawn.1 + 1..=8)
            .map(move |r| Sq(pawn.0, r))
            .filter(move |&t| dist(k, t) <= t.1 - pawn.1 + 1),
    )
}

/// [ML; shouldering] Whether the pawn on `own` may cost its king on `k`
/// the walk to the other pawn on `pawn` or a square ahead of it
/// ([`on_the_way_ahead`]): for some square of that walk the pawn is on a
/// shortest way there, and no shortest way round the pawn keeps clear of
/// the other king on `other` (`other_first`: it moves first), which may
/// shoulder the walking king off it ([`walks_clear`]).
pub fn shouldered_round(k: Sq, own: Sq, pawn: Sq, (other, other_first): (Sq, bool)) -> bool {
    walk_targets(k, pawn)
        .any(|t| on_the_way(k, own, t) && !walks_clear(k, own, t, (other, other_first)))
}

/// [ML; shouldering] Whether the king on `k` walks to `target` by a
/// shortest way that avoids its own pawn on `own` and the squares the
/// other king on `other` shoulders it from: each square of the way that
/// king stands beside, or can stand beside with its next move where it
/// moves first or the square is not the first of the way
/// (`other_first`). Shouldering is the work of a king already near the
/// way: it steps in beside the walking king at once and keeps level with
/// it. (Checked over every legal position by `pecp validate --ending
/// kpkp`.)
pub fn walks_clear(k: Sq, own: Sq, target: Sq, (other, other_first): (Sq, bool)) -> bool {
    let d = dist(k, target);
    let mut reach = one(k);
    for step in 1..=d {
        let moves = (step - 1 + i8::from(other_first)).min(1);
        reach = king_steps(reach)
            .into_iter()
            .map(Sq::from_square)
            .filter(|&s| s != own && dist(s, target) == d - step && dist(s, other) > moves + 1)
            .fold(Bitboard::EMPTY, |acc, s| acc | one(s));
        if reach.is_empty() {
            return false;
        }
    }
    true
}

/// The squares next to any square of `set`: where a king standing on one
/// of them can step.
fn king_steps(set: Bitboard) -> Bitboard {
    set.into_iter()
        .fold(Bitboard::EMPTY, |acc, s| acc | king_attacks(s))
}

/// The square `s` as a set.
fn one(s: Sq) -> Bitboard {
    Bitboard::from_square(s.to_square())
}

/// [ML] Whether the pawn on `own` stands in the way of its king on `k` to
/// `target`: every shortest way of the king there steps on the pawn's
/// square, so that going round it costs a move. A rook pawn's queening
/// square is the corner the defender must reach by one narrow road (the
/// other king shoulders it off the rest), so there a pawn on any shortest
/// way is in the way.
pub fn in_the_kings_way(k: Sq, own: Sq, target: Sq) -> bool {
    let d = dist(k, target);
    if dist(k, own) + dist(own, target) != d {
        return false;
    }
    if target.0 == 1 || target.0 == 8 {
        return true;
    }
    // The squares the king can stand on after each step of a shortest way
    // that avoids the pawn: if none is left, the pawn is in the way.
    let mut reach = one(k);
    for step in 1..=d {
        let next = king_steps(reach)
            .into_iter()
            .map(Sq::from_square)
            .filter(|&s| s != own && dist(s, target) == d - step)
            .fold(Bitboard::EMPTY, |acc, s| acc | one(s));
        if next.is_empty() {
            return true;
        }
        reach = next;
    }
    false
}

/// [ML; FINE] The moves the king on `k` needs to take the pawn on `p` (of
/// the side `white` says), the pawn standing still: it walks round the two
/// squares the pawn guards and its own pawn on `own` (a king cannot step
/// onto a square a pawn attacks, nor onto its own man). 99 when no way
/// leads there; none when the king already stands on `p` (a square the
/// pawn would step to: it cannot get there).
pub fn moves_to_take(k: Sq, p: Sq, white: bool, own: Sq) -> i8 {
    king_walk(k, one(p), guarded_by(p, white) | one(own))
}

/// The two squares (one on the edge) the pawn on `p` (of the side `white`
/// says) guards.
fn guarded_by(p: Sq, white: bool) -> Bitboard {
    let dy = if white { 1 } else { -1 };
    [(-1, dy), (1, dy)]
        .into_iter()
        .filter_map(|(x, y)| p.offset(x, y))
        .fold(Bitboard::EMPTY, |acc, s| acc | one(s))
}

/// [ML; FINE] The moves the king on `k` needs to stand on the queening
/// square of the pawn on `p` (of the side `white` says): it walks round the
/// squares the pawn guards, the other king on `other` and the squares next
/// to it, and its own pawn on `own`. 99 when no way leads there (the other
/// king guards that square).
pub fn walk_to_queening_square(k: Sq, p: Sq, white: bool, other: Sq, own: Sq) -> i8 {
    let barred = guarded_by(p, white) | one(own) | king_steps(one(other)) | one(other);
    king_walk(k, one(queening_square(p, white)), barred)
}

/// [ML; DVOR] Whether the king on `king` catches the other pawn on `p`
/// (of the side `white` says) while its own pawn on `runner` runs, though
/// the other king on `other` may come to that pawn's help: it walks to the
/// pawn's queening square ([`walk_to_queening_square`]) within the pawn's
/// moves, two moves or more before the other king could stand on it,
/// and the runner still runs even if the other king had every one of
/// those king moves as a free step (`runner_first`: the runner's side is
/// to move). Each push is met by a king step and each step of the other
/// king by a push of the runner; the pawn, caught or blockaded on its
/// queening square, never queens, and the runner does.
pub fn catches_first(
    king: Sq,
    p: Sq,
    white: bool,
    other: Sq,
    (runner, runner_first): (Sq, bool),
) -> bool {
    let walk = walk_to_queening_square(king, p, white, other, runner);
    let runner_count = queening_moves(runner, !white) + i8::from(!runner_first);
    walk <= queening_moves(p, white)
        && walk + 2 <= dist(other, queening_square(p, white))
        && dist(other, queening_square(runner, !white)) - walk > runner_count
}

/// The king steps from `k` to the nearest square of `goals`, never
/// stepping onto a square of `barred`; 99 when no way leads there.
fn king_walk(k: Sq, goals: Bitboard, barred: Bitboard) -> i8 {
    if goals.contains(k.to_square()) {
        return 0;
    }
    let (mut seen, mut front) = (one(k), one(k));
    for moves in 1..=64 {
        let next = king_steps(front);
        if !(next & goals & !barred).is_empty() {
            return moves;
        }
        front = next & !seen & !barred;
        seen |= front;
        if front.is_empty() {
            break;
        }
    }
    99
}

/// [ML; FINE] The king steps Black's king on `k` needs to reach the
/// squares from which it draws against White's rook pawn on `w`: the
/// queening corner, the square beside it, and the two squares of the
/// third file next to them (from which the king shuts the other in front
/// of its pawn). It walks round White's king on `wk` as it stands, never
/// onto its own pawn on `own` nor a square White's pawn guards.
pub fn steps_to_the_corner(k: Sq, w: Sq, own: Sq, wk: Sq) -> i8 {
    let (b, c) = if w.0 == 1 { (2, 3) } else { (7, 6) };
    let goals = one(queening_square(w, true)) | one(Sq(b, 8)) | one(Sq(c, 8)) | one(Sq(c, 7));
    let guarded = [-1, 1]
        .into_iter()
        .filter_map(|x| w.offset(x, 1))
        .fold(one(own), |acc, s| acc | one(s));
    king_walk(k, goals, guarded | king_steps(one(wk)) | one(wk))
}

/// Whether White's pawn on `w` cannot take Black's pawn on `own` (on a
/// neighbouring file, ahead of it) within `moves` moves of its own, Black's
/// pawn standing still: it must first climb to the rank below Black's pawn
/// (a step less from its starting square with the double step), and take
/// on the move after. On one file, or with Black's pawn level or behind,
/// it never can.
pub fn cannot_take_first(w: Sq, own: Sq, moves: i8) -> bool {
    if (w.0 - own.0).abs() != 1 || own.1 <= w.1 {
        return true;
    }
    let climb = own.1 - 1 - w.1;
    let climb = if w.1 == 2 && climb >= 2 {
        climb - 1
    } else {
        climb
    };
    climb >= moves
}

/// [ML; FINE] Whether the pawn on `w` (White's; `own` Black's pawn) falls
/// to Black's king on `k` before White's king on `wk` can guard it, whoever
/// moves (`turn`): Black's king takes it, walking round the squares it
/// guards, in fewer moves than White's king needs to stand beside it (a
/// move fewer still when White moves first), and it cannot run from that
/// king (the king stands in its square, and Black's pawn takes no square of
/// the king's walk to it or up its file). From its starting square the
/// pawn may first step once or twice, towards its king's guard: the count
/// holds for each square it may step to, and the square is the one of a
/// pawn that has made its double step, with Black to move. With the
/// pawns on neighbouring files facing each other, White's pawn may take
/// Black's and run: not before the king takes it ([`cannot_take_first`]).
/// On one file, Black's pawn in front, White's pawn cannot run at all: it
/// falls wherever it stops below Black's pawn, the count holding for each
/// of those squares. On a neighbouring file with a rank or more between
/// them, Black's pawn caps it: the square below Black's pawn is guarded
/// (and a double step past it is taken en passant), so White's pawn falls
/// wherever it stops before that square, the count holding for each, and
/// Black's king takes it before White's king can take Black's pawn. A pawn
/// that cannot pass Black's needs no chase up its file: the count is the
/// walk to each square it may stop on, round Black's own pawn (which never
/// needs to move) and the squares White's pawn guards.
pub fn pawn_is_lost(w: Sq, own: Sq, (wk, k): (Sq, Sq), turn: Side) -> bool {
    let white_first = turn == Side::White;
    let steps = if w.1 == 2 { 2 } else { 0 };
    let mut squares = (0..=steps)
        .map(|i| Sq(w.0, w.1 + i))
        .take_while(|&t| t != own);
    let catches = if w.1 == 2 {
        in_square(k, Sq(w.0, 4), true, false)
    } else {
        in_square(k, w, true, white_first)
    };
    let beats = |t: Sq| moves_to_take(k, t, true, own) < dist(wk, t) - i8::from(white_first);
    let first = |t: Sq| !on_the_way_ahead(k, own, t) && beats(t);
    let takes = moves_to_take(k, w, true, own);
    let blocked = on_path(w, true, own) && (w.1..own.1).all(|r| beats(Sq(w.0, r)));
    let capped = (w.0 - own.0).abs() == 1 && own.1 - 1 > w.1 && {
        // White's king guards the square or takes the capping pawn.
        let reaches_it = dist(wk, own) + i8::from(!white_first);
        let white_in = |t: Sq| (dist(wk, t) - i8::from(white_first)).min(reaches_it);
        (w.1..own.1 - 1)
            .map(|r| Sq(w.0, r))
            .all(|t| moves_to_take(k, t, true, own) < white_in(t))
    };
    capped
        || (cannot_take_first(w, own, takes - i8::from(!white_first))
            && (blocked || (catches && squares.all(first))))
}

/// [ML; FINE] Whether White's king wins Black's pawn on `b` and reaches a
/// king and pawn ending the KPK book (`kpk`) proves won, whoever moves:
/// Black's pawn is lost to White's king ([`pawn_is_lost`] on the board
/// turned round), and wherever it stops on its way (down to its queening
/// square, the new piece taken there), White's king takes it there with
/// White's pawn on `w` where it stands, and the book proves a win with
/// Black's king on every square it may reach by then, that king never
/// coming next to White's pawn on the way. Black's king moves are White's
/// moves to take, less the pushes Black spent, a move more with Black to
/// move first. Not where Black's pawn, on its way, meets White's (each
/// attacks the other: White's pawn must take or move, and the ending left
/// is another).
pub fn wins_the_pawn(node: &Node, w: Sq, b: Sq, kpk: &dyn Fn(&Node) -> Alone) -> bool {
    let (wk, k, turn) = (node.wk, node.bk, node.turn);
    if !pawn_is_lost(
        b.mirror_rank(),
        w.mirror_rank(),
        (k.mirror_rank(), wk.mirror_rank()),
        turn.other(),
    ) {
        return false;
    }
    let pushes = |t: Sq| queening_moves(b, false) - queening_moves(t, false);
    let mut stops = (1..=b.1).rev().map(|r| Sq(b.0, r)).take_while(|&t| t != w);
    stops.all(|t| {
        let moves = moves_to_take(wk, t, false, w) - pushes(t) + i8::from(turn == Side::Black);
        let aside = i8::from(on_path(w, true, t));
        let runs = dist(k, queening_square(w, true)) - moves - aside > queening_moves(w, true) + 1;
        !pawn_checks(t, false, w)
            && moves < 9
            && dist(k, w) - moves >= 2
            && (runs || won_with_the_king_near(t, w, (k, moves), kpk))
    })
}

/// Whether the KPK book proves White's pawn on `w` wins with White's king
/// on `wk`, Black to move, its king on any square within `moves` king moves
/// of `k`.
fn won_with_the_king_near(
    wk: Sq,
    w: Sq,
    (k, moves): (Sq, i8),
    kpk: &dyn Fn(&Node) -> Alone,
) -> bool {
    (1..=8).all(|x| {
        (1..=8).all(|y| {
            let s = Sq(x, y);
            let node = Node {
                wk,
                bk: s,
                pawn: Some(w),
                pawn2: None,
                piece: None,
                bpawn: None,
                bpiece: None,
                turn: Side::Black,
                ep: None,
            };
            dist(s, k) > moves || s == wk || s == w || kpk(&node) == Alone::Wins
        })
    })
}

/// [ML; FINE] Whether the pawn on `e` (of the side `white` says), queening
/// on the move after the other pawn on `a` queens, does so with check to
/// the enemy king on `k`: its new queen sees that king along a line that
/// neither its own king on `own` nor the other new queen blocks. Queening
/// second with check wins back the tempo the race lost.
pub fn queens_second_with_check(e: Sq, white: bool, k: Sq, (own, a): (Sq, Sq)) -> bool {
    let q = queening_square(e, white);
    let other = queening_square(a, !white);
    clear_line(q, k, &[own, other])
}

/// [ML; FINE] Whether the pawn on `p` (of the side `white` says) queens
/// with check on its next move against the new queen on `queen`, whose king
/// stands on `guard` (`king`: the pawn's own king): it stands on its
/// seventh rank, its queening square is empty, neither the queen (along a
/// clear line, the pawn's own square counted clear: it leaves it as it
/// queens, so a queen behind it on its file takes the new one) nor the
/// queen's king covers that square, and the other new queen checks that
/// king along a clear line (then it may win the first queen, or mate).
pub fn queens_next_with_check(p: Sq, white: bool, queen: Sq, (guard, king): (Sq, Sq)) -> bool {
    let q = queening_square(p, white);
    let seventh = if white { 7 } else { 2 };
    let covered = dist(guard, q) == 1 || clear_line(queen, q, &[guard, king, queen]);
    p.1 == seventh
        && ![guard, king, queen].contains(&q)
        && !covered
        && clear_line(q, guard, &[guard, king, p, queen])
}

/// [ML; FINE] Queening second with check, both pawns a step from
/// queening (White's on `w`, Black's on `b`, White to move, the kings on
/// `wk` and `k`): after White queens, Black queens and checks White's king,
/// and White's reply is forced and quiet. White's new queen gives no check
/// and pins nothing; Black's new queen is safe (the queens do not see each
/// other, White's king cannot take it, nor the pawn before it queens);
/// White cannot block with check, nor give a discovered check; and no step
/// of White's king builds a mating net round Black's king on the edge.
/// Black then moves, not in check, with a queen of its own: queen against
/// queen with the time to meet every threat.
pub fn queens_back_with_check(w: Sq, b: Sq, wk: Sq, k: Sq) -> bool {
    let (wq, bq) = (queening_square(w, true), queening_square(b, false));
    if [w, b, wk, k].iter().any(|&s| s == wq || s == bq) {
        return false;
    }
    let white_checks = queen_checks(wq, k, [wk, b]);
    let pins = queen_checks(wq, k, [wk, wk]) && squares_between(wq, k).any(|s| s == b);
    let black_checks = queens_second_with_check(b, false, wk, (k, w));
    let queens_see = clear_line(wq, bq, &[wk, k]);
    let king_takes = |s: Sq| dist(wk, s) == 1 && dist(k, s) > 1;
    let blocks_with_check =
        squares_between(bq, wk).any(|s| clear_line(wq, s, &[wk, k]) && clear_line(s, k, &[wk, bq]));
    let discovered = clear_line(wq, k, &[bq]) && squares_between(wq, k).any(|s| s == wk);
    let net = std::iter::once(wk)
        .chain(neighbours(wk))
        .any(|s| net_on_the_edge(k, s));
    black_checks
        && !(white_checks || pins || queens_see || king_takes(bq) || king_takes(b))
        && !(blocks_with_check || discovered || net)
}

/// Whether the pawn on `p` (of the side `white` says) gives check to the
/// king on `k` on some square of its way to the seventh rank: a check that
/// wins a tempo in the race.
pub fn checks_on_the_way(p: Sq, white: bool, k: Sq) -> bool {
    let dy = if white { 1 } else { -1 };
    let last = if white { 7 } else { 2 };
    (1..8)
        .map(|i| Sq(p.0, p.1 + dy * i))
        .take_while(|s| s.1 * dy <= last * dy)
        .any(|s| pawn_checks(s, white, k))
}

/// [ML] Whether the new queen on `queen` checks the king on `king`, along
/// a line no unit on `blockers` stands on. A queen that gives check on
/// its promotion square leaves the other pawn no time to queen next: the
/// king must step first (a pawn on its seventh rank, queening on the far
/// edge, neither takes the queen nor blocks a check from the other edge).
pub fn queen_checks(queen: Sq, king: Sq, blockers: [Sq; 2]) -> bool {
    clear_line(queen, king, &blockers)
}

/// Whether the side to move takes the enemy pawn on `target`: with its
/// pawn on `own` (pawns take diagonally forward, `white` says which way),
/// or with its king on `king` if the enemy king on `guard` does not guard
/// it.
pub fn can_take(king: Sq, own: Sq, target: Sq, guard: Sq, white: bool) -> bool {
    let by_king = dist(king, target) == 1 && dist(guard, target) > 1;
    by_king || pawn_checks(own, white, target)
}

/// The positions (Black to move, Black's pawn gone) after each capture of
/// Black's pawn on `b` that White to move has: by the king, if Black's king
/// does not guard it, and by the pawn on `p`, diagonally or en passant
/// (right after Black's double step past it).
pub fn white_captures(node: &Node, p: Sq, b: Sq) -> Vec<Node> {
    let taken = Node {
        bpawn: None,
        turn: Side::Black,
        ep: None,
        ..*node
    };
    let mut out = Vec::new();
    if dist(node.wk, b) == 1 && dist(node.bk, b) > 1 {
        out.push(Node { wk: b, ..taken });
    }
    if pawn_checks(p, true, b) {
        out.push(Node {
            pawn: Some(b),
            ..taken
        });
    }
    if let Some(e) = node.ep {
        out.push(Node {
            pawn: Some(e),
            ..taken
        });
    }
    out
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
        @input
        pub struct WhitePawn(pub Sq);
        @input
        pub struct BlackPawn(pub Sq);
        @input
        pub struct WhitePiece(pub Sq, pub Promo);
        @input
        pub struct BlackPiece(pub Sq, pub Promo);
        // What the KPK book proves of White's pawn alone, Black's pawn
        // taken off, with this side to move.
        @input
        pub struct AloneProves(pub Side, pub Alone);
        // Black's pawn taken: what the KPK book proves of White's.
        @input
        pub struct OnePawnLeft(pub Alone);
        // White to move can take Black's pawn (with its king or its pawn),
        // and what the KPK book proves of the position after it.
        @input
        pub struct WhiteTakes(pub Alone);
        // Black to move can take White's pawn (with its king or its pawn).
        @input
        pub struct BlackTakes();
        // [rules of chess] Right after a double step: this side, to move,
        // may take the pawn that stepped en passant.
        @input
        pub struct EnPassant(pub Side);
        // The KPK book proves Black's pawn alone wins for Black (White's
        // pawn taken off, the same side to move).
        @input
        pub struct BlackAloneWins();
        // White's king wins Black's pawn into a won king and pawn ending
        // ([`wins_the_pawn`], with the KPK book's proofs).
        @input
        pub struct WinsThePawn();

        @output
        pub struct Fires(pub &'static str);

        // ==============================================================
        // THE RACE

        struct BothPawns(Sq, Sq);
        BothPawns(w, b) <- WhitePawn(w), BlackPawn(b);

        // [ML; DVOR] Each pawn runs: the other king is outside its square,
        // or its own king's guard keeps that king from taking it or
        // stepping in front of it ([`escorted`]), and nothing stands on its
        // path; the pawns cannot meet, and the other pawn cannot take it en
        // passant.
        struct WhiteRuns(Sq, Sq);
        WhiteRuns(w, b) <-
            BothPawns(w, b), WhiteKing(wk), BlackKing(bk), ToMove(t), !EnPassant(Side::Black),
            (!pawns_meet(w, b)), (runs(w, true, wk, (bk, b), t) || escorted(w, true, wk, bk, t == Side::White)),
            (!on_path(w, true, b));
        struct BlackRuns(Sq, Sq);
        BlackRuns(w, b) <-
            BothPawns(w, b), WhiteKing(wk), BlackKing(bk), ToMove(t), !EnPassant(Side::White),
            (!pawns_meet(w, b)), (runs(b, false, bk, (wk, w), t) || escorted(b, false, bk, wk, t == Side::Black)),
            (!on_path(b, false, w));
        // The runner by the rule of the square alone, not escorted:
        // White's pawn on `w` runs (Black's on `b`, `t` to move), and the
        // same the other way.
        struct WhiteRunner(Sq, Sq, Side);
        WhiteRunner(w, b, t) <-
            WhiteRuns(w, b), WhiteKing(wk), BlackKing(bk), ToMove(t), (runs(w, true, wk, (bk, b), t));
        struct BlackRunner(Sq, Sq, Side);
        BlackRunner(w, b, t) <-
            BlackRuns(w, b), WhiteKing(wk), BlackKing(bk), ToMove(t), (runs(b, false, bk, (wk, w), t));

        // [rules of chess] The side to move is in check from a pawn: it
        // must answer the check first, and loses a tempo in a race.
        // [ML] Either king shut in a corner by the other.
        struct Cornered();
        Cornered() <- WhiteKing(w), BlackKing(b), (cornered(w, b) || cornered(b, w));
        // [ML] Black's king shut in a corner by White's: where White's pawn
        // may mate it.
        struct BlackCornered();
        BlackCornered() <- WhiteKing(w), BlackKing(b), (cornered(b, w));

        // [ML; DVOR] Stalemate tricks: the pawn of the side that loses the
        // race cannot move (the square in front of it is taken), and its
        // king is on the edge, where a new queen may leave it no move.
        struct StalemateRisk(Side);
        StalemateRisk(Side::Black) <-
            BlackPawn(b), BlackKing(k), WhiteKing(w), WhitePawn(p),
            (blocked(b, false, [w, k, p])), (on_edge(k));
        StalemateRisk(Side::White) <-
            WhitePawn(p), WhiteKing(w), BlackKing(k), BlackPawn(b),
            (blocked(p, true, [w, k, b])), (on_edge(w));

        // [ML] Black's king has no square: every one is White's or its own
        // pawn's.
        struct BlackKingShutIn();
        BlackKingShutIn() <-
            BlackKing(k), WhiteKing(w), WhitePawn(p), BlackPawn(b),
            (neighbours(k).all(|s| s == b || dist(s, w) <= 1 || pawn_checks(p, true, s)));

        // [ML; DVOR] An overloaded king: White's rook pawn, Black's pawn
        // two files from it and beside the squares next to the queening
        // corner, where Black's king holds the corner (on its sixth rank
        // or seventh). Black's king cannot hold the corner and guard its
        // pawn from White's king at once, and White's king that takes the
        // pawn there stands next to the corner. A pawn further down is no
        // such burden: White's king that goes for it leaves the corner.
        struct Overloaded();
        Overloaded() <-
            BothPawns(w, b), (w.0 == 1 || w.0 == 8), ((w.0 - b.0).abs() == 2),
            (beside_the_corner(b, w));

        struct InCheck();
        InCheck() <- ToMove(Side::White), BlackPawn(b), WhiteKing(w), (pawn_checks(b, false, w));
        InCheck() <- ToMove(Side::Black), WhitePawn(p), BlackKing(k), (pawn_checks(p, true, k));

        // [ML; FINE] A pawn falls: the other king, to move, reaches it
        // before its own king can guard it (nearer to it by a step at
        // least, counted in king moves), and the pawn cannot run from it
        // (that king stands in its square).
        struct BlackPawnFalls();
        BlackPawnFalls() <-
            ToMove(Side::White), BlackPawn(b), WhiteKing(w), BlackKing(k),
            (dist(w, b) < dist(k, b)), (in_square(w, b, false, false));
        struct WhitePawnFalls();
        WhitePawnFalls() <-
            ToMove(Side::Black), WhitePawn(p), WhiteKing(w), BlackKing(k),
            (dist(k, p) < dist(w, p)), (in_square(k, p, true, false));

        // ==============================================================
        // THE SCORING RULES, in the order of rules/kpkp.toml.

        // [rules of chess] Mate, or a new queen or rook that cannot be
        // taken against the bare king, no stalemate.
        Fires("absolute_win") <- RulesOfChess(a), (a.win());
        // [FIDE Laws 5.2] Stalemate, or White mated.
        Fires("absolute_draw_stalemate") <- RulesOfChess(a), (a.stalemate);
        Fires("white_is_mated") <- RulesOfChess(a), (a.white_mated);
        // White's pawn is gone (and did not queen): a lone king wins
        // nothing.
        Fires("white_pawn_gone") <- BlackKing(_), !WhitePawn(_), !WhitePiece(_, _);
        // Black's pawn is taken: the KPK book proves the pawn left.
        Fires("one_pawn_left_wins") <- OnePawnLeft(Alone::Wins);
        Fires("one_pawn_left_draws") <- OnePawnLeft(Alone::Draws);
        // [rules of chess] Black to move takes White's last pawn (with
        // the king, or with the pawn, en passant too): a lone king cannot
        // win.
        Fires("black_takes_the_pawn") <- BlackTakes();
        // [ML; FINE] White's pawn is lost: Black's king takes it before
        // White's king can guard it, walking round the squares the pawn
        // guards, and the pawn cannot run from it ([`pawn_is_lost`]). A
        // lone king wins nothing.
        Fires("white_pawn_is_lost") <-
            BothPawns(w, b), WhiteKing(wk), BlackKing(k), ToMove(t), !EnPassant(Side::White),
            (pawn_is_lost(w, b, (wk, k), t));
        // [ML] White to move takes Black's pawn, and the KPK book proves
        // the pawn left wins.
        Fires("takes_the_pawn_and_wins") <- WhiteTakes(Alone::Wins);
        // [ML; FINE] White's king wins Black's pawn, and the king and pawn
        // ending it reaches is won whatever Black's king did meanwhile
        // ([`wins_the_pawn`]). The side to move is not in check, and Black
        // may not take en passant.
        Fires("wins_the_pawn") <- WinsThePawn(), !InCheck(), !EnPassant(Side::Black);
        // [ML; FINE] White queens first and the new queen moves before
        // Black's pawn reaches the seventh rank: it stops that pawn.
        // The side to move is not in check, and no stalemate trick is
        // there. (A king shut in a corner does not spoil this count: the
        // new queen acts before the other pawn can queen.)
        Fires("queens_first") <-
            WhiteRuns(w, b), ToMove(t), !InCheck(), !StalemateRisk(Side::Black),
            BlackKing(k), WhiteKing(wk), (queen_stops(b, false, k, (queening_square(w, true), wk), left_when_queening(w, true, b, t)));
        // [ML; FINE] White's pawn queens first and with check: the king
        // must step, and wherever it steps the new queen, moving first,
        // stops the pawn, now a move further back in the count. (Should
        // Black's king step before instead, the pawn is a move further back
        // and the count is the same.)
        Fires("queens_with_check") <-
            WhiteRuns(w, b), ToMove(t), !InCheck(), !StalemateRisk(Side::Black),
            BlackKing(k), WhiteKing(wk), let left = left_when_queening(w, true, b, t), (left >= 1),
            (queens_with_check(w, b, left, k, wk)),
            (neighbours(k).all(|s| queen_stops(b, false, s, (queening_square(w, true), wk), left + 1)));
        // [ML; FINE] White queens a move before Black's pawn, on a square
        // that sees that pawn's queening square (the corner whose long
        // diagonal runs to it, or the other end of the file both pawns
        // run on): the pawn cannot queen at once (the new piece is
        // taken), so Black spends the move, and wherever its king steps
        // the new queen, moving first, stops the pawn.
        Fires("queen_watches_the_queening_square") <-
            WhiteRuns(w, b), ToMove(t), !InCheck(), !StalemateRisk(Side::Black),
            BlackKing(k), WhiteKing(wk), (left_when_queening(w, true, b, t) == 1),
            (watches_queening_square(w, b, k, wk)),
            (neighbours(k).all(|s| queen_stops(b, false, s, (queening_square(w, true), wk), 2)));
        // [ML; FINE; SEIR] White queens first, but too late: Black's pawn
        // is on its sixth rank when the new queen comes and steps to the
        // seventh at once ([`new_queen_lets_it_step`]), a rook or bishop
        // pawn whose king already stands beside that square, and the queen
        // to move cannot stop it there, White's king too far off
        // ([`holds_the_queen`]). White to move cannot take the pawn, the
        // side to move is not in check, and no stalemate trick is there.
        Fires("queens_too_late") <-
            WhiteRuns(w, b), BlackRuns(w, b), ToMove(t), !InCheck(), !Cornered(), !WhiteTakes(_),
            !StalemateRisk(Side::Black), !StalemateRisk(Side::White),
            (left_when_queening(w, true, b, t) == 2), WhiteKing(wk), BlackKing(k),
            (holds_the_queen(Sq(b.0, 2), k, wk, true)), (new_queen_lets_it_step(w, wk, k));
        // [ML; DVOR] Black's pawn queens first, White's a move or more
        // behind: no win for White. The side to move is not in check, and
        // Black's king is not shut in a corner (White's pawn on the seventh
        // may mate it there). A stalemate of White's king, or White's king
        // shut in a corner, spoils no claim that White does not win.
        Fires("black_queens_first") <-
            BlackRuns(w, b), ToMove(t), !InCheck(), !BlackCornered(),
            (left_when_queening(b, false, w, t) >= 2);
        // ... or White's pawn queens right after Black's: queen against
        // queen with Black to move, White's new queen giving no check (no
        // skewer, no mate), White's king not beside Black's new queen
        // unless Black's king guards it, and Black's king not held on the
        // edge (where the new queen mates).
        Fires("black_queens_first") <-
            BlackRuns(w, b), ToMove(t), !InCheck(), !BlackCornered(),
            (left_when_queening(b, false, w, t) == 1), !HeldOnTheEdge(), WhiteKing(wk), BlackKing(k),
            (line_between(queening_square(w, true), k).is_none()),
            (dist(wk, queening_square(b, false)) > 1 || dist(k, queening_square(b, false)) == 1);

        // [ML; FINE] Queen against queen at best: Black's pawn runs, and
        // even if White's ran unhindered (no king on its path; Black's king
        // may stand in its square, which only slows it), it would queen
        // first and Black's on the very next move, the kings in the open
        // ([`queens_in_the_open`]): no win for White. The side to move is
        // not in check, and no stalemate trick is there.
        Fires("queen_against_queen") <-
            BlackRuns(w, b), WhiteKing(wk), BlackKing(k), (!on_path(w, true, wk)),
            (!on_path(w, true, k)), ToMove(t), !InCheck(), !StalemateRisk(Side::Black),
            (left_when_queening(w, true, b, t) == 1), (queens_in_the_open(w, b, wk, k));
        // [ML; FINE] Black's pawn runs (White's king does not catch it,
        // nor take it now) and queens on the move after White's, White to
        // move, its pawn giving no check on the way: both pawns pushed to a
        // step from queening, White queens first and Black queens back with
        // check ([`queens_back_with_check`]); White's reply is forced and
        // quiet, and Black then moves, queen against queen, out of any net.
        Fires("queens_back_with_check") <-
            BlackRuns(w, b), ToMove(Side::White), !InCheck(), WhiteKing(wk), BlackKing(k),
            (!on_path(w, true, wk)), (!on_path(w, true, k)), !StalemateRisk(Side::Black),
            (left_when_queening(w, true, b, Side::White) == 1),
            (!checks_on_the_way(w, true, k)), (dist(wk, b) > 1 || dist(k, b) == 1),
            (queens_back_with_check(Sq(w.0, 7), Sq(b.0, 2), wk, k));

        // [ML; DVOR; RETI] One pawn runs, the other is caught: the pawn
        // runs (the defending king outside its square, its path clear),
        // and its king stands in the square of the other pawn even if that
        // pawn moves first. Each push of the other pawn is answered by a
        // king step, each step of the other king by a push of the runner:
        // the count of both squares holds, the other pawn never queens,
        // and the runner does. The other king is too far from its own
        // pawn to guard it before the runner queens. The king's way to the
        // other pawn never crosses the runner's path: it stands on that
        // pawn's side of the runner's file ([`same_side`]), or behind the
        // runner on its file ([`behind`]). The side to move is not in
        // check, and no stalemate trick is there.
        Fires("runs_and_catches") <-
            WhiteRuns(w, b), WhiteKing(wk), BlackKing(bk), !InCheck(),
            !StalemateRisk(Side::Black),
            (in_square(wk, b, false, true)), (cut_off(bk, b, false, queening_moves(w, true))),
            (dist(bk, w) > 1), (same_side(wk, b, w) || behind(wk, w, true));
        Fires("black_runs_and_catches") <-
            BlackRuns(w, b), BlackKing(bk), WhiteKing(wk), !InCheck(),
            !StalemateRisk(Side::White),
            (in_square(bk, w, true, true)), (cut_off(wk, w, true, queening_moves(b, false))),
            (dist(wk, b) > 1), (same_side(bk, w, b) || behind(bk, b, false));

        // [ML; DVOR] ... or the other king may come to its pawn's help,
        // but the catching king walks to that pawn's queening square first
        // and the runner still runs with the other king's steps counted as
        // free ([`catches_first`]).
        Fires("runs_and_catches") <-
            WhiteRunner(w, b, t), WhiteKing(wk), BlackKing(bk), !InCheck(),
            !StalemateRisk(Side::Black), (dist(bk, w) > 1),
            (catches_first(wk, b, false, bk, (w, t == Side::White)));
        Fires("black_runs_and_catches") <-
            BlackRunner(w, b, t), BlackKing(bk), WhiteKing(wk), !InCheck(),
            !StalemateRisk(Side::White), (dist(wk, b) > 1),
            (catches_first(bk, w, true, wk, (b, t == Side::Black)));

        // [ML; DVOR] One pawn runs, its king blockades the other: the king
        // reaches a square in front of the other pawn before it, walking
        // there first or step by step as the pawn comes ([`blockades`]).
        // The blockaded pawn never queens (the runner's pushes spare the
        // king every tempo) and the runner does. The side to move is not
        // in check, and no stalemate trick is there.
        Fires("runs_and_blockades") <-
            WhiteRuns(w, b), WhiteKing(wk), BlackKing(bk), ToMove(t), !InCheck(),
            !StalemateRisk(Side::Black), (blockades(wk, b, false, bk, w, t == Side::White));
        Fires("black_runs_and_blockades") <-
            BlackRuns(w, b), WhiteKing(wk), BlackKing(bk), ToMove(t), !InCheck(),
            !StalemateRisk(Side::White), (blockades(bk, w, true, wk, b, t == Side::Black));
        // ... or its king already stands on the other pawn's path: that
        // pawn never passes it, and the runner queens. The other side to
        // move cannot take the runner at once, and no king is shut in a
        // corner (a stalemate).
        Fires("runs_and_blockades") <-
            WhiteRuns(_, b), WhiteKing(wk), !InCheck(), !StalemateRisk(Side::Black),
            !Cornered(), !BlackTakes(), (on_path(b, false, wk));
        Fires("black_runs_and_blockades") <-
            BlackRuns(w, b), WhiteKing(wk), BlackKing(bk), ToMove(t), !InCheck(),
            !StalemateRisk(Side::White), !Cornered(), (on_path(w, true, bk)),
            (!(t == Side::White && can_take(wk, w, b, bk, true)));

        // [SF; ML] White's pawn alone (Black's taken off) is a draw, and
        // Black's pawn does not change it: the pawns do not face each other
        // on one file (no pawn to win from a blockade); on neighbouring
        // files Black's pawn is ahead and White's cannot take it now (it
        // takes it later only where Black lets it: Black, to move, may
        // always take first). Black's pawn is not in its own king's way to
        // the queening square, nor on a shortest way of its king to White's
        // pawn or a square ahead of it, when White's king stands level with
        // it or above and near enough to shoulder it off every way round
        // the pawn ([`shouldered_round`]: the draw may be a shouldering
        // walk, or a walk beside the running pawn, that needs the pawn's
        // square), and Black's king
        // is not shut in (the draw would be a stalemate that Black's pawn
        // moves spoil), nor overloaded.
        Fires("draws_without_the_black_pawn") <-
            BothPawns(w, b), ToMove(t), AloneProves(t, Alone::Draws), BlackKing(k),
            WhiteKing(wk), (!pawns_face(w, b) || (w.0 != b.0 && b.1 > w.1)), !WhitePawnTakes(),
            (!in_the_kings_way(k, b, queening_square(w, true))),
            (!(wk.1 >= k.1 && shouldered_round(k, b, w, (wk, t == Side::White)))),
            !BlackKingShutIn(), !Overloaded();
        // [ML; FINE] Rook pawns on one file, Black's in front: White's pawn
        // alone is a draw the KPK book proves, and Black's pawn only holds
        // it back. White's pawn can never take it (a pawn takes off its
        // file); White's king can, and that leaves the same rook pawn with
        // Black's king the nearer for the time it took. Black's pawn gives
        // no check and covers no square of the corner, so no mate comes of
        // it.
        Fires("rook_pawns_on_one_file") <-
            BothPawns(w, b), ToMove(t), AloneProves(t, Alone::Draws),
            (w.0 == b.0), (w.0 == 1 || w.0 == 8);
        // ... or Black's king reaches the queening corner, or the squares
        // beside it from which it shuts White's king in front of its pawn
        // ([`steps_to_the_corner`]), before White's king can take Black's
        // pawn ([`moves_to_take`], a move sooner with White to move): until
        // then White's pawn cannot move past it, and then the rook pawn left
        // has Black's king in the corner, the rook pawn's draw.
        Fires("rook_pawns_on_one_file") <-
            BothPawns(w, b), ToMove(t), (w.0 == b.0), (w.0 == 1 || w.0 == 8), (b.1 > w.1),
            WhiteKing(wk), BlackKing(k),
            (steps_to_the_corner(k, w, b, wk)
                <= moves_to_take(wk, b, false, w) - i8::from(t == Side::White));

        // [ML; FINE] The pawns face each other in White's half of the
        // board (Black's pawn on White's fifth rank or below): White's pawn
        // alone is a draw the KPK book proves, and Black's pawn does not
        // change it. White's pawn cannot take it now, and later only where
        // Black lets it (Black, to move, may always take White's pawn
        // first); White's king that takes it has made a move it had
        // anyway; and the fight for White's key squares is above it, so it
        // takes no square Black's king defends from. Not where it stands in
        // its own king's way, nor (on another file: on one file White's
        // pawn never passes it) on its king's way to White's pawn where
        // White's king may shoulder it off the ways round, and not with
        // Black's king shut in.
        struct WhitePawnTakes();
        WhitePawnTakes() <- ToMove(Side::White), BothPawns(w, b), (pawn_checks(w, true, b));
        WhitePawnTakes() <- EnPassant(Side::White);
        Fires("pawns_face_in_white_half") <-
            BothPawns(w, b), (pawns_face(w, b)), (b.1 <= 5), ToMove(t), AloneProves(t, Alone::Draws),
            !WhitePawnTakes(), BlackKing(k), WhiteKing(wk),
            (!in_the_kings_way(k, b, queening_square(w, true))),
            (w.0 == b.0 || !(wk.1 >= k.1 && shouldered_round(k, b, w, (wk, t == Side::White)))),
            !BlackKingShutIn();

        // [ML; FINE] After White queens: the new queen is safe, and it
        // moves before Black's pawn reaches the seventh rank (the sixth
        // for a rook or bishop pawn whose king stands near its queening
        // square), or its first move checks, takes the queening square in
        // hand or stands on it in time ([`queen_stops`]); no stalemate, no
        // king shut in a corner.
        Fires("new_queen_stops_the_pawn") <-
            WhitePiece(q, Promo::Queen), BlackPawn(b), ToMove(Side::Black), RulesOfChess(a),
            (!a.piece_hangs && !a.stalemate), !Cornered(), BlackKing(k), WhiteKing(wk),
            (queen_stops(b, false, k, (q, wk), queening_moves(b, false)));
        // [ML; FINE] A queen against the pawn with the queen's side to
        // move: the queen has the move a new queen gives away, so a pawn
        // below its seventh rank counts a move further back than right
        // after a promotion; a pawn on its seventh queens next unless the
        // queen acts at once ([`queen_to_move_stops`]). White's king not
        // in check from the pawn. A king shut in a corner changes nothing:
        // White, to move, chooses a move that stalemates nothing.
        Fires("queen_to_move_stops_the_pawn") <-
            WhitePiece(q, Promo::Queen), BlackPawn(b), ToMove(Side::White), !InCheck(),
            BlackKing(k), WhiteKing(wk),
            (queen_to_move_stops(b, k, (q, wk)));
        // [ML; FINE] The queen against a pawn on its seventh, any file,
        // Black to move: the queen stands on the queening square
        // or watches it along a clear line, Black's king three steps or
        // more from it ([`blockades_in_one`]). The pawn cannot queen now,
        // Black's king cannot step beside that square at once, and the
        // queen, safe, blockades it next and wins. No stalemate, no king
        // shut in a corner. A rook or bishop pawn is no exception here: its
        // stalemate defence needs its king beside it, and that king is
        // too far.
        Fires("queen_holds_the_seventh") <-
            WhitePiece(q, Promo::Queen), BlackPawn(b), ToMove(Side::Black), RulesOfChess(a),
            (!a.piece_hangs && !a.stalemate), !Cornered(), WhiteKing(wk), BlackKing(k),
            (b.1 == 2),
            (blockades_in_one(q, (b, false), k, wk));
        // [ML; FINE] A queen against a knight or centre pawn on its
        // seventh, Black to move, the queen holding its queening square
        // ([`beats_the_seventh`]): the queen wins, wherever the kings
        // stand. The queen is safe, no stalemate, no king shut in a corner.
        Fires("queen_beats_the_centre_pawn") <-
            WhitePiece(q, Promo::Queen), BlackPawn(b), ToMove(Side::Black), RulesOfChess(a),
            (!a.piece_hangs && !a.stalemate), !Cornered(), WhiteKing(wk), BlackKing(k),
            (beats_the_seventh(q, b, k, wk));
        // [ML; FINE] A queen against the pawn, the queen's king holding
        // the pawn's queening square: the pawn never queens, and queen and
        // king win it. The queen is safe, no stalemate, no king shut in a
        // corner.
        Fires("queen_and_king_hold_the_pawn") <-
            WhitePiece(q, Promo::Queen), BlackPawn(b), ToMove(Side::Black), RulesOfChess(a),
            (!a.piece_hangs && !a.stalemate), !Cornered(), WhiteKing(wk), BlackKing(k),
            (holds_queening_square(wk, b, false, k)), (king_has_a_square(k, b, wk, q));
        // [ML; FINE; SEIR] A queen against a rook or bishop pawn on its
        // seventh rank, its king beside the pawn guarding it and the
        // queening square, the queen's king outside the winning zone, and
        // a step from it too when White has the move ([`holds_the_queen`]):
        // no win for White.
        Fires("queen_cannot_stop_the_pawn") <-
            WhitePiece(_, Promo::Queen), BlackPawn(b), ToMove(t), BlackKing(k),
            WhiteKing(wk), (holds_the_queen(b, k, wk, t == Side::White));
        // [ML] After Black queens, White without a new piece of its own:
        // White to move can neither take the new queen nor queen with
        // check (a skewer, or mate), no king is shut in a corner (where a
        // pawn may mate), and Black's king is not held on the edge by
        // White's king in opposition (where a new queen mates).
        Fires("black_has_queened") <-
            BlackPiece(_, Promo::Queen), !WhitePiece(_, _), RulesOfChess(a),
            (!a.black_piece_hangs && !a.queens_with_check), !Cornered(), !HeldOnTheEdge();
        // [rules of chess] Black to move takes White's new piece, White
        // without a pawn: White is left with a lone king (or takes back
        // Black's queen with it, king against king), and a lone king wins
        // nothing.
        Fires("black_takes_the_piece") <-
            WhitePiece(_, _), !WhitePawn(_), RulesOfChess(a), (a.piece_hangs);
        // [ML; FINE] Queen against queen, Black to move and not in check:
        // Black has the time to meet whatever White's queen threatens (with
        // a check of its own, a trade, or a step of the king), and a queen
        // mates no king that has room. Only a king in a mating net loses:
        // on the edge, the other king two squares off ([`net_on_the_edge`]).
        Fires("queen_against_queen_black_to_move") <-
            WhitePiece(_, Promo::Queen), BlackPiece(_, Promo::Queen), ToMove(Side::Black),
            RulesOfChess(a), (!a.in_check), WhiteKing(wk), BlackKing(k), (!net_on_the_edge(k, wk));
        // [ML; FINE] A rook, bishop or knight against a queen, the
        // queen's side to move and not in check: the lesser piece wins
        // only by winning the queen (a fork, a skewer), and that takes a
        // check, which is not there now; the queen moves first, out of
        // reach or to trade itself, and a lone rook or minor piece mates
        // no king whose queen stands beside it on the board.
        Fires("lesser_piece_against_the_queen") <-
            WhitePiece(_, r), (r != Promo::Queen), BlackPiece(_, Promo::Queen), !WhitePawn(_),
            !BlackPawn(_), ToMove(Side::Black), RulesOfChess(a), (!a.in_check);
        // [ML; FINE] A knight or bishop against the pawn, no other man on
        // White's side: a lone minor piece and its king mate only a king
        // walled in by its own rook pawn, on the rook file. Against any
        // other pawn, or with the king off the pawn's file, White has no
        // mate to play for, whatever the pawn does.
        Fires("minor_piece_cannot_mate") <-
            WhitePiece(_, r), (r == Promo::Knight || r == Promo::Bishop), !WhitePawn(_),
            BlackPawn(b), BlackKing(k), (!(b.0 == 1 || b.0 == 8) || k.0 != b.0);
        // [ML; FINE] A rook against a pawn on its seventh rank, its king
        // beside it guarding the pawn and its queening square, the rook's
        // king far from it (a step further when White has the move;
        // [`holds_the_rook`]): the rook can neither take the pawn nor stand
        // on its queening square, its checks only send the king to another
        // square beside the pawn, and when the pawn queens the rook must
        // give itself for the new queen. Not with Black in check, where its
        // king may have only the queening square to go to, nor with that
        // king on the edge beside a knight pawn. No win for White.
        Fires("rook_cannot_stop_the_pawn") <-
            WhitePiece(_, Promo::Rook), !WhitePawn(_), BlackPawn(b), ToMove(t), BlackKing(k),
            WhiteKing(wk), RulesOfChess(a), (!a.in_check), (holds_the_rook(b, k, wk, t == Side::White));
        // [ML] Mating patterns: the king on the edge, the other king
        // facing it two squares off on the same rank.
        struct HeldOnTheEdge();
        HeldOnTheEdge() <-
            BlackKing(k), WhiteKing(w), (k.0 == 1 || k.0 == 8), (w.1 == k.1), ((w.0 - k.0).abs() == 2);

        // Averaged: what a player weighs when nothing is proved.
        // [ML] White's pawn alone (Black's taken off) wins.
        Fires("wins_without_the_black_pawn") <- BothPawns(_, _), ToMove(t), AloneProves(t, Alone::Wins);
        // [ML] Black's pawn alone (White's taken off) wins for Black: a
        // trump of Black's own, which White's king must watch.
        Fires("black_wins_without_the_white_pawn") <- BothPawns(_, _), BlackAloneWins();
        // [ML] One pawn runs by the rule of the square (the escorted
        // pawn, which the races count too, is left to them). [ML; DVOR]
        // Black's runner is no trump where White's pawn runs too and
        // queens first: it comes second in the race.
        Fires("white_pawn_runs") <- WhiteRunner(_, _, _);
        Fires("black_pawn_runs") <-
            BlackRuns(w, b), WhiteKing(wk), BlackKing(bk), ToMove(t), (runs(b, false, bk, (wk, w), t)),
            !WhiteRunsFirst();
        // White's pawn runs and queens before Black's.
        struct WhiteRunsFirst();
        WhiteRunsFirst() <- WhiteRunner(w, b, t), (left_when_queening(w, true, b, t) >= 1);
        // [ML; FINE] A pawn falls: the other king gets to it first.
        Fires("black_pawn_falls") <- BlackPawnFalls();
        Fires("white_pawn_falls") <- WhitePawnFalls();
        // [ML] A pawn has queened and the other pawn is still there.
        Fires("white_has_queened") <- WhitePiece(_, Promo::Queen), BlackPawn(_);
        Fires("black_has_a_queen") <-
            BlackPiece(_, Promo::Queen), WhitePawn(_), !WhitePiece(_, _);
        // The pawns blocking each other on one file.
        Fires("pawns_blocked") <- BothPawns(w, b), (w.0 == b.0), (b.1 == w.1 + 1);
    }

    /// The program's input for `node`: `alone(side)` is what the KPK book
    /// proves of White's pawn alone with that side to move, and `kpk`
    /// what it proves of the position itself when it is KPK.
    pub fn load(node: &Node, alone: &dyn Fn(Side) -> Alone, kpk: &dyn Fn(&Node) -> Alone) -> Crepe {
        let mut rt = Crepe::new();
        rt.extend([WhiteKing(node.wk)]);
        rt.extend([BlackKing(node.bk)]);
        rt.extend([ToMove(node.turn)]);
        rt.extend([RulesOfChess(Absolute::of(node))]);
        rt.extend(node.pawn.map(WhitePawn));
        rt.extend(node.bpawn.map(BlackPawn));
        rt.extend(node.piece.map(|(s, r)| WhitePiece(s, r)));
        rt.extend(node.bpiece.map(|(s, r)| BlackPiece(s, r)));
        match (node.pawn, node.bpawn, node.bpiece) {
            (Some(p), Some(b), _) => {
                for side in [Side::White, Side::Black] {
                    rt.extend([AloneProves(side, alone(side))]);
                }
                if kpk(&black_alone(node, b)) == Alone::Wins {
                    rt.extend([BlackAloneWins()]);
                }
                let (w, k) = (node.wk, node.bk);
                // En passant too: the pawn of the side to move takes the
                // pawn that has just stepped past it.
                let en_passant = node.ep.is_some();
                if en_passant {
                    rt.extend([EnPassant(node.turn)]);
                }
                if node.turn == Side::Black && (en_passant || can_take(k, b, p, w, false)) {
                    rt.extend([BlackTakes()]);
                }
                if wins_the_pawn(node, p, b, kpk) {
                    rt.extend([WinsThePawn()]);
                }
                if node.turn == Side::White {
                    for after in white_captures(node, p, b) {
                        rt.extend([WhiteTakes(kpk(&after))]);
                    }
                }
            }
            (Some(_), None, None) if node.piece.is_none() => {
                rt.extend([OnePawnLeft(kpk(node))]);
            }
            _ => {}
        }
        rt
    }
}

/// Black's pawn on `b` alone in `node`, White's taken off, on the board
/// turned round (colours swapped): the KPK position the KPK book judges
/// for Black.
pub fn black_alone(node: &Node, b: Sq) -> Node {
    let up = Sq::mirror_rank;
    Node {
        wk: up(node.bk),
        bk: up(node.wk),
        pawn: Some(up(b)),
        pawn2: None,
        piece: None,
        bpawn: None,
        bpiece: None,
        turn: node.turn.other(),
        ep: None,
    }
}

/// [RETI; ML; KSQ] Before a move of `mover` in `node`: its own pawn cannot
/// run on its own and the enemy pawn runs (its king is outside the
/// pawn's square; the pawn's own king, standing in its way, steps aside),
/// so its king has two goals; unless that king already wins the race to
/// its own pawn's key squares: then it escorts the pawn, one goal. Pawns
/// that meet ([`pawns_meet`]: one blocks or can take the other) race
/// nowhere, and neither runs: no two goals.
pub fn two_goals(node: &Node, mover: Side) -> bool {
    let (Some(w), Some(b)) = (node.pawn, node.bpawn) else {
        return false;
    };
    if pawns_meet(w, b) {
        return false;
    }
    let white_runs = runs(w, true, node.wk, (node.bk, b), node.turn);
    let black_runs = runs(b, false, node.bk, (node.wk, w), node.turn);
    // Black's pawn's key squares, on the board turned round.
    let up = Sq::mirror_rank;
    match mover {
        Side::White => {
            let black_runs = runs(b, false, node.wk, (node.wk, w), node.turn);
            !white_runs && black_runs && key_square_race(node.wk, node.bk, w, node.turn) <= 0
        }
        Side::Black => {
            let white_runs = runs(w, true, node.bk, (node.bk, b), node.turn);
            let escorts = key_square_race(up(node.bk), up(node.wk), up(b), node.turn.other()) > 0;
            !black_runs && white_runs && !escorts
        }
    }
}

pub mod level2 {
    use super::*;

    crepe! {
        @input
        pub struct Finalist(pub Tag, pub Sq, pub Sq);
        @input
        pub struct FinalistPawn(pub Tag, pub Side, pub Sq);
        @input
        pub struct Outcome(pub Tag, pub Absolute);
        @input
        pub struct Mover(pub Side);
        @input
        pub struct Decided(pub Tag, pub Side);
        // The finalist's level-1 rules find that the side's pawn alone
        // wins (the KPK book proves it with the other pawn taken off).
        @input
        pub struct WinsAlone(pub Tag, pub Side);
        // The other side's question, asked on the board with the colours
        // swapped, where the side playing for the win weighs a finalist
        // proved not to win: a deterministic rule proves this one lets the
        // other side win.
        @input
        pub struct Loses(pub Tag);
        // Before the move: the mover's pawn cannot run on its own (the
        // enemy king is in its square) and the enemy pawn runs (the
        // mover's king is outside its square): neither goal is reached
        // alone.
        @input
        pub struct TwoGoals();
        // The finalist's side has just queened, on this square, and the
        // new queen cannot be taken at once; no stalemate.
        @input
        pub struct NewQueen(pub Tag, pub Side, pub Sq);
        // Before the move: where each side's pawn stands.
        @input
        pub struct PawnBefore(pub Side, pub Sq);

        @output
        pub struct Prefer(pub &'static str, pub Tag, pub Tag);

        struct Pair(Tag, Tag);
        Pair(x, y) <- Finalist(x, _, _), Finalist(y, _, _), (x != y);

        struct Promotes(Tag);
        Promotes(t) <- Outcome(t, a), (a.win());
        struct Has(Tag, Side);
        Has(t, s) <- FinalistPawn(t, s, _);

        // 1. [rules of chess] Mate, or a safe promotion.
        Prefer("promotes", x, y) <- Mover(Side::White), Pair(x, y), Promotes(x), !Promotes(y);
        // 2. A finalist the level-1 rules prove for the mover.
        Prefer("proved_for_mover", x, y) <- Mover(s), Pair(x, y), Decided(x, s), !Decided(y, s);
        // 3. Not one they prove against the mover; nor, for the side
        //    playing for the win, one proved to let the other side win, in
        //    place of one proved only not to win.
        Prefer("not_proved_against_mover", x, y) <-
            Mover(s), Pair(x, y), Decided(y, o), (o != s), !Decided(x, o), !Loses(x);
        Prefer("not_proved_against_mover", x, y) <-
            Mover(Side::White), Pair(x, y), Loses(y), !Loses(x);
        // 4. [rules of chess] The mover takes the other side's pawn.
        Prefer("takes_the_pawn", x, y) <-
            Mover(s), Colour(o), (s != o), Pair(x, y), Has(y, o), !Has(x, o);
        struct Colour(Side);
        Colour(Side::White) <- Mover(_);
        Colour(Side::Black) <- Mover(_);
        // 5. [ML; FINE] The mover queens, the new queen is safe, and the
        //    other pawn cannot queen with check on the next move
        //    ([`queens_next_with_check`]), or the new queen gives check
        //    ([`queen_checks`]): the other king must step first.
        Prefer("queens", x, y) <- Mover(s), Pair(x, y), QueensSafely(x, s), !QueensSafely(y, s);
        struct QueensSafely(Tag, Side);
        QueensSafely(t, Side::White) <-
            NewQueen(t, Side::White, q), Finalist(t, wk, bk), FinalistPawn(t, Side::Black, b),
            (!queens_next_with_check(b, false, q, (wk, bk)) || queen_checks(q, bk, [wk, b]));
        QueensSafely(t, Side::Black) <-
            NewQueen(t, Side::Black, q), Finalist(t, wk, bk), FinalistPawn(t, Side::White, p),
            (!queens_next_with_check(p, true, q, (bk, wk)) || queen_checks(q, wk, [bk, p]));
        // 6. [RETI; ML; DVOR] The Réti manoeuvre: the mover's king heads
        //    for both pawns at once, nearer the enemy pawn and its own
        //    together (the sum of its distances to them is smaller), so
        //    that it can still catch the one or escort the other; where
        //    neither goal is reached alone (`TwoGoals`).
        Prefer("king_heads_for_both_pawns", x, y) <-
            TwoGoals(), Mover(s), Pair(x, y), Both(x, s, a), Both(y, s, b), (a < b);
        struct Both(Tag, Side, i8);
        Both(t, Side::White, dist(w, b) + dist(w, p)) <-
            Finalist(t, w, _), FinalistPawn(t, Side::Black, b), FinalistPawn(t, Side::White, p);
        Both(t, Side::Black, dist(k, b) + dist(k, p)) <-
            Finalist(t, _, k), FinalistPawn(t, Side::Black, b), FinalistPawn(t, Side::White, p);
        // 7. [ML; DVOR] The king stops the runner first: where the
        //    mover's pawn is caught (the enemy king, moving next, stands
        //    in its square and nearer its queening square than the pawn's
        //    own king, and the KPK book does not prove the pawn wins
        //    alone, the other pawn taken off), a push wins no race;
        //    the mover's king steps into the square of the enemy pawn
        //    rather than leave it outside (`Catches`). Pawns that meet
        //    race nowhere.
        Prefer("king_stops_the_runner_first", x, y) <-
            Mover(s), Pair(x, y), Catches(x, s), !Catches(y, s), Caught(y, s), !Meet(x), !Meet(y);
        struct Catches(Tag, Side);
        Catches(t, Side::White) <-
            Finalist(t, wk, _), FinalistPawn(t, Side::Black, b), (in_square(wk, b, false, true));
        Catches(t, Side::Black) <-
            Finalist(t, _, bk), FinalistPawn(t, Side::White, w), (in_square(bk, w, true, true));
        // A pawn the KPK book proves wins alone (`WinsAlone`) is near
        // enough its own king's guard: it is not caught.
        struct Caught(Tag, Side);
        Caught(t, Side::White) <-
            Finalist(t, wk, bk), FinalistPawn(t, Side::White, w), (in_square(bk, w, true, false)),
            (dist(bk, queening_square(w, true)) < dist(wk, queening_square(w, true))),
            !WinsAlone(t, Side::White);
        Caught(t, Side::Black) <-
            Finalist(t, wk, bk), FinalistPawn(t, Side::Black, b), (in_square(wk, b, false, false)),
            (dist(wk, queening_square(b, false)) < dist(bk, queening_square(b, false))),
            !WinsAlone(t, Side::Black);
        // 8. [ML; DVOR] The mover's pawn moves up: the race. Where the
        //    pawns meet ([`pawns_meet`]) there is no race to win: a push
        //    only brings the pawn nearer the enemy king and spends a spare
        //    tempo that the fight for the opposition may need [DVOR]. And
        //    the side playing for the win counts before it races [DVOR]:
        //    where after the push the other pawn, moving next, queens
        //    first and its king cannot catch it, or the other king escorts
        //    it ([`escorted`]) (`Behind`), the race is
        //    lost, and pushing is no way to win. Nor where both pawns run
        //    and the other queens on the very next move after its own,
        //    with check ([`queens_second_with_check`]; a king in its
        //    pawn's way costs a move): the check wins the tempo back, and
        //    against a king shut in it mates. Nor, for either side, where
        //    the push leaves the pawn caught (`Caught`, as in 7): a pawn
        //    run ahead of its king into the enemy king's reach is lost,
        //    and the king escorts it first.
        Prefer("pawn_advances", x, y) <-
            Mover(s), Pair(x, y), FinalistPawn(x, s, a), FinalistPawn(y, s, b),
            (if s == Side::White { a.1 > b.1 } else { a.1 < b.1 }), !Meet(x), !Behind(x, s),
            !KingInTheWay(x, s), !Caught(x, s);
        // A pawn whose own king stands on its path races nowhere until
        // the king steps aside ([`on_path`], as [`runs`] counts it): the
        // side playing for the win does not push it there.
        struct KingInTheWay(Tag, Side);
        KingInTheWay(t, Side::White) <- Finalist(t, wk, _), FinalistPawn(t, Side::White, a), (on_path(a, true, wk));
        struct Behind(Tag, Side);
        Behind(t, Side::White) <-
            Mover(Side::White), FinalistPawn(t, Side::White, a), FinalistPawn(t, Side::Black, e),
            (queening_moves(e, false) <= queening_moves(a, true)),
            Finalist(t, wk, bk), (!in_square_walked(wk, e, false, true, bk) || escorted(e, false, bk, wk, true));
        Behind(t, Side::White) <-
            Mover(Side::White), FinalistPawn(t, Side::White, a), FinalistPawn(t, Side::Black, e),
            Finalist(t, wk, bk),
            (queening_moves(e, false) + i8::from(on_path(e, false, bk)) == queening_moves(a, true) + 1),
            (!on_path(e, false, wk)), (!in_square_walked(wk, e, false, true, bk)),
            (!on_path(a, true, bk)), (!in_square_walked(bk, a, true, false, wk)),
            (queens_second_with_check(e, false, wk, (bk, a)));
        struct Meet(Tag);
        Meet(t) <- FinalistPawn(t, Side::White, w), FinalistPawn(t, Side::Black, b), (pawns_meet(w, b));
        // 8b. [ML; DVOR] The king keeps off its own pawn's path, where it
        //     would cost that pawn a move in a race (pawns that meet race
        //     nowhere): for the defender always, its pawn being all its
        //     counterplay; for the side playing for the win where the
        //     enemy pawn runs (its king, moving after that pawn, is
        //     outside its square), so that only a race is left.
        Prefer("king_off_its_pawns_path", x, y) <-
            Mover(Side::White), Pair(x, y), InItsPawnsWay(y, Side::White),
            !InItsPawnsWay(x, Side::White), OutRuns(y);
        Prefer("king_off_its_pawns_path", x, y) <-
            Mover(Side::Black), Pair(x, y), InItsPawnsWay(y, Side::Black),
            !InItsPawnsWay(x, Side::Black);
        struct InItsPawnsWay(Tag, Side);
        InItsPawnsWay(t, Side::White) <-
            Finalist(t, wk, _), FinalistPawn(t, Side::White, a), !Meet(t), (on_path(a, true, wk));
        InItsPawnsWay(t, Side::Black) <-
            Finalist(t, _, bk), FinalistPawn(t, Side::Black, a), !Meet(t), (on_path(a, false, bk));
        // Black's pawn, moving next, outruns White's king.
        struct OutRuns(Tag);
        OutRuns(t) <- Finalist(t, wk, _), FinalistPawn(t, Side::Black, e), (!in_square(wk, e, false, true));
        // 9. [FINE; DVOR] The mover's king nearer the other side's pawn,
        //    counted along its way round the pawns ([`way_to_the_pawn`]):
        //    never onto its own pawn nor a square the enemy pawn guards.
        Prefer("king_near_the_enemy_pawn", x, y) <-
            Mover(s), Pair(x, y), Near(x, s, a), Near(y, s, b), (a < b);
        struct Near(Tag, Side, i8);
        Near(t, Side::White, way_to_the_pawn(w, p, false, own)) <-
            Finalist(t, w, _), FinalistPawn(t, Side::Black, p), OwnPawn(t, Side::White, own);
        Near(t, Side::Black, way_to_the_pawn(b, p, true, own)) <-
            Finalist(t, _, b), FinalistPawn(t, Side::White, p), OwnPawn(t, Side::Black, own);
        // The square the mover's own pawn bars; without a pawn, the king's
        // own square, which no step lands on.
        struct OwnPawn(Tag, Side, Sq);
        OwnPawn(t, s, p) <- FinalistPawn(t, s, p);
        OwnPawn(t, Side::White, w) <- Finalist(t, w, _), !Has(t, Side::White);
        OwnPawn(t, Side::Black, b) <- Finalist(t, _, b), !Has(t, Side::Black);
        // 10. [DVOR; FINE] Shouldering: where the ways to the pawn are
        //     equal, the mover's king nearer the other king, which it
        //     keeps away from the pawns (it cuts it off, or takes the
        //     opposition against it).
        Prefer("king_shoulders", x, y) <- Pair(x, y), Kings(x, a), Kings(y, b), (a < b);
        struct Kings(Tag, i8);
        Kings(t, dist(w, b)) <- Finalist(t, w, b);
        // 11. [FINE; DVOR] Where nothing else tells the moves apart, the
        //     king is the piece that fights in a pawn ending: the mover's
        //     king nearer both pawns together (the sum of its distances to
        //     them, `Both`), and else nearer the centre, from where it
        //     reaches either wing ([`from_centre`]).
        //     The pawns are counted where they stood before the move: a
        //     push leaves the king where it was, and a pawn stepping
        //     nearer the king does not bring the king nearer the fight.
        Prefer("king_toward_the_pawns", x, y) <-
            Mover(s), Pair(x, y), Toward(x, s, a), Toward(y, s, b), (a < b);
        struct Toward(Tag, Side, i8);
        Toward(t, Side::White, dist(w, b) + dist(w, p)) <-
            Finalist(t, w, _), PawnBefore(Side::Black, b), PawnBefore(Side::White, p);
        Toward(t, Side::Black, dist(k, b) + dist(k, p)) <-
            Finalist(t, _, k), PawnBefore(Side::Black, b), PawnBefore(Side::White, p);
        Prefer("king_to_the_centre", x, y) <-
            Mover(s), Pair(x, y), Central(x, s, a), Central(y, s, b), (a < b);
        struct Central(Tag, Side, i8);
        Central(t, Side::White, from_centre(w)) <- Finalist(t, w, _);
        Central(t, Side::Black, from_centre(b)) <- Finalist(t, _, b);
    }
}
