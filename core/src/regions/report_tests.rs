//! Tests of the regions report: classification of every run outcome, rows and notes.

use super::*;
use crate::regions::confine::ConfinedWrite;
use crate::regions::confine::Confinement;
use crate::regions::regen::{JobStatus, RegenJob};
use crate::regions::regen_finish::{finish_regions, human_ms, RegenRun, RepairFailure};

fn job(id: &str, status: JobStatus, reason: Option<&str>) -> RegenJob {
    RegenJob {
        region_id: id.into(),
        argv: vec!["sh".into(), "gen.sh".into(), "two words".into()],
        paths: vec![format!("{id}.md")],
        dirs: vec!["".into()],
        status,
        reason: reason.map(str::to_string),
        refusal: (status == JobStatus::Refused).then_some(RefusalKind::Operand),
        backups: vec![],
        snapshot_skip: vec![],
        protected: vec![],
        save_dir: String::new(),
    }
}

#[test]
fn finish_classifies_every_outcome() {
    let jobs = [
        job("ok", JobStatus::Run, None),
        job("exit", JobStatus::Run, None),
        job("spawn", JobStatus::Run, None),
        job("slow", JobStatus::Run, None),
        job("loud", JobStatus::Run, None),
        job("ext", JobStatus::Run, None),
        job(
            "skip",
            JobStatus::Skipped,
            Some("left in conflict: skip.md"),
        ),
        job("bad", JobStatus::Refused, Some("the operand is absolute")),
        job("never", JobStatus::Run, None),
    ];
    let run = |id: &str| RegenRun {
        region_id: id.into(),
        timeout_ms: 300_000,
        max_output_bytes: 32 << 20,
        ..RegenRun::default()
    };
    let runs = [
        RegenRun {
            status: Some(0),
            confinement: Confinement {
                rewrote: vec!["ok.md".into()],
                repairs: vec![],
                confined: vec![
                    ConfinedWrite {
                        action: ConfinedAction::Restored,
                        path: "x".into(),
                        detail: "modified a file".into(),
                        violation: false,
                    },
                    ConfinedWrite {
                        action: ConfinedAction::Removed,
                        path: "d".into(),
                        detail: "created".into(),
                        violation: false,
                    },
                ],
            },
            repair_failures: vec![RepairFailure {
                path: "d/f".into(),
                message: "EACCES".into(),
                kept: None,
            }],
            ..run("ok")
        },
        RegenRun {
            status: Some(3),
            stderr: "  no roster\n".into(),
            ..run("exit")
        },
        RegenRun {
            spawn_error: Some("ENOENT".into()),
            ..run("spawn")
        },
        RegenRun {
            signal: Some("SIGKILL".into()),
            ceiling: Some(KillCause::Timeout),
            ..run("slow")
        },
        RegenRun {
            signal: Some("SIGKILL".into()),
            ceiling: Some(KillCause::OutputCeiling),
            ..run("loud")
        },
        RegenRun {
            signal: Some("SIGTERM".into()),
            ..run("ext")
        },
    ];
    let mut r = RegionsReport {
        mentioned: true,
        declarations_loaded: 9,
        malformed_declarations: vec![MalformedDeclaration {
            index: 9,
            id: None,
            reason: "\"id\" is missing".into(),
        }],
        ..RegionsReport::default()
    };
    finish_regions(&mut r, &jobs, &runs);
    let g = r.regen.as_ref().unwrap();
    assert_eq!(g.ran.len(), 1);
    assert_eq!(r.rewritten_paths, ["ok.md"]);
    let failed: Vec<_> = g
        .failed
        .iter()
        .map(|f| (f.region_id.as_str(), f.kind, f.cause, f.status))
        .collect();
    assert_eq!(
        failed,
        [
            ("exit", FailureKind::Exit, None, Some(3)),
            ("spawn", FailureKind::Spawn, None, None),
            ("slow", FailureKind::Killed, Some(KillCause::Timeout), None),
            (
                "loud",
                FailureKind::Killed,
                Some(KillCause::OutputCeiling),
                None
            ),
            ("ext", FailureKind::Killed, Some(KillCause::External), None),
        ]
    );
    assert_eq!(g.failed[0].message, "no roster");
    assert!(g.failed[2].message.contains("time ceiling (5 minutes)"));
    assert!(g.failed[3].message.contains("output ceiling (32 MiB)"));
    assert_eq!(
        g.skipped
            .iter()
            .map(|s| s.region_id.as_str())
            .collect::<Vec<_>>(),
        ["skip", "never"]
    );
    assert_eq!(
        g.refused
            .iter()
            .map(|s| (s.region_id.as_str(), s.kind))
            .collect::<Vec<_>>(),
        [
            ("#9", RefusalKind::Declaration),
            ("bad", RefusalKind::Operand)
        ]
    );
    assert_eq!(g.confined[0].action, ConfinedAction::Restored);
    assert_eq!(
        g.confined[1].action,
        ConfinedAction::Reported,
        "a failed repair is reported"
    );
    assert_eq!(
        r.unregenerated_paths,
        ["bad.md", "exit.md", "ext.md", "loud.md", "never.md", "skip.md", "slow.md", "spawn.md"]
    );
    assert_eq!(
        render_region_rows(&r),
        "Regions      1 regenerated, 5 failed, 2 skipped, 2 refused (see notes below)\n"
    );
    let notes = render_region_notes(&r);
    assert!(
        notes.contains("      run: sh gen.sh 'two words'\n"),
        "{notes}"
    );
    assert!(
        notes.contains("slow: cause timeout; killed by SIGKILL"),
        "{notes}"
    );
    assert!(
        !notes.contains("upkeep update"),
        "never prints upkeep itself"
    );
}

#[test]
fn rows_precedence() {
    let mut r = RegionsReport::default();
    assert_eq!(render_region_rows(&r), "");
    r.mentioned = true;
    r.manifest_refusal =
        Some("\"regions\" in the latest release manifest is null, not an array".into());
    assert!(render_region_rows(&r)
        .starts_with("Regions      this release's manifest could not be read (\"regions\""));
    r.manifest_refusal = None;
    r.declarations_loaded = 1;
    r.regen = Some(RegenReport::default());
    r.fallbacks = vec![
        RegionFallback {
            path: "a".into(),
            reason: FallbackReason::AbsentMarkers,
        },
        RegionFallback {
            path: "b".into(),
            reason: FallbackReason::MalformedMarkers,
        },
        RegionFallback {
            path: "c".into(),
            reason: FallbackReason::OracleFailed,
        },
    ];
    assert_eq!(
        render_region_rows(&r),
        "Regions      all declared regions current (no regeneration needed)\nRegion fallbacks 2  (declared paths compared whole-file this run)\nPre-region paths 1  (declared paths not yet carrying a region)\n"
    );
    assert_eq!(
        shell_command(&["a b".into(), "it's".into(), "".into()]),
        "'a b' 'it'\\''s' ''"
    );
}

#[test]
fn ceilings_read_as_words() {
    assert_eq!(human_ms(60_000), "1 minute");
    assert_eq!(human_ms(300_000), "5 minutes");
    assert_eq!(human_ms(90_000), "90 s");
    assert_eq!(human_ms(1_500), "1500 ms");
}
