//! Where an extracted archive's release is: GitHub's and npm's archives wrap every file in
//! one top-level folder (`<repo>-<ref>/`, `package/`), and an npm package carries its
//! version in that folder's `package.json`. The shim lists the archive's top level and
//! reads the one file named here; the rule is decided here.
//!
//! ```
//! use upkeep_core::lifecycle::{archive_root, package_version, TopEntry};
//!
//! let top = [TopEntry { name: "package".into(), directory: true }];
//! let root = archive_root(&top, ".upkeep");
//! assert_eq!(root.folder.as_deref(), Some("package"));
//! assert_eq!(root.version_file.as_deref(), Some("package.json"));
//! assert_eq!(package_version(r#"{"name":"t","version":"1.2.0"}"#).as_deref(), Some("1.2.0"));
//! ```

use crate::json::{self, Json, Node};

/// One entry at an archive's top level.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct TopEntry {
    /// Its name.
    pub name: String,
    /// Whether it is a folder (not through a link).
    pub directory: bool,
}

/// Where the release is in an extracted archive.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ArchiveRoot {
    /// The top-level folder the release is in; `None`: the archive's top level itself.
    pub folder: Option<String>,
    /// The file in that folder whose `version` is the release's ([`package_version`]):
    /// `package.json` in an npm package (`package/`); `None` otherwise.
    pub version_file: Option<String>,
}

/// The folder npm packs a package's files in.
const NPM_PACKAGE_FOLDER: &str = "package";

/// Where the release is: inside the archive's one top-level folder when it holds nothing
/// else (and that folder is not upkeep's state folder, which a release keeps at its own
/// top level), else the top level itself.
pub fn archive_root(top: &[TopEntry], state_dir: &str) -> ArchiveRoot {
    match top {
        [only] if only.directory && only.name != state_dir => ArchiveRoot {
            folder: Some(only.name.clone()),
            version_file: (only.name == NPM_PACKAGE_FOLDER).then(|| "package.json".to_string()),
        },
        _ => ArchiveRoot {
            folder: None,
            version_file: None,
        },
    }
}

/// The `version` string of a `package.json`; `None` when the text is not JSON or has no
/// string `version` (the release is then versioned as any other).
pub fn package_version(text: &str) -> Option<String> {
    let doc = json::parse(text.as_bytes()).ok()?;
    match doc.get("version") {
        Some(Node {
            value: Json::String(version),
            ..
        }) => Some(version.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str, directory: bool) -> TopEntry {
        TopEntry {
            name: name.into(),
            directory,
        }
    }

    #[test]
    fn one_folder_is_descended_into_unless_it_is_the_state_folder() {
        let github = archive_root(&[entry("tpl-1.2.0", true)], ".upkeep");
        assert_eq!(github.folder.as_deref(), Some("tpl-1.2.0"));
        assert_eq!(github.version_file, None);
        assert_eq!(
            archive_root(&[entry(".upkeep", true)], ".upkeep").folder,
            None
        );
        assert_eq!(
            archive_root(&[entry("package", false)], ".upkeep").folder,
            None
        );
        assert_eq!(
            archive_root(&[entry("a", true), entry("b", true)], ".upkeep").folder,
            None
        );
        assert_eq!(archive_root(&[], ".upkeep").folder, None);
    }

    #[test]
    fn a_package_version_is_a_string_or_nothing() {
        assert_eq!(
            package_version(r#"{"version":"2.0.0-rc.1"}"#).as_deref(),
            Some("2.0.0-rc.1")
        );
        assert_eq!(package_version(r#"{"version":2}"#), None);
        assert_eq!(package_version("{"), None);
        assert_eq!(package_version("[]"), None);
    }
}
