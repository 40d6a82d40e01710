//! The update's last region step: fold the shim's runs into the report and render the
//! summary again, now that it knows what regeneration did.
//!
//! ```
//! use upkeep_core::regions::{finish_update_regions, RegionsFinish};
//! use upkeep_core::update::{UpdateReport, Version};
//!
//! let v = |s: &str| s.parse::<Version>().unwrap();
//! let mut report = UpdateReport::new(&v("1.0.0"), &v("1.1.0"));
//! report.regions.mentioned = true;
//! report.regions.declarations_loaded = 1;
//! let done = finish_update_regions(RegionsFinish { report, jobs: vec![], runs: vec![], state_dir: ".upkeep".into() });
//! assert!(done.summary.contains("Regions      all declared regions current"));
//! ```

use super::regen::RegenJob;
use super::regen_finish::{finish_regions, RegenRun};
use crate::update::{render_summary, UpdateReport};

/// The plan's report and jobs, and what the shim observed running them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "RegionsFinishInput"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct RegionsFinish {
    /// The plan's report.
    pub report: UpdateReport,
    /// The plan's region jobs.
    pub jobs: Vec<RegenJob>,
    /// The runs, one per job the shim ran.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub runs: Vec<RegenRun>,
    /// The state folder (`.upkeep`).
    pub state_dir: String,
}

/// The completed report and its summary.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct RegionsFinished {
    /// The report with `regions.regen` filled.
    pub report: UpdateReport,
    /// The summary table, as the CLI prints it.
    pub summary: String,
}

/// Completes an update's report with its regeneration results (never a dry run: a dry
/// run regenerates nothing and keeps the plan's summary).
pub fn finish_update_regions(input: RegionsFinish) -> RegionsFinished {
    let mut report = input.report;
    finish_regions(&mut report.regions, &input.jobs, &input.runs);
    let summary = render_summary(&report, &input.state_dir, false);
    RegionsFinished { report, summary }
}
