//! Where `install` and `refresh` read a source's install manifest: the one the caller
//! named (a path as given, from where the command runs), or [`DEFAULT_MANIFEST`] inside
//! the source. A shell passes the user's option as it came and joins what this answers.
//!
//! ```
//! use upkeep_core::refresh::manifest_place;
//!
//! let default = manifest_place(None);
//! assert_eq!((default.path.as_str(), default.in_source), ("install/manifest.json", true));
//! let named = manifest_place(Some("ci/manifest.json"));
//! assert_eq!((named.path.as_str(), named.in_source), ("ci/manifest.json", false));
//! ```

use super::manifest::DEFAULT_MANIFEST;

/// Where the manifest is, and the name messages give it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ManifestPlace {
    /// The manifest's path, also its name in messages: inside the source when
    /// `in_source`, else as the caller gave it.
    pub path: String,
    /// Whether `path` is relative to the source's root (none was named).
    pub in_source: bool,
}

/// The manifest to read for the caller's `manifest` option.
pub fn manifest_place(manifest: Option<&str>) -> ManifestPlace {
    match manifest {
        Some(path) => ManifestPlace {
            path: path.into(),
            in_source: false,
        },
        None => ManifestPlace {
            path: DEFAULT_MANIFEST.into(),
            in_source: true,
        },
    }
}
