//! A refresh plan held inside the engine, so that at 100,000 files the plan crosses the
//! binding once as what the shim needs and never comes back in.
//!
//! [`plan_refresh`] returns the whole plan; the shim used to hand it back to
//! [`refresh_steps`] and again to [`run_report`], each crossing decoding and encoding
//! every planned file. A session plans once and answers from the plan it keeps: the files
//! whose action writes nothing ([`RefreshSession::unwritten`]: decisions to journal,
//! pending files to ask about, diffs to show), the write steps, the planned files those
//! steps name, the report and the record's text. The answers are the same values the
//! three calls give.
//!
//! ```
//! use upkeep_core::refresh::{plan_refresh, refresh_steps, Observations, PathObservation, RefreshOptions, RefreshSession};
//! use upkeep_core::sha256_hex;
//!
//! let manifest = br#"{"schema":1,"files":[{"src":"a","target":"a"}]}"#;
//! let old = sha256_hex(b"old");
//! let record = format!(r#"{{"schema":1,"files":[{{"src":"a","target":"a","sha256":"{old}"}}]}}"#);
//! let observations = Observations {
//!     sources: vec![PathObservation::file("a", sha256_hex(b"new"))],
//!     hosts: vec![PathObservation::file("a", old)],
//! };
//! let plan = plan_refresh(manifest, Some(record.as_bytes()), &observations, &RefreshOptions::default()).unwrap();
//! let mut session = RefreshSession::new(manifest, Some(record.as_bytes()), observations, RefreshOptions::default()).unwrap();
//! assert!(session.mutating());
//! assert_eq!(session.steps(".upkeep-backups/r1").unwrap(), refresh_steps(&plan, ".upkeep-backups/r1").unwrap());
//! assert_eq!(session.files_at(&[0]).unwrap(), plan.files);
//! ```

use super::manifest::InstallManifest;
use super::plan::{
    parse_documents, plan_install, plan_parsed, Action, FileDecision, Observations, Plan,
    PlannedFile, ReadRecord, RefreshOptions,
};
use super::report::{run_report, RunFacts, RunReport};
use super::steps::refresh_steps;
use crate::error::{Error, ErrorKind, Result};
use crate::writes::WriteStep;

/// What a refresh needs to plan again once the user has answered: the documents as
/// parsed once, not their bytes.
#[derive(Debug)]
struct Replan {
    manifest: InstallManifest,
    record: Option<ReadRecord>,
    observations: Observations,
    options: RefreshOptions,
}

/// An install or refresh plan kept in the engine; see the module documentation.
#[derive(Debug)]
pub struct RefreshSession {
    plan: Plan,
    /// Present until the steps are taken: a decision cannot change a plan being carried out.
    replan: Option<Replan>,
    /// Whether the plan resumes an interrupted run (whose journal it must close).
    resumes: bool,
}

impl RefreshSession {
    /// Plans a refresh as [`super::plan_refresh`] does.
    pub fn new(
        manifest: &[u8],
        record: Option<&[u8]>,
        observations: Observations,
        options: RefreshOptions,
    ) -> Result<Self> {
        let (manifest, record) = parse_documents(manifest, record, &options)?;
        Self::parsed(manifest, record, observations, options)
    }

    /// Plans a refresh from documents parsed once ([`super::RefreshInputs`]).
    pub(crate) fn parsed(
        manifest: InstallManifest,
        record: Option<ReadRecord>,
        observations: Observations,
        options: RefreshOptions,
    ) -> Result<Self> {
        let plan = plan_parsed(&manifest, record.as_ref(), &observations, &options)?;
        let resumes = options.resume.is_some();
        let replan = Replan {
            manifest,
            record,
            observations,
            options,
        };
        Ok(RefreshSession {
            plan,
            replan: Some(replan),
            resumes,
        })
    }

    /// Plans an install as [`plan_install`] does (no decisions to take afterwards).
    pub fn install(
        manifest: &[u8],
        manifest_name: &str,
        observations: &Observations,
        force: bool,
    ) -> Result<Self> {
        Ok(RefreshSession {
            plan: plan_install(manifest, manifest_name, observations, force)?,
            replan: None,
            resumes: false,
        })
    }

    /// Plans the refresh again with the user's answers (they win over the options).
    pub fn decide(&mut self, decisions: Vec<FileDecision>) -> Result<()> {
        let replan = self.replan.as_mut().ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidArgument,
                "decisions",
                "this plan takes no more decisions (an install, or its steps are taken)",
            )
        })?;
        let options = RefreshOptions {
            decisions,
            ..replan.options.clone()
        };
        self.plan = plan_parsed(
            &replan.manifest,
            replan.record.as_ref(),
            &replan.observations,
            &options,
        )?;
        replan.options = options;
        Ok(())
    }

    /// The planned files whose action writes no file (`record`, `diff`, `pending`,
    /// `conflict`), in plan order.
    pub fn unwritten(&self) -> Vec<PlannedFile> {
        self.plan
            .files
            .iter()
            .filter(|f| !matches!(f.action, Action::None | Action::Write | Action::Remove))
            .cloned()
            .collect()
    }

    /// Files waiting for a decision, shown as a diff, or in conflict.
    pub fn attention(&self) -> u32 {
        self.plan.attention
    }

    /// Whether carrying the plan out changes anything: a file's action, the record, or the
    /// journal of an interrupted run it resumes. That run must be closed even when the run
    /// that killed it had done everything: left open, it is resumed again by every later
    /// run and refuses the next source version.
    pub fn mutating(&self) -> bool {
        self.resumes
            || self.plan.record_changed
            || self.plan.files.iter().any(|f| f.action != Action::None)
    }

    /// The write steps ([`refresh_steps`]); the plan takes no decisions afterwards, and
    /// what it kept to plan again is freed.
    pub fn steps(&mut self, backup_dir: &str) -> Result<Vec<WriteStep>> {
        self.replan = None;
        refresh_steps(&self.plan, backup_dir)
    }

    /// The planned files at these indices (the `index` of a step), in that order.
    pub fn files_at(&self, indices: &[u32]) -> Result<Vec<PlannedFile>> {
        indices
            .iter()
            .map(|&i| {
                self.plan.files.get(i as usize).cloned().ok_or_else(|| {
                    Error::new(
                        ErrorKind::InvalidArgument,
                        "indices",
                        format!(
                            "the plan has no file {i} (it has {})",
                            self.plan.files.len()
                        ),
                    )
                })
            })
            .collect()
    }

    /// The report of the run ([`run_report`]).
    pub fn report(&self, facts: &RunFacts) -> RunReport {
        run_report(&self.plan, facts)
    }

    /// Where the record lives in the host repository.
    pub fn record_path(&self) -> &str {
        &self.plan.record_path
    }

    /// The record's new content, to write once every file is done.
    pub fn record_text(&self) -> &str {
        &self.plan.record_text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::refresh::{InterruptedRun, PathObservation};
    use crate::sha256_hex;

    /// A refresh with nothing left to do: the host has the source's content, recorded as
    /// the engine writes the record.
    fn settled(resume: Option<InterruptedRun>) -> RefreshSession {
        let manifest = br#"{"schema":1,"files":[{"src":"a","target":"a"}]}"#;
        let digest = sha256_hex(b"v2");
        let observations = || Observations {
            sources: vec![PathObservation::file("a", digest.clone())],
            hosts: vec![PathObservation::file("a", digest.clone())],
        };
        let old = format!(
            r#"{{"schema":1,"files":[{{"src":"a","target":"a","sha256":"{}"}}]}}"#,
            sha256_hex(b"v1")
        );
        let first = RefreshSession::new(
            manifest,
            Some(old.as_bytes()),
            observations(),
            RefreshOptions::default(),
        )
        .unwrap();
        let record = first.record_text().to_string();
        let options = RefreshOptions {
            resume,
            ..RefreshOptions::default()
        };
        RefreshSession::new(manifest, Some(record.as_bytes()), observations(), options).unwrap()
    }

    #[test]
    fn nothing_to_do_writes_nothing() {
        assert!(!settled(None).mutating());
    }

    #[test]
    fn resuming_a_run_that_had_finished_its_files_still_closes_its_journal() {
        let resume = InterruptedRun {
            run: "r1".into(),
            files: Vec::new(),
        };
        assert!(settled(Some(resume)).mutating());
    }
}
