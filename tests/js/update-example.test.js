// The bundled example end to end, killed at every step: an update that overwrites, adds,
// merges the README three-way, writes conflict markers into the CI workflow, merges
// package.json field by field and regenerates a region with the template's own program
// must resume by re-running to exactly what an uninterrupted run leaves.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';
import { runCli } from './consumer.js';
import { runUpdate, snapshot, tempDir } from './update-fixtures.js';
import { alsoOnWasm } from './implementations.js';
import { CONFLICT_MODES, DEFAULT_CONFLICTS, REPORT_BUCKETS } from '../../npm/lib/index.js';

const examples = fileURLToPath(new URL('../../examples/', import.meta.url));
const v1 = `${examples}starter-template`;
const v2 = `${examples}starter-template-1.3.0`;
const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A fresh copy of the example project. */
function project() {
  const dir = tempDir('upkeep-example-');
  dirs.push(dir);
  execFileSync('cp', ['-a', `${examples}starter-project/.`, dir]);
  return dir;
}

/** The tree without the run-specific backup folder (its name is the run's timestamp). */
const settled = (/** @type {string} */ dir) =>
  Object.fromEntries(Object.entries(snapshot(dir)).filter(([p]) => !p.startsWith('.upkeep-backups/')));

describe('the bundled example', () => {
  test('one update does every kind of work the report lists', () => {
    const dir = project();
    const { status, json, stderr } = runUpdate(dir, v1, v2);
    assert.equal(status, 1, stderr); // done, with a conflict and a delete to look at
    assert.deepEqual(
      json.conflicts.map((/** @type {any} */ c) => [c.path, c.route]),
      [['.github/workflows/ci.yml', 'markers']],
    );
    assert.ok(json.merge.includes('README.md'), 'both edited the README, apart: merged three-way');
    assert.deepEqual(json.delete, ['docs/setup.md']);
    assert.deepEqual(json.add, ['src/health.js']);
    const pkg = json.structured['package.json'];
    assert.deepEqual([pkg.applied.length, pkg.conflicts.length, pkg.suggestions.length, pkg.fallback], [2, 0, 1, null]);
    assert.deepEqual(
      json.regions.regen.ran.map((/** @type {any} */ r) => r.regionId),
      ['scripts-list'],
    );
    assert.deepEqual(json.regions.rewrittenPaths, ['docs/scripts.md']);
    // The regeneration put nothing back: its folder went with its record, and the backups hold this one run.
    assert.deepEqual(
      readdirSync(join(dir, '.upkeep-backups'), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => `.upkeep-backups/${e.name}`),
      [json.backupDir],
    );
  });

  test('the summary counts the backup runs kept, a run and its regeneration folder as one', () => {
    const dir = project();
    const human = runCli(['update', '--root', dir, '--baseline', v1, '--latest', v2, '--yes']);
    assert.match(human.stdout, /Backups kept: [\d.]+ (bytes|KiB) in \.upkeep-backups\/ from 1 run \(/, human.stdout);
  });

  test("the views' bucket and mode words name exactly the report's buckets and the --conflicts modes", () => {
    const { json } = runUpdate(project(), v1, v2, ['--dry-run']);
    for (const { bucket } of REPORT_BUCKETS) assert.ok(Array.isArray(json[bucket]), bucket);
    assert.deepEqual(
      ['overwrite', 'merge', 'add', 'removed', 'skip', 'delete', 'conflicts'].filter((b) => !REPORT_BUCKETS.some((r) => r.bucket === b)),
      [],
      'the summary rows are all there',
    );
    assert.equal(CONFLICT_MODES[0].mode, DEFAULT_CONFLICTS, 'the default first');
    for (const { mode } of CONFLICT_MODES) assert.equal(runUpdate(project(), v1, v2, ['--dry-run', '--conflicts', mode]).status, 1, mode);
  });

  test('SIGKILL at every mutating step: re-running ends exactly where an uninterrupted run does', () => {
    const reference = project();
    runUpdate(reference, v1, v2);
    const want = settled(reference);
    let killed = 0;
    for (let step = 1; ; step += 1) {
      const dir = project();
      const r = runUpdate(dir, v1, v2, [], { env: { UPKEEP_FAULT_KILL_AT: String(step) } });
      if (r.status !== null) break; // the run finished before this step: all were covered
      killed += 1;
      const resumed = runUpdate(dir, v1, v2);
      assert.ok([0, 1].includes(/** @type {number} */ (resumed.status)), `step ${step}: ${resumed.stderr}`);
      assert.deepEqual(settled(dir), want, `step ${step}: the resumed run differs`);
      assert.equal(runUpdate(dir, v1, v2).json.status, 'up-to-date', `step ${step}`);
      rmSync(dir, { recursive: true, force: true });
    }
    assert.ok(killed >= 10, `only ${killed} kill points`);
  });
});

// The same file on the wasm engine, from the run on the native one.
alsoOnWasm(import.meta.url);
