// `upkeep update` on config files read as their own tools read them: a tsconfig.json with
// comments and trailing commas declared `json` (read as JSONC by its name), and a GitHub
// workflow with `run: |` blocks, anchors and flow lists. Each applied file differs from the
// project's only in the applied values, comments and layout kept byte for byte.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { installProject, runUpdate, tempDir, writeRelease } from './update-fixtures.js';
import { alsoOnWasm } from './implementations.js';

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);

const merges = {
  'tsconfig.json': { format: 'json', maps: ['compilerOptions'] },
  '.github/workflows/ci.yml': { values: ['jobs.test.runs-on', 'jobs.test.steps', 'env.NODE'] },
};
const manifest = { 'tsconfig.json': 'shared', '.github/workflows/ci.yml': 'shared' };
const workflow = (/** @type {string} */ node, /** @type {string} */ runner, /** @type {string} */ test) =>
  `env:\n  NODE: '${node}'\njobs:\n  test:\n    runs-on: ${runner}\n    steps:\n      - uses: actions/checkout@v4\n      - run: |\n          npm ci\n          ${test}\n`;
const v1 = {
  'tsconfig.json': '{\n  "compilerOptions": {\n    "target": "ES2020",\n    "strict": true\n  }\n}\n',
  '.github/workflows/ci.yml': workflow('20', 'ubuntu-22.04', 'npm test'),
};
const v2 = {
  'tsconfig.json': '{\n  "compilerOptions": {\n    "target": "ES2022",\n    "strict": true\n  }\n}\n',
  '.github/workflows/ci.yml': workflow('22', 'ubuntu-24.04', 'npm run test:all'),
};
const project = {
  'tsconfig.json':
    '{\n  // the app\'s own settings\n  "compilerOptions": {\n    "target": "ES2020", /* raised upstream */\n    "strict": true,\n    "jsx": "react-jsx", // mine\n  },\n}\n',
  '.github/workflows/ci.yml': `# ours\nenv:\n  NODE: '20'   # pinned\njobs:\n  test:\n    runs-on: ubuntu-22.04\n    steps:\n      - uses: actions/checkout@v4\n      - run: |\n          npm ci\n          npm test\n  lint: &lint\n    runs-on: ubuntu-22.04\n  lint-again: *lint\n`,
};

describe('upkeep update reads each config file as its tools do', () => {
  test('tsconfig.json with comments and a workflow with run blocks are merged field by field', () => {
    const base = track(writeRelease(tempDir(), { version: '1.0.0', files: v1, manifest, extra: { merges } }));
    const latest = track(writeRelease(tempDir(), { version: '1.1.0', files: v2, manifest, extra: { merges } }));
    const root = track(installProject(base, project));
    const { status, json, stderr, stdout } = runUpdate(root, base, latest);
    assert.equal(status, 0, stderr + stdout);
    assert.equal(json.structured['tsconfig.json'].fallback, null);
    assert.deepEqual(
      json.structured['tsconfig.json'].applied.map((/** @type {any} */ v) => v.key),
      ['target'],
    );
    assert.equal(readFileSync(join(root, 'tsconfig.json'), 'utf8'), project['tsconfig.json'].replace('"ES2020"', '"ES2022"'));
    assert.equal(json.structured['.github/workflows/ci.yml'].fallback, null);
    assert.equal(
      readFileSync(join(root, '.github/workflows/ci.yml'), 'utf8'),
      project['.github/workflows/ci.yml']
        .replace("NODE: '20'", "NODE: '22'")
        .replace('    runs-on: ubuntu-22.04\n    steps', '    runs-on: ubuntu-24.04\n    steps')
        .replace('          npm test\n', '          npm run test:all\n'),
    );
  });

  test('a value an alias repeats is reported as cannot edit safely, and the file falls back', () => {
    const aliasMerges = { '.github/workflows/ci.yml': { format: 'yaml', values: ['jobs.lint.runs-on'] } };
    const wf = (/** @type {string} */ r) => `jobs:\n  lint: &lint\n    runs-on: ${r}\n  again: *lint\n`;
    const base = track(
      writeRelease(tempDir(), {
        version: '1.0.0',
        files: { '.github/workflows/ci.yml': wf('a') },
        manifest: { '.github/workflows/ci.yml': 'shared' },
        extra: { merges: aliasMerges },
      }),
    );
    const latest = track(
      writeRelease(tempDir(), {
        version: '1.1.0',
        files: { '.github/workflows/ci.yml': wf('b') },
        manifest: { '.github/workflows/ci.yml': 'shared' },
        extra: { merges: aliasMerges },
      }),
    );
    const root = track(installProject(base, { '.github/workflows/ci.yml': wf('a') }));
    const { json, stderr, stdout } = runUpdate(root, base, latest);
    const fallback = json.structured['.github/workflows/ci.yml'].fallback ?? '';
    assert.match(
      fallback,
      /jobs\.lint\.runs-on could not be edited in place \(cannot edit safely: an alias elsewhere repeats it or part of it\)/,
      stderr + stdout,
    );
  });
});

// The same file on the wasm engine, from the run on the native one.
alsoOnWasm(import.meta.url);
