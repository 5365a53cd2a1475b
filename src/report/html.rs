//! `pecp line --format html`: one self-contained page (no external
//! resources), a diagram per move with its reason in words, the result at
//! the end.

use shakmaty::fen::Fen;
use shakmaty::{Board, Color};

use crate::apps::annotate::LineReport;
use crate::report::svg::{Marks, capitalised, diagram, xml_escape};

fn board_of(fen: &str) -> Board {
    fen.parse::<Fen>()
        .map(|f| f.into_setup().board)
        .unwrap_or_default()
}

/// The page.
pub fn page(l: &LineReport) -> String {
    let title = format!("pecp line from {}", l.start_fen);
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>{}</title>\n<style>\nbody {{ font-family: sans-serif; max-width: 46em; margin: 2em auto; color: #222; }}\nsection {{ margin: 1.5em 0; }}\nh2 {{ font-size: 1.1em; margin-bottom: 0.3em; }}\nsvg {{ display: block; max-width: 100%; height: auto; }}\n</style>\n</head>\n<body>\n",
        xml_escape(&title)
    );
    s.push_str(&format!(
        "<h1>{}</h1>\n<p>Start: {} ({}). White: {}, Black: {}.</p>\n",
        xml_escape(&title),
        xml_escape(&l.start_fen),
        xml_escape(&l.start_paper),
        xml_escape(&l.players.white),
        xml_escape(&l.players.black)
    ));
    let turn = if l.start_fen.split_whitespace().nth(1) == Some("b") {
        Color::Black
    } else {
        Color::White
    };
    let start = Marks {
        caption: format!("{} to move", capitalised(turn)),
        ..Marks::default()
    };
    s.push_str(&diagram(&board_of(&l.start_fen), &start));
    for p in &l.plies {
        let num = if p.side == Color::White {
            format!("{}.", p.move_number)
        } else {
            format!("{}...", p.move_number)
        };
        let marks = Marks {
            squares: p.explanation.squares.clone(),
            arrow: (p.uci.len() >= 4).then(|| (p.uci[..2].to_string(), p.uci[2..4].to_string())),
            caption: format!("after {num} {}", p.san),
        };
        s.push_str(&format!(
            "<section>\n<h2>{} {}</h2>\n{}<p>{}</p>\n</section>\n",
            xml_escape(&num),
            xml_escape(&p.san),
            diagram(&board_of(&p.fen), &marks),
            xml_escape(&p.explanation.sentence)
        ));
    }
    s.push_str(&format!(
        "<p><strong>{}</strong> ({})</p>\n</body>\n</html>\n",
        xml_escape(l.result),
        xml_escape(l.termination)
    ));
    s
}
