//! The one error type of the engine.
//!
//! Each [`ErrorKind`] has a stable [`Error::code`] that JavaScript callers can branch on;
//! the message always names the input that caused it, so a user can act on it without a
//! stack trace.
//!
//! ```
//! use upkeep_core::{parse_digest, ErrorKind};
//!
//! let err = parse_digest("abc").unwrap_err();
//! assert_eq!(err.kind(), &ErrorKind::InvalidDigest);
//! assert_eq!(err.code(), "invalid-digest");
//! assert!(err.to_string().contains("'abc'"));
//! ```

use std::fmt;

/// The result type of every fallible engine function.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What went wrong, independent of which input it concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A string that should be a SHA-256 digest (64 hex digits) is not one.
    InvalidDigest,
    /// A streaming hasher was used after it had produced its digest.
    HasherFinished,
    /// A text operation was given binary input (a NUL byte in its first 8,000 bytes).
    BinaryInput,
    /// A hunk selection names a hunk that does not exist, or one hunk twice.
    InvalidHunkSelection,
    /// An option has a value the operation cannot honour (or the options do not parse).
    InvalidOptions,
    /// An install manifest is not valid JSON or not a valid manifest.
    InvalidManifest,
    /// A source record (`.upkeep-source.json`) is not valid JSON or not a valid record.
    InvalidRecord,
    /// A manifest or record has a schema version older than this upkeep reads.
    OldManifestSchema,
    /// A path from a manifest could escape the tree or reach `.git`.
    UnsafePath,
    /// Two paths would be the same file on some file system.
    PathCollision,
    /// A journal line is corrupt somewhere other than a torn last line.
    CorruptJournal,
    /// An interrupted run's journal belongs to another tree or another source version.
    JournalMismatch,
    /// A declared action has no weight; the message lists the valid ones.
    UnknownAction,
    /// A preset name is not one of the presets; the message lists the valid ones.
    UnknownPreset,
    /// `git diff --numstat -z` output is malformed.
    InvalidNumstat,
    /// An argument to an engine call has the wrong shape or is out of range.
    InvalidArgument,
    /// A version is not semantic versioning (`1.2.3`, `1.2.3-rc.1`).
    InvalidVersion,
    /// The shim handed the update planner something inconsistent (a bug in the caller).
    InvalidUpdateInput,
    /// An interrupted update is on record for other versions than the ones asked for.
    UpdateInProgress,
    /// A sealed handoff (`upkeep land`) is not valid JSON or not a valid handoff.
    InvalidHandoff,
    /// A loop graph or brick catalogue does not fit the model (no iteration loop, an edge
    /// to an unknown node, ...).
    InvalidLoopGraph,
    /// The loop engine refuses a call in the loop's current state (worded as the
    /// reference engine words it).
    LoopRefused,
    /// A `LOOP.md` has no loop-state block, or its block is not a loop state.
    InvalidLoopFile,
    /// A structured-merge declaration (`merges` in a manifest, or a `structuredMerge`
    /// spec) is malformed: an empty key, overlapping keys, an empty `by`.
    InvalidMergeSpec,
    /// A config file (JSON, JSONC, YAML) is not valid in its format.
    InvalidConfig,
    /// A config file is valid but holds what upkeep cannot read into plain data (a mapping
    /// used as a key, nesting past the depth limit, aliases past their budget).
    UnsupportedConfig,
    /// A release spec does not parse (unknown syntax, an unsafe sub-path, a bad version).
    InvalidSpec,
    /// No version of a release source matches what was asked for.
    NoSuchVersion,
    /// A project's `.upkeep/source.json` is not valid JSON or not a valid record.
    InvalidSourceFile,
    /// A release cannot be used as it is (no version, entries that are not files, renames
    /// that collide, versions that disagree).
    BadRelease,
    /// A release's content is not what the project recorded when it was installed (a
    /// moved tag, a republished package).
    ReleaseDrift,
    /// `upkeep new` was pointed at a folder that is not empty.
    TargetNotEmpty,
    /// A project has no recorded source and no release was named.
    NoSource,
    /// Manifest rules (`upkeep manifest init`) do not parse.
    InvalidRules,
    /// `upkeep adopt` found the project already recording another source or version.
    AlreadyRecorded,
    /// An update would write over managed files with uncommitted changes in git.
    DirtyWorktree,
    /// The project is newer than the latest release: upkeep never downgrades.
    Downgrade,
    /// The baseline release is not the release the project has installed.
    BaselineMismatch,
    /// `upkeep manifest init` found a manifest there already (and no `--force`).
    ManifestExists,
}

impl ErrorKind {
    /// Every kind, in declaration order: the source of the generated error-code list the
    /// JavaScript package checks its exit codes and type declarations against.
    pub const ALL: &'static [ErrorKind] = &[
        ErrorKind::InvalidDigest,
        ErrorKind::HasherFinished,
        ErrorKind::BinaryInput,
        ErrorKind::InvalidHunkSelection,
        ErrorKind::InvalidOptions,
        ErrorKind::InvalidManifest,
        ErrorKind::InvalidRecord,
        ErrorKind::OldManifestSchema,
        ErrorKind::UnsafePath,
        ErrorKind::PathCollision,
        ErrorKind::CorruptJournal,
        ErrorKind::JournalMismatch,
        ErrorKind::UnknownAction,
        ErrorKind::UnknownPreset,
        ErrorKind::InvalidNumstat,
        ErrorKind::InvalidArgument,
        ErrorKind::InvalidVersion,
        ErrorKind::InvalidUpdateInput,
        ErrorKind::UpdateInProgress,
        ErrorKind::InvalidHandoff,
        ErrorKind::InvalidLoopGraph,
        ErrorKind::LoopRefused,
        ErrorKind::InvalidLoopFile,
        ErrorKind::InvalidMergeSpec,
        ErrorKind::InvalidConfig,
        ErrorKind::UnsupportedConfig,
        ErrorKind::InvalidSpec,
        ErrorKind::NoSuchVersion,
        ErrorKind::InvalidSourceFile,
        ErrorKind::BadRelease,
        ErrorKind::ReleaseDrift,
        ErrorKind::TargetNotEmpty,
        ErrorKind::NoSource,
        ErrorKind::InvalidRules,
        ErrorKind::AlreadyRecorded,
        ErrorKind::DirtyWorktree,
        ErrorKind::Downgrade,
        ErrorKind::BaselineMismatch,
        ErrorKind::ManifestExists,
    ];

    /// The stable identifier of this kind, exposed to JavaScript as `error.code`.
    pub fn code(&self) -> &'static str {
        match self {
            ErrorKind::InvalidDigest => "invalid-digest",
            ErrorKind::HasherFinished => "hasher-finished",
            ErrorKind::BinaryInput => "binary-input",
            ErrorKind::InvalidHunkSelection => "invalid-hunk-selection",
            ErrorKind::InvalidOptions => "invalid-options",
            ErrorKind::InvalidManifest => "invalid-manifest",
            ErrorKind::InvalidRecord => "invalid-record",
            ErrorKind::OldManifestSchema => "old-manifest-schema",
            ErrorKind::UnsafePath => "unsafe-path",
            ErrorKind::PathCollision => "path-collision",
            ErrorKind::CorruptJournal => "corrupt-journal",
            ErrorKind::JournalMismatch => "journal-mismatch",
            ErrorKind::UnknownAction => "unknown-action",
            ErrorKind::UnknownPreset => "unknown-preset",
            ErrorKind::InvalidNumstat => "invalid-numstat",
            ErrorKind::InvalidArgument => "invalid-argument",
            ErrorKind::InvalidVersion => "invalid-version",
            ErrorKind::InvalidUpdateInput => "invalid-update-input",
            ErrorKind::UpdateInProgress => "update-in-progress",
            ErrorKind::InvalidHandoff => "invalid-handoff",
            ErrorKind::InvalidLoopGraph => "invalid-loop-graph",
            ErrorKind::LoopRefused => "loop-refused",
            ErrorKind::InvalidLoopFile => "invalid-loop-file",
            ErrorKind::InvalidMergeSpec => "invalid-merge-spec",
            ErrorKind::InvalidConfig => "invalid-config",
            ErrorKind::UnsupportedConfig => "unsupported-config",
            ErrorKind::InvalidSpec => "invalid-spec",
            ErrorKind::NoSuchVersion => "no-such-version",
            ErrorKind::InvalidSourceFile => "invalid-source-file",
            ErrorKind::BadRelease => "bad-release",
            ErrorKind::ReleaseDrift => "release-drift",
            ErrorKind::TargetNotEmpty => "target-not-empty",
            ErrorKind::NoSource => "no-source",
            ErrorKind::InvalidRules => "invalid-rules",
            ErrorKind::AlreadyRecorded => "already-recorded",
            ErrorKind::DirtyWorktree => "dirty-worktree",
            ErrorKind::Downgrade => "downgrade",
            ErrorKind::BaselineMismatch => "baseline-mismatch",
            ErrorKind::ManifestExists => "manifest-exists",
        }
    }
}

/// An engine error: a kind, the offending input, and what exactly is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    input: String,
    detail: String,
}

impl Error {
    /// Builds an error about `input` (quoted in the message) with a human-readable `detail`.
    pub fn new(kind: ErrorKind, input: impl Into<String>, detail: impl Into<String>) -> Self {
        Error {
            kind,
            input: input.into(),
            detail: detail.into(),
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The stable code of [`Self::kind`], for JavaScript's `error.code`.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// The input the error is about, as the caller gave it.
    pub fn input(&self) -> &str {
        &self.input
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ErrorKind::InvalidDigest => "invalid SHA-256 digest",
            ErrorKind::HasherFinished => "hasher already finished",
            ErrorKind::BinaryInput => "binary input",
            ErrorKind::InvalidHunkSelection => "invalid hunk selection",
            ErrorKind::InvalidOptions => "invalid options",
            ErrorKind::InvalidManifest => "invalid manifest",
            ErrorKind::InvalidRecord => "invalid source record",
            ErrorKind::OldManifestSchema => "old schema in",
            ErrorKind::UnsafePath => "unsafe path",
            ErrorKind::PathCollision => "colliding path",
            ErrorKind::CorruptJournal => "corrupt journal",
            ErrorKind::JournalMismatch => "journal from another run in",
            ErrorKind::InvalidNumstat => "invalid numstat record",
            ErrorKind::InvalidArgument => "invalid argument",
            ErrorKind::InvalidVersion => "invalid version",
            ErrorKind::InvalidUpdateInput => "invalid update input",
            ErrorKind::UpdateInProgress => "another update is in progress",
            ErrorKind::InvalidHandoff => "invalid handoff",
            ErrorKind::InvalidMergeSpec => "invalid merge declaration",
            ErrorKind::InvalidConfig => "invalid config file",
            ErrorKind::UnsupportedConfig => "unsupported config file",
            ErrorKind::InvalidSpec => "invalid release spec",
            ErrorKind::NoSuchVersion => "no matching version of",
            ErrorKind::InvalidSourceFile => "invalid project source",
            ErrorKind::BadRelease => "unusable release",
            ErrorKind::ReleaseDrift => "release changed since it was installed:",
            ErrorKind::TargetNotEmpty => "folder not empty:",
            ErrorKind::InvalidRules => "invalid manifest rules",
            ErrorKind::AlreadyRecorded => "already recorded in",
            ErrorKind::ManifestExists => "manifest already there:",
            // Worded as the JavaScript reference words them, input included: kept verbatim.
            ErrorKind::UnknownAction
            | ErrorKind::UnknownPreset
            | ErrorKind::InvalidLoopGraph
            | ErrorKind::LoopRefused
            | ErrorKind::InvalidLoopFile
            // Names the project in its detail, with the command to run.
            | ErrorKind::NoSource
            // Name every file in their detail, each quoted.
            | ErrorKind::DirtyWorktree
            // Name both versions in their detail, and what to give instead.
            | ErrorKind::Downgrade
            | ErrorKind::BaselineMismatch => return f.write_str(&self.detail),
        };
        // Control characters are escaped so the message stays one printable line (and
        // survives C strings in the bindings); everything else is shown as given.
        let mut input = String::with_capacity(self.input.len());
        for c in self.input.chars() {
            if c.is_control() {
                input.extend(c.escape_default());
            } else {
                input.push(c);
            }
        }
        write!(f, "{what} '{input}': {}", self.detail)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::ErrorKind;

    /// The position of `kind` in declaration order. The match is exhaustive, so a new kind
    /// does not compile until it is given a place here, and the test then fails until it
    /// is in [`ErrorKind::ALL`].
    fn position(kind: &ErrorKind) -> usize {
        match kind {
            ErrorKind::InvalidDigest => 0,
            ErrorKind::HasherFinished => 1,
            ErrorKind::BinaryInput => 2,
            ErrorKind::InvalidHunkSelection => 3,
            ErrorKind::InvalidOptions => 4,
            ErrorKind::InvalidManifest => 5,
            ErrorKind::InvalidRecord => 6,
            ErrorKind::OldManifestSchema => 7,
            ErrorKind::UnsafePath => 8,
            ErrorKind::PathCollision => 9,
            ErrorKind::CorruptJournal => 10,
            ErrorKind::JournalMismatch => 11,
            ErrorKind::UnknownAction => 12,
            ErrorKind::UnknownPreset => 13,
            ErrorKind::InvalidNumstat => 14,
            ErrorKind::InvalidArgument => 15,
            ErrorKind::InvalidVersion => 16,
            ErrorKind::InvalidUpdateInput => 17,
            ErrorKind::UpdateInProgress => 18,
            ErrorKind::InvalidHandoff => 19,
            ErrorKind::InvalidLoopGraph => 20,
            ErrorKind::LoopRefused => 21,
            ErrorKind::InvalidLoopFile => 22,
            ErrorKind::InvalidMergeSpec => 23,
            ErrorKind::InvalidConfig => 24,
            ErrorKind::UnsupportedConfig => 25,
            ErrorKind::InvalidSpec => 26,
            ErrorKind::NoSuchVersion => 27,
            ErrorKind::InvalidSourceFile => 28,
            ErrorKind::BadRelease => 29,
            ErrorKind::ReleaseDrift => 30,
            ErrorKind::TargetNotEmpty => 31,
            ErrorKind::NoSource => 32,
            ErrorKind::InvalidRules => 33,
            ErrorKind::AlreadyRecorded => 34,
            ErrorKind::DirtyWorktree => 35,
            ErrorKind::Downgrade => 36,
            ErrorKind::BaselineMismatch => 37,
            ErrorKind::ManifestExists => 38,
        }
    }

    #[test]
    fn all_lists_every_kind_once_with_a_distinct_code() {
        for (at, kind) in ErrorKind::ALL.iter().enumerate() {
            assert_eq!(position(kind), at, "{kind:?}");
        }
        let mut codes: Vec<&str> = ErrorKind::ALL.iter().map(ErrorKind::code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), ErrorKind::ALL.len());
    }
}
