//! `pecp annotate`: an annotated game written back as PGN, every token as
//! it was read, the annotations in their places.

use shakmaty::Position;

use crate::apps::games::Annotated;
use crate::apps::pgn::Token;

/// A comment as words, braces on the first and last, so that lines can
/// break inside it.
fn comment_words(c: &str) -> Vec<String> {
    let c = c.replace('}', ")");
    let mut w: Vec<String> = c.split_whitespace().map(str::to_string).collect();
    match w.len() {
        0 => vec!["{}".into()],
        n => {
            w[0] = format!("{{{}", w[0]);
            w[n - 1].push('}');
            w
        }
    }
}

/// An annotated game's PGN: tags, then the movetext in lines of at most
/// 80 characters, move numbers from the start position.
pub fn pgn(a: &Annotated) -> String {
    let (tags, tokens, start) = (&a.game.tags, &a.game.tokens, &a.start);
    let mut s = String::new();
    for (n, v) in tags {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        s.push_str(&format!("[{n} \"{v}\"]\n"));
    }
    s.push('\n');
    let first = u64::from(start.fullmoves().get());
    let black_first = start.turn() == shakmaty::Color::Black;
    let mut words: Vec<String> = Vec::new();
    // The ply of the next move at each depth of variation.
    let mut plies = vec![0u32];
    let mut need_number = true;
    for t in tokens {
        match t {
            Token::Move(san) => {
                let p = *plies.last().expect("a ply counter") + u32::from(black_first);
                let number = first + u64::from(p / 2);
                if p % 2 == 0 {
                    words.push(format!("{number}. {san}"));
                } else if need_number {
                    words.push(format!("{number}... {san}"));
                } else {
                    words.push(san.clone());
                }
                *plies.last_mut().expect("a ply counter") += 1;
                need_number = false;
            }
            Token::Nag(n) => words.push(format!("${n}")),
            Token::Comment(c) => {
                words.extend(comment_words(c));
                need_number = true;
            }
            Token::Open => {
                // A variation replaces the move just played.
                let top = *plies.last().expect("a ply counter");
                plies.push(top.saturating_sub(1));
                words.push("(".into());
                need_number = true;
            }
            Token::Close => {
                plies.pop();
                if plies.is_empty() {
                    plies.push(0);
                }
                words.push(")".into());
                need_number = true;
            }
            Token::Result(r) => words.push(r.clone()),
        }
    }
    // A line may not begin with `%`: readers would skip it as an escape.
    let text = super::wrap_words(&words, 80).replace("\n%", "\n %");
    s.push_str(
        text.strip_prefix('%')
            .map_or(text.clone(), |t| format!(" %{t}"))
            .as_str(),
    );
    s.push_str("\n\n");
    s
}

/// A game that could not be read, kept as it was written behind PGN's
/// escape (`%` at the start of each line, which readers skip), after a
/// line that says why.
pub fn unreadable(number: usize, why: &str, text: &str) -> String {
    let mut s = format!(
        "% pecp: game {number} could not be read ({}); it is kept below as it was written, each line after \"% \"\n",
        crate::error::one_line(why)
    );
    for line in text.trim_end().lines() {
        if line.is_empty() {
            s.push_str("%\n");
        } else {
            s.push_str(&format!("% {line}\n"));
        }
    }
    s.push('\n');
    s
}
