#!/usr/bin/env python3
"""Writes the inputs of tests/vectors/digests.json: content digests (batch and streamed),
update sessions (the digest route of planUpdate) as sequences of calls, and planUpdate
inputs whose digest route is the interesting part (every planUpdate case of every vector
file is also planned by digests by both runners, and must give the same answer).
Expected values are then filled by `node tests/vectors/src/bless.mjs` from the native
addon and reviewed by hand (README.md)."""
import hashlib, json, sys

def t(s): return {"$text": s}
def f(s): return {"bytes": t(s)}
def raw(h): return {"bytes": {"$bytes": h}}
def sha(s): return hashlib.sha256(s.encode() if isinstance(s, str) else s).hexdigest()
M = lambda files, **extra: json.dumps({"schema": 1, "files": files, **extra}, separators=(",", ":"))

cases = []
def case(name, call, *args): cases.append({"name": f"{call}: {name}", "call": call, "args": list(args)})

# ---- content digests
SAMPLES = [t(""), t("a\nb\n"), t("a\r\nb\r\n"), t("a\rb\r"), t("mixed\r\nlf\nend"), {"$bytes": "00ff0d0a"}, t("tail cr\r")]
case("a batch, with line endings", "digestContents", SAMPLES, True)
case("a batch, raw digests only", "digestContents", SAMPLES, False)
case("an empty batch", "digestContents", [], True)
# A text file whose CRLF-as-LF form has a NUL inside the first 8,000 bytes: still text
# (the probe reads the file as it is), so it gets its normalized digest.
late_nul = {"$bytes": "0d0a" * 10 + "61" * 7985 + "00"}
case("a NUL just past the probe, pulled in by normalizing", "digestContents", [late_nul], True)
case("a CRLF cut between chunks, then spent", "ContentDigester", True,
     [["update", t("a\r")], ["update", t("")], ["update", t("\nb\r")], ["update", t("\r\n")], ["finish"], ["update", t("x")], ["finish"]])
case("raw only", "ContentDigester", False, [["update", t("a\r\n")], ["finish"]])
case("binary probe across chunks", "ContentDigester", True, [["update", {"$repeat": {"hex": "61", "times": 7999}}], ["update", {"$bytes": "000d0a"}], ["finish"]])

# ---- update sessions
def inp(baseline_files, latest_files, mode="patch", files=None, **extra):
    d = {"from": "1.2.0", "to": "1.3.0", "baselineManifest": M(baseline_files), "latestManifest": M(latest_files, **extra.pop("latest_extra", {})),
         "files": files or [], "options": {"conflicts": mode, "runId": "run1", **extra.pop("options", {})}}
    d.update(extra)
    return d

def fi(path, a=None, b=None, l=None):
    return {"path": path, "current": a, "baseline": b, "latest": l}

def digest_side(s, binary=False, size=None, lf=None):
    data = s.encode() if isinstance(s, str) else s
    side = {"digest": sha(data), "size": len(data) if size is None else size, "binary": binary}
    if lf is not None: side["digestLf"] = lf
    return side

two = {"both.txt": "shared", "clean.txt": "shared", "same.txt": "owned"}
files = [
    fi("both.txt", f("a\nmine\nc\n"), f("a\nb\nc\n"), f("a\ntheirs\nc\n")),
    fi("clean.txt", f("v1\n"), f("v1\n"), f("v2\n")),
    fi("same.txt", f("x\n"), f("x\n"), f("x\n")),
]
supply_both = [{"path": "both.txt", "current": t("a\nmine\nc\n"), "baseline": t("a\nb\nc\n"), "latest": t("a\ntheirs\nc\n")}]
case("observe digests, supply the one file both sides changed, finish", "UpdateSession", inp(two, two),
     [["lineEndings"], ["observe", files, False], ["needs"], ["supply", supply_both], ["needs"], ["finish"], ["finish"], ["observe", [], False]])
case("--conflicts merge: the baseline's bytes are asked for too", "UpdateSession", inp(two, two, "merge"),
     [["observe", files, False], ["needs"], ["supply", supply_both], ["finish"]])
case("a file edited between hashing and reading is a conflict, never merged", "UpdateSession", inp(two, two, "merge"),
     [["observe", files, False], ["supply", [{**supply_both[0], "current": t("a\nmine, saved again\nc\n")}]], ["finish"]])
case("a release file changed between hashing and reading", "UpdateSession", inp(two, two),
     [["observe", files, False], ["supply", [{**supply_both[0], "latest": t("swapped\n")}]], ["finish"]])
case("finish refuses while a need is unsupplied", "UpdateSession", inp(two, two), [["observe", files, False], ["finish"]])
case("supply refuses bytes nobody asked for", "UpdateSession", inp(two, two),
     [["observe", files, False], ["supply", [{"path": "clean.txt", "current": t("v1\n")}]]])
case("supply refuses a needed side left out", "UpdateSession", inp(two, two),
     [["observe", files, False], ["supply", [{"path": "both.txt", "current": t("a\nmine\nc\n")}]]])
case("supply refuses a side the plan did not ask for", "UpdateSession", inp({"b.txt": "shared", "x": "shared"}, {"b.txt": "shared", "x": "shared"}),
     [["observe", [fi("b.txt", f("mine\n"), f("v1\n"), f("v2\n")), fi("x", None, f("x\n"), f("y\n"))], False], ["needs"],
      ["supply", [{"path": "x", "current": t("x\n")}]]])
case("a path observed twice", "UpdateSession", inp(two, two), [["observe", files, False], ["observe", files[:1], False]])
case("sides in several batches, some with their bytes kept", "UpdateSession", inp(two, two),
     [["observe", files[:1], True], ["observe", files[1:], False], ["needs"], ["finish"]])
case("sides as columns: kinds, joined bytes, lengths", "UpdateSession", inp({**two, "link": "shared"}, {**two, "link": "shared"}),
     [["observeColumns", ["both.txt", "clean.txt", "link", "same.txt"], [1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1],
       [t("a\nmine\nc\n"), t("a\nb\nc\n"), t("a\ntheirs\nc\n"), t("v1\n"), t("v1\n"), t("v2\n"), t(""), t("l1\n"), t("l2\n"), t("x\n"), t("x\n"), t("x\n")]],
      ["needs"], ["supply", supply_both], ["finish"]])
col_contents = [("a\nmine\nc\n", "a\nb\nc\n", "a\ntheirs\nc\n"), ("v1\n", "v1\n", "v2\n"), ("x\r\ny\r\n", "x\ny\n", "x\nz\n"), ("\0bin", "\0bin", "\0bin2")]
col_two = {**two, "crlf.txt": "shared", "bin": "shared"}
col_paths = ["both.txt", "clean.txt", "crlf.txt", "bin"]
col_parts = [t(x) for sides in col_contents for x in sides]
host = {"$bytes": "".join(sha(x) for sides in col_contents for x in sides)}
for eol in (False, True):
    case(f"columns with the host's digests: the same plan as hashed here{' (--ignore-eol)' if eol else ''}", "UpdateSession",
         inp(col_two, col_two, "merge", options={"ignoreEol": eol}),
         [["observeColumns", col_paths, [1] * 12, col_parts, host], ["needs"], ["supply", supply_both], ["finish"]])
    case(f"columns hashed here, for comparison{' (--ignore-eol)' if eol else ''}", "UpdateSession",
         inp(col_two, col_two, "merge", options={"ignoreEol": eol}),
         [["observeColumns", col_paths, [1] * 12, col_parts], ["needs"], ["supply", supply_both], ["finish"]])
case("columns: digests that do not match the files in number", "UpdateSession", inp(two, two),
     [["observeColumns", ["clean.txt"], [1, 1, 1], [t("v1\n"), t("v1\n"), t("v2\n")], {"$bytes": "00" * 32}]])
case("columns: a release side that is not a file is refused", "UpdateSession", inp(two, two),
     [["observeColumns", ["clean.txt"], [1, 3, 1], [t("v1\n"), t(""), t("v2\n")]]])
case("columns: kinds out of range, lengths that do not add up", "UpdateSession", inp(two, two),
     [["observeColumns", ["clean.txt"], [1, 1, 7], [t("v1\n"), t("v1\n"), t("v2\n")]], ["observeColumns", ["same.txt"], [1, 1], [t("x\n"), t("x\n")]]])
# A path whose folder on the way is a link (5) or not a folder (6): the session says what
# that counts as (a link: the project's copy is left alone, a release's is refused; under
# a non-folder nothing is there), as columns and as objects.
blocked_two = {"clean.txt": "shared", "sub/a.txt": "shared", "sub/b.txt": "shared"}
case("columns: a path under a linked or non-folder project folder", "UpdateSession", inp(blocked_two, blocked_two),
     [["observeColumns", ["clean.txt", "sub/a.txt"], [1, 1, 1, 5, 1, 1], [t("v1\n"), t("v1\n"), t("v2\n"), t(""), t("a1\n"), t("a2\n")]],
      ["observeColumns", ["sub/b.txt"], [6, 1, 1], [t(""), t("b1\n"), t("b2\n")]], ["needs"], ["finish"]])
case("columns: a release path under a linked folder is refused", "UpdateSession", inp(blocked_two, blocked_two),
     [["observeColumns", ["sub/a.txt"], [1, 1, 5], [t("a1\n"), t("a1\n"), t("")]]])
case("objects: a side blocked on the way counts as the columns count it", "UpdateSession", inp(blocked_two, blocked_two),
     [["observe", [fi("clean.txt", f("v1\n"), f("v1\n"), f("v2\n")), fi("sub/a.txt", {"blockedBy": "symlink"}, f("a1\n"), f("a2\n")),
                   fi("sub/b.txt", {"blockedBy": "not-a-directory"}, f("b1\n"), f("b2\n"))], False], ["needs"], ["finish"]])
case("digests passed as digests, sizes included", "UpdateSession", inp(two, two),
     [["observe", [fi("both.txt", digest_side("a\nmine\nc\n"), digest_side("a\nb\nc\n"), digest_side("a\ntheirs\nc\n")),
                   fi("clean.txt", digest_side("v1\n"), digest_side("v1\n"), digest_side("v2\n")),
                   fi("same.txt", digest_side("x\n"), digest_side("x\n"), digest_side("x\n"))], False],
      ["needs"], ["supply", supply_both], ["finish"]])
big = 3 << 30
case("a file both sides changed past the 64 MiB limit: a conflict naming it, no bytes asked", "UpdateSession",
     inp({"huge.bin": "shared", "big.txt": "owned"}, {"huge.bin": "shared", "big.txt": "owned"}),
     [["observe", [fi("huge.bin", {"digest": sha("a"), "size": big, "binary": True}, {"digest": sha("b"), "size": big, "binary": True}, {"digest": sha("c"), "size": big, "binary": True}),
                   fi("big.txt", {"digest": sha("v1"), "size": 200 << 20}, {"digest": sha("v1"), "size": 200 << 20}, {"digest": sha("v2"), "size": 200 << 20})], False],
      ["needs"], ["finish"]])
crlf_opts = {"ignoreEol": True}
case("--ignore-eol: digests carry the CRLF-as-LF digest", "UpdateSession", inp({"w.txt": "shared"}, {"w.txt": "shared"}, options=crlf_opts),
     [["lineEndings"], ["observe", [fi("w.txt", digest_side("a\r\nb\r\n", lf=sha("a\nb\n")), digest_side("a\nb\n"), digest_side("a\nc\n"))], False], ["needs"], ["finish"]])
case("--ignore-eol: a binary side is compared raw", "UpdateSession", inp({"w.bin": "shared"}, {"w.bin": "shared"}, options=crlf_opts),
     [["observe", [fi("w.bin", digest_side("a\r\n\0"), digest_side("a\n\0", binary=True), digest_side("b\n\0", binary=True))], False], ["needs"]])
case("a bad input is refused before any side is read", "UpdateSession", inp(two, {"../x": "owned"}), [["needs"]])

# ---- the plan kept in the session: carried out, then reported from what the session keeps
def done(path, backup=None): return {"path": path, "outcome": "done", **({"backup": backup} if backup else {})}
all_done = [done(".upkeep-backups/.gitignore"), done(".upkeep-merge/.gitignore"), done(".upkeep-merge/both.txt.patch"),
            done(".upkeep-merge/both.txt.yours.diff"), done("clean.txt", ".upkeep-backups/run1/clean.txt")]
releases = {"baseline": {"spec": "../tpl@1.2.0", "resolved": None}, "latest": {"spec": "../tpl@1.3.0", "resolved": "v1.3.0@abc"}}
refused_version = {"path": ".upkeep/VERSION", "error": {"code": "EROFS", "message": "read-only file system", "stage": "swap"}}
case("the plan kept: the outline, the run finished twice (the version refused), its document, exit code, outcome and change request", "UpdateSession", inp(two, two),
     [["observe", files, False], ["supply", supply_both], ["plan"], ["finish"], ["plan"],
      ["finishRun", {"outcomes": all_done, "stateDir": ".upkeep"}],
      ["finishRun", {"outcomes": all_done, "stateDir": ".upkeep", "stateError": refused_version}],
      ["document", {"status": "failed", "releases": releases, "notices": ["a notice"], "leftoverPatches": ["old.patch"]}],
      ["exitCode", {"readOnly": False}],
      ["renderOutcome", {"status": "failed", "argv": ["upkeep", "update"]}, {"stateDir": ".upkeep"}],
      ["prPayload", {"source": "../tpl", "changelog": [{"version": "1.3.0", "heading": "## 1.3.0", "body": "- a change"}]}],
      ["planned"]])
case("a dry run kept: status lists the files either side changed, and its exit code says an update is pending", "UpdateSession",
     inp(two, two, options={"dryRun": True}),
     [["observe", files, False], ["supply", supply_both], ["plan"],
      ["document", {"status": "dry-run", "readOnly": True, "releases": releases, "resumed": True}],
      ["exitCode", {"readOnly": True}],
      ["renderOutcome", {"status": "dry-run"}, {"readOnly": True, "dryRun": True}]])
case("stopped before writing: the document says so", "UpdateSession", inp(two, two),
     [["observe", files, False], ["supply", supply_both], ["plan"],
      ["finishRun", {"outcomes": [], "interrupted": True, "stateDir": ".upkeep"}],
      ["document", {"status": "interrupted", "releases": releases}], ["exitCode", {"stopExit": 143}]])
case("the kept plan's calls before plan(), and steps given to finishRun, are refused", "UpdateSession", inp(two, two),
     [["planned"], ["finishRun", {"outcomes": []}], ["finishRegions", []], ["document", {"status": "updated"}], ["exitCode", {}],
      ["renderOutcome", {}, None], ["prPayload", {"source": "x"}],
      ["observe", files, False], ["supply", supply_both], ["plan"],
      ["finishRun", {"steps": [{"path": "a", "expect": {"kind": "if-missing"}, "content": {"kind": "remove"}, "mode": {"kind": "replaced-or", "mode": 0o644}, "backup": None, "index": None}]}]])
case("nothing planned: an empty report between the checked versions", "updateDocument",
     {"status": "up-to-date", "check": {"status": "up-to-date", "installed": "1.3.0", "latest": "1.3.0", "committed": None},
      "releases": {"baseline": None, "latest": {"spec": "../tpl@1.3.0", "resolved": None}}})
case("nothing planned and no version check: refused", "updateDocument", {"status": "up-to-date"})
case("the manifests parsed once: the guard, the read list and the session", "UpdateInputs", M(two), M(two), None,
     [["checkClean", None, None], ["checkClean", {"prefix": "", "porcelain": t(" M clean.txt\0")}, {"dryRun": False}],
      ["checkClean", {"prefix": "", "porcelain": t(" M clean.txt\0")}, {"allowDirty": True}], ["readList"],
      ["session", {"from": "1.2.0", "to": "1.3.0", "options": {"runId": "run1", "conflicts": "patch"}}],
      ["observe", files, False], ["supply", supply_both], ["finish"]])
case("the manifests parsed once: a session given manifests of its own is refused, and the inputs are spent", "UpdateInputs", M(two), M(two), None,
     [["session", {"from": "1.2.0", "to": "1.3.0", "baselineManifest": M(two), "options": {"runId": "run1"}}], ["readList"]])
case("the manifests parsed once: a session for another state folder is refused", "UpdateInputs", M(two), M(two), None,
     [["session", {"from": "1.2.0", "to": "1.3.0", "options": {"runId": "run1", "stateDir": ".state"}}]])
case("the manifests parsed once: a refused manifest, a bad state folder", "UpdateInputs", M(two), M({"../x": "owned"}), ".upkeep", [])
case("the manifests parsed once: upkeep's state is never managed", "UpdateInputs", M(two), M({".state/VERSION": "owned"}), ".state", [])

# ---- planUpdate inputs the digest route must plan byte for byte like the in-memory one
def plan(name, files, baseline_files, latest_files, mode="patch", **extra):
    case(name, "planUpdate", inp(baseline_files, latest_files, mode, files, **extra))

# The normalized form of a CRLF text with a NUL 7,995 bytes in is binary; the text is not:
# ignoring line endings, they must still differ (git's binary test is on the file as it is).
crlf_then_nul = "0d0a" * 10 + "61" * 7985 + "00"
normalized = "0a" * 10 + "61" * 7985 + "00"
plan("--ignore-eol: a text whose normalized form is binary is not that binary", [
    fi("edge", raw(crlf_then_nul), raw(normalized), raw("00"))], {"edge": "shared"}, {"edge": "shared"}, options=crlf_opts)
plan("--ignore-eol: CR-only, CRLF and missing final newlines", [
    fi("cr", f("a\rb\r"), f("a\rb\r"), f("a\rc\r")),
    fi("crlf-no-eol", f("a\r\nb"), f("a\nb"), f("a\nc")),
    fi("eol-differs-at-end", f("a\r\nb\r\n"), f("a\nb"), f("x\n")),
], {"cr": "shared", "crlf-no-eol": "shared", "eol-differs-at-end": "shared"}, {"cr": "shared", "crlf-no-eol": "shared", "eol-differs-at-end": "shared"}, "merge", options=crlf_opts)
merges = {"merges": {"package.json": {"format": "json", "maps": ["dependencies"]}}}
plan("a field merge: its three sides are read", [
    fi("package.json", f('{"name":"me","dependencies":{"a":"1","b":"1"}}'), f('{"dependencies":{"a":"1","b":"1"}}'), f('{"dependencies":{"a":"2","b":"1","c":"1"}}')),
    fi("unparsable.json", f("{"), f('{"dependencies":{}}'), f('{"dependencies":{"a":"1"}}')),
], {"package.json": "shared", "unparsable.json": "shared"}, {"package.json": "shared", "unparsable.json": "shared"},
   latest_extra={"merges": {**merges["merges"], "unparsable.json": {"format": "json", "maps": ["dependencies"]}}})
region = {"id": "team", "startMarker": "<!-- s -->", "endMarker": "<!-- e -->", "paths": ["TEAM.md"], "inputs": ["team.txt"],
          "regenerate": {"interpreter": "sh", "operand": "gen.sh", "args": []}}
doc_v = lambda head, body: f"# {head}\n<!-- s -->\n{body}<!-- e -->\nend\n"
plan("a generated region: compared with the region masked, from its bytes", [
    fi("TEAM.md", f(doc_v("Team", "- ann\n- bob\n")), f(doc_v("Team", "- ann\n")), f(doc_v("Our team", "(stale)\n"))),
    fi("team.txt", f("ann\nbob\n"), f("ann\n"), f("ann\n")),
    fi("gen.sh", f("echo\n"), f("echo\n"), f("echo\n")),
], {"TEAM.md": "shared", "team.txt": "shared", "gen.sh": "owned"}, {"TEAM.md": "shared", "team.txt": "shared", "gen.sh": "owned"},
   latest_extra={"regions": [region]}, baselineManifest=M({"TEAM.md": "shared", "team.txt": "shared", "gen.sh": "owned"}, regions=[region]))

doc = {"$comment": "The digest route: content digests (batch and streamed) and update sessions (planUpdate fed digests, bytes only where needed, re-checked when read; limits named). Inputs from tests/vectors/src/digest_cases.py; expected values blessed from the native addon and reviewed by hand. Format: tests/vectors/README.md.", "cases": cases}
json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
print()
