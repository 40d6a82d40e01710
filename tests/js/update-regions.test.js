// Generated regions end to end: real templates declaring a region, real projects, real
// regeneration programs (shell scripts) run by `upkeep update`. The project regenerated
// the region, edited outside it, edited inside it, removed or duplicated its markers;
// programs that succeed, fail, hang, flood their output, never start, and write outside
// their paths; malformed, dropped and unreadable declarations; the off switch.
import assert from 'node:assert/strict';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runCli } from './consumer.js';
import { installProject, runUpdate, tempDir, writeRelease, writeTree } from './update-fixtures.js';
import { alsoOnWasm } from './implementations.js';

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);

const START = '<!-- team:start -->';
const END = '<!-- team:end -->';
const team = (/** @type {string} */ heading, /** @type {string} */ body) =>
  `# ${heading}\n\nWho works here:\n${START}\n${body}${END}\n\nThanks.\n`;

// The generator: rewrites the region of docs/TEAM.md from team.txt (one name a line).
const GENERATOR = `#!/bin/sh
set -e
f=docs/TEAM.md
{ sed -n '1,/^${START}$/p' "$f"; sed 's/^/- /' team.txt; sed -n '/^${END}$/,$p' "$f"; } > "$f.tmp"
mv "$f.tmp" "$f"
`;

/** @param {Partial<Record<string, unknown>>} [over] */
const decl = (over = {}) => ({
  id: 'team',
  startMarker: START,
  endMarker: END,
  paths: ['docs/TEAM.md'],
  inputs: ['team.txt'],
  regenerate: { interpreter: 'sh', operand: 'scripts/gen-team.sh', args: [] },
  ...over,
});

const manifest = { 'docs/TEAM.md': 'shared', 'team.txt': 'shared', 'scripts/gen-team.sh': 'owned', 'docs/other.md': 'shared' };

/**
 * Two releases of a template whose docs/TEAM.md carries the region; v2 changes the
 * heading, adds bob to team.txt, and ships a stale region body.
 * @param {{ script?: string, regions?: unknown, baselineRegions?: unknown, omit?: boolean }} [options]
 *   omit: neither manifest has a `regions` key
 */
function template({ script = GENERATOR, regions = [decl()], baselineRegions = [decl()], omit = false } = {}) {
  const v1 = track(
    writeRelease(tempDir(), {
      version: '1.0.0',
      files: { 'docs/TEAM.md': team('Team', 'ann\n'), 'team.txt': 'ann\n', 'scripts/gen-team.sh': script, 'docs/other.md': 'other\n' },
      manifest,
      extra: omit ? {} : { regions: baselineRegions },
    }),
  );
  const v2 = track(
    writeRelease(tempDir(), {
      version: '1.1.0',
      files: {
        'docs/TEAM.md': team('Our team', '(run scripts/gen-team.sh)\n'),
        'team.txt': 'ann\nbob\n',
        'scripts/gen-team.sh': script,
        'docs/other.md': 'other\n',
      },
      manifest,
      extra: omit ? {} : { regions },
    }),
  );
  return { v1, v2 };
}

const read = (/** @type {string} */ root, /** @type {string} */ path) => readFileSync(join(root, path), 'utf8');

describe('the region oracle in the walk', () => {
  test('the project regenerated the region: a clean update, then the region is regenerated', () => {
    const { v1, v2 } = template();
    const project = track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n') }));
    const { status, json, stderr } = runUpdate(project, v1, v2);
    assert.equal(status, 0, stderr);
    assert.deepEqual(json.merge, ['docs/TEAM.md', 'team.txt']);
    assert.deepEqual(json.conflicts, []);
    const r = json.regions;
    assert.equal(r.declarationsLoaded, 1);
    assert.deepEqual(r.fallbacks, []);
    assert.deepEqual(r.regen.ran, [{ argv: ['sh', 'scripts/gen-team.sh'], regionId: 'team', rewrote: ['docs/TEAM.md'] }]);
    assert.deepEqual(r.rewrittenPaths, ['docs/TEAM.md']);
    assert.deepEqual(r.unregeneratedPaths, []);
    assert.deepEqual(r.regen.confined, [], 'the temp file the script renamed is not a write');
    // Latest outside the region, regenerated from the merged team.txt inside it.
    assert.equal(read(project, 'docs/TEAM.md'), team('Our team', '- ann\n- bob\n'));
    // The walk backed it up before the copy; regeneration did not need another copy.
    assert.equal(readFileSync(join(project, json.backupDir, 'docs/TEAM.md'), 'utf8'), team('Team', '- ann\n'));
    assert.deepEqual(r.regen.backedUp, []);
    assert.equal(read(project, '.upkeep/VERSION'), '1.1.0\n');
  });

  test('the same tree without region awareness is a conflict, and the report says awareness was off', () => {
    const { v1, v2 } = template();
    const project = track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n') }));
    const { json } = runUpdate(project, v1, v2, [], { env: { UPKEEP_NO_REGIONS: '1' } });
    assert.deepEqual(
      json.conflicts.map((/** @type {any} */ c) => c.path),
      ['docs/TEAM.md'],
    );
    assert.equal(json.regions.awarenessOff, true);
    assert.equal(json.regions.regen, null);
    const text = runCli(
      [
        'update',
        '--root',
        track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n') })),
        '--baseline',
        v1,
        '--latest',
        v2,
        '--yes',
      ],
      { env: { UPKEEP_NO_REGIONS: '1' } },
    );
    assert.match(
      text.stdout,
      /Regions {6}awareness off for this run \(UPKEEP_NO_REGIONS=1\); every declared path used the whole-file comparison\n/,
    );
  });

  test('edited outside the region: merged on the masked texts (markers where both changed), the region skipped with its command', () => {
    const { v1, v2 } = template();
    const project = track(installProject(v1, { 'docs/TEAM.md': team('The crew', '- ann\n') }));
    const { status, json } = runUpdate(project, v1, v2);
    assert.equal(status, 1);
    assert.deepEqual(
      json.conflicts.map((/** @type {any} */ c) => [c.path, c.route]),
      [['docs/TEAM.md', 'markers']],
    );
    // Both changed the heading: markers there; the project's own region body is kept as it was.
    assert.equal(
      read(project, 'docs/TEAM.md'),
      `<<<<<<< yours\n# The crew\n||||||| 1.0.0 (baseline)\n# Team\n=======\n# Our team\n>>>>>>> 1.1.0 (latest)\n\nWho works here:\n${START}\n- ann\n${END}\n\nThanks.\n`,
    );
    assert.deepEqual(json.regions.regen.skipped, [
      { argv: ['sh', 'scripts/gen-team.sh'], reason: 'left in conflict: docs/TEAM.md', regionId: 'team' },
    ]);
    assert.deepEqual(json.regions.unregeneratedPaths, ['docs/TEAM.md']);
    const text = runCli([
      'update',
      '--root',
      track(installProject(v1, { 'docs/TEAM.md': team('The crew', '- ann\n') })),
      '--baseline',
      v1,
      '--latest',
      v2,
      '--yes',
    ]);
    assert.match(text.stdout, /Regions {6}0 regenerated, 0 failed, 1 skipped, 0 refused \(see notes below\)\n/);
    assert.match(text.stdout, /team: left in conflict: docs\/TEAM.md\n {6}run: sh scripts\/gen-team.sh\n/);
    assert.doesNotMatch(text.stdout, /run: upkeep/);
  });

  test('edited outside the region, apart from upstream: merged cleanly, then the region is regenerated', () => {
    const { v1, v2 } = template();
    const mine = team('Team', '- ann\n').replace('Thanks.', 'Thanks, all.');
    const project = track(installProject(v1, { 'docs/TEAM.md': mine }));
    const { status, json, stderr } = runUpdate(project, v1, v2);
    assert.equal(status, 0, stderr);
    assert.deepEqual(json.merge, ['docs/TEAM.md', 'team.txt']);
    assert.equal(read(project, 'docs/TEAM.md'), team('Our team', '- ann\n- bob\n').replace('Thanks.', 'Thanks, all.'));
    assert.deepEqual(json.regions.rewrittenPaths, ['docs/TEAM.md']);
  });

  test("edited outside the region under --conflicts patch: upstream's own change, and the project's edits outside the region", () => {
    const { v1, v2 } = template();
    const project = track(installProject(v1, { 'docs/TEAM.md': team('The crew', '- ann\n') }));
    const { json } = runUpdate(project, v1, v2, ['--conflicts', 'patch']);
    assert.deepEqual(
      json.conflicts.map((/** @type {any} */ c) => [c.path, c.route]),
      [['docs/TEAM.md', 'patch']],
    );
    assert.equal(
      read(project, '.upkeep-merge/docs/TEAM.md.patch'),
      `--- a/docs/TEAM.md\n+++ b/docs/TEAM.md\n@@ -1,8 +1,8 @@\n-# Team\n+# Our team\n \n Who works here:\n ${START}\n-ann\n+(run scripts/gen-team.sh)\n ${END}\n \n Thanks.\n`,
    );
    const yours = read(project, '.upkeep-merge/docs/TEAM.md.yours.diff');
    assert.match(yours, /^-# Our team\n\+# The crew\n/m);
    assert.doesNotMatch(yours, /ann|bob|run scripts/, 'no line of either region body');
    assert.equal(read(project, 'docs/TEAM.md'), team('The crew', '- ann\n'), 'a path in conflict is left alone');
  });

  test('edited inside the region only: not drift; regeneration overwrites the hand edit and says so', () => {
    const { v1, v2 } = template();
    const project = track(installProject(v1, { 'docs/TEAM.md': team('Team', 'hand-edited\n') }));
    const { status, json } = runUpdate(project, v1, v2);
    assert.equal(status, 0);
    assert.deepEqual(json.merge, ['docs/TEAM.md', 'team.txt']);
    assert.equal(read(project, 'docs/TEAM.md'), team('Our team', '- ann\n- bob\n'));
    assert.deepEqual(json.regions.rewrittenPaths, ['docs/TEAM.md']);
  });

  test('markers removed: a pre-region path, compared as it is; duplicated markers: a whole-file fallback', () => {
    const { v1, v2 } = template();
    const removed = track(installProject(v1, { 'docs/TEAM.md': '# Team\n\nWho works here:\n\nThanks.\n' }));
    let { json } = runUpdate(removed, v1, v2);
    assert.deepEqual(json.regions.fallbacks, [{ path: 'docs/TEAM.md', reason: 'absent-markers' }]);
    assert.equal(json.regions.verdicts[0].markers.current, 'absent');
    assert.equal(json.regions.verdicts[0].markers.bailed, false);
    const dup = track(installProject(v1, { 'docs/TEAM.md': team('Team', `${START}\n- ann\n`) }));
    ({ json } = runUpdate(dup, v1, v2));
    assert.deepEqual(json.regions.fallbacks, [{ path: 'docs/TEAM.md', reason: 'malformed-markers' }]);
    assert.equal(json.regions.verdicts[0].markers.bailed, true);
    assert.deepEqual(
      json.conflicts.map((/** @type {any} */ c) => c.path),
      ['docs/TEAM.md'],
    );
    const text = runCli([
      'update',
      '--root',
      track(installProject(v1, { 'docs/TEAM.md': team('Team', `${START}\n- ann\n`) })),
      '--baseline',
      v1,
      '--latest',
      v2,
      '--yes',
    ]);
    assert.match(text.stdout, /Region fallbacks 1 {2}\(declared paths compared whole-file this run\)\n/);
    assert.match(text.stdout, /docs\/TEAM.md \(malformed-markers\)/);
  });

  test('an input left unmerged, or a declared path the project deleted, skips the region (nothing resurrected)', () => {
    const { v1, v2 } = template();
    const unmerged = track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n'), 'team.txt': 'ann\ncarol\n' }));
    let { json } = runUpdate(unmerged, v1, v2);
    assert.deepEqual(
      json.conflicts.map((/** @type {any} */ c) => c.path),
      ['team.txt'],
    );
    assert.deepEqual(json.merge, ['docs/TEAM.md']);
    assert.deepEqual(json.regions.regen.skipped, [
      { argv: ['sh', 'scripts/gen-team.sh'], reason: 'its inputs were not merged this run: team.txt', regionId: 'team' },
    ]);
    assert.deepEqual(json.regions.unregeneratedPaths, ['docs/TEAM.md'], 'a sibling cleanly updated still carries the release region');
    assert.equal(read(unmerged, 'docs/TEAM.md'), team('Our team', '(run scripts/gen-team.sh)\n'));
    const deleted = track(installProject(v1, { 'docs/TEAM.md': null }));
    ({ json } = runUpdate(deleted, v1, v2));
    assert.deepEqual(json.removed, ['docs/TEAM.md']);
    assert.equal(json.regions.regen.skipped[0].reason, 'deleted in the project: docs/TEAM.md');
    assert.equal(existsSync(join(deleted, 'docs/TEAM.md')), false);
  });

  test('a patch a prior run left for a declared path is reported as superseded', () => {
    const { v1, v2 } = template();
    const project = track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n') }));
    writeTree(project, { '.upkeep-merge/docs/TEAM.md.patch': 'old\n' });
    const { json } = runUpdate(project, v1, v2);
    assert.deepEqual(json.regions.supersededPatches, ['.upkeep-merge/docs/TEAM.md.patch']);
  });

  test('a dry run regenerates nothing', () => {
    const { v1, v2 } = template();
    const project = track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n') }));
    const { json } = runUpdate(project, v1, v2, ['--dry-run']);
    assert.equal(json.status, 'dry-run');
    assert.equal(json.regions.regen, null);
    assert.equal(read(project, 'docs/TEAM.md'), team('Team', '- ann\n'));
  });
});

describe('regeneration programs', () => {
  const projectFor = (/** @type {string} */ script, /** @type {Record<string, string>} */ env = {}) => {
    const { v1, v2 } = template({ script });
    const project = track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n') }));
    return { project, ...runUpdate(project, v1, v2, [], { env }) };
  };

  test('a program that fails: kind exit, its stderr reported, the update still completes', () => {
    const { project, status, json } = projectFor('echo "no roster found" >&2\nexit 3\n');
    assert.equal(status, 0);
    assert.equal(json.status, 'updated');
    assert.deepEqual(json.regions.regen.failed, [
      {
        argv: ['sh', 'scripts/gen-team.sh'],
        cause: null,
        kind: 'exit',
        message: 'no roster found',
        regionId: 'team',
        signal: null,
        status: 3,
      },
    ]);
    assert.deepEqual(json.regions.unregeneratedPaths, ['docs/TEAM.md']);
    assert.equal(read(project, '.upkeep/VERSION'), '1.1.0\n');
  });

  test('a program that never starts: kind spawn', () => {
    const { v1, v2 } = template({
      regions: [decl({ regenerate: { interpreter: 'upkeep-no-such-interpreter', operand: 'scripts/gen-team.sh', args: [] } })],
    });
    const project = track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n') }));
    const { json } = runUpdate(project, v1, v2);
    assert.equal(json.regions.regen.failed[0].kind, 'spawn');
    assert.match(json.regions.regen.failed[0].message, /upkeep-no-such-interpreter could not be started: .*ENOENT/);
  });

  test('a program that hangs past the (test) time ceiling: killed, cause timeout, and what it started dies too', () => {
    const started = Date.now();
    const { status, json } = projectFor('sleep 30 &\nwait\n', { UPKEEP_TEST_REGEN_TIMEOUT_MS: '700' });
    assert.equal(status, 0);
    assert.ok(Date.now() - started < 20_000, 'did not wait for the sleep');
    const [failed] = json.regions.regen.failed;
    assert.deepEqual([failed.kind, failed.cause, failed.signal], ['killed', 'timeout', 'SIGKILL']);
    assert.match(failed.message, /time ceiling \(700 ms\)/);
  });

  test('a program that floods its output past the (test) ceiling: killed, cause output-ceiling', () => {
    const { json } = projectFor('while :; do echo flooding flooding flooding; done\n', { UPKEEP_TEST_REGEN_MAX_OUTPUT: '100000' });
    const [failed] = json.regions.regen.failed;
    assert.deepEqual([failed.kind, failed.cause], ['killed', 'output-ceiling']);
  });

  test('writes inside its directory outside its paths are put back (creations removed), each replaced file saved first', () => {
    const script = `${GENERATOR}echo changed > docs/other.md
echo new > docs/new.txt
ln -s ../team.txt docs/link
mkdir -p docs/made && echo x > docs/made/y
`;
    const { project, json } = projectFor(script);
    const r = json.regions;
    assert.deepEqual(r.regen.ran[0].rewrote, ['docs/TEAM.md']);
    assert.deepEqual(
      r.regen.confined.map((/** @type {any} */ c) => [c.action, c.path, c.violation]),
      [
        ['removed', 'docs/link', false],
        ['removed', 'docs/made', false],
        ['removed', 'docs/new.txt', false],
        ['restored', 'docs/other.md', false],
      ],
    );
    assert.equal(read(project, 'docs/other.md'), 'other\n');
    for (const p of ['docs/new.txt', 'docs/link', 'docs/made'])
      assert.equal(existsSync(join(project, p)) || isLink(join(project, p)), false, p);
    assert.equal(read(project, 'docs/TEAM.md'), team('Our team', '- ann\n- bob\n'));
    // Nothing a repair removed or overwrote is lost: it is in the run's backups.
    const saved = `${json.backupDir}-regen`;
    assert.equal(read(project, `${saved}/docs/other.md`), 'changed\n');
    assert.equal(read(project, `${saved}/docs/new.txt`), 'new\n');
    assert.equal(read(project, `${saved}/docs/made/y`), 'x\n');
  });

  test('a file it deleted outside its paths comes back with its own permission bits', () => {
    const { v1, v2 } = template({ script: `${GENERATOR}rm docs/other.md\n` });
    const project = track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n') }));
    chmodSync(join(project, 'docs/other.md'), 0o750);
    const { json } = runUpdate(project, v1, v2);
    assert.deepEqual(
      json.regions.regen.confined.map((/** @type {any} */ c) => [c.action, c.path]),
      [['restored', 'docs/other.md']],
    );
    assert.equal(read(project, 'docs/other.md'), 'other\n');
    assert.equal(statSync(join(project, 'docs/other.md')).mode & 0o777, 0o750);
  });

  test('a link inside its directory retargeted or deleted is put back on its original target', () => {
    const { v1, v2 } = template({ script: `${GENERATOR}rm docs/keep-link\nln -sf /etc/passwd docs/moved-link\n` });
    const project = track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n') }));
    symlinkSync('other.md', join(project, 'docs/keep-link'));
    symlinkSync('other.md', join(project, 'docs/moved-link'));
    const { json } = runUpdate(project, v1, v2);
    assert.deepEqual(
      json.regions.regen.confined.map((/** @type {any} */ c) => [c.action, c.path]),
      [
        ['restored', 'docs/keep-link'],
        ['restored', 'docs/moved-link'],
      ],
    );
    assert.equal(readlinkSync(join(project, 'docs/keep-link')), 'other.md');
    assert.equal(readlinkSync(join(project, 'docs/moved-link')), 'other.md');
  });
});

describe('regeneration killed', () => {
  // A program that makes a link and a folder, deletes a folder, and deletes and retargets links.
  const script = `${GENERATOR}ln -s ../team.txt docs/link
mkdir -p docs/made && echo x > docs/made/y
rm docs/keep-link && ln -sf /etc/passwd docs/moved-link && rmdir docs/empty
`;
  /** Every path, links and folders included (empty ones too), without the run's backups. */
  const tree = (/** @type {string} */ root) => {
    /** @type {Record<string, string>} */
    const out = {};
    const walk = (/** @type {string} */ rel) => {
      for (const name of readdirSync(join(root, rel)).sort()) {
        const path = rel ? `${rel}/${name}` : name;
        if (path === '.upkeep-backups') continue;
        const st = lstatSync(join(root, path));
        if (st.isSymbolicLink()) out[path] = `-> ${readlinkSync(join(root, path))}`;
        else if (st.isDirectory()) (out[path] = 'folder'), walk(path);
        else out[path] = readFileSync(join(root, path), 'utf8');
      }
    };
    walk('');
    return out;
  };

  test('SIGKILL at every step, the repairs of links and folders included: re-running ends where an uninterrupted run does', () => {
    const { v1, v2 } = template({ script });
    const project = () => {
      const root = track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n') }));
      symlinkSync('other.md', join(root, 'docs/keep-link'));
      symlinkSync('other.md', join(root, 'docs/moved-link'));
      mkdirSync(join(root, 'docs/empty'));
      return root;
    };
    const reference = project();
    const { json } = runUpdate(reference, v1, v2);
    assert.deepEqual(
      json.regions.regen.confined.map((/** @type {any} */ c) => [c.action, c.path]),
      [
        ['restored', 'docs/empty'],
        ['restored', 'docs/keep-link'],
        ['removed', 'docs/link'],
        ['removed', 'docs/made'],
        ['restored', 'docs/moved-link'],
      ],
    );
    assert.deepEqual(json.regions.regen.failed, []);
    const want = tree(reference);
    assert.equal(want['docs/moved-link'], '-> other.md');
    assert.equal(want['docs/empty'], 'folder');
    let killed = 0;
    let recovered = 0;
    for (let step = 1; ; step += 1) {
      const root = project();
      const r = runUpdate(root, v1, v2, [], { env: { UPKEEP_FAULT_KILL_AT: String(step) } });
      if (r.status !== null) break; // the run finished before this step: all were covered
      killed += 1;
      const resumed = runUpdate(root, v1, v2);
      assert.ok([0, 1].includes(/** @type {number} */ (resumed.status)), `step ${step}: ${resumed.stderr}`);
      assert.deepEqual(tree(root), want, `step ${step}: the resumed run differs`);
      // Killed after the program ran and before its repairs ended: the resumed run says what it put back.
      const notice = resumed.json.notices.find((/** @type {string} */ n) => n.startsWith('this update was stopped earlier'));
      if (notice) {
        recovered += 1;
        assert.match(
          notice,
          /upkeep put back \d+ paths? it had written outside its declared paths \(anything it replaced or removed is saved in \.upkeep-backups\/.*-regen\)$/,
        );
      }
      const left = readdirSync(join(root, '.upkeep-backups'), { recursive: true }).filter((p) => String(p).includes('pending'));
      assert.deepEqual(left, [], `step ${step}: the record and its copies are gone`);
      rmSync(root, { recursive: true, force: true });
    }
    assert.ok(killed >= 8, `only ${killed} kill points`);
    assert.ok(recovered >= 3, `only ${recovered} kill points between the program and the end of its repairs`);
  });
});

describe('regions derived from a field-merged file (structured merges run first)', () => {
  // The seed's shape: a roster merged field by field, and a region generated from it.
  const ROSTER_GENERATOR = `#!/bin/sh
set -e
f=docs/TEAM.md
{ sed -n '1,/^${START}$/p' "$f"; sed -n 's/^ *- name: /- /p' team.yml; sed -n '/^${END}$/,$p' "$f"; } > "$f.tmp"
mv "$f.tmp" "$f"
`;
  const rosterManifest = { 'docs/TEAM.md': 'shared', 'team.yml': 'shared', 'scripts/gen-team.sh': 'owned' };
  const extra = {
    regions: [decl({ inputs: ['team.yml'] })],
    merges: { 'team.yml': { format: 'yaml', lists: [{ key: 'members', by: 'name', additions: 'apply' }] } },
  };
  const roster = (/** @type {string[]} */ names) =>
    `# who is on the team\nmembers:\n${names.map((n) => `  - name: ${n}\n    role: dev\n`).join('')}`;
  const releases = () => ({
    v1: track(
      writeRelease(tempDir(), {
        version: '1.0.0',
        manifest: rosterManifest,
        extra,
        files: { 'docs/TEAM.md': team('Team', '- ann\n'), 'team.yml': roster(['ann']), 'scripts/gen-team.sh': ROSTER_GENERATOR },
      }),
    ),
    v2: track(
      writeRelease(tempDir(), {
        version: '1.1.0',
        manifest: rosterManifest,
        extra,
        files: {
          'docs/TEAM.md': team('Our team', '- ann\n- bob\n'),
          'team.yml': roster(['ann', 'bob']),
          'scripts/gen-team.sh': ROSTER_GENERATOR,
        },
      }),
    ),
  });

  test("the region is regenerated from the merged roster: upstream's new member and the project's own", () => {
    const { v1, v2 } = releases();
    const project = track(installProject(v1, { 'team.yml': roster(['ann', 'carol']), 'docs/TEAM.md': team('Team', '- ann\n- carol\n') }));
    const { status, json, stderr } = runUpdate(project, v1, v2);
    assert.equal(status, 0, stderr);
    assert.equal(read(project, 'team.yml'), roster(['ann', 'carol', 'bob']));
    assert.equal(json.structured['team.yml'].applied.length, 1);
    assert.equal(json.structured['team.yml'].fallback, null);
    assert.deepEqual(
      json.regions.regen.ran.map((/** @type {any} */ r) => r.regionId),
      ['team'],
    );
    assert.equal(read(project, 'docs/TEAM.md'), team('Our team', '- ann\n- carol\n- bob\n'));
  });

  test('a roster that falls back to a whole-file conflict skips the region derived from it', () => {
    const { v1, v2 } = releases();
    const project = track(installProject(v1, { 'team.yml': 'members: [ann, &anchor carol]\n', 'docs/TEAM.md': team('Team', '- ann\n') }));
    const { json } = runUpdate(project, v1, v2, ['--conflicts', 'patch']);
    assert.ok(json.structured['team.yml'].fallback, 'the roster was not merged field by field');
    assert.deepEqual(json.regions.regen.skipped, [
      { argv: ['sh', 'scripts/gen-team.sh'], reason: 'its inputs were not merged this run: team.yml', regionId: 'team' },
    ]);
    assert.equal(read(project, 'team.yml'), 'members: [ann, &anchor carol]\n');
    // Under the default the whole-file text merge runs instead: here it conflicts (markers),
    // and the region still waits for the roster.
    const merged = track(installProject(v1, { 'team.yml': 'members: [ann, &anchor carol]\n', 'docs/TEAM.md': team('Team', '- ann\n') }));
    const m = runUpdate(merged, v1, v2);
    assert.deepEqual(
      m.json.conflicts.map((/** @type {any} */ c) => [c.path, c.route]),
      [['team.yml', 'markers']],
    );
    assert.equal(m.json.regions.regen.skipped[0].reason, 'its inputs were not merged this run: team.yml');
  });
});

describe('declarations', () => {
  test('malformed and dropped declarations are reported; their paths compare whole-file', () => {
    const bad = decl({ id: 'broken', endMarker: '  ' });
    const { v1, v2 } = template({
      regions: [bad, { id: 'team' }],
      baselineRegions: [decl(), decl({ id: 'old', paths: ['docs/other.md'] })],
    });
    const project = track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n') }));
    const { json } = runUpdate(project, v1, v2);
    const r = json.regions;
    assert.deepEqual(r.malformedDeclarations, [
      { index: 0, id: 'broken', reason: '"endMarker" is blank' },
      { index: 1, id: 'team', reason: '"startMarker" is missing' },
    ]);
    assert.deepEqual(r.droppedDeclarations, ['old']);
    assert.equal(r.declarationsLoaded, 0);
    assert.deepEqual(
      json.conflicts.map((/** @type {any} */ c) => c.path),
      ['docs/TEAM.md'],
      'whole-file again',
    );
    assert.deepEqual(
      r.regen.refused.map((/** @type {any} */ x) => [x.kind, x.regionId, x.argv]),
      [
        ['declaration', 'broken', null],
        ['declaration', 'team', null],
      ],
    );
    const text = runCli([
      'update',
      '--root',
      track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n') })),
      '--baseline',
      v1,
      '--latest',
      v2,
      '--yes',
    ]);
    assert.match(text.stdout, /\[0\] broken: "endMarker" is blank/);
    assert.match(text.stdout, /UPKEEP_NO_REGIONS=1/);
    assert.match(text.stdout, /Region declarations this release dropped[^\n]*\n {2}old\n/);
  });

  for (const [value, phrase] of /** @type {const} */ ([
    [null, 'null'],
    [false, 'a boolean'],
    [{}, 'an object'],
  ])) {
    test(`"regions": ${JSON.stringify(value)} is a refusal of the manifest by name, not "none declared"`, () => {
      const { v1, v2 } = template({ regions: value });
      const project = track(installProject(v1));
      const { status, json } = runUpdate(project, v1, v2);
      assert.equal(status, 0);
      assert.equal(json.regions.manifestRefusal, `"regions" in the latest release manifest is ${phrase}, not an array`);
      assert.deepEqual(json.regions.regen.refused[0], {
        argv: null,
        kind: 'manifest',
        reason: json.regions.manifestRefusal,
        regionId: '(manifest)',
      });
      const text = runCli(['update', '--root', track(installProject(v1)), '--baseline', v1, '--latest', v2, '--yes']);
      assert.match(text.stdout, /Regions {6}this release's manifest could not be read \("regions" in the latest release manifest is /);
      assert.doesNotMatch(text.stdout, /none declared/);
    });
  }

  test('an operand outside the manifest, or reached through a symlink, is refused', () => {
    const { v1, v2 } = template({ regions: [decl({ regenerate: { interpreter: 'sh', operand: '../evil.sh', args: [] } })] });
    const { json } = runUpdate(track(installProject(v1)), v1, v2);
    assert.deepEqual(
      json.regions.regen.refused.map((/** @type {any} */ x) => [x.kind, x.reason]),
      [['operand', `the operand "../evil.sh" has a '..' segment`]],
    );
    const t = template();
    const project = track(installProject(t.v1));
    rmSync(join(project, 'scripts'), { recursive: true });
    symlinkSync(join(t.v1, 'scripts'), join(project, 'scripts'));
    const linked = runUpdate(project, t.v1, t.v2);
    assert.equal(linked.json.regions.regen.refused[0].kind, 'operand');
    assert.match(linked.json.regions.regen.refused[0].reason, /symbolic link/);
  });

  test('none declared, and a template without regions says nothing about them', () => {
    const empty = template({ regions: [], baselineRegions: [] });
    const text = runCli(['update', '--root', track(installProject(empty.v1)), '--baseline', empty.v1, '--latest', empty.v2, '--yes']);
    assert.match(text.stdout, /Regions {6}none declared by this release\n/);
    const none = template({ omit: true });
    const { json } = runUpdate(track(installProject(none.v1)), none.v1, none.v2);
    assert.equal(json.regions, undefined);
  });
});

function isLink(/** @type {string} */ p) {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

// The same file on the wasm engine, from the run on the native one.
alsoOnWasm(import.meta.url);
