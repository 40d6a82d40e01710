use super::*;
use crate::regions::{Regenerate, RegionDecl};
use crate::structured::{Format, MergeSpec};
use crate::text::{merge, MergeOptions};
use crate::update::{Bytes, FileClass};

fn update(path: &str, current: &str, base: Option<&str>, latest: Option<&str>) -> FileViewInput {
    let mut input = FileViewInput::update(path, current, "1.2.0", "1.3.0");
    if let Managed::Update {
        baseline,
        latest: l,
        ..
    } = &mut input.managed
    {
        *baseline = base.map(|b| Bytes(b.as_bytes().to_vec()));
        *l = latest.map(|t| Bytes(t.as_bytes().to_vec()));
    }
    input
}

fn set_class(input: &mut FileViewInput, to: FileClass) {
    if let Managed::Update { class, .. } = &mut input.managed {
        *class = to;
    }
}

/// The text after applying one action's edits.
fn apply(text: &str, action: &CodeAction, encoding: PositionEncoding) -> String {
    let index = positions::LineIndex::new(text, encoding);
    let offset = |p: Position| {
        (0..=text.len())
            .filter(|&o| text.is_char_boundary(o))
            .find(|&o| index.position(o) == p)
            .expect("a position inside the text")
    };
    let mut out = text.to_string();
    for edit in action.edits.iter().rev() {
        let (s, e) = (offset(edit.range.start), offset(edit.range.end));
        out.replace_range(s..e, &edit.new_text);
    }
    out
}

fn find<'v>(view: &'v FileView, title: &str) -> Vec<&'v CodeAction> {
    view.actions.iter().filter(|a| a.title == title).collect()
}

fn lines(n: usize, tag: &str) -> String {
    (0..n).map(|i| format!("{tag}{i}\n")).collect()
}

#[test]
fn upstream_hunks_follow_local_edits_and_apply_like_the_merge() {
    let base = "a\nb\nc\nd\ne\nf\ng\nh\n";
    let latest = "a\nB\nc\nd\ne\nf\nG\nh\n";
    let current = "mine\na\nb\nc\nd\ne\nf\ng\nh\n";
    let view = file_view(&update("x.txt", current, Some(base), Some(latest))).unwrap();
    let info: Vec<_> = view
        .diagnostics
        .iter()
        .filter(|d| d.kind == DiagnosticKind::UpstreamChange)
        .collect();
    assert_eq!(info.len(), 2);
    assert_eq!((info[0].range.start.line, info[0].range.end.line), (2, 2));
    assert_eq!((info[1].range.start.line, info[1].range.end.line), (7, 7));
    assert_eq!(info[0].severity, Severity::Information);
    let hunks = find(&view, "Apply this upstream hunk");
    assert_eq!(hunks.len(), 2);
    let once = apply(current, hunks[1], PositionEncoding::Utf16);
    assert_eq!(once, "mine\na\nb\nc\nd\ne\nf\nG\nh\n");
    // Applying each hunk in turn gives exactly the clean merge.
    let mut text = current.to_string();
    loop {
        let view = file_view(&update("x.txt", &text, Some(base), Some(latest))).unwrap();
        let Some(first) = find(&view, "Apply this upstream hunk")
            .first()
            .copied()
            .cloned()
        else {
            break;
        };
        text = apply(&text, &first, PositionEncoding::Utf16);
    }
    let merged = merge(
        current.as_bytes(),
        base.as_bytes(),
        latest.as_bytes(),
        &MergeOptions::default(),
    )
    .unwrap();
    assert_eq!(text.as_bytes(), merged.content);
    assert_eq!(view.summary.upstream_hunks, 2);
    assert!(
        view.lenses[0]
            .title
            .contains("1.2.0 → 1.3.0 · 2 upstream hunks"),
        "{}",
        view.lenses[0].title
    );
}

#[test]
fn ranges_both_sides_changed_are_warnings() {
    let view = file_view(&update(
        "x.txt",
        "a\nMINE\nc\n",
        Some("a\nb\nc\n"),
        Some("a\nTHEIRS\nc\n"),
    ))
    .unwrap();
    let d = &view.diagnostics[0];
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(d.message, "you and upstream 1.3.0 both changed these lines");
    assert_eq!(
        (d.range.start.line, d.range.end.line, d.range.end.character),
        (1, 1, 4)
    );
    assert!(
        view.summary
            .verdict
            .contains("the next update writes the three-way merge with conflict markers"),
        "{}",
        view.summary.verdict
    );
    let merge_all = view
        .actions
        .iter()
        .find(|a| a.title.starts_with("Apply every upstream change"))
        .unwrap();
    assert!(merge_all.title.ends_with("1 conflict block)"));
    // The merge the update writes: diff3 markers labelled with the versions.
    assert!(apply("a\nMINE\nc\n", merge_all, PositionEncoding::Utf16)
        .contains("<<<<<<< yours\nMINE\n||||||| 1.2.0 (baseline)\nb\n=======\nTHEIRS\n>>>>>>> 1.3.0 (latest)\n"));
}

#[test]
fn conflict_blocks_resolve_three_ways() {
    let text = "top\n<<<<<<< README.md\nmine\n||||||| base\nold\n=======\ntheirs\n>>>>>>> README.md (latest)\nend\n";
    let view = file_view(&update(
        "README.md",
        text,
        Some("top\nold\nend\n"),
        Some("top\nold\nend\n"),
    ))
    .unwrap();
    let errors: Vec<_> = view
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(
        (errors[0].range.start.line, errors[0].range.end.line),
        (1, 7)
    );
    let outcome = |title: &str| apply(text, find(&view, title)[0], PositionEncoding::Utf16);
    assert_eq!(outcome("Keep yours"), "top\nmine\nend\n");
    assert_eq!(outcome("Take upstream"), "top\ntheirs\nend\n");
    assert_eq!(outcome("Keep both"), "top\nmine\ntheirs\nend\n");
    assert_eq!(view.summary.conflicts, 1);
    // A merge on a file with markers would nest them: not offered.
    assert!(!view
        .actions
        .iter()
        .any(|a| a.title.starts_with("Apply every")));
    let open = file_view(&update("a", "<<<<<<< x\nmine\n", Some("a"), Some("a"))).unwrap();
    assert!(open.diagnostics[0].message.contains("without its ======="));
}

#[test]
fn owned_files_edited_here_say_what_the_update_does() {
    let mut input = update("src/index.js", "mine\n", Some("v1\n"), Some("v2\n"));
    set_class(&mut input, FileClass::Owned);
    let view = file_view(&input).unwrap();
    let warning = view
        .diagnostics
        .iter()
        .find(|d| d.kind == DiagnosticKind::ManagedEdited)
        .unwrap();
    assert_eq!(warning.severity, Severity::Warning);
    assert!(warning.message.starts_with("upstream owns this file and it was edited here: you and upstream 1.3.0 both changed it"), "{}", warning.message);
    let mut adopt = update("src/new.js", "mine\n", None, Some("v2\n"));
    set_class(&mut adopt, FileClass::Owned);
    let view = file_view(&adopt).unwrap();
    assert!(view.diagnostics[0]
        .message
        .contains("replaces it with upstream's version (yours is backed up first)"));
    let mut clean = update("src/index.js", "v1\n", Some("v1\n"), Some("v2\n"));
    set_class(&mut clean, FileClass::Owned);
    let view = file_view(&clean).unwrap();
    assert!(!view
        .diagnostics
        .iter()
        .any(|d| d.kind == DiagnosticKind::ManagedEdited));
    assert_eq!(
        view.summary.verdict,
        "the next update replaces it with upstream 1.3.0's version (backed up first)"
    );
}

fn region() -> RegionDecl {
    RegionDecl {
        id: "scripts-list".into(),
        start_marker: "<!-- s -->".into(),
        end_marker: "<!-- e -->".into(),
        paths: vec!["docs/scripts.md".into()],
        inputs: vec!["package.json".into()],
        regenerate: Regenerate {
            interpreter: "node".into(),
            operand: "scripts/list.mjs".into(),
            args: vec![],
        },
    }
}

#[test]
fn generated_regions_are_masked_named_and_guarded() {
    let base = "# Scripts\n<!-- s -->\n- a\n<!-- e -->\nfoot\n";
    let latest = "# Scripts\n<!-- s -->\n- a\n- b\n<!-- e -->\nFOOT\n";
    let saved = "# Scripts\n<!-- s -->\n- mine\n<!-- e -->\nfoot\n";
    let edited = "# Scripts\n<!-- s -->\n- mine\n- typed by hand\n<!-- e -->\nfoot\n";
    let mut input = update("docs/scripts.md", edited, Some(base), Some(latest));
    if let Managed::Update {
        regions, reference, ..
    } = &mut input.managed
    {
        regions.push(region());
        *reference = Some(Bytes(saved.as_bytes().to_vec()));
    }
    let view = file_view(&input).unwrap();
    let kinds: Vec<_> = view
        .diagnostics
        .iter()
        .map(|d| (d.kind, d.range.start.line, d.range.end.line))
        .collect();
    assert_eq!(
        kinds,
        [
            (DiagnosticKind::GeneratedRegion, 1, 4),
            (DiagnosticKind::RegionHandEdit, 3, 3),
            (DiagnosticKind::UpstreamChange, 5, 5),
        ]
    );
    assert!(view.diagnostics[0]
        .message
        .contains("`node scripts/list.mjs` rewrites its body on every update from package.json"));
    let restore = find(&view, "Restore the generated text of region 'scripts-list'")[0];
    assert_eq!(apply(edited, restore, PositionEncoding::Utf16), saved);
    let hunk = find(&view, "Apply this upstream hunk")[0];
    assert_eq!(
        apply(edited, hunk, PositionEncoding::Utf16),
        edited.replace("foot", "FOOT")
    );
}

#[test]
fn the_committed_copy_is_the_reference_and_the_saved_one_stands_in_outside_git() {
    let base = "# Scripts\n<!-- s -->\n- a\n<!-- e -->\n";
    let committed = "# Scripts\n<!-- s -->\n- committed\n<!-- e -->\n";
    let saved = "# Scripts\n<!-- s -->\n- saved\n<!-- e -->\n";
    let typing = "# Scripts\n<!-- s -->\n- typed by hand\n<!-- e -->\n";
    let restored = |reference: Option<&str>, on_disk: Option<&str>| {
        let mut input = update("docs/scripts.md", typing, Some(base), Some(base));
        if let Managed::Update {
            regions,
            reference: r,
            saved: s,
            ..
        } = &mut input.managed
        {
            regions.push(region());
            *r = reference.map(|t| Bytes(t.as_bytes().to_vec()));
            *s = on_disk.map(|t| Bytes(t.as_bytes().to_vec()));
        }
        let view = file_view(&input).unwrap();
        find(&view, "Restore the generated text of region 'scripts-list'")
            .first()
            .map(|action| apply(typing, action, PositionEncoding::Utf16))
    };
    assert_eq!(
        restored(Some(committed), Some(saved)).as_deref(),
        Some(committed)
    );
    assert_eq!(restored(None, Some(saved)).as_deref(), Some(saved));
    assert_eq!(restored(None, None), None);
}

#[test]
fn field_merged_files_show_each_entry_on_its_line() {
    let spec = MergeSpec {
        format: Format::Json,
        values: vec!["packageManager".into()],
        maps: vec!["scripts".into(), "engines".into()],
        tokens: vec![],
        lists: vec![],
        couple: Default::default(),
    };
    let base = "{\n  \"name\": \"starter\",\n  \"scripts\": {\n    \"start\": \"node a\",\n    \"test\": \"node --test\"\n  },\n  \"engines\": {\n    \"node\": \">=20\"\n  }\n}\n";
    let latest = "{\n  \"name\": \"starter\",\n  \"scripts\": {\n    \"start\": \"node b\",\n    \"test\": \"node --test src/\",\n    \"health\": \"node h\"\n  },\n  \"engines\": {\n    \"node\": \">=20.19\"\n  }\n}\n";
    let current = "{\n  \"name\": \"acme\",\n  \"scripts\": {\n    \"start\": \"node mine\",\n    \"test\": \"node --test\"\n  },\n  \"engines\": {\n    \"node\": \">=20\"\n  }\n}\n";
    let mut input = update("package.json", current, Some(base), Some(latest));
    if let Managed::Update { merge, .. } = &mut input.managed {
        *merge = Some(spec);
    }
    let view = file_view(&input).unwrap();
    let found: Vec<_> = view
        .diagnostics
        .iter()
        .map(|d| (d.kind, d.range.start.line))
        .collect();
    assert_eq!(
        found,
        [
            (DiagnosticKind::FieldSuggestion, 2),
            (DiagnosticKind::FieldConflict, 3),
            (DiagnosticKind::FieldApply, 4),
            (DiagnosticKind::FieldApply, 7),
        ]
    );
    let conflict = &view.diagnostics[1];
    assert!(
        conflict.message.contains("yours:    \"node mine\""),
        "{}",
        conflict.message
    );
    assert!(
        conflict.message.contains("recommended: keep yours"),
        "{}",
        conflict.message
    );
    let suggestion = find(&view, "Apply the suggestion: scripts › health = \"node h\"")[0];
    let added = apply(current, suggestion, PositionEncoding::Utf16);
    assert!(
        added.contains("    \"test\": \"node --test\",\n    \"health\": \"node h\"\n  },"),
        "{added}"
    );
    let take = find(&view, "Take upstream's scripts › start")[0];
    assert!(apply(current, take, PositionEncoding::Utf16).contains("\"start\": \"node b\""));
    // No line hunks: only the declared parts are the update's to change.
    assert!(!view
        .diagnostics
        .iter()
        .any(|d| d.kind == DiagnosticKind::UpstreamChange));
    assert_eq!(view.summary.field_notes, 2);
}

#[test]
fn installed_files_follow_refresh_states() {
    let install = |current: &str, latest: Option<&str>, recorded: &str, kept: Option<&str>| {
        let input = FileViewInput {
            path: "svc/a.js".into(),
            current: current.into(),
            managed: Managed::Install {
                source: "../vendor".into(),
                src: "a.js".into(),
                latest: latest.map(|l| Bytes(l.as_bytes().to_vec())),
                recorded_sha256: Some(crate::sha256_hex(recorded.as_bytes())),
                kept_against: kept.map(|k| crate::sha256_hex(k.as_bytes())),
            },
            encoding: PositionEncoding::Utf16,
        };
        file_view(&input).unwrap()
    };
    let edited = install("mine\n", Some("v2\n"), "v1\n", None);
    assert_eq!(edited.diagnostics[0].severity, Severity::Warning);
    assert!(edited.diagnostics[0]
        .message
        .contains("take-theirs (or --auto take-theirs) replaces it"));
    assert!(find(&edited, "Take upstream's file (the source's version)").len() == 1);
    let stale = install("v1\nx\n", Some("v2\nx\n"), "v1\nx\n", None);
    assert!(stale.diagnostics[0]
        .message
        .contains("the next refresh replaces it"));
    assert_eq!(stale.diagnostics[1].kind, DiagnosticKind::UpstreamChange);
    let kept = install("mine\n", Some("v2\n"), "mine\n", Some("v2\n"));
    assert_eq!(kept.diagnostics[0].severity, Severity::Information);
    assert!(kept.actions.is_empty());
    let gone = install("mine\n", None, "mine\n", None);
    assert!(gone.diagnostics[0].message.contains("no longer ships a.js"));
    let same = install("v2\n", Some("v2\n"), "v1\n", None);
    assert!(same.diagnostics.is_empty());
    assert_eq!(same.lenses[0].title, "upkeep: installed from ../vendor");
}

#[test]
fn binary_and_dropped_files_get_one_diagnostic() {
    let view = file_view(&update("logo.png", "mine", Some("PNG\0a"), Some("PNG\0b"))).unwrap();
    assert_eq!(view.diagnostics.len(), 1);
    assert_eq!(view.diagnostics[0].kind, DiagnosticKind::NotText);
    let view = file_view(&update("old.md", "x\n", Some("x\n"), None)).unwrap();
    assert_eq!(view.diagnostics.len(), 1);
    assert!(view.diagnostics[0]
        .message
        .contains("no longer ships old.md"));
}

#[test]
fn positions_count_utf16_and_crlf() {
    let current = "é😀\r\nmine\r\n";
    let mut input = update("x", current, Some("é😀\r\nold\r\n"), Some("é😀\r\nnew\r\n"));
    let view = file_view(&input).unwrap();
    assert_eq!(view.diagnostics[0].range.start.line, 1);
    assert_eq!(view.lenses[0].range.end.character, 3);
    input.encoding = PositionEncoding::Utf8;
    let view = file_view(&input).unwrap();
    assert_eq!(view.lenses[0].range.end.character, 6);
}

#[test]
fn a_large_file_stays_exact() {
    let base = lines(5000, "line ");
    let latest = base.replace("line 2500\n", "upstream 2500\n");
    let current = base.replace("line 10\n", "mine 10\n");
    let view = file_view(&update("big.txt", &current, Some(&base), Some(&latest))).unwrap();
    assert_eq!(view.summary.upstream_hunks, 1);
    assert_eq!(view.diagnostics[0].range.start.line, 2500);
}
