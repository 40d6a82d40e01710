//! numstat rows as two columns, the shape they cross a JavaScript boundary in: every path
//! concatenated into one string, and one number array holding, per row, the path's length
//! in UTF-16 code units (JavaScript's `string.length`), then `added`, then `deleted`.
//!
//! A binding hands over two values instead of one object per row, and the JavaScript side
//! slices the string with `String#slice`, so a path may hold any character (a NUL, a
//! newline from an octal escape) and needs no separator.
//!
//! ```
//! use upkeep_core::score::{rows_from_columns, rows_to_columns, FileStat};
//!
//! let rows = vec![FileStat::new("src/a.js", 3.0, 1.0), FileStat::new("café.md", 0.0, 2.0)];
//! let (paths, numbers) = rows_to_columns(&rows);
//! assert_eq!(paths, "src/a.jscafé.md");
//! assert_eq!(numbers, [8.0, 3.0, 1.0, 7.0, 0.0, 2.0]);
//! assert_eq!(rows_from_columns(&paths, &numbers).unwrap(), rows);
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::score::numstat::FileStat;

/// Numbers per row in the number column: path length, added, deleted.
const STRIDE: usize = 3;

/// The length of `text` in UTF-16 code units.
fn utf16_len(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().map(char::len_utf16).sum()
    }
}

/// `rows` as `(paths, numbers)`: the paths concatenated, and `[length, added, deleted]`
/// per row, the length in UTF-16 code units.
pub fn rows_to_columns(rows: &[FileStat]) -> (String, Vec<f64>) {
    let mut paths = String::with_capacity(rows.iter().map(|r| r.file.len()).sum());
    let mut numbers = Vec::with_capacity(rows.len() * STRIDE);
    for row in rows {
        paths.push_str(&row.file);
        // A path's length fits an f64 exactly (it is under 2^53).
        numbers.extend([utf16_len(&row.file) as f64, row.added, row.deleted]);
    }
    (paths, numbers)
}

/// The byte offset in `text` after its first `units` UTF-16 code units, if that falls
/// between two characters.
fn utf16_offset(text: &str, units: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    // All-ASCII prefix: one byte per unit, and the next byte starts a character.
    if units <= bytes.len() && bytes[..units].is_ascii() {
        return Some(units);
    }
    let mut seen = 0;
    for (at, c) in text.char_indices() {
        if seen == units {
            return Some(at);
        }
        seen += c.len_utf16();
        if seen > units {
            return None;
        }
    }
    (seen == units).then_some(text.len())
}

fn malformed(detail: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidArgument, "files", detail)
}

/// The rows that [`rows_to_columns`] turned into `(paths, numbers)`. Fails with
/// [`ErrorKind::InvalidArgument`] (naming `files`) when the columns disagree: a number
/// column whose length is not a multiple of 3, a length that is not a whole number, that
/// runs past the end of `paths` or splits a character, or paths left over at the end.
pub fn rows_from_columns(paths: &str, numbers: &[f64]) -> Result<Vec<FileStat>> {
    if !numbers.len().is_multiple_of(STRIDE) {
        return Err(malformed(format!(
            "{} numbers: not 3 per row (length, added, deleted)",
            numbers.len()
        )));
    }
    let mut rows = Vec::with_capacity(numbers.len() / STRIDE);
    let mut rest = paths;
    for (index, row) in numbers.chunks_exact(STRIDE).enumerate() {
        let &[length, added, deleted] = row else {
            unreachable!("chunks_exact yields rows of STRIDE numbers")
        };
        // A length past the remaining bytes is past the remaining UTF-16 units too.
        let fits = length >= 0.0 && length.fract() == 0.0 && length <= rest.len() as f64;
        let cut = fits.then(|| utf16_offset(rest, length as usize)).flatten();
        let Some(cut) = cut else {
            return Err(malformed(format!(
                "row {index}: path length {length} does not fit the paths left"
            )));
        };
        rows.push(FileStat::new(&rest[..cut], added, deleted));
        rest = &rest[cut..];
    }
    if !rest.is_empty() {
        return Err(malformed(format!(
            "{} bytes of paths past the last row",
            rest.len()
        )));
    }
    Ok(rows)
}

/// `paths` cut into consecutive pieces of `lengths` UTF-16 code units each: a batch of
/// paths (a `GlobSet` call) handed over as one joined string. Fails like
/// [`rows_from_columns`] when a length runs past the end, splits a character, or leaves
/// text over.
pub fn split_utf16_lengths<'a>(paths: &'a str, lengths: &[u32]) -> Result<Vec<&'a str>> {
    let mut pieces = Vec::with_capacity(lengths.len());
    let mut rest = paths;
    for (index, &length) in lengths.iter().enumerate() {
        let Some(cut) = utf16_offset(rest, length as usize) else {
            return Err(malformed(format!(
                "path {index}: length {length} does not fit the paths left"
            )));
        };
        pieces.push(&rest[..cut]);
        rest = &rest[cut..];
    }
    if !rest.is_empty() {
        return Err(malformed(format!(
            "{} bytes of paths past the last length",
            rest.len()
        )));
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joined_paths_split_by_their_utf16_lengths() {
        assert_eq!(
            split_utf16_lengths("src/a.jscafé.md", &[8, 7]).unwrap(),
            ["src/a.js", "café.md"]
        );
        assert_eq!(
            split_utf16_lengths("a😀b", &[1, 2, 1]).unwrap(),
            ["a", "😀", "b"]
        );
        assert_eq!(split_utf16_lengths("", &[0, 0]).unwrap(), ["", ""]);
        // A pair formed across two paths (lone surrogates joined) splits a character.
        assert!(split_utf16_lengths("a😀b", &[2, 2]).is_err());
        assert!(split_utf16_lengths("abc", &[2]).is_err());
        assert!(split_utf16_lengths("abc", &[4]).is_err());
    }

    #[test]
    fn round_trips() {
        let cases: &[&[(&str, f64, f64)]] = &[
            &[],
            &[("", 0.0, 0.0)],
            &[
                ("a", 1.0, 2.0),
                ("", 0.0, 0.0),
                ("b/c", f64::INFINITY, -0.0),
            ],
            &[("a\0b\nc", 3.0, 4.0), ("😀x", 0.5, 1e300), ("é", 0.0, 0.0)],
            &[("日本/語.rs", 7.0, 0.0), ("x", 1.0, 1.0)],
        ];
        for rows in cases {
            let rows: Vec<FileStat> = rows
                .iter()
                .map(|&(f, a, d)| FileStat::new(f, a, d))
                .collect();
            let (paths, numbers) = rows_to_columns(&rows);
            assert_eq!(rows_from_columns(&paths, &numbers).unwrap(), rows);
        }
    }

    #[test]
    fn lengths_count_utf16_units() {
        let (_, numbers) = rows_to_columns(&[FileStat::new("😀é", 0.0, 0.0)]);
        assert_eq!(numbers[0], 3.0);
    }

    #[test]
    fn malformed_columns_fail_naming_files() {
        let cases: &[(&str, &[f64], &str)] = &[
            ("ab", &[1.0, 0.0], "2 numbers: not 3 per row"),
            ("ab", &[3.0, 0.0, 0.0], "row 0: path length 3 does not fit"),
            (
                "ab",
                &[-1.0, 0.0, 0.0],
                "row 0: path length -1 does not fit",
            ),
            (
                "ab",
                &[0.5, 0.0, 0.0],
                "row 0: path length 0.5 does not fit",
            ),
            (
                "ab",
                &[f64::NAN, 0.0, 0.0],
                "row 0: path length NaN does not fit",
            ),
            ("ab", &[1.0, 0.0, 0.0], "1 bytes of paths past the last row"),
            // Half of a surrogate pair.
            (
                "😀",
                &[1.0, 0.0, 0.0, 1.0, 0.0, 0.0],
                "row 0: path length 1",
            ),
        ];
        for (paths, numbers, detail) in cases {
            let error = rows_from_columns(paths, numbers).unwrap_err();
            assert_eq!(error.kind(), &ErrorKind::InvalidArgument);
            assert!(error.to_string().contains("files"), "{error}");
            assert!(error.to_string().contains(detail), "{error} / {detail}");
        }
    }
}
