//! What an update reads before it plans, parsed once: the two release manifests. The
//! shim used to hand both texts to three calls in a row (the dirty guard, the read list,
//! the session), each parsing them again; at 100,000 files that was six parses of two
//! 6 MB documents. [`UpdateInputs`] parses them once and answers all three.
//!
//! ```
//! use upkeep_core::update::{plan_update, FileInput, SideInput, UpdateInput, UpdateInputs, UpdateOptions};
//!
//! let manifest = r#"{"schema":1,"files":{"a.txt":"shared"}}"#;
//! let inputs = UpdateInputs::open(manifest, manifest, None).unwrap();
//! inputs.check_clean(None, &UpdateOptions::default()).unwrap();
//! assert_eq!(inputs.read_list().paths, ["a.txt"]);
//! let files = vec![FileInput { path: "a.txt".into(), current: Some(SideInput::file(b"v1\n")),
//!     baseline: Some(SideInput::file(b"v1\n")), latest: Some(SideInput::file(b"v2\n")) }];
//!
//! let mut input = UpdateInput::new("1.0.0", "1.1.0", "", "");
//! input.options.run_id = "run".into();
//! input.files = files.clone();
//! let mut session = inputs.session(input.clone()).unwrap(); // the manifests it opened
//!
//! input.baseline_manifest = manifest.into();
//! input.latest_manifest = manifest.into();
//! assert_eq!(session.finish().unwrap(), plan_update(input).unwrap());
//! ```

use super::prepare::prepare_parsed;
use super::{check_manifests, check_state_dir, read_list_of, ReadList, UpdateInput, UpdateOptions};
use super::{UpdateSession, DEFAULT_STATE_DIR};
use crate::error::{Error, ErrorKind, Result};
use crate::update::dirty::{guard, GitStatus};
use crate::update::manifest::{parse_manifest, Manifest};

/// The two manifests of an update, parsed and checked once; see the module documentation.
#[derive(Debug)]
pub struct UpdateInputs {
    baseline: Manifest,
    latest: Manifest,
    state_dir: String,
}

impl UpdateInputs {
    /// Parses and checks both manifests as [`super::plan_update`] does; `state_dir` is the
    /// state folder, `None` for `.upkeep`.
    pub fn open<'a>(
        baseline_manifest: &str,
        latest_manifest: &str,
        state_dir: impl Into<Option<&'a str>>,
    ) -> Result<Self> {
        let state_dir = state_dir.into().unwrap_or(DEFAULT_STATE_DIR);
        check_state_dir(state_dir)?;
        let baseline = parse_manifest(baseline_manifest, "baseline release manifest")?;
        let latest = parse_manifest(latest_manifest, "latest release manifest")?;
        check_manifests(&baseline, &latest, state_dir)?;
        Ok(UpdateInputs {
            baseline,
            latest,
            state_dir: state_dir.to_string(),
        })
    }

    /// The dirty guard ([`super::check_clean`]): refused when git reports uncommitted
    /// changes in managed files, unless the options let it through.
    pub fn check_clean(&self, git: Option<&GitStatus>, options: &UpdateOptions) -> Result<()> {
        guard(&self.baseline, &self.latest, git, options)
    }

    /// What the plan needs read ([`super::read_list`]).
    pub fn read_list(&self) -> ReadList {
        read_list_of(&self.baseline, &self.latest)
    }

    /// The refusal of a call on inputs that already made their session.
    pub fn spent() -> Error {
        Error::new(
            ErrorKind::InvalidUpdateInput,
            "inputs",
            "these inputs already made their update session; open the manifests again",
        )
    }

    /// The update session of `input` over these manifests: `input` leaves its manifest
    /// texts empty, and plans with the state folder they were opened with.
    pub fn session(self, input: UpdateInput) -> Result<UpdateSession> {
        let refuse = |detail: &str| Err(Error::new(ErrorKind::InvalidUpdateInput, "input", detail));
        if !input.baseline_manifest.is_empty() || !input.latest_manifest.is_empty() {
            return refuse(
                "the manifests are the ones these inputs opened: leave baselineManifest and latestManifest out",
            );
        }
        if input.options.state_dir != self.state_dir {
            return refuse(&format!(
                "options.stateDir is '{}', and these inputs were opened for '{}'",
                input.options.state_dir, self.state_dir
            ));
        }
        UpdateSession::prepared(prepare_parsed(self.baseline, self.latest, input)?)
    }
}
