//! Weights: a book's rule table (its rows, as in `rules/weights.toml`)
//! and level-2 criteria (as in `rules/compare.toml`), and the weights a
//! user's file (`--weights FILE`) puts in their place.

use std::collections::HashMap;

use serde::Deserialize;

/// How many clauses `source` gives rule `id` (heads `Fires("id") <-`).
pub fn clause_count(source: &str, id: &str) -> u32 {
    clause_heads(source).get(id).copied().unwrap_or(0)
}

/// Every rule id with a clause in `source`, and how many clauses (heads
/// `Fires("id") <-`), in one pass over the source.
pub fn clause_heads(source: &str) -> HashMap<&str, u32> {
    let mut counts = HashMap::new();
    for (_, rest) in source
        .match_indices("Fires(\"")
        .map(|(i, m)| source.split_at(i + m.len()))
    {
        if let Some((id, tail)) = rest.split_once('"')
            && tail.starts_with(") <-")
        {
            *counts.entry(id).or_insert(0) += 1;
        }
    }
    counts
}

/// Deterministic rules decide alone; averaged rules are averaged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Extreme knowledge: if it fires, the position gets its weight alone.
    Deterministic,
    /// A tendency: averaged with every other averaged rule that fires.
    Averaged,
}

impl Kind {
    /// "deterministic" or "averaged".
    pub fn word(self) -> &'static str {
        match self {
            Kind::Deterministic => "deterministic",
            Kind::Averaged => "averaged",
        }
    }
}

/// One row of the weights file.
#[derive(Debug, Clone, Deserialize, serde::Serialize)]
pub struct RuleRow {
    /// The id the Datalog program fires.
    pub id: String,
    /// Weight in [0, 1] from the pawn side's point of view.
    pub weight: f64,
    /// Deterministic or averaged.
    pub kind: Kind,
    /// One line saying what the rule means.
    pub description: String,
    /// Where the knowledge comes from.
    pub source: String,
    /// The chess theme it belongs to.
    pub theme: Theme,
    /// What it says, as an endgame book would put it: a template whose
    /// `{placeholders}` the explanation fills from the position.
    pub sentence: String,
    /// How many of the rule's clauses set a cut-off that was fitted against
    /// the exact solver rather than counted from the chess (0: every clause
    /// is a textbook rule or a race counted move by move).
    #[serde(default)]
    pub fitted: u32,
    /// How many clauses the Datalog program gives the rule (counted from
    /// the program's source, not read from the file).
    #[serde(default, skip_deserializing)]
    pub clauses: u32,
}

/// The chess themes rules and criteria belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// The pawn queens (or a piece is left that mates).
    Promotion,
    /// A king takes the pawn or the new piece.
    Capture,
    /// No legal move and no check.
    Stalemate,
    /// Material alone decides (nothing left that can mate).
    Material,
    /// The square of the pawn: can the defender catch a running pawn?
    SquareOfThePawn,
    /// Key squares: the attacking king on one wins.
    KeySquares,
    /// The opposition, direct or distant, and outflanking.
    Opposition,
    /// The rook pawn and its drawing corner.
    RookPawn,
    /// The defender in front of the pawn.
    Blockade,
    /// One king keeps the other away with its body.
    Shouldering,
    /// Races counted in moves.
    Race,
    /// The attacking king in front of (or beside) its pawn.
    KingInFront,
    /// Mating with a queen or a rook: the box, the edge, the kings.
    MatingNet,
    /// Two pawns together: one protects the other, or one is a spare.
    TwoPawns,
    /// The active king: it goes where the pawns are, or to the centre.
    KingActivity,
}

impl Theme {
    /// The theme's name as in the TOML files ("key_squares").
    pub fn id(self) -> &'static str {
        match self {
            Theme::Promotion => "promotion",
            Theme::Capture => "capture",
            Theme::Stalemate => "stalemate",
            Theme::Material => "material",
            Theme::SquareOfThePawn => "square_of_the_pawn",
            Theme::KeySquares => "key_squares",
            Theme::Opposition => "opposition",
            Theme::RookPawn => "rook_pawn",
            Theme::Blockade => "blockade",
            Theme::Shouldering => "shouldering",
            Theme::Race => "race",
            Theme::KingInFront => "king_in_front",
            Theme::MatingNet => "mating_net",
            Theme::TwoPawns => "two_pawns",
            Theme::KingActivity => "king_activity",
        }
    }
}

#[derive(Deserialize)]
struct File {
    rule: Vec<RuleRow>,
}

#[derive(Deserialize)]
struct WeightsOnly {
    rule: Vec<WeightRow>,
}

/// A row of a user's weights file: only the id and the weight are read.
#[derive(Deserialize)]
struct WeightRow {
    id: String,
    weight: f64,
}

/// A TOML error in one line: where (line and column, counted from 1), and
/// what, naming the key when the parser does.
fn toml_error(text: &str, e: &toml::de::Error) -> String {
    let what = e.message().trim();
    let Some(span) = e.span() else {
        return what.to_string();
    };
    let before = &text.as_bytes()[..span.start.min(text.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    let key = text.get(span.clone()).map(str::trim).filter(|k| {
        what.starts_with("duplicate key") && !k.is_empty() && k.len() <= 40 && !k.contains('\n')
    });
    match key {
        Some(k) => format!("line {line}, column {column}: {what} `{k}`"),
        None => format!("line {line}, column {column}: {what}"),
    }
}

/// A book's rule table with an index by id. The position of a row is its
/// priority (lower first).
#[derive(Debug, Clone)]
pub struct RuleTable {
    /// The rows in file order.
    pub rows: Vec<RuleRow>,
    pub(crate) index: rustc_hash::FxHashMap<String, usize>,
}

impl RuleTable {
    /// Parses and checks a weights file whose rules are those of the
    /// Datalog program `source` (to count their clauses).
    ///
    /// # Errors
    /// A message naming the bad row: duplicate id, weight outside [0, 1].
    pub fn parse_program(text: &str, source: &str) -> Result<RuleTable, String> {
        let file: File = toml::from_str(text).map_err(|e| format!("weights file: {e}"))?;
        let mut index = rustc_hash::FxHashMap::default();
        for (i, row) in file.rule.iter().enumerate() {
            if !(0.0..=1.0).contains(&row.weight) {
                return Err(format!(
                    "weights file: rule {} has weight {} outside [0, 1]",
                    row.id, row.weight
                ));
            }
            if i >= RuleSet::CAPACITY {
                return Err(format!(
                    "weights file: more than {} rules (rule {})",
                    RuleSet::CAPACITY,
                    row.id
                ));
            }
            if index.insert(row.id.clone(), i).is_some() {
                return Err(format!("weights file: rule {} listed twice", row.id));
            }
        }
        let mut rows = file.rule;
        let heads = clause_heads(source);
        for row in &mut rows {
            row.clauses = heads.get(row.id.as_str()).copied().unwrap_or(0);
        }
        Ok(RuleTable { rows, index })
    }

    /// This book with the weights of a weights file (the format of
    /// its rows; only `id` and `weight` are read): every rule
    /// once, no other, each weight in [0, 1].
    ///
    /// # Errors
    /// One line naming the first missing, unknown, repeated or
    /// out-of-range rule.
    pub fn with_weights(&self, text: &str) -> Result<RuleTable, String> {
        // A rule id read from the file may hold any character.
        self.weights_from(text)
            .map_err(|e| crate::error::one_line(&e))
    }

    fn weights_from(&self, text: &str) -> Result<RuleTable, String> {
        let file: WeightsOnly = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
        let mut book = self.clone();
        let mut seen = vec![false; book.rows.len()];
        for row in &file.rule {
            let i = self
                .index_of(&row.id)
                .ok_or_else(|| format!("unknown rule {}", row.id))?;
            if std::mem::replace(&mut seen[i], true) {
                return Err(format!("rule {} listed twice", row.id));
            }
            if !(0.0..=1.0).contains(&row.weight) {
                return Err(format!(
                    "rule {} has weight {} outside [0, 1]",
                    row.id, row.weight
                ));
            }
            let was = &self.rows[i];
            let same_side = (was.weight > 0.5) == (row.weight > 0.5) && row.weight != 0.5;
            if was.kind == Kind::Deterministic && !same_side {
                let proves = if was.weight > 0.5 { "a win" } else { "a draw" };
                let side = if was.weight > 0.5 { "above" } else { "below" };
                return Err(format!(
                    "rule {} is deterministic and proves {proves}: its weight must stay {side} 0.5, not {}",
                    row.id, row.weight
                ));
            }
            book.rows[i].weight = row.weight;
        }
        if let Some(i) = seen.iter().position(|s| !s) {
            return Err(format!("rule {} is missing", self.rows[i].id));
        }
        Ok(book)
    }

    /// The book in `rules/weights.toml`'s format, each row whole, after a
    /// comment `header` (one or more lines, each written as `# ...`).
    pub fn to_toml(&self, header: &str) -> String {
        let mut s: String = header.lines().map(|l| format!("# {l}\n")).collect();
        for r in &self.rows {
            let row = toml::to_string(r).expect("a rule row serialises");
            s.push_str(&format!("\n[[rule]]\n{row}"));
        }
        s
    }

    /// Row index of a rule id.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.index.get(id).copied()
    }

    /// The typed id of a rule named in the program.
    pub fn id(&self, name: &str) -> Option<RuleId> {
        self.index_of(name).map(|i| RuleId(i as u8))
    }

    /// The row of a rule.
    pub fn row(&self, id: RuleId) -> &RuleRow {
        &self.rows[id.index()]
    }
}

/// A rule of the book: its row, which is also its priority (lower first).
/// Only the book hands these out, so every `RuleId` names a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleId(u8);

impl RuleId {
    /// The row number in the book's rule table, from 0.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A set of rules (those that fired in a position), as a bitset over the
/// rows of the book; iterated in book order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleSet(u128);

impl RuleSet {
    /// The most rules a book may hold.
    pub const CAPACITY: usize = 128;

    /// Adds a rule.
    pub fn insert(&mut self, id: RuleId) {
        self.0 |= 1u128 << id.0;
    }

    /// Whether the rule is in the set.
    pub fn contains(self, id: RuleId) -> bool {
        self.0 & (1u128 << id.0) != 0
    }

    /// True when no rule is in the set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set as bits, row `i` as bit `i` (for tables that remember it).
    pub fn bits(self) -> u128 {
        self.0
    }

    /// The set of these bits ([`RuleSet::bits`]).
    pub fn from_bits(bits: u128) -> RuleSet {
        RuleSet(bits)
    }

    /// The rules, in book order.
    pub fn iter(self) -> impl Iterator<Item = RuleId> {
        (0..128u8)
            .filter(move |&i| self.0 & (1u128 << i) != 0)
            .map(RuleId)
    }
}

impl FromIterator<RuleId> for RuleSet {
    fn from_iter<I: IntoIterator<Item = RuleId>>(iter: I) -> Self {
        let mut s = RuleSet::default();
        for id in iter {
            s.insert(id);
        }
        s
    }
}

/// One level-2 criterion.
#[derive(Debug, Clone, Deserialize, serde::Serialize)]
pub struct Criterion {
    /// Id as in `Prefer("id", _)`.
    pub id: String,
    /// What it means.
    pub description: String,
    /// Where the knowledge comes from.
    pub source: String,
    /// The chess theme it belongs to.
    pub theme: Theme,
    /// Why it prefers a move, as a template the explanation fills from the
    /// position after the move.
    pub sentence: String,
}

#[derive(Deserialize)]
struct CriteriaFile {
    criterion: Vec<Criterion>,
}

/// The `[[criterion]]` rows of a TOML file, in order.
///
/// # Errors
/// The TOML parser's message.
pub fn parse_criteria(text: &str) -> Result<Vec<Criterion>, String> {
    toml::from_str::<CriteriaFile>(text)
        .map(|f| f.criterion)
        .map_err(|e| format!("criteria file: {e}"))
}
