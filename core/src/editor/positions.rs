//! Byte offsets into the editor's text turned into protocol positions, and the engine's
//! lines (cut at `\n`, as every diff and merge cuts them) as byte ranges.
//!
//! The protocol ends a line at `\n`, `\r\n` or a lone `\r`, and counts characters in the
//! negotiated encoding; the engine's lines end at `\n` only. Every range is computed as
//! bytes on the engine's lines first and converted here, so a CR-only file or a line of
//! emoji still gets exact positions.
//!
//! ```
//! // Internal module; see `upkeep_core::editor::file_view`.
//! ```

use super::model::{Position, PositionEncoding, Range};

/// Where each protocol line starts, for one text.
#[derive(Debug)]
pub(crate) struct LineIndex<'t> {
    text: &'t str,
    starts: Vec<usize>,
    encoding: PositionEncoding,
}

impl<'t> LineIndex<'t> {
    pub(crate) fn new(text: &'t str, encoding: PositionEncoding) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut at = 0;
        while at < bytes.len() {
            match bytes[at] {
                b'\n' => starts.push(at + 1),
                b'\r' if bytes.get(at + 1) != Some(&b'\n') => starts.push(at + 1),
                _ => {}
            }
            at += 1;
        }
        LineIndex {
            text,
            starts,
            encoding,
        }
    }

    /// The position of byte `offset` (clamped to the text, moved back to a character
    /// boundary).
    pub(crate) fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let slice = &self.text[self.starts[line]..offset];
        let character = match self.encoding {
            PositionEncoding::Utf8 => slice.len(),
            PositionEncoding::Utf16 => slice.encode_utf16().count(),
            _ => slice.chars().count(),
        };
        Position { line, character }
    }

    /// The range of bytes `start..end`.
    pub(crate) fn range(&self, start: usize, end: usize) -> Range {
        Range {
            start: self.position(start),
            end: self.position(end),
        }
    }

    /// The range of the protocol line holding byte `offset`, without its line ending.
    pub(crate) fn line_range(&self, offset: usize) -> Range {
        let start = self.position(offset);
        let from = self.starts[start.line];
        let to = self
            .starts
            .get(start.line + 1)
            .copied()
            .unwrap_or(self.text.len());
        let bytes = self.text.as_bytes();
        let mut end = to;
        while end > from && matches!(bytes[end - 1], b'\n' | b'\r') {
            end -= 1;
        }
        self.range(from, end)
    }
}

/// The byte range of every engine line (up to and including its `\n`) of `bytes`, plus
/// the length, so `lines[i]..lines[i + 1]` is line `i` and `lines[n]` is the end.
pub(crate) fn line_starts(bytes: &[u8]) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(
        bytes
            .iter()
            .enumerate()
            .filter(|(_, &b)| b == b'\n')
            .map(|(i, _)| i + 1),
    );
    if starts.last() != Some(&bytes.len()) {
        starts.push(bytes.len());
    }
    starts
}

/// Bytes `lines[from]..lines[to]` of a text cut by [`line_starts`].
pub(crate) fn span(starts: &[usize], from: usize, to: usize) -> std::ops::Range<usize> {
    let at = |i: usize| starts[i.min(starts.len() - 1)];
    at(from)..at(to)
}

/// The range a diagnostic on engine lines `from..to` shows: the lines themselves, or for
/// an empty range (an insertion point) the line it lands before (the last line at the end).
pub(crate) fn lines_range(
    index: &LineIndex<'_>,
    starts: &[usize],
    from: usize,
    to: usize,
) -> Range {
    let lines = starts.len() - 1;
    if from >= to {
        let at = if from < lines {
            from
        } else {
            lines.saturating_sub(1)
        };
        let bytes = span(starts, at, at + 1);
        return index.line_range(bytes.start);
    }
    let bytes = span(starts, from, to);
    let start = index.position(bytes.start);
    let end_line = index.line_range(bytes.end.saturating_sub(1).max(bytes.start));
    Range {
        start,
        end: end_line.end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_follow_protocol_lines_and_encodings() {
        let text = "a\r\nb\rc😀d\n";
        let utf16 = LineIndex::new(text, PositionEncoding::Utf16);
        let at = |i: &LineIndex<'_>, o| (i.position(o).line, i.position(o).character);
        assert_eq!(at(&utf16, 3), (1, 0));
        assert_eq!(at(&utf16, 5), (2, 0));
        assert_eq!(at(&utf16, 10), (2, 3));
        assert_eq!(at(&utf16, 7), (2, 1), "inside a character: its start");
        let utf8 = LineIndex::new(text, PositionEncoding::Utf8);
        assert_eq!(at(&utf8, 10), (2, 5));
        let utf32 = LineIndex::new(text, PositionEncoding::Utf32);
        assert_eq!(at(&utf32, 10), (2, 2));
        assert_eq!(at(&utf16, 99), (3, 0));
        assert_eq!(utf16.line_range(0).end.character, 1);
    }

    #[test]
    fn engine_lines() {
        assert_eq!(line_starts(b"a\nb"), vec![0, 2, 3]);
        assert_eq!(line_starts(b"a\n"), vec![0, 2]);
        assert_eq!(line_starts(b""), vec![0]);
    }
}
