//! Pure board geometry for the rules: squares in the paper's coordinates,
//! distances (paper step 3), neighbours and attacks (steps 2 and 9).
//!
//! No chess judgement lives here; the rules in `rules/` do the reasoning.

/// A square as in the paper: `Sq(x, y)` with file `x` and rank `y` from 1 to 8
/// (`Sq(1, 1)` is a1, `Sq(2, 3)` is b3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq(pub i8, pub i8);

impl Sq {
    /// From a shakmaty square.
    pub fn from_square(s: shakmaty::Square) -> Sq {
        Sq(s.file().to_u32() as i8 + 1, s.rank().to_u32() as i8 + 1)
    }

    /// The shakmaty square.
    pub fn to_square(self) -> shakmaty::Square {
        shakmaty::Square::from_coords(
            shakmaty::File::new((self.0 - 1) as u32),
            shakmaty::Rank::new((self.1 - 1) as u32),
        )
    }

    /// File, 1 to 8.
    pub fn x(self) -> i8 {
        self.0
    }

    /// Rank, 1 to 8.
    pub fn y(self) -> i8 {
        self.1
    }

    /// The square `dx` files and `dy` ranks away, if on the board.
    pub fn offset(self, dx: i8, dy: i8) -> Option<Sq> {
        let s = Sq(self.0 + dx, self.1 + dy);
        s.on_board().then_some(s)
    }

    /// Whether the square is on a rook's file (a or h): a pawn there is a
    /// rook pawn, whose queening square is a corner.
    pub fn on_rook_file(self) -> bool {
        self.0 == 1 || self.0 == 8
    }

    /// Whether the coordinates lie on the board.
    pub fn on_board(self) -> bool {
        (1..=8).contains(&self.0) && (1..=8).contains(&self.1)
    }

    /// The square mirrored across the board's vertical axis (a↔h).
    pub fn mirror_file(self) -> Sq {
        Sq(9 - self.0, self.1)
    }

    /// The square mirrored across the board's horizontal axis (rank 1↔8):
    /// the board turned round for the other colour.
    pub fn mirror_rank(self) -> Sq {
        Sq(self.0, 9 - self.1)
    }
}

/// Side to move (or a side in general).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The side with the pawn.
    White,
    /// The defender.
    Black,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// A piece the pawn promoted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Promo {
    /// Queen.
    Queen,
    /// Rook.
    Rook,
    /// Bishop.
    Bishop,
    /// Knight.
    Knight,
}

impl Promo {
    /// Queen or rook: enough to mate a lone king.
    pub fn is_major(self) -> bool {
        matches!(self, Promo::Queen | Promo::Rook)
    }

    /// shakmaty's role.
    pub fn role(self) -> shakmaty::Role {
        match self {
            Promo::Queen => shakmaty::Role::Queen,
            Promo::Rook => shakmaty::Role::Rook,
            Promo::Bishop => shakmaty::Role::Bishop,
            Promo::Knight => shakmaty::Role::Knight,
        }
    }
}

/// King distance: the number of king moves between two squares
/// (max of the horizontal and vertical distances).
pub fn dist(a: Sq, b: Sq) -> i8 {
    dx(a, b).max(dy(a, b))
}

/// Horizontal distance (files apart).
pub fn dx(a: Sq, b: Sq) -> i8 {
    (a.0 - b.0).abs()
}

/// Vertical distance (ranks apart).
pub fn dy(a: Sq, b: Sq) -> i8 {
    (a.1 - b.1).abs()
}

/// The paper's `VisuallyCloser(S1, S2, S3)`: S1 is nearer to S2 than S3 is.
pub fn visually_closer(s1: Sq, s2: Sq, s3: Sq) -> bool {
    dist(s1, s2) < dist(s3, s2)
}

/// King distance from `king` to the nearest key square of a pawn on
/// `pawn` (see [`key_squares`]); 8 if there were none.
pub fn key_square_distance(king: Sq, pawn: Sq) -> i8 {
    key_squares(pawn).map(|k| dist(king, k)).min().unwrap_or(8)
}

/// The key squares of a pawn on `pawn` \[KSQ\]: for a pawn on ranks 2-4
/// the three squares two ranks ahead; on the 5th and 6th the squares one
/// and two ranks ahead, a file either side; on the 7th the squares beside
/// and in front of it, a file either side. A rook pawn's key squares are
/// b7 and b8 (g7, g8) wherever it stands: a king in front on the rook
/// file only gets shut in [KPK, rook pawn].
pub fn key_squares(pawn: Sq) -> impl Iterator<Item = Sq> {
    let mut out = [None; 6];
    if pawn.on_rook_file() {
        let f = if pawn.0 == 1 { 2 } else { 7 };
        out[0] = Some(Sq(f, 7));
        out[1] = Some(Sq(f, 8));
    } else {
        let ranks = match pawn.1 {
            r if r <= 4 => r + 2..=r + 2,
            5 => 6..=7,
            _ => 7..=8,
        };
        let candidates = ranks.flat_map(|y| (-1..=1).map(move |f| Sq(pawn.0 + f, y)));
        for (slot, k) in out
            .iter_mut()
            .zip(candidates.filter(|k| k.on_board() && *k != pawn))
        {
            *slot = Some(k);
        }
    }
    out.into_iter().flatten()
}

/// A race between the kings, in moves, the side to move `s` one step
/// ahead: how many moves sooner the white king on `w` reaches `target` than
/// the black king on `b` (positive favours White) [Fine, p. 7, counting
/// tempi].
pub fn race(w: Sq, b: Sq, target: Sq, s: Side) -> i8 {
    let white = dist(w, target) - if s == Side::White { 1 } else { 0 };
    let black = dist(b, target) - if s == Side::Black { 1 } else { 0 };
    black - white
}

/// The race to the nearest key square of the pawn on `p`, as in [`race`].
pub fn key_square_race(w: Sq, b: Sq, p: Sq, s: Side) -> i8 {
    let white = key_square_distance(w, p) - if s == Side::White { 1 } else { 0 };
    let black = key_square_distance(b, p) - if s == Side::Black { 1 } else { 0 };
    black - white
}

/// How two squares line up: on a file, a rank or a diagonal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Line {
    /// Same file.
    Vertical,
    /// Same rank.
    Horizontal,
    /// Same diagonal.
    Diagonal,
}

/// If `a` and `b` share a file, rank or diagonal: the line and the number of
/// squares strictly between them.
pub fn line_between(a: Sq, b: Sq) -> Option<(Line, i8)> {
    let (h, v) = (dx(a, b), dy(a, b));
    if a == b {
        None
    } else if h == 0 {
        Some((Line::Vertical, v - 1))
    } else if v == 0 {
        Some((Line::Horizontal, h - 1))
    } else if h == v {
        Some((Line::Diagonal, h - 1))
    } else {
        None
    }
}

/// The squares strictly between `a` and `b` on their rank, file or
/// diagonal; none where they share no line.
pub fn squares_between(a: Sq, b: Sq) -> impl Iterator<Item = Sq> {
    let n = line_between(a, b).map_or(0, |(_, n)| n);
    let (sx, sy) = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
    (1..=n).filter_map(move |i| a.offset(sx * i, sy * i))
}

const KING_STEPS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The squares a king on `a` touches (paper step 2, adjacency).
pub fn neighbours(a: Sq) -> impl Iterator<Item = Sq> {
    KING_STEPS.iter().filter_map(move |&(x, y)| a.offset(x, y))
}

/// The squares a white pawn on `p` attacks.
pub fn pawn_attacks(p: Sq) -> impl Iterator<Item = Sq> {
    [(-1, 1), (1, 1)]
        .into_iter()
        .filter_map(move |(x, y)| p.offset(x, y))
}

/// The squares a promoted piece on `from` attacks; `blocker` (the white
/// king) stops sliders. The black king does not block: a square behind it
/// on the line stays attacked for its escape.
pub fn piece_attacks(from: Sq, role: Promo, blocker: Sq) -> Vec<Sq> {
    let rays: &[(i8, i8)] = match role {
        Promo::Queen => &KING_STEPS,
        Promo::Rook => &[(0, 1), (0, -1), (1, 0), (-1, 0)],
        Promo::Bishop => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
        Promo::Knight => {
            return [
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ]
            .into_iter()
            .filter_map(|(x, y)| from.offset(x, y))
            .collect();
        }
    };
    let mut out = Vec::with_capacity(27);
    for &(x, y) in rays {
        let mut s = from;
        while let Some(n) = s.offset(x, y) {
            out.push(n);
            if n == blocker {
                break;
            }
            s = n;
        }
    }
    out
}

/// The race a king wins by a path the other king cannot bar: how many
/// moves the king on `from` needs to reach one of `targets`, stepping only
/// on squares `allowed` lets it use and that the other king, on `guard`,
/// cannot reach or touch before it gets there (`guard_first`: the guard
/// moves first). Counted move by move, at most `limit` moves; `None` when
/// no such path exists. [Fine, p. 7, counting tempi; shouldering: a king
/// is barred from the squares the other king reaches first.]
pub fn unbarred_path(
    from: Sq,
    guard: Sq,
    guard_first: bool,
    targets: &[Sq],
    allowed: &dyn Fn(Sq) -> bool,
    limit: i8,
) -> Option<i8> {
    if targets.contains(&from) {
        return Some(0);
    }
    let mut seen = [[false; 9]; 9];
    seen[from.0 as usize][from.1 as usize] = true;
    let mut frontier = vec![from];
    for t in 1..=limit {
        // The guard's moves before the king's t-th: it may then stand on
        // any square within that many steps, and touch the ones next to it.
        let guard_moves = if guard_first { t } else { t - 1 };
        let mut next = Vec::new();
        for s in frontier {
            for n in neighbours(s) {
                let (x, y) = (n.0 as usize, n.1 as usize);
                if seen[x][y] || !allowed(n) || dist(guard, n) < guard_moves + 2 {
                    continue;
                }
                if targets.contains(&n) {
                    return Some(t);
                }
                seen[x][y] = true;
                next.push(n);
            }
        }
        if next.is_empty() {
            return None;
        }
        frontier = next;
    }
    None
}

/// The squares a king on any square of `set` stands on or touches: the
/// set spread one step each way, by shifts of the whole board at once.
pub fn king_span(set: shakmaty::Bitboard) -> shakmaty::Bitboard {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = 0x8080_8080_8080_8080;
    let b = set.0;
    let row = b | ((b & !FILE_H) << 1) | ((b & !FILE_A) >> 1);
    shakmaty::Bitboard(row | (row << 8) | (row >> 8))
}

/// The same race, the guard shouldered off: the king on `from` walks to
/// one of `targets` over squares `allowed` lets it use, and the other king,
/// on `guard`, may go anywhere except next to the walking king (kings never
/// touch) and onto `block` (a pawn), standing still when its side moves
/// the pawn instead. Each square of the walk must be one that no square the
/// guard can have reached by then touches. One walk that holds whatever
/// the guard does, so the count is a proof, not a guess. `guard_first`:
/// the guard moves first. How many moves, at most `limit`; `None` when no
/// such walk exists. [Fine, p. 7, counting tempi; shouldering.]
pub fn shouldered_path(
    from: Sq,
    guard: Sq,
    guard_first: bool,
    targets: &[Sq],
    allowed: &dyn Fn(Sq) -> bool,
    block: Sq,
    limit: i8,
) -> Option<i8> {
    use shakmaty::{Bitboard, attacks::king_attacks};
    let touched = |s: Sq| king_attacks(s.to_square()).with(s.to_square());
    let block = Bitboard::from_square(block.to_square());
    // The guard's next squares: one step or none, never next to the king.
    let guard_moves = |set: Bitboard, king: Sq| king_span(set) & !touched(king) & !block;
    let mut states = vec![(from, Bitboard::from_square(guard.to_square()))];
    for step in 1..=limit {
        let mut next = Vec::new();
        for (king, guards) in states {
            let guards = if guard_first {
                guard_moves(guards, king)
            } else {
                guards
            };
            let barred = king_span(guards);
            for n in neighbours(king) {
                if !allowed(n) || barred.contains(n.to_square()) {
                    continue;
                }
                if targets.contains(&n) {
                    return Some(step);
                }
                let after = if guard_first {
                    guards
                } else {
                    guard_moves(guards, n)
                };
                next.push((n, after));
            }
        }
        next.sort_unstable_by_key(|&(s, g)| (s, u64::from(g)));
        next.dedup();
        if next.is_empty() {
            return None;
        }
        states = next;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guard_that_may_not_touch_the_king_bars_less() {
        // Black king e4 to b3 or b4, in front of a pawn on b2, the white
        // king on e1 moving first. Counted square by square the guard could
        // touch c4 and b4 in time; but it cannot step next to the walking
        // king, and Kd4, Kc4, Kb4 gets there.
        let (e4, e1, b2) = (Sq(5, 4), Sq(5, 1), Sq(2, 2));
        let targets = [Sq(2, 3), Sq(2, 4)];
        let ahead = |q: Sq| q.1 >= 4 || (q.1 >= 2 && dx(q, b2) >= 2);
        assert_eq!(unbarred_path(e4, e1, true, &targets, &ahead, 8), None);
        assert_eq!(
            shouldered_path(e4, e1, true, &targets, &ahead, b2, 8),
            Some(3)
        );
        // With the guard already on c2 it comes first: no walk gets there.
        let c2 = Sq(3, 2);
        assert_eq!(shouldered_path(e4, c2, true, &targets, &ahead, b2, 8), None);
    }

    #[test]
    fn distances_are_split_as_in_the_paper() {
        let (e3, d6) = (Sq(5, 3), Sq(4, 6));
        assert_eq!((dx(e3, d6), dy(e3, d6), dist(e3, d6)), (1, 3, 3));
        assert_eq!(line_between(Sq(4, 4), Sq(4, 6)), Some((Line::Vertical, 1)));
        assert_eq!(
            squares_between(Sq(8, 8), Sq(1, 1)).collect::<Vec<_>>(),
            (2..=7).rev().map(|i| Sq(i, i)).collect::<Vec<_>>()
        );
        assert_eq!(squares_between(Sq(4, 4), Sq(5, 6)).count(), 0);
        assert_eq!(squares_between(Sq(4, 4), Sq(4, 5)).count(), 0);
        assert_eq!(line_between(Sq(1, 1), Sq(4, 4)), Some((Line::Diagonal, 2)));
        assert_eq!(line_between(Sq(1, 1), Sq(2, 3)), None);
        assert!(visually_closer(Sq(5, 3), Sq(4, 5), Sq(4, 8)));
    }

    #[test]
    fn a_kings_span_is_every_square_it_stands_on_or_touches() {
        use shakmaty::{Bitboard, attacks::king_attacks};
        let by_square = |set: Bitboard| set.into_iter().fold(set, |acc, s| acc | king_attacks(s));
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for s in shakmaty::Square::ALL {
            let one = Bitboard::from_square(s);
            assert_eq!(king_span(one), by_square(one), "{s}");
        }
        for _ in 0..10_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let set = Bitboard(seed & seed.rotate_left(23));
            assert_eq!(king_span(set), by_square(set), "{set:?}");
        }
    }

    #[test]
    fn neighbours_stay_on_the_board() {
        assert_eq!(neighbours(Sq(1, 1)).count(), 3);
        assert_eq!(neighbours(Sq(4, 4)).count(), 8);
        assert_eq!(pawn_attacks(Sq(1, 2)).collect::<Vec<_>>(), vec![Sq(2, 3)]);
    }

    #[test]
    fn key_squares_as_fine_gives_them() {
        let names = |p: Sq| {
            let mut v: Vec<String> = key_squares(p).map(|s| s.to_square().to_string()).collect();
            v.sort();
            v.join(" ")
        };
        assert_eq!(names(Sq(5, 4)), "d6 e6 f6");
        assert_eq!(names(Sq(4, 5)), "c6 c7 d6 d7 e6 e7");
        assert_eq!(names(Sq(1, 3)), "b7 b8");
        assert_eq!(names(Sq(8, 7)), "g7 g8");
        assert_eq!(names(Sq(7, 7)), "f7 f8 g8 h7 h8");
        assert_eq!(key_square_distance(Sq(4, 3), Sq(5, 4)), 3);
    }

    #[test]
    fn sliders_stop_at_the_white_king_not_the_black() {
        let a = piece_attacks(Sq(1, 8), Promo::Rook, Sq(3, 8));
        assert!(a.contains(&Sq(2, 8)) && a.contains(&Sq(3, 8)) && !a.contains(&Sq(4, 8)));
        assert!(a.contains(&Sq(1, 1)));
    }
}
