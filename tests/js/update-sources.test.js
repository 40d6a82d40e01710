// Release sources (.tar.gz archives, git refs), hostile archive entries, the lock, and
// resuming after the process is SIGKILLed at every mutating step.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { gitTemplate, installProject, runUpdate, snapshot, tempDir, writeRelease } from './update-fixtures.js';
import { hostileArchive as hostileRelease } from './lifecycle-fixtures.js';

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);

const manifest = { 'README.md': 'shared', 'src/a.js': 'owned', 'src/b.js': 'owned', 'src/c.js': 'owned', 'old.md': 'wiki-owned' };
const v1 = track(
  writeRelease(tempDir(), {
    version: '1.0.0',
    manifest,
    files: { 'README.md': '# t\n\nintro\n\nend\n', 'src/a.js': 'a1\n', 'src/b.js': 'b1\n', 'src/c.js': 'c1\n', 'old.md': 'old\n' },
  }),
);
const manifest2 = { 'README.md': 'shared', 'src/a.js': 'owned', 'src/b.js': 'owned', 'src/c.js': 'owned', 'src/d.js': 'owned' };
const v2 = track(
  writeRelease(tempDir(), {
    version: '1.1.0',
    manifest: manifest2,
    files: { 'README.md': '# t\n\nintro\n\nEND\n', 'src/a.js': 'a2\n', 'src/b.js': 'b2\n', 'src/c.js': 'c1\n', 'src/d.js': 'd2\n' },
  }),
);
const edits = { 'README.md': '# mine\n\nintro\n\nend\n', 'src/c.js': 'c-mine\n' };

/** A .tar.gz of `dir` under a top-level folder, as GitHub ships releases. */
function archive(/** @type {string} */ dir) {
  const out = join(track(tempDir()), 'release.tar.gz');
  execFileSync('tar', ['-czf', out, '--transform', 's,^\\.,template-1,', '-C', dir, '.']);
  return out;
}

/** A 1.1.0 release holding one hostile entry (the lifecycle tests' archive). */
function hostileArchive(/** @type {string} */ kind) {
  const out = join(track(tempDir()), `${kind}.tar.gz`);
  return hostileRelease(kind, out, { '.upkeep/VERSION': '1.1.0\n', '.upkeep/manifest.json': '{"schema":1,"files":{}}' });
}

describe('release sources', () => {
  test('.tar.gz archives and git refs give the same report as directories', () => {
    const fromDirs = runUpdate(track(installProject(v1, edits)), v1, v2).json;
    const fromTars = runUpdate(track(installProject(v1, edits)), archive(v1), archive(v2)).json;
    const repo = track(
      gitTemplate([
        { tag: 'v1.0.0', dir: v1 },
        { tag: 'v1.1.0', dir: v2 },
      ]),
    );
    const fromGit = runUpdate(track(installProject(v1, edits)), `${repo}#v1.0.0`, `${repo}#v1.1.0`).json;
    const buckets = (/** @type {any} */ r) => ({ ...r, backupDir: null, releases: null, run: null });
    assert.equal(fromDirs.status, 'updated');
    assert.deepEqual(fromDirs.overwrite, ['src/a.js', 'src/b.js']);
    assert.deepEqual(fromDirs.add, ['src/d.js']);
    assert.deepEqual(fromDirs.delete, ['old.md']);
    assert.deepEqual(buckets(fromTars), buckets(fromDirs));
    assert.deepEqual(buckets(fromGit), buckets(fromDirs));
    const badRef = runUpdate(track(installProject(v1)), `${repo}#v1.0.0`, `${repo}#no-such-tag`);
    assert.equal(badRef.status, 2);
    assert.equal(badRef.json.error.code, 'bad-release');
  });

  for (const kind of ['dotdot', 'absolute', 'symlink', 'hardlink', 'device']) {
    test(`an archive with a ${kind} entry is refused before anything is written`, () => {
      const sentinel = track(tempDir());
      const project = track(installProject(v1));
      const before = snapshot(project);
      const r = runUpdate(project, v1, hostileArchive(kind));
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.json.error.code, 'unsafe-path');
      assert.deepEqual(snapshot(project), before);
      assert.deepEqual(snapshot(sentinel), {});
      assert.ok(!existsSync('/tmp/upkeep-life-absolute-escape.txt'));
    });
  }
});

describe('a release file that is there but cannot be read', () => {
  test('a release manifest that is a folder is refused by name, never laid out as the default manifest', () => {
    const broken = track(tempDir());
    execFileSync('cp', ['-r', `${v2}/.`, broken]);
    rmSync(join(broken, '.upkeep/manifest.json'));
    mkdirSync(join(broken, '.upkeep/manifest.json'));
    const project = track(installProject(v1));
    const before = snapshot(project);
    const r = runUpdate(project, v1, broken);
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.json.error.code, 'bad-path');
    assert.match(
      r.json.error.message,
      /^cannot read the latest release's \.upkeep\/manifest\.json .*manifest\.json: illegal operation on a directory$/,
    );
    assert.deepEqual(snapshot(project), before);
  });
});

describe('interruption and concurrency', () => {
  test('SIGKILL at every mutating step: re-running completes, equal to an uninterrupted run', () => {
    const reference = track(installProject(v1, edits));
    runUpdate(reference, v1, v2);
    const want = snapshot(reference);
    const normalize = (/** @type {Record<string, string>} */ tree) =>
      Object.fromEntries(Object.entries(tree).filter(([p]) => !p.startsWith('.upkeep-backups/')));
    let killed = 0;
    for (let step = 1; ; step += 1) {
      const project = track(installProject(v1, edits));
      const original = snapshot(project);
      const r = runUpdate(project, v1, v2, [], { env: { UPKEEP_FAULT_KILL_AT: String(step) } });
      if (r.status !== null) break; // ran to the end: every step has been interrupted once
      killed += 1;
      // Every managed file is its old or its new version, never torn.
      const now = snapshot(project);
      for (const path of Object.keys(manifest2)) {
        assert.ok([original[path], want[path]].includes(now[path]), `step ${step}: ${path} torn`);
      }
      const resumed = runUpdate(project, v1, v2);
      assert.ok([0, 1].includes(/** @type {number} */ (resumed.status)), `step ${step}: ${resumed.stderr}`);
      assert.deepEqual(normalize(snapshot(project)), normalize(want), `step ${step}: resumed run differs`);
      // Every replaced file has a backup of its old content somewhere in this run's folder.
      const backups = Object.entries(snapshot(project)).filter(([p]) => p.startsWith('.upkeep-backups/'));
      for (const path of ['src/a.js', 'src/b.js']) {
        assert.ok(
          backups.some(([p, bytes]) => p.endsWith(`/${path}`) && bytes === original[path]),
          `step ${step}: no backup of ${path}`,
        );
      }
      const third = snapshot(project);
      assert.equal(runUpdate(project, v1, v2).json.status, 'up-to-date');
      assert.deepEqual(snapshot(project), third, `step ${step}: a second re-run changed something`);
    }
    assert.ok(killed >= 8, `only ${killed} kill points`);
  });

  test('Ctrl-C at every step stops at the next phase boundary with exit 130; re-running completes', () => {
    const reference = track(installProject(v1, edits));
    runUpdate(reference, v1, v2);
    const want = snapshot(reference);
    const normalize = (/** @type {Record<string, string>} */ tree) =>
      Object.fromEntries(Object.entries(tree).filter(([p]) => !p.startsWith('.upkeep-backups/')));
    let stopped = 0;
    for (let step = 1; ; step += 1) {
      const project = track(installProject(v1, edits));
      const original = snapshot(project);
      const r = runUpdate(project, v1, v2, [], { env: { UPKEEP_FAULT_SIGINT_AT: String(step) } });
      if (r.status !== 130) {
        // Past the last phase boundary: the update completed, and says so honestly.
        assert.ok([0, 1].includes(/** @type {number} */ (r.status)), `step ${step}: ${r.stderr}`);
        assert.deepEqual(normalize(snapshot(project)), normalize(want), `step ${step}: finished run differs`);
        break;
      }
      stopped += 1;
      assert.equal(r.json.error.code, 'interrupted');
      const now = snapshot(project);
      for (const path of Object.keys(manifest2)) {
        assert.ok([original[path], want[path]].includes(now[path]), `step ${step}: ${path} torn`);
      }
      const resumed = runUpdate(project, v1, v2);
      assert.ok([0, 1].includes(/** @type {number} */ (resumed.status)), `step ${step}: ${resumed.stderr}`);
      assert.deepEqual(normalize(snapshot(project)), normalize(want), `step ${step}: resumed run differs`);
    }
    assert.ok(stopped >= 1, 'no step was interrupted');
  });

  test('a held lock makes a second run fail fast with the busy code; a stale one is broken', () => {
    const project = track(installProject(v1, edits));
    mkdirSync(join(project, '.upkeep'), { recursive: true });
    const { hostname } = /** @type {any} */ (process.env);
    writeFileSync(
      join(project, '.upkeep/update.lock'),
      JSON.stringify({ pid: process.pid, host: execFileSync('hostname', { encoding: 'utf8' }).trim(), since: 'now' }),
    );
    const busy = runUpdate(project, v1, v2);
    assert.equal(busy.status, 75, hostname);
    assert.equal(busy.json.error.code, 'busy');
    assert.equal(readFileSync(join(project, '.upkeep/VERSION'), 'utf8'), '1.0.0\n');
    writeFileSync(
      join(project, '.upkeep/update.lock'),
      JSON.stringify({ pid: 2 ** 22 + 7, host: execFileSync('hostname', { encoding: 'utf8' }).trim(), since: 'then' }),
    );
    assert.equal(runUpdate(project, v1, v2).json.status, 'updated');
  });
});
