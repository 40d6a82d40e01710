//! One file planned on its own, as the demo's single-file view shows it: the file's three
//! sides under the manifest `manifest init` writes for it alone with its class (a shared
//! `package.json` field-merged), as a dry run between two
//! sample versions. The planner is the update's; only the frame around the file is made
//! up here, so the verdict is the one a real update would give.
//!
//! ```
//! use upkeep_core::update::{plan_single_file, Bytes, FileClass, SingleFile};
//!
//! let planned = plan_single_file(&SingleFile {
//!     path: "  ".into(),
//!     class: FileClass::Owned,
//!     baseline: Some(Bytes(b"a\n".to_vec())),
//!     current: Some(Bytes(b"a\n".to_vec())),
//!     latest: Some(Bytes(b"b\n".to_vec())),
//! });
//! assert_eq!(planned.path, "file.txt");
//! assert_eq!(planned.plan.unwrap().files[0].outcome, "overwritten");
//! ```

use super::bytes::Bytes;
use super::manifest::FileClass;
use super::plan::{plan_update, FileInput, SideInput, UpdateInput, UpdateOptions, UpdatePlan};
use crate::lifecycle::render_manifest;
use crate::refusal::Refusal;

/// The path a file without one is planned under.
pub const SINGLE_FILE_PATH: &str = "file.txt";
/// The versions a single file is planned between.
pub const SINGLE_FILE_VERSIONS: (&str, &str) = ("1.0.0", "1.1.0");

/// One file's path, class and sides (`None`: absent on that side).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SingleFile {
    /// The path as typed (trimmed; empty: [`SINGLE_FILE_PATH`]).
    pub path: String,
    /// Its class in the manifest.
    pub class: FileClass,
    /// The baseline release's copy.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub baseline: Option<Bytes>,
    /// The project's copy.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub current: Option<Bytes>,
    /// The latest release's copy.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub latest: Option<Bytes>,
}

/// The plan (or why there is none), and the path and versions it was made with: the
/// view labels its diff and its merge preview with them either way.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct SingleFilePlan {
    /// The path the file was planned under.
    pub path: String,
    /// The baseline version.
    pub from: String,
    /// The latest version.
    pub to: String,
    /// The update's dry-run plan.
    pub plan: Option<UpdatePlan>,
    /// Why the planner refused the file (an unsafe path, say): its error's code and words.
    pub error: Option<Refusal>,
}

/// Plans `file` as the only file of an update (a dry run with the default options).
pub fn plan_single_file(file: &SingleFile) -> SingleFilePlan {
    let path = match file.path.trim() {
        "" => SINGLE_FILE_PATH.to_string(),
        typed => typed.to_string(),
    };
    // The manifest `manifest init` would write for this one file.
    let manifest = render_manifest(&[(path.clone(), file.class.as_str())], &[]);
    let side = |bytes: &Option<Bytes>| bytes.as_ref().map(|b| SideInput::file(&b.0));
    let (from, to) = SINGLE_FILE_VERSIONS;
    let mut input = UpdateInput::new(from, to, &manifest, &manifest);
    input.files = vec![FileInput {
        path: path.clone(),
        current: side(&file.current),
        baseline: side(&file.baseline),
        latest: side(&file.latest),
    }];
    input.options = UpdateOptions {
        run_id: "demo".into(),
        dry_run: true,
        ..UpdateOptions::default()
    };
    let (plan, error) = match plan_update(input) {
        Ok(plan) => (Some(plan), None),
        Err(e) => (None, Some(Refusal::new(e.code(), e.to_string()))),
    };
    SingleFilePlan {
        path,
        from: from.into(),
        to: to.into(),
        plan,
        error,
    }
}
