//! The block-YAML subset real config files use, read into a [`DocNode`] tree with byte
//! spans: block mappings and sequences at any indent width, flow `[...]` and `{...}`
//! (across lines too), plain, single- and double-quoted scalars, comments, LF or CRLF
//! line endings, tabs inside values. Anything beyond it — anchors, aliases, tags, block
//! scalars (`|`, `>`), several documents, directives, multi-line plain or quoted
//! scalars, tabs in indentation, duplicate keys — is refused, so a file this reader does
//! not understand is merged as a whole, never edited wrongly.
//!
//! ```
//! use upkeep_core::structured::{parse_doc, Format, Value};
//!
//! let text = "# settings\nlist:\n    - 'a'\n    - b  # two\nmap: {x: 1}\r\n";
//! let doc = parse_doc(Format::Yaml, text).unwrap();
//! let list = doc.root.lookup("list").unwrap();
//! assert_eq!(&text[list.start..list.end], "- 'a'\n    - b");
//! assert!(parse_doc(Format::Yaml, "a: &x 1\n").is_err());
//! ```

use super::doc::{DocError, DocNode, Entry, Kind, Style, Value};

/// Parses `text` into a span-carrying tree; an empty document is an empty mapping.
pub(crate) fn parse(text: &str) -> Result<DocNode, DocError> {
    let mut p = Parser::new(text)?;
    let Some(first) = p.next_content(0) else {
        return Ok(DocNode {
            start: 0,
            end: 0,
            style: Style::Block,
            kind: Kind::Map(Vec::new()),
        });
    };
    p.li = first;
    let line = p.lines[first];
    let root = p.node_at(line.content, line.indent)?;
    if let Some(rest) = p.next_content(p.li) {
        return Err(p.err(
            p.lines[rest].content,
            "unexpected content after the document",
        ));
    }
    Ok(root)
}

#[derive(Clone, Copy, Debug)]
struct Line {
    start: usize,
    /// End of the line's text (before `\r\n` or `\n`).
    end: usize,
    indent: usize,
    content: usize,
    /// Only whitespace or a comment.
    blank: bool,
}

struct Parser<'a> {
    s: &'a str,
    b: &'a [u8],
    lines: Vec<Line>,
    /// The line being read.
    li: usize,
}

fn err(offset: usize, message: impl Into<String>) -> DocError {
    DocError {
        offset,
        message: message.into(),
    }
}

impl<'a> Parser<'a> {
    fn new(s: &'a str) -> Result<Self, DocError> {
        let b = s.as_bytes();
        if s.starts_with('\u{feff}') {
            return Err(err(0, "starts with a byte-order mark"));
        }
        let mut lines = Vec::new();
        let mut start = 0;
        let mut seen_content = false;
        while start < b.len() {
            let nl = b[start..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |i| start + i);
            let end = if nl > start && b[nl - 1] == b'\r' {
                nl - 1
            } else {
                nl
            };
            if let Some(i) = b[start..end].iter().position(|&c| c == b'\r') {
                return Err(err(start + i, "a carriage return that does not end a line"));
            }
            let indent = b[start..end].iter().take_while(|&&c| c == b' ').count();
            let mut content = start + indent;
            while content < end && b[content] == b'\t' {
                content += 1;
            }
            let blank = content == end || b[content] == b'#';
            if !blank {
                if content != start + indent {
                    return Err(err(start + indent, "a tab in indentation"));
                }
                let text = &s[content..end];
                let marker = |m: &str| {
                    indent == 0
                        && text.starts_with(m)
                        && (text.len() == 3 || matches!(b[content + 3], b' ' | b'\t'))
                };
                if marker("---") {
                    if seen_content || !rest_is_comment(b, content + 3, end) {
                        return Err(err(content, "several documents, or content after ---"));
                    }
                    lines.push(Line {
                        start,
                        end,
                        indent,
                        content,
                        blank: true,
                    });
                    start = nl + 1;
                    seen_content = true;
                    continue;
                }
                if marker("...") || (indent == 0 && text.starts_with('%')) {
                    return Err(err(
                        content,
                        "document markers and directives are not supported",
                    ));
                }
                seen_content = true;
            }
            lines.push(Line {
                start,
                end,
                indent,
                content,
                blank,
            });
            start = nl + 1;
        }
        Ok(Parser { s, b, lines, li: 0 })
    }

    fn err(&self, offset: usize, message: impl Into<String>) -> DocError {
        err(offset, message)
    }

    /// The first non-blank line at or after `from`.
    fn next_content(&self, from: usize) -> Option<usize> {
        (from..self.lines.len()).find(|&i| !self.lines[i].blank)
    }

    fn line_of(&self, offset: usize) -> usize {
        self.lines.partition_point(|l| l.start <= offset) - 1
    }

    fn line_end(&self) -> usize {
        self.lines[self.li].end
    }

    /// A node whose text starts at `pos` (column `col`) on the current line; on return
    /// the current line is the one after the node.
    fn node_at(&mut self, pos: usize, col: usize) -> Result<DocNode, DocError> {
        if self.is_dash(pos) {
            return self.block_seq(col);
        }
        if self.map_key(pos)?.is_some() {
            return self.block_map(col);
        }
        let node = self.inline(pos)?;
        self.finish_line(node.end)?;
        Ok(node)
    }

    fn is_dash(&self, pos: usize) -> bool {
        self.b[pos] == b'-'
            && (pos + 1 == self.line_end() || matches!(self.b[pos + 1], b' ' | b'\t'))
    }

    /// The rest of the current line after `pos` must be blank or a comment; then moves on.
    fn finish_line(&mut self, pos: usize) -> Result<(), DocError> {
        let end = self.line_end();
        if !rest_is_comment(self.b, pos, end) {
            return Err(self.err(pos, "unexpected text after a value"));
        }
        self.li += 1;
        Ok(())
    }

    /// When a mapping key starts at `pos`: (key, key end, offset just past the `:`).
    fn map_key(&self, pos: usize) -> Result<Option<(String, usize)>, DocError> {
        let end = self.line_end();
        let b = self.b;
        let colon_ok = |i: usize| {
            i < end && b[i] == b':' && (i + 1 == end || matches!(b[i + 1], b' ' | b'\t'))
        };
        match b[pos] {
            b'"' | b'\'' => {
                let (value, after) = self.quoted(pos)?;
                let mut i = after;
                while i < end && matches!(b[i], b' ' | b'\t') {
                    i += 1;
                }
                match value {
                    Value::String(key) if colon_ok(i) => Ok(Some((key, i + 1))),
                    _ => Ok(None),
                }
            }
            b'[' | b'{' | b'#' | b'&' | b'*' | b'!' | b'|' | b'>' | b'%' | b'@' | b'`' | b',' => {
                Ok(None)
            }
            b'?' | b':' | b'-' if pos + 1 == end || matches!(b[pos + 1], b' ' | b'\t') => Ok(None),
            _ => {
                let mut i = pos;
                while i < end {
                    if colon_ok(i) {
                        let key = self.s[pos..i].trim_end_matches([' ', '\t']);
                        return Ok(Some((key.to_string(), i + 1)));
                    }
                    if matches!(b[i], b' ' | b'\t') && i + 1 < end && b[i + 1] == b'#' {
                        return Ok(None);
                    }
                    i += 1;
                }
                Ok(None)
            }
        }
    }

    fn block_map(&mut self, col: usize) -> Result<DocNode, DocError> {
        let mut entries: Vec<Entry> = Vec::new();
        loop {
            let line = self.lines[self.li];
            let key_start = line.start + col;
            let Some((key, colon_end)) = self.map_key(key_start)? else {
                return Err(self.err(key_start, "expected a mapping key"));
            };
            if entries.iter().any(|e| e.key == key) {
                return Err(self.err(key_start, format!("duplicate key {key:?}")));
            }
            let mut pos = colon_end;
            while pos < line.end && matches!(self.b[pos], b' ' | b'\t') {
                pos += 1;
            }
            let value = if pos == line.end || self.b[pos] == b'#' {
                self.li += 1;
                match self.next_content(self.li) {
                    Some(next) if self.lines[next].indent > col => {
                        self.li = next;
                        let l = self.lines[next];
                        self.node_at(l.content, l.indent)?
                    }
                    Some(next) if self.lines[next].indent == col && self.is_dash_on(next) => {
                        self.li = next;
                        self.block_seq(col)?
                    }
                    _ => empty(colon_end),
                }
            } else {
                let node = self.inline(pos)?;
                self.finish_line(node.end)?;
                node
            };
            entries.push(Entry {
                key,
                key_start,
                colon_end,
                value,
            });
            match self.next_content(self.li) {
                Some(next) if self.lines[next].indent == col => self.li = next,
                Some(next) if self.lines[next].indent > col => {
                    return Err(self.err(self.lines[next].content, "unexpected indentation"))
                }
                _ => break,
            }
        }
        Ok(DocNode {
            start: entries[0].key_start,
            end: entries.last().map_or(0, |e| e.value.end),
            style: Style::Block,
            kind: Kind::Map(entries),
        })
    }

    fn block_seq(&mut self, col: usize) -> Result<DocNode, DocError> {
        let mut items = Vec::new();
        let start = self.lines[self.li].start + col;
        loop {
            let line = self.lines[self.li];
            let dash = line.start + col;
            let mut pos = dash + 1;
            while pos < line.end && self.b[pos] == b' ' {
                pos += 1;
            }
            if pos < line.end && self.b[pos] == b'\t' {
                return Err(self.err(pos, "a tab after a list dash"));
            }
            let item = if pos == line.end || self.b[pos] == b'#' {
                self.li += 1;
                match self.next_content(self.li) {
                    Some(next) if self.lines[next].indent > col => {
                        self.li = next;
                        let l = self.lines[next];
                        self.node_at(l.content, l.indent)?
                    }
                    _ => empty(dash + 1),
                }
            } else {
                self.node_at(pos, pos - line.start)?
            };
            items.push(item);
            match self.next_content(self.li) {
                Some(next) if self.lines[next].indent == col && self.is_dash_on(next) => {
                    self.li = next
                }
                Some(next) if self.lines[next].indent > col => {
                    return Err(self.err(self.lines[next].content, "unexpected indentation"))
                }
                _ => break,
            }
        }
        Ok(DocNode {
            start,
            end: items.last().map_or(start, |n: &DocNode| n.end),
            style: Style::Block,
            kind: Kind::List(items),
        })
    }

    fn is_dash_on(&self, li: usize) -> bool {
        let l = self.lines[li];
        self.b[l.content] == b'-'
            && (l.content + 1 == l.end || matches!(self.b[l.content + 1], b' ' | b'\t'))
    }

    /// A value written on one line (or a flow collection spanning several).
    fn inline(&mut self, pos: usize) -> Result<DocNode, DocError> {
        match self.b[pos] {
            b'&' | b'*' | b'!' => Err(self.err(pos, "anchors, aliases and tags are not supported")),
            b'|' | b'>' => Err(self.err(pos, "block scalars are not supported")),
            b'%' | b'@' | b'`' => Err(self.err(pos, "a reserved indicator")),
            b'[' | b'{' => {
                let node = self.flow(pos, 0)?;
                self.li = self.line_of(node.end.saturating_sub(1).max(pos));
                Ok(node)
            }
            b'"' | b'\'' => self.quoted_node(pos),
            _ => {
                let end = self.line_end();
                let mut i = pos;
                while i < end
                    && !(matches!(self.b[i], b' ' | b'\t') && i + 1 < end && self.b[i + 1] == b'#')
                {
                    if self.b[i] == b':' && (i + 1 == end || matches!(self.b[i + 1], b' ' | b'\t'))
                    {
                        return Err(self.err(i, "a mapping inside a plain value"));
                    }
                    i += 1;
                }
                let text = self.s[pos..i].trim_end_matches([' ', '\t']);
                Ok(DocNode {
                    start: pos,
                    end: pos + text.len(),
                    style: Style::Plain,
                    kind: Kind::Scalar(resolve_plain(text)),
                })
            }
        }
    }

    /// A quoted scalar on one line: its value and the offset past the closing quote.
    fn quoted(&self, pos: usize) -> Result<(Value, usize), DocError> {
        let end = self.lines[self.line_of(pos)].end;
        let quote = self.b[pos];
        let mut out = String::new();
        let mut i = pos + 1;
        while i < end {
            let c = self.b[i];
            if c == quote {
                if quote == b'\'' && i + 1 < end && self.b[i + 1] == b'\'' {
                    out.push('\'');
                    i += 2;
                    continue;
                }
                return Ok((Value::String(out), i + 1));
            }
            if quote == b'"' && c == b'\\' {
                let Some(&e) = self.b.get(i + 1).filter(|_| i + 1 < end) else {
                    break;
                };
                let simple = match e {
                    b'\\' => Some('\\'),
                    b'"' => Some('"'),
                    b'/' => Some('/'),
                    b'n' => Some('\n'),
                    b't' | b'\t' => Some('\t'),
                    b'r' => Some('\r'),
                    b'0' => Some('\0'),
                    b'a' => Some('\u{7}'),
                    b'b' => Some('\u{8}'),
                    b'e' => Some('\u{1b}'),
                    b'f' => Some('\u{c}'),
                    b'v' => Some('\u{b}'),
                    b' ' => Some(' '),
                    b'N' => Some('\u{85}'),
                    b'_' => Some('\u{a0}'),
                    _ => None,
                };
                if let Some(ch) = simple {
                    out.push(ch);
                    i += 2;
                    continue;
                }
                let width = match e {
                    b'x' => 2,
                    b'u' => 4,
                    b'U' => 8,
                    _ => return Err(self.err(i, "an unknown escape")),
                };
                let hex = self
                    .s
                    .get(i + 2..i + 2 + width)
                    .filter(|_| i + 2 + width <= end)
                    .ok_or_else(|| self.err(i, "a truncated escape"))?;
                let ch = u32::from_str_radix(hex, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| self.err(i, "an invalid escape"))?;
                out.push(ch);
                i += 2 + width;
                continue;
            }
            let ch = self.s[i..].chars().next().unwrap_or('\0');
            out.push(ch);
            i += ch.len_utf8();
        }
        Err(self.err(pos, "a quoted scalar that does not close on its line"))
    }

    fn skip_flow_ws(&self, mut i: usize) -> Result<usize, DocError> {
        loop {
            match self.b.get(i) {
                Some(b' ' | b'\t' | b'\r' | b'\n') => i += 1,
                Some(b'#')
                    if i > 0
                        && matches!(
                            self.b[i - 1],
                            b' ' | b'\t' | b'\n' | b'\r' | b'[' | b'{' | b','
                        ) =>
                {
                    while i < self.b.len() && self.b[i] != b'\n' {
                        i += 1;
                    }
                }
                Some(_) => return Ok(i),
                None => return Err(self.err(i, "a flow collection that does not close")),
            }
        }
    }

    /// A flow node starting at `pos`.
    fn flow(&self, pos: usize, depth: usize) -> Result<DocNode, DocError> {
        if depth > crate::json::MAX_DEPTH {
            return Err(self.err(pos, "nested too deeply"));
        }
        match self.b[pos] {
            b'[' => {
                let mut items = Vec::new();
                let mut i = self.skip_flow_ws(pos + 1)?;
                loop {
                    if self.b[i] == b']' {
                        break;
                    }
                    let item = self.flow(i, depth + 1)?;
                    i = self.skip_flow_ws(item.end)?;
                    items.push(item);
                    match self.b[i] {
                        b',' => i = self.skip_flow_ws(i + 1)?,
                        b']' => break,
                        _ => return Err(self.err(i, "expected ',' or ']'")),
                    }
                }
                Ok(DocNode {
                    start: pos,
                    end: i + 1,
                    style: Style::Flow,
                    kind: Kind::List(items),
                })
            }
            b'{' => {
                let mut entries: Vec<Entry> = Vec::new();
                let mut i = self.skip_flow_ws(pos + 1)?;
                loop {
                    if self.b[i] == b'}' {
                        break;
                    }
                    let key_start = i;
                    let key_node = self.flow_scalar(i, true)?;
                    let Kind::Scalar(key_value) = &key_node.kind else {
                        return Err(self.err(i, "expected a key"));
                    };
                    let key = match key_value {
                        Value::String(s) | Value::Number(s) => s.clone(),
                        Value::Bool(b) => b.to_string(),
                        Value::Null => "null".into(),
                        _ => return Err(self.err(i, "expected a key")),
                    };
                    i = self.skip_flow_ws(key_node.end)?;
                    if self.b[i] != b':' {
                        return Err(self.err(i, "expected ':' in a flow mapping"));
                    }
                    let colon_end = i + 1;
                    i = self.skip_flow_ws(colon_end)?;
                    let value = self.flow(i, depth + 1)?;
                    i = self.skip_flow_ws(value.end)?;
                    if entries.iter().any(|e| e.key == key) {
                        return Err(self.err(key_start, format!("duplicate key {key:?}")));
                    }
                    entries.push(Entry {
                        key,
                        key_start,
                        colon_end,
                        value,
                    });
                    match self.b[i] {
                        b',' => i = self.skip_flow_ws(i + 1)?,
                        b'}' => break,
                        _ => return Err(self.err(i, "expected ',' or '}'")),
                    }
                }
                Ok(DocNode {
                    start: pos,
                    end: i + 1,
                    style: Style::Flow,
                    kind: Kind::Map(entries),
                })
            }
            _ => self.flow_scalar(pos, false),
        }
    }

    /// A single- or double-quoted scalar starting at `pos`, with its style.
    fn quoted_node(&self, pos: usize) -> Result<DocNode, DocError> {
        let (value, end) = self.quoted(pos)?;
        let style = if self.b[pos] == b'"' {
            Style::Double
        } else {
            Style::Single
        };
        Ok(DocNode {
            start: pos,
            end,
            style,
            kind: Kind::Scalar(value),
        })
    }

    fn flow_scalar(&self, pos: usize, key: bool) -> Result<DocNode, DocError> {
        match self.b[pos] {
            b'"' | b'\'' => self.quoted_node(pos),
            b'&' | b'*' | b'!' | b'|' | b'>' | b'%' | b'@' | b'`' | b'[' | b'{' | b']' | b'}'
            | b',' => Err(self.err(pos, "unexpected character in a flow collection")),
            _ => {
                let mut i = pos;
                while i < self.b.len() {
                    let c = self.b[i];
                    if matches!(c, b',' | b'[' | b']' | b'{' | b'}' | b'\n' | b'\r')
                        || (matches!(c, b' ' | b'\t') && self.b.get(i + 1) == Some(&b'#'))
                    {
                        break;
                    }
                    if c == b':'
                        && matches!(
                            self.b.get(i + 1),
                            Some(b' ' | b'\t' | b'\n' | b'\r' | b',' | b']' | b'}')
                        )
                    {
                        if key {
                            break;
                        }
                        return Err(self.err(i, "a pair inside a flow sequence"));
                    }
                    i += 1;
                }
                let text = self.s[pos..i].trim_end_matches([' ', '\t']);
                if text.is_empty() {
                    return Err(self.err(pos, "an empty flow entry"));
                }
                Ok(DocNode {
                    start: pos,
                    end: pos + text.len(),
                    style: Style::Plain,
                    kind: Kind::Scalar(resolve_plain(text)),
                })
            }
        }
    }
}

fn rest_is_comment(b: &[u8], mut pos: usize, end: usize) -> bool {
    let start = pos;
    while pos < end && matches!(b[pos], b' ' | b'\t') {
        pos += 1;
    }
    pos == end
        || (b[pos] == b'#' && (pos > start || pos == 0 || matches!(b[pos - 1], b' ' | b'\t')))
}

/// A null value with no text, at `at` (`key:` with nothing after it).
fn empty(at: usize) -> DocNode {
    DocNode {
        start: at,
        end: at,
        style: Style::Plain,
        kind: Kind::Scalar(Value::Null),
    }
}

/// A plain scalar's value under the YAML 1.2 core schema.
fn resolve_plain(text: &str) -> Value {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Value::Null,
        "true" | "True" | "TRUE" => return Value::Bool(true),
        "false" | "False" | "FALSE" => return Value::Bool(false),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "-.inf" | ".nan" | ".NaN" | ".NAN" => {
            return Value::Number(text.into())
        }
        _ => {}
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let is_number = !digits.is_empty()
        && (digits.bytes().all(|c| c.is_ascii_digit())
            || (digits.starts_with("0x")
                && digits.len() > 2
                && digits[2..].bytes().all(|c| c.is_ascii_hexdigit()))
            || (digits.starts_with("0o")
                && digits.len() > 2
                && digits[2..].bytes().all(|c| (b'0'..=b'7').contains(&c)))
            || is_float(digits));
    if is_number {
        Value::Number(text.into())
    } else {
        Value::String(text.into())
    }
}

fn is_float(text: &str) -> bool {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let ok_mantissa = (mantissa.contains('.') || exponent.is_some())
        && int.bytes().all(|c| c.is_ascii_digit())
        && frac.bytes().all(|c| c.is_ascii_digit())
        && !(int.is_empty() && frac.is_empty());
    let ok_exponent = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && e.bytes().all(|c| c.is_ascii_digit())
    });
    ok_mantissa && ok_exponent
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Value {
        parse(text).unwrap().value()
    }

    #[test]
    fn reads_the_subset() {
        let text = "---\n# c\nkey: value # note\nq: \"a\\tb\"\ns: 'it''s'\nn: 0.5\nb: true\nz: ~\nempty:\nlist:\n- a\n-   b\nnested:\n    deep:\n        - name: x\n          globs: [\"*.js\", b]\n        - {name: y, n: 2}\n";
        let v = value(text);
        let Value::Map(m) = v else { panic!() };
        let keys: Vec<_> = m.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            keys,
            ["key", "q", "s", "n", "b", "z", "empty", "list", "nested"]
        );
        assert_eq!(m[1].1, Value::String("a\tb".into()));
        assert_eq!(m[2].1, Value::String("it's".into()));
        assert_eq!(m[6].1, Value::Null);
        assert_eq!(
            m[7].1,
            Value::List(vec![Value::String("a".into()), Value::String("b".into())])
        );
        let doc = parse(text).unwrap();
        let deep = doc.lookup("nested.deep").unwrap();
        let Kind::List(items) = &deep.kind else {
            panic!()
        };
        assert_eq!(
            &text[items[0].span()],
            "name: x\n          globs: [\"*.js\", b]"
        );
        assert_eq!(&text[items[1].span()], "{name: y, n: 2}");
    }

    #[test]
    fn crlf_and_tabs_in_values() {
        let text = "a:\t1\r\nb: x\ty\r\nc:\r\n  - 1\r\n";
        let doc = parse(text).unwrap();
        assert_eq!(&text[doc.lookup("b").unwrap().span()], "x\ty");
        assert_eq!(&text[doc.lookup("c").unwrap().span()], "- 1");
    }

    #[test]
    fn refuses_what_it_does_not_understand() {
        for bad in [
            "a: &x 1\n",
            "a: *x\n",
            "a: !tag 1\n",
            "a: |\n  text\n",
            "a: 1\n---\nb: 2\n",
            "a: 1\na: 2\n",
            "a:\n\t- 1\n",
            "a: 'open\n",
            "a: b: c\n",
            "a: 1\n  b: 2\n",
            "a: [1, 2\n",
            "%YAML 1.2\n---\na: 1\n",
            "a: x\rb: y\n",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
