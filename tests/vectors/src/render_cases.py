#!/usr/bin/env python3
"""Inputs of tests/vectors/render.json: what the command line prints, rendered by the
engine (the install/refresh report, the update and status outcomes, a stopped run, shell
quoting, GNU diff headers, the score verdict with its glob warnings). Expected values are
blessed with bless.mjs from the native addon, then reviewed by hand:
  python3 tests/vectors/src/render_cases.py > /tmp/in.json && node tests/vectors/src/bless.mjs /tmp/in.json > tests/vectors/render.json"""
import json

cases = []


def case(name, call, *args):
    cases.append({"name": name, "call": call, "args": list(args)})


def t(s):
    return {"$text": s}


def file(target, state, action, outcome, **extra):
    f = {"src": "code/" + target.split("/")[-1], "target": target, "state": state, "action": action, "outcome": outcome}
    f.update(extra)
    return f


def report(files, outcome, **extra):
    r = {"command": "refresh", "dryRun": False, "resumed": False, "interrupted": False, "failed": False,
         "attention": sum(1 for f in files if f["action"] in ("pending", "diff", "conflict")),
         "recordPath": "svc/.upkeep-source.json", "recordChanged": False, "outcome": outcome, "files": files}
    r.update(extra)
    return r


BACKUP = "svc/.upkeep-backups/20260517T120000Z-1a2b3c4d/"
ARGV = ["upkeep", "refresh", "--source", "../my vendor", "--target", "."]
SOURCES = {"source": "../my vendor", "target": "."}
scenario = [
    file("svc/same.mjs", "unchanged-identical", "none", "unchanged"),
    file("svc/stale.mjs", "unchanged-stale", "write", "done", backup=BACKUP + "svc/stale.mjs"),
    file("svc/added.mjs", "new-upstream", "write", "done"),
    file("svc/mine.mjs", "locally-modified", "pending", "pending", reason="needs a decision: keep-mine, take-theirs, merge"),
    file("svc/gone.mjs", "host-deleted", "pending", "pending", reason="needs a decision: restore, forget"),
    file("svc/dropped.mjs", "source-deleted", "pending", "pending", reason="needs a decision: remove, keep"),
]
pending = report(scenario, "pending", recordChanged=True)
for verbosity in ("normal", "quiet", "verbose"):
    case(f"renderRunReport: decisions wait, {verbosity}", "renderRunReport", pending,
         {"verbosity": verbosity, "argv": ARGV, "sources": SOURCES})
case("renderRunReport: no options prints no hint", "renderRunReport", pending, None)

# The questions a prompt (and the API's decide) asks, in the same words.
for state in ["locally-modified", "host-deleted", "source-deleted", "unchanged-stale"]:
    case(f"refreshQuestion: {state}", "refreshQuestion", "src/app.js", state)
case("updateQuestion: with release notes", "updateQuestion", "1.2.0", "1.3.0",
     [{"version": "1.3.0", "heading": "## [1.3.0] - 2026-02-01", "body": "- faster"}])
# manifest init: whether it writes, and its first line.
for existing, force, dry in [("missing", False, False), ("file", False, False), ("file", True, False), ("file", False, True),
                             ("missing", False, True), ("symlink", True, False), ("directory", False, True), ("other", True, False)]:
    case(f"manifestWrite: {existing}, force {force}, dry run {dry}", "manifestWrite",
         {"path": "tpl/.upkeep/manifest.json", "existing": existing, "force": force, "dryRun": dry})
case("updateQuestion: no notes", "updateQuestion", "1.2.0", "2.0.0-rc.1", [])
case("renderRunReport: stopped by SIGTERM after one of three writes", "renderRunReport",
     report([file("svc/a", "unchanged-stale", "write", "done", backup=BACKUP + "svc/a"),
             file("svc/b", "unchanged-stale", "write", "not-reached"),
             file("svc/c", "new-upstream", "write", "not-reached")], "interrupted", interrupted=True),
     {"argv": ARGV + ["--auto", "keep-mine"], "sources": SOURCES, "signal": "SIGTERM"})
case("renderRunReport: a dry run says what it would do", "renderRunReport",
     report([file("svc/a", "unchanged-stale", "write", "planned"), file("svc/b", "new-upstream", "write", "planned"),
             file("svc/c", "locally-modified", "write", "planned", decision="take-theirs")], "planned", dryRun=True),
     {"argv": ARGV + ["--dry-run"], "sources": SOURCES})
case("renderRunReport: a hand merge shows the diff and the command that records it", "renderRunReport",
     report([file("svc/mine.mjs", "locally-modified", "diff", "diff", decision="merge",
                  reason="merge by hand, then confirm the merge with --confirm svc/mine.mjs")], "pending",
            diffs=[{"target": "svc/mine.mjs", "diff": "--- svc/mine.mjs (yours)\n+++ code/mine.mjs (upstream)\n@@ -1 +1 @@\n-mine\n+theirs\n"}]),
     {"argv": ARGV, "sources": SOURCES})
case("renderRunReport: a failed write names the file and the file system's words", "renderRunReport",
     report([file("svc/a", "unchanged-stale", "write", "failed", reason="cannot write 'svc/a': EACCES: permission denied, open 'svc/.a.tmp'"),
             file("svc/b", "unchanged-stale", "write", "not-reached")], "failed", failed=True, attention=1),
     {"argv": ARGV, "sources": SOURCES})
install = {"command": "install", "dryRun": False, "resumed": False, "interrupted": False, "failed": False, "attention": 1,
           "recordPath": "svc/.upkeep-source.json", "recordChanged": False, "outcome": "pending",
           "files": [{"src": "code/a", "target": "svc/a", "action": "conflict", "outcome": "not-written",
                      "reason": "a different file is already there; --force backs it up and replaces it"},
                     {"src": "code/b", "target": "svc/b", "action": "write", "outcome": "not-written"}]}
IARGV = ["upkeep", "install", "--source", "../vendor", "--target", "."]
case("renderRunReport: an install in the way writes nothing, the record included", "renderRunReport", install,
     {"argv": IARGV, "sources": {"source": "../vendor", "target": "."}})
done_install = dict(install, attention=0, recordChanged=True, outcome="complete",
                    files=[{"src": "code/a", "target": "svc/a", "action": "write", "outcome": "done"},
                           {"src": "code/b", "target": "svc/b", "action": "record", "outcome": "done"}])
case("renderRunReport: a finished install", "renderRunReport", done_install, {"argv": IARGV, "sources": {"source": "../vendor", "target": "."}})
case("renderRunReport: a finished install, quiet: nothing needs you", "renderRunReport", done_install,
     {"verbosity": "quiet", "argv": IARGV, "sources": {"source": "../vendor", "target": "."}})

check = {"status": "update", "installed": "1.2.0", "latest": "1.3.0", "committed": "1.2.0"}
update_report = {"from": "1.2.0", "to": "1.3.0", "overwrite": ["ci.yml"], "merge": ["src/index.js"], "add": ["src/health.js"],
                 "removed": [], "skip": ["LICENSE"], "delete": ["docs/setup.md"],
                 "conflicts": [{"path": "README.md", "class": "shared", "route": "patch", "patchPath": ".upkeep-merge/README.md.patch", "yoursDiffPath": ".upkeep-merge/README.md.yours.diff", "latestCopyPath": None, "reason": "--conflicts patch"}],
                 "backupDir": ".upkeep-backup/20260101-120000-123", "adopterActions": []}
UARGV = ["upkeep", "update", "--baseline", "../t-1.2.0", "--latest", "../t-1.3.0", "--yes"]
for verbosity in ("normal", "quiet", "verbose"):
    case(f"renderUpdateOutcome: updated with a conflict and a delete, {verbosity}", "renderUpdateOutcome",
         {"status": "updated", "check": check, "report": update_report, "argv": UARGV}, {"verbosity": verbosity})
case("renderUpdateOutcome: status lists both sides, titled as status", "renderUpdateOutcome",
     {"status": "dry-run", "check": check, "report": update_report, "localChanges": ["README.md"],
      "upstreamChanges": ["README.md", "ci.yml", "src/index.js"], "argv": UARGV}, {"readOnly": True})
for name, pr in [("written", {"folder": "pr", "branch": "upkeep/tpl/1.3.0"}),
                 ("written, the body shortened", {"folder": "out/pr", "branch": "upkeep/tpl/1.3.0", "omitted": ["12 paths of What changed"]})]:
    case(f"renderUpdateOutcome: --pr, {name}", "renderUpdateOutcome",
         {"status": "updated", "check": check, "report": update_report, "argv": UARGV, "changeRequest": pr}, None)
case("renderUpdateOutcome: --pr, quiet: no line", "renderUpdateOutcome",
     {"status": "updated", "check": check, "report": update_report, "argv": UARGV, "changeRequest": {"folder": "pr", "branch": "b"}}, {"verbosity": "quiet"})
case("renderUpdateOutcome: --pr, up to date: none written", "renderUpdateOutcome",
     {"status": "up-to-date", "check": dict(check, status="up-to-date", installed="1.3.0"), "argv": UARGV, "changeRequest": {"folder": "pr"}}, None)
case("renderUpdateOutcome: --pr, cancelled: none written", "renderUpdateOutcome",
     {"status": "aborted", "check": check, "argv": UARGV, "changeRequest": {"folder": "pr"}}, None)
case("renderUpdateOutcome: --pr, applied by an earlier run: none written, and how to get one", "renderUpdateOutcome",
     {"status": "applied-uncommitted", "check": dict(check, status="applied-uncommitted", installed="1.3.0"), "argv": UARGV + ["--pr", "pr"],
      "changeRequest": {"folder": "pr"}}, None)
case("renderUpdateOutcome: up to date", "renderUpdateOutcome",
     {"status": "up-to-date", "check": dict(check, status="up-to-date", installed="1.3.0"), "argv": UARGV}, None)
case("renderUpdateOutcome: up to date, quiet: nothing", "renderUpdateOutcome",
     {"status": "up-to-date", "check": dict(check, status="up-to-date", installed="1.3.0"), "argv": UARGV}, {"verbosity": "quiet"})
case("renderUpdateOutcome: applied but not committed names the real state folder and root", "renderUpdateOutcome",
     {"status": "applied-uncommitted", "check": dict(check, status="applied-uncommitted", installed="1.3.0"),
      "root": "../my project", "argv": UARGV + ["--state-dir", ".tmpl"]}, {"stateDir": ".tmpl"})
case("renderUpdateOutcome: applied but not committed, seen by status: the command to run again is the update", "renderUpdateOutcome",
     {"status": "applied-uncommitted", "check": dict(check, status="applied-uncommitted", installed="1.3.0"),
      "argv": ["upkeep", "status", "--latest", "../tpl-1.3.0"]}, {"readOnly": True})
case("renderUpdateOutcome: status of an interrupted update: nothing resumed, the update finishes it", "renderUpdateOutcome",
     {"status": "dry-run", "check": check, "report": update_report, "localChanges": ["README.md"],
      "upstreamChanges": ["README.md"], "resumed": True, "argv": ["upkeep", "status"]}, {"readOnly": True})
case("renderUpdateOutcome: answered no at the prompt", "renderUpdateOutcome",
     {"status": "aborted", "check": check, "argv": UARGV}, None)
case("renderUpdateOutcome: resumed, with leftover patches", "renderUpdateOutcome",
     {"status": "updated", "check": check, "report": dict(update_report, conflicts=[], delete=[]), "resumed": True,
      "leftoverPatches": ["old.md.patch"], "argv": UARGV}, None)

case("renderStopped: SIGINT while writing", "renderStopped",
     {"command": "update", "signal": "SIGINT", "phase": "write", "done": 1200, "total": 10000, "argv": UARGV})
case("renderStopped: SIGTERM while reading: nothing changed", "renderStopped",
     {"command": "install", "signal": "SIGTERM", "phase": "read", "done": 10, "total": 500, "argv": IARGV})
case("renderStopped: Ctrl-C at a prompt", "renderStopped", {"command": "refresh", "cancelled": True})
case("renderStopped: new, while fetching its one release", "renderStopped",
     {"command": "new", "signal": "SIGINT", "phase": "fetch", "done": 0, "total": 1, "argv": ["upkeep", "new", "../tpl", "app"]})
case("renderStopped: no progress yet, no command to repeat", "renderStopped", {"command": "sync", "signal": "SIGINT"})

case("shellCommand: only what must be quoted", "shellCommand",
     ["upkeep", "refresh", "--source", "../my vendor", "--target", ".", "--confirm", "it's $HOME/*.md", "naïve", ""])

# What --actions names (upkeep score, upkeep loop score, the demo's actions field).
for text in ("logic", " logic , docs ", "logic,", "", ",,"):
    case(f"parseActions: {text!r}", "parseActions", text)

for n in (0, 1, 2, 1234):
    case(f"counted: {n}", "counted", n, "file", "files")

zone = lambda seconds, ns, offset: {"seconds": seconds, "nanoseconds": ns, "utcOffsetMinutes": offset}
case("diffFiles: names and times as GNU prints them", "diffFiles", t("a\nb\n"), t("a\nc\n"),
     {"old": {"name": "my notes.txt", "time": zone(981173106, 500000000, 330)},
      "new": {"name": "naïve \"q\"\t.txt", "time": zone(1779019200, 7, -210)}})
case("diffFiles: a label replaces name and time; the other side keeps both", "diffFiles", t("a\n"), t("b\n"),
     {"context": 0, "old": {"name": "old.txt", "label": "a/old.txt", "time": zone(0, 0, 0)},
      "new": {"name": "new.txt", "time": zone(-1, 999999999, 0)}})
case("diffFiles: binary files are named as given, unquoted", "diffFiles", {"$bytes": "00"}, {"$bytes": "0100"},
     {"old": {"name": "a b.bin", "time": zone(0, 0, 0)}, "new": {"name": "c.bin", "label": "C"}})
case("diffFiles: identical files print nothing", "diffFiles", t("same\n"), t("same\n"),
     {"old": {"name": "a"}, "new": {"name": "b"}})

numstat = [{"file": "src/a.js", "added": 3, "deleted": 1}, {"file": "docs/guide.md", "added": 2, "deleted": 0}]
case("assessView: a wildcard-only write set warns, names the rule, and still scores as the reference", "assessView", numstat,
     {"actions": ["logic"], "writeSet": ["src/**", "*.md"], "contracts": ["api/"], "ignoreDeletions": [""]})
case("assessView: no warnings, no warnings member", "assessView", numstat,
     {"actions": ["logic"], "writeSet": ["src/**", "docs/*.md"]})
case("assessView: a blocking verdict", "assessView", [{"file": "x", "added": 0, "deleted": 40}],
     {"declared": 0.1, "writeSet": ["x"]})
case("riskFiles: a wildcard-only entry puts nothing inside; exact paths, literal globs, contracts, ignored deletions",
     "riskFiles", numstat + [{"file": "api\\schema.json", "added": 1, "deleted": 30}],
     {"writeSet": ["**", "src/**", "api/schema.json"], "contracts": ["api/**"], "ignoreDeletions": ["api/**"]})
case("riskFiles: no options, nothing inside", "riskFiles", numstat, None)

# How a run that threw ends: a stop's code, its --json status, a prompt cancelled or cut short by a signal.
for code, signal in [("cancelled", None), ("cancelled", "SIGTERM"), ("interrupted", "SIGINT"), ("interrupted", "SIGTERM"),
                     ("interrupted", None), ("busy", None), ("EACCES", "SIGINT"), (None, None)]:
    case(f"commandFailure: {code}, {signal}", "commandFailure", {"code": code, "signal": signal})
case("commandFailure: a signal upkeep does not stop on", "commandFailure", {"code": "interrupted", "signal": "SIGHUP"})
case("failureDocument: a command's refusal", "failureDocument", {"command": "land", "code": "busy", "message": "another upkeep run holds the lock"})
case("failureDocument: a cancelled prompt", "failureDocument", {"command": "backups", "code": "cancelled", "message": "cancelled", "signal": None})
case("failureDocument: a usage error naming no command", "failureDocument", {"code": "usage", "message": "unknown command 'nope'"})
case("failureDocument: no code is internal", "failureDocument", {"command": "score", "message": "boom"})
case("failureDocument: a signal upkeep does not stop on", "failureDocument", {"code": "interrupted", "message": "x", "signal": "SIGHUP"})
for signal in [None, "SIGINT", "SIGTERM", "SIGHUP"]:
    case(f"stopExit: {signal}", "stopExit", signal)
# The release notes an update prints before it writes; nothing for an empty range.
notes = [{"version": "1.3.0", "heading": "## [1.3.0] - 2026-02-01", "body": "- a\n- b"},
         {"version": "1.2.1", "heading": "## 1.2.1", "body": ""}]
case("renderReleaseNotes: two sections, one without a body", "renderReleaseNotes", notes)
case("renderReleaseNotes: no section", "renderReleaseNotes", [])
# The --conflicts refusal: none for a mode, the usage words for anything else.
for text in ["merge", "patch", "markers", "theirs", "", "Merge"]:
    case(f"conflictsRefusal: {text!r}", "conflictsRefusal", text)
# How an update that returned ends: a stop's error for `interrupted`, none for the rest.
for status in ["interrupted", "updated", "incomplete", "failed", "dry-run"]:
    case(f"updateStop: {status}", "updateStop", status)
# Which endings write the change request (--pr).
for status in ["updated", "dry-run", "up-to-date", "applied-uncommitted", "aborted", "incomplete", "failed", "interrupted"]:
    case(f"writesChangeRequest: {status}", "writesChangeRequest", status)
# A stop before anything was written: the command, where it was, nothing written.
for command, point in [("refresh", "reading"), ("install", "planned"), ("update", "planned")]:
    case(f"stoppedUnwritten: {command}, {point}", "stoppedUnwritten", command, point)
# An update whose project or release is not in a state to update from.
for name, problem in [("not-installed", {"kind": "not-installed", "versionPath": ".upkeep/VERSION", "root": "/work/app"}),
                      ("not-installed, a project without a path", {"kind": "not-installed", "versionPath": ".upkeep/VERSION"}),
                      ("damaged-progress", {"kind": "damaged-progress", "path": ".upkeep/update-in-progress.json"}),
                      ("malformed-progress", {"kind": "malformed-progress", "path": ".upkeep/update-in-progress.json", "why": "it has no \"runId\""}),
                      ("release-lacks", {"kind": "release-lacks", "label": "latest", "path": ".upkeep/manifest.json"})]:
    case(f"stateRefusal: {name}", "stateRefusal", problem)
# The record of an interrupted update: read back, or refused by name when damaged.
PROGRESS = ".upkeep/update-in-progress.json"
for name, text in [("a record", '{"from":"1.0.0","to":"2.0.0","runId":"20260101-120000-123"}\n'),
                   ("not JSON", '{"from":"1.0.0",'),
                   ("not an object", '["1.0.0","2.0.0"]'),
                   ("a field missing", '{"from":"1.0.0","to":"2.0.0"}'),
                   ("a field of the wrong type", '{"from":"1.0.0","to":2,"runId":"r"}'),
                   ("an unknown field", '{"from":"1.0.0","to":"2.0.0","runId":"r","by":"me"}'),
                   ("a duplicated field", '{"from":"1.0.0","from":"1.1.0","to":"2.0.0","runId":"r"}')]:
    case(f"readProgress: {name}", "readProgress", text, PROGRESS)
case("progressText: one line of JSON", "progressText", {"from": "1.0.0", "to": "2.0.0-rc.1", "runId": "20260101-120000-123"})
case("progressText: quotes escaped", "progressText", {"from": "1\"0", "to": "2\\0", "runId": "r"})
# upkeep's own files in a refresh's home, and a home outside the repository refused.
for home in [".", "svc", "a/b", "../up", "/abs", ""]:
    case(f"homeFiles: {home!r}", "homeFiles", home)
# Where install and refresh read the manifest: the default inside the source, or one named.
case("manifestPlace: none named", "manifestPlace", None)
case("manifestPlace: one named", "manifestPlace", "ci/install.json")
# A refresh where no record is: the install command for the source and target as given.
case("noRecord: no manifest named", "noRecord", {"record": ".upkeep-source.json", "root": "/work/app", "source": "../tpl", "target": "."})
case("noRecord: a manifest and paths that need quoting", "noRecord",
     {"record": "svc/.upkeep-source.json", "root": "/work/my app", "source": "../my tpl", "target": "my app", "manifest": "install/m's.json"})
# The diff a file merged by hand is shown with: yours to upstream, labelled.
case("handMergeDiff: a text file", "handMergeDiff", "svc/a.js", "code/a.js", t("a\nmine\n"), t("a\ntheirs\n"))
case("handMergeDiff: identical", "handMergeDiff", "a", "a", t("same\n"), t("same\n"))
case("handMergeDiff: a binary pair", "handMergeDiff", "img.png", "src/img.png", t("\u0000one"), t("\u0000two"))
case("handMergeDiff: the host's file is gone", "handMergeDiff", "a", "a", t(""), t("new\n"))
case("handMergeDiff: the host's file is not there (null): diffed as empty", "handMergeDiff", "a", "a", None, t("new\n"))
case("handMergeDiff: the source's file is not there (null): diffed as empty", "handMergeDiff", "a", "a", t("old\n"), None)
for n in [0, 1, 126, 127, 128, 4000]:
    case(f"mergeExit: {n} conflicts", "mergeExit", n)
# What a view says of a merge's result.
for n in [0, 1, 2, 1234]:
    case(f"mergeSummary: {n} conflicts", "mergeSummary", n)
for n in [0, 1, 3]:
    case(f"hashExit: {n} unreadable", "hashExit", n)
# The exit code of a failure's code: an engine kind, a refusal's, the OS's, an unknown one.
for code in ["invalid-manifest", "dirty-worktree", "hasher-finished", "usage", "busy", "cancelled", "worktree",
             "bad-input", "ENOENT", "ENOSPC", "ENOTCONN", "E2BIG", "E", "Eaccess", "constructor", ""]:
    case(f"codeExit: {code or 'empty'}", "codeExit", code)
# What `upkeep score` answers itself: its own bad input and every bad-input code; nothing else.
for code in ["bad-input", "unknown-action", "unknown-preset", "invalid-argument", "usage", "ENOENT", "busy", ""]:
    case(f"scoreFailureExit: {code or 'empty'}", "scoreFailureExit", code)
# A stop among a later batch's backups is told by the files written so far.
case("renderStopped: among a later batch's backups", "renderStopped",
     {"command": "update", "signal": "SIGINT", "phase": "backup", "done": 40, "total": 200, "written": {"done": 160, "total": 400}, "argv": UARGV})
case("renderStopped: among the first batch's backups", "renderStopped",
     {"command": "update", "signal": "SIGTERM", "phase": "backup", "done": 40, "total": 200, "written": None, "argv": UARGV})
case("renderStopped: while writing, the last write told", "renderStopped",
     {"command": "refresh", "signal": "SIGINT", "phase": "write", "done": 3, "total": 9, "written": {"done": 3, "total": 9}})
# What upkeep quotes of a tool that failed.
for name, said in [
    ("git's fatal line", "Cloning into 'x'...\nfatal: repository 'x' not found\n"),
    ("npm's error lines", "npm warn config production Use `--omit=dev` instead.\nnpm error code E404\nnpm error 404 Not Found - GET https://r/x\n"),
    ("npm's old ERR! lines, any case", "npm ERR! code E404\nnpm err! 404\n"),
    ("no error line: the last three", "one\ntwo\nthree\nfour\n"),
    ("at most six error lines", "".join(f"error: {i}\n" for i in range(9))),
    ("nothing said", "  \n\n"),
]:
    case(f"toolMessage: {name}", "toolMessage", said)
# upkeep loop: which failures are refusals (exit 2), and the closing commit's subject.
for code in ["bad-input", "git-failed", "loop-refused", "invalid-loop-graph", "invalid-loop-file", "unknown-action",
             "unknown-preset", "invalid-argument", "invalid-numstat", "invalid-manifest", "EACCES"]:
    case(f"loopRefusalExit: {code}", "loopRefusalExit", code)
for name, problem in [("outside a work tree", {"kind": "not-a-work-tree"}),
                      ("no loop file yet", {"kind": "no-loop-file", "file": "LOOP.md", "root": "/work/app"}),
                      ("init where a loop exists", {"kind": "loop-exists", "file": "/work/app/LOOP.md"})]:
    case(f"loopRefusal: {name}", "loopRefusal", problem)
case("loopCommitSubject: the unit's intent", "loopCommitSubject", "Fix the login redirect", 3)
case("loopCommitSubject: an empty intent", "loopCommitSubject", "", 3)
case("loopCommitSubject: no intent", "loopCommitSubject", None, 12)
case("loopCommitMessage: the intent, then the trailers", "loopCommitMessage", "Fix the login redirect", 3, "Loop-Unit: u3\nLoop-Verdict: pass")
case("loopCommitMessage: no intent", "loopCommitMessage", None, 12, "Loop-Unit: u12")

# What a view of an update plan shows (the web demo's release view and one-file verdict).
view_report = dict(update_report, conflicts=[
    {"path": "README.md", "class": "shared", "route": "patch", "patchPath": ".upkeep-merge/README.md.patch",
     "yoursDiffPath": ".upkeep-merge/README.md.yours.diff", "latestCopyPath": None, "reason": "--conflicts patch"},
    {"path": "src/index.js", "class": "owned", "route": "markers", "patchPath": None, "yoursDiffPath": None, "latestCopyPath": None, "reason": None},
    {"path": "logo.png", "class": "shared", "route": "latest-copy", "patchPath": None, "yoursDiffPath": None,
     "latestCopyPath": ".upkeep-merge/logo.png", "reason": "a binary file"},
    {"path": "docs/notes.md", "class": "wiki-owned", "route": "markers", "patchPath": None, "yoursDiffPath": None, "latestCopyPath": None, "reason": None},
], structured={"package.json": {"applied": [], "conflicts": [], "suggestions": [], "notesPath": ".upkeep-merge/package.json.notes", "fallback": None}},
   adopterActions=[{"version": "1.3.0", "subject": "docs/setup.md", "command": None, "changelog": "Action required: delete docs/setup.md."}])
w = lambda op, path, at=None, size=10: {"op": op, "path": path, "patchPath": at, "size": size}
case("planOverview: every kind of write, conflicts by route", "planOverview",
     {"report": view_report, "files": ["README.md", "ci.yml", "docs/notes.md", "logo.png", "package.json", "src/index.js"],
      "actions": [w("copy", "ci.yml"), w("write-merged", "src/index.js"), w("write-merged", "package.json"),
                  w("write-patch", "README.md", ".upkeep-merge/README.md.patch"), w("write-patch", "README.md", ".upkeep-merge/README.md.yours.diff"),
                  w("write-patch", "logo.png", ".upkeep-merge/logo.png", 2048), w("write-patch", "package.json", ".upkeep-merge/package.json.notes")]})
case("planOverview: one of each, in the singular", "planOverview",
     {"report": dict(view_report, conflicts=view_report["conflicts"][1:2], delete=["docs/old.md"]), "files": ["src/index.js"],
      "actions": [w("write-merged", "src/index.js")]})
case("planOverview: nothing needs the person", "planOverview",
     {"report": dict(update_report, conflicts=[], delete=[]), "files": ["a"], "actions": []})
case("planOverview: the release notes in range, titled without their marks", "planOverview",
     {"report": dict(update_report, conflicts=[], delete=[]), "files": ["a"], "actions": [],
      "changelog": [{"version": "1.3.0", "heading": "## [1.3.0] - 2026-02-01", "body": "\n### Removed\n- Dropped left-pad.\n"},
                    {"version": "1.2.1", "heading": "### 1.2.1", "body": "- a fix"}]})
# The merge a view previews is the one the update writes, in each mode.
for conflicts in [None, "merge", "markers", "patch"]:
    case(f"previewMergeOptions: conflicts {conflicts or 'left out'}", "previewMergeOptions", {"from": "1.2.0", "to": "1.3.0", **({"conflicts": conflicts} if conflicts else {})})
# A file view's lines about one file's plan, and the mode chooser.
case("fileVerdict: the default mode, two writes, both sides changed", "fileVerdict",
     {"writes": ["backup", "merge"], "localChange": True, "upstreamChange": True})
case("fileVerdict: a mode chosen, nothing written, neither side changed", "fileVerdict",
     {"conflicts": "patch", "writes": [], "localChange": False, "upstreamChange": False})
case("fileVerdict: no mode (null), upstream changed only", "fileVerdict",
     {"conflicts": None, "writes": ["overwrite"], "upstreamChange": True})
case("conflictChoices: the default first and marked", "conflictChoices")
case("presetChoices: each preset with its ceilings, the default marked", "presetChoices")
# The git diff a score reads.
case("scoreDiffArgs: score --git, the working tree against the index", "scoreDiffArgs", {"kind": "git"})
case("scoreDiffArgs: score --git --staged", "scoreDiffArgs", {"kind": "git", "staged": True})
case("scoreDiffArgs: score --git main...HEAD", "scoreDiffArgs", {"kind": "git", "range": "main...HEAD"})
case("scoreDiffArgs: a range that looks like an option stays a range", "scoreDiffArgs", {"kind": "git", "range": "--output=x"})
case("scoreDiffArgs: the editor's working tree against HEAD", "scoreDiffArgs", {"kind": "working-tree"})
case("nothingToPlan: up to date", "nothingToPlan", "up-to-date", "1.3.0", "1.3.0")
case("nothingToPlan: ahead", "nothingToPlan", "ahead", "1.4.0", "1.3.0")
# What a run's terminal takes, from its streams, four environment variables and the flags.
person = {"stdinTty": True, "stdoutTty": True, "stderrTty": True}
case("terminalPolicy: a person at a terminal", "terminalPolicy", person)
case("terminalPolicy: everything piped", "terminalPolicy", {})
case("terminalPolicy: CI=true asks nothing and draws nothing", "terminalPolicy", {**person, "env": {"CI": "true"}})
case("terminalPolicy: CI=false and CI=0 are not CI", "terminalPolicy", {**person, "env": {"CI": "false"}})
case("terminalPolicy: --json", "terminalPolicy", {**person, "json": True})
case("terminalPolicy: --yes shows the notes and asks nothing", "terminalPolicy", {**person, "yes": True})
case("terminalPolicy: --dry-run asks nothing", "terminalPolicy", {**person, "dryRun": True})
case("terminalPolicy: --quiet", "terminalPolicy", {**person, "quiet": True})
case("terminalPolicy: --verbose", "terminalPolicy", {**person, "verbose": True})
case("terminalPolicy: --quiet with --verbose is refused", "terminalPolicy", {**person, "quiet": True, "verbose": True})
case("terminalPolicy: TERM=dumb draws no progress and no colour", "terminalPolicy", {**person, "env": {"TERM": "dumb"}})
case("terminalPolicy: NO_COLOR", "terminalPolicy", {**person, "env": {"NO_COLOR": "1"}})
case("terminalPolicy: an empty NO_COLOR does not count", "terminalPolicy", {**person, "env": {"NO_COLOR": ""}})
case("terminalPolicy: FORCE_COLOR wins when piped", "terminalPolicy", {"env": {"FORCE_COLOR": "1", "NO_COLOR": "1"}})
case("terminalPolicy: FORCE_COLOR=false turns colour off", "terminalPolicy", {**person, "env": {"FORCE_COLOR": "false"}})
print(json.dumps({"$comment": "What the command line prints, rendered by the engine. Inputs: tests/vectors/src/render_cases.py; expected values blessed from the native addon and reviewed by hand. Format: tests/vectors/README.md.", "cases": cases}, indent=2, ensure_ascii=False))
