// `upkeep update` end to end on real directories: every row of the decision table, each
// class, the deletion sweep, user deletions, claims, --conflicts modes, dry runs that
// write nothing, version edge cases, and the JSON report's exact buckets. (The merge
// route in depth — markers, patches that apply, kills, git — is update-merge.test.js.)
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { installProject, runUpdate, snapshot, tempDir, writeRelease } from './update-fixtures.js';

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);

// One template, two releases, one path per table row and class.
const classes = /** @type {const} */ (['owned', 'shared', 'wiki-owned']);
/** @type {Record<string, string>} */ const v1Files = {};
/** @type {Record<string, string>} */ const v2Files = {};
/** @type {Record<string, string>} */ const v1Manifest = {};
/** @type {Record<string, string>} */ const v2Manifest = {};
/** @type {Record<string, string | null>} */ const edits = {};
for (const c of classes) {
  const p = (/** @type {string} */ name) => `${c}/${name}`;
  const both = (/** @type {string} */ name, /** @type {string} */ b, /** @type {string} */ l) => {
    v1Files[p(name)] = b;
    v2Files[p(name)] = l;
    v1Manifest[p(name)] = c;
    v2Manifest[p(name)] = c;
  };
  v2Files[p('added')] = 'new\n';
  v2Manifest[p('added')] = c;
  both('user-deleted', 'v1\n', 'v2\n');
  edits[p('user-deleted')] = null;
  v2Files[p('newly-managed')] = 'v2\n';
  v2Manifest[p('newly-managed')] = c;
  edits[p('newly-managed')] = 'mine\n';
  both('no-upstream-change', 'v1\n', 'v1\n');
  edits[p('no-upstream-change')] = 'mine\n';
  both('no-local-change', 'v1\n', 'v2\n');
  both('already-latest', 'v1\n', 'v2\n');
  edits[p('already-latest')] = 'v2\n';
  both('conflict', 'a\nb\nc\nd\ne\n', 'a\nb\nc\nd\nE\n');
  edits[p('conflict')] = 'A\nb\nc\nd\ne\n';
  v1Files[p('dropped-present')] = 'x\n';
  v1Manifest[p('dropped-present')] = c;
  v1Files[p('dropped-gone')] = 'x\n';
  v1Manifest[p('dropped-gone')] = c;
  edits[p('dropped-gone')] = null;
}
v1Files['unmanaged.txt'] = 'the project may keep files the template does not list\n';
const changelog =
  '# Changelog\n\n## [1.1.0]\n### Removed\n- `owned/dropped-present` is gone. **Action required:** delete `owned/dropped-present`.\n- `owned/dropped-gone` is gone. **Action required:** delete it.\n\n## [1.0.0]\n- first\n';
const v1 = track(writeRelease(tempDir(), { version: '1.0.0', files: v1Files, manifest: v1Manifest }));
const v2 = track(writeRelease(tempDir(), { version: '1.1.0', files: v2Files, manifest: v2Manifest, changelog }));

const expected = (/** @type {string} */ name, /** @type {readonly string[]} */ cs = classes) => cs.map((c) => `${c}/${name}`).sort();

describe('upkeep update on a directory release', () => {
  test('every row of the table, for each class, and the sweep: exact buckets', () => {
    const project = track(installProject(v1, edits));
    const { status, json, stderr } = runUpdate(project, v1, v2);
    assert.equal(status, 1, stderr);
    assert.equal(json.status, 'updated');
    assert.deepEqual([json.from, json.to], ['1.0.0', '1.1.0']);
    assert.deepEqual(json.add, expected('added'));
    assert.deepEqual(json.overwrite, [...expected('newly-managed', ['owned']), ...expected('no-local-change', ['owned'])].sort());
    // Both changed, apart: merged three-way by default, for every class.
    assert.deepEqual(json.merge, [...expected('conflict'), ...expected('no-local-change', ['shared', 'wiki-owned'])].sort());
    assert.deepEqual(json.skip, [...expected('already-latest'), ...expected('no-upstream-change')].sort());
    assert.deepEqual(json.removed, [...expected('dropped-gone'), ...expected('user-deleted')].sort());
    assert.deepEqual(json.delete, expected('dropped-present'));
    // No baseline to merge against: the patch route, whatever the mode.
    assert.deepEqual(
      json.conflicts,
      expected('newly-managed', ['shared', 'wiki-owned']).map((path) => ({
        path,
        class: path.split('/')[0],
        route: 'patch',
        patchPath: `.upkeep-merge/${path}.patch`,
        yoursDiffPath: `.upkeep-merge/${path}.yours.diff`,
        latestCopyPath: null,
        reason: 'no baseline to merge against',
      })),
    );
    assert.match(json.backupDir, /^\.upkeep-backups\/\d{8}-\d{6}-\d{3}$/);
    assert.deepEqual(
      json.adopterActions.map((/** @type {any} */ a) => a.subject),
      ['owned/dropped-present'],
    );

    // The files themselves.
    const read = (/** @type {string} */ p) => readFileSync(join(project, p), 'utf8');
    assert.equal(read('owned/no-local-change'), 'v2\n');
    assert.equal(read('owned/no-upstream-change'), 'mine\n');
    assert.equal(read('shared/conflict'), 'A\nb\nc\nd\nE\n', 'merged: both edits kept');
    assert.equal(read(`${json.backupDir}/shared/conflict`), 'A\nb\nc\nd\ne\n', 'merged files are backed up');
    assert.equal(read(`${json.backupDir}/owned/newly-managed`), 'mine\n', 'overwrites are backed up');
    assert.equal(read('shared/newly-managed'), 'mine\n', 'a patch-route conflict leaves the file alone');
    assert.equal(read('.upkeep-merge/shared/newly-managed.patch'), '--- /dev/null\n+++ b/shared/newly-managed\n@@ -0,0 +1 @@\n+v2\n');
    assert.ok(!existsSync(join(project, 'shared/user-deleted')), 'user deletions are respected');
    assert.ok(existsSync(join(project, 'owned/dropped-present')), 'dropped files are never auto-deleted');
    assert.equal(read('unmanaged.txt'), v1Files['unmanaged.txt']);
    assert.equal(read('.upkeep/VERSION'), '1.1.0\n');
    assert.equal(read('.upkeep/manifest.json'), readFileSync(join(v2, '.upkeep/manifest.json'), 'utf8'));
    assert.ok(!existsSync(join(project, '.upkeep/update-in-progress.json')));

    // Run again: up to date, nothing written.
    const before = snapshot(project);
    const again = runUpdate(project, v1, v2);
    assert.equal(again.json.status, 'up-to-date');
    assert.equal(again.status, 0);
    assert.deepEqual(snapshot(project), before);
  });

  test('--conflicts: merge (the default) writes diff3 markers, markers two-part ones, patch leaves the file', () => {
    const v3 = track(
      writeRelease(tempDir(), { version: '1.1.0', files: { ...v2Files, 'owned/conflict': 'Z\nb\nc\nd\ne\n' }, manifest: v2Manifest }),
    );
    const merged = track(installProject(v1, edits));
    const m = runUpdate(merged, v1, v3);
    assert.deepEqual(
      m.json.conflicts.find((/** @type {any} */ c) => c.path === 'owned/conflict'),
      {
        path: 'owned/conflict',
        class: 'owned',
        route: 'markers',
        patchPath: null,
        yoursDiffPath: null,
        latestCopyPath: null,
        reason: null,
      },
    );
    assert.equal(
      readFileSync(join(merged, 'owned/conflict'), 'utf8'),
      '<<<<<<< yours\nA\n||||||| 1.0.0 (baseline)\na\n=======\nZ\n>>>>>>> 1.1.0 (latest)\nb\nc\nd\ne\n',
    );
    assert.equal(readFileSync(join(merged, m.json.backupDir, 'owned/conflict'), 'utf8'), 'A\nb\nc\nd\ne\n', 'backed up before the markers');

    const marked = track(installProject(v1, edits));
    runUpdate(marked, v1, v3, ['--conflicts', 'markers']);
    assert.equal(
      readFileSync(join(marked, 'owned/conflict'), 'utf8'),
      '<<<<<<< yours\nA\n=======\nZ\n>>>>>>> 1.1.0 (latest)\nb\nc\nd\ne\n',
    );

    const patched = track(installProject(v1, edits));
    const p = runUpdate(patched, v1, v2, ['--conflicts', 'patch']);
    assert.ok(
      p.json.conflicts.some(
        (/** @type {any} */ c) => c.path === 'owned/conflict' && c.route === 'patch' && c.reason === '--conflicts patch',
      ),
    );
    assert.equal(readFileSync(join(patched, 'owned/conflict'), 'utf8'), 'A\nb\nc\nd\ne\n', 'left as it is');
    assert.equal(
      readFileSync(join(patched, '.upkeep-merge/owned/conflict.patch'), 'utf8'),
      '--- a/owned/conflict\n+++ b/owned/conflict\n@@ -2,4 +2,4 @@\n b\n c\n d\n-e\n+E\n',
    );
    assert.equal(
      readFileSync(join(patched, '.upkeep-merge/owned/conflict.yours.diff'), 'utf8'),
      '--- owned/conflict (1.1.0, latest)\n+++ owned/conflict (yours)\n@@ -1,5 +1,5 @@\n-a\n+A\n b\n c\n d\n-E\n+e\n',
    );
  });

  test('--dry-run and status write nothing', () => {
    const project = track(installProject(v1, edits));
    const before = snapshot(project);
    const dry = runUpdate(project, v1, v2, ['--dry-run']);
    assert.equal(dry.json.status, 'dry-run');
    assert.deepEqual(dry.json.add, expected('added'));
    assert.deepEqual(snapshot(project), before);
    const status = runUpdate(project, v1, v2, [], { command: 'status' });
    assert.equal(status.status, 1, 'an update is pending');
    assert.ok(status.json.files.some((/** @type {any} */ f) => f.path === 'owned/conflict' && f.localChange && f.upstreamChange));
    assert.deepEqual(snapshot(project), before);
    assert.equal(runUpdate(project, v1, v1, [], { command: 'status' }).status, 0, 'nothing pending on the same release');
  });

  test('claims take paths out of the walk', () => {
    const claim = { claims: [{ file: 'docs/design.md', flag: 'established', paths: ['docs/design.md', 'rules/design.md'] }] };
    const files = (/** @type {string} */ v) => ({ 'docs/design.md': `# design ${v}\n`, 'rules/design.md': `rules ${v}\n` });
    const manifest = { 'docs/design.md': 'wiki-owned', 'rules/design.md': 'owned' };
    const a = track(writeRelease(tempDir(), { version: '2.0.0', files: files('a'), manifest, extra: claim }));
    const b = track(writeRelease(tempDir(), { version: '2.1.0', files: files('b'), manifest, extra: claim }));
    const claimed = track(installProject(a, { 'docs/design.md': '---\nestablished: true\n---\n# ours\n' }));
    const r = runUpdate(claimed, a, b);
    assert.deepEqual(r.json.skip, ['docs/design.md', 'rules/design.md']);
    assert.equal(readFileSync(join(claimed, 'rules/design.md'), 'utf8'), 'rules a\n');
    const unclaimed = track(installProject(a));
    assert.deepEqual(runUpdate(unclaimed, a, b).json.overwrite, ['rules/design.md']);
  });

  test('version edge cases', () => {
    const project = track(installProject(v2));
    const ahead = runUpdate(project, v2, v1);
    assert.equal(ahead.status, 2);
    assert.equal(ahead.json.error.code, 'downgrade');
    const wrongBaseline = runUpdate(track(installProject(v1)), v2, v2);
    assert.equal(wrongBaseline.json.error.code, 'baseline-mismatch', 'the baseline must be the installed release');
    assert.equal(wrongBaseline.status, 2);
    const rc = track(writeRelease(tempDir(), { version: '1.1.0-rc.1', files: v2Files, manifest: v2Manifest }));
    const rcProject = track(installProject(rc));
    assert.equal(runUpdate(rcProject, rc, v2).json.status, 'updated', 'a release candidate updates to its release');
    const bare = track(tempDir());
    const notInstalled = runUpdate(bare, v1, v2);
    assert.equal(notInstalled.status, 2);
    assert.equal(notInstalled.json.error.code, 'not-installed');
    const wrong = track(installProject(v1));
    writeFileSync(join(wrong, '.upkeep/VERSION'), '0.9.0\n');
    assert.equal(runUpdate(wrong, v1, v2).json.error.code, 'baseline-mismatch');
  });

  test('a symlink at a managed path is never written through', () => {
    const project = track(installProject(v1, edits));
    const outside = track(tempDir());
    writeFileSync(join(outside, 'sentinel'), 'untouched\n');
    rmSync(join(project, 'owned/no-local-change'));
    symlinkSync(join(outside, 'sentinel'), join(project, 'owned/no-local-change'));
    const r = runUpdate(project, v1, v2);
    assert.ok(r.json.conflicts.some((/** @type {any} */ c) => c.path === 'owned/no-local-change' && c.patchPath === null));
    assert.equal(readFileSync(join(outside, 'sentinel'), 'utf8'), 'untouched\n');
  });
});
