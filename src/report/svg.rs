//! Board diagrams as SVG: the board from White's side with coordinates,
//! the pieces as discs with their letter (no fonts or images needed), the
//! squares an explanation names highlighted, a move as an arrow, and the
//! side to move. Valid XML, self-contained.

use shakmaty::{Board, Color, File, Rank, Role, Square};

const SQ: u32 = 48;
const MARGIN: u32 = 24;
const BOARD: u32 = 8 * SQ;

/// What to draw on top of the board.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    /// Squares to highlight ("d6").
    pub squares: Vec<String>,
    /// A move as an arrow, from and to ("e3", "d4").
    pub arrow: Option<(String, String)>,
    /// A caption under the board.
    pub caption: String,
}

/// The top-left corner of a square in the picture.
fn corner(sq: Square) -> (u32, u32) {
    let x = MARGIN + sq.file().to_u32() * SQ;
    let y = MARGIN + (7 - sq.rank().to_u32()) * SQ;
    (x, y)
}

fn centre(sq: Square) -> (u32, u32) {
    let (x, y) = corner(sq);
    (x + SQ / 2, y + SQ / 2)
}

/// "White" or "Black".
pub fn capitalised(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Escapes text for XML.
pub fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The diagram of `board` with `marks`.
pub fn diagram(board: &Board, marks: &Marks) -> String {
    diagram_with(board, marks, &[], &[])
}

/// The diagram with some squares filled in a colour of their own (a map)
/// and crosses on others.
pub fn diagram_with(
    board: &Board,
    marks: &Marks,
    fills: &[(String, &str)],
    crosses: &[String],
) -> String {
    let lines = marks.caption.lines().count().max(1) as u32;
    let (w, h) = (BOARD + 2 * MARGIN, BOARD + 2 * MARGIN + 4 + 20 * lines);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\">\n"
    );
    s.push_str("<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"3\" markerHeight=\"3\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#1565c0\"/></marker></defs>\n");
    s.push_str(&format!(
        "<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n"
    ));
    for sq in Square::ALL {
        let (x, y) = corner(sq);
        let fill = if sq.is_dark() { "#b58863" } else { "#f0d9b5" };
        s.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\" fill=\"{fill}\"/>\n"
        ));
    }
    for (name, fill) in fills {
        if let Ok(sq) = name.parse::<Square>() {
            let (x, y) = corner(sq);
            s.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\" fill=\"{fill}\"/>\n"
            ));
        }
    }
    for name in crosses {
        if let Ok(sq) = name.parse::<Square>() {
            let (x, y) = corner(sq);
            let (a, b) = (SQ / 4, 3 * SQ / 4);
            s.push_str(&format!(
                "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#c62828\" stroke-width=\"4\"/>\n",
                x + a,
                y + a,
                x + b,
                y + b,
                x + b,
                y + a,
                x + a,
                y + b
            ));
        }
    }
    for name in &marks.squares {
        if let Ok(sq) = name.parse::<Square>() {
            let (x, y) = corner(sq);
            s.push_str(&format!("<rect x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\" fill=\"#43a047\" fill-opacity=\"0.45\"/>\n"));
        }
    }
    s.push_str(&coordinates());
    if let Some((from, to)) = &marks.arrow
        && let (Ok(a), Ok(b)) = (from.parse::<Square>(), to.parse::<Square>())
    {
        s.push_str(&arrow(centre(a), centre(b)));
    }
    for sq in board.occupied() {
        if let Some(p) = board.piece_at(sq) {
            s.push_str(&piece(sq, p.color, p.role));
        }
    }
    for (i, line) in marks.caption.lines().enumerate() {
        s.push_str(&format!(
            "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"15\" fill=\"#222222\">{}</text>\n",
            BOARD + 2 * MARGIN + 12 + 20 * i as u32,
            xml_escape(line)
        ));
    }
    s.push_str("</svg>\n");
    s
}

/// An arrow between two square centres, drawn under the pieces: on the
/// board before the move it runs from the piece to an empty square, on
/// the board after it to the piece that moved.
fn arrow(from: (u32, u32), to: (u32, u32)) -> String {
    let (x1, y1) = (f64::from(from.0), f64::from(from.1));
    let (x2, y2) = (f64::from(to.0), f64::from(to.1));
    let len = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1.0);
    let (ux, uy) = ((x2 - x1) / len, (y2 - y1) / len);
    let (start, end) = (0.0, f64::from(SQ) * 0.2);
    format!(
        "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#1565c0\" stroke-width=\"8\" stroke-opacity=\"0.8\" marker-end=\"url(#head)\"/>\n",
        x1 + ux * start,
        y1 + uy * start,
        x2 - ux * end,
        y2 - uy * end
    )
}

fn coordinates() -> String {
    let mut s = String::new();
    for i in 0..8u32 {
        let file = File::new(i).char();
        let rank = Rank::new(i).char();
        let x = MARGIN + i * SQ + SQ / 2;
        let y = MARGIN + (7 - i) * SQ + SQ / 2 + 5;
        s.push_str(&format!("<text x=\"{x}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\" fill=\"#444444\">{file}</text>\n", BOARD + MARGIN + 17));
        s.push_str(&format!("<text x=\"{}\" y=\"{y}\" font-size=\"14\" text-anchor=\"middle\" fill=\"#444444\">{rank}</text>\n", MARGIN / 2));
    }
    s
}

/// A piece: a disc in its colour with its letter.
fn piece(sq: Square, color: Color, role: Role) -> String {
    let (x, y) = centre(sq);
    let (fill, ink) = match color {
        Color::White => ("#ffffff", "#111111"),
        Color::Black => ("#111111", "#ffffff"),
    };
    let r = SQ * 2 / 5;
    let letter = role.upper_char();
    format!(
        "<g><circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"{fill}\" stroke=\"#111111\" stroke-width=\"2\"/><text x=\"{x}\" y=\"{}\" font-size=\"22\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{letter}</text></g>\n",
        y + 8
    )
}
