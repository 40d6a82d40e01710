//! The `upkeep update` a fleet step runs, as the arguments of its own process: without a
//! prompt (`--yes`), exiting non-zero only on an error (`--exit-on error`: conflicts are
//! the change request's to show, not the job's to fail on), its report as JSON on stdout
//! and the change request written to the payload folder.
//!
//! ```
//! use upkeep_core::fleet::{step_update_args, StepUpdate};
//!
//! let args = step_update_args(&StepUpdate {
//!     payload: "/repo/.git/upkeep-pr".into(),
//!     project: "/repo".into(),
//!     state_dir: ".upkeep".into(),
//!     to: Some("1.3.0".into()),
//! });
//! assert_eq!(&args[..4], ["update", "--yes", "--exit-on", "error"]);
//! assert_eq!(&args[args.len() - 2..], ["--to", "1.3.0"]);
//! ```

/// Where the step's update runs and what it writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct StepUpdate {
    /// The folder the change request is written to.
    pub payload: String,
    /// The project's folder.
    pub project: String,
    /// The project's state folder.
    pub state_dir: String,
    /// The target version (`--to`); none for the recorded source's latest.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub to: Option<String>,
}

/// The arguments of the step's `upkeep update` (after the program's name).
pub fn step_update_args(step: &StepUpdate) -> Vec<String> {
    let mut args: Vec<String> = ["update", "--yes", "--exit-on", "error", "--json", "--pr"]
        .map(String::from)
        .to_vec();
    args.extend([
        step.payload.clone(),
        "--root".into(),
        step.project.clone(),
        "--state-dir".into(),
        step.state_dir.clone(),
    ]);
    if let Some(to) = &step.to {
        args.extend(["--to".into(), to.clone()]);
    }
    args
}
