//! A host repository's installed file (`upkeep install`, kept in step by `upkeep refresh`):
//! its refresh state from the same three hashes the refresh classifies by (source now,
//! the editor's text, the recorded hash), and what the next refresh does with it.
//!
//! - unchanged since install, the source moved on: the next refresh replaces it; each of
//!   the source's changes is an Information with "apply this upstream hunk";
//! - edited here: a Warning — the next refresh asks keep-mine / take-theirs / merge, and
//!   take-theirs (or `--auto take-theirs`) replaces it, backed up first; after keep-mine
//!   against this source version, an Information that the refresh leaves it alone;
//! - dropped by the source: a Warning — the next refresh asks to remove or keep it.
//!
//! ```
//! // Internal module; see `upkeep_core::editor::file_view`.
//! ```

use super::model::{DiagnosticKind, FileViewInput, Managed, Severity};
use super::upstream::{upstream_changes, Sides};
use super::View;
use crate::observe::Observed;
use crate::refresh::{classify, eol_normalized_sha256, FileState};
use crate::sha256_hex;
use crate::text::is_binary;
use crate::update::FileClass;

/// Fills `view` for an installed file.
pub(crate) fn install_view(view: &mut View<'_>, input: &FileViewInput) {
    let Managed::Install {
        source,
        src,
        latest,
        recorded_sha256,
        kept_against,
    } = &input.managed
    else {
        return;
    };
    let current = input.current.as_bytes();
    let host = Observed {
        sha256_lf: eol_normalized_sha256(current),
        ..Observed::file(sha256_hex(current))
    };
    let upstream = latest.as_ref().map(|l| Observed {
        sha256_lf: eol_normalized_sha256(&l.0),
        ..Observed::file(sha256_hex(&l.0))
    });
    let missing = Observed::missing();
    let mut state = classify(
        upstream.as_ref().unwrap_or(&missing),
        &host,
        recorded_sha256.as_deref(),
    );
    let source_sha = upstream.as_ref().and_then(|u| u.sha256.clone());
    // As the refresh reads it: a kept file stays kept until the source moves again.
    let kept = kept_against.is_some() && state == FileState::UnchangedStale;
    let still_kept = kept && *kept_against == source_sha;
    if kept && !still_kept {
        state = FileState::LocallyModified;
    }
    view.summary.class = "installed".into();
    view.summary.installed = source.clone();
    let first = view.index.line_range(0);
    let (severity, message) = match state {
        _ if still_kept => (
            Some(Severity::Information),
            format!("you kept your version of this installed file (keep-mine) against the source's current {src}: the next refresh leaves it alone until the source changes it again"),
        ),
        FileState::UnchangedIdentical => (None, "identical to the source's version: the next refresh has nothing to do".into()),
        FileState::UnchangedStale => (
            Some(Severity::Information),
            format!("unchanged since install, and the source changed {src}: the next refresh replaces it with the source's version (backed up first)"),
        ),
        FileState::LocallyModified => (
            Some(Severity::Warning),
            format!("installed from {source} and edited here: the next refresh asks keep-mine, take-theirs or merge; take-theirs (or --auto take-theirs) replaces it with the source's {src}, backed up first"),
        ),
        _ => (
            Some(Severity::Warning),
            format!("the source no longer ships {src}: the next refresh asks whether to remove this file or keep it"),
        ),
    };
    view.summary.verdict = message.clone();
    if let Some(severity) = severity {
        view.summary.edited = state == FileState::LocallyModified;
        let kind = if state == FileState::LocallyModified {
            DiagnosticKind::ManagedEdited
        } else {
            DiagnosticKind::FileVerdict
        };
        view.diagnostic(first, severity, kind, message, None);
    }
    let Some(latest) = latest.as_ref() else {
        return;
    };
    let latest_text = std::str::from_utf8(&latest.0)
        .ok()
        .filter(|_| !is_binary(&latest.0));
    if state == FileState::UnchangedStale && !still_kept {
        // Unchanged since install: the recorded bytes are the editor's, so every
        // difference is the source's own change.
        let sides = Sides {
            current: &input.current,
            baseline: current,
            latest: &latest.0,
            class: FileClass::Owned,
            markers: &[],
            ignore_eol: false,
            version: "source",
        };
        upstream_changes(view, &sides);
    }
    if let Some(text) = latest_text {
        if !still_kept && state != FileState::UnchangedIdentical {
            view.whole_file("Take upstream's file (the source's version)".into(), text);
        }
    }
}
