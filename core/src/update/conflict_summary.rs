//! The summary's words for what the both-changed row left: each conflict with the route
//! it took and what was written where, how to finish each route, and the field-merge
//! line of a path (with its held-back scripts and dropped dependencies). The summary
//! ([`super::summary`]) places them.
//!
//! ```
//! use upkeep_core::update::{render_summary, Conflict, ConflictRoute, FileClass, UpdateReport, Version};
//!
//! let v = |s: &str| s.parse::<Version>().unwrap();
//! let mut report = UpdateReport::new(&v("1.2.0"), &v("1.3.0"));
//! report.conflicts.push(Conflict::new("README.md", FileClass::Shared, ConflictRoute::Markers));
//! let text = render_summary(&report, ".upkeep", false);
//! assert!(text.contains("  README.md [shared]: conflict markers written into the file\n"));
//! assert!(text.contains("To finish:\n  markers: edit each file"));
//! ```

use super::plan::conflict::ConflictRoute;
use super::report::{Conflict, StructuredFile, UpdateReport};
use crate::render::{counted, Line, Tone};
use crate::structured::Verdict;

/// One line per conflict: its route, what was written, where.
pub(super) fn conflict_lines(report: &UpdateReport, dry_run: bool) -> Vec<Line> {
    let (written, would) = if dry_run {
        ("would be written", "would be ")
    } else {
        ("written", "")
    };
    let mut lines = vec![Line::blank(), Line::new(Tone::Attention, "Conflicts:")];
    for c in &report.conflicts {
        let why = c
            .reason
            .as_deref()
            .map_or(String::new(), |r| format!(" ({r})"));
        let how = match c.route {
            ConflictRoute::Markers => format!("conflict markers {written} into the file"),
            ConflictRoute::Patch => {
                let mut how = format!("left as it is{why}");
                let mut sep = "; ";
                if let Some(patch) = &c.patch_path {
                    how.push_str(&format!("; upstream's change {would}in {patch}"));
                    sep = ", ";
                }
                if let Some(yours) = &c.yours_diff_path {
                    how.push_str(&format!("{sep}your edits against {}: {yours}", report.to));
                }
                how
            }
            ConflictRoute::LatestCopy => format!(
                "left as it is{why}; upstream's {} copy {would}in {}",
                report.to,
                c.latest_copy_path.as_deref().unwrap_or("(none)")
            ),
            _ => "not a regular file (a symlink, a directory, ...): resolve it by hand".into(),
        };
        lines.push(Line::new(
            Tone::Attention,
            format!("  {} [{}]: {how}", c.path, c.class.as_str()),
        ));
    }
    lines
}

/// How to finish each route present (after a run that wrote).
pub(super) fn finish_lines(report: &UpdateReport, state_dir: &str) -> Vec<Line> {
    let any = |wanted: &dyn Fn(&Conflict) -> bool| report.conflicts.iter().any(wanted);
    let mut lines = vec![Line::blank(), Line::new(Tone::Attention, "To finish:")];
    let mut step = |text: &str| lines.push(Line::new(Tone::Attention, format!("  {text}")));
    if any(&|c| c.route == ConflictRoute::Markers) {
        step(
            "markers: edit each file, keep what you want and remove the <<<<<<< / ======= / >>>>>>> \
             lines (and the ||||||| baseline section, where there is one)",
        );
    }
    let patches: Vec<String> = report
        .conflicts
        .iter()
        .filter_map(|c| c.patch_path.as_deref().map(shell_word))
        .collect();
    match patches.as_slice() {
        [] => {}
        [one] => step(&format!(
            "patches: from the project root, `git apply --reject {one}` (or `patch -p1 --forward < {one}`) \
             applies upstream's change where it still fits and never reverts your edits; redo the rest by hand"
        )),
        // One command per patch: `git apply` given several stops at the first that leaves
        // a reject, so a single command would skip the rest.
        all => {
            step(
                "patches: from the project root, run each of these; it applies upstream's change \
                 where it still fits, leaves the rest in a .rej file and never reverts your edits; \
                 redo the rest by hand",
            );
            for patch in all {
                step(&format!("  git apply --reject {patch}"));
            }
        }
    }
    if any(&|c| c.route == ConflictRoute::Patch && c.patch_path.is_none()) {
        step("no patch: bring in what you want from the latest release by hand");
    }
    if any(&|c| c.route == ConflictRoute::LatestCopy) {
        step("binary files: keep yours, or copy upstream's over it");
    }
    if any(&|c| c.route == ConflictRoute::NotAFile) {
        step("not regular files: replace or remove them by hand");
    }
    let written_beside = |c: &Conflict| {
        c.patch_path.is_some() || c.yours_diff_path.is_some() || c.latest_copy_path.is_some()
    };
    if any(&written_beside) {
        step(&format!(
            "then delete what {state_dir}-merge/ holds for each file you resolved"
        ));
    }
    lines
}

/// `path` as one shell word: bare when it has nothing the shell reads specially, else in
/// single quotes (a hint is pasted as it is printed).
fn shell_word(path: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._/-+=:,@%".contains(c);
    if !path.is_empty() && path.chars().all(plain) {
        path.to_string()
    } else {
        format!("'{}'", path.replace('\'', "'\\''"))
    }
}

/// A field-merged path's line: its counts (scripts held back, dependencies dropped
/// upstream), or why it was taken as a whole file (and whether that ended in conflict).
pub(super) fn structured_line(
    s: &StructuredFile,
    whole_file_conflict: bool,
    dry_run: bool,
) -> String {
    if let Some(reason) = &s.fallback {
        // A dry run says what a run would do, not what it did.
        let then = match (whole_file_conflict, dry_run) {
            (true, _) => "a whole-file conflict (see Conflicts above)",
            (false, false) => "taken as a whole file instead",
            (false, true) => "would be taken as a whole file instead",
        };
        return format!("not merged field by field ({reason}); {then}");
    }
    let (a, c, g) = (s.applied.len(), s.conflicts.len(), s.suggestions.len());
    if a + c + g == 0 {
        return "no managed-key changes (clean skip)".into();
    }
    let mut line = format!(
        "{}, {}, {}",
        if dry_run {
            counted(a, "to apply", "to apply")
        } else {
            counted(a, "applied", "applied")
        },
        counted(c, "conflict", "conflicts"),
        counted(g, "suggestion", "suggestions")
    );
    let count = |verdict: Verdict| {
        s.suggestions
            .iter()
            .filter(|v| v.verdict == verdict)
            .count()
    };
    let mut among = Vec::new();
    match count(Verdict::HeldBack) {
        0 => {}
        n => among.push(format!(
            "{} held back with what {} needs",
            counted(n, "script", "scripts"),
            if n == 1 { "it" } else { "each" }
        )),
    }
    match count(Verdict::DroppedUpstream) {
        0 => {}
        n => among.push(format!(
            "{} dropped upstream",
            counted(n, "dependency", "dependencies")
        )),
    }
    if !among.is_empty() {
        line.push_str(&format!(": {}", among.join(", ")));
    }
    if let Some(notes) = &s.notes_path {
        let verb = if dry_run { "would be in" } else { "see" };
        line.push_str(&format!(" ({verb} {notes})"));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::structured::{FieldVerdict, PartKind, Verdict};

    fn applied(key: &str) -> FieldVerdict {
        FieldVerdict {
            kind: PartKind::Value,
            section: None,
            key: key.into(),
            verdict: Verdict::Apply,
            current: None,
            baseline: None,
            latest: None,
            reason: None,
            needs: Vec::new(),
        }
    }

    #[test]
    fn a_dry_run_says_what_a_field_merge_would_do() {
        let merged = StructuredFile {
            applied: vec![applied("a"), applied("b")],
            ..StructuredFile::default()
        };
        assert!(structured_line(&merged, false, false).starts_with("2 applied, 0 conflicts"));
        assert!(structured_line(&merged, false, true).starts_with("2 to apply, 0 conflicts"));
        let whole = StructuredFile {
            fallback: Some("the file does not parse".into()),
            ..StructuredFile::default()
        };
        assert!(structured_line(&whole, false, false).ends_with("; taken as a whole file instead"));
        assert!(structured_line(&whole, false, true)
            .ends_with("; would be taken as a whole file instead"));
    }
}
