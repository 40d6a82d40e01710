//! One planned write: where, what must be there right before the swap, what to put
//! there (a file's content, a link, a directory, or nothing), and where the file goes
//! first. Plus the preflight check that no two write targets collide (one needing the
//! other as a folder), so a run refuses before its first write instead of failing
//! halfway.

use std::collections::BTreeMap;

use super::DEFAULT_FILE_MODE;
use crate::error::{Error, ErrorKind, Result};
use crate::observe::EntryKind;

/// What must be at a step's path right before the shim swaps it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "WriteExpect"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum Expect {
    /// Nothing: the file is created, never over something that appeared meanwhile.
    Missing,
    /// A regular file with exactly these bytes.
    File {
        /// Their SHA-256.
        sha256: String,
    },
    /// upkeep's own output (a conflict patch, a notes file): nothing, or a regular file
    /// that is backed up first when the step names a backup and replaced otherwise only
    /// when it already holds the new content.
    Any,
    /// Written only when nothing is there; whatever is there is left as it is (a folder's
    /// ignore file the project may have edited).
    IfMissing,
    /// A symbolic link to exactly `target`, looked at without following it.
    Symlink {
        /// What the link holds.
        target: String,
    },
    /// A directory, looked at without following a link.
    Directory,
    /// Something that is neither a regular file, a directory nor a link (a FIFO, a socket,
    /// a device).
    Other,
}

impl Expect {
    /// The kind of node this expects at the path, when it expects one there.
    pub fn found(&self) -> Option<EntryKind> {
        match self {
            Expect::File { .. } => Some(EntryKind::File),
            Expect::Symlink { .. } => Some(EntryKind::Symlink),
            Expect::Directory => Some(EntryKind::Directory),
            Expect::Other => Some(EntryKind::Other),
            Expect::Missing | Expect::Any | Expect::IfMissing => None,
        }
    }
}

/// What a step puts at its path.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "WriteContent"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        tag = "kind",
        rename_all = "kebab-case",
        rename_all_fields = "camelCase"
    )
)]
#[non_exhaustive]
pub enum StepContent {
    /// The release's (or source's) file at `from`, streamed and hashed while copied; it
    /// must hash to `sha256`, else nothing is written.
    Copy {
        /// Its path inside the release or source.
        from: String,
        /// What the plan classified.
        sha256: String,
        /// Write it with CRLF line endings (a refresh into a CRLF checkout).
        crlf: bool,
    },
    /// The bytes of the plan entry the step carries out (a merge result, a patch, notes).
    Planned,
    /// A release's file a scaffold installs (`upkeep new`), read without following a link
    /// and given the release file's own mode; when the plan knows its digest (the target
    /// held something, so both were hashed), it must still hash to it, else nothing is
    /// written.
    Release {
        /// Its path inside the release view.
        from: String,
        /// What the plan classified, when it hashed the release's file.
        sha256: Option<String>,
    },
    /// A small file of upkeep's own (a folder's `.gitignore`).
    Text {
        /// Its content.
        text: String,
    },
    /// Remove what the step expects there: a file, a link, a special file, or a directory
    /// (only when it is empty).
    Remove,
    /// A symbolic link to `target`, made only where nothing is (a link a regeneration
    /// changed, put back).
    Symlink {
        /// What the link holds.
        target: String,
    },
    /// An empty directory, made only where nothing is (one a regeneration deleted, made
    /// again).
    Directory,
}

/// Which permission bits the file a step writes gets. The shim reads the bits it names
/// when it opens the files, and gives them to the temp file before the swap, so the file
/// never appears with other bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "WriteMode"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum FileMode {
    /// The bits of the file it replaces (all twelve); a new file gets the source's
    /// permission bits (`rwx` for each class, never set-id). A copied file: an executable
    /// the project made so stays one.
    ReplacedOrSource,
    /// The source's permission bits, whatever it replaces: a release's file a scaffold
    /// installs is as the release made it.
    Source,
    /// The bits of the file it replaces; a new file gets `mode`.
    ReplacedOr {
        /// A new file's bits: [`DEFAULT_FILE_MODE`], or a restored file's own.
        mode: u32,
    },
    /// No bits of upkeep's choosing: a link has none of its own, a directory gets the
    /// process's default (its umask).
    System,
}

impl FileMode {
    /// The rule for what `content` puts at a path.
    pub fn of(content: &StepContent) -> FileMode {
        match content {
            StepContent::Copy { .. } => FileMode::ReplacedOrSource,
            StepContent::Release { .. } => FileMode::Source,
            StepContent::Symlink { .. } | StepContent::Directory => FileMode::System,
            _ => FileMode::ReplacedOr {
                mode: DEFAULT_FILE_MODE,
            },
        }
    }
}

/// One write the shim carries out, in plan order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct WriteStep {
    /// The path written or removed, relative to the project root.
    pub path: String,
    /// What must be there right before the swap.
    pub expect: Expect,
    /// What to put there.
    pub content: StepContent,
    /// The written file's permission bits.
    pub mode: FileMode,
    /// Where the current file is backed up first (written and synced before the swap).
    pub backup: Option<String>,
    /// The plan entry this step carries out: an update's `actions[index]`, a refresh's
    /// `files[index]`; `None` for upkeep's own files.
    pub index: Option<usize>,
}

impl WriteStep {
    /// A step whose file gets the mode its content calls for ([`FileMode::of`]).
    pub fn new(
        path: impl Into<String>,
        expect: Expect,
        content: StepContent,
        backup: Option<String>,
        index: Option<usize>,
    ) -> WriteStep {
        WriteStep {
            path: path.into(),
            expect,
            mode: FileMode::of(&content),
            content,
            backup,
            index,
        }
    }
}

/// When the executor makes a run's writes durable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum Durability {
    /// Step by step: each temp synced before its rename, each folder after, before the step
    /// is reported done (every run that replaces or removes a file).
    #[default]
    Step,
    /// Once, at the end of the run: nothing is synced step by step and the run syncs its
    /// file system before it records that it finished. Only for a run that replaces and
    /// removes nothing and keeps a progress record until then (a fresh scaffold): a crash
    /// before that sync leaves files a re-run finds, compares and finishes.
    Run,
}

/// What upkeep puts in a folder of its own so that git never lists it: ignore everything.
pub const IGNORE_ALL: &str = "*\n";

/// The name of that ignore file, in the folder it ignores.
pub const IGNORE_FILE: &str = ".gitignore";

/// The step that makes `folder` ignore itself in git (`<folder>/.gitignore` holding `*`),
/// written only when nothing is there yet.
pub fn ignore_step(folder: &str) -> WriteStep {
    WriteStep::new(
        format!("{folder}/{IGNORE_FILE}"),
        Expect::IfMissing,
        StepContent::Text {
            text: IGNORE_ALL.into(),
        },
        None,
        None,
    )
}

/// Preflight of every path a run writes — each step's target and backup, and `extra`
/// (state files): no path twice, and none that another needs as a folder (`d.patch`
/// and `d.patch/e.patch`). ASCII case is folded, as case-insensitive file systems do.
pub fn check_write_targets(steps: &[WriteStep], extra: &[String]) -> Result<()> {
    let mut all: BTreeMap<String, &str> = BTreeMap::new();
    let targets = steps
        .iter()
        .flat_map(|s| std::iter::once(&s.path).chain(s.backup.as_ref()))
        .chain(extra);
    for path in targets {
        if let Some(other) = all.insert(path.to_ascii_lowercase(), path) {
            if other != path {
                return Err(collision(path, other));
            }
            return Err(Error::new(
                ErrorKind::PathCollision,
                path,
                "the run would write it twice",
            ));
        }
    }
    // In byte order a folder's children follow it directly (after names that extend it
    // with bytes below '/'), so checking each path's ancestors is enough.
    for (key, path) in &all {
        let mut end = 0;
        while let Some(i) = key[end..].find('/') {
            end += i;
            if let Some(other) = all.get(&key[..end]) {
                return Err(collision(path, other));
            }
            end += 1;
        }
    }
    Ok(())
}

fn collision(path: &str, other: &str) -> Error {
    Error::new(
        ErrorKind::PathCollision,
        path,
        format!(
            "it collides with '{other}', which this run also writes (one would need the other as a folder); nothing was written"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(path: &str, backup: Option<&str>) -> WriteStep {
        WriteStep::new(
            path,
            Expect::Any,
            StepContent::Planned,
            backup.map(str::to_string),
            Some(0),
        )
    }

    #[test]
    fn collisions_between_derived_paths() {
        let ok = [
            step(".upkeep-merge/d.patch", None),
            step(".upkeep-merge/d.patches/e.patch", None),
            step("d", Some(".upkeep-backups/r/d")),
        ];
        assert!(check_write_targets(&ok, &[".upkeep/VERSION".into()]).is_ok());
        let bad = [
            step(".upkeep-merge/d.patch", None),
            step(".upkeep-merge/d.patch/e.patch", None),
        ];
        let err = check_write_targets(&bad, &[]).unwrap_err();
        assert_eq!(err.code(), "path-collision");
        assert!(err.to_string().contains("'.upkeep-merge/d.patch'"), "{err}");
        let twice = [step("a", None), step("A", None)];
        assert!(check_write_targets(&twice, &[]).is_err());
        let state = [step(".upkeep/VERSION/x", None)];
        assert!(check_write_targets(&state, &[".upkeep/VERSION".into()]).is_err());
        // A backup that another write needs as a folder.
        let backup = [
            step("x", Some(".upkeep-backups/r")),
            step(".upkeep-backups/r/y", None),
        ];
        assert!(check_write_targets(&backup, &[]).is_err());
    }
}
