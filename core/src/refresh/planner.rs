//! The refresh plan as the engine keeps it: per file, where its paths and digests are
//! (a manifest entry, a record entry, an observation's slot) and what was decided, a few
//! dozen bytes each. The [`PlannedFile`]s the shim sees, the report, the steps and the new
//! record are written from it when asked, and only for the files asked about.
//!
//! At 100,000 files the plan was 100,000 [`PlannedFile`]s with up to four hex digests
//! each, the new record's entries and its whole text (about 100 MB at the refresh's
//! peak); what is kept now is about 3 MB beside the documents and observations the plan
//! reads from, which a session keeps anyway to plan again once the user has answered.

use foldhash::{HashMap, HashSet};
use std::borrow::Cow;

use super::classify::{classify_by, FileState, Hashes};
use super::digest::{Sha, Spellings};
use super::inputs::Documents;
use super::journal::{InterruptedRun, ResumeIndex};
use super::manifest::{Entry, RecordLine, RecordWriter};
use super::plan::{
    choice_list, follows_crlf_checkout, kind_name, Action, Decision, PlannedFile, RefreshOptions,
};
use super::seen::{Observed, Seen};
use super::state_name;
use crate::error::{Error, ErrorKind, Result};
use crate::json::{self, Node};
use crate::observe::EntryKind;

/// Where a planned file's paths come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum From {
    /// Manifest file `i` (its source slot is `i`, its host slot too).
    Manifest(u32),
    /// Record entry `i`, a file the manifest no longer lists (nothing in the source).
    Record(u32),
}

/// Where a planned file's new recorded digest comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    None,
    Source,
    Host,
    /// What is recorded for it now (nothing when its entry records another target).
    Recorded,
}

/// Why a planned file needs attention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    None,
    Pending,
    Diff,
    /// The host has something else than a file there.
    NotAFile,
    /// An interrupted run was writing it, and it changed since.
    Torn,
}

/// One planned file; see the module documentation.
#[derive(Clone, Copy, Debug)]
struct FilePlan {
    from: From,
    /// The record entry it follows (same `src`, or the rename's old one).
    entry: Option<u32>,
    /// Its host slot.
    host: u32,
    /// The entry records this file's target: its digest is the recorded one.
    recorded: bool,
    /// The entry's `src` differs: the source renamed it.
    renamed: bool,
    state: FileState,
    host_kind: EntryKind,
    decision: Option<Decision>,
    action: Action,
    backup: bool,
    crlf: bool,
    new: Pick,
    reason: Reason,
}

/// A refresh plan held by a session.
#[derive(Debug)]
pub(crate) struct Planned {
    files: Vec<FilePlan>,
    pub(crate) record_changed: bool,
    pub(crate) attention: u32,
}

impl Planned {
    /// Whether any file's action writes, removes or records something.
    pub(crate) fn acts(&self) -> bool {
        self.files.iter().any(|f| f.action != Action::None)
    }
}

fn invalid(path: &str, detail: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidArgument, path, detail)
}

/// The record's entries by `src`: the entry at a manifest file's own place when it
/// matches (a record the engine wrote lists the manifest's files in its order), through a
/// map built on first need otherwise.
struct BySrc<'d> {
    entries: &'d [Entry],
    map: Option<HashMap<&'d str, u32>>,
}

impl<'d> BySrc<'d> {
    fn get(&mut self, src: &str, place: usize) -> Option<u32> {
        if self.entries.get(place).is_some_and(|e| e.src == src) {
            return u32::try_from(place).ok();
        }
        let entries = self.entries;
        let map = self.map.get_or_insert_with(|| {
            (entries.iter().enumerate())
                .map(|(j, e)| (e.src.as_str(), j as u32))
                .collect()
        });
        map.get(src).copied()
    }
}

/// Plans a refresh of `docs` from what was `observed` (settled); see [`super::plan`] for
/// the rules.
pub(crate) fn plan(
    docs: &Documents,
    observed: &Observed,
    options: &RefreshOptions,
) -> Result<Planned> {
    let manifest = &docs.manifest;
    let entries: &[Entry] = docs.record.as_ref().map_or(&[], |r| &r.record.files);
    let explicit: HashMap<&str, Decision> = options
        .decisions
        .iter()
        .map(|d| (d.target.as_str(), d.decision))
        .collect();
    let resumed = options.resume.as_ref().map(InterruptedRun::index);
    let confirm: HashSet<&str> = options.confirm.iter().map(String::as_str).collect();
    let mut by_src = BySrc { entries, map: None };
    let renamed_to: HashMap<&str, &str> = manifest
        .renames
        .iter()
        .map(|r| (r.to.as_str(), r.from.as_str()))
        .collect();
    let mut used = vec![false; entries.len()];
    let mut files = Vec::with_capacity(manifest.files.len() + docs.extras.len());
    let planner = Planner {
        observed,
        entries,
        explicit,
        confirm,
        resumed,
        options,
    };

    for (i, file) in manifest.files.iter().enumerate() {
        let entry = by_src.get(&file.src, i).or_else(|| {
            renamed_to
                .get(file.src.as_str())
                .and_then(|from| by_src.get(from, usize::MAX))
        });
        if let Some(j) = entry {
            used[j as usize] = true;
        }
        let renamed = entry.is_some_and(|j| entries[j as usize].src != file.src);
        let source = observed.source(i, &file.src)?;
        if source.present() && source.kind != EntryKind::File {
            return Err(Error::new(
                ErrorKind::InvalidManifest,
                &file.src,
                format!(
                    "the source has a {} here, not a regular file",
                    kind_name(source.kind)
                ),
            ));
        }
        files.push(planner.plan_one(
            From::Manifest(i as u32),
            i,
            &file.target,
            renamed,
            &source,
            entry,
        )?);
    }
    let missing = Seen::missing();
    for (k, &j) in docs.extras.iter().enumerate() {
        if used[j as usize] {
            continue;
        }
        let entry = &entries[j as usize];
        let slot = manifest.files.len() + k;
        files.push(planner.plan_one(
            From::Record(j),
            slot,
            &entry.target,
            false,
            &missing,
            Some(j),
        )?);
    }

    if !options.confirm.is_empty() {
        let view = View { docs, observed };
        let planned_targets: HashSet<&str> = files.iter().map(|f| view.target(f)).collect();
        if let Some(target) = options
            .confirm
            .iter()
            .find(|t| !planned_targets.contains(t.as_str()))
        {
            return Err(invalid(
                target,
                "there is no hand merge to confirm: the manifest manages no such target",
            ));
        }
    }
    let attention = files
        .iter()
        .filter(|f| matches!(f.action, Action::Pending | Action::Diff | Action::Conflict))
        .count() as u32;
    let mut planned = Planned {
        files,
        record_changed: true,
        attention,
    };
    planned.record_changed = View { docs, observed }.record_changed(&planned);
    Ok(planned)
}

/// One entry of the new record.
struct NewEntry<'a> {
    src: &'a str,
    target: &'a str,
    sha256: Sha,
    kept_against: Option<Sha>,
    extra: &'a [(String, Node)],
}

/// What planning each file reads besides its own observations.
struct Planner<'a> {
    observed: &'a Observed,
    entries: &'a [Entry],
    explicit: HashMap<&'a str, Decision>,
    confirm: HashSet<&'a str>,
    resumed: Option<ResumeIndex<'a>>,
    options: &'a RefreshOptions,
}

impl Planner<'_> {
    /// Plans one file: manifest file or record entry `from`, observed in host slot
    /// `host_slot` and (for a manifest file) as `source`, following record entry `entry`.
    /// Called per file, and kept out of line: in WebAssembly a function called 100,000
    /// times is optimized after its first few hundred calls, a loop in one call never.
    #[inline(never)]
    fn plan_one(
        &self,
        from: From,
        host_slot: usize,
        target: &str,
        renamed: bool,
        source: &Seen,
        entry: Option<u32>,
    ) -> Result<FilePlan> {
        let host = self.observed.host(host_slot, target)?;
        let record = entry.map(|j| &self.entries[j as usize]);
        let recorded_here = record.is_some_and(|e| e.target == target);
        let recorded = record.filter(|_| recorded_here).map(|e| &e.sha256);
        let mut state = classify_by(source, &host, recorded);
        // keep-mine recorded the user's bytes as the baseline, against this source version:
        // unchanged source → still theirs, nothing to do; moved source → ask again, never
        // a silent "stale" update over the user's edit.
        let kept = record
            .and_then(|e| e.kept_against.as_ref())
            .filter(|_| state == FileState::UnchangedStale);
        let still_kept = kept.is_some() && kept == source.sha256.as_ref();
        if kept.is_some() && !still_kept {
            state = FileState::LocallyModified;
        }
        let confirmed = self.confirm.contains(target);
        if confirmed && state != FileState::LocallyModified {
            return Err(invalid(
                target,
                format!(
                    "there is no hand merge to confirm: the file is {}",
                    state_name(state)
                ),
            ));
        }
        let user = self
            .explicit
            .get(target)
            .copied()
            .or(confirmed.then_some(Decision::KeepMine));
        if let Some(d) = user {
            if !Decision::choices(state).contains(&d) {
                return Err(invalid(
                    target,
                    format!(
                        "the decision '{}' does not apply to a {} file",
                        d.name(),
                        state_name(state)
                    ),
                ));
            }
        }
        let from_journal = self
            .resumed
            .as_ref()
            .and_then(|r| r.decision_for(target))
            .filter(|d| Decision::choices(state).contains(d));
        let default = match state {
            FileState::LocallyModified => self.options.auto,
            FileState::HostDeleted => self.options.host_deleted,
            FileState::SourceDeleted => self.options.source_deleted,
            _ => None,
        }
        .filter(|d| Decision::choices(state).contains(d));
        let decision = user.or(from_journal).or(default);
        let mut planned = FilePlan {
            from,
            entry,
            host: host_slot as u32,
            recorded: recorded_here,
            renamed,
            state,
            host_kind: host.kind,
            decision: None,
            action: Action::None,
            backup: false,
            crlf: false,
            new: Pick::Recorded,
            reason: Reason::None,
        };
        let torn = self.resumed.as_ref().is_some_and(|r| {
            let text = host
                .sha256
                .as_ref()
                .map(|s| self.observed.spellings.text(s));
            r.changed_since(target, text.as_deref())
        });
        if host.present() && host.kind != EntryKind::File {
            planned.action = Action::Conflict;
            planned.reason = Reason::NotAFile;
        } else if torn {
            planned.action = Action::Conflict;
            planned.reason = Reason::Torn;
        } else {
            // A file upstream added since the last run is no one's decision: it is installed.
            planned.decision = decision.filter(|_| !Decision::choices(state).is_empty());
            let (action, new) = match (state, planned.decision) {
                _ if still_kept => (Action::None, Pick::Recorded),
                (FileState::UnchangedIdentical, _) => (Action::Record, Pick::Source),
                (FileState::UnchangedStale, _) => (Action::Write, Pick::Source),
                (FileState::LocallyModified, Some(Decision::KeepMine)) => {
                    (Action::Record, Pick::Host)
                }
                (FileState::LocallyModified, Some(Decision::TakeTheirs)) => {
                    (Action::Write, Pick::Source)
                }
                (FileState::LocallyModified, Some(Decision::Merge)) => {
                    (Action::Diff, Pick::Recorded)
                }
                (FileState::NewUpstream, _) => (Action::Write, Pick::Source),
                (FileState::HostDeleted, Some(Decision::Restore)) => (Action::Write, Pick::Source),
                (FileState::HostDeleted, Some(Decision::Forget)) => (Action::Record, Pick::None),
                (FileState::SourceDeleted, Some(Decision::Remove)) => (Action::Remove, Pick::None),
                (FileState::SourceDeleted, Some(Decision::Keep)) => (Action::Record, Pick::None),
                (FileState::BothDeleted, _) => (Action::Record, Pick::None),
                _ => (Action::Pending, Pick::Recorded),
            };
            planned.action = action;
            planned.new = new;
            planned.backup =
                matches!(action, Action::Write | Action::Remove) && host.kind == EntryKind::File;
            planned.crlf = follows_crlf_checkout(action, source, &host);
            planned.reason = match action {
                Action::Pending => Reason::Pending,
                Action::Diff => Reason::Diff,
                _ => Reason::None,
            };
            let new_sha = picked(new, source, &host, recorded);
            if action == Action::Record
                && new_sha == recorded
                && entry.is_some() == new_sha.is_some()
            {
                planned.action = Action::None;
            }
        }
        Ok(planned)
    }
}

/// The digest `pick` names.
fn picked<'s>(
    pick: Pick,
    source: &'s Seen,
    host: &'s Seen,
    recorded: Option<&'s Sha>,
) -> Option<&'s Sha> {
    match pick {
        Pick::None => None,
        Pick::Source => source.sha256.as_ref(),
        Pick::Host => host.sha256.as_ref(),
        Pick::Recorded => recorded,
    }
}

/// Where the record's text goes as it is written: a string, or a hasher that never
/// holds it whole.
pub(crate) trait TextSink {
    /// Takes what was written into `buffer` (and may empty it).
    fn flush(&mut self, buffer: &mut String);

    /// About how long the whole text will be.
    fn expect(&mut self, _len: usize) {}
}

impl TextSink for String {
    fn expect(&mut self, len: usize) {
        // Grown by doubling, a 19 MB record passed through 32 MB and a copy at each step.
        self.reserve(len);
    }

    fn flush(&mut self, buffer: &mut String) {
        self.push_str(buffer);
        buffer.clear();
    }
}

/// A plan read with the documents and observations it points into.
#[derive(Clone, Copy)]
pub(crate) struct View<'a> {
    pub(crate) docs: &'a Documents,
    pub(crate) observed: &'a Observed,
}

impl<'a> View<'a> {
    fn entries(&self) -> &'a [Entry] {
        self.docs.record.as_ref().map_or(&[], |r| &r.record.files)
    }

    fn src(&self, f: &FilePlan) -> &'a str {
        match f.from {
            From::Manifest(i) => &self.docs.manifest.files[i as usize].src,
            From::Record(j) => &self.entries()[j as usize].src,
        }
    }

    fn target(&self, f: &FilePlan) -> &'a str {
        match f.from {
            From::Manifest(i) => &self.docs.manifest.files[i as usize].target,
            From::Record(j) => &self.entries()[j as usize].target,
        }
    }

    fn entry(&self, f: &FilePlan) -> Option<&'a Entry> {
        f.entry.map(|j| &self.entries()[j as usize])
    }

    /// The observations the file was planned from (checked then).
    fn seen(&self, f: &FilePlan) -> (Seen, Seen) {
        let source = match f.from {
            From::Manifest(i) => self.observed.source(i as usize, self.src(f)),
            From::Record(_) => Ok(Seen::missing()),
        };
        let host = self.observed.host(f.host as usize, self.target(f));
        (
            source.unwrap_or_else(|_| Seen::missing()),
            host.unwrap_or_else(|_| Seen::missing()),
        )
    }

    fn recorded(&self, f: &FilePlan) -> Option<&'a Sha> {
        self.entry(f).filter(|_| f.recorded).map(|e| &e.sha256)
    }

    fn text(&self, sha: Option<&Sha>) -> Option<String> {
        sha.map(|s| self.observed.spellings.text(s).into_owned())
    }

    fn reason(&self, f: &FilePlan) -> Option<String> {
        match f.reason {
            Reason::None => None,
            Reason::Pending => Some(format!("needs a decision: {}", choice_list(f.state))),
            Reason::Diff => Some(format!(
                "merge by hand, then confirm the merge with --confirm {}",
                self.target(f)
            )),
            Reason::NotAFile => Some(format!(
                "the host has a {} here; upkeep never writes through or replaces it",
                kind_name(f.host_kind)
            )),
            Reason::Torn => {
                Some("the file changed after the interrupted run started writing it".into())
            }
        }
    }

    /// The file as [`super::plan_refresh`] gives it.
    fn planned_file(&self, f: &FilePlan) -> PlannedFile {
        let (source, host) = self.seen(f);
        let recorded = self.recorded(f);
        PlannedFile {
            src: self.src(f).to_string(),
            target: self.target(f).to_string(),
            renamed_from: self.entry(f).filter(|_| f.renamed).map(|e| e.src.clone()),
            state: f.state,
            host_kind: f.host_kind,
            decision: f.decision,
            action: f.action,
            backup: f.backup,
            source_sha256: self.text(source.sha256.as_ref()),
            host_sha256: self.text(host.sha256.as_ref()),
            recorded_sha256: self.text(recorded),
            new_sha256: self.text(picked(f.new, &source, &host, recorded)),
            reason: self.reason(f),
            crlf: f.crlf,
        }
    }

    /// The planned files at `indices`, in that order.
    pub(crate) fn files_at(&self, plan: &Planned, indices: &[u32]) -> Result<Vec<PlannedFile>> {
        indices
            .iter()
            .map(|&i| {
                let f = plan.files.get(i as usize).ok_or_else(|| {
                    Error::new(
                        ErrorKind::InvalidArgument,
                        "indices",
                        format!("the plan has no file {i} (it has {})", plan.files.len()),
                    )
                })?;
                Ok(self.planned_file(f))
            })
            .collect()
    }

    /// Every planned file, in order.
    pub(crate) fn files(&self, plan: &Planned) -> Vec<PlannedFile> {
        plan.files.iter().map(|f| self.planned_file(f)).collect()
    }

    /// The planned files whose action `keep` takes, in order.
    pub(crate) fn files_where(
        &self,
        plan: &Planned,
        keep: impl Fn(Action) -> bool,
    ) -> Vec<PlannedFile> {
        (plan.files.iter())
            .filter(|f| keep(f.action))
            .map(|f| self.planned_file(f))
            .collect()
    }

    /// What the report and the steps read of each planned file, in order.
    pub(crate) fn facts(
        &self,
        plan: &'a Planned,
    ) -> impl Iterator<Item = FileFacts<'a>> + Clone + 'a {
        let view = *self;
        plan.files
            .iter()
            .enumerate()
            .map(move |(index, f)| FileFacts {
                index,
                src: view.src(f),
                target: view.target(f),
                renamed_from: view.entry(f).filter(|_| f.renamed).map(|e| e.src.as_str()),
                state: f.state,
                decision: f.decision,
                action: f.action,
                host_kind: f.host_kind,
                backup: f.backup,
                crlf: f.crlf,
                origin: Origin::Plan(view, f),
            })
    }

    /// The new record's entry for `f`, if it has one: a planned file with a new recorded
    /// digest, keeping its entry's unknown fields. Called per file, kept out of line (see
    /// [`Planner::plan_one`]).
    #[inline(never)]
    fn new_entry(&self, f: &FilePlan) -> Option<NewEntry<'a>> {
        let (source, host) = self.seen(f);
        let recorded = self.recorded(f);
        let new = *picked(f.new, &source, &host, recorded)?;
        let entry = self.entry(f);
        let kept_against = match f.action {
            Action::Record if f.decision == Some(Decision::KeepMine) => source.sha256,
            Action::None | Action::Pending | Action::Diff | Action::Conflict => {
                entry.and_then(|e| e.kept_against)
            }
            _ => None,
        };
        Some(NewEntry {
            src: self.src(f),
            target: self.target(f),
            sha256: new,
            kept_against,
            extra: entry.map_or(&[], |e| &e.extra),
        })
    }

    /// Whether the new record's text differs from the record read, without writing it:
    /// a record read that the engine would write the same way (`canonical`) is the same
    /// text exactly when its entries are the new ones; any other is rewritten.
    fn record_changed(&self, plan: &Planned) -> bool {
        let Some(old) = &self.docs.record else {
            return true;
        };
        if !old.canonical {
            return true;
        }
        let mut olds = old.record.files.iter();
        for f in &plan.files {
            let Some(new) = self.new_entry(f) else {
                continue;
            };
            if !olds.next().is_some_and(|o| same_entry(&new, o)) {
                return true;
            }
        }
        olds.next().is_some()
    }

    /// Writes the new record: each planned file with a new recorded digest, in plan
    /// order, keeping its entry's unknown fields, then the record's own.
    pub(crate) fn write_record(&self, plan: &Planned, sink: &mut impl TextSink) {
        // The record written before is about as long as the one written now.
        let before = self.docs.record.as_ref().map_or(0, |r| r.len);
        sink.expect((before + before / 16).max(plan.files.len() * 192) + 256);
        let mut buffer = String::with_capacity(1 << 16);
        let mut writer = RecordWriter::start(&mut buffer);
        let (mut sha, mut kept) = (String::new(), String::new());
        let spellings: &Spellings = &self.observed.spellings;
        for f in &plan.files {
            let Some(new) = self.new_entry(f) else {
                continue;
            };
            sha.clear();
            spellings.push(&mut sha, &new.sha256);
            kept.clear();
            if let Some(k) = &new.kept_against {
                spellings.push(&mut kept, k);
            }
            writer.entry(
                &mut buffer,
                RecordLine {
                    src: new.src,
                    target: new.target,
                    sha256: &sha,
                    kept_against: new.kept_against.map(|_| kept.as_str()),
                    extra: new.extra,
                },
            );
            if buffer.len() >= 1 << 16 {
                sink.flush(&mut buffer);
            }
        }
        let extra = self
            .docs
            .record
            .as_ref()
            .map_or(&[][..], |r| &r.record.extra);
        writer.finish(&mut buffer, extra);
        sink.flush(&mut buffer);
    }
}

/// Whether `new` is written exactly as `old` was read (a digest standing for an odd
/// spelling equals no digest read from a record).
fn same_entry(new: &NewEntry<'_>, old: &Entry) -> bool {
    new.src == old.src
        && new.target == old.target
        && new.sha256 == old.sha256
        && new.kept_against == old.kept_against
        && (std::ptr::eq(new.extra, old.extra.as_slice()) || same_fields(new.extra, &old.extra))
}

/// Whether two lists of unknown fields are written the same.
fn same_fields(a: &[(String, Node)], b: &[(String, Node)]) -> bool {
    let text = |fields: &[(String, Node)]| {
        let mut out = String::new();
        for (key, item) in fields {
            json::write_string(&mut out, key);
            out.push(':');
            json::write(&mut out, &item.value, None, 0);
            out.push(',');
        }
        out
    };
    a.len() == b.len() && text(a) == text(b)
}

/// Where a [`FileFacts`] reads what it computes only when asked.
#[derive(Clone, Copy)]
enum Origin<'a> {
    /// A session's plan.
    Plan(View<'a>, &'a FilePlan),
    /// A whole [`PlannedFile`].
    File(&'a PlannedFile),
}

/// What the report and the steps read of a planned file, from a [`PlannedFile`] or a
/// session's plan alike; the reason and the digests are worked out only for the files
/// that need them.
#[derive(Clone, Copy)]
pub(crate) struct FileFacts<'a> {
    pub(crate) index: usize,
    pub(crate) src: &'a str,
    pub(crate) target: &'a str,
    pub(crate) renamed_from: Option<&'a str>,
    pub(crate) state: FileState,
    pub(crate) decision: Option<Decision>,
    pub(crate) action: Action,
    pub(crate) host_kind: EntryKind,
    pub(crate) backup: bool,
    pub(crate) crlf: bool,
    origin: Origin<'a>,
}

impl std::fmt::Debug for FileFacts<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileFacts")
            .field("index", &self.index)
            .field("target", &self.target)
            .finish_non_exhaustive()
    }
}

impl<'a> FileFacts<'a> {
    /// A [`PlannedFile`]'s facts.
    pub(crate) fn of(index: usize, f: &'a PlannedFile) -> Self {
        FileFacts {
            index,
            src: &f.src,
            target: &f.target,
            renamed_from: f.renamed_from.as_deref(),
            state: f.state,
            decision: f.decision,
            action: f.action,
            host_kind: f.host_kind,
            backup: f.backup,
            crlf: f.crlf,
            origin: Origin::File(f),
        }
    }

    /// Why the file needs attention.
    pub(crate) fn reason(&self) -> Option<Cow<'a, str>> {
        match self.origin {
            Origin::Plan(view, f) => view.reason(f).map(Cow::Owned),
            Origin::File(f) => f.reason.as_deref().map(Cow::Borrowed),
        }
    }

    /// The source's and the host's digests, as [`PlannedFile`] spells them.
    pub(crate) fn digests(&self) -> (Option<Cow<'a, str>>, Option<Cow<'a, str>>) {
        match self.origin {
            Origin::Plan(view, f) => {
                let (source, host) = view.seen(f);
                let text = |sha: Option<Sha>| {
                    sha.map(|s| Cow::Owned(view.text(Some(&s)).unwrap_or_default()))
                };
                (text(source.sha256), text(host.sha256))
            }
            Origin::File(f) => (
                f.source_sha256.as_deref().map(Cow::Borrowed),
                f.host_sha256.as_deref().map(Cow::Borrowed),
            ),
        }
    }
}

/// A [`super::Plan`]'s files as the report and the steps read them.
pub(crate) fn facts_of(plan: &super::Plan) -> impl Iterator<Item = FileFacts<'_>> + Clone {
    plan.files
        .iter()
        .enumerate()
        .map(|(i, f)| FileFacts::of(i, f))
}
