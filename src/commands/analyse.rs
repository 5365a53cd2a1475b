//! `pecp analyse POSITION|- [--json] [--ascii] [--tablebases DIR]
//! [--selector S] [--depth N]`.

use std::io::Write;

use pecp::io::lines::{BoundedLines, Line, too_long};
use std::path::PathBuf;

use pecp::apps::analysis::{Analysis, analyse_position, other_selector};
use pecp::board::pawns::parse_playable;
use pecp::board::position::{Orientation, to_user};
use pecp::play::selectors::Selector;
use pecp::report::svg::{self, Marks, capitalised};
use pecp::report::{analysis::text, diagram::diagram, json_line};
use pecp::{PecpError, Tablebases};
use shakmaty::Chess;
use shakmaty::Position;

use super::{Outcome, SelectorArg};

#[derive(clap::Args)]
pub struct Args {
    /// FEN, paper notation, or "-" for one FEN per line on stdin.
    position: String,
    /// One JSON object per position (one per line in batch mode).
    #[arg(long)]
    json: bool,
    /// Draw the board with ASCII letters (text output only).
    #[arg(long, conflicts_with = "json")]
    ascii: bool,
    /// Also show the move another selector would choose.
    #[arg(long, value_enum, default_value_t = SelectorArg::Pecp)]
    selector: SelectorArg,
    /// Alpha-beta search depth in plies (1 to 12).
    #[arg(long, value_name = "N", default_value_t = 4)]
    depth: u8,
    #[command(flatten)]
    calc: super::Calc,
    /// Also write the diagram as SVG to FILE (whole or not at all): the
    /// squares the explanation names highlighted, the chosen move an arrow.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    judging: super::Judging,
}

/// The options, checked.
struct Options {
    json: bool,
    unicode: bool,
    tb: Option<Tablebases>,
    selector: Selector,
    calc: u8,
}

pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    super::load_weights(args.judging.weights.as_deref())?;
    if let Some(path) = &args.svg {
        if args.position == "-" {
            return Err(
                PecpError::Usage("--svg draws one position, not a batch (-)".into()).into(),
            );
        }
        pecp::io::check_writable(path)?;
    }
    // The 4-piece tables are read only where a pawn ending of four
    // pieces may come: a batch, or such a position.
    let subject = match args.position.as_str() {
        "-" => None,
        text => Some(parse_playable(text, &pecp::knowledge::select::for_the_win)?),
    };
    let four = subject
        .as_ref()
        .is_none_or(|(p, _)| p.board().occupied().count() > 3);
    let flag = args.judging.tablebases.as_deref();
    let opts = Options {
        json: args.json,
        unicode: !args.ascii,
        tb: if four {
            super::find_tables_with_four_pieces(flag)?
        } else {
            super::find_tables(flag)?
        },
        selector: args.selector.selector(args.depth)?,
        calc: args.calc.plies,
    };
    let Some(subject) = subject else {
        return batch(&opts, out);
    };
    let a = print(&subject, &opts, out)?;
    if let Some(path) = &args.svg {
        pecp::io::write_atomically(path, svg_of(&subject, &a).as_bytes())?;
    }
    Ok(0)
}

/// The diagram with the explanation's squares and the chosen move.
fn svg_of((norm, o): &(Chess, Orientation), a: &Analysis) -> String {
    let pos = to_user(norm, *o);
    let marks = Marks {
        squares: a.explanation.squares.clone(),
        arrow: a
            .chosen
            .as_ref()
            .filter(|u| u.len() >= 4)
            .map(|u| (u[..2].to_string(), u[2..4].to_string())),
        caption: match &a.chosen_san {
            Some(m) => format!("{} to move: {m}", capitalised(pos.turn())),
            None => format!("{} to move", capitalised(pos.turn())),
        },
    };
    svg::diagram(pos.board(), &marks)
}

/// Analyses a normalised position shown in its orientation and prints it.
fn print(
    (pos, o): &(Chess, Orientation),
    opts: &Options,
    out: &mut impl Write,
) -> Result<Analysis, super::Failure> {
    let tb = super::judge_of(opts.tb.as_ref(), pos);
    let mut a: Analysis = analyse_position(pos, *o, tb, opts.calc)?;
    if opts.selector != Selector::Pecp {
        a.selector = Some(other_selector(pos, *o, opts.selector));
    }
    if opts.json {
        out.write_all(json_line(&a).as_bytes())?;
    } else {
        let board = diagram(to_user(pos, *o).board(), opts.unicode);
        out.write_all(text(&a, &board).as_bytes())?;
    }
    Ok(a)
}

/// One position per line on stdin; a bad line is reported with its number
/// and the rest go on; exit code 2 if any line was bad.
fn batch(opts: &Options, out: &mut impl Write) -> Outcome {
    let mut first = true;
    for (n, line) in BoundedLines::new(std::io::stdin().lock()).enumerate() {
        let line = match line {
            Ok(Line::Text(bytes)) => bytes,
            Ok(Line::TooLong(length)) => {
                super::refuse(too_long(&format!("line {}", n + 1), length));
                continue;
            }
            Err(e) => {
                return Err(PecpError::Io {
                    what: "cannot read stdin".into(),
                    source: e,
                }
                .into());
            }
        };
        let Ok(line) = String::from_utf8(line) else {
            super::refuse(format!("line {}: not UTF-8 text", n + 1));
            continue;
        };
        let line = line.strip_prefix('\u{feff}').unwrap_or(&line);
        // Blank lines, `# comments` and `% ...` (the last line of
        // `line --format pecp`) are not positions.
        let t = line.trim_start();
        if t.is_empty() || t.starts_with('#') || t.starts_with('%') {
            continue;
        }
        match parse_playable(line, &pecp::knowledge::select::for_the_win) {
            Ok(subject) => {
                if !opts.json && !first {
                    writeln!(out)?;
                }
                first = false;
                print(&subject, opts, out)?;
            }
            Err(e) => super::refuse(format!("line {}: {e}", n + 1)),
        }
    }
    Ok(if super::any_refused() { 2 } else { 0 })
}
