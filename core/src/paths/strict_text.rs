//! A file read strictly as UTF-8 (a state file, a release's manifest or VERSION): its text
//! (a leading byte-order mark dropped, as a UTF-8 decoder does), or the refusal naming the
//! file and the byte offset of the first invalid sequence, with the code that follows
//! whose file it is.
//!
//! ```
//! use upkeep_core::paths::{strict_text, StrictFile};
//!
//! assert_eq!(strict_text(b"1.2.0\n", ".upkeep/VERSION", StrictFile::State).text.as_deref(), Some("1.2.0\n"));
//! let bad = strict_text(b"1.\xff\n", ".upkeep/VERSION", StrictFile::State).refusal.unwrap();
//! assert_eq!(bad.code, "bad-state");
//! assert!(bad.message.contains("byte offset 2"));
//! ```

use super::tree_refusal::{tree_refusal, StrictFile, TreeProblem};
use crate::refusal::Refusal;

/// A file's text, or why it has none.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct StrictText {
    /// The text, when the bytes are valid UTF-8.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub text: Option<String>,
    /// The refusal, when they are not.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub refusal: Option<Refusal>,
}

/// `bytes` as strict UTF-8; `path` is the file as messages show it.
pub fn strict_text(bytes: &[u8], path: &str, file: StrictFile) -> StrictText {
    match std::str::from_utf8(bytes) {
        Ok(text) => StrictText {
            text: Some(text.strip_prefix('\u{feff}').unwrap_or(text).to_string()),
            refusal: None,
        },
        Err(error) => StrictText {
            text: None,
            refusal: Some(tree_refusal(&TreeProblem::NotUtf8 {
                path: path.to_string(),
                offset: error.valid_up_to() as u64,
                file,
            })),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offset_is_the_first_invalid_sequences() {
        for (bytes, offset, code) in [
            (&b"\xef\xbb\xbfok\xc3("[..], 5, "invalid-manifest"),
            (&b"\xe2\x82"[..], 0, "invalid-manifest"),
        ] {
            let refusal = strict_text(bytes, "m.json", StrictFile::ReleaseManifest)
                .refusal
                .unwrap();
            assert_eq!(refusal.code, code);
            assert!(
                refusal.message.contains(&format!("byte offset {offset}")),
                "{}",
                refusal.message
            );
        }
        assert_eq!(
            strict_text(b"", "x", StrictFile::Release).text.as_deref(),
            Some("")
        );
        assert_eq!(
            strict_text(b"\xef\xbb\xbf{}", "x", StrictFile::Release)
                .text
                .as_deref(),
            Some("{}")
        );
    }
}
