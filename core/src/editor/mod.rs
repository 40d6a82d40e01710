//! What an editor shows for a managed file (README, "Editors"): diagnostics, a code lens, hovers
//! and code actions, computed from the file's text as the editor has it, its baseline and
//! latest bytes, its class, its generated regions and its field-merge declaration — one call
//! per file ([`file_view`]), so every editor, engine and binding shows the same thing.
//!
//! - Upstream's changes are the regions a three-way merge of (current, baseline, latest)
//!   builds, mapped onto the current text: a change only upstream made is an Information
//!   ("upstream 1.3.0 changes these lines") with an "apply this upstream hunk" action; one
//!   both sides made differently is a Warning. Generated-region bodies are masked first, as
//!   the update masks them.
//! - Conflict blocks an update left are Errors with keep yours / take upstream / keep both.
//! - Generated regions name the program that rewrites them; a hand edit inside one (against
//!   the reference copy) is a Warning.
//! - Field-merged files show each applied, conflicting and suggested entry on its own line.
//! - An owned file edited here, and an installed file of a host repository, say what the
//!   next update or refresh does with them, from the same decision tables the commands use.
//!
//! Every change is a [`TextEdit`] for the client to apply: the engine writes nothing.
//!
//! ```
//! use upkeep_core::editor::{file_view, FileViewInput, Managed, Severity};
//! use upkeep_core::update::Bytes;
//!
//! let mut input = FileViewInput::update("notes.md", "title\nb\nc\nd\nmine\n", "1.2.0", "1.3.0");
//! if let Managed::Update { baseline, latest, .. } = &mut input.managed {
//!     *baseline = Some(Bytes(b"title\nb\nc\nd\ne\n".to_vec()));
//!     *latest = Some(Bytes(b"TITLE\nb\nc\nd\ne\n".to_vec()));
//! }
//! let view = file_view(&input).unwrap();
//! assert_eq!(view.diagnostics[0].message, "upstream 1.3.0 changes these lines");
//! assert_eq!(view.diagnostics[0].severity, Severity::Information);
//! assert_eq!(view.actions[0].title, "Apply this upstream hunk");
//! assert_eq!(view.actions[0].edits[0].new_text, "TITLE\n");
//! ```

mod blocks;
mod commands;
mod discover;
mod drift;
mod fields;
mod generated;
mod install;
mod install_paths;
mod manifest;
mod model;
mod notices;
mod owner;
mod positions;
mod releases;
mod states;
mod status;
mod upstream;
mod words;

pub use commands::{
    command_target, dry_run_refusal, dry_run_summary, score_message, workspace_status,
    CommandScope, CommandTarget, DryRunFacts, DryRunStart, ProjectCommand, ScoreFacts,
    ServedProject, WorkspaceProject,
};
pub use discover::{project_kind, FolderFacts};
pub use drift::editor_release_drift;
pub use install_paths::{editor_install, EditorInstall, InstalledPath};
pub use manifest::{check_installed_manifest, editor_manifest, EditorManifest, ManagedPath};
pub use model::{
    ActionKind, CodeAction, Diagnostic, DiagnosticKind, FileSummary, FileView, FileViewInput,
    Hover, Lens, Managed, Position, PositionEncoding, Range, Severity, TextEdit,
};

pub use notices::{editor_notice, EditorNotice};
pub use owner::document_owner;
pub use releases::{
    pick_release_dirs, release_route, FoundRelease, ReleaseDirs, ReleaseDirsInput, ReleaseRoute,
};
pub use states::{notice_status, ready_status, EditorState, EditorStatusLine};
pub use status::{project_status, ProjectFacts, ProjectKind, ScanTotals};

use positions::LineIndex;

use crate::error::Result;

/// What an editor shows for one file: see the [module](self) documentation.
pub fn file_view(input: &FileViewInput) -> Result<FileView> {
    let mut view = View::new(&input.current, input.encoding);
    match &input.managed {
        Managed::Update { .. } => words::update_view(&mut view, input)?,
        Managed::Install { .. } => install::install_view(&mut view, input),
    }
    Ok(view.finish())
}

/// A view being assembled: the text's positions and what has been found so far.
#[derive(Debug)]
pub(crate) struct View<'t> {
    pub text: &'t str,
    pub index: LineIndex<'t>,
    pub diagnostics: Vec<Diagnostic>,
    /// Markdown detail per diagnostic, for its hover.
    pub details: Vec<Option<String>>,
    pub actions: Vec<CodeAction>,
    pub summary: FileSummary,
}

impl<'t> View<'t> {
    fn new(text: &'t str, encoding: PositionEncoding) -> Self {
        View {
            text,
            index: LineIndex::new(text, encoding),
            diagnostics: Vec::new(),
            details: Vec::new(),
            actions: Vec::new(),
            summary: FileSummary::default(),
        }
    }

    /// Records a diagnostic (with an optional hover detail) and returns its index.
    pub fn diagnostic(
        &mut self,
        range: Range,
        severity: Severity,
        kind: DiagnosticKind,
        message: String,
        detail: Option<String>,
    ) -> usize {
        self.diagnostics.push(Diagnostic {
            range,
            severity,
            kind,
            message,
        });
        self.details.push(detail);
        self.diagnostics.len() - 1
    }

    /// Offers replacing bytes `start..end` of the text with `new_text`, fixing diagnostic
    /// `diagnostic`; nothing when the replacement changes nothing.
    pub fn quickfix(
        &mut self,
        title: String,
        diagnostic: usize,
        start: usize,
        end: usize,
        new_text: &str,
        preferred: bool,
    ) {
        if &self.text[start..end] == new_text {
            return;
        }
        let range = self.diagnostics[diagnostic].range;
        let edit = TextEdit {
            range: self.index.range(start, end),
            new_text: new_text.to_string(),
        };
        self.actions.push(CodeAction {
            title,
            kind: ActionKind::Quickfix,
            diagnostic: Some(diagnostic),
            range,
            preferred,
            edits: vec![edit],
        });
    }

    /// Offers replacing the whole text with `new_text`, as the smallest edit (common first
    /// and last lines kept, so the cursor and undo stay where the user is).
    pub fn whole_file(&mut self, title: String, new_text: &str) {
        if self.text == new_text {
            return;
        }
        let (old, new) = (self.text.as_bytes(), new_text.as_bytes());
        let mut prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        while prefix > 0 && old[prefix - 1] != b'\n' {
            prefix -= 1;
        }
        let limit = old.len().min(new.len()) - prefix;
        let mut suffix = old
            .iter()
            .rev()
            .zip(new.iter().rev())
            .take(limit)
            .take_while(|(a, b)| a == b)
            .count();
        while suffix > 0 && old[old.len() - suffix - 1] != b'\n' {
            suffix -= 1;
        }
        let (start, old_end, new_end) = (prefix, old.len() - suffix, new.len() - suffix);
        let whole = self.index.range(0, old.len());
        self.actions.push(CodeAction {
            title,
            kind: ActionKind::Source,
            diagnostic: None,
            range: whole,
            preferred: false,
            edits: vec![TextEdit {
                range: self.index.range(start, old_end),
                new_text: new_text[start..new_end].to_string(),
            }],
        });
    }

    /// The finished view: document order, the lens and the hovers.
    fn finish(self) -> FileView {
        let first_line = self.index.line_range(0);
        let lens = Lens {
            range: first_line,
            title: words::lens_title(&self.summary),
        };
        let mut hovers = vec![Hover {
            range: first_line,
            markdown: words::hover_markdown(&self.summary),
        }];
        let mut order: Vec<usize> = (0..self.diagnostics.len()).collect();
        order.sort_by_key(|&i| (self.diagnostics[i].range.start, i));
        let mut renumber = vec![0; order.len()];
        for (new, &old) in order.iter().enumerate() {
            renumber[old] = new;
        }
        let mut diagnostics = Vec::with_capacity(order.len());
        for &i in &order {
            let d = &self.diagnostics[i];
            let markdown = match &self.details[i] {
                Some(detail) => format!("**upkeep** — {}\n\n{detail}", d.message),
                None => format!("**upkeep** — {}", d.message),
            };
            hovers.push(Hover {
                range: d.range,
                markdown,
            });
            diagnostics.push(d.clone());
        }
        let mut actions = self.actions;
        for action in &mut actions {
            action.diagnostic = action.diagnostic.map(|d| renumber[d]);
        }
        actions.sort_by_key(|a| {
            (
                a.kind == ActionKind::Source,
                a.range.start,
                a.diagnostic.unwrap_or(usize::MAX),
            )
        });
        FileView {
            diagnostics,
            actions,
            lenses: vec![lens],
            hovers,
            summary: self.summary,
        }
    }
}

#[cfg(test)]
mod tests;
