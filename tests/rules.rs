//! Every level-1 rule: a textbook position where it fires and one where it
//! must not, with the source of the knowledge. Also: the program and
//! rules/weights.toml name the same rules in the same order, every rule the
//! program fires has its row, and the programs declare before they use.

use pecp::board::facts::Node;
use pecp::knowledge::books::kpk;
use shakmaty::{CastlingMode, Chess, fen::Fen};

fn node(fen: &str) -> Node {
    // Promoted positions are not KPK; read them straight from the FEN.
    match pecp::Input::parse(fen) {
        Ok(i) => Node::from_kpk(i.kpk),
        Err(_) => {
            let pos: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            Node::from_chess(&pos)
        }
    }
}

fn fired(fen: &str) -> Vec<String> {
    let book = kpk::BOOK.builtin_rules();
    kpk::BOOK
        .fires(&node(fen), book)
        .iter()
        .map(|r| book.row(r).id.clone())
        .collect()
}

/// (rule id, fires here, must not fire here); the comment above each row
/// names the source.
const CASES: &[(&str, &str, &str)] = &[
    // Rules of chess: a safe queen against a lone king (KQK) mates; a hanging one does not.
    (
        "absolute_win",
        "4Q3/8/4K3/8/8/8/8/k7 b - - 0 1",
        "8/8/8/8/8/8/1Q6/k6K b - - 0 1",
    ),
    // FIDE Laws 5.2: king against king is a draw.
    (
        "absolute_draw_material",
        "8/8/8/8/8/8/8/k6K b - - 0 1",
        "4Q3/8/4K3/8/8/8/8/k7 b - - 0 1",
    ),
    // Rules of chess: the black king takes an undefended new queen.
    (
        "absolute_draw_piece_lost",
        "8/8/8/8/8/8/1Q6/k6K b - - 0 1",
        "8/8/8/8/8/8/1Q6/k1K5 b - - 0 1",
    ),
    // The rules of chess: pawn e7, white king e6, black king e8, Black to move is stalemate.
    (
        "absolute_draw_stalemate",
        "4k3/4P3/4K3/8/8/8/8/8 b - - 0 1",
        "4k3/4P3/4K3/8/8/8/8/8 w - - 0 1",
    ),
    // The rules of chess: Black to move next to an undefended pawn takes it.
    (
        "pawn_falls",
        "8/8/8/8/3k4/3P4/8/6K1 b - - 0 1",
        "8/8/8/8/3k4/3P4/8/6K1 w - - 0 1",
    ),
    // Fine p. 7, the square of the pawn: h5 runs, a8 is far outside; b5 is inside.
    (
        "outside_square",
        "k7/8/8/7P/8/8/8/K7 w - - 0 1",
        "k7/8/8/1P6/8/8/8/K7 w - - 0 1",
    ),
    // Wikipedia "Key square": e6 is a key square of the e4 pawn. Not in the
    // knight-pawn stalemate trap (pawn b6, Kc7, Ka8, Black to move).
    (
        "king_on_key_square",
        "8/8/4K3/8/4P3/8/8/k7 b - - 0 1",
        "k7/2K5/1P6/8/8/8/8/8 b - - 0 1",
    ),
    // Fine pp. 8-9, the knight pawn on the sixth: pawn b6, black king a8,
    // white king c6, Black to move: Kb8 is forced, b7 follows; White to
    // move there has no waiting move and it is a draw.
    (
        "knight_pawn_corner_zugzwang",
        "k7/8/1PK5/8/8/8/8/8 b - - 0 1",
        "k7/8/1PK5/8/8/8/8/8 w - - 0 1",
    ),
    // Wikipedia KPK: the king two squares in front wins whoever moves; not
    // when the black king wins the pawn first (Kd6, Pd3, black Ke3).
    (
        "king_two_ahead",
        "8/8/3K4/8/8/3P4/8/7k b - - 0 1",
        "8/8/3K4/8/8/3Pk3/8/8 w - - 0 1",
    ),
    // Wikipedia KPK: the king in front of its pawn with the defender cut
    // off behind wins; with the defender in front it does not.
    (
        "defender_cut_off_behind",
        "8/8/8/8/3K4/3P4/2k5/8 w - - 0 1",
        "8/8/3k4/8/3K4/3P4/8/8 w - - 0 1",
    ),
    // Wikipedia KPK: a guarded pawn with the defender behind it walks in; with
    // the defender level with the pawn, not proved.
    (
        "defender_behind_pawn_guarded",
        "8/8/8/8/3P4/2K5/8/1k6 b - - 0 1",
        "8/8/8/8/k2P4/2K5/8/8 b - - 0 1",
    ),
    // Fine p. 7: the defender two ranks behind never catches the pawn, even
    // with the white king far away; one rank behind, not proved (it may
    // still reach the front).
    (
        "defender_left_behind",
        "8/8/8/8/3P4/8/1k6/7K w - - 0 1",
        "8/8/8/8/3P4/1k6/4K3/8 w - - 0 1",
    ),
    // Fine p. 7: the e2 pawn double-steps past the black king on a3, and the
    // white king on a5 keeps it from coming up; from a6, three ranks above,
    // the black king gets round it, not this rule.
    (
        "double_step_escapes_defender",
        "8/8/8/K7/8/k7/4P3/8 b - - 0 1",
        "8/8/K7/8/8/k7/4P3/8 b - - 0 1",
    ),
    // Fine p. 7: pawn d7, white king b6, black king b8 to move: c8 is
    // taken by the pawn, c7 by the king, and d8=Q follows; with the white
    // king on b5 the black king reaches c7 next to the queening square.
    (
        "pawn_runs_through",
        "1k6/3P4/1K6/8/8/8/8/8 b - - 0 1",
        "1k6/3P4/8/1K6/8/8/8/8 b - - 0 1",
    ),
    // Fine p. 7: the pawn between the kings, the defender far off on the
    // h-file; with both kings on the same side of the pawn, not this rule.
    (
        "defender_on_the_far_side",
        "7k/8/8/8/3P4/8/8/K7 w - - 0 1",
        "7k/8/8/8/3P4/8/8/7K w - - 0 1",
    ),
    // Wikipedia, King and pawn versus king endgame: king directly in front of a non-rook pawn on the 5th; not for a rook pawn.
    (
        "king_in_front_advanced",
        "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",
        "8/8/K7/P7/8/8/8/2k5 w - - 0 1",
    ),
    // Wikipedia "Opposition": king in front, direct opposition, Black to move wins; White to move does not.
    (
        "opposition_in_front",
        "8/8/3k4/8/3K4/3P4/8/8 b - - 0 1",
        "8/8/3k4/8/3K4/3P4/8/8 w - - 0 1",
    ),
    // Wikipedia "Opposition": distant opposition with the king in front, Black to move.
    (
        "distant_opposition_in_front",
        "3k4/8/8/8/3K4/3P4/8/8 b - - 0 1",
        "3k4/8/8/8/3K4/3P4/8/8 w - - 0 1",
    ),
    // Wikipedia, Opposition (chess): the spare pawn move regains the opposition, White to move.
    (
        "spare_tempo",
        "8/8/3k4/8/3K4/8/3P4/8 w - - 0 1",
        "8/8/3k4/8/3K4/8/3P4/8 b - - 0 1",
    ),
    // The rook pawn's defender first to the pawn (Fine pp. 7, 9): the black
    // king on e7, a move nearer the a3 pawn than the white king on a8 and
    // to move, takes it or gets in front of it (drawn). With White to move
    // the white king comes back in time (won).
    (
        "rook_pawn_defender_first",
        "K7/4k3/8/8/8/P7/8/8 b - - 0 1",
        "K7/4k3/8/8/8/P7/8/8 w - - 0 1",
    ),
    // The double step's key squares: e2-e4 puts the king on d6 on a key
    // square of the e4 pawn (won). With the black king on f4 the landing
    // square is covered: the pawn would fall there (drawn).
    (
        "double_step_to_key_square",
        "8/8/3K4/8/2k5/8/4P3/8 w - - 0 1",
        "8/8/3K4/8/5k2/8/4P3/8 w - - 0 1",
    ),
    // Counting tempi with the pawn on the 5th: the kings face each other on
    // the b-file, White to move; d5-d6 hands Black the move and the white
    // king comes to c6 (won). With the kings on the c-file the black king
    // touches d6 and goes in front of the pawn (drawn).
    (
        "tempo_step_to_sixth",
        "8/1k6/8/1K1P4/8/8/8/8 w - - 0 1",
        "8/2k5/8/2KP4/8/8/8/8 w - - 0 1",
    ),
    // Wikipedia, King and pawn versus king endgame: the defender two squares in front draws; on the 8th rank it need not.
    (
        "defender_in_front",
        "8/8/8/3k4/8/3P4/8/5K2 w - - 0 1",
        "3k4/8/3P4/8/8/8/8/5K2 w - - 0 1",
    ),
    // Wikipedia KPK: the defender ahead of the pawn wins it before the white
    // king comes back; with the white king one step away it does not.
    (
        "defender_wins_pawn",
        "8/8/8/8/4k3/3P4/8/K7 b - - 0 1",
        "8/8/8/8/3k4/3P4/2K5/8 w - - 0 1",
    ),
    // Wikipedia KPK: the defender in front of the pawn and nearer to it than
    // the attacking king draws; with the white king as near, not proved.
    (
        "defender_in_front_and_nearer",
        "8/8/8/3k4/8/3P4/8/7K w - - 0 1",
        "8/3k4/8/8/3K4/3P4/8/8 w - - 0 1",
    ),
    // Müller and Lamprecht (via Wikipedia KPK): defender in front, attacker
    // behind the pawn draws; with the attacker level with the pawn, not proved.
    (
        "defender_in_front_king_behind",
        "8/8/2k5/8/3P4/8/4K3/8 w - - 0 1",
        "8/8/2k5/8/3PK3/8/8/8 w - - 0 1",
    ),
    // Wikipedia "King and pawn versus king", rook pawn: the king on the file ahead draws.
    (
        "rook_pawn_blockade",
        "k7/8/8/8/8/P7/8/4K3 w - - 0 1",
        "1k6/8/8/8/8/1P6/8/4K3 w - - 0 1",
    ),
    // Fine p. 9: the black king ahead of the a-pawn on the b-file, the white
    // king behind: the corner is reached; with the white king ahead, not proved.
    (
        "rook_pawn_defender_ahead",
        "8/8/1k6/8/8/P7/K7/8 w - - 0 1",
        "8/8/1k6/8/K7/P7/8/8 w - - 0 1",
    ),
    // Fine p. 9: the king on b8 holds the a-pawn; far from an h-pawn it does not.
    (
        "rook_pawn_corner",
        "1k6/8/8/8/8/P7/8/4K3 w - - 0 1",
        "1k6/8/8/8/8/7P/8/4K3 w - - 0 1",
    ),
    // Wikipedia, King and pawn versus king endgame (rook pawn): king c8 holds the a-pawn, except pawn a6, Kb6, White to move (a7 wins).
    (
        "rook_pawn_c8",
        "2k5/8/8/8/8/P7/8/4K3 w - - 0 1",
        "2k5/8/PK6/8/8/8/8/8 w - - 0 1",
    ),
    // Wikipedia, King and pawn versus king endgame (rook pawn): king c7 holds a rook pawn on ranks 2-6; not a knight pawn.
    (
        "rook_pawn_c7",
        "8/2k5/8/8/P7/8/8/4K3 w - - 0 1",
        "8/2k5/8/8/1P6/8/8/4K3 w - - 0 1",
    ),
    // Fine p. 9: the white king shut in on a8 by the black king on c7.
    (
        "rook_pawn_king_shut_in",
        "K7/2k5/8/P7/8/8/8/8 w - - 0 1",
        "K7/4k3/8/P7/8/8/8/8 w - - 0 1",
    ),
    // Fine p. 9, lower down the file: Ka4 is answered by Kc5, and the white
    // king never reaches b5 (drawn). With the black king on c2, a rank
    // below and White to move, Kb4 gets out (won).
    (
        "rook_pawn_king_shut_in",
        "8/8/8/8/2k5/K7/P7/8 w - - 0 1",
        "8/8/8/8/8/K7/P1k5/8 w - - 0 1",
    ),
    // Wikipedia "Opposition": with White to move Black keeps the opposition and draws.
    (
        "opposition_held_low",
        "8/8/3k4/8/3K4/3P4/8/8 w - - 0 1",
        "8/8/3k4/8/3K4/3P4/8/8 b - - 0 1",
    ),
    // chessprogramming.org KPK recognisers: blockade, king behind, Black to move.
    (
        "blockade_king_behind",
        "8/8/8/8/3k4/3P4/3K4/8 b - - 0 1",
        "8/8/8/8/3k4/3P4/3K4/8 w - - 0 1",
    ),
    // chessprogramming.org: blockade, king diagonally behind, White to move.
    (
        "blockade_king_diagonal_behind",
        "8/8/8/8/3k4/3P4/2K5/8 w - - 0 1",
        "8/8/8/8/3k4/3P4/2K5/8 b - - 0 1",
    ),
    // chessprogramming.org: vertical opposition with the pawn beside the king, White to move.
    (
        "opposition_pawn_beside",
        "8/8/3k4/8/3KP3/8/8/8 w - - 0 1",
        "8/8/3k4/8/3KP3/8/8/8 b - - 0 1",
    ),
    // chessprogramming.org: king a rank behind, defender two ahead, not on the 8th.
    (
        "kings_behind_and_ahead",
        "8/8/3k4/8/3P4/3K4/8/8 w - - 0 1",
        "3k4/8/3P4/3K4/8/8/8/8 w - - 0 1",
    ),
    // PECP paper eq. (2): the white king visually closer to the square two ahead.
    (
        "king_can_drive",
        "3k4/8/8/8/4K3/3P4/8/8 w - - 0 1",
        "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
    ),
    // Wikipedia "Key square": the white king wins the race to e5.
    (
        "king_wins_key_square_race",
        "3k4/8/8/8/4K3/3P4/8/8 w - - 0 1",
        "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
    ),
    // Fine p. 8: the king ahead of its pawn.
    (
        "king_ahead_of_pawn",
        "3k4/8/8/8/4K3/3P4/8/8 w - - 0 1",
        "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
    ),
    // Wikipedia KPK: a king behind its pawn.
    (
        "king_behind_pawn",
        "3k4/8/8/8/8/3P4/4K3/8 w - - 0 1",
        "3k4/8/8/8/4K3/3P4/8/8 w - - 0 1",
    ),
    // Wikipedia "Opposition": the side not to move holds it.
    (
        "king_has_opposition",
        "8/8/3k4/8/3K4/3P4/8/8 b - - 0 1",
        "8/8/3k4/8/3K4/3P4/8/8 w - - 0 1",
    ),
    (
        "defender_has_opposition_in_front",
        "8/8/3k4/8/3K4/3P4/8/8 w - - 0 1",
        "8/8/3k4/8/3K4/3P4/8/8 b - - 0 1",
    ),
    // Wikipedia KPK: the rook pawn.
    (
        "rook_pawn",
        "k7/8/8/8/8/P7/8/4K3 w - - 0 1",
        "1k6/8/8/8/8/1P6/8/4K3 w - - 0 1",
    ),
    // Fine p. 7: the defender far from both pawn and queening square.
    (
        "defender_far_away",
        "8/8/8/8/4K3/3P4/8/k7 w - - 0 1",
        "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
    ),
    // Wikipedia KPK: the black king reaches the stop square first.
    (
        "defender_controls_stop_square",
        "8/8/8/3k4/8/3P4/8/6K1 w - - 0 1",
        "8/8/3k4/8/8/3PK3/8/8 w - - 0 1",
    ),
    // Wikipedia KPK: the blockader far ahead on the file.
    (
        "defender_blockades_far",
        "8/3k4/8/8/8/3P4/8/6K1 w - - 0 1",
        "8/8/8/3k4/8/3P4/8/6K1 w - - 0 1",
    ),
    // Fine p. 8: a safe pawn on the 5th.
    (
        "advanced_pawn",
        "8/8/8/3P4/8/8/8/k5K1 w - - 0 1",
        "8/8/8/8/3P4/8/8/k5K1 w - - 0 1",
    ),
    // Wikipedia KPK: the king leads its pawn, arriving first at the stop square.
    (
        "king_first_to_stop_square",
        "8/8/8/8/8/4K3/3P4/7k w - - 0 1",
        "8/8/8/8/3k4/8/3P4/4K3 w - - 0 1",
    ),
    (
        "king_guards_pawn_defender_behind",
        "8/8/8/8/8/4K3/3P4/7k w - - 0 1",
        "8/8/3k4/8/8/4K3/3P4/8 w - - 0 1",
    ),
    // Fine p. 7: the defender off to the side, the white king first in front of the pawn.
    (
        "defender_off_to_the_side",
        "8/8/8/8/7k/8/3P4/3K4 w - - 0 1",
        "8/8/8/8/4k3/8/3P4/3K4 w - - 0 1",
    ),
    // Fine p. 7: the defender behind the pawn, the white king first to it.
    (
        "defender_behind_king_first",
        "8/8/8/8/3P4/8/1k2K3/8 w - - 0 1",
        "8/8/8/3k4/3P4/8/8/5K2 w - - 0 1",
    ),
    // Müller and Lamprecht (via Wikipedia KPK): the defender in front, the attacker behind.
    (
        "defender_ahead_king_behind",
        "8/8/8/8/2k5/8/3P4/4K3 w - - 0 1",
        "8/8/8/8/2k5/4K3/3P4/8 w - - 0 1",
    ),
    // Fine pp. 7-9: the white king two moves ahead in both races, to the pawn and to the key squares.
    (
        "wins_both_races",
        "3k4/8/8/8/8/8/3P4/5K2 w - - 0 1",
        "8/2k5/8/8/8/8/3P4/5K2 w - - 0 1",
    ),
    // Fine pp. 8-9: the king behind its pawn steps up beside it, the defender two files off.
    (
        "king_behind_defender_off_file",
        "8/8/8/4k3/8/2P5/2K5/8 w - - 0 1",
        "8/8/8/3k4/8/2P5/2K5/8 w - - 0 1",
    ),
    // Fine p. 7: the defender four files away, the white king near the stop square.
    (
        "defender_far_to_the_side",
        "8/8/8/8/8/7k/3P4/1K6 w - - 0 1",
        "8/8/8/8/4k3/8/3P4/1K6 w - - 0 1",
    ),
    // Fine pp. 7-9: Black to move, the white king still first to the key squares.
    (
        "wins_key_square_race",
        "8/K3k3/8/8/8/8/P7/8 b - - 0 1",
        "8/K7/3k4/8/8/8/P7/8 b - - 0 1",
    ),
    // Fine pp. 7-9: the black king three moves ahead in the race to the key squares.
    (
        "defender_first_to_key_squares",
        "8/8/8/1k6/3P4/8/8/K7 w - - 0 1",
        "8/8/8/8/k2P4/8/2K5/8 w - - 0 1",
    ),
    // Fine p. 7: the white king on b8, five ranks above the defender next
    // to the d3 pawn; two ranks above, not this rule.
    (
        "attacker_far_above",
        "1K6/8/8/8/8/3Pk3/8/8 w - - 0 1",
        "8/8/8/1K6/8/3Pk3/8/8 w - - 0 1",
    ),
    // Rook pawn (Wikipedia KPK; Fine p. 9): the black king on b4 walks to
    // the corner by c5, c6 and c7, the white king on a1 too far to bar it;
    // from c3, with the white king on b5, its way up is barred.
    (
        "rook_pawn_reaches_corner",
        "8/8/8/8/Pk6/8/8/K7 w - - 0 1",
        "8/8/8/1K6/P7/2k5/8/8 w - - 0 1",
    ),
    // The black king on f8 walks along the back rank to c8 (e8, d8, c8):
    // the white king on f6 may follow but never step next to it. With the
    // white king on d7 the back rank is barred.
    (
        "rook_pawn_reaches_corner",
        "5k2/8/5K2/8/8/8/P7/8 w - - 0 1",
        "5k2/3K4/8/8/8/8/P7/8 w - - 0 1",
    ),
    // Key squares and shouldering (Fine pp. 7-9): the white king on f7
    // walks to d4 by e6 and e5 (or f6 and e5); the black king on g4 can
    // neither step next to it nor reach the c2 pawn in time (won). From g7
    // the walk is a move longer and the black king gets in front (drawn).
    (
        "king_shoulders_to_key_square",
        "8/5K2/8/8/6k1/8/2P5/8 w - - 0 1",
        "8/6K1/8/8/6k1/8/2P5/8 w - - 0 1",
    ),
    // Fine p. 7: the defender walks down to the blockade, the white king
    // too far off to bar its way; with the king on f3 it bars it.
    (
        "defender_reaches_blockade",
        "8/3k4/8/8/8/7K/3P4/8 b - - 0 1",
        "8/3k4/8/8/8/5K2/3P4/8 b - - 0 1",
    ),
    // The same, the white king shouldered off: it may not step next to
    // the black king on its way (1.Kd2 Kd4 2.Kc2 Kc4); from c2 it is in time.
    (
        "defender_reaches_blockade",
        "8/8/8/8/4k3/8/1P6/4K3 w - - 0 1",
        "8/8/8/8/4k3/8/1PK5/8 w - - 0 1",
    ),
    // Key squares, the pawn on the 5th: from f7 the black king walks to
    // the blockade on b6 or b7 and wins the race to the key squares
    // against the king on f5 (drawn); against the king on e5 the race is
    // even, and the white king gets to a key square first (won).
    (
        "defender_reaches_blockade",
        "8/5k2/8/1P3K2/8/8/8/8 b - - 0 1",
        "8/5k2/8/1P2K3/8/8/8/8 b - - 0 1",
    ),
    // Key squares: the white king has run three ranks past the defender, which guards them.
    (
        "attacker_gone_too_far",
        "3K4/8/8/1k6/3P4/8/8/8 w - - 0 1",
        "3K4/8/8/8/k2P4/8/8/8 w - - 0 1",
    ),
    // Fine p. 8: the white king on a2 level with its b2 pawn; on a3, not.
    (
        "king_level_with_pawn",
        "8/8/8/k7/8/8/KP6/8 w - - 0 1",
        "8/8/8/k7/8/K7/1P6/8 w - - 0 1",
    ),
    // Fine p. 7: the a-pawn runs, the white king on a8 in its way but far
    // above the defender on h1; with Black to move, not this rule.
    (
        "pawn_runs_king_steps_aside",
        "K7/8/8/8/P7/8/8/7k w - - 0 1",
        "K7/8/8/8/P7/8/8/7k b - - 0 1",
    ),
    // Wikipedia, Key square / Opposition: the kings on f3 and f7 would meet
    // above the key squares' rank (the 4th): Kf4 and White gets there
    // first, won. With the black king on f5 they meet on it: not this rule.
    (
        "king_first_to_key_rank",
        "8/5k2/8/8/8/5K2/1P6/8 w - - 0 1",
        "8/8/8/5k2/8/5K2/1P6/8 w - - 0 1",
    ),
    // Wikipedia, Key square / Opposition: Black holds the opposition on the
    // f-file and the kings would meet on the key squares' rank (the 4th):
    // drawn. With the black king on f7 they would meet above it, and White
    // gets to the key squares first: not this rule (won).
    (
        "opposition_bars_key_squares",
        "8/8/8/5k2/8/5K2/1P6/8 w - - 0 1",
        "8/5k2/8/8/8/5K2/1P6/8 w - - 0 1",
    ),
    // Capablanca, distant opposition: the kings on b2 and d6 stand on the
    // corners of a rectangle of one colour, the black king in front of the
    // d2 pawn on the white king's way: it keeps the opposition (drawn).
    // With the white king on c3, a file off the rectangle, Kc4 or Kd4
    // comes first (won).
    (
        "opposition_bars_key_squares",
        "8/8/3k4/8/8/8/1K1P4/8 w - - 0 1",
        "8/8/3k4/8/8/2K5/3P4/8 w - - 0 1",
    ),
    // Fine, the square of the pawn: the distant opposition on the g-file
    // bars the key squares of the b2 pawn five files away, the black king
    // on g7 inside its square (drawn). With the pawn on b4 and the kings on
    // g1 and g5, the black king stands outside the square and the pawn
    // runs (won).
    (
        "opposition_bars_key_squares",
        "8/6k1/8/8/8/8/1P6/6K1 w - - 0 1",
        "8/8/8/6k1/1P6/8/8/6K1 w - - 0 1",
    ),
    // Black to move takes the opposition: ...Kd5 against Kd3, in front of
    // the e2 pawn (drawn). From e7 no step reaches such a square (Ke4 and
    // White wins).
    (
        "defender_takes_opposition",
        "8/8/4k3/8/8/3K4/4P3/8 b - - 0 1",
        "8/4k3/8/8/8/3K4/4P3/8 b - - 0 1",
    ),
    // Corresponding squares: the black king on e6, a file nearer the b2
    // pawn than the white king on f2 and four ranks above it, answers every
    // step (drawn). Two ranks above, on e5 against f3, Ke3 takes the direct
    // opposition (won).
    (
        "defender_on_corresponding_square",
        "8/8/4k3/8/8/8/1P3K2/8 w - - 0 1",
        "8/8/8/4k3/8/5K2/1P6/8 w - - 0 1",
    ),
    // Black to move steps to that square: ...Ke6 against Kf2 (drawn, and
    // the only drawing move). Against the king on d2 no step reaches one
    // (won).
    (
        "defender_steps_to_corresponding_square",
        "8/8/5k2/8/8/8/1P3K2/8 b - - 0 1",
        "8/8/5k2/8/8/8/1P1K4/8 b - - 0 1",
    ),
    // Shouldering: the black king on d4, on the white king's file below it
    // and inside the square of the g3 pawn, walks to the pawn in the white
    // king's way (drawn). With the white king on e6 the black king is no
    // longer between it and the pawn (won).
    (
        "defender_between_king_and_pawn",
        "8/8/3K4/8/3k4/6P1/8/8 w - - 0 1",
        "8/8/4K3/8/3k4/6P1/8/8 w - - 0 1",
    ),
    // Black to move steps between: ...Kb5 against Ka7 and the e4 pawn
    // (drawn). Against Kb6 no step gets between (won).
    (
        "defender_steps_between",
        "8/K7/8/8/k3P3/8/8/8 b - - 0 1",
        "8/8/1K6/8/k3P3/8/8/8 b - - 0 1",
    ),
    // Dvoretsky ch. 1: level with the pawn, the white king behind it,
    // Black to move draws (...Ke3); White to move wins.
    (
        "defender_level_with_pawn",
        "8/8/8/5K2/8/2P2k2/8/8 b - - 0 1",
        "8/8/8/5K2/8/2P2k2/8/8 w - - 0 1",
    ),
    // Key squares: the black king on c5 next to b4, c4 and d4, the white
    // king on e3 unable to win the opposition in front of the c2 pawn
    // (drawn); from d3, diagonally in front of it, White to move, it can
    // (won). Four ranks ahead, on d6 against the d2 pawn, the black king
    // steps down in time against Kc1 (drawn) but not against Kc3 (won).
    (
        "defender_guards_key_squares",
        "8/8/8/2k5/8/4K3/2P5/8 w - - 0 1",
        "8/8/8/2k5/8/3K4/2P5/8 w - - 0 1",
    ),
    (
        "defender_guards_key_squares",
        "8/8/3k4/8/8/8/3P4/2K5 w - - 0 1",
        "8/8/3k4/8/8/2K5/3P4/8 w - - 0 1",
    ),
    // The black king walks from e8 to b5, in front of the key squares of
    // the b2 pawn, in three moves; the white king on g1 needs four to stand
    // beside its pawn (drawn). From f1 it needs three and wins the
    // opposition (won).
    (
        "defender_walks_in_front_of_key_squares",
        "4k3/8/8/8/8/8/1P6/6K1 w - - 0 1",
        "4k3/8/8/8/8/8/1P6/5K2 w - - 0 1",
    ),
    // Fine p. 9: Kb6 guards c7; the black king on d6 is two moves from c8,
    // and Kb7 comes first. From d7 it reaches c8 at once: not this rule.
    (
        "rook_pawn_corner_shut",
        "8/8/1K1k4/8/8/8/P7/8 b - - 0 1",
        "8/3k4/1K6/8/8/8/P7/8 b - - 0 1",
    ),
    // Rook pawn: Kb3, Kb4, ... up the b-file guards c7 before the black
    // king on d3 gets there (won); from d4 it is a move nearer (drawn).
    (
        "rook_pawn_corner_guarded_first",
        "8/8/8/8/8/3k4/PK6/8 w - - 0 1",
        "8/8/8/8/3k4/8/PK6/8 w - - 0 1",
    ),
    // Rook pawn, the black king beside the pawn: from c5 the white king is
    // nearer a3 and guards it in time (won); with the black king on c3
    // instead, as near as the white king, Kb3 wins the pawn (drawn).
    (
        "rook_pawn_defender_left_behind",
        "8/8/8/2K5/8/P2k4/8/8 b - - 0 1",
        "8/8/8/2K5/8/P1k5/8/8 b - - 0 1",
    ),
    // Kf3 faces the black king on f5, ahead of the b-pawn, and Black must
    // give way (won); with the black king on e5, e3 is two steps away and
    // Black keeps the white king out (drawn).
    (
        "king_takes_opposition_ahead",
        "8/8/8/5k2/8/6K1/1P6/8 w - - 0 1",
        "8/8/8/4k3/8/6K1/1P6/8 w - - 0 1",
    ),
    // White holds the opposition ahead of the b-pawn, Black to move, must
    // give way (won); with the white king level with its pawn on d2, Black
    // to move holds (drawn).
    (
        "king_holds_opposition_ahead",
        "8/8/8/3k4/8/3K4/1P6/8 b - - 0 1",
        "8/8/8/8/3k4/8/1P1K4/8 b - - 0 1",
    ),
    // The white king on a3, ahead of the c-pawn but two files off; on b3 it
    // stands next to the pawn's file: not this rule.
    (
        "king_ahead_off_to_the_side",
        "8/8/8/1k6/8/K7/2P5/8 w - - 0 1",
        "8/8/8/1k6/8/1K6/2P5/8 w - - 0 1",
    ),
    // The key squares of c2 are b4, c4 and d4: Kb4 in one move, and the
    // black king on e5 needs two to guard b4 (won). On c5 it guards all
    // three already: not this rule (White still wins, by other means).
    (
        "wins_race_to_a_key_square",
        "8/8/8/4k3/8/1K6/2P5/8 w - - 0 1",
        "8/8/8/2k5/8/1K6/2P5/8 w - - 0 1",
    ),
    // Fine p. 8: the c-pawn on the 6th guarded by its king, the black king
    // on e8, two files off: it cannot get in front (won); on d8, beside
    // the queening square, it can (drawn: Kc8).
    (
        "sixth_rank_pawn_safe",
        "4k3/8/2P5/2K5/8/8/8/8 b - - 0 1",
        "3k4/8/2P5/2K5/8/8/8/8 b - - 0 1",
    ),
    // Fine p. 7: Kd4 and Kxc4, the white king on g8 four moves from the
    // pawn, the black king two, and inside the pawn's square (drawn); with
    // the white king on f7, a move nearer: not this rule.
    (
        "defender_catches_pawn",
        "6K1/8/8/8/2P1k3/8/8/8 b - - 0 1",
        "8/5K2/8/8/2P1k3/8/8/8 b - - 0 1",
    ),
    // Fine p. 8: from c8 the black king takes the opposition on b8 and
    // draws; already on b8, it must give way (Kc8, Kb7) and loses.
    (
        "sixth_rank_opposition_draw",
        "2k5/8/1KP5/8/8/8/8/8 b - - 0 1",
        "1k6/8/1KP5/8/8/8/8/8 b - - 0 1",
    ),
    // Fine p. 8: with Black to move from c8 the black king must give way
    // (Kb8 b7); with White to move it faces the white king and holds.
    (
        "king_beside_pawn_on_sixth",
        "2k5/8/1PK5/8/8/8/8/8 b - - 0 1",
        "2k5/8/1PK5/8/8/8/8/8 w - - 0 1",
    ),
];

#[test]
fn every_rule_fires_on_its_textbook_position_and_not_on_the_other() {
    let mut failures = Vec::new();
    for (id, yes, no) in CASES {
        if !fired(yes).iter().any(|r| r == id) {
            failures.push(format!(
                "{id} does not fire on {yes} (fired: {:?})",
                fired(yes)
            ));
        }
        if fired(no).iter().any(|r| r == id) {
            failures.push(format!("{id} fires on {no}, where it must not"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_rule_has_a_test_case() {
    let book = kpk::BOOK.builtin_rules();
    for row in &book.rows {
        assert!(
            CASES.iter().any(|(id, _, _)| *id == row.id),
            "rule {} has no textbook test case",
            row.id
        );
    }
}

/// The ids in the order a Datalog program first names them with `head`
/// (`Fires("` or `Prefer("`), comments skipped.
fn ids_in_source_order(src: &str, head: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for line in src.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (i, _) in line.match_indices(head) {
            let id = line[i + head.len()..].split('"').next().unwrap_or("");
            if !ids.iter().any(|x| x == id) {
                ids.push(id.to_string());
            }
        }
    }
    ids
}

#[test]
fn scoring_rules_appear_in_the_program_in_priority_order() {
    let book = kpk::BOOK.builtin_rules();
    let in_book: Vec<String> = book.rows.iter().map(|r| r.id.clone()).collect();
    let in_program = ids_in_source_order(include_str!("../rules/position.rs"), "Fires(\"");
    assert_eq!(
        in_program, in_book,
        "rules/position.rs must name its rules in the order of rules/weights.toml"
    );
    let det = book
        .rows
        .iter()
        .filter(|r| r.kind == pecp::knowledge::weights::Kind::Deterministic)
        .count();
    assert!(det > 0 && det < book.rows.len(), "rules of both kinds");
}

#[test]
fn clause_counts_add_up_and_fitted_clauses_are_counted_honestly() {
    let book = kpk::BOOK.builtin_rules();
    let src = include_str!("../rules/position.rs");
    let heads = src
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(|l| l.matches("Fires(\"").count() as u32)
        .sum::<u32>();
    let c = pecp::report::rules::clause_counts(book);
    assert_eq!(
        c.clauses, heads,
        "every clause belongs to a rule of the book"
    );
    assert_eq!(c.deterministic + c.averaged, c.clauses);
    assert_eq!(c.textbook + c.fitted, c.deterministic);
    for r in &book.rows {
        assert!(r.clauses >= 1, "{} has no clause", r.id);
        assert!(r.fitted <= r.clauses, "{}: more fitted than clauses", r.id);
        if r.fitted > 0 {
            assert_eq!(
                r.kind,
                pecp::knowledge::weights::Kind::Deterministic,
                "{}",
                r.id
            );
            assert!(
                r.source.contains("fitted"),
                "{}: its source must say so",
                r.id
            );
        }
    }
    // The largest fitted rule, as the README reports it.
    let far = &book.rows[book.index_of("defender_far_to_the_side").unwrap()];
    assert_eq!((far.clauses, far.fitted), (10, 10));
    // Knowledge replaces fitted clauses, never the other way round: a
    // ceiling that only comes down.
    assert!(
        c.fitted <= FITTED_CEILING,
        "fitted clauses rose to {}",
        c.fitted
    );
}

/// The most clauses with a cut-off fitted against the solver the book may
/// hold (the rook pawn's way to the corner, counted move by move, retired
/// the corner race's fitted two-move margin; four plies of calculation,
/// proving every verdict without them, retired fifteen more).
const FITTED_CEILING: u32 = 30;

#[test]
fn criteria_appear_in_the_program_in_the_order_they_are_tried() {
    let listed: Vec<String> = kpk::BOOK.criteria().iter().map(|c| c.id.clone()).collect();
    let in_program = ids_in_source_order(include_str!("../rules/compare.rs"), "Prefer(\"");
    assert_eq!(
        in_program, listed,
        "rules/compare.rs must name its criteria in the order of rules/compare.toml"
    );
}

/// Relations a Datalog program declares (`struct Name`), with the line of
/// the declaration, and every line where a clause reads one of them.
fn check_declared_before_use(src: &str, file: &str) {
    let body = &src[src.find("crepe! {").expect("a crepe program")..];
    let mut declared: Vec<(String, usize)> = Vec::new();
    for (n, line) in body.lines().enumerate() {
        if let Some(rest) = line
            .trim_start()
            .strip_prefix("pub struct ")
            .or_else(|| line.trim_start().strip_prefix("struct "))
        {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
            declared.push((name, n));
        }
    }
    let mut late = Vec::new();
    for (n, line) in body.lines().enumerate() {
        if line.trim_start().starts_with("//") || line.contains("struct ") {
            continue;
        }
        for (name, at) in &declared {
            let used = line
                .match_indices(&format!("{name}("))
                .any(|(i, _)| i == 0 || !line.as_bytes()[i - 1].is_ascii_alphanumeric());
            if used && n < *at {
                late.push(format!("{name} (used on line {} of the program)", n + 1));
            }
        }
    }
    assert!(
        late.is_empty(),
        "{file}: relations used before they are declared: {late:?}"
    );
}

#[test]
fn relations_are_declared_before_they_are_used() {
    check_declared_before_use(include_str!("../rules/position.rs"), "rules/position.rs");
    check_declared_before_use(include_str!("../rules/compare.rs"), "rules/compare.rs");
}

#[test]
fn every_rule_the_program_fires_has_a_row() {
    // Every KPK position on the canonical half, and every position one move
    // later that is not KPK any more (a promotion or a capture).
    use shakmaty::Position;
    let book = kpk::BOOK.builtin_rules();
    let mut seen = std::collections::BTreeSet::new();
    for k in pecp::board::enumerate::all_positions() {
        if k.canonical() != k {
            continue;
        }
        seen.extend(kpk::fired_names(&Node::from_kpk(k)));
        let pos = k.to_chess();
        for m in pos.legal_moves() {
            if m.is_promotion() || m.is_capture() {
                let mut after = pos.clone();
                after.play_unchecked(m);
                seen.extend(kpk::fired_names(&Node::from_chess(&after).canonical()));
            }
        }
    }
    let without_row: Vec<_> = seen
        .iter()
        .filter(|id| book.index_of(id).is_none())
        .collect();
    assert!(
        without_row.is_empty(),
        "rules without a row in rules/weights.toml: {without_row:?}"
    );
    let never: Vec<_> = book
        .rows
        .iter()
        .filter(|r| !seen.contains(r.id.as_str()))
        .map(|r| &r.id)
        .collect();
    assert!(never.is_empty(), "rows whose rule never fires: {never:?}");
}

#[test]
fn weights_file_errors_name_the_row() {
    let bad = "[[rule]]\nid = \"x\"\nweight = 1.5\nkind = \"averaged\"\ndescription = \"\"\nsource = \"\"\ntheme = \"race\"\nsentence = \"\"\n";
    let e = kpk::BOOK.parse_rules(bad).unwrap_err();
    assert!(e.contains("rule x") && e.contains("outside [0, 1]"), "{e}");
}
