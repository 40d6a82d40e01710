//! The question an update asks before it writes (`Update from 1.2.0 to 1.3.0?`): the same
//! words on the command line's prompt and in the API's `decide` callback.
//!
//! ```
//! use upkeep_core::update::update_question;
//!
//! assert_eq!(update_question("1.2.0", "1.3.0", Vec::new()).message, "Update from 1.2.0 to 1.3.0?");
//! ```

use super::changelog::ChangelogSection;

/// The question, with the release notes between the two versions.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct UpdateQuestion {
    /// Always `update`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "'update'")))]
    pub kind: String,
    /// Always `update` (a `decide` map's key).
    #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "'update'")))]
    pub id: String,
    /// The prompt's line.
    pub message: String,
    /// The installed version.
    pub from: String,
    /// The version the update goes to.
    pub to: String,
    /// The release notes between the two versions.
    pub changelog: Vec<ChangelogSection>,
    /// The answer a prompt offers first, and the one taken when nobody can be asked (no
    /// terminal, CI, `--yes`): go ahead.
    pub default: bool,
}

/// The question about updating `from` → `to`.
pub fn update_question(from: &str, to: &str, changelog: Vec<ChangelogSection>) -> UpdateQuestion {
    UpdateQuestion {
        kind: "update".into(),
        id: "update".into(),
        message: format!("Update from {from} to {to}?"),
        from: from.into(),
        to: to.into(),
        changelog,
        default: true,
    }
}
