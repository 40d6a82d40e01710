//! The refusal of a refresh in a repository that has no record yet: it names the record
//! and the folder, and gives the install command that writes it, for this source and
//! target as the user named them.
//!
//! ```
//! use upkeep_core::refresh::{no_record, NoRecordFacts};
//!
//! let refusal = no_record(&NoRecordFacts {
//!     record: ".upkeep-source.json".into(),
//!     root: "/work/app".into(),
//!     source: "../tpl".into(),
//!     target: ".".into(),
//!     manifest: None,
//! });
//! assert_eq!(refusal.code, "no-record");
//! assert!(refusal.message.ends_with("`upkeep install --source ../tpl --target .`"));
//! ```

use crate::refusal::Refusal;
use crate::regions::shell_command;

/// What the refusal names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct NoRecordFacts {
    /// The record's path inside the repository.
    pub record: String,
    /// The repository, as a real path.
    pub root: String,
    /// `--source` as given.
    pub source: String,
    /// `--target` as given.
    pub target: String,
    /// `--manifest` as given, when it was.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub manifest: Option<String>,
}

/// The `no-record` refusal; see the module documentation.
pub fn no_record(facts: &NoRecordFacts) -> Refusal {
    let mut argv: Vec<String> = [
        "upkeep",
        "install",
        "--source",
        &facts.source,
        "--target",
        &facts.target,
    ]
    .map(String::from)
    .to_vec();
    if let Some(manifest) = &facts.manifest {
        argv.extend(["--manifest".to_string(), manifest.clone()]);
    }
    Refusal::new(
        "no-record",
        format!(
            "no record '{}' in '{}': install first with `{}`",
            facts.record,
            facts.root,
            shell_command(&argv)
        ),
    )
}
