//! Tuning the averaged rules' weights against the truth (`pecp tune`): a
//! genetic algorithm, as the seeds' tutorial tunes an evaluation, and a
//! logistic fit of the same weights to the tablebase verdicts (what engine
//! authors call Texel tuning). Deterministic rules keep their weights.
//!
//! Which rules fire does not depend on the weights, so the rule program
//! runs once per position; a weight vector is then scored by arithmetic
//! over the distinct sets of averaged rules that fire, each with the number
//! of won and drawn positions it covers.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::Serialize;

use crate::apps::validate::{Options, SideFilter, WeightCache, select_positions, truth_table};
use crate::error::Result;
use crate::judges::truth::Truth;
use crate::knowledge::evaluate::VERDICT_THRESHOLD;
use crate::knowledge::weights::{Kind, RuleSet, RuleTable};
use crate::rng::SplitMix64;

/// The lowest and highest weight an averaged rule may take: nearer 0 or 1
/// it would read as a deterministic rule.
pub const WEIGHT_RANGE: (f64, f64) = (0.02, 0.98);

/// The range a gene may take: a rule that speaks for the pawn side (weight
/// above 0.5) keeps speaking for it, one that speaks for the defender keeps
/// speaking for the defender, so that every rule keeps its meaning and its
/// sentence stays true; a rule at 0.5 may go either way.
fn range_of(start: f64) -> (f64, f64) {
    let (lo, hi) = WEIGHT_RANGE;
    if start > VERDICT_THRESHOLD {
        (0.51, hi)
    } else if start < VERDICT_THRESHOLD {
        (lo, 0.49)
    } else {
        (lo, hi)
    }
}

/// The positions as the tuner sees them.
#[derive(Debug, Clone)]
pub struct Data {
    /// Row indices (in the book) of the averaged rules, the genome's genes.
    pub genes: Vec<usize>,
    /// Each distinct set of averaged rules that fires where no
    /// deterministic rule does: the genes in it, wins and draws.
    groups: Vec<(Vec<u16>, u32, u32)>,
    /// Positions a deterministic rule decides rightly, whatever the weights.
    fixed_right: usize,
    /// Positions scored.
    pub positions: usize,
}

/// Gathers the data over the positions `sample` names (all if `None`).
///
/// # Errors
/// A tablebase probe error.
pub fn data(truth: &Truth, book: &RuleTable, sample: Option<(usize, u64)>) -> Result<Data> {
    let table = truth_table(truth)?;
    let cache = WeightCache::build_with(book);
    let genes: Vec<usize> = (0..book.rows.len())
        .filter(|&i| book.rows[i].kind == Kind::Averaged)
        .collect();
    let opts = Options {
        sample,
        side: SideFilter::Both,
        playout: false,
        counterexamples: false,
        selector: crate::play::selectors::Selector::Pecp,
        calc: 0,
    };
    let positions = select_positions(&opts);
    let mut sets: BTreeMap<RuleSet, (u32, u32)> = BTreeMap::new();
    let mut fixed_right = 0;
    for &k in &positions {
        let e = cache.get(k);
        let wins = table[k.index()] == 1;
        if e.deterministic {
            fixed_right += usize::from((e.weight > VERDICT_THRESHOLD) == wins);
        } else if !e.no_rule() {
            let c = sets.entry(e.fired).or_default();
            if wins { c.0 += 1 } else { c.1 += 1 }
        }
    }
    let groups = sets
        .into_iter()
        .map(|(set, (w, d))| {
            let g = set
                .iter()
                .filter_map(|r| genes.iter().position(|&i| i == r.index()))
                .map(|i| i as u16)
                .collect();
            (g, w, d)
        })
        .collect();
    Ok(Data {
        genes,
        groups,
        fixed_right,
        positions: positions.len(),
    })
}

impl Data {
    /// Level-1 classification accuracy with the gene weights `w`.
    pub fn fitness(&self, w: &[f64]) -> f64 {
        let right: usize = self
            .groups
            .iter()
            .map(|(g, wins, draws)| {
                let mean = g.iter().map(|&i| w[i as usize]).sum::<f64>() / g.len() as f64;
                if mean > VERDICT_THRESHOLD {
                    *wins as usize
                } else if mean < VERDICT_THRESHOLD {
                    *draws as usize
                } else {
                    0
                }
            })
            .sum();
        (self.fixed_right + right) as f64 / self.positions.max(1) as f64
    }

    /// The gene weights of `book`.
    pub fn weights_of(&self, book: &RuleTable) -> Vec<f64> {
        self.genes.iter().map(|&i| book.rows[i].weight).collect()
    }

    /// `book` with the gene weights `w`.
    pub fn book_with(&self, book: &RuleTable, w: &[f64]) -> RuleTable {
        let mut b = book.clone();
        for (&i, &x) in self.genes.iter().zip(w) {
            b.rows[i].weight = (x * 1000.0).round() / 1000.0;
        }
        b
    }
}

/// The genetic algorithm's settings.
#[derive(Debug, Clone, Copy)]
pub struct Genetic {
    /// Generations after the first.
    pub generations: usize,
    /// Individuals per generation.
    pub population: usize,
    /// The generator's seed.
    pub seed: u64,
}

/// One generation's figures.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Generation {
    /// 0 for the first population.
    pub generation: usize,
    /// The best fitness.
    pub best: f64,
    /// The mean fitness.
    pub mean: f64,
}

/// What a tuning found.
#[derive(Debug, Clone)]
pub struct Tuned {
    /// The best gene weights, rounded to three places.
    pub weights: Vec<f64>,
    /// Their fitness.
    pub fitness: f64,
    /// Per generation (genetic) or per round (logistic).
    pub history: Vec<Generation>,
}

fn clamp(x: f64, range: (f64, f64)) -> f64 {
    x.clamp(range.0, range.1)
}

fn round3(w: &[f64]) -> Vec<f64> {
    w.iter().map(|x| (x * 1000.0).round() / 1000.0).collect()
}

/// A uniform number in [0, 1) from the generator.
fn unit(rng: &mut SplitMix64) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Tournament selection: the fittest of three drawn at random.
fn pick<'a>(pop: &'a [(Vec<f64>, f64)], rng: &mut SplitMix64) -> &'a [f64] {
    let mut best = rng.below(pop.len());
    for _ in 0..2 {
        let c = rng.below(pop.len());
        if pop[c].1 > pop[best].1 || (pop[c].1 == pop[best].1 && c < best) {
            best = c;
        }
    }
    &pop[best].0
}

/// A child: uniform crossover of two parents, then each gene mutated with
/// probability 1/n by a step of up to ±0.15.
fn child(a: &[f64], b: &[f64], ranges: &[(f64, f64)], rng: &mut SplitMix64) -> Vec<f64> {
    let n = a.len();
    (0..n)
        .map(|i| {
            let x = if rng.next_u64() & 1 == 0 { a[i] } else { b[i] };
            if rng.below(n) == 0 {
                clamp(x + 0.3 * (unit(rng) - 0.5), ranges[i])
            } else {
                x
            }
        })
        .collect()
}

/// The genetic algorithm: the hand weights and random individuals, then
/// per generation the two best kept (elitism) and the rest bred by
/// tournament selection, crossover and mutation. The same seed gives the
/// same result on any number of threads (fitness is computed in parallel
/// but depends on nothing else).
pub fn genetic(
    data: &Data,
    start: &[f64],
    cfg: Genetic,
    tick: &(dyn Fn(&Generation) + Sync),
) -> Tuned {
    let mut rng = SplitMix64::new(cfg.seed);
    let ranges: Vec<(f64, f64)> = start.iter().map(|&w| range_of(w)).collect();
    let size = cfg.population.max(2);
    let mut genomes: Vec<Vec<f64>> = vec![start.to_vec()];
    while genomes.len() < size {
        let random = |r: &(f64, f64), rng: &mut SplitMix64| r.0 + (r.1 - r.0) * unit(rng);
        genomes.push(ranges.iter().map(|r| random(r, &mut rng)).collect());
    }
    let mut history = Vec::new();
    let mut scored: Vec<(Vec<f64>, f64)> = Vec::new();
    for generation in 0..=cfg.generations {
        scored = genomes
            .par_iter()
            .map(|g| (g.clone(), data.fitness(&round3(g))))
            .collect();
        // Fittest first; ties keep their order.
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        let mean = scored.iter().map(|s| s.1).sum::<f64>() / scored.len() as f64;
        let row = Generation {
            generation,
            best: scored[0].1,
            mean,
        };
        tick(&row);
        history.push(row);
        genomes = scored.iter().take(2).map(|s| s.0.clone()).collect();
        while genomes.len() < size {
            let (a, b) = (pick(&scored, &mut rng), pick(&scored, &mut rng));
            genomes.push(child(a, b, &ranges, &mut rng));
        }
    }
    Tuned {
        weights: round3(&scored[0].0),
        fitness: scored[0].1,
        history,
    }
}

/// The logistic fit: the mean weight of the averaged rules that fire read
/// as the probability of a win, and the cross-entropy against the truth
/// made small by projected gradient descent, `rounds` rounds of 100 steps.
pub fn logistic(data: &Data, start: &[f64], rounds: usize) -> Tuned {
    let mut w = start.to_vec();
    let ranges: Vec<(f64, f64)> = start.iter().map(|&x| range_of(x)).collect();
    let total: f64 = data.groups.iter().map(|g| f64::from(g.1 + g.2)).sum();
    let mut history = Vec::new();
    for round in 0..=rounds {
        if round > 0 {
            for _ in 0..100 {
                let grad = gradient(data, &w, total);
                for ((x, g), r) in w.iter_mut().zip(grad).zip(&ranges) {
                    *x = clamp(*x - 0.5 * g, *r);
                }
            }
        }
        let f = data.fitness(&round3(&w));
        history.push(Generation {
            generation: round,
            best: f,
            mean: f,
        });
    }
    let weights = round3(&w);
    Tuned {
        fitness: data.fitness(&weights),
        weights,
        history,
    }
}

/// The gradient of the mean cross-entropy over the undecided positions.
fn gradient(data: &Data, w: &[f64], total: f64) -> Vec<f64> {
    let mut grad = vec![0.0; w.len()];
    for (g, wins, draws) in &data.groups {
        let m = g.len() as f64;
        let p = (g.iter().map(|&i| w[i as usize]).sum::<f64>() / m).clamp(1e-6, 1.0 - 1e-6);
        let dp = -f64::from(*wins) / p + f64::from(*draws) / (1.0 - p);
        for &i in g {
            grad[i as usize] += dp / m / total;
        }
    }
    grad
}

/// One rule's weight before and after.
#[derive(Debug, Clone, Serialize)]
pub struct WeightChange {
    /// The rule.
    pub id: String,
    /// Its weight before.
    pub before: f64,
    /// Its tuned weight.
    pub tuned: f64,
}

/// Everything `pecp tune` reports.
#[derive(Debug, Clone, Serialize)]
pub struct TuneReport {
    /// "genetic" or "logistic".
    pub method: &'static str,
    /// The command that reproduces it.
    pub command: String,
    /// Positions scored while tuning.
    pub positions: usize,
    /// Level-1 classification of the starting weights over those positions.
    pub fitness_before: f64,
    /// The same for the tuned weights.
    pub fitness_tuned: f64,
    /// Per generation (or round).
    pub history: Vec<Generation>,
    /// The averaged rules' weights.
    pub weights: Vec<WeightChange>,
    /// Seconds spent tuning (not checking).
    pub tune_s: f64,
    /// `pecp validate` with the starting weights, over every position.
    pub before: crate::apps::validate::Report,
    /// The same with the tuned weights.
    pub checked: crate::apps::validate::Report,
    /// Whether the tuned weights keep every value the starting ones keep.
    pub accepted: bool,
    /// Why not, when rejected.
    pub rejected_because: Option<String>,
    /// The tuned book.
    #[serde(skip)]
    pub book: RuleTable,
}

impl TuneReport {
    /// The report of `tuned` (found from `start`), with the sweeps of the
    /// starting weights (`before`) and of the tuned ones (`checked`).
    pub fn new(
        found: Found,
        before: crate::apps::validate::Report,
        checked: crate::apps::validate::Report,
    ) -> TuneReport {
        let rejected_because = rejection(&checked);
        let weights = found
            .data
            .genes
            .iter()
            .zip(found.start.iter().zip(&found.tuned.weights))
            .map(|(&i, (&b, &t))| WeightChange {
                id: found.book.rows[i].id.clone(),
                before: b,
                tuned: t,
            })
            .collect();
        TuneReport {
            method: found.method,
            command: found.command,
            positions: found.data.positions,
            fitness_before: found.data.fitness(&found.start),
            fitness_tuned: found.tuned.fitness,
            history: found.tuned.history.clone(),
            weights,
            tune_s: (found.tune_s * 1000.0).round() / 1000.0,
            before,
            checked,
            accepted: rejected_because.is_none(),
            rejected_because,
            book: found.data.book_with(found.book, &found.tuned.weights),
        }
    }

    /// One line for the output file's header.
    pub fn summary(&self) -> String {
        format!(
            "level-1 classification {:.4} (before {:.4}) over all {} positions; every chosen move keeps the value",
            self.checked.classification_level1.accuracy,
            self.before.classification_level1.accuracy,
            self.checked.positions
        )
    }
}

/// What a tuning run found, before it is checked.
pub struct Found<'a> {
    /// "genetic" or "logistic".
    pub method: &'static str,
    /// The command that reproduces it.
    pub command: String,
    /// The tuner's data.
    pub data: &'a Data,
    /// The starting book.
    pub book: &'a RuleTable,
    /// The starting gene weights.
    pub start: Vec<f64>,
    /// The result.
    pub tuned: Tuned,
    /// Seconds spent tuning.
    pub tune_s: f64,
}

/// Why tuned weights are rejected: a chosen move that gives a value away,
/// or (with the playout) a won start not converted.
fn rejection(r: &crate::apps::validate::Report) -> Option<String> {
    let ms = &r.move_soundness;
    if ms.white_in_won.sound < ms.white_in_won.positions {
        return Some(format!(
            "White throws a win away in {} positions",
            ms.white_in_won.positions - ms.white_in_won.sound
        ));
    }
    if ms.black_in_drawn.sound < ms.black_in_drawn.positions {
        return Some(format!(
            "Black lets a draw go in {} positions",
            ms.black_in_drawn.positions - ms.black_in_drawn.sound
        ));
    }
    match &r.conversion {
        Some(c) if c.converted < c.positions => Some(format!(
            "{} won starts are not converted against perfect defence",
            c.positions - c.converted
        )),
        _ => None,
    }
}
