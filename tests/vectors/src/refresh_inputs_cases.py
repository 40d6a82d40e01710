#!/usr/bin/env python3
"""Writes the inputs of tests/vectors/refresh-inputs.json: the refresh plans of
refresh.json (their planRefresh cases) gathered through RefreshInputs (the manifest and
record parsed once, the observations fed in two batches) and then asked for every part a
run asks of its session, plus the refusals the inputs add. Expected values are filled by
`node tests/vectors/src/bless.mjs` from the native addon and reviewed by hand: each
case's `plan` outcomes must equal the matching RefreshSession case of
refresh-session.json, and `sourceIdentity` the sourceIdentity of the same manifest and
source observations."""
import hashlib, json, pathlib, sys

here = pathlib.Path(__file__).resolve().parent
plans = [c for c in json.loads((here.parent / "refresh.json").read_text())["cases"] if c["call"] == "planRefresh"]
cases = []
def T(s): return {"$text": s}
def case(name, *args): cases.append({"name": f"RefreshInputs: {name}", "call": "RefreshInputs", "args": list(args)})

FACTS = {"command": "refresh", "runId": "r1", "outcomes": []}
def parts(plan):
    """Every question a run asks of the plan, in the order a run asks them (as refresh_session_cases.py)."""
    files = plan.get("result", {}).get("files", [])
    return [["unwritten"], ["attention"], ["mutating"], ["recordPath"], ["report", {**FACTS, "dryRun": True}],
            ["steps", "r1"], ["filesAt", list(range(len(files)))], ["report", FACTS], ["recordText"], ["recordBytes"]]

def text(arg):
    """A vector's bytes argument as text, when it is text."""
    return arg.get("$text") if isinstance(arg, dict) else None

def record_name(manifest, options):
    if options and options.get("recordName"):
        return options["recordName"]
    try:
        home = json.loads(text(manifest)).get("home", ".")
    except Exception:
        home = "."
    return ".upkeep-source.json" if home in (".", None) or not isinstance(home, str) else f"{home}/.upkeep-source.json"

def gathered(c, extra_ops=()):
    manifest, record, observations, options = c["args"]
    name = (options or {}).get("manifestName") or "install/manifest.json"
    rest = {k: v for k, v in (options or {}).items() if k not in ("manifestName", "recordName")} if options else None
    sources, hosts = observations["sources"], observations["hosts"]
    half = len(sources) // 2
    return [manifest, name, [
        ["home"], ["homeFiles"], ["recordPath"], ["readRecord", record, record_name(manifest, options)], ["paths"],
        ["observe", {"sources": sources[:half], "hosts": []}],
        ["observe", {"sources": sources[half:], "hosts": hosts}],
        ["sourceIdentity"], ["plan", rest, parts(c)], *extra_ops]]

HEX = set("0123456789abcdef")
def canonical(d): return isinstance(d, str) and len(d) == 64 and set(d) <= HEX
KINDS = {"missing": 0, "file": 1, "symlink": 2, "directory": 3, "other": 4}

def paths_of(manifest, record):
    """The paths RefreshInputs.paths() lists, worked out here to lay the columns out."""
    files = json.loads(text(manifest))["files"]
    sources = [f["src"] for f in files]
    hosts = [f["target"] for f in files]
    try:
        recorded = json.loads(text(record))["files"] if record else []
    except Exception:
        recorded = []
    hosts += [e["target"] for e in recorded if e["target"] not in hosts]
    return sources, hosts

def columns(side, paths, observations):
    """The columns op of one side: each path's first observation, its digests given (no
    bytes); None when the objects cannot be laid out as columns."""
    first = {}
    for o in observations:
        first.setdefault(o["path"], o)
    kinds, digests, lf = [], [], []
    for i, path in enumerate(paths):
        o = first.get(path)
        if o is None or (o["kind"] == "file") != ("sha256" in o and o["sha256"] is not None):
            return None
        kinds.append(KINDS[o["kind"]])
        if o["kind"] == "file":
            if not canonical(o["sha256"]):
                return None
            digests.append(o["sha256"])
        if o.get("sha256Lf"):
            if o["kind"] != "file" or not canonical(o["sha256Lf"]):
                return None
            lf.append([i, o["sha256Lf"]])
    return ["observeColumns", side, kinds, [T("")] * len(digests), digests, lf]

def as_columns(c):
    """The same case with the observations given as columns (digests, no bytes); None when
    they cannot be."""
    manifest, record, observations, options = c["args"]
    try:
        sources, hosts = paths_of(manifest, record)
    except Exception:
        return None
    ops = [columns("sources", sources, observations["sources"]), columns("hosts", hosts, observations["hosts"])]
    if None in ops:
        return None
    name = (options or {}).get("manifestName") or "install/manifest.json"
    rest = {k: v for k, v in (options or {}).items() if k not in ("manifestName", "recordName")} if options else None
    return [manifest, name, [["readRecord", record, record_name(manifest, options)], ["paths"], *ops, ["sourceIdentity"], ["plan", rest, parts(c)]]]

for c in plans:
    case(c["name"].split(": ", 1)[1], *gathered(c))
    laid_out = as_columns(c)
    if laid_out:
        case(c["name"].split(": ", 1)[1] + " (observed as columns)", *laid_out)

first = next(c for c in plans if "result" in c)
case("the inputs are the session's once planned: asked again, they are refused", *gathered(first, [["paths"], ["plan", None, []]]))
manifest = first["args"][0]
case("a record that does not parse is refused, naming it", manifest, "install/manifest.json",
     [["readRecord", T("{\"schema\": 1, \"files\": [{\"src\": \"a\"}]}"), ".upkeep-source.json"], ["paths"]])
case("no record yet: the host paths are the manifest's targets", manifest, "install/manifest.json",
     [["readRecord", None, ".upkeep-source.json"], ["paths"]])
case("a manifest that does not parse is refused, naming it", T("{\"schema\": 1, \"files\": 3}"), "custom/manifest.json", [["home"]])
case("a manifest with a home keeps the record there, and duplicate host paths are observed once",
     T("{\"schema\": 1, \"home\": \"tools\", \"files\": [{\"src\": \"a\", \"target\": \"tools/a\"}, {\"src\": \"b\", \"target\": \"tools/b\"}]}"),
     "install/manifest.json",
     [["home"], ["recordPath"],
      ["readRecord", T("{\"schema\": 1, \"files\": [{\"src\": \"old\", \"target\": \"tools/a\", \"sha256\": \"" + "0" * 64 + "\"}, {\"src\": \"gone\", \"target\": \"tools/c\", \"sha256\": \"" + "1" * 64 + "\"}]}"), "tools/.upkeep-source.json"],
      ["paths"]])

# Columns with the files' bytes: the engine hashes them, and gives a text file holding CRLF
# its CRLF-as-LF digest (a binary one none); a large file's digests are given instead.
COLUMNS_MANIFEST = T(json.dumps({"schema": 1, "files": [{"src": s, "target": s} for s in ["lf.txt", "crlf.txt", "bin.dat", "big.txt", "gone", "link"]]}))
def sha(b): return hashlib.sha256(b).hexdigest()
LF, CRLF, BIN = b"a\nb\n", b"a\r\nb\r\n", b"\0\r\n"
old = sha(b"old")
COLUMNS_RECORD = T(json.dumps({"schema": 1, "files": [{"src": s, "target": s, "sha256": old} for s in ["lf.txt", "crlf.txt", "bin.dat", "big.txt", "gone", "link"]]}))
def B(b): return {"$bytes": b.hex()}
# The source's files with their digests given (as the shim gives them on the wasm engine),
# big.txt streamed (no bytes: its digests given, the CRLF-as-LF one too).
source_cols = ["observeColumns", "sources", [1, 1, 1, 1, 0, 1], [B(LF), B(LF), B(BIN), B(b""), B(b"l")],
               [sha(LF), sha(LF), sha(BIN), sha(b"x" * 10), sha(b"l")], [[3, sha(b"y")]]]
case("columns: the engine hashes the bytes, a CRLF checkout gets its second digest, a binary file none",
     COLUMNS_MANIFEST, "install/manifest.json",
     [["readRecord", COLUMNS_RECORD, ".upkeep-source.json"], ["paths"],
      ["observeColumns", "hosts", [1, 1, 1], [B(LF), B(CRLF), B(BIN + b"x")], None, []],
      ["observeColumns", "hosts", [1, 1, 2], [B(b"big"), B(b"gone")], None, []],
      source_cols, ["sourceIdentity"], ["plan", None, [["unwritten"], ["steps", "r1"], ["filesAt", [0, 1, 2, 3, 4, 5]], ["recordText"], ["recordBytes"]]]])
case("columns: refusals (a side, a kind, lengths, digests, second digests, too many paths), nothing taken",
     COLUMNS_MANIFEST, "install/manifest.json",
     [["readRecord", COLUMNS_RECORD, ".upkeep-source.json"],
      ["observeColumns", "both", [1], [B(LF)], None, []],
      ["observeColumns", "sources", [5], [], None, []],
      ["observeColumns", "sources", [1, 0], [B(LF), B(LF)], None, []],
      ["observeColumns", "sources", [1], [B(LF)], [sha(LF)[:62]], []],
      ["observeColumns", "sources", [0], [], None, [[0, sha(LF)]]],
      ["observeColumns", "sources", [1], [B(LF)], None, [[3, sha(LF)]]],
      ["observeColumns", "sources", [0] * 7, [], None, []],
      ["observeColumns", "sources", [0] * 6, [], None, []],
      ["observeColumns", "sources", [0], [], None, []],
      ["sourceIdentity"]])
case("columns and objects together: a slot the columns filled keeps its observation",
     COLUMNS_MANIFEST, "install/manifest.json",
     [["readRecord", COLUMNS_RECORD, ".upkeep-source.json"],
      source_cols,
      ["observe", {"sources": [{"path": "lf.txt", "kind": "missing"}], "hosts": [{"path": p, "kind": "file", "sha256": old} for p in ["lf.txt", "crlf.txt", "bin.dat", "big.txt", "gone", "link"]]}],
      ["sourceIdentity"], ["plan", None, [["unwritten"], ["recordText"]]]])

json.dump({"$comment": "RefreshInputs: a refresh's manifest and record parsed once in the engine, the paths to observe, the observations fed in batches, then the plan held as a RefreshSession and asked for its parts. Each op's outcome is recorded in order (`plan` records the session's ops). Format: tests/vectors/README.md. Inputs: tests/vectors/src/refresh_inputs_cases.py.", "cases": cases}, sys.stdout, indent=2)
