//! `validate --ending kppk`: every legal position of a pawn ending of four
//! pieces against the 4-piece tables. The book's level-1 verdict, each
//! deterministic rule's soundness, every rule's agreement with the truth,
//! and (with moves) whether the move PECP chooses keeps the value for
//! either side.

use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;
use shakmaty::{Bitboard, Chess, Color, Position, Square};

use crate::apps::validate::{Confusion, Count, Proofs, RuleRecord};
use crate::board::facts::Node;
use crate::board::pawns::{PawnEnding, Sample, for_each_sampled};
use crate::error::Result;
use crate::judges::tablebase::{Tablebases, Wdl};
use crate::knowledge::book::Book;
use crate::knowledge::books;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::board::geometry::{Side, Sq};
use crate::board::position::{TABLE_SIZE, epd_of, orient_move, to_user};
use crate::knowledge::calc::{Calculator, Overrule};
use crate::knowledge::evaluate::{Evaluation, Level1, Verdict, combine, level1};
use crate::knowledge::select::{decide, decide_either};
use crate::knowledge::weights::RuleSet;

/// What to run.
#[derive(Debug, Clone, Copy)]
pub struct PawnOptions {
    /// The ending.
    pub ending: PawnEnding,
    /// Also judge the move PECP chooses in every position.
    pub moves: bool,
    /// The plies of calculation that check the chosen move (0: none), as
    /// `line` and `analyse` check it.
    pub calc: u8,
    /// Collect the positions where the chosen move throws the value away
    /// (or a deterministic verdict is wrong), as EPD lines.
    pub counterexamples: bool,
    /// Collect the positions whose verdict neither a rule nor calculation
    /// proves, as EPD lines with the tables' result.
    pub unproved: bool,
    /// The squares of the white king swept: every square for the whole
    /// ending, fewer for a shard of it (the positions with the white king
    /// there, as `pawns::for_each_position` gives them).
    pub kings: Bitboard,
    /// About this many positions drawn by the seed (`None`: every one),
    /// as [`Sample`] draws them.
    pub sample: Option<(usize, u64)>,
    /// Only the positions with this side to move (`None`: both).
    pub side: Option<Color>,
}

impl PawnOptions {
    /// Every position of `ending` with its chosen moves judged, checked by
    /// `calc` plies of calculation; nothing collected.
    pub fn every(ending: PawnEnding, calc: u8) -> PawnOptions {
        PawnOptions {
            ending,
            moves: true,
            calc,
            counterexamples: false,
            unproved: false,
            kings: Bitboard::FULL,
            sample: None,
            side: None,
        }
    }
}

/// The report (`--json` prints it).
#[derive(Debug, Clone, Serialize)]
pub struct PawnReport {
    /// `kppk`.
    pub ending: &'static str,
    /// Legal positions swept (both sides to move unless `side` says).
    pub positions: usize,
    /// The sample's size asked for (null: every position).
    pub sample: Option<usize>,
    /// The seed that drew it (null: every position).
    pub seed: Option<u64>,
    /// The side to move swept (null: both).
    pub side: Option<&'static str>,
    /// Of which White to move.
    pub white_to_move: usize,
    /// By the tables: won for White, drawn, won for Black.
    pub truth: [usize; 3],
    /// Level-1 verdicts against the truth (a win for White or not).
    pub confusion: Confusion,
    /// Verdicts a deterministic rule gives, and how many are right.
    pub deterministic: Count,
    /// Every rule: where it fires and agrees with the truth.
    pub rules: Vec<RuleRecord>,
    /// With moves: White to move in a won position keeps the win.
    pub white_in_won: Option<Count>,
    /// With moves: Black to move in a drawn position keeps the draw.
    pub black_in_drawn: Option<Count>,
    /// With moves, in KPKP: the side to move in a won position keeps the
    /// win (either colour).
    pub mover_in_won: Option<Count>,
    /// With moves, in KPKP: the side to move in a drawn position keeps the
    /// draw.
    pub mover_in_drawn: Option<Count>,
    /// The plies of calculation that checked the chosen moves.
    pub calc: u8,
    /// With moves: where calculation overruled the selection's move (it is
    /// asked only where the selection's move fails; see `overruled_move`).
    pub overruled: usize,
    /// Of those, where calculation proves nothing of the proposal and
    /// proves another move reaches the mover's best result: how many, and
    /// how many keep the value (all, the proof being sound).
    pub proved_instead: Count,
    /// Of those, where either side may win and calculation gives up a
    /// proposal it proves does not win, and does not prove does not lose,
    /// for a move it proves does not lose: how many, and how many keep the
    /// value.
    pub holds: Count,
    /// Of those, where calculation only rules the proposal out (it proves
    /// the proposal lets the other side win, and no move keeps the value):
    /// how many, and how many of the moves played instead keep the value.
    pub ruled_out: Count,
    /// Of those, where either side may win and calculation gives up a
    /// proposal it proves does not win for a move it proves does not lose
    /// (keeping the chances): how many, and how many keep the value.
    pub chances: Count,
    /// How each verdict (White wins or not) is proved: by a rule on the
    /// position, or by `calc` plies of calculation with the book's rules as
    /// the leaves; each proof checked against the tables.
    pub proofs: Proofs,
    /// With counterexamples: each position where the chosen move throws
    /// the value away (`am` the move) or a deterministic verdict is wrong,
    /// one EPD line each, in the order of the sweep.
    #[serde(skip)]
    pub counterexamples: Vec<String>,
    /// With `unproved`: each position whose verdict is not proved, one EPD
    /// line each with the tables' result, in the order of the sweep.
    #[serde(skip)]
    pub unproved: Vec<String>,
    /// With `--playout`: the lines from won positions against the tables'
    /// defence, and how they ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conversion: Option<crate::apps::pawn_playout::PawnConversion>,
    /// Seconds taken.
    pub elapsed_s: f64,
    /// Threads used.
    pub threads: usize,
}

/// One thread's tallies.
#[derive(Default)]
struct Tally {
    positions: usize,
    white_to_move: usize,
    truth: [usize; 3],
    confusion: Confusion,
    deterministic: Count,
    fired: Vec<(usize, usize)>,
    white_in_won: Count,
    black_in_drawn: Count,
    mover_in_won: Count,
    mover_in_drawn: Count,
    overruled: Overrules,
    proofs: Proofs,
    keep_failures: bool,
    failures: Vec<String>,
    keep_unproved: bool,
    unproved: Vec<String>,
}

/// Where calculation played another move than the selection's.
#[derive(Default)]
struct Overrules {
    all: usize,
    proved_instead: Count,
    holds: Count,
    ruled_out: Count,
    chances: Count,
}

impl Overrules {
    /// Calculation played another move, for the reason `kind`; `kept`:
    /// whether it keeps the value, by the tables.
    fn add(&mut self, kind: Overrule, kept: bool) {
        self.all += 1;
        let count = match kind {
            Overrule::Proved => return,
            Overrule::ProvedInstead => &mut self.proved_instead,
            Overrule::Holds => &mut self.holds,
            Overrule::RuledOut => &mut self.ruled_out,
            Overrule::Chances => &mut self.chances,
        };
        count.positions += 1;
        count.sound += usize::from(kept);
    }

    fn merge(&mut self, o: &Overrules) {
        self.all += o.all;
        self.proved_instead.merge(&o.proved_instead);
        self.holds.merge(&o.holds);
        self.ruled_out.merge(&o.ruled_out);
        self.chances.merge(&o.chances);
    }
}

impl Tally {
    fn merge(mut self, o: Tally) -> Tally {
        self.positions += o.positions;
        self.white_to_move += o.white_to_move;
        for i in 0..3 {
            self.truth[i] += o.truth[i];
        }
        self.confusion.merge(&o.confusion);
        self.deterministic.merge(&o.deterministic);
        if self.fired.len() < o.fired.len() {
            self.fired.resize(o.fired.len(), (0, 0));
        }
        for (a, b) in self.fired.iter_mut().zip(o.fired) {
            a.0 += b.0;
            a.1 += b.1;
        }
        self.white_in_won.merge(&o.white_in_won);
        self.black_in_drawn.merge(&o.black_in_drawn);
        self.mover_in_won.merge(&o.mover_in_won);
        self.mover_in_drawn.merge(&o.mover_in_drawn);
        self.overruled.merge(&o.overruled);
        self.proofs.merge(&o.proofs);
        self.failures.extend(o.failures);
        self.unproved.extend(o.unproved);
        self
    }
}

/// The book of an ending.
pub fn book_of(ending: PawnEnding) -> Option<&'static Book> {
    match ending {
        PawnEnding::Kppk => Some(&books::kppk::BOOK),
        PawnEnding::Kpkp => Some(&books::kpkp::BOOK),
    }
}

/// The level-1 evaluations of the sweep remembered: each position of the
/// ending is weighed once however many moves lead to it (the rules that
/// fire, as bits, with a bit for "weighed"), and so is each KPK position a
/// capture leaves; other positions (a promotion) are weighed each time.
struct Memo {
    fired: Vec<AtomicU64>,
    kpk: Vec<OnceLock<RuleSet>>,
}

/// The bit that says a slot is filled.
const WEIGHED: u64 = 1 << 63;

impl Memo {
    fn new(book: &Book) -> Memo {
        assert!(book.rules().rows.len() < 63, "the memo holds 63 rules");
        Memo {
            fired: (0..2 * 64 * 64 * 48 * 48)
                .map(|_| AtomicU64::new(0))
                .collect(),
            kpk: (0..TABLE_SIZE).map(|_| OnceLock::new()).collect(),
        }
    }

    /// A position of the ending itself: two pawns on the board (White's
    /// two, or one each), nothing promoted, no en passant right.
    fn slot(node: &Node) -> Option<usize> {
        if node.ep.is_some() {
            return None;
        }
        let a = node.pawn?;
        let b = match (node.pawn2, node.bpawn) {
            (Some(b), None) | (None, Some(b)) => b,
            _ => return None,
        };
        if node.piece.is_some() || node.bpiece.is_some() {
            return None;
        }
        let sq = |s: Sq| usize::from(s.to_square());
        // A pawn stands on the second to the seventh rank: 48 squares.
        let pawn = |s: Sq| sq(s) - 8;
        let t = usize::from(node.turn == Side::Black);
        Some((((t * 64 + sq(node.wk)) * 64 + sq(node.bk)) * 48 + pawn(a)) * 48 + pawn(b))
    }

    fn eval(&self, book: &'static Book, node: &Node) -> Evaluation {
        let Some(i) = Memo::slot(node) else {
            return match node.kpk() {
                Some(k) if std::ptr::eq(book, &books::kpk::BOOK) => {
                    let fired = self.kpk[k.index()].get_or_init(|| level1(book, node).fired);
                    combine(book, *fired, book.rules())
                }
                _ => level1(book, node),
            };
        };
        let code = self.fired[i].load(Ordering::Relaxed);
        let table = book.rules();
        if code & WEIGHED != 0 {
            return combine(book, RuleSet::from_bits(u128::from(code & !WEIGHED)), table);
        }
        let e = level1(book, node);
        let bits = u64::try_from(e.fired.bits()).expect("fewer than 63 rules");
        self.fired[i].store(bits | WEIGHED, Ordering::Relaxed);
        e
    }
}

/// White's result by the tables: 0 won for White, 1 drawn, 2 won for Black.
pub fn white_result(tb: &Tablebases, pos: &Chess) -> Result<usize> {
    let w = tb.wdl(pos)?;
    Ok(match (w, pos.turn()) {
        (Wdl::Draw, _) => 1,
        (Wdl::Win, Color::White) | (Wdl::Loss, Color::Black) => 0,
        _ => 2,
    })
}

/// Sweeps every position of the ending on the current thread pool.
///
/// # Errors
/// A probe error (a table missing or damaged), or an ending with no book.
pub fn run(tb: &Tablebases, opts: PawnOptions) -> Result<PawnReport> {
    let start = Instant::now();
    let book = book_of(opts.ending).ok_or_else(|| opts.ending.no_book())?;
    let memo = Memo::new(book);
    let kings: Vec<Square> = opts.kings.into_iter().collect();
    let tally = kings
        .par_iter()
        .map(|&wk| sweep_king(tb, opts, book, &memo, wk))
        .try_reduce(Tally::default, |a, b| Ok(a.merge(b)))?;
    let kpkp = opts.ending == PawnEnding::Kpkp;
    let table = book.rules();
    let rules = table
        .rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let (fired, agree) = tally.fired.get(i).copied().unwrap_or((0, 0));
            RuleRecord {
                id: row.id.clone(),
                kind: row.kind,
                weight: row.weight,
                fired,
                agree,
            }
        })
        .collect();
    Ok(PawnReport {
        ending: opts.ending.name(),
        positions: tally.positions,
        sample: opts.sample.map(|(n, _)| n),
        seed: opts.sample.map(|(_, s)| s),
        side: opts
            .side
            .map(|c| if c.is_white() { "white" } else { "black" }),
        white_to_move: tally.white_to_move,
        truth: tally.truth,
        confusion: tally.confusion,
        deterministic: tally.deterministic,
        rules,
        white_in_won: (opts.moves && !kpkp).then_some(tally.white_in_won),
        black_in_drawn: (opts.moves && !kpkp).then_some(tally.black_in_drawn),
        mover_in_won: (opts.moves && kpkp).then_some(tally.mover_in_won),
        mover_in_drawn: (opts.moves && kpkp).then_some(tally.mover_in_drawn),
        calc: opts.calc,
        overruled: tally.overruled.all,
        proved_instead: tally.overruled.proved_instead,
        holds: tally.overruled.holds,
        ruled_out: tally.overruled.ruled_out,
        chances: tally.overruled.chances,
        proofs: Proofs {
            calc: opts.calc,
            ..tally.proofs
        },
        counterexamples: tally.failures,
        unproved: tally.unproved,
        conversion: None,
        elapsed_s: start.elapsed().as_secs_f64(),
        threads: rayon::current_num_threads(),
    })
}

/// The positions with the white king on `wk`.
fn sweep_king(
    tb: &Tablebases,
    opts: PawnOptions,
    book: &'static Book,
    memo: &Memo,
    wk: Square,
) -> Result<Tally> {
    let mut t = Tally {
        fired: vec![(0, 0); book.rules().rows.len()],
        proofs: Proofs {
            by_depth: vec![0; usize::from(opts.calc) + 1],
            ..Proofs::default()
        },
        keep_failures: opts.counterexamples,
        keep_unproved: opts.unproved,
        ..Tally::default()
    };
    let mut error = None;
    let eval = |book: &'static Book, node: &Node| memo.eval(book, node);
    let mut calc = Calculator::new(&eval, book);
    let sample = opts
        .sample
        .map_or(Sample::ALL, |(n, seed)| Sample::about(opts.ending, n, seed));
    for_each_sampled(opts.ending, Bitboard::from(wk), sample, |pos| {
        if error.is_none()
            && opts.side.is_none_or(|c| c == pos.turn())
            && let Err(e) = judge(tb, opts, (book, memo), &pos, &mut t, &mut calc)
        {
            error = Some(e);
        }
    });
    error.map_or(Ok(t), Err)
}

/// One position into the tallies.
fn judge(
    tb: &Tablebases,
    opts: PawnOptions,
    (book, memo): (&'static Book, &Memo),
    pos: &Chess,
    t: &mut Tally,
    calc: &mut Calculator<impl Level1>,
) -> Result<()> {
    let result = white_result(tb, pos)?;
    let white_wins = result == 0;
    t.positions += 1;
    t.white_to_move += usize::from(pos.turn() == Color::White);
    t.truth[result] += 1;
    let e = memo.eval(book, &Node::from_chess(pos));
    t.confusion.add(white_wins, e.verdict());
    if e.deterministic {
        t.deterministic.positions += 1;
        let sound = (e.verdict() == Verdict::Win) == white_wins;
        t.deterministic.sound += usize::from(sound);
        if !sound && t.keep_failures {
            let says = if e.verdict() == Verdict::Win {
                "wins"
            } else {
                "does not win"
            };
            t.failures.push(format!(
                "{} c0 \"the rules say White {says}\";",
                epd_of(pos)
            ));
        }
    }
    prove(
        pos,
        (e.deterministic, e.verdict()),
        result,
        opts.calc,
        t,
        calc,
    );
    let table = book.rules();
    for r in e.fired.iter() {
        let row = table.row(r);
        let slot = &mut t.fired[r.index()];
        slot.0 += 1;
        let says_win = row.weight > 0.5;
        slot.1 += usize::from(says_win == white_wins);
    }
    match (opts.moves, opts.ending) {
        (false, _) => {}
        (true, PawnEnding::Kppk) => judge_move(tb, (memo, opts.calc), pos, result, t, calc)?,
        (true, PawnEnding::Kpkp) => {
            judge_move_either(tb, (memo, opts.calc), pos, result, t, calc)?;
        }
    }
    Ok(())
}

/// How the verdict of `pos` is proved, into the tallies: by the rule that
/// decides it, or by the shallowest proof within `plies` plies of
/// calculation; each proof's verdict checked against the tables (`result`:
/// White's, an index of [`RESULT`]).
fn prove(
    pos: &Chess,
    (deterministic, verdict): (bool, Verdict),
    result: usize,
    plies: u8,
    t: &mut Tally,
    calc: &mut Calculator<impl Level1>,
) {
    let white_wins = result == 0;
    let proof = (!deterministic && plies > 0)
        .then(|| calc.prove(pos, plies, &|_: &Chess| None))
        .flatten();
    if !deterministic && proof.is_none() {
        t.proofs.unproved += 1;
        if t.keep_unproved {
            let judged = if verdict == Verdict::Win {
                "wins"
            } else {
                "does not win"
            };
            t.unproved.push(format!(
                "{} c0 \"unproved; {}\"; c1 \"the rules judge: White {judged}\";",
                epd_of(pos),
                RESULT[result]
            ));
        }
        return;
    }
    let p = &mut t.proofs;
    let (count, depth, verdict) = if let Some(proof) = proof {
        let count = match proof.depth {
            0 => &mut p.rule,
            1 => &mut p.moves,
            _ => &mut p.calculation,
        };
        (count, proof.depth, proof.verdict)
    } else {
        (&mut p.rule, 0, verdict)
    };
    count.positions += 1;
    count.sound += usize::from((verdict == Verdict::Win) == white_wins);
    p.by_depth[usize::from(depth)] += 1;
}

/// Whether the chosen move keeps the value: White keeps a win, Black a
/// draw.
fn judge_move(
    tb: &Tablebases,
    (memo, plies): (&Memo, u8),
    pos: &Chess,
    result: usize,
    t: &mut Tally,
    calc: &mut Calculator<impl Level1>,
) -> Result<()> {
    let (count, keeps): (&mut Count, fn(usize) -> bool) = match (pos.turn(), result) {
        (Color::White, 0) => (&mut t.white_in_won, |r| r == 0),
        (Color::Black, 1) => (&mut t.black_in_drawn, |r| r == 1),
        _ => return Ok(()),
    };
    if kept_by_every_move(tb, pos, keeps, count)? {
        return Ok(());
    }
    let eval = |book: &'static Book, node: &Node| memo.eval(book, node);
    let Some(d) = decide(pos, &eval) else {
        return Ok(());
    };
    count.positions += 1;
    let mut m = d.chosen().mv;
    let mut now = white_result(tb, &d.chosen().after)?;
    if !keeps(now)
        && let Some((instead, kind)) = overruled_move(pos, &d, plies, calc, &eval)
    {
        m = instead;
        now = white_result(tb, &played(pos, m))?;
        t.overruled.add(kind, keeps(now));
    }
    count.sound += usize::from(keeps(now));
    if !keeps(now) && t.keep_failures {
        t.failures.push(failure(pos, m, result, now));
    }
    Ok(())
}

/// In KPKP, whether the chosen move keeps the value for the side to move:
/// a win stays a win, a draw a draw. The side the rules find winning plays
/// for the win as White ([`playing_for_the_win`]).
fn judge_move_either(
    tb: &Tablebases,
    (memo, plies): (&Memo, u8),
    pos: &Chess,
    result: usize,
    t: &mut Tally,
    calc: &mut Calculator<impl Level1>,
) -> Result<()> {
    let mover_wins = (result == 0) == (pos.turn() == Color::White);
    let count = match (result, mover_wins) {
        (1, _) => &mut t.mover_in_drawn,
        (_, true) => &mut t.mover_in_won,
        _ => return Ok(()),
    };
    if kept_by_every_move(tb, pos, |now| now == result, count)? {
        return Ok(());
    }
    let eval = |book: &'static Book, node: &Node| memo.eval(book, node);
    let Some((d, orientation)) = decide_either(pos, &eval) else {
        return Ok(());
    };
    count.positions += 1;
    let mut m = orient_move(d.chosen().mv, orientation);
    let mut now = white_result(tb, &played(pos, m))?;
    if now != result
        && let Some((instead, kind)) =
            overruled_move(&to_user(pos, orientation), &d, plies, calc, &eval)
    {
        m = orient_move(instead, orientation);
        now = white_result(tb, &played(pos, m))?;
        t.overruled.add(kind, now == result);
    }
    count.sound += usize::from(now == result);
    if now != result && t.keep_failures {
        t.failures.push(failure(pos, m, result, now));
    }
    Ok(())
}

/// Whether `pos` has a legal move and every one keeps the value by the
/// tables (`keeps` of White's result after it): whichever move the
/// selection chooses keeps it, and calculation, which steps in only where
/// the proposal throws the value away, never does. Such a position goes
/// into `count` as kept without asking the selection; the count is the one
/// asking would give.
fn kept_by_every_move(
    tb: &Tablebases,
    pos: &Chess,
    keeps: impl Fn(usize) -> bool,
    count: &mut Count,
) -> Result<bool> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Ok(false);
    }
    for &m in &moves {
        if !keeps(white_result(tb, &played(pos, m))?) {
            return Ok(false);
        }
    }
    count.positions += 1;
    count.sound += 1;
    Ok(true)
}

/// White's result by the tables in words.
const RESULT: [&str; 3] = ["White wins", "drawn", "Black wins"];

/// One EPD line for a move that throws the value away: `am` the move.
fn failure(pos: &Chess, m: shakmaty::Move, before: usize, after: usize) -> String {
    let san = shakmaty::san::San::from_move(pos, m);
    format!(
        "{} am {san}; c0 \"{}; after {san} {}\";",
        epd_of(pos),
        RESULT[before],
        RESULT[after]
    )
}

/// `pos` after `m`.
fn played(pos: &Chess, m: shakmaty::Move) -> Chess {
    let mut after = pos.clone();
    after.play_unchecked(m);
    after
}

/// The move calculation plays instead of the selection's proposal in
/// `pos`, where it overrules it (as `line` and `analyse` do), and why.
///
/// The sweep asks only where the tables say the proposal fails: a proof is
/// sound, so calculation never proves that a move keeping the value
/// throws it away, and elsewhere it would leave the value as it is (it
/// may trade a drawing move for another that keeps the chances, which
/// the sweep does not count). The values are those a check in every
/// position would give.
pub(crate) fn overruled_move(
    pos: &Chess,
    d: &crate::knowledge::select::Decision,
    plies: u8,
    calc: &mut Calculator<impl Level1>,
    eval: &impl Level1,
) -> Option<(shakmaty::Move, Overrule)> {
    if plies == 0 || !books::checked_by_calculation(d.book) {
        return None;
    }
    let prefer = |p: &Chess| decide(p, eval).map(|d| d.chosen().mv);
    let order = d.ranked(pos.turn() == Color::White);
    calc.overrule(pos, d.chosen().mv, &order, plies, &prefer)
        .map(|o| (o.played(), o.kind))
}
