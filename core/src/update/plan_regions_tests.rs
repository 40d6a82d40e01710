//! Tests of the walk's region step: the oracle in place of the whole-file rows, its
//! fallbacks, masked patches, superseded patches, the jobs, and the switches.

use crate::regions::{FallbackReason, JobStatus, RefusalKind, ScanState};
use crate::update::{plan_update, Action, FileInput, Row, SideInput, UpdateInput};

const DECL: &str = r#"{"id":"team","startMarker":"<!-- team -->","endMarker":"<!-- /team -->","paths":["TEAM.md"],"inputs":["team.yml"],"regenerate":{"interpreter":"sh","operand":"gen.sh"}}"#;

fn manifest(regions: &str) -> String {
    format!(
        r#"{{"schema":1,"files":{{"TEAM.md":"shared","team.yml":"shared","gen.sh":"owned"}}{regions}}}"#
    )
}

fn team(top: &str, body: &str) -> String {
    format!("# {top}\n<!-- team -->\n{body}<!-- /team -->\nend\n")
}

fn input(
    baseline_regions: &str,
    latest_regions: &str,
    team_md: [Option<String>; 3],
) -> UpdateInput {
    let file = |s: &Option<String>| s.as_ref().map(|s| SideInput::file(s.as_bytes()));
    let same = |s: &str| FileInput {
        path: s.into(),
        current: Some(SideInput::file(b"x\n")),
        baseline: Some(SideInput::file(b"x\n")),
        latest: Some(SideInput::file(b"x\n")),
    };
    let mut input = UpdateInput::new(
        "1.0.0",
        "1.1.0",
        &manifest(baseline_regions),
        &manifest(latest_regions),
    );
    input.files = vec![
        FileInput {
            path: "TEAM.md".into(),
            current: file(&team_md[0]),
            baseline: file(&team_md[1]),
            latest: file(&team_md[2]),
        },
        same("team.yml"),
        same("gen.sh"),
    ];
    input.options.run_id = "r1".into();
    input
}

fn regions(d: &str) -> String {
    format!(r#","regions":[{d}]"#)
}

#[test]
fn regenerated_region_is_not_drift() {
    let r = regions(DECL);
    let plan = plan_update(input(
        &r,
        &r,
        [
            Some(team("Team", "ann (regenerated)\n")),
            Some(team("Team", "ann\n")),
            Some(team("Our team", "ann\nbob\n")),
        ],
    ))
    .unwrap();
    assert_eq!(plan.report.merge, ["TEAM.md"]);
    assert_eq!(plan.files[0].row, Some(Row::NoLocalChange));
    assert!(!plan.files[0].local_change);
    assert!(plan.report.regions.fallbacks.is_empty());
    assert_eq!(plan.region_jobs[0].status, JobStatus::Run);
    assert!(
        plan.region_jobs[0].backups.is_empty(),
        "the walk backed TEAM.md up"
    );
    assert!(plan
        .summary
        .contains("Regions      1 declared; regeneration does not run in a dry run"));
    // The same tree without region awareness is a conflict.
    let mut off = input(
        &r,
        &r,
        [
            Some(team("Team", "ann (regenerated)\n")),
            Some(team("Team", "ann\n")),
            Some(team("Our team", "ann\nbob\n")),
        ],
    );
    off.options.no_regions = true;
    let plan = plan_update(off).unwrap();
    assert_eq!(plan.report.conflicts[0].path, "TEAM.md");
    assert!(plan.report.regions.awareness_off && plan.region_jobs.is_empty());
    assert!(plan
        .summary
        .contains("Regions      awareness off for this run (UPKEEP_NO_REGIONS=1)"));
}

#[test]
fn edits_outside_under_patch_upstream_change_and_masked_yours_diff() {
    let r = regions(DECL);
    let mut inp = input(
        &r,
        &r,
        [
            Some(team("Mine", "mine\n")),
            Some(team("Team", "v1\n")),
            Some(team("Our team", "v2\n")),
        ],
    );
    inp.options.conflicts = crate::update::ConflictMode::Patch;
    inp.leftover_patches = vec!["TEAM.md.patch".into(), "other.md.patch".into()];
    let plan = plan_update(inp).unwrap();
    let text = |at: &str| {
        plan.actions
            .iter()
            .find_map(|a| match a {
                Action::WritePatch {
                    patch_path, bytes, ..
                } if patch_path == at => Some(String::from_utf8(bytes.0.clone()).unwrap()),
                _ => None,
            })
            .unwrap()
    };
    // Upstream's own change, applicable to the baseline as it is.
    assert_eq!(
        text(".upkeep-merge/TEAM.md.patch"),
        "--- a/TEAM.md\n+++ b/TEAM.md\n@@ -1,5 +1,5 @@\n-# Team\n+# Our team\n <!-- team -->\n-v1\n+v2\n <!-- /team -->\n end\n"
    );
    // What the project changed, outside the region only.
    let yours = text(".upkeep-merge/TEAM.md.yours.diff");
    assert!(
        !yours.contains("mine\n") && !yours.contains("v2\n"),
        "no line of a region body: {yours}"
    );
    assert!(yours.contains("-# Our team\n+# Mine\n"), "{yours}");
    let job = &plan.region_jobs[0];
    assert_eq!(
        (job.status, job.reason.as_deref()),
        (JobStatus::Skipped, Some("left in conflict: TEAM.md"))
    );
    assert!(
        plan.report.regions.superseded_patches.is_empty(),
        "this run rewrote that patch"
    );
}

#[test]
fn fallbacks_and_superseded_patches() {
    let r = regions(DECL);
    // Absent on the project's side (markers removed): informational, still masked elsewhere.
    let plan = plan_update(input(
        &r,
        &r,
        [
            Some("# Team\nend\n".into()),
            Some(team("Team", "v1\n")),
            Some(team("Team", "v2\n")),
        ],
    ))
    .unwrap();
    assert_eq!(
        plan.report.regions.fallbacks[0].reason,
        FallbackReason::AbsentMarkers
    );
    assert_eq!(
        plan.report.regions.verdicts[0].markers.current,
        ScanState::Absent
    );
    assert_eq!(plan.report.skip, ["TEAM.md", "gen.sh", "team.yml"]);
    assert!(plan.summary.contains("Pre-region paths 1"));
    // Duplicated markers: whole-file rows, reported as a fallback.
    let dup = "<!-- team -->\n<!-- team -->\n<!-- /team -->\n".to_string();
    let mut inp = input(
        &r,
        &r,
        [
            Some(dup),
            Some(team("Team", "v1\n")),
            Some(team("Team", "v2\n")),
        ],
    );
    inp.leftover_patches = vec!["TEAM.md.patch".into()];
    let plan = plan_update(inp).unwrap();
    assert_eq!(
        plan.report.regions.fallbacks[0].reason,
        FallbackReason::MalformedMarkers
    );
    assert_eq!(plan.report.conflicts[0].path, "TEAM.md");
    assert!(plan.summary.contains("Region fallbacks 1"));
    // A leftover patch for a path the oracle normalized (and did not rewrite) is superseded.
    let mut inp = input(
        &r,
        &r,
        [
            Some(team("Team", "mine\n")),
            Some(team("Team", "v1\n")),
            Some(team("Team", "v2\n")),
        ],
    );
    inp.leftover_patches = vec!["TEAM.md.patch".into()];
    let plan = plan_update(inp).unwrap();
    assert_eq!(
        plan.report.regions.superseded_patches,
        [".upkeep-merge/TEAM.md.patch"]
    );
    // Digest-only side: the oracle cannot run.
    let mut inp = input(
        &r,
        &r,
        [
            Some(team("Team", "mine\n")),
            Some(team("Team", "v1\n")),
            Some(team("Team", "v2\n")),
        ],
    );
    inp.files[0].baseline = Some(SideInput {
        bytes: None,
        digest: Some(crate::sha256_hex(team("Team", "v1\n").as_bytes())),
        ..SideInput::default()
    });
    let plan = plan_update(inp).unwrap();
    assert_eq!(
        plan.report.regions.fallbacks[0].reason,
        FallbackReason::OracleFailed
    );
}

#[test]
fn declarations_refusals_and_drops() {
    let sides = || {
        [
            Some(team("T", "a\n")),
            Some(team("T", "a\n")),
            Some(team("T", "a\n")),
        ]
    };
    let plan = plan_update(input(&regions(DECL), r#","regions":null"#, sides())).unwrap();
    let r = &plan.report.regions;
    assert!(r
        .manifest_refusal
        .as_deref()
        .unwrap()
        .contains("is null, not an array"));
    assert_eq!(r.dropped_declarations, ["team"]);
    assert!(plan
        .summary
        .contains("Regions      this release's manifest could not be read"));
    let bad = DECL.replace(r#""operand":"gen.sh""#, r#""operand":"../gen.sh""#);
    let plan = plan_update(input(
        "",
        &format!(r#","regions":[{bad},{{"id":"x"}}]"#),
        sides(),
    ))
    .unwrap();
    assert_eq!(plan.region_jobs[0].refusal, Some(RefusalKind::Operand));
    assert_eq!(plan.report.regions.malformed_declarations[0].index, 1);
    let plan = plan_update(input("", r#","regions":[]"#, sides())).unwrap();
    assert!(plan
        .summary
        .contains("Regions      none declared by this release"));
    let plan = plan_update(input("", "", sides())).unwrap();
    assert!(plan.report.regions.is_quiet() && !plan.summary.contains("Regions"));
}

#[test]
fn a_both_changed_declared_path_merges_on_masked_texts_and_keeps_the_project_body() {
    let r = regions(DECL);
    let written = |plan: &crate::update::UpdatePlan| {
        plan.actions
            .iter()
            .find_map(|a| match a {
                Action::WriteMerged { path, bytes, .. } if path == "TEAM.md" => {
                    Some(String::from_utf8(bytes.0.clone()).unwrap())
                }
                _ => None,
            })
            .unwrap()
    };
    // Clean: upstream's heading, the project's footer and its own region body; the
    // region is then regenerated (the path is merged, not in conflict).
    let mine = "# Team\n<!-- team -->\nmine\n<!-- /team -->\nthe end\n";
    let plan = plan_update(input(
        &r,
        &r,
        [
            Some(mine.into()),
            Some(team("Team", "v1\n")),
            Some(team("Our team", "v2\n")),
        ],
    ))
    .unwrap();
    assert_eq!(plan.report.merge, ["TEAM.md"]);
    assert_eq!(
        written(&plan),
        "# Our team\n<!-- team -->\nmine\n<!-- /team -->\nthe end\n"
    );
    assert_eq!(plan.region_jobs[0].status, JobStatus::Run);
    // Overlapping: diff3 markers outside the region, the project's body kept; the region
    // is skipped until the conflict is resolved.
    let plan = plan_update(input(
        &r,
        &r,
        [
            Some(team("Mine", "mine\n")),
            Some(team("Team", "v1\n")),
            Some(team("Our team", "v2\n")),
        ],
    ))
    .unwrap();
    assert_eq!(
        plan.report.conflicts[0].route,
        crate::update::ConflictRoute::Markers
    );
    assert_eq!(
        written(&plan),
        "<<<<<<< yours\n# Mine\n||||||| 1.0.0 (baseline)\n# Team\n=======\n# Our team\n>>>>>>> 1.1.0 (latest)\n<!-- team -->\nmine\n<!-- /team -->\nend\n"
    );
    assert_eq!(plan.region_jobs[0].status, JobStatus::Skipped);
    // A conflict holding a marker line (the project re-indented it) repeats the marker:
    // the body has nowhere to go back, so the patch route, the file untouched.
    let plan = plan_update(input(
        &r,
        &r,
        [
            Some("# Team\n  <!-- team -->\nmine\n<!-- /team -->\nend\n".into()),
            Some(team("Team", "v1\n")),
            Some(team("Our team", "v2\n")),
        ],
    ))
    .unwrap();
    let c = &plan.report.conflicts[0];
    assert_eq!(
        (c.route, c.reason.as_deref()),
        (
            crate::update::ConflictRoute::Patch,
            Some("the merge moved a generated region's markers")
        )
    );
    assert!(!plan
        .actions
        .iter()
        .any(|a| matches!(a, Action::WriteMerged { .. })));
}
