//! The KPKP book (king and pawn against king and pawn): its rules fire
//! where the books say and not where a race's tricks are (a check, a king
//! shut in a corner, a stalemate, an overloaded king), every example
//! checked against the 4-piece tables; `analyse` and `line` take the
//! ending, the Réti study among them; and the sweep over every position
//! holds the book's floors (deterministic rules 100% sound).

mod common;

use pecp::board::facts::Node;
use pecp::board::position::{fen_of, parse_chess};
use pecp::judges::tablebase::Wdl;
use pecp::knowledge::books::kpkp;

fn fired(fen: &str) -> Vec<&'static str> {
    let pos = parse_chess(fen).unwrap();
    let mut v: Vec<&str> = kpkp::fired_names(&Node::from_chess(&pos)).collect();
    v.sort_unstable();
    v
}

/// (FEN, the rule, whether it fires, White wins by the tables).
const EXAMPLES: [(&str, &str, bool, bool); 147] = [
    // The a-pawn runs (a4 took the double step), and White's king behind
    // it walks off its file into the c-pawn's way, never in front of it.
    (
        "8/6k1/8/8/P1p5/8/8/K7 b - - 0 1",
        "runs_and_blockades",
        true,
        true,
    ),
    // The e-pawn runs and White's king already stands on the b-pawn's
    // path: that pawn never passes it. Black's king beside the e-pawn does
    // not matter with White to move (e5 and on); Black to move takes it.
    (
        "8/8/8/1p6/4P3/1K1k4/8/8 w - - 0 1",
        "runs_and_blockades",
        true,
        true,
    ),
    (
        "8/8/8/1p6/4P3/1K1k4/8/8 b - - 0 1",
        "runs_and_blockades",
        false,
        false,
    ),
    // White's pawn is lost: Black's king takes the g-pawn in three moves
    // (by e4 and f4 or f3, round the squares it guards), White's needs
    // five to stand beside it, with either side to move.
    (
        "8/8/p7/3k4/6P1/8/8/K7 b - - 0 1",
        "white_pawn_is_lost",
        true,
        false,
    ),
    (
        "8/8/p7/3k4/6P1/8/8/K7 w - - 0 1",
        "white_pawn_is_lost",
        true,
        false,
    ),
    // The pawns are past each other (Black's c-pawn below White's
    // d-pawn): Black's king takes it in three moves (by e7 and d6, or f6
    // and e5), White's needs four to stand beside it.
    (
        "8/5k2/8/3P4/2p5/8/8/K7 b - - 0 1",
        "white_pawn_is_lost",
        true,
        false,
    ),
    // Blocked on one file: the b-pawn cannot run from Black's king, which
    // stands outside its square; it takes the pawn in three moves (by c2
    // and b3), White's king on h8 needs five to stand beside it.
    (
        "7K/8/8/1p6/1P6/8/8/3k4 w - - 0 1",
        "white_pawn_is_lost",
        true,
        false,
    ),
    // Facing pawns on neighbouring files: the c-pawn needs two moves to
    // stand below Black's d-pawn and take it, Black's king on a4 takes the
    // c-pawn in two (by b3) first.
    (
        "7K/8/3p4/8/k7/2P5/8/8 w - - 0 1",
        "white_pawn_is_lost",
        true,
        false,
    ),
    // Blocked on one file, Black's king behind its own pawn: it walks
    // round it (Kc7, d6, c5 and b4, or by d5 and c4) and takes the b-pawn
    // wherever it stops below b6, each in fewer moves than White's king on
    // h8 needs to guard it, with Black to move; with White to move, White's
    // king is a move nearer and the count no longer proves it.
    (
        "1k5K/8/1p6/8/8/1P6/8/8 b - - 0 1",
        "white_pawn_is_lost",
        true,
        false,
    ),
    (
        "1k5K/8/1p6/8/8/1P6/8/8 w - - 0 1",
        "white_pawn_is_lost",
        false,
        false,
    ),
    // Black's d-pawn caps the c-pawn: c5 is guarded, so the pawn stops
    // on c4, where Black's king on e3 takes it in two moves (by d3 or d4),
    // before White's king on h8 can guard it or take the d-pawn, whoever
    // moves. Black's king is outside the c-pawn's square: only the cap
    // holds it.
    (
        "7K/8/3p4/8/2P5/4k3/8/8 w - - 0 1",
        "white_pawn_is_lost",
        true,
        false,
    ),
    (
        "7K/8/3p4/8/2P5/4k3/8/8 b - - 0 1",
        "white_pawn_is_lost",
        true,
        false,
    ),
    // With White's king on f7 it takes the d-pawn as Black's king takes
    // the c-pawn (1. Ke6 Kd4 2. Kxd6 Kxc4): the cap proves nothing, though
    // the game is a draw.
    (
        "8/5K2/3p4/8/2P5/4k3/8/8 w - - 0 1",
        "white_pawn_is_lost",
        false,
        false,
    ),
    // From its starting square: wherever the f-pawn steps (f3 or f4),
    // Black's king on d3 takes it in two moves and stands in the square
    // of a pawn on f4.
    (
        "K7/8/p7/8/8/3k4/5P2/8 w - - 0 1",
        "white_pawn_is_lost",
        true,
        false,
    ),
    // Two steps from the d-pawn, but c6 and e6 are guarded: Black's king
    // needs three moves, as many as White's on e8, which guards d6 and
    // d7 in time (...Kc7 Ke7, and the pawn walks in).
    (
        "4K3/pk6/8/3P4/8/8/8/8 b - - 0 1",
        "white_pawn_is_lost",
        false,
        true,
    ),
    // A pawn falls: after ...e5 White's king on c4 is nearer the pawn than
    // Black's on d8 and stands in its square; after ...e6 Black's king is
    // as near and guards it in time.
    (
        "3k4/8/8/4p3/2K5/8/2P5/8 w - - 0 1",
        "black_pawn_falls",
        true,
        true,
    ),
    (
        "3k4/8/4p3/8/2K5/8/2P5/8 w - - 0 1",
        "black_pawn_falls",
        false,
        false,
    ),
    // The same with the colours swapped: Black's king takes White's pawn.
    (
        "8/2p5/8/2k5/4P3/8/8/3K4 b - - 0 1",
        "white_pawn_falls",
        true,
        false,
    ),
    // The race: the b-pawn runs and queens first; the black h-pawn is far
    // behind.
    (
        "8/1P6/8/8/5k2/8/7p/K7 b - - 0 1",
        "queens_first",
        false,
        false,
    ),
    (
        "8/8/1P6/8/5k2/8/7p/K7 w - - 0 1",
        "queens_first",
        false,
        false,
    ),
    (
        "8/8/1P5p/8/6k1/8/8/K7 w - - 0 1",
        "queens_first",
        true,
        true,
    ),
    // Black's king on e1 shelters its e-pawn, but the new queen checks at
    // once (c8=Q, e2, Qc1+): a centre pawn on the seventh then falls.
    (
        "8/2P5/8/8/8/4p3/8/K3k3 w - - 0 1",
        "queens_first",
        true,
        true,
    ),
    // Black's king on d2 stands in its own pawn's way: the d-pawn is a
    // move further back than its ranks say.
    (
        "1K6/3p4/8/8/5P2/8/3k4/8 w - - 0 1",
        "queens_first",
        true,
        true,
    ),
    // The h-pawn's king three steps from h1: after e8=Q h2 the queen
    // watches h1 from e4 and steps onto it next, where no king can touch
    // it. Two steps away (f1), the king comes to g2 or g1 in time.
    (
        "8/4P3/8/8/8/7p/8/K3k3 w - - 0 1",
        "queens_first",
        true,
        true,
    ),
    (
        "8/4P3/8/8/8/7p/8/K4k2 w - - 0 1",
        "queens_first",
        false,
        false,
    ),
    // Black's king two steps from a1 supports its rook pawn, but the new
    // queen gets there first: c8=Q a3, Qc1 a2, Qa1, and no king can touch
    // a queen on the queening square.
    (
        "1K6/2P5/8/8/p7/1k6/8/8 w - - 0 1",
        "queens_first",
        true,
        true,
    ),
    // The queen to move has a move in hand: it already watches d1 from g1,
    // Black's king two steps off, and the d-pawn on the seventh never
    // queens. On the sixth, the move in hand is a tempo more.
    (
        "8/8/8/8/8/5k2/3p4/K5Q1 w - - 0 1",
        "queen_to_move_stops_the_pawn",
        true,
        true,
    ),
    (
        "8/8/8/8/2k5/3p4/8/K5Q1 w - - 0 1",
        "queen_to_move_stops_the_pawn",
        true,
        true,
    ),
    // White's own king on d5 stands in the queen's way: no check, no hold
    // on d1, and d1=Q draws. The rule is silent.
    (
        "3Q4/8/8/3K4/8/3k4/3p4/8 w - - 0 1",
        "queen_to_move_stops_the_pawn",
        false,
        false,
    ),
    // The queen on a5 watches e1, and Black's king on h3, three steps
    // from it, cannot step beside it at once: the e-pawn never queens.
    (
        "7K/8/8/Q7/8/7k/4p3/8 b - - 0 1",
        "queen_holds_the_seventh",
        true,
        true,
    ),
    // The h-pawn queens first; Black's d-pawn, a move behind, steps to
    // d2 with its king beside it. White's king on b1 stands two files off
    // the d-file: it neither blocks the new queen's checks nor stands in
    // the pawn's reach, and a centre pawn on the seventh falls.
    (
        "8/8/8/3p4/7P/3k4/8/1K6 w - - 0 1",
        "queens_first",
        true,
        true,
    ),
    // Black's king on g1 stands in front of its own knight pawn: the pawn
    // reaches g2 at best, and must wait for its king to step aside, while
    // the b-pawn queens.
    (
        "8/8/8/1P4p1/8/8/4K3/6k1 b - - 0 1",
        "queens_first",
        true,
        true,
    ),
    // The a-pawn queens on a8, in the other corner of the long diagonal
    // from h1: the new queen watches the h-pawn's queening square from
    // afar, and Black's king, two steps from it, is too late for the
    // stalemate defence.
    ("8/7p/8/8/P7/5k2/8/K7 w - - 0 1", "queens_first", true, true),
    // The f-pawn queens as the a-pawn, its king near, stands on its sixth
    // (a3). White's king on e3 stands in the winning zone of a1, and the
    // queen, to move after a2, wins: no stalemate defence is left.
    (
        "8/8/p7/5P2/8/4K3/8/k7 b - - 0 1",
        "queens_first",
        true,
        true,
    ),
    // Black's king on h3 stands on its own rook pawn's path, near its
    // queening square: stepping off costs the pawn a move, and the f-pawn
    // queens before the h-pawn reaches the seventh. Short of the seventh
    // a rook pawn has no stalemate defence, though White's king is far.
    ("8/8/8/5P1p/8/7k/8/K7 w - - 0 1", "queens_first", true, true),
    // A rook pawn too: the queen on h8 watches a1 along the long
    // diagonal, and Black's king on f4 is too far to stand beside the
    // pawn for the stalemate defence.
    (
        "4K2Q/8/8/8/5k2/8/p7/8 b - - 0 1",
        "queen_holds_the_seventh",
        true,
        true,
    ),
    // Two steps off, Black's king steps beside g1 (Kh2), and the queen
    // alone cannot drive it in front of the pawn: a draw.
    (
        "8/8/8/8/8/6k1/1K4p1/Q7 b - - 0 1",
        "queen_holds_the_seventh",
        false,
        false,
    ),
    // The a-pawn runs. Black's king on a1 is not cut off from its e-pawn
    // (four steps from e1), but White's king walks to e1 in two (Kd2,
    // Ke1), two steps before it, and even with those two steps free Black's
    // king stays outside the a-pawn's square.
    (
        "8/8/8/8/P3p3/2K5/8/k7 w - - 0 1",
        "runs_and_catches",
        true,
        true,
    ),
    // The same with the colours reversed: Black's a-pawn runs and its king
    // catches the e-pawn.
    (
        "K7/8/2k5/p3P3/8/8/8/8 b - - 0 1",
        "black_runs_and_catches",
        true,
        false,
    ),
    // The queen on h1 watches d1, and Black's king on e3, two steps from
    // it, does not guard it: a centre pawn on its seventh, held so, falls
    // wherever White's king stands (here in the far corner).
    (
        "8/8/8/8/8/4k3/3p4/K6Q b - - 0 1",
        "queen_beats_the_centre_pawn",
        true,
        true,
    ),
    // The same hold of g1 with White's king beside the queen on b2: it
    // shuts her lines along the second rank and the long diagonal, and
    // `Kh2` draws. The rule is silent.
    (
        "8/8/8/8/8/6k1/1K4p1/Q7 b - - 0 1",
        "queen_beats_the_centre_pawn",
        false,
        false,
    ),
    // White's king on e2, off the queen's lines: the g-pawn falls.
    (
        "8/8/8/8/8/6k1/4K1p1/Q7 b - - 0 1",
        "queen_beats_the_centre_pawn",
        true,
        true,
    ),
    // The queen may step onto f1 at once, but Black's king, two steps off,
    // need not push: Kg2 holds f1 and the pawn.
    (
        "8/8/8/3K4/8/5p2/8/3Q3k b - - 0 1",
        "new_queen_stops_the_pawn",
        false,
        false,
    ),
    // White's king next to the queening square (a2 by b1, e1 by d1) stands
    // in the queen's way or is checked by the pawn: no first check is
    // counted, and the rule stays silent.
    (
        "8/8/1p6/8/3P4/8/K1k5/8 w - - 0 1",
        "queens_first",
        false,
        false,
    ),
    (
        "8/8/8/3p1P2/8/8/8/2k1K3 w - - 0 1",
        "queens_first",
        false,
        false,
    ),
    // A rook pawn's king far from its queening square (c1) cannot
    // support it on the seventh: the queen, a move ahead, stops it.
    (
        "6K1/8/2P5/7p/8/8/8/2k5 w - - 0 1",
        "queens_first",
        true,
        true,
    ),
    // With its king near (g3), a rook pawn on the seventh may hold the
    // queen, but here the queen is first to h1: c8=Q h3, Qc1 h2, Qh1, and
    // no king can touch a queen on the queening square.
    (
        "6K1/8/2P5/7p/8/6k1/8/8 w - - 0 1",
        "queens_first",
        true,
        true,
    ),
    // White's king shut in the corner by Black's (a1, c1) changes nothing
    // in a race White wins by two moves.
    (
        "8/8/7p/2P5/8/8/8/K1k5 w - - 0 1",
        "queens_first",
        true,
        true,
    ),
    // Neither king near d1: the new queen on b8 stops the d-pawn even on
    // the seventh rank.
    (
        "8/8/1P6/8/3p4/7k/8/K7 w - - 0 1",
        "queens_first",
        true,
        true,
    ),
    // Black's king beside d1 (on c2, with White's king on c5 in the
    // queen's way) shelters the pawn on the seventh: a draw, and the rule
    // is silent.
    (
        "8/3P4/8/2K5/8/1p6/2k5/8 w - - 0 1",
        "queens_first",
        false,
        false,
    ),
    // White's own king beside d1 lets the pawn queen with check: a draw.
    (
        "8/8/8/P2p4/8/8/8/2K1k3 w - - 0 1",
        "queens_first",
        false,
        false,
    ),
    // The king in check from the pawn loses the tempo.
    (
        "8/P7/k7/8/1p6/K7/8/8 w - - 0 1",
        "queens_first",
        false,
        false,
    ),
    // The new queen would stalemate the king on the edge behind its
    // blocked pawn.
    (
        "8/pP6/k7/8/K7/8/8/8 w - - 0 1",
        "queens_first",
        false,
        false,
    ),
    // d8=Q+ comes a move before h1=Q and with check: the king steps, and
    // the queen stops the rook pawn on the seventh.
    (
        "6K1/3P4/8/k7/8/8/7p/8 w - - 0 1",
        "queens_with_check",
        true,
        true,
    ),
    // a8=Q+ comes with the b-pawn on b3 and the king beside its queening
    // square: the check wins the move the count lacked.
    (
        "2K5/8/P7/8/1p6/8/8/k7 w - - 0 1",
        "queens_with_check",
        true,
        true,
    ),
    // The same, but White's own king on c7 blocks the check.
    (
        "8/2KP4/8/k7/8/8/7p/8 w - - 0 1",
        "queens_with_check",
        false,
        false,
    ),
    // f8=Q+ checks, but the king steps to e1 beside the c-pawn's
    // queening square: the bishop pawn on the seventh holds the draw.
    (
        "8/5P2/8/8/8/7K/2p5/5k2 w - - 0 1",
        "queens_with_check",
        false,
        false,
    ),
    // The h-pawns block each other; White's h-pawn alone is drawn (Black's
    // king stands by the corner), and Black's h7 only holds it back.
    (
        "5k2/7p/7P/8/5K2/8/8/8 b - - 0 1",
        "rook_pawns_on_one_file",
        true,
        false,
    ),
    // White's a-pawn alone would run, but a5 holds it back, and Black's
    // king gets to a8 (six moves) before White's king can take a5 (seven):
    // the rook pawn left has Black's king in the corner.
    (
        "8/8/8/p7/8/8/P2k4/7K w - - 0 1",
        "rook_pawns_on_one_file",
        true,
        false,
    ),
    // Black's king is six steps from h8 and White's king six moves from
    // taking h5 (by g5), White to move: too late for the corner. But f7,
    // from where the king shuts White's king in front of its h-pawn, is
    // five steps away (round White's king, off g3): in time.
    (
        "8/8/8/7p/8/8/1K1k3P/8 w - - 0 1",
        "rook_pawns_on_one_file",
        true,
        false,
    ),
    // ... but with White's king two moves from a5, it takes the pawn
    // long before Black's king comes, and the a-pawn wins.
    (
        "8/8/8/p7/2K5/8/P7/7k w - - 0 1",
        "rook_pawns_on_one_file",
        false,
        true,
    ),
    // Not for centre pawns: White's king takes d6 and stands in front of
    // its own pawn.
    (
        "4k3/8/3p4/3P4/8/3K4/8/8 w - - 0 1",
        "rook_pawns_on_one_file",
        false,
        true,
    ),
    // a8=Q watches h1 down the long diagonal: h1=Q would be taken, and
    // the black king is too far to help.
    (
        "1K6/P7/4k3/8/8/8/7p/8 w - - 0 1",
        "queen_watches_the_queening_square",
        true,
        true,
    ),
    // The king on g2 guards h1: h1=Q and the queens come off.
    (
        "1K6/P7/8/8/8/8/6kp/8 w - - 0 1",
        "queen_watches_the_queening_square",
        false,
        false,
    ),
    // The pawns have passed each other on the a-file: a8=Q watches a1
    // down the file, so a1=Q would be taken.
    (
        "8/8/P7/6K1/8/p3k3/8/8 w - - 0 1",
        "queen_watches_the_queening_square",
        true,
        true,
    ),
    // The king on b2 guards a1: a1=Q and the queens come off.
    (
        "8/8/P7/6K1/8/p7/1k6/8 w - - 0 1",
        "queen_watches_the_queening_square",
        false,
        false,
    ),
    // Qxb1 would stalemate the king on a3, shut in by the queen and the
    // king on a5: b1=Q is no blunder.
    (
        "8/1P6/8/K7/8/k7/1p6/8 w - - 0 1",
        "queen_watches_the_queening_square",
        false,
        false,
    ),
    // Black's pawn queens first.
    (
        "8/8/8/4k3/8/1K6/1P5p/8 w - - 0 1",
        "black_queens_first",
        true,
        false,
    ),
    // ... even with White's king shut in the corner: only Black's king in a
    // corner could be mated by White's pawn.
    (
        "8/8/8/7p/8/8/2k1P3/K7 b - - 0 1",
        "black_queens_first",
        true,
        false,
    ),
    // Black queens on c1, White's a-pawn queens right after, without
    // check: queen against queen, Black to move.
    (
        "8/8/5K2/2p5/P7/8/8/6k1 b - - 0 1",
        "black_queens_first",
        true,
        false,
    ),
    // Both pawns queen, White's first (a8=Q, e1=Q): queen against queen,
    // the kings in the open, no check that skewers.
    (
        "8/7K/8/4p3/P7/3k4/8/8 w - - 0 1",
        "queen_against_queen",
        true,
        false,
    ),
    // The same race with Black's king on c3: Qa5+ skewers it against the
    // new queen on e1.
    (
        "8/1K6/8/4p3/P7/2k5/8/8 w - - 0 1",
        "queen_against_queen",
        false,
        true,
    ),
    // Each pawn alone would win (Black's king in front of its d-pawn, on
    // a key square): Black has a trump of its own, and it is a draw.
    (
        "8/8/3k4/3p4/8/8/6P1/6K1 w - - 0 1",
        "black_wins_without_the_white_pawn",
        true,
        false,
    ),
    // White's king beside the d-pawn, to move, takes it: Black's pawn
    // alone does not win.
    (
        "8/8/2K5/3p4/8/8/6P1/k7 w - - 0 1",
        "black_wins_without_the_white_pawn",
        false,
        true,
    ),
    // The skewer Qh3+ fails: Black's king on g2 takes the queen.
    (
        "8/7P/8/8/8/8/K4pk1/8 w - - 0 1",
        "queen_against_queen",
        true,
        false,
    ),
    // Black's king on the edge with room, far from its queen on h1 and
    // from White's king: the lone queen neither mates nor skewers.
    (
        "8/8/2P5/k4K2/8/7p/8/8 w - - 0 1",
        "queen_against_queen",
        true,
        false,
    ),
    // On the edge but pinned: after a8=Q the g2-pawn cannot queen
    // (g1=Q would leave Black's king in check from a8).
    (
        "8/P7/8/8/8/8/6p1/K6k w - - 0 1",
        "queen_against_queen",
        false,
        true,
    ),
    // On the a-file a file from its queen on b1: Qa8+ drives the king onto
    // the b-file, and Qb8+ skewers it.
    (
        "8/7P/k7/8/7K/8/1p6/8 w - - 0 1",
        "queen_against_queen",
        false,
        true,
    ),
    // Black's king in the corner: the new queen and king build a mating
    // net.
    (
        "4K2k/8/2p5/8/8/8/P7/8 w - - 0 1",
        "queen_against_queen",
        false,
        true,
    ),
    // The same race with Black's king held on the edge by White's king in
    // opposition: the new queen mates.
    (
        "8/8/k1K5/8/1P1p4/8/8/8 w - - 0 1",
        "black_queens_first",
        false,
        true,
    ),
    // ... but Black's king is shut in a corner: the b-pawn mates.
    (
        "k7/2K5/8/8/3p4/8/1P6/8 w - - 0 1",
        "black_queens_first",
        false,
        true,
    ),
    // Without Black's pawn a drawn KPK, and the pawn changes nothing.
    (
        "8/8/8/8/3k4/8/3P3p/3K4 b - - 0 1",
        "draws_without_the_black_pawn",
        true,
        false,
    ),
    // On neighbouring files, Black's pawn ahead: White's pawn cannot take
    // it now, and Black's king, winning White's pawn, holds the draw.
    (
        "8/3p4/8/8/8/6k1/4P3/K7 w - - 0 1",
        "draws_without_the_black_pawn",
        true,
        false,
    ),
    // ... but where White's pawn takes at once, it leaves a running g-pawn.
    (
        "8/8/8/8/6p1/k4P2/8/K7 w - - 0 1",
        "draws_without_the_black_pawn",
        false,
        true,
    ),
    // Black's pawn in its own king's way to the queening square.
    (
        "8/8/8/3p4/P3k3/8/8/5K2 w - - 0 1",
        "draws_without_the_black_pawn",
        false,
        true,
    ),
    // Black's pawn on d6 is on a shortest way of its king to b8, but a way
    // round it keeps clear of White's king: no shouldering.
    (
        "8/8/3p4/8/1k1K4/8/1P6/8 b - - 0 1",
        "draws_without_the_black_pawn",
        true,
        false,
    ),
    // ... but here White's king, a step from b6, can shoulder Black's off
    // the way round its pawn on b5: White wins.
    (
        "8/K7/8/kp6/3P4/8/8/8 w - - 0 1",
        "draws_without_the_black_pawn",
        false,
        true,
    ),
    // Black's king shut in: the pawn's moves spoil the stalemate.
    (
        "k7/2P5/K7/8/8/p7/8/8 b - - 0 1",
        "draws_without_the_black_pawn",
        false,
        true,
    ),
    // The overloaded king: White's rook pawn, Black's pawn two files off.
    (
        "8/2p5/P1k5/8/K7/8/8/8 w - - 0 1",
        "draws_without_the_black_pawn",
        false,
        true,
    ),
    // ... but a pawn far from the corner is no burden: White's king that
    // goes for it leaves the corner to Black's.
    (
        "8/8/5k2/8/7P/5p2/8/7K w - - 0 1",
        "draws_without_the_black_pawn",
        true,
        false,
    ),
    // The pawns face each other in White's half of the board: White's
    // pawn alone draws, and Black's pawn on e4 changes nothing.
    (
        "8/3k4/8/8/4p3/8/3P4/3K4 w - - 0 1",
        "pawns_face_in_white_half",
        true,
        false,
    ),
    // ... but White's pawn takes Black's at once, and the b-pawn wins
    // where the rook pawn drew.
    (
        "8/2k5/8/8/K7/1p6/P7/8 w - - 0 1",
        "pawns_face_in_white_half",
        false,
        true,
    ),
    // ... and blocked higher up, on the sixth, White's king wins the
    // blocker and stands in front of its pawn.
    (
        "k7/8/1p6/1P6/8/8/1K6/8 w - - 0 1",
        "pawns_face_in_white_half",
        false,
        true,
    ),
    // One pawn runs, the other is caught: the Réti study after 1.Kh7? h4!
    // (Black's h-pawn runs, Black's king watches the c-pawn), and the same
    // with the colours swapped.
    (
        "8/7K/k1P5/8/7p/8/8/8 w - - 0 1",
        "black_runs_and_catches",
        true,
        false,
    ),
    (
        "8/8/8/7P/8/K1p5/7k/8 b - - 0 1",
        "runs_and_catches",
        true,
        true,
    ),
    // The catching king's way crosses its own runner's path (Ke4 would
    // stand in front of the e-pawn): no count holds.
    (
        "8/p7/8/8/5K2/4P3/8/7k b - - 0 1",
        "runs_and_catches",
        false,
        false,
    ),
    // The other king attacks the runner.
    (
        "8/8/8/8/p7/8/6P1/1K5k b - - 0 1",
        "runs_and_catches",
        false,
        false,
    ),
    // One pawn runs, its king blockades the other: Kc2 already stands in
    // front of the c-pawn; from a1 it gets there as the pawn comes (each
    // push met by a king step, each king move by a push of the runner);
    // the same with the colours swapped.
    (
        "8/8/8/2p5/6P1/k7/2K5/8 w - - 0 1",
        "runs_and_blockades",
        true,
        true,
    ),
    (
        "8/8/8/2p5/6P1/8/8/K6k w - - 0 1",
        "runs_and_blockades",
        true,
        true,
    ),
    (
        "8/2k5/K7/6p1/2P5/8/8/8 b - - 0 1",
        "black_runs_and_blockades",
        true,
        false,
    ),
    // The blockading king's way crosses its own runner's file (Ke4):
    // Black mixes pushes and king moves, and it is a draw.
    (
        "8/8/7p/3K4/8/8/4P3/k7 b - - 0 1",
        "runs_and_blockades",
        false,
        false,
    ),
    // A queen against the pawn, the queen's king in front of it: the pawn
    // never queens.
    (
        "7Q/8/8/8/8/2p1k3/8/2K5 b - - 0 1",
        "queen_and_king_hold_the_pawn",
        true,
        true,
    ),
    // The king beside the queening square, the other king not guarding it.
    (
        "8/8/8/8/4k3/8/2pK4/6Q1 b - - 0 1",
        "queen_and_king_hold_the_pawn",
        true,
        true,
    ),
    // The stalemate trick: c1=Q+ Kxc1 and the cornered king has no move
    // (the queen's ray along the second rank opens as the king steps).
    (
        "8/8/8/8/8/8/2pKQ3/k7 b - - 0 1",
        "queen_and_king_hold_the_pawn",
        false,
        false,
    ),
    // Black's pawn on one shortest way of its king to e8 but not on every
    // one (Kb4-c5-d6 goes round it): the drawn KPK stands.
    (
        "8/8/8/8/2p5/1k6/4P3/1K6 w - - 0 1",
        "draws_without_the_black_pawn",
        true,
        false,
    ),
    // Against a rook pawn the corner has one narrow road: the pawn on d6
    // bars Kd6-c7-b8, and the white king shoulders it off Kd5-c6-b7.
    (
        "8/8/3p4/P3k3/K7/8/8/8 b - - 0 1",
        "draws_without_the_black_pawn",
        false,
        true,
    ),
    // Without Black's pawn the black king would walk beside the g-pawn
    // (Kb3-c4-d5-e6-f7, b4 barred by White's king) and meet it on g8; its
    // own pawn on e6 takes a square of that walk, and White wins.
    (
        "8/8/4p3/K7/8/k5P1/8/8 b - - 0 1",
        "draws_without_the_black_pawn",
        false,
        true,
    ),
    // Black takes White's last pawn.
    (
        "8/8/8/8/3p4/4P3/3k4/6K1 b - - 0 1",
        "black_takes_the_pawn",
        true,
        false,
    ),
    // White takes Black's pawn into a won KPK.
    (
        "8/8/8/3k4/8/2p5/2PK4/8 w - - 0 1",
        "takes_the_pawn_and_wins",
        false,
        false,
    ),
    (
        "8/8/2K5/1p6/2P5/8/8/6k1 w - - 0 1",
        "takes_the_pawn_and_wins",
        true,
        true,
    ),
    // White's king wins the b-pawn (Kc7-b6 or, if it runs, on its way
    // down), and Black's king, from h2, is never near enough to hold the
    // king and pawn ending left. From e2 it reaches b3 first: a draw.
    (
        "2K5/8/1p6/8/8/1P6/7k/8 w - - 0 1",
        "wins_the_pawn",
        true,
        true,
    ),
    (
        "2K5/8/1p6/8/8/1P6/4k3/8 w - - 0 1",
        "wins_the_pawn",
        false,
        false,
    ),
    // En passant: d2-d4 has just passed Black's c-pawn, which takes it
    // (cxd3, and Black's pawn runs). Without the right (the pawn has
    // stood on d4 a move or more), White wins.
    (
        "8/8/8/8/2pP4/K7/8/6k1 b - d3 0 1",
        "black_takes_the_pawn",
        true,
        false,
    ),
    (
        "8/8/8/8/2pP4/K7/8/6k1 b - - 0 1",
        "black_takes_the_pawn",
        false,
        true,
    ),
    // d7-d5 has just passed White's e-pawn: exd6 leaves a won KPK.
    (
        "8/8/8/3pP3/8/8/k7/4K3 w - d6 0 1",
        "takes_the_pawn_and_wins",
        true,
        true,
    ),
    (
        "8/8/8/3pP3/8/8/k7/4K3 w - - 0 1",
        "takes_the_pawn_and_wins",
        false,
        true,
    ),
    // Black's king takes the new queen, its own pawn still on the board:
    // White's lone king wins nothing. With the queen guarded by its king
    // it cannot.
    (
        "8/8/8/8/8/8/p1k5/1Q4K1 b - - 0 1",
        "black_takes_the_piece",
        true,
        false,
    ),
    (
        "8/8/8/8/8/2k5/pQ6/K7 b - - 0 1",
        "black_takes_the_piece",
        false,
        true,
    ),
    // The escorted pawn: White's king stands in the square of the c-pawn,
    // but Black's king on b2 guards c2 and c1, so the king can neither
    // take the pawn nor step in front of it; it queens first. With Black's
    // king on a2, c2 is unguarded, and the rule of the square holds.
    (
        "8/8/8/8/5P2/2p5/1k6/3K4 w - - 0 1",
        "black_queens_first",
        true,
        false,
    ),
    (
        "8/8/8/8/5P2/2p5/k7/3K4 w - - 0 1",
        "black_queens_first",
        false,
        true,
    ),
    // The winning zone: Black's bishop pawn reaches its seventh rank with
    // its king beside it, but White's king stands next to d2, the square
    // from which it helps the queen mate (the corner side, b2: the zone is
    // narrow), or within two steps of e2 with Black's king on the centre
    // side (d3). From f2, two steps off d2, the rule does not speak (White
    // wins another way). The rook pawn: White's king on e5 is four steps
    // from h1, seven files and ranks together.
    (
        "8/8/4P3/2p5/8/4K3/1k6/8 w - - 0 1",
        "queens_first",
        true,
        true,
    ),
    (
        "8/8/4P3/2p5/8/8/1k3K2/8 w - - 0 1",
        "queens_first",
        false,
        true,
    ),
    (
        "8/8/4P3/2p5/8/3k2K1/8/8 w - - 0 1",
        "queens_first",
        true,
        true,
    ),
    (
        "8/8/4P3/4K3/7p/8/7k/8 w - - 0 1",
        "queens_first",
        true,
        true,
    ),
    // Queen against queen, Black to move and not in check, its king in
    // the middle: a draw. On the edge with White's king two squares off
    // (the corner, the kings in opposition) the net is there: White's
    // queen mates or wins Black's with the king's help.
    (
        "3q4/8/8/8/8/3k4/8/Q3K3 b - - 0 1",
        "queen_against_queen_black_to_move",
        true,
        false,
    ),
    (
        "8/3q4/8/8/2Q5/8/8/k1K5 b - - 0 1",
        "queen_against_queen_black_to_move",
        false,
        true,
    ),
    // A rook against the queen (White's pawn underpromoted, Black's
    // queened), Black to move and not in check: the queen keeps out of
    // reach. In check from the rook along the file, the king must step
    // off it and the rook takes the queen behind: a skewer, and a win.
    (
        "3q4/8/8/8/8/3k4/8/R3K3 b - - 0 1",
        "lesser_piece_against_the_queen",
        true,
        false,
    ),
    (
        "3q4/8/8/8/8/3k4/8/3RK3 b - - 0 1",
        "lesser_piece_against_the_queen",
        false,
        true,
    ),
    // A knight against the pawn (White's pawn underpromoted): no mate
    // against a king off the rook file. With Black's king walled in on the
    // a-file by its own rook pawn, the knight and king can mate it, and
    // the rule says nothing.
    (
        "8/8/8/8/3k4/8/2p5/1NK5 w - - 0 1",
        "minor_piece_cannot_mate",
        true,
        false,
    ),
    (
        "8/8/8/8/8/p7/k7/1NK5 w - - 0 1",
        "minor_piece_cannot_mate",
        false,
        true,
    ),
    // A bishop against the pawn, Black's king off the rook file.
    (
        "8/8/8/8/8/8/p7/1k1K1B2 w - - 0 1",
        "minor_piece_cannot_mate",
        true,
        false,
    ),
    // A rook against the pawn on its seventh rank, the king beside it and
    // White's king far: the rook must give itself for the pawn. Not where
    // Black, in check, can only step onto the queening square, nor with its
    // king cornered beside a knight pawn, where a discovered check drives
    // it in front of the pawn.
    (
        "R7/8/8/8/8/8/2kp4/7K b - - 0 1",
        "rook_cannot_stop_the_pawn",
        true,
        false,
    ),
    (
        "8/8/8/2R5/8/8/3p4/K1k5 b - - 0 1",
        "rook_cannot_stop_the_pawn",
        false,
        true,
    ),
    (
        "8/8/R7/K7/8/8/1p6/k7 w - - 0 1",
        "rook_cannot_stop_the_pawn",
        false,
        true,
    ),
    // d7 g2 d8=Q g1=Q: the check Qd4+ runs on through the king on f2 to
    // its queen, but the king steps beside it (Kf1, Kg2), far from White's
    // king: the skewer only trades the queens.
    (
        "8/8/3P4/8/8/6p1/5k2/K7 w - - 0 1",
        "queen_against_queen",
        true,
        false,
    ),
    // e8=Q a1=Q: the check along the first rank skewers the king on c1
    // against its queen in the corner, and the one square beside the queen
    // off that rank, b2, is two steps from White's king: White wins.
    (
        "8/4P3/8/8/2K5/8/p7/2k5 w - - 0 1",
        "queen_against_queen",
        false,
        true,
    ),
    // The queen against the h-pawn on the seventh, its king beside it on
    // g2, White's king on a1 far outside the winning zone: even with the
    // move, the queen cannot stop it.
    (
        "2Q5/8/8/8/8/8/6kp/K7 w - - 0 1",
        "queen_cannot_stop_the_pawn",
        true,
        false,
    ),
    // The king in front of its rook pawn, in the corner, the queen to
    // move: Qf1 mates.
    (
        "8/8/8/8/8/8/4Q2p/K6k w - - 0 1",
        "queen_cannot_stop_the_pawn",
        false,
        true,
    ),
    // The f-pawn on the seventh, its king beside it on g2, White's king on
    // c1, a step from the winning zone: with the move it comes in time.
    (
        "8/8/8/8/8/8/Q4pk1/2K5 w - - 0 1",
        "queen_cannot_stop_the_pawn",
        false,
        true,
    ),
    // d7 h3 d8=Q h2: White queens first, but the h-pawn is on the seventh
    // beside its king on g2, and White's king on a1 is far from it.
    (
        "8/8/3P4/8/7p/8/6k1/K7 w - - 0 1",
        "queens_too_late",
        true,
        false,
    ),
    // a7 f3 a8=Q f2: the f-pawn on the seventh beside its king on g1.
    (
        "8/8/P7/8/5p2/8/8/K5k1 w - - 0 1",
        "queens_too_late",
        true,
        false,
    ),
    // The same with the king on g2: a7 f3 a8=Q, and the new queen pins the
    // f-pawn against it (a8-g2); it cannot step to the seventh.
    (
        "8/8/P7/8/5p2/8/6k1/K7 w - - 0 1",
        "queens_too_late",
        false,
        true,
    ),
    // White's king on a8 takes the a-pawn at once (Kxa7): not a race.
    (
        "K7/p7/8/8/2P5/8/8/1k6 w - - 0 1",
        "queens_too_late",
        false,
        true,
    ),
    // a8=Q c1=Q+: Black's new queen checks the king on b2 and is guarded
    // by its own on d2; White must step, and Black moves next: a draw.
    (
        "8/P7/8/8/8/8/1Kpk4/8 w - - 0 1",
        "queens_back_with_check",
        true,
        false,
    ),
    // The same two moves further back: a6 c3, both pawns push, and the
    // count and the check are the same (c1=Q+ along the first rank).
    (
        "8/8/P7/8/8/2p5/3k4/1K6 w - - 0 1",
        "queens_back_with_check",
        true,
        false,
    ),
    // Black's king on e1 does not guard c1: Kb2 (not d8=Q) stops the pawn,
    // and the king takes whatever it becomes.
    (
        "8/3P4/8/8/8/8/2p5/K3k3 w - - 0 1",
        "queens_back_with_check",
        false,
        true,
    ),
    // White's king beside the pawn on a7, unguarded, takes it at once.
    (
        "K7/p7/8/8/8/8/3P4/1k6 w - - 0 1",
        "queens_back_with_check",
        false,
        true,
    ),
];

#[test]
fn rules_fire_where_the_books_say_and_the_tables_agree() {
    for (fen, rule, fires, _) in EXAMPLES {
        assert_eq!(
            fired(fen).contains(&rule),
            fires,
            "{rule} on {fen}: {:?}",
            fired(fen)
        );
    }
    let Some(dir) = common::four_piece_tables("kpkp examples") else {
        return;
    };
    let tb = pecp::Tablebases::open_with_four_pieces(&[dir]).unwrap();
    for (fen, _, _, white_wins) in EXAMPLES {
        let pos = parse_chess(fen).unwrap();
        let w = tb.wdl(&pos).unwrap();
        let wins = match pos.turn() {
            shakmaty::Color::White => w == Wdl::Win,
            shakmaty::Color::Black => w == Wdl::Loss,
        };
        assert_eq!(wins, white_wins, "{fen}: {w:?}");
    }
}

use shakmaty::Position;

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let o = common::pecp(args);
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

const RETI: &str = "7K/8/k1P5/7p/8/8/8/8 w - - 0 1";

/// The Réti study: only Kg7 draws. pecp plays it by the idea (the king
/// heads for both pawns), and every other move is told as losing by the
/// tables.
#[test]
fn the_reti_study_is_played_by_the_idea() {
    let Some(dir) = common::four_piece_tables("kpkp reti") else {
        return;
    };
    let d = dir.to_str().unwrap();
    let (code, out, err) = run(&["analyse", "--json", RETI, "--tablebases", d]);
    assert_eq!(code, Some(0), "{err}");
    let a: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(a["chosen_san"], "Kg7", "{out}");
    // Black plays for the win here: the weights and the tables' column
    // speak for Black, and say so. Every move but Kg7 lets Black win.
    assert_eq!(a["pawn_side"], "black", "{out}");
    for m in a["moves"].as_array().unwrap() {
        let keeps = m["keeps_value"].as_bool().unwrap();
        assert_eq!(keeps, m["san"] == "Kg7", "{m}");
        assert_eq!(m["tablebase"]["pawn_side_wins"], !keeps, "{m}");
    }
    let (code, out, _) = run(&["analyse", RETI, "--tablebases", d]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Réti"), "{out}");
    assert!(out.contains("after the move, Black's view"), "{out}");
    assert!(out.contains("speak for Black"), "{out}");
    // Every move that loses is refuted in words, each by a rule's idea.
    for refuted in [
        "c7? loses: Kb7! and the black pawn runs and the black king catches the white pawn",
        "Kh7? loses: h4! and the black pawn runs and the black king catches the white pawn",
        "Kg8? loses: Kb6!",
    ] {
        assert!(out.contains(refuted), "{refuted} in {out}");
    }
    let moves = a["moves"].as_array().unwrap();
    for m in moves.iter().filter(|m| m["san"] != "Kg7") {
        assert!(m["refutation"].is_object(), "{m}");
    }
}

/// The race counted to the end: after f5 each pawn runs, White's queens
/// first and Black's on the very next move, with check to the king shut in
/// the corner (mate). The push races nowhere; the king steps out, and only
/// Ka2 keeps the draw, by the tables.
#[test]
fn no_push_into_a_race_the_other_pawn_ends_with_check() {
    let Some(dir) = common::four_piece_tables("kpkp race with check") else {
        return;
    };
    let d = dir.to_str().unwrap();
    let fen = "8/8/8/1p6/5P2/8/8/K1k5 w - - 0 1";
    let (code, out, err) = run(&["analyse", "--json", fen, "--tablebases", d, "--calc", "0"]);
    assert_eq!(code, Some(0), "{err}");
    let a: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(a["chosen_san"], "Ka2", "{out}");
    let moves = a["moves"].as_array().unwrap();
    let ka2 = moves.iter().find(|m| m["san"] == "Ka2").unwrap();
    let f5 = moves.iter().find(|m| m["san"] == "f5").unwrap();
    assert_eq!(ka2["keeps_value"], true, "{out}");
    assert_eq!(f5["keeps_value"], false, "{out}");
}

/// Calculation's no-win question ends where the rules, asked for the
/// other side, prove that side's win. Black wins by d3; after Kd2? e6!
/// White's pawn runs and queens first and its new queen stops Black's
/// pawn (a win for White the rules prove on the colour-swapped board), and
/// after Kd1? e6! the lines where Black's king steps aside end there too,
/// so both mistakes are refuted in words; the tables agree that after each
/// reply Black no longer wins.
#[test]
fn a_mistake_is_refuted_where_the_other_side_wins() {
    let Some(dir) = common::four_piece_tables("kpkp refuted by the other side's win") else {
        return;
    };
    let d = dir.to_str().unwrap();
    let fen = "8/8/8/4P3/3p4/8/8/K3k3 b - - 0 1";
    let (code, out, err) = run(&["analyse", "--json", fen, "--tablebases", d]);
    assert_eq!(code, Some(0), "{err}");
    let a: serde_json::Value = serde_json::from_str(&out).unwrap();
    let said = |san: &str| {
        a["explanation"]["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["san"] == san)
            .and_then(|m| m["sentence"].as_str())
            .unwrap_or_else(|| panic!("{san}: {out}"))
            .to_string()
    };
    let kd2 = said("Kd2");
    assert!(
        kd2.starts_with("Kd2? throws the win away: e6! and White wins."),
        "{kd2}"
    );
    let kd1 = said("Kd1");
    assert!(kd1.starts_with("Kd1? throws the win away: e6! "), "{kd1}");
    let tb = pecp::Tablebases::open_with_four_pieces(std::slice::from_ref(&dir)).unwrap();
    for mistake in ["Kd2", "Kd1"] {
        let mut pos = parse_chess(fen).unwrap();
        for san in [mistake, "e6"] {
            let m: shakmaty::san::San = san.parse().unwrap();
            let m = m.to_move(&pos).unwrap();
            pos.play_unchecked(m);
        }
        // Black to move: the tables give Black no win.
        assert_ne!(tb.wdl(&pos).unwrap(), Wdl::Win, "{mistake} e6");
    }
}

/// `analyse` and `line` with the judge: a race Black wins, told as
/// Black's win; the line stops where no book plays (a queen against a
/// pawn) with the tables' result.
#[test]
fn analyse_and_line_take_a_pawn_each() {
    let Some(dir) = common::four_piece_tables("kpkp analyse") else {
        return;
    };
    let d = dir.to_str().unwrap();
    let fen = "8/8/8/4k3/8/1K6/1P5p/8 w - - 0 1";
    let (code, out, err) = run(&["analyse", fen, "--tablebases", d]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Black wins"), "{out}");
    let (code, out, err) = run(&["line", "--format", "pgn", fen, "--tablebases", d]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("[Result \"0-1\"]"), "{out}");
    assert!(out.contains("[PecpTermination \"no_book\"]"), "{out}");
    // An en passant capture on the king's side (where the board is
    // mirrored to decide) and with the colours swapped: the move is the
    // capture, told in the user's colours.
    for (fen, capture) in [
        ("8/8/8/8/5Pp1/8/8/K6k b - f3 0 1", "gxf3"),
        ("8/8/8/5pP1/8/8/8/K6k w - f6 0 1", "gxf6"),
    ] {
        let (code, out, err) = run(&["analyse", "--json", fen, "--tablebases", d]);
        assert_eq!(code, Some(0), "{fen}: {err}");
        let a: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert!(
            a["moves"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["san"] == capture),
            "{fen}: {out}"
        );
        let (code, _, err) = run(&["line", fen, "--tablebases", d]);
        assert_eq!(code, Some(0), "{fen}: {err}");
    }
    // Without the tables: the rules alone, with the note.
    let (code, out, err) = run(&["analyse", fen]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Black wins"), "{out}");
    assert!(err.contains("no judge checks the rules here"), "{err}");
}

/// The words on the move played, in `analyse --json`'s analysis `a`.
fn first_move_words(a: &serde_json::Value) -> String {
    a["explanation"]["moves"][0]["sentence"]
        .as_str()
        .unwrap()
        .to_string()
}

/// `analyse` of `fen` in text prints `line`.
fn analyse_prints(fen: &str, line: &str) {
    let (code, out, err) = run(&["analyse", fen]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(line), "{out}");
}

/// `line --format json` of `fen` starts with `san`, calculation's move.
fn line_starts_by_calculation(fen: &str, san: &str) {
    let (code, out, err) = run(&["line", "--format", "json", fen]);
    assert_eq!(code, Some(0), "{err}");
    let l: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(l["plies"][0]["chooser"], "calculation", "{out}");
    assert_eq!(l["plies"][0]["san"], san, "{out}");
}

/// Calculation checks the selection's move: here the selection proposes
/// f4, the pawn's advance; calculation proves that it throws the win away
/// (Kb2! and the c-pawn, escorted by its king, queens first) and that Kc2 keeps it (the king
/// takes the c-pawn and a won king and pawn ending is left), so Kc2 is
/// played, and the tables agree. Without calculation the proposal stands.
#[test]
fn calculation_overrules_a_proposal_it_refutes() {
    let fen = "8/8/8/8/8/2p5/k4P2/3K4 w - - 0 1";
    let a = common::overruled(fen, "proved", "f4", Some("Kb2"), "Kc2");
    let o = &a["overruled"];
    assert_eq!(o["refutation"]["rule"], "black_queens_first", "{o}");
    assert_eq!(o["proof"]["rule"], "takes_the_pawn_and_wins", "{o}");
    let (code, out, _) = run(&["analyse", "--json", "--calc", "0", fen]);
    assert_eq!(code, Some(0));
    let plain: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(plain["chosen_san"], "f4", "{out}");
    assert!(plain["overruled"].is_null(), "{out}");
    line_starts_by_calculation(fen, "Kc2");
    by_the_tables(
        fen,
        "kpkp overruled",
        "win",
        &[("Kc2", true), ("f4", false)],
    );
}

/// A won position where the selection proposes e4 (the pawn's advance)
/// and calculation refutes nothing: it cannot prove e4 wins, but proves
/// Kh3 does (Kh3 Kb5 and White's king takes the h-pawn, a won king and
/// pawn ending left), so Kh3 is played, and the explanation says so; the
/// tables agree that Kh3 wins and e4 throws the win away.
#[test]
fn calculation_plays_the_move_it_proves_wins() {
    let fen = "8/8/8/8/k6p/4P3/7K/8 w - - 0 1";
    let a = common::overruled(fen, "proved_instead", "e4", None, "Kh3");
    let o = &a["overruled"];
    assert_eq!(o["proof"]["rule"], "takes_the_pawn_and_wins", "{o}");
    let said = first_move_words(&a);
    assert!(
        said.starts_with("Kh3: calculation proves it wins, and does not prove e4 does"),
        "{said}"
    );
    analyse_prints(
        fen,
        "calculation: e4 -> Kh3 (e4 not proved, Kh3 proved in 2)",
    );
    line_starts_by_calculation(fen, "Kh3");
    by_the_tables(
        fen,
        "kpkp proved instead",
        "win",
        &[("Kh3", true), ("e4", false)],
    );
}

/// A drawn position where the selection proposes Kg2: calculation proves
/// it does not win, proves nothing of whether it loses, and proves Ke2
/// does not (Ke2 stands in front of the d-pawn:
/// Black's pawn alone is a drawn KPK, and White's pawn does not change
/// it), so Ke2 is played; the tables agree that Ke2 holds and Kg2 loses.
#[test]
fn calculation_holds_the_draw_a_move_proved_not_to_win_risks() {
    let fen = "8/8/8/3k4/3p4/8/5P2/5K2 w - - 0 1";
    let a = common::overruled(fen, "holds", "Kg2", None, "Ke2");
    let o = &a["overruled"];
    assert_eq!(o["proof"]["rule"], "draws_without_the_black_pawn", "{o}");
    let said = first_move_words(&a);
    assert!(
        said.starts_with("Ke2: calculation proves it holds the draw, and Kg2 is proved not to win"),
        "{said}"
    );
    analyse_prints(
        fen,
        "calculation: Kg2 -> Ke2 (Kg2 proved not to win and not proved not to lose, \
             Ke2 proved not to lose in 1)",
    );
    a_draw_where(fen, "kpkp holds", &[("Ke2", true), ("Kg2", false)]);
}

/// A drawn position where the selection plays for White's win and
/// proposes c5: calculation proves, asking Black's question on the board
/// turned round, that it lets Black win (d2! and Black's pawn queens first)
/// and that Kc1 keeps Black from winning (Black's d-pawn alone is a drawn
/// KPK, and White's pawn does not change it), so Kc1 is played, in
/// `analyse` and in `line`, and the tables agree.
#[test]
fn calculation_asks_the_other_sides_question_too() {
    let fen = "8/8/8/8/2P5/1k1p4/8/1K6 w - - 0 1";
    let a = common::overruled(fen, "proved", "c5", Some("d2"), "Kc1");
    let o = &a["overruled"];
    let refuted = o["refutation"]["sentence"].as_str().unwrap();
    assert!(
        refuted.contains("the black pawn runs and queens first"),
        "{o}"
    );
    assert_eq!(o["proof"]["rule"], "draws_without_the_black_pawn", "{o}");
    let kept = o["proof"]["sentence"].as_str().unwrap();
    assert!(kept.contains("without the white pawn"), "{o}");
    line_starts_by_calculation(fen, "Kc1");
    a_draw_where(
        fen,
        "kpkp overruled, turned",
        &[("Kc1", true), ("c5", false)],
    );
}

/// A drawn position where the selection proposes e3 and no move is
/// proved to keep the draw: calculation proves e3 loses (Kd3! and Black's
/// king takes the pawn, leaving a won ending for the g-pawn), so it rules
/// e3 out and the selection's next choice, Ke1, which guards the pawn and
/// which it does not refute so, is played, with no proof claimed for it;
/// the tables agree that Ke1 holds and e3 and e4 lose.
#[test]
fn calculation_rules_out_a_move_it_proves_loses() {
    let fen = "8/6p1/8/8/8/2k5/4P3/3K4 w - - 0 1";
    let a = common::overruled(fen, "ruled_out", "e3", Some("Kd3"), "Ke1");
    assert!(a["overruled"]["proof"].is_null(), "{a}");
    let said = first_move_words(&a);
    assert!(said.contains("calculation rules out e3"), "{said}");
    analyse_prints(
        fen,
        "calculation: e3 -> Ke1 (e3 refuted in 2 plies, Ke1 not refuted)",
    );
    line_starts_by_calculation(fen, "Ke1");
    a_draw_where(
        fen,
        "kpkp ruled out",
        &[("Ke1", true), ("e3", false), ("e4", false)],
    );
}

/// A won position where the selection proposes a4 and no move is proved
/// to win: calculation proves a4 does not win (g4! and both pawns queen,
/// White only a move ahead: queen against queen), so it gives a4 up for
/// the selection's next move it proves does not lose and does not prove
/// fails to win, Kc1, which keeps the chances; the tables agree that Kc1
/// wins and a4 draws.
#[test]
fn calculation_keeps_the_chances_a_move_gives_up() {
    let fen = "7k/8/8/6p1/8/8/PK6/8 w - - 0 1";
    let a = common::overruled(fen, "chances", "a4", Some("g4"), "Kc1");
    assert!(a["overruled"]["proof"].is_null(), "{a}");
    let said = first_move_words(&a);
    assert!(said.contains("Kc1 keeps the chances"), "{said}");
    by_the_tables(fen, "kpkp chances", "win", &[("Kc1", true), ("a4", false)]);
    // The text names the pawn side's loss as one (the side playing for
    // the win here is Black, and Kc1 leaves it lost).
    let Some(dir) = common::four_piece_tables("kpkp chances, text") else {
        return;
    };
    let (code, out, err) = run(&["analyse", fen, "--tablebases", dir.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    let row = out.lines().find(|l| l.starts_with("  Kc1 ")).unwrap();
    assert!(row.contains("TB loss"), "{row}");
}

/// `analyse --json --calc 0` of `fen`, with the tables in `tables` if
/// given.
fn analysed(fen: &str, tables: Option<&str>) -> serde_json::Value {
    let mut args = vec!["analyse", "--json", "--calc", "0", fen];
    if let Some(d) = tables {
        args.extend(["--tablebases", d]);
    }
    let (code, out, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&out).unwrap()
}

/// With the 4-piece tables (if present): `fen` is a draw by them, and
/// each move of `keeps` keeps the value or not as it says.
fn a_draw_where(fen: &str, test: &str, keeps: &[(&str, bool)]) {
    by_the_tables(fen, test, "draw", keeps);
}

/// With the 4-piece tables (if present): `fen` is `wdl` for the side to
/// move by them, and each move of `keeps` keeps the value or not as it
/// says.
fn by_the_tables(fen: &str, test: &str, wdl: &str, keeps: &[(&str, bool)]) {
    let Some(dir) = common::four_piece_tables(test) else {
        return;
    };
    let a = analysed(fen, dir.to_str());
    assert_eq!(a["tablebase"]["wdl"], wdl, "{a}");
    for m in a["moves"].as_array().unwrap() {
        for &(san, kept) in keeps {
            if m["san"] == san {
                assert_eq!(m["keeps_value"], kept, "{m}");
            }
        }
    }
}

/// White, the side the rules find playing for the win, cannot win here:
/// c5 runs into e1=Q, and no rule proves a win after any move. Kxe2
/// leaves a king and pawn ending the KPK book proves drawn, and the
/// position with the colours swapped proves that Black cannot win it
/// either: a proved draw ranks above a move the rules judge no likely win
/// and cannot prove, so Kxe2 is chosen even without calculation. The
/// tables agree: Kxe2 keeps the draw, c5 loses.
#[test]
fn the_player_for_the_win_keeps_a_proved_draw() {
    let fen = "8/8/8/8/2P5/2k1K3/4p3/8 w - - 0 1";
    let a = analysed(fen, None);
    assert_eq!(a["chosen_san"], "Kxe2", "{a}");
    a_draw_where(fen, "kpkp proved draw", &[("Kxe2", true), ("c5", false)]);
}

/// A side the rules find likelier to win, whose every move they prove does
/// not win (one move ahead), holds the draw: h6 loses the race to d1=Q
/// with check, the king goes to stop the d-pawn instead. The tables agree.
#[test]
fn a_side_that_cannot_win_holds_the_draw() {
    let fen = "8/8/8/3k3P/8/3p4/8/K7 w - - 0 1";
    let a = analysed(fen, None);
    let chosen = a["chosen_san"].as_str().unwrap().to_string();
    assert!(chosen.starts_with('K'), "{a}");
    a_draw_where(
        fen,
        "kpkp holds the draw",
        &[(&chosen, true), ("h6", false)],
    );
}

/// A safe new queen is made at once: Black's king stands on the d-pawn's
/// queening square, so d1=Q is a move further off, and a8=Q wins where
/// the king moves do not (level 2: `queens`). But where the other pawn
/// would queen with check at once (a1=Q+ along the first rank), the king
/// stops it first: Kb2, and the b-pawn queens later.
#[test]
fn a_safe_queen_is_made_at_once() {
    let a = analysed("8/P7/8/8/8/8/3p4/K2k4 w - - 0 1", None);
    assert_eq!(a["chosen_san"], "a8=Q", "{a}");
    let b = analysed("8/1P6/7k/8/8/8/p7/2K5 w - - 0 1", None);
    assert_eq!(b["chosen_san"], "Kb2", "{b}");
    let Some(dir) = common::four_piece_tables("kpkp queens") else {
        return;
    };
    for (fen, keeps) in [
        (
            "8/P7/8/8/8/8/3p4/K2k4 w - - 0 1",
            [("a8=Q", true), ("Kb2", false)],
        ),
        (
            "8/1P6/7k/8/8/8/p7/2K5 w - - 0 1",
            [("Kb2", true), ("b8=Q", false)],
        ),
    ] {
        let a = analysed(fen, dir.to_str());
        assert_eq!(a["tablebase"]["wdl"], "win", "{a}");
        for m in a["moves"].as_array().unwrap() {
            for &(san, kept) in &keeps {
                if m["san"] == san {
                    assert_eq!(m["keeps_value"], kept, "{fen} {m}");
                }
            }
        }
    }
}

/// A new queen that gives check (level 2: `queens`) leaves the other
/// pawn no time to queen with check on the next move: the king it checks
/// must step first. White, holding the draw against the h-pawn, queens
/// with check at once rather than walk the king; the tables agree: only
/// a8=Q+ keeps the value.
#[test]
fn a_queen_made_with_check_is_safe_from_the_other_check() {
    let fen = "8/P7/8/8/8/5k2/7p/1K6 w - - 0 1";
    chosen_by_level_2(fen, "a8=Q+", "queens", ("win", &[]));
}

/// A queen behind the other pawn on its file covers that pawn's queening
/// square: the pawn leaves its square as it queens, and the queen takes
/// the new one. With both pawns on their seventh rank on the b-file,
/// b8=Q wins although b1=Q comes with check (Qxb1; a rook there wins
/// too, Rxb1); a king move lets Black queen first. The selection alone (level 2: `queens`) sees it.
#[test]
fn a_queen_behind_the_other_pawn_covers_its_queening_square() {
    let fen = "8/1P6/8/8/8/8/1p6/5K1k w - - 0 1";
    chosen_by_level_2(fen, "b8=Q", "queens", ("win", &["b8=R"]));
}

/// The Réti manoeuvre is for a king with two goals. A king that already
/// wins the race to its own pawn's key squares escorts it: it has one
/// goal, and the pawn moves up (only d6 wins, only d3 with the colours
/// swapped; the king moves let the other king in front).
#[test]
fn a_king_that_escorts_its_pawn_has_one_goal() {
    let cases = [
        ("2K5/8/6k1/3P3p/8/8/8/8 w - - 0 1", "d6"),
        ("8/8/8/8/3p3P/6K1/8/2k5 b - - 0 1", "d3"),
    ];
    for (fen, push) in cases {
        assert_eq!(analysed(fen, None)["chosen_san"], push, "{fen}");
    }
    let Some(dir) = common::four_piece_tables("kpkp escort") else {
        return;
    };
    for (fen, push) in cases {
        let a = analysed(fen, dir.to_str());
        for m in a["moves"].as_array().unwrap() {
            assert_eq!(m["keeps_value"], m["san"] == push, "{fen} {m}");
        }
    }
}

/// The king's way round the pawns (level 2: `king_near_the_enemy_pawn`):
/// with the g-pawns blocked, Kf3 and Kg3 stand as near g5 as the crow
/// flies, but from g3 the way to it (neither onto g4 nor onto f4 or h4,
/// which the pawn guards) is a step longer. The king takes a short way,
/// and the tables agree: Kf3 and Ke3 win, Kg3 only draws.
#[test]
fn the_king_goes_round_the_pawns() {
    use kpkp::program::way_to_the_pawn;
    use pecp::board::geometry::Sq;
    let (g5, g4) = (Sq(7, 5), Sq(7, 4));
    assert_eq!(way_to_the_pawn(Sq(6, 3), g5, false, g4), 3);
    assert_eq!(way_to_the_pawn(Sq(7, 3), g5, false, g4), 4);
    assert_eq!(way_to_the_pawn(Sq(8, 6), g5, false, g4), 1);
    let fen = "8/8/8/6p1/6P1/8/5K2/2k5 w - - 0 1";
    let a = analysed(fen, None);
    assert!(
        a["tournament"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["a"] == "f2g3"
                && t["b"] == "f2f3"
                && t["winner"] == "f2f3"
                && t["criterion"] == "king_near_the_enemy_pawn"),
        "{a}"
    );
    // Ke3, as near by the way round, shoulders Black's king off as well.
    assert_eq!(a["chosen_san"], "Ke3", "{a}");
    by_the_tables(
        fen,
        "kpkp way round",
        "win",
        &[("Kf3", true), ("Ke3", true), ("Kg3", false)],
    );
}

/// Where nothing else tells the moves apart, the king is the piece that
/// fights (level 2: `king_toward_the_pawns`, then `king_to_the_centre`).
/// With the g-pawn to hold and Black's king beside it, Ke1 heads for both
/// pawns, where g3 and Kc1 lose it; with Black's king in the corner
/// in front of its a-pawn, Kb1 and Kb2 free the pawn's way alike, and Kb2
/// stands nearer the centre. The tables agree: only Ke1 draws; Kb2 wins.
#[test]
fn the_king_goes_where_the_fight_is() {
    let cases = [
        (
            "8/8/8/5p2/8/3k4/6P1/3K4 w - - 0 1",
            "Ke1",
            "king_toward_the_pawns",
            "draw",
            &[][..],
        ),
        (
            "8/8/8/8/6K1/5P2/p7/k7 b - - 0 1",
            "Kb2",
            "king_to_the_centre",
            "win",
            &["Kb1"][..],
        ),
    ];
    for (fen, chosen, criterion, wdl, also) in cases {
        chosen_by_level_2(fen, chosen, criterion, (wdl, also));
    }
}

/// `king_toward_the_pawns` counts the pawns where they stood before the
/// move: b5 brings the pawn nearer Black's king, not the king nearer the
/// fight. Black, holding the draw, walks the king (Ke2) rather than push;
/// the tables agree: only Ke2 draws, b5 and b6 lose.
#[test]
fn a_push_does_not_bring_the_king_nearer_the_pawns() {
    let fen = "8/1p6/8/8/8/1P6/2K5/4k3 b - - 0 1";
    let a = analysed(fen, None);
    assert!(
        a["tournament"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["a"] == "e1e2"
                && t["b"] == "b7b5"
                && t["winner"] == "e1e2"
                && t["criterion"] == "king_toward_the_pawns"),
        "{a}"
    );
    chosen_by_level_2(fen, "Ke2", "king_toward_the_pawns", ("draw", &[][..]));
}

/// The selection alone plays `chosen` in `fen`, a level-2 match won by
/// `criterion` among the reasons, and by the tables `fen` is `wdl` for the
/// side to move and the moves that keep it are `chosen` and `also`.
fn chosen_by_level_2(fen: &str, chosen: &str, criterion: &str, (wdl, also): (&str, &[&str])) {
    let a = analysed(fen, None);
    assert_eq!(a["chosen_san"], chosen, "{a}");
    assert!(a["overruled"].is_null(), "{a}");
    let tournament = a["tournament"].as_array().unwrap();
    assert!(
        tournament
            .iter()
            .any(|t| t["criterion"] == criterion && t["winner"] == a["chosen"]),
        "{a}"
    );
    let keeps: Vec<(&str, bool)> = a["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let san = m["san"].as_str().unwrap();
            (san, san == chosen || also.contains(&san))
        })
        .collect();
    by_the_tables(fen, "kpkp level 2", wdl, &keeps);
}

/// Shouldering (level 2: `king_shoulders`): where two king steps near
/// the pawns alike, the one nearer the other king pushes it aside. With
/// the g-pawn to escort past Black's e-pawn, Kf6 keeps Black's king off
/// the g-pawn's path, where Ke6 and Kd6 let it in; with the b-pawn to hold
/// Black's d-pawn, Kf6 drives Black's king back, where Kf7 lets it through
/// to the b-pawn. The tables agree: only Kf6 wins, and only Kf6 draws.
#[test]
fn the_king_shoulders_the_other_aside() {
    let cases = [
        ("8/4K3/8/4p1Pk/8/8/8/8 w - - 0 1", "win"),
        ("8/6K1/8/3p4/1P3k2/8/8/8 w - - 0 1", "draw"),
    ];
    for (fen, wdl) in cases {
        chosen_by_level_2(fen, "Kf6", "king_shoulders", (wdl, &[]));
    }
}

/// A runner that comes second is no trump (level 1: `black_pawn_runs`
/// does not fire where White's pawn runs and queens first). White's
/// d-pawn queens next move; a step of Black's king off f1 lets the f-pawn
/// run, but only second, so the king steps weigh no better than f3, and
/// the push wins the tie: the f-pawn on its seventh with its king beside
/// it holds the queen. The tables agree: only f3 draws.
#[test]
fn a_runner_that_comes_second_is_no_trump() {
    let fen = "8/3P4/8/8/5p2/8/8/K4k2 b - - 0 1";
    assert!(!fired("8/3P4/8/8/5p2/8/4k3/K7 w - - 0 1").contains(&"black_pawn_runs"));
    chosen_by_level_2(fen, "f3", "pawn_advances", ("draw", &[]));
}

/// The king keeps off its own pawn's path (level 2:
/// `king_off_its_pawns_path`). White cannot win; its c-pawn is its
/// counterplay against the f-pawn. Kc5 stands in the c-pawn's way and
/// costs it the move the race needs; Ke5 keeps off it, nearer the f-pawn.
/// The tables agree: Kc5 loses, Ke5 draws.
#[test]
fn the_king_keeps_off_its_own_pawns_path() {
    let fen = "8/8/3K4/5p1k/8/2P5/8/8 w - - 0 1";
    chosen_by_level_2(
        fen,
        "Ke5",
        "king_off_its_pawns_path",
        ("draw", &["Ke7", "Kd7", "c4"]),
    );
}

/// Count before racing (level 2: `pawn_advances` is not for the side
/// playing for the win whose push leaves the other pawn, moving next,
/// queening first out of its king's reach). Here f6 leaves the e-pawn two
/// moves from queening, Black to move, and the white king outside its
/// square; the king goes for the pawn instead, and the selection plays it
/// itself, with no calculation. The tables agree: Kd3 wins, f6 only
/// draws.
#[test]
fn the_side_playing_for_the_win_counts_before_racing() {
    let fen = "8/8/8/5P2/k1K5/4p3/8/8 w - - 0 1";
    let a = analysed(fen, None);
    assert_eq!(a["chosen_san"], "Kd3", "{a}");
    let tournament = a["tournament"].as_array().unwrap();
    assert!(
        tournament.iter().all(|t| t["criterion"] != "pawn_advances"),
        "{a}"
    );
    by_the_tables(
        fen,
        "kpkp count before racing",
        "win",
        &[("Kd3", true), ("f6", false)],
    );
}

/// The Réti manoeuvre where the enemy king stands in its own pawn's way
/// (level 2: `king_heads_for_both_pawns`): the king steps aside and the
/// f-pawn runs, so Kg7, nearer both pawns, heads for them, where b5 only
/// sends the pawn into the black king's reach. The tables agree: Kg7
/// draws, b5 loses.
#[test]
fn the_reti_king_heads_for_both_pawns_past_the_other_king() {
    let fen = "7K/5p2/8/8/1P3k2/8/8/8 w - - 0 1";
    let a = analysed(fen, None);
    assert_eq!(a["chosen_san"], "Kg7", "{a}");
    let tournament = a["tournament"].as_array().unwrap();
    assert!(
        tournament
            .iter()
            .any(|t| t["winner"] == "h8g7" && t["criterion"] == "king_heads_for_both_pawns"),
        "{a}"
    );
    a_draw_where(
        fen,
        "kpkp reti past the king",
        &[("Kg7", true), ("b5", false)],
    );
}

/// The side playing for the win keeps its chances rather than settle for
/// a draw, with no calculation: f5 is proved to let the h-pawn queen first
/// (no win), Ke3 and Ke4 are proved nothing. Ke3 shoulders Black's king
/// off the way to the f-pawn where Ke4 leaves it (level 2:
/// `king_shoulders`), and Ke3 is preferred to f5, which is proved not to
/// win (`not_proved_against_mover`). The tables agree: only Ke3 wins, f5
/// draws, Ke4 loses (Ke2! and the h-pawn queens first with check).
#[test]
fn calculation_keeps_the_chances_rather_than_settle_for_a_draw() {
    let fen = "8/8/8/8/3K1P1p/8/8/3k4 w - - 0 1";
    let a = analysed(fen, None);
    assert_eq!(a["chosen_san"], "Ke3", "{a}");
    assert!(a["overruled"].is_null(), "{a}");
    let decided = |x: &str, y: &str, winner: &str, criterion: &str| {
        a["tournament"].as_array().unwrap().iter().any(|t| {
            t["a"] == x && t["b"] == y && t["winner"] == winner && t["criterion"] == criterion
        })
    };
    assert!(decided("d4e4", "d4e3", "d4e3", "king_shoulders"), "{a}");
    assert!(
        decided("d4e3", "f4f5", "d4e3", "not_proved_against_mover"),
        "{a}"
    );
    let said = first_move_words(&a);
    assert!(
        said.starts_with("Ke3 rather than f5: after f5, the race goes the other way"),
        "{said}"
    );
    by_the_tables(
        fen,
        "kpkp keeps the chances",
        "win",
        &[("Ke3", true), ("f5", false), ("Ke4", false)],
    );
}

/// The other side's question in level 2 (`not_proved_against_mover`):
/// Kb2 is proved not to win (Black's king takes the d-pawn before White's
/// can guard it), and the side playing for the win would rather keep its
/// chances; but d7 is proved to let Black win (Black's pawn queens first
/// and the new queen stops the d-pawn), asked on the board with the
/// colours swapped. Kb2 is played with no calculation, and
/// the tables agree: Kb2 draws, d7 loses.
#[test]
fn the_side_playing_for_the_win_does_not_gamble_a_draw_for_a_loss() {
    let fen = "8/8/3P4/6k1/8/K7/2p5/8 w - - 0 1";
    let a = analysed(fen, None);
    assert_eq!(a["chosen_san"], "Kb2", "{a}");
    let tournament = a["tournament"].as_array().unwrap();
    assert!(
        tournament.iter().any(|t| t["winner"] == "a3b2"
            && t["b"] == "d6d7"
            && t["criterion"] == "not_proved_against_mover"),
        "{a}"
    );
    // The words name that pairing (not the last one won), and what the
    // other side's question found: the black pawn queens first.
    let said = a["explanation"]["moves"][0]["sentence"].as_str().unwrap();
    assert!(
        said.starts_with("Kb2 rather than d7: after d7, Black wins. The race:"),
        "{said}"
    );
    a_draw_where(fen, "kpkp other question", &[("Kb2", true), ("d7", false)]);
}

/// The king stops the runner first (level 2): Black's h-pawn is caught
/// (White's king stands in its square, nearer h1 than Black's king), and
/// White's b-pawn runs unless Black's king steps into its square now. The
/// selection plays Kf7, not h5, and the tables agree: Kf7 is the one move
/// that draws.
#[test]
fn the_king_stops_the_runner_before_the_caught_pawn_moves() {
    let fen = "8/6k1/7p/4K3/1P6/8/8/8 b - - 0 1";
    let a = analysed(fen, None);
    assert_eq!(a["chosen_san"], "Kf7", "{a}");
    let tournament = a["tournament"].as_array().unwrap();
    assert!(
        tournament.iter().any(|t| t["winner"] == "g7f7"
            && (t["a"] == "h6h5" || t["b"] == "h6h5")
            && t["criterion"] == "king_stops_the_runner_first"),
        "{a}"
    );
    let said = a["explanation"]["moves"][0]["sentence"].as_str().unwrap();
    assert!(
        said.starts_with("Kf7 rather than h5: its king steps into the square"),
        "{said}"
    );
    a_draw_where(fen, "kpkp runner first", &[("Kf7", true), ("h5", false)]);
}

/// Pawns that meet (on one file, or on neighbouring files facing each
/// other) are in no race: a push only brings the pawn nearer the enemy
/// king and spends a spare tempo, so the king moves instead (level 2:
/// `pawn_advances` is for pawns that do not meet). The tables agree: the
/// king move holds the draw, the push loses.
#[test]
fn pawns_that_meet_race_nowhere() {
    let cases = [
        ("8/8/8/kp3K2/8/8/P7/8 w - - 0 1", "Ke4", "a3"),
        ("8/2p5/8/8/8/8/1kP5/4K3 w - - 0 1", "Kd2", "c4"),
    ];
    for (fen, king, _) in cases {
        assert_eq!(analysed(fen, None)["chosen_san"], king, "{fen}");
    }
    for (fen, king, push) in cases {
        a_draw_where(fen, "kpkp pawns meet", &[(king, true), (push, false)]);
    }
}

/// A push that leaves the pawn caught (ahead of its own king, in the other
/// king's square and nearer that king, and no win alone) is no race:
/// `pawn_advances` does not take it, and the king moves instead. The
/// tables agree: the king move holds the draw, the push loses.
#[test]
fn a_pawn_is_not_run_into_the_other_kings_reach() {
    let cases = [
        ("k7/8/7p/8/8/8/5P2/7K b - - 0 1", "Kb7", "h5"),
        ("8/8/8/2p5/8/3k3P/8/K7 w - - 0 1", "Kb2", "h4"),
    ];
    for (fen, king, push) in cases {
        let a = analysed(fen, None);
        assert_eq!(a["chosen_san"], king, "{fen}");
        let tournament = a["tournament"].as_array().unwrap();
        assert!(
            tournament.iter().all(|t| t["criterion"] != "pawn_advances"),
            "{a}"
        );
        a_draw_where(fen, "kpkp caught push", &[(king, true), (push, false)]);
    }
}

/// Every KPKP position, both sides to move, against the tables: the
/// deterministic rules are all sound, and the floors hold.
#[test]
fn the_sweep_over_every_position_holds_the_floors() {
    let Some(dir) = common::four_piece_tables("kpkp sweep") else {
        return;
    };
    let d = dir.to_str().unwrap();
    // The selection alone (calculation's check of the moves only adds to
    // the moves kept, as each of its proofs is sound; the README gives the
    // sweep with it).
    let ce = std::env::temp_dir().join(format!("pecp-kpkp-{}.epd", std::process::id()));
    let _ = std::fs::remove_file(&ce);
    let (code, out, err) = run(&[
        "validate",
        "--ending",
        "kpkp",
        "--json",
        "--calc",
        "0",
        "--tablebases",
        d,
        "--counterexamples",
        ce.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    // One EPD line for each move that throws the value away, its `am` a
    // legal move of that position.
    let lines = std::fs::read_to_string(&ce).unwrap();
    let _ = std::fs::remove_file(&ce);
    let lost =
        |c: &serde_json::Value| c["positions"].as_u64().unwrap() - c["sound"].as_u64().unwrap();
    assert_eq!(
        lines.lines().count() as u64,
        lost(&r["mover_in_won"]) + lost(&r["mover_in_drawn"])
    );
    for line in lines.lines().step_by(997) {
        let (epd, rest) = line.split_once(" am ").expect(line);
        let pos = parse_chess(&format!("{epd} 0 1")).expect(line);
        let san: shakmaty::san::San = rest.split(';').next().unwrap().parse().expect(line);
        assert!(san.to_move(&pos).is_ok(), "{line}");
    }
    assert_eq!(r["positions"], 14_872_176);
    assert_eq!(r["white_to_move"], 7_436_088);
    assert_eq!(
        r["truth"],
        serde_json::json!([4_950_998, 4_970_180, 4_950_998])
    );
    let det = &r["deterministic"];
    assert_eq!(det["positions"], det["sound"], "{det}");
    assert!(det["positions"].as_u64().unwrap() >= FLOOR_PROVED, "{det}");
    // Without calculation the proofs are the rules' own: the deterministic
    // verdicts at depth 0, and every other position unproved.
    let p = &r["proofs"];
    assert_eq!(p["calc"], 0, "{p}");
    assert_eq!(&p["rule"], det, "{p}");
    assert_eq!(p["by_depth"], serde_json::json!([det["positions"]]), "{p}");
    assert_eq!(
        p["unproved"].as_u64().unwrap() + det["positions"].as_u64().unwrap(),
        14_872_176,
        "{p}"
    );
    for rule in r["rules"].as_array().unwrap() {
        if rule["kind"] == "deterministic" {
            assert_eq!(rule["fired"], rule["agree"], "{rule}");
        }
    }
    let share =
        |c: &serde_json::Value| c["sound"].as_f64().unwrap() / c["positions"].as_f64().unwrap();
    assert!(
        share(&r["mover_in_won"]) >= FLOOR_WON,
        "{}",
        r["mover_in_won"]
    );
    assert!(
        share(&r["mover_in_drawn"]) >= FLOOR_DRAWN,
        "{}",
        r["mover_in_drawn"]
    );
}

/// The floors as measured: the verdicts a deterministic rule proves
/// (11,558,494, leaning on what the KPK book proves of each pawn alone),
/// and the moves with the selection alone (`--calc 0`): 0.985407 of the
/// wins kept (6,332,284 of 6,426,056) and 0.981950 of the draws (4,880,064
/// of 4,969,768).
const FLOOR_PROVED: u64 = 11_558_000;
const FLOOR_WON: f64 = 0.9854;
const FLOOR_DRAWN: f64 = 0.9819;

/// The book's every clause is a named idea: `pecp rules` counts no
/// cut-off fitted against the tables.
#[test]
fn the_book_has_no_fitted_clause() {
    let (code, out, err) = run(&["rules", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    let book = r["books"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "kpkp")
        .expect("the kpkp book is listed");
    assert_eq!(book["clauses"]["fitted"], 0, "{}", book["clauses"]);
    assert!(book["clauses"]["deterministic"].as_u64().unwrap() >= 15);
}

/// White's result by the tables (true: White wins).
fn white_wins(tb: &pecp::Tablebases, pos: &shakmaty::Chess) -> bool {
    let w = tb.wdl(pos).unwrap();
    match pos.turn() {
        shakmaty::Color::White => w == Wdl::Win,
        shakmaty::Color::Black => w == Wdl::Loss,
    }
}

/// What a promotion leaves (a queen against the other side's pawn, both
/// ways round, both sides to move), where calculation goes on: every
/// deterministic rule of the book that fires there agrees with the
/// tables. An eighth of the white king's squares, on the a- and e-files
/// of every other rank from the first, the corner among them (`cargo run
/// --release --example exceptions -- kpkp promoted` sweeps them all).
#[test]
fn what_a_promotion_leaves_is_judged_soundly() {
    use pecp::knowledge::evaluate::{Verdict, level1};
    use rayon::prelude::*;
    let Some(dir) = common::four_piece_tables("kpkp promoted") else {
        return;
    };
    let tb = pecp::Tablebases::open_with_four_pieces(&[dir]).unwrap();
    let book = &kpkp::BOOK;
    // The rook or bishop pawn that holds the queen (never a win), the
    // pawn the queen holds on its seventh, and the knight or centre pawn
    // she beats there (always one).
    let cannot = book.rules().id("queen_cannot_stop_the_pawn").unwrap();
    let holds = book.rules().id("queen_holds_the_seventh").unwrap();
    let beats = book.rules().id("queen_beats_the_centre_pawn").unwrap();
    let kings: Vec<shakmaty::Square> = shakmaty::Square::ALL
        .into_iter()
        .step_by(4)
        .filter(|s| u32::from(s.rank()) % 2 == 0)
        .collect();
    let (fired, by_rule, wrong): (u64, [u64; 3], Vec<String>) = kings
        .par_iter()
        .map(|&wk| {
            let (mut fired, mut by_rule, mut wrong) = (0u64, [0u64; 3], Vec::new());
            pecp::board::pawns::for_each_piece_against_pawn(
                wk.into(),
                shakmaty::Role::Queen,
                |pos| {
                    let e = level1(book, &Node::from_chess(&pos));
                    if !e.deterministic {
                        return;
                    }
                    fired += 1;
                    let wins = white_wins(&tb, &pos);
                    // Whichever rule decides, these two say the same.
                    for (i, (rule, says_win)) in [(cannot, false), (holds, true), (beats, true)]
                        .into_iter()
                        .enumerate()
                    {
                        if e.fired.contains(rule) {
                            by_rule[i] += 1;
                            if wins != says_win {
                                wrong.push(format!(
                                    "{} ({})",
                                    fen_of(&pos),
                                    book.rules().row(rule).id
                                ));
                            }
                        }
                    }
                    if (e.verdict() == Verdict::Win) != wins {
                        wrong.push(fen_of(&pos));
                    }
                },
            );
            (fired, by_rule, wrong)
        })
        .reduce(
            || (0, [0, 0, 0], Vec::new()),
            |mut a, mut b| {
                a.2.append(&mut b.2);
                (a.0 + b.0, [0, 1, 2].map(|i| a.1[i] + b.1[i]), a.2)
            },
        );
    eprintln!(
        "{fired} decided, the rook or bishop pawn holds in {}, the queen holds the seventh in {}, \
         the queen beats the knight or centre pawn in {}",
        by_rule[0], by_rule[1], by_rule[2]
    );
    assert!(fired > 1_000_000, "{fired}");
    // As measured: 3,771,372 decided; 4,799, 31,427 and 14,770 by the
    // three rules.
    assert!(by_rule[0] > 4_500, "{by_rule:?}");
    assert!(by_rule[1] > 31_000, "{by_rule:?}");
    assert!(by_rule[2] > 14_500, "{by_rule:?}");
    none_wrong("", &wrong);
}

/// Fails with the count and the first few of the positions found wrong.
fn none_wrong(what: &str, wrong: &[String]) {
    assert!(
        wrong.is_empty(),
        "{what}{} wrong, e.g. {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
}

/// Two threads' tallies of a sweep as one: two counts and the positions
/// found wrong.
fn merge_tallies(
    mut a: (u64, u64, Vec<String>),
    mut b: (u64, u64, Vec<String>),
) -> (u64, u64, Vec<String>) {
    a.2.append(&mut b.2);
    (a.0 + b.0, a.1 + b.1, a.2)
}

/// Every position of a `role` against the pawn (the attacker's pawn
/// underpromoted) that `keep` takes, the white king on the queen's side
/// (the other half is its mirror), both sides to move: how often `rule`
/// fires, how often White wins, and the positions where it fires and White
/// wins.
fn sweep_piece_rule(
    rule: &str,
    roles: &[shakmaty::Role],
    keep: fn(&shakmaty::Chess) -> bool,
) -> Option<(u64, u64, Vec<String>)> {
    use rayon::prelude::*;
    let dir = common::four_piece_tables(rule)?;
    let tb = pecp::Tablebases::open_with_four_pieces(&[dir]).unwrap();
    let book = &kpkp::BOOK;
    let rule = book.rules().id(rule).unwrap();
    let kings: Vec<shakmaty::Square> = shakmaty::Square::ALL
        .into_iter()
        .filter(|s| s.file() <= shakmaty::File::D)
        .collect();
    let tally = kings
        .par_iter()
        .map(|&wk| {
            let (mut fired, mut wins, mut wrong) = (0u64, 0u64, Vec::new());
            for &role in roles {
                pecp::board::pawns::for_each_piece_against_pawn(wk.into(), role, |pos| {
                    if pos.board().white().intersect(pos.board().pawns()).any() || !keep(&pos) {
                        return;
                    }
                    let white_wins = white_wins(&tb, &pos);
                    wins += u64::from(white_wins);
                    let e = pecp::knowledge::evaluate::level1(book, &Node::from_chess(&pos));
                    if e.fired.contains(rule) {
                        fired += 1;
                        if white_wins {
                            wrong.push(fen_of(&pos));
                        }
                    }
                });
            }
            (fired, wins, wrong)
        })
        .reduce(|| (0, 0, Vec::new()), merge_tallies);
    Some(tally)
}

/// Sweeps `rule` as [`sweep_piece_rule`] does and holds it: it fires more
/// than `fired` times, White wins more than `wins` of the positions swept,
/// and never where the rule fires.
fn holds_soundly(
    rule: &str,
    roles: &[shakmaty::Role],
    keep: fn(&shakmaty::Chess) -> bool,
    (fired, wins): (u64, u64),
) {
    let Some((n, w, wrong)) = sweep_piece_rule(rule, roles, keep) else {
        return;
    };
    eprintln!("{rule} fires in {n}; White wins in {w}");
    assert!(n > fired, "{n}");
    assert!(w > wins, "{w}");
    none_wrong("", &wrong);
}

/// A knight or bishop against the pawn, every position up to the mirror,
/// both sides to move: wherever `minor_piece_cannot_mate` fires, White
/// does not win, and where the tables say White wins (a king walled in by
/// its own rook pawn), it does not fire. It fires in every position but
/// the few wins (a knight wins 486 times, a bishop 264, over the whole
/// board; half of them here), each with the king walled in on the rook
/// file.
#[test]
fn a_minor_piece_against_the_pawn_is_judged_soundly() {
    use shakmaty::Role;
    let roles = [Role::Knight, Role::Bishop];
    holds_soundly(
        "minor_piece_cannot_mate",
        &roles,
        |_| true,
        (18_000_000, 300),
    );
}

/// A rook against the pawn on its seventh rank (the only rank
/// `rook_cannot_stop_the_pawn` speaks of), every position up to the
/// mirror, both sides to move: wherever the rule fires, White does not
/// win; and White does win in many of these positions (the rook's king
/// near, the defender's king in front of its pawn or cornered beside it).
#[test]
fn a_rook_against_the_pawn_on_the_seventh_is_judged_soundly() {
    use shakmaty::{Rank, Role};
    let on_the_seventh =
        |pos: &shakmaty::Chess| pos.board().pawns().first().unwrap().rank() == Rank::Second;
    let rule = "rook_cannot_stop_the_pawn";
    holds_soundly(rule, &[Role::Rook], on_the_seventh, (40_000, 100_000));
}

/// What a race leaves when both pawns queen, or White's underpromotes
/// and Black's queens (a queen, rook, bishop or knight against a queen,
/// both sides to move): every deterministic rule of the book that fires
/// there agrees with the tables. The white king on the triangle a1-d1-d4
/// stands for every position (a pawnless board has eight symmetries), so
/// this is all of them; both questions are in it for queen against queen,
/// a swap of colours being another such position.
#[test]
fn queen_against_queen_is_judged_soundly() {
    use pecp::knowledge::evaluate::{Verdict, level1};
    use rayon::prelude::*;
    use shakmaty::Role;
    use shakmaty::Square::*;
    let Some(dir) = common::four_piece_tables("kpkp queen against queen") else {
        return;
    };
    let tb = pecp::Tablebases::open_with_four_pieces(&[dir]).unwrap();
    let triangle = [A1, B1, C1, D1, B2, C2, D2, C3, D3, D4];
    let lesser = kpkp::BOOK
        .rules()
        .id("lesser_piece_against_the_queen")
        .unwrap();
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        let (fired, by_lesser, wrong): (u64, u64, Vec<String>) = triangle
            .par_iter()
            .map(|&wk| {
                let (mut fired, mut by_lesser, mut wrong) = (0u64, 0u64, Vec::new());
                pecp::board::pawns::for_each_piece_against_queen(wk.into(), role, |pos| {
                    let e = level1(&kpkp::BOOK, &Node::from_chess(&pos));
                    if !e.deterministic {
                        return;
                    }
                    fired += 1;
                    by_lesser += u64::from(e.fired.contains(lesser));
                    if (e.verdict() == Verdict::Win) != white_wins(&tb, &pos) {
                        wrong.push(pecp::board::position::fen_of(&pos));
                    }
                });
                (fired, by_lesser, wrong)
            })
            .reduce(|| (0, 0, Vec::new()), merge_tallies);
        eprintln!("{role:?}: {fired} decided, {by_lesser} by the lesser piece's rule");
        assert!(fired > 1_000_000, "{role:?}: {fired}");
        // The lesser piece's rule speaks where White has one, and only there.
        if role == Role::Queen {
            assert_eq!(by_lesser, 0, "{role:?}");
        } else {
            assert!(by_lesser > 1_000_000, "{role:?}: {by_lesser}");
        }
        none_wrong(&format!("{role:?}: "), &wrong);
    }
}

/// Right after a double step past the other pawn, which may take it en
/// passant (every such position, both colours, both questions): the
/// rules read the right, and every deterministic verdict agrees with the
/// tables, no rule contradicting the one that decides.
#[test]
fn en_passant_is_read_and_judged_soundly() {
    use pecp::board::position::{Orientation, epd_of, to_user};
    use pecp::knowledge::evaluate::{Verdict, level1};
    let Some(dir) = common::four_piece_tables("kpkp en passant") else {
        return;
    };
    let tb = pecp::Tablebases::open_with_four_pieces(&[dir]).unwrap();
    let (mut positions, mut decided, mut wrong) = (0u64, 0u64, Vec::new());
    pecp::board::pawns::for_each_en_passant(shakmaty::Bitboard::FULL, |pos| {
        for o in [Orientation::AsGiven, Orientation::Flipped] {
            let p = to_user(&pos, o);
            let node = Node::from_chess(&p);
            assert!(node.ep.is_some(), "{}", epd_of(&p));
            positions += 1;
            let e = level1(&kpkp::BOOK, &node);
            assert!(!e.conflict, "{}", epd_of(&p));
            if e.deterministic {
                decided += 1;
                if (e.verdict() == Verdict::Win) != white_wins(&tb, &p) {
                    wrong.push(epd_of(&p));
                }
            }
        }
    });
    assert_eq!(positions, 175_144);
    assert!(decided >= 153_892, "{decided}");
    none_wrong("", &wrong);
}

/// Proofs by calculation in KPKP: over a sample of positions, each proof
/// of at most 4 plies is legal, ends where a deterministic rule gives the
/// proved result, and the tables agree with that result at the start.
#[test]
fn proofs_by_calculation_are_legal_and_right() {
    use pecp::knowledge::calc::Calculator;
    use pecp::knowledge::evaluate::{Verdict, level1};
    let Some(dir) = common::four_piece_tables("kpkp calculation") else {
        return;
    };
    let tb = pecp::Tablebases::open_with_four_pieces(&[dir]).unwrap();
    let mut calc = Calculator::new(&level1, &kpkp::BOOK);
    let none = |_: &shakmaty::Chess| None;
    let (mut proved, mut deeper) = (0, 0);
    for p in pecp::board::pawns::all_positions(pecp::board::pawns::PawnEnding::Kpkp)
        .into_iter()
        .step_by(4_999)
    {
        let pos = p.chess();
        let Some(proof) = calc.prove(pos, 4, &none) else {
            continue;
        };
        let mut at = pos.clone();
        for m in &proof.line {
            assert!(
                at.is_legal(*m),
                "{m} in {}",
                pecp::board::position::fen_of(&at)
            );
            at.play_unchecked(*m);
        }
        assert_eq!(at, proof.end);
        let e = level1(&kpkp::BOOK, &Node::from_chess(&at));
        // The end is decided by a rule, or, for the no-win question, by
        // a rule that proves Black's win on the board with the colours
        // swapped.
        let turned =
            pecp::board::position::to_user(&at, pecp::board::position::Orientation::Flipped);
        let t = level1(&kpkp::BOOK, &Node::from_chess(&turned));
        let black_wins = t.deterministic && t.verdict() == Verdict::Win;
        assert!(
            (e.deterministic && e.verdict() == proof.verdict)
                || (!e.deterministic && black_wins && proof.verdict == Verdict::Draw)
        );
        let fen = pecp::board::position::fen_of(pos);
        assert_eq!(
            white_wins(&tb, pos),
            proof.verdict == Verdict::Win,
            "{fen}: {proof:?}"
        );
        proved += 1;
        deeper += usize::from(proof.depth >= 2);
    }
    assert!(
        proved > 1_500 && deeper > 100,
        "{proved} proved, {deeper} by 2 plies or more"
    );
}

/// Calculation's check of the moves and its proofs, over a shard of the
/// ending: every position with the white king on a1, c3, e5 or g7, every
/// other square of the long diagonal, from the corner to the centre
/// (927,484 positions; the whole ending with calculation takes minutes,
/// and the sweep above, `--calc 0`, takes it all). Every proof is right,
/// and so is every move calculation plays on a proof; the moves kept, the
/// proofs and the overrules of each kind hold the floors measured.
#[test]
fn calculation_checks_the_moves_of_a_shard() {
    let Some(dir) = common::four_piece_tables("kpkp calculation shard") else {
        return;
    };
    let tb = pecp::Tablebases::discover_with_four_pieces(Some(&dir))
        .unwrap()
        .unwrap();
    let opts = pecp::apps::pawn_validate::PawnOptions {
        kings: shakmaty::Bitboard(0x0040_0010_0004_0001),
        ..pecp::apps::pawn_validate::PawnOptions::every(pecp::board::pawns::PawnEnding::Kpkp, 4)
    };
    let r = pecp::apps::pawn_validate::run(&tb, opts).unwrap();
    assert_eq!(r.positions, 927_484);
    let p = &r.proofs;
    for c in [&p.rule, &p.moves, &p.calculation] {
        assert_eq!(c.positions, c.sound, "{p:?}");
    }
    let proved = p.rule.positions + p.moves.positions + p.calculation.positions;
    assert_eq!(proved + p.unproved, r.positions, "{p:?}");
    let share = |c: &pecp::apps::validate::Count| c.sound as f64 / c.positions as f64;
    let (won, drawn) = (r.mover_in_won.unwrap(), r.mover_in_drawn.unwrap());
    assert!(proved >= 821_500, "{p:?}");
    assert!(share(&won) >= 0.9952, "{won:?}");
    assert!(share(&drawn) >= 0.9938, "{drawn:?}");
    // How often calculation steps in measures how often the selection
    // errs, and falls as the selection gets better, so its counts have no
    // floor beyond showing that each kind of overrule still happens (the
    // shard has about eight thousand; each kind hundreds at least, as
    // measured: 7,769 overruled, 1,117 played on a proof, 589 holding the
    // draw, 1,768 ruling a losing move out, 1,162 keeping the chances).
    // What must hold is
    // the share of the moves played instead that keep the value: all of
    // those played on a proof. (A move ruled out leaves the selection's
    // next choice, unproved: 1,594 of the 1,768 keep the value. The better
    // the selection, the fewer and the harder the mistakes left for this
    // to catch, so its share is held loosely.)
    eprintln!(
        "proved {proved}, won {won:?}, drawn {drawn:?}; overruled {}, instead {:?}, holds {:?}, \
         ruled out {:?}, chances {:?}",
        r.overruled, r.proved_instead, r.holds, r.ruled_out, r.chances
    );
    assert!(r.overruled >= 5_000, "{}", r.overruled);
    let instead = &r.proved_instead;
    assert_eq!(instead.positions, instead.sound, "{instead:?}");
    assert!(instead.sound >= 1_000, "{instead:?}");
    for (kind, floor) in [(&r.holds, 0.94), (&r.ruled_out, 0.88), (&r.chances, 0.89)] {
        assert!(kind.sound >= 500 && share(kind) >= floor, "{kind:?}");
    }
}

/// The conversion of won positions (the target: every one): 1,000 of
/// them, spread over the ending, played out as `line` plays them
/// (calculation checking PECP's moves) against the tables' defence. A line
/// wins by mate, or where it stops (a queen against the pawn, two queens:
/// no book plays on) in a position the tables call won.
#[test]
fn won_positions_convert_in_lines() {
    let Some(dir) = common::four_piece_tables("kpkp playout") else {
        return;
    };
    let tb = pecp::Tablebases::discover_with_four_pieces(Some(&dir))
        .unwrap()
        .unwrap();
    let truth = pecp::judges::truth::Truth::new(Some(tb));
    let c =
        pecp::apps::pawn_playout::playouts(&truth, pecp::board::pawns::PawnEnding::Kpkp, 1000, 4)
            .unwrap();
    assert_eq!(c.won_positions, 4_950_998, "{c:?}");
    assert_eq!(c.lines, 1000, "{c:?}");
    assert_eq!(c.won, c.checkmate + c.judged_won, "{c:?}");
    assert_eq!(c.failures.len(), c.lines - c.won, "{c:?}");
    // As measured: 986 lines win (208 by mate, 778 stopped in a won
    // queen ending); the others lose the win on the way (the per-move
    // figure is 98.98%).
    assert!(c.won >= 986, "{c:?}");
}

/// `validate --ending kpkp --sample N --side S` sweeps about N positions
/// drawn by the seed, of that side to move only, the same ones whatever
/// the threads; the report says so, and the tables still judge each.
#[test]
fn validate_sweeps_a_seeded_sample_of_one_side() {
    let Some(dir) = common::four_piece_tables("kpkp sample") else {
        return;
    };
    let d = dir.to_str().unwrap();
    let sweep = |threads: &str, side: &str| {
        let (code, out, err) = run(&[
            "validate",
            "--ending",
            "kpkp",
            "--json",
            "--sample",
            "6000",
            "--seed",
            "7",
            "--side",
            side,
            "-j",
            threads,
            "--tablebases",
            d,
        ]);
        assert_eq!(code, Some(0), "{err}");
        let mut r: serde_json::Value = serde_json::from_str(&out).unwrap();
        r["elapsed_s"] = serde_json::Value::Null;
        r["threads"] = serde_json::Value::Null;
        r
    };
    let white = sweep("1", "white");
    assert_eq!(white, sweep("2", "white"));
    let n = white["positions"].as_u64().unwrap();
    assert!((2_000..4_000).contains(&n), "{n}");
    assert_eq!(white["white_to_move"], n);
    assert_eq!(
        (&white["sample"], &white["seed"]),
        (&6000.into(), &7.into())
    );
    assert_eq!(white["side"], "white");
    let truth: u64 = white["truth"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(truth, n);
    let black = sweep("2", "black");
    assert_eq!(black["white_to_move"], 0);
    assert!(black["positions"].as_u64().unwrap() > 2_000);
    let det = &black["deterministic"];
    assert_eq!(det["positions"], det["sound"], "{det}");
}

/// The side to move plays for the win where one of its moves leads to a
/// position the rules prove it wins, though the averaged rules on the
/// position itself find neither side winning: here f4, after which
/// White's king wins the f6-pawn into a king and pawn ending won wherever
/// Black's king goes (`wins_the_pawn`). The verdict reads as White's win,
/// proved one move ahead, not as "Black does not win"; the tables agree.
#[test]
fn a_move_proved_to_win_makes_the_mover_play_for_it() {
    let fen = "3K4/8/5p2/8/8/8/5P2/k7 w - - 0 1";
    let a = analysed(fen, None);
    assert_eq!(a["pawn_side"], "white", "{a}");
    assert!(a["evaluation"]["weight"].as_f64().unwrap() < 0.5, "{a}");
    assert_eq!(a["evaluation"]["verdict"], "win", "{a}");
    assert_eq!(a["evaluation"]["proved_by"], "moves", "{a}");
    assert_eq!(a["chosen_san"], "f4", "{a}");
    let f4 = a["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["san"] == "f4")
        .unwrap()
        .clone();
    let fired: Vec<&str> = f4["evaluation"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert!(fired.contains(&"wins_the_pawn"), "{f4}");
    by_the_tables(
        fen,
        "a move proved to win",
        "win",
        &[("f4", true), ("Kc7", true)],
    );
}
