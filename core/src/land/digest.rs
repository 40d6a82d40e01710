//! Carrying a check result: a check that already passed on exactly the same inputs is
//! not re-run. The inputs are the check's command and the git tree that will be pushed,
//! folded into one digest; failed, carried and digest-less results never count.
//!
//! ```
//! use upkeep_core::land::{check_digest, find_carried, CheckRecord};
//!
//! let digest = check_digest("make test", "4b825dc642cb6eb9a060e54bf8d69288fbee4904");
//! let passed = CheckRecord { command: "make test".into(), digest: Some(digest.clone()), status: "passed".into(), place: "sync of main at 9f3c".into() };
//! assert_eq!(find_carried(&digest, &[passed]).unwrap().place, "sync of main at 9f3c");
//! ```

use crate::sha256_hex;

/// A check result on record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "SyncCheckRecord"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct CheckRecord {
    /// The command that ran.
    pub command: String,
    /// The digest of its inputs ([`check_digest`]); `None` when unknown.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub digest: Option<String>,
    /// `passed`, `failed` or `carried`.
    pub status: String,
    /// Where it ran, for a person ("sync of main onto 1a2b3c at 2026-…").
    pub place: String,
}

/// The digest of a check's inputs: its command and the tree (git tree id) it runs on.
pub fn check_digest(command: &str, tree: &str) -> String {
    let mut input = Vec::with_capacity(command.len() + tree.len() + 24);
    input.extend_from_slice(b"upkeep-check/1\0");
    input.extend_from_slice(command.as_bytes());
    input.push(0);
    input.extend_from_slice(tree.as_bytes());
    sha256_hex(&input)
}

/// The newest record (last in `records`) that passed with exactly `digest`.
pub fn find_carried<'a>(digest: &str, records: &'a [CheckRecord]) -> Option<&'a CheckRecord> {
    records
        .iter()
        .rev()
        .find(|r| r.status == "passed" && r.digest.as_deref() == Some(digest))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(digest: Option<&str>, status: &str) -> CheckRecord {
        CheckRecord {
            command: "c".into(),
            digest: digest.map(str::to_string),
            status: status.into(),
            place: status.into(),
        }
    }

    #[test]
    fn only_passed_with_the_same_digest_counts() {
        let d = check_digest("c", "t");
        assert_ne!(d, check_digest("c", "u"));
        assert_ne!(d, check_digest("c\0t", ""));
        let cases = [
            (vec![record(Some(&d), "passed")], Some("passed")),
            (vec![record(Some(&d), "failed")], None),
            (vec![record(Some(&d), "carried")], None),
            (vec![record(None, "passed")], None),
            (vec![record(Some("other"), "passed")], None),
        ];
        for (records, want) in cases {
            assert_eq!(find_carried(&d, &records).map(|r| r.place.as_str()), want);
        }
    }
}
