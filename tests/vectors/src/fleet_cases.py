#!/usr/bin/env python3
"""Inputs of tests/vectors/fleet.json (expected values are blessed with bless.mjs, then
reviewed by hand): --exit-on policies against reports and failures, change-request payloads
(branches from every kind of source, conflicts, field-merge suggestions, dropped files,
adopter actions, release notes, a body cut to its limit), fleet lists and plans (text and
JSON, monorepo folders, duplicates, skips, batches for GitHub and GitLab), GitLab child
pipelines and the step's push decisions."""
import json

cases = []


def case(name, call, *args):
    cases.append({"name": name, "call": call, "args": list(args)})


def report(**kw):
    base = {"from": "1.2.0", "to": "1.3.0", "overwrite": [], "merge": [], "add": [], "removed": [], "skip": [],
            "delete": [], "conflicts": [], "backupDir": None, "adopterActions": []}
    base.update(kw)
    return base


conflict = {"path": "src/app.js", "class": "shared", "route": "patch", "patchPath": ".upkeep-merge/src/app.js.patch",
            "yoursDiffPath": ".upkeep-merge/src/app.js.yours.diff", "reason": "--conflicts patch"}
clean = report(merge=["README.md"], add=["src/new.js"], skip=["src/keep.js"])
conflicted = report(merge=["README.md"], conflicts=[conflict])
deleting = report(delete=["old.md"])

# ---- --exit-on
for policy in [None, "conflict", "error", "never"]:
    for read_only in [False, True]:
        for label, rep, pending in [("clean", clean, True), ("conflicts", conflicted, True), ("deletes", deleting, True),
                                     ("up to date", None, False)]:
            case(f"exitCode: {policy or 'default'}, {'status' if read_only else 'update'}, {label}", "exitCode",
                 {"policy": policy, "readOnly": read_only, "report": rep, "pending": pending})
        for exit, stopped in [(2, False), (74, False), (75, False), (130, True), (143, True)]:
            case(f"exitCode: {policy or 'default'}, {'status' if read_only else 'update'}, failed {exit}", "exitCode",
                 {"policy": policy, "readOnly": read_only, "failure": {"exit": exit, "stopped": stopped}})
# an update that wrote: its run record's outcome decides an unfinished run's code (a stop: the signal's)
for policy in [None, "never"]:
    for outcome in ["complete", "pending", "incomplete", "failed", "interrupted"]:
        for stop in [None, 143]:
            case(f"exitCode: {policy or 'default'}, update ended {outcome}, stop code {stop}", "exitCode",
                 {"policy": policy, "report": clean, "pending": True, "run": outcome, "stopExit": stop})
# an install or a refresh: its report alone
def run_report(outcome, interrupted=False, failed=False, attention=0):
    return {"command": "refresh", "dryRun": False, "runId": "r1", "resumed": False, "interrupted": interrupted, "failed": failed,
            "attention": attention, "recordPath": ".upkeep-source.json", "recordChanged": False, "outcome": outcome, "files": []}
for label, rep in [("complete", run_report("complete")), ("pending", run_report("pending", attention=2)),
                   ("failed", run_report("failed", failed=True, attention=1)), ("interrupted", run_report("interrupted", interrupted=True))]:
    for stop in [None, 143]:
        case(f"exitCode: refresh {label}, stop code {stop}", "exitCode", {"runReport": rep, "stopExit": stop})
for text in ["never", "conflict", "error", "Error", "conflicts", ""]:
    case(f"parseExitPolicy: {text!r}", "parseExitPolicy", text)

# ---- payloads
for source in ["../../tpl.git", "https://github.com/acme/web-template.git", "git@github.com:Acme/Web_Template.git",
               "npm:@acme/create-app", "npm:create-vite@^6//template-react-ts", "./tpl", "/srv/templates/base",
               "../tpl.git@1.2.0//app", "file:../tpl.tgz"]:
    case(f"prPayload: branch and title from {source}", "prPayload", {"report": clean, "source": source})
case("prPayload: no recorded source: the latest release's spec", "prPayload", {"report": clean, "source": None, "latestSpec": "../tpl.git@1.3.0"})
case("prPayload: the recorded source wins over the latest spec", "prPayload", {"report": clean, "source": "../tpl.git", "latestSpec": "./elsewhere"})
case("prPayload: neither a source nor a latest spec", "prPayload", {"report": clean})
case("prPayload: a clean update", "prPayload", {
    "report": clean, "source": "https://github.com/acme/tpl.git",
    "changelog": [{"version": "1.3.0", "heading": "## [1.3.0] - 2026-02-01", "body": "### Added\n\n- src/new.js"}]})
case("prPayload: conflicts, markers and a patch, dropped files, install needed", "prPayload", {
    "report": report(overwrite=["LICENSE"], merge=["README.md"], delete=["old.md"], installNeeded=True,
                     conflicts=[conflict, {"path": "docs/a.md", "class": "wiki-owned", "route": "markers", "patchPath": None},
                                {"path": "data/big.csv", "class": "shared", "route": "patch", "patchPath": None, "reason": "larger than 64 MiB (70 MiB)"}]),
    "source": "../tpl.git"})
verdict = lambda key, v, cur, base, lat, section="scripts": {"kind": "entry", "section": section, "key": key, "verdict": v,
                                                             "current": cur, "baseline": base, "latest": lat, "reason": None}
case("prPayload: field-merge conflicts and suggestions, a fallback, adopter actions", "prPayload", {
    "report": report(merge=["package.json"], structured={
        "package.json": {"applied": [], "conflicts": [verdict("dev", "conflict", "vite --port 4000", "vite", "vite --open")],
                         "suggestions": [verdict("test", "suggest-add", None, None, "vitest")],
                         "notesPath": ".upkeep-merge/package.json.notes", "fallback": None},
        "tsconfig.json": {"applied": [], "conflicts": [], "suggestions": [], "notesPath": None, "fallback": "the baseline does not parse"}},
        adopterActions=[{"version": "1.3.0", "subject": "eslint", "command": "npm rm eslint", "changelog": "Removed eslint: run `npm rm eslint`."}]),
    "source": "npm:create-acme"})
many = report(merge=[f"src/file-{i:04}.js" for i in range(400)], conflicts=[
    {"path": f"conf/c-{i:03}.yml", "class": "shared", "route": "patch", "patchPath": f".upkeep-merge/conf/c-{i:03}.yml.patch"} for i in range(30)])
notes = [{"version": "1.3.0", "heading": "## [1.3.0]", "body": "- a change\n" * 40}]
for limit in [4000, 9000, 30000]:
    case(f"prPayload: cut to a {limit}-character limit, the overflow named", "prPayload",
         {"report": many, "source": "../tpl.git", "changelog": notes, "limit": limit})
case("prPayload: pathological path with backticks", "prPayload", {"report": report(add=["a`b.md"]), "source": "../tpl.git"})

# ---- fleet lists and plans
for label, text in [
    ("repos.txt", "# fleet\nhttps://github.com/acme/shop.git\n\n../mono packages/site   # a monorepo\n../mono packages/admin/\ngit@github.com:acme/blog.git\nC:\\work\\x\n"),
    ("repos.json", '["https://github.com/acme/shop.git", {"repo": "../mono", "dir": "packages/site"}, {"repo": "file:///srv/x"}]'),
    ("fleet.json", '{"repos": ["a/x", "b/x", "c/x"]}'),
    ("repos.txt", "../a\n../a\n"),
    ("repos.txt", "../a sub extra\n"),
    ("repos.txt", "../a ../escape\n"),
    ("repos.txt", "# nothing\n"),
    ("repos.json", '{"repos": [{"repo": "a", "branch": "main"}]}'),
    ("repos.json", '[42]'),
    ("repos.json", '{"list": []}'),
    ("repos.json", '[1,'),
]:
    case(f"parseFleetList: {label} {text[:40]!r}", "parseFleetList", text, label)

record = lambda v: '{"schema":1,"source":"../tpl.git","version":"%s","subpath":null,"resolved":null}' % v
fleet = "".join(f"../r{i:02}\n" for i in range(10))
records = [{"key": "r00", "text": record("1.3.0")}, {"key": "r01", "text": record("1.4.0")}, {"key": "r02", "text": record("1.2.0")},
           {"key": "r03", "text": "{ broken"}, {"key": "r04", "error": "git show HEAD:.upkeep/source.json failed: fatal: invalid object name 'HEAD'."}]
case("planFleet: skip at and above the target, run the rest, unreadable records run", "planFleet",
     {"list": fleet, "label": "repos.txt", "to": "1.3.0", "records": records})
# Reading a local repository's record without a clone, step by step.
def local(repo):
    return {"base": "/fleet/lists", "repo": {"repo": repo, "dir": None, "local": True, "record": ".upkeep/source.json", "key": "svc"}}
ENOENT = {"kind": "read-failed", "code": "ENOENT", "message": "ENOENT: no such file or directory, open '/fleet/svc/.upkeep/source.json'"}
FOLDER = {"kind": "stat", "folder": True}
case("fleetRecordStep: first, the working tree's file", "fleetRecordStep", local("../svc"), [])
case("fleetRecordStep: a file: URL, %-escapes decoded", "fleetRecordStep", local("file:///srv/my%20repo"), [])
case("fleetRecordStep: a file: URL of another host", "fleetRecordStep", local("file://elsewhere/srv/x"), [])
case("fleetRecordStep: read", "fleetRecordStep", local("../svc"), [{"kind": "read", "text": "{\"version\": 1}\n"}])
case("fleetRecordStep: unreadable for another reason", "fleetRecordStep", local("../svc"),
     [{"kind": "read-failed", "code": "EACCES", "message": "EACCES: permission denied, open '/fleet/svc/.upkeep/source.json'"}])
case("fleetRecordStep: not in the tree, is it a folder", "fleetRecordStep", local("/srv/bare.git"), [ENOENT])
case("fleetRecordStep: not a folder", "fleetRecordStep", local("/srv/bare.git"), [ENOENT, {"kind": "stat", "folder": False}])
case("fleetRecordStep: not there at all", "fleetRecordStep", local("/srv/bare.git"),
     [ENOENT, {"kind": "stat-failed", "message": "ENOENT: no such file or directory, stat '/srv/bare.git'"}])
case("fleetRecordStep: a folder, asked of HEAD", "fleetRecordStep", local("/srv/bare.git"), [ENOENT, FOLDER])
case("fleetRecordStep: HEAD has it", "fleetRecordStep", local("/srv/bare.git"),
     [ENOENT, FOLDER, {"kind": "git", "status": 0, "stdout": "{}\n", "stderr": ""}])
case("fleetRecordStep: HEAD lacks it", "fleetRecordStep", local("/srv/bare.git"),
     [ENOENT, FOLDER, {"kind": "git", "status": 128, "stdout": "", "stderr": "fatal: path '.upkeep/source.json' does not exist in 'HEAD'\n"}])
case("fleetRecordStep: a finding that answers no step asked", "fleetRecordStep", local("/srv/bare.git"), [FOLDER])
case("planFleet: no target skips nothing", "planFleet", {"list": fleet, "label": "repos.txt", "records": records})
case("planFleet: GitLab batches of 4", "planFleet", {"list": fleet, "label": "repos.txt", "platform": "gitlab", "batchSize": 4})
case("planFleet: 600 remotes, GitHub's 256", "planFleet", {"list": "".join(f"https://git.example/o/r{i:03}.git\n" for i in range(600)), "label": "repos.txt"})
case("planFleet: 450 remotes, GitLab's 200", "planFleet", {"list": "".join(f"https://git.example/o/r{i:03}.git\n" for i in range(450)), "label": "repos.txt", "platform": "gitlab"})
case("planFleet: a batch size over the limit", "planFleet", {"list": fleet, "label": "repos.txt", "platform": "gitlab", "batchSize": 201})
case("planFleet: a batch size of 0", "planFleet", {"list": fleet, "label": "repos.txt", "batchSize": 0})
case("planFleet: --to is not a version", "planFleet", {"list": fleet, "label": "repos.txt", "to": "^1.3"})
case("planFleet: every repository already there", "planFleet", {"list": "../r00\n", "label": "repos.txt", "to": "1.3.0", "records": records[:1]})

# ---- GitLab child pipelines (the plan is the engine's own answer, so the runner plans first)
case("gitlabChildPipeline: batch 3 of 3, quotes and a dollar", "gitlabChildPipeline",
     {"list": fleet + 'https://h/o/"q"$x.git sub\n', "label": "repos.txt", "platform": "gitlab", "batchSize": 4}, 2, "ci/upkeep-fleet-step.yml")
case("gitlabChildPipeline: nothing to run", "gitlabChildPipeline",
     {"list": "../r00\n", "label": "repos.txt", "platform": "gitlab", "to": "1.3.0", "records": records[:1]}, 0, "ci/upkeep-fleet-step.yml")
case("gitlabChildPipeline: past the last batch", "gitlabChildPipeline",
     {"list": fleet, "label": "repos.txt", "platform": "gitlab"}, 3, "ci/upkeep-fleet-step.yml")
case("gitlabChildPipeline: a GitHub plan", "gitlabChildPipeline", {"list": fleet, "label": "repos.txt"}, 0, "x.yml")

# ---- the --pr folder's files, in the order written (branch.txt last)
case("prPayloadFiles: a payload with two labels", "prPayloadFiles", {
    "title": "Update tpl to 1.3.0", "body": "## What changed\n\n- a\n", "labels": ["upkeep", "conflicts"],
    "branch": "upkeep/tpl/1.3.0", "commitMessage": "Update tpl to 1.3.0\n\nUpkeep-Branch: upkeep/tpl/1.3.0\n", "omitted": []})

# ---- the step's push decision
for name, facts in [
    ("nothing committed", {"branch": "upkeep/tpl/1.3.0", "commit": None, "remote": None}),
    ("a new branch", {"branch": "upkeep/tpl/1.3.0", "commit": "a" * 40, "remote": None}),
    ("already pushed", {"branch": "upkeep/tpl/1.3.0", "commit": "a" * 40, "remote": "a" * 40}),
    ("a person's commits on top", {"branch": "upkeep/tpl/1.3.0", "commit": "a" * 40, "remote": "b" * 40, "remoteContainsCommit": True}),
    ("an earlier step commit on an older base", {"branch": "upkeep/tpl/1.3.0", "commit": "a" * 40, "remote": "c" * 40, "remoteIsStepCommit": True}),
    ("someone else's branch", {"branch": "upkeep/tpl/1.3.0", "commit": "a" * 40, "remote": "d" * 40}),
    ("the update failed, with its error", {"updateExit": 2, "updateError": "bad --to"}),
    ("the update failed, silently", {"updateExit": 74}),
    ("the update failed with no report: its standard error is the error", {"updateExit": 2, "updateStderr": "upkeep: no .upkeep/VERSION in /r\n"}),
    ("the update's report says why: its standard error is not needed", {"updateExit": 2, "updateError": "bad --to", "updateStderr": "noise\n"}),
    ("the update was killed", {"updateExit": None, "updateSignal": "SIGKILL"}),
    ("the update failed after naming its branch", {"updateExit": 1, "branch": "upkeep/tpl/1.3.0"}),
    ("already up to date", {"updateExit": 0, "updateTo": "1.3.0"}),
    ("already up to date, the version unsaid", {"updateExit": 0}),
    ("--no-push, a new branch", {"branch": "upkeep/tpl/1.3.0", "commit": "a" * 40, "remote": None, "noPush": True}),
    ("--no-push, a replace", {"branch": "upkeep/tpl/1.3.0", "commit": "a" * 40, "remote": "c" * 40, "remoteIsStepCommit": True, "noPush": True}),
    ("--no-push, already pushed", {"branch": "upkeep/tpl/1.3.0", "commit": "a" * 40, "remote": "a" * 40, "noPush": True}),
    ("a new branch, to a named remote", {"branch": "upkeep/tpl/1.3.0", "commit": "a" * 40, "remote": None, "remoteName": "fork"}),
    ("a replace, to a named remote", {"branch": "upkeep/tpl/1.3.0", "commit": "a" * 40, "remote": "c" * 40, "remoteIsStepCommit": True, "remoteName": "fork"}),
    ("the update wrote only files git does not track: nothing staged", {"updateExit": 0, "branch": "upkeep/tpl/1.3.0", "nothingStaged": True}),
]:
    case(f"stepAction: {name}", "stepAction", facts)
    case(f"stepCommits: {name}", "stepCommits", facts)

# ---- the step's commit identity
for author in [None, "Ada Lovelace <ada@example.com>", "<bot@example.com>", "  Ada  <ada@x>  ", "ada", "Ada <a<b>", "Ada <ada@x> tail"]:
    case(f"commitIdentity: {author!r}", "commitIdentity", author)
case("stepCommit: the identity twice, the base commit's dates, no signing, no hooks", "stepCommit",
     {"identity": {"name": "upkeep", "email": "upkeep@users.noreply.github.com"}, "baseDate": "2026-02-14T09:30:00+01:00", "messageFile": "/ci/pr/commit.txt"})

# ---- where the step starts
a, b, c = "a" * 40, "b" * 40, "c" * 40
for name, facts in [
    ("a clean checkout", {"head": a, "headParent": b}),
    ("a finished run's commit", {"head": c, "headParent": a, "headIsStepCommit": True}),
    ("a killed run before its commit", {"head": a, "headParent": b, "dirty": ["src/app.js", ".upkeep/VERSION"], "unfinishedBase": a}),
    ("a killed run after its commit", {"head": c, "headParent": a, "headIsStepCommit": True, "unfinishedBase": a}),
    ("a marker, and HEAD moved since", {"head": c, "headParent": b, "unfinishedBase": a}),
    ("someone's uncommitted changes", {"head": a, "dirty": ["a", "b", "c", "d"]}),
    ("a root commit", {"head": a}),
    ("a finished run's backups are not changes", {"head": c, "headParent": a, "headIsStepCommit": True, "dirty": [".upkeep-backup/20260101/src/app.js"]}),
    ("backups of a monorepo project with its own state folder", {"head": a, "projectDir": "packages/web/", "stateDir": ".tpl", "dirty": ["packages/web/.tpl-backup/1/x", "packages/web/.upkeep-backup/1/x"]}),
    ("a named remote", {"head": a, "remote": "fork"}),
]:
    case(f"stepStart: {name}", "stepStart", facts)

# The update a step runs, with and without a target version.
case("stepUpdateArgs: a target version", "stepUpdateArgs", {"payload": "/r/.git/upkeep-pr", "project": "/r/packages/web", "stateDir": ".tpl", "to": "1.3.0"})
case("stepUpdateArgs: the recorded source's latest", "stepUpdateArgs", {"payload": "/r/.git/upkeep-pr", "project": "/r", "stateDir": ".upkeep"})

# The exit code of every command's report status word, and an unknown pair refused.
for command, statuses in [
    ("land", ["landed", "nothing_to_land", "partly_landed", "commit_failed", "moved", "interrupted"]),
    ("sync", ["synced", "dry_run", "refused", "conflict", "push_rejected", "check_failed", "interrupted"]),
    ("diff", ["identical", "different", "binary", "trouble"]),
    ("merge", ["failed"]),
    ("manifest-check", ["valid", "problems"]),
]:
    for status in statuses:
        case(f"statusExit: {command} {status}", "statusExit", command, status)
case("statusExit: an unknown status", "statusExit", "sync", "sideways")
case("statusExit: an unknown command", "statusExit", "patch", "identical")
case("statusExit: an unknown merge status", "statusExit", "merge", "identical")
# A run a signal stopped exits with the signal's code, whatever its report says.
case("statusExit: land landed, stopped by SIGINT", "statusExit", "land", "landed", "SIGINT")
case("statusExit: land partly landed, stopped by SIGTERM", "statusExit", "land", "partly_landed", "SIGTERM")
case("statusExit: land interrupted, stopped by SIGTERM", "statusExit", "land", "interrupted", "SIGTERM")
case("statusExit: sync synced, stopped by SIGTERM", "statusExit", "sync", "synced", "SIGTERM")
case("statusExit: sync refused, no signal", "statusExit", "sync", "refused", None)
case("statusExit: a signal upkeep does not stop on", "statusExit", "sync", "synced", "SIGHUP")
case("statusExit: an unknown status with a signal", "statusExit", "sync", "sideways", "SIGINT")

# ---- What fleet plan prints: a batch's matrix (the runner plans first), the platforms, the terminal lines
case("batchMatrix: batch 1 of 3", "batchMatrix", {"list": fleet, "label": "repos.txt", "platform": "gitlab", "batchSize": 4}, 1)
case("batchMatrix: batch 0 of an empty plan is an empty matrix", "batchMatrix",
     {"list": "../r00\n", "label": "repos.txt", "to": "1.3.0", "records": records[:1]}, 0)
case("batchMatrix: batch 1 of an empty plan is refused", "batchMatrix",
     {"list": "../r00\n", "label": "repos.txt", "to": "1.3.0", "records": records[:1]}, 1)
case("batchMatrix: past the last batch", "batchMatrix", {"list": fleet, "label": "repos.txt"}, 5)
for text in ["github", "gitlab", "GitHub", "bitbucket", "", None]:
    case(f"platformRefusal: {text!r}", "platformRefusal", text)
case("renderFleetPlan: skipped and unread repositories", "renderFleetPlan", {"list": fleet, "label": "repos.txt", "to": "1.3.0", "records": records})
case("renderFleetPlan: the summary alone", "renderFleetPlan", {"list": fleet, "label": "repos.txt"})

# ---- The step's closing line, and which commits are the step's
for name, facts in [
    ("pushed, with its change request", {"exit": 0, "message": "pushed upkeep/tpl/1.3.0 (new branch)", "branch": "upkeep/tpl/1.3.0", "payload": "/w/.git/upkeep-pr"}),
    ("nothing to commit", {"exit": 0, "message": "nothing to commit: already at 1.3.0", "branch": None, "payload": "/w/.git/upkeep-pr"}),
    ("an empty branch file", {"exit": 0, "message": "skipped", "branch": "", "payload": "p"}),
    ("refused: the error alone", {"exit": 4, "message": "the remote branch holds someone else's work", "branch": "upkeep/tpl/1.3.0", "payload": "p"}),
]:
    case(f"stepLine: {name}", "stepLine", facts)
msg = "chore: update to 1.3.0\n\nUpkeep-Branch: upkeep/tpl/1.3.0\n"
for name, facts in [
    ("HEAD with the trailer", {"message": msg}),
    ("HEAD without it", {"message": "fix: a person's work\n\nUpkeep-Branchy: x\n"}),
    ("the remote's head: this branch, one parent on the base", {"message": msg, "branch": "upkeep/tpl/1.3.0", "parents": 1, "parentOnBase": True}),
    ("the remote's head: another branch's trailer", {"message": msg, "branch": "upkeep/tpl/1.4.0", "parents": 1, "parentOnBase": True}),
    ("the remote's head: a merge commit", {"message": msg, "branch": "upkeep/tpl/1.3.0", "parents": 2, "parentOnBase": True}),
    ("the remote's head: on another history", {"message": msg, "branch": "upkeep/tpl/1.3.0", "parents": 1, "parentOnBase": False}),
    ("the remote's head: a root commit", {"message": msg, "branch": "upkeep/tpl/1.3.0", "parents": 0, "parentOnBase": False}),
]:
    case(f"isStepCommit: {name}", "isStepCommit", facts)

print(json.dumps({"$comment": "Generated by tests/vectors/src/fleet_cases.py; expected values blessed with bless.mjs and reviewed by hand.", "cases": cases}, indent=2, ensure_ascii=False))
