//! The plan kept in the session: [`UpdateSession::plan`] plans as
//! [`UpdateSession::finish`] does, keeps the plan, and hands the shim only what carrying
//! it out takes (the steps, the bytes of the planned ones, the region jobs). Everything
//! after reads the kept plan: the run's finish, the regenerated regions, the exit code,
//! the printed outcome, the change request and the `--json` document. At 100,000 files
//! the plan (a verdict per file, the report's lists) crossed into JavaScript and back in
//! up to four times; now only what is printed or returned crosses, once.
//!
//! ```
//! use upkeep_core::update::{DocumentFacts, FileInput, SideInput, UpdateInput, UpdateSession};
//!
//! let manifest = r#"{"schema":1,"files":{"a.txt":"shared"}}"#;
//! let mut input = UpdateInput::new("1.0.0", "1.1.0", manifest, manifest);
//! input.options.run_id = "run".into();
//! input.options.dry_run = true;
//! input.files.push(FileInput { path: "a.txt".into(), current: Some(SideInput::file(b"v1\n")),
//!     baseline: Some(SideInput::file(b"v1\n")), latest: Some(SideInput::file(b"v2\n")) });
//! let mut session = UpdateSession::new(input).unwrap();
//! let outline = session.plan().unwrap();
//! assert!(outline.pending); // a dry run plans the steps, and the shim carries out none
//! let facts = DocumentFacts { status: "dry-run".into(), read_only: true, ..DocumentFacts::default() };
//! let document = session.document(&facts).unwrap();
//! assert_eq!(document.report.merge, ["a.txt"]);
//! assert_eq!(document.files.unwrap()[0].path, "a.txt"); // changed upstream
//! ```

use super::UpdateSession;
use crate::error::{Error, ErrorKind, Result};
use crate::fleet::{exit_code, pr_payload, ExitInput, PrInput, PrPayload};
use crate::regions::{finish_update_regions, RegenJob, RegenRun, RegionsFinish};
use crate::render::Line;
use crate::update::bytes::Bytes;
use crate::update::finish::{finish_update, RunOutcome, UpdateRun};
use crate::update::summary::{render_update_outcome, OutcomeFacts, SummaryOptions};
use crate::update::{
    update_document, Action, DocumentFacts, UpdateDocument, UpdatePlan, UpdateStatus,
};
use crate::writes::{StepContent, WriteStep};

/// What the shim needs to carry out a plan the session keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PlanOutline {
    /// The writes, in order ([`UpdatePlan::steps`]).
    pub steps: Vec<WriteStep>,
    /// The content of each step whose content is the plan's (a merge result, a patch,
    /// notes), by the step's `index`.
    pub contents: Vec<PlannedContent>,
    /// Whether an update is pending ([`UpdatePlan::pending`]).
    pub pending: bool,
    /// The summary the CLI prints ([`UpdatePlan::summary`]).
    pub summary: String,
    /// Whether the report says anything about generated regions: the regions are then
    /// regenerated after the writes (see [`crate::update::regions_due`]).
    pub regions: bool,
    /// The regions to regenerate, skip or refuse ([`UpdatePlan::region_jobs`]).
    pub region_jobs: Vec<RegenJob>,
}

/// The bytes of one planned step.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PlannedContent {
    /// The step's `index`: its place in the plan's actions.
    pub index: u32,
    /// What it writes.
    #[cfg_attr(feature = "contracts", schemars(extend("tsType" = "Uint8Array")))]
    pub bytes: Bytes,
}

/// How a run that carried out a kept plan ended (its report stays in the session).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct RunEnd {
    /// The summary the CLI prints.
    pub summary: String,
    /// How the run ended.
    pub outcome: RunOutcome,
    /// The run's status word (see [`crate::update::UpdateFinished::status`]).
    pub status: UpdateStatus,
    /// Whether the shim writes the new version and manifest now.
    pub bump_version: bool,
    /// The state files to write then, in order (empty unless `bump_version`).
    pub state_writes: Vec<crate::update::StateWrite>,
}

impl UpdateSession {
    /// Plans as [`Self::finish`] does and keeps the plan; answers what carrying it out
    /// takes. The session then takes no more sides.
    pub fn plan(&mut self) -> Result<PlanOutline> {
        self.live("plan")?;
        let plan = self.finish()?;
        let contents = plan
            .steps
            .iter()
            .filter(|s| matches!(s.content, StepContent::Planned))
            .filter_map(|s| s.index)
            .filter_map(|index| {
                let bytes = match plan.actions.get(index)? {
                    Action::WriteMerged { bytes, .. } | Action::WritePatch { bytes, .. } => bytes,
                    Action::Copy { .. } => return None,
                };
                Some(PlannedContent {
                    index: index as u32,
                    bytes: bytes.clone(),
                })
            })
            .collect();
        let outline = PlanOutline {
            steps: plan.steps.clone(),
            contents,
            pending: plan.pending,
            summary: plan.summary.clone(),
            regions: !plan.report.regions.is_quiet(),
            region_jobs: plan.region_jobs.clone(),
        };
        self.held = Some(plan);
        Ok(outline)
    }

    /// The kept plan, its report and summary as the run has completed them.
    pub fn planned(&self) -> Result<&UpdatePlan> {
        self.held.as_ref().ok_or_else(|| not_planned("planned"))
    }

    /// Completes the kept plan's report with what the run did ([`finish_update`]): `run`
    /// gives the outcomes, the stop, the backups and a refused state write; its report
    /// and steps are the session's.
    pub fn finish_run(&mut self, mut run: UpdateRun) -> Result<RunEnd> {
        let plan = self.held.as_mut().ok_or_else(|| not_planned("finishRun"))?;
        if !run.steps.is_empty() {
            return Err(Error::new(
                ErrorKind::InvalidUpdateInput,
                "finishRun",
                "the steps are the session's plan's: leave them out",
            ));
        }
        // A second finish (the version file refused after the first) starts again from
        // the report as planned, as the first did.
        run.report = self
            .run_base
            .get_or_insert_with(|| plan.report.clone())
            .clone();
        run.steps.clone_from(&plan.steps);
        let state_dir = run.state_dir.clone();
        let finished = finish_update(run);
        let state_writes = if finished.bump_version {
            crate::update::state_writes(&state_dir, &finished.report.to)?
        } else {
            Vec::new()
        };
        plan.report = finished.report;
        plan.summary.clone_from(&finished.summary);
        Ok(RunEnd {
            summary: finished.summary,
            outcome: finished.outcome,
            status: finished.status,
            bump_version: finished.bump_version,
            state_writes,
        })
    }

    /// Completes the kept plan's report with its regions' regeneration
    /// ([`finish_update_regions`]); answers the summary.
    pub fn finish_regions(&mut self, runs: Vec<RegenRun>) -> Result<String> {
        let state_dir = self.prepared.options.state_dir.clone();
        let plan = self
            .held
            .as_mut()
            .ok_or_else(|| not_planned("finishRegions"))?;
        let finished = finish_update_regions(RegionsFinish {
            report: std::mem::take(&mut plan.report),
            jobs: plan.region_jobs.clone(),
            runs,
            state_dir,
        });
        plan.report = finished.report;
        plan.summary.clone_from(&finished.summary);
        self.run_base = None;
        Ok(finished.summary)
    }

    /// The `--json` document ([`update_document`]) of the kept plan.
    pub fn document(&self, facts: &DocumentFacts) -> Result<UpdateDocument> {
        let plan = self.held.as_ref().ok_or_else(|| not_planned("document"))?;
        update_document(facts, Some(plan))
    }

    /// The exit code ([`exit_code`]) with the kept plan's report, pending flag and run
    /// outcome in `input`.
    pub fn exit_code(&mut self, mut input: ExitInput) -> Result<u8> {
        let plan = self.held.as_mut().ok_or_else(|| not_planned("exitCode"))?;
        input.pending = plan.pending;
        input.run = plan.report.run.as_ref().map(|run| run.outcome);
        input.report = Some(std::mem::take(&mut plan.report));
        let code = exit_code(&input);
        plan.report = input.report.unwrap_or_default();
        Ok(code)
    }

    /// The outcome as lines ([`render_update_outcome`]) with the kept plan's report and
    /// the paths each side changed in `facts`.
    pub fn render_outcome(
        &mut self,
        mut facts: OutcomeFacts,
        options: &SummaryOptions,
    ) -> Result<Vec<Line>> {
        let plan = self
            .held
            .as_mut()
            .ok_or_else(|| not_planned("renderOutcome"))?;
        let changed = |local: bool| {
            plan.files
                .iter()
                .filter(|f| {
                    if local {
                        f.local_change
                    } else {
                        f.upstream_change
                    }
                })
                .map(|f| f.path.clone())
                .collect()
        };
        facts.local_changes = changed(true);
        facts.upstream_changes = changed(false);
        facts.report = Some(std::mem::take(&mut plan.report));
        let lines = render_update_outcome(&facts, options);
        plan.report = facts.report.unwrap_or_default();
        Ok(lines)
    }

    /// The change request ([`pr_payload`]) of the kept plan's report.
    pub fn pr_payload(&mut self, mut input: PrInput) -> Result<PrPayload> {
        let plan = self.held.as_mut().ok_or_else(|| not_planned("prPayload"))?;
        input.report = std::mem::take(&mut plan.report);
        let payload = pr_payload(&input);
        plan.report = input.report;
        payload
    }
}

fn not_planned(call: &str) -> Error {
    Error::new(
        ErrorKind::InvalidUpdateInput,
        call,
        "this update session keeps no plan: call plan() first",
    )
}
