#!/usr/bin/env python3
"""Writes the inputs of tests/vectors/update.json. Expected values are then filled by
`node tests/vectors/src/bless.mjs update.json` from the native addon and reviewed by hand;
every implementation must then agree with them (README.md)."""
import json, sys

def t(s): return {"$text": s}
def f(s): return {"bytes": t(s)}
M = lambda files, **extra: json.dumps({"schema": 1, "files": files, **extra}, separators=(",", ":"))

cases = []
def case(name, call, *args): cases.append({"name": f"{call}: {name}", "call": call, "args": list(args)})

# ---- manifests
case("every part, order kept", "parseManifest", M({"b/x.md": "wiki-owned", "a.txt": "owned", "c": "shared"}, claims=[{"file": "d.md", "flag": "established", "paths": ["b/x.md"]}], merges={"package.json": "json"}, regions=[{"id": "r"}]), "latest")
case("not JSON", "parseManifest", '{"schema":1,"files":{', "latest")
case("duplicate key", "parseManifest", '{"schema":1,"files":{"a":"owned","a":"shared"}}', "latest")
case("byte-order mark", "parseManifest", '\ufeff{"schema":1,"files":{}}', "latest")
case("old schema", "parseManifest", '{"schema":0,"files":{}}', "latest")
case("unknown class", "parseManifest", '{"schema":1,"files":{"a":"mine"}}', "latest")
case("unknown key", "parseManifest", '{"schema":1,"files":{},"renames":{}}', "latest")
case("not an object", "parseManifest", '[1]', "latest")
for bad in ["../etc/passwd", "/abs", "C:/x", "a//b", "a\\\\b", ".git/config", "src/.GIT./x", "git~1/x", "a\\u0000b"]:
    case(f"unsafe path {bad}", "parseManifest", '{"schema":1,"files":{"' + bad + '":"owned"}}', "latest")
case("case collision", "parseManifest", '{"schema":1,"files":{"README.md":"owned","readme.md":"shared"}}', "latest")
case("too deep", "parseManifest", '{"schema":1,"files":{},"merges":' + "[" * 70 + "]" * 70 + "}", "latest")

# ---- versions
for a, b in [("1.2.0", "1.3.0"), ("1.3.0", "1.3.0"), ("1.10.0", "1.9.0"), ("1.0.0-rc.1", "1.0.0"), ("1.0.0-alpha.beta", "1.0.0-alpha.1"), ("1.0.0-beta.11", "1.0.0-beta.2"), ("v2.0.0", "2.0.0+build.7")]:
    case(f"{a} vs {b}", "compareVersions", a, b)
case("not semver", "compareVersions", "1.2", "1.3.0")
case("leading zero", "compareVersions", "01.2.3", "1.3.0")
for installed, latest, committed in [("1.2.0", "1.3.0", "1.2.0"), ("1.3.0", "1.3.0", "1.3.0"), ("1.3.0", "1.3.0", None), ("1.3.0", "1.3.0", "1.2.0"), ("1.4.0", "1.3.0", "1.4.0"), ("1.3.0-rc.2", "1.3.0", None), ("1.3.0", "1.3.0-rc.2", None)]:
    case(f"installed {installed}, latest {latest}, committed {committed}", "checkVersions", installed, latest, committed)
case("bad installed version", "checkVersions", "one", "1.3.0", None)

# ---- changelog
LOG = "# Changelog\n\nAll notable changes.\n\n## [Unreleased]\n### Added\n- wip\n\n## [1.4.0-rc.1] - 2026-03-01\n### Added\n- preview\n\n## [1.3.0] - 2026-02-01\n### Removed\n- Dropped left-pad: run `npm remove left-pad`.\n\n## [1.2.1] - 2026-01-15\n### Fixed\n- a fix\n\n## [1.2.0] - 2026-01-01\n### Added\n- first\n\n[Unreleased]: https://example.invalid/compare/v1.3.0...HEAD\n[1.3.0]: https://example.invalid/compare/v1.2.1...v1.3.0\n"
case("two releases, Unreleased and links left out", "changelogRange", LOG, "1.2.0", "1.3.0")
case("up to a pre-release", "changelogRange", LOG, "1.3.0", "1.4.0-rc.1")
case("empty range", "changelogRange", LOG, "1.3.0", "1.3.0")
case("last section stops at the link list", "changelogRange", LOG, "1.1.0", "1.2.0")
case("CRLF changelog", "changelogRange", LOG.replace("\n", "\r\n"), "1.2.0", "1.2.1")
case("bad version", "changelogRange", LOG, "1.2", "1.3.0")

# ---- resume
case("a fresh start (backups are never pruned)", "startUpdate", None, "1.2.0", "1.3.0", "20260101-000000")
case("same versions resume the interrupted run", "startUpdate", {"from": "1.2.0", "to": "1.3.0", "runId": "r1"}, "1.2.0", "1.3.0", "r2")
case("other versions are refused", "startUpdate", {"from": "1.2.0", "to": "1.3.0", "runId": "r1"}, "1.2.0", "1.4.0", "r2")
case("unsafe run id", "startUpdate", None, "1.2.0", "1.3.0", "../x")

# ---- opening: before any release is opened (the marker, the record, the recovery)
def opening(name, **o): case(name, "openUpdate", o)
opening("no marker: not installed, named with the project", root="/work/app", progress="{")
opening("no marker in the demo's dropped folder: the project", stateDir=".tpl")
opening("a marker and no record: a fresh run", installed="1.2.0\n")
opening("a damaged record is refused by its path", installed="1.2.0\n", progress='{"from":')
opening("a record of the wrong shape is refused", installed="1.2.0\n", stateDir=".tpl", progress='{"from":"1.2.0"}')
opening("a record a writing run resumes: its regeneration is put back first", installed="1.2.0\n", progress='{"from":"1.2.0","to":"1.3.0","runId":"r1"}')
opening("a dry run reads the record and puts nothing back", installed="1.2.0\n", progress='{"from":"1.2.0","to":"1.3.0","runId":"r1"}', dryRun=True)
opening("a state folder that is a path: the planner's error", stateDir="a/b", installed="1.2.0\n")

# ---- preparation: the run's next move (refusals, up-to-date endings, the start)
def prep(name, installed, latest, **facts): case(name, "prepareUpdate", {"installed": installed, "latest": latest, "runId": "20260101-000000-000", **facts})
REC = {"from": "1.2.0", "to": "1.3.0", "runId": "r1"}
prep("an update: open the baseline, ask git", "1.2.0\n", "1.3.0\n", committed="1.2.0")
prep("a dry run does not ask git", "1.2.0", "1.3.0", dryRun=True)
prep("a downgrade is refused", "2.0.0", "1.3.0")
prep("a downgrade is refused in a dry run too", "2.0.0", "1.3.0", dryRun=True)
prep("a downgrade from the recorded source (it gives nothing newer after an update from --latest): the refusal says so", "1.3.0", "1.2.0", source={"version": "1.3.0", "followsLatest": True, "latestSpec": "../t12.tar.gz"})
prep("up to date, nothing to clean", "1.3.0", "1.3.0")
prep("up to date: a finished run's record is removed", "1.3.0", "1.3.0", inProgress=REC)
prep("up to date: another run's record stays", "1.3.0", "1.3.0", inProgress={"from": "1.1.0", "to": "1.2.0", "runId": "r0"})
prep("up to date: a dry run removes nothing", "1.3.0", "1.3.0", inProgress=REC, dryRun=True)
prep("up to date: the recorded source catches up", "1.3.0", "1.3.0", source={"version": "1.2.0", "followsLatest": True})
prep("up to date: a source that does not follow the latest is left", "1.3.0", "1.3.0", source={"version": "1.2.0", "followsLatest": False})
prep("up to date: a source on the version is left", "1.3.0", "1.3.0", source={"version": "v1.3.0", "followsLatest": True})
prep("applied, not committed: the source is not caught up", "1.3.0", "1.3.0", committed="1.2.0", source={"version": "1.2.0", "followsLatest": True}, inProgress=REC)
prep("a fresh start writes its record", "1.2.0", "1.3.0", baseline="1.2.0\n", source={"version": "1.2.0", "followsLatest": True})
prep("a resumed run writes no record", "1.2.0", "1.3.0", baseline="v1.2.0", inProgress=REC)
prep("a dry run: nobody asked, nothing written", "1.2.0", "1.3.0", baseline="1.2.0", dryRun=True, source={"version": "1.2.0", "followsLatest": True})
prep("a baseline of another version is refused", "1.2.0", "1.3.0", baseline="1.1.0")
prep("another run's record is refused", "1.2.0", "1.4.0", baseline="1.2.0", inProgress=REC)
prep("a bad record version", "1.3.0", "1.3.0", inProgress={"from": "1.2.0", "to": "one", "runId": "r1"})
prep("a bad baseline version", "1.2.0", "1.3.0", baseline="one")
prep("a bad installed version", "one", "1.3.0")

# ---- read list
case("union of both manifests and claim files", "updateReadList", M({"b": "owned", "a": "shared"}), M({"c": "owned", "a": "shared"}, claims=[{"file": "z.md", "flag": "mine", "paths": ["c"]}]), ".upkeep")
case("state files are never managed", "updateReadList", M({}), M({".upkeep/VERSION": "owned"}), ".upkeep")
case("nor are the backup and merge folders", "updateReadList", M({".tool-merge/x": "owned"}), M({}), ".tool")
case("nor the lock, nor anything else in the state folder", "updateReadList", M({}), M({".upkeep/update.lock": "owned"}), ".upkeep")
case("nor the backups folder update and refresh share", "updateReadList", M({".upkeep-backups/r/x": "owned"}), M({}), ".tool")
case("a state folder in another case is still the state folder", "updateReadList", M({}), M({".UPKEEP/x": "shared"}), ".upkeep")

# ---- the layout of the state and upkeep's own folders
case("the default layout", "updatePaths", ".upkeep")
case("none given: the default layout", "updatePaths", None)
case("another state folder: backups stay in .upkeep-backups", "updatePaths", ".tool")
case("a state folder escaping the root", "updatePaths", "../x")
case("a VERSION file's text", "renderVersionFile", "1.3.0-rc.1")
for name, text in [("as written", "1.3.0\n"), ("CRLF and spaces", "  1.3.0 \r\n"), ("no newline", "1.3.0"), ("empty", "")]:
    case(f"a VERSION file read back: {name}", "readVersionFile", text)
case("a state folder that is not at the root", "updatePaths", "a/b")
case("leftover patches: the merge folder's own ignore file is not one", "leftoverPatches",
     ["src/b.js.patch", ".gitignore", "a.notes", "sub/.gitignore"])

# ---- plan: every row of the table, each class
def plan(name, files, baseline_files, latest_files, mode="patch", **extra):
    inp = {"from": "1.2.0", "to": "1.3.0", "baselineManifest": M(baseline_files), "latestManifest": M(latest_files, **extra.pop("latest_extra", {})),
           "files": files, "options": {"conflicts": mode, "runId": "run1", **extra.pop("options", {})}}
    inp.update(extra)
    case(name, "planUpdate", inp)

def fi(path, a=None, b=None, l=None):
    return {"path": path, "current": a, "baseline": b, "latest": l}

for cls in ["owned", "shared", "wiki-owned"]:
    plan(f"{cls}: every row", [
        fi("add", None, None, f("new\n")),
        fi("deleted-by-user", None, f("v1\n"), f("v2\n")),
        fi("newly-managed", f("mine\n"), None, f("v2\n")),
        fi("no-upstream-change", f("mine\n"), f("v1\n"), f("v1\n")),
        fi("no-local-change", f("v1\n"), f("v1\n"), f("v2\n")),
        fi("already-latest", f("v2\n"), f("v1\n"), f("v2\n")),
        fi("both-changed", f("a\nmine\nc\n"), f("a\nb\nc\n"), f("a\ntheirs\nc\n")),
        fi("symlink", {"kind": "symlink"}, f("v1\n"), f("v2\n")),
    ], {p: cls for p in ["deleted-by-user", "no-upstream-change", "no-local-change", "already-latest", "both-changed", "symlink"]},
       {p: cls for p in ["add", "deleted-by-user", "newly-managed", "no-upstream-change", "no-local-change", "already-latest", "both-changed", "symlink"]})

both = [fi("clean.txt", f("1\nmine\n3\n4\n5\n"), f("1\n2\n3\n4\n5\n"), f("1\n2\n3\n4\ntheirs\n")),
        fi("overlap.txt", f("a\nmine\nc\n"), f("a\nb\nc\n"), f("a\ntheirs\nc\n")),
        fi("binary.bin", {"bytes": {"$bytes": "00ff01"}}, {"bytes": {"$bytes": "00ff00"}}, {"bytes": {"$bytes": "00ff02"}})]
classes = {"clean.txt": "shared", "overlap.txt": "owned", "binary.bin": "owned"}
for mode in ["patch", "merge", "markers"]:
    plan(f"--conflicts {mode}", both, classes, classes, mode)
plan("markers from elsewhere are never merged again: the patch route", [fi("m.txt", f("a\n<<<<<<< m.txt\nmine\n=======\ntheirs\n>>>>>>> m.txt (latest)\nc\n"), f("a\nb\nc\n"), f("a\ntheirs\nc\n"))], {"m.txt": "shared"}, {"m.txt": "shared"}, "markers")

# ---- the merge default (no --conflicts given): merged and marker outcomes, byte for byte
def default_plan(name, files, classes, **extra):
    opts = extra.pop("options", {})
    inp = {"from": "1.2.0", "to": "1.3.0", "baselineManifest": M(classes), "latestManifest": M(classes, **extra.pop("latest_extra", {})),
           "files": files, "options": {"runId": "run1", **opts}}
    inp.update(extra)
    case(name, "planUpdate", inp)
default_plan("default: a clean three-way merge is written, backed up, merged", [both[0]], {"clean.txt": "shared"})
default_plan("default: overlaps get diff3 markers labelled yours / baseline / latest", [both[1]], {"overlap.txt": "owned"})
default_plan("default: CRLF markers follow the file", [fi("w.txt", f("a\r\nmine\r\nc\r\n"), f("a\r\nb\r\nc\r\n"), f("a\r\ntheirs\r\nc\r\n"))], {"w.txt": "shared"})
default_plan("default: no final newline on either side", [fi("n.txt", f("top\nmine"), f("top\nbase"), f("TOP\nbase"))], {"n.txt": "shared"})
default_plan("default: this update's own markers are listed again, nothing written (a resumed run)",
             [fi("o.txt", f("a\n<<<<<<< yours\nmine\n||||||| 1.2.0 (baseline)\nb\n=======\ntheirs\n>>>>>>> 1.3.0 (latest)\nc\n"), f("a\nb\nc\n"), f("a\ntheirs\nc\n"))], {"o.txt": "shared"})
default_plan("default: a merge already in the file is a skip (a resumed run)", [fi("r.txt", f("1\nmine\n3\n4\ntheirs\n"), f("1\n2\n3\n4\n5\n"), f("1\n2\n3\n4\ntheirs\n"))], {"r.txt": "shared"})
default_plan("default: binary files get upstream's copy, never markers", [both[2]], {"binary.bin": "owned"})
default_plan("default: no baseline: a patch from /dev/null and the reading diff", [fi("new.txt", f("mine\n"), None, f("theirs\n"))], {"new.txt": "shared"})
default_plan("default: a digest-only baseline: the reading diff only", [fi("d.txt", f("1\nmine\n"), {"digest": "b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c"}, f("1\ntheirs\n"))], {"d.txt": "shared"})
default_plan("default: a field merge that cannot read a side falls back to the text merge", [
    fi("package.json", f('{\n  "name": "me",\n  "deps": {"x": "1"},\n  "z": 0\n}\n}\n'), f('{\n  "name": "t",\n  "deps": {"x": "1"},\n  "z": 0\n}\n'), f('{\n  "name": "t",\n  "deps": {"x": "2"},\n  "z": 0\n}\n'))],
    {"package.json": "shared"}, latest_extra={"merges": {"package.json": {"format": "json", "maps": ["deps"]}}})
PKG_B = '{\n  "scripts": {\n    "dev": "vite",\n    "lint": "eslint ."\n  },\n  "devDependencies": {\n    "vite": "^6.0.0",\n    "eslint": "^9.0.0"\n  }\n}\n'
PKG_L = '{\n  "scripts": {\n    "dev": "vite",\n    "lint": "oxlint"\n  },\n  "devDependencies": {\n    "vite": "^7.0.0",\n    "oxlint": "^1.0.0"\n  }\n}\n'
PKG_A = PKG_B.replace('"dev": "vite"', '"dev": "vite --port 3000"')
for couple in ["suggest", "apply"]:
    default_plan(f"package.json: a script needing a suggested dependency, couple {couple}; a dropped one; pnpm by its lockfile",
                 [fi("package.json", f(PKG_A), f(PKG_B), f(PKG_L))], {"package.json": "shared"},
                 latest_extra={"merges": {"package.json": {"format": "json", "maps": ["scripts", "devDependencies"], "couple": couple}}},
                 lockfiles=["pnpm-lock.yaml"], packageJson=PKG_A)
default_plan("package manager: yarn by its lockfile; the install hint names it", [fi("package.json", f("{}\n"), f("{}\n"), f('{"private": true}\n'))], {"package.json": "owned"}, lockfiles=["yarn.lock"])
default_plan("package manager: two lockfiles, packageManager decides", [fi("package.json", f("{}\n"), f("{}\n"), f('{"private": true}\n'))], {"package.json": "owned"}, lockfiles=["yarn.lock", "package-lock.json"], packageJson='{"packageManager": "npm@11.0.0"}')

# ---- the dirty guard: on its own (checked before the user confirms), then in the plan
CM = M({"README.md": "shared", "src/a.js": "owned"})
for name, git, options in [
    ("a modified and an untracked managed file are refused, named", {"prefix": "", "porcelain": {"$text": " M README.md\u0000?? src/\u0000?? notes.txt\u0000"}}, {}),
    ("a staged rename counts its new path", {"prefix": "", "porcelain": {"$text": "R  src/a.js\u0000src/old.js\u0000"}}, {}),
    ("a clean tree", {"prefix": "", "porcelain": {"$text": "?? notes.txt\u0000"}}, {}),
    ("outside git", None, {}),
    ("--allow-dirty", {"prefix": "", "porcelain": {"$text": " M README.md\u0000"}}, {"allowDirty": True}),
    ("a dry run", {"prefix": "", "porcelain": {"$text": " M README.md\u0000"}}, {"dryRun": True}),
    ("a resumed run", {"prefix": "", "porcelain": {"$text": " M README.md\u0000"}}, {"resumed": True}),
]:
    case(name, "checkClean", {"baselineManifest": CM, "latestManifest": CM, "git": git, "options": options})
case("a bad manifest is refused by name", "checkClean", {"baselineManifest": "{", "latestManifest": CM})
# ---- where the project is, for the guard: only git's "not a git repository" skips it
for name, ran in [
    ("in a work tree: its prefix", {"status": 0, "stdout": "packages/app/\n"}),
    ("at the top of a work tree", {"status": 0, "stdout": "\n"}),
    ("outside any repository", {"status": 128, "stderr": "fatal: not a git repository (or any of the parent directories): .git\n"}),
    ("outside, stopped at a file system boundary", {"status": 128, "stderr": "fatal: not a git repository (or any parent up to mount point /w)\nStopping at filesystem boundary (GIT_DISCOVERY_ACROSS_FILESYSTEM not set).\n"}),
    ("a repository git refuses as unsafe: not skipped", {"status": 128, "stderr": "fatal: detected dubious ownership in repository at '/w'\n"}),
    ("ended by a signal: not skipped", {"status": None, "stderr": ""}),
]:
    case(name, "gitPlace", ran)
DIRTY = {"$text": " M clean.txt\u0000?? app/\u0000"}
default_plan("dirty guard: a managed file with uncommitted changes is refused, named", [both[0]], {"clean.txt": "shared"}, git={"prefix": "", "porcelain": DIRTY})
default_plan("dirty guard: --allow-dirty", [both[0]], {"clean.txt": "shared"}, git={"prefix": "", "porcelain": DIRTY}, options={"allowDirty": True})
default_plan("dirty guard: a resumed run", [both[0]], {"clean.txt": "shared"}, git={"prefix": "", "porcelain": DIRTY}, options={"resumed": True})
default_plan("dirty guard: a dry run is never refused", [both[0]], {"clean.txt": "shared"}, git={"prefix": "", "porcelain": DIRTY}, options={"dryRun": True})
default_plan("dirty guard: paths outside the project root (a monorepo) are not the project's", [both[0]], {"clean.txt": "shared"}, git={"prefix": "web/", "porcelain": {"$text": " M clean.txt\u0000 M web/other.txt\u0000"}})
default_plan("dirty guard: an untracked folder holding managed files", [fi("app/a.txt", f("x\n"), f("x\n"), f("y\n"))], {"app/a.txt": "owned"}, git={"prefix": "", "porcelain": DIRTY})
plan("line endings: CRLF checkout of an unchanged file", [fi("w.txt", f("a\r\nb\r\n"), f("a\nb\n"), f("a\nc\n"))], {"w.txt": "shared"}, {"w.txt": "shared"}, options={"ignoreEol": True})
plan("line endings: compared raw without the option", [fi("w.txt", f("a\r\nb\r\n"), f("a\nb\n"), f("a\nc\n"))], {"w.txt": "shared"}, {"w.txt": "shared"})
plan("no trailing newline in the patch", [fi("n.txt", f("x"), f("y\n"), f("z"))], {"n.txt": "owned"}, {"n.txt": "owned"})
plan("digests only, no conflict", [fi("d.txt", {"digest": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"}, f("abc"), f("abd"))], {"d.txt": "owned"}, {"d.txt": "owned"})
plan("digests only cannot make a patch", [fi("d.txt", {"digest": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"}, f("abc"), f("abd"))], {"d.txt": "owned"}, {"d.txt": "owned"})

# ---- the deletion sweep, claims, adopter actions
plan("sweep: dropped files still present are delete, gone ones removed", [
    fi("keep", f("k\n"), f("k\n"), f("k\n")),
    fi("dropped-present", f("x\n"), f("x\n"), None),
    fi("dropped-edited", f("mine\n"), f("x\n"), None),
    fi("dropped-gone", None, f("x\n"), None),
], {"keep": "owned", "dropped-present": "owned", "dropped-edited": "shared", "dropped-gone": "wiki-owned"}, {"keep": "owned"})
claims = {"claims": [{"file": "docs/design.md", "flag": "established", "paths": ["docs/design.md", "rules/design.md"]}]}
for held in [True, False]:
    fm = "---\nestablished: %s\n---\n# Design\n" % ("true" if held else "false")
    plan(f"claims: established {'true: left out of the walk' if held else 'false: walked as usual'}", [
        fi("docs/design.md", f(fm), f("# Design\n"), f("# Design v2\n")),
        fi("rules/design.md", f("mine\n"), f("v1\n"), f("v2\n")),
    ], {"docs/design.md": "wiki-owned", "rules/design.md": "owned"}, {"docs/design.md": "wiki-owned", "rules/design.md": "owned"},
       latest_extra=claims, claimFiles=[{"path": "docs/design.md", "bytes": t(fm)}])
plan("adopter actions kept only while they apply", [fi("old.md", f("x\n"), f("x\n"), None), fi("gone.md", None, f("x\n"), None)],
     {"old.md": "owned", "gone.md": "owned"}, {},
     changelog="## [1.3.0]\n### Removed\n- Dropped left-pad: run `npm remove left-pad`.\n- Dropped is-odd: run `npm remove is-odd`.\n- `old.md` is gone. **Action required:** delete `old.md`.\n- `gone.md` is gone. **Action required:** delete `gone.md`.\n### Added\n- `npm install x`\n\n## [1.2.0]\n### Removed\n- **Action required:** too old to show\n",
     packageJson='{"dependencies":{"left-pad":"1"}}')
plan("nothing to do: versions equal, no actions", [fi("a", f("a\n"), f("a\n"), f("a\n"))], {"a": "owned"}, {"a": "owned"}, **{"from": "1.3.0"})
plan("dry-run summary", [fi("a", f("a\n"), f("a\n"), f("b\n"))], {"a": "owned"}, {"a": "owned"}, options={"dryRun": True})
plan("refused: a manifest path without its sides", [], {}, {"a": "owned"})
plan("refused: the latest release lacks a listed file", [fi("a", f("a\n"), f("a\n"), None)], {"a": "owned"}, {"a": "owned"})
plan("refused: the release holds a symlink", [fi("a", f("a\n"), f("a\n"), {"kind": "symlink"})], {"a": "owned"}, {"a": "owned"})
plan("compare-and-swap facts: every step carries what must be there right before the swap",
     [fi("a.txt", f("v1\n"), f("v1\n"), f("v2\n")), fi("b.txt", f("mine\n"), f("v1\n"), f("v2\n")), fi("new.txt", None, None, f("n\n")),
      fi("digest-only.txt", {"digest": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"}, {"digest": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"}, {"digest": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"})],
     {"a.txt": "owned", "b.txt": "shared", "digest-only.txt": "owned"}, {"a.txt": "owned", "b.txt": "shared", "new.txt": "owned", "digest-only.txt": "owned"},
     leftoverPatches=["b.txt.patch", "gone.md.patch"])
plan("refused: patch paths that collide (one would need the other as a folder)",
     [fi("d", f("mine\n"), f("v1\n"), f("v2\n")), fi("d.patch/e", f("mine\n"), f("v1\n"), f("v2\n"))],
     {"d": "shared", "d.patch/e": "shared"}, {"d": "shared", "d.patch/e": "shared"})
plan("refused: a backup needs a safe run id", [fi("a", f("a\n"), f("a\n"), f("b\n"))], {"a": "owned"}, {"a": "owned"}, options={"runId": "a/b"})

# One file planned alone, as the demo's single-file view plans it.
case("an owned file upstream changed, no path typed", "planSingleFile", {"path": "  ", "class": "owned", "baseline": t("a\n"), "current": t("a\n"), "latest": t("b\n")})
case("a shared file edited on both sides", "planSingleFile", {"path": "docs/\"q\".md", "class": "shared", "baseline": t("a\nb\n"), "current": t("A\nb\n"), "latest": t("a\nB\n")})
case("a path that leaves the project: the planner's error", "planSingleFile", {"path": "../x", "class": "owned", "latest": t("n\n")})
case("a shared package.json: field-merged, as manifest init declares it", "planSingleFile", {"path": "package.json", "class": "shared",
     "baseline": t('{\n  "name": "app",\n  "scripts": {\n    "test": "node --test"\n  }\n}\n'),
     "current": t('{\n  "name": "mine",\n  "scripts": {\n    "test": "node --test"\n  }\n}\n'),
     "latest": t('{\n  "name": "app",\n  "scripts": {\n    "test": "node --test",\n    "lint": "biome check"\n  }\n}\n')})
case("a file new upstream", "planSingleFile", {"path": "new.txt", "class": "owned", "latest": t("n\n")})

doc = {"$comment": "The update capability: manifests, versions, CHANGELOG ranges, resume, and plans covering every row of the decision table, the deletion sweep, claims, the three --conflicts modes and the merge default's outcomes (merged, diff3 markers, patch routes), the dirty guard, package managers and adopter actions. Inputs from tests/vectors/src/update_cases.py; expected values reviewed by hand. Format: tests/vectors/README.md.", "cases": cases}
json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
print()
