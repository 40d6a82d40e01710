//! The checks that run before anything else: is there an update to take, and may an
//! interrupted one be resumed?
//!
//! ```
//! use upkeep_core::update::{check_versions, VersionStatus};
//!
//! assert_eq!(check_versions("1.2.0", "1.3.0", Some("1.2.0")).unwrap().status, VersionStatus::Update);
//! assert_eq!(check_versions("1.3.0", "1.3.0", Some("1.2.0")).unwrap().status, VersionStatus::AppliedUncommitted);
//! assert_eq!(check_versions("1.3.0", "1.3.0", None).unwrap().status, VersionStatus::UpToDate);
//! assert_eq!(check_versions("2.0.0", "1.3.0", None).unwrap().status, VersionStatus::Ahead);
//! ```

use super::semver::Version;
use crate::error::{Error, ErrorKind, Result};

/// Where the project stands against the latest release.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum VersionStatus {
    /// The latest release is newer: an update is available.
    Update,
    /// The project is on the latest release.
    UpToDate,
    /// The project is on the latest release, but its last commit is not: a previous update
    /// was applied and not committed yet.
    AppliedUncommitted,
    /// The project is newer than the "latest" release: never downgrade.
    Ahead,
}

/// The outcome of [`check_versions`], versions normalized.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct VersionCheck {
    /// What to do.
    pub status: VersionStatus,
    /// The version the project has installed.
    pub installed: String,
    /// The latest release's version.
    pub latest: String,
    /// The installed version in the project's last commit, when known.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub committed: Option<String>,
}

/// Compares the installed version with the latest release's; `committed` is the installed
/// version recorded in the project's last commit, when the project is a git checkout.
pub fn check_versions(
    installed: &str,
    latest: &str,
    committed: Option<&str>,
) -> Result<VersionCheck> {
    let (have, want): (Version, Version) = (installed.parse()?, latest.parse()?);
    let committed = committed.map(str::parse::<Version>).transpose()?;
    let status = if have < want {
        VersionStatus::Update
    } else if have > want {
        VersionStatus::Ahead
    } else if committed.as_ref().is_some_and(|c| *c != have) {
        VersionStatus::AppliedUncommitted
    } else {
        VersionStatus::UpToDate
    };
    Ok(VersionCheck {
        status,
        installed: have.to_string(),
        latest: want.to_string(),
        committed: committed.map(|c| c.to_string()),
    })
}

/// An update that started and did not finish, as the shim recorded it before its first
/// write.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct InProgress {
    /// The version it updated from.
    pub from: String,
    /// The version it updated to.
    pub to: String,
    /// Its run id, which names its backup folder.
    pub run_id: String,
}

/// How a confirmed update starts.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct UpdateStart {
    /// The run id to use: the interrupted run's when resuming, so its backups stay in one
    /// folder.
    pub run_id: String,
    /// Whether this continues an interrupted run. Backups are never pruned, fresh or
    /// resumed: a prior run's may be the only copy of what it replaced (`upkeep backups
    /// prune` removes them on request, never those holding content found nowhere else).
    pub resumed: bool,
}

/// Decides whether a confirmed update from `from` to `to` starts fresh with `run_id` or
/// resumes `in_progress`; an interrupted update between other versions is refused.
pub fn start_update(
    in_progress: Option<&InProgress>,
    from: &str,
    to: &str,
    run_id: &str,
) -> Result<UpdateStart> {
    check_run_id(run_id)?;
    let Some(record) = in_progress else {
        return Ok(UpdateStart {
            run_id: run_id.to_string(),
            resumed: false,
        });
    };
    check_run_id(&record.run_id)?;
    let same = |a: &str, b: &str| matches!((a.parse::<Version>(), b.parse::<Version>()), (Ok(x), Ok(y)) if x == y);
    if same(&record.from, from) && same(&record.to, to) {
        return Ok(UpdateStart {
            run_id: record.run_id.clone(),
            resumed: true,
        });
    }
    Err(Error::new(
        ErrorKind::UpdateInProgress,
        format!("{} -> {}", record.from, record.to),
        format!(
            "an interrupted update from {} to {} (run {}) has not finished; re-run it with the same releases to finish it, or restore its backups and remove its progress record before updating from {from} to {to}",
            record.from, record.to, record.run_id
        ),
    ))
}

/// A run id names a backup folder: one plain path segment.
pub(crate) fn check_run_id(run_id: &str) -> Result<()> {
    let ok = !run_id.is_empty()
        && run_id.len() <= 64
        && run_id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
        && !run_id.starts_with('.');
    if ok {
        Ok(())
    } else {
        Err(Error::new(
            ErrorKind::InvalidUpdateInput,
            run_id,
            "a run id is 1-64 characters of [A-Za-z0-9._-], not starting with '.'",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_edge_cases() {
        use VersionStatus::*;
        for (installed, latest, committed, status) in [
            ("1.2.0", "1.3.0", None, Update),
            ("1.3.0-rc.1", "1.3.0", None, Update),
            ("1.3.0", "1.3.0-rc.1", None, Ahead),
            ("1.3.0", "1.3.0+build", None, UpToDate),
            ("1.3.0", "1.3.0", Some("1.3.0"), UpToDate),
            ("1.3.0", "1.3.0", Some("1.2.0"), AppliedUncommitted),
            ("v1.3.0", "1.3.0", Some("1.2.0"), AppliedUncommitted),
            ("2.0.0", "1.3.0", Some("1.2.0"), Ahead),
        ] {
            assert_eq!(
                check_versions(installed, latest, committed).unwrap().status,
                status,
                "{installed} {latest} {committed:?}"
            );
        }
        assert_eq!(
            check_versions("1.2", "1.3.0", None).unwrap_err().code(),
            "invalid-version"
        );
    }

    #[test]
    fn resume_or_refuse() {
        let record = InProgress {
            from: "1.2.0".into(),
            to: "1.3.0".into(),
            run_id: "r1".into(),
        };
        assert_eq!(
            start_update(None, "1.2.0", "1.3.0", "r2").unwrap(),
            UpdateStart {
                run_id: "r2".into(),
                resumed: false,
            }
        );
        assert_eq!(
            start_update(Some(&record), "1.2.0", "1.3.0", "r2").unwrap(),
            UpdateStart {
                run_id: "r1".into(),
                resumed: true,
            }
        );
        assert_eq!(
            start_update(Some(&record), "1.2.0", "1.4.0", "r2")
                .unwrap_err()
                .code(),
            "update-in-progress"
        );
        assert_eq!(
            start_update(None, "1.2.0", "1.3.0", "../x")
                .unwrap_err()
                .code(),
            "invalid-update-input"
        );
    }
}
