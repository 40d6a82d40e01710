//! An update's first step, taken under the project's lock before any release is opened:
//! from the project's installed-version marker and the record an interrupted run left,
//! whether the run may go on, the record it resumes, and whether a regeneration that run
//! was killed in must be put back before anything is read. `upkeep update`, `upkeep
//! status` and the demo all open with it.
//!
//! ```
//! use upkeep_core::update::{open_update, UpdateOpening};
//!
//! let mut opening = UpdateOpening::default();
//! let opened = open_update(&opening).unwrap();
//! assert_eq!(opened.refusal.unwrap().code, "not-installed");
//!
//! opening.installed = Some("1.0.0\n".into());
//! opening.progress = Some(r#"{"from":"1.0.0","to":"2.0.0","runId":"20260101-000000-000"}"#.into());
//! let opened = open_update(&opening).unwrap();
//! assert_eq!(opened.recover_regeneration.as_deref(), Some("20260101-000000-000"));
//! ```

use super::layout::update_paths;
use super::progress_record::read_progress;
use super::state_refusal::{state_refusal, StateProblem};
use super::versions::InProgress;
use crate::error::Result;
use crate::refusal::Refusal;

/// What the shim read before opening a release.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct UpdateOpening {
    /// The state folder (`.upkeep` by default).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub state_dir: Option<String>,
    /// The project, as a real path; none where it has no path (the demo's dropped folder).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub root: Option<String>,
    /// The installed-version marker's text; none when the file (or the state folder) is absent.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub installed: Option<String>,
    /// The text of the record an interrupted update left; none when there is none.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub progress: Option<String>,
    /// A dry run (`upkeep status`, the demo): nothing is written.
    #[cfg_attr(feature = "serde", serde(default))]
    pub dry_run: bool,
}

/// The engine's answer: go on with the record read, or the refusal that ends the run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct UpdateOpened {
    /// Why the run cannot start (`not-installed`, a damaged record's `bad-state`); when
    /// set, nothing else is.
    pub refusal: Option<Refusal>,
    /// The record of the interrupted run this one resumes.
    pub in_progress: Option<InProgress>,
    /// The run whose regeneration is put back before anything is read: a resumed run
    /// that writes may have been killed while a region's program ran.
    pub recover_regeneration: Option<String>,
}

/// The update's opening from what the shim read; an error only for a state folder name
/// that is not one (`invalid-update-input`).
pub fn open_update(opening: &UpdateOpening) -> Result<UpdateOpened> {
    let paths = update_paths(opening.state_dir.as_deref())?;
    let refused = |refusal| UpdateOpened {
        refusal: Some(refusal),
        ..UpdateOpened::default()
    };
    if opening.installed.is_none() {
        return Ok(refused(state_refusal(&StateProblem::NotInstalled {
            version_path: paths.version,
            root: opening.root.clone(),
        })));
    }
    let record = match opening.progress.as_deref() {
        Some(text) => match read_progress(text, &paths.progress) {
            Ok(record) => Some(record),
            Err(refusal) => return Ok(refused(refusal)),
        },
        None => None,
    };
    Ok(UpdateOpened {
        refusal: None,
        recover_regeneration: record
            .as_ref()
            .filter(|_| !opening.dry_run)
            .map(|r| r.run_id.clone()),
        in_progress: record,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opening(installed: Option<&str>, progress: Option<&str>, dry_run: bool) -> UpdateOpening {
        UpdateOpening {
            state_dir: None,
            root: Some("/work/app".into()),
            installed: installed.map(str::to_string),
            progress: progress.map(str::to_string),
            dry_run,
        }
    }

    const RECORD: &str = r#"{"from":"1.0.0","to":"2.0.0","runId":"r1"}"#;

    #[test]
    fn no_marker_is_refused_before_the_record_is_read() {
        let opened = open_update(&opening(None, Some("{"), false)).unwrap();
        let refusal = opened.refusal.unwrap();
        assert_eq!(refusal.code, "not-installed");
        assert!(refusal
            .message
            .starts_with("no .upkeep/VERSION in /work/app:"));
    }

    #[test]
    fn a_damaged_record_is_refused_by_its_path() {
        let opened = open_update(&opening(Some("1.0.0"), Some("{"), false)).unwrap();
        let refusal = opened.refusal.unwrap();
        assert_eq!(refusal.code, "bad-state");
        assert!(refusal.message.contains(".upkeep/update-in-progress.json"));
    }

    #[test]
    fn only_a_run_that_writes_recovers_a_regeneration() {
        let writes = open_update(&opening(Some("1.0.0"), Some(RECORD), false)).unwrap();
        assert_eq!(writes.recover_regeneration.as_deref(), Some("r1"));
        let dry = open_update(&opening(Some("1.0.0"), Some(RECORD), true)).unwrap();
        assert_eq!(dry.recover_regeneration, None);
        assert_eq!(dry.in_progress.unwrap().run_id, "r1");
        let fresh = open_update(&opening(Some("1.0.0"), None, false)).unwrap();
        assert_eq!(fresh, UpdateOpened::default());
    }

    #[test]
    fn a_state_folder_that_is_a_path_is_an_error() {
        let mut bad = opening(Some("1.0.0"), None, false);
        bad.state_dir = Some("a/b".into());
        assert!(open_update(&bad).is_err());
    }
}
