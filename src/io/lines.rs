//! Reading what the user gives, line by line, in bounded memory: a line
//! longer than [`MAX_LINE`] bytes (an endless stream without a newline
//! among them) is measured and reported, never held whole; and text that
//! is not UTF-8 read as Latin-1, the PGN standard's own character set.

use std::borrow::Cow;
use std::io::{self, BufRead};

/// The longest line pecp reads: 1 MiB.
pub const MAX_LINE: usize = 1 << 20;

/// One line as read, without its `\n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// The line's bytes.
    Text(Vec<u8>),
    /// A line longer than the bound: its length in bytes, its bytes
    /// skipped.
    TooLong(u64),
}

/// The lines of a reader, each at most `max` bytes held at once.
pub struct BoundedLines<R> {
    reader: R,
    max: usize,
}

impl<R: BufRead> BoundedLines<R> {
    /// Lines of at most [`MAX_LINE`] bytes.
    pub fn new(reader: R) -> Self {
        Self::with_max(reader, MAX_LINE)
    }

    /// Lines of at most `max` bytes.
    pub fn with_max(reader: R, max: usize) -> Self {
        BoundedLines { reader, max }
    }
}

impl<R: BufRead> Iterator for BoundedLines<R> {
    type Item = io::Result<Line>;

    fn next(&mut self) -> Option<io::Result<Line>> {
        let mut kept = Vec::new();
        let mut length = 0u64;
        let mut any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            };
            if chunk.is_empty() {
                if !any {
                    return None;
                }
                break;
            }
            any = true;
            let newline = chunk.iter().position(|&b| b == b'\n');
            let take = newline.unwrap_or(chunk.len());
            let room = self.max.saturating_sub(kept.len()).min(take);
            kept.extend_from_slice(&chunk[..room]);
            length += take as u64;
            self.reader.consume(take + usize::from(newline.is_some()));
            if newline.is_some() {
                break;
            }
        }
        Some(Ok(if length > self.max as u64 {
            Line::TooLong(length)
        } else {
            Line::Text(kept)
        }))
    }
}

/// `bytes` as text: UTF-8 if it is, else Latin-1 (every byte the character
/// of that number).
pub fn utf8_or_latin1(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// "line 7 is 2,147,483,648 bytes long; pecp reads lines of at most
/// 1,048,576 bytes".
pub fn too_long(what: &str, length: u64) -> String {
    format!(
        "{what} is {} bytes long; pecp reads lines of at most {} bytes",
        grouped(length),
        grouped(MAX_LINE as u64)
    )
}

fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Line> {
        BoundedLines::with_max(input, max)
            .map(Result::unwrap)
            .collect()
    }

    #[test]
    fn lines_are_split_and_an_overlong_one_is_measured_not_kept() {
        let input = b"ab\n\nabcdefgh\nxyz";
        assert_eq!(
            lines(input, 4),
            vec![
                Line::Text(b"ab".to_vec()),
                Line::Text(Vec::new()),
                Line::TooLong(8),
                Line::Text(b"xyz".to_vec()),
            ]
        );
        assert!(lines(b"", 4).is_empty());
        assert_eq!(lines(b"abcd\n", 4), vec![Line::Text(b"abcd".to_vec())]);
    }

    #[test]
    fn an_endless_line_from_a_small_buffer_is_read_in_bounded_memory() {
        let endless = std::io::Read::take(std::io::repeat(b'0'), 50_000_000);
        let reader = std::io::BufReader::with_capacity(8192, endless);
        let mut it = BoundedLines::with_max(reader, 1000);
        assert_eq!(it.next().unwrap().unwrap(), Line::TooLong(50_000_000));
        assert!(it.next().is_none());
    }

    #[test]
    fn text_that_is_not_utf8_is_latin1() {
        assert_eq!(utf8_or_latin1(b"caf\xe9"), "café");
        assert_eq!(utf8_or_latin1("café".as_bytes()), "café");
    }

    #[test]
    fn long_lengths_are_grouped_by_thousands() {
        assert_eq!(
            too_long("line 7", 2_147_483_648),
            "line 7 is 2,147,483,648 bytes long; pecp reads lines of at most 1,048,576 bytes"
        );
    }
}
