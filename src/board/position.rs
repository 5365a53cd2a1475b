//! Position in: FEN or the PECP paper's notation, checked once, normalised so
//! that the side with the pawn is White.
//!
//! A [`Kpk`] can only be built from a legal king-and-pawn-versus-king
//! position. The user's orientation (which colour holds the pawn) is kept in
//! [`Orientation`] so that moves, SAN and FEN are reported back the way the
//! user wrote them.

use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, Role, Setup, Square,
    fen::Fen, san::SanPlus, uci::UciMove,
};

use crate::error::{PecpError, Result, excerpt};

/// Which colour holds the pawn in the user's input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// The user's White has the pawn: nothing to translate.
    AsGiven,
    /// The user's Black has the pawn: the board was mirrored vertically and
    /// the colours swapped to normalise it.
    Flipped,
}

impl Orientation {
    /// A board turned `self`, then turned `next`: the two turns in one.
    pub fn then(self, next: Orientation) -> Orientation {
        if self == next {
            Orientation::AsGiven
        } else {
            Orientation::Flipped
        }
    }
}

/// A legal KPK position, normalised so that White has the pawn.
///
/// The fields are private: the only ways to get one are [`Kpk::new`],
/// which checks legality, and what is built from a `Kpk` or a legal
/// shakmaty position ([`Kpk::from_chess`], the symmetries), so a `Kpk` is
/// always a position that can arise in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kpk {
    wk: Square,
    wp: Square,
    bk: Square,
    turn: Color,
}

/// The dense index of a KPK position given by its squares (0-63) and side
/// to move (0 White, 1 Black): ((stm * 64 + wk) * 64 + bk) * 64 + wp. The
/// one layout of every table over KPK positions (the oracle's, validate's).
pub const fn packed_index(stm: usize, wk: usize, bk: usize, wp: usize) -> usize {
    ((stm * 64 + wk) * 64 + bk) * 64 + wp
}

/// The size of a dense table over [`packed_index`].
pub const TABLE_SIZE: usize = 2 * 64 * 64 * 64;

/// Whether a unit on this file (0 = a to 7 = h) stands on the half of the
/// board that is mirrored away: the canonical half is files a-d. Every
/// canonical form in pecp (of a [`Kpk`], of the rules' board, of a position
/// before a decision) asks this one question.
pub const fn on_mirrored_half(file: u32) -> bool {
    file >= 4
}

/// A position as the user gave it: the normalised KPK, the orientation, and
/// the move counters of the input.
#[derive(Debug, Clone)]
pub struct Input {
    /// The normalised position.
    pub kpk: Kpk,
    /// How to translate back to the user's colours.
    pub orientation: Orientation,
    /// Halfmove clock of the input (for the fifty-move rule).
    pub halfmoves: u32,
    /// Fullmove number of the input.
    pub fullmoves: u32,
}

impl Kpk {
    /// Builds a KPK position from squares, checking legality.
    ///
    /// # Errors
    /// Returns [`PecpError::Illegal`] when two pieces share a square, the pawn
    /// is on rank 1 or 8, the kings touch, or the side not to move is in check.
    pub fn new(wk: Square, wp: Square, bk: Square, turn: Color) -> Result<Kpk> {
        if wk == wp || wk == bk || wp == bk {
            return Err(PecpError::Illegal("two pieces on one square".into()));
        }
        let r = wp.rank().to_u32();
        if r == 0 || r == 7 {
            return Err(PecpError::Illegal("pawn on the first or last rank".into()));
        }
        if wk.distance(bk) <= 1 {
            return Err(PecpError::Illegal("the kings are adjacent".into()));
        }
        // The only check a lone king can suffer here is from the pawn.
        let pawn_checks = shakmaty::attacks::pawn_attacks(Color::White, wp).contains(bk);
        if pawn_checks && turn == Color::White {
            return Err(PecpError::Illegal(
                "the side not to move is in check".into(),
            ));
        }
        Ok(Kpk { wk, wp, bk, turn })
    }

    /// The pawn side's king.
    pub fn wk(self) -> Square {
        self.wk
    }

    /// The pawn, on ranks 2-7.
    pub fn wp(self) -> Square {
        self.wp
    }

    /// The defending king.
    pub fn bk(self) -> Square {
        self.bk
    }

    /// The side to move, in the normalised colours.
    pub fn turn(self) -> Color {
        self.turn
    }

    /// Its place in a dense table ([`packed_index`]).
    pub fn index(self) -> usize {
        packed_index(
            usize::from(self.turn == Color::Black),
            self.wk.to_usize(),
            self.bk.to_usize(),
            self.wp.to_usize(),
        )
    }

    /// The position as a shakmaty [`Chess`] position (normalised colours).
    pub fn to_chess(self) -> Chess {
        self.to_chess_with_counters(0, 1)
    }

    /// Like [`Kpk::to_chess`] with explicit move counters.
    pub fn to_chess_with_counters(self, halfmoves: u32, fullmoves: u32) -> Chess {
        let mut setup = Setup::empty();
        setup.board.set_piece_at(self.wk, Color::White.king());
        setup.board.set_piece_at(self.wp, Color::White.pawn());
        setup.board.set_piece_at(self.bk, Color::Black.king());
        setup.turn = self.turn;
        setup.halfmoves = halfmoves;
        setup.fullmoves = std::num::NonZeroU32::new(fullmoves.max(1)).expect("at least 1");
        Chess::from_setup(setup, CastlingMode::Standard)
            .expect("a checked KPK position is legal for shakmaty")
    }

    /// Reads the KPK squares from a normalised shakmaty position, if it is one.
    pub fn from_chess(pos: &Chess) -> Option<Kpk> {
        let board = pos.board();
        if board.occupied().count() != 3 {
            return None;
        }
        let wk = board.king_of(Color::White)?;
        let bk = board.king_of(Color::Black)?;
        let wp = (board.pawns() & board.white()).first()?;
        Kpk::new(wk, wp, bk, pos.turn()).ok()
    }

    /// Colour-flips the position (mirror vertically, swap colours and turn).
    /// The result has the pawn on Black's side, so it is not a [`Kpk`]; this
    /// gives the [`Chess`] position for it.
    pub fn flipped_chess(self) -> Chess {
        to_user(&self.to_chess(), Orientation::Flipped)
    }

    /// The position mirrored across the vertical axis (files a↔h).
    pub fn mirror_files(self) -> Kpk {
        Kpk {
            wk: self.wk.flip_horizontal(),
            wp: self.wp.flip_horizontal(),
            bk: self.bk.flip_horizontal(),
            turn: self.turn,
        }
    }

    /// The position with the pawn on files a-d (mirrored if it was on e-h).
    /// KPK is symmetric under this mirror, so both have the same value.
    pub fn canonical(self) -> Kpk {
        if on_mirrored_half(self.wp.file().to_u32()) {
            self.mirror_files()
        } else {
            self
        }
    }

    /// The paper's notation, e.g. `wk(5/3) wp(4/3) bk(4/6) white`.
    pub fn paper(self) -> String {
        format!(
            "wk({}) wp({}) bk({}) {}",
            xy(self.wk),
            xy(self.wp),
            xy(self.bk),
            color_name(self.turn)
        )
    }

    /// The paper's table row for generation `n`:
    /// `[0, wk(5/3), wp(4/3), bk(4/6), white]`.
    pub fn paper_row(self, n: usize) -> String {
        format!(
            "[{n}, wk({}), wp({}), bk({}), {}]",
            xy(self.wk),
            xy(self.wp),
            xy(self.bk),
            color_name(self.turn)
        )
    }
}

/// `X/Y` with file and rank counted from 1, as in the paper.
pub fn xy(sq: Square) -> String {
    format!("{}/{}", sq.file().to_u32() + 1, sq.rank().to_u32() + 1)
}

/// "white" or "black".
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl Input {
    /// Parses a FEN or the paper notation and checks that it is a legal KPK
    /// position.
    ///
    /// # Errors
    /// A [`PecpError`] whose message names the problem.
    ///
    /// # Examples
    /// ```
    /// let a = pecp::Input::parse("8/8/3k4/8/8/3PK3/8/8 w - - 0 1").unwrap();
    /// let b = pecp::Input::parse("wk(5/3) wp(4/3) bk(4/6) white").unwrap();
    /// assert_eq!(a.kpk, b.kpk);
    /// ```
    pub fn parse(text: &str) -> Result<Input> {
        // A byte-order mark is not part of the text, nor a trailing `# comment`.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let t = text.split('#').next().unwrap_or("").trim();
        if t.is_empty() {
            return Err(PecpError::EmptyInput);
        }
        if t.contains('(') {
            parse_paper(t)
        } else {
            parse_fen(&epd_as_fen(t)?)
        }
    }

    /// The position in the user's orientation, with the input's counters.
    pub fn user_chess(&self) -> Chess {
        to_user(
            &self
                .kpk
                .to_chess_with_counters(self.halfmoves, self.fullmoves),
            self.orientation,
        )
    }

    /// FEN in the user's orientation.
    pub fn fen(&self) -> String {
        fen_of(&self.user_chess())
    }

    /// The paper notation in the user's orientation (`bp` for a black pawn).
    pub fn paper(&self) -> String {
        paper_of(self.kpk, self.orientation)
    }
}

/// Paper notation of a normalised position shown in the user's orientation.
pub fn paper_of(kpk: Kpk, orientation: Orientation) -> String {
    match orientation {
        Orientation::AsGiven => kpk.paper(),
        Orientation::Flipped => format!(
            "bk({}) bp({}) wk({}) {}",
            xy(kpk.wk.flip_vertical()),
            xy(kpk.wp.flip_vertical()),
            xy(kpk.bk.flip_vertical()),
            color_name(!kpk.turn)
        ),
    }
}

/// A move as a non-zero number (from, to, promotion), for the tables that
/// remember a move per position.
pub fn move_code(m: Move) -> u32 {
    let promo = m.promotion().map_or(0, |r| r as u32);
    1 | (u32::from(m.from().map_or(0, u8::from)) << 1)
        | (u32::from(u8::from(m.to())) << 7)
        | (promo << 13)
}

/// The legal move of `pos` that [`move_code`] turned into `code`.
pub fn move_of_code(pos: &Chess, code: u32) -> Option<Move> {
    pos.legal_moves()
        .into_iter()
        .find(|&m| move_code(m) == code)
}

/// FEN of a position.
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// The four fields of `pos`'s FEN that an EPD line starts with (board,
/// side to move, castling, en passant).
pub fn epd_of(pos: &Chess) -> String {
    let fen = fen_of(pos);
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

/// Translates a normalised position to the user's orientation.
pub fn to_user(pos: &Chess, orientation: Orientation) -> Chess {
    match orientation {
        Orientation::AsGiven => pos.clone(),
        Orientation::Flipped => {
            let setup = pos.to_setup(EnPassantMode::Legal).into_mirrored();
            Chess::from_setup(setup, CastlingMode::Standard)
                .expect("mirroring a legal position keeps it legal")
        }
    }
}

/// Applies a square mapping (a board symmetry) to a move's squares.
pub fn map_move(m: Move, f: fn(Square) -> Square) -> Move {
    match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => Move::Normal {
            role,
            from: f(from),
            capture,
            to: f(to),
            promotion,
        },
        Move::EnPassant { from, to } => Move::EnPassant {
            from: f(from),
            to: f(to),
        },
        other => other,
    }
}

/// Translates a move between orientations (the mapping is its own inverse).
pub fn orient_move(m: Move, orientation: Orientation) -> Move {
    match orientation {
        Orientation::AsGiven => m,
        Orientation::Flipped => map_move(m, Square::flip_vertical),
    }
}

/// SAN (with check and mate suffix) and UCI of a normalised move, in the
/// user's orientation. `pos` is the normalised position before the move.
pub fn user_move_names(pos: &Chess, m: Move, orientation: Orientation) -> (String, String) {
    let user_pos = to_user(pos, orientation);
    let um = orient_move(m, orientation);
    let san = SanPlus::from_move(user_pos, um).to_string();
    let uci = UciMove::from_move(um, CastlingMode::Standard).to_string();
    (san, uci)
}

/// An EPD record (four FEN fields, then operations such as `bm Kd4;` or
/// `id "x";`) as a FEN: the halfmove clock and fullmove number from its
/// `hmvc` and `fmvn` operations, or 0 and 1. A full FEN comes back as it
/// is; a board alone is refused, as nothing says who is to move.
fn epd_as_fen(t: &str) -> Result<String> {
    let fields: Vec<&str> = t.split_whitespace().collect();
    if fields.len() == 1 {
        return Err(PecpError::BadFen(format!(
            "only the board is given, not the side to move (add \" w\" or \" b\") in {}",
            excerpt(t)
        )));
    }
    refuse_variants(&fields, t)?;
    let is_number = |i: usize| fields.get(i).is_some_and(|f| f.parse::<u32>().is_ok());
    if fields.len() <= 4 || (is_number(4) && (fields.len() == 5 || is_number(5))) {
        return Ok(t.to_string());
    }
    let ops = fields[4..].join(" ");
    let op = |name: &str| {
        ops.split(';')
            .map(str::trim)
            .find_map(|o| o.strip_prefix(name).map(str::trim))
            .and_then(|v| v.parse::<u32>().ok())
    };
    let (half, full) = (op("hmvc").unwrap_or(0), op("fmvn").unwrap_or(1));
    Ok(format!("{} {half} {full}", fields[..4].join(" ")))
}

/// Fields of other chess variants (a crazyhouse pocket, three-check's
/// counter) and counters too large for any game are refused, not ignored.
fn refuse_variants(fields: &[&str], t: &str) -> Result<()> {
    let bad = |why: &str| Err(PecpError::BadFen(format!("{why} in {}", excerpt(t))));
    if fields[0].contains('[') || fields[0].contains('~') {
        return bad("a crazyhouse pocket is not standard chess");
    }
    let three_check = |f: &&str| {
        f.split_once('+').is_some_and(|(a, b)| {
            !a.is_empty() && !b.is_empty() && (a.to_owned() + b).bytes().all(|c| c.is_ascii_digit())
        })
    };
    if fields[1..].iter().any(three_check) {
        return bad("a three-check counter is not standard chess");
    }
    let too_big = |f: &&str| f.bytes().all(|c| c.is_ascii_digit()) && f.parse::<u32>().is_err();
    if fields.iter().skip(4).take(2).any(too_big) {
        return bad("a move counter too large (at most 4294967295)");
    }
    Ok(())
}

/// A KPK or mating position, normalised (White has the pawn, or the queen
/// or rook), and how to show it: a KPK position in any notation
/// ([`Input::parse`]), or a king and queen or rook against king as FEN
/// ([`parse_mating`]). `board::pawns::parse_playable` adds two pawns
/// against the king.
///
/// # Errors
/// [`Input::parse`]'s error when the text is neither.
pub fn parse_any(text: &str) -> Result<(Chess, Orientation)> {
    match Input::parse(text) {
        Ok(input) => Ok((
            input
                .kpk
                .to_chess_with_counters(input.halfmoves, input.fullmoves),
            input.orientation,
        )),
        Err(e @ PecpError::NotKpk(_)) => match parse_mating(text) {
            Ok(Some(start)) => Ok(start),
            _ => Err(e),
        },
        Err(e) => Err(e),
    }
}

/// Any legal position of standard chess in FEN, EPD or the paper's
/// notation (which names kings and pawns, a pawn as often as there are
/// pawns of that colour), in the user's colours, with its counters.
///
/// # Errors
/// [`PecpError::EmptyInput`], [`PecpError::BadFen`],
/// [`PecpError::BadNotation`] or [`PecpError::Illegal`], said once.
pub fn parse_known_chess(text: &str) -> Result<Chess> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let t = text.split('#').next().unwrap_or("").trim();
    if t.is_empty() {
        return Err(PecpError::EmptyInput);
    }
    if !t.contains('(') {
        return parse_chess(&epd_as_fen(t)?);
    }
    let bad = |why: &str| PecpError::BadNotation(format!("{why} in {}", excerpt(t)));
    let (pieces, side) = paper_tokens(t, &bad)?;
    let mut setup = Setup::empty();
    setup.turn = side.ok_or_else(|| bad("missing side to move (white or black)"))?;
    for (name, sq) in pieces {
        if setup.board.piece_at(sq).is_some() {
            return Err(PecpError::Illegal("two pieces on one square".into()));
        }
        let color = if name.starts_with('w') {
            Color::White
        } else {
            Color::Black
        };
        let role = if name.ends_with('k') {
            Role::King
        } else {
            Role::Pawn
        };
        setup
            .board
            .set_piece_at(sq, shakmaty::Piece { color, role });
    }
    chess_of(setup)
}

/// The pieces of a position in the paper's style, in the colours of
/// `pos`: kings first, e.g. `wk(5/1) bk(4/5) bq(7/4) black`.
pub fn paper_any(pos: &Chess) -> String {
    let board = pos.board();
    let mut parts = Vec::new();
    for color in [Color::White, Color::Black] {
        let mut pieces: Vec<(u8, String)> = board
            .by_color(color)
            .into_iter()
            .filter_map(|sq| {
                let role = board.role_at(sq)?;
                let order = u8::from(role != Role::King);
                let c = if color == Color::White { 'w' } else { 'b' };
                Some((order, format!("{c}{}({})", role.char(), xy(sq))))
            })
            .collect();
        pieces.sort();
        parts.extend(pieces.into_iter().map(|(_, p)| p));
    }
    parts.push(color_name(pos.turn()).to_string());
    parts.join(" ")
}

/// A king and queen (or rook) against king, as FEN: the position
/// normalised so that White has the piece, and how to show it in the
/// user's colours. `None` when the FEN is good but not such an ending.
///
/// # Errors
/// As [`parse_chess`].
pub fn parse_mating(text: &str) -> Result<Option<(Chess, Orientation)>> {
    let pos = parse_chess(text)?;
    let b = pos.board();
    let piece = (b.occupied() & !b.kings()).first();
    let attacker = match piece.and_then(|sq| b.piece_at(sq)) {
        Some(p) if b.occupied().count() == 3 && matches!(p.role, Role::Queen | Role::Rook) => {
            p.color
        }
        _ => return Ok(None),
    };
    let o = if attacker == Color::White {
        Orientation::AsGiven
    } else {
        Orientation::Flipped
    };
    Ok(Some((to_user(&pos, o), o)))
}

/// A FEN of any legal position of standard chess (UCI's `position fen`,
/// `pecp mate`), refused as every input is: a board alone, the fields of
/// other variants, counters too large, an illegal position.
///
/// # Errors
/// [`PecpError::BadFen`] or [`PecpError::Illegal`], said once.
pub fn parse_chess(text: &str) -> Result<Chess> {
    let t = text.trim().trim_start_matches('\u{feff}');
    let fields: Vec<&str> = t.split_whitespace().collect();
    if fields.len() < 2 {
        return Err(PecpError::BadFen(format!(
            "only the board is given, not the side to move (add \" w\" or \" b\") in {}",
            excerpt(t)
        )));
    }
    refuse_variants(&fields, t)?;
    let setup = fen_setup(t)?.into_setup();
    chess_of(setup)
}

fn fen_setup(t: &str) -> Result<Fen> {
    Fen::from_ascii(t.as_bytes()).map_err(|e| {
        PecpError::BadFen(format!(
            "{} in {}",
            e.to_string().trim_end_matches(" in fen"),
            excerpt(t)
        ))
    })
}

/// shakmaty's word on a setup, its reason said once.
fn chess_of(setup: Setup) -> Result<Chess> {
    Chess::from_setup(setup, CastlingMode::Standard).map_err(|e| {
        let words = e.to_string();
        let words = words.strip_prefix("illegal position: ").unwrap_or(&words);
        PecpError::Illegal(words.to_string())
    })
}

fn parse_fen(t: &str) -> Result<Input> {
    let fen = fen_setup(t)?;
    let mut setup: Setup = fen.into_setup();
    check_material(&setup)?;
    let white_pawns = (setup.board.pawns() & setup.board.white()).count();
    let orientation = if white_pawns == 1 {
        Orientation::AsGiven
    } else {
        setup.mirror();
        Orientation::Flipped
    };
    if setup.castling_rights.any() {
        return Err(PecpError::Illegal("castling rights without rooks".into()));
    }
    let board = &setup.board;
    let wk = board.king_of(Color::White).expect("material checked");
    let bk = board.king_of(Color::Black).expect("material checked");
    let wp = board.pawns().first().expect("material checked");
    let kpk = Kpk::new(wk, wp, bk, setup.turn)?;
    // Let shakmaty have the last word (e.g. an impossible en passant square).
    let halfmoves = setup.halfmoves;
    let fullmoves = setup.fullmoves.get();
    chess_of(setup)?;
    Ok(Input {
        kpk,
        orientation,
        halfmoves,
        fullmoves,
    })
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

fn check_material(setup: &Setup) -> Result<()> {
    let board = &setup.board;
    for color in [Color::White, Color::Black] {
        let mine = board.by_color(color);
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            if (board.by_role(role) & mine).any() {
                return Err(PecpError::NotKpk(format!(
                    "{} has a {}",
                    color_name(color),
                    role_name(role)
                )));
            }
        }
        let kings = (board.kings() & mine).count();
        if kings != 1 {
            return Err(PecpError::NotKpk(format!(
                "{} has {kings} kings",
                color_name(color)
            )));
        }
    }
    let pawns = board.pawns().count();
    if pawns != 1 {
        return Err(PecpError::NotKpk(format!(
            "{pawns} pawns on the board, KPK needs exactly one"
        )));
    }
    Ok(())
}

fn parse_paper(t: &str) -> Result<Input> {
    let bad = |why: &str| PecpError::BadNotation(format!("{why} in {}", excerpt(t)));
    let (pieces, side) = paper_tokens(t, &bad)?;
    let side = side.ok_or_else(|| bad("missing side to move (white or black)"))?;
    let get = |n: &str| pieces.iter().find(|(p, _)| p == n).map(|&(_, s)| s);
    let (wk, bk) = match (get("wk"), get("bk")) {
        (Some(w), Some(b)) => (w, b),
        _ => return Err(bad("both kings, wk(X/Y) and bk(X/Y), are needed")),
    };
    let pawns = pieces.iter().filter(|(p, _)| p.ends_with('p')).count();
    if pawns > 1 {
        return Err(PecpError::NotKpk(format!(
            "{pawns} pawns on the board, KPK needs exactly one"
        )));
    }
    let (kpk, orientation) = match (get("wp"), get("bp")) {
        (Some(wp), None) => (Kpk::new(wk, wp, bk, side)?, Orientation::AsGiven),
        (None, Some(bp)) => (
            Kpk::new(
                bk.flip_vertical(),
                bp.flip_vertical(),
                wk.flip_vertical(),
                !side,
            )?,
            Orientation::Flipped,
        ),
        (None, None) => return Err(PecpError::NotKpk("no pawn on the board".into())),
        (Some(_), Some(_)) => {
            return Err(PecpError::NotKpk(
                "2 pawns on the board, KPK needs exactly one".into(),
            ));
        }
    };
    Ok(Input {
        kpk,
        orientation,
        halfmoves: 0,
        fullmoves: 1,
    })
}

/// Pieces named in the paper's notation: `wk`, `wp`, `bk` or `bp`, and
/// their squares.
type PaperPieces = Vec<(String, Square)>;

/// The pieces (`wk`, `wp`, `bk`, `bp` with their squares) and the side to
/// move named in the paper's notation, or a table row of it.
fn paper_tokens(t: &str, bad: &dyn Fn(&str) -> PecpError) -> Result<(PaperPieces, Option<Color>)> {
    let s: String = t
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '[' | ']' | ',' | ';' => ' ',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    let s = s.trim_start_matches("bestmove=");
    let mut pieces: Vec<(String, Square)> = Vec::new();
    let mut side: Option<Color> = None;
    let mut rest = s.trim();
    // An optional leading generation number, as in the paper's table rows.
    let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 && rest[digits..].starts_with(' ') {
        rest = rest[digits..].trim_start();
    }
    while !rest.is_empty() {
        let word = [("white", Color::White), ("black", Color::Black)]
            .into_iter()
            .find_map(|(w, c)| rest.strip_prefix(w).map(|r| (r, c)));
        if let Some((r, color)) = word {
            if side.is_some() {
                return Err(bad("the side to move is given twice"));
            }
            side = Some(color);
            rest = r.trim_start();
            continue;
        }
        let (name, sq, after) = paper_piece(rest, bad)?;
        // Pawns may be named more than once (two pawns of one colour).
        if name.ends_with('k') && pieces.iter().any(|(n, _)| *n == name) {
            return Err(bad(&format!("{name} given twice")));
        }
        pieces.push((name, sq));
        rest = after.trim_start();
    }
    Ok((pieces, side))
}

/// One `wk(X/Y)` at the start of `rest`: the name, the square, and what
/// follows.
fn paper_piece<'a>(
    rest: &'a str,
    bad: &dyn Fn(&str) -> PecpError,
) -> Result<(String, Square, &'a str)> {
    let name: String = rest.chars().take(2).collect();
    let other = ["wq", "wr", "wb", "wn", "bq", "br", "bb", "bn"];
    if other.contains(&name.as_str()) && rest[2..].starts_with('(') {
        return Err(PecpError::NotKpk(format!(
            "{name}(...) is a piece besides the kings and the pawn"
        )));
    }
    if !matches!(name.as_str(), "wk" | "wp" | "bk" | "bp") {
        return Err(bad(
            "expected wk(X/Y), wp(X/Y), bk(X/Y), bp(X/Y), white or black",
        ));
    }
    let after = &rest[2..];
    let close = after.find(')').ok_or_else(|| bad("missing ')'"))?;
    let inner = after.strip_prefix('(').ok_or_else(|| bad("missing '('"))?;
    let inner = &inner[..close - 1];
    let (x, y) = inner.split_once('/').ok_or_else(|| bad("expected X/Y"))?;
    let coord = |v: &str| -> Result<u32> {
        match v.parse::<u32>() {
            Ok(n @ 1..=8) => Ok(n - 1),
            _ => Err(bad("coordinates must be 1 to 8")),
        }
    };
    let sq = Square::from_coords(
        shakmaty::File::new(coord(x)?),
        shakmaty::Rank::new(coord(y)?),
    );
    Ok((name, sq, &after[close + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(s: &str) -> String {
        Input::parse(s).unwrap_err().to_string()
    }

    #[test]
    fn fen_and_paper_round_trip() {
        let i = Input::parse("8/8/3k4/8/8/3PK3/8/8 w - - 0 1").unwrap();
        assert_eq!(i.paper(), "wk(5/3) wp(4/3) bk(4/6) white");
        let j = Input::parse(&i.paper()).unwrap();
        assert_eq!(j.kpk, i.kpk);
        assert_eq!(j.fen(), "8/8/3k4/8/8/3PK3/8/8 w - - 0 1");
    }

    #[test]
    fn paper_is_whitespace_tolerant_and_takes_table_rows() {
        let a = Input::parse(" wk ( 5 / 3 )wp(4/3)   bk(4/6)  WHITE ").unwrap();
        let b = Input::parse("BestMove = [0, wk(5/3), wp(4/3), bk(4/6), white];")
            .unwrap_or_else(|_| Input::parse("[0, wk(5/3), wp(4/3), bk(4/6), white]").unwrap());
        assert_eq!(a.kpk, b.kpk);
    }

    #[test]
    fn epd_paper_rows_and_comments_are_read() {
        let want = Input::parse("8/8/3k4/8/8/3PK3/8/8 w - - 0 1").unwrap().kpk;
        for text in [
            "8/8/3k4/8/8/3PK3/8/8 w - - bm Kd4; id \"x\";",
            "8/8/3k4/8/8/3PK3/8/8 w - - hmvc 3; fmvn 12; c0 \"pecp\";",
            "8/8/3k4/8/8/3PK3/8/8 w - - 0 1 # the paper's Fig. 3",
            "8/8/3k4/8/8/3PK3/8/8 w - -",
            "BestMove = [0, wk(5/3), wp(4/3), bk(4/6), white];",
        ] {
            assert_eq!(Input::parse(text).unwrap().kpk, want, "{text}");
        }
        let i = Input::parse("8/8/3k4/8/8/3PK3/8/8 w - - hmvc 3; fmvn 12;").unwrap();
        assert_eq!((i.halfmoves, i.fullmoves), (3, 12));
        assert!(err("8/8/3k4/8/8/3PK3/8/8").contains("side to move"));
    }

    #[test]
    fn black_pawn_is_colour_flipped() {
        let i = Input::parse("8/8/3pk3/8/8/3K4/8/8 b - - 0 1").unwrap();
        assert_eq!(i.orientation, Orientation::Flipped);
        // Black pawn d6, black king e6, white king d3, black to move becomes
        // white pawn d3, white king e3, black king d6, white to move.
        assert_eq!(i.kpk.paper(), "wk(5/3) wp(4/3) bk(4/6) white");
        assert_eq!(i.fen(), "8/8/3pk3/8/8/3K4/8/8 b - - 0 1");
        assert_eq!(i.paper(), "bk(5/6) bp(4/6) wk(4/3) black");
        assert_eq!(Input::parse(&i.paper()).unwrap().kpk, i.kpk);
    }

    #[test]
    fn rejects_other_material() {
        assert_eq!(
            err("8/8/3k4/8/8/3PK3/8/7Q w - - 0 1"),
            "not a KPK position: white has a queen"
        );
        assert!(err("8/8/3k4/8/8/3PK3/3P4/8 w - - 0 1").contains("2 pawns"));
        assert!(err("8/8/3k4/8/8/4K3/8/8 w - - 0 1").contains("0 pawns"));
    }

    #[test]
    fn rejects_pawn_on_back_rank() {
        assert!(err("3P4/8/3k4/8/8/4K3/8/8 w - - 0 1").contains("pawn"));
        assert!(err("wk(5/3) wp(4/8) bk(4/6) white").contains("first or last rank"));
    }

    #[test]
    fn rejects_adjacent_kings() {
        assert_eq!(
            err("8/8/8/3k4/4K3/3P4/8/8 w - - 0 1"),
            "illegal position: the kings are adjacent"
        );
    }

    #[test]
    fn rejects_side_not_to_move_in_check() {
        assert_eq!(
            err("8/8/8/8/2k5/3P4/8/5K2 w - - 0 1"),
            "illegal position: the side not to move is in check"
        );
    }

    #[test]
    fn rejects_garbage() {
        assert!(err("").starts_with("empty position"));
        assert!(err("hello world").starts_with("bad FEN"));
        assert!(err("wk(9/3) wp(4/3) bk(4/6) white").starts_with("bad paper notation"));
        assert!(err("wk(5/3) wp(4/3) bk(4/6)").contains("side to move"));
        let big = "x".repeat(3_000_000);
        let e = err(&big);
        assert!(!e.contains('\n') && e.len() < 200);
    }
}
