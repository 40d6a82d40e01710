#!/usr/bin/env python3
"""Writes the inputs of tests/vectors/regions.json. Expected values are then filled by
`node tests/vectors/src/bless.mjs` from the native addon and reviewed by hand against
the rules in core/src/regions/ and the README."""
import json

def t(s): return {"$text": s}

cases = []
def case(name, call, *args): cases.append({"name": f"{call}: {name}", "call": call, "args": list(args)})

M = [{"start": "<!-- s -->", "end": "<!-- e -->"}]
def doc(top, body=None):
    return t(f"# {top}\n<!-- s -->\n{body}<!-- e -->\nend\n" if body is not None else f"# {top}\nend\n")
def verdict(name, a, b, l, cls="shared", markers=M, **extra):
    case(name, "regionVerdict", {"class": cls, "current": a, "baseline": b, "latest": l, "markers": markers, **extra})

# ---- the oracle: the table's rows on masked texts
verdict("regenerated region, upstream unchanged", doc("T", "mine\n"), doc("T", "v1\n"), doc("T", "v1\n"))
verdict("regenerated region, upstream changed outside", doc("T", "mine\n"), doc("T", "v1\n"), doc("T2", "v2\n"), "owned")
verdict("upstream changed only inside", doc("T", "mine\n"), doc("T", "v1\n"), doc("T", "v2\n"))
verdict("edited outside: conflict on masked texts", doc("Mine", "x\n"), doc("T", "v1\n"), doc("T2", "v2\n"))
verdict("already latest outside", doc("T2", "x\n"), doc("T", "v1\n"), doc("T2", "v2\n"))
verdict("markers removed by the project: absent, compared as is", doc("T"), doc("T", "v1\n"), doc("T2", "v2\n"))
verdict("pre-region baseline", doc("T"), doc("T"), doc("T", "v2\n"))
verdict("duplicated markers: bail, whole-file row", t("<!-- s -->\n<!-- s -->\n<!-- e -->\n"), doc("T", "v1\n"), doc("T", "v2\n"))
verdict("unbalanced markers on latest: bail", doc("T", "a\n"), doc("T", "v1\n"), t("# T\n<!-- s -->\nv2\n"))
verdict("out of order on baseline: bail", doc("T", "a\n"), t("<!-- e -->\nx\n<!-- s -->\n"), doc("T", "v2\n"))
verdict("markers with surrounding whitespace and CRLF", t("# T\r\n  <!-- s -->  \r\nmine\r\n\t<!-- e -->\r\n"), t("# T\r\n<!-- s -->\r\nv1\r\n<!-- e -->\r\n"), t("# T\r\n<!-- s -->\r\nv2\r\n<!-- e -->\r\n"))
verdict("two regions in one file", t("1\n[a]\np\n[/a]\n2\n[b]\nq\n[/b]\n"), t("1\n[a]\n1\n[/a]\n2\n[b]\n1\n[/b]\n"), t("one\n[a]\n2\n[/a]\n2\n[b]\n2\n[/b]\n"), "shared", [{"start": "[a]", "end": "[/a]"}, {"start": "[b]", "end": "[/b]"}])
verdict("the line-ending option applies to masked texts", t("a\r\n<!-- s -->\r\nx\r\n<!-- e -->\r\n"), t("a\n<!-- s -->\nv1\n<!-- e -->\n"), t("b\n<!-- s -->\nv2\n<!-- e -->\n"), "shared", M, ignoreEol=True)

# ---- snapshots: what the walk records, reads and holds
def seen(path, kind="file", size=10, mtime=1733480000123.4567, ino=4242, mode=0o100644): return {"path": path, "kind": kind, "size": size, "mtimeMs": mtime, "ino": ino, "mode": mode}
case("inside the region's directories files are hashed and held; outside, stamped", "snapshotReads", {"dirs": ["gen"], "seen": [
    seen("README.md"), seen("gen", "directory", 4096, mode=0o40755), seen("gen/out.md", size=0), seen("gen/link", "symlink", 6, mode=0o120777),
    seen("gen/fifo", "other", 0, mode=0o10644), seen("generated.md"), seen("src", "directory", 4096, mode=0o40755), seen("src/a.js", mtime=1.0)]})
case("nothing confines the program: every file is hashed and held", "snapshotReads", {"dirs": ["gen"], "everywhere": True, "seen": [seen("README.md"), seen("src/a.js")]})
case("the root's region holds every file", "snapshotReads", {"dirs": [""], "seen": [seen("a"), seen("b/c")]})
case("a file over the per-file ceiling is hashed, not held", "snapshotReads", {"dirs": [""], "seen": [seen("big", size=(16 << 20) + 1), seen("limit", size=16 << 20)]})
case("the budget is spent in walk order", "snapshotReads", {"dirs": [""], "seen": [seen(f"f{i}", size=16 << 20) for i in range(9)] + [seen("empty", size=0)]})

# ---- confinement
def f(path, digest, pre=True): return {"path": path, "kind": "file", "digest": digest, "preimage": pre}
def ln(path, target): return {"path": path, "kind": "symlink", "target": target}
def d(path): return {"path": path, "kind": "directory"}
def o(path, stamp, kind="file"): return {"path": path, "kind": kind, "stamp": stamp}
case("every kind of write", "regionConfine", {
    "paths": ["gen/out.md"], "dirs": ["gen"],
    "before": [d("gen"), f("gen/out.md", "1"), f("gen/mod.md", "1"), f("gen/del.md", "1"), ln("gen/link", "out.md"), ln("gen/swap", "out.md"), f("gen/big", "1", False), o("src/a.js", "1"), o("src/gone.js", "1")],
    "after": [d("gen"), f("gen/out.md", "2"), f("gen/mod.md", "2"), ln("gen/link", "/etc"), f("gen/swap", "9"), f("gen/big", "2"), f("gen/new", "3"), d("gen/nd"), f("gen/nd/x", "1"), o("src/a.js", "2"), d("cache"), o("cache/z", "1")],
})
case("nothing changed", "regionConfine", {"paths": ["a"], "dirs": [""], "before": [f("a", "1")], "after": [f("a", "1")]})
case("root region: a declared path may be deleted", "regionConfine", {"paths": ["a"], "dirs": [""], "before": [f("a", "1"), f("b", "1")], "after": [f("b", "2")]})
case("a file turned into a directory is reported", "regionConfine", {"paths": [], "dirs": ["g"], "before": [f("g/x", "1")], "after": [d("g/x")]})
case("a link at a declared path is a violation, removed and put back", "regionConfine", {"paths": ["g/out.md", "g/new.md"], "dirs": ["g"],
     "before": [d("g"), f("g/out.md", "1")], "after": [d("g"), ln("g/out.md", "/etc/passwd"), ln("g/new.md", "../../secret")]})
case("outside its directories: a violation, put back where the shim held a pre-image", "regionConfine", {"paths": ["g/out.md"], "dirs": ["g"],
     "before": [f("src/held.js", "1"), o("src/stamped.js", "a"), f("src/deleted.js", "1")], "after": [f("src/held.js", "2"), o("src/stamped.js", "b"), o("src/created.js", "c")]})

# ---- finishing the report
def report(regions):
    return {"from": "1.0.0", "to": "1.1.0", "overwrite": [], "merge": ["docs/TEAM.md"], "add": [], "removed": [], "skip": [], "delete": [], "conflicts": [], "backupDir": ".upkeep-backup/r1", "adopterActions": [], "regions": regions}
def regions(**kw):
    base = {"mentioned": True, "awarenessOff": False, "declarationsLoaded": 1, "declarations": [], "manifestRefusal": None, "droppedDeclarations": [], "malformedDeclarations": [], "verdicts": [], "fallbacks": [], "regen": None, "rewrittenPaths": [], "supersededPatches": [], "unregeneratedPaths": []}
    base.update(kw)
    return base
def job(rid, status="run", reason=None, refusal=None):
    return {"regionId": rid, "argv": ["sh", "scripts/gen.sh", "--all"], "paths": [f"docs/{rid}.md"], "dirs": ["docs"], "status": status, "reason": reason, "refusal": refusal, "backups": [], "snapshotSkip": [".git"]}
def run(rid, **kw):
    base = {"regionId": rid, "timeoutMs": 300000, "maxOutputBytes": 33554432}
    base.update(kw)
    return base
conf = {"rewrote": ["docs/ok.md"], "repairs": [], "confined": [{"action": "restored", "path": "docs/other.md", "detail": "modified a file"}, {"action": "removed", "path": "docs/tmp", "detail": "created a directory inside the region's directories"}, {"action": "reported", "path": "src", "detail": "created a directory outside the region's directories; left as the program put it"}]}
case("every outcome, rows and notes", "finishUpdateRegions", {
    "report": report(regions(declarationsLoaded=7, malformedDeclarations=[{"index": 7, "id": None, "reason": "\"id\" is missing"}], droppedDeclarations=["old"], supersededPatches=[".upkeep-merge/docs/x.md.patch"], fallbacks=[{"path": "docs/a.md", "reason": "absent-markers"}, {"path": "docs/b.md", "reason": "malformed-markers"}])),
    "jobs": [job("ok"), job("exit"), job("spawn"), job("slow"), job("loud"), job("ext"), job("skip", "skipped", "left in conflict: docs/skip.md"), job("bad", "refused", "the operand \"../x\" has a '..' segment", "operand")],
    "runs": [run("ok", status=0, confinement=conf, repairFailures=[{"path": "docs/tmp/y", "message": "EACCES"}], backedUp=["docs/ok.md"]), run("exit", status=2, stderr="roster missing\n"), run("spawn", spawnError="spawn sh ENOENT"), run("slow", signal="SIGKILL", ceiling="timeout"), run("loud", signal="SIGKILL", ceiling="output-ceiling"), run("ext", signal="SIGTERM")],
    "stateDir": ".upkeep",
})
violating = {"rewrote": ["docs/ok.md"], "repairs": [{"op": "remove", "path": "src/made.txt", "target": None}],
             "confined": [{"action": "removed", "path": "src/made.txt", "detail": "created a file outside the region's directories", "violation": True}]}
for mode, reason in [("bwrap", None), ("unshare", None), ("none", "bwrap: not installed; unshare: unshare failed: Operation not permitted")]:
    case(f"confined by {mode}: a write outside its directories fails the region, and stragglers are named", "finishUpdateRegions", {
        "report": report(regions(declarationsLoaded=2)),
        "jobs": [job("ok"), job("bg")],
        "runs": [run("ok", status=0, confinement=violating, sandbox={"mode": mode, "reason": reason}),
                 run("bg", status=0, stragglers=True, sandbox={"mode": mode, "reason": reason})],
        "stateDir": ".upkeep",
    })
# The shim hands over what it found; a ceiling it enforced killed the whole group, so what
# was still running then is not named as a straggler, and the ceiling is the cause only
# when a signal ended the program (one that exited as the ceiling fired is not killed).
case("processes a ceiling killed are no stragglers; a ceiling without a signal is no cause", "finishUpdateRegions", {
    "report": report(regions(declarationsLoaded=2)),
    "jobs": [job("slow"), job("raced")],
    "runs": [run("slow", signal="SIGKILL", ceiling="timeout", stragglers=True),
             run("raced", status=0, ceiling="output-ceiling", stragglers=True)],
    "stateDir": ".upkeep",
})
case("a region whose declared file could not be backed up first is not run, and says why", "finishUpdateRegions", {
    "report": report(regions()), "jobs": [job("ok")],
    "runs": [run("ok", backupFailure={"path": "docs/ok.md", "message": "no space left on device", "code": "ENOSPC"})], "stateDir": ".upkeep"})
case("a region whose declared file changed while it was backed up is not run", "finishUpdateRegions", {
    "report": report(regions()), "jobs": [job("ok")],
    "runs": [run("ok", backupFailure={"path": "docs/ok.md"})], "stateDir": ".upkeep"})
case("a region whose folder is a file is not run, and says why", "finishUpdateRegions", {
    "report": report(regions()), "jobs": [job("ok")],
    "runs": [run("ok", folderFailure={"path": "gen", "found": "file"})], "stateDir": ".upkeep"})
case("a region whose folder could not be made is not run, and says why in the file system's words", "finishUpdateRegions", {
    "report": report(regions()), "jobs": [job("ok")],
    "runs": [run("ok", folderFailure={"path": "gen", "message": "permission denied", "code": "EACCES"})], "stateDir": ".upkeep"})
case("the manifest refusal outranks none declared", "finishUpdateRegions", {"report": report(regions(declarationsLoaded=0, manifestRefusal="\"regions\" in the latest release manifest is null, not an array")), "jobs": [], "stateDir": ".upkeep"})
case("all current", "finishUpdateRegions", {"report": report(regions()), "jobs": [], "stateDir": ".upkeep"})
case("awareness off", "finishUpdateRegions", {"report": report(regions(awarenessOff=True, mentioned=False, declarationsLoaded=0)), "jobs": [], "stateDir": ".upkeep"})

case("the ceilings", "regionLimits")
WORKS = {"installed": True, "status": 0}
ABSENT = {"installed": False}
NO_NS = {"installed": True, "status": 1, "message": "bwrap: No permissions to create new namespace"}
for title, probe in [
    ("bubblewrap works: it is used", {"platform": "linux", "bwrap": WORKS, "unshare": WORKS}),
    ("bubblewrap refused: unshare", {"platform": "linux", "bwrap": NO_NS, "unshare": WORKS}),
    ("neither: each tool's reason", {"platform": "linux", "bwrap": ABSENT, "unshare": {"installed": True, "status": 1}}),
    ("a tool that could not be started", {"platform": "linux", "bwrap": {"installed": True, "status": None, "message": "spawnSync bwrap EACCES"}, "unshare": ABSENT}),
    ("forced to unshare: bubblewrap not tried", {"forced": "unshare", "platform": "linux", "bwrap": WORKS, "unshare": ABSENT}),
    ("forced to none", {"forced": "none", "platform": "linux", "bwrap": WORKS, "unshare": WORKS}),
    ("not Linux", {"platform": "darwin", "bwrap": ABSENT, "unshare": ABSENT}),
    ("an unknown forced value is ignored", {"forced": "jail", "platform": "linux", "bwrap": WORKS}),
]:
    case(title, "chooseSandbox", probe)
for mode in ["bwrap", "unshare", "none"]:
    case(f"snapshots of a run under {mode}", "snapshotsWholeTree", {"mode": mode, "reason": None})
for fact in [{"kind": "no-preimage"}, {"kind": "occupied", "entry": "symlink"}, {"kind": "occupied", "entry": "directory"},
             {"kind": "changed-again"}, {"kind": "blocked", "message": "EACCES: permission denied, open 'x'", "code": "EACCES"}]:
    case(f"{fact['kind']} {fact.get('entry', '')}".strip(), "repairWords", fact)

# ---- the copies before a program runs, and the file repairs after it
SHA = "a" * 64
B = [{"path": f"docs/{n}.md", "backupPath": f".upkeep-backups/r1/docs/{n}.md"} for n in "abcd"]
FILE, MISSING, LINK, DIR = {"kind": "file", "sha256": SHA}, {"kind": "missing"}, {"kind": "symlink"}, {"kind": "directory"}
case("only regular files are copied", "regionBackupSteps", {"backups": B, "found": [FILE, MISSING, LINK, DIR]})
case("one observation per backup", "regionBackupSteps", {"backups": B, "found": [FILE]})
case("a file observed without its digest is refused", "regionBackupSteps", {"backups": B[:1], "found": [{"kind": "file"}]})
def out(n, outcome, **extra): return {"path": f".upkeep-backups/r1/docs/{n}.md", "outcome": outcome, **extra}
ENOSPC = {"code": "ENOSPC", "message": "no space left on device", "stage": "stage"}
case("all copied", "regionBackupsDone", {"backups": B[:2], "outcomes": [out("a", "done"), out("b", "done")]})
case("a resumed run's copy is kept, the first refusal stops the program", "regionBackupsDone",
     {"backups": B, "outcomes": [out("a", "done"), out("b", "changed"), out("c", "blocked", error=ENOSPC), out("d", "not-reached")]})
case("a file that changed while it was copied", "regionBackupsDone", {"backups": B[:1], "outcomes": [out("a", "source-changed")]})
case("nothing to copy", "regionBackupsDone", {"backups": B, "outcomes": []})
# The region's folders, made before its program runs.
case("folders: only the missing are made, the innermost, in path order", "regionFolderSteps",
     {"dirs": ["gen/sub", "out", "gen", "gen-x"], "found": [MISSING, DIR, MISSING, MISSING]})
for kind, seen in [("file", FILE), ("link", LINK), ("special file", {"kind": "other"})]:
    case(f"folders: a {kind} at a folder's path keeps the program from running", "regionFolderSteps",
         {"dirs": ["gen", "out"], "found": [MISSING, seen]})
case("folders: one observation per folder", "regionFolderSteps", {"dirs": ["gen", "out"], "found": [MISSING]})
case("folders: all made", "regionFoldersDone", [{"path": "gen", "outcome": "done"}])
case("folders: refused by the file system", "regionFoldersDone",
     [{"path": "gen", "outcome": "done"}, {"path": "out", "outcome": "blocked", "error": {"code": "EACCES", "message": "permission denied", "stage": "swap"}}])
case("folders: something in the way (its path or a folder on it taken)", "regionFoldersDone", [{"path": "gen", "outcome": "changed"}])
case("folders: nothing to make", "regionFoldersDone", [])
def repair(op, now, preimage=True): return {"repair": {"op": op, "path": "gen/x.md"}, "now": now, "preimageMode": 0o755 if preimage else None, "saveDir": ".upkeep-backups/r1-regen"}
case("restore a changed file: saved first, checked against what is there", "fileRepair", repair("restore-file", FILE))
case("restore a deleted file: created, with its own mode", "fileRepair", repair("restore-file", MISSING))
case("restore without a pre-image", "fileRepair", repair("restore-file", FILE, False))
case("remove a created file: saved first", "fileRepair", repair("remove", FILE, False))
case("remove a file already gone", "fileRepair", repair("remove", MISSING, False))
case("a link there now", "fileRepair", repair("restore-file", LINK))
case("a folder there now", "fileRepair", repair("remove", DIR))
def node(op, now, seen=None, target=None):
    facts = repair(op, now, False)
    facts["repair"]["target"] = target
    return {**facts, "target": seen}
case("remove a link the program made: only while it holds what the snapshot saw", "fileRepair", node("remove", LINK, "/etc/passwd"))
case("remove a link whose target the snapshot did not read", "fileRepair", node("remove", LINK))
case("remove a special file the program made", "fileRepair", node("remove", {"kind": "other"}))
case("remove a folder the program made: only as a folder", "fileRepair", node("remove-dir", DIR))
case("remove a folder already gone", "fileRepair", node("remove-dir", MISSING))
case("remove a folder that is a file now", "fileRepair", node("remove-dir", FILE))
case("make a deleted folder again", "fileRepair", node("restore-dir", MISSING))
case("a folder already back", "fileRepair", node("restore-dir", DIR))
case("put a link back on its target, where nothing is", "fileRepair", node("restore-link", MISSING, target="keep.md"))
case("a link already on its target", "fileRepair", node("restore-link", LINK, "keep.md", "keep.md"))
case("another link there now", "fileRepair", node("restore-link", LINK, "elsewhere", "keep.md"))

# ---- the record that makes a regeneration recoverable if the update is killed while its program runs
case("where run r1 keeps it", "regenRecordPath", "20260101-000000-000")
SNAP = [{"path": "docs", "kind": "directory"},
        {"path": "docs/a.md", "kind": "file", "digest": "a" * 64, "preimage": True},
        {"path": "docs/same.md", "kind": "file", "digest": "a" * 64, "preimage": True},
        {"path": "docs/big.bin", "kind": "file", "digest": "b" * 64, "preimage": False},
        {"path": "docs/link", "kind": "symlink", "target": "../x \"quoted\"", "stamp": "1:2:3:4"},
        {"path": "src/app.js", "kind": "file", "stamp": "9:9:9:9"}]
REGION = {"saveDir": ".upkeep-backups/r1-regen", "paths": ["docs/TEAM.md"], "dirs": ["docs"],
          "skip": [".git", ".upkeep-backups"], "everywhere": False, "before": SNAP}
PENDING = {"stateDir": ".upkeep", "region": REGION,
           "modes": [{"path": "docs/a.md", "mode": 0o644}, {"path": "docs/same.md", "mode": 0o755}]}
case("copies once per content, then the record, then how it ends", "regenPending", PENDING)
case("nothing held: only the record", "regenPending", {**PENDING, "region": {**REGION, "before": SNAP[:1]}, "modes": []})
RECORD = ('{"saveDir":".upkeep-backups/r1-regen","paths":["docs/TEAM.md"],"dirs":["docs"],"skip":[".git"],"everywhere":true,'
          '"before":[{"path":"docs/a.md","kind":"file","digest":"' + "a" * 64 + '","preimage":true},{"path":"docs/l","kind":"symlink","target":"x"}],'
          '"modes":{"docs/a.md":420},"ignore":[".upkeep/update.lock"]}\n')
P = ".upkeep-backups/r1-regen/pending.json"
case("a record read back", "readRegenPending", RECORD, P)
# A killed regeneration's copies as the next run finds them: only a whole one is used.
before = [{"path": "gen/a.txt", "kind": "file", "digest": "a" * 64, "preimage": True},
          {"path": "gen/b.txt", "kind": "file", "digest": "b" * 64, "preimage": True},
          {"path": "gen/c.txt", "kind": "file", "digest": "c" * 64}]
case("a whole copy, a changed one, a missing one", "regenCopiesFound", {
    "copies": [{"path": "gen/a.txt", "sha256": "a" * 64, "found": "a" * 64},
               {"path": "gen/b.txt", "sha256": "b" * 64, "found": "0" * 64},
               {"path": "gen/d.txt", "sha256": "d" * 64, "found": None}],
    "before": before})
case("no copy", "regenCopiesFound", {"copies": [], "before": before})
for title, text in [("not JSON", "{"), ("not an object", "[]"), ("an unknown field", RECORD.replace('"saveDir"', '"extra":1,"saveDir"')),
                    ("a mode without a pre-image", RECORD.replace('"docs/a.md":420', '"docs/l":420')),
                    ("a mode that is not permission bits", RECORD.replace(':420', ':99999')),
                    ("an entry without a kind", RECORD.replace(',"kind":"symlink"', '')),
                    ("a path that leaves the tree", RECORD.replace('"docs/l"', '"../../l"')),
                    ("copies in another folder", RECORD.replace('"saveDir":".upkeep-backups/r1-regen"', '"saveDir":".upkeep-backups/r2-regen"'))]:
    case(f"a damaged record: {title}", "readRegenPending", text, P)
COPY = {"path": ".upkeep-backups/r1-regen/pending/" + "a" * 64, "expect": {"kind": "if-missing"}, "content": {"kind": "planned"},
        "mode": {"kind": "replaced-or", "mode": 0o600}, "backup": None, "index": 0}
REC = {"path": P, "expect": {"kind": "missing"}, "content": {"kind": "text", "text": "{}\n"}, "mode": {"kind": "replaced-or", "mode": 0o600}, "backup": None, "index": None}
def po(path, outcome, **extra): return {"path": path, "outcome": outcome, "backup": None, "error": None, **extra}
for title, outcomes in [("all written", [po(COPY["path"], "done"), po(P, "done")]),
                        ("a copy already there is the same bytes", [po(COPY["path"], "unchanged"), po(P, "done")]),
                        ("a copy refused by the file system", [po(COPY["path"], "blocked", error=ENOSPC)]),
                        ("a record already there", [po(COPY["path"], "done"), po(P, "changed")]),
                        ("the record not reached", [po(COPY["path"], "done")])]:
    case(title, "regenPendingFailure", {"sources": ["docs/a.md"], "steps": [COPY, REC], "outcomes": outcomes})
def cw(path, action, detail="created a file inside the region's directories"):
    return {"action": action, "path": path, "detail": detail, "violation": False}
case("nothing to put back", "regenRecoveredNotice", {"saveDir": ".upkeep-backups/r1-regen", "confined": [], "failures": []})
case("put back, one left, one failed", "regenRecoveredNotice", {
    "saveDir": ".upkeep-backups/r1-regen",
    "confined": [cw("docs/new.txt", "removed"), cw("docs/other.md", "restored", "modified a file inside the region's directories"),
                 cw("docs/big.bin", "reported", "modified a file inside the region's directories, which has no pre-image to put back"),
                 cw("docs/gone.md", "restored", "deleted a file inside the region's directories")],
    "failures": [{"path": "docs/gone.md", "message": "no pre-image held"}]})
case("put back, one failed with its content kept", "regenRecoveredNotice", {
    "saveDir": ".upkeep-backups/r1-regen", "confined": [cw("docs/gone.md", "restored", "deleted a file inside the region's directories")],
    "failures": [{"path": "docs/gone.md", "message": "no space left on device (ENOSPC)", "kept": ".upkeep-backups/r1-regen/pending/" + "a" * 64}]})
# ---- ending a kept regeneration: every copy goes but the copy of a failed repair
CLEANUP = [{"path": ".upkeep-backups/r1-regen/pending/" + "a" * 64, "expect": {"kind": "file", "sha256": "a" * 64}, "content": {"kind": "remove"},
            "mode": {"kind": "replaced-or", "mode": 0o644}, "backup": None, "index": None},
           {"path": ".upkeep-backups/r1-regen/pending", "expect": {"kind": "directory"}, "content": {"kind": "remove"},
            "mode": {"kind": "system"}, "backup": None, "index": None}]
def ending(failures): return {"saveDir": ".upkeep-backups/r1-regen", "before": SNAP, "cleanup": CLEANUP, "failures": failures}
case("every repair worked: every copy goes", "regenPendingEnd", ending([]))
case("a failed repair keeps its copy and the folder", "regenPendingEnd", ending([{"path": "docs/same.md", "message": "it changed again while upkeep put it back; left as it is now"}]))
case("a failed repair of a file with no pre-image held keeps nothing", "regenPendingEnd", ending([{"path": "docs/big.bin", "message": "no pre-image held"}]))
case("a failed repair of a link keeps nothing", "regenPendingEnd", ending([{"path": "docs/link", "message": "a folder is there now"}]))
LOCK = {"path": ".upkeep/update.lock", "kind": "file", "stamp": "1"}
case("upkeep's own lock, changed by the run that confines, is left out", "regionConfine",
     {"paths": ["docs/T.md"], "dirs": ["docs"], "before": [LOCK], "after": [{**LOCK, "stamp": "2"}], "ignore": [".upkeep/update.lock"]})

for o in [{"outcome": "done"}, {"outcome": "unchanged"}, {"outcome": "changed"}, {"outcome": "not-reached"},
          {"outcome": "blocked", "error": {"code": "EACCES", "message": "permission denied", "stage": "swap"}}]:
    case(o["outcome"], "fileRepairFailure", {"path": "gen/x.md", **o})

print(json.dumps({"$comment": "Generated regions: the oracle, confinement, and the report after regeneration. Inputs from tests/vectors/src/regions_cases.py, expected values blessed with bless.mjs and reviewed by hand.", "cases": cases}, indent=2, ensure_ascii=False))
