//! The `package.json` rules on top of the per-entry verdicts, so a merge never leaves a
//! project that cannot run its own scripts:
//!
//! - A script upstream changed or added whose command comes from a dependency the latest
//!   release lists and the project does not have (the merge at most suggests it) is held
//!   back together with that dependency, as one suggestion ([`Verdict::HeldBack`], its
//!   `needs` naming the dependency). With `"couple": "apply"` both are written instead.
//! - A dependency upstream dropped that the project still has is noted
//!   ([`Verdict::DroppedUpstream`]) and left where it is.
//!
//! A command is the first word of each command in the script (`a && b | c`), after
//! environment assignments and a package runner (`npx`, `pnpm exec`, `yarn dlx`, ...); a
//! dependency provides the commands named like it (`oxlint`; `biome` for
//! `@biomejs/biome`), plus a few well-known others (`tsc` for `typescript`).
//!
//! The rules apply to any declaration that merges `scripts` as a map; the dependency
//! sections are `dependencies`, `devDependencies`, `optionalDependencies` and
//! `peerDependencies`.
//!
//! ```
//! use upkeep_core::structured::{merge, Format, MergeSpec, Verdict};
//!
//! let spec = MergeSpec { format: Format::Json, values: vec![],
//!     maps: vec!["scripts".into(), "devDependencies".into()], tokens: vec![], lists: vec![],
//!     couple: Default::default() };
//! let base = r#"{"scripts": {"lint": "eslint ."}, "devDependencies": {"eslint": "9"}}"#;
//! let latest = r#"{"scripts": {"lint": "oxlint"}, "devDependencies": {"oxlint": "1"}}"#;
//! let out = merge(&spec, base, base, latest);
//! assert_eq!(out.merged, None, "nothing written: npm run lint would not find oxlint");
//! assert_eq!(out.suggestions[0].verdict, Verdict::HeldBack);
//! assert_eq!(out.suggestions[0].needs, ["devDependencies › oxlint"]);
//! assert_eq!(out.suggestions[2].verdict, Verdict::DroppedUpstream);
//! ```

use super::doc::{DocNode, Entry, Format, Kind, Value};
use super::spec::{Couple, MergeSpec};
use super::verdict::{planned, EditOp, PartKind, Planned, Verdict};

/// The sections whose entries are installed packages.
pub(crate) const DEPENDENCY_SECTIONS: [&str; 4] = [
    "dependencies",
    "devDependencies",
    "optionalDependencies",
    "peerDependencies",
];

/// Packages whose commands are not (only) named like the package.
const KNOWN_COMMANDS: &[(&str, &[&str])] = &[
    ("typescript", &["tsc", "tsserver"]),
    ("npm-run-all", &["run-s", "run-p"]),
    ("npm-run-all2", &["run-s", "run-p", "npm-run-all"]),
    ("@angular/cli", &["ng"]),
    ("@vue/cli-service", &["vue-cli-service"]),
    ("@playwright/test", &["playwright"]),
    ("@changesets/cli", &["changeset"]),
    ("@storybook/cli", &["sb", "storybook"]),
    ("@swc/cli", &["swc"]),
    ("@babel/cli", &["babel"]),
    ("webpack-cli", &["webpack"]),
];

/// Whether `package` provides the command `word`.
pub(crate) fn provides(package: &str, word: &str) -> bool {
    let unscoped = match package
        .strip_prefix('@')
        .and_then(|rest| rest.split_once('/'))
    {
        Some((_, name)) => name,
        None => package,
    };
    word == package
        || word == unscoped
        || KNOWN_COMMANDS
            .iter()
            .any(|(p, commands)| *p == package && commands.contains(&word))
}

/// The commands a script runs: the first word of each command of a chain or pipeline.
pub(crate) fn commands(script: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for command in script.split(['&', '|', ';', '\n', '(', ')']) {
        let mut words = command
            .split_whitespace()
            .map(|w| w.trim_matches(|c| c == '"' || c == '\''));
        let mut word = words.next();
        loop {
            match word {
                Some(w) if is_assignment(w) => word = words.next(),
                Some(w @ ("cross-env" | "env")) => {
                    out.push(w.into());
                    word = words.next();
                }
                Some("npx" | "bunx" | "pnpx") => word = runner_target(&mut words),
                Some("pnpm" | "yarn" | "npm" | "bun") => {
                    let mut peek = words.clone();
                    match peek.next() {
                        Some("exec" | "dlx" | "x") => {
                            words = peek;
                            word = runner_target(&mut words);
                        }
                        _ => break,
                    }
                }
                _ => break,
            }
        }
        if let Some(w) = word.filter(|w| !w.is_empty()) {
            let name = strip_version(w);
            if !out.iter().any(|o| o == name) {
                out.push(name.into());
            }
        }
    }
    out
}

/// The word a runner runs: past its options (`-y`, `--package x`, `--`).
fn runner_target<'w>(words: &mut impl Iterator<Item = &'w str>) -> Option<&'w str> {
    loop {
        match words.next()? {
            "-p" | "--package" | "-c" | "--call" => {
                words.next()?;
            }
            w if w.starts_with('-') => {}
            w => return Some(w),
        }
    }
}

/// `NAME=value`, as a shell reads an environment assignment.
fn is_assignment(word: &str) -> bool {
    match word.split_once('=') {
        Some((name, _)) => {
            !name.is_empty()
                && !name.starts_with(|c: char| c.is_ascii_digit())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        }
        None => false,
    }
}

/// `oxlint@1.2` → `oxlint`, `@scope/pkg@1` → `@scope/pkg`.
fn strip_version(word: &str) -> &str {
    let from = usize::from(word.starts_with('@'));
    match word[from..].find('@') {
        Some(i) => &word[..from + i],
        None => word,
    }
}

fn entries(node: Option<&DocNode>) -> &[Entry] {
    match node.map(|n| &n.kind) {
        Some(Kind::Map(entries)) => entries,
        _ => &[],
    }
}

/// `section › key`, as the notes name an entry.
fn named(section: &str, key: &str) -> String {
    format!("{section} › {key}")
}

/// The held-back, coupled and dropped rules, applied to the verdicts of one file.
pub(crate) fn apply_rules<'d>(
    spec: &MergeSpec,
    a: &'d DocNode,
    b: &'d DocNode,
    l: &'d DocNode,
    out: &mut Vec<Planned<'d>>,
) {
    if spec.maps.iter().any(|m| m == "scripts") {
        couple_scripts(spec, a, b, l, out);
    }
    dropped(spec, a, b, l, out);
}

/// A dependency the latest release lists and the project does not: `(section, entry)`.
fn missing_provider<'d>(
    a: &DocNode,
    l: &'d DocNode,
    word: &str,
) -> Option<(&'static str, &'d Entry)> {
    let in_project = DEPENDENCY_SECTIONS
        .iter()
        .any(|s| entries(a.lookup(s)).iter().any(|e| provides(&e.key, word)));
    if in_project {
        return None;
    }
    DEPENDENCY_SECTIONS.iter().find_map(|s| {
        entries(l.lookup(s))
            .iter()
            .find(|e| provides(&e.key, word))
            .map(|e| (*s, e))
    })
}

fn couple_scripts<'d>(
    spec: &MergeSpec,
    a: &'d DocNode,
    b: &'d DocNode,
    l: &'d DocNode,
    out: &mut Vec<Planned<'d>>,
) {
    let couple = spec.couple == Couple::Apply && spec.format == Format::Json;
    let mut added: Vec<Planned<'d>> = Vec::new();
    for i in 0..out.len() {
        let v = &out[i].verdict;
        let is_script = v.kind == PartKind::Entry && v.section.as_deref() == Some("scripts");
        if !is_script || !matches!(v.verdict, Verdict::Apply | Verdict::SuggestAdd) {
            continue;
        }
        let Some(Value::String(script)) = &v.latest else {
            continue;
        };
        let mut needs: Vec<(&'static str, &'d Entry)> = Vec::new();
        for word in commands(script) {
            if let Some(found) = missing_provider(a, l, &word) {
                if !needs
                    .iter()
                    .any(|(s, e)| *s == found.0 && e.key == found.1.key)
                {
                    needs.push(found);
                }
            }
        }
        if needs.is_empty() {
            continue;
        }
        let key = v.key.clone();
        // Under `couple: apply`, every edit must be possible, or nothing is applied.
        let script_edit = match v.verdict {
            Verdict::Apply => Some(None),
            _ => insert_op(a, "scripts", l, &key).map(Some),
        };
        let dep_edits: Option<Vec<EditOp<'d>>> = needs
            .iter()
            .map(|(section, e)| insert_op(a, section, l, &e.key))
            .collect();
        let applied = match (couple, script_edit, dep_edits) {
            (true, Some(script_edit), Some(dep_edits)) => Some((script_edit, dep_edits)),
            _ => None,
        };
        let script = &mut out[i];
        script.verdict.needs = needs.iter().map(|(s, e)| named(s, &e.key)).collect();
        let mut dep_edits: Vec<Option<EditOp<'d>>> = match applied {
            Some((script_edit, dep_edits)) => {
                if let Some(op) = script_edit {
                    script.verdict.verdict = Verdict::Apply;
                    script.edits = vec![op];
                }
                dep_edits.into_iter().map(Some).collect()
            }
            None => {
                script.verdict.verdict = Verdict::HeldBack;
                script.edits.clear();
                needs.iter().map(|_| None).collect()
            }
        };
        let reason = format!("the latest {} runs it", named("scripts", &key));
        for (section, entry) in &needs {
            let edit = dep_edits.remove(0);
            let verdict = if edit.is_some() {
                Verdict::Apply
            } else {
                Verdict::SuggestAdd
            };
            let existing = out.iter_mut().chain(added.iter_mut()).find(|p| {
                p.verdict.section.as_deref() == Some(*section) && p.verdict.key == entry.key
            });
            match existing {
                Some(p) => {
                    if let Some(op) = edit {
                        p.verdict.verdict = Verdict::Apply;
                        p.edits = vec![op];
                    }
                    p.verdict.reason.get_or_insert_with(|| reason.clone());
                }
                None => {
                    let value = |side: &DocNode| {
                        side.lookup(section)
                            .and_then(|n| n.entry(&entry.key))
                            .map(|e| e.value.value())
                    };
                    let mut p = planned(
                        PartKind::Entry,
                        Some(&section.to_string()),
                        &entry.key,
                        verdict,
                        value(a),
                        value(b),
                        Some(entry.value.value()),
                        edit.into_iter().collect(),
                    );
                    p.verdict.reason = Some(reason.clone());
                    added.push(p);
                }
            }
        }
    }
    out.extend(added);
}

/// Adds the latest release's `key` of `section` to the project's mapping, when the
/// project has that mapping (and the file is JSON).
fn insert_op<'d>(a: &'d DocNode, section: &str, l: &'d DocNode, key: &str) -> Option<EditOp<'d>> {
    let map = a
        .lookup(section)
        .filter(|n| matches!(n.kind, Kind::Map(_)))?;
    let entry = l.lookup(section)?.entry(key)?;
    Some(EditOp::Insert { map, entry })
}

/// Dependencies in the baseline, gone from the latest release, still in the project.
fn dropped<'d>(
    spec: &MergeSpec,
    a: &'d DocNode,
    b: &'d DocNode,
    l: &'d DocNode,
    out: &mut Vec<Planned<'d>>,
) {
    for section in spec
        .maps
        .iter()
        .filter(|m| DEPENDENCY_SECTIONS.contains(&m.as_str()))
    {
        let latest = entries(l.lookup(section));
        let project = entries(a.lookup(section));
        for e in entries(b.lookup(section)) {
            if latest.iter().any(|x| x.key == e.key) {
                continue;
            }
            let Some(mine) = project.iter().find(|x| x.key == e.key) else {
                continue;
            };
            out.push(planned(
                PartKind::Entry,
                Some(section),
                &e.key,
                Verdict::DroppedUpstream,
                Some(mine.value.value()),
                Some(e.value.value()),
                None,
                Vec::new(),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commands_of_a_script() {
        #[rustfmt::skip]
        let cases: &[(&str, &[&str])] = &[
            ("oxlint", &["oxlint"]),
            ("eslint . && tsc -b", &["eslint", "tsc"]),
            ("NODE_ENV=production vite build", &["vite"]),
            ("cross-env NODE_ENV=test vitest run", &["cross-env", "vitest"]),
            ("npx --yes @biomejs/biome@1.9 check .", &["@biomejs/biome"]),
            ("npx -p typescript tsc", &["tsc"]),
            ("pnpm exec prettier --write . | tee log; bunx oxlint", &["prettier", "tee", "oxlint"]),
            ("pnpm run build && yarn test", &["pnpm", "yarn"]),
            ("npm exec -- jest", &["jest"]),
            ("yarn dlx create-vite", &["create-vite"]),
            ("node --test src/", &["node"]),
            ("'vite' build", &["vite"]),
            ("", &[]),
        ];
        for (script, want) in cases {
            assert_eq!(commands(script), *want, "{script}");
        }
    }

    use crate::structured::{merge, render_notes_with, NotesContext, PackageManager};

    fn spec(maps: &[&str], couple: Couple) -> MergeSpec {
        MergeSpec {
            format: Format::Json,
            values: vec![],
            maps: maps.iter().map(|m| m.to_string()).collect(),
            tokens: vec![],
            lists: vec![],
            couple,
        }
    }

    const BASE: &str = r#"{"scripts": {"dev": "vite", "lint": "eslint ."}, "devDependencies": {"vite": "^6.0.0", "eslint": "^9.0.0"}}"#;
    const LATEST: &str = r#"{"scripts": {"dev": "vite", "lint": "oxlint", "typecheck": "tsc -b"}, "devDependencies": {"vite": "^7.0.0", "oxlint": "^1.0.0", "typescript": "~5.8.0"}}"#;
    const MINE: &str = "{\n  \"name\": \"app\",\n  \"scripts\": {\n    \"dev\": \"vite\",\n    \"lint\": \"eslint .\"\n  },\n  \"devDependencies\": {\n    \"vite\": \"^6.0.0\",\n    \"eslint\": \"^9.0.0\"\n  }\n}\n";

    fn verdicts(
        out: &crate::structured::StructuredMerge,
    ) -> Vec<(Verdict, String, String, Vec<String>)> {
        out.applied
            .iter()
            .chain(&out.conflicts)
            .chain(&out.suggestions)
            .map(|v| {
                (
                    v.verdict,
                    v.section.clone().unwrap_or_default(),
                    v.key.clone(),
                    v.needs.clone(),
                )
            })
            .collect()
    }

    fn row(v: Verdict, s: &str, k: &str, needs: &[&str]) -> (Verdict, String, String, Vec<String>) {
        (
            v,
            s.into(),
            k.into(),
            needs.iter().map(|n| n.to_string()).collect(),
        )
    }

    #[test]
    fn a_script_is_held_back_with_the_dependency_it_needs() {
        let out = merge(
            &spec(&["scripts", "devDependencies"], Couple::Suggest),
            MINE,
            BASE,
            LATEST,
        );
        use Verdict::*;
        assert_eq!(
            verdicts(&out),
            [
                row(Apply, "devDependencies", "vite", &[]),
                row(HeldBack, "scripts", "lint", &["devDependencies › oxlint"]),
                row(
                    HeldBack,
                    "scripts",
                    "typecheck",
                    &["devDependencies › typescript"]
                ),
                row(SuggestAdd, "devDependencies", "oxlint", &[]),
                row(SuggestAdd, "devDependencies", "typescript", &[]),
                row(DroppedUpstream, "devDependencies", "eslint", &[]),
            ]
        );
        assert_eq!(
            out.merged.as_deref(),
            Some(MINE.replace("\"^6.0.0\"", "\"^7.0.0\"").as_str())
        );
        assert_eq!(
            out.suggestions[2].reason.as_deref(),
            Some("the latest scripts › lint runs it")
        );
        let notes = render_notes_with(
            "package.json",
            &out,
            &NotesContext {
                latest_version: Some("2.0.0".into()),
                package_manager: Some(PackageManager::Pnpm),
            },
        )
        .unwrap();
        let held = notes.find("\nHeld back together").unwrap();
        let lint = notes.find("  scripts › lint (entry)").unwrap();
        let oxlint = notes.find("  devDependencies › oxlint (entry)").unwrap();
        let dropped = notes
            .find("\nDropped upstream in 2.0.0; still in your project (left as they are):\n")
            .unwrap();
        assert!(held < lint && lint < oxlint && oxlint < dropped, "{notes}");
        assert!(
            notes.contains("    needs:    devDependencies › oxlint\n"),
            "{notes}"
        );
        assert!(
            notes.contains(
                "    recommended: remove it if you no longer use it: pnpm remove eslint\n"
            ),
            "{notes}"
        );
        assert!(
            !notes.contains("\nSuggestions"),
            "every suggestion is in its group: {notes}"
        );
    }

    #[test]
    fn couple_apply_writes_both() {
        let out = merge(
            &spec(&["scripts", "devDependencies"], Couple::Apply),
            MINE,
            BASE,
            LATEST,
        );
        assert_eq!(out.fallback, None);
        use Verdict::*;
        assert_eq!(
            verdicts(&out),
            [
                row(Apply, "scripts", "lint", &["devDependencies › oxlint"]),
                row(
                    Apply,
                    "scripts",
                    "typecheck",
                    &["devDependencies › typescript"]
                ),
                row(Apply, "devDependencies", "vite", &[]),
                row(Apply, "devDependencies", "oxlint", &[]),
                row(Apply, "devDependencies", "typescript", &[]),
                row(DroppedUpstream, "devDependencies", "eslint", &[]),
            ]
        );
        assert_eq!(
            out.merged.as_deref(),
            Some("{\n  \"name\": \"app\",\n  \"scripts\": {\n    \"dev\": \"vite\",\n    \"lint\": \"oxlint\",\n    \"typecheck\": \"tsc -b\"\n  },\n  \"devDependencies\": {\n    \"vite\": \"^7.0.0\",\n    \"eslint\": \"^9.0.0\",\n    \"oxlint\": \"^1.0.0\",\n    \"typescript\": \"~5.8.0\"\n  }\n}\n")
        );
    }

    #[test]
    fn what_the_project_has_or_does_not_declare() {
        // The project already has oxlint (in another section): the script is applied.
        let mine = r#"{"scripts": {"dev": "vite", "lint": "eslint ."}, "dependencies": {"oxlint": "1"}, "devDependencies": {"vite": "^6.0.0"}}"#;
        let out = merge(&spec(&["scripts"], Couple::Suggest), mine, BASE, LATEST);
        assert_eq!(
            out.applied
                .iter()
                .map(|v| v.key.as_str())
                .collect::<Vec<_>>(),
            ["lint"]
        );
        // devDependencies not declared: the dependency is still named, offered with it.
        let out = merge(
            &spec(&["scripts"], Couple::Apply),
            r#"{"scripts": {"lint": "eslint ."}}"#,
            BASE,
            LATEST,
        );
        assert_eq!(
            out.merged, None,
            "no devDependencies to add it to: both held back"
        );
        assert_eq!(out.suggestions[0].verdict, Verdict::HeldBack);
        assert_eq!(
            (
                out.suggestions[2].section.as_deref(),
                out.suggestions[2].key.as_str(),
                out.suggestions[2].verdict
            ),
            (Some("devDependencies"), "oxlint", Verdict::SuggestAdd)
        );
        // Scripts not declared: no rule at all; dependencies not declared: nothing dropped.
        let out = merge(
            &spec(&["devDependencies"], Couple::Suggest),
            MINE,
            BASE,
            LATEST,
        );
        assert!(out
            .suggestions
            .iter()
            .all(|v| v.section.as_deref() == Some("devDependencies")));
        let out = merge(&spec(&["scripts"], Couple::Suggest), MINE, BASE, LATEST);
        assert!(!out
            .suggestions
            .iter()
            .any(|v| v.verdict == Verdict::DroppedUpstream));
    }

    #[test]
    fn which_package_provides_a_command() {
        assert!(provides("oxlint", "oxlint"));
        assert!(provides("@biomejs/biome", "biome"));
        assert!(provides("@biomejs/biome", "@biomejs/biome"));
        assert!(provides("typescript", "tsc"));
        assert!(!provides("typescript", "node"));
        assert!(!provides("@scope", "scope"));
    }
}
