//! The words a view of one file's plan shows around the engine's verdict (the demo's file
//! view): which `--conflicts` mode it was planned with and what the update would write,
//! whether each side changed it, and the mode chooser's entries.
//!
//! ```
//! use upkeep_core::update::{file_verdict, FileVerdictInput};
//!
//! let verdict = file_verdict(&FileVerdictInput {
//!     conflicts: None,
//!     writes: vec!["merge".into()],
//!     local_change: true,
//!     upstream_change: true,
//! });
//! assert_eq!(verdict.planned, "Planned with conflicts: merge (the default) — it would write merge.");
//! assert_eq!(verdict.changed, "locally: yes · upstream: yes");
//! ```

use super::overview::CONFLICT_MODES;
use super::ConflictMode;
use crate::render::Choice;

/// One file's plan, as the file view shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct FileVerdictInput {
    /// The `--conflicts` mode the plan was made with; none: the default.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub conflicts: Option<ConflictMode>,
    /// What the update writes for the file, each as the overview names it (`short`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub writes: Vec<String>,
    /// The project changed the file since the baseline.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub local_change: bool,
    /// Upstream changed the file between the releases.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub upstream_change: bool,
}

/// The file view's lines about one file's plan.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct FileVerdict {
    /// The mode planned with and what the update would write.
    pub planned: String,
    /// Whether each side changed the file.
    pub changed: String,
}

/// The file view's lines about one file's plan.
pub fn file_verdict(input: &FileVerdictInput) -> FileVerdict {
    let mode = match input.conflicts {
        Some(mode) => mode.name().to_string(),
        None => format!("{} (the default)", ConflictMode::default().name()),
    };
    let writes = if input.writes.is_empty() {
        String::new()
    } else {
        format!(" — it would write {}.", input.writes.join(", "))
    };
    let said = |changed: bool| if changed { "yes" } else { "no" };
    FileVerdict {
        planned: format!("Planned with conflicts: {mode}{writes}"),
        changed: format!(
            "locally: {} · upstream: {}",
            said(input.local_change),
            said(input.upstream_change)
        ),
    }
}

/// Each `--conflicts` mode as a view's chooser offers it, the default first and marked.
pub fn conflict_choices() -> Vec<Choice> {
    let default = ConflictMode::default().name();
    CONFLICT_MODES
        .iter()
        .map(|(mode, help)| {
            let is_default = *mode == default;
            let mark = if is_default { " (default)" } else { "" };
            Choice {
                value: (*mode).into(),
                label: format!("{mode}{mark}: {help}"),
                default: is_default,
            }
        })
        .collect()
}
