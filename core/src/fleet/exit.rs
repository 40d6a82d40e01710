//! `--exit-on never|conflict|error`: the exit code of `update` and `status` from the
//! report (or the failure) and the policy. Fleet runners treat any non-zero exit as a
//! failed repository that gets no pull request, so a job that must still open one for a
//! person to resolve conflicts asks for `--exit-on error`.
//!
//! | policy | conflicts or pending deletes | status: update pending | failure | stopped |
//! |---|---|---|---|---|
//! | (none: today's codes) | 1 | 1 | its code | 130 / 143 |
//! | `conflict` | 1 | 0 | its code | 130 / 143 |
//! | `error` | 0 | 0 | its code | 130 / 143 |
//! | `never` | 0 | 0 | 0 | 130 / 143 |
//!
//! A stop (Ctrl-C, SIGTERM, a cancelled job) keeps its code under every policy: the run
//! did not finish, and re-running it resumes.
//!
//! ```
//! use upkeep_core::fleet::{exit_code, parse_exit_policy, ExitInput};
//! use upkeep_core::update::{Conflict, ConflictRoute, FileClass, UpdateReport};
//!
//! let mut report = UpdateReport::default();
//! report.conflicts.push(Conflict::new("a", FileClass::Shared, ConflictRoute::Markers));
//! let mut input = ExitInput { report: Some(report), ..Default::default() };
//! assert_eq!(exit_code(&input), 1);
//! input.policy = Some(parse_exit_policy("error").unwrap());
//! assert_eq!(exit_code(&input), 0);
//! assert_eq!(parse_exit_policy("sometimes").unwrap_err().code(), "invalid-argument");
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::exits::{FINDINGS, INTERRUPTED, IO};
use crate::refresh::RunReport;
use crate::update::{RunOutcome, UpdateReport};

/// When `update` and `status` exit non-zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum ExitPolicy {
    /// Exit 0 whatever happened, unless the run was stopped.
    Never,
    /// Exit 1 on conflicts or pending deletes; errors keep their codes.
    Conflict,
    /// Exit 0 on a finished run (conflicts included); errors keep their codes.
    Error,
}

/// Parses the `--exit-on` value.
pub fn parse_exit_policy(text: &str) -> Result<ExitPolicy> {
    match text {
        "never" => Ok(ExitPolicy::Never),
        "conflict" => Ok(ExitPolicy::Conflict),
        "error" => Ok(ExitPolicy::Error),
        other => Err(Error::new(
            ErrorKind::InvalidArgument,
            "--exit-on",
            format!("{other:?} is not a policy: give never, conflict or error"),
        )),
    }
}

/// A run that did not finish: the code its error maps to, and whether it was a stop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ExitFailure {
    /// The exit code of the error (2 bad input, 74 I/O, 75 busy, 130 / 143 stopped, ...).
    pub exit: u8,
    /// Whether the run was stopped (a signal or a cancelled prompt) rather than failed.
    #[cfg_attr(feature = "serde", serde(default))]
    pub stopped: bool,
}

/// What the exit code is decided from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct ExitInput {
    /// `--exit-on`; `None` keeps the codes of a run without it.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub policy: Option<ExitPolicy>,
    /// `upkeep status` (read-only) rather than `upkeep update`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub read_only: bool,
    /// The finished run's report (`None` when nothing was planned: up to date).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub report: Option<UpdateReport>,
    /// Whether an update is pending (the plan's `pending`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub pending: bool,
    /// Set when the run did not finish.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub failure: Option<ExitFailure>,
    /// How an update that wrote ended (its report's `run.outcome`): an unfinished run
    /// exits with its code (1 files left alone, 74 a write refused, a stop's code).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub run: Option<RunOutcome>,
    /// An install's or a refresh's report, which decides their code alone: a stop's
    /// code, 74 a write refused, 1 files for a person, else 0.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub run_report: Option<RunReport>,
    /// The code a stop exits with (130 after Ctrl-C, 143 after SIGTERM); 130 if not given.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub stop_exit: Option<u8>,
}

/// The exit code (see the module's table).
pub fn exit_code(input: &ExitInput) -> u8 {
    let stop = input.stop_exit.unwrap_or(INTERRUPTED);
    if let Some(report) = &input.run_report {
        return if report.interrupted {
            stop
        } else if report.failed {
            IO
        } else {
            u8::from(report.attention > 0) * FINDINGS
        };
    }
    let unfinished = match input.run {
        Some(RunOutcome::Incomplete) => Some((FINDINGS, false)),
        Some(RunOutcome::Failed) => Some((IO, false)),
        Some(RunOutcome::Interrupted) => Some((stop, true)),
        _ => None,
    };
    let failure = input
        .failure
        .or(unfinished.map(|(exit, stopped)| ExitFailure { exit, stopped }));
    if let Some(failure) = failure {
        if failure.stopped || input.policy != Some(ExitPolicy::Never) {
            return failure.exit;
        }
        return 0;
    }
    let attention = input
        .report
        .as_ref()
        .is_some_and(UpdateReport::needs_attention);
    let finding = match input.policy {
        None => attention || (input.read_only && input.pending),
        Some(ExitPolicy::Conflict) => attention,
        Some(ExitPolicy::Error | ExitPolicy::Never) => false,
    };
    u8::from(finding)
}
