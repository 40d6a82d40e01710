// A package.json merge leaves a project whose scripts run: real packages from a local
// registry (127.0.0.1), real `npm install` and `npm run`. Upstream switches its lint
// script to a new tool and drops the old one: by default the script is held back with
// the new dependency as one suggestion (the old tool stays, noted with `npm uninstall`);
// with "couple": "apply" both are written. Every script of the merged file runs.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startBinRegistry } from './npm-bin-registry.js';
import { installProject, runUpdate, tempDir, writeRelease } from './update-fixtures.js';

const dirs = /** @type {string[]} */ ([]);
/** @type {Awaited<ReturnType<typeof startBinRegistry>>} */
let registry;
before(async () => {
  registry = await startBinRegistry([
    { name: 'devtool', version: '1.0.0', bins: ['devtool'] },
    { name: 'lint-old', version: '1.0.0', bins: ['lint-old'] },
    { name: '@acme/lint-new', version: '1.2.0', bins: ['lint-new'] },
  ]);
  dirs.push(registry.home);
});
after(async () => {
  await registry?.close();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});
const track = (/** @type {string} */ d) => (dirs.push(d), d);

const pkg = (/** @type {object} */ fields) => `${JSON.stringify({ name: 'tpl', version: '0.0.0', private: true, ...fields }, null, 2)}\n`;
const v1Package = pkg({ scripts: { dev: 'devtool', lint: 'lint-old .' }, devDependencies: { devtool: '^1.0.0', 'lint-old': '^1.0.0' } });
const v2Package = pkg({
  scripts: { dev: 'devtool --watch', lint: 'lint-new .' },
  devDependencies: { devtool: '^1.0.0', '@acme/lint-new': '^1.2.0' },
});

function releases(/** @type {'suggest' | 'apply'} */ couple) {
  const manifest = { 'package.json': 'shared' };
  const merges = { 'package.json': { format: 'json', maps: ['scripts', 'devDependencies'], couple } };
  return {
    v1: track(writeRelease(tempDir(), { version: '1.0.0', files: { 'package.json': v1Package }, manifest, extra: { merges } })),
    v2: track(writeRelease(tempDir(), { version: '2.0.0', files: { 'package.json': v2Package }, manifest, extra: { merges } })),
  };
}

/** Every script of the project's package.json, run with npm: `[name, status, output]`. */
async function runAll(/** @type {string} */ root) {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const out = [];
  for (const name of Object.keys(scripts)) {
    const r = await registry.npm(root, ['run', '--silent', name]);
    out.push([name, r.status, (r.stdout + r.stderr).trim()]);
  }
  return out;
}

describe('a merged package.json stays runnable', () => {
  test('default: the lint script is held back with the tool it needs; the dropped tool is noted with npm uninstall', async () => {
    const { v1, v2 } = releases('suggest');
    const root = track(installProject(v1, { 'package.json': v1Package.replace('"tpl"', '"my-app"') }));
    assert.equal((await registry.npm(root, ['install'])).status, 0, 'the project as scaffolded installs');
    const { status, json, stderr, stdout } = runUpdate(root, v1, v2);
    assert.equal(status, 0, stderr + stdout);
    const merged = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    assert.deepEqual(merged.scripts, { dev: 'devtool --watch', lint: 'lint-old .' });
    assert.deepEqual(merged.devDependencies, { devtool: '^1.0.0', 'lint-old': '^1.0.0' });
    const s = json.structured['package.json'];
    assert.deepEqual(
      s.suggestions.map((/** @type {any} */ v) => [v.verdict, v.section, v.key, v.needs ?? []]),
      [
        ['held-back', 'scripts', 'lint', ['devDependencies › @acme/lint-new']],
        ['suggest-add', 'devDependencies', '@acme/lint-new', []],
        ['dropped-upstream', 'devDependencies', 'lint-old', []],
      ],
    );
    assert.equal(json.packageManager, 'npm', 'package-lock.json shows npm');
    const notes = readFileSync(join(root, '.upkeep-merge/package.json.notes'), 'utf8');
    assert.match(notes, /Held back together/);
    assert.match(notes, /Dropped upstream in 2\.0\.0; still in your project/);
    assert.match(notes, /recommended: remove it if you no longer use it: npm uninstall lint-old\n/);
    assert.equal((await registry.npm(root, ['install'])).status, 0);
    assert.deepEqual(await runAll(root), [
      ['dev', 0, 'devtool ran --watch'],
      ['lint', 0, 'lint-old ran .'],
    ]);
  });

  test('couple apply: the new lint script and its tool are both written, and both run', async () => {
    const { v1, v2 } = releases('apply');
    const root = track(installProject(v1, { 'package.json': v1Package.replace('"tpl"', '"my-app"') }));
    assert.equal((await registry.npm(root, ['install'])).status, 0);
    const { status, json, stderr } = runUpdate(root, v1, v2);
    assert.equal(status, 0, stderr);
    const merged = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    assert.deepEqual(merged.scripts, { dev: 'devtool --watch', lint: 'lint-new .' });
    assert.deepEqual(merged.devDependencies, { devtool: '^1.0.0', 'lint-old': '^1.0.0', '@acme/lint-new': '^1.2.0' });
    assert.deepEqual(
      json.structured['package.json'].applied.map((/** @type {any} */ v) => v.key),
      ['dev', 'lint', '@acme/lint-new'],
    );
    assert.equal((await registry.npm(root, ['install'])).status, 0);
    assert.deepEqual(await runAll(root), [
      ['dev', 0, 'devtool ran --watch'],
      ['lint', 0, 'lint-new ran .'],
    ]);
  });
});
