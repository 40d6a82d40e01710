// The reusable safety kit on its own: atomic writes, backups, the lock, the journal, safe paths.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { atomicWrite, atomicWriteAll } from '../../npm/lib/shim/atomic-write.js';
import { Backups, saveBackups } from '../../npm/lib/shim/backup.js';
import { acquireLock } from '../../npm/lib/shim/lock.js';
import { JournalWriter, readJournal } from '../../npm/lib/shim/journal.js';
import { inspect } from '../../npm/lib/shim/safe-path.js';
import { engine } from '../../npm/lib/engine.js';

const dir = mkdtempSync(join(tmpdir(), 'upkeep-shim-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('atomic-write', () => {
  test('replaces the file with the final mode and leaves no temp file', () => {
    const path = join(dir, 'a.txt');
    writeFileSync(path, 'old');
    atomicWrite(path, Buffer.from('new'), { mode: 0o640 });
    assert.equal(readFileSync(path, 'utf8'), 'new');
    assert.equal(statSync(path).mode & 0o777, 0o640);
    assert.deepEqual(readdirSync(dir).filter((n) => n.includes('.tmp')), []);
  });
});

describe('batch writes', () => {
  test('atomicWriteAll replaces every file (more than one batch), bytes read lazily, no temp left', async () => {
    const batch = join(dir, 'batch');
    mkdirSync(batch);
    const items = Array.from({ length: 300 }, (_, i) => ({ path: join(batch, `f${i}`), data: i % 2 ? Buffer.from(`v${i}`) : () => Buffer.from(`v${i}`), mode: 0o600 }));
    writeFileSync(join(batch, 'f1'), 'old');
    await atomicWriteAll(items);
    assert.equal(readFileSync(join(batch, 'f1'), 'utf8'), 'v1');
    assert.equal(readFileSync(join(batch, 'f298'), 'utf8'), 'v298');
    assert.equal(statSync(join(batch, 'f0')).mode & 0o777, 0o600);
    assert.deepEqual(readdirSync(batch).filter((n) => n.includes('.tmp')), []);
  });

  test('saveBackups never overwrites another backup, and accepts its own (resume)', async () => {
    await saveBackups(dir, [{ backupRel: 'bk2/a/b.txt', bytes: Buffer.from('one'), mode: 0o644 }]);
    await saveBackups(dir, [{ backupRel: 'bk2/a/b.txt', bytes: () => Buffer.from('one'), mode: 0o644 }]);
    await assert.rejects(saveBackups(dir, [{ backupRel: 'bk2/a/b.txt', bytes: Buffer.from('two'), mode: 0o644 }]), /never overwritten/);
    assert.equal(readFileSync(join(dir, 'bk2/a/b.txt'), 'utf8'), 'one');
    assert.deepEqual(readdirSync(join(dir, 'bk2/a')), ['b.txt']);
  });
});

describe('backup', () => {
  test('a backup is never overwritten with other content; the same content is accepted (resume)', () => {
    const backups = new Backups(dir, 'bk/run1');
    const original = join(dir, 'original.txt');
    const sha = (/** @type {string} */ text) => engine.sha256(Buffer.from(text));
    writeFileSync(original, 'one');
    assert.equal(backups.copy('x/y.txt', original, 0o644, sha('one')), 'bk/run1/x/y.txt');
    assert.equal(backups.copy('x/y.txt', original, 0o644, sha('one')), 'bk/run1/x/y.txt');
    writeFileSync(original, 'two');
    assert.throws(() => backups.copy('x/y.txt', original, 0o644, sha('two')), /never overwritten/);
    // A file that changed after it was hashed is not backed up under the old hash.
    assert.equal(backups.copy('x/z.txt', original, 0o644, sha('one')), undefined);
    assert.equal(existsSync(join(dir, 'bk/run1/x/z.txt')), false);
    assert.equal(readFileSync(join(dir, 'bk/run1/x/y.txt'), 'utf8'), 'one');
  });
});

describe('lock', () => {
  const lockPath = join(dir, 'refresh.lock');
  test('a second holder fails fast, naming the first', () => {
    const lock = acquireLock(lockPath, 'r1');
    assert.throws(() => acquireLock(lockPath, 'r2'), (/** @type {any} */ e) => e.code === 'busy' && /refresh already in progress \(pid \d+, host .+, since .+\)/.test(e.message));
    lock.release();
    assert.equal(existsSync(lockPath), false);
    const update = acquireLock(lockPath, 'u1', { what: 'update' });
    assert.throws(() => acquireLock(lockPath, 'u2', { what: 'update' }), (/** @type {any} */ e) => e.code === 'busy' && /^update already in progress \(pid \d+, host .+, since .+\)/.test(e.message));
    update.release();
  });
  test('a lock from a dead pid on this host is broken', () => {
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
    writeFileSync(lockPath, JSON.stringify({ pid: Number(dead), host: hostname(), start: '1', since: 'then', run: 'old' }));
    const lock = acquireLock(lockPath, 'r3');
    assert.equal(JSON.parse(readFileSync(lockPath, 'utf8')).run, 'r3');
    lock.release();
  });
  test(`runs racing to break a stale lock (and stale breakers) never hold it together: ${process.env.UPKEEP_SOAK ? 200 : 9} trials`, async () => {
    const lockModule = new URL('../../npm/lib/shim/lock.js', import.meta.url).href;
    const dead = Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim());
    const stale = JSON.stringify({ pid: dead, host: hostname(), start: '1', since: 'then', run: 'dead' });
    // Each racer waits for a common instant, tries once, and logs its hold.
    const racer = `
      import { appendFileSync } from 'node:fs';
      import { acquireLock } from ${JSON.stringify(lockModule)};
      const [lockPath, log, at] = process.argv.slice(1);
      while (Date.now() < Number(at));
      try {
        const held = acquireLock(lockPath, String(process.pid));
        appendFileSync(log, 'start ' + process.pid + '\\n');
        const until = Date.now() + 30;
        while (Date.now() < until);
        appendFileSync(log, 'end ' + process.pid + '\\n');
        held.release();
      } catch (e) {
        if (e.code !== 'busy') throw e;
      }`;
    for (let trial = 0; trial < (process.env.UPKEEP_SOAK ? 200 : 9); trial += 1) {
      const path = join(dir, `race-${trial}.lock`);
      const log = join(dir, `race-${trial}.log`);
      writeFileSync(path, stale);
      if (trial % 3 >= 1) writeFileSync(`${path}.break`, stale); // a breaker that died mid-break
      if (trial % 3 === 2) writeFileSync(`${path}.break.break`, stale); // ... and one that died breaking it
      writeFileSync(log, '');
      const at = String(Date.now() + 400);
      const runs = Array.from({ length: 5 }, () => new Promise((resolve) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', racer, path, log, at], { stdio: ['ignore', 'ignore', 'inherit'] });
        child.on('exit', resolve);
      }));
      assert.deepEqual(await Promise.all(runs), [0, 0, 0, 0, 0]);
      const events = readFileSync(log, 'utf8').trim().split('\n').filter(Boolean);
      assert.deepEqual(readdirSync(dir).filter((n) => n.startsWith(`race-${trial}.lock`)), [], `trial ${trial}: no lock or breaker left`);
      assert.ok(events.length >= 2, `trial ${trial}: someone took the stale lock`);
      for (let i = 0; i < events.length; i += 2) {
        assert.match(events[i], /^start /, `trial ${trial}: holds never overlap: ${events.join(', ')}`);
        assert.equal(events[i + 1], events[i].replace('start', 'end'), `trial ${trial}: holds never overlap: ${events.join(', ')}`);
      }
    }
  });
  test('an empty lock has an unknown owner and is not broken', () => {
    writeFileSync(lockPath, '');
    assert.throws(() => acquireLock(lockPath, 'r4'), /unknown owner/);
    assert.equal(readFileSync(lockPath, 'utf8'), '');
    rmSync(lockPath);
  });
  test("another host's lock is never broken; the manual step is printed", () => {
    writeFileSync(lockPath, JSON.stringify({ pid: 1, host: 'elsewhere.invalid', start: '1', since: 'then', run: 'x' }));
    assert.throws(() => acquireLock(lockPath, 'r5'), /remove '.*refresh.lock' by hand/);
    rmSync(lockPath);
  });
  test('a reused pid (same pid, other start time) is stale', () => {
    writeFileSync(lockPath, JSON.stringify({ pid: process.pid, host: hostname(), start: '1', since: 'then', run: 'x' }));
    acquireLock(lockPath, 'r6').release();
  });
});

describe('journal', () => {
  test('rotation with a tiny cap keeps every run with its header; segments read back in order', () => {
    const path = join(dir, 'j.log');
    const header = { type: /** @type {const} */ ('begin'), run: 'r1', ts: 't', root: '/repo', source: 'S' };
    const writer = new JournalWriter(path, header, { cap: 600 });
    writer.append(header);
    for (let i = 0; i < 12; i += 1) writer.append({ type: 'file', run: 'r1', ts: 't', target: `f${i}`, phase: 'done' });
    assert.ok(existsSync(`${path}.1`));
    const segments = readJournal(path);
    for (const s of segments) assert.match(s.text, /^\{"type":"begin"/);
    const journal = engine.parseJournal(segments);
    assert.equal(journal.runs.length, 1);
    assert.ok(journal.runs[0].files.length >= 1);
    assert.equal(journal.runs[0].files.at(-1).target, 'f11');
  });
});

describe('safe-path', () => {
  test('a symlinked parent is refused; a symlink at the path is reported as one', () => {
    const root = join(dir, 'root');
    mkdirSync(join(root, 'real'), { recursive: true });
    symlinkSync(tmpdir(), join(root, 'out'));
    symlinkSync('real', join(root, 'link'));
    assert.throws(() => inspect(root, 'out/x'), /symbolic link/);
    assert.equal(inspect(root, 'link').kind, 'symlink');
    assert.equal(inspect(root, 'real').kind, 'directory');
    assert.equal(inspect(root, 'real/none/deeper').kind, 'missing');
  });
});
