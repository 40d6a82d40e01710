//! The state files an update writes once every file is in place, in the order that makes
//! `VERSION` the commit point: the manifest of the new release first, then `VERSION`
//! naming it, then the progress record removed. Killed before `VERSION`, the project is
//! still at its old version and re-running finishes; after it, the update is done and
//! the next run clears a progress record left behind.

use crate::error::Result;

use super::layout::{render_version_file, update_paths};

/// One state file an update writes or removes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(
        tag = "kind",
        rename_all = "kebab-case",
        rename_all_fields = "camelCase"
    )
)]
#[non_exhaustive]
pub enum StateWrite {
    /// The latest release's manifest, as the shim read it.
    Manifest {
        /// Its path in the project.
        path: String,
    },
    /// `VERSION`, naming the new version.
    Version {
        /// Its path in the project.
        path: String,
        /// Its text.
        text: String,
    },
    /// The progress record, removed (already gone is fine).
    RemoveProgress {
        /// Its path in the project.
        path: String,
    },
}

/// The state writes of an update to `version` whose state folder is `state_dir`, in order.
pub fn state_writes(state_dir: &str, version: &str) -> Result<Vec<StateWrite>> {
    let paths = update_paths(state_dir)?;
    Ok(vec![
        StateWrite::Manifest {
            path: paths.manifest,
        },
        StateWrite::Version {
            path: paths.version,
            text: render_version_file(version),
        },
        StateWrite::RemoveProgress {
            path: paths.progress,
        },
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manifest_then_version_then_the_progress_record() {
        let writes = state_writes(".upkeep", "1.3.0").unwrap();
        let kinds: Vec<&str> = writes
            .iter()
            .map(|w| match w {
                StateWrite::Manifest { .. } => "manifest",
                StateWrite::Version { .. } => "version",
                StateWrite::RemoveProgress { .. } => "remove-progress",
            })
            .collect();
        assert_eq!(kinds, ["manifest", "version", "remove-progress"]);
        assert_eq!(
            writes[1],
            StateWrite::Version {
                path: ".upkeep/VERSION".into(),
                text: "1.3.0\n".into()
            }
        );
    }
}
