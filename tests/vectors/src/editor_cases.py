#!/usr/bin/env python3
"""Inputs of tests/vectors/editor.json: what an editor shows for a managed file
(`fileView`) and the managed paths of a project's manifests (`editorManifest`).

    python3 tests/vectors/src/editor_cases.py > /tmp/in.json
    node tests/vectors/src/bless.mjs /tmp/in.json > tests/vectors/editor.json
"""
import json

def text(s):
    return {"$text": s}

def update(path, current, base, latest, **extra):
    managed = {"kind": "update", "class": extra.pop("klass", "shared"), "installed": "1.2.0",
               "latestVersion": "1.3.0",
               "baseline": None if base is None else text(base),
               "latest": None if latest is None else text(latest)}
    managed.update(extra)
    return {"path": path, "current": current, "managed": managed}

def case(name, call, *args):
    return {"name": f"{call}: {name}", "call": call, "args": list(args)}

REGION = {"id": "scripts-list", "startMarker": "<!-- scripts:start -->", "endMarker": "<!-- scripts:end -->",
          "paths": ["docs/scripts.md"], "inputs": ["package.json"],
          "regenerate": {"interpreter": "node", "operand": "scripts/list-scripts.mjs", "args": []}}
PKG_SPEC = {"format": "json", "values": ["packageManager"], "maps": ["scripts", "engines"]}
PKG_BASE = '{\n  "name": "starter",\n  "scripts": {\n    "start": "node src/index.js",\n    "test": "node --test"\n  },\n  "engines": {\n    "node": ">=20"\n  }\n}\n'
PKG_LATEST = '{\n  "name": "starter",\n  "scripts": {\n    "start": "node src/index.js",\n    "test": "node --test src/",\n    "health": "node src/health.js"\n  },\n  "engines": {\n    "node": ">=20.19"\n  }\n}\n'
PKG_MINE = '{\n  "name": "acme-orders",\n  "scripts": {\n    "start": "node --env-file=.env src/index.js",\n    "test": "node --test"\n  },\n  "engines": {\n    "node": ">=20"\n  },\n  "dependencies": {\n    "left-pad": "^1.3.0"\n  }\n}\n'
BASE = "".join(f"line {i}\n" for i in range(12))

cases = [
    case("an upstream hunk moved by a local edit above it", "fileView",
         update("notes.md", "mine\n" + BASE, BASE, BASE.replace("line 8\n", "LINE 8\n"))),
    case("an insertion and a deletion upstream", "fileView",
         update("notes.md", BASE, BASE, BASE.replace("line 2\n", "").replace("line 9\n", "line 9\nnew\n"))),
    case("both sides changed the same lines, with a three-way merge offered", "fileView",
         update("README.md", BASE.replace("line 5\n", "mine 5\n"), BASE, BASE.replace("line 5\n", "theirs 5\n"))),
    case("the same change on both sides is not shown", "fileView",
         update("README.md", BASE.replace("line 5\n", "same\n"), BASE, BASE.replace("line 5\n", "same\n"))),
    case("a conflict block in the diff3 style", "fileView",
         update("README.md", "a\n<<<<<<< README.md\nmine\n||||||| base\nold\n=======\ntheirs\n>>>>>>> README.md (latest)\nz\n", "a\nold\nz\n", "a\nold\nz\n")),
    case("an unterminated conflict block", "fileView",
         update("README.md", "a\n<<<<<<< mine\nx\n", "a\n", "a\n")),
    case("an owned file edited here that upstream also changed", "fileView",
         update("src/index.js", "mine\n", "v1\n", "v2\n", klass="owned")),
    case("an owned path upstream newly owns", "fileView",
         update("src/health.js", "mine\n", None, "v2\n", klass="owned")),
    case("an owned file not edited: replaced by the next update", "fileView",
         update("src/index.js", "v1\n", "v1\n", "v2\n", klass="owned")),
    case("both changed, markers mode merges cleanly", "fileView",
         update("x.md", "mine\n" + BASE, BASE, BASE.replace("line 9\n", "nine\n"), conflicts="markers")),
    case("a generated region, a hand edit inside it, and an upstream change outside", "fileView",
         update("docs/scripts.md",
                "# Scripts\n<!-- scripts:start -->\n- mine\n- by hand\n<!-- scripts:end -->\nfoot\n",
                "# Scripts\n<!-- scripts:start -->\n- a\n<!-- scripts:end -->\nfoot\n",
                "# Scripts\n<!-- scripts:start -->\n- a\n- b\n<!-- scripts:end -->\nFOOT\n",
                regions=[REGION], reference=text("# Scripts\n<!-- scripts:start -->\n- mine\n<!-- scripts:end -->\nfoot\n"))),
    case("outside git (nothing committed): the saved copy is the reference a hand edit is told against", "fileView",
         update("docs/scripts.md",
                "# Scripts\n<!-- scripts:start -->\n- saved\n- by hand\n<!-- scripts:end -->\nfoot\n",
                "# Scripts\n<!-- scripts:start -->\n- a\n<!-- scripts:end -->\nfoot\n",
                "# Scripts\n<!-- scripts:start -->\n- a\n<!-- scripts:end -->\nfoot\n",
                regions=[REGION], saved=text("# Scripts\n<!-- scripts:start -->\n- saved\n<!-- scripts:end -->\nfoot\n"))),
    case("malformed region markers", "fileView",
         update("docs/scripts.md", "<!-- scripts:start -->\nx\n", "a\n", "b\n", regions=[REGION])),
    case("package.json merged field by field: applied, conflicting and suggested entries", "fileView",
         update("package.json", PKG_MINE, PKG_BASE, PKG_LATEST, merge=PKG_SPEC)),
    case("a field merge that falls back to the whole file", "fileView",
         update("package.json", "{ not json\n", PKG_BASE, PKG_LATEST, merge=PKG_SPEC)),
    case("a YAML map entry suggested", "fileView",
         update("conf.yml", "overrides:\n  a: 1 # pinned\n", "overrides:\n  a: 1\n", "overrides:\n  a: 1\n  b: 2\n",
                merge={"format": "yaml", "maps": ["overrides"]})),
    case("a binary file", "fileView", update("logo.png", "PNG", "PNG\u0000a", "PNG\u0000b")),
    case("a file the latest release dropped", "fileView", update("old.md", "x\n", "x\n", None)),
    case("CRLF, astral characters, UTF-8 positions", "fileView",
         dict(update("x.md", "é😀\r\nmine\r\nb\r\nc\r\nd\r\n", "é😀\r\nold\r\nb\r\nc\r\nd\r\n", "é😀\r\nold\r\nb\r\nc\r\nD\r\n"), encoding="utf-8")),
    case("CRLF, astral characters, UTF-16 positions", "fileView",
         update("x.md", "é😀\r\nmine\r\nb\r\nc\r\nd\r\n", "é😀\r\nold\r\nb\r\nc\r\nd\r\n", "é😀\r\nold\r\nb\r\nc\r\nD\r\n")),
]
import hashlib
def install(current, latest, recorded, kept=None):
    return {"path": "svc/server.mjs", "current": current, "managed": {
        "kind": "install", "source": "../voice-agent", "src": "code/server.mjs",
        "latest": None if latest is None else text(latest),
        "recordedSha256": hashlib.sha256(recorded.encode()).hexdigest(),
        "keptAgainst": None if kept is None else hashlib.sha256(kept.encode()).hexdigest()}}
cases += [
    case("an installed file edited here", "fileView", install("mine\n", "v2\n", "v1\n")),
    case("an installed file unchanged since install, the source moved on", "fileView",
         install("a\nb\nc\nd\ne\n", "a\nb\nc\nd\nE\n", "a\nb\nc\nd\ne\n")),
    case("an installed file kept against the current source", "fileView", install("mine\n", "v2\n", "mine\n", "v2\n")),
    case("an installed file the source dropped", "fileView", install("x\n", None, "x\n")),
    case("an installed file identical to the source", "fileView", install("v2\n", "v2\n", "v1\n")),
]
LATEST_MANIFEST = json.dumps({"schema": 1, "files": {"README.md": "shared", "package.json": "shared", "docs/scripts.md": "shared", "src/index.js": "owned"},
                              "merges": {"package.json": PKG_SPEC}, "regions": [REGION, {"id": "broken"}]})
cases += [
    case("classes, regions, merges and a dropped path", "editorManifest", LATEST_MANIFEST,
         json.dumps({"schema": 1, "files": {"README.md": "shared", "docs/setup.md": "wiki-owned"}})),
    case("no baseline manifest", "editorManifest", json.dumps({"schema": 1, "files": {"a.md": "owned"}}), None),
    case("a damaged manifest", "editorManifest", '{"schema": 1, "files": {"a.md": "owned"}', None),
    case("a damaged baseline manifest", "editorManifest", json.dumps({"schema": 1, "files": {}}), '{"schema": 2, "files": {}}'),
    case("no baseline release: the project's installed copy stands in", "editorManifest",
         json.dumps({"schema": 1, "files": {"a.md": "owned"}}), None, json.dumps({"schema": 1, "files": {"a.md": "owned", "gone.md": "shared"}})),
    case("a baseline manifest wins over the installed copy", "editorManifest",
         json.dumps({"schema": 1, "files": {"a.md": "owned"}}), json.dumps({"schema": 1, "files": {"b.md": "shared"}}), json.dumps({"schema": 1, "files": {"c.md": "shared"}})),
    case("a damaged installed copy standing in", "editorManifest", json.dumps({"schema": 1, "files": {}}), None, '{"schema": 1'),
]
SUMMARY = {"class": "shared", "installed": "1.2.0", "latest": "1.3.0", "upstreamHunks": 2, "bothChanged": 1,
           "conflicts": 1, "fieldNotes": 2, "edited": True, "verdict": "x"}
cases += [
    case("the first file's summary", "editorTally", None, SUMMARY),
    case("a managed file the project does not have", "editorTally",
         {"files": 3, "missing": 1, "upstreamChanged": 1, "bothChanged": 0, "conflictBlocks": 0, "fieldNotes": 0, "edited": 0}, None),
    case("a damaged manifest's diagnostic", "damagedDiagnostic",
         "the project's .upkeep/manifest.json is damaged: expected value at line 1 column 1"),
    case("shipped files, a dropped one still recorded, a kept one", "editorInstall",
         {"schema": 1, "home": ".", "files": [{"src": "ci/lint.yml", "target": ".github/workflows/lint.yml"}, {"src": "new.txt", "target": "new.txt"}], "renames": []},
         {"schema": 1, "files": [{"src": "old/x.txt", "target": "x.txt", "sha256": "a" * 64},
                                 {"src": "ci/lint.yml", "target": ".github/workflows/lint.yml", "sha256": "b" * 64, "keptAgainst": "c" * 64}]}),
    *[case(name, "commandTarget", {"command": command, "asked": asked,
                                    "projects": [{"root": "/w/host", "kind": "install"}, {"root": "/w/app", "kind": "update"}, {"root": "/w/site", "kind": "update"}],
                                    "folders": ["/w/host", "/w/app", "/w/site"]})
      for name, command, asked in [("dry run, the project named", "upkeep.updateDryRun", "/w/site"),
                                   ("dry run, none named: the first template project", "upkeep.updateDryRun", None),
                                   ("dry run, an install project named: the first template project", "upkeep.updateDryRun", "/w/host"),
                                   ("score, none named: the first project of any kind", "upkeep.scoreWorkingTree", None),
                                   ("score, a project named", "upkeep.scoreWorkingTree", "/w/app")]],
    case("dry run with no template project", "commandTarget", {"command": "upkeep.updateDryRun", "projects": [{"root": "/w/host", "kind": "install"}], "folders": ["/w/host"]}),
    case("a document in a project nested in another: the inner one", "documentOwner", ["packages/web/README.md", None, "README.md"]),
    case("a document in one project", "documentOwner", [None, "src/a.js"]),
    case("a document in no project", "documentOwner", [None, None]),
    case("two projects at the same folder: the first", "documentOwner", ["a.md", "a.md"]),
    case("a recorded source's release as recorded: nothing to say", "editorReleaseDrift", "git+https://h/t.git#v1.0.0", "v1.0.0@aaa", "v1.0.0@aaa"),
    case("nothing recorded: nothing to say", "editorReleaseDrift", "npm:t@1.0.0", None, "sha512-x"),
    case("a moved tag: named, and where the choice is made", "editorReleaseDrift", "git+https://h/t.git#v1.0.0", "v1.0.0@aaa", "v1.0.0@bbb"),
    case("a release that resolves to nothing", "editorReleaseDrift", "npm:t@1.0.0", "sha512-x", None),
    case("score with no project: the first folder", "commandTarget", {"command": "upkeep.scoreWorkingTree", "projects": [], "folders": ["/w/a", "/w/b"]}),
    case("score with no project and no folder", "commandTarget", {"command": "upkeep.scoreWorkingTree", "projects": []}),
    case("a good installed copy", "checkInstalledManifest", json.dumps({"schema": 1, "files": {"a.md": "owned"}}), ".upkeep/manifest.json"),
    case("a damaged installed copy, named as the project's", "checkInstalledManifest", '{"schema": 1', ".upkeep/manifest.json"),
    case("options naming a latest release and folders: the named releases", "releaseRoute", True, True),
    case("options naming release folders", "releaseRoute", False, True),
    case("the origin of release folders", "editorNotice", {"kind": "directories-origin", "named": ["/r/1.2.0", "/r/1.3.0"]}),
    case("options naming no release: the recorded source", "releaseRoute", False, False),
    case("a file added to running totals", "editorTally",
         {"files": 3, "missing": 1, "upstreamChanged": 1, "bothChanged": 0, "conflictBlocks": 0, "fieldNotes": 0, "edited": 0},
         dict(SUMMARY, upstreamHunks=0, edited=False)),
    case("an update project, behind, with a region note", "editorStatus",
         {"kind": "update", "files": 7, "installed": "1.2.0", "latest": "1.3.0", "baselineFound": True,
          "notes": ["region declaration #1 of the latest release manifest is skipped: it has no id"]}),
    case("up to date, installed release not found", "editorStatus",
         {"kind": "update", "files": 2, "installed": "1.3.0", "latest": "1.3.0", "baselineFound": False}),
    case("after the scan", "editorStatus",
         {"kind": "update", "files": 10, "installed": "1.2.0", "latest": "1.3.0", "baselineFound": True,
          "scan": {"files": 9, "missing": 1, "upstreamChanged": 4, "bothChanged": 2, "conflictBlocks": 1, "fieldNotes": 3, "edited": 1}}),
    case("a scan with nothing to show", "editorStatus",
         {"kind": "update", "files": 1, "installed": "1.2.0", "latest": "1.3.0", "baselineFound": True, "scan": {"files": 1}}),
    case("a host repository", "editorStatus", {"kind": "install", "files": 2, "source": "../voice-agent"}),
]
notices = [
    ("reading a project", {"kind": "reading", "root": "/work/app"}),
    ("reading its releases", {"kind": "reading-releases", "root": "/work/app"}),
    ("loading failed", {"kind": "failed", "error": "no install record .upkeep-source.json in /work/host"}),
    ("no release reachable", {"kind": "unreachable", "root": "/work/app", "why": "no .upkeep/VERSION in /work/app"}),
    ("no VERSION", {"kind": "no-version", "stateDir": ".upkeep", "root": "/work/app"}),
    ("a latest release without VERSION", {"kind": "release-without-version", "release": "../tpl-1.3.0", "stateDir": ".upkeep"}),
    ("a latest release without manifest", {"kind": "release-without-manifest", "origin": "../tpl-1.2.0 → ../tpl-1.3.0", "stateDir": ".upkeep"}),
    ("named releases not opened", {"kind": "named-releases-unopened", "error": "the latest release '/x/gone-1.3.0' does not exist"}),
    ("the recorded source's releases not opened", {"kind": "recorded-source-unopened", "error": "npm view failed: E404"}),
    ("no release named", {"kind": "no-release-named"}),
    ("named origin, both", {"kind": "named-origin", "baseline": "../tpl-1.2.0", "latest": "../tpl-1.3.0"}),
    ("named origin, latest only", {"kind": "named-origin", "latest": "../tpl-1.3.0"}),
    ("recorded origin", {"kind": "recorded-origin", "baseline": "tpl@1.2.0", "latest": "tpl@1.3.0", "stateDir": ".upkeep"}),
    ("no source named", {"kind": "no-source-named", "root": "/work/host"}),
    ("install manifest unreadable", {"kind": "install-manifest-unreadable", "path": "../agent/install/manifest.json", "error": "ENOENT: no such file or directory"}),
    ("no install record", {"kind": "no-install-record", "record": ".upkeep-source.json", "root": "/work/host", "source": "../agent"}),
    ("no project in two folders", {"kind": "no-project", "folders": ["/work/a", "/work/b"]}),
    ("no project, no folder", {"kind": "no-project", "folders": []}),
    ("scanning", {"kind": "scanning", "status": "upkeep: 10 managed files, 1.2.0 → 1.3.0", "done": 4, "total": 10}),
    ("scanned", {"kind": "scanned", "done": 4, "total": 10}),
    ("outside", {"kind": "outside", "uri": "file:///tmp/x.txt"}),
    ("cannot show", {"kind": "cannot-show", "path": "src/a.js", "error": "invalid position encoding"}),
    ("unknown command", {"kind": "unknown-command", "name": "upkeep.nope", "known": ["upkeep.status", "upkeep.updateDryRun"]}),
    ("command failed", {"kind": "command-failed", "name": "upkeep.scoreWorkingTree", "error": "git diff HEAD in /w: fatal: bad revision 'HEAD'"}),
    ("no template project", {"kind": "no-template-project"}),
    ("baseline not among", {"kind": "baseline-not-among", "installed": "1.1.0", "origin": "../tpl-1.3.0"}),
    ("no folder to score", {"kind": "no-folder-to-score"}),
    ("git diff failed: git's words", {"kind": "git-diff-failed", "root": "/w", "stderr": "fatal: ambiguous argument 'HEAD': unknown revision\nUse '--' to separate paths\n", "error": "Command failed"}),
    ("git diff failed: no words", {"kind": "git-diff-failed", "root": "/w", "stderr": "", "error": "spawn git ENOENT"}),
]
notices += [
    ("a reload keeps the project's line", {"kind": "reloading", "status": "upkeep: 3 managed files, 1.2.0 → 1.3.0"}),
    ("a command's answer", {"kind": "command-done", "line": "upkeep: 3 managed files, 1.2.0 → 1.3.0"}),
]
cases += [case(name, "editorNotice", notice) for name, notice in notices]
# Each notice with the state the status notification reports it in.
cases += [case(f"{name}: its state", "editorNoticeStatus", notice) for name, notice in notices]
cases += [
    case("a served project is ready", "editorReadyStatus", {"kind": "update", "files": 3, "installed": "1.2.0", "latest": "1.3.0", "baselineFound": True}),
    case("a host repository is ready", "editorReadyStatus", {"kind": "install", "files": 2, "source": "../voice-agent"}),
]
found = lambda d, v: {"dir": d, "version": v}
cases += [
    case("a template project", "projectKind", {"hasVersion": True, "hasRecord": True, "sourceNamed": True}),
    case("a host repository with its record", "projectKind", {"hasRecord": True}),
    case("a host repository named by the options", "projectKind", {"sourceNamed": True}),
    case("no project", "projectKind", {}),
    case("no project", "workspaceStatus", []),
    case("two projects' lines", "workspaceStatus", ["upkeep: 3 managed files, 1.2.0 → 1.3.0", "upkeep: 2 installed files from ../voice-agent"]),
    case("a project's scan line wins over its status line", "workspaceStatus", [
        {"message": "upkeep: 3 managed files, 1.2.0 → 1.3.0", "scan": "upkeep: 3 managed files, 1.2.0 → 1.3.0; scanning (1 of 3)"},
        {"message": "upkeep: 2 installed files from ../voice-agent", "scan": None},
        {"message": "upkeep: reading /w/c"},
    ]),
    case("the dry run: the project's releases unread", "dryRunRefusal",
         {"status": "upkeep: cannot reach a release for /w: no release is named"}),
    case("the dry run: the installed release not among them", "dryRunRefusal",
         {"releases": True, "installed": "1.1.0", "origin": "../tpl-1.3.0"}),
    case("the dry run can run", "dryRunRefusal",
         {"releases": True, "baselineFound": True, "installed": "1.2.0", "origin": "../tpl-1.3.0"}),
    case("a plan's summary", "dryRunSummary", {"status": "dry-run", "installed": "1.2.0", "latest": "1.3.0", "summary": "upkeep update: 1.2.0 → 1.3.0 (dry run)\n"}),
    case("nothing planned", "dryRunSummary", {"status": "up-to-date", "installed": "1.3.0", "latest": "1.3.0", "summary": None}),
    case("soft, with reasons", "scoreMessage", {"score": 0.45, "decision": "soft", "files": 3, "reasons": ["outside the write set: a", "40 lines deleted"]}),
    case("silent, no reasons", "scoreMessage", {"score": 0.1, "decision": "silent", "files": 1, "reasons": []}),
    case("the latest and the installed release", "pickReleaseDirs",
         {"installed": "1.2.0", "stateDir": ".upkeep", "named": ["../releases"],
          "found": [dict(found(f"../releases/{d}", v), inside="../releases") for d, v in [("a", "1.2.0"), ("b", "1.3.0"), ("c", "next"), ("d", "1.3.0-rc.1")]]}),
    case("equal versions: the first found wins", "pickReleaseDirs",
         {"installed": "v1.3.0", "stateDir": ".upkeep", "named": ["x", "y"], "found": [found("x", "1.3.0"), found("y", "v1.3.0")]}),
    case("the installed release is not among them", "pickReleaseDirs",
         {"installed": "1.0.0", "stateDir": ".upkeep", "named": ["x"], "found": [found("x", "1.3.0")]}),
    case("no release directory", "pickReleaseDirs",
         {"installed": "1.0.0", "stateDir": ".tpl", "named": ["../a", "../b"], "found": [found("../a", "latest")]}),
    case("an installed version that is not one", "pickReleaseDirs",
         {"installed": "one", "stateDir": ".upkeep", "named": ["x"], "found": [found("x", "1.3.0")]}),
    case("a folder of releases beside a release: sub-folders count only in the folder that holds no VERSION", "pickReleaseDirs",
         {"installed": "1.2.0", "stateDir": ".upkeep", "named": ["../t12", "../releases"],
          "found": [found("../t12", "1.2.0"), dict(found("../t12/vendor", "9.0.0"), inside="../t12"),
                    dict(found("../releases/a", "1.3.0"), inside="../releases"), dict(found("../releases/b", "1.4.0-rc.1"), inside="../releases")]}),
]
print(json.dumps({"$comment": "What an editor shows for a managed file (fileView) and a project's managed paths (editorManifest). Inputs: tests/vectors/src/editor_cases.py; expected values blessed from the native addon with bless.mjs and reviewed by hand.", "cases": cases}, indent=2, ensure_ascii=False))
