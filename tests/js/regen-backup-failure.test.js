// A region's declared file that cannot be backed up before its program would run (the
// disk fills at that copy: UPKEEP_FAULT_ENOSPC_AT, found by stepping through the run's
// data writes) is never handed to the program: the region is reported skipped, naming the
// file and the file system's words, and the file is left exactly as it was. The same for
// a folder of the region that cannot be made first (a file in its way).
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { END, GENERATOR, manifest, region, START } from './team-region.js';
import { installProject, runUpdate, tempDir, writeRelease } from './update-fixtures.js';

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);

const team = (/** @type {string} */ body) => `# Team\n\n${START}\n${body}${END}\n`;
// Only the input changes upstream: the walk leaves docs/TEAM.md alone, so the region backs it up itself.
const v1 = track(
  writeRelease(tempDir(), {
    version: '1.0.0',
    files: { 'docs/TEAM.md': team('ann\n'), 'team.txt': 'ann\n', 'gen.sh': GENERATOR },
    manifest,
    extra: { regions: [region] },
  }),
);
const v2 = track(
  writeRelease(tempDir(), {
    version: '1.1.0',
    files: { 'docs/TEAM.md': team('ann\n'), 'team.txt': 'ann\nbob\n', 'gen.sh': GENERATOR },
    manifest,
    extra: { regions: [region] },
  }),
);
const mine = team('- ann\n');

test('a declared file that cannot be backed up first: the program is not run, the report says why, the file is untouched', () => {
  const clean = runUpdate(track(installProject(v1, { 'docs/TEAM.md': mine })), v1, v2);
  assert.deepEqual(
    clean.json.regions.regen.ran.map((/** @type {any} */ r) => r.regionId),
    ['team'],
    clean.stdout,
  );
  let found;
  for (let at = 1; at <= 12 && !found; at += 1) {
    const project = track(installProject(v1, { 'docs/TEAM.md': mine }));
    const r = runUpdate(project, v1, v2, [], { env: { UPKEEP_FAULT_ENOSPC_AT: String(at) } });
    const skipped = r.json?.regions?.regen?.skipped ?? [];
    if (skipped.length > 0) found = { r, project, skipped };
  }
  assert.ok(found, "a full disk at the region's backup was reached");
  const { r, project, skipped } = found;
  assert.deepEqual(
    skipped.map((/** @type {any} */ s) => [s.regionId, s.reason]),
    [['team', 'it was not run: its declared file docs/TEAM.md could not be backed up first (no space left on device, ENOSPC)']],
  );
  assert.deepEqual(r.json.regions.regen.ran, []);
  assert.equal(readFileSync(join(project, 'docs/TEAM.md'), 'utf8'), mine, 'the program never touched it');
  assert.deepEqual(r.json.regions.unregeneratedPaths, ['docs/TEAM.md']);
});

test("a pre-image that cannot be kept on disk first: the program is not run, and the report names the file and the file system's words", () => {
  let found;
  for (let at = 1; at <= 24 && !found; at += 1) {
    const project = track(installProject(v1, { 'docs/TEAM.md': mine }));
    const r = runUpdate(project, v1, v2, [], { env: { UPKEEP_FAULT_ENOSPC_AT: String(at) } });
    const skipped = (r.json?.regions?.regen?.skipped ?? []).filter((/** @type {any} */ s) => s.reason.includes('put it back'));
    if (skipped.length > 0) found = { r, project, skipped };
  }
  assert.ok(found, "a full disk at a pre-image's copy was reached");
  const { r, project, skipped } = found;
  assert.match(
    skipped[0].reason,
    /^it was not run: the copy of docs\/\S+ that would put it back if the update stopped while the program ran could not be saved first \(no space left on device, ENOSPC\)$/,
  );
  assert.deepEqual(r.json.regions.regen.ran, []);
  assert.equal(readFileSync(join(project, 'docs/TEAM.md'), 'utf8'), mine, 'the program never touched it');
});

test('a file the program overwrote that cannot be put back (the disk fills): its earlier content is kept on disk and the report says where', () => {
  // The program also overwrites an untracked note beside its declared file.
  const noisy = `${GENERATOR}echo overwritten > docs/notes.md\n`;
  const release = (/** @type {string} */ version, /** @type {string} */ names) =>
    track(
      writeRelease(tempDir(), {
        version,
        files: { 'docs/TEAM.md': team('ann\n'), 'team.txt': names, 'gen.sh': noisy },
        manifest,
        extra: { regions: [region] },
      }),
    );
  const [w1, w2] = [release('1.0.0', 'ann\n'), release('1.1.0', 'ann\nbob\n')];
  let found;
  for (let at = 1; at <= 40 && !found; at += 1) {
    const project = track(installProject(w1, { 'docs/TEAM.md': mine, 'docs/notes.md': 'my notes\n' }));
    const r = runUpdate(project, w1, w2, [], { env: { UPKEEP_FAULT_ENOSPC_AT: String(at) } });
    const failed = (r.json?.regions?.regen?.confined ?? []).find((/** @type {any} */ c) => c.detail.includes('putting it back failed'));
    if (failed) found = { project, failed };
  }
  assert.ok(found, "a full disk at the note's repair was reached");
  const { project, failed } = found;
  assert.equal(failed.path, 'docs/notes.md');
  const kept = /what was there before is kept in (\S+)$/.exec(failed.detail)?.[1];
  assert.ok(kept, failed.detail);
  assert.match(failed.detail, /putting it back failed: .*ENOSPC/);
  assert.equal(readFileSync(join(project, kept), 'utf8'), 'my notes\n', 'the copy named holds the note as it was');
});

test("a region's folder not there is made before its program runs; one a file is in the way of is not, and the program is not run", () => {
  // The program also writes a file of its own into a folder no release ships.
  const deep = { ...region, paths: ['docs/TEAM.md', 'out/deep/team.json'] };
  const writer = `${GENERATOR}cp team.txt out/deep/team.json\n`;
  const release = (/** @type {string} */ version, /** @type {string} */ names) =>
    track(
      writeRelease(tempDir(), {
        version,
        files: { 'docs/TEAM.md': team('ann\n'), 'team.txt': names, 'gen.sh': writer },
        manifest,
        extra: { regions: [deep] },
      }),
    );
  const [w1, w2] = [release('1.0.0', 'ann\n'), release('1.1.0', 'ann\nbob\n')];
  const made = track(installProject(w1, { 'docs/TEAM.md': mine }));
  const r = runUpdate(made, w1, w2);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.json.regions.regen.ran[0]?.rewrote, ['docs/TEAM.md', 'out/deep/team.json'], r.stdout);
  assert.equal(readFileSync(join(made, 'out/deep/team.json'), 'utf8'), 'ann\nbob\n');
  const blocked = track(installProject(w1, { 'docs/TEAM.md': mine, out: 'a file where the folder goes\n' }));
  const refused = runUpdate(blocked, w1, w2);
  assert.equal(refused.status, 0, refused.stderr);
  assert.deepEqual(
    refused.json.regions.regen.skipped.map((/** @type {any} */ s) => [s.regionId, s.reason]),
    [['team', 'it was not run: its folder out/deep could not be made: something is in its way (a file or a link on its path)']],
  );
  assert.equal(readFileSync(join(blocked, 'out'), 'utf8'), 'a file where the folder goes\n', 'the file in the way is untouched');
  assert.equal(readFileSync(join(blocked, 'docs/TEAM.md'), 'utf8'), mine, 'the program never ran');
});
