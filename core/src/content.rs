//! What the engine knows of a file without holding its bytes: its SHA-256, its size,
//! whether it is binary, and the SHA-256 of its text with CRLF read as LF — everything the
//! update table and the refresh classifier compare, computed in one streaming pass.
//!
//! Planning a 100,000-file tree from these digests instead of the files' bytes keeps the
//! memory of a run bounded by the largest file in flight; the bytes are read again only
//! for the few files whose content a plan needs (merges, patches, field merges).
//!
//! ```
//! use upkeep_core::content::{digest_content, ContentDigester};
//! use upkeep_core::sha256_hex;
//!
//! let whole = digest_content(b"a\r\nb\r\n", true);
//! assert_eq!(whole.sha256, sha256_hex(b"a\r\nb\r\n"));
//! assert_eq!(whole.sha256_lf.as_deref(), Some(sha256_hex(b"a\nb\n").as_str()));
//! assert!(!whole.binary);
//!
//! // The same digests from chunks of any size, a CRLF cut in two included.
//! let mut stream = ContentDigester::new(true);
//! stream.update(b"a\r").unwrap();
//! stream.update(b"\nb\r\n").unwrap();
//! assert_eq!(stream.finish().unwrap(), whole);
//! ```

use sha2::{Digest as _, Sha256};

use crate::error::{Error, ErrorKind, Result};
use crate::hash::Digest;
use crate::text::BINARY_PROBE_BYTES;

/// The digests of one file's content.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ContentDigest {
    /// SHA-256 of the raw bytes, lowercase hex.
    pub sha256: String,
    /// SHA-256 with every CRLF read as LF, for a text file that holds CRLF and when line
    /// endings were asked for; `None` otherwise (binary, no CRLF, or not asked).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub sha256_lf: Option<String>,
    /// A NUL among the first 8,000 bytes, as git decides ([`crate::text::is_binary`]).
    pub binary: bool,
    /// The size in bytes.
    pub size: u64,
}

/// A [`ContentDigest`] over content that arrives in chunks: memory stays at the hasher's
/// state whatever the file's size. Spent once [`finish`](Self::finish) has produced the
/// digests: further calls fail with [`ErrorKind::HasherFinished`].
#[derive(Clone, Debug)]
pub struct ContentDigester {
    state: Option<Digester>,
}

impl ContentDigester {
    /// A digester that has seen nothing; `eol`: also compute the CRLF-as-LF digest.
    pub fn new(eol: bool) -> Self {
        ContentDigester {
            state: Some(Digester::new(eol)),
        }
    }

    /// Feeds the next chunk.
    pub fn update(&mut self, chunk: &[u8]) -> Result<()> {
        self.state
            .as_mut()
            .ok_or_else(|| spent("update"))?
            .update(chunk);
        Ok(())
    }

    /// The digests of every chunk fed; the digester is spent afterwards.
    pub fn finish(&mut self) -> Result<ContentDigest> {
        Ok(self.state.take().ok_or_else(|| spent("finish"))?.finish())
    }
}

fn spent(call: &str) -> Error {
    Error::new(
        ErrorKind::HasherFinished,
        call,
        "this content digester already produced its digests; start a new one",
    )
}

/// The one-pass digester behind [`ContentDigester`] and [`digest_content`].
#[derive(Clone, Debug)]
pub(crate) struct Digester {
    raw: Sha256,
    /// The CRLF-as-LF hasher, started (as a copy of `raw`) at the first CRLF: until then
    /// both streams are the same bytes, so files without CRLF are hashed once.
    lf: Option<Sha256>,
    eol: bool,
    /// A `\r` ended the last chunk and is withheld until the next shows whether a `\n`
    /// follows: from both hashers before `lf` starts, from `lf` alone after.
    held_cr: bool,
    size: u64,
    binary: bool,
}

impl Digester {
    pub(crate) fn new(eol: bool) -> Self {
        Digester {
            raw: Sha256::new(),
            lf: None,
            eol,
            held_cr: false,
            size: 0,
            binary: false,
        }
    }

    pub(crate) fn update(&mut self, chunk: &[u8]) {
        if chunk.is_empty() {
            return; // a held `\r` waits for a chunk that shows what follows it
        }
        let seen = usize::try_from(self.size).unwrap_or(usize::MAX);
        if !self.binary && seen < BINARY_PROBE_BYTES {
            let probe = &chunk[..chunk.len().min(BINARY_PROBE_BYTES - seen)];
            self.binary = probe.contains(&0);
        }
        self.size += chunk.len() as u64;
        if !self.eol {
            self.raw.update(chunk);
            return;
        }
        let mut rest = chunk;
        if self.lf.is_none() {
            rest = self.before_first_crlf(rest);
            if self.lf.is_none() {
                return;
            }
        }
        self.raw.update(rest);
        self.feed_lf(rest);
    }

    /// Feeds `raw` until the first CRLF (where `lf` starts as a copy of `raw`); returns
    /// what is left of `chunk` from the CRLF's `\r` on (its `\n` when the `\r` was held),
    /// or nothing when the chunk holds no CRLF.
    fn before_first_crlf<'c>(&mut self, chunk: &'c [u8]) -> &'c [u8] {
        if std::mem::take(&mut self.held_cr) {
            if chunk.first() == Some(&b'\n') {
                self.lf = Some(self.raw.clone());
                self.raw.update(b"\r");
                return chunk;
            }
            self.raw.update(b"\r");
        }
        let mut from = 0;
        while let Some(at) = chunk[from..].iter().position(|&b| b == b'\r') {
            let cr = from + at;
            match chunk.get(cr + 1) {
                Some(b'\n') => {
                    self.raw.update(&chunk[..cr]);
                    self.lf = Some(self.raw.clone());
                    return &chunk[cr..];
                }
                Some(_) => from = cr + 1,
                None => {
                    self.raw.update(&chunk[..cr]);
                    self.held_cr = true;
                    return &[];
                }
            }
        }
        self.raw.update(chunk);
        &[]
    }

    /// Feeds `lf` the chunk with each CRLF read as LF.
    fn feed_lf(&mut self, chunk: &[u8]) {
        let Some(lf) = self.lf.as_mut() else {
            return;
        };
        let mut start = 0;
        if std::mem::take(&mut self.held_cr) && chunk.first() != Some(&b'\n') {
            lf.update(b"\r");
        }
        let mut from = 0;
        while let Some(at) = chunk[from..].iter().position(|&b| b == b'\r') {
            let cr = from + at;
            match chunk.get(cr + 1) {
                Some(b'\n') => {
                    lf.update(&chunk[start..cr]);
                    start = cr + 1;
                }
                Some(_) => {}
                None => {
                    lf.update(&chunk[start..cr]);
                    start = chunk.len();
                    self.held_cr = true;
                }
            }
            from = cr + 1;
        }
        lf.update(&chunk[start..]);
    }

    pub(crate) fn finish(self) -> ContentDigest {
        let parts = self.finish_parts();
        ContentDigest {
            sha256: parts.sha256.to_hex(),
            sha256_lf: parts.sha256_lf.map(|d| d.to_hex()),
            binary: parts.binary,
            size: parts.size,
        }
    }

    /// [`Self::finish`] as digests, for the engine's own use (no hex round trip).
    pub(crate) fn finish_parts(mut self) -> ContentParts {
        if self.held_cr {
            match self.lf.as_mut() {
                Some(lf) => lf.update(b"\r"),
                None => self.raw.update(b"\r"),
            }
        }
        let sha256_lf = match self.lf {
            Some(lf) if !self.binary => Some(Digest::of_state(lf)),
            _ => None,
        };
        ContentParts {
            sha256: Digest::of_state(self.raw),
            sha256_lf,
            binary: self.binary,
            size: self.size,
        }
    }
}

/// [`ContentDigest`] with digests as [`Digest`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ContentParts {
    pub(crate) sha256: Digest,
    pub(crate) sha256_lf: Option<Digest>,
    pub(crate) binary: bool,
    pub(crate) size: u64,
}

/// [`digest_content`] as digests.
pub(crate) fn digest_parts(bytes: &[u8], eol: bool) -> ContentParts {
    let mut digester = Digester::new(eol);
    digester.update(bytes);
    digester.finish_parts()
}

/// The digests of `bytes` (`eol`: with the CRLF-as-LF digest).
pub fn digest_content(bytes: &[u8], eol: bool) -> ContentDigest {
    let mut digester = Digester::new(eol);
    digester.update(bytes);
    digester.finish()
}

/// The digests of many files in one call: `joined` holds their bytes one after another,
/// `lengths` each one's size. One call per batch keeps the boundary crossings (and, for
/// wasm, the copies into its memory) to one per batch instead of one per file.
pub fn digest_contents(joined: &[u8], lengths: &[u32], eol: bool) -> Result<Vec<ContentDigest>> {
    let total: u64 = lengths.iter().map(|&n| u64::from(n)).sum();
    if total != joined.len() as u64 {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            "lengths",
            format!(
                "the lengths add up to {total} bytes, and the batch holds {}",
                joined.len()
            ),
        ));
    }
    let mut at = 0;
    Ok(lengths
        .iter()
        .map(|&n| {
            let end = at + n as usize;
            let digest = digest_content(&joined[at..end], eol);
            at = end;
            digest
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sha256_hex;

    /// The CRLF-as-LF digest the slow, obvious way: replace, then hash.
    fn eol_normalized_sha256(bytes: &[u8]) -> Option<String> {
        let has_crlf = bytes.windows(2).any(|w| w == b"\r\n");
        if crate::text::is_binary(bytes) || !has_crlf {
            return None;
        }
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                i += 1;
                continue;
            }
            out.push(bytes[i]);
            i += 1;
        }
        Some(sha256_hex(&out))
    }

    const CASES: [&[u8]; 12] = [
        b"",
        b"\r",
        b"\n",
        b"\r\n",
        b"a\r\nb\r\n",
        b"a\rb\r",
        b"a\r\r\nb",
        b"mixed\r\nlf\nend",
        b"no newline at all",
        b"\r\r\n\r\n\r",
        b"bin\0ary\r\n",
        b"tail cr\r",
    ];

    /// What every chunking of `bytes` must give: the whole-buffer helpers' answers.
    fn expected(bytes: &[u8], eol: bool) -> ContentDigest {
        ContentDigest {
            sha256: sha256_hex(bytes),
            sha256_lf: eol.then(|| eol_normalized_sha256(bytes)).flatten(),
            binary: crate::text::is_binary(bytes),
            size: bytes.len() as u64,
        }
    }

    #[test]
    fn every_split_gives_the_whole_buffers_digests() {
        for bytes in CASES {
            for eol in [false, true] {
                let want = expected(bytes, eol);
                assert_eq!(digest_content(bytes, eol), want, "{bytes:?}");
                for cut in 0..=bytes.len() {
                    for cut2 in cut..=bytes.len() {
                        let mut d = ContentDigester::new(eol);
                        d.update(&bytes[..cut]).unwrap();
                        d.update(&bytes[cut..cut2]).unwrap();
                        d.update(&bytes[cut2..]).unwrap();
                        assert_eq!(d.finish().unwrap(), want, "{bytes:?} cut at {cut}, {cut2}");
                    }
                }
            }
        }
    }

    #[test]
    fn one_byte_chunks_and_a_late_nul() {
        let mut text = b"x\r\n".repeat(3000);
        text.push(0); // past the 8,000-byte probe: still text
        for eol in [false, true] {
            let mut d = ContentDigester::new(eol);
            for byte in &text {
                d.update(std::slice::from_ref(byte)).unwrap();
            }
            assert_eq!(d.finish().unwrap(), expected(&text, eol));
            assert_eq!(d.finish().unwrap_err().code(), "hasher-finished");
        }
        let mut early = text.clone();
        early[7999] = 0;
        assert!(digest_content(&early, true).binary);
        assert_eq!(digest_content(&early, true).sha256_lf, None);
    }

    #[test]
    fn batches_cut_by_lengths() {
        let joined = b"a\r\nbc";
        let got = digest_contents(joined, &[3, 0, 2], true).unwrap();
        assert_eq!(got[0], digest_content(b"a\r\n", true));
        assert_eq!(got[1], digest_content(b"", true));
        assert_eq!(got[2], digest_content(b"bc", true));
        let err = digest_contents(joined, &[3, 3], true).unwrap_err();
        assert_eq!(err.code(), "invalid-argument");
        assert!(err.to_string().contains("add up to 6 bytes"), "{err}");
    }
}
