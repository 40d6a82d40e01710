//! How a regeneration program was confined, and the words the report uses for it. The
//! shim probes the machine; [`choose_sandbox`] prefers bubblewrap when it works, then
//! util-linux's `unshare` (mount and PID namespaces), and says why when neither does.
//!
//! ```
//! use upkeep_core::regions::{choose_sandbox, render_sandbox_row, SandboxMode, SandboxProbe, ToolProbe};
//!
//! let probe = SandboxProbe {
//!     forced: None,
//!     platform: "linux".into(),
//!     bwrap: ToolProbe { installed: false, ..ToolProbe::default() },
//!     unshare: ToolProbe { installed: true, status: Some(0), message: None },
//! };
//! let facts = choose_sandbox(&probe);
//! assert_eq!(facts.mode, SandboxMode::Unshare);
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

impl SandboxFacts {
    /// Whether a regeneration's before-and-after snapshots cover the whole tree: a program
    /// run unconfined can write anywhere, so every write is looked for afterwards; confined,
    /// it can write only in its own folders, and only those are snapshotted.
    pub fn snapshots_whole_tree(&self) -> bool {
        self.mode == SandboxMode::None
    }
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

/// What the shim found when it tried one confinement tool.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct ToolProbe {
    /// Whether the tool is on `PATH` (it is run only then).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub installed: bool,
    /// Its trial run's exit status (0: it works; none when it could not be started).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub status: Option<i32>,
    /// What the trial run said when it failed (its last line of stderr, or why it could
    /// not be started), in its own words.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub message: Option<String>,
}

impl ToolProbe {
    /// Why the tool cannot confine (`None` when it can).
    fn problem(&self) -> Option<String> {
        if !self.installed {
            return Some("not installed".into());
        }
        if self.status == Some(0) {
            return None;
        }
        Some(match (&self.message, self.status) {
            (Some(message), _) if !message.is_empty() => message.clone(),
            (_, Some(status)) => format!("exit status {status}"),
            (_, None) => "it could not be started".into(),
        })
    }
}

/// What the shim knows about confinement on this machine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct SandboxProbe {
    /// `UPKEEP_SANDBOX`, when set: `bwrap`, `unshare` or `none` forces one (tests); any
    /// other value is ignored.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub forced: Option<String>,
    /// The platform (Node's `process.platform`): namespaces are Linux's.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub platform: String,
    /// bubblewrap's trial run.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub bwrap: ToolProbe,
    /// `unshare`'s trial run.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub unshare: ToolProbe,
}

/// The confinement a regeneration runs under: the one forced, else bubblewrap when it
/// works, else `unshare`, else none, with why nothing stronger was used.
pub fn choose_sandbox(probe: &SandboxProbe) -> SandboxFacts {
    let forced = probe.forced.as_deref();
    let none = |reason: String| SandboxFacts {
        mode: SandboxMode::None,
        reason: Some(reason),
    };
    if forced == Some("none") {
        return none("UPKEEP_SANDBOX=none".into());
    }
    if probe.platform != "linux" {
        return none(format!("no namespaces on {}", probe.platform));
    }
    let mut reasons = Vec::new();
    for (mode, name, tool, skipped) in [
        (SandboxMode::Bwrap, "bwrap", &probe.bwrap, "unshare"),
        (SandboxMode::Unshare, "unshare", &probe.unshare, "bwrap"),
    ] {
        if forced == Some(skipped) {
            continue;
        }
        match tool.problem() {
            None => return SandboxFacts { mode, reason: None },
            Some(why) => reasons.push(format!("{name}: {why}")),
        }
    }
    none(reasons.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn works() -> ToolProbe {
        ToolProbe {
            installed: true,
            status: Some(0),
            message: None,
        }
    }

    fn probe(forced: Option<&str>, bwrap: ToolProbe, unshare: ToolProbe) -> SandboxProbe {
        SandboxProbe {
            forced: forced.map(Into::into),
            platform: "linux".into(),
            bwrap,
            unshare,
        }
    }

    #[test]
    fn bubblewrap_first_then_unshare_then_none_with_each_reason() {
        assert_eq!(
            choose_sandbox(&probe(None, works(), works())).mode,
            SandboxMode::Bwrap
        );
        let failed = ToolProbe {
            installed: true,
            status: Some(1),
            message: Some("bwrap: No permissions to create new namespace".into()),
        };
        let facts = choose_sandbox(&probe(None, failed.clone(), works()));
        assert_eq!((facts.mode, facts.reason), (SandboxMode::Unshare, None));
        let silent = ToolProbe {
            installed: true,
            status: Some(1),
            message: None,
        };
        let facts = choose_sandbox(&probe(None, failed, silent));
        assert_eq!(
            facts.reason.as_deref(),
            Some("bwrap: bwrap: No permissions to create new namespace; unshare: exit status 1")
        );
    }

    #[test]
    fn forced_and_foreign_platforms() {
        let facts = choose_sandbox(&probe(Some("unshare"), works(), ToolProbe::default()));
        assert_eq!(facts.reason.as_deref(), Some("unshare: not installed"));
        let facts = choose_sandbox(&probe(Some("none"), works(), works()));
        assert_eq!(facts.reason.as_deref(), Some("UPKEEP_SANDBOX=none"));
        let mac = SandboxProbe {
            platform: "darwin".into(),
            ..probe(None, works(), works())
        };
        assert_eq!(
            choose_sandbox(&mac).reason.as_deref(),
            Some("no namespaces on darwin")
        );
    }
}
