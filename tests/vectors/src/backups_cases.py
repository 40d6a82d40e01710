#!/usr/bin/env python3
"""Writes the inputs of tests/vectors/backups.json: listing a project's backup runs and
the prune decision (never a run holding content found nowhere else). Expected values are
filled by `node tests/vectors/src/bless.mjs` from the native addon and reviewed by hand."""
import json, sys

cases = []
def case(name, call, *args): cases.append({"name": f"{call}: {name}", "call": call, "args": list(args)})

def f(path, sha, size=10, **kw): return {"path": path, "size": size, "sha256": sha, **kw}
def run(rid, files, folder=".upkeep-backups", **kw): return {"folder": f"{folder}/{rid}", "id": rid, "files": files, **kw}
NOW = 1768089600000  # 2026-01-11 00:00 UTC
project = {
    "runs": [
        run("20260110-000000-000", [f("x", "dup")]),
        run("20260105-000000-000", [f("a", "t", treeSha256="t"), f("b", "h", gitOid="o1", headOid="o1")]),
        run("20260104-000000-000", [f("u", "unique", size=2048)]),
        run("20260103-000000-000", [f("y", "dup")]),
        run("20260102-000000-000", [f("z", "twin")]),
        run("20260101-000000-000", [f("z", "twin")]),
        run("20251201-000000-000", [], other=["link"]),
        run("20251130-000000-000", [f("a", "t", treeSha256="t")]),
        run("20251101T120000Z-1a2b3c4d", [f("svc/a", "r", treeSha256="r")], folder="svc/.upkeep-backups"),
        run("20250101-000000-000", [f("old", "o", treeSha256="o")], folder=".upkeep-backup", legacy=True),
        run("manual-copy", [f("m", None)], mtimeMs=NOW - 86400000),
    ],
    "nowMs": NOW, "active": ["20251130-000000-000"], "git": True,
}
case("every run, newest first, with what is only here", "listBackups", project)
case("an empty project", "listBackups", {"runs": [], "nowMs": NOW})
case("the prune hint repeats the flags that named the backups", "listBackups",
     {**project, "named": {"root": "my app", "stateDir": ".tpl", "folders": ["svc/.upkeep-backups"]}})
case("the prune hint leaves the default state folder unsaid", "listBackups",
     {**project, "named": {"stateDir": ".upkeep", "folders": []}})
case("outside git, HEAD is no refuge", "listBackups", {"runs": [run("20260101-000000-000", [f("b", "h", gitOid="o1", headOid="o1")])], "nowMs": NOW, "git": False})
case("--keep 1: the only copies stay, the rest goes", "planPrune", project, {"keep": 1})
case("--older-than 7d, dry run", "planPrune", project, {"olderThan": "7d", "dryRun": True})
case("--keep 2 --older-than 30d: both must hold", "planPrune", project, {"keep": 2, "olderThan": "30d"})
case("two runs holding the same unique content: one stays", "planPrune", {"runs": [run("20260102-000000-000", [f("z", "twin")]), run("20260101-000000-000", [f("z", "twin")])], "nowMs": NOW}, {"keep": 0})
case("nothing asked, nothing selected", "planPrune", project, {})
# A run's regeneration folder is listed, counted and pruned with its run; a lone one is a run.
with_regen = {"runs": [run("20260102-000000-000", [f("a", "dup")]), run("20260101-000000-000", [f("b", "dup")]),
                       run("20260101-000000-000-regen", [f("c", "dup")]), run("20251231-000000-000-regen", [f("d", "unique")])],
              "nowMs": NOW}
case("a run's regeneration folder is one row with it; a lone one is a row of its own", "listBackups", with_regen)
case("--keep 1: a run goes with its regeneration folder", "planPrune", with_regen, {"keep": 1})
case("a bad age is refused by name", "planPrune", project, {"olderThan": "soon"})
unsure = {**project, "unreadable": [".upkeep/update-in-progress.json", "svc/.upkeep-source.journal"]}
case("a record of the runs under way that could not be read is named", "listBackups", unsure)
case("a record of the runs under way that could not be read keeps every run", "planPrune", unsure, {"keep": 0})

journal = lambda *runs: {"runs": [{"run": r, "started": "2026-01-01T00:00:00Z", "root": "/p", "source": "s", "files": [], **({"outcome": o} if o else {})} for r, o in runs], "tornLine": False, "tornAt": None}
case("an update under way and its regeneration", "activeRuns", {"progressRun": "20260101-120000-123", "journals": []})
case("refresh runs without an end", "activeRuns",
     {"progressRun": None, "journals": [journal(("r1", "complete"), ("r2", None)), journal(("r3", None))]})
case("nothing under way", "activeRuns", {})
# What an update's summary says the folder keeps: a run's regeneration folder counts with its run.
seen = lambda name, kind="directory", size=10: {"name": name, "kind": kind, "bytes": size}
case("a run and its regeneration folder are one run", "backupsKept", {"folder": ".upkeep-backups", "entries": [seen("20260101-120000-123", size=800), seen("20260101-120000-123-regen", size=73)]})
case("files beside the runs are not runs; another run's regeneration folder alone is one", "backupsKept",
     {"folder": "svc/.upkeep-backups", "entries": [seen(".gitignore", "file", 2), seen("r1"), seen("r2"), seen("r3-regen", size=5), seen("l", "symlink", 0)]})
case("an empty folder", "backupsKept", {"folder": ".upkeep-backups", "entries": []})
# A run's id from the clock, in each command's style.
for style, suffix in [("update", ""), ("refresh", "1a2b3c4d"), ("sync", "4242")]:
    case(f"the {style} style", "runId", style, 1767268800123, suffix)
case("the epoch", "runId", "update", 0, "")
case("refused: no selection", "pruneRefusal", {})
case("refused: a dry run is no selection", "pruneRefusal", {"dryRun": True})
case("--keep 0 selects", "pruneRefusal", {"keep": 0})
case("--older-than selects", "pruneRefusal", {"olderThan": "30d"})

doc = {"$comment": "Backups: the listing of a project's backup runs and the prune decision (a prune never removes a run holding content found nowhere else: not in the tree at its path, not in git's HEAD there, not in a run that stays). Inputs from tests/vectors/src/backups_cases.py; expected values blessed with bless.mjs and reviewed by hand. Format: tests/vectors/README.md.", "cases": cases}
json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
print()
