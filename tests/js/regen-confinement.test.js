// Regeneration programs that try to escape, under each confinement this machine gives
// (bubblewrap, util-linux unshare, none — forced with UPKEEP_SANDBOX): a background child
// that keeps writing after the program exits, a detached child holding its output past
// the time ceiling, writes and deletions outside the project, a declared file replaced by
// a link out of the tree, writes in the project outside the region's folders. What can be
// prevented is; the rest is reported and undone inside the tree (saved in the backups
// first); the report states which confinement was in force.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { runCli } from './consumer.js';
import { END, GENERATOR, manifest, region, START } from './team-region.js';
import { installProject, runUpdate, tempDir, writeRelease } from './update-fixtures.js';
import { alsoOnWasm } from './implementations.js';

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);
const read = (/** @type {string} */ root, /** @type {string} */ path) => readFileSync(join(root, path), 'utf8');

const team = (/** @type {string} */ heading, /** @type {string} */ body) => `# ${heading}\n\n${START}\n${body}${END}\n`;

/** Updates a project whose region's program is `script`; returns the run and the project (`text`: the summary, not --json). */
function regenerateWith(/** @type {string} */ script, /** @type {Record<string, string>} */ env, { text = false } = {}) {
  const v1 = track(
    writeRelease(tempDir(), {
      version: '1.0.0',
      files: { 'docs/TEAM.md': team('Team', 'ann\n'), 'team.txt': 'ann\n', 'gen.sh': script },
      manifest,
      extra: { regions: [region] },
    }),
  );
  const v2 = track(
    writeRelease(tempDir(), {
      version: '1.1.0',
      files: { 'docs/TEAM.md': team('Our team', 'x\n'), 'team.txt': 'ann\nbob\n', 'gen.sh': script },
      manifest,
      extra: { regions: [region] },
    }),
  );
  const project = track(installProject(v1, { 'docs/TEAM.md': team('Team', '- ann\n') }));
  const started = Date.now();
  if (text) {
    const t = runCli(['update', '--root', project, '--baseline', v1, '--latest', v2, '--yes'], { env });
    return { ...t, json: null, project, elapsed: Date.now() - started };
  }
  const r = runUpdate(project, v1, v2, [], { env });
  return { ...r, project, elapsed: Date.now() - started };
}

/** Processes whose command line holds `marker` (read from /proc; nothing is killed here). */
function running(/** @type {string} */ marker) {
  return readdirSync('/proc').filter((pid) => {
    try {
      return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').includes(marker);
    } catch {
      return false;
    }
  });
}

const hasBwrap = spawnSync('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-pid', 'true']).status === 0;
const hasUnshare =
  spawnSync('unshare', ['--mount', '--pid', '--fork', '--kill-child', ...(process.getuid?.() === 0 ? [] : ['--map-root-user']), 'true'])
    .status === 0;
const modes = /** @type {const} */ ([
  { mode: 'bwrap', skip: hasBwrap ? false : 'bubblewrap is not installed or not usable here (scripts/setup.sh installs it)' },
  {
    mode: 'unshare',
    skip: hasUnshare ? false : 'util-linux unshare cannot create mount and PID namespaces here (needs root or user namespaces)',
  },
  { mode: 'none', skip: false },
]);
for (const { mode, skip } of modes) if (skip) console.log(`# regen-confinement (${mode}): skipped: ${skip}`);

for (const { mode, skip } of modes) {
  const confined = mode !== 'none';
  describe(`regeneration confined by ${mode}`, { skip }, () => {
    const env = { UPKEEP_SANDBOX: mode };

    test('the report states the confinement in force', () => {
      const r = regenerateWith(GENERATOR, env);
      assert.equal(r.json.regions.regen.sandbox.mode, mode, r.stdout);
      assert.deepEqual(
        r.json.regions.regen.ran.map((/** @type {any} */ x) => x.regionId),
        ['team'],
      );
      assert.equal(read(r.project, 'docs/TEAM.md'), team('Our team', '- ann\n- bob\n'));
      const { stdout } = regenerateWith(GENERATOR, env, { text: true });
      const row = {
        bwrap: /\nConfinement {2}bubblewrap: only the regions' folders were writable/,
        unshare: /\nConfinement {2}unshare \(mount and PID namespaces\)/,
        none: /\nConfinement {2}none available \(UPKEEP_SANDBOX=none\): its own process group only; writes in the project were checked afterwards, writes outside it could be neither prevented nor seen\n/,
      }[mode];
      assert.match(stdout, row);
    });

    test('a background child that keeps writing after the program exits is stopped with it', async () => {
      const r = regenerateWith(`(while :; do echo x >> docs/bg.txt; sleep 0.05; done) &\n${GENERATOR}`, env);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      await sleep(400);
      assert.equal(existsSync(join(r.project, 'docs/bg.txt')), false, 'nothing writes after the update returned');
      if (!confined) assert.deepEqual(r.json.regions.regen.stragglers, ['team'], 'the processes it left are named');
    });

    test('a detached child holding the output: the update does not wait for it, the ceiling holds, nothing survives', () => {
      const quick = regenerateWith(`setsid sh -c 'sleep 61.5' &\n${GENERATOR}`, env);
      assert.ok(quick.elapsed < 15_000, `waited ${quick.elapsed} ms for a detached child`);
      assert.deepEqual(running('sleep 61.5'), [], 'the detached child did not survive');
      const slow = regenerateWith(`setsid sh -c 'sleep 62.5' &\nsleep 63.5\n`, { ...env, UPKEEP_TEST_REGEN_TIMEOUT_MS: '1000' });
      assert.ok(slow.elapsed < 15_000, `the time ceiling did not hold: ${slow.elapsed} ms`);
      const [failed] = slow.json.regions.regen.failed;
      assert.deepEqual([failed.kind, failed.cause], ['killed', 'timeout']);
      assert.deepEqual([...running('sleep 62.5'), ...running('sleep 63.5')], [], 'nothing it started survived');
    });

    test('writes and deletions outside the project: prevented where the machine allows it, and the report says which', () => {
      const outside = track(tempDir());
      writeFileSync(join(outside, 'keep'), 'keep\n');
      const r = regenerateWith(`echo x > "$UPKEEP_TEST_OUTSIDE/new"; rm -f "$UPKEEP_TEST_OUTSIDE/keep"\n${GENERATOR}`, {
        ...env,
        UPKEEP_TEST_OUTSIDE: outside,
      });
      if (confined) {
        assert.deepEqual(readdirSync(outside), ['keep'], 'nothing outside the project changed');
        assert.equal(read(outside, 'keep'), 'keep\n');
      } else {
        // Nothing could stop it: the report says so rather than claiming confinement.
        assert.match(r.json.regions.regen.sandbox.reason, /UPKEEP_SANDBOX=none/);
      }
      assert.equal(r.json.regions.regen.sandbox.mode, mode);
    });

    test('a declared file replaced by a link out of the tree: a failure, and the file is put back', () => {
      const outside = track(tempDir());
      writeFileSync(join(outside, 'secret'), 'SECRET\n');
      const r = regenerateWith(`${GENERATOR}rm docs/TEAM.md; ln -s "$UPKEEP_TEST_OUTSIDE/secret" docs/TEAM.md\n`, {
        ...env,
        UPKEEP_TEST_OUTSIDE: outside,
      });
      const [failed] = r.json.regions.regen.failed;
      assert.equal(failed?.kind, 'confinement', r.stdout);
      assert.equal(lstatSync(join(r.project, 'docs/TEAM.md')).isFile(), true, 'a regular file again');
      assert.equal(read(r.project, 'docs/TEAM.md'), team('Our team', 'x\n'), 'its content before the program ran');
      assert.deepEqual(r.json.regions.rewrittenPaths, []);
      assert.ok(r.json.regions.regen.confined.some((/** @type {any} */ c) => c.path === 'docs/TEAM.md' && c.violation));
    });

    test("writes in the project outside the region's folders: prevented, or a failure undone (the file saved first)", () => {
      const r = regenerateWith(`${GENERATOR}mkdir -p src && echo made > src/made.txt\n`, env);
      assert.equal(existsSync(join(r.project, 'src/made.txt')), false, 'nothing left outside its folders');
      const [failed] = r.json.regions.regen.failed;
      if (confined) {
        assert.equal(failed?.kind, 'exit', r.stdout);
        assert.match(failed.message, /Read-only file system/);
      } else {
        assert.equal(failed?.kind, 'confinement', r.stdout);
        assert.match(failed.message, /it wrote where it may not: src/);
        assert.equal(read(r.project, `${r.json.backupDir}-regen/src/made.txt`), 'made\n', 'what it wrote is saved, not lost');
        // The run and its regeneration folder are one run: listed as one, pruned together or not at all.
        const list = JSON.parse(runCli(['backups', 'list', '--root', r.project, '--json'], { env }).stdout);
        assert.deepEqual(
          list.runs.map((/** @type {any} */ run) => run.folder),
          [r.json.backupDir],
        );
        assert.ok(list.runs[0].onlyHere.includes('src/made.txt'), 'the saved file counts with its run');
        assert.match(list.summary, /^1 backup run, /);
        const prune = JSON.parse(runCli(['backups', 'prune', '--root', r.project, '--keep', '0', '--dry-run', '--json'], { env }).stdout);
        assert.deepEqual(prune.remove, []);
        assert.deepEqual(
          prune.kept.map((/** @type {any} */ k) => k.folder),
          [r.json.backupDir],
        );
      }
      assert.equal(r.status, 0, 'a failed regeneration never fails the update');
      assert.equal(read(r.project, '.upkeep/VERSION'), '1.1.0\n');
    });
  });
}

// The same file on the wasm engine, from the run on the native one.
alsoOnWasm(import.meta.url);
