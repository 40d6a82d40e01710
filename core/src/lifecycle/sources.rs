//! Which two releases `upkeep update` and `upkeep status` compare: `--baseline` and
//! `--latest` when given, otherwise the recorded source (`.upkeep/source.json`) at the
//! installed version and at the newest version (or `--to`).
//!
//! `.upkeep/VERSION` is what the project has installed; when the record says another
//! version (an update completed its writes and was stopped before the record moved), the
//! baseline is the recorded source at the installed version and the record is brought up
//! to date when the update completes. An update from an explicit `--latest` moves the
//! record's version too (the project now holds that version of its template), without a
//! resolution: what `--latest` named is not the recorded source, so there is nothing of
//! it to check a later baseline against.
//!
//! ```
//! use upkeep_core::lifecycle::{update_sources, UpdateSourcesInput};
//!
//! let record = "{\"schema\":1,\"source\":\"npm:create-vite\",\"version\":\"5.5.5\",\"subpath\":\"template-react-ts\",\"resolved\":\"sha512-x\"}";
//! let mut input = UpdateSourcesInput { root: "app".into(), state_dir: ".upkeep".into(),
//!     record: Some(record.into()), installed: Some("5.5.5\n".into()), ..Default::default() };
//! let sources = update_sources(&input).unwrap();
//! assert_eq!(sources.baseline, "npm:create-vite@5.5.5//template-react-ts");
//! assert_eq!(sources.latest, "npm:create-vite//template-react-ts");
//! assert_eq!(sources.expect_resolved.as_deref(), Some("sha512-x"));
//! input.to = Some("6.5.0".into());
//! assert_eq!(update_sources(&input).unwrap().latest, "npm:create-vite@6.5.0//template-react-ts");
//! input.record = None;
//! assert_eq!(update_sources(&input).unwrap_err().code(), "no-source");
//! ```

use super::record::{parse_project_source, ProjectSource, PROJECT_SOURCE_FILE};
use super::spec::render_release_spec;
use crate::error::{Error, ErrorKind, Result};
use crate::update::Version;

/// What the project records and what the command line says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct UpdateSourcesInput {
    /// The project root, for messages.
    pub root: String,
    /// The state folder.
    pub state_dir: String,
    /// `<stateDir>/source.json`, when present.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub record: Option<String>,
    /// `<stateDir>/VERSION`, when present.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub installed: Option<String>,
    /// `--baseline`.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub baseline: Option<String>,
    /// `--latest`.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub latest: Option<String>,
    /// `--to`: a version or range of the recorded source.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub to: Option<String>,
    /// `--pre`: the newest version may be a pre-release.
    #[cfg_attr(
        feature = "serde",
        serde(default, deserialize_with = "crate::serde_absent::absent_as_default")
    )]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub pre: bool,
}

/// How the shim opens one release of an update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct OpenSide {
    /// The spec is the recorded source's, so a local path in it is relative to the project
    /// (one from the command line is relative to the current directory).
    pub from_record: bool,
    /// Pre-releases count when picking its newest version.
    pub pre: bool,
    /// Its cache entry is kept: the next update opens it as its baseline.
    pub retain: bool,
}

/// How to open each release of an update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct OpenSides {
    /// The baseline (never a pre-release pick, never kept).
    pub baseline: OpenSide,
    /// The latest.
    pub latest: OpenSide,
}

impl OpenSides {
    fn of(input: &UpdateSourcesInput, latest_from_record: bool) -> OpenSides {
        OpenSides {
            baseline: OpenSide {
                from_record: input.baseline.is_none(),
                pre: false,
                retain: false,
            },
            latest: OpenSide {
                from_record: input.latest.is_none(),
                pre: input.pre,
                retain: latest_from_record,
            },
        }
    }
}

/// The releases to open, and what to check and record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct UpdateSources {
    /// The baseline release spec.
    pub baseline: String,
    /// The latest release spec (without a version: the newest one).
    pub latest: String,
    /// The project's record, when it has one.
    pub record: Option<ProjectSource>,
    /// What the baseline must resolve to (the recorded `resolved`), when it is checked.
    pub expect_resolved: Option<String>,
    /// Whether `source.json` moves to the installed version when the update completes
    /// (whenever the project has a record).
    pub record_latest: bool,
    /// Whether the latest release is the recorded source's: its resolution is recorded
    /// (and its cache entry kept for the next update's baseline). Not with `--latest`.
    pub latest_from_record: bool,
    /// Things the user should know (printed before the summary).
    pub notices: Vec<String>,
    /// How to open each release.
    #[cfg_attr(feature = "serde", serde(default))]
    pub open: OpenSides,
}

/// Decides the two releases of an update or status run.
pub fn update_sources(input: &UpdateSourcesInput) -> Result<UpdateSources> {
    let label = format!("{}/{PROJECT_SOURCE_FILE}", input.state_dir);
    let record = input
        .record
        .as_deref()
        .map(|text| parse_project_source(text, Some(&label)))
        .transpose()?;
    if input.to.is_some() && input.latest.is_some() {
        return Err(Error::new(
            ErrorKind::InvalidOptions,
            "--to",
            "--to picks a version of the recorded source; give either --to or --latest",
        ));
    }
    let mut notices = Vec::new();
    let Some(record) = record else {
        return match (&input.baseline, &input.latest) {
            (Some(b), Some(l)) => Ok(UpdateSources {
                baseline: b.clone(),
                latest: l.clone(),
                record: None,
                expect_resolved: None,
                record_latest: false,
                latest_from_record: false,
                notices,
                open: OpenSides::of(input, false),
            }),
            _ => Err(Error::new(
                ErrorKind::NoSource,
                &input.root,
                format!(
                    "this project has no recorded source: run `upkeep adopt <spec>@<version>` in {} to record where it came from (or give both --baseline and --latest); no {label} there",
                    input.root
                ),
            )),
        };
    };
    let installed = input
        .installed
        .as_deref()
        .and_then(|t| t.parse::<Version>().ok())
        .map(|v| v.to_string());
    let at = match installed {
        Some(v) if v != record.version => {
            notices.push(format!(
                "{label} records {} but {}/VERSION says {v} (an update stopped before it recorded its source, or one of them was edited); the baseline is {} at {v}",
                record.version, input.state_dir, record.source
            ));
            v
        }
        _ => record.version.clone(),
    };
    let spec = |version: Option<&str>| {
        render_release_spec(&record.source, version, record.subpath.as_deref())
    };
    let expect_resolved = match (&input.baseline, at == record.version) {
        (None, true) => record.resolved.clone(),
        _ => None,
    };
    Ok(UpdateSources {
        baseline: input.baseline.clone().unwrap_or_else(|| spec(Some(&at))),
        latest: input
            .latest
            .clone()
            .unwrap_or_else(|| spec(input.to.as_deref())),
        record_latest: true,
        latest_from_record: input.latest.is_none(),
        expect_resolved,
        record: Some(record),
        notices,
        open: OpenSides::of(input, input.latest.is_none()),
    })
}

/// Whether a release is what the project recorded: `Ok(None)` when it is (or nothing
/// was recorded), `Ok(Some(notice))` when it is not and `allow` says to go on, otherwise a
/// `release-drift` error naming both.
pub fn check_release_drift(
    spec: &str,
    expected: Option<&str>,
    found: Option<&str>,
    allow: bool,
) -> Result<Option<String>> {
    let (Some(expected), found) = (expected, found) else {
        return Ok(None);
    };
    if Some(expected) == found {
        return Ok(None);
    }
    let found = found.unwrap_or("nothing");
    if allow {
        return Ok(Some(format!(
            "{spec} resolves to {found}, not {expected} as recorded; used anyway (--allow-drift)"
        )));
    }
    Err(Error::new(
        ErrorKind::ReleaseDrift,
        spec,
        format!(
            "the project recorded {expected} when it was installed, the source now gives {found} (a moved tag or a republished package), so its files may not be the ones you installed and your edits could be misread; nothing was written. Check the source, then run again with --allow-drift to use it anyway"
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> UpdateSourcesInput {
        UpdateSourcesInput {
            root: "/p".into(),
            state_dir: ".upkeep".into(),
            record: Some("{\"schema\":1,\"source\":\"../t.git\",\"version\":\"1.0.0\",\"resolved\":\"v1.0.0@a\"}".into()),
            installed: Some("1.0.0\n".into()),
            ..Default::default()
        }
    }

    #[test]
    fn flags_take_precedence() {
        let mut input = base();
        input.latest = Some("/rel".into());
        let s = update_sources(&input).unwrap();
        assert_eq!(
            (
                s.baseline.as_str(),
                s.latest.as_str(),
                s.record_latest,
                s.latest_from_record
            ),
            ("../t.git@1.0.0", "/rel", true, false)
        );
        input.to = Some("2.0.0".into());
        assert_eq!(
            update_sources(&input).unwrap_err().code(),
            "invalid-options"
        );
        let mut input = base();
        input.baseline = Some("/old".into());
        let s = update_sources(&input).unwrap();
        assert_eq!((s.baseline.as_str(), s.expect_resolved), ("/old", None));
    }

    #[test]
    fn a_record_behind_the_installed_version() {
        let mut input = base();
        input.installed = Some("1.1.0\n".into());
        let s = update_sources(&input).unwrap();
        assert_eq!(s.baseline, "../t.git@1.1.0");
        assert_eq!(s.expect_resolved, None);
        assert!(s.notices[0].contains("records 1.0.0 but .upkeep/VERSION says 1.1.0"));
    }

    #[test]
    fn no_record_needs_both_flags() {
        let mut input = base();
        input.record = None;
        let err = update_sources(&input).unwrap_err();
        assert_eq!(
            err.to_string(),
            "this project has no recorded source: run `upkeep adopt <spec>@<version>` in /p to record where it came from (or give both --baseline and --latest); no .upkeep/source.json there"
        );
        input.baseline = Some("a".into());
        input.latest = Some("b".into());
        assert_eq!(update_sources(&input).unwrap().baseline, "a");
    }

    #[test]
    fn drift() {
        assert_eq!(
            check_release_drift("s", Some("a"), Some("a"), false).unwrap(),
            None
        );
        assert_eq!(
            check_release_drift("s", None, Some("a"), false).unwrap(),
            None
        );
        assert_eq!(
            check_release_drift("s", Some("a"), Some("b"), false)
                .unwrap_err()
                .code(),
            "release-drift"
        );
        assert!(check_release_drift("s", Some("a"), Some("b"), true)
            .unwrap()
            .unwrap()
            .contains("--allow-drift"));
    }
}

/// The release an update installed, as the record names it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct InstalledRelease {
    /// Its version.
    pub version: String,
    /// What was fetched, exactly, when the source has a fixed identity.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub resolved: Option<String>,
}

/// The record (`source.json`) once an update installed `latest`: the recorded source at
/// the installed version, with the release's resolution only when it is the recorded
/// source's (a release `--latest` named is not what the next update's baseline will be
/// fetched as); `None` when the project keeps no record.
pub fn installed_record(sources: &UpdateSources, latest: &InstalledRelease) -> Option<String> {
    let record = sources.record.as_ref()?;
    Some(super::record::render_project_source(&ProjectSource {
        source: record.source.clone(),
        version: latest.version.clone(),
        subpath: record.subpath.clone(),
        resolved: if sources.latest_from_record {
            latest.resolved.clone()
        } else {
            None
        },
    }))
}

/// The notice of an update whose files and version are in place but whose recorded source
/// (`path`) could not follow (the file system's `error`): the next update catches it up.
pub fn record_behind_notice(path: &str, error: &str) -> String {
    format!("the recorded source {path} could not be written ({error}); the update is applied, and the next `upkeep update` records it")
}
