//! Which kind of project a workspace folder is, for the language server: a project
//! scaffolded from a template (it holds `<stateDir>/VERSION`) comes first; else a host
//! repository an integration installed into (it holds an install record, or the server was
//! given the install source); else no project upkeep serves.
//!
//! ```
//! use upkeep_core::editor::{project_kind, FolderFacts, ProjectKind};
//!
//! let facts = FolderFacts { has_version: false, has_record: true, source_named: false };
//! assert_eq!(project_kind(&facts), Some(ProjectKind::Install));
//! assert_eq!(project_kind(&FolderFacts::default()), None);
//! ```

use super::status::ProjectKind;

/// What a workspace folder holds, and what the server was told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct FolderFacts {
    /// It holds `<stateDir>/VERSION` as a regular file.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub has_version: bool,
    /// It holds `.upkeep-source.json` (an install record) as a regular file.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub has_record: bool,
    /// The server's options name an install source.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub source_named: bool,
}

/// The kind of project the folder is, or `None` (see the module docs).
pub fn project_kind(facts: &FolderFacts) -> Option<ProjectKind> {
    if facts.has_version {
        Some(ProjectKind::Update)
    } else if facts.source_named || facts.has_record {
        Some(ProjectKind::Install)
    } else {
        None
    }
}
