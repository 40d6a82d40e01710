//! How a message names a file a command reads, when a path alone would not say which it
//! is: a project's state file, a release's file, a release's manifest, or a file the
//! command line was given for a role (`--weights`, `--bricks`, `--rules`). The shells say
//! which file it is; the words are decided here, like every other message's.
//!
//! ```
//! use upkeep_core::input_names::{input_name, InputName};
//!
//! let name = InputName::ReleaseFile { release: "latest".into(), path: ".upkeep/VERSION".into() };
//! assert_eq!(input_name(&name), "the latest release's .upkeep/VERSION");
//! assert_eq!(input_name(&InputName::WeightsFile), "weights file");
//! ```

/// A file a command reads, by what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)
)]
pub enum InputName {
    /// One of the project's own files (`.upkeep/VERSION`), in the project at `root`.
    ProjectFile {
        /// Its path inside the project.
        path: String,
        /// The project.
        root: String,
    },
    /// A file of a release an update opened.
    ReleaseFile {
        /// Which release (`latest`, `baseline`, or `release` for one opened on its own).
        release: String,
        /// Its path inside the release.
        path: String,
    },
    /// The manifest of the release at `spec`.
    ReleaseManifest {
        /// The release.
        spec: String,
    },
    /// `manifest init --rules`.
    RulesFile,
    /// `score --weights`.
    WeightsFile,
    /// `loop --bricks`.
    BrickCatalogue,
    /// `loop --graph`.
    LoopGraph,
    /// `loop --card`.
    LoopCard,
    /// `refresh` and `install`'s `--manifest` (or the source's default one).
    InstallManifest,
}

/// The words a message names `name` with.
pub fn input_name(name: &InputName) -> String {
    match name {
        InputName::ProjectFile { path, root } => format!("{path} in {root}"),
        InputName::ReleaseFile { release, path } => {
            format!("{}'s {path}", crate::lifecycle::release_side(release))
        }
        InputName::ReleaseManifest { spec } => format!("{spec} manifest"),
        InputName::RulesFile => "the rules file".into(),
        InputName::WeightsFile => "weights file".into(),
        InputName::BrickCatalogue => "brick catalogue".into(),
        InputName::LoopGraph => "graph".into(),
        InputName::LoopCard => "card".into(),
        InputName::InstallManifest => "the install manifest".into(),
    }
}
