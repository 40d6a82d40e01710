#!/usr/bin/env python3
"""Writes the inputs of tests/vectors/refresh-session.json: the refresh and install plans
of refresh.json (their planRefresh and planInstall cases) held in a RefreshSession and
asked for their parts, plus the refusals a session adds. Expected values are filled by
`node tests/vectors/src/bless.mjs` from the native addon and reviewed by hand, checking
that each session answers as planRefresh, refreshSteps and runReport do for the same
input."""
import json, pathlib, sys

here = pathlib.Path(__file__).resolve().parent
plans = [c for c in json.loads((here.parent / "refresh.json").read_text())["cases"] if c["call"] in ("planRefresh", "planInstall")]
cases = []
def case(name, call, *args): cases.append({"name": f"{call}: {name}", "call": call, "args": list(args)})

FACTS = {"command": "refresh", "runId": "r1", "outcomes": []}
def parts(plan):
    """Every question a run asks of the plan, in the order a run asks them."""
    files = plan.get("result", {}).get("files", [])
    return [["unwritten"], ["attention"], ["mutating"], ["carriesOut", False], ["carriesOut", True], ["homeFiles"], ["recordPath"], ["report", {**FACTS, "dryRun": True}],
            ["steps", "r1"], ["filesAt", list(range(len(files)))], ["report", FACTS], ["recordText"], ["recordBytes"]]

for c in plans:
    title = c["name"].split(": ", 1)[1]
    if c["call"] == "planRefresh":
        manifest, record, observations, options = c["args"]
        case(title, "RefreshSession", manifest, record, observations, options, parts(c))
    else:
        manifest, name, observations, force = c["args"]
        case(title, "RefreshSession.install", manifest, name, observations, force, parts(c))

# The first refresh plan answered, then planned again with a decision per pending file.
first = next(c for c in plans if c["call"] == "planRefresh" and "result" in c)
pending = [f for f in first["result"]["files"] if f["action"] == "pending"]
manifest, record, observations, options = first["args"]
ANSWER = {"host-deleted": ["restore"], "source-deleted": ["remove"], "locally-modified": ["take-theirs", "keep-mine", "merge"]}
decisions = [{"target": f["target"], "decision": ANSWER[f["state"]][i % len(ANSWER[f["state"]])]} for i, f in enumerate(pending)]
case("answers given after the first plan plan it again", "RefreshSession", manifest, record, observations, options,
     [["unwritten"], ["pending"], ["handMerges"], ["decide", decisions], ["unwritten"], ["pending"], ["handMerges"],
      ["steps", "r1"], ["report", FACTS], ["recordText"]])
case("a decision that does not fit the state is refused, and the plan stays as it was", "RefreshSession", manifest, record, observations, options,
     [["decide", [{"target": next(f["target"] for f in pending if f["state"] == "locally-modified"), "decision": "remove"}]], ["unwritten"]])
case("a dry run asks about nothing: no file is pending an answer", "RefreshSession", manifest, record, observations, {**(options or {}), "dryRun": True},
     [["pending"], ["unwritten"]])
case("no decisions once the steps are taken", "RefreshSession", manifest, record, observations, options,
     [["steps", "r1"], ["decide", decisions]])
case("an index past the plan's end is refused", "RefreshSession", manifest, record, observations, options, [["filesAt", [0, 99]]])
inst = next(c for c in plans if c["call"] == "planInstall" and "result" in c)
case("an install takes no decisions", "RefreshSession.install", *inst["args"], [["decide", []], ["pending"], ["handMerges"]])

json.dump({"$comment": "RefreshSession: an install or refresh plan held in the engine and asked for its parts (the files that write nothing, attention, whether it mutates, the steps, the files the steps name, the report, the record). Each op's outcome is recorded in order. Format: tests/vectors/README.md. Inputs: tests/vectors/src/refresh_session_cases.py.", "cases": cases}, sys.stdout, indent=2)
