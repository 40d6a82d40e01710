//! Lines: the unit every diff and merge works on, cut from raw bytes.
//!
//! A line is everything up to and including a `\n` byte, as GNU diff, `patch` and git
//! see it; the last line may lack its `\n`. A lone `\r` does not end a line, so a
//! CR-only file is one long line. Bytes are never decoded: invalid UTF-8 is just bytes.
//!
//! ```
//! use upkeep_core::text::is_binary;
//!
//! assert!(!is_binary(b"plain text\r\n\xff\xfe"));
//! assert!(is_binary(b"PNG\0\x01"));
//! ```

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// How many leading bytes are searched for a NUL, as git (`buffer_is_binary`) does.
pub const BINARY_PROBE_BYTES: usize = 8000;

/// Whether `bytes` is binary in git's sense: a NUL byte among its first 8,000 bytes.
/// Binary input is not diffed or merged line by line.
pub fn is_binary(bytes: &[u8]) -> bool {
    bytes[..bytes.len().min(BINARY_PROBE_BYTES)].contains(&0)
}

/// Splits `bytes` into lines, each keeping its `\n`; the last one may lack it.
/// Empty input has no lines.
pub(crate) fn split_lines(bytes: &[u8]) -> Vec<&[u8]> {
    bytes.split_inclusive(|&b| b == b'\n').collect()
}

/// Whether a line ends with its `\n` (every line but possibly the last does).
pub(crate) fn ends_with_newline(line: &[u8]) -> bool {
    line.last() == Some(&b'\n')
}

/// What two lines are compared by: the bytes before the line ending and whether a `\n`
/// ended the line. Ignoring line endings, `a\r\n` and `a\n` share a key; `a` (no final
/// newline) never shares one with `a\n`.
fn line_key(line: &[u8], ignore_eol: bool) -> (&[u8], bool) {
    if !ignore_eol {
        return (line, false);
    }
    match line {
        [rest @ .., b'\r', b'\n'] | [rest @ .., b'\n'] => (rest, true),
        _ => (line, false),
    }
}

/// Gives every distinct line (by [`line_key`]) a small integer, so the diff algorithms
/// compare integers instead of byte strings. Files diffed or merged together must be
/// interned by the same interner.
#[derive(Debug, Default)]
pub(crate) struct Interner<'a> {
    ids: HashMap<(&'a [u8], bool), u32, BuildHasherDefault<FxHasher>>,
    ignore_eol: bool,
}

impl<'a> Interner<'a> {
    /// An interner that compares lines exactly, or ignoring CRLF versus LF.
    pub(crate) fn new(ignore_eol: bool) -> Self {
        Interner {
            ids: HashMap::default(),
            ignore_eol,
        }
    }

    /// The identity of each line, in order.
    pub(crate) fn intern(&mut self, lines: &[&'a [u8]]) -> Vec<u32> {
        lines
            .iter()
            .map(|line| {
                let next = self.ids.len() as u32;
                *self
                    .ids
                    .entry(line_key(line, self.ignore_eol))
                    .or_insert(next)
            })
            .collect()
    }
}

/// The multiply-rotate hash of rustc (FxHash): lines are not attacker-chosen keys, and
/// hashing every line is a visible share of a diff's time, so SipHash's cost buys nothing.
#[derive(Debug, Default, Clone, Copy)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
            self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
        }
        for &byte in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(byte)).wrapping_mul(SEED);
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.write(&[byte]);
    }

    fn write_usize(&mut self, value: usize) {
        self.write(&(value as u64).to_le_bytes());
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_lf_only() {
        let cases: [(&[u8], &[&[u8]]); 6] = [
            (b"", &[]),
            (b"a", &[b"a"]),
            (b"a\n", &[b"a\n"]),
            (b"a\r\nb", &[b"a\r\n", b"b"]),
            (b"a\rb\r", &[b"a\rb\r"]),
            (b"\n\n", &[b"\n", b"\n"]),
        ];
        for (input, lines) in cases {
            assert_eq!(split_lines(input), lines, "{input:?}");
        }
    }

    #[test]
    fn binary_means_a_nul_in_the_first_8000_bytes() {
        let mut late = vec![b'a'; BINARY_PROBE_BYTES];
        assert!(!is_binary(&late));
        late.push(0);
        assert!(!is_binary(&late));
        late[BINARY_PROBE_BYTES - 1] = 0;
        assert!(is_binary(&late));
        assert!(!is_binary(b""));
    }

    #[test]
    fn interning_exact_and_ignoring_line_endings() {
        let lines: [&[u8]; 5] = [b"a\n", b"a\r\n", b"a", b"a\r", b"a\n"];
        assert_eq!(Interner::new(false).intern(&lines), [0, 1, 2, 3, 0]);
        assert_eq!(Interner::new(true).intern(&lines), [0, 0, 1, 2, 0]);
    }
}
