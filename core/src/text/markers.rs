//! Spotting a file left mid-resolution: one that still carries the conflict markers a
//! [`merge`](super::merge) wrote (`<<<<<<< `, `=======`, `>>>>>>> ` at line starts).
//!
//! ```
//! use upkeep_core::text::{has_conflict_markers, merge, MergeOptions};
//!
//! let merged = merge(b"x\n", b"a\n", b"y\n", &MergeOptions::default()).unwrap();
//! assert!(has_conflict_markers(&merged.content));
//! assert!(!has_conflict_markers(b"<<<<<<< only an opening marker\n"));
//! ```

use super::lines::split_lines;

/// Whether `bytes` holds a full set of default-size conflict markers: lines that are
/// `<<<<<<<`, `=======` and `>>>>>>>` (alone, or followed by a space and a label). A merge
/// run on such a file would nest them.
pub fn has_conflict_markers(bytes: &[u8]) -> bool {
    let lines = split_lines(bytes);
    let marked = |marker: &[u8]| {
        lines.iter().any(|l| {
            l.strip_prefix(marker)
                .is_some_and(|rest| matches!(rest.first(), None | Some(b' ' | b'\r' | b'\n')))
        })
    };
    marked(b"<<<<<<<") && marked(b"=======") && marked(b">>>>>>>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needs_all_three_markers_at_line_starts() {
        let cases: [(&[u8], bool); 7] = [
            (b"<<<<<<< a\nx\n=======\ny\n>>>>>>> b\n", true),
            (b"<<<<<<<\nx\n=======\ny\n>>>>>>>\n", true),
            (b"<<<<<<<<\nx\n========\ny\n>>>>>>>>\n", false),
            (b"<<<<<<< a\r\nx\r\n=======\r\ny\r\n>>>>>>> b\r\n", true),
            (b"<<<<<<< a\nx\n>>>>>>> b\n", false),
            (b" <<<<<<< a\n=======\n>>>>>>> b\n", false),
            (b"", false),
        ];
        for (bytes, expected) in cases {
            assert_eq!(has_conflict_markers(bytes), expected, "{bytes:?}");
        }
    }
}
