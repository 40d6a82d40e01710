//! A killed regeneration's pre-image copies, as the next run finds them: a copy is used
//! only while it still holds the bytes it is named by, and only the files whose copy was
//! found whole keep anything when the regeneration's end is recorded.
//!
//! ```
//! use upkeep_core::regions::{copies_found, CopiesFound, CopyFound};
//!
//! let found = CopiesFound {
//!     copies: vec![
//!         CopyFound { path: "gen/a".into(), sha256: "aa".into(), found: Some("aa".into()) },
//!         CopyFound { path: "gen/b".into(), sha256: "bb".into(), found: Some("cc".into()) },
//!     ],
//!     before: vec![],
//! };
//! assert_eq!(copies_found(&found).whole, vec!["gen/a".to_string()]);
//! ```

use std::collections::HashSet;

use super::confine::SnapEntry;

/// A recorded copy and what the shim found at it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct CopyFound {
    /// The file the copy is of.
    pub path: String,
    /// The SHA-256 the record names the copy by.
    pub sha256: String,
    /// The SHA-256 of the copy as found (none: no regular file there).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub found: Option<String>,
}

/// The copies found, and the snapshot taken before the program ran.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct CopiesFound {
    /// Every recorded copy, as found.
    pub copies: Vec<CopyFound>,
    /// The snapshot before (the record's `region.before`).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub before: Vec<SnapEntry>,
}

/// What the recovery may use.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct CopiesUsable {
    /// The files whose copy was found whole: their bytes can be put back.
    pub whole: Vec<String>,
    /// The snapshot's entries for those files: the ones the regeneration's end hands on
    /// as held.
    pub held: Vec<SnapEntry>,
}

/// Which copies are whole, and the snapshot entries they hold.
pub fn copies_found(input: &CopiesFound) -> CopiesUsable {
    let whole: Vec<String> = input
        .copies
        .iter()
        .filter(|c| c.found.as_deref() == Some(c.sha256.as_str()))
        .map(|c| c.path.clone())
        .collect();
    let wholes: HashSet<&str> = whole.iter().map(String::as_str).collect();
    let held = input
        .before
        .iter()
        .filter(|e| wholes.contains(e.path.as_str()))
        .cloned()
        .collect();
    CopiesUsable { whole, held }
}
