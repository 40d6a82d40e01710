// The batch writers at scale: files streamed into place (never loaded whole), and dead
// runs' temp files swept once per folder per run, not once per file written (the folder
// listing per temp file made an update's writes grow with writes × folder size).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { atomicWriteAll } from '../../npm/lib/shim/batch-write.js';
import { hashFileSync } from '../../npm/lib/shim/hash-file.js';
import { tempDir } from './update-fixtures.js';

const work = tempDir('upkeep-batch-writes-');
after(() => rmSync(work, { recursive: true, force: true }));

/** A pid that is not running: a child that has exited. */
function deadPid() {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('batch writes', () => {
  test('a file given as { from } is streamed into place with its mode, byte for byte', async () => {
    const dir = join(work, 'stream');
    mkdirSync(dir);
    const from = join(dir, 'source.bin');
    const fd = openSync(from, 'w');
    const chunk = Buffer.alloc(1 << 20, 7);
    for (let i = 0; i < 5; i += 1) writeSync(fd, chunk);
    writeSync(fd, 'tail\n');
    closeSync(fd);
    writeFileSync(join(dir, 'target.bin'), 'old\n');
    await atomicWriteAll([{ path: join(dir, 'target.bin'), data: { from }, mode: 0o640 }]);
    assert.equal(hashFileSync(join(dir, 'target.bin')), hashFileSync(from));
    assert.equal(statSync(join(dir, 'target.bin')).mode & 0o777, 0o640);
    assert.deepEqual(readdirSync(dir).sort(), ['source.bin', 'target.bin']);
  });

  test("dead runs' temps are swept (for any file of the folder), a live run's are kept", async () => {
    const dir = join(work, 'sweep');
    mkdirSync(dir);
    const dead = `.other.js.upkeep-${deadPid()}-0a0b0c0d.tmp`;
    const live = `.other.js.upkeep-${process.ppid}-01020304.tmp`;
    for (const name of [dead, live, '.keep.upkeep-notes.txt']) writeFileSync(join(dir, name), 'x');
    await atomicWriteAll([{ path: join(dir, 'a.js'), data: Buffer.from('a\n') }]);
    assert.deepEqual(readdirSync(dir).sort(), ['.keep.upkeep-notes.txt', live, 'a.js'].sort());
    assert.equal(readFileSync(join(dir, 'a.js'), 'utf8'), 'a\n');
  });

  test('600 files written into 3 folders list each folder once (strace counts the listings)', () => {
    const dir = join(work, 'count');
    const script = `
      const { atomicWriteAll } = await import(${JSON.stringify(new URL('../../npm/lib/shim/batch-write.js', import.meta.url).href)});
      const { mkdirSync } = await import('node:fs');
      const items = [];
      for (const folder of ['a', 'b', 'c']) {
        mkdirSync(${JSON.stringify(dir)} + '/' + folder, { recursive: true });
        for (let i = 0; i < 200; i += 1) items.push({ path: ${JSON.stringify(dir)} + '/' + folder + '/f' + i + '.js', data: Buffer.from('x' + i) });
      }
      process.stderr.write('WRITING\\n');
      await atomicWriteAll(items);
      process.stderr.write('WRITTEN\\n');`;
    // Trace only the folders' openings for listing (O_DIRECTORY), after the module loaded.
    const run = spawnSync(
      'strace',
      ['-f', '-qq', '-e', 'trace=openat,write', '-e', 'signal=none', process.execPath, '--input-type=module', '-e', script],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    assert.equal(run.status, 0, run.stderr.slice(-2000));
    const lines = run.stderr.split('\n');
    const from = lines.findIndex((l) => l.includes('WRITING'));
    const to = lines.findIndex((l) => l.includes('WRITTEN'));
    assert.ok(from >= 0 && to > from, run.stderr.slice(-2000));
    const listed = lines.slice(from, to).filter((l) => /openat\(.*O_DIRECTORY/.test(l) && !/O_CREAT/.test(l));
    // Each folder once for the sweep; the fsync of each folder at the end opens it too (O_RDONLY, no O_DIRECTORY).
    const folders = listed.map((l) => /"([^"]+)"/.exec(l)?.[1]).sort();
    assert.deepEqual(
      folders,
      ['a', 'b', 'c'].map((f) => `${dir}/${f}`),
      listed.join('\n'),
    );
  });
});
