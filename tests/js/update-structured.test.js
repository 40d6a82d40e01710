// `upkeep update` with field-aware merges declared in the manifest: package.json, a
// pnpm-workspace.yaml-style file and an audit-ci.yml-style roster on real temp trees.
// Checks the JSON report's `structured` verdicts, the notes files, and that each applied
// file differs from the project's only in the applied values.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runCli } from './consumer.js';
import { installProject, runUpdate, tempDir, writeRelease } from './update-fixtures.js';
import { alsoOnWasm } from './implementations.js';

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);

const merges = {
  'package.json': { format: 'json', values: ['packageManager'], maps: ['dependencies', 'devDependencies', 'scripts', 'engines'] },
  'pnpm-workspace.yaml': { format: 'yaml', values: ['minimumReleaseAge', 'publicHoistPattern'], maps: ['overrides', 'allowBuilds'] },
  '.gaia/audit-ci.yml': {
    format: 'yaml',
    values: ['budget_seconds'],
    tokens: [{ key: 'audit_authors', caseInsensitive: true }],
    lists: [{ key: 'auditors', by: 'name', additions: 'apply' }],
  },
};
const manifest = { 'package.json': 'shared', 'pnpm-workspace.yaml': 'shared', '.gaia/audit-ci.yml': 'shared', 'README.md': 'owned' };

const v1 = {
  'README.md': 'v1\n',
  'package.json':
    '{\n  "name": "template",\n  "version": "1.0.0",\n  "packageManager": "pnpm@10.0.0",\n  "dependencies": {\n    "a": "^1.0.0",\n    "b": "^2.0.0",\n    "c": "^3.0.0"\n  }\n}\n',
  'pnpm-workspace.yaml': 'minimumReleaseAge: 1440\noverrides:\n  lodash: 4.17.20\n',
  '.gaia/audit-ci.yml': "budget_seconds: 600\naudit_authors: 'alice=ci'\nauditors:\n  - name: code\n    globs: [src]\n",
};
const v2 = {
  'README.md': 'v2\n',
  'package.json':
    '{\n  "name": "template",\n  "version": "1.1.0",\n  "packageManager": "pnpm@10.1.0",\n  "dependencies": {\n    "a": "^1.1.0",\n    "b": "^2.1.0",\n    "c": "^3.1.0",\n    "d": "^4.0.0"\n  }\n}\n',
  'pnpm-workspace.yaml': 'minimumReleaseAge: 1440\noverrides:\n  lodash: 4.17.20\n',
  '.gaia/audit-ci.yml':
    "budget_seconds: 900\naudit_authors: 'alice=local carol=ci'\nauditors:\n  - name: code\n    globs: [src, lib]\n  - name: workflows\n    globs: [.github]\n",
};
const project = {
  'package.json':
    '{\r\n    "name": "my-app",\r\n    "version": "0.0.1",\r\n    "packageManager": "pnpm@10.0.0",\r\n    "dependencies": {\r\n        "a": "^1.0.0",\r\n        "b": "^2.0.7",\r\n        "mine": "1.0.0"\r\n    }\r\n}\r\n',
  'pnpm-workspace.yaml': '# mine\nminimumReleaseAge: 60\noverrides:\n    lodash: 4.17.20\n    own: 1.0.0\n',
  '.gaia/audit-ci.yml':
    "# audit settings\nbudget_seconds: 600   # ten minutes\naudit_authors: 'Alice=ci dave=local'\nauditors:\n    - name: code\n      globs: [src]\n    - name: own\n      globs: [x]\n",
};

/** @param {any[]} list */
const keys = (list) => list.map((v) => [v.kind, v.section, v.key, v.verdict]);

describe('upkeep update with field-aware merges', () => {
  test('verdicts, notes, and minimal edits on the three reference files', () => {
    const base = track(writeRelease(tempDir(), { version: '1.0.0', files: v1, manifest, extra: { merges } }));
    const latest = track(writeRelease(tempDir(), { version: '1.1.0', files: v2, manifest, extra: { merges } }));
    const root = track(installProject(base, project));
    const { status, json, stderr, stdout } = runUpdate(root, base, latest);
    assert.equal(status, 0, stderr + stdout);
    const s = json.structured;
    assert.deepEqual(keys(s['package.json'].applied), [
      ['value', null, 'packageManager', 'apply'],
      ['entry', 'dependencies', 'a', 'apply'],
    ]);
    assert.deepEqual(keys(s['package.json'].conflicts), [['entry', 'dependencies', 'b', 'conflict']]);
    assert.deepEqual(keys(s['package.json'].suggestions), [
      ['entry', 'dependencies', 'c', 'suggest-removed'],
      ['entry', 'dependencies', 'd', 'suggest-add'],
    ]);
    assert.deepEqual(s['package.json'].conflicts[0], {
      kind: 'entry',
      section: 'dependencies',
      key: 'b',
      verdict: 'conflict',
      current: '^2.0.7',
      baseline: '^2.0.0',
      latest: '^2.1.0',
      reason: null,
    });
    assert.equal(s['package.json'].notesPath, '.upkeep-merge/package.json.notes');
    assert.equal(s['package.json'].fallback, null);
    assert.deepEqual(s['pnpm-workspace.yaml'], { applied: [], conflicts: [], suggestions: [], notesPath: null, fallback: null });
    assert.deepEqual(keys(s['.gaia/audit-ci.yml'].applied), [
      ['value', null, 'budget_seconds', 'apply'],
      ['token', 'audit_authors', 'alice', 'apply'],
      ['member', 'auditors', 'code', 'apply'],
      ['member', 'auditors', 'workflows', 'apply'],
    ]);
    assert.deepEqual(keys(s['.gaia/audit-ci.yml'].suggestions), [['token', 'audit_authors', 'carol', 'suggest-add']]);
    assert.equal(json.installNeeded, true);
    assert.ok(json.merge.includes('package.json') && json.merge.includes('.gaia/audit-ci.yml'));
    assert.ok(json.skip.includes('pnpm-workspace.yaml'));
    assert.deepEqual(json.conflicts, []);

    const read = (/** @type {string} */ p) => readFileSync(join(root, p), 'utf8');
    assert.equal(
      read('package.json'),
      project['package.json'].replace('pnpm@10.0.0', 'pnpm@10.1.0').replace('"a": "^1.0.0"', '"a": "^1.1.0"'),
    );
    assert.equal(read('pnpm-workspace.yaml'), project['pnpm-workspace.yaml']);
    assert.equal(
      read('.gaia/audit-ci.yml'),
      "# audit settings\nbudget_seconds: 900   # ten minutes\naudit_authors: 'Alice=local dave=local'\nauditors:\n    - name: code\n      globs: [src, lib]\n    - name: own\n      globs: [x]\n    - name: workflows\n      globs: [.github]\n",
    );
    assert.equal(read(`${json.backupDir}/package.json`), project['package.json'], 'the merged file is backed up first');
    const notes = read('.upkeep-merge/package.json.notes');
    for (const needle of [
      'dependencies › b',
      'yours:    "^2.0.7"',
      'baseline: "^2.0.0"',
      'latest:   "^2.1.0"',
      'dependencies › c',
      'dependencies › d',
    ]) {
      assert.ok(notes.includes(needle), `${needle}\n${notes}`);
    }
    assert.ok(read('.upkeep-merge/.gaia/audit-ci.yml.notes').includes('audit_authors › carol'));
    assert.ok(!existsSync(join(root, '.upkeep-merge/pnpm-workspace.yaml.notes')), 'no notes when there is nothing to say');
  });

  test('the summary names clean skips, whole-file fallbacks and the install hint', () => {
    const base = track(writeRelease(tempDir(), { version: '1.0.0', files: v1, manifest, extra: { merges } }));
    const changed = { ...v2, 'pnpm-workspace.yaml': 'minimumReleaseAge: 2880\noverrides:\n  lodash: 4.17.20\n' };
    const latest = track(writeRelease(tempDir(), { version: '1.1.0', files: changed, manifest, extra: { merges } }));
    const root = track(installProject(base, { ...project, 'pnpm-workspace.yaml': 'minimumReleaseAge: [60\n' }));
    // --conflicts patch: the file is left as it is, upstream's change as a patch.
    const { json } = runUpdate(root, base, latest, ['--conflicts', 'patch']);
    const ws = json.structured['pnpm-workspace.yaml'];
    assert.match(ws.fallback, /current file is not YAML/);
    assert.deepEqual(
      json.conflicts.map((/** @type {any} */ c) => [c.path, c.route, c.patchPath]),
      [['pnpm-workspace.yaml', 'patch', '.upkeep-merge/pnpm-workspace.yaml.patch']],
    );
    assert.equal(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8'), 'minimumReleaseAge: [60\n', 'the patch route never edits');
    assert.ok(existsSync(join(root, '.upkeep-merge/pnpm-workspace.yaml.patch')));

    const fresh = track(installProject(base, { ...project, 'pnpm-workspace.yaml': 'minimumReleaseAge: [60\n' }));
    const summary = runCli(['update', '--root', fresh, '--baseline', base, '--latest', latest, '--yes']).stdout;
    assert.match(summary, /Field-aware merges:\n/);
    assert.match(
      summary,
      /  \.gaia\/audit-ci\.yml: 4 applied, 0 conflicts, 1 suggestion \(see \.upkeep-merge\/\.gaia\/audit-ci\.yml\.notes\)\n/,
    );
    // The default: the whole-file text merge instead; both changed the one line: markers.
    assert.match(
      summary,
      /  pnpm-workspace\.yaml: not merged field by field \(the current file is not YAML[^\n]*; a whole-file conflict \(see Conflicts above\)\n/,
    );
    assert.match(summary, /  pnpm-workspace\.yaml \[shared\]: conflict markers written into the file\n/);
    // No lockfile here, but package.json's packageManager says pnpm.
    assert.match(summary, /\npackage\.json changed: run `pnpm install`\.\n/);
    const skip = track(installProject(base, project));
    const quiet = runCli([
      'update',
      '--root',
      skip,
      '--baseline',
      base,
      '--latest',
      track(writeRelease(tempDir(), { version: '1.1.0', files: { ...v1, 'README.md': 'v2\n' }, manifest, extra: { merges } })),
      '--yes',
    ]).stdout;
    assert.match(quiet, /  package\.json: no managed-key changes \(clean skip\)\n/);
    assert.doesNotMatch(quiet, /package\.json changed/);
    const plain = runUpdate(track(installProject(base, { ...project, 'pnpm-workspace.yaml': v1['pnpm-workspace.yaml'] })), base, latest);
    assert.deepEqual(keys(plain.json.structured['pnpm-workspace.yaml'].applied), [['value', null, 'minimumReleaseAge', 'apply']]);
  });
});

describe('a field merge that cannot read a side takes the three-way text merge', () => {
  const spec = { 'app.json': { format: 'json', maps: ['settings'] } };
  const files = (/** @type {string} */ value) => ({
    'app.json': `{\n  "name": "tpl",\n  "settings": {\n    "level": "${value}"\n  },\n  "tail": true\n}\n`,
  });
  const m = { 'app.json': 'shared' };

  test("a file that does not parse (a stray brace) is merged as text: upstream's change in, the project's kept", () => {
    const base = track(writeRelease(tempDir(), { version: '1.0.0', files: files('1'), manifest: m, extra: { merges: spec } }));
    const latest = track(writeRelease(tempDir(), { version: '1.1.0', files: files('2'), manifest: m, extra: { merges: spec } }));
    const broken = `${files('1')['app.json'].replace('"name": "tpl"', '"name": "mine"')}}\n`;
    const root = track(installProject(base, { 'app.json': broken }));
    const { status, json, stderr } = runUpdate(root, base, latest);
    assert.equal(status, 0, stderr);
    assert.match(json.structured['app.json'].fallback, /the current file is not JSON/);
    assert.deepEqual(json.merge, ['app.json']);
    assert.equal(readFileSync(join(root, 'app.json'), 'utf8'), broken.replace('"level": "1"', '"level": "2"'));
    const summary = runCli([
      'update',
      '--root',
      track(installProject(base, { 'app.json': broken })),
      '--baseline',
      base,
      '--latest',
      latest,
      '--yes',
    ]).stdout;
    assert.match(summary, /  app\.json: not merged field by field \(the current file is not JSON[^\n]*\); taken as a whole file instead\n/);
  });

  // tsconfig*.json is read as JSONC by default (comments and trailing commas), even
  // when declared `json`: it never falls back.
  test('tsconfig.json with comments is merged field by field, comments and commas kept', () => {
    const tsSpec = { 'tsconfig.json': { format: 'json', maps: ['compilerOptions'] } };
    const ts = (/** @type {string} */ target) =>
      `{\n  // the compiler's settings\n  "compilerOptions": {\n    "target": "${target}", /* bumped each release */\n    "strict": true,\n  },\n}\n`;
    const tm = { 'tsconfig.json': 'shared' };
    const base = track(
      writeRelease(tempDir(), { version: '1.0.0', files: { 'tsconfig.json': ts('ES2020') }, manifest: tm, extra: { merges: tsSpec } }),
    );
    const latest = track(
      writeRelease(tempDir(), { version: '1.1.0', files: { 'tsconfig.json': ts('ES2022') }, manifest: tm, extra: { merges: tsSpec } }),
    );
    const mine = ts('ES2020').replace('"strict": true,', '"strict": true,\n    "noEmit": true, // mine');
    const root = track(installProject(base, { 'tsconfig.json': mine }));
    const { json } = runUpdate(root, base, latest);
    assert.equal(json.structured['tsconfig.json'].fallback, null);
    assert.deepEqual(keys(json.structured['tsconfig.json'].applied), [['entry', 'compilerOptions', 'target', 'apply']]);
    assert.equal(readFileSync(join(root, 'tsconfig.json'), 'utf8'), mine.replace('ES2020', 'ES2022'));
  });
});

// The same file on the wasm engine, from the run on the native one.
alsoOnWasm(import.meta.url);
