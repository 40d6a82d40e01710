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

vite = {"format": "json", "maps": ["scripts", "devDependencies"]}
VB = '{"scripts": {"dev": "vite", "lint": "eslint ."}, "devDependencies": {"vite": "^6.0.0", "eslint": "^9.0.0"}}'
VL = '{"scripts": {"dev": "vite", "lint": "oxlint", "typecheck": "tsc -b"}, "devDependencies": {"vite": "^7.0.0", "oxlint": "^1.0.0", "typescript": "~5.8.0"}}'
VA = '{\n  "name": "app",\n  "scripts": {\n    "dev": "vite",\n    "lint": "eslint ."\n  },\n  "devDependencies": {\n    "vite": "^6.0.0",\n    "eslint": "^9.0.0"\n  }\n}\n'
case("package.json: scripts held back with the dependencies they need; a dependency dropped upstream", "package.json", vite, VA, VB, VL)
case("package.json: couple apply writes the scripts and their dependencies", "package.json", {**vite, "couple": "apply"}, VA, VB, VL)
case("package.json: couple apply with no devDependencies to add to holds both back", "package.json", {"format": "json", "maps": ["scripts"], "couple": "apply"},
     '{"scripts": {"lint": "eslint ."}}', VB, VL)
case("package.json: the project already has the command's package: the script is applied", "package.json", vite,
     '{"scripts": {"dev": "vite", "lint": "eslint ."}, "dependencies": {"oxlint": "1"}, "devDependencies": {"vite": "^6.0.0"}}', VB, VL)

ws = {"format": "yaml", "values": ["minimumReleaseAge", "publicHoistPattern"], "maps": ["overrides", "allowBuilds"]}
case("workspace: CRLF, comments, quote style and flow maps kept", "pnpm-workspace.yaml", ws,
     "# settings\r\nminimumReleaseAge: 1440  # a day\r\npublicHoistPattern: ['*eslint*']\r\noverrides:\r\n    'lodash': \"4.17.20\"\r\n    mine: 1.0.0\r\nallowBuilds: {esbuild: true}\r\n",
     "minimumReleaseAge: 1440\npublicHoistPattern:\n  - '*eslint*'\noverrides:\n  lodash: 4.17.20\nallowBuilds:\n  esbuild: true\n",
     "minimumReleaseAge: 2880\npublicHoistPattern:\n  - '*eslint*'\n  - '*prettier*'\noverrides:\n  lodash: 4.17.21\n  new: 1.0.0\nallowBuilds:\n  esbuild: true\n")
case("workspace: an anchor nothing repeats is edited like any value", "pnpm-workspace.yaml", ws,
     "overrides: &o\n  a: 1\n", "overrides:\n  a: 1\n", "overrides:\n  a: 2\n")
case("workspace: a value an alias repeats cannot be edited safely: fallback naming the entry", "pnpm-workspace.yaml", ws,
     "overrides: &o\n  a: 1\nallowBuilds: *o\n", "overrides:\n  a: 1\n", "overrides:\n  a: 2\n")

audit = {"format": "yaml", "values": ["budget_seconds"], "tokens": [{"key": "audit_authors", "caseInsensitive": True}],
         "lists": [{"key": "auditors", "by": "name", "additions": "apply"}]}
case("audit-ci: tokens per login, roster members applied, added and in conflict", ".gaia/audit-ci.yml", audit,
     "budget_seconds: 600\naudit_authors: 'Alice=ci bob=local'\nauditors:\n  - name: code\n    globs: [src]\n  - name: docs\n    globs: [docs, mine]\n  - name: own\n    globs: [x]\n",
     "budget_seconds: 600\naudit_authors: 'alice=ci'\nauditors:\n  - name: code\n    globs: [src]\n  - name: docs\n    globs: [docs]\n",
     "budget_seconds: 600\naudit_authors: 'alice=local carol=ci'\nauditors:\n  - name: code\n    globs: [src, lib]\n  - name: docs\n    globs: [docs, wiki]\n  - globs: [.github]\n    name: workflows\n")
wf = {"format": "yaml", "values": ["jobs.test.runs-on", "jobs.test.steps", "env.NODE"]}
case("workflow: a run block keeps its literal style and unchanged lines; quotes only where needed", ".github/workflows/ci.yml", wf,
     "env:\n  NODE: '20'   # pinned\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: |\n          npm ci\n          npm test\n",
     "env:\n  NODE: '20'\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: |\n          npm ci\n          npm test\n",
     "env:\n  NODE: \"22\"\njobs:\n  test:\n    runs-on: 'ubuntu-24.04: arm'\n    steps:\n      - uses: actions/checkout@v5\n      - run: \"npm ci\\nnpm run test:all\\n\"\n")
case("YAML 1.2 core schema: -0x1F is a string, .INF a number, 0x1F equals 31", "settings.yaml",
     {"format": "yaml", "values": ["a", "b", "c"]},
     "a: -0x1F\nb: .INF\nc: 0x1F\n", "a: -0x1F\nb: .INF\nc: 31\n", "a: '-0x1F'\nb: .inf\nc: 32\n")
case("numbers compare by exact decimal value: 9007199254740993 to ...992 is a change", "package.json",
     {"format": "json", "values": ["big", "same"]},
     '{"big": 9007199254740993, "same": 1.50}', '{"big": 9007199254740993, "same": 1.5}', '{"big": 9007199254740992, "same": 15e-1}')
tsconfig = {"format": "json", "maps": ["compilerOptions"]}
case("tsconfig.json is JSONC: comments and trailing commas survive byte for byte", "tsconfig.app.json", tsconfig,
     '{\n  // mine\n  "compilerOptions": {\n    "target": "ES2020", /* bumped later */\n    "strict": true,\n  },\n}\n',
     '{"compilerOptions": {"target": "ES2020", "strict": true}}',
     '{\n  "compilerOptions": {\n    "target": "ES2022",\n    "strict": true\n  }\n}\n')
case("JSONC read where declared; a side that does not parse names why", "settings.json", {"format": "jsonc", "values": ["a"]},
     '{"a": 1 /* c */,}', '{"a": 1}', '{"a": 2')
case("several YAML documents cannot be edited safely", "k8s.yaml", {"format": "yaml", "values": ["a"]},
     "a: 1\n---\nb: 2\n", "a: 1\n", "a: 2\n")
case("a declaration with overlapping keys is refused", "x.json", {"format": "json", "values": ["a"], "maps": ["a.b"]},
     "{}", "{}", "{}")

def read(name, path, fmt, text):
    cases.append({"name": f"readConfig: {name}", "call": "readConfig", "args": [path, fmt, {"$text": text}]})


read("a YAML stream: every document, block scalars, anchors, tags, the core schema", "ci.yml", None,
     "a: &x 0o17\nb: *x\nc: !!str 12\nd: |-\n  two\n  lines\ne: [? k]\n---\n- 1.50\n- 9007199254740993\n")
read("JSONC by name", "tsconfig.json", "json", '{\n  // a comment\n  "a": [1, 2,],\n}')
read("strict JSON: a signed \\u escape is refused", "package.json", None, '{"a": "\\u+041"}')
read("a repeated key is valid JSON but cannot be edited", "package.json", None, '{"a": 1, "a": 2}')
read("YAML duplicate keys as YAML 1.2 resolves them", "a.yaml", None, "1: a\n01: b\n")
read("YAML error with its byte offset", "a.yaml", None, "a: [1, 2\nb: 3\n")
read("nesting past the limit is refused, not a crash", "a.yaml", None, "- " * 100 + "x\n")
read("a name that says nothing needs a format", "notes.txt", None, "a: 1\n")

print(json.dumps({
    "$comment": "Structured merges (structuredMerge, readConfig): field-aware merges of JSON, JSONC and YAML config files, and reading them whole. Inputs from tests/vectors/src/structured_cases.py; expected values blessed with bless.mjs and reviewed by hand. Format: tests/vectors/README.md.",
    "cases": cases}, indent=2))
