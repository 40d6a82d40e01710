//! How a regeneration program was confined, as the shim found the machine, and the words
//! the report uses for it. The shim prefers bubblewrap when it is installed, then
//! util-linux's `unshare` (mount and PID namespaces), and says so when neither works.
//!
//! ```
//! use upkeep_core::regions::{render_sandbox_row, SandboxFacts, SandboxMode};
//!
//! let facts = SandboxFacts { mode: SandboxMode::Unshare, reason: None };
//! assert!(render_sandbox_row(Some(&facts)).starts_with("Confinement  unshare"));
//! ```

/// The confinement in force for a regeneration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum SandboxMode {
    /// bubblewrap: mount and PID namespaces; the region's folders the only writable place.
    Bwrap,
    /// util-linux `unshare`: the same, set up by upkeep in a fresh mount namespace.
    Unshare,
    /// Neither was usable: its own process group only, writes checked afterwards.
    #[default]
    None,
}

/// The confinement a regeneration ran under, and why nothing stronger was used.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct SandboxFacts {
    /// What was in force.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub mode: SandboxMode,
    /// Why a stronger confinement was not used (the tool's own message), when it was not.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub reason: Option<String>,
}

/// The summary row saying which confinement was in force (empty when nothing ran).
pub fn render_sandbox_row(facts: Option<&SandboxFacts>) -> String {
    let Some(f) = facts else {
        return String::new();
    };
    let label = "Confinement  ";
    match f.mode {
        SandboxMode::Bwrap => format!("{label}bubblewrap: only the regions' folders were writable (everything else read-only); its processes ended with it\n"),
        SandboxMode::Unshare => format!("{label}unshare (mount and PID namespaces): only the regions' folders were writable (everything else read-only); its processes ended with it\n"),
        SandboxMode::None => format!(
            "{label}none available{}: its own process group only; writes in the project were checked afterwards, writes outside it could be neither prevented nor seen\n",
            f.reason.as_ref().map(|r| format!(" ({r})")).unwrap_or_default()
        ),
    }
}
