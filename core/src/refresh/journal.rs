//! The refresh journal: one checksummed JSON line per event, for resume and audit.
//!
//! A run writes a `begin` header (format version, run id, repository root, source
//! identity), then for each file an `intent` line before acting and a `done` line after,
//! then an `end` line. Each line ends with `"sum"`, the first 16 hex digits of the
//! SHA-256 of the line without it. Reading a journal ([`parse_journal`]) drops a torn last
//! line (a crash mid-append) and refuses corruption anywhere else, naming the segment and
//! line. [`interrupted_run`] finds a run that never ended and refuses it when it belongs
//! to another tree or another source version.
//!
//! ```
//! use upkeep_core::refresh::{parse_journal, render_journal_line, JournalRecord, JournalSegment};
//!
//! let begin = JournalRecord::begin("r1", "2026-01-01T00:00:00Z", "/repo", "abc");
//! let line = render_journal_line(&begin);
//! let torn = format!("{line}{}", &line[..20]);
//! let journal = parse_journal(&[JournalSegment { name: "log".into(), text: torn }]).unwrap();
//! assert!(journal.torn_line);
//! assert_eq!(journal.torn_at, Some(line.len() as u64)); // where a run appending cuts it
//! assert_eq!(journal.runs[0].run, "r1");
//! ```

use foldhash::{HashMap, HashMapExt};
use sha2::{Digest as _, Sha256};

use super::plan::Decision;
use crate::error::{Error, ErrorKind, Result};
use crate::hash::sha256_hex;
use crate::json::{self, Json, Node};

/// The journal format version, written in every `begin` line.
pub const JOURNAL_VERSION: u64 = 1;

/// One journal line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase", default))]
pub struct JournalRecord {
    /// `begin`, `file` or `end`.
    #[cfg_attr(feature = "serde", serde(rename = "type"))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub kind: String,
    /// The run this line belongs to.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub run: String,
    /// When it was written (ISO 8601, from the shim's clock).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub ts: String,
    /// `begin`: the repository root the run works on.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub root: Option<String>,
    /// `begin`: the source identity ([`super::source_identity`]).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub source: Option<String>,
    /// `file`: the source path.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub src: Option<String>,
    /// `file`: the host path.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub target: Option<String>,
    /// `file`: the state.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub state: Option<String>,
    /// `file`: the decision taken, if any.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub decision: Option<String>,
    /// `file`: the action.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub action: Option<String>,
    /// `file`: `intent` (written before acting) or `done` (after).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub phase: Option<String>,
    /// `file`: the host's hash before the action (absent: no file).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub before: Option<String>,
    /// `file`: the host's hash after the action (absent: no file).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub after: Option<String>,
    /// `file`: where the backup was written, relative to the repository root.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub backup: Option<String>,
    /// `end`: `complete`, `pending`, `interrupted`, `failed` or `aborted`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub outcome: Option<String>,
}

impl JournalRecord {
    /// A `begin` header.
    pub fn begin(run: &str, ts: &str, root: &str, source: &str) -> Self {
        JournalRecord {
            kind: "begin".into(),
            run: run.into(),
            ts: ts.into(),
            root: Some(root.into()),
            source: Some(source.into()),
            ..Default::default()
        }
    }
}

/// Field order on disk; `type`, `v` and `sum` are added around them.
fn fields(r: &JournalRecord) -> Vec<(&'static str, Option<&String>)> {
    vec![
        ("run", Some(&r.run)),
        ("ts", Some(&r.ts)),
        ("root", r.root.as_ref()),
        ("source", r.source.as_ref()),
        ("src", r.src.as_ref()),
        ("target", r.target.as_ref()),
        ("state", r.state.as_ref()),
        ("decision", r.decision.as_ref()),
        ("action", r.action.as_ref()),
        ("phase", r.phase.as_ref()),
        ("before", r.before.as_ref()),
        ("after", r.after.as_ref()),
        ("backup", r.backup.as_ref()),
        ("outcome", r.outcome.as_ref()),
    ]
}

fn checksum(body: &str) -> String {
    sha256_hex(body.as_bytes())[..16].to_string()
}

/// The line for `record`, newline included.
pub fn render_journal_line(record: &JournalRecord) -> String {
    let mut body = String::from("{\"type\":");
    json::write_string(&mut body, &record.kind);
    body.push_str(&format!(",\"v\":{JOURNAL_VERSION}"));
    for (key, value) in fields(record) {
        if let Some(value) = value {
            body.push_str(&format!(",\"{key}\":"));
            json::write_string(&mut body, value);
        }
    }
    body.push('}');
    let sum = checksum(&body);
    body.pop();
    format!("{body},\"sum\":\"{sum}\"}}\n")
}

/// The lines for `records`, each as [`render_journal_line`] gives it: a batch of lines
/// (the intents or the done lines the executor journals with one fsync) crosses the
/// binding once instead of once per line.
pub fn render_journal_lines(records: &[JournalRecord]) -> Vec<String> {
    records.iter().map(render_journal_line).collect()
}

/// One journal file, oldest segment (`.1`) first when passed in a list.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct JournalSegment {
    /// How errors name it (its path).
    pub name: String,
    /// Its content.
    pub text: String,
}

/// One run as read back from the journal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct JournalRun {
    /// The run id.
    pub run: String,
    /// When it began.
    pub started: String,
    /// The repository root it worked on.
    pub root: String,
    /// The source identity it refreshed from.
    pub source: String,
    /// Its `file` lines, in order.
    pub files: Vec<JournalRecord>,
    /// Its `end` outcome; `None` when it never ended (interrupted).
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub outcome: Option<String>,
}

/// A whole journal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Journal {
    /// Runs in order.
    pub runs: Vec<JournalRun>,
    /// Whether a torn last line (a crash mid-append) was dropped.
    pub torn_line: bool,
    /// Where the torn line starts, in bytes into the last segment: a run that appends to
    /// this journal first cuts the segment there, so the torn line never ends up followed
    /// by more lines (where it would read as corruption). Null when no line is torn.
    #[cfg_attr(feature = "serde", serde(default))]
    pub torn_at: Option<u64>,
}

fn corrupt(segment: &str, line: usize, detail: impl std::fmt::Display) -> Error {
    Error::new(
        ErrorKind::CorruptJournal,
        segment,
        format!("line {line}: {detail}"),
    )
}

fn parse_line(text: &str) -> std::result::Result<JournalRecord, String> {
    let marker = ",\"sum\":\"";
    let at = text.rfind(marker).ok_or("no checksum")?;
    let sum = text[at + marker.len()..]
        .strip_suffix("\"}")
        .ok_or("malformed checksum")?;
    let body = format!("{}}}", &text[..at]);
    if checksum(&body) != sum {
        return Err("checksum mismatch".into());
    }
    let doc =
        json::parse(text.as_bytes()).map_err(|e| format!("at byte {}: {}", e.offset, e.message))?;
    let text_of = |key: &str| match doc.get(key) {
        Some(Node {
            value: Json::String(s),
            ..
        }) => Some(s.clone()),
        _ => None,
    };
    match doc.get("v").map(|n| &n.value) {
        Some(Json::Number(v)) if *v == JOURNAL_VERSION.to_string() => {}
        _ => return Err(format!("not journal format version {JOURNAL_VERSION}")),
    }
    Ok(JournalRecord {
        kind: text_of("type").ok_or("no type")?,
        run: text_of("run").ok_or("no run id")?,
        ts: text_of("ts").unwrap_or_default(),
        root: text_of("root"),
        source: text_of("source"),
        src: text_of("src"),
        target: text_of("target"),
        state: text_of("state"),
        decision: text_of("decision"),
        action: text_of("action"),
        phase: text_of("phase"),
        before: text_of("before"),
        after: text_of("after"),
        backup: text_of("backup"),
        outcome: text_of("outcome"),
    })
}

/// Reads a journal from its segments, oldest first.
pub fn parse_journal(segments: &[JournalSegment]) -> Result<Journal> {
    let mut runs: Vec<JournalRun> = Vec::new();
    let mut torn_at = None;
    for (index, segment) in segments.iter().enumerate() {
        let last_segment = index + 1 == segments.len();
        let mut lines: Vec<&str> = segment.text.split('\n').collect();
        let tail = lines.pop().unwrap_or("");
        if !tail.is_empty() {
            if !last_segment {
                return Err(corrupt(
                    &segment.name,
                    lines.len() + 1,
                    "incomplete line before a later segment",
                ));
            }
            torn_at = Some((segment.text.len() - tail.len()) as u64);
        }
        for (i, line) in lines.iter().enumerate() {
            let number = i + 1;
            let record = parse_line(line).map_err(|e| corrupt(&segment.name, number, e))?;
            let existing = runs.iter().position(|r| r.run == record.run);
            match (record.kind.as_str(), existing) {
                ("begin", Some(_)) => {} // a continuation header after rotation or on resume
                ("begin", None) => runs.push(JournalRun {
                    run: record.run.clone(),
                    started: record.ts.clone(),
                    root: record.root.clone().unwrap_or_default(),
                    source: record.source.clone().unwrap_or_default(),
                    files: Vec::new(),
                    outcome: None,
                }),
                (_, None) => {
                    return Err(corrupt(
                        &segment.name,
                        number,
                        format!("run {} has no header", record.run),
                    ))
                }
                ("file", Some(r)) => runs[r].files.push(record),
                ("end", Some(r)) => runs[r].outcome = record.outcome.clone(),
                (other, Some(_)) => {
                    return Err(corrupt(
                        &segment.name,
                        number,
                        format!("unknown record type {other:?}"),
                    ))
                }
            }
        }
    }
    Ok(Journal {
        runs,
        torn_line: torn_at.is_some(),
        torn_at,
    })
}

/// What a resumed run needs to know about the run that was interrupted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct InterruptedRun {
    /// Its run id (the resumed run keeps it, and its backup folder).
    pub run: String,
    /// Its last line per target, in first-seen order.
    pub files: Vec<JournalRecord>,
}

impl InterruptedRun {
    /// The decision it took for `target`.
    pub fn decision_for(&self, target: &str) -> Option<Decision> {
        decision_of(self.last(target)?)
    }

    fn last(&self, target: &str) -> Option<&JournalRecord> {
        self.files
            .iter()
            .find(|f| f.target.as_deref() == Some(target))
    }

    /// Whether `target` was being written when the run stopped and now holds neither
    /// its old nor its new content (someone edited it since).
    pub fn changed_since(&self, target: &str, host: Option<&str>) -> bool {
        torn(self.last(target), host)
    }

    /// The run's last line per target, indexed: what a plan of many files asks once per
    /// file ([`ResumeIndex::decision_for`], [`ResumeIndex::changed_since`]) in O(1).
    pub fn index(&self) -> ResumeIndex<'_> {
        let mut by_target = HashMap::with_capacity(self.files.len());
        for record in &self.files {
            if let Some(target) = record.target.as_deref() {
                by_target.entry(target).or_insert(record);
            }
        }
        ResumeIndex { by_target }
    }
}

/// [`InterruptedRun`]'s answers per target, from a map instead of a search.
#[derive(Debug)]
pub struct ResumeIndex<'r> {
    by_target: HashMap<&'r str, &'r JournalRecord>,
}

impl ResumeIndex<'_> {
    /// The decision the interrupted run took for `target`.
    pub fn decision_for(&self, target: &str) -> Option<Decision> {
        decision_of(self.by_target.get(target)?)
    }

    /// Whether `target` was being written when the run stopped and now holds neither
    /// its old nor its new content.
    pub fn changed_since(&self, target: &str, host: Option<&str>) -> bool {
        torn(self.by_target.get(target).copied(), host)
    }
}

fn decision_of(record: &JournalRecord) -> Option<Decision> {
    record.decision.as_deref().and_then(Decision::from_name)
}

fn torn(last: Option<&JournalRecord>, host: Option<&str>) -> bool {
    match last {
        Some(r) if r.phase.as_deref() == Some("intent") => {
            host != r.before.as_deref() && host != r.after.as_deref()
        }
        _ => false,
    }
}

/// The run that never ended (or was interrupted), if the last one did not; refused when it was started in
/// another tree (`root`) or from another source version (`source`).
pub fn interrupted_run(
    journal: &Journal,
    root: &str,
    source: &str,
    name: &str,
) -> Result<Option<InterruptedRun>> {
    // A run that never ended, or ended on an interruption (Ctrl-C), is resumed.
    let resumable =
        |r: &&JournalRun| r.outcome.is_none() || r.outcome.as_deref() == Some("interrupted");
    let Some(last) = journal.runs.last().filter(resumable) else {
        return Ok(None);
    };
    if last.root != root {
        return Err(Error::new(
            ErrorKind::JournalMismatch,
            name,
            format!(
                "interrupted run {} was started in '{}', not in '{root}' (the journal was copied from \
                 another clone); finish it there, or, since it never wrote into this tree, move '{name}' \
                 aside and run the refresh again",
                last.run, last.root
            ),
        ));
    }
    if last.source != source {
        return Err(Error::new(
            ErrorKind::JournalMismatch,
            name,
            format!(
                "interrupted run {} refreshed from source version {}, but the source is now {}; resume \
                 with `upkeep refresh --source <a checkout of that version> --target {root}`, or undo it \
                 by hand: copy the files under the run's backup folder `.upkeep-backups/{}/` (beside \
                 '{name}') back over the tree, move '{name}' aside, and run the refresh again",
                last.run,
                short(&last.source),
                short(source),
                last.run
            ),
        ));
    }
    // The last line per target, in first-seen order (a map of slots: journals of 100,000
    // files stay linear).
    let mut files: Vec<JournalRecord> = Vec::new();
    let mut slots: HashMap<Option<&str>, usize> = HashMap::new();
    for record in &last.files {
        match slots.get(&record.target.as_deref()) {
            Some(&slot) => files[slot] = record.clone(),
            None => {
                slots.insert(record.target.as_deref(), files.len());
                files.push(record.clone());
            }
        }
    }
    Ok(Some(InterruptedRun {
        run: last.run.clone(),
        files,
    }))
}

fn short(id: &str) -> &str {
    &id[..id.len().min(12)]
}

/// The identity of a source version: a SHA-256 over the manifest's bytes and every
/// `(src, sha256)` pair, in the order given.
pub fn source_identity(manifest: &[u8], files: &[(String, Option<String>)]) -> String {
    identity_of(
        &sha256_hex(manifest),
        files
            .iter()
            .map(|(src, sha)| (src.as_str(), sha.as_deref())),
    )
}

/// [`source_identity`] from the manifest's hex digest (a session keeps that, not the bytes).
pub(crate) fn identity_of<'a>(
    manifest_sha256: &str,
    files: impl Iterator<Item = (&'a str, Option<&'a str>)>,
) -> String {
    let mut identity = IdentityHasher::new(manifest_sha256);
    for (src, sha) in files {
        identity.file(src, sha);
    }
    identity.finish()
}

/// [`source_identity`] fed a file at a time: the SHA-256 of the manifest's hex digest,
/// then per file a newline, its `src`, a NUL and its digest (`-` for none), hashed a part
/// at a time rather than written out whole first (11 MB at 100,000 files).
#[derive(Debug)]
pub(crate) struct IdentityHasher {
    hasher: Sha256,
    part: Vec<u8>,
}

impl IdentityHasher {
    const PART: usize = 16 << 10;

    pub(crate) fn new(manifest_sha256: &str) -> Self {
        let mut part = Vec::with_capacity(Self::PART + 512);
        part.extend_from_slice(manifest_sha256.as_bytes());
        IdentityHasher {
            hasher: Sha256::new(),
            part,
        }
    }

    #[inline(never)] // called per file: optimized early in WebAssembly (see `digest::sha256`)
    pub(crate) fn file(&mut self, src: &str, sha: Option<&str>) {
        self.part.push(b'\n');
        self.part.extend_from_slice(src.as_bytes());
        self.part.push(0);
        self.part.extend_from_slice(sha.unwrap_or("-").as_bytes());
        if self.part.len() >= Self::PART {
            self.hasher.update(&self.part);
            self.part.clear();
        }
    }

    pub(crate) fn finish(mut self) -> String {
        self.hasher.update(&self.part);
        super::digest::hex(&self.hasher.finalize().into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(run: &str, target: &str, phase: &str) -> JournalRecord {
        JournalRecord {
            kind: "file".into(),
            run: run.into(),
            ts: "t".into(),
            src: Some(target.into()),
            target: Some(target.into()),
            state: Some("locally-modified".into()),
            decision: Some("take-theirs".into()),
            action: Some("write".into()),
            phase: Some(phase.into()),
            before: Some("b".into()),
            after: Some("a".into()),
            ..Default::default()
        }
    }

    fn text() -> String {
        [
            render_journal_line(&JournalRecord::begin("r1", "t", "/repo", "S")),
            render_journal_line(&file("r1", "x", "intent")),
            render_journal_line(&file("r1", "x", "done")),
            render_journal_line(&file("r1", "y", "intent")),
        ]
        .concat()
    }

    fn seg(text: &str) -> Vec<JournalSegment> {
        vec![JournalSegment {
            name: "log".into(),
            text: text.into(),
        }]
    }

    #[test]
    fn every_cut_of_the_last_line_resumes() {
        let full = text();
        let last_start = full[..full.len() - 1].rfind('\n').unwrap() + 1;
        for cut in last_start..=full.len() {
            let journal = parse_journal(&seg(&full[..cut])).unwrap();
            let torn = cut != last_start && cut != full.len();
            assert_eq!(journal.torn_line, torn, "cut {cut}");
            assert_eq!(
                journal.torn_at,
                torn.then_some(last_start as u64),
                "cut {cut}"
            );
            let run = interrupted_run(&journal, "/repo", "S", "log")
                .unwrap()
                .unwrap();
            assert_eq!(run.decision_for("x"), Some(Decision::TakeTheirs));
            assert_eq!(run.files.len(), if cut == full.len() { 2 } else { 1 });
        }
    }

    #[test]
    fn a_flipped_byte_mid_file_is_an_error_naming_the_line() {
        let mut bytes = text().into_bytes();
        let second = bytes.iter().position(|b| *b == b'\n').unwrap() + 10;
        bytes[second] ^= 1;
        let err = parse_journal(&seg(&String::from_utf8(bytes).unwrap())).unwrap_err();
        assert_eq!(err.code(), "corrupt-journal");
        assert!(
            err.to_string().contains("line 2: checksum mismatch"),
            "{err}"
        );
    }

    #[test]
    fn resume_refuses_another_tree_or_source() {
        let journal = parse_journal(&seg(&text())).unwrap();
        assert_eq!(
            interrupted_run(&journal, "/other", "S", "log")
                .unwrap_err()
                .code(),
            "journal-mismatch"
        );
        let err = interrupted_run(&journal, "/repo", "T", "log").unwrap_err();
        assert!(err.to_string().contains("move 'log' aside"), "{err}");
        let run = interrupted_run(&journal, "/repo", "S", "log")
            .unwrap()
            .unwrap();
        assert!(run.changed_since("y", Some("z")));
        assert!(!run.changed_since("y", Some("b")));
        assert!(!run.changed_since("x", Some("z")));
    }

    #[test]
    fn segments_are_read_in_order_and_ended_runs_are_done() {
        let first = text();
        let second = [
            render_journal_line(&JournalRecord::begin("r1", "t", "/repo", "S")),
            render_journal_line(&JournalRecord {
                kind: "end".into(),
                run: "r1".into(),
                ts: "t".into(),
                outcome: Some("complete".into()),
                ..Default::default()
            }),
        ]
        .concat();
        let segments = [
            JournalSegment {
                name: "log.1".into(),
                text: first,
            },
            JournalSegment {
                name: "log".into(),
                text: second,
            },
        ];
        let journal = parse_journal(&segments).unwrap();
        assert_eq!(journal.runs.len(), 1);
        assert_eq!(journal.runs[0].files.len(), 3);
        assert_eq!(
            interrupted_run(&journal, "/repo", "S", "log").unwrap(),
            None
        );
    }
}
