//! YAML scalars: what a plain scalar means under the YAML 1.2 core schema, what a tag
//! makes of a scalar, where a block scalar's text ends, and how a new value is written in
//! a given style (plain only when it reads back as the same string, quotes otherwise).
//!
//! ```
//! use upkeep_core::structured::Value;
//! # use upkeep_core::structured::parse_doc;
//! # use upkeep_core::structured::Format;
//! let doc = parse_doc(Format::Yaml, "a: -0x1F\nb: .INF\nc: 0o17\n").unwrap();
//! assert_eq!(doc.root.lookup("a").unwrap().value(), Value::String("-0x1F".into()));
//! assert_eq!(doc.root.lookup("b").unwrap().value(), Value::Number(".INF".into()));
//! assert_eq!(doc.root.lookup("c").unwrap().value(), Value::Number("0o17".into()));
//! ```

use super::doc::Value;

/// The kind of a scalar, for telling `1` and `1.0` apart as keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum ScalarKind {
    Null,
    Bool,
    Int,
    Float,
    Str,
}

/// A plain scalar's value and kind under the YAML 1.2 core schema.
pub(crate) fn resolve_plain(text: &str) -> (Value, ScalarKind) {
    let kind = plain_kind(text);
    (plain_value(kind, text.into()), kind)
}

/// A plain scalar's kind under the YAML 1.2 core schema.
pub(crate) fn plain_kind(text: &str) -> ScalarKind {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => ScalarKind::Null,
        "true" | "True" | "TRUE" | "false" | "False" | "FALSE" => ScalarKind::Bool,
        _ if is_int(text) => ScalarKind::Int,
        _ if is_float(text) => ScalarKind::Float,
        _ => ScalarKind::Str,
    }
}

/// The value of a plain scalar of `kind`.
pub(crate) fn plain_value(kind: ScalarKind, text: String) -> Value {
    match kind {
        ScalarKind::Null => Value::Null,
        ScalarKind::Bool => Value::Bool(text.starts_with(['t', 'T'])),
        ScalarKind::Int | ScalarKind::Float => Value::Number(text),
        ScalarKind::Str => Value::String(text),
    }
}

/// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+` (no sign on the last two).
fn is_int(text: &str) -> bool {
    let digits = |s: &str, ok: fn(&u8) -> bool| !s.is_empty() && s.as_bytes().iter().all(ok);
    if let Some(hex) = text.strip_prefix("0x") {
        return digits(hex, u8::is_ascii_hexdigit);
    }
    if let Some(oct) = text.strip_prefix("0o") {
        return digits(oct, |c| (b'0'..=b'7').contains(c));
    }
    digits(
        text.strip_prefix(['-', '+']).unwrap_or(text),
        u8::is_ascii_digit,
    )
}

/// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?\.(inf|Inf|INF)`,
/// `\.(nan|NaN|NAN)`.
fn is_float(text: &str) -> bool {
    if matches!(text, ".nan" | ".NaN" | ".NAN") {
        return true;
    }
    let body = text.strip_prefix(['-', '+']).unwrap_or(text);
    if matches!(body, ".inf" | ".Inf" | ".INF") {
        return true;
    }
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let all = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
    let ok_mantissa = match mantissa.split_once('.') {
        Some((int, frac)) => all(int) && all(frac) && (!int.is_empty() || !frac.is_empty()),
        None => !mantissa.is_empty() && all(mantissa),
    };
    let ok_exponent = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && all(e)
    });
    ok_mantissa && ok_exponent
}

/// What a scalar with `tag` (saphyr's handle and suffix) and `text` reads as: `Ok(None)`
/// when the tag does not change the untagged reading (a local or unknown tag), an error
/// when a core tag does not fit the text.
pub(crate) fn resolve_tagged(
    handle: &str,
    suffix: &str,
    text: &str,
) -> Result<Option<(Value, ScalarKind)>, String> {
    // `!` (non-specific) and verbatim `!<...>` tags come with an empty handle.
    let (handle, suffix) = match (handle, suffix) {
        ("", "!") | ("!", "") => return Ok(Some((Value::String(text.into()), ScalarKind::Str))),
        ("", full) => match full.strip_prefix("tag:yaml.org,2002:") {
            Some(rest) => ("tag:yaml.org,2002:", rest),
            None => return Ok(None),
        },
        pair => pair,
    };
    if handle != "tag:yaml.org,2002:" {
        return Ok(None);
    }
    let (value, kind) = resolve_plain(text);
    let fits = match suffix {
        "str" => return Ok(Some((Value::String(text.into()), ScalarKind::Str))),
        "null" => kind == ScalarKind::Null,
        "bool" => kind == ScalarKind::Bool,
        "int" => kind == ScalarKind::Int,
        "float" => {
            if kind == ScalarKind::Int {
                return Ok(Some((value, ScalarKind::Float)));
            }
            kind == ScalarKind::Float
        }
        _ => return Ok(None),
    };
    if fits {
        Ok(Some((value, kind)))
    } else {
        Err(format!("{text:?} is not a valid !!{suffix}"))
    }
}

/// How a block scalar ends: its last line break and trailing empty lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Chomp {
    /// `|`: one final line break kept.
    Clip,
    /// `|-`: no final line break.
    Strip,
    /// `|+`: every trailing line break kept.
    Keep,
}

/// A block scalar's header (`|2-`, `>+`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub literal: bool,
    pub chomp: Chomp,
    pub indent: Option<u8>,
    /// The header's length in bytes.
    pub len: usize,
}

/// The block scalar header at `at`, if there is one.
pub(crate) fn header_at(text: &str, at: usize) -> Option<Header> {
    let b = text.as_bytes();
    let literal = match b.get(at)? {
        b'|' => true,
        b'>' => false,
        _ => return None,
    };
    let mut i = at + 1;
    let mut chomp = Chomp::Clip;
    let mut indent = None;
    for _ in 0..2 {
        match b.get(i) {
            Some(b'-') if chomp == Chomp::Clip => chomp = Chomp::Strip,
            Some(b'+') if chomp == Chomp::Clip => chomp = Chomp::Keep,
            Some(d @ b'1'..=b'9') if indent.is_none() => indent = Some(d - b'0'),
            _ => break,
        }
        i += 1;
    }
    Some(Header {
        literal,
        chomp,
        indent,
        len: i - at,
    })
}

impl Header {
    /// The header as written.
    pub(crate) fn text(&self) -> String {
        let mut out = String::from(if self.literal { "|" } else { ">" });
        if let Some(d) = self.indent {
            out.push(char::from(b'0' + d));
        }
        match self.chomp {
            Chomp::Clip => {}
            Chomp::Strip => out.push('-'),
            Chomp::Keep => out.push('+'),
        }
        out
    }
}

/// Where a block scalar's text lies, found from the lines after its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Extent {
    /// Just past the last content line's text (the header's end when there is none).
    pub content_end: usize,
    /// Where the first line after the scalar starts (the end of the text at the last line).
    pub after: usize,
    /// The content's indentation.
    pub indent: usize,
}

/// The extent of a block scalar whose header line ends at `header_line_end` (its line
/// break), whose value (as read) is `value` and whose lines are indented at least
/// `min_indent` (one more than the collection holding it).
pub(crate) fn block_extent(
    text: &str,
    header_line_end: usize,
    value: &str,
    min_indent: usize,
) -> Extent {
    let b = text.as_bytes();
    let next_line = |at: usize| b[at..].iter().position(|&c| c == b'\n').map(|i| at + i + 1);
    let line_text_end = |start: usize| {
        let nl = b[start..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(b.len(), |i| start + i);
        if nl > start && b[nl - 1] == b'\r' {
            nl - 1
        } else {
            nl
        }
    };
    let spaces = |start: usize| b[start..].iter().take_while(|&&c| c == b' ').count();
    let Some(first) = next_line(header_line_end) else {
        return Extent {
            content_end: header_line_end,
            after: b.len(),
            indent: 0,
        };
    };
    // The content's indentation: the first non-empty line's, less the spaces its value
    // line keeps (an indentation indicator makes some of them content).
    let first_value_line = value.trim_start_matches('\n');
    let kept = first_value_line.bytes().take_while(|&c| c == b' ').count();
    let mut indent = None;
    let mut at = Some(first);
    while let Some(line) = at {
        if line >= b.len() {
            break;
        }
        let end = line_text_end(line);
        let lead = spaces(line);
        if line + lead < end {
            indent = (lead >= min_indent).then(|| lead.saturating_sub(kept).max(min_indent));
            break;
        }
        at = next_line(line);
    }
    let Some(indent) = indent else {
        // Only empty lines: they belong to the scalar up to the next content.
        return Extent {
            content_end: header_line_end,
            after: b.len(),
            indent: 0,
        };
    };
    let mut content_end = header_line_end;
    let mut after = b.len();
    let mut at = Some(first);
    while let Some(line) = at {
        if line >= b.len() {
            after = b.len();
            break;
        }
        let end = line_text_end(line);
        let lead = spaces(line);
        let blank = line + lead == end;
        if blank && (lead <= indent || value.trim_end_matches('\n').is_empty()) {
            at = next_line(line);
            continue;
        }
        if lead < indent {
            after = line;
            break;
        }
        content_end = end;
        at = next_line(line);
        if at.is_none() {
            after = b.len();
        }
    }
    Extent {
        content_end,
        after,
        indent,
    }
}

/// Whether `s` can be written as a plain scalar (one line) and read back as the string `s`.
pub(crate) fn plain_ok(s: &str, in_flow: bool) -> bool {
    let Some(first) = s.chars().next() else {
        return false;
    };
    if s.starts_with([' ', '\t']) || s.ends_with([' ', '\t', ':']) {
        return false;
    }
    if s.chars().any(|c| c.is_control() || !printable(c)) {
        return false;
    }
    let second = s[first.len_utf8()..].chars().next();
    let indicator = "-?:,[]{}#&*!|>'\"%@`".contains(first);
    if indicator {
        let continues = matches!(first, '-' | '?' | ':')
            && second.is_some_and(|c| c != ' ' && !(in_flow && ",[]{}".contains(c)));
        if !continues {
            return false;
        }
    }
    if s.contains(": ") || s.contains(" #") || s.starts_with("---") || s.starts_with("...") {
        return false;
    }
    if in_flow && s.contains([',', '[', ']', '{', '}']) {
        return false;
    }
    matches!(resolve_plain(s).0, Value::String(_))
}

/// Whether YAML may carry `c` as it is in a quoted or block scalar.
fn printable(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\u{20}'..='\u{7e}' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
        && c != '\u{feff}'
}

/// `s` as a single-quoted scalar, when it fits on one line.
pub(crate) fn single_quoted(s: &str) -> Option<String> {
    if s.contains(['\n', '\r']) || s.chars().any(|c| !printable(c)) {
        return None;
    }
    Some(format!("'{}'", s.replace('\'', "''")))
}

/// `s` as a double-quoted scalar: always possible.
pub(crate) fn double_quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\0' => out.push_str("\\0"),
            c if printable(c) && c != '\u{85}' => out.push(c),
            c if (c as u32) <= 0xff => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) <= 0xffff => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

/// The lines of a literal block scalar holding `s` with `header`'s chomping, indented by
/// `indent` spaces and joined with `eol`; `None` when `s` cannot be written that way.
/// With keep chomping the text ends with its line breaks; otherwise without the last one.
pub(crate) fn literal_body(s: &str, chomp: Chomp, indent: usize, eol: &str) -> Option<String> {
    if s.chars().any(|c| !printable(c) || c == '\r') {
        return None;
    }
    let body = s.trim_end_matches('\n');
    let trailing = s.len() - body.len();
    let fits = match chomp {
        Chomp::Strip => trailing == 0,
        Chomp::Clip => trailing == 1 || s.is_empty(),
        Chomp::Keep => trailing >= 1 || s.is_empty(),
    };
    if !fits || body.starts_with('\n') {
        return None;
    }
    let pad = " ".repeat(indent);
    let mut out = String::new();
    for (i, line) in body.split('\n').enumerate() {
        if i > 0 {
            out.push_str(eol);
        }
        if !line.is_empty() {
            out.push_str(&pad);
            out.push_str(line);
        }
    }
    if chomp == Chomp::Keep && !s.is_empty() {
        for _ in 0..trailing {
            out.push_str(eol);
        }
    }
    Some(out)
}

/// The chomping that writes `s` (its count of final line breaks).
pub(crate) fn chomp_for(s: &str) -> Chomp {
    match s.len() - s.trim_end_matches('\n').len() {
        0 => Chomp::Strip,
        1 => Chomp::Clip,
        _ => Chomp::Keep,
    }
}

/// The lines of a folded block scalar holding `s`, lines of text kept whole and wrapped at
/// spaces near `width`; `None` when folding cannot carry it.
pub(crate) fn folded_body(
    s: &str,
    chomp: Chomp,
    indent: usize,
    width: usize,
    eol: &str,
) -> Option<String> {
    if s.chars().any(|c| !printable(c) || c == '\r') {
        return None;
    }
    let body = s.trim_end_matches('\n');
    let trailing = s.len() - body.len();
    let fits = match chomp {
        Chomp::Strip => trailing == 0,
        Chomp::Clip => trailing == 1 || s.is_empty(),
        Chomp::Keep => trailing >= 1 || s.is_empty(),
    };
    if !fits || body.is_empty() || body.starts_with('\n') {
        return None;
    }
    let pad = " ".repeat(indent);
    let segments: Vec<&str> = body.split('\n').collect();
    let more = |s: &str| s.starts_with([' ', '\t']);
    let mut out = String::new();
    let mut i = 0;
    let mut previous: Option<&str> = None;
    while i < segments.len() {
        let mut empties = 0;
        while segments[i].is_empty() {
            empties += 1;
            i += 1;
        }
        let segment = segments[i];
        if let Some(prev) = previous {
            // Between two lines of text: a folded break reads as a space, so each kept
            // line break is an empty line; next to a more-indented line, breaks are kept.
            let blank_lines = if more(prev) || more(segment) {
                empties
            } else {
                empties + 1
            };
            out.push_str(eol);
            for _ in 0..blank_lines {
                out.push_str(eol);
            }
        }
        for (j, line) in wrap(segment, width, more(segment)).iter().enumerate() {
            if j > 0 {
                out.push_str(eol);
            }
            out.push_str(&pad);
            out.push_str(line);
        }
        previous = Some(segment);
        i += 1;
    }
    if chomp == Chomp::Keep {
        for _ in 0..trailing {
            out.push_str(eol);
        }
    }
    Some(out)
}

/// A line of folded text cut at single spaces between words, near `width` columns.
fn wrap(segment: &str, width: usize, keep: bool) -> Vec<&str> {
    if keep || segment.len() <= width {
        return vec![segment];
    }
    let b = segment.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut last_cut = None;
    for i in 1..b.len().saturating_sub(1) {
        if b[i] == b' ' && b[i - 1] != b' ' && b[i + 1] != b' ' {
            if i - start > width {
                if let Some(cut) = last_cut {
                    out.push(&segment[start..cut]);
                    start = cut + 1;
                }
            }
            last_cut = Some(i);
        }
    }
    if segment.len() - start > width {
        if let Some(cut) = last_cut.filter(|&c| c > start) {
            out.push(&segment[start..cut]);
            start = cut + 1;
        }
    }
    out.push(&segment[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_core_schema() {
        let kind = |s: &str| resolve_plain(s).1;
        for (text, want) in [
            ("0x1F", ScalarKind::Int),
            ("-0x1F", ScalarKind::Str),
            ("+0x1F", ScalarKind::Str),
            ("-0o17", ScalarKind::Str),
            ("0o17", ScalarKind::Int),
            ("012", ScalarKind::Int),
            ("-.Inf", ScalarKind::Float),
            ("+.INF", ScalarKind::Float),
            (".INF", ScalarKind::Float),
            ("+.nan", ScalarKind::Str),
            ("1.", ScalarKind::Float),
            (".5", ScalarKind::Float),
            ("1e3", ScalarKind::Float),
            ("1_000", ScalarKind::Str),
            ("yes", ScalarKind::Str),
            ("True", ScalarKind::Bool),
            ("~", ScalarKind::Null),
        ] {
            assert_eq!(kind(text), want, "{text}");
        }
    }

    #[test]
    fn plain_only_when_it_reads_back() {
        for ok in ["a", "-a", "a:b", "a#b", "http://x", "1.2.3", "ünï"] {
            assert!(plain_ok(ok, false), "{ok}");
        }
        for bad in [
            "", " a", "a ", "- a", "a: b", "a #b", "true", "1", "null", "#a", "&a", "'a", "a:",
            "---", "a\nb", "[a", "%a", "@a",
        ] {
            assert!(!plain_ok(bad, false), "{bad}");
        }
        assert!(!plain_ok("a,b", true));
        assert!(plain_ok("a,b", false));
    }

    #[test]
    fn block_bodies() {
        assert_eq!(
            literal_body("a\n\n b\n", Chomp::Clip, 2, "\n").as_deref(),
            Some("  a\n\n   b")
        );
        assert_eq!(literal_body("a", Chomp::Clip, 2, "\n"), None);
        assert_eq!(
            literal_body("a\n\n", Chomp::Keep, 2, "\n").as_deref(),
            Some("  a\n\n")
        );
        assert_eq!(
            folded_body("one two three\nnext\n", Chomp::Clip, 2, 8, "\n").as_deref(),
            Some("  one two\n  three\n\n  next")
        );
        assert_eq!(double_quoted("a\"\\\u{1}é"), "\"a\\\"\\\\\\x01é\"");
    }
}
