//! A book: everything pecp knows of one ending, as one value. Its level-1
//! program (which rules fire on a position) with its rule table (the rows
//! with their weights, kinds, themes and sentences), its level-2 program
//! with its criteria, and the words its sentences use beyond the common
//! ones. Evaluation, proof, selection and explanation take a book; a new
//! ending is a new book (see `ARCHITECTURE.md`).
//!
//! A book judges the positions its moves are chosen from (those its
//! `covers` accepts) and every position one move after them, a promotion
//! or a capture included: the KPK book weighs the position just after the
//! pawn queens, the mating book the positions of the mate that follows.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use crate::board::facts::Node;
use crate::board::geometry::{Side, Sq};
use crate::knowledge::weights::{Criterion, RuleSet, RuleTable, parse_criteria};

/// One finalist of the level-2 tournament as a book's program sees it.
#[derive(Debug, Clone, Copy)]
pub struct Finalist<'a> {
    /// The position after the move.
    pub node: &'a Node,
    /// The side a deterministic level-1 rule has proved it for, if one
    /// has (that is knowledge, not a weight).
    pub proved_for: Option<Side>,
    /// The level-1 rules that fire after the move, in the book that
    /// weighs that position (a capture or a promotion may change it).
    pub fired: (&'static Book, RuleSet),
}

/// A level-2 preference: (criterion, preferred finalist, other finalist),
/// the criterion as its place in the book's list, the finalists as places
/// among the finalists.
pub type Preference = (usize, usize, usize);

/// What a book is made of: its name, its programs as functions, and the
/// What a book's own placeholder stands for in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Word {
    /// Squares, named in the user's orientation.
    Squares(Vec<Sq>),
    /// Words of its own ("12 squares", "on the edge").
    Text(String),
}

/// text of its data files compiled in.
#[derive(Clone, Copy)]
pub struct BookSpec {
    /// A short name (`kpk`).
    pub name: &'static str,
    /// The material in words ("king and pawn against king").
    pub title: &'static str,
    /// The files of `rules/` it is written in, in reading order.
    pub files: &'static [&'static str],
    /// Whether this book judges a position to move from (by its material).
    pub covers: fn(&Node) -> bool,
    /// Level 1: the scoring rules that fire on a position, as rows of the
    /// given table.
    pub fires: fn(&Node, &RuleTable) -> RuleSet,
    /// Level 2: what the program prefers among the finalists of a move
    /// from a position (`mover` choosing): every [`Preference`].
    pub compare: fn(Side, &Node, &[Finalist]) -> Vec<Preference>,
    /// The placeholders of its sentences beyond the common ones (those
    /// the explanation fills for every book): what a name stands for in a
    /// position, `None` for a name it does not know.
    pub words: fn(&str, &Node) -> Option<Word>,
    /// How a verdict of a win that no deterministic rule proves reads, when
    /// the book knows the win is certain all the same (the mating book: a
    /// queen or rook mates by force).
    /// `None`: such a verdict is a judgement and reads as one.
    pub sure_win: Option<&'static str>,
    /// Whether "no win" for the side the book asks about is a draw (the
    /// other side has nothing to win with). False where both sides have a
    /// pawn: "White does not win" may be a loss.
    pub no_win_is_draw: bool,
    /// How many finalists level 2 may take: three, or up to this many
    /// where further moves tie with the third at level 1 (the weights
    /// cannot tell them apart, so level 2 does instead of the order the
    /// moves were listed in).
    pub finalists: usize,
    /// The rule table (`[[rule]]` rows) as compiled in.
    pub rules_toml: &'static str,
    /// The level-2 criteria (`[[criterion]]` rows) as compiled in.
    pub criteria_toml: &'static str,
    /// The source of the program that fires the rules (to count each
    /// rule's clauses).
    pub program: &'static str,
}

/// A book: its [`BookSpec`] and the tables read from it once. Books are
/// statics; two books are the same book when they have the same name.
pub struct Book {
    spec: BookSpec,
    builtin: OnceLock<RuleTable>,
    in_use: OnceLock<RuleTable>,
    criteria: OnceLock<Vec<Criterion>>,
}

impl Book {
    /// A book made of `spec` (for a `static`).
    pub const fn new(spec: BookSpec) -> Book {
        Book {
            spec,
            builtin: OnceLock::new(),
            in_use: OnceLock::new(),
            criteria: OnceLock::new(),
        }
    }

    /// What it is made of.
    pub fn spec(&self) -> &BookSpec {
        &self.spec
    }

    /// Its short name.
    pub fn name(&self) -> &'static str {
        self.spec.name
    }

    /// How many finalists level 2 may take ([`BookSpec::finalists`]).
    pub fn finalists(&self) -> usize {
        self.spec.finalists
    }

    /// Whether it judges a position to move from.
    pub fn covers(&self, node: &Node) -> bool {
        (self.spec.covers)(node)
    }

    /// Parses a rule table for this book's program (its clauses counted).
    ///
    /// # Errors
    /// A message naming the bad row.
    pub fn parse_rules(&self, text: &str) -> Result<RuleTable, String> {
        RuleTable::parse_program(text, self.spec.program)
    }

    /// The rule table as compiled in.
    ///
    /// # Panics
    /// If the compiled-in table does not parse (the tests read every one).
    pub fn builtin_rules(&self) -> &RuleTable {
        self.builtin.get_or_init(|| {
            self.parse_rules(self.spec.rules_toml)
                .expect("the rule tables in rules/ are checked by the tests")
        })
    }

    /// The rule table evaluations use: the compiled-in one, or the one
    /// [`Book::install`] put in its place.
    pub fn rules(&self) -> &RuleTable {
        self.in_use.get_or_init(|| self.builtin_rules().clone())
    }

    /// Makes `table` the one every evaluation with this book uses. Only
    /// before the first evaluation; false if the table in use was already
    /// read.
    pub fn install(&self, table: RuleTable) -> bool {
        self.in_use.set(table).is_ok()
    }

    /// The level-2 criteria in the order they are tried.
    ///
    /// # Panics
    /// If the compiled-in criteria do not parse (the tests read every one).
    pub fn criteria(&self) -> &[Criterion] {
        self.criteria.get_or_init(|| {
            parse_criteria(self.spec.criteria_toml)
                .expect("the criteria in rules/ are checked by the tests")
        })
    }

    /// The preferences a level-2 program named, `(criterion id,
    /// preferred, other)`, as [`Preference`]s of this book: a criterion
    /// the book does not list is left out (a test checks there is none).
    pub fn preferences<'a>(
        &self,
        named: impl IntoIterator<Item = (&'a str, usize, usize)>,
    ) -> Vec<Preference> {
        let criteria = self.criteria();
        named
            .into_iter()
            .filter_map(|(id, x, y)| {
                let c = criteria.iter().position(|c| c.id == id)?;
                Some((c, x, y))
            })
            .collect()
    }

    /// The rules of `table` that fire on `node`.
    pub fn fires(&self, node: &Node, table: &RuleTable) -> RuleSet {
        (self.spec.fires)(node, table)
    }

    /// What the level-2 program prefers among `finalists` (see
    /// [`BookSpec::compare`]), sorted.
    pub fn compare(&self, mover: Side, before: &Node, finalists: &[Finalist]) -> Vec<Preference> {
        let mut prefs = (self.spec.compare)(mover, before, finalists);
        prefs.sort_unstable();
        prefs
    }
}

impl fmt::Debug for Book {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Book({})", self.spec.name)
    }
}

impl PartialEq for Book {
    fn eq(&self, other: &Book) -> bool {
        self.spec.name == other.spec.name
    }
}

impl Eq for Book {}

impl Hash for Book {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.spec.name.hash(state);
    }
}

impl PartialOrd for Book {
    fn partial_cmp(&self, other: &Book) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Book {
    fn cmp(&self, other: &Book) -> std::cmp::Ordering {
        self.spec.name.cmp(other.spec.name)
    }
}
