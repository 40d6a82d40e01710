#!/usr/bin/env python3
"""Writes the inputs of tests/vectors/refresh-inputs.json: the refresh plans of
refresh.json (their planRefresh cases) gathered through RefreshInputs (the manifest and
record parsed once, the observations fed in two batches) and then asked for every part a
run asks of its session, plus the refusals the inputs add. Expected values are filled by
`node tests/vectors/src/bless.mjs` from the native addon and reviewed by hand: each
case's `plan` outcomes must equal the matching RefreshSession case of
refresh-session.json, and `sourceIdentity` the sourceIdentity of the same manifest and
source observations."""
import json, pathlib, sys

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
            ["steps", ".upkeep-backups/r1"], ["filesAt", list(range(len(files)))], ["report", FACTS], ["recordText"]]

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
        ["home"], ["recordPath"], ["readRecord", record, record_name(manifest, options)], ["paths"],
        ["observe", {"sources": sources[:half], "hosts": []}],
        ["observe", {"sources": sources[half:], "hosts": hosts}],
        ["sourceIdentity"], ["plan", rest, parts(c)], *extra_ops]]

for c in plans:
    case(c["name"].split(": ", 1)[1], *gathered(c))

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

json.dump({"$comment": "RefreshInputs: a refresh's manifest and record parsed once in the engine, the paths to observe, the observations fed in batches, then the plan held as a RefreshSession and asked for its parts. Each op's outcome is recorded in order (`plan` records the session's ops). Format: tests/vectors/README.md. Inputs: tests/vectors/src/refresh_inputs_cases.py.", "cases": cases}, sys.stdout, indent=2)
