//! The discovery tool: proposes deterministic clauses by searching
//! conjunctions of counts a player can make at the board (tempo races,
//! distances, the square of the pawn) for conditions that hold without
//! exception over every legal KPK position and decide positions no rule
//! decides yet.
//!
//! ```sh
//! cargo run --release --example discover -- [--top N] [--min N] [--hold-out a|b|c|d]
//! ```
//!
//! For each side to move and each result (win, draw) it prints the best
//! conditions of one or two counts: how many positions they decide that no
//! deterministic rule decides, how many they hold on in all, and an example.
//! The truth is the embedded exact solver (equal to Syzygy on every position,
//! as `tests/sweep.rs` checks). With `--hold-out F` the search sees only
//! positions whose pawn is not on file F (or its mirror), and each proposal
//! is then checked on file F: the report says how many hold there too, the
//! nearest thing to a held-out test a finite, enumerable domain allows.
//!
//! A proposal is not a rule: to become one it needs a chess reading (what
//! the counts mean to a player), a row in rules/weights.toml with a
//! sentence, a Datalog clause in rules/position.rs, and `pecp validate`
//! (whose sweep re-checks it over every position).

use pecp::apps::validate::WeightCache;
use pecp::board::enumerate::all_positions;
use pecp::board::geometry::{Side, Sq, dist, dx, key_square_race, race};
use pecp::board::position::{Kpk, fen_of};
use pecp::judges::oracle::Oracle;
use shakmaty::Color;

/// The counts, by name: each a number a player can count at the board.
const COUNTS: [&str; 10] = [
    "pawn_rank",
    "stop_race",
    "key_race",
    "queening_race",
    "pawn_race",
    "square_margin",
    "wk_to_pawn",
    "bk_to_pawn",
    "bk_files_off",
    "bk_ranks_ahead",
];

/// The counts of one position (White has the pawn), the side to move `s`
/// one step ahead in every race.
fn counts(k: Kpk) -> [i8; 10] {
    let (w, p, b) = (
        Sq::from_square(k.wk()),
        Sq::from_square(k.wp()),
        Sq::from_square(k.bk()),
    );
    let s = if k.turn() == Color::White {
        Side::White
    } else {
        Side::Black
    };
    let stop = Sq(p.0, p.1 + 1);
    let queen = Sq(p.0, 8);
    let to_queen = 8 - p.1 - i8::from(p.1 == 2);
    let black_tempo = i8::from(s == Side::Black);
    [
        p.1,
        race(w, b, stop, s),
        key_square_race(w, b, p, s),
        race(w, b, queen, s),
        race(w, b, p, s),
        dist(b, queen) - black_tempo - to_queen,
        dist(w, p),
        dist(b, p),
        dx(b, p),
        b.1 - p.1,
    ]
}

/// A condition on one count: at least or at most a value.
#[derive(Clone, Copy)]
struct Cond {
    count: usize,
    at_least: bool,
    value: i8,
}

impl Cond {
    fn holds(self, c: &[i8; 10]) -> bool {
        let x = c[self.count];
        if self.at_least {
            x >= self.value
        } else {
            x <= self.value
        }
    }

    fn text(self) -> String {
        let op = if self.at_least { ">=" } else { "<=" };
        format!("{} {op} {}", COUNTS[self.count], self.value)
    }
}

/// A set of positions as a bitset.
#[derive(Clone)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn and_count(&self, a: &Bits, b: &Bits) -> usize {
        self.0
            .iter()
            .zip(&a.0)
            .zip(&b.0)
            .map(|((x, y), z)| (x & y & z).count_ones() as usize)
            .sum()
    }
}

struct Options {
    top: usize,
    min: usize,
    hold_out: Option<i8>,
}

fn options() -> Options {
    let mut o = Options {
        top: 10,
        min: 20,
        hold_out: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).map(String::as_str).unwrap_or("");
        match pair[0].as_str() {
            "--top" => o.top = value.parse().expect("--top N"),
            "--min" => o.min = value.parse().expect("--min N"),
            "--hold-out" => {
                let f = value.bytes().next().expect("--hold-out a|b|c|d");
                o.hold_out = Some(((f - b'a') as i8).min(7 - (f - b'a') as i8) + 1);
            }
            other => panic!("unknown option {other}"),
        }
    }
    o
}

/// One partition of the positions: a side to move and the result sought.
struct Part {
    positions: Vec<(Kpk, [i8; 10])>,
    /// Positions of the searched files with the result sought.
    good: Bits,
    /// Positions of the searched files with the other result.
    bad: Bits,
    /// Those of `good` no deterministic rule decides.
    open: Bits,
    /// Those of `open` whose verdict (one-ply proof included) is wrong.
    wrong: Bits,
    /// The held-out file's positions with the other result.
    held_bad: Bits,
}

fn part(turn: Color, win: bool, o: &Options, cache: &WeightCache) -> Part {
    let oracle = Oracle::get();
    let positions: Vec<(Kpk, [i8; 10])> = all_positions()
        .into_iter()
        .filter(|k| k.turn() == turn && *k == k.canonical())
        .map(|k| (k, counts(k)))
        .collect();
    let n = positions.len();
    let (mut good, mut bad, mut open, mut held_bad) =
        (Bits::new(n), Bits::new(n), Bits::new(n), Bits::new(n));
    let mut wrong = Bits::new(n);
    let eval = cache.evaluator();
    for (i, (k, _)) in positions.iter().enumerate() {
        let file = Sq::from_square(k.wp()).0;
        let held = o.hold_out == Some(file);
        let right = oracle.white_wins(*k) == win;
        match (held, right) {
            (true, false) => held_bad.set(i),
            (true, true) => {}
            (false, true) => {
                good.set(i);
                if !cache.get(*k).deterministic {
                    open.set(i);
                    let v = pecp::knowledge::proof::judge_position(&k.to_chess(), &eval).verdict;
                    if (v == pecp::knowledge::evaluate::Verdict::Win) != win {
                        wrong.set(i);
                    }
                }
            }
            (false, false) => bad.set(i),
        }
    }
    Part {
        positions,
        good,
        bad,
        open,
        wrong,
        held_bad,
    }
}

fn conditions(p: &Part) -> Vec<(Cond, Bits)> {
    let mut out = Vec::new();
    for count in 0..COUNTS.len() {
        let mut values: Vec<i8> = p.positions.iter().map(|(_, c)| c[count]).collect();
        values.sort_unstable();
        values.dedup();
        for &value in &values {
            for at_least in [true, false] {
                let cond = Cond {
                    count,
                    at_least,
                    value,
                };
                let mut bits = Bits::new(p.positions.len());
                for (i, (_, c)) in p.positions.iter().enumerate() {
                    if cond.holds(c) {
                        bits.set(i);
                    }
                }
                out.push((cond, bits));
            }
        }
    }
    out
}

/// A proposal: one or two conditions, the open positions it decides, the
/// searched positions it holds on, and its exceptions on the held-out file.
struct Proposal {
    conds: Vec<Cond>,
    decides: usize,
    fixes: usize,
    holds: usize,
    held_exceptions: usize,
    example: usize,
}

fn search(p: &Part, o: &Options) -> Vec<Proposal> {
    let conds = conditions(p);
    let mut found = Vec::new();
    for i in 0..conds.len() {
        for j in i..conds.len() {
            let (a, b) = (&conds[i].1, &conds[j].1);
            if p.bad.and_count(a, b) > 0 {
                continue;
            }
            let decides = p.open.and_count(a, b);
            if decides < o.min {
                continue;
            }
            let both: Vec<u64> = a.0.iter().zip(&b.0).map(|(x, y)| x & y).collect();
            let example = both
                .iter()
                .zip(&p.open.0)
                .enumerate()
                .find_map(|(w, (x, y))| {
                    let m = x & y;
                    (m != 0).then(|| w * 64 + m.trailing_zeros() as usize)
                })
                .unwrap_or(0);
            let cs = if i == j {
                vec![conds[i].0]
            } else {
                vec![conds[i].0, conds[j].0]
            };
            found.push(Proposal {
                conds: cs,
                decides,
                fixes: p.wrong.and_count(a, b),
                holds: p.good.and_count(a, b),
                held_exceptions: p.held_bad.and_count(a, b),
                example,
            });
        }
    }
    // Most verdicts put right first, then most positions decided.
    found.sort_by(|x, y| {
        (y.fixes, y.decides)
            .cmp(&(x.fixes, x.decides))
            .then(x.conds.len().cmp(&y.conds.len()))
    });
    found.truncate(o.top);
    found
}

fn main() {
    let o = options();
    let cache = WeightCache::build();
    let (mut proposed, mut held) = (0, 0);
    for turn in [Color::White, Color::Black] {
        for win in [true, false] {
            let p = part(turn, win, &o, &cache);
            let result = if win { "win" } else { "draw" };
            let ones = |b: &Bits| b.0.iter().map(|w| w.count_ones() as usize).sum::<usize>();
            println!(
                "\n{} to move, {result}s: {} positions no rule decides, {} of them with a wrong verdict",
                if turn == Color::White {
                    "White"
                } else {
                    "Black"
                },
                ones(&p.open),
                ones(&p.wrong)
            );
            for f in search(&p, &o) {
                let text: Vec<String> = f.conds.iter().map(|c| c.text()).collect();
                let held_text = match o.hold_out {
                    Some(_) if f.held_exceptions == 0 => ", holds on the held-out file".to_string(),
                    Some(_) => format!(", {} exceptions on the held-out file", f.held_exceptions),
                    None => String::new(),
                };
                println!(
                    "  {:<48} puts right {:>4}, decides {:>5}, holds on {:>6}{held_text}  e.g. {}",
                    text.join(" and "),
                    f.fixes,
                    f.decides,
                    f.holds,
                    fen_of(&p.positions[f.example].0.to_chess())
                );
                proposed += 1;
                held += usize::from(f.held_exceptions == 0);
            }
        }
    }
    if o.hold_out.is_some() {
        println!("\n{held} of {proposed} proposals hold on the held-out file");
    }
}
