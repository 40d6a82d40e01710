//! YAML 1.2 documents as [`DocNode`] trees with byte spans, read by a maintained YAML 1.2
//! parser (saphyr-parser, which passes yaml-test-suite) from its event stream: block and
//! flow collections mixed, plain, quoted and block scalars (`|`, `>`, chomping and
//! indentation indicators), multi-line scalars, comments anywhere, anchors and aliases,
//! tags, directives, document markers and several documents. Plain scalars resolve under
//! the core schema ([`super::yaml_scalar`]); keys that YAML treats as the same (`1` and
//! `01`, `true` and `True`) are duplicates.
//!
//! Spans are the parser's positions turned into byte offsets and tightened by reading the
//! text around them (a quoted scalar's closing quote, a block scalar's last line). Values
//! repeated through an alias, anchors an alias repeats and alias keys are marked
//! ([`Lock`]) so that no edit ever reaches them; a value the parser reads but upkeep cannot
//! hold (a mapping used as a key, two keys that read as the same text, aliases that expand
//! past a budget, nesting deeper than [`crate::json::MAX_DEPTH`]) is refused as
//! unsupported, and an invalid text as invalid.
//!
//! ```
//! use upkeep_core::structured::{parse_doc, Format, Value};
//!
//! let text = "# settings\nlist:\n    - 'a'\n    - b  # two\nrun: |\n  make\n  make test\n";
//! let doc = parse_doc(Format::Yaml, text).unwrap();
//! let list = doc.root.lookup("list").unwrap();
//! assert_eq!(&text[list.start..list.end], "- 'a'\n    - b");
//! let run = doc.root.lookup("run").unwrap();
//! assert_eq!(&text[run.start..run.end], "|\n  make\n  make test");
//! assert_eq!(run.value(), Value::String("make\nmake test\n".into()));
//! assert!(parse_doc(Format::Yaml, "a: 1\na: 2\n").is_err());
//! ```

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use saphyr_parser::{Event, Parser, ScalarStyle, Tag};

use super::doc::{DocError, DocNode, Entry, Kind, Lock, Style, Value};
use super::yaml_scalar::{block_extent, header_at, resolve_tagged, ScalarKind};
use nodes::{
    count, key_text, literal_matches, lock_all, mark_shared, quoted_end, tag_text, untagged,
    Offsets,
};

/// Nodes aliases may copy into one document before it is refused (a "billion laughs"
/// document repeats an anchor until the copies exhaust memory).
const MAX_ALIAS_NODES: usize = 100_000;

/// At most this many `key:<tab>value` separators are retried (see [`read_stream`]).
const MAX_TAB_RETRIES: usize = 256;

/// Why a YAML text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ReadError {
    /// It is not YAML.
    Invalid(DocError),
    /// It is YAML that upkeep cannot hold or edit.
    Unsupported(DocError),
}

impl ReadError {
    /// The error, worded for a merge's fallback reason.
    pub(crate) fn into_doc_error(self) -> DocError {
        match self {
            ReadError::Invalid(e) => e,
            ReadError::Unsupported(e) => DocError {
                offset: e.offset,
                message: format!("cannot edit safely: {}", e.message),
            },
        }
    }
}

fn invalid(offset: usize, message: impl Into<String>) -> ReadError {
    ReadError::Invalid(DocError {
        offset,
        message: message.into(),
    })
}

fn unsupported(offset: usize, message: impl Into<String>) -> ReadError {
    ReadError::Unsupported(DocError {
        offset,
        message: message.into(),
    })
}

/// Parses a one-document text into a span-carrying tree; an empty text (or an empty
/// document) is an empty mapping.
pub(crate) fn parse(text: &str) -> Result<DocNode, DocError> {
    let mut docs = read_stream(text).map_err(ReadError::into_doc_error)?;
    match docs.len() {
        0 => Ok(DocNode::new(0, 0, Style::Block, Kind::Map(Vec::new()))),
        1 => {
            let root = docs.pop().unwrap_or_else(|| unreachable!());
            if root.start == root.end && matches!(root.kind, Kind::Scalar(Value::Null)) {
                return Ok(DocNode::new(0, 0, Style::Block, Kind::Map(Vec::new())));
            }
            Ok(root)
        }
        n => Err(DocError {
            offset: docs[1].props_start,
            message: format!("cannot edit safely: the file holds {n} YAML documents"),
        }),
    }
}

/// Every document of a YAML stream.
///
/// saphyr-parser refuses a tab as the only separator between `key:` and a plain value
/// (`key:<tab>value`, which YAML 1.2 allows) to catch tabs used as indentation. Such a
/// separator is retried as spaces (same length, so every offset holds), and accepted only
/// when a scalar then starts right after it; a collection there is the indentation the
/// check is for, and the text stays refused.
pub(crate) fn read_stream(text: &str) -> Result<Vec<DocNode>, ReadError> {
    let mut work: Cow<'_, str> = Cow::Borrowed(text);
    let mut runs: Vec<(usize, usize)> = Vec::new();
    loop {
        let mut builder = Builder::new(text, &runs);
        match builder.run(&work) {
            Ok(()) => {
                if let Some(&(_, end)) = runs.iter().find(|r| !builder.runs_ok.contains(r)) {
                    return Err(invalid(end, "a tab separates a key from what follows"));
                }
                return Ok(builder.docs);
            }
            Err(Retry::Tab(at)) if runs.len() < MAX_TAB_RETRIES => {
                let start = text[..at].trim_end_matches('\t').len();
                if start == at || !text[..start].ends_with(':') {
                    return Err(invalid(at, "':' must be followed by a space"));
                }
                let mut owned = work.into_owned();
                owned.replace_range(start..at, &" ".repeat(at - start));
                work = Cow::Owned(owned);
                runs.push((start, at));
            }
            Err(Retry::Tab(at)) => {
                return Err(invalid(at, "':' must be followed by a space"));
            }
            Err(Retry::Fail(e)) => return Err(e),
        }
    }
}

enum Retry {
    /// saphyr-parser's tab check fired at this byte.
    Tab(usize),
    Fail(ReadError),
}

impl From<ReadError> for Retry {
    fn from(e: ReadError) -> Self {
        Retry::Fail(e)
    }
}

/// A key read, waiting for its value.
struct PendingKey {
    key: String,
    key_start: usize,
    colon_end: usize,
    alias: bool,
}

enum Open {
    Seq(Vec<DocNode>),
    Map {
        entries: Vec<Entry>,
        key: Option<PendingKey>,
        /// Each key's kind, in order (the pending key's last).
        kinds: Vec<ScalarKind>,
        /// Key text → position, once the mapping is large enough to need it.
        index: HashMap<String, usize>,
    },
}

struct Frame {
    open: Open,
    /// `[` or `{` written (a flow pair inside `[...]` has none).
    bracketed: bool,
    flow: bool,
    start: usize,
    props_start: usize,
    tag: Option<String>,
    anchor: Option<usize>,
    height: usize,
}

/// A finished node with what its parent needs to know.
struct Built {
    node: DocNode,
    /// Its scalar kind (keys), `None` for collections.
    kind: Option<ScalarKind>,
    height: usize,
    alias: bool,
}

struct Builder<'t, 'r> {
    text: &'t str,
    offsets: Offsets<'t>,
    docs: Vec<DocNode>,
    stack: Vec<Frame>,
    anchors: HashMap<usize, (DocNode, Option<ScalarKind>, usize)>,
    aliased: HashSet<usize>,
    copied: usize,
    /// Just past the last thing read.
    cursor: usize,
    runs: &'r [(usize, usize)],
    runs_ok: Vec<(usize, usize)>,
}

impl<'t, 'r> Builder<'t, 'r> {
    fn new(text: &'t str, runs: &'r [(usize, usize)]) -> Self {
        Builder {
            text,
            offsets: Offsets::new(text),
            docs: Vec::new(),
            stack: Vec::new(),
            anchors: HashMap::new(),
            aliased: HashSet::new(),
            copied: 0,
            cursor: 0,
            runs,
            runs_ok: Vec::new(),
        }
    }

    fn run(&mut self, work: &str) -> Result<(), Retry> {
        for event in Parser::new_from_str(work) {
            let (event, span) = match event {
                Ok(pair) => pair,
                Err(e) => {
                    let at = self.offsets.byte(e.marker().index());
                    if e.info() == "':' must be followed by a valid YAML whitespace" {
                        return Err(Retry::Tab(at));
                    }
                    if e.info() == "recursion limit exceeded" {
                        return Err(Retry::Fail(self.depth_error(at)));
                    }
                    return Err(Retry::Fail(invalid(at, e.info().to_string())));
                }
            };
            let start = self.offsets.byte(span.start.index());
            let end = self.offsets.byte(span.end.index());
            self.event(event, start, end)?;
        }
        if !self.aliased.is_empty() {
            for doc in &mut self.docs {
                mark_shared(doc, false, &self.aliased);
            }
        }
        Ok(())
    }

    fn event(&mut self, event: Event<'_>, start: usize, end: usize) -> Result<(), ReadError> {
        match event {
            Event::StreamStart | Event::StreamEnd | Event::Nothing => Ok(()),
            Event::DocumentStart(explicit) => {
                // An implicit start carries the first token's position: nothing is read yet.
                if explicit {
                    self.cursor = end.max(self.cursor);
                }
                self.anchors.clear();
                Ok(())
            }
            Event::DocumentEnd => {
                self.cursor = end.max(self.cursor);
                Ok(())
            }
            Event::Scalar(value, style, anchor, tag) => {
                let built = self.scalar(value, style, tag.as_deref(), start, end)?;
                self.finish(built, anchor)
            }
            Event::SequenceStart(anchor, tag) => self.open(true, anchor, tag.as_deref(), start),
            Event::MappingStart(anchor, tag) => self.open(false, anchor, tag.as_deref(), start),
            Event::SequenceEnd | Event::MappingEnd => {
                let built = self.close()?;
                let anchor = built.1;
                self.finish(built.0, anchor)
            }
            Event::Alias(id) => {
                let built = self.alias(id, start)?;
                self.place(built)
            }
        }
    }

    fn depth_error(&self, at: usize) -> ReadError {
        unsupported(
            at,
            format!("nested deeper than {} levels", crate::json::MAX_DEPTH),
        )
    }

    /// The least indentation of a block scalar's lines here: one more than the column of
    /// the block collection holding it (0 at the top of a document).
    fn min_indent(&self) -> usize {
        match self.stack.last() {
            Some(frame) if !frame.flow => {
                let line = self.text[..frame.start].rfind('\n').map_or(0, |i| i + 1);
                self.text[line..frame.start].chars().count() + 1
            }
            _ => 0,
        }
    }

    fn in_flow(&self) -> bool {
        self.stack.last().is_some_and(|f| f.flow)
    }

    fn expecting_key(&self) -> bool {
        matches!(
            self.stack.last(),
            Some(Frame {
                open: Open::Map { key: None, .. },
                ..
            })
        )
    }

    /// Past a tag and an anchor at `at` and the space after them (line breaks and comments
    /// too with `lines`).
    fn skip_props(&self, at: usize, lines: bool) -> usize {
        let b = self.text.as_bytes();
        let mut i = at;
        loop {
            match b.get(i) {
                Some(b'&') => i = self.token_end(i + 1),
                Some(b'!') if b.get(i + 1) == Some(&b'<') => {
                    i = b[i..]
                        .iter()
                        .position(|&c| c == b'>')
                        .map_or(b.len(), |j| i + j + 1)
                }
                Some(b'!') => i = self.token_end(i + 1),
                _ => return i,
            }
            i = self.skip_space(i, lines);
        }
    }

    /// Where an anchor name or tag starting at `at` ends.
    fn token_end(&self, at: usize) -> usize {
        let b = self.text.as_bytes();
        let mut i = at;
        while i < b.len()
            && !matches!(
                b[i],
                b' ' | b'\t' | b'\r' | b'\n' | b',' | b'[' | b']' | b'{' | b'}'
            )
        {
            i += 1;
        }
        i
    }

    /// Past spaces, tabs and (with `lines`) line breaks and comments.
    fn skip_space(&self, at: usize, lines: bool) -> usize {
        let b = self.text.as_bytes();
        let mut i = at;
        while i < b.len() {
            match b[i] {
                b' ' | b'\t' => i += 1,
                b'\r' | b'\n' if lines => i += 1,
                b'#' if lines && (i == 0 || matches!(b[i - 1], b' ' | b'\t' | b'\r' | b'\n')) => {
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                }
                _ => break,
            }
        }
        i
    }

    /// The block scalar header after the cursor: past separators, indicators (`:`, `-`,
    /// `?`, `---`) and properties.
    fn find_header(&self) -> Option<(usize, usize)> {
        let b = self.text.as_bytes();
        let mut i = self.cursor;
        loop {
            i = self.skip_space(i, true);
            match b.get(i) {
                Some(b':' | b'-' | b'?')
                    if b.get(i + 1)
                        .is_none_or(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n')) =>
                {
                    i += 1
                }
                Some(b'-' | b'.') if b[i..].starts_with(b"---") || b[i..].starts_with(b"...") => {
                    i += 3
                }
                Some(b'!' | b'&') => {
                    let props = i;
                    i = self.skip_props(i, true);
                    if b.get(i).is_some_and(|c| matches!(c, b'|' | b'>')) {
                        return Some((props, i));
                    }
                }
                Some(b'|' | b'>') => return Some((i, i)),
                _ => return None,
            }
        }
    }

    fn scalar(
        &mut self,
        owned: Cow<'_, str>,
        style: ScalarStyle,
        tag: Option<&Tag>,
        start: usize,
        end: usize,
    ) -> Result<Built, ReadError> {
        let value: &str = &owned;
        let b = self.text.as_bytes();
        let key_position = self.expecting_key();
        let mut measured = true;
        let (props_start, content, node_end, node_style) = match style {
            ScalarStyle::Literal | ScalarStyle::Folded => {
                let Some((props, at)) = self.find_header() else {
                    return Err(unsupported(
                        start,
                        "a block scalar whose header upkeep cannot find",
                    ));
                };
                let header = header_at(self.text, at)
                    .ok_or_else(|| unsupported(at, "a block scalar header upkeep cannot read"))?;
                let line_end = b[at..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |i| at + i);
                let extent = block_extent(self.text, line_end, value, self.min_indent());
                measured = !header.literal || literal_matches(self.text, line_end, &extent, value);
                let style = if header.literal {
                    Style::Literal
                } else {
                    Style::Folded
                };
                let end = if extent.content_end == line_end {
                    // No content line: the node is its header.
                    at + header.len
                } else {
                    extent.content_end
                };
                (props, at, end, style)
            }
            ScalarStyle::Plain
                if value.is_empty() && b.get(start).is_none_or(|c| !matches!(c, b'!' | b'&')) =>
            {
                // Nothing written: the node sits where its text would start.
                let at = match self.stack.last() {
                    Some(Frame {
                        open: Open::Map { key: Some(k), .. },
                        ..
                    }) => k.colon_end,
                    Some(Frame {
                        open: Open::Seq(_),
                        bracketed: false,
                        ..
                    }) => {
                        let i = self.skip_space(self.cursor, true);
                        if b.get(i) == Some(&b'-') {
                            i + 1
                        } else {
                            self.cursor
                        }
                    }
                    _ => {
                        let i = self.skip_space(self.cursor, true);
                        if key_position && matches!(b.get(i), Some(b':' | b'?')) {
                            i
                        } else {
                            start.max(self.cursor)
                        }
                    }
                };
                (at, at, at, Style::Plain)
            }
            _ => {
                let content = self.skip_props(start, !value.is_empty());
                let (content, node_end, node_style) = match style {
                    ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted => {
                        let close = quoted_end(self.text, content).ok_or_else(|| {
                            unsupported(content, "a quoted scalar upkeep cannot measure")
                        })?;
                        let s = if style == ScalarStyle::SingleQuoted {
                            Style::Single
                        } else {
                            Style::Double
                        };
                        (content, close, s)
                    }
                    _ if value.is_empty() => (content, content, Style::Plain),
                    _ => {
                        let trimmed = self.text[content..end.max(content)]
                            .trim_end_matches([' ', '\t', '\r', '\n']);
                        (content, content + trimmed.len(), Style::Plain)
                    }
                };
                (start.min(content), content, node_end, node_style)
            }
        };
        let (value, kind) = match tag {
            Some(t) => match resolve_tagged(&t.handle, &t.suffix, value) {
                Ok(Some(resolved)) => resolved,
                Ok(None) => untagged(owned, style),
                Err(e) => return Err(unsupported(props_start, e)),
            },
            None => untagged(owned, style),
        };
        for &(run_start, run_end) in self.runs {
            // A value right after the tab: the tab only separated it from its key.
            if run_end == props_start && !key_position {
                self.runs_ok.push((run_start, run_end));
            }
        }
        let mut node = DocNode::new(content, node_end, node_style, Kind::Scalar(value));
        node.props_start = props_start;
        node.tag = tag.map(tag_text);
        if !measured {
            node.locked = Some(Lock::Unmeasured);
        }
        self.cursor = node_end.max(self.cursor);
        Ok(Built {
            node,
            kind: Some(kind),
            height: 1,
            alias: false,
        })
    }

    fn open(
        &mut self,
        seq: bool,
        anchor: usize,
        tag: Option<&Tag>,
        start: usize,
    ) -> Result<(), ReadError> {
        if self.stack.len() >= crate::json::MAX_DEPTH {
            return Err(self.depth_error(start));
        }
        if self.expecting_key() {
            return Err(unsupported(start, "a mapping or list used as a key"));
        }
        if let Some(t) = tag {
            let core = match t.handle.as_str() {
                "tag:yaml.org,2002:" => Some(t.suffix.as_str()),
                "" => t.suffix.strip_prefix("tag:yaml.org,2002:"),
                _ => None,
            };
            if let Some(suffix) = core {
                let fits = match suffix {
                    "seq" => seq,
                    "map" => !seq,
                    "str" | "int" | "float" | "bool" | "null" => false,
                    _ => true,
                };
                if !fits {
                    return Err(unsupported(start, format!("!!{suffix} on a collection")));
                }
            }
        }
        let b = self.text.as_bytes();
        let mut content = self.skip_props(start, true);
        if content != start {
            content = self.skip_space(content, true);
        }
        let bracketed = matches!(b.get(content), Some(b'[' | b'{'));
        let flow = bracketed || self.in_flow();
        if !bracketed && !flow && seq {
            // A block sequence starts at its first `-`.
            let i = self.skip_space(content.max(self.cursor.min(content)), true);
            if b.get(i) == Some(&b'-') {
                content = i;
            }
        }
        self.cursor = if bracketed { content + 1 } else { content };
        self.stack.push(Frame {
            open: if seq {
                Open::Seq(Vec::new())
            } else {
                Open::Map {
                    entries: Vec::new(),
                    key: None,
                    kinds: Vec::new(),
                    index: HashMap::new(),
                }
            },
            bracketed,
            flow,
            start: content,
            props_start: start.min(content),
            tag: tag.map(tag_text),
            anchor: (anchor > 0).then_some(anchor),
            height: 1,
        });
        Ok(())
    }

    fn close(&mut self) -> Result<(Built, usize), ReadError> {
        let frame = self
            .stack
            .pop()
            .ok_or_else(|| invalid(self.cursor, "a collection closes that never opened"))?;
        let b = self.text.as_bytes();
        let (kind, last_end, style) = match frame.open {
            Open::Seq(items) => {
                let last = items.last().map(|n| n.end);
                (Kind::List(items), last, Style::Block)
            }
            Open::Map { entries, key, .. } => {
                if key.is_some() {
                    return Err(invalid(self.cursor, "a key without a value"));
                }
                let last = entries.last().map(|e| e.value.end.max(e.colon_end));
                (Kind::Map(entries), last, Style::Block)
            }
        };
        let (end, style) = if frame.bracketed {
            // Past the last item (and a trailing comma or comment) to the bracket.
            let mut i = last_end.unwrap_or(frame.start + 1).max(self.cursor);
            loop {
                i = self.skip_space(i, true);
                match b.get(i) {
                    Some(b',') => i += 1,
                    Some(b']' | b'}') => break,
                    _ => return Err(unsupported(i, "a flow collection upkeep cannot measure")),
                }
            }
            (i + 1, Style::Flow)
        } else if frame.flow {
            (last_end.unwrap_or(frame.start), Style::Flow)
        } else {
            (last_end.unwrap_or(frame.start), style)
        };
        let mut node = DocNode::new(frame.start, end, style, kind);
        node.props_start = frame.props_start;
        node.tag = frame.tag;
        self.cursor = end.max(self.cursor);
        Ok((
            Built {
                node,
                kind: None,
                height: frame.height,
                alias: false,
            },
            frame.anchor.unwrap_or(0),
        ))
    }

    fn alias(&mut self, id: usize, start: usize) -> Result<Built, ReadError> {
        let (target, kind, height) = self
            .anchors
            .get(&id)
            .cloned()
            .ok_or_else(|| invalid(start, "an alias to an anchor not defined before it"))?;
        if self.stack.len() + height > crate::json::MAX_DEPTH {
            return Err(self.depth_error(start));
        }
        self.copied += count(&target);
        if self.copied > MAX_ALIAS_NODES {
            return Err(unsupported(
                start,
                format!("aliases repeat more than {MAX_ALIAS_NODES} values"),
            ));
        }
        self.aliased.insert(id);
        let mut node = target;
        lock_all(&mut node, Lock::ThroughAlias);
        let end = self.token_end(start + 1);
        node.start = start;
        node.props_start = start;
        node.end = end;
        node.anchor = None;
        self.cursor = end.max(self.cursor);
        Ok(Built {
            node,
            kind,
            height,
            alias: true,
        })
    }

    /// Records an anchored node, then places it.
    fn finish(&mut self, mut built: Built, anchor: usize) -> Result<(), ReadError> {
        if anchor > 0 {
            built.node.anchor = Some(anchor);
            self.anchors
                .insert(anchor, (built.node.clone(), built.kind, built.height));
        }
        self.place(built)
    }

    /// Puts a finished node where it belongs: a document root, a list item, a key or a value.
    fn place(&mut self, built: Built) -> Result<(), ReadError> {
        let Some(frame) = self.stack.last_mut() else {
            self.docs.push(built.node);
            return Ok(());
        };
        frame.height = frame.height.max(built.height + 1);
        let text = self.text;
        match &mut frame.open {
            Open::Seq(items) => items.push(built.node),
            Open::Map {
                entries,
                key: pending @ None,
                kinds,
                index,
            } => {
                let mut node = built.node;
                let (Kind::Scalar(value), Some(kind)) = (&mut node.kind, built.kind) else {
                    return Err(unsupported(
                        node.props_start,
                        "a mapping or list used as a key",
                    ));
                };
                let key = match value {
                    Value::String(s) => std::mem::take(s),
                    other => key_text(other),
                };
                // Keys YAML treats as equal read as the same text (`1` and `01`, `true` and
                // `True`); the same text of another kind (`1` and `"1"`) cannot be held.
                const INDEXED: usize = 16;
                if kinds.len() == INDEXED {
                    for (i, e) in entries.iter().enumerate() {
                        index.insert(e.key.clone(), i);
                    }
                }
                let earlier = if kinds.len() >= INDEXED {
                    index.get(&key).copied()
                } else {
                    entries.iter().position(|e| e.key == key)
                };
                if let Some(i) = earlier {
                    let message = if kinds[i] == kind {
                        // YAML forbids two equal keys; the parser leaves that check to its readers.
                        format!("duplicate key {key:?}")
                    } else {
                        format!("two keys read as the same text {key:?}")
                    };
                    return Err(unsupported(node.props_start, message));
                }
                if kinds.len() >= INDEXED {
                    index.insert(key.clone(), kinds.len());
                }
                kinds.push(kind);
                let _ = entries;
                // The `:` after the key (an explicit key's may be lines below).
                let b = text.as_bytes();
                let mut i = node.end;
                loop {
                    match b.get(i) {
                        Some(b' ' | b'\t' | b'\r' | b'\n') => i += 1,
                        Some(b'#') if i > 0 && matches!(b[i - 1], b' ' | b'\t' | b'\n' | b'\r') => {
                            while i < b.len() && b[i] != b'\n' {
                                i += 1;
                            }
                        }
                        _ => break,
                    }
                }
                let colon_end = if b.get(i) == Some(&b':') {
                    i + 1
                } else {
                    node.end
                };
                *pending = Some(PendingKey {
                    key,
                    key_start: node.props_start,
                    colon_end,
                    alias: built.alias,
                });
                self.cursor = colon_end.max(self.cursor);
            }
            Open::Map {
                entries,
                key: pending @ Some(_),
                ..
            } => {
                let k = pending.take().unwrap_or_else(|| unreachable!());
                let mut value = built.node;
                if k.alias && value.locked.is_none() {
                    value.locked = Some(Lock::AliasKey);
                }
                entries.push(Entry {
                    key: k.key,
                    key_start: k.key_start,
                    colon_end: k.colon_end,
                    value,
                });
            }
        }
        Ok(())
    }
}

mod nodes;

#[cfg(test)]
mod tests;
