//! `git diff --numstat` output, in its plain form and its `-z` form.
//!
//! A row is `added<TAB>deleted<TAB>path`; a binary file shows `-` for both counts, which
//! count as 0. A rename yields both paths: the new one with the counts, the old one with
//! 0/0, so a rename into or out of the write set is seen on each side without counting its
//! lines twice. In the plain form a rename is `pre/{old => new}/post` or `old => new`, and
//! a path that needs it is C-quoted (`"caf\303\251.js"`); the `-z` form needs no quoting.
//!
//! ```
//! use upkeep_core::score::{parse_numstat, parse_numstat_z, FileStat};
//!
//! let rows = parse_numstat("3\t1\tsrc/{old => new}/a.js\n-\t-\tlogo.png\n");
//! assert_eq!(rows[0], FileStat::new("src/new/a.js", 3.0, 1.0));
//! assert_eq!(rows[1], FileStat::new("src/old/a.js", 0.0, 0.0));
//! assert_eq!(rows[2], FileStat::new("logo.png", 0.0, 0.0));
//!
//! let z = parse_numstat_z(b"3\t1\t\0old.js\0new.js\0").unwrap();
//! assert_eq!(z, vec![FileStat::new("new.js", 3.0, 1.0), FileStat::new("old.js", 0.0, 0.0)]);
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::score::js::{is_js_whitespace, is_line_terminator, parse_int_or_zero};

/// One changed file: its path and the lines added and deleted.
///
/// Counts are JavaScript numbers (`f64`), as the reference API reports them: a count
/// such as `12abc` reads as 12, `-` and anything non-numeric as 0.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct FileStat {
    /// The path, repository-relative, as git printed it (unquoted).
    pub file: String,
    /// Lines added (0 for a binary file, and for the old side of a rename). Optional in
    /// JavaScript (`added?: number`): left out, `undefined` or `null` reads as 0, as the
    /// scoring arithmetic never reads it.
    #[cfg_attr(feature = "serde", serde(default, deserialize_with = "added_or_zero"))]
    pub added: f64,
    /// Lines deleted (0 for a binary file, and for the old side of a rename).
    pub deleted: f64,
}

/// `added` as given, or 0 when it is `null` or `undefined`.
#[cfg(feature = "serde")]
fn added_or_zero<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> std::result::Result<f64, D::Error> {
    use serde::Deserialize;
    Ok(Option::<f64>::deserialize(deserializer)?.unwrap_or(0.0))
}

impl FileStat {
    /// A row for `file`.
    pub fn new(file: impl Into<String>, added: f64, deleted: f64) -> Self {
        FileStat {
            file: file.into(),
            added,
            deleted,
        }
    }
}

/// A count: `-` (binary) and anything without leading digits are 0.
fn count(field: &str) -> f64 {
    if field == "-" {
        0.0
    } else {
        parse_int_or_zero(field)
    }
}

/// Parses plain `git diff --numstat` text. Lines that are not rows (blank ones, a stray
/// header) are skipped; `\r\n` line ends are accepted.
pub fn parse_numstat(text: &str) -> Vec<FileStat> {
    let mut rows = Vec::new();
    // Split like `/\r?\n/`: a `\r` is dropped only before a `\n`.
    for line in text.split_inclusive('\n') {
        let line = line
            .strip_suffix("\r\n")
            .or_else(|| line.strip_suffix('\n'))
            .unwrap_or(line);
        let Some((added, deleted, raw)) = split_row(line) else {
            continue;
        };
        let (added, deleted) = (count(added), count(deleted));
        match rename_paths(raw) {
            Some((new, old)) => {
                rows.push(FileStat::new(new, added, deleted));
                rows.push(FileStat::new(old, 0.0, 0.0));
            }
            None => rows.push(FileStat::new(unquote(raw), added, deleted)),
        }
    }
    rows
}

/// `added<TAB>deleted<TAB>path`: both counts non-empty with no whitespace, a non-empty
/// path with no line break.
fn split_row(line: &str) -> Option<(&str, &str, &str)> {
    let (added, rest) = line.split_once('\t')?;
    let (deleted, path) = rest.split_once('\t')?;
    let solid = |s: &str| !s.is_empty() && !s.contains(is_js_whitespace);
    (solid(added) && solid(deleted) && !path.is_empty() && !path.contains(is_line_terminator))
        .then_some((added, deleted, path))
}

/// The (new, old) paths of a rename, or `None` for a plain path.
fn rename_paths(raw: &str) -> Option<(String, String)> {
    if let Some((pre, old, new, post)) = brace_rename(raw) {
        let join = |mid: &str| {
            let joined = format!("{pre}{mid}{post}");
            let mut out = String::with_capacity(joined.len());
            for c in joined.chars() {
                if !(c == '/' && out.ends_with('/')) {
                    out.push(c);
                }
            }
            match out.strip_prefix('/') {
                Some(rest) => rest.to_owned(),
                None => out,
            }
        };
        return Some((join(new), join(old)));
    }
    let (old, new) = raw.split_once(" => ")?;
    Some((unquote(new), unquote(old)))
}

/// `pre{old => new}post`, split as a greedy regex would: the last `}`, the last ` => `
/// before it, and the last `{` before that.
fn brace_rename(raw: &str) -> Option<(&str, &str, &str, &str)> {
    let close = raw.rfind('}')?;
    let arrow = raw[..close].rfind(" => ")?;
    let open = raw[..arrow].rfind('{')?;
    Some((
        &raw[..open],
        &raw[open + 1..arrow],
        &raw[arrow + 4..close],
        &raw[close + 1..],
    ))
}

/// Undoes git's C-quoting of a path: `"caf\303\251.js"` is `café.js`, octal escapes being
/// UTF-8 bytes. A string not wrapped in double quotes is returned as is. Byte values and
/// invalid UTF-8 behave exactly as in the JavaScript reference (each UTF-16 unit of a
/// character beyond the BMP becomes U+FFFD; a trailing backslash is a NUL byte).
pub(crate) fn unquote(s: &str) -> String {
    if s.len() < 2 || !s.starts_with('"') || !s.ends_with('"') {
        return s.to_owned();
    }
    let body = &s[1..s.len() - 1];
    let mut bytes = Vec::with_capacity(body.len());
    let mut chars = body.char_indices().peekable();
    const REPLACEMENT: &[u8] = "\u{fffd}".as_bytes();
    let push_char = |bytes: &mut Vec<u8>, c: char| {
        if c.len_utf16() == 2 {
            bytes.extend_from_slice(REPLACEMENT);
            bytes.extend_from_slice(REPLACEMENT);
        } else {
            let mut buf = [0u8; 4];
            bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    };
    while let Some((i, c)) = chars.next() {
        if c != '\\' {
            push_char(&mut bytes, c);
            continue;
        }
        let after = &body.as_bytes()[i + 1..];
        if after.len() >= 3 && after[..3].iter().all(|b| (b'0'..=b'7').contains(b)) {
            let value = after[..3]
                .iter()
                .fold(0u32, |n, b| n * 8 + u32::from(b - b'0'));
            bytes.push(value as u8);
            for _ in 0..3 {
                chars.next();
            }
            continue;
        }
        match chars.next() {
            None => bytes.push(0),
            Some((_, escaped)) => {
                let byte = match escaped {
                    'a' => 7,
                    'b' => 8,
                    't' => 9,
                    'n' => 10,
                    'v' => 11,
                    'f' => 12,
                    'r' => 13,
                    other => {
                        let mut units = [0u16; 2];
                        let first = other.encode_utf16(&mut units)[0];
                        first as u8
                    }
                };
                bytes.push(byte);
                if escaped.len_utf16() == 2 {
                    // The low surrogate is read as an ordinary character of its own.
                    bytes.extend_from_slice(REPLACEMENT);
                }
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Parses `git diff --numstat -z` output: records `added<TAB>deleted<TAB>path<NUL>`, or
/// for a rename `added<TAB>deleted<TAB><NUL>old<NUL>new<NUL>`. Paths are taken byte for
/// byte (invalid UTF-8 becomes U+FFFD); nothing is unquoted.
///
/// Fails with [`ErrorKind::InvalidNumstat`] on a record without its two tabs or a rename
/// missing a path.
pub fn parse_numstat_z(bytes: &[u8]) -> Result<Vec<FileStat>> {
    let text = String::from_utf8_lossy(bytes);
    let mut fields = text.split('\0');
    let mut rows = Vec::new();
    let invalid = |record: &str, why: &str| {
        Error::new(
            ErrorKind::InvalidNumstat,
            record.chars().take(200).collect::<String>(),
            why,
        )
    };
    while let Some(record) = fields.next() {
        if record.is_empty() {
            // The end of the output (after the last NUL), or an empty record.
            continue;
        }
        let mut parts = record.splitn(3, '\t');
        let (Some(added), Some(deleted), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(invalid(
                record,
                "expected added<TAB>deleted<TAB>path in a -z numstat record",
            ));
        };
        let (added, deleted) = (count(added), count(deleted));
        if path.is_empty() {
            let (Some(old), Some(new)) = (
                fields.next().filter(|p| !p.is_empty()),
                fields.next().filter(|p| !p.is_empty()),
            ) else {
                return Err(invalid(record, "a rename needs the old and the new path"));
            };
            rows.push(FileStat::new(new, added, deleted));
            rows.push(FileStat::new(old, 0.0, 0.0));
        } else {
            rows.push(FileStat::new(path, added, deleted));
        }
    }
    Ok(rows)
}

/// Parses numstat bytes in either form: the `-z` form when they hold a NUL byte, the
/// plain form (as UTF-8) otherwise.
pub fn parse_numstat_bytes(bytes: &[u8]) -> Result<Vec<FileStat>> {
    if bytes.contains(&0) {
        parse_numstat_z(bytes)
    } else {
        Ok(parse_numstat(&String::from_utf8_lossy(bytes)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(rows: &[FileStat]) -> Vec<(&str, f64, f64)> {
        rows.iter()
            .map(|r| (r.file.as_str(), r.added, r.deleted))
            .collect()
    }

    #[test]
    fn plain_rows() {
        assert!(parse_numstat("1\t2\ta\r").is_empty());
        let rows = parse_numstat("1\t2\ta.js\r\n\n12abc\t-\tb c.js\nbad line\n\t1\tx\n3\t4\t\n");
        assert_eq!(
            files(&rows),
            vec![("a.js", 1.0, 2.0), ("b c.js", 12.0, 0.0)]
        );
    }

    #[test]
    fn renames() {
        let rows = parse_numstat("1\t0\tsrc/{ => lib}/a.js\n2\t2\t\"a\\tb\" => \"c\\303\\251\"\n");
        assert_eq!(
            files(&rows),
            vec![
                ("src/lib/a.js", 1.0, 0.0),
                ("src/a.js", 0.0, 0.0),
                ("cé", 2.0, 2.0),
                ("a\tb", 0.0, 0.0),
            ]
        );
        let rows = parse_numstat("1\t1\t{a => b}/x\n");
        assert_eq!(files(&rows), vec![("b/x", 1.0, 1.0), ("a/x", 0.0, 0.0)]);
    }

    #[test]
    fn unquoting_follows_the_reference() {
        assert_eq!(unquote("\"caf\\303\\251.js\""), "café.js");
        assert_eq!(unquote("\""), "\"");
        assert_eq!(unquote("\"a\\\""), "a\0");
        assert_eq!(unquote("\"\\q\\\\\\\"\""), "q\\\"");
        assert_eq!(unquote("\"😀\""), "\u{fffd}\u{fffd}");
        assert_eq!(unquote("\"\\777\""), "\u{fffd}");
        assert_eq!(unquote("plain"), "plain");
    }

    #[test]
    fn z_form() {
        let rows = parse_numstat_z(b"1\t2\ta b\0-\t-\tbin\x003\t0\t\0old\0new\0").unwrap();
        assert_eq!(
            files(&rows),
            vec![
                ("a b", 1.0, 2.0),
                ("bin", 0.0, 0.0),
                ("new", 3.0, 0.0),
                ("old", 0.0, 0.0)
            ]
        );
        assert_eq!(parse_numstat_z(b"").unwrap(), vec![]);
        let err = parse_numstat_z(b"1\t2\t\0old\0").unwrap_err();
        assert_eq!(err.code(), "invalid-numstat");
        assert_eq!(
            parse_numstat_z(b"garbage\0").unwrap_err().code(),
            "invalid-numstat"
        );
    }

    #[test]
    fn either_form() {
        assert_eq!(parse_numstat_bytes(b"1\t1\ta\n").unwrap().len(), 1);
        assert_eq!(parse_numstat_bytes(b"1\t1\ta\0").unwrap().len(), 1);
    }
}
