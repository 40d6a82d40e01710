//! What an editor hands in for one file and what it gets back: plain data shaped after the
//! Language Server Protocol (ranges of zero-based lines and characters, severities,
//! diagnostics, code lenses, hovers, code actions as text edits), so a server only moves
//! it onto the wire.
//!
//! ```
//! use upkeep_core::editor::{FileViewInput, Managed, PositionEncoding};
//!
//! let input = FileViewInput::update("notes.md", "mine\n", "1.2.0", "1.3.0");
//! assert!(matches!(input.managed, Managed::Update { .. }));
//! assert_eq!(input.encoding, PositionEncoding::Utf16);
//! ```

use crate::regions::RegionDecl;
use crate::structured::MergeSpec;
use crate::update::{Bytes, ConflictMode, FileClass};

/// How characters inside a line are counted (LSP `positionEncoding`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum PositionEncoding {
    /// UTF-16 code units: the protocol's default.
    #[default]
    #[cfg_attr(feature = "serde", serde(rename = "utf-16"))]
    Utf16,
    /// UTF-8 bytes.
    #[cfg_attr(feature = "serde", serde(rename = "utf-8"))]
    Utf8,
    /// Unicode scalar values.
    #[cfg_attr(feature = "serde", serde(rename = "utf-32"))]
    Utf32,
}

/// How upstream manages the file, with the sides the verdicts are taken from.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "ManagedFile"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(
        tag = "kind",
        rename_all = "kebab-case",
        rename_all_fields = "camelCase",
        deny_unknown_fields
    )
)]
#[non_exhaustive]
pub enum Managed {
    /// A file of a project scaffolded from a template (`.upkeep/`), updated by `upkeep update`.
    Update {
        /// Its class in the latest manifest (the baseline's, when the latest dropped it).
        class: FileClass,
        /// The installed version.
        installed: String,
        /// The latest release's version.
        latest_version: String,
        /// The baseline release's bytes; `None` when the baseline does not ship it.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        baseline: Option<Bytes>,
        /// The latest release's bytes; `None` when the latest release dropped it.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        latest: Option<Bytes>,
        /// The generated regions the latest manifest declares for this path.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
        regions: Vec<RegionDecl>,
        /// Its field-merge declaration, when the latest manifest has one.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        merge: Option<MergeSpec>,
        /// The file as last generated, to tell a hand edit inside a generated region from
        /// the program's output: its committed copy (`HEAD`), when it has one.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        reference: Option<Bytes>,
        /// Its saved copy on disk: the reference when nothing is committed.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        saved: Option<Bytes>,
        /// The `--conflicts` mode the next update will run with (none given: the default).
        #[cfg_attr(
            feature = "serde",
            serde(default, deserialize_with = "crate::serde_absent::absent_as_default")
        )]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        conflicts: ConflictMode,
        /// Compare with CRLF read as LF (an autocrlf checkout).
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
        ignore_eol: bool,
    },
    /// A file an integration installed into a host repository (`.upkeep-source.json`),
    /// kept in step by `upkeep refresh`.
    Install {
        /// How the source is named to the user (its directory).
        source: String,
        /// The source's path of the file, as the manifest names it.
        src: String,
        /// The source's bytes now; `None` when the source no longer ships it.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        latest: Option<Bytes>,
        /// The SHA-256 recorded when upkeep last wrote (or kept) the file.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        recorded_sha256: Option<String>,
        /// After keep-mine: the source's SHA-256 the user kept their version against.
        #[cfg_attr(feature = "serde", serde(default))]
        #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
        kept_against: Option<String>,
    },
}

/// One file as the editor has it, and how upstream manages it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct FileViewInput {
    /// The path relative to the project (or host) root, `/`-separated.
    pub path: String,
    /// The editor's text of the file (unsaved edits included).
    pub current: String,
    /// How upstream manages it.
    pub managed: Managed,
    /// How the answer counts characters.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub encoding: PositionEncoding,
}

impl FileViewInput {
    /// An update-managed `shared` file with no baseline, latest, regions or merge yet.
    pub fn update(path: &str, current: &str, installed: &str, latest_version: &str) -> Self {
        FileViewInput {
            path: path.into(),
            current: current.into(),
            managed: Managed::Update {
                class: FileClass::Shared,
                installed: installed.into(),
                latest_version: latest_version.into(),
                baseline: None,
                latest: None,
                regions: Vec::new(),
                merge: None,
                reference: None,
                saved: None,
                conflicts: ConflictMode::Merge,
                ignore_eol: false,
            },
            encoding: PositionEncoding::Utf16,
        }
    }
}

/// A place in the text: a zero-based line and a character offset in the chosen encoding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "EditorPosition"))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Position {
    /// Zero-based line.
    pub line: usize,
    /// Zero-based character offset inside the line.
    pub character: usize,
}

/// A span of text, end exclusive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "EditorRange"))]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Range {
    /// Where it starts.
    pub start: Position,
    /// Just past where it ends.
    pub end: Position,
}

/// How loud a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "EditorSeverity"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum Severity {
    /// Must be resolved (a conflict block).
    Error,
    /// Needs a look (both sides changed, a hand edit the next run overwrites).
    Warning,
    /// For the record (upstream changes, generated regions).
    Information,
    /// A quiet suggestion.
    Hint,
}

/// What a diagnostic is about (its LSP `code`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "EditorDiagnosticKind"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// Lines the latest release changes that the project did not touch.
    UpstreamChange,
    /// Lines both the project and the latest release changed.
    BothChanged,
    /// A file upstream owns (or an installed file) that was edited here.
    ManagedEdited,
    /// What the next update or refresh does with the whole file.
    FileVerdict,
    /// A generated region and the program that rewrites it.
    GeneratedRegion,
    /// A hand edit inside a generated region.
    RegionHandEdit,
    /// A generated region whose markers cannot delimit it.
    RegionMarkers,
    /// A conflict block left by an update.
    ConflictBlock,
    /// A field-merge entry upstream changes and the next update applies.
    FieldApply,
    /// A field-merge entry both sides changed.
    FieldConflict,
    /// A field-merge entry upstream offers.
    FieldSuggestion,
    /// A field merge that falls back to the whole file.
    FieldFallback,
    /// A file upkeep cannot show line by line (binary, not UTF-8).
    NotText,
    /// One of upkeep's own files that cannot be read (a damaged manifest or record).
    Damaged,
}

/// One diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "EditorDiagnostic"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Diagnostic {
    /// Where it applies.
    pub range: Range,
    /// How loud it is.
    pub severity: Severity,
    /// What it is about.
    pub kind: DiagnosticKind,
    /// What the user reads.
    pub message: String,
}

impl Diagnostic {
    /// The diagnostic on one of upkeep's own files that cannot be read (`message` says
    /// why): an error at its start, since nothing in the project can be shown until it is
    /// repaired.
    pub fn damaged(message: &str) -> Diagnostic {
        Diagnostic {
            range: Range::default(),
            severity: Severity::Error,
            kind: DiagnosticKind::Damaged,
            message: message.to_owned(),
        }
    }
}

/// One replacement in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "EditorTextEdit"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct TextEdit {
    /// The text replaced.
    pub range: Range,
    /// What replaces it.
    pub new_text: String,
}

/// What kind of code action it is (LSP `CodeActionKind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum ActionKind {
    /// Fixes one diagnostic (`quickfix`).
    Quickfix,
    /// Acts on the whole file (`source`).
    Source,
}

/// A change offered to the user: edits the client applies (so undo works as usual).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "contracts", schemars(rename = "EditorCodeAction"))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct CodeAction {
    /// What the menu shows.
    pub title: String,
    /// Quick fix or whole-file action.
    pub kind: ActionKind,
    /// The diagnostic it resolves (an index into the view's diagnostics), if any.
    pub diagnostic: Option<usize>,
    /// Where it is offered: a request whose range touches this one lists it.
    pub range: Range,
    /// Whether it is the likely choice.
    pub preferred: bool,
    /// The edits, in document order, none overlapping.
    pub edits: Vec<TextEdit>,
}

/// A line of text shown above a line (LSP `CodeLens`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Lens {
    /// The line it sits on.
    pub range: Range,
    /// What it says.
    pub title: String,
}

/// Markdown shown when the pointer rests inside `range`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Hover {
    /// Where it applies.
    pub range: Range,
    /// What it says (Markdown).
    pub markdown: String,
}

/// The counts the lens, the hover and a status line share.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct FileSummary {
    /// `owned`, `shared`, `wiki-owned`, or `installed` for a host's file.
    pub class: String,
    /// The installed version (or the source for a host's file).
    pub installed: String,
    /// The latest version (empty for a host's file).
    pub latest: String,
    /// Ranges upstream changes that the project did not touch.
    pub upstream_hunks: usize,
    /// Ranges both sides changed.
    pub both_changed: usize,
    /// Conflict blocks in the file.
    pub conflicts: usize,
    /// Field-merge conflicts and suggestions.
    pub field_notes: usize,
    /// Whether the file is upstream-owned (or installed) and edited here.
    pub edited: bool,
    /// One sentence: what the next update (or refresh) does with this file.
    pub verdict: String,
}

/// Everything an editor shows for one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct FileView {
    /// The diagnostics, in document order.
    pub diagnostics: Vec<Diagnostic>,
    /// The code actions, quick fixes first, in document order.
    pub actions: Vec<CodeAction>,
    /// The code lenses (one, on the first line).
    pub lenses: Vec<Lens>,
    /// The hovers: the file's on the first line, then one per diagnostic.
    pub hovers: Vec<Hover>,
    /// The counts and the verdict.
    pub summary: FileSummary,
}
