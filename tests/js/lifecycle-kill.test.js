// `upkeep new` and `upkeep adopt` killed (SIGKILL) at every mutating step: every file is
// absent or whole, never torn; re-running the same command finishes; the result equals an
// uninterrupted run; every file --force replaced has its backup.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { edits, read, snapshot, starter, templateRepo, workspace, writeFiles } from './lifecycle-fixtures.js';

const spaces = /** @type {ReturnType<typeof workspace>[]} */ ([]);
after(() => spaces.forEach((w) => w.remove()));

/** A template of a few dozen files, so the batch writer has work. */
function template(/** @type {ReturnType<typeof workspace>} */ ws) {
  /** @type {Record<string, string>} */
  const files = { ...starter.v1, '.upkeep/VERSION': '1.0.0\n' };
  for (let i = 0; i < 40; i += 1) files[`src/m${i % 4}/f${i}.js`] = `export const f${i} = ${i};\n`;
  writeFiles(ws.path('tpl'), files);
  return files;
}

/** The tree without the backup folders (their run ids differ between runs). */
const normalize = (/** @type {Record<string, string>} */ tree) =>
  Object.fromEntries(Object.entries(tree).filter(([p]) => !p.startsWith('.upkeep-backups/')));

describe('killed at every step', () => {
  test('upkeep new into an empty folder', () => {
    const ws = workspace();
    spaces.push(ws);
    template(ws);
    mkdirSync(ws.path('runs'));
    assert.equal(ws.run(['new', '../tpl', 'ref'], { cwd: ws.path('runs') }).status, 0);
    const want = snapshot(ws.path('runs/ref'));
    let killed = 0;
    for (let step = 1; ; step += 1) {
      const target = `k${step}`;
      const r = ws.run(['new', '../tpl', target], { cwd: ws.path('runs'), env: { UPKEEP_FAULT_KILL_AT: String(step) } });
      if (r.status !== null) break;
      killed += 1;
      const now = snapshot(ws.path(`runs/${target}`));
      for (const [path, bytes] of Object.entries(now)) {
        if (path.startsWith('.upkeep/')) continue;
        if (path.includes('.upkeep-')) continue; // a temp file beside its target, swept by the re-run
        assert.equal(bytes, want[path], `step ${step}: ${path} is torn or foreign`);
      }
      const again = ws.run(['new', '../tpl', target], { cwd: ws.path('runs') });
      assert.equal(again.status, 0, `step ${step}: ${again.stderr}`);
      assert.deepEqual(snapshot(ws.path(`runs/${target}`)), want, `step ${step}: the finished run differs`);
      const third = ws.run(['new', '../tpl', target], { cwd: ws.path('runs'), env: {} });
      assert.equal(third.status, 2, 'once finished, the folder is a project: new refuses it');
      assert.deepEqual(snapshot(ws.path(`runs/${target}`)), want);
    }
    assert.ok(killed >= 8, `only ${killed} kill points`);
  });

  test('upkeep new --force over a folder of edited files: every replaced file has its backup', () => {
    const ws = workspace();
    spaces.push(ws);
    template(ws);
    const theirs = { 'README.md': '# Mine\n', 'src/app.js': 'mine\n', 'src/m1/f1.js': 'mine too\n', 'notes.txt': 'mine\n' };
    writeFiles(ws.path('runs/ref'), theirs);
    assert.equal(ws.run(['new', '../tpl', 'ref', '--force'], { cwd: ws.path('runs') }).status, 0);
    const want = normalize(snapshot(ws.path('runs/ref')));
    let killed = 0;
    for (let step = 1; ; step += 1) {
      const target = `k${step}`;
      writeFiles(ws.path(`runs/${target}`), theirs);
      const r = ws.run(['new', '../tpl', target, '--force'], { cwd: ws.path('runs'), env: { UPKEEP_FAULT_KILL_AT: String(step) } });
      if (r.status !== null) break;
      killed += 1;
      const again = ws.run(['new', '../tpl', target, '--force', '--json'], { cwd: ws.path('runs') });
      assert.equal(again.status, 0, `step ${step}: ${again.stderr}`);
      const tree = snapshot(ws.path(`runs/${target}`));
      assert.deepEqual(normalize(tree), want, `step ${step}: the finished run differs`);
      for (const [path, text] of Object.entries(theirs)) {
        if (path === 'notes.txt') continue;
        const backups = Object.entries(tree).filter(([p]) => p.startsWith('.upkeep-backups/') && p.endsWith(`/${path}`));
        assert.ok(
          backups.some(([p]) => read(ws.path(`runs/${target}`), p) === text),
          `step ${step}: no backup of ${path}`,
        );
      }
    }
    assert.ok(killed >= 8, `only ${killed} kill points`);
  });

  test('a bare upkeep update (the recorded source moves with it)', () => {
    const ws = workspace();
    spaces.push(ws);
    templateRepo(ws.path('tpl.git'), [
      { tag: 'v1.0.0', files: starter.v1 },
      { tag: 'v1.1.0', files: starter.v2 },
    ]);
    assert.equal(ws.run(['new', './tpl.git@1.0.0', 'pristine']).status, 0);
    writeFiles(ws.path('pristine'), edits);
    const copy = (/** @type {string} */ name) => {
      execFileSync('cp', ['-a', ws.path('pristine'), ws.path(name)]);
      return ws.path(name);
    };
    const reference = copy('ref');
    assert.ok([0, 1].includes(/** @type {number} */ (ws.run(['update', '--conflicts', 'merge', '--yes'], { cwd: reference }).status)));
    const clean = (/** @type {Record<string, string>} */ tree) =>
      Object.fromEntries(Object.entries(tree).filter(([p]) => !p.startsWith('.upkeep-backup')));
    const want = clean(snapshot(reference));
    assert.equal(JSON.parse(read(reference, '.upkeep/source.json')).version, '1.1.0');
    let killed = 0;
    for (let step = 1; ; step += 1) {
      const dir = copy(`k${step}`);
      const r = ws.run(['update', '--conflicts', 'merge', '--yes'], { cwd: dir, env: { UPKEEP_FAULT_KILL_AT: String(step) } });
      if (r.status !== null) break;
      killed += 1;
      const again = ws.run(['update', '--conflicts', 'merge', '--yes'], { cwd: dir });
      assert.ok([0, 1].includes(/** @type {number} */ (again.status)), `step ${step}: ${again.stderr}`);
      const third = ws.run(['update', '--yes', '--json'], { cwd: dir });
      assert.equal(third.json.status, 'up-to-date', `step ${step}: ${third.stderr}`);
      assert.deepEqual(clean(snapshot(dir)), want, `step ${step}`);
    }
    assert.ok(killed >= 8, `only ${killed} kill points`);
  });

  test('upkeep adopt', () => {
    const ws = workspace();
    spaces.push(ws);
    const files = template(ws);
    const project = Object.fromEntries(Object.entries({ ...files, ...edits }).filter(([p]) => !p.startsWith('.upkeep/')));
    writeFiles(ws.path('ref'), project);
    assert.equal(ws.run(['adopt', '../tpl@1.0.0'], { cwd: ws.path('ref') }).status, 0);
    const want = snapshot(ws.path('ref'));
    let killed = 0;
    for (let step = 1; ; step += 1) {
      const dir = ws.path(`k${step}`);
      writeFiles(dir, project);
      const r = ws.run(['adopt', '../tpl@1.0.0'], { cwd: dir, env: { UPKEEP_FAULT_KILL_AT: String(step) } });
      if (r.status !== null) break;
      killed += 1;
      const again = ws.run(['adopt', '../tpl@1.0.0'], { cwd: dir });
      assert.equal(again.status, 0, `step ${step}: ${again.stderr}`);
      assert.deepEqual(snapshot(dir), want, `step ${step}`);
    }
    assert.ok(killed >= 3, `only ${killed} kill points`);
  });
});
