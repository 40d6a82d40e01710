// The one executor at scale, as every writing command (new, update, refresh, install) uses
// it: files streamed into place (never loaded whole), dead runs' temp files swept once per
// folder per run (the folder listing per temp file made an update's writes grow with
// writes × folder size), a fresh scaffold's files left for the run's one sync, and the
// folders a run writes in opened once and verified once per batch (a walk from the root
// per file made an update's executor the biggest share of its run).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { executeSteps } from '../../npm/lib/flows/execute.js';
import { hashFileSync } from '../../npm/lib/shim/hash-file.js';
import { tempDir } from './update-fixtures.js';
import { alsoOnWasm } from './implementations.js';

const work = tempDir('upkeep-batch-writes-');
after(() => rmSync(work, { recursive: true, force: true }));

/** A pid that is not running: a child that has exited. */
function deadPid() {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

/** A step creating `path` from the release's file of the same name (a scaffold's). @returns {import('../../npm/lib/index.js').WriteStep} */
const install = (/** @type {string} */ path, /** @type {number} */ index) => ({
  path,
  expect: { kind: 'missing' },
  content: { kind: 'release', from: path, sha256: null },
  mode: { kind: 'source' },
  backup: null,
  index,
});

const executor = new URL('../../npm/lib/flows/execute.js', import.meta.url).href;

/** `script` run under strace (the given calls traced), the lines between its WRITING and WRITTEN marks. */
function traced(/** @type {string} */ calls, /** @type {string} */ script) {
  const run = spawnSync(
    'strace',
    ['-f', '-qq', '-e', `trace=${calls}`, '-e', 'signal=none', process.execPath, '--input-type=module', '-e', script],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  assert.equal(run.status, 0, run.stderr.slice(-2000));
  const lines = run.stderr.split('\n');
  const from = lines.findIndex((l) => l.includes('WRITING'));
  const to = lines.findIndex((l) => l.includes('WRITTEN'));
  assert.ok(from >= 0 && to > from, run.stderr.slice(-2000));
  return lines.slice(from, to);
}

describe('the executor at scale', () => {
  test("a release file is streamed into place with the release's mode, byte for byte, over several chunks", async () => {
    const release = join(work, 'stream-rel');
    const root = join(work, 'stream');
    mkdirSync(release);
    mkdirSync(root);
    const fd = openSync(join(release, 'big.bin'), 'w');
    const chunk = Buffer.alloc(1 << 20, 7);
    for (let i = 0; i < 5; i += 1) writeSync(fd, chunk);
    writeSync(fd, 'tail\n');
    closeSync(fd);
    chmodSync(join(release, 'big.bin'), 0o750);
    const { outcomes } = await executeSteps([install('big.bin', 0)], { root, sourceRoot: release });
    assert.deepEqual(
      outcomes.map((o) => o.outcome),
      ['done'],
    );
    assert.equal(hashFileSync(join(root, 'big.bin')), hashFileSync(join(release, 'big.bin')));
    assert.equal(statSync(join(root, 'big.bin')).mode & 0o777, 0o750);
    assert.deepEqual(readdirSync(root), ['big.bin']);
  });

  test("dead runs' temps are swept (for any file of the folder), a live run's are kept", async () => {
    const root = join(work, 'sweep');
    mkdirSync(root);
    const dead = `.other.js.upkeep-${deadPid()}-0a0b0c0d.tmp`;
    const live = `.other.js.upkeep-${process.ppid}-01020304.tmp`;
    for (const name of [dead, live, '.keep.upkeep-notes.txt']) writeFileSync(join(root, name), 'x');
    const step = {
      path: 'a.js',
      expect: { kind: 'missing' },
      content: { kind: 'text', text: 'a\n' },
      mode: { kind: 'replaced-or', mode: 0o644 },
      backup: null,
      index: 0,
    };
    await executeSteps([/** @type {any} */ (step)], { root, sourceRoot: root });
    assert.deepEqual(readdirSync(root).sort(), ['.keep.upkeep-notes.txt', live, 'a.js'].sort());
    assert.equal(readFileSync(join(root, 'a.js'), 'utf8'), 'a\n');
  });

  test('600 files into 3 folders: each folder opened once and listed once (strace counts the openings)', () => {
    const root = join(work, 'count');
    const release = join(work, 'count-rel');
    for (const folder of ['a', 'b', 'c']) {
      mkdirSync(join(root, folder), { recursive: true });
      mkdirSync(join(release, folder), { recursive: true });
      for (let i = 0; i < 200; i += 1) writeFileSync(join(release, folder, `f${i}.js`), `x${i}`);
    }
    const lines = traced(
      'openat,getdents64',
      `
      const { executeSteps } = await import(${JSON.stringify(executor)});
      const steps = [];
      for (const folder of ['a', 'b', 'c'])
        for (let i = 0; i < 200; i += 1) steps.push({ path: folder + '/f' + i + '.js', expect: { kind: 'missing' }, content: { kind: 'release', from: folder + '/f' + i + '.js', sha256: null }, mode: { kind: 'source' }, backup: null, index: steps.length });
      process.stderr.write('WRITING\\n');
      const { outcomes } = await executeSteps(steps, { root: ${JSON.stringify(root)}, sourceRoot: ${JSON.stringify(release)} });
      if (outcomes.some((o) => o.outcome !== 'done')) throw new Error(JSON.stringify(outcomes.find((o) => o.outcome !== 'done')));
      process.stderr.write('WRITTEN\\n');`,
    );
    // Folders are opened O_DIRECTORY: the two roots once each, each folder once in each
    // tree, and each written folder once more for its listing (the sweep of dead temps).
    const opened = lines.filter((l) => /openat\(.*O_DIRECTORY/.test(l) && !/O_CREAT/.test(l)).map((l) => /"([^"]+)"/.exec(l)?.[1] ?? '');
    assert.equal(opened.length, 2 + 3 + 3 + 3, opened.join('\n'));
    for (const folder of ['a', 'b', 'c'])
      assert.equal(opened.filter((p) => p.endsWith(`/${folder}`)).length, 2, `${folder}: ${opened.join('\n')}`);
    assert.equal(readdirSync(join(root, 'a')).length, 200);
  });

  test('a durability: run scaffold syncs nothing file by file; a step run syncs every temp and each folder once per batch', () => {
    const release = join(work, 'sync-rel');
    mkdirSync(join(release, 'd'), { recursive: true });
    for (let i = 0; i < 100; i += 1) writeFileSync(join(release, 'd', `f${i}`), `x${i}`);
    const count = (/** @type {string} */ durability) => {
      const root = mkdtempSync(join(work, 'sync-'));
      const lines = traced(
        'fsync,fdatasync',
        `
        const { executeSteps } = await import(${JSON.stringify(executor)});
        const steps = Array.from({ length: 100 }, (_, i) => ({ path: 'new/f' + i, expect: { kind: 'missing' }, content: { kind: 'release', from: 'd/f' + i, sha256: null }, mode: { kind: 'source' }, backup: null, index: i }));
        process.stderr.write('WRITING\\n');
        await executeSteps(steps, { root: ${JSON.stringify(root)}, sourceRoot: ${JSON.stringify(release)}, durability: ${JSON.stringify(durability)} });
        process.stderr.write('WRITTEN\\n');`,
      );
      assert.equal(readdirSync(join(root, 'new')).length, 100);
      return lines.filter((l) => /^(\[pid +\d+\] )?f(data)?sync\(/.test(l)).length;
    };
    assert.equal(count('run'), 0);
    // 100 temps, the folder made (its parent synced once), the folder once per batch of 64.
    assert.equal(count('step'), 100 + 1 + 2);
  });
});

alsoOnWasm(import.meta.url);
