#!/usr/bin/env python3
"""Inputs of tests/vectors/structured.json (expected values are blessed with bless.mjs,
then reviewed by hand): structuredMerge over the three reference files (package.json,
a pnpm-workspace.yaml-style file, an audit-ci.yml-style roster), every verdict, byte
preservation, fallbacks, and a refused declaration."""
import json

cases = []


def case(name, *args):
    cases.append({"name": f"structuredMerge: {name}", "call": "structuredMerge", "args": list(args)})


pkg = {"format": "json", "values": ["packageManager"],
       "maps": ["dependencies", "devDependencies", "scripts", "engines"]}
case("package.json: apply, conflict, suggestions; identity and own deps untouched", "package.json", pkg,
     '{\n    "name": "mine",\n    "version": "0.1.0",\n    "packageManager": "pnpm@10.0.0",\n    "dependencies": {\n        "a": "^1.0.0",\n        "b": "^2.0.5",\n        "own": "1"\n    }\n}\n',
     '{"name":"t","version":"1.0.0","packageManager":"pnpm@10.0.0","dependencies":{"a":"^1.0.0","b":"^2.0.0","c":"^3.0.0"}}',
     '{"name":"t","version":"1.1.0","packageManager":"pnpm@10.1.0","dependencies":{"a":"^1.1.0","b":"^2.1.0","c":"^3.1.0","d":"^4.0.0"}}')
case("package.json: version-only release is a clean skip", "package.json", pkg,
     '{"name":"mine","version":"9.0.0","dependencies":{"a":"2"}}',
     '{"name":"t","version":"1.0.0","dependencies":{"a":"1"}}',
     '{"name":"t","version":"1.1.0","dependencies":{"a":"1"}}')
case("package.json: a malformed side falls back", "package.json", pkg,
     '{"dependencies":{"a":"1",}}', '{"dependencies":{"a":"1"}}', '{"dependencies":{"a":"2"}}')

ws = {"format": "yaml", "values": ["minimumReleaseAge", "publicHoistPattern"], "maps": ["overrides", "allowBuilds"]}
case("workspace: CRLF, comments, quote style and flow maps kept", "pnpm-workspace.yaml", ws,
     "# settings\r\nminimumReleaseAge: 1440  # a day\r\npublicHoistPattern: ['*eslint*']\r\noverrides:\r\n    'lodash': \"4.17.20\"\r\n    mine: 1.0.0\r\nallowBuilds: {esbuild: true}\r\n",
     "minimumReleaseAge: 1440\npublicHoistPattern:\n  - '*eslint*'\noverrides:\n  lodash: 4.17.20\nallowBuilds:\n  esbuild: true\n",
     "minimumReleaseAge: 2880\npublicHoistPattern:\n  - '*eslint*'\n  - '*prettier*'\noverrides:\n  lodash: 4.17.21\n  new: 1.0.0\nallowBuilds:\n  esbuild: true\n")
case("workspace: anchors are beyond the subset: fallback", "pnpm-workspace.yaml", ws,
     "overrides: &o\n  a: 1\n", "overrides:\n  a: 1\n", "overrides:\n  a: 2\n")

audit = {"format": "yaml", "values": ["budget_seconds"], "tokens": [{"key": "audit_authors", "caseInsensitive": True}],
         "lists": [{"key": "auditors", "by": "name", "additions": "apply"}]}
case("audit-ci: tokens per login, roster members applied, added and in conflict", ".gaia/audit-ci.yml", audit,
     "budget_seconds: 600\naudit_authors: 'Alice=ci bob=local'\nauditors:\n  - name: code\n    globs: [src]\n  - name: docs\n    globs: [docs, mine]\n  - name: own\n    globs: [x]\n",
     "budget_seconds: 600\naudit_authors: 'alice=ci'\nauditors:\n  - name: code\n    globs: [src]\n  - name: docs\n    globs: [docs]\n",
     "budget_seconds: 600\naudit_authors: 'alice=local carol=ci'\nauditors:\n  - name: code\n    globs: [src, lib]\n  - name: docs\n    globs: [docs, wiki]\n  - globs: [.github]\n    name: workflows\n")
case("a declaration with overlapping keys is refused", "x.json", {"format": "json", "values": ["a"], "maps": ["a.b"]},
     "{}", "{}", "{}")

print(json.dumps({
    "$comment": "Structured merges (structuredMerge): field-aware merges of JSON and YAML config files. Inputs from tests/vectors/src/structured_cases.py; expected values blessed with bless.mjs and reviewed by hand. Format: tests/vectors/README.md.",
    "cases": cases}, indent=2))
