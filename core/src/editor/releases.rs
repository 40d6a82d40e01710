//! Which release directories a project's editor compares, when the server is given release
//! folders (`initializationOptions.releases`) rather than a recorded source: among the
//! folders found holding a `VERSION` that is a version (a named folder, or each sub-folder
//! of a named folder that holds none itself), the latest is the highest version
//! (the first named, among equals) and the baseline the first holding the installed
//! version. Without a baseline the editor still shows the latest release, saying that
//! upstream's changes cannot be told from the project's.
//!
//! ```
//! use upkeep_core::editor::{pick_release_dirs, FoundRelease, ReleaseDirsInput};
//!
//! let found = |dir: &str, version: &str| FoundRelease { dir: dir.into(), version: version.into(), inside: Some("/r".into()) };
//! let input = ReleaseDirsInput {
//!     installed: "1.2.0".into(),
//!     state_dir: ".upkeep".into(),
//!     named: vec!["/r".into()],
//!     found: vec![found("/r/a", "1.2.0"), found("/r/b", "1.3.0"), found("/r/c", "next")],
//! };
//! let picked = pick_release_dirs(&input).unwrap();
//! assert_eq!(picked.latest.unwrap().dir, "/r/b");
//! assert_eq!(picked.baseline_dir.as_deref(), Some("/r/a"));
//! ```

use crate::error::Result;
use crate::update::{compare_versions, Version};

/// Which releases the editor compares a project with, from what its initialization options
/// name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum ReleaseRoute {
    /// The two releases named (`baseline`, `latest`), as `upkeep update` takes them.
    Named,
    /// The release folders named (`releases`): [`pick_release_dirs`] picks the two.
    Directories,
    /// The project's recorded source (`.upkeep/source.json`), as a bare `upkeep update`
    /// reads it.
    Recorded,
}

/// The route for options naming a `latest` release and/or release folders: a named latest
/// wins over folders, and either over the recorded source (options that name releases are
/// what the user asked for in this editor).
pub fn release_route(names_latest: bool, names_folders: bool) -> ReleaseRoute {
    if names_latest {
        ReleaseRoute::Named
    } else if names_folders {
        ReleaseRoute::Directories
    } else {
        ReleaseRoute::Recorded
    }
}

/// A folder holding a release, with the version its `VERSION` says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct FoundRelease {
    /// The folder.
    pub dir: String,
    /// Its `VERSION`, trimmed.
    pub version: String,
    /// For a sub-folder of a named folder, that folder: it counts only when the named
    /// folder holds no `VERSION` itself (a folder of releases, not a release).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub inside: Option<String>,
}

/// The folders found, and what they are compared with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ReleaseDirsInput {
    /// The project's installed version (its `VERSION`).
    pub installed: String,
    /// The state folder, for the message when no release is found.
    pub state_dir: String,
    /// The folders the options named, as given, for that message.
    pub named: Vec<String>,
    /// The folders found holding a `VERSION`, in the order they were found: each named
    /// folder, and each sub-folder of one (`inside`).
    pub found: Vec<FoundRelease>,
}

/// The two releases, or why there are none.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ReleaseDirs {
    /// The latest release.
    pub latest: Option<FoundRelease>,
    /// The folder of the installed release, when one holds it.
    pub baseline_dir: Option<String>,
    /// Why no release can be had.
    pub unavailable: Option<String>,
}

/// Picks the two releases (see the module docs). An installed version that is not a
/// version is the version parser's error.
pub fn pick_release_dirs(input: &ReleaseDirsInput) -> Result<ReleaseDirs> {
    let is_release = |dir: &str| {
        input
            .found
            .iter()
            .any(|r| r.inside.is_none() && r.dir == dir)
    };
    let valid: Vec<&FoundRelease> = input
        .found
        .iter()
        .filter(|r| r.inside.as_deref().is_none_or(|named| !is_release(named)))
        .filter(|r| r.version.parse::<Version>().is_ok())
        .collect();
    let Some(first) = valid.first() else {
        return Ok(ReleaseDirs {
            latest: None,
            baseline_dir: None,
            unavailable: Some(format!(
                "no release directory (holding {}/VERSION) in {}",
                input.state_dir,
                input.named.join(", ")
            )),
        });
    };
    let mut latest = *first;
    for release in &valid[1..] {
        if compare_versions(&release.version, &latest.version)? > 0 {
            latest = release;
        }
    }
    let mut baseline = None;
    for release in &valid {
        if compare_versions(&release.version, &input.installed)? == 0 {
            baseline = Some(release.dir.clone());
            break;
        }
    }
    Ok(ReleaseDirs {
        latest: Some(latest.clone()),
        baseline_dir: baseline,
        unavailable: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(installed: &str, found: &[(&str, &str)]) -> ReleaseDirsInput {
        ReleaseDirsInput {
            installed: installed.into(),
            state_dir: ".upkeep".into(),
            named: vec!["../a".into(), "../b".into()],
            found: found
                .iter()
                .map(|(dir, version)| FoundRelease {
                    dir: dir.to_string(),
                    version: version.to_string(),
                    inside: None,
                })
                .collect(),
        }
    }

    #[test]
    fn the_first_named_wins_among_equal_versions() {
        let picked =
            pick_release_dirs(&input("v1.0.0", &[("x", "1.0.0"), ("y", "v1.0.0")])).unwrap();
        assert_eq!(picked.latest.unwrap().dir, "x");
        assert_eq!(picked.baseline_dir.as_deref(), Some("x"));
        let none = pick_release_dirs(&input("1.0.0", &[("x", "latest")])).unwrap();
        assert_eq!(
            none.unavailable.as_deref(),
            Some("no release directory (holding .upkeep/VERSION) in ../a, ../b")
        );
        assert!(pick_release_dirs(&input("nope", &[("x", "1.0.0")])).is_err());
        let no_baseline = pick_release_dirs(&input("0.9.0", &[("x", "1.0.0")])).unwrap();
        assert_eq!(no_baseline.baseline_dir, None);
    }

    #[test]
    fn a_sub_folder_counts_only_inside_a_folder_that_is_not_a_release() {
        let mut both = input("1.0.0", &[("../a", "1.0.0")]);
        let child = |dir: &str, version: &str, inside: &str| FoundRelease {
            dir: dir.into(),
            version: version.into(),
            inside: Some(inside.into()),
        };
        both.found.push(child("../a/old", "9.0.0", "../a"));
        both.found.push(child("../b/next", "2.0.0", "../b"));
        let picked = pick_release_dirs(&both).unwrap();
        assert_eq!(picked.latest.unwrap().dir, "../b/next");
        assert_eq!(picked.baseline_dir.as_deref(), Some("../a"));
        // A named folder whose VERSION is not a version is still a release, not a folder of them.
        let mut odd = input("1.0.0", &[("../a", "next")]);
        odd.found.push(child("../a/r1", "1.0.0", "../a"));
        let none = pick_release_dirs(&odd).unwrap();
        assert!(none.unavailable.is_some());
    }
}
