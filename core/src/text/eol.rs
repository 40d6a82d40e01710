//! Line endings: which one a file uses, and comparing texts regardless of CRLF versus LF.
//!
//! A checkout with `core.autocrlf` turns every LF into CRLF; classification must not take
//! that for a local edit. [`same_text`] with `ignore_eol` compares the way such a
//! conversion is undone: CRLF and LF are the same line ending, a missing final newline
//! still differs, and binary files are compared byte for byte (git never converts them).
//!
//! ```
//! use upkeep_core::text::{line_endings, same_text, DiffOptions, LineEnding};
//!
//! let stats = line_endings(b"a\r\nb\r\nc\n");
//! assert_eq!((stats.lf, stats.crlf, stats.cr), (1, 2, 0));
//! assert_eq!(stats.dominant, LineEnding::Crlf);
//!
//! let ignoring = DiffOptions { ignore_eol: true, ..DiffOptions::default() };
//! assert!(same_text(b"a\r\nb\r\n", b"a\nb\n", &ignoring));
//! assert!(!same_text(b"a\r\nb\r\n", b"a\nb\n", &DiffOptions::default()));
//! assert_eq!(upkeep_core::text::to_crlf(b"a\nb").as_deref(), Some(&b"a\r\nb"[..]));
//! ```

use super::lines::{is_binary, split_lines, Interner};
use super::options::DiffOptions;

/// A line ending convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum LineEnding {
    /// `\n` (Unix, and git's internal form).
    Lf,
    /// `\r\n` (Windows, and `core.autocrlf` checkouts).
    Crlf,
    /// A lone `\r` (classic Mac OS).
    Cr,
    /// The text has no line ending at all.
    None,
}

impl LineEnding {
    /// The name JavaScript sees: `lf`, `crlf`, `cr` or `none`.
    pub fn as_str(&self) -> &'static str {
        match self {
            LineEnding::Lf => "lf",
            LineEnding::Crlf => "crlf",
            LineEnding::Cr => "cr",
            LineEnding::None => "none",
        }
    }

    /// The bytes of this line ending (empty for `None`).
    pub fn bytes(&self) -> &'static [u8] {
        match self {
            LineEnding::Lf => b"\n",
            LineEnding::Crlf => b"\r\n",
            LineEnding::Cr => b"\r",
            LineEnding::None => b"",
        }
    }
}

/// How often each line ending occurs in a text, and the one it mostly uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct LineEndings {
    /// The most frequent line ending; ties go to LF, then CRLF, then CR. `None` when the
    /// text has no line ending.
    pub dominant: LineEnding,
    /// `\n` not preceded by `\r`.
    pub lf: usize,
    /// `\r\n`.
    pub crlf: usize,
    /// `\r` not followed by `\n`.
    pub cr: usize,
}

/// Counts the line endings of `bytes` and names the dominant one.
pub fn line_endings(bytes: &[u8]) -> LineEndings {
    let (mut lf, mut crlf, mut cr) = (0, 0, 0);
    let mut previous_cr = false;
    for &byte in bytes {
        match byte {
            b'\n' if previous_cr => crlf += 1,
            b'\n' => lf += 1,
            _ if previous_cr => cr += 1,
            _ => {}
        }
        previous_cr = byte == b'\r';
    }
    if previous_cr {
        cr += 1;
    }
    let dominant = [
        (lf, LineEnding::Lf),
        (crlf, LineEnding::Crlf),
        (cr, LineEnding::Cr),
    ]
    .into_iter()
    .filter(|&(count, _)| count > 0)
    .fold(
        None,
        |best: Option<(usize, LineEnding)>, candidate| match best {
            Some(best) if best.0 >= candidate.0 => Some(best),
            _ => Some(candidate),
        },
    )
    .map_or(LineEnding::None, |(_, ending)| ending);
    LineEndings {
        dominant,
        lf,
        crlf,
        cr,
    }
}

/// The text as a CRLF checkout holds it: every LF becomes CRLF, the way git's
/// `core.autocrlf` writes a file out. `None` when there is nothing to convert: a binary
/// file (git never converts those), a text with no LF, or one that already has a CRLF
/// (mixed endings are the author's, left as they are).
pub fn to_crlf(bytes: &[u8]) -> Option<Vec<u8>> {
    let stats = line_endings(bytes);
    if stats.lf == 0 || stats.crlf > 0 || is_binary(bytes) {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len() + stats.lf);
    for &byte in bytes {
        if byte == b'\n' {
            out.push(b'\r');
        }
        out.push(byte);
    }
    Some(out)
}

/// Whether two texts are the same: byte for byte, or with `options.ignore_eol` line by
/// line with CRLF and LF equal. Binary inputs are always compared byte for byte.
pub fn same_text(a: &[u8], b: &[u8], options: &DiffOptions) -> bool {
    if a == b {
        return true;
    }
    if !options.ignore_eol || is_binary(a) || is_binary(b) {
        return false;
    }
    let (a, b) = (split_lines(a), split_lines(b));
    if a.len() != b.len() {
        return false;
    }
    let mut interner = Interner::new(true);
    interner.intern(&a) == interner.intern(&b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_crlf_converts_what_autocrlf_would() {
        let cases: [(&[u8], Option<&[u8]>); 7] = [
            (b"a\nb\n", Some(b"a\r\nb\r\n")),
            (b"a\nb", Some(b"a\r\nb")),
            (b"\n\n", Some(b"\r\n\r\n")),
            (b"a\rb\n", Some(b"a\rb\r\n")), // a lone CR stays
            (b"no ending", None),
            (b"a\r\nb\n", None), // mixed: the author's choice
            (b"\0binary\n", None),
        ];
        for (text, expected) in cases {
            assert_eq!(
                to_crlf(text).as_deref(),
                expected,
                "{:?}",
                String::from_utf8_lossy(text)
            );
        }
    }

    #[test]
    fn dominant_line_endings() {
        let cases: [(&[u8], LineEnding, [usize; 3]); 8] = [
            (b"", LineEnding::None, [0, 0, 0]),
            (b"no ending", LineEnding::None, [0, 0, 0]),
            (b"a\nb\n", LineEnding::Lf, [2, 0, 0]),
            (b"a\r\nb\r\n", LineEnding::Crlf, [0, 2, 0]),
            (b"a\rb\r", LineEnding::Cr, [0, 0, 2]),
            (b"a\r\nb\n", LineEnding::Lf, [1, 1, 0]),
            (b"a\r\nb\r", LineEnding::Crlf, [0, 1, 1]),
            (b"\r\r\n\n", LineEnding::Lf, [1, 1, 1]),
        ];
        for (text, dominant, [lf, crlf, cr]) in cases {
            let stats = line_endings(text);
            assert_eq!(
                (stats.dominant, stats.lf, stats.crlf, stats.cr),
                (dominant, lf, crlf, cr),
                "{text:?}"
            );
        }
    }

    #[test]
    fn comparing_ignoring_line_endings() {
        let ignoring = DiffOptions {
            ignore_eol: true,
            ..DiffOptions::default()
        };
        let cases: [(&[u8], &[u8], bool); 7] = [
            (b"a\nb\n", b"a\r\nb\r\n", true),
            (b"a\nb", b"a\r\nb", true),
            (b"a\nb\n", b"a\r\nb", false),
            (b"a\n", b"a\r", false),
            (b"a\n", b"b\n", false),
            (b"a\n\0", b"a\r\n\0", false),
            (b"", b"", true),
        ];
        for (a, b, same) in cases {
            assert_eq!(same_text(a, b, &ignoring), same, "{a:?} vs {b:?}");
        }
    }
}
