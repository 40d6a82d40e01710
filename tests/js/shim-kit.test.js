// The reusable safety kit on its own: atomic writes, the executor's backups and
// compare-and-swap, the lock, the journal, safe paths and folders by handle.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { atomicWrite } from '../../npm/lib/shim/atomic-write.js';
import { byHandle, openDir } from '../../npm/lib/shim/dir-handle.js';
import { executeSteps } from '../../npm/lib/flows/execute.js';
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
    assert.deepEqual(
      readdirSync(dir).filter((n) => n.includes('.tmp')),
      [],
    );
  });
});

describe('the executor', () => {
  const sha = (/** @type {string} */ text) => engine.sha256(Buffer.from(text));
  /** @param {string} path @param {string} text @param {object} [over] @returns {import('../../npm/lib/index.js').WriteStep} */
  const write = (path, text, over = {}) => ({
    path,
    expect: { kind: 'missing' },
    content: { kind: 'text', text },
    mode: { kind: 'replaced-or', mode: 0o644 },
    backup: null,
    index: null,
    ...over,
  });

  test('writes more than one batch, creating folders, leaving no temp file', async () => {
    const root = mkdtempSync(join(dir, 'exec-'));
    const steps = Array.from({ length: 150 }, (_, i) => write(`d${i % 3}/f${i}`, `v${i}`));
    const { outcomes, failed, stopped } = await executeSteps(steps, { root, sourceRoot: root });
    assert.deepEqual([failed, stopped], [false, false]);
    assert.ok(outcomes.every((o) => o.outcome === 'done'));
    assert.equal(readFileSync(join(root, 'd2/f149'), 'utf8'), 'v149');
    for (const d of ['d0', 'd1', 'd2'])
      assert.deepEqual(
        readdirSync(join(root, d)).filter((n) => n.endsWith('.tmp')),
        [],
      );
  });

  test("each file gets the bits the step's mode names, from its first appearance", async () => {
    const root = mkdtempSync(join(dir, 'exec-'));
    const source = mkdtempSync(join(dir, 'src-'));
    /** @param {string} folder @param {Record<string, number>} files name → mode */
    const make = (folder, files, text = 'old') => {
      for (const [name, mode] of Object.entries(files)) {
        writeFileSync(join(folder, name), text);
        chmodSync(join(folder, name), mode);
      }
    };
    make(source, { 'run.sh': 0o750, tool: 0o640 }, 'from the source');
    make(root, { kept: 0o755, 'copied-over': 0o700, 'released-over': 0o755 });
    const over = { expect: { kind: 'file', sha256: sha('old') } };
    const steps = [
      write('kept', 'new', over),
      write('fresh', 'new', { mode: { kind: 'replaced-or', mode: 0o600 } }),
      write('copied', '', {
        content: { kind: 'copy', from: 'run.sh', sha256: sha('from the source'), crlf: false },
        mode: { kind: 'replaced-or-source' },
      }),
      write('copied-over', '', {
        ...over,
        content: { kind: 'copy', from: 'run.sh', sha256: sha('from the source'), crlf: false },
        mode: { kind: 'replaced-or-source' },
      }),
      write('released-over', '', {
        ...over,
        content: { kind: 'release', from: 'tool', sha256: sha('from the source') },
        mode: { kind: 'source' },
      }),
    ];
    const { outcomes } = await executeSteps(steps, { root, sourceRoot: source });
    assert.deepEqual(
      outcomes.map((o) => o.outcome),
      ['done', 'done', 'done', 'done', 'done'],
    );
    const modes = steps.map((s) => statSync(join(root, s.path)).mode & 0o7777);
    assert.deepEqual(modes, [0o755, 0o600, 0o750, 0o700, 0o640]);
  });

  test('a file that is not what the plan saw is left alone; one created meanwhile is never replaced', async () => {
    const root = mkdtempSync(join(dir, 'exec-'));
    writeFileSync(join(root, 'edited'), 'saved by an editor');
    writeFileSync(join(root, 'appeared'), 'mine');
    const steps = [
      write('edited', 'new', { expect: { kind: 'file', sha256: sha('as planned') }, backup: 'bk/edited' }),
      write('appeared', 'new'),
    ];
    const { outcomes } = await executeSteps(steps, { root, sourceRoot: root });
    assert.deepEqual(
      outcomes.map((o) => o.outcome),
      ['changed', 'changed'],
    );
    assert.equal(readFileSync(join(root, 'edited'), 'utf8'), 'saved by an editor');
    assert.equal(readFileSync(join(root, 'appeared'), 'utf8'), 'mine');
    assert.equal(existsSync(join(root, 'bk/edited')), false, 'no backup of a file that was not replaced');
  });

  test('durability: run (a temp kept open until its link): one created meanwhile is never replaced, and its temp is removed', async () => {
    const root = mkdtempSync(join(dir, 'exec-'));
    mkdirSync(join(root, 'rel'));
    writeFileSync(join(root, 'rel/a'), 'release a');
    writeFileSync(join(root, 'rel/b'), 'release b');
    writeFileSync(join(root, 'appeared'), 'mine');
    const release = (/** @type {string} */ path, /** @type {string} */ from) =>
      write(path, '', { content: { kind: 'release', from, sha256: null }, mode: { kind: 'source' } });
    const { outcomes } = await executeSteps([release('appeared', 'rel/a'), release('fresh', 'rel/b')], {
      root,
      sourceRoot: root,
      durability: 'run',
    });
    assert.deepEqual(
      outcomes.map((o) => o.outcome),
      ['changed', 'done'],
    );
    assert.equal(readFileSync(join(root, 'appeared'), 'utf8'), 'mine');
    assert.equal(readFileSync(join(root, 'fresh'), 'utf8'), 'release b');
    assert.deepEqual(
      readdirSync(root).filter((n) => n.endsWith('.tmp')),
      [],
    );
  });

  test('a backup is never overwritten: the same content is accepted (resume), other content takes the next name', async () => {
    const root = mkdtempSync(join(dir, 'exec-'));
    mkdirSync(join(root, 'bk'));
    writeFileSync(join(root, 'bk/a'), 'an older backup');
    writeFileSync(join(root, 'a'), 'one');
    const step = write('a', 'two', { expect: { kind: 'file', sha256: sha('one') }, backup: 'bk/a' });
    const first = await executeSteps([step], { root, sourceRoot: root });
    assert.deepEqual(first.outcomes, [{ path: 'a', outcome: 'done', backup: 'bk/a.~1~', error: null }]);
    assert.equal(readFileSync(join(root, 'bk/a'), 'utf8'), 'an older backup');
    assert.equal(readFileSync(join(root, 'bk/a.~1~'), 'utf8'), 'one');
    writeFileSync(join(root, 'a'), 'one');
    const again = await executeSteps([step], { root, sourceRoot: root });
    assert.equal(again.outcomes[0].backup, 'bk/a.~1~', 'its identical copy is accepted');
    assert.deepEqual(readdirSync(join(root, 'bk')).sort(), ['a', 'a.~1~']);
  });

  test('a copy from a release refuses a file swapped for a link, and one that no longer hashes as planned', async () => {
    const root = mkdtempSync(join(dir, 'exec-'));
    const release = mkdtempSync(join(dir, 'rel-'));
    writeFileSync(join(dir, 'secret'), 'secret');
    symlinkSync(join(dir, 'secret'), join(release, 'linked'));
    writeFileSync(join(release, 'edited'), 'not what was planned');
    const copy = (/** @type {string} */ path) =>
      write(path, '', { content: { kind: 'copy', from: path, sha256: sha('planned'), crlf: false }, mode: { kind: 'replaced-or-source' } });
    const { outcomes } = await executeSteps([copy('linked'), copy('edited')], { root, sourceRoot: release });
    assert.deepEqual(
      outcomes.map((o) => o.outcome),
      ['source-changed', 'source-changed'],
    );
    assert.deepEqual(readdirSync(root), []);
  });
});

describe('the executor: links, folders and special files', () => {
  /** @param {string} path @param {import('../../npm/lib/index.js').WriteExpect} expect @param {import('../../npm/lib/index.js').WriteContent} content @returns {import('../../npm/lib/index.js').WriteStep} */
  const node = (path, expect, content) => ({ path, expect, content, mode: { kind: 'system' }, backup: null, index: null });
  const remove = /** @type {const} */ ({ kind: 'remove' });

  test('a link or folder is made only where nothing is; a link, folder or FIFO is removed only as what the step expects', async () => {
    const root = mkdtempSync(join(dir, 'nodes-'));
    symlinkSync('elsewhere', join(root, 'appeared'));
    symlinkSync('/etc/passwd', join(root, 'made'));
    symlinkSync('retargeted-since', join(root, 'moved'));
    mkdirSync(join(root, 'empty'));
    spawnSync('mkfifo', [join(root, 'fifo')]);
    writeFileSync(join(root, 'a-file'), 'mine');
    const steps = [
      node('sub/link', { kind: 'missing' }, { kind: 'symlink', target: '../keep.md' }),
      node('appeared', { kind: 'missing' }, { kind: 'symlink', target: 'keep.md' }),
      node('made', { kind: 'symlink', target: '/etc/passwd' }, remove),
      node('moved', { kind: 'symlink', target: '/etc/passwd' }, remove),
      node('empty', { kind: 'directory' }, remove),
      node('fifo', { kind: 'other' }, remove),
      node('a-file', { kind: 'other' }, remove),
      node('again', { kind: 'missing' }, { kind: 'directory' }),
    ];
    const { outcomes, failed } = await executeSteps(steps, { root, sourceRoot: root });
    assert.equal(failed, false);
    assert.deepEqual(
      outcomes.map((o) => [o.path, o.outcome]),
      [
        ['sub/link', 'done'],
        ['appeared', 'changed'],
        ['made', 'done'],
        ['moved', 'changed'],
        ['empty', 'done'],
        ['fifo', 'done'],
        ['a-file', 'changed'],
        ['again', 'done'],
      ],
    );
    assert.equal(readlinkSync(join(root, 'sub/link')), '../keep.md');
    assert.equal(readlinkSync(join(root, 'appeared')), 'elsewhere', 'what appeared is left as it is');
    assert.equal(readlinkSync(join(root, 'moved')), 'retargeted-since', 'a link retargeted since the plan is left as it is');
    assert.equal(readFileSync(join(root, 'a-file'), 'utf8'), 'mine');
    assert.equal(statSync(join(root, 'again')).isDirectory(), true);
    assert.deepEqual(readdirSync(root).sort(), ['a-file', 'again', 'appeared', 'moved', 'sub']);
  });

  test("a folder that is not empty is refused in the file system's words, and the run stops there", async () => {
    const root = mkdtempSync(join(dir, 'nodes-'));
    mkdirSync(join(root, 'full'));
    writeFileSync(join(root, 'full/kept'), 'kept');
    const { outcomes, failed } = await executeSteps(
      [node('full', { kind: 'directory' }, remove), node('next', { kind: 'missing' }, { kind: 'directory' })],
      { root, sourceRoot: root },
    );
    assert.equal(failed, true);
    assert.deepEqual(outcomes, [
      { path: 'full', outcome: 'blocked', backup: null, error: { code: 'ENOTEMPTY', message: 'directory not empty', stage: 'swap' } },
    ]);
    assert.equal(readFileSync(join(root, 'full/kept'), 'utf8'), 'kept');
    assert.equal(existsSync(join(root, 'next')), false, 'nothing after the refusal');
    assert.equal(engine.fileRepairFailure(outcomes[0]), 'directory not empty (ENOTEMPTY)');
  });
});

describe('folders by handle', { skip: byHandle ? false : 'no /proc/self/fd on this machine' }, () => {
  test('a folder swapped for a link after it was opened cannot redirect a write', () => {
    const root = mkdtempSync(join(dir, 'handle-'));
    const outside = mkdtempSync(join(dir, 'outside-'));
    mkdirSync(join(root, 'lib'));
    const lib = openDir(root, 'lib');
    renameSync(join(root, 'lib'), join(root, 'moved'));
    symlinkSync(outside, join(root, 'lib'));
    writeFileSync(lib.path('x'), 'y');
    assert.deepEqual(readdirSync(outside), [], 'nothing written outside the tree');
    assert.deepEqual(readdirSync(join(root, 'moved')), ['x'], 'the write went where the handle points');
    assert.equal(lib.verify(), false, 'the folder is seen to have moved');
    lib.close();
    assert.throws(() => openDir(root, 'lib/deeper'), /symbolic link/);
  });
});

describe('lock', () => {
  const lockPath = join(dir, 'refresh.lock');
  test('a second holder fails fast, naming the first', () => {
    const lock = acquireLock(lockPath, 'r1', { what: 'refresh' });
    assert.throws(
      () => acquireLock(lockPath, 'r2', { what: 'refresh' }),
      (/** @type {any} */ e) => e.code === 'busy' && /refresh already in progress \(pid \d+, host .+, since .+\)/.test(e.message),
    );
    lock.release();
    assert.equal(existsSync(lockPath), false);
    const update = acquireLock(lockPath, 'u1', { what: 'update' });
    assert.throws(
      () => acquireLock(lockPath, 'u2', { what: 'update' }),
      (/** @type {any} */ e) => e.code === 'busy' && /^update already in progress \(pid \d+, host .+, since .+\)/.test(e.message),
    );
    update.release();
  });
  test('a lock from a dead pid on this host is broken', () => {
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
    writeFileSync(lockPath, JSON.stringify({ pid: Number(dead), host: hostname(), start: '1', since: 'then', run: 'old' }));
    const lock = acquireLock(lockPath, 'r3', { what: 'refresh' });
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
        const held = acquireLock(lockPath, String(process.pid), { what: 'refresh' });
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
      const runs = Array.from(
        { length: 5 },
        () =>
          new Promise((resolve) => {
            const child = spawn(process.execPath, ['--input-type=module', '-e', racer, path, log, at], {
              stdio: ['ignore', 'ignore', 'inherit'],
            });
            child.on('exit', resolve);
          }),
      );
      assert.deepEqual(await Promise.all(runs), [0, 0, 0, 0, 0]);
      const events = readFileSync(log, 'utf8').trim().split('\n').filter(Boolean);
      assert.deepEqual(
        readdirSync(dir).filter((n) => n.startsWith(`race-${trial}.lock`)),
        [],
        `trial ${trial}: no lock or breaker left`,
      );
      assert.ok(events.length >= 2, `trial ${trial}: someone took the stale lock`);
      for (let i = 0; i < events.length; i += 2) {
        assert.match(events[i], /^start /, `trial ${trial}: holds never overlap: ${events.join(', ')}`);
        assert.equal(events[i + 1], events[i].replace('start', 'end'), `trial ${trial}: holds never overlap: ${events.join(', ')}`);
      }
    }
  });
  test('an empty lock has an unknown owner and is not broken', () => {
    writeFileSync(lockPath, '');
    assert.throws(() => acquireLock(lockPath, 'r4', { what: 'refresh' }), /unknown owner/);
    assert.equal(readFileSync(lockPath, 'utf8'), '');
    rmSync(lockPath);
  });
  test("another host's lock is never broken; the manual step is printed", () => {
    writeFileSync(lockPath, JSON.stringify({ pid: 1, host: 'elsewhere.invalid', start: '1', since: 'then', run: 'x' }));
    assert.throws(() => acquireLock(lockPath, 'r5', { what: 'refresh' }), /remove '.*refresh.lock' by hand/);
    rmSync(lockPath);
  });
  test('a reused pid (same pid, other start time) is stale', () => {
    writeFileSync(lockPath, JSON.stringify({ pid: process.pid, host: hostname(), start: '1', since: 'then', run: 'x' }));
    acquireLock(lockPath, 'r6', { what: 'refresh' }).release();
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
