#!/usr/bin/env python3
"""Inputs of tests/vectors/defaults.json (expected values are blessed with bless.mjs, then
reviewed by hand): every optional argument left out (`null`), so the default each call
falls back to is shown to be the engine's own, the same in every implementation."""
import json

cases = []


def case(name, call, *args):
    cases.append({"name": name, "call": call, "args": list(args)})


EMPTY = json.dumps({"schema": 1, "files": {}})
RESERVED = json.dumps({"schema": 1, "files": {".upkeep/VERSION": "owned", "a.md": "shared"}})
LISTED = json.dumps({"schema": 1, "files": {"b.md": "owned", "a.md": "shared"}})

case("parseManifest: no label names it 'manifest'", "parseManifest", "{", None)
case("parseManifest: no label, a valid manifest", "parseManifest", LISTED, None)
case("updateReadList: no state folder means .upkeep (its files are reserved)", "updateReadList", EMPTY, RESERVED, None)
case("updateReadList: no state folder, the paths to read", "updateReadList", LISTED, EMPTY, None)
case("updateReadList: a state folder named, .upkeep is an ordinary path", "updateReadList", EMPTY, RESERVED, ".state")
case("parseHandoff: no label names it 'handoff'", "parseHandoff", "[]", None)

# decideAwaiting with its note left out: the same steps as an empty note (and unlike a
# given one, which the stop reason and the notes carry).
GRAPH = {
    "start": "edit",
    "edges": [{"from": "edit", "on": "ok", "to": "edit"}, {"from": "edit", "on": "done", "to": "$close"}],
    "loops": [{"name": "main", "nodes": ["edit"], "max": 3, "iteration": True}],
}
BRICKS = [{"name": "edit", "effect": "mutate", "outcomes": ["ok", "done"], "body": "Run edit.", "gate": "human"}]
for note in (None, "", "smaller"):
    ops = [["nextStep"], ["decideAwaiting", "amend"] if note is None else ["decideAwaiting", "amend", note], ["nextStep"]]
    label = {None: "left out", "": "empty"}.get(note, "given")
    case(f"loopSequence: prudent launch held, amend with the note {label}", "loopSequence", GRAPH, BRICKS,
         {"title": "Defaults", "requirement": "Show the note default.", "preset": "prudent"}, ops)

print(json.dumps({
    "$comment": "Left-out optional arguments: the default each call falls back to is chosen in the engine (core), the same in every implementation. Inputs from tests/vectors/src/defaults_cases.py; expected values blessed with tests/vectors/src/bless.mjs and reviewed by hand. Format: tests/vectors/README.md.",
    "cases": cases,
}, indent=2, ensure_ascii=False))
