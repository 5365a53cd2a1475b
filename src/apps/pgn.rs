//! Reading PGN as it was written, for `pecp annotate`: games split from a
//! stream in bounded memory (lines of at most
//! [`MAX_LINE`](crate::io::lines::MAX_LINE) bytes, games of at most
//! [`MAX_GAME`]), text as UTF-8 or else Latin-1 (the PGN standard's own
//! character set), and every token kept: tags, moves, NAGs, comments whole
//! however long, variations, the result. A game that cannot be read (a
//! token that is not a move, a comment or a tag not closed, an unbalanced
//! variation, binary data, an overlong line) comes back with its number,
//! the line where it goes wrong and why; the next game is read as ever.
//!
//! Where games begin: a line starting with `[` after the movetext of the
//! game before. Inside a comment it does not, unless a blank line comes
//! before it and it reads like a tag pair (`[Name "`): so a comment that
//! is never closed spoils only its own game.

use std::io::{self, BufRead};

use shakmaty::san::SanPlus;

use crate::io::lines::{BoundedLines, Line, too_long, utf8_or_latin1};

/// One token of a game's movetext.
#[derive(Debug, Clone, PartialEq)]
pub enum Token {
    /// A move as written (SAN with its check sign).
    Move(String),
    /// A numeric annotation glyph.
    Nag(u8),
    /// A `{comment}`.
    Comment(String),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// The result, `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(String),
}

/// A game as read.
#[derive(Debug, Clone, Default)]
pub struct Game {
    /// The tag pairs, in order.
    pub tags: Vec<(String, String)>,
    /// The movetext.
    pub tokens: Vec<Token>,
}

/// The longest game pecp reads: 16 MiB.
pub const MAX_GAME: usize = 16 << 20;

/// One game as read from the stream, numbered from 1 in file order.
#[derive(Debug)]
pub struct Entry {
    /// The game's number in the file.
    pub number: usize,
    /// The line the game starts on (from 1).
    pub line: u64,
    /// The game, or why it cannot be read.
    pub read: Result<Game, Unreadable>,
}

/// A game that cannot be read.
#[derive(Debug)]
pub struct Unreadable {
    /// The line where it goes wrong (from 1).
    pub line: u64,
    /// Why, in words.
    pub why: String,
    /// Its text, when it is text that can be kept (not binary data, not
    /// too long).
    pub text: Option<String>,
}

/// The games of a PGN stream.
pub struct Games<R> {
    lines: BoundedLines<R>,
    /// Lines read so far.
    read: u64,
    /// The line that began the next game, read while ending this one.
    next_start: Option<Vec<u8>>,
    number: usize,
}

impl<R: BufRead> Games<R> {
    /// The games of `reader`.
    pub fn new(reader: R) -> Self {
        Games {
            lines: BoundedLines::new(reader),
            read: 0,
            next_start: None,
            number: 0,
        }
    }
}

/// One game's lines as gathered, before they are read as PGN.
#[derive(Default)]
struct Gathered {
    bytes: Vec<u8>,
    first_line: u64,
    /// Why the game cannot be held whole, and on which line.
    overflow: Option<(u64, String)>,
    in_comment: bool,
    movetext: bool,
    blank_before: bool,
}

impl Gathered {
    /// Whether `line` begins the next game.
    fn starts_next(&self, line: &[u8]) -> bool {
        let t = line.trim_ascii_start();
        if !self.movetext || !t.starts_with(b"[") {
            return false;
        }
        !self.in_comment || (self.blank_before && looks_like_tag(t))
    }

    /// Adds one line, `number` in the stream.
    fn push(&mut self, line: &[u8], number: u64) {
        let t = line.trim_ascii();
        if self.bytes.is_empty() && self.overflow.is_none() {
            if t.is_empty() {
                return;
            }
            self.first_line = number;
        }
        let escape = line.first() == Some(&b'%');
        let tag = !self.in_comment && t.starts_with(b"[");
        if !escape && !tag {
            self.in_comment = comment_open_after(line, self.in_comment);
            self.movetext |= !t.is_empty();
        }
        self.blank_before = t.is_empty();
        if self.bytes.len() + line.len() + 1 > MAX_GAME {
            let why = format!("the game is longer than {} bytes", MAX_GAME);
            self.overflow.get_or_insert((number, why));
        } else {
            self.bytes.extend_from_slice(line);
            self.bytes.push(b'\n');
        }
    }
}

/// `[Name "`: a tag pair's opening.
fn looks_like_tag(t: &[u8]) -> bool {
    let rest = &t[1..];
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    name > 0 && rest[name..].trim_ascii_start().starts_with(b"\"")
}

/// Whether a brace comment is open at the end of `line`, given whether
/// one was open at its start (a `;` comment runs to the end of the line).
fn comment_open_after(line: &[u8], mut open: bool) -> bool {
    for &b in line {
        match (open, b) {
            (true, b'}') => open = false,
            (false, b'{') => open = true,
            (false, b';') => break,
            _ => {}
        }
    }
    open
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = io::Result<Entry>;

    fn next(&mut self) -> Option<io::Result<Entry>> {
        let mut g = Gathered::default();
        if let Some(start) = self.next_start.take() {
            g.push(&start, self.read);
        }
        for line in self.lines.by_ref() {
            self.read += 1;
            let bytes = match line {
                Ok(Line::Text(b)) => b,
                Ok(Line::TooLong(length)) => {
                    let why = too_long(&format!("line {}", self.read), length);
                    g.overflow.get_or_insert((self.read, why));
                    g.movetext = true;
                    if g.first_line == 0 {
                        g.first_line = self.read;
                    }
                    continue;
                }
                Err(e) => return Some(Err(e)),
            };
            if g.starts_next(&bytes) {
                self.next_start = Some(bytes);
                break;
            }
            g.push(&bytes, self.read);
        }
        if g.bytes.is_empty() && g.overflow.is_none() {
            return None;
        }
        self.number += 1;
        Some(Ok(Entry {
            number: self.number,
            line: g.first_line,
            read: read_gathered(g),
        }))
    }
}

fn read_gathered(g: Gathered) -> Result<Game, Unreadable> {
    if let Some((line, why)) = g.overflow {
        return Err(Unreadable {
            line,
            why,
            text: None,
        });
    }
    if let Some(at) = g.bytes.iter().position(|&b| is_binary(b)) {
        let line = g.first_line + g.bytes[..at].iter().filter(|&&b| b == b'\n').count() as u64;
        return Err(Unreadable {
            line,
            why: "binary data, not PGN text".into(),
            text: None,
        });
    }
    let text = utf8_or_latin1(&g.bytes).into_owned();
    parse_game(&text, g.first_line).map_err(|(line, why)| Unreadable {
        line,
        why,
        text: Some(text),
    })
}

/// Control characters that no PGN text holds (tab, line feed, form feed
/// and carriage return are whitespace).
fn is_binary(b: u8) -> bool {
    (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r')) || b == 0x7f
}

/// Reads one game's text, which begins on line `first` of its file: its
/// tags, then its movetext. An error gives the line and why.
pub fn parse_game(text: &str, first: u64) -> Result<Game, (u64, String)> {
    let mut c = Cursor {
        text,
        at: 0,
        line: first,
    };
    let tags = read_tags(&mut c)?;
    let tokens = read_movetext(&mut c)?;
    Ok(Game { tags, tokens })
}

/// A place in a game's text.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
    /// The line in the file.
    line: u64,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let ch = self.peek()?;
        self.at += ch.len_utf8();
        if ch == '\n' {
            self.line += 1;
        }
        Some(ch)
    }

    fn at_line_start(&self) -> bool {
        self.at == 0 || self.text.as_bytes()[self.at - 1] == b'\n'
    }

    /// Skips whitespace and `%` escape lines.
    fn skip_space(&mut self) {
        while let Some(ch) = self.peek() {
            if ch == '%' && self.at_line_start() {
                self.take_while(|c| c != '\n');
            } else if ch.is_whitespace() {
                self.bump();
            } else {
                break;
            }
        }
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &str {
        let start = self.at;
        while self.peek().is_some_and(&keep) {
            self.bump();
        }
        &self.text[start..self.at]
    }

    fn error<T>(&self, line: u64, why: impl Into<String>) -> Result<T, (u64, String)> {
        Err((line, why.into()))
    }
}

/// The tag pairs: `[Name "value"]`, the value's `\"` and `\\` unescaped.
fn read_tags(c: &mut Cursor) -> Result<Vec<(String, String)>, (u64, String)> {
    let mut tags = Vec::new();
    loop {
        c.skip_space();
        if c.peek() != Some('[') {
            return Ok(tags);
        }
        let line = c.line;
        c.bump();
        let not_closed =
            |c: &Cursor| c.error(line, format!("the tag on line {line} is not closed"));
        c.take_while(|ch| ch == ' ' || ch == '\t');
        let name = c
            .take_while(|ch| ch.is_ascii_alphanumeric() || ch == '_')
            .to_string();
        c.take_while(|ch| ch == ' ' || ch == '\t');
        if name.is_empty() || c.bump() != Some('"') {
            return c.error(
                line,
                format!("the tag on line {line} is not `[Name \"value\"]`"),
            );
        }
        let mut value = String::new();
        loop {
            match c.bump() {
                Some('"') => break,
                Some('\\') if matches!(c.peek(), Some('"' | '\\')) => value.extend(c.bump()),
                Some('\n') | None => return not_closed(c),
                Some(ch) => value.push(ch),
            }
        }
        c.take_while(|ch| ch == ' ' || ch == '\t');
        if c.bump() != Some(']') {
            return not_closed(c);
        }
        tags.push((name, value));
    }
}

/// The movetext's tokens, up to the end of the game's text.
fn read_movetext(c: &mut Cursor) -> Result<Vec<Token>, (u64, String)> {
    let mut tokens = Vec::new();
    // The lines where the open variations began.
    let mut open: Vec<u64> = Vec::new();
    loop {
        c.skip_space();
        let line = c.line;
        let Some(ch) = c.peek() else { break };
        match ch {
            '{' => {
                c.bump();
                let body = c.take_while(|ch| ch != '}').trim().to_string();
                if c.bump().is_none() {
                    return c.error(
                        line,
                        format!("the comment opened on line {line} is not closed"),
                    );
                }
                tokens.push(Token::Comment(body));
            }
            ';' => {
                c.bump();
                let body = c.take_while(|ch| ch != '\n').trim().to_string();
                tokens.push(Token::Comment(body));
            }
            '}' => return c.error(line, format!("a `}}` on line {line} closes no comment")),
            '(' => {
                c.bump();
                open.push(line);
                tokens.push(Token::Open);
            }
            ')' => {
                c.bump();
                if open.pop().is_none() {
                    return c.error(line, format!("a `)` on line {line} closes no variation"));
                }
                tokens.push(Token::Close);
            }
            '*' => {
                c.bump();
                tokens.push(Token::Result("*".into()));
            }
            '$' => {
                c.bump();
                let digits = c.take_while(|ch| ch.is_ascii_digit()).to_string();
                match digits.parse::<u8>() {
                    Ok(n) => tokens.push(Token::Nag(n)),
                    Err(_) => {
                        return c.error(
                            line,
                            format!("`${digits}` on line {line} is not a NAG ($0 to $255)"),
                        );
                    }
                }
            }
            _ => {
                let word = c
                    .take_while(|ch| !ch.is_whitespace() && !"{}();$".contains(ch))
                    .to_string();
                read_word(&word, &mut tokens)
                    .map_err(|why| (line, format!("{why} on line {line}")))?;
            }
        }
    }
    match open.first() {
        Some(&line) => c.error(
            line,
            format!("the variation opened on line {line} is not closed"),
        ),
        None => Ok(tokens),
    }
}

/// One word of movetext: a result, a move number, a move with its
/// suffix annotations, or the annotations alone.
fn read_word(word: &str, tokens: &mut Vec<Token>) -> Result<(), String> {
    if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
        tokens.push(Token::Result(word.into()));
        return Ok(());
    }
    if word == "½-½" {
        tokens.push(Token::Result("1/2-1/2".into()));
        return Ok(());
    }
    // A move number, perhaps run into its move ("12.Kd4", "12...Kd4").
    let mut rest = word;
    if !word.starts_with("0-0") {
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
        if digits > 0 || dots > 0 {
            rest = &word[digits + dots..];
        }
    }
    if rest.is_empty() {
        return Ok(());
    }
    if let Some(nag) = suffix_nag(rest) {
        tokens.push(Token::Nag(nag));
        return Ok(());
    }
    // Castling written with zeros.
    let castle = if let Some(r) = rest.strip_prefix("0-0-0") {
        format!("O-O-O{r}")
    } else if let Some(r) = rest.strip_prefix("0-0") {
        format!("O-O{r}")
    } else {
        rest.to_string()
    };
    let (san, used) = SanPlus::from_ascii_prefix(castle.as_bytes())
        .map_err(|_| format!("`{word}` is not a move in SAN"))?;
    let suffix = &castle[used..];
    let nag = match suffix {
        "" => None,
        s => Some(suffix_nag(s).ok_or_else(|| format!("`{word}` is not a move in SAN"))?),
    };
    tokens.push(Token::Move(san.to_string()));
    tokens.extend(nag.map(Token::Nag));
    Ok(())
}

/// `!`, `?`, `!!`, `??`, `!?` and `?!` as NAGs 1 to 6.
fn suffix_nag(s: &str) -> Option<u8> {
    Some(match s {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(input: &[u8]) -> Vec<Entry> {
        Games::new(input).map(Result::unwrap).collect()
    }

    #[test]
    fn tokens_are_kept_as_written() {
        let g = parse_game(
            "[Event \"a \\\"b\\\"\"]\n[FEN \"8/8/3k4/8/8/3PK3/8/8 w - - 0 1\"]\n\n\
             1. Kd4! $14 {the opposition} (1.Ke4? ; only a draw\n) 1...Kc6 2.Ke5 0-0 0-0-0+ 1-0",
            1,
        )
        .unwrap();
        assert_eq!(g.tags[0], ("Event".into(), "a \"b\"".into()));
        let t = |s: &str| Token::Move(s.into());
        assert_eq!(
            g.tokens,
            vec![
                t("Kd4"),
                Token::Nag(1),
                Token::Nag(14),
                Token::Comment("the opposition".into()),
                Token::Open,
                t("Ke4"),
                Token::Nag(2),
                Token::Comment("only a draw".into()),
                Token::Close,
                t("Kc6"),
                t("Ke5"),
                t("O-O"),
                t("O-O-O+"),
                Token::Result("1-0".into()),
            ]
        );
    }

    #[test]
    fn a_long_comment_is_one_comment() {
        let long = "abcdefghi ".repeat(5000);
        let g = parse_game(&format!("1. e4 {{{long}}} *"), 1).unwrap();
        assert_eq!(g.tokens[1], Token::Comment(long.trim().into()));
    }

    #[test]
    fn bad_games_are_numbered_and_the_next_is_read() {
        let input = b"[Event \"1\"]\n\n1. Kz9 Kd7 *\n\n[Event \"2\"]\n\n1. e4 {open\n\n\
            [Event \"3\"]\n\n1. d4 ( 1. e4 *\n\n[Event \"4\"]\n\n1. c4 *\n";
        let e = games(input);
        assert_eq!(e.len(), 4);
        let why = |i: usize| e[i].read.as_ref().unwrap_err().why.clone();
        assert_eq!(why(0), "`Kz9` is not a move in SAN on line 3");
        assert_eq!(why(1), "the comment opened on line 7 is not closed");
        assert_eq!(e[1].read.as_ref().unwrap_err().line, 7);
        assert_eq!(why(2), "the variation opened on line 11 is not closed");
        assert_eq!(e[3].number, 4);
        assert_eq!(e[3].line, 13);
        assert!(e[3].read.is_ok());
    }

    #[test]
    fn latin1_is_read_as_latin1_and_binary_is_refused() {
        let e = games(b"[Event \"caf\xe9\"]\n\n1. e4 {caf\xe9} *\n");
        let g = e[0].read.as_ref().unwrap();
        assert_eq!(g.tags[0].1, "café");
        assert_eq!(g.tokens[1], Token::Comment("café".into()));
        let e = games(b"\x00\x01\x02binary\n");
        assert_eq!(
            e[0].read.as_ref().unwrap_err().why,
            "binary data, not PGN text"
        );
        assert!(e[0].read.as_ref().unwrap_err().text.is_none());
    }

    #[test]
    fn escape_lines_and_braces_in_tags_do_not_confuse_the_split() {
        let e = games(b"% a note\n[Event \"{\"]\n\n1. e4 *\n[Event \"b\"]\n1. d4 *\n");
        assert_eq!(e.len(), 2);
        assert!(e.iter().all(|e| e.read.is_ok()), "{e:?}");
    }
}
