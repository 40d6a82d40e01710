//! What a regeneration keeps on disk while its program runs, so that an update killed
//! before it put back what the program wrote can still do so when it is run again.
//!
//! The pre-images a snapshot holds live only in the running process. Before the program
//! starts, each of them is copied into the run's save folder (`<save>/pending/<sha256>`:
//! named by content, so a copy already there is the same bytes and never needs
//! replacing), the copies are synced, and then a record is written beside them
//! (`<save>/pending.json`): the region's paths and folders, how the snapshot was taken, the
//! snapshot, what the run itself changes meanwhile (its lock), and each copied file's
//! permission bits. Once the repairs are done the copies are removed, then the record. The
//! save folder is the run's, so only a re-run of the same
//! (interrupted) update looks for it: it first confines what is there now against the
//! recorded snapshot and repairs from the copies, exactly as after a program that just
//! ended, and only then plans. The record's format is decided here, written and read.
//!
//! ```
//! use upkeep_core::observe::EntryKind;
//! use upkeep_core::regions::{read_regen_pending, regen_pending, PendingInput, PendingRegion, PreimageMode, SnapEntry};
//!
//! let file = SnapEntry { path: "docs/a.md".into(), kind: EntryKind::File, digest: Some("ab".repeat(32)), preimage: true, ..SnapEntry::default() };
//! let region = PendingRegion {
//!     save_dir: ".upkeep-backups/r1-regen".into(),
//!     paths: vec!["docs/TEAM.md".into()],
//!     dirs: vec!["docs".into()],
//!     skip: vec![".git".into()],
//!     everywhere: false,
//!     before: vec![file.clone()],
//! };
//! let input = PendingInput {
//!     state_dir: ".upkeep".into(),
//!     region,
//!     modes: vec![PreimageMode { path: "docs/a.md".into(), mode: 0o640 }],
//! };
//! let pending = regen_pending(&input);
//! assert_eq!(pending.copies[0].path, format!(".upkeep-backups/r1-regen/pending/{}", "ab".repeat(32)));
//! assert_eq!(pending.record.path, ".upkeep-backups/r1-regen/pending.json");
//! assert_eq!(upkeep_core::regions::regen_record_path("r1"), pending.record.path);
//! let text = match &pending.record.content { upkeep_core::writes::StepContent::Text { text } => text.clone(), _ => unreachable!() };
//! let read = read_regen_pending(&text, &pending.record.path).unwrap();
//! assert_eq!((read.region.before, read.copies[0].mode), (vec![file], 0o640));
//! ```

use std::collections::BTreeMap;

use super::confine::{ConfinedAction, ConfinedWrite, SnapEntry};
use super::regen_finish::{BackupFailure, RepairFailure};
use crate::json::{self, Json, Node};
use crate::observe::EntryKind;
use crate::paths::validate_listed_path;
use crate::refusal::Refusal;
use crate::update::{state_refusal, StateProblem};
use crate::writes::{Expect, FileMode, OutcomeKind, StepContent, StepOutcome, WriteStep};

/// The record's name in the run's save folder.
pub const REGEN_RECORD: &str = "pending.json";

/// The bits of the copies and the record: only the project's owner reads them.
const PRIVATE: u32 = 0o600;

/// The record's fields, in the order they are written.
const FIELDS: [&str; 8] = [
    "saveDir",
    "paths",
    "dirs",
    "skip",
    "everywhere",
    "before",
    "modes",
    "ignore",
];

/// Where the update run `run_id` keeps its regeneration's record.
pub fn regen_record_path(run_id: &str) -> String {
    record_in(&super::regen::regen_save_dir(&crate::update::backup_dir(
        run_id,
    )))
}

fn record_in(save_dir: &str) -> String {
    format!("{save_dir}/{REGEN_RECORD}")
}

pub(super) fn copy_path(save_dir: &str, sha256: &str) -> String {
    format!("{save_dir}/pending/{sha256}")
}

/// A file whose pre-image the snapshot holds, with its permission bits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct PreimageMode {
    /// The file, relative to the project root.
    pub path: String,
    /// Its permission bits when the snapshot was taken.
    pub mode: u32,
}

/// A region's run as its snapshot before the program saw it: what the record keeps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct PendingRegion {
    /// The job's save folder (`RegenJob::save_dir`), where its repairs save what they touch.
    pub save_dir: String,
    /// The region's declared paths.
    pub paths: Vec<String>,
    /// Its own directories.
    pub dirs: Vec<String>,
    /// The top-level folders the snapshot left out (`RegenJob::snapshot_skip`).
    pub skip: Vec<String>,
    /// Whether the snapshot hashed the whole tree (no confinement).
    pub everywhere: bool,
    /// The snapshot before the program runs.
    pub before: Vec<SnapEntry>,
}

/// A region about to run, and the snapshot taken before.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct PendingInput {
    /// The project's state folder (`.upkeep`): the lock in it is the run's, and the run that
    /// reads the record holds a lock of its own.
    pub state_dir: String,
    /// The region and its snapshot.
    pub region: PendingRegion,
    /// The bits of each file whose pre-image the snapshot holds.
    pub modes: Vec<PreimageMode>,
}

/// The writes that make a regeneration recoverable, and the ones that end it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct RegenPending {
    /// First, synced before the record: one copy per distinct pre-image, its bytes those
    /// of `sources[index]`, written only where nothing is.
    pub copies: Vec<WriteStep>,
    /// The project path each copy's bytes come from, by the step's `index`.
    pub sources: Vec<String>,
    /// Then the record, written only where none is; the program runs after it.
    pub record: WriteStep,
    /// Once the repairs are done: the copies and their folder removed.
    pub cleanup: Vec<WriteStep>,
    /// Then, apart, the record.
    pub remove_record: WriteStep,
    /// Last, apart: the regeneration's folder, only when nothing else is in it (no repair
    /// saved a file there), so a run that put nothing back leaves no empty folder among
    /// the backups.
    pub remove_folder: WriteStep,
}

/// The record's text and the writes around it.
pub fn regen_pending(input: &PendingInput) -> RegenPending {
    let modes: BTreeMap<&str, u32> = input
        .modes
        .iter()
        .map(|m| (m.path.as_str(), m.mode))
        .collect();
    let mut copies: Vec<WriteStep> = Vec::new();
    let mut sources = Vec::new();
    let mut digests = Vec::new();
    let region = &input.region;
    for entry in &region.before {
        let Some(digest) = entry.digest.as_ref().filter(|_| entry.preimage) else {
            continue;
        };
        if !modes.contains_key(entry.path.as_str()) || digests.contains(&digest) {
            continue;
        }
        digests.push(digest);
        copies.push(WriteStep {
            mode: FileMode::ReplacedOr { mode: PRIVATE },
            ..WriteStep::new(
                copy_path(&region.save_dir, digest),
                Expect::IfMissing,
                StepContent::Planned,
                None,
                Some(sources.len()),
            )
        });
        sources.push(entry.path.clone());
    }
    let text = record_text(input, &modes);
    let record_path = record_in(&region.save_dir);
    let cleanup = cleanup(&region.save_dir, digests.iter().map(|d| d.as_str()));
    let remove_record = record_removal(&record_path, &text);
    RegenPending {
        copies,
        sources,
        record: WriteStep {
            mode: FileMode::ReplacedOr { mode: PRIVATE },
            ..WriteStep::new(
                record_path,
                Expect::Missing,
                StepContent::Text { text },
                None,
                None,
            )
        },
        cleanup,
        remove_record,
        remove_folder: folder_removal(&region.save_dir),
    }
}

/// Removes each copy, then their folder (only when nothing else is in it); the record is
/// removed after them, apart ([`record_removal`]): killed in between, the next run finds
/// the record, has nothing left to put back, and ends it again.
fn cleanup<'a>(save_dir: &str, digests: impl Iterator<Item = &'a str>) -> Vec<WriteStep> {
    let remove =
        |path: String, expect| WriteStep::new(path, expect, StepContent::Remove, None, None);
    let mut steps: Vec<WriteStep> = digests
        .map(|digest| {
            remove(
                copy_path(save_dir, digest),
                Expect::File {
                    sha256: digest.to_string(),
                },
            )
        })
        .collect();
    steps.push(WriteStep {
        mode: FileMode::System,
        ..remove(format!("{save_dir}/pending"), Expect::Directory)
    });
    steps
}

/// Removes the regeneration's folder; the file system refuses it while anything is in it.
fn folder_removal(save_dir: &str) -> WriteStep {
    WriteStep {
        mode: FileMode::System,
        ..WriteStep::new(save_dir, Expect::Directory, StepContent::Remove, None, None)
    }
}

/// Removes the record, only while it holds `text`.
fn record_removal(record: &str, text: &str) -> WriteStep {
    WriteStep::new(
        record,
        Expect::File {
            sha256: crate::hash::sha256_hex(text.as_bytes()),
        },
        StepContent::Remove,
        None,
        None,
    )
}

/// What the run that reads the record changes itself, left out of its confinement: its lock.
fn ignored(state_dir: &str) -> Vec<String> {
    crate::update::update_paths(state_dir)
        .map(|p| vec![p.lock])
        .unwrap_or_default()
}

fn record_text(input: &PendingInput, modes: &BTreeMap<&str, u32>) -> String {
    let region = &input.region;
    let text = |s: &str| json::node(Json::String(s.to_string()));
    let strings =
        |items: &[String]| json::node(Json::Array(items.iter().map(|s| text(s)).collect()));
    let entry = |e: &SnapEntry| {
        let mut members = vec![
            ("path".to_string(), text(&e.path)),
            ("kind".to_string(), text(e.kind.name())),
        ];
        for (key, value) in [
            ("digest", &e.digest),
            ("target", &e.target),
            ("stamp", &e.stamp),
        ] {
            if let Some(value) = value {
                members.push((key.to_string(), text(value)));
            }
        }
        if e.preimage {
            members.push(("preimage".to_string(), json::node(Json::Bool(true))));
        }
        json::node(Json::Object(members))
    };
    let record = Json::Object(vec![
        (FIELDS[0].to_string(), text(&region.save_dir)),
        (FIELDS[1].to_string(), strings(&region.paths)),
        (FIELDS[2].to_string(), strings(&region.dirs)),
        (FIELDS[3].to_string(), strings(&region.skip)),
        (
            FIELDS[4].to_string(),
            json::node(Json::Bool(region.everywhere)),
        ),
        (
            FIELDS[5].to_string(),
            json::node(Json::Array(region.before.iter().map(entry).collect())),
        ),
        (
            FIELDS[6].to_string(),
            json::node(Json::Object(
                modes
                    .iter()
                    .map(|(path, mode)| {
                        (path.to_string(), json::node(Json::Number(mode.to_string())))
                    })
                    .collect(),
            )),
        ),
        (FIELDS[7].to_string(), strings(&ignored(&input.state_dir))),
    ]);
    let mut out = String::new();
    json::write(&mut out, &record, None, 0);
    out.push('\n');
    out
}

/// A recorded pre-image: the file it is of, its copy, and its bits.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PendingCopy {
    /// The file, relative to the project root.
    pub path: String,
    /// Its copy (read back only when it still hashes to `sha256`).
    pub copy: String,
    /// The pre-image's SHA-256.
    pub sha256: String,
    /// Its permission bits.
    pub mode: u32,
}

/// What a record found by the next update says to put back.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PendingRepair {
    /// The region and its snapshot before its program ran.
    pub region: PendingRegion,
    /// What the confinement leaves out of both snapshots (upkeep's lock).
    pub ignore: Vec<String>,
    /// The pre-images copied, one per file.
    pub copies: Vec<PendingCopy>,
    /// Once the repairs are done: the copies and their folder removed.
    pub cleanup: Vec<WriteStep>,
    /// Then, apart, the record.
    pub remove_record: WriteStep,
    /// Last, apart: the regeneration's folder, only when nothing else is in it.
    pub remove_folder: WriteStep,
}

/// The record `text` (read from `path`) holds, or the `bad-state` refusal naming it.
pub fn read_regen_pending(text: &str, path: &str) -> Result<PendingRepair, Refusal> {
    let malformed = |why: String| {
        state_refusal(&StateProblem::DamagedRegenRecord {
            path: path.to_string(),
            why,
        })
    };
    let doc = json::parse(text.as_bytes()).map_err(|e| malformed(format!("not valid JSON {e}")))?;
    let Json::Object(members) = &doc.value else {
        return Err(malformed(format!("it holds {}", doc.type_phrase())));
    };
    if let Some((key, _)) = members.iter().find(|(k, _)| !FIELDS.contains(&k.as_str())) {
        return Err(malformed(format!("unknown field \"{key}\"")));
    }
    let field = |name: &str| {
        doc.get(name)
            .ok_or_else(|| malformed(format!("it has no \"{name}\"")))
    };
    let string = |node: &Node, what: &str| {
        node.as_str()
            .map(str::to_string)
            .ok_or_else(|| malformed(format!("{what} is {}", node.type_phrase())))
    };
    let strings = |name: &str| match &field(name)?.value {
        Json::Array(items) => items
            .iter()
            .map(|n| string(n, name))
            .collect::<Result<Vec<_>, _>>(),
        _ => Err(malformed(format!("\"{name}\" is not an array"))),
    };
    let save_dir = string(field(FIELDS[0])?, FIELDS[0])?;
    let Json::Bool(everywhere) = field(FIELDS[4])?.value else {
        return Err(malformed("\"everywhere\" is not a boolean".into()));
    };
    let Json::Array(items) = &field(FIELDS[5])?.value else {
        return Err(malformed("\"before\" is not an array".into()));
    };
    let mut before = Vec::with_capacity(items.len());
    for item in items {
        before.push(read_entry(item).map_err(&malformed)?);
    }
    let Json::Object(modes) = &field(FIELDS[6])?.value else {
        return Err(malformed("\"modes\" is not an object".into()));
    };
    let mut copies = Vec::new();
    for (file, mode) in modes {
        let mode = match &mode.value {
            Json::Number(n) => n.parse::<u32>().ok().filter(|m| *m <= 0o7777),
            _ => None,
        }
        .ok_or_else(|| malformed(format!("the mode of {file} is not permission bits")))?;
        let sha256 = before
            .iter()
            .find(|e| &e.path == file && e.preimage)
            .and_then(|e| e.digest.clone())
            .ok_or_else(|| malformed(format!("{file} has a mode and no pre-image")))?;
        copies.push(PendingCopy {
            path: file.clone(),
            copy: copy_path(&save_dir, &sha256),
            sha256,
            mode,
        });
    }
    let mut digests: Vec<&str> = copies.iter().map(|c| c.sha256.as_str()).collect();
    digests.sort_unstable();
    digests.dedup();
    let cleanup = cleanup(&save_dir, digests.into_iter());
    let remove_folder = folder_removal(&save_dir);
    let repair = PendingRepair {
        region: PendingRegion {
            paths: strings(FIELDS[1])?,
            dirs: strings(FIELDS[2])?,
            skip: strings(FIELDS[3])?,
            everywhere,
            save_dir,
            before,
        },
        ignore: strings(FIELDS[7])?,
        copies,
        cleanup,
        remove_record: record_removal(path, text),
        remove_folder,
    };
    inside_the_tree(&repair, path).map_err(malformed)?;
    Ok(repair)
}

/// Every path the record names stays inside the project, and its copies are where the
/// record is: a record is read from the project, so one that names `../x` (or another
/// folder's copies) is refused, never followed.
fn inside_the_tree(repair: &PendingRepair, record: &str) -> Result<(), String> {
    let region = &repair.region;
    if record_in(&region.save_dir) != record {
        return Err(format!(
            "its save folder {} is not the folder it is in",
            region.save_dir
        ));
    }
    let named = region
        .paths
        .iter()
        .chain(region.dirs.iter().filter(|d| !d.is_empty()))
        .chain(region.before.iter().map(|e| &e.path))
        .chain(&repair.ignore)
        .chain(&region.skip);
    for path in named {
        validate_listed_path(path).map_err(|e| e.to_string())?;
    }
    match region.skip.iter().find(|s| s.contains('/')) {
        Some(skip) => Err(format!(
            "\"skip\" names {skip}, which is not a top-level folder"
        )),
        None => Ok(()),
    }
}

fn read_entry(node: &Node) -> Result<SnapEntry, String> {
    let text = |key: &str| -> Result<Option<String>, String> {
        match node.get(key) {
            None => Ok(None),
            Some(n) => n
                .as_str()
                .map(|s| Some(s.to_string()))
                .ok_or_else(|| format!("a snapshot entry's \"{key}\" is {}", n.type_phrase())),
        }
    };
    let path = text("path")?.ok_or("a snapshot entry has no path")?;
    let kind = match text("kind")?.as_deref() {
        Some("file") => EntryKind::File,
        Some("symlink") => EntryKind::Symlink,
        Some("directory") => EntryKind::Directory,
        Some("other") => EntryKind::Other,
        _ => return Err(format!("the snapshot entry {path} has no kind")),
    };
    Ok(SnapEntry {
        kind,
        digest: text("digest")?,
        target: text("target")?,
        stamp: text("stamp")?,
        preimage: matches!(
            node.get("preimage").map(|n| &n.value),
            Some(Json::Bool(true))
        ),
        path,
    })
}

/// [`read_regen_pending`] as one value for the bindings: the repair, or the refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PendingReading {
    /// What to put back, when the text is a record.
    pub repair: Option<PendingRepair>,
    /// Why the text is refused, when it is not.
    pub refusal: Option<Refusal>,
}

/// [`read_regen_pending`], as a [`PendingReading`].
pub fn regen_pending_reading(text: &str, path: &str) -> PendingReading {
    match read_regen_pending(text, path) {
        Ok(repair) => PendingReading {
            repair: Some(repair),
            refusal: None,
        },
        Err(refusal) => PendingReading {
            repair: None,
            refusal: Some(refusal),
        },
    }
}

/// The writes that make a regeneration recoverable, and the executor's outcomes of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct PendingDone {
    /// [`RegenPending::sources`].
    pub sources: Vec<String>,
    /// The steps carried out: the copies, then the record.
    pub steps: Vec<WriteStep>,
    /// Their outcomes, in order.
    pub outcomes: Vec<StepOutcome>,
}

/// The first copy (or the record) that was not written, as the failure that keeps the
/// program from running: the file it is of, and the file system's words when it refused.
/// A copy already there holds the same bytes (it is named by them) and counts as written.
pub fn regen_pending_failure(input: &PendingDone) -> Option<BackupFailure> {
    input.steps.iter().enumerate().find_map(|(i, step)| {
        let outcome = input.outcomes.get(i);
        let kind = outcome.map_or(OutcomeKind::NotReached, |o| o.outcome);
        let written = matches!(kind, OutcomeKind::Done)
            || (kind == OutcomeKind::Unchanged && step.expect == Expect::IfMissing);
        if written {
            return None;
        }
        let error = outcome.and_then(StepOutcome::refusal);
        Some(BackupFailure {
            path: step
                .index
                .and_then(|i| input.sources.get(i))
                .unwrap_or(&step.path)
                .clone(),
            message: error.map(|e| e.message.clone()),
            code: error.map(|e| e.code.clone()),
        })
    })
}

/// What putting back an interrupted regeneration came to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct PendingRecovered {
    /// The record's save folder, where what the repairs touched was saved.
    pub save_dir: String,
    /// The confinement of what is there now against the recorded snapshot.
    pub confined: Vec<ConfinedWrite>,
    /// The repairs that failed.
    pub failures: Vec<RepairFailure>,
}

/// The notice an update gives after it put back what an interrupted regeneration wrote;
/// none when the program had written nothing to put back.
pub fn regen_recovered_notice(input: &PendingRecovered) -> Option<String> {
    let failed = |path: &str| input.failures.iter().any(|f| f.path == path);
    let put_back = input
        .confined
        .iter()
        .filter(|c| c.action != ConfinedAction::Reported && !failed(&c.path))
        .count();
    let left: Vec<String> = input
        .confined
        .iter()
        .filter(|c| c.action == ConfinedAction::Reported)
        .map(|c| format!("{} ({})", c.path, c.detail))
        .chain(input.failures.iter().map(|f| {
            format!(
                "{} ({}{})",
                f.path,
                f.message,
                super::regen_finish::kept_words(f)
            )
        }))
        .collect();
    if put_back == 0 && left.is_empty() {
        return None;
    }
    let paths = |n: usize| {
        if n == 1 {
            "1 path".to_string()
        } else {
            format!("{n} paths")
        }
    };
    let mut notice = format!(
        "this update was stopped earlier while a region's program ran: upkeep put back {} it had written outside its declared paths (anything it replaced or removed is saved in {})",
        paths(put_back),
        input.save_dir
    );
    if !left.is_empty() {
        notice.push_str(&format!("; not put back: {}", left.join(", ")));
    }
    Some(notice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::writes::OsError;

    fn file(path: &str, digest: char) -> SnapEntry {
        SnapEntry {
            path: path.into(),
            kind: EntryKind::File,
            digest: Some(digest.to_string().repeat(64)),
            preimage: true,
            ..SnapEntry::default()
        }
    }

    fn input() -> PendingInput {
        PendingInput {
            state_dir: ".upkeep".into(),
            region: PendingRegion {
                save_dir: "bk/r-regen".into(),
                paths: vec!["docs/T.md".into()],
                dirs: vec!["docs".into()],
                skip: vec![".git".into()],
                everywhere: true,
                before: vec![
                    SnapEntry {
                        path: "docs".into(),
                        kind: EntryKind::Directory,
                        ..SnapEntry::default()
                    },
                    file("docs/a \"quoted\"\nname", 'a'),
                    file("docs/same", 'a'),
                    SnapEntry {
                        preimage: false,
                        ..file("docs/big", 'b')
                    },
                    SnapEntry {
                        path: "docs/link".into(),
                        kind: EntryKind::Symlink,
                        target: Some("../x".into()),
                        stamp: Some("1:2:3:4".into()),
                        ..SnapEntry::default()
                    },
                ],
            },
            modes: vec![
                PreimageMode {
                    path: "docs/a \"quoted\"\nname".into(),
                    mode: 0o755,
                },
                PreimageMode {
                    path: "docs/same".into(),
                    mode: 0o600,
                },
            ],
        }
    }

    #[test]
    fn one_copy_per_pre_image_and_the_record_reads_back() {
        let input = input();
        let pending = regen_pending(&input);
        assert_eq!(pending.copies.len(), 1, "the same bytes are copied once");
        assert_eq!(pending.sources, ["docs/a \"quoted\"\nname"]);
        assert_eq!(pending.copies[0].expect, Expect::IfMissing);
        let StepContent::Text { text } = &pending.record.content else {
            panic!("the record is text")
        };
        let read = read_regen_pending(text, &pending.record.path).unwrap();
        assert_eq!(read.region, input.region);
        assert_eq!(read.ignore, [".upkeep/update.lock"]);
        let copies: Vec<_> = read
            .copies
            .iter()
            .map(|c| (c.path.as_str(), c.mode))
            .collect();
        assert_eq!(
            copies,
            [("docs/a \"quoted\"\nname", 0o755), ("docs/same", 0o600)]
        );
        assert_eq!(read.copies[1].copy, pending.copies[0].path);
        assert_eq!(read.cleanup, pending.cleanup);
        assert_eq!(read.remove_record, pending.remove_record);
        assert_eq!(read.cleanup.len(), 2);
        assert_eq!(read.cleanup[1].expect, Expect::Directory);
    }

    #[test]
    fn the_notice_counts_what_was_put_back_and_names_what_was_not() {
        let write = |path: &str, action| ConfinedWrite {
            action,
            path: path.into(),
            detail: "created a file inside the region's directories".into(),
            violation: false,
        };
        let mut recovered = PendingRecovered {
            save_dir: "bk/r-regen".into(),
            ..PendingRecovered::default()
        };
        assert_eq!(regen_recovered_notice(&recovered), None);
        recovered.confined = vec![
            write("docs/a", ConfinedAction::Removed),
            write("docs/b", ConfinedAction::Restored),
        ];
        recovered.failures = vec![RepairFailure {
            path: "docs/b".into(),
            message: "no pre-image held".into(),
            kept: None,
        }];
        assert_eq!(
            regen_recovered_notice(&recovered).unwrap(),
            "this update was stopped earlier while a region's program ran: upkeep put back 1 path it had written outside its declared paths (anything it replaced or removed is saved in bk/r-regen); not put back: docs/b (no pre-image held)"
        );
        recovered.failures[0].kept = Some("bk/r-regen/pending/abc".into());
        assert!(regen_recovered_notice(&recovered)
            .unwrap()
            .ends_with("not put back: docs/b (no pre-image held; what was there before is kept in bk/r-regen/pending/abc)"));
    }

    #[test]
    fn a_damaged_record_is_refused_by_name() {
        let refused = |text: &str| read_regen_pending(text, ".upkeep/r.json").unwrap_err();
        assert_eq!(refused("{").code, "bad-state");
        assert!(refused("[]")
            .message
            .starts_with(".upkeep/r.json is not a regeneration's record (it holds an array)"));
        let text = r#"{"saveDir":"s","paths":[],"dirs":[],"skip":[],"everywhere":false,"before":[],"modes":{"x":420},"ignore":[]}"#;
        assert!(refused(text)
            .message
            .contains("x has a mode and no pre-image"));
        // Paths that would leave the project, or copies somewhere else, are refused.
        let record = |save: &str, before: &str| {
            format!(
                r#"{{"saveDir":"{save}","paths":[],"dirs":["docs"],"skip":[],"everywhere":false,"before":[{{"path":"{before}","kind":"file"}}],"modes":{{}},"ignore":[]}}"#
            )
        };
        let at = "bk/r-regen/pending.json";
        assert!(read_regen_pending(&record("bk/r-regen", "docs/a"), at).is_ok());
        let escape = read_regen_pending(&record("bk/r-regen", "../etc/passwd"), at).unwrap_err();
        assert!(escape.message.contains("unsafe path"), "{}", escape.message);
        let elsewhere = read_regen_pending(&record("bk/other", "docs/a"), at).unwrap_err();
        assert!(elsewhere
            .message
            .contains("its save folder bk/other is not the folder it is in"));
    }

    #[test]
    fn a_copy_not_written_keeps_the_program_from_running() {
        let pending = regen_pending(&input());
        let steps: Vec<WriteStep> = pending
            .copies
            .iter()
            .chain([&pending.record])
            .cloned()
            .collect();
        let outcome = |path: &str, outcome| StepOutcome {
            path: path.into(),
            outcome,
            ..StepOutcome::default()
        };
        let done = PendingDone {
            sources: pending.sources,
            steps: steps.clone(),
            outcomes: vec![
                outcome(&steps[0].path, OutcomeKind::Unchanged),
                outcome(&steps[1].path, OutcomeKind::Done),
            ],
        };
        assert_eq!(regen_pending_failure(&done), None);
        let mut blocked = outcome(&steps[0].path, OutcomeKind::Blocked);
        blocked.error = Some(OsError {
            code: "ENOSPC".into(),
            message: "no space left on device".into(),
            ..OsError::default()
        });
        let failure = regen_pending_failure(&PendingDone {
            outcomes: vec![blocked],
            ..done.clone()
        })
        .unwrap();
        assert_eq!(failure.path, "docs/a \"quoted\"\nname");
        assert_eq!(failure.code.as_deref(), Some("ENOSPC"));
        // A record already there (another run's) is not this run's: the program does not run.
        let failure = regen_pending_failure(&PendingDone {
            outcomes: vec![
                outcome(&steps[0].path, OutcomeKind::Done),
                outcome(&steps[1].path, OutcomeKind::Changed),
            ],
            ..done
        })
        .unwrap();
        assert_eq!(
            (failure.path.as_str(), failure.message),
            ("bk/r-regen/pending.json", None)
        );
    }
}
