//! What `upkeep land --seal` reports once the handoff is written: its status, where it
//! is, the handoff itself (the `--json` document) and the line the command prints.
//!
//! ```
//! use upkeep_core::land::{seal_handoff, seal_report, SealedFile};
//!
//! let files = vec![SealedFile { path: "a".into(), sha256: None }];
//! let handoff = seal_handoff(files, vec![], vec![]).unwrap();
//! let report = seal_report(".git/upkeep/handoff.json", handoff);
//! assert_eq!(report.status, "sealed");
//! assert_eq!(
//!     report.summary,
//!     "upkeep land: sealed 1 changed file(s), 0 ticket(s), 0 inherited, in .git/upkeep/handoff.json"
//! );
//! ```

use super::handoff::Handoff;

/// A sealed handoff, as `upkeep land --seal` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct SealReport {
    /// `sealed`.
    pub status: String,
    /// Where the handoff was written.
    pub path: String,
    /// The handoff.
    pub handoff: Handoff,
    /// The line the command prints (not part of the `--json` document).
    pub summary: String,
}

/// The report of a handoff sealed and written at `path`.
pub fn seal_report(path: &str, handoff: Handoff) -> SealReport {
    let summary = format!(
        "upkeep land: sealed {} changed file(s), {} ticket(s), {} inherited, in {path}",
        handoff.files.len(),
        handoff.tickets.len(),
        handoff.inherited.len()
    );
    SealReport {
        status: "sealed".into(),
        path: path.into(),
        handoff,
        summary,
    }
}
