//! What the shim observes of the backups, and the listing the engine makes of them.

/// Serializes a count of bytes or milliseconds as a JavaScript number (a double, exact up
/// to 2^53), never a `BigInt`: the native addon turns a `u64` above `u32::MAX` into one.
#[cfg(feature = "serde")]
pub(crate) fn as_number<S: serde::Serializer>(value: &u64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(*value as f64)
}

/// One file in a run's backup folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct BackupFile {
    /// Its path inside the run's folder: the project path it saved.
    pub path: String,
    /// Its size in bytes.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_number"))]
    pub size: u64,
    /// Its SHA-256; `None` when it could not be read or is not a regular file (such a
    /// run is never pruned).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub sha256: Option<String>,
    /// Its git blob id (`git hash-object --no-filters`), in a git work tree.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub git_oid: Option<String>,
    /// The SHA-256 of the project's regular file at the path it saved now (a `.~N~`
    /// copy's too: [`crate::writes::backup_saved_path`]), if there is one.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub tree_sha256: Option<String>,
    /// The blob id at the path it saved in `HEAD`, if there is one.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub head_oid: Option<String>,
}

/// One run's backup folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct BackupRun {
    /// The folder, relative to the project root.
    pub folder: String,
    /// Its name: the run id.
    pub id: String,
    /// The folder's modification time (ms since the epoch), when its name carries none.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_number"))]
    pub mtime_ms: u64,
    /// Its regular files.
    pub files: Vec<BackupFile>,
    /// Entries that are not regular files (links, devices): such a run is never pruned.
    pub other: Vec<String>,
    /// Written by an update before backups moved to `.upkeep-backups/`.
    pub legacy: bool,
}

/// Everything the engine needs to list or prune.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct BackupsInput {
    /// Every run folder found.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub runs: Vec<BackupRun>,
    /// The clock, in ms since the epoch (for ages).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub now_ms: u64,
    /// Run ids of runs under way or interrupted (their progress record): never pruned.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub active: Vec<String>,
    /// Records of runs under way (the update's progress record, a refresh journal) that
    /// are there but could not be read: which runs have finished is then unknown, so a
    /// prune keeps every run.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub unreadable: Vec<String>,
    /// Whether the project is a git work tree with a `HEAD`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub git: bool,
    /// How the command named these backups: the listing's prune hint repeats it, so it
    /// prunes the same backups from wherever it is run.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub named: BackupsNamed,
}

/// How a backups command named the project and its folders, as the user gave them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", default, deny_unknown_fields)
)]
pub struct BackupsNamed {
    /// `--root`, when given.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub root: Option<String>,
    /// `--state-dir` (its default is left unsaid).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub state_dir: Option<String>,
    /// Each `--folder`.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub folders: Vec<String>,
}

impl BackupsNamed {
    /// The command-line arguments that name the same backups.
    pub fn args(&self) -> Vec<String> {
        let mut args = Vec::new();
        if let Some(root) = &self.root {
            args.extend(["--root".to_string(), root.clone()]);
        }
        if let Some(state_dir) = self.state_dir.as_deref() {
            if state_dir != crate::update::DEFAULT_STATE_DIR {
                args.extend(["--state-dir".to_string(), state_dir.to_string()]);
            }
        }
        for folder in &self.folders {
            args.extend(["--folder".to_string(), folder.clone()]);
        }
        args
    }
}

/// One run in a listing.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct RunSummary {
    /// The folder.
    pub folder: String,
    /// The run id.
    pub id: String,
    /// When it ran (ms since the epoch).
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_number"))]
    pub time_ms: u64,
    /// When it ran, as `YYYY-MM-DD HH:MM UTC`.
    pub when: String,
    /// How many files it holds.
    pub files: usize,
    /// Their total size.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_number"))]
    pub bytes: u64,
    /// Files whose content is found nowhere else (not in the tree at their path, not in
    /// `HEAD`, not in another backup).
    pub only_here: Vec<String>,
    /// Written by an older update (`.upkeep-backup/`).
    pub legacy: bool,
    /// A run under way or interrupted.
    pub active: bool,
}

/// The listing `upkeep backups list` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct BackupsList {
    /// Every run, newest first.
    pub runs: Vec<RunSummary>,
    /// Their total size.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_number"))]
    pub bytes: u64,
    /// The listing as the CLI prints it.
    pub summary: String,
}
