//! Validation against the truth over every legal KPK position: the
//! instrument that measures how right the rules are.

use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;
use shakmaty::{Chess, Color, Move, Position};

use crate::enumerate;
use crate::error::Result;
use crate::evaluate::{Evaluation, Verdict, combine, evaluate};
use crate::facts::Node;
use crate::line::{self, Player, Termination};
use crate::position::{Kpk, TABLE_SIZE, fen_of};
use crate::rng::SplitMix64;
use crate::selectors::Selector;
use crate::truth::Truth;
use crate::weights::{RuleBook, RuleSet};

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
    fn add(&mut self, win: bool, v: Verdict) {
        *match (win, v) {
            (true, Verdict::Win) => &mut self.win_as_win,
            (true, Verdict::Draw) => &mut self.win_as_draw,
            (true, Verdict::Unknown) => &mut self.win_as_unknown,
            (false, Verdict::Win) => &mut self.draw_as_win,
            (false, Verdict::Draw) => &mut self.draw_as_draw,
            (false, Verdict::Unknown) => &mut self.draw_as_unknown,
        } += 1;
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

fn ratio(a: usize, b: usize) -> f64 {
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

/// Positions and how many passed.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Count {
    /// Positions checked.
    pub positions: usize,
    /// Of which sound.
    pub sound: usize,
}

/// Move soundness for both sides.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MoveSoundness {
    /// White to move, won: the chosen move keeps the win.
    pub white_in_won: Count,
    /// Black to move, drawn: the chosen move keeps the draw.
    pub black_in_drawn: Count,
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

/// One rule's record.
#[derive(Debug, Clone, Serialize)]
pub struct RuleRecord {
    /// Rule id.
    pub id: String,
    /// Deterministic or averaged.
    pub kind: &'static str,
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
    /// Level-1 verdict against the truth.
    pub classification: Classification,
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
        let fen = fen_of(&self.kpk.to_chess());
        let epd: String = fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
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
fn truth_table(truth: &Truth) -> Result<Vec<u8>> {
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
/// answer as [`evaluate`], fired rules included.
pub struct WeightCache {
    evals: Vec<Evaluation>,
}

impl WeightCache {
    /// Evaluates every legal KPK position once, in parallel. Evaluation
    /// is mirror-invariant (it works on the canonical half), so only the
    /// canonical positions are evaluated; the list returned holds them, in
    /// enumeration order.
    pub fn build() -> (WeightCache, Vec<(Kpk, Evaluation)>) {
        let canon = canonical_positions();
        let evals: Vec<(Kpk, Evaluation)> = canon
            .par_iter()
            .map(|k| (*k, evaluate(&Node::from_kpk(*k))))
            .collect();
        let mut table = vec![combine(RuleSet::default(), RuleBook::builtin()); TABLE_SIZE];
        for (k, e) in &evals {
            table[k.index()] = *e;
            table[k.mirror_files().index()] = *e;
        }
        (WeightCache { evals: table }, evals)
    }

    /// An evaluator that answers KPK positions from the cache and
    /// evaluates the rest (promotions, captures).
    pub fn evaluator(&self) -> impl Fn(&Node) -> Evaluation + '_ {
        move |node: &Node| match node.kpk() {
            Some(k) => self.evals[k.index()],
            None => evaluate(node),
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

struct PosOutcome {
    move_check: Option<bool>,
    chosen: Option<Move>,
    playout: Option<(Termination, usize, usize)>,
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
    let started = Instant::now();
    let table = truth_table(truth)?;
    let (cache, evals) = WeightCache::build();
    let eval = cache.evaluator();
    let positions = select_positions(opts);
    let book = RuleBook::builtin();
    let eval_of = |k: Kpk| -> &Evaluation {
        let c = k.canonical();
        let i = evals
            .binary_search_by_key(&enumerate_order(c), |(e, _)| enumerate_order(*e))
            .expect("every legal position is enumerated");
        &evals[i].1
    };
    // PECP decides each canonical position once: a mirrored position's
    // choice is the mirror of its canonical twin's (selection works on the
    // canonical board), and its value is the same. Other selectors are not
    // mirror-symmetric (tie-breaks), so they decide every position.
    let symmetric = opts.selector == Selector::Pecp;
    let key = |k: Kpk| if symmetric { k.canonical() } else { k };
    let mut canon: Vec<Kpk> = positions.iter().map(|&k| key(k)).collect();
    canon.sort_by_key(|k| enumerate_order(*k));
    canon.dedup();
    let selection_started = Instant::now();
    let outcomes: Vec<Result<PosOutcome>> = canon
        .par_iter()
        .map(|&k| {
            let pos = k.to_chess();
            let wins = table[k.index()] == 1;
            let mut out = PosOutcome {
                move_check: None,
                chosen: None,
                playout: None,
            };
            let check = (k.turn() == Color::White && wins) || (k.turn() == Color::Black && !wins);
            if check && let Some(m) = opts.selector.choose(&pos, &eval) {
                let mut after = pos.clone();
                after.play_unchecked(m);
                out.move_check = Some(child_white_wins(&table, truth, &after)? == wins);
                out.chosen = Some(m);
            }
            if opts.playout && wins {
                let cfg = line::Config {
                    white: Player::Select(opts.selector),
                    black: Player::Tablebase,
                    max_moves: 500,
                    ..line::Config::default()
                };
                let l = line::generate_with(&pos, &cfg, truth, &eval)?;
                let opt_cfg = line::Config {
                    white: Player::Tablebase,
                    ..cfg
                };
                let o = line::generate_with(&pos, &opt_cfg, truth, &eval)?;
                out.playout = Some((l.termination, l.plies.len(), o.plies.len()));
            }
            tick();
            Ok(out)
        })
        .collect();
    let mut conf = Confusion::default();
    let mut conf_w = Confusion::default();
    let mut conf_b = Confusion::default();
    let mut det = Count::default();
    let mut conflicts = 0;
    let mut no_rule = 0;
    let mut ms = MoveSoundness::default();
    let mut fired = vec![0usize; book.rows.len()];
    let mut agree = vec![0usize; book.rows.len()];
    let mut conv = Conversion::default();
    let (mut plies_sum, mut opt_sum) = (0usize, 0usize);
    let mut failures: std::collections::BTreeMap<&'static str, usize> = Default::default();
    let mut examples = Vec::new();
    let (mut wtm, mut btm, mut tb_wins) = (0, 0, 0);
    let selection_s = selection_started.elapsed().as_secs_f64();
    let outcomes: Vec<PosOutcome> = outcomes.into_iter().collect::<Result<_>>()?;
    for &k in &positions {
        let c = key(k);
        let at = canon
            .binary_search_by_key(&enumerate_order(c), |e| enumerate_order(*e))
            .expect("decided");
        let outcome = &outcomes[at];
        let chosen = outcome.chosen.map(|m| {
            if c == k {
                m
            } else {
                crate::select::mirror_move(m)
            }
        });
        let wins = table[k.index()] == 1;
        let e = eval_of(k);
        let v = e.verdict();
        conf.add(wins, v);
        if k.turn() == Color::White {
            wtm += 1;
            conf_w.add(wins, v);
        } else {
            btm += 1;
            conf_b.add(wins, v);
        }
        tb_wins += usize::from(wins);
        if e.conflict {
            conflicts += 1;
        }
        if e.no_rule() {
            no_rule += 1;
        }
        let pos = k.to_chess();
        if e.deterministic {
            det.positions += 1;
            let sound = (v == Verdict::Win) == wins;
            if sound {
                det.sound += 1;
            } else if opts.counterexamples {
                examples.push(Counterexample {
                    kpk: k,
                    what: format!(
                        "deterministic weight {:.2} but the truth is a {}",
                        e.weight,
                        if wins { "win" } else { "draw" }
                    ),
                    best: value_keeping_moves(&table, truth, &pos, wins)?,
                });
            }
        }
        for r in e.fired.iter() {
            fired[r.index()] += 1;
            if (book.row(r).weight > 0.5) == wins {
                agree[r.index()] += 1;
            }
        }
        if let Some(ok) = outcome.move_check {
            let c = if k.turn() == Color::White {
                &mut ms.white_in_won
            } else {
                &mut ms.black_in_drawn
            };
            c.positions += 1;
            if ok {
                c.sound += 1;
            } else if opts.counterexamples {
                let m = chosen.expect("checked moves were chosen");
                examples.push(Counterexample {
                    kpk: k,
                    what: format!(
                        "chose {}, which {}",
                        shakmaty::san::San::from_move(&pos, m),
                        if wins { "throws the win away" } else { "loses" }
                    ),
                    best: value_keeping_moves(&table, truth, &pos, wins)?,
                });
            }
        }
        if let Some((t, plies, opt)) = outcome.playout {
            conv.positions += 1;
            if t.is_win() {
                conv.converted += 1;
                plies_sum += plies;
                opt_sum += opt;
            } else {
                *failures.entry(t.id()).or_default() += 1;
                if opts.counterexamples {
                    examples.push(Counterexample {
                        kpk: k,
                        what: format!(
                            "won, but {} against perfect defence ended in {}",
                            opts.selector.label(),
                            t.id()
                        ),
                        best: value_keeping_moves(&table, truth, &pos, wins)?,
                    });
                }
            }
        }
    }
    if opts.playout {
        conv.mean_plies =
            ratio(plies_sum, conv.converted.max(1)) * f64::from(u8::from(conv.converted > 0));
        conv.mean_plies_optimal =
            ratio(opt_sum, conv.converted.max(1)) * f64::from(u8::from(conv.converted > 0));
        conv.failures = failures
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
    }
    let full = opts.sample.is_none() && opts.side == SideFilter::Both;
    let (ew, eb, ewins, edraws) = enumerate::EXPECTED;
    let report = Report {
        positions: positions.len(),
        white_to_move: wtm,
        black_to_move: btm,
        truth: truth.name(),
        tb_white_wins: tb_wins,
        tb_draws: positions.len() - tb_wins,
        counts_match_edwards: full.then_some(
            wtm == ew && btm == eb && tb_wins == ewins && positions.len() - tb_wins == edraws,
        ),
        selector: opts.selector.name(),
        depth: match opts.selector {
            Selector::AlphaBeta { depth } => Some(depth),
            _ => None,
        },
        classification: Classification {
            accuracy: conf.accuracy(),
            accuracy_white_to_move: conf_w.accuracy(),
            accuracy_black_to_move: conf_b.accuracy(),
            confusion: conf,
            confusion_white_to_move: conf_w,
            confusion_black_to_move: conf_b,
        },
        deterministic: det,
        deterministic_conflicts: conflicts,
        no_rule,
        move_soundness: ms,
        conversion: opts.playout.then_some(conv),
        rules: book
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| RuleRecord {
                id: r.id.clone(),
                kind: r.kind.word(),
                weight: r.weight,
                fired: fired[i],
                agree: agree[i],
            })
            .collect(),
        elapsed_s: (started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        selection_s: (selection_s * 1000.0).round() / 1000.0,
        threads: rayon::current_num_threads(),
    };
    Ok((report, examples))
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

impl Report {
    /// The short text report a rule author reads.
    pub fn text(&self, examples: &[Counterexample]) -> String {
        let mut s = String::new();
        s.push_str(&format!(
            "positions: {} ({} white to move, {} black to move); truth: {}; selector: {}{}\n",
            self.positions,
            self.white_to_move,
            self.black_to_move,
            self.truth,
            self.selector,
            self.depth
                .map_or(String::new(), |d| format!(" (depth {d})"))
        ));
        s.push_str(&format!(
            "truth: {} wins for White, {} draws{}\n",
            self.tb_white_wins,
            self.tb_draws,
            match self.counts_match_edwards {
                Some(true) => " (match Edwards 1996: 163,328 / 168,024 / 222,564 / 108,788)",
                Some(false) => " (MISMATCH with Edwards 1996: the enumeration is wrong)",
                None => "",
            }
        ));
        let c = &self.classification;
        s.push_str(&format!(
            "\nclassification accuracy: {:.4} (white to move {:.4}, black to move {:.4})\n",
            c.accuracy, c.accuracy_white_to_move, c.accuracy_black_to_move
        ));
        let m = &c.confusion;
        s.push_str("              called win  called draw  unknown\n");
        s.push_str(&format!(
            "  truth win   {:>10}  {:>11}  {:>7}\n  truth draw  {:>10}  {:>11}  {:>7}\n",
            m.win_as_win,
            m.win_as_draw,
            m.win_as_unknown,
            m.draw_as_win,
            m.draw_as_draw,
            m.draw_as_unknown
        ));
        s.push_str(&format!(
            "\ndeterministic: {} positions decided, {} sound ({:.4}); conflicts: {}; no rule: {}\n",
            self.deterministic.positions,
            self.deterministic.sound,
            ratio(self.deterministic.sound, self.deterministic.positions),
            self.deterministic_conflicts,
            self.no_rule
        ));
        let ms = &self.move_soundness;
        s.push_str(&format!(
            "move soundness: white keeps the win in {}/{} ({:.4}); black keeps the draw in {}/{} ({:.4})\n",
            ms.white_in_won.sound,
            ms.white_in_won.positions,
            ratio(ms.white_in_won.sound, ms.white_in_won.positions),
            ms.black_in_drawn.sound,
            ms.black_in_drawn.positions,
            ratio(ms.black_in_drawn.sound, ms.black_in_drawn.positions)
        ));
        if let Some(cv) = &self.conversion {
            s.push_str(&format!(
                "conversion against perfect defence: {}/{} ({:.4}); mean {:.1} plies (tablebase-optimal {:.1})\n",
                cv.converted,
                cv.positions,
                ratio(cv.converted, cv.positions),
                cv.mean_plies,
                cv.mean_plies_optimal
            ));
            for (t, n) in &cv.failures {
                s.push_str(&format!("  failed by {t}: {n}\n"));
            }
        }
        let mut worst: Vec<&RuleRecord> = self.rules.iter().filter(|r| r.fired > 0).collect();
        worst.sort_by_key(|r| std::cmp::Reverse(r.fired - r.agree));
        s.push_str("\nworst rules by disagreement (fired, agree, share):\n");
        for r in worst.iter().take(10) {
            s.push_str(&format!(
                "  {:<32} {:<13} w {:.2}  {:>7} {:>7}  {:.4}\n",
                r.id,
                r.kind,
                r.weight,
                r.fired,
                r.agree,
                ratio(r.agree, r.fired)
            ));
        }
        if !examples.is_empty() {
            s.push_str(&format!(
                "\nfirst counterexamples (of {}):\n",
                examples.len()
            ));
            for (i, e) in examples.iter().take(10).enumerate() {
                s.push_str(&format!("  {}\n", e.epd(i + 1)));
            }
        }

        s
    }
}
