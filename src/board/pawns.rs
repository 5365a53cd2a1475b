//! The pawn endings of four pieces beyond KPK: a pawn each (KPKP) and two
//! pawns against the lone king (KPPK), checked once and normalised the way
//! KPK is: in KPPK White holds the two pawns (the board mirrored and the
//! colours swapped when the user's Black does); KPKP, the same material on
//! both sides, is kept as given. An en passant right the input gives is
//! kept (shakmaty keeps it only where a capture is legal).

use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, File, FromSetup, Position, Rank, Role, Setup, Square,
};

use crate::board::position::Orientation;
use crate::error::{PecpError, Result};

/// Which of the two endings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PawnEnding {
    /// A pawn each.
    Kpkp,
    /// Two pawns against the lone king.
    Kppk,
}

impl PawnEnding {
    /// Both, in the order they are listed.
    pub const ALL: [PawnEnding; 2] = [PawnEnding::Kpkp, PawnEnding::Kppk];

    /// The short name (`kpkp`, `kppk`).
    pub fn name(self) -> &'static str {
        match self {
            PawnEnding::Kpkp => "kpkp",
            PawnEnding::Kppk => "kppk",
        }
    }

    /// The material in words.
    pub fn title(self) -> &'static str {
        match self {
            PawnEnding::Kpkp => "king and pawn against king and pawn",
            PawnEnding::Kppk => "king and two pawns against king",
        }
    }

    /// The refusal of a command that needs a book this ending lacks.
    pub fn no_book(self) -> PecpError {
        PecpError::Usage(format!(
            "{}: pecp has no book for this ending yet (pecp show draws it)",
            self.title()
        ))
    }

    /// The ending of this short name.
    pub fn named(name: &str) -> Option<PawnEnding> {
        PawnEnding::ALL.into_iter().find(|e| e.name() == name)
    }

    /// The ending a board's material makes, in the board's own colours:
    /// the kings, and two pawns besides them and nothing else (one each,
    /// or both of one colour). The colour holding KPPK's two pawns too.
    pub fn of_board(board: &shakmaty::Board) -> Option<(PawnEnding, Color)> {
        let kings = board.kings();
        if board.occupied().count() != 4 || (board.occupied() & !kings) != board.pawns() {
            return None;
        }
        if (kings & board.white()).count() != 1 || (kings & board.black()).count() != 1 {
            return None;
        }
        match (board.pawns() & board.white()).count() {
            1 => Some((PawnEnding::Kpkp, Color::White)),
            2 => Some((PawnEnding::Kppk, Color::White)),
            0 => Some((PawnEnding::Kppk, Color::Black)),
            _ => None,
        }
    }
}

/// A legal KPKP or KPPK position, normalised (KPPK: White holds the
/// pawns). The only ways to get one check legality: [`PawnPosition::new`]
/// from a legal shakmaty position, and [`all_positions`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PawnPosition {
    pos: Chess,
    ending: PawnEnding,
}

impl PawnPosition {
    /// The normalised position and the orientation that shows it in the
    /// user's colours, or `None` when `pos` is not one of these endings.
    pub fn new(pos: &Chess) -> Option<(PawnPosition, Orientation)> {
        let (ending, holder) = PawnEnding::of_board(pos.board())?;
        let orientation = match holder {
            Color::White => Orientation::AsGiven,
            Color::Black => Orientation::Flipped,
        };
        let pos = crate::board::position::to_user(pos, orientation);
        Some((PawnPosition { pos, ending }, orientation))
    }

    /// The position (normalised colours).
    pub fn chess(&self) -> &Chess {
        &self.pos
    }

    /// Which ending it is.
    pub fn ending(&self) -> PawnEnding {
        self.ending
    }

    /// White's pawns (one or two).
    pub fn white_pawns(&self) -> Bitboard {
        self.pos.board().pawns() & self.pos.board().white()
    }

    /// Black's pawn, in KPKP.
    pub fn black_pawn(&self) -> Option<Square> {
        (self.pos.board().pawns() & self.pos.board().black()).first()
    }
}

/// The squares a pawn may stand on: ranks 2 to 7.
const PAWN_SQUARES: Bitboard = Bitboard(0x00ff_ffff_ffff_ff00);

/// Every legal position of the ending, both sides to move, as
/// [`for_each_position`] gives them.
pub fn total(ending: PawnEnding) -> usize {
    match ending {
        PawnEnding::Kpkp => 14_872_176,
        PawnEnding::Kppk => 7_436_088,
    }
}

/// A seeded sample of an ending's positions: about one in `stride`, drawn
/// by a hash of the position and the seed, so that the same positions are
/// drawn whatever the threads and the order of the sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    seed: u64,
    stride: u64,
}

impl Sample {
    /// Every position.
    pub const ALL: Sample = Sample { seed: 0, stride: 1 };

    /// About `n` positions of `ending` (every one where `n` is at least
    /// their number), drawn by `seed`.
    pub fn about(ending: PawnEnding, n: usize, seed: u64) -> Sample {
        let stride = (total(ending) / n.max(1)).max(1) as u64;
        Sample { seed, stride }
    }

    /// Whether the sample holds `pos`.
    pub fn holds(self, pos: &Chess) -> bool {
        let b = pos.board();
        self.holds_men(b.white(), b.kings(), b.pawns(), pos.turn())
    }

    /// Whether the sample holds the position with White's men on `white`,
    /// the kings on `kings`, the pawns on `pawns` and `turn` to move: the
    /// same draw as [`Sample::holds`], before any position is built.
    fn holds_men(self, white: Bitboard, kings: Bitboard, pawns: Bitboard, turn: Color) -> bool {
        if self.stride == 1 {
            return true;
        }
        let key = white.0 ^ kings.0.rotate_left(17) ^ pawns.0.rotate_left(31);
        let key = key ^ u64::from(turn == Color::Black) ^ self.seed.rotate_left(7);
        crate::rng::mix(key).is_multiple_of(self.stride)
    }
}

/// Calls `f` with every legal position of the ending (no en passant
/// right), both sides to move: for KPPK White holds the pawns, for KPKP
/// each pawn is on its own side. The order is fixed: side to move, white
/// king, black king, then the pawns by square. `wk_from` limits the white
/// king to the squares of a set (for sharing the work among threads).
pub fn for_each_position(ending: PawnEnding, kings: Bitboard, f: impl FnMut(Chess)) {
    for_each_sampled(ending, kings, Sample::ALL, f);
}

/// [`for_each_position`], only the positions `sample` holds: the draw is
/// made from where the men stand, before a position is built.
pub fn for_each_sampled(
    ending: PawnEnding,
    kings: Bitboard,
    sample: Sample,
    mut f: impl FnMut(Chess),
) {
    for turn in [Color::White, Color::Black] {
        for wk in kings {
            for bk in Square::ALL {
                if wk.distance(bk) <= 1 {
                    continue;
                }
                let free = PAWN_SQUARES & !Bitboard::from(wk) & !Bitboard::from(bk);
                let both = Bitboard::from(wk) | Bitboard::from(bk);
                for (a, b) in pawn_pairs(ending, free) {
                    let white = match ending {
                        PawnEnding::Kpkp => Bitboard::from(wk) | Bitboard::from(a),
                        PawnEnding::Kppk => {
                            Bitboard::from(wk) | Bitboard::from(a) | Bitboard::from(b)
                        }
                    };
                    let pawns = Bitboard::from(a) | Bitboard::from(b);
                    if !sample.holds_men(white, both, pawns, turn) {
                        continue;
                    }
                    if let Some(pos) = legal(turn, wk, bk, ending, a, b) {
                        f(pos);
                    }
                }
            }
        }
    }
}

/// Calls `f` with every legal position of White's `piece` (a queen, or
/// what an underpromotion makes) against Black's queen, both sides to
/// move, the white king on a square of `kings`: what a race leaves when
/// both pawns queen, or White's underpromotes and Black's queens, where
/// calculation goes on. The white king on the ten squares of the triangle
/// a1-d1-d4 stands for every position: without pawns the board's eight
/// symmetries change nothing.
pub fn for_each_piece_against_queen(kings: Bitboard, piece: Role, mut f: impl FnMut(Chess)) {
    for turn in [Color::White, Color::Black] {
        for wk in kings {
            for bk in Square::ALL {
                for wq in Square::ALL {
                    for bq in Square::ALL {
                        let men = [wk, bk, wq, bq];
                        let clash = (0..4).any(|i| men[i + 1..].contains(&men[i]));
                        if wk.distance(bk) <= 1 || clash {
                            continue;
                        }
                        let mut setup = Setup::empty();
                        setup.board.set_piece_at(wk, Color::White.king());
                        setup.board.set_piece_at(bk, Color::Black.king());
                        setup.board.set_piece_at(wq, piece.of(Color::White));
                        setup.board.set_piece_at(bq, Color::Black.queen());
                        setup.turn = turn;
                        if let Ok(pos) = Chess::from_setup(setup, CastlingMode::Standard) {
                            f(pos);
                        }
                    }
                }
            }
        }
    }
}

/// Calls `f` with every legal position of a `piece` (a queen, or what an
/// underpromotion makes) against a pawn, both ways round (White's piece
/// against Black's pawn, and Black's piece against White's pawn), both
/// sides to move, the white king on a square of `kings`: what a promotion
/// in KPKP leaves, and where calculation goes on from it.
pub fn for_each_piece_against_pawn(kings: Bitboard, piece: Role, mut f: impl FnMut(Chess)) {
    for turn in [Color::White, Color::Black] {
        for wk in kings {
            for bk in Square::ALL {
                for q in Square::ALL {
                    for p in PAWN_SQUARES {
                        if wk.distance(bk) <= 1
                            || [bk, q, p].contains(&wk)
                            || bk == q
                            || bk == p
                            || q == p
                        {
                            continue;
                        }
                        for holder in [Color::White, Color::Black] {
                            let mut setup = Setup::empty();
                            setup.board.set_piece_at(wk, Color::White.king());
                            setup.board.set_piece_at(bk, Color::Black.king());
                            setup.board.set_piece_at(q, piece.of(holder));
                            setup.board.set_piece_at(p, holder.other().pawn());
                            setup.turn = turn;
                            if let Ok(pos) = Chess::from_setup(setup, CastlingMode::Standard) {
                                f(pos);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Calls `f` with every KPKP position right after a pawn's double step
/// past the other pawn, which may take it en passant (the capture legal),
/// the white king on a square of `kings`: White's step with Black to move,
/// and Black's with White to move.
pub fn for_each_en_passant(kings: Bitboard, mut f: impl FnMut(Chess)) {
    for (stepped, rank) in [(Color::White, 3), (Color::Black, 4)] {
        for wk in kings {
            for bk in Square::ALL {
                for file in 0..8u32 {
                    let to = Square::from_coords(File::new(file), Rank::new(rank));
                    for other in [file.wrapping_sub(1), file + 1] {
                        if other < 8 {
                            let beside = Square::from_coords(File::new(other), Rank::new(rank));
                            if let Some(pos) = after_double_step((wk, bk), (to, beside), stepped) {
                                f(pos);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The position with the kings on `wk`, `bk`, the pawn of `stepped` just
/// arrived on `to` by a double step, the other pawn `beside` it and the
/// other side to move, if it is legal and the capture en passant is too.
fn after_double_step(
    (wk, bk): (Square, Square),
    (to, beside): (Square, Square),
    stepped: Color,
) -> Option<Chess> {
    let back = |s: Square, n: i32| {
        s.offset(if stepped == Color::White {
            -8 * n
        } else {
            8 * n
        })
    };
    let (over, from) = (back(to, 1)?, back(to, 2)?);
    let taken = [wk, bk];
    if wk.distance(bk) <= 1 || [to, beside, over, from].iter().any(|s| taken.contains(s)) {
        return None;
    }
    let mut setup = Setup::empty();
    setup.board.set_piece_at(wk, Color::White.king());
    setup.board.set_piece_at(bk, Color::Black.king());
    setup.board.set_piece_at(to, stepped.pawn());
    setup.board.set_piece_at(beside, stepped.other().pawn());
    setup.turn = stepped.other();
    setup.ep_square = Some(over);
    let pos = Chess::from_setup(setup, CastlingMode::Standard).ok()?;
    pos.ep_square(shakmaty::EnPassantMode::Legal).map(|_| pos)
}

/// Every legal position of the ending, in [`for_each_position`]'s order.
pub fn all_positions(ending: PawnEnding) -> Vec<PawnPosition> {
    let mut out = Vec::new();
    for_each_position(ending, Bitboard::FULL, |pos| {
        out.push(PawnPosition { pos, ending });
    });
    out
}

/// The pawns' squares: KPKP (white pawn, black pawn) on distinct squares,
/// KPPK the unordered pairs.
fn pawn_pairs(ending: PawnEnding, free: Bitboard) -> Vec<(Square, Square)> {
    let mut pairs = Vec::new();
    for a in free {
        for b in free {
            let keep = match ending {
                PawnEnding::Kpkp => a != b,
                PawnEnding::Kppk => a < b,
            };
            if keep {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// The position if it is legal: the side not to move not in check, and
/// whatever else shakmaty checks.
fn legal(
    turn: Color,
    wk: Square,
    bk: Square,
    ending: PawnEnding,
    a: Square,
    b: Square,
) -> Option<Chess> {
    let mut setup = Setup::empty();
    setup.board.set_piece_at(wk, Color::White.king());
    setup.board.set_piece_at(bk, Color::Black.king());
    setup.board.set_piece_at(a, Color::White.pawn());
    let second = match ending {
        PawnEnding::Kpkp => Color::Black,
        PawnEnding::Kppk => Color::White,
    };
    setup.board.set_piece_at(b, second.pawn());
    setup.turn = turn;
    Chess::from_setup(setup, CastlingMode::Standard).ok()
}

/// The user's FEN, EPD or paper notation as a normalised pawn ending, the
/// orientation and the move counters.
///
/// # Errors
/// The text's own error ([`crate::board::position::parse_chess`] or the
/// paper notation's), or [`PecpError::NotPawnEnding`] naming the
/// material when it is legal chess but neither ending.
pub fn parse(text: &str) -> Result<(PawnPosition, Orientation)> {
    let pos = crate::board::position::parse_known_chess(text)?;
    PawnPosition::new(&pos).ok_or_else(|| PecpError::NotPawnEnding(material_words(pos.board())))
}

/// The material in words: "white: king, 2 pawns; black: king".
fn material_words(board: &shakmaty::Board) -> String {
    let side = |c: Color| {
        let mine = board.by_color(c);
        let mut parts = Vec::new();
        for role in Role::ALL.iter().rev() {
            let n = (board.by_role(*role) & mine).count();
            if n > 0 {
                let name = format!("{role:?}").to_lowercase();
                parts.push(if n == 1 { name } else { format!("{n} {name}s") });
            }
        }
        format!(
            "{}: {}",
            crate::board::position::color_name(c),
            parts.join(", ")
        )
    };
    format!("{}; {}", side(Color::White), side(Color::Black))
}

/// Any position a book plays, normalised, and how to show it: what
/// [`crate::board::position::parse_any`] reads (KPK, a queen or rook
/// against the king), two pawns against the king, or a pawn each, in any
/// notation. For a pawn each, `orient` says which colour plays for the win
/// (the knowledge module's `select::for_the_win`).
///
/// # Errors
/// The parse's error.
pub fn parse_playable(
    text: &str,
    orient: &dyn Fn(&Chess) -> Orientation,
) -> Result<(Chess, Orientation)> {
    match crate::board::position::parse_any(text) {
        Err(e @ PecpError::NotKpk(_)) => parse_pawn_book_ending(text, orient).unwrap_or(Err(e)),
        other => other,
    }
}

/// A pawn ending of four pieces that a book plays, normalised; `None`
/// when the text is not such an ending. KPPK: White holds the pawns. KPKP:
/// `orient` says which colour plays for the win (the colours are swapped
/// when it is Black), the position as given otherwise.
fn parse_pawn_book_ending(
    text: &str,
    orient: &dyn Fn(&Chess) -> Orientation,
) -> Option<Result<(Chess, Orientation)>> {
    let (p, o) = match parse(text) {
        Ok(found) => found,
        Err(PecpError::NotPawnEnding(_)) => return None,
        Err(e) => return Some(Err(e)),
    };
    Some(Ok(book_view(p, o, orient)))
}

/// A legal position in the user's colours, normalised as a book plays it
/// when it is a pawn ending of four pieces: KPPK with White holding the
/// pawns, KPKP with the colours swapped when `orient` says Black plays for
/// the win; the orientation that shows it. `None` for any other material.
pub fn playable_pawn_ending(
    pos: &Chess,
    orient: &dyn Fn(&Chess) -> Orientation,
) -> Option<(Chess, Orientation)> {
    let (p, o) = PawnPosition::new(pos)?;
    Some(book_view(p, o, orient))
}

/// The normalised position `p` (shown in `o`) as its book plays it.
fn book_view(
    p: PawnPosition,
    o: Orientation,
    orient: &dyn Fn(&Chess) -> Orientation,
) -> (Chess, Orientation) {
    match p.ending() {
        PawnEnding::Kppk => (p.pos, o),
        PawnEnding::Kpkp => {
            let o = orient(&p.pos);
            (crate::board::position::to_user(&p.pos, o), o)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_drawn_before_the_positions_are_built_is_the_same_draw() {
        let kings = Bitboard::from(Square::C3) | Bitboard::from(Square::H8);
        for ending in [PawnEnding::Kpkp, PawnEnding::Kppk] {
            let sample = Sample::about(ending, 20_000, 7);
            let mut all = Vec::new();
            for_each_position(ending, kings, |pos| {
                if sample.holds(&pos) {
                    all.push(pos);
                }
            });
            let mut drawn = Vec::new();
            for_each_sampled(ending, kings, sample, |pos| drawn.push(pos));
            assert!(all.len() > 100, "{ending:?}: {}", all.len());
            assert_eq!(drawn, all, "{ending:?}");
        }
    }

    #[test]
    fn endings_are_told_by_their_material() {
        let pos = |fen: &str| crate::board::position::parse_chess(fen).unwrap();
        let kpkp = pos("8/8/3k4/3p4/3P4/3K4/8/8 w - - 0 1");
        assert_eq!(
            PawnEnding::of_board(kpkp.board()),
            Some((PawnEnding::Kpkp, Color::White))
        );
        let (p, o) = PawnPosition::new(&pos("8/8/3k4/2pp4/8/3K4/8/8 w - - 0 1")).unwrap();
        assert_eq!((p.ending(), o), (PawnEnding::Kppk, Orientation::Flipped));
        assert_eq!(p.white_pawns().count(), 2);
        assert_eq!(p.chess().turn(), Color::Black);
        assert!(PawnPosition::new(&pos("8/8/3k4/8/3P4/3K4/8/8 w - - 0 1")).is_none());
        assert!(PawnPosition::new(&pos("8/8/3k4/3p4/3P4/3K4/8/7N w - - 0 1")).is_none());
    }

    #[test]
    fn two_black_pawns_are_played_colour_flipped_from_text_or_board() {
        let fen = "8/8/3k4/2pp4/8/3K4/8/8 w - - 0 1";
        let white_wins = |_: &Chess| Orientation::AsGiven;
        let (from_text, o) = parse_playable(fen, &white_wins).unwrap();
        assert_eq!(o, Orientation::Flipped);
        assert_eq!(from_text.board().pawns().count(), 2);
        assert!((from_text.board().pawns() & from_text.board().white()).count() == 2);
        let pos = crate::board::position::parse_chess(fen).unwrap();
        let (from_board, o2) = playable_pawn_ending(&pos, &white_wins).unwrap();
        assert_eq!((from_board, o2), (from_text, o));
    }

    #[test]
    fn material_is_named_when_refused() {
        let e = parse("8/8/3k4/3pp3/3P4/3K4/8/8 w - - 0 1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "not a pawn ending of four pieces (a pawn each, or two against the king): white: king, pawn; black: king, 2 pawns"
        );
    }
}
