//! SHA-256 identities for file contents.
//!
//! upkeep recognises a file by the SHA-256 of its bytes. `sha2` picks the SHA-NI
//! instructions at run time on x86 CPUs that have them, so native hashing runs at the
//! speed of OpenSSL without a C dependency.
//!
//! ```
//! use upkeep_core::{checksum_line, parse_digest, sha256_hex};
//!
//! let hex = sha256_hex(b"");
//! assert_eq!(parse_digest(&hex).unwrap().to_string(), hex);
//! assert_eq!(checksum_line(&hex, "a.txt"), format!("{hex}  a.txt"));
//! ```

use std::fmt;

use sha2::{Digest as _, Sha256};

use crate::error::{Error, ErrorKind, Result};

/// Whether this build hashes more slowly than its host can: wasm has no SHA instructions,
/// and node:crypto hashes about six times faster than SHA-256 compiled to it. Such a host
/// hands each file's digest over with its bytes (update's and refresh's columns, asked
/// through `hostDigests()`); one constant, so both routes answer alike.
pub(crate) const HOST_DIGESTS: bool = cfg!(target_arch = "wasm32");

/// A SHA-256 digest; displays as 64 lowercase hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digest([u8; 32]);

impl Digest {
    /// The SHA-256 of `bytes`.
    pub fn of(bytes: &[u8]) -> Digest {
        Digest(Sha256::digest(bytes).into())
    }

    /// The digest whose raw bytes are `bytes` (one the host computed).
    pub fn from_bytes(bytes: [u8; 32]) -> Digest {
        Digest(bytes)
    }

    /// The raw 32 bytes.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The digest of everything a `sha2` hasher has seen, for engine code that hashes in parts.
    pub(crate) fn of_state(state: Sha256) -> Self {
        Digest(state.finalize().into())
    }

    /// The 64 lowercase hex digits. Table-driven: this runs once per hashed file, and the
    /// formatting machinery of `{:02x}` costs as much as hashing a small file.
    pub fn to_hex(&self) -> String {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        let mut hex = String::with_capacity(64);
        for byte in self.0 {
            hex.push(DIGITS[usize::from(byte >> 4)] as char);
            hex.push(DIGITS[usize::from(byte & 0xf)] as char);
        }
        hex
    }
}

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

/// The SHA-256 of `bytes` as lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Digest(Sha256::digest(bytes).into()).to_hex()
}

/// Parses a digest written as 64 hex digits (either case), as records and manifests store it.
pub fn parse_digest(text: &str) -> Result<Digest> {
    let invalid = |detail: String| Error::new(ErrorKind::InvalidDigest, text, detail);
    if let Some(bad) = text.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Err(invalid(format!("'{bad}' is not a hex digit")));
    }
    if text.len() != 64 {
        return Err(invalid(format!(
            "expected 64 hex digits, found {} characters",
            text.len()
        )));
    }
    let mut bytes = [0u8; 32];
    for (byte, pair) in bytes.iter_mut().zip(text.as_bytes().chunks_exact(2)) {
        let digit = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
        *byte = digit(pair[0]) << 4 | digit(pair[1]);
    }
    Ok(Digest(bytes))
}

/// A SHA-256 over input that arrives in chunks, for files too large to hold in memory.
///
/// Once [`finish`](Self::finish) has produced the digest the stream is spent: further calls
/// fail with [`ErrorKind::HasherFinished`] rather than silently hashing a second input.
#[derive(Clone, Debug, Default)]
pub struct Sha256Stream {
    state: Option<Sha256>,
    spent: bool,
}

impl Sha256Stream {
    /// A stream that has seen no bytes yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds the next chunk.
    pub fn update(&mut self, chunk: &[u8]) -> Result<()> {
        self.live("update")?.update(chunk);
        Ok(())
    }

    /// The digest of every chunk fed so far, as lowercase hex; the stream is spent afterwards.
    pub fn finish(&mut self) -> Result<String> {
        let state = std::mem::take(self.live("finish")?);
        self.spent = true;
        Ok(Digest(state.finalize().into()).to_hex())
    }

    fn live(&mut self, call: &str) -> Result<&mut Sha256> {
        if self.spent {
            return Err(Error::new(
                ErrorKind::HasherFinished,
                call,
                "this SHA-256 stream already produced its digest; start a new one",
            ));
        }
        Ok(self.state.get_or_insert_with(Sha256::new))
    }
}

/// One line of `sha256sum` output for `path`, escaped exactly as GNU coreutils 9 does: a
/// name holding a backslash, newline or carriage return is escaped and the line starts
/// with a backslash, so the line can be checked with `sha256sum -c`.
pub fn checksum_line(hex: &str, path: &str) -> String {
    if !path.contains(['\\', '\n', '\r']) {
        return format!("{hex}  {path}");
    }
    let escaped = path
        .replace('\\', "\\\\")
        .replace('\n', "\\n")
        .replace('\r', "\\r");
    format!("\\{hex}  {escaped}")
}

/// The order `upkeep hash -r` lists a folder's entries in: by their UTF-8 bytes, as
/// `LC_ALL=C sort` orders `find`'s output, so its lines match `sha256sum`'s on that list.
pub fn hash_walk_order(mut names: Vec<String>) -> Vec<String> {
    names.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walk_order_is_by_bytes() {
        let names = ["b", "B", "a.txt", "a", "\u{e9}", "\u{1f600}", "\u{ff5e}"].map(String::from);
        assert_eq!(
            hash_walk_order(names.to_vec()),
            ["B", "a", "a.txt", "b", "\u{e9}", "\u{ff5e}", "\u{1f600}"].map(String::from)
        );
    }

    const ABC: &str = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    #[test]
    fn known_digests() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(sha256_hex(b"abc"), ABC);
    }

    #[test]
    fn stream_matches_one_shot_for_any_split() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        for split in [0, 1, 63, 64, 65, 999, 1000] {
            let mut stream = Sha256Stream::new();
            stream.update(&data[..split]).unwrap();
            stream.update(&data[split..]).unwrap();
            assert_eq!(
                stream.finish().unwrap(),
                sha256_hex(&data),
                "split at {split}"
            );
        }
    }

    #[test]
    fn spent_stream_refuses_more_input() {
        let mut stream = Sha256Stream::new();
        stream.finish().unwrap();
        assert_eq!(stream.update(b"x").unwrap_err().code(), "hasher-finished");
        assert_eq!(stream.finish().unwrap_err().code(), "hasher-finished");
    }

    #[test]
    fn digest_parsing() {
        assert_eq!(parse_digest(&ABC.to_uppercase()).unwrap().to_string(), ABC);
        for bad in ["", "abc", &ABC[1..], &format!("{}g", &ABC[1..])] {
            let err = parse_digest(bad).unwrap_err();
            assert_eq!(err.code(), "invalid-digest", "{bad}");
            assert!(err.to_string().contains(&format!("'{bad}'")));
        }
    }

    #[test]
    fn checksum_lines_escape_like_coreutils() {
        assert_eq!(checksum_line(ABC, "a b"), format!("{ABC}  a b"));
        assert_eq!(
            checksum_line(ABC, "a\\b\nc\rd"),
            format!("\\{ABC}  a\\\\b\\nc\\rd")
        );
    }
}
