//! Validation against the truth over every legal KPK position: the
//! instrument that measures how right the rules are.

use std::sync::atomic::{AtomicU16, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;
use shakmaty::{Chess, Color, Move, Position, Square};

use crate::board::enumerate;
use crate::board::facts::Node;
use crate::board::position::{Kpk, TABLE_SIZE, epd_of};
use crate::error::Result;
use crate::judges::mate_oracle::Ending;
use crate::judges::truth::Truth;
use crate::knowledge::book::Book;
use crate::knowledge::books::kpk;
use crate::knowledge::calc::{Calculator, MAX_PLIES};
use crate::knowledge::evaluate::{Evaluation, Level1, Verdict, combine, evaluate_with, level1};
use crate::knowledge::proof::{Judgement, ProvedBy, judge_position};
use crate::knowledge::weights::{RuleSet, RuleTable};
use crate::play::line::{self, Player, Termination};
use crate::play::selectors::Selector;
use crate::rng::SplitMix64;

/// Which side to move to sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideFilter {
    /// White to move only.
    White,
    /// Black to move only.
    Black,
    /// Both.
    Both,
}

/// What to run.
#[derive(Debug, Clone)]
pub struct Options {
    /// A reproducible random subset: (size, seed).
    pub sample: Option<(usize, u64)>,
    /// Sides to move.
    pub side: SideFilter,
    /// Play out every won position against perfect defence.
    pub playout: bool,
    /// Collect counterexamples.
    pub counterexamples: bool,
    /// The selector whose moves are judged (classification and the rules
    /// are always PECP's level 1).
    pub selector: Selector,
    /// Plies of calculation to prove the verdicts no rule proves on the
    /// position or one move ahead, and to refute the moves that throw the
    /// value away (0: none).
    pub calc: u8,
}

/// A classification confusion matrix.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Confusion {
    /// Won, called a win.
    pub win_as_win: usize,
    /// Won, called a draw.
    pub win_as_draw: usize,
    /// Won, weight exactly 0.5.
    pub win_as_unknown: usize,
    /// Drawn, called a win.
    pub draw_as_win: usize,
    /// Drawn, called a draw.
    pub draw_as_draw: usize,
    /// Drawn, weight exactly 0.5.
    pub draw_as_unknown: usize,
}

impl Confusion {
    /// Counts one position: won or not, and the verdict it got.
    pub(crate) fn add(&mut self, win: bool, v: Verdict) {
        *match (win, v) {
            (true, Verdict::Win) => &mut self.win_as_win,
            (true, Verdict::Draw) => &mut self.win_as_draw,
            (true, Verdict::Unknown) => &mut self.win_as_unknown,
            (false, Verdict::Win) => &mut self.draw_as_win,
            (false, Verdict::Draw) => &mut self.draw_as_draw,
            (false, Verdict::Unknown) => &mut self.draw_as_unknown,
        } += 1;
    }

    /// Adds another matrix's counts.
    pub(crate) fn merge(&mut self, o: &Confusion) {
        self.win_as_win += o.win_as_win;
        self.win_as_draw += o.win_as_draw;
        self.win_as_unknown += o.win_as_unknown;
        self.draw_as_win += o.draw_as_win;
        self.draw_as_draw += o.draw_as_draw;
        self.draw_as_unknown += o.draw_as_unknown;
    }

    fn total(&self) -> usize {
        self.win_as_win
            + self.win_as_draw
            + self.win_as_unknown
            + self.draw_as_win
            + self.draw_as_draw
            + self.draw_as_unknown
    }

    /// Share of correct verdicts.
    pub fn accuracy(&self) -> f64 {
        ratio(self.win_as_win + self.draw_as_draw, self.total())
    }
}

/// `a / b`, or 1 when `b` is 0 (nothing to get wrong).
pub fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 1.0 } else { a as f64 / b as f64 }
}

/// Classification figures.
#[derive(Debug, Clone, Serialize)]
pub struct Classification {
    /// Overall accuracy.
    pub accuracy: f64,
    /// Overall confusion matrix.
    pub confusion: Confusion,
    /// Accuracy with White to move.
    pub accuracy_white_to_move: f64,
    /// Accuracy with Black to move.
    pub accuracy_black_to_move: f64,
    /// Confusion with White to move.
    pub confusion_white_to_move: Confusion,
    /// Confusion with Black to move.
    pub confusion_black_to_move: Confusion,
}

/// How many verdicts each way proves (and how many of them are right).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Proofs {
    /// By a deterministic rule on the position.
    pub rule: Count,
    /// By the positions one move ahead.
    pub moves: Count,
    /// By two or more plies of calculation.
    pub calculation: Count,
    /// Proved positions by the plies of their shallowest proof: 0 (a
    /// rule), 1 (the moves), 2, … up to `calc`.
    pub by_depth: Vec<usize>,
    /// Not proved: the averaged rules' judgement.
    pub unproved: usize,
    /// The plies of calculation.
    pub calc: u8,
}

impl Proofs {
    /// Adds another sweep's proofs (of the same `calc`).
    pub(crate) fn merge(&mut self, o: &Proofs) {
        self.rule.merge(&o.rule);
        self.moves.merge(&o.moves);
        self.calculation.merge(&o.calculation);
        if self.by_depth.len() < o.by_depth.len() {
            self.by_depth.resize(o.by_depth.len(), 0);
        }
        for (sum, n) in self.by_depth.iter_mut().zip(&o.by_depth) {
            *sum += n;
        }
        self.unproved += o.unproved;
    }
}

/// The refutations of the moves that throw the value away (by the truth),
/// over every legal move of the positions swept.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Refutations {
    /// Moves that throw the value away.
    pub value_losing: usize,
    /// Refuted moves by the plies of calculation after the reply (0: a
    /// rule decides the position the reply leads to).
    pub by_depth: Vec<usize>,
    /// Value-losing moves no refutation is found for within `calc` plies.
    pub mute: usize,
}

/// One position's refutations: per depth after the reply, and those
/// without one.
#[derive(Debug, Clone, Copy, Default)]
struct Refuted {
    losing: u8,
    mute: u8,
    by_depth: [u8; MAX_PLIES as usize + 1],
}

/// Positions and how many passed.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Count {
    /// Positions checked.
    pub positions: usize,
    /// Of which sound.
    pub sound: usize,
}

impl Count {
    /// Adds another count.
    pub(crate) fn merge(&mut self, o: &Count) {
        self.positions += o.positions;
        self.sound += o.sound;
    }
}

/// Move soundness for both sides.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MoveSoundness {
    /// White to move, won: the chosen move keeps the win.
    pub white_in_won: Count,
    /// Black to move, drawn: the chosen move keeps the draw.
    pub black_in_drawn: Count,
    /// Black to move, drawn, the pawn (or a new piece) can be taken: the
    /// chosen move takes it (a capture always draws: kings alone).
    pub black_takes_free_pawn: Count,
}

/// Conversion figures (with `--playout`).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Conversion {
    /// Won positions played out.
    pub positions: usize,
    /// Converted: safe promotion or mate.
    pub converted: usize,
    /// Mean plies to conversion over the converted starts.
    pub mean_plies: f64,
    /// Mean plies of tablebase-against-tablebase play from the same starts.
    pub mean_plies_optimal: f64,
    /// How the failures ended, by termination id.
    pub failures: Vec<(String, usize)>,
}

/// Conversion to mate (with `--playout`): the lines that reached a safe
/// promotion, played on by the mating rules (MATER first, as lines play
/// by default) against perfect defence.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MateConversion {
    /// Always "mate".
    pub until: &'static str,
    /// Starts whose line reached a safe promotion.
    pub positions: usize,
    /// Of which mated within the fifty-move rule after the promotion.
    pub mated: usize,
    /// Stalemated after the promotion.
    pub stalemated: usize,
    /// The piece lost after the promotion.
    pub piece_lost: usize,
    /// No mate within fifty moves of the promotion.
    pub fifty_move: usize,
    /// Mean plies from the start to mate, over the mated lines.
    pub mean_plies: f64,
    /// Mean plies from the promotion to mate, over the mated lines.
    pub mean_plies_after_promotion: f64,
    /// The same with perfect play after the same promotions.
    pub mean_plies_after_promotion_optimal: f64,
}

/// Plays every safe promotion of the playouts on to mate.
fn to_mate(truth: &Truth, runs: &[&PosOutcome]) -> Result<MateConversion> {
    let mut c = MateConversion {
        until: "mate",
        ..MateConversion::default()
    };
    let (mut sum, mut sum_after, mut sum_opt) = (0u64, 0u64, 0u64);
    // Lines that mate before any promotion mates (a promotion with mate).
    for o in runs {
        if let Some((Termination::Checkmate, plies, _)) = o.playout {
            c.positions += 1;
            c.mated += 1;
            sum += plies as u64;
        }
    }
    // The exact solutions of both endings (the optimal lengths), side by side.
    rayon::join(
        || crate::judges::mate_oracle::MateOracle::get(Ending::Kqk),
        || crate::judges::mate_oracle::MateOracle::get(Ending::Krk),
    );
    for ending in [Ending::Kqk, Ending::Krk] {
        let mine: Vec<(&PosOutcome, (Square, Square, Square))> = runs
            .iter()
            .filter_map(|o| match o.promoted {
                Some((e, w, b, p)) if e == ending => Some((*o, (w, b, p))),
                _ => None,
            })
            .collect();
        let mut walk =
            crate::play::walk::Walk::new(ending, truth.tables(), Some(line::DEFAULT_MATER));
        let mut distinct: Vec<(Square, Square, Square)> = mine.iter().map(|m| m.1).collect();
        distinct.sort_unstable();
        distinct.dedup();
        walk.prepare_after_promotion(&distinct)?;
        let oracle = crate::judges::mate_oracle::MateOracle::get(ending);
        let mut ends = rustc_hash::FxHashMap::default();
        for &(w, b, p) in &distinct {
            let mut end = walk.after_promotion(w, b, p)?;
            if matches!(end, (crate::play::walk::End::Circles, _) | (_, Some(101..))) {
                let pos = crate::play::walk::chess(ending, true, w, b, p).expect("legal");
                end = crate::apps::endings::play_as_line(&pos, truth, Some(line::DEFAULT_MATER))?;
            }
            ends.insert((w, b, p), end);
        }
        for (o, (w, b, p)) in mine {
            c.positions += 1;
            match ends[&(w, b, p)] {
                (_, Some(plies)) if plies <= 100 => {
                    c.mated += 1;
                    let before = o.playout.map_or(0, |x| x.1) as u64;
                    sum += before + u64::from(plies);
                    sum_after += u64::from(plies);
                    sum_opt += u64::from(oracle.plies(true, w, b, p).unwrap_or(0));
                }
                (crate::play::walk::End::Stalemated, _) => c.stalemated += 1,
                (crate::play::walk::End::PieceLost, _) => c.piece_lost += 1,
                _ => c.fifty_move += 1,
            }
        }
    }
    let n = c.mated.max(1) as f64;
    c.mean_plies = sum as f64 / n;
    c.mean_plies_after_promotion = sum_after as f64 / n;
    c.mean_plies_after_promotion_optimal = sum_opt as f64 / n;
    Ok(c)
}

/// One rule's record.
#[derive(Debug, Clone, Serialize)]
pub struct RuleRecord {
    /// Rule id.
    pub id: String,
    /// Deterministic or averaged.
    pub kind: crate::knowledge::weights::Kind,
    /// Its weight.
    pub weight: f64,
    /// Positions where it fires.
    pub fired: usize,
    /// Of which the truth is on the same side of 0.5 as the weight.
    pub agree: usize,
}

/// The whole report (`--json` prints it).
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Positions swept.
    pub positions: usize,
    /// The refutations by calculation of the moves that throw the value
    /// away.
    pub refutations: Refutations,
    /// Of which White to move.
    pub white_to_move: usize,
    /// Of which Black to move.
    pub black_to_move: usize,
    /// "syzygy" or "embedded".
    pub truth: &'static str,
    /// Won for White by the truth.
    pub tb_white_wins: usize,
    /// Drawn by the truth.
    pub tb_draws: usize,
    /// Whether the counts match Edwards' figures (full sweeps only).
    pub counts_match_edwards: Option<bool>,
    /// The selector measured ("pecp", "soma", "alphabeta").
    pub selector: &'static str,
    /// Alpha-beta's depth, when that is the selector.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u8>,
    /// The verdict against the truth: the rules on the position, or on the
    /// positions one move ahead where those prove it (the one-ply proof),
    /// or calculation where it proves it.
    pub classification: Classification,
    /// The rules on the position alone (level 1, no look ahead).
    pub classification_level1: Classification,
    /// How the verdicts are proved.
    pub proofs: Proofs,
    /// Positions a deterministic rule decided, and how many correctly.
    pub deterministic: Count,
    /// Positions where a win-side and a draw-side deterministic rule fired.
    pub deterministic_conflicts: usize,
    /// Positions where no rule fired.
    pub no_rule: usize,
    /// Move soundness.
    pub move_soundness: MoveSoundness,
    /// Conversion, with `--playout`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conversion: Option<Conversion>,
    /// Conversion on to mate, with `--playout`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conversion_to_mate: Option<MateConversion>,
    /// Per-rule report, in rule-book order.
    pub rules: Vec<RuleRecord>,
    /// Wall-clock seconds.
    pub elapsed_s: f64,
    /// Of which choosing the moves (and playing out, with `--playout`).
    pub selection_s: f64,
    /// Threads used.
    pub threads: usize,
}

/// A failing position for the EPD file.
#[derive(Debug, Clone)]
pub struct Counterexample {
    /// The position.
    pub kpk: Kpk,
    /// What went wrong.
    pub what: String,
    /// Every value-keeping move (SAN).
    pub best: Vec<String>,
}

impl Counterexample {
    /// One EPD line.
    pub fn epd(&self, n: usize) -> String {
        let epd = epd_of(&self.kpk.to_chess());
        let bm = if self.best.is_empty() {
            String::new()
        } else {
            format!(" bm {};", self.best.join(" "))
        };
        format!(
            "{epd}{bm} id \"pecp.{n}\"; c0 \"{}\";",
            self.what.replace('"', "'")
        )
    }
}

/// Positions chosen by the options, in enumeration order.
pub fn select_positions(opts: &Options) -> Vec<Kpk> {
    let mut all: Vec<Kpk> = enumerate::all_positions()
        .into_iter()
        .filter(|k| match opts.side {
            SideFilter::White => k.turn() == Color::White,
            SideFilter::Black => k.turn() == Color::Black,
            SideFilter::Both => true,
        })
        .collect();
    if let Some((n, seed)) = opts.sample
        && n < all.len()
    {
        // Partial Fisher-Yates, then back to enumeration order.
        let mut rng = SplitMix64::new(seed);
        let mut idx: Vec<usize> = (0..all.len()).collect();
        for i in 0..n {
            let j = i + rng.below(idx.len() - i);
            idx.swap(i, j);
        }
        let mut chosen: Vec<usize> = idx[..n].to_vec();
        chosen.sort_unstable();
        all = chosen.into_iter().map(|i| all[i]).collect();
    }
    all
}

/// The positions with the pawn on files a-d: the other half mirrors them
/// and has the same value, weight and (mirrored) choice.
fn canonical_positions() -> Vec<Kpk> {
    enumerate::all_positions()
        .into_iter()
        .filter(|k| k.canonical() == *k)
        .collect()
}

/// How many times [`run`] calls its `tick`: once per canonical position
/// among those selected.
pub fn work_size(opts: &Options) -> u64 {
    let mut canon: Vec<Kpk> = select_positions(opts)
        .iter()
        .map(|k| k.canonical())
        .collect();
    canon.sort_by_key(|k| enumerate_order(*k));
    canon.dedup();
    canon.len() as u64
}

/// The truth for every KPK position, in a dense table (1 = White wins).
/// Only the canonical half is probed; the mirror half copies it.
///
/// # Errors
/// A tablebase probe error.
pub fn truth_table(truth: &Truth) -> Result<Vec<u8>> {
    let canon = canonical_positions();
    let values: Vec<Result<bool>> = canon
        .par_iter()
        .map(|k| truth.white_wins(&k.to_chess()))
        .collect();
    let mut table = vec![0u8; TABLE_SIZE];
    for (k, v) in canon.iter().zip(values) {
        let v = u8::from(v?);
        table[k.index()] = v;
        table[k.mirror_files().index()] = v;
    }
    Ok(table)
}

/// The level-1 evaluation of every KPK position, computed once: the same
/// answer as [`crate::knowledge::evaluate::evaluate`], fired rules included.
pub struct WeightCache {
    evals: Vec<Evaluation>,
    /// The positions just after a promotion, evaluated when first asked.
    promotions: Vec<std::sync::OnceLock<Evaluation>>,
    book: RuleTable,
}

/// Where a position just after a promotion (the new piece on the 8th
/// rank, no pawn, Black to move) has its place in
/// [`WeightCache::promotions`].
fn promotion_index(node: &Node) -> Option<usize> {
    let (Some((p, promo)), None, crate::board::geometry::Side::Black) =
        (node.piece, node.pawn, node.turn)
    else {
        return None;
    };
    let square = |s: crate::board::geometry::Sq| usize::from(s.to_square());
    (p.1 == 8).then(|| {
        ((promo as usize * 8 + (p.0 as usize - 1)) * 64 + square(node.wk)) * 64 + square(node.bk)
    })
}

impl WeightCache {
    /// Evaluates every legal KPK position once, in parallel. Evaluation
    /// is mirror-invariant (it works on the canonical half), so only the
    /// canonical positions are evaluated.
    pub fn build() -> WeightCache {
        WeightCache::build_with(kpk::BOOK.rules())
    }

    /// The same with the weights of `book`.
    pub fn build_with(book: &RuleTable) -> WeightCache {
        let canon = canonical_positions();
        let evals: Vec<(Kpk, Evaluation)> = canon
            .par_iter()
            .map(|k| (*k, evaluate_with(&kpk::BOOK, &Node::from_kpk(*k), book)))
            .collect();
        let mut table = vec![combine(&kpk::BOOK, RuleSet::default(), book); TABLE_SIZE];
        for (k, e) in &evals {
            table[k.index()] = *e;
            table[k.mirror_files().index()] = *e;
        }
        WeightCache {
            evals: table,
            promotions: (0..4 * 8 * 64 * 64)
                .map(|_| std::sync::OnceLock::new())
                .collect(),
            book: book.clone(),
        }
    }

    /// The evaluation of a KPK position.
    pub fn get(&self, k: Kpk) -> Evaluation {
        self.evals[k.index()]
    }

    /// An evaluator that answers the KPK book's KPK positions and
    /// promotions from the cache, evaluates the rest of its positions
    /// (captures) with the cache's weights, and leaves other books' to
    /// them.
    pub fn evaluator(&self) -> impl Level1 + '_ {
        move |book: &'static Book, node: &Node| {
            if *book != kpk::BOOK {
                return level1(book, node);
            }
            let plain = || evaluate_with(book, node, &self.book);
            match (node.kpk(), promotion_index(node)) {
                (Some(k), _) => self.evals[k.index()],
                (None, Some(i)) => *self.promotions[i].get_or_init(plain),
                (None, None) => plain(),
            }
        }
    }
}

fn child_white_wins(table: &[u8], truth: &Truth, after: &Chess) -> Result<bool> {
    match Kpk::from_chess(after) {
        Some(k) => Ok(table[k.index()] == 1),
        None => truth.white_wins(after),
    }
}

fn value_keeping_moves(
    table: &[u8],
    truth: &Truth,
    pos: &Chess,
    white_wins: bool,
) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        let mut after = pos.clone();
        after.play_unchecked(m);
        if child_white_wins(table, truth, &after)? == white_wins {
            out.push(shakmaty::san::San::from_move(pos, m).to_string());
        }
    }
    Ok(out)
}

/// What the sweep found in one decided position.
struct PosOutcome {
    /// Whether the chosen move keeps the value (where that is checked).
    move_check: Option<bool>,
    /// The move chosen, on the decided board.
    chosen: Option<Move>,
    /// With `--playout`: how the line ended, its plies, and the plies of
    /// perfect play against perfect play from the same start.
    playout: Option<(Termination, usize, usize)>,
    /// With `--playout`, a line that ended in a safe promotion: the
    /// position just after it (Black to move, White has the piece).
    promoted: Option<(Ending, Square, Square, Square)>,
    /// The verdict with its proof (the same for a mirror image).
    verdict: Verdict,
    /// How it is proved.
    proved_by: Option<ProvedBy>,
    /// The plies of the shallowest proof, when proved.
    depth: Option<u8>,
    /// The refutations of the moves that throw the value away.
    refuted: Refuted,
}

/// Everything one sweep reads: the truth, the options, the truth of every
/// position and the level-1 evaluation of every position.
struct Sweep<'a> {
    truth: &'a Truth,
    opts: &'a Options,
    table: Vec<u8>,
    cache: WeightCache,
    /// Plies of perfect play against perfect play from each KPK position
    /// to the end of the line, plus one (0: not yet known). Perfect play
    /// is a function of the position, so each is computed once.
    optimal: Vec<AtomicU16>,
    /// PECP's moves in the playouts, each position decided once.
    memo: std::sync::Arc<line::ChoiceMemo>,
}

impl Sweep<'_> {
    fn wins(&self, k: Kpk) -> bool {
        self.table[k.index()] == 1
    }

    /// The verdict of `k` with its one-ply proof.
    fn judge(&self, k: Kpk) -> Judgement {
        judge_position(&k.to_chess(), &self.cache.evaluator())
    }

    /// PECP decides each canonical position once: a mirrored position's
    /// choice is the mirror of its canonical twin's (selection works on the
    /// canonical board), and its value is the same. Other selectors are not
    /// mirror-symmetric (tie-breaks), so they decide every position.
    fn key(&self, k: Kpk) -> Kpk {
        if self.opts.selector == Selector::Pecp {
            k.canonical()
        } else {
            k
        }
    }

    /// Chooses a move where the side to move holds the value (White in a
    /// won position, Black in a drawn one) and checks it; with `--playout`
    /// plays a won position out against perfect defence.
    fn decide(&self, k: Kpk, calc: &mut Calculator<impl Level1>) -> Result<PosOutcome> {
        let pos = k.to_chess();
        let wins = self.wins(k);
        let eval = self.cache.evaluator();
        let j = self.judge(k);
        let mut out = PosOutcome {
            move_check: None,
            chosen: None,
            playout: None,
            promoted: None,
            verdict: j.verdict,
            proved_by: j.proved_by,
            depth: match j.proved_by {
                Some(ProvedBy::Rule) => Some(0),
                Some(_) => Some(1),
                None => None,
            },
            refuted: Refuted::default(),
        };
        self.calculate(&pos, wins, calc, &mut out)?;
        let check = (k.turn() == Color::White) == wins;
        if check && let Some(m) = self.opts.selector.choose(&pos, &eval) {
            let mut after = pos.clone();
            after.play_unchecked(m);
            out.move_check = Some(child_white_wins(&self.table, self.truth, &after)? == wins);
            out.chosen = Some(m);
            if self.opts.selector == Selector::Pecp {
                self.memo.put(&pos, 0, m);
            }
        }
        Ok(out)
    }

    /// With `calc` plies: the proof of a verdict the rules leave unproved,
    /// and the refutation of every move that throws the value away.
    fn calculate(
        &self,
        pos: &Chess,
        wins: bool,
        calc: &mut Calculator<impl Level1>,
        out: &mut PosOutcome,
    ) -> Result<()> {
        let plies = self.opts.calc;
        if plies == 0 {
            return Ok(());
        }
        let none = |_: &Chess| None;
        if out.proved_by.is_none()
            && let Some(p) = calc.prove(pos, plies, &none)
        {
            out.verdict = p.verdict;
            out.proved_by = Some(ProvedBy::Calculation);
            out.depth = Some(p.depth);
        }
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            if child_white_wins(&self.table, self.truth, &after)? == wins {
                continue;
            }
            let r = &mut out.refuted;
            r.losing += 1;
            match calc.refute(&after, plies, &none) {
                Some((_, p)) => r.by_depth[usize::from(p.depth)] += 1,
                None => r.mute += 1,
            }
        }
        Ok(())
    }

    /// With `--playout`, plays a won position out against perfect
    /// defence (after every position has been decided, so the lines find
    /// PECP's moves remembered).
    fn play_out(&self, k: Kpk, out: &mut PosOutcome) -> Result<()> {
        let pos = k.to_chess();
        let eval = self.cache.evaluator();
        if self.opts.playout && self.wins(k) {
            let cfg = line::Config {
                white: Player::Select(self.opts.selector),
                black: Player::Tablebase,
                max_moves: 500,
                memo: Some(std::sync::Arc::clone(&self.memo)),
                ..line::Config::default()
            };
            let l = line::generate_with(&pos, &cfg, self.truth, &eval)?;
            out.playout = Some((l.termination, l.plies.len(), self.optimal_plies(&pos)?));
            if l.termination == Termination::AbsoluteWin
                && let Some(last) = l.plies.last()
                && let (Some(e), Some((_, w, b, p))) = (
                    Ending::of(&last.after),
                    crate::judges::mate_oracle::pieces(&last.after),
                )
            {
                out.promoted = Some((e, w, b, p));
            }
        }
        Ok(())
    }

    /// The plies of the tablebase-against-tablebase line from `start`, as
    /// `line::generate_with` would play it, each position's count kept.
    fn optimal_plies(&self, start: &Chess) -> Result<usize> {
        let mut path: Vec<Option<usize>> = Vec::new();
        let mut pos = start.clone();
        let tail = loop {
            let k = Kpk::from_chess(&pos).map(|k| k.index());
            if let Some(known) = k.map(|i| self.optimal[i].load(Ordering::Relaxed))
                && known > 0
            {
                break usize::from(known) - 1;
            }
            if line::game_end(&pos).is_some() {
                break 0;
            }
            path.push(k);
            let m = self
                .truth
                .best_move(&pos)?
                .expect("a game not over has a move");
            pos.play_unchecked(m);
        };
        let n = path.len();
        for (i, k) in path.iter().enumerate() {
            if let Some(k) = k {
                let plies = u16::try_from(n - i + tail).unwrap_or(u16::MAX - 1);
                self.optimal[*k].store(plies + 1, Ordering::Relaxed);
            }
        }
        Ok(n + tail)
    }

    /// Every value-keeping move of `k` in SAN, for a counterexample.
    fn counterexample(&self, k: Kpk, what: String) -> Result<Counterexample> {
        let best = value_keeping_moves(&self.table, self.truth, &k.to_chess(), self.wins(k))?;
        Ok(Counterexample { kpk: k, what, best })
    }
}

/// Runs the sweep. `tick` is called once per canonical position decided
/// ([`work_size`] times).
///
/// # Errors
/// A tablebase probe error.
pub fn run(
    truth: &Truth,
    opts: &Options,
    tick: &(dyn Fn() + Sync),
) -> Result<(Report, Vec<Counterexample>)> {
    run_with(truth, opts, kpk::BOOK.rules(), tick)
}

/// [`run`] with the weights of `book` (`pecp tune` checks its candidates
/// so).
///
/// # Errors
/// A tablebase probe error.
pub fn run_with(
    truth: &Truth,
    opts: &Options,
    book: &RuleTable,
    tick: &(dyn Fn() + Sync),
) -> Result<(Report, Vec<Counterexample>)> {
    let started = Instant::now();
    let sweep = Sweep {
        truth,
        opts,
        table: truth_table(truth)?,
        cache: WeightCache::build_with(book),
        optimal: (0..TABLE_SIZE).map(|_| AtomicU16::new(0)).collect(),
        memo: std::sync::Arc::default(),
    };
    let positions = select_positions(opts);
    let mut decided: Vec<Kpk> = positions.iter().map(|&k| sweep.key(k)).collect();
    decided.sort_by_key(|k| enumerate_order(*k));
    decided.dedup();
    let selection_started = Instant::now();
    let eval = sweep.cache.evaluator();
    let outcomes: Vec<Result<PosOutcome>> = decided
        .par_iter()
        .map_init(
            || Calculator::new(&eval, &crate::knowledge::books::kpk::BOOK),
            |calc, &k| {
                let out = sweep.decide(k, calc);
                if !opts.playout {
                    tick();
                }
                out
            },
        )
        .collect();
    let mut outcomes: Vec<PosOutcome> = outcomes.into_iter().collect::<Result<_>>()?;
    if opts.playout {
        decided
            .par_iter()
            .zip(&mut outcomes)
            .try_for_each(|(&k, out)| {
                tick();
                sweep.play_out(k, out)
            })?;
    }
    let selection_s = selection_started.elapsed().as_secs_f64();
    let mut tally = Tally::new(book);
    for &k in &positions {
        let c = sweep.key(k);
        let at = decided
            .binary_search_by_key(&enumerate_order(c), |e| enumerate_order(*e))
            .expect("decided");
        let mut outcome = &outcomes[at];
        let mirrored;
        if c != k {
            mirrored = PosOutcome {
                chosen: outcome.chosen.map(crate::knowledge::select::mirror_move),
                ..*outcome
            };
            outcome = &mirrored;
        }
        tally.add(&sweep, k, outcome)?;
    }
    let mut report = tally.finish(&sweep, positions.len());
    if opts.playout {
        let at = |k: Kpk| {
            let c = sweep.key(k);
            decided
                .binary_search_by_key(&enumerate_order(c), |e| enumerate_order(*e))
                .expect("decided")
        };
        let runs: Vec<&PosOutcome> = positions.iter().map(|&k| &outcomes[at(k)]).collect();
        report.conversion_to_mate = Some(to_mate(truth, &runs)?);
    }
    report.elapsed_s = (started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
    report.selection_s = (selection_s * 1000.0).round() / 1000.0;
    Ok((report, tally.examples))
}

/// Confusion matrices overall and by side to move.
#[derive(Default)]
struct ClassTally {
    all: Confusion,
    white: Confusion,
    black: Confusion,
}

impl ClassTally {
    fn add(&mut self, turn: Color, wins: bool, v: Verdict) {
        self.all.add(wins, v);
        match turn {
            Color::White => self.white.add(wins, v),
            Color::Black => self.black.add(wins, v),
        }
    }

    fn finish(&mut self) -> Classification {
        Classification {
            accuracy: self.all.accuracy(),
            accuracy_white_to_move: self.white.accuracy(),
            accuracy_black_to_move: self.black.accuracy(),
            confusion: std::mem::take(&mut self.all),
            confusion_white_to_move: std::mem::take(&mut self.white),
            confusion_black_to_move: std::mem::take(&mut self.black),
        }
    }
}

/// The figures of a sweep, position by position.
struct Tally<'b> {
    book: &'b RuleTable,
    judged: ClassTally,
    level1: ClassTally,
    proofs: Proofs,
    refutations: Refutations,
    det: Count,
    conflicts: usize,
    no_rule: usize,
    ms: MoveSoundness,
    fired: Vec<usize>,
    agree: Vec<usize>,
    conv: Conversion,
    plies_sum: usize,
    opt_sum: usize,
    failures: std::collections::BTreeMap<&'static str, usize>,
    examples: Vec<Counterexample>,
    wtm: usize,
    btm: usize,
    tb_wins: usize,
}

impl<'b> Tally<'b> {
    fn new(book: &'b RuleTable) -> Tally<'b> {
        Tally {
            book,
            judged: ClassTally::default(),
            level1: ClassTally::default(),
            proofs: Proofs::default(),
            refutations: Refutations::default(),
            det: Count::default(),
            conflicts: 0,
            no_rule: 0,
            ms: MoveSoundness::default(),
            fired: vec![0; book.rows.len()],
            agree: vec![0; book.rows.len()],
            conv: Conversion::default(),
            plies_sum: 0,
            opt_sum: 0,
            failures: Default::default(),
            examples: Vec::new(),
            wtm: 0,
            btm: 0,
            tb_wins: 0,
        }
    }

    /// Counts position `k`: its level-1 verdict and rules, and the outcome
    /// of its decision (the chosen move already in `k`'s orientation).
    fn add(&mut self, sweep: &Sweep, k: Kpk, outcome: &PosOutcome) -> Result<()> {
        let wins = sweep.wins(k);
        let e = sweep.cache.get(k);
        let v = e.verdict();
        self.level1.add(k.turn(), wins, v);
        self.add_judgement(sweep, k, wins, outcome)?;
        if k.turn() == Color::White {
            self.wtm += 1;
        } else {
            self.btm += 1;
        }
        self.tb_wins += usize::from(wins);
        self.conflicts += usize::from(e.conflict);
        self.no_rule += usize::from(e.no_rule());
        for r in e.fired.iter() {
            self.fired[r.index()] += 1;
            if (self.book.row(r).weight > 0.5) == wins {
                self.agree[r.index()] += 1;
            }
        }
        let want = sweep.opts.counterexamples;
        if e.deterministic {
            self.det.positions += 1;
            if (v == Verdict::Win) == wins {
                self.det.sound += 1;
            } else if want {
                let truth = if wins { "win" } else { "draw" };
                let what = format!(
                    "deterministic weight {:.2} but the truth is a {truth}",
                    e.weight
                );
                self.examples.push(sweep.counterexample(k, what)?);
            }
        }
        if let Some(ok) = outcome.move_check {
            let c = if k.turn() == Color::White {
                &mut self.ms.white_in_won
            } else {
                &mut self.ms.black_in_drawn
            };
            c.positions += 1;
            c.sound += usize::from(ok);
            let m = outcome.chosen.expect("checked moves were chosen");
            if k.turn() == Color::Black {
                self.count_free_pawn(sweep, k, m)?;
            }
            if !ok && want {
                let san = shakmaty::san::San::from_move(&k.to_chess(), m);
                let lost = if wins { "throws the win away" } else { "loses" };
                self.examples
                    .push(sweep.counterexample(k, format!("chose {san}, which {lost}"))?);
            }
        }
        if let Some((t, plies, opt)) = outcome.playout {
            self.add_playout(sweep, k, t, plies, opt)?;
        }
        Ok(())
    }

    /// The verdict with its one-ply proof; a proof that is wrong is a
    /// counterexample.
    fn add_judgement(&mut self, sweep: &Sweep, k: Kpk, wins: bool, j: &PosOutcome) -> Result<()> {
        self.judged.add(k.turn(), wins, j.verdict);
        let right = (j.verdict == Verdict::Win) == wins;
        self.add_refuted(&j.refuted);
        let count = match j.proved_by {
            Some(ProvedBy::Rule) => &mut self.proofs.rule,
            Some(ProvedBy::Moves) => &mut self.proofs.moves,
            Some(ProvedBy::Calculation) => &mut self.proofs.calculation,
            None => {
                self.proofs.unproved += 1;
                return Ok(());
            }
        };
        let depth = usize::from(j.depth.expect("a proof has a depth"));
        if self.proofs.by_depth.len() <= depth {
            self.proofs.by_depth.resize(depth + 1, 0);
        }
        self.proofs.by_depth[depth] += 1;
        count.positions += 1;
        count.sound += usize::from(right);
        if !right && j.proved_by != Some(ProvedBy::Rule) && sweep.opts.counterexamples {
            let how = if j.proved_by == Some(ProvedBy::Moves) {
                "by its moves"
            } else {
                "by calculation"
            };
            let what = format!("proved a {} {how}, wrongly", j.verdict.word());
            self.examples.push(sweep.counterexample(k, what)?);
        }
        Ok(())
    }

    /// A drawn position with Black to move where a capture is legal: did
    /// the chosen move `m` take?
    fn count_free_pawn(&mut self, sweep: &Sweep, k: Kpk, m: Move) -> Result<()> {
        if !k.to_chess().legal_moves().iter().any(|m| m.is_capture()) {
            return Ok(());
        }
        let c = &mut self.ms.black_takes_free_pawn;
        c.positions += 1;
        if m.is_capture() {
            c.sound += 1;
        } else if sweep.opts.counterexamples {
            let san = shakmaty::san::San::from_move(&k.to_chess(), m);
            let what = format!("chose {san} over taking the free pawn");
            self.examples.push(sweep.counterexample(k, what)?);
        }
        Ok(())
    }

    fn add_playout(
        &mut self,
        sweep: &Sweep,
        k: Kpk,
        t: Termination,
        plies: usize,
        opt: usize,
    ) -> Result<()> {
        self.conv.positions += 1;
        if t.is_win() {
            self.conv.converted += 1;
            self.plies_sum += plies;
            self.opt_sum += opt;
        } else {
            *self.failures.entry(t.id()).or_default() += 1;
            if sweep.opts.counterexamples {
                let what = format!(
                    "won, but {} against perfect defence ended in {}",
                    sweep.opts.selector.label(),
                    t.id()
                );
                self.examples.push(sweep.counterexample(k, what)?);
            }
        }
        Ok(())
    }

    /// The report (timings left at zero for the caller to fill in).
    /// Adds one position's refutations.
    fn add_refuted(&mut self, r: &Refuted) {
        let t = &mut self.refutations;
        t.value_losing += usize::from(r.losing);
        t.mute += usize::from(r.mute);
        if t.by_depth.is_empty() {
            t.by_depth = vec![0; r.by_depth.len()];
        }
        for (sum, n) in t.by_depth.iter_mut().zip(r.by_depth) {
            *sum += usize::from(n);
        }
    }

    fn finish(&mut self, sweep: &Sweep, positions: usize) -> Report {
        let opts = sweep.opts;
        let plies = usize::from(opts.calc);
        self.proofs.calc = opts.calc;
        self.proofs.by_depth.resize(plies.max(1) + 1, 0);
        self.refutations.by_depth.resize(plies + 1, 0);
        let converted = self.conv.converted;
        let mean = |sum: usize| ratio(sum, converted.max(1)) * f64::from(u8::from(converted > 0));
        let mut conv = std::mem::take(&mut self.conv);
        conv.mean_plies = mean(self.plies_sum);
        conv.mean_plies_optimal = mean(self.opt_sum);
        conv.failures = self
            .failures
            .iter()
            .map(|(k, v)| (k.to_string(), *v))
            .collect();
        let full = opts.sample.is_none() && opts.side == SideFilter::Both;
        let (ew, eb, ewins, edraws) = enumerate::EXPECTED;
        let (wtm, btm, wins) = (self.wtm, self.btm, self.tb_wins);
        Report {
            positions,
            refutations: std::mem::take(&mut self.refutations),
            white_to_move: wtm,
            black_to_move: btm,
            truth: sweep.truth.name(),
            tb_white_wins: wins,
            tb_draws: positions - wins,
            counts_match_edwards: full
                .then_some(wtm == ew && btm == eb && wins == ewins && positions - wins == edraws),
            selector: opts.selector.name(),
            depth: match opts.selector {
                Selector::AlphaBeta { depth } => Some(depth),
                _ => None,
            },
            classification: self.judged.finish(),
            classification_level1: self.level1.finish(),
            proofs: std::mem::take(&mut self.proofs),
            deterministic: std::mem::take(&mut self.det),
            deterministic_conflicts: self.conflicts,
            no_rule: self.no_rule,
            move_soundness: std::mem::take(&mut self.ms),
            conversion: opts.playout.then_some(conv),
            conversion_to_mate: None,
            rules: self.rule_records(),
            elapsed_s: 0.0,
            selection_s: 0.0,
            threads: rayon::current_num_threads(),
        }
    }

    fn rule_records(&self) -> Vec<RuleRecord> {
        self.book
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| RuleRecord {
                id: r.id.clone(),
                kind: r.kind,
                weight: r.weight,
                fired: self.fired[i],
                agree: self.agree[i],
            })
            .collect()
    }
}

/// Sort key matching [`enumerate::all_positions`] order.
fn enumerate_order(k: Kpk) -> (u8, u32, u32, u32) {
    (
        u8::from(k.turn() == Color::Black),
        k.wk().to_u32(),
        k.bk().to_u32(),
        k.wp().to_u32(),
    )
}
