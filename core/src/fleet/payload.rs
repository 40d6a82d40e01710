//! The change request a fleet job opens or updates (`upkeep update --pr <dir>`): a title,
//! a Markdown body, labels and a branch, all from the report, so every engine writes the
//! same bytes and a re-run writes the same request.
//!
//! The body says, in this order: the versions and the source, one line of counts, every
//! conflict with how to resolve it, the field-merge conflicts and suggestions, the files
//! the release dropped, the adopter actions, the CHANGELOG range, and a table of what
//! changed per bucket with the paths. It stays under GitHub's limit of 65,536 characters:
//! when it would not, items are left out from the least needed end (paths of what changed
//! first, then release notes, adopter actions, dropped files, field-merge entries,
//! conflicts last) and a closing note names what was left out and where to see it all.
//!
//! ```
//! use upkeep_core::fleet::{pr_payload, PrInput};
//! use upkeep_core::update::{Conflict, ConflictRoute, FileClass, UpdateReport};
//!
//! let mut report = UpdateReport { from: "1.2.0".into(), to: "1.3.0".into(), ..Default::default() };
//! report.merge.push("README.md".into());
//! report.conflicts.push(Conflict::new("src/app.js", FileClass::Shared, ConflictRoute::Markers));
//! let payload = pr_payload(&PrInput::new(report, "https://github.com/acme/tpl.git")).unwrap();
//! assert_eq!(payload.branch, "upkeep/acme-tpl/1.3.0");
//! assert_eq!(payload.title, "upkeep: acme-tpl 1.2.0 → 1.3.0 (1 conflict to resolve)");
//! assert_eq!(payload.labels, ["upkeep", "conflicts"]);
//! assert!(payload.body.contains("`src/app.js`"));
//! assert!(payload.omitted.is_empty());
//! ```

use super::slug::{branch_name, source_slug};
use super::step::BRANCH_TRAILER;
use crate::error::{Error, ErrorKind, Result};
use crate::lifecycle::parse_release_spec;
use crate::render::counted;
use crate::structured::{recommended, FieldVerdict};
use crate::update::{ChangelogSection, Conflict, ConflictRoute, UpdateReport, DEFAULT_STATE_DIR};

/// How to finish one conflict on the branch, by the route the update took for it.
fn conflict_step(c: &Conflict) -> String {
    let why = c
        .reason
        .as_deref()
        .map(|r| format!(" ({r})"))
        .unwrap_or_default();
    match (c.route, &c.patch_path, &c.latest_copy_path) {
        (ConflictRoute::Markers, _, _) => {
            "both sides changed the same lines: resolve the conflict markers in the file".into()
        }
        (ConflictRoute::Patch, Some(patch), _) => format!(
            "left as it is{why}; {} is upstream's change: apply what you want (`git apply --reject`)",
            code(patch)
        ),
        (ConflictRoute::LatestCopy, _, Some(copy)) => format!(
            "left as it is{why}; {} is upstream's copy: take it or keep yours",
            code(copy)
        ),
        (ConflictRoute::NotAFile, _, _) => "not a regular file here: replace it by hand".into(),
        _ => format!("left as it is{why}: bring in upstream's change by hand"),
    }
}
/// GitHub's limit on a pull request body, in characters.
pub const GITHUB_BODY_LIMIT: usize = 65_536;

/// What the payload is built from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", default)
)]
pub struct PrInput {
    /// The update's report.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub report: UpdateReport,
    /// The project's recorded template source, when it has one.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub source: Option<String>,
    /// The latest release's spec: the source named when none is recorded (`--latest`).
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub latest_spec: Option<String>,
    /// The CHANGELOG range from the installed to the target version.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = true)))]
    pub changelog: Vec<ChangelogSection>,
    /// The state folder (default `.upkeep`), for the merge folder's name.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub state_dir: Option<String>,
    /// The body's limit in characters (default [`GITHUB_BODY_LIMIT`]); the body is
    /// always shorter.
    #[cfg_attr(feature = "contracts", schemars(extend("tsOptional" = "nullable")))]
    pub limit: Option<usize>,
}

impl PrInput {
    /// An input with the defaults.
    pub fn new(report: UpdateReport, source: &str) -> Self {
        PrInput {
            report,
            source: Some(source.into()),
            ..Default::default()
        }
    }
}

/// The files `--pr <dir>` writes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct PrPayload {
    /// `title.txt`: one line.
    pub title: String,
    /// `body.md`.
    pub body: String,
    /// `labels.txt`, one a line: `upkeep`, and `conflicts` when there are any.
    pub labels: Vec<String>,
    /// `branch.txt`: `upkeep/<source-slug>/<version>`.
    pub branch: String,
    /// The message of the step's commit: the title and an `Upkeep-Branch:` trailer, by
    /// which a later run knows the branch's commit as its own.
    pub commit_message: String,
    /// What the body left out to stay under the limit (`"12 paths of What changed"`).
    pub omitted: Vec<String>,
}

/// One file of the `--pr` folder: its name and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PayloadFile {
    /// The file's name in the folder.
    pub name: String,
    /// Its text.
    pub text: String,
}

/// The names of the `--pr` folder's files.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PrFileNames {
    /// The change request's title, one line.
    pub title: &'static str,
    /// Its body, Markdown.
    pub body: &'static str,
    /// Its labels, one per line.
    pub labels: &'static str,
    /// The commit message (`git commit -F`).
    pub commit: &'static str,
    /// The branch, one line; written last, so a folder holding it is complete.
    pub branch: &'static str,
}

/// Every name of [`PrFileNames`]: what `update --pr` writes and `fleet step` reads.
pub const PR_FILES: PrFileNames = PrFileNames {
    title: "title.txt",
    body: "body.md",
    labels: "labels.txt",
    commit: "commit.txt",
    branch: "branch.txt",
};

/// The files of the `--pr` folder, in the order written (the branch file, which the fleet
/// step reads to know a change request is there, last: a folder with it is complete).
pub fn pr_payload_files(payload: &PrPayload) -> Vec<PayloadFile> {
    let file = |name: &str, text: String| PayloadFile {
        name: name.into(),
        text,
    };
    let labels: String = payload.labels.iter().map(|l| format!("{l}\n")).collect();
    vec![
        file(PR_FILES.title, format!("{}\n", payload.title)),
        file(PR_FILES.body, payload.body.clone()),
        file(PR_FILES.labels, labels),
        file(PR_FILES.commit, payload.commit_message.clone()),
        file(PR_FILES.branch, format!("{}\n", payload.branch)),
    ]
}

/// A titled part of the body, filled item by item while the budget lasts.
struct Block {
    /// What the closing note calls one of its items, and several.
    noun: (&'static str, &'static str),
    head: String,
    items: Vec<String>,
    kept: usize,
}

fn code(text: &str) -> String {
    let ticks = if text.contains('`') { "`` " } else { "`" };
    let close = if text.contains('`') { " ``" } else { "`" };
    format!("{ticks}{text}{close}")
}

fn verdict_item(path: &str, v: &FieldVerdict, conflict: bool) -> String {
    let shown = |value: &Option<crate::structured::Value>| {
        value
            .as_ref()
            .map_or("(absent)".into(), crate::structured::Value::to_json)
    };
    let name = match &v.section {
        Some(section) => format!("{section} › {}", v.key),
        None => v.key.clone(),
    };
    let what = if conflict {
        "both changed"
    } else {
        "suggested"
    };
    format!(
        "- {} {} ({what}): yours {}, baseline {}, latest {}. Recommended: {}.\n",
        code(path),
        code(&name),
        code(&shown(&v.current)),
        code(&shown(&v.baseline)),
        code(&shown(&v.latest)),
        recommended(v)
    )
}

/// Builds the payload (see the module docs).
pub fn pr_payload(input: &PrInput) -> Result<PrPayload> {
    let report = &input.report;
    let state_dir = input.state_dir.as_deref().unwrap_or(DEFAULT_STATE_DIR);
    let limit = input.limit.unwrap_or(GITHUB_BODY_LIMIT);
    // A spec with a version (`../tpl.git@1.3.0`) is shown and named by its source alone.
    let named = (input.source.as_ref().or(input.latest_spec.as_ref())).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidArgument,
            "prPayload",
            "a change request names its template: give the recorded source or the latest release's spec",
        )
    })?;
    let source = parse_release_spec(named).map_or(named.clone(), |s| s.source);
    let slug = source_slug(&source);
    let branch = branch_name(&source, &report.to);
    let conflicts = report.conflicts.len();
    let mut title = format!("upkeep: {slug} {} → {}", report.from, report.to);
    if conflicts > 0 {
        title.push_str(&format!(
            " ({} to resolve)",
            counted(conflicts, "conflict", "conflicts")
        ));
    }
    let mut labels = vec!["upkeep".to_string()];
    if conflicts > 0 {
        labels.push("conflicts".into());
    }

    let changed = report.overwrite.len() + report.merge.len() + report.add.len();
    let mut head = format!(
        "## Template update: {} {} → {}\n\n",
        code(&source),
        report.from,
        report.to
    );
    let mut counts = vec![format!("{} written", counted(changed, "file", "files"))];
    if conflicts > 0 {
        counts.push(format!(
            "{} to resolve",
            counted(conflicts, "conflict", "conflicts")
        ));
    }
    if !report.delete.is_empty() {
        counts.push(format!(
            "{} dropped upstream for you to delete",
            counted(report.delete.len(), "file", "files")
        ));
    }
    head.push_str(&format!("{}.", counts.join(", ")));
    if report.install_needed {
        head.push_str(" `package.json` changed: run your package manager's install.");
    }
    head.push('\n');

    let mut blocks: Vec<Block> = Vec::new();
    // Display order; the budget is spent in `priority` order below.
    let merge_dir = format!("{state_dir}-merge");
    blocks.push(Block {
        noun: ("conflict", "conflicts"),
        head: format!(
            "\n### Conflicts ({conflicts})\n\nResolve each one on this branch, then delete what upkeep left for it in `{merge_dir}/`.\n\n"
        ),
        items: report
            .conflicts
            .iter()
            .map(|c| {
                let how = conflict_step(c);
                format!("- [ ] {} ({}): {how}\n", code(&c.path), c.class.as_str())
            })
            .collect(),
        kept: 0,
    });
    let mut fields = Vec::new();
    for (path, s) in &report.structured {
        if let Some(reason) = &s.fallback {
            fields.push(format!(
                "- {}: merged as a whole file ({reason})\n",
                code(path)
            ));
        }
        fields.extend(s.conflicts.iter().map(|v| verdict_item(path, v, true)));
        fields.extend(s.suggestions.iter().map(|v| verdict_item(path, v, false)));
    }
    blocks.push(Block {
        noun: ("field-merge entry", "field-merge entries"),
        head: "\n### Field-merge conflicts and suggestions\n\n".into(),
        items: fields,
        kept: 0,
    });
    blocks.push(Block {
        noun: ("dropped file", "dropped files"),
        head: "\n### Dropped upstream, still present\n\nThe release no longer ships these; delete them on this branch if you agree.\n\n".into(),
        items: report.delete.iter().map(|p| format!("- [ ] {}\n", code(p))).collect(),
        kept: 0,
    });
    blocks.push(Block {
        noun: ("adopter action", "adopter actions"),
        head: "\n### Suggested follow-ups from the CHANGELOG\n\n".into(),
        items: report
            .adopter_actions
            .iter()
            .map(|a| {
                // The command, unless the entry already shows it.
                let run = a
                    .command
                    .as_ref()
                    .filter(|c| !a.changelog.contains(&format!("`{c}`")))
                    .map(|c| format!(" Run: {}", code(c)))
                    .unwrap_or_default();
                format!("- [ ] [{}] {}{run}\n", a.version, a.changelog)
            })
            .collect(),
        kept: 0,
    });
    blocks.push(Block {
        noun: ("release-note section", "release-note sections"),
        head: format!("\n### Release notes ({} → {})\n\n", report.from, report.to),
        items: input
            .changelog
            .iter()
            .map(|s| {
                format!(
                    "<details><summary>{}</summary>\n\n{}\n\n</details>\n",
                    s.title(),
                    s.body
                )
            })
            .collect(),
        kept: 0,
    });
    let buckets = [
        ("Overwritten (owned by the template)", &report.overwrite),
        ("Merged cleanly", &report.merge),
        ("Added (new in the release)", &report.add),
        (
            "Removed (deleted by the project, or dropped and gone)",
            &report.removed,
        ),
    ];
    let mut table = String::from("\n### What changed\n\n| bucket | files |\n|---|---:|\n");
    for (label, paths) in buckets {
        table.push_str(&format!("| {label} | {} |\n", paths.len()));
    }
    table.push_str(&format!(
        "| Conflicts | {conflicts} |\n| Unchanged | {} |\n\n",
        report.skip.len()
    ));
    blocks.push(Block {
        noun: ("path of What changed", "paths of What changed"),
        head: table,
        items: buckets
            .iter()
            .flat_map(|(label, paths)| {
                let short = label.split(" (").next().unwrap_or(label);
                paths
                    .iter()
                    .map(move |p| format!("- {short}: {}\n", code(p)))
            })
            .collect(),
        kept: 0,
    });
    let footer = format!(
        "\n---\nMade by `upkeep update --pr`. Re-running the job updates this branch (`{branch}`) and this description.\n"
    );

    // Spend the budget: the fixed parts first, then items from the most needed block.
    let chars = |s: &str| s.chars().count();
    let note_room = 600;
    let fixed: usize = chars(&head)
        + chars(&footer)
        + blocks
            .iter()
            .filter(|b| !b.items.is_empty())
            .map(|b| chars(&b.head))
            .sum::<usize>();
    let mut left = limit.saturating_sub(1 + fixed + note_room);
    // Blocks are displayed in their order of need, so they are filled in that order too;
    // once one item does not fit, nothing after it is added.
    'fill: for block in blocks.iter_mut() {
        for item in &block.items {
            let cost = chars(item);
            if cost > left {
                break 'fill;
            }
            left -= cost;
            block.kept += 1;
        }
    }
    let omitted: Vec<String> = blocks
        .iter()
        .filter(|b| b.kept < b.items.len())
        .map(|b| counted(b.items.len() - b.kept, b.noun.0, b.noun.1))
        .collect();
    let mut body = head;
    for block in &blocks {
        if block.items.is_empty() {
            continue;
        }
        body.push_str(&block.head);
        for item in &block.items[..block.kept] {
            body.push_str(item);
        }
        if block.kept < block.items.len() {
            body.push_str(&format!(
                "- … and {} more\n",
                block.items.len() - block.kept
            ));
        }
    }
    if !omitted.is_empty() {
        body.push_str(&format!(
            "\n> Left out to stay under {}: {}. Run `upkeep status --verbose` in the repository (or see the job's log) for everything.\n",
            if limit == GITHUB_BODY_LIMIT { "GitHub's limit of 65,536 characters".to_string() } else { format!("the limit of {limit} characters") },
            omitted.join(", ")
        ));
    }
    body.push_str(&footer);
    let commit_message = format!("{title}\n\n{BRANCH_TRAILER}{branch}\n");
    Ok(PrPayload {
        commit_message,
        title,
        body,
        labels,
        branch,
        omitted,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::update::{Conflict, FileClass};

    fn big() -> UpdateReport {
        let mut report = UpdateReport {
            from: "1.0.0".into(),
            to: "2.0.0".into(),
            ..Default::default()
        };
        report.merge = (0..5000)
            .map(|i| format!("src/a-long-folder-name/file-{i:05}.ts"))
            .collect();
        report.conflicts = (0..300)
            .map(|i| Conflict {
                patch_path: Some(format!(".upkeep-merge/conf/c-{i:04}.yml.patch")),
                ..Conflict::new(
                    &format!("conf/c-{i:04}.yml"),
                    FileClass::Shared,
                    ConflictRoute::Patch,
                )
            })
            .collect();
        report
    }

    #[test]
    fn the_body_is_always_under_its_limit_and_names_what_it_left_out() {
        for limit in [1, 500, 2_000, 10_000, GITHUB_BODY_LIMIT] {
            let mut input = PrInput::new(big(), "../tpl.git");
            input.limit = Some(limit);
            let payload = pr_payload(&input).unwrap();
            let size = payload.body.chars().count();
            assert!(size < limit || limit < 1_000, "{limit}: {size}");
            assert!(!payload.omitted.is_empty());
            assert!(payload.body.contains("Left out to stay under"));
        }
        let payload = pr_payload(&PrInput::new(big(), "../tpl.git")).unwrap();
        assert!(payload.body.chars().count() < GITHUB_BODY_LIMIT);
        assert_eq!(
            payload.omitted.len(),
            1,
            "every conflict fits, some paths do not"
        );
        assert!(payload.omitted[0].ends_with(" paths of What changed"));
    }
}
