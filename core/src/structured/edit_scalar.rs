//! A YAML scalar replaced in the style the project wrote it: plain stays plain when the
//! new value reads back as the same string (quoted otherwise), quotes keep their kind, a
//! block scalar keeps its indicator, chomping and indentation (its unchanged lines keep
//! their bytes). Each one-line candidate is read back alone before it is used; the whole
//! file is read back after every edit ([`super::readback`]).
//!
//! ```
//! use upkeep_core::structured::{merge, Format, MergeSpec};
//!
//! let spec = MergeSpec { format: Format::Yaml, values: vec!["run".into(), "name".into()],
//!     maps: vec![], tokens: vec![], lists: vec![], couple: Default::default() };
//! let base = "name: build\nrun: |\n  make\n  make test\n";
//! let latest = "name: 'build: all'\nrun: \"make\\nmake check\\n\"\n";
//! let mine = "name: build  # step\nrun: |\n    make\n    make test\n";
//! let out = merge(&spec, mine, base, latest);
//! assert_eq!(out.merged.as_deref(),
//!     Some("name: 'build: all'  # step\nrun: |\n    make\n    make check\n"));
//! ```

use super::doc::{DocNode, Kind, Style, Value};
use super::yaml_scalar::{
    block_extent, chomp_for, double_quoted, folded_body, header_at, literal_body, plain_ok,
    single_quoted, Chomp,
};

/// The text replacing `a.start..end` with `l`'s value, and `end`; `None` when no style
/// fits (the caller writes the latest text instead).
pub(crate) fn render(
    a_text: &str,
    a: &DocNode,
    l_text: &str,
    l: &DocNode,
    eol: &str,
) -> Option<(String, usize)> {
    let Kind::Scalar(value) = &l.kind else {
        return None;
    };
    let flow = in_flow(a_text, a);
    let l_raw = &l_text[l.start..l.end];
    let l_one_line = !l_raw.contains('\n') && l.start < l.end;
    match value {
        Value::String(s) => {
            if matches!(a.style, Style::Literal | Style::Folded) {
                if let Some(done) = block(a_text, a, s, eol) {
                    return Some(done);
                }
            }
            let own = match a.style {
                Style::Plain if plain_ok(s, flow) => Some(s.clone()),
                Style::Single => single_quoted(s),
                Style::Double => Some(double_quoted(s)),
                _ => None,
            };
            let latest = (l_one_line && !matches!(l.style, Style::Literal | Style::Folded))
                .then(|| l_raw.to_string());
            [own, latest, single_quoted(s), Some(double_quoted(s))]
                .into_iter()
                .flatten()
                .find(|c| reads_as(c, flow, value))
                .map(|c| (c, a.end))
        }
        _ => {
            let canonical = match value {
                Value::Bool(b) => b.to_string(),
                Value::Null => "null".into(),
                Value::Number(n) => n.clone(),
                _ => return None,
            };
            [l_one_line.then(|| l_raw.to_string()), Some(canonical)]
                .into_iter()
                .flatten()
                .find(|c| reads_as(c, flow, value))
                .map(|c| (c, a.end))
        }
    }
}

/// Whether the scalar at `a` sits inside a flow collection (the character before or after
/// it is a flow indicator); a guess the read-back checks.
fn in_flow(text: &str, a: &DocNode) -> bool {
    let before = text[..a.props_start].trim_end_matches([' ', '\t', '\r', '\n']);
    let after = text[a.end..].trim_start_matches([' ', '\t', '\r', '\n']);
    before.ends_with(['[', '{', ',']) || after.starts_with([',', ']', '}'])
}

/// Whether `candidate` alone, as a value in the same context, reads as `value`.
fn reads_as(candidate: &str, flow: bool, value: &Value) -> bool {
    let doc = if flow {
        format!("k: [{candidate}]\n")
    } else {
        format!("k: {candidate}\n")
    };
    let Ok(docs) = super::yaml_doc::read_stream(&doc) else {
        return false;
    };
    let Some(Value::Map(m)) = docs.first().map(DocNode::value) else {
        return false;
    };
    let got = match (flow, m.first()) {
        (false, Some((_, v))) => v.clone(),
        (true, Some((_, Value::List(items)))) if items.len() == 1 => items[0].clone(),
        _ => return false,
    };
    m.len() == 1 && got.same_data(value)
}

/// `s` as a block scalar with `a`'s header (its chomping changed only when `s` needs
/// it), content lines indented as `a`'s, `a`'s lines kept where the value's lines are.
fn block(text: &str, a: &DocNode, s: &str, eol: &str) -> Option<(String, usize)> {
    let header = header_at(text, a.start)?;
    let b = text.as_bytes();
    let header_line_end = b[a.start..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |i| a.start + i);
    let Kind::Scalar(Value::String(old)) = &a.kind else {
        return None;
    };
    // What is replaced runs at least to the end of the header line, which is written
    // again as it is: an empty scalar at the end of a file without a newline ends before
    // the blanks after its header.
    let node_end = a.end.max(header_line_end);
    // The content's indentation as measured when read (a locked node never gets here).
    let min = text[..a.start].rfind('\n').map_or(0, |i| i + 1);
    let min_indent = text[min..].bytes().take_while(|&c| c == b' ').count() + 1;
    let extent = block_extent(
        text,
        header_line_end,
        old,
        min_indent.min(first_indent(text, header_line_end)),
    );
    let has_lines = extent.content_end > header_line_end;
    let indent = if has_lines {
        extent.indent
    } else {
        let line = text[..a.start].rfind('\n').map_or(0, |i| i + 1);
        text[line..].bytes().take_while(|&c| c == b' ').count() + 2
    };
    if header.indent.is_none() && s.trim_start_matches('\n').starts_with(' ') {
        return None; // the first line's spaces would be read as indentation
    }
    let fits = |chomp: Chomp| match chomp {
        Chomp::Strip => !s.ends_with('\n'),
        Chomp::Clip => s.ends_with('\n') && !s.ends_with("\n\n") || s.is_empty(),
        Chomp::Keep => s.ends_with('\n') || s.is_empty(),
    };
    let chomp = if fits(header.chomp) {
        header.chomp
    } else {
        chomp_for(s)
    };
    let body = if header.literal {
        literal_body(s, chomp, indent, eol)?
    } else {
        let width = text[header_line_end..node_end]
            .split('\n')
            .map(|l| l.trim_end_matches('\r').len().saturating_sub(indent))
            .max()
            .unwrap_or(0)
            .max(40);
        folded_body(s, chomp, indent, width, eol)?
    };
    let body = if header.literal && has_lines && chomp != Chomp::Keep {
        keep_unchanged_lines(&text[header_line_end..node_end], old, &body, indent)
    } else {
        body
    };
    let mut new_header = header;
    new_header.chomp = chomp;
    // The header line as written (a comment after the indicator stays).
    let header_line = text[a.start + header.len..header_line_end].trim_end_matches('\r');
    let keep = header.chomp == Chomp::Keep || chomp == Chomp::Keep;
    let end = if keep { extent.after } else { node_end };
    let mut out = format!("{}{header_line}", new_header.text());
    if !body.is_empty() || chomp != Chomp::Keep {
        out.push_str(eol);
    }
    out.push_str(&body);
    if keep && chomp != Chomp::Keep {
        out.push_str(eol);
    }
    Some((out, end))
}

/// The indentation of the first non-empty line after `at`'s line.
fn first_indent(text: &str, at: usize) -> usize {
    text[at..]
        .split('\n')
        .skip(1)
        .find(|l| !l.trim().is_empty())
        .map_or(usize::MAX, |l| l.bytes().take_while(|&c| c == b' ').count())
}

/// The new literal body with the old body's raw lines where the value's lines did not
/// change (at the start and at the end), so an edit touches only the lines it must.
fn keep_unchanged_lines(old_raw: &str, old: &str, body: &str, indent: usize) -> String {
    let old_raw = old_raw.strip_prefix('\n').unwrap_or(old_raw);
    let raw: Vec<&str> = old_raw.split('\n').collect();
    let new: Vec<&str> = body.split('\n').collect();
    let strip = |l: &str| -> String {
        let l = l.trim_end_matches('\r');
        if l.len() <= indent && l.bytes().all(|c| c == b' ') {
            String::new()
        } else {
            l.get(indent..).unwrap_or("").to_string()
        }
    };
    let old_lines: Vec<String> = raw.iter().map(|l| strip(l)).collect();
    let new_lines: Vec<String> = new.iter().map(|l| strip(l)).collect();
    let _ = old;
    let prefix = old_lines
        .iter()
        .zip(&new_lines)
        .take_while(|(x, y)| x == y)
        .count();
    let room = old_lines.len().min(new_lines.len()) - prefix;
    let suffix = old_lines
        .iter()
        .rev()
        .zip(new_lines.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    let mut out: Vec<&str> = Vec::with_capacity(new.len());
    out.extend(raw[..prefix].iter().map(|l| l.trim_end_matches('\r')));
    out.extend(new[prefix..new.len() - suffix].iter().copied());
    out.extend(
        raw[raw.len() - suffix..]
            .iter()
            .map(|l| l.trim_end_matches('\r')),
    );
    let eol = if body.contains("\r\n") { "\r\n" } else { "\n" };
    out.iter()
        .map(|l| l.trim_end_matches('\r'))
        .collect::<Vec<_>>()
        .join(eol)
}
