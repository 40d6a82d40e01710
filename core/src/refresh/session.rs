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
//! assert_eq!(session.steps("r1").unwrap(), refresh_steps(&plan, ".upkeep-backups/r1").unwrap());
//! assert_eq!(session.files_at(&[0]).unwrap(), plan.files);
//! ```

use super::inputs::Documents;
use super::plan::{
    plan_install, Action, FileDecision, Observations, Plan, PlannedFile, RefreshOptions,
};
use super::planner::{self, Planned, View};
use super::report::{report_of, run_report, RunFacts, RunReport};
use super::seen::Observed;
use super::steps::{refresh_steps, steps_of};
use crate::error::{Error, ErrorKind, Result};
use crate::writes::WriteStep;

/// A refresh plan with what it was planned from.
#[derive(Debug)]
struct Refresh {
    docs: Documents,
    observed: Observed,
    options: RefreshOptions,
    planned: Planned,
    /// The steps are taken: a decision cannot change a plan being carried out.
    stepped: bool,
}

impl Refresh {
    fn view(&self) -> View<'_> {
        View {
            docs: &self.docs,
            observed: &self.observed,
        }
    }
}

#[derive(Debug)]
enum Kind {
    Refresh(Box<Refresh>),
    /// An install's plan, whole (it takes no decisions).
    Install(Plan),
}

/// An install or refresh plan kept in the engine; see the module documentation.
#[derive(Debug)]
pub struct RefreshSession {
    kind: Kind,
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
        let mut docs = Documents::open(
            manifest,
            options
                .manifest_name
                .as_deref()
                .unwrap_or("install/manifest.json"),
        )?;
        let record_name = options
            .record_name
            .clone()
            .unwrap_or_else(|| docs.manifest.record_path());
        docs.read_record(record, &record_name)?;
        let mut observed = Observed::default();
        observed.objects(observations);
        Self::planned(docs, observed, options)
    }

    /// Plans a refresh from documents parsed once ([`super::RefreshInputs`]).
    pub(crate) fn planned(
        docs: Documents,
        mut observed: Observed,
        options: RefreshOptions,
    ) -> Result<Self> {
        if observed.has_objects() {
            observed.settle(docs.sources(), docs.hosts());
        }
        let planned = planner::plan(&docs, &observed, &options)?;
        let resumes = options.resume.is_some();
        Ok(RefreshSession {
            kind: Kind::Refresh(Box::new(Refresh {
                docs,
                observed,
                options,
                planned,
                stepped: false,
            })),
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
            kind: Kind::Install(plan_install(manifest, manifest_name, observations, force)?),
            resumes: false,
        })
    }

    /// Plans the refresh again with the user's answers (they win over the options).
    pub fn decide(&mut self, decisions: Vec<FileDecision>) -> Result<()> {
        let refresh = match &mut self.kind {
            Kind::Refresh(r) if !r.stepped => r,
            _ => {
                return Err(Error::new(
                    ErrorKind::InvalidArgument,
                    "decisions",
                    "this plan takes no more decisions (an install, or its steps are taken)",
                ))
            }
        };
        let options = RefreshOptions {
            decisions,
            ..refresh.options.clone()
        };
        refresh.planned = planner::plan(&refresh.docs, &refresh.observed, &options)?;
        refresh.options = options;
        Ok(())
    }

    /// The planned files whose action writes no file (`record`, `diff`, `pending`,
    /// `conflict`), in plan order: the shim journals them before it writes anything.
    pub fn unwritten(&self) -> Vec<PlannedFile> {
        self.files_where(Action::writes_no_file)
    }

    /// The files waiting for a decision (`pending`), in plan order: what an interactive
    /// run asks about before it writes anything; none in a dry run, which asks nothing.
    pub fn pending(&self) -> Vec<PlannedFile> {
        if matches!(&self.kind, Kind::Refresh(r) if r.options.dry_run) {
            return Vec::new();
        }
        self.files_where(|action| action == Action::Pending)
    }

    /// The files the user merges by hand (`diff`), in plan order: the shim reads both
    /// sides of each for the diff the report shows.
    pub fn hand_merges(&self) -> Vec<PlannedFile> {
        self.files_where(|action| action == Action::Diff)
    }

    fn files_where(&self, keep: impl Fn(Action) -> bool) -> Vec<PlannedFile> {
        match &self.kind {
            Kind::Refresh(r) => r.view().files_where(&r.planned, keep),
            Kind::Install(plan) => (plan.files.iter())
                .filter(|f| keep(f.action))
                .cloned()
                .collect(),
        }
    }

    /// Files waiting for a decision, shown as a diff, or in conflict.
    pub fn attention(&self) -> u32 {
        match &self.kind {
            Kind::Refresh(r) => r.planned.attention,
            Kind::Install(plan) => plan.attention,
        }
    }

    /// Whether carrying the plan out changes anything: a file's action, the record, or the
    /// journal of an interrupted run it resumes. That run must be closed even when the run
    /// that killed it had done everything: left open, it is resumed again by every later
    /// run and refuses the next source version.
    pub fn mutating(&self) -> bool {
        self.resumes
            || match &self.kind {
                Kind::Refresh(r) => r.planned.record_changed || r.planned.acts(),
                Kind::Install(plan) => {
                    plan.record_changed || plan.files.iter().any(|f| f.action != Action::None)
                }
            }
    }

    /// Whether a run that is not a dry run carries the plan out. An install writes all or
    /// nothing: not while any file needs the user's attention. A refresh writes what it
    /// can whenever carrying it out changes anything ([`Self::mutating`]).
    pub fn carries_out(&self, dry_run: bool) -> bool {
        !dry_run
            && match &self.kind {
                Kind::Refresh(_) => self.mutating(),
                Kind::Install(plan) => super::report::install_writes(plan.attention),
            }
    }

    /// upkeep's own files in the host folder (record, journal, lock, backups).
    pub fn home_files(&self) -> super::HomeFiles {
        super::home_files::files_in(match &self.kind {
            Kind::Refresh(r) => &r.docs.manifest.home,
            Kind::Install(plan) => &plan.home,
        })
    }

    /// The write steps ([`refresh_steps`]), backups in the run's own folder under the home
    /// folder's backups (`<backups>/<run_id>`); the plan takes no decisions afterwards.
    pub fn steps(&mut self, run_id: &str) -> Result<Vec<WriteStep>> {
        let backup_dir = format!("{}/{run_id}", self.home_files().backups);
        let backup_dir = backup_dir.as_str();
        match &mut self.kind {
            Kind::Refresh(r) => {
                r.stepped = true;
                steps_of(r.view().facts(&r.planned), backup_dir)
            }
            Kind::Install(plan) => refresh_steps(plan, backup_dir),
        }
    }

    /// The planned files at these indices (the `index` of a step), in that order.
    pub fn files_at(&self, indices: &[u32]) -> Result<Vec<PlannedFile>> {
        match &self.kind {
            Kind::Refresh(r) => r.view().files_at(&r.planned, indices),
            Kind::Install(plan) => indices
                .iter()
                .map(|&i| {
                    plan.files.get(i as usize).cloned().ok_or_else(|| {
                        Error::new(
                            ErrorKind::InvalidArgument,
                            "indices",
                            format!("the plan has no file {i} (it has {})", plan.files.len()),
                        )
                    })
                })
                .collect(),
        }
    }

    /// The report of the run ([`run_report`]).
    pub fn report(&self, facts: &RunFacts) -> RunReport {
        match &self.kind {
            Kind::Refresh(r) => report_of(
                r.view().facts(&r.planned),
                r.planned.attention,
                r.planned.record_changed,
                &r.docs.manifest.record_path(),
                facts,
            ),
            Kind::Install(plan) => run_report(plan, facts),
        }
    }

    /// Where the record lives in the host repository.
    pub fn record_path(&self) -> String {
        match &self.kind {
            Kind::Refresh(r) => r.docs.manifest.record_path(),
            Kind::Install(plan) => plan.record_path.clone(),
        }
    }

    /// The record's new content, to write once every file is done (written when asked:
    /// the session keeps the plan, not the text).
    pub fn record_text(&self) -> String {
        match &self.kind {
            Kind::Refresh(r) => {
                let mut text = String::new();
                r.view().write_record(&r.planned, &mut text);
                text
            }
            Kind::Install(plan) => plan.record_text.clone(),
        }
    }

    /// The whole plan, as [`super::plan_refresh`] gives it.
    pub(crate) fn into_plan(self) -> Plan {
        match self.kind {
            Kind::Refresh(r) => {
                let view = r.view();
                Plan {
                    record_path: r.docs.manifest.record_path(),
                    home: r.docs.manifest.home.clone(),
                    files: view.files(&r.planned),
                    record_text: {
                        let mut text = String::new();
                        view.write_record(&r.planned, &mut text);
                        text
                    },
                    record_changed: r.planned.record_changed,
                    attention: r.planned.attention,
                }
            }
            Kind::Install(plan) => plan,
        }
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
        let record = first.record_text();
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

    fn columns<'a>(
        kinds: &'a [u8],
        joined: &'a [u8],
        lengths: &'a [u32],
    ) -> super::super::Columns<'a> {
        super::super::Columns {
            kinds,
            joined,
            lengths,
            digests: &[],
            lf_at: &[],
            lf: &[],
        }
    }

    /// A manifest of two files, a record of them, and the host and source as given.
    fn inputs(record: &str) -> super::super::RefreshInputs {
        let manifest =
            br#"{"schema":1,"files":[{"src":"a","target":"a"},{"src":"b","target":"b"}]}"#;
        let mut inputs = super::super::RefreshInputs::open(manifest, "m").unwrap();
        inputs.read_record(Some(record.as_bytes()), "r").unwrap();
        inputs
    }

    fn record_of(a: &[u8], b: &[u8]) -> String {
        let (a, b) = (sha256_hex(a), sha256_hex(b));
        format!(
            "{{\n  \"schema\": 1,\n  \"files\": [\n    {{\n      \"src\": \"a\",\n      \"target\": \"a\",\n      \"sha256\": \"{a}\"\n    }},\n    {{\n      \"src\": \"b\",\n      \"target\": \"b\",\n      \"sha256\": \"{b}\"\n    }}\n  ]\n}}\n"
        )
    }

    /// The record changes exactly when its text would: a record as the engine writes it
    /// with the same entries is left alone; the same entries written otherwise (spaces, an
    /// uppercase digest) are rewritten.
    #[test]
    fn the_record_changes_when_its_text_would() {
        let plan = |record: &str| {
            let mut inputs = inputs(record);
            let both = b"a-bytesb-bytes";
            for side in [super::super::Side::Sources, super::super::Side::Hosts] {
                inputs
                    .observe_columns(side, columns(&[1, 1], both, &[7, 7]))
                    .unwrap();
            }
            inputs.plan(RefreshOptions::default()).unwrap()
        };
        let same = record_of(b"a-bytes", b"b-bytes");
        let session = plan(&same);
        assert_eq!(session.record_text(), same);
        assert!(!session.mutating());
        let compact = same.replace("\n", "").replace("  ", "");
        assert!(plan(&compact).mutating());
        let upper = same.replace(
            &sha256_hex(b"a-bytes"),
            &sha256_hex(b"a-bytes").to_uppercase(),
        );
        assert!(plan(&upper).mutating());
        assert_eq!(plan(&upper).record_text(), same);
        let older = record_of(b"a-bytes", b"old");
        assert!(plan(&older).mutating());
    }

    /// Columns give the plan what objects give it: the engine's digests of the bytes, or
    /// the digests given; a CRLF text's second digest from its bytes.
    #[test]
    fn columns_plan_as_objects_do() {
        let record = record_of(b"a\n", b"b");
        let by_objects = {
            let mut inputs = inputs(&record);
            inputs.observe(Observations {
                sources: vec![
                    PathObservation::file("a", sha256_hex(b"a\n")),
                    PathObservation::file("b", sha256_hex(b"b2")),
                ],
                hosts: vec![
                    PathObservation::new(
                        "a",
                        crate::observe::Observed {
                            kind: crate::observe::EntryKind::File,
                            sha256: Some(sha256_hex(b"a\r\n")),
                            sha256_lf: Some(sha256_hex(b"a\n")),
                        },
                    ),
                    PathObservation::file("b", sha256_hex(b"b")),
                ],
            });
            inputs.plan(RefreshOptions::default()).unwrap()
        };
        let mut inputs = inputs(&record);
        let digests = [sha256_hex(b"a\n"), sha256_hex(b"b2")]
            .iter()
            .flat_map(|h| crate::parse_digest(h).unwrap().as_bytes().to_vec())
            .collect::<Vec<u8>>();
        let given = super::super::Columns {
            kinds: &[1, 1],
            joined: &[],
            lengths: &[0, 0],
            digests: &digests,
            lf_at: &[],
            lf: &[],
        };
        inputs
            .observe_columns(super::super::Side::Sources, given)
            .unwrap();
        inputs
            .observe_columns(super::super::Side::Hosts, columns(&[1], b"a\r\n", &[3]))
            .unwrap();
        inputs
            .observe_columns(super::super::Side::Hosts, columns(&[1], b"b", &[1]))
            .unwrap();
        let by_columns = inputs.plan(RefreshOptions::default()).unwrap();
        assert_eq!(
            by_columns.files_at(&[0, 1]).unwrap(),
            by_objects.files_at(&[0, 1]).unwrap()
        );
        assert_eq!(by_columns.record_text(), by_objects.record_text());
        let err = super::super::RefreshInputs::open(br#"{"schema":1,"files":[]}"#, "m")
            .unwrap()
            .observe_columns(super::super::Side::Hosts, columns(&[0], &[], &[]))
            .unwrap_err();
        assert!(err.to_string().contains("goes past the 0 paths"), "{err}");
    }
}
