#!/usr/bin/env python3
"""Writes the inputs of tests/vectors/writes.json: the one executor's vocabulary (refresh
and install steps with their compare-and-swap facts, the refresh report reading the
executor's outcomes) and the end of an update run (finishUpdate: true buckets, the run
record, the summary, when to bump the version). Expected values are filled by
`node tests/vectors/src/bless.mjs` from the native addon and reviewed by hand."""
import hashlib, json, sys

cases = []
def case(name, call, *args): cases.append({"name": f"{call}: {name}", "call": call, "args": list(args)})
def sha(s): return hashlib.sha256(s.encode()).hexdigest()

# ---- refresh and install plans as steps
def planned(target, action, host="file", backup=False, crlf=False, src=None):
    f = {"src": src or target.split("/")[-1], "target": target, "state": "unchanged-stale", "hostKind": host, "action": action, "backup": backup, "crlf": crlf}
    if host == "file": f["hostSha256"] = sha("host " + target)
    if action == "write": f["sourceSha256"] = sha("source " + target)
    return f
def rplan(files, home="h"):
    return {"recordPath": f"{home}/.upkeep-source.json" if home else ".upkeep-source.json", "home": home, "files": files, "recordText": "{}\n", "recordChanged": True, "attention": 0}
case("writes, removes and new files, backups in the run's folder after its ignore file", "refreshSteps",
     rplan([planned("h/a", "write", backup=True), planned("h/b", "none"), planned("h/new", "write", host="missing"), planned("h/old", "remove", backup=True),
            planned("h/crlf.txt", "write", crlf=True), planned("h/pending", "pending")]), "h/.upkeep-backups/r1")
case("no backups: no ignore file", "refreshSteps", rplan([planned("a", "write", host="missing")], home=""), ".upkeep-backups/r1")
case("refused: a write over a host path that is not a file", "refreshSteps", rplan([planned("h/l", "write", host="symlink")]), "h/.upkeep-backups/r1")

# ---- the refresh report reads the executor's outcomes
report_plan = rplan([planned("h/a", "write", backup=True), planned("h/b", "write"), planned("h/c", "write"), planned("h/d", "write")])
for o in report_plan["files"]: o.pop("crlf")
case("changed, source-changed and blocked outcomes are worded by the engine", "runReport", report_plan, {
    "command": "refresh", "runId": "r1", "failed": True, "outcomes": [
        {"target": "h/a", "outcome": "changed"},
        {"target": "h/b", "outcome": "source-changed"},
        {"target": "h/c", "outcome": "blocked", "error": {"code": "EROFS", "message": "read-only file system", "stage": "stage"}},
    ]})
case("an unchanged outcome reads as done", "runReport", report_plan, {"command": "refresh", "runId": "r1", "outcomes": [
    {"target": t, "outcome": "unchanged" if t == "h/a" else "done"} for t in ["h/a", "h/b", "h/c", "h/d"]]})
case("every file written, the record refused: the report names it", "runReport", report_plan, {"command": "refresh", "runId": "r1", "failed": True,
    "recordError": "ENOSPC: no space left on device, open", "outcomes": [{"target": t, "outcome": "done"} for t in ["h/a", "h/b", "h/c", "h/d"]]})

# ---- the end of an update run
def ureport(**kw):
    r = {"from": "1.0.0", "to": "1.1.0", "overwrite": ["a", "b", "c"], "merge": ["m"], "add": ["n"], "removed": [], "skip": ["s"], "delete": [],
         "conflicts": [{"path": "d", "class": "shared", "route": "patch", "patchPath": ".upkeep-merge/d.patch"}], "backupDir": ".upkeep-backups/r1", "adopterActions": []}
    r.update(kw)
    return r
def step(path, index, backup=None, expect=None):
    return {"path": path, "expect": expect or {"kind": "missing"}, "content": {"kind": "planned"}, "mode": {"kind": "replaced-or", "mode": 0o644}, "backup": backup, "index": index}
STEPS = [step(".upkeep-backups/.gitignore", None, expect={"kind": "if-missing"}), step("a", 0, ".upkeep-backups/r1/a"), step("b", 1, ".upkeep-backups/r1/b"),
         step("c", 2, ".upkeep-backups/r1/c"), step(".upkeep-merge/d.patch", 3, expect={"kind": "any"}), step("m", 4, ".upkeep-backups/r1/m"), step("n", 5)]
def out(path, kind, **kw): return {"path": path, "outcome": kind, **kw}
done = lambda p: out(p, "done", backup=f".upkeep-backups/r1/{p}" if p in "abcm" else None)
KEPT = {"folder": ".upkeep-backups", "runs": 3, "bytes": 5000}
case("every write happened: the version is bumped; conflicts are pending", "finishUpdate", {
    "report": ureport(), "steps": STEPS, "outcomes": [done(s["path"]) for s in STEPS], "backups": KEPT, "stateDir": ".upkeep"})
case("nothing needs the project: complete", "finishUpdate", {
    "report": ureport(conflicts=[]), "steps": [s for s in STEPS if s["index"] != 3], "outcomes": [done(s["path"]) for s in STEPS if s["index"] != 3], "stateDir": ".upkeep"})
case("an edit saved while the run wrote: left alone, not bumped, listed", "finishUpdate", {
    "report": ureport(), "steps": STEPS, "outcomes": [done(".upkeep-backups/.gitignore"), done("a"), out("b", "changed"), done("c"), done(".upkeep-merge/d.patch"), out("m", "changed"), done("n")],
    "backups": KEPT, "stateDir": ".upkeep"})
case("a release file swapped after planning: not copied", "finishUpdate", {
    "report": ureport(), "steps": STEPS, "outcomes": [done(s["path"]) if s["path"] != "n" else out("n", "source-changed") for s in STEPS], "stateDir": ".upkeep"})
case("a read-only folder stops the run: what was replaced, where it stopped, what was not reached", "finishUpdate", {
    "report": ureport(), "steps": STEPS, "outcomes": [done(".upkeep-backups/.gitignore"), done("a"), out("b", "blocked", error={"code": "EROFS", "message": "read-only file system", "stage": "stage"})],
    "backups": KEPT, "stateDir": ".upkeep"})
case("a full disk while backing up names the file", "finishUpdate", {
    "report": ureport(), "steps": STEPS, "outcomes": [done(".upkeep-backups/.gitignore"), out("a", "blocked", error={"code": "ENOSPC", "message": "no space left on device", "stage": "backup"})], "stateDir": ".upkeep"})
case("interrupted after two files", "finishUpdate", {
    "report": ureport(), "steps": STEPS, "outcomes": [done(".upkeep-backups/.gitignore"), done("a")], "interrupted": True, "stateDir": ".upkeep"})
case("interrupted before any file was replaced: nothing listed, the version unchanged", "finishUpdate", {
    "report": ureport(), "steps": STEPS, "outcomes": [], "interrupted": True, "stateDir": ".upkeep"})
case("every file written, the version file refused", "finishUpdate", {
    "report": ureport(), "steps": STEPS, "outcomes": [done(s["path"]) for s in STEPS],
    "stateError": {"path": ".upkeep/VERSION", "error": {"code": "ENOSPC", "message": "no space left on device", "stage": "swap"}}, "stateDir": ".upkeep"})
many = [step(f"f{i:03}", i, f".upkeep-backups/r1/f{i:03}") for i in range(25)]
case("a long list is shortened in the summary, complete in the report", "finishUpdate", {
    "report": ureport(overwrite=[s["path"] for s in many], merge=[], add=[], conflicts=[]), "steps": many + [step("g", 25)],
    "outcomes": [out(s["path"], "done", backup=s["backup"]) for s in many] + [out("g", "blocked", error={"code": "EACCES", "message": "permission denied", "stage": "swap"})], "stateDir": ".upkeep"})

def ended(has_regions, stopped, stop_asked, failed, outcomes):
    return {"hasRegions": has_regions, "stopped": stopped, "stopAsked": stop_asked, "failed": failed, "outcomes": outcomes}
case("every step written or unchanged, the plan has regions: regenerate", "afterWrites",
     ended(True, False, False, False, [out("a", "done"), out("b", "unchanged")]))
case("no regions in the plan", "afterWrites", ended(False, False, False, False, [out("a", "done")]))
case("stopped", "afterWrites", ended(True, True, True, False, [out("a", "done")]))
case("a stop asked after the last write, the plan has regions: interrupted, no regions", "afterWrites",
     ended(True, False, True, False, [out("a", "done")]))
case("a stop asked after the last write, no regions: the run stands", "afterWrites",
     ended(False, False, True, False, [out("a", "done")]))
case("a write refused", "afterWrites", ended(True, False, False, True, [out("a", "blocked")]))
case("a file changed under the run", "afterWrites", ended(True, False, False, False, [out("a", "done"), out("b", "changed")]))
case("asked again once the regions ran, no stop: the run stands", "afterWrites",
     {**ended(True, False, False, False, [out("a", "done")]), "regionsRan": True})
case("asked again once the regions ran, a stop asked while they ran: interrupted", "afterWrites",
     {**ended(True, False, True, False, [out("a", "done")]), "regionsRan": True})
case("the default mode and the in-memory CRLF limit", "writeConstants")
for n in [0, 1, 999, 1000]:
    case(f"name {n}", "backupName", ".upkeep-backups/r1/src/a b.js", n)
# A numbered name maps back to the path it saved; anything else is its own path.
for backup in ["src/a b.js.~1~", "src/a.js.~999~", "src/a.js.~1000~", "src/a.js.~01~", "src/a.js.~~", "src/a.js", ".~1~", "x.~1~.~2~"]:
    case(f"saved path of {backup}", "backupSavedPath", backup)

# The check before the first write: real folders on the way, a regular file or nothing there.
def seen(found, expect=None, **way): return {"path": "docs/a.md", "expect": expect, "found": found, **way}
for name, s in [
    ("a regular file", seen("file", {"kind": "file", "sha256": "a" * 64})),
    ("nothing there", seen("missing", {"kind": "missing"})),
    ("a backup path holding a folder", seen("directory")),
    ("a link where a file is expected", seen("symlink", {"kind": "missing"})),
    ("a socket there", seen("other", {"kind": "any"})),
    ("an ignore file that is a link: left as it is", seen("symlink", {"kind": "if-missing"})),
    ("a folder on the way is a link", seen("missing", {"kind": "missing"}, throughLink=True)),
    ("a file where a folder must be", seen("missing", {"kind": "if-missing"}, blockedAt="docs")),
]:
    case(name, "preflightRefusal", s)
# The whole run in one call: the first target it must not write, by path.
ok_file, ok_missing = seen("file", {"kind": "file", "sha256": "a" * 64}), seen("missing", {"kind": "missing"})
case("every target may be written", "preflightFirstRefusal", [ok_file, ok_missing])
case("nothing to write", "preflightFirstRefusal", [])
case("the first refused is named", "preflightFirstRefusal",
     [ok_file, {**seen("directory"), "path": "docs"}, {**seen("missing", {"kind": "missing"}, throughLink=True), "path": "lib/x"}])

# The shim's refusals while walking a path inside the tree, worded by the engine.
for name, problem in [("a link on the way", {"kind": "link", "path": "a/b/c.txt", "at": "a/b"}),
                      ("a file where a folder must be", {"kind": "not-a-folder", "path": "a/b/c.txt", "at": "a"}),
                      ("a folder that could not be made", {"kind": "not-a-real-folder", "path": "a/b/c.txt", "at": "a/b"}),
                      ("an empty path", {"kind": "empty", "path": ""}),
                      ("a write through a link", {"kind": "writes-through", "path": ".upkeep/source.json", "found": "symlink"}),
                      ("a read through a folder", {"kind": "reads-through", "path": "LOOP.md", "found": "directory"}),
                      ("a folder swapped while writing", {"kind": "folder-swapped", "path": "/work/app/src/a.js", "folder": "src"}),
                      ("a state file that is a link", {"kind": "state-not-a-file", "path": ".upkeep/VERSION in /work/app", "found": "symlink"}),
                      ("a state file that is a folder", {"kind": "state-not-a-file", "path": ".upkeep/VERSION in /work/app", "found": "directory"}),
                      ("a journal that is a link", {"kind": "journal-not-a-file", "path": "/work/app/.upkeep-source.refresh.log", "link": True}),
                      ("a journal that is a folder", {"kind": "journal-not-a-file", "path": "/work/app/.upkeep-source.refresh.log", "link": False}),
                      ("a release file that is not UTF-8", {"kind": "not-utf8", "path": "the latest release's .upkeep/VERSION", "offset": 3, "file": "release"}),
                      ("a release manifest that is not UTF-8", {"kind": "not-utf8", "path": "the baseline release's .upkeep/manifest.json", "offset": 0, "file": "release-manifest"}),
                      ("a state file that is not UTF-8", {"kind": "not-utf8", "path": ".upkeep/VERSION in /p", "offset": 1, "file": "state"}),
                      ("a file that changed while read", {"kind": "changed-while-read", "path": "src/a.js", "side": "latest", "error": "ENOENT: no such file or directory"}),
                      ("a file that is no longer a file", {"kind": "changed-while-read", "path": "src/a.js", "side": "project"})]:
    case(name, "treeRefusal", problem)

# Files read strictly as UTF-8: the text (a byte-order mark dropped), or the refusal with the offset.
for name, hexed, file in [
    ("a VERSION", "312e322e300a", "state"),
    ("a byte-order mark is dropped", "efbbbf7b7d", "release-manifest"),
    ("empty", "", "release"),
    ("a stray byte in a state file", "312eff0a", "state"),
    ("a truncated sequence in a release manifest", "7b22e282", "release-manifest"),
    ("an overlong encoding in a release file", "c0af", "release"),
]:
    case(name, "strictText", {"$bytes": hexed}, ".upkeep/VERSION", file)
# An input a flow could not use as given.
for name, problem in [("no project folder", {"kind": "no-project-folder", "root": "/work/app"}),
                      ("not a folder", {"kind": "not-a-folder", "dir": "tpl"}),
                      ("a target that is a file", {"kind": "target-is-a-file", "target": "app"}),
                      ("a file that cannot be read", {"kind": "unreadable", "what": "the manifest", "path": "tpl/.upkeep/manifest.json", "error": "EACCES: permission denied"}),
                      ("neither a file nor a link", {"kind": "not-file-or-link", "path": "src"}),
                      ("no handoff", {"kind": "no-handoff", "path": ".git/upkeep/handoff.json"}),
                      ("a fleet list that cannot be read", {"kind": "fleet-list-unreadable", "list": "fleet.txt", "code": "ENOENT", "error": "ENOENT: no such file or directory, open 'fleet.txt'"}),
                      ("a fleet list read that failed without a code", {"kind": "fleet-list-unreadable", "list": "fleet.txt", "code": None, "error": "the read failed"}),
                      ("a fleet repository that cannot be read", {"kind": "fleet-repo-unreadable", "path": "/work/fleet/app/.upkeep/VERSION", "error": "EACCES: permission denied, open '/work/fleet/app/.upkeep/VERSION'"}),
                      ("a fleet record in neither the folder nor HEAD", {"kind": "fleet-record-not-in-tree", "root": "/work/fleet/app", "record": ".upkeep/VERSION", "stderr": "fatal: path '.upkeep/VERSION' does not exist in 'HEAD'\n", "status": 128}),
                      ("no checkout", {"kind": "not-a-checkout", "root": "/work/x", "said": "fatal: not a git repository (or any of the parent directories): .git"}),
                      ("a step refused", {"kind": "step-refused", "top": "/work/app", "reason": "the checkout has uncommitted changes"}),
                      ("git failed: its last line", {"kind": "git-failed", "command": "diff", "stderr": "warning: x\nfatal: bad revision 'HEAD~9'\n\n", "status": 128}),
                      ("git failed silently", {"kind": "git-failed", "command": "ls-remote origin", "stderr": "", "status": 2}),
                      ("git ended by a signal", {"kind": "git-failed", "command": "fetch", "stderr": ""}),
                      ("git failed: its error lines, as every tool's", {"kind": "git-failed", "command": "worktree", "stderr": "Preparing worktree\nfatal: '/x' already exists\nhint: use --force\n", "status": 128}),
                      ("a path that is not UTF-8", {"kind": "git-path-not-utf8", "latin1": "caf\u00e9\"x"})]:
    case(name, "inputRefusal", problem)
# A command line or an options object that cannot mean anything.
for name, problem in [("quiet with verbose", {"kind": "quiet-with-verbose"}),
                      ("gitlab child without a batch", {"kind": "gitlab-child-without-batch"}),
                      ("not a whole number", {"kind": "not-a-whole-number", "flag": "--batch", "value": "2x"}),
                      ("seal options without seal", {"kind": "seal-options-without-seal"}),
                      ("a claim of the wrong shape", {"kind": "claim-shape", "claim": "T-1:src/a.js"}),
                      ("an install pair of the wrong shape", {"kind": "install-pair-shape", "pair": "=README.md"}),
                      ("too many labels", {"kind": "too-many-labels"}),
                      ("merge flags", {"kind": "merge-flags"}),
                      ("a file that cannot be read", {"kind": "file-failed", "action": "read", "path": "missing.txt", "error": "no such file or directory"}),
                      ("a file that cannot be written", {"kind": "file-failed", "action": "write", "path": "ours.txt", "error": "permission denied"}),
                      ("a file that cannot be hashed", {"kind": "file-failed", "action": "hash", "path": "locked", "error": "permission denied"}),
                      ("a folder hashed without --recursive", {"kind": "hash-folder", "path": "tree"}),
                      ("help for no such command", {"kind": "unknown-help-topic", "names": "loop nope"}),
                      ("score from both sources", {"kind": "score-source-both"}),
                      ("score from no source", {"kind": "score-source-missing"}),
                      ("loop score: which", {"kind": "loop-score-which"}),
                      ("git did not run", {"kind": "tool-did-not-run", "tool": "git", "error": "spawnSync git ENOENT"}),
                      ("score's git failed: bad input", {"kind": "score-git-failed", "command": "rev-parse --git-dir", "stderr": "fatal: not a git repository (or any of the parent directories): .git\n", "status": 128}),
                      ("score's git ended by a signal", {"kind": "score-git-failed", "command": "diff --numstat -z -M --", "stderr": ""}),
                      ("loop's commit failed: its error lines", {"kind": "loop-git-failed", "command": "commit", "stderr": "Author identity unknown\n\n*** Please tell me who you are.\nfatal: unable to auto-detect email address\n", "status": 128}),
                      ("loop's git said nothing", {"kind": "loop-git-failed", "command": "add", "stderr": "", "status": 1}),
                      ("a weights file that cannot be read", {"kind": "file-failed", "action": "read", "what": "weights file", "path": "nope.json", "error": "no such file or directory"}),
                      ("a graph that is not JSON", {"kind": "not-json", "what": "graph", "path": "g.json", "error": "Unexpected token 'x', \"x\" is not valid JSON"}),
                      ("not a count", {"kind": "not-a-count"}),
                      ("not a number", {"kind": "not-a-number"}),
                      ("not an options object: an array", {"kind": "not-an-options-object", "function": "update", "got": "array"}),
                      ("not an options object: a string", {"kind": "not-an-options-object", "function": "update", "got": "string"}),
                      ("not an options object: null", {"kind": "not-an-options-object", "function": "refresh", "got": "null"}),
                      ("an unknown option, a near miss suggested", {"kind": "unknown-option", "function": "update", "key": "dry-run", "known": ["cwd", "signal", "dryRun"]}),
                      ("an unknown option, nothing near", {"kind": "unknown-option", "function": "update", "key": "colour", "known": ["cwd", "dryRun"]}),
                      ("a required option", {"kind": "required-option", "function": "adopt", "key": "from"}),
                      ("a wrong type: string", {"kind": "wrong-option-type", "function": "update", "key": "to", "expected": "string", "got": "number"}),
                      ("a wrong type: boolean", {"kind": "wrong-option-type", "function": "update", "key": "dryRun", "expected": "boolean", "got": "string"}),
                      ("a wrong type: strings", {"kind": "wrong-option-type", "function": "refresh", "key": "only", "expected": "strings", "got": "object"}),
                      ("a wrong type: function", {"kind": "wrong-option-type", "function": "update", "key": "onProgress", "expected": "function", "got": "undefined"}),
                      ("a wrong type: signal", {"kind": "wrong-option-type", "function": "update", "key": "signal", "expected": "signal", "got": "boolean"}),
                      ("a wrong type: decide", {"kind": "wrong-option-type", "function": "update", "key": "decide", "expected": "decide", "got": "array"}),
                      ("decide answered with something else", {"kind": "decide-answer", "function": "update", "question": "update", "answer": "\"yes\""}),
                      ("a browser call that needs Node", {"kind": "needs-node", "call": "hashFile"}),
                      ("the demo: not a folder dropped", {"kind": "not-a-folder-dropped", "label": "Latest release"}),
                      ("the demo: no folder picked", {"kind": "no-folder-picked", "side": "baseline"}),
                      ("a prompt cancelled", {"kind": "cancelled-at-prompt"}),
                      ("a question stopped by the signal", {"kind": "stopped-at-question", "question": "src/app.js"}),
                      ("not a choice", {"kind": "not-a-choice", "flag": "--conflicts", "value": "theirs", "choices": ["markers", "keep-mine", "take-theirs"]})]:
    case(name, "usageRefusal", problem)
# What a caller's flag values and answers mean (command_args).
case("pairs split at the first equals sign", "installPairs", ["tpl.json=app.json", "a=b=c"])
for bad in ["no-sign", "=installed", "shipped="]:
    case(f"refused: {bad}", "installPairs", ["ok=fine", bad])
case("none", "installPairs", [])
case("tickets with and without titles, claims in order", "landTickets", ["T-1:Fix: the cart", "#42"], ["#42=src/a.js", "T-1=b=c", "#42=src/d.js"])
for bad in ["T-9=src/a.js", "T-1"]:
    case(f"refused: {bad}", "landTickets", ["T-1"], [bad])
MERGE_PATHS = ["ours.txt", "base.txt", "theirs.txt"]
case("no flags: labels from the paths", "mergeCommand", {"paths": MERGE_PATHS})
case("one label, diff3, a favour, a marker size", "mergeCommand", {"paths": MERGE_PATHS, "labels": ["mine"], "diff3": True, "union": True, "markerSize": 9})
case("zdiff3 and all three labels", "mergeCommand", {"paths": MERGE_PATHS, "labels": ["a", "b", "c"], "zdiff3": True})
for name, flags in [("four labels", {"labels": ["a", "b", "c", "d"]}), ("two favours", {"ours": True, "theirs": True}),
                    ("two styles", {"diff3": True, "zdiff3": True})]:
    case(f"refused: {name}", "mergeCommand", {"paths": MERGE_PATHS, **flags})
case("none", "diffLabels", [])
case("both", "diffLabels", ["a/x", "b/x"])
case("refused: three", "diffLabels", ["a", "b", "c"])
for decider in ["callback", "answers"]:
    for name, seen in [("yes", {"kind": "boolean", "value": True}), ("no", {"kind": "boolean", "value": False}),
                       ("nothing", {"kind": "none"}), ("something else", {"kind": "other", "shown": "\"yes\""})]:
        case(f"{decider}: {name}", "updateAnswer", decider, seen)
for name in [{"kind": "project-file", "path": ".upkeep/VERSION", "root": "/work/app"},
             {"kind": "release-file", "release": "baseline", "path": ".upkeep/manifest.json"},
             {"kind": "release-manifest", "spec": "../tpl@1.2.0"},
             {"kind": "rules-file"}, {"kind": "weights-file"}, {"kind": "brick-catalogue"}, {"kind": "loop-graph"}, {"kind": "loop-card"},
             {"kind": "install-manifest"}]:
    case(name["kind"], "inputName", name)
case("release-file: a release opened on its own", "inputName", {"kind": "release-file", "release": "release", "path": ".upkeep/VERSION"})
# The lock: its file's text, read back; whether a lock found is busy or stale.
holder = {"pid": 4242, "host": "ci-7", "start": "1234567", "since": "2026-01-01T00:00:00.000Z", "run": "20260101-000000-000"}
case("a holder, every field", "lockText", holder)
case("a breaker: no time, no run", "lockText", {"pid": 4242, "host": "ci-7", "start": ""})
for name, text in [("a holder", '{"pid":4242,"host":"ci-7","start":"1234567","since":"2026-01-01T00:00:00.000Z","run":"r"}\n'),
                   ("empty: unknown owner", ""), ("partial: unknown owner", '{"pid":42,"ho'),
                   ("no host: unknown owner", '{"pid":42}'), ("a pid that is no whole number", '{"pid":4.5,"host":"h"}'),
                   ("fields of other types left out", '{"pid":42,"host":"h","since":7,"extra":[]}')]:
    case(name, "readLock", text)
held = lambda here, alive: {"kind": "held", "holder": holder, "here": here, "alive": alive}
for name, seen in [("alive on this host: busy", held(True, True)), ("gone on this host: stale, no refusal", held(True, False)),
                   ("another host's: never broken", held(False, False)), ("unknown owner: never broken", {"kind": "unknown"}),
                   ("changing hands at every try", {"kind": "contended"})]:
    case(name, "lockRefusal", {"what": "update", "shown": "/work/app/.upkeep/update.lock", "seen": seen})
    case(name, "lockIsStale", seen)
# Each run a lock guards, named in its own words.
for what in ["refresh", "sync", "any-run"]:
    case(f"another host's, guarding {what}", "lockRefusal", {"what": what, "shown": "/work/app/x.lock", "seen": held(False, False)})

doc = {"$comment": "The one executor's vocabulary: refresh and install steps with what must be at each path right before the swap, the refresh report reading the executor's outcomes, finishUpdate (the update report joined with what the run did), afterWrites (whether regions regenerate after the writes, and whether the run ends interrupted) and writeConstants. Inputs from tests/vectors/src/writes_cases.py; expected values blessed with bless.mjs and reviewed by hand. Format: tests/vectors/README.md.", "cases": cases}
json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
print()
