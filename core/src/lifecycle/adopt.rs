//! `upkeep adopt <spec>@<version>`: recording the source of a project that was scaffolded
//! by hand or by another tool (as `cruft link` does), after checking it against that
//! release. Files are never touched; the managed files that already differ from the
//! release are reported, and are the project's local edits from then on.
//!
//! ```
//! use upkeep_core::lifecycle::{plan_adopt, AdoptFile, AdoptInput, ProbedSide, ProjectSource};
//! use upkeep_core::observe::EntryKind;
//! use upkeep_core::update::FileClass;
//!
//! let side = |sha: &str| Some(ProbedSide { kind: EntryKind::File, sha256: Some(sha.repeat(64)) });
//! let input = AdoptInput {
//!     spec: "npm:x@1.0.0".into(),
//!     files: vec![
//!         AdoptFile { path: "a".into(), class: FileClass::Shared, sha256: Some("a".repeat(64)), current: side("a") },
//!         AdoptFile { path: "b".into(), class: FileClass::Owned, sha256: Some("b".repeat(64)), current: side("c") },
//!     ],
//!     existing_version: None, existing_source: None, force: false,
//!     record: ProjectSource { source: "npm:x".into(), version: "1.0.0".into(), subpath: None, resolved: None },
//!     manifest: "{}\n".into(), state_dir: ".upkeep".into(),
//! };
//! let plan = plan_adopt(&input).unwrap();
//! assert_eq!((plan.report.same.len(), plan.report.differs[0].path.as_str()), (1, "b"));
//! assert_eq!(plan.status, "adopted");
//! ```
//!
//! The spec must name the version the project was made from, which is checked before
//! anything is fetched ([`adopt_refusal`]).

use super::record::{parse_project_source, ProjectSource, PROJECT_SOURCE_FILE};
use super::scaffold::{state_files, ProbedSide, StateFile};
use super::spec::parse_release_spec;
use crate::error::{Error, ErrorKind, Result};
use crate::observe::EntryKind;
use crate::refusal::Refusal;
use crate::update::{FileClass, Version};

/// One managed file of the release and what the project holds at its path.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct AdoptFile {
    /// The installed path.
    pub path: String,
    /// Its class in the release's manifest.
    pub class: FileClass,
    /// The release file's SHA-256 (`None`: the manifest lists it, the release lacks it,
    /// and the adoption is refused: there is nothing to compare the project's copy with).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub sha256: Option<String>,
    /// What the project holds there (`None`: nothing).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub current: Option<ProbedSide>,
}

/// Everything [`plan_adopt`] needs.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct AdoptInput {
    /// The release, version included.
    pub spec: String,
    /// Every managed file of the release.
    pub files: Vec<AdoptFile>,
    /// The project's `<stateDir>/VERSION`, when it has one.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub existing_version: Option<String>,
    /// The project's `<stateDir>/source.json`, when it has one.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub existing_source: Option<String>,
    /// `--force`: replace a record of another source or version.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub force: bool,
    /// The record to write.
    pub record: ProjectSource,
    /// The release's manifest (its own, or the default one).
    pub manifest: String,
    /// The state folder.
    pub state_dir: String,
}

/// A managed file and its class, for the report.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct AdoptedPath {
    /// The path.
    pub path: String,
    /// Its class.
    pub class: FileClass,
}

/// What `upkeep adopt` found, as `--json` prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct AdoptReport {
    /// The release, version included.
    pub spec: String,
    /// The recorded version.
    pub version: String,
    /// Managed files identical to the release.
    pub same: Vec<String>,
    /// Managed files that differ (the project's local edits from now on).
    pub differs: Vec<AdoptedPath>,
    /// Managed files the project does not have (an update leaves them absent).
    pub missing: Vec<AdoptedPath>,
    /// Managed paths where the project has a folder, a link or another non-file.
    pub not_files: Vec<AdoptedPath>,
    /// Whether a record of another source or version was replaced (`--force`).
    pub replaced_record: bool,
}

/// The adoption: the state files to write and the report.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct AdoptPlan {
    /// `adopted`: the status of the run's report.
    pub status: String,
    /// `manifest.json`, `VERSION`, `source.json`, in the order they are written.
    pub state_files: Vec<StateFile>,
    /// The report.
    pub report: AdoptReport,
    /// The summary the CLI prints.
    pub summary: String,
}

/// Why `upkeep adopt <text>` is refused before anything is fetched: the spec names no
/// version (or git ref), so which release the project was made from is unknown. `None`:
/// it may go on. A spec that does not parse is the parser's error.
pub fn adopt_refusal(text: &str) -> Result<Option<Refusal>> {
    let spec = parse_release_spec(text)?;
    Ok((spec.version.is_none() && spec.git_ref.is_none()).then(|| {
        Refusal::usage(format!(
            "upkeep adopt needs the version the project was made from: upkeep adopt {text}@<version>"
        ))
    }))
}

/// Compares the project with the release and plans the record; refuses to replace a record
/// of another source or version without `force`.
pub fn plan_adopt(input: &AdoptInput) -> Result<AdoptPlan> {
    let state = &input.state_dir;
    let refuse = |detail: String| {
        Error::new(
            ErrorKind::AlreadyRecorded,
            format!("{state}/{PROJECT_SOURCE_FILE}"),
            detail,
        )
    };
    let mut replaced_record = false;
    if let Some(text) = &input.existing_source {
        let same = parse_project_source(text, Some(&format!("{state}/{PROJECT_SOURCE_FILE}")))
            .is_ok_and(|old| {
                old.source == input.record.source
                    && old.version == input.record.version
                    && old.subpath == input.record.subpath
            });
        if !same {
            if !input.force {
                let old =
                    parse_project_source(text, Some(&format!("{state}/{PROJECT_SOURCE_FILE}")));
                return Err(refuse(match old {
                    Ok(old) => format!(
                        "this project already records {} {}{}; add --force to record {} instead",
                        old.source,
                        old.version,
                        old.subpath
                            .map_or(String::new(), |s| format!(" (sub-path {s})")),
                        input.spec
                    ),
                    Err(e) => format!("{e}; add --force to replace it"),
                }));
            }
            replaced_record = true;
        }
    }
    if let Some(text) = &input.existing_version {
        let recorded = text.parse::<Version>().ok();
        let want: Version = input.record.version.parse()?;
        if recorded.as_ref() != Some(&want) && !input.force {
            return Err(refuse(format!(
                "this project's {state}/VERSION says {:?}, not {want}: adopt the version it was made from, or add --force",
                text.trim()
            )));
        }
        replaced_record |= recorded.as_ref() != Some(&want);
    }
    let mut report = AdoptReport {
        spec: input.spec.clone(),
        version: input.record.version.clone(),
        same: Vec::new(),
        differs: Vec::new(),
        missing: Vec::new(),
        not_files: Vec::new(),
        replaced_record,
    };
    let mut files: Vec<&AdoptFile> = input.files.iter().collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    if let Some(lacking) = files.iter().find(|f| f.sha256.is_none()) {
        return Err(Error::new(
            ErrorKind::BadRelease,
            &input.spec,
            format!(
                "its manifest lists {} but the release does not ship it, so the project's copy cannot be compared with it; nothing was written (`upkeep manifest check` on the release names every such problem)",
                lacking.path
            ),
        ));
    }
    for file in files {
        let entry = || AdoptedPath {
            path: file.path.clone(),
            class: file.class,
        };
        match &file.current {
            None => report.missing.push(entry()),
            Some(side) if side.kind != EntryKind::File => report.not_files.push(entry()),
            Some(side) if side.sha256 == file.sha256 => report.same.push(file.path.clone()),
            Some(_) => report.differs.push(entry()),
        }
    }
    let summary = render_summary(&report, state);
    Ok(AdoptPlan {
        status: "adopted".into(),
        state_files: state_files(state, &input.manifest, &input.record),
        report,
        summary,
    })
}

fn render_summary(report: &AdoptReport, state: &str) -> String {
    let mut out = format!("upkeep adopt: {}\n", report.spec);
    let list = |out: &mut String, items: &[AdoptedPath]| {
        for item in items {
            out.push_str(&format!("  {} [{}]\n", item.path, item.class.as_str()));
        }
    };
    out.push_str(&format!(
        "Same as the release  {:>5}  (managed files)\n",
        report.same.len()
    ));
    out.push_str(&format!(
        "Differ               {:>5}  (your local edits from now on)\n",
        report.differs.len()
    ));
    list(&mut out, &report.differs);
    out.push_str(&format!(
        "Missing              {:>5}  (an update leaves them absent)\n",
        report.missing.len()
    ));
    list(&mut out, &report.missing);
    if !report.not_files.is_empty() {
        out.push_str(&format!(
            "Not a file           {:>5}  (a folder or a link where the release has a file)\n",
            report.not_files.len()
        ));
        list(&mut out, &report.not_files);
    }
    out.push_str(&format!(
        "Recorded   {state}/{PROJECT_SOURCE_FILE}, {state}/VERSION ({}), {state}/manifest.json{}\n",
        report.version,
        if report.replaced_record {
            " (replacing the previous record)"
        } else {
            ""
        }
    ));
    out.push_str(
        "Next: upkeep status (what the newest release would change), then upkeep update\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(
        existing_source: Option<&str>,
        existing_version: Option<&str>,
        force: bool,
    ) -> AdoptInput {
        AdoptInput {
            spec: "../t.git@1.0.0".into(),
            files: vec![],
            existing_version: existing_version.map(Into::into),
            existing_source: existing_source.map(Into::into),
            force,
            record: ProjectSource {
                source: "../t.git".into(),
                version: "1.0.0".into(),
                subpath: None,
                resolved: None,
            },
            manifest: "{}\n".into(),
            state_dir: ".upkeep".into(),
        }
    }

    #[test]
    fn a_spec_without_its_version_is_refused_before_the_fetch() {
        let refusal = adopt_refusal("../t.git").unwrap().unwrap();
        assert_eq!(refusal.code, "usage");
        assert_eq!(
            refusal.message,
            "upkeep adopt needs the version the project was made from: upkeep adopt ../t.git@<version>"
        );
        assert_eq!(adopt_refusal("../t.git@1.0.0").unwrap(), None);
        assert_eq!(adopt_refusal("../t.git#main").unwrap(), None);
        assert!(adopt_refusal("").is_err());
    }

    #[test]
    fn existing_records() {
        let same = "{\"schema\":1,\"source\":\"../t.git\",\"version\":\"1.0.0\"}";
        let other = "{\"schema\":1,\"source\":\"../t.git\",\"version\":\"0.9.0\"}";
        assert!(
            !plan_adopt(&input(Some(same), Some("1.0.0\n"), false))
                .unwrap()
                .report
                .replaced_record
        );
        let err = plan_adopt(&input(Some(other), None, false)).unwrap_err();
        assert_eq!(err.code(), "already-recorded");
        assert!(
            err.to_string().contains("already records ../t.git 0.9.0"),
            "{err}"
        );
        assert!(
            plan_adopt(&input(Some(other), None, true))
                .unwrap()
                .report
                .replaced_record
        );
        let err = plan_adopt(&input(None, Some("0.9.0\n"), false)).unwrap_err();
        assert!(
            err.to_string()
                .contains("VERSION says \"0.9.0\", not 1.0.0"),
            "{err}"
        );
        assert!(plan_adopt(&input(Some("{"), None, false))
            .unwrap_err()
            .to_string()
            .contains("add --force"));
    }
}
