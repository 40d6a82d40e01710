//! Digests as a refresh keeps them: 32 bytes each, written as hex only where they leave
//! the engine (the planned files, the steps, the record, the journal's identity). At
//! 100,000 files a plan held four hex strings per file; the bytes are a seventh of that
//! and compare without a pointer chase.
//!
//! Observations handed over as objects carry their digests as text, and the engine never
//! refused text that is not a digest there: such a spelling is kept as written
//! ([`Spellings`]), stands for itself in every comparison and is written back exactly as
//! it came.

use foldhash::HashMap;
use std::borrow::Cow;

use sha2::{Digest as _, Sha256};

/// A SHA-256 digest's bytes.
pub(crate) type Sha = [u8; 32];

const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// The SHA-256 of `bytes`, fed to the hasher a part at a time: in WebAssembly a function's
/// first call runs in V8's baseline code until it returns, so a 6 MB manifest hashed in
/// one call was hashed at a tenth of the speed the later calls get once optimized.
pub(crate) fn sha256(bytes: &[u8]) -> Sha {
    let mut hasher = Sha256::new();
    for part in bytes.chunks(16 << 10) {
        hasher.update(part);
    }
    hasher.finalize().into()
}

/// The 64 lowercase hex digits of `sha`.
pub(crate) fn hex(sha: &Sha) -> String {
    let mut out = String::with_capacity(64);
    push_hex(&mut out, sha);
    out
}

/// Appends the 64 lowercase hex digits of `sha` to `out`.
pub(crate) fn push_hex(out: &mut String, sha: &Sha) {
    for byte in sha {
        out.push(DIGITS[usize::from(byte >> 4)] as char);
        out.push(DIGITS[usize::from(byte & 0xf)] as char);
    }
}

/// The digest `text` spells as 64 lowercase hex digits (as the engine writes digests);
/// `None` for any other text.
pub(crate) fn canonical(text: &str) -> Option<Sha> {
    let bytes = text.as_bytes();
    if bytes.len() != 64 {
        return None;
    }
    let digit = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    };
    let mut sha = [0u8; 32];
    for (byte, pair) in sha.iter_mut().zip(bytes.chunks_exact(2)) {
        *byte = digit(pair[0])? << 4 | digit(pair[1])?;
    }
    Some(sha)
}

/// The spellings of digests handed over as text that are not 64 lowercase hex digits,
/// each standing for a stand-in digest no real content has (the SHA-256 of the spelling
/// under a prefix), so that it equals exactly the same spelling, as the text did.
#[derive(Clone, Debug, Default)]
pub(crate) struct Spellings {
    odd: HashMap<Sha, String>,
}

impl Spellings {
    /// The digest standing for `text`.
    pub(crate) fn digest(&mut self, text: &str) -> Sha {
        if let Some(sha) = canonical(text) {
            return sha;
        }
        let mut hasher = Sha256::new();
        hasher.update(b"upkeep: a digest spelled otherwise\0");
        hasher.update(text.as_bytes());
        let sha: Sha = hasher.finalize().into();
        self.odd.entry(sha).or_insert_with(|| text.to_string());
        sha
    }

    /// `sha` as text: its spelling when it stands for one, else its hex digits.
    pub(crate) fn text(&self, sha: &Sha) -> Cow<'_, str> {
        if self.odd.is_empty() {
            return Cow::Owned(hex(sha));
        }
        match self.odd.get(sha) {
            Some(text) => Cow::Borrowed(text),
            None => Cow::Owned(hex(sha)),
        }
    }

    /// Appends `sha` as [`Self::text`] writes it.
    pub(crate) fn push(&self, out: &mut String, sha: &Sha) {
        if self.odd.is_empty() {
            return push_hex(out, sha);
        }
        match self.odd.get(sha) {
            Some(text) => out.push_str(text),
            None => push_hex(out, sha),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_odd_spellings_stand_for_themselves() {
        let sha = sha256(b"x");
        assert_eq!(hex(&sha), crate::sha256_hex(b"x"));
        assert_eq!(canonical(&hex(&sha)), Some(sha));
        assert_eq!(canonical(&hex(&sha).to_uppercase()), None);
        let mut spellings = Spellings::default();
        assert_eq!(spellings.digest(&hex(&sha)), sha);
        let upper = hex(&sha).to_uppercase();
        let odd = spellings.digest(&upper);
        assert_ne!(odd, sha);
        assert_eq!(spellings.digest(&upper), odd);
        assert_ne!(spellings.digest("h1"), odd);
        assert_eq!(spellings.text(&odd), upper);
        assert_eq!(spellings.text(&sha), hex(&sha));
        let mut out = String::new();
        spellings.push(&mut out, &odd);
        assert_eq!(out, upper);
    }
}
