// `upkeep install` / `upkeep refresh` end to end on real directories: the issue's
// scenario under each flag combination, kill -9 at every mutating step, concurrent runs,
// hostile manifests, CRLF and binary files, no TTY.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runCli, upkeepBin } from './consumer.js';
import { alsoOnWasm } from './implementations.js';

const base = mkdtempSync(join(tmpdir(), 'upkeep-refresh-'));
after(() => rmSync(base, { recursive: true, force: true }));
let counter = 0;

/** @param {string} root @param {Record<string, string | Buffer>} files */
function put(root, files) {
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), content);
  }
}
const manifest = (/** @type {object} */ m) => JSON.stringify({ schema: 1, home: 'svc', ...m });
const files = (/** @type {string[]} */ names) => names.map((n) => ({ src: `code/${n}`, target: `svc/${n}` }));

/** Every file under `root` (not following links) as `{path: content}`. */
function snapshot(/** @type {string} */ root, /** @type {(p: string) => boolean} */ keep = () => true) {
  /** @type {Record<string, string>} */
  const out = {};
  const walk = (/** @type {string} */ rel) => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (keep(path)) out[path] = readFileSync(join(root, path)).toString('latin1');
    }
  };
  walk('');
  return out;
}
const managed = (/** @type {string} */ p) => p.startsWith('svc/') && !p.includes('.upkeep-') && !p.startsWith('.git/');

/** The issue's scenario: installed, then the host edits and deletes, the source moves on. */
function scenario() {
  const dir = join(base, `s${counter++}`);
  const src = join(dir, 'src');
  const host = join(dir, 'host');
  mkdirSync(host, { recursive: true });
  put(src, {
    'install/manifest.json': manifest({
      files: files(['same.mjs', 'stale.mjs', 'mine.mjs', 'gone.mjs', 'dropped.mjs', 'old.mjs', 'crlf.txt', 'blob.bin']),
    }),
    'code/same.mjs': 'same\n',
    'code/stale.mjs': 'stale v1\n',
    'code/mine.mjs': 'mine v1\n',
    'code/gone.mjs': 'gone v1\n',
    'code/dropped.mjs': 'dropped v1\n',
    'code/old.mjs': 'renamed v1\n',
    'code/crlf.txt': 'a\nb\n',
    'code/blob.bin': Buffer.from([0, 1, 2, 255]),
  });
  const installed = runCli(['install', '--source', src, '--target', host]);
  assert.equal(installed.status, 0, installed.stderr);
  put(host, { 'svc/mine.mjs': 'my edit\n', 'svc/crlf.txt': 'a\r\nb\r\n' });
  rmSync(join(host, 'svc/gone.mjs'));
  rmSync(join(src, 'code/dropped.mjs'));
  rmSync(join(src, 'code/old.mjs'));
  put(src, {
    'install/manifest.json': manifest({
      files: files(['same.mjs', 'stale.mjs', 'mine.mjs', 'gone.mjs', 'crlf.txt', 'blob.bin', 'added.mjs']).concat([
        { src: 'code/new.mjs', target: 'svc/old.mjs' },
      ]),
      renames: [{ from: 'code/old.mjs', to: 'code/new.mjs' }],
    }),
    'code/stale.mjs': 'stale v2\n',
    'code/mine.mjs': 'mine v2\n',
    'code/gone.mjs': 'gone v2\n',
    'code/new.mjs': 'renamed v2\n',
    'code/added.mjs': 'added\n',
    'code/blob.bin': Buffer.from([0, 1, 2, 254]),
  });
  return { dir, src, host };
}

const ALL = ['--auto', 'take-theirs', '--host-deleted', 'restore', '--source-deleted', 'remove'];
const refresh = (/** @type {{src: string, host: string}} */ s, /** @type {string[]} */ flags = [], env = {}) =>
  runCli(['refresh', '--source', s.src, '--target', s.host, '--json', ...flags], { env: { CI: '', ...env } });

describe('refresh: the scenario under each flag combination', () => {
  test('no TTY, no flags: stale, renamed and added files update; edits and deletions wait; exit 1', () => {
    const s = scenario();
    const r = refresh(s);
    assert.equal(r.status, 1, r.stderr);
    const report = JSON.parse(r.stdout);
    const by = Object.fromEntries(report.files.map((/** @type {any} */ f) => [f.target, f]));
    assert.deepEqual(Object.fromEntries(report.files.map((/** @type {any} */ f) => [f.target, [f.state, f.action]])), {
      'svc/same.mjs': ['unchanged-identical', 'none'],
      'svc/stale.mjs': ['unchanged-stale', 'write'],
      'svc/mine.mjs': ['locally-modified', 'pending'],
      'svc/gone.mjs': ['host-deleted', 'pending'],
      'svc/crlf.txt': ['unchanged-identical', 'none'],
      'svc/blob.bin': ['unchanged-stale', 'write'],
      'svc/added.mjs': ['new-upstream', 'write'],
      'svc/old.mjs': ['unchanged-stale', 'write'],
      'svc/dropped.mjs': ['source-deleted', 'pending'],
    });
    assert.equal(by['svc/old.mjs'].renamedFrom, 'code/old.mjs');
    const tree = snapshot(s.host, managed);
    assert.equal(tree['svc/mine.mjs'], 'my edit\n');
    assert.equal(tree['svc/crlf.txt'], 'a\r\nb\r\n');
    assert.equal(tree['svc/old.mjs'], 'renamed v2\n');
    assert.equal(tree['svc/dropped.mjs'], 'dropped v1\n');
    assert.equal(tree['svc/gone.mjs'], undefined);
    const journal = readFileSync(join(s.host, 'svc/.upkeep-source.refresh.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(journal[0].type, 'begin');
    assert.equal(journal.at(-1).outcome, 'pending');
    assert.ok(journal.some((l) => l.target === 'svc/stale.mjs' && l.phase === 'intent' && l.state === 'unchanged-stale'));
  });

  test('--auto take-theirs --host-deleted restore --source-deleted remove: everything upstream, backed up', () => {
    const s = scenario();
    const r = refresh(s, ['--auto', 'take-theirs', '--host-deleted', 'restore', '--source-deleted', 'remove']);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const tree = snapshot(s.host, managed);
    assert.equal(tree['svc/mine.mjs'], 'mine v2\n');
    assert.equal(tree['svc/gone.mjs'], 'gone v2\n');
    assert.equal(tree['svc/dropped.mjs'], undefined);
    assert.equal(readFileSync(join(s.host, 'svc/.upkeep-backups/.gitignore'), 'utf8'), '*\n', 'the backups folder ignores itself in git');
    const backups = snapshot(s.host, (p) => p.includes('.upkeep-backups/') && !p.endsWith('.upkeep-backups/.gitignore'));
    const values = Object.entries(backups).map(([p, c]) => [p.replace(/.*\.upkeep-backups\/[^/]+\//, ''), c]);
    assert.deepEqual(Object.fromEntries(values), {
      'svc/mine.mjs': 'my edit\n',
      'svc/dropped.mjs': 'dropped v1\n',
      'svc/stale.mjs': 'stale v1\n',
      'svc/old.mjs': 'renamed v1\n',
      'svc/blob.bin': Buffer.from([0, 1, 2, 255]).toString('latin1'),
    });
    const again = refresh(s);
    assert.equal(again.status, 0, again.stdout);
    assert.equal(JSON.parse(again.stdout).recordChanged, false);
  });

  test('--auto keep-mine keeps the edit on later runs until the source moves again', () => {
    const s = scenario();
    assert.equal(refresh(s, ['--auto', 'keep-mine', '--host-deleted', 'forget', '--source-deleted', 'keep']).status, 0);
    const second = refresh(s);
    assert.equal(second.status, 0, second.stdout);
    assert.equal(readFileSync(join(s.host, 'svc/mine.mjs'), 'utf8'), 'my edit\n');
    put(s.src, { 'code/mine.mjs': 'mine v3\n' });
    const third = JSON.parse(refresh(s).stdout);
    assert.deepEqual(third.files.find((/** @type {any} */ f) => f.target === 'svc/mine.mjs').action, 'pending');
  });

  test('--confirm records a hand merge as the baseline; confirming what is no merge is refused', () => {
    const s = scenario();
    put(s.host, { 'svc/mine.mjs': 'my edit\nmine v2\n' }); // merged by hand
    const bad = refresh(s, ['--confirm', 'svc/same.mjs']);
    assert.equal(JSON.parse(bad.stdout).error.code, 'invalid-argument', bad.stdout);
    const first = JSON.parse(refresh(s, ['--confirm', 'svc/mine.mjs']).stdout);
    assert.equal(first.files.find((/** @type {any} */ f) => f.target === 'svc/mine.mjs').action, 'record');
    const again = JSON.parse(refresh(s).stdout);
    assert.equal(again.files.find((/** @type {any} */ f) => f.target === 'svc/mine.mjs').action, 'none');
    assert.equal(readFileSync(join(s.host, 'svc/mine.mjs'), 'utf8'), 'my edit\nmine v2\n');
  });

  test('--dry-run writes nothing at all', () => {
    const s = scenario();
    const before = snapshot(s.host);
    const r = refresh(s, ['--dry-run', ...ALL]);
    assert.equal(r.status, 0);
    assert.deepEqual(snapshot(s.host), before);
  });

  test('CI=true with stdin closed never prompts and reports pending decisions', () => {
    const s = scenario();
    const r = runCli(['refresh', '--source', s.src, '--target', s.host], { env: { CI: 'true' }, input: '' });
    assert.equal(r.status, 1);
    assert.match(r.stdout, /Waiting for your decision \(3\):\n {2}svc\/mine\.mjs {2}\(changed here, differs from the source\)\n/);
    assert.equal(r.stderr, '');
  });

  test('an old record schema is refused with the instruction to re-install; --json prints one document', () => {
    const s = scenario();
    writeFileSync(join(s.host, 'svc/.upkeep-source.json'), '{"files":[]}');
    const r = refresh(s);
    assert.equal(r.status, 2);
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.error.code, 'old-manifest-schema');
    assert.match(doc.error.message, /re-install with `upkeep install/);
  });
});

describe('refresh: hostile manifests write nothing', () => {
  const hostile = [
    '../outside/pwned',
    '/tmp/pwned',
    'C:\\pwned',
    '.git/hooks/post-checkout',
    'svc/.GIT/x',
    'git~1/config',
    'svc//x',
    'svc/./x',
    'a\\..\\..\\pwned',
  ];
  for (const target of hostile) {
    test(`target ${JSON.stringify(target)}`, () => {
      const dir = join(base, `h${counter++}`);
      put(dir, {
        'src/install/manifest.json': JSON.stringify({ schema: 1, files: [{ src: 'x', target }] }),
        'src/x': 'evil',
        'outside/sentinel': 'safe',
      });
      mkdirSync(join(dir, 'host'));
      const before = snapshot(dir);
      const r = runCli(['install', '--source', join(dir, 'src'), '--target', join(dir, 'host'), '--json']);
      assert.equal(r.status, 2, r.stdout);
      assert.equal(JSON.parse(r.stdout).error.code, 'unsafe-path');
      assert.deepEqual(snapshot(dir), before);
    });
  }

  test('the two-release attack: a symlink shipped earlier is never written through', () => {
    const dir = join(base, `h${counter++}`);
    put(dir, { 'src/install/manifest.json': manifest({ files: [{ src: 'a', target: 'svc/a' }] }), 'src/a': 'a', 'sentinel/keys': 'safe' });
    mkdirSync(join(dir, 'host'));
    assert.equal(runCli(['install', '--source', join(dir, 'src'), '--target', join(dir, 'host')]).status, 0);
    symlinkSync(join(dir, 'sentinel'), join(dir, 'host/svc/x'));
    put(dir, {
      'src/install/manifest.json': manifest({
        files: [
          { src: 'a', target: 'svc/a' },
          { src: 'k', target: 'svc/x/keys' },
        ],
      }),
      'src/k': 'attacker key',
    });
    const r = runCli([
      'refresh',
      '--source',
      join(dir, 'src'),
      '--target',
      join(dir, 'host'),
      '--json',
      '--auto',
      'take-theirs',
      '--host-deleted',
      'restore',
    ]);
    assert.equal(r.status, 2, r.stdout);
    assert.equal(JSON.parse(r.stdout).error.code, 'unsafe-path');
    assert.equal(readFileSync(join(dir, 'sentinel/keys'), 'utf8'), 'safe');
  });

  test('a managed path that became a symlink is a conflict, not written through', () => {
    const s = scenario();
    rmSync(join(s.host, 'svc/stale.mjs'));
    symlinkSync(join(s.dir, 'src/code/same.mjs'), join(s.host, 'svc/stale.mjs'));
    const report = JSON.parse(refresh(s, ['--auto', 'take-theirs']).stdout);
    assert.equal(report.files.find((/** @type {any} */ f) => f.target === 'svc/stale.mjs').action, 'conflict');
    assert.equal(readFileSync(join(s.dir, 'src/code/same.mjs'), 'utf8'), 'same\n');
  });

  test('a journal planted as a symlink (dangling or not) is refused before anything is written', () => {
    for (const dangling of [false, true]) {
      const s = scenario();
      const outside = join(s.dir, 'outside.log');
      if (!dangling) writeFileSync(outside, 'keep\n');
      symlinkSync(outside, join(s.host, 'svc/.upkeep-source.refresh.log'));
      const before = snapshot(s.host, managed);
      const r = refresh(s, ALL);
      assert.equal(r.status, 2, r.stdout);
      assert.equal(JSON.parse(r.stdout).error.code, 'unsafe-path');
      assert.match(JSON.parse(r.stdout).error.message, /journal .* is a symbolic link/);
      assert.deepEqual(snapshot(s.host, managed), before);
      assert.equal(existsSync(outside) ? readFileSync(outside, 'utf8') : undefined, dangling ? undefined : 'keep\n');
    }
  });
});

/** Spawns a refresh without waiting; resolves to its exit status (null when killed). */
function spawnRefresh(/** @type {{src: string, host: string}} */ s, /** @type {string[]} */ flags, env = {}) {
  const child = spawn(process.execPath, [upkeepBin, 'refresh', '--source', s.src, '--target', s.host, '--json', ...flags], {
    env: { ...process.env, CI: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  const done = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stdout })));
  return { child, done: /** @type {Promise<{code: number | null, signal: string | null, stdout: string}>} */ (done) };
}

describe('refresh: SIGKILL at every mutating step', () => {
  test('every file old or new, backups identical, re-run completes to the uninterrupted result', () => {
    const template = scenario();
    const reference = scenario();
    assert.equal(refresh(reference, ALL).status, 0);
    const expected = snapshot(reference.host, managed);
    const old = snapshot(template.host, managed);
    let kills = 0;
    for (let step = 1; step < 200; step += 1) {
      const dir = join(base, `k${counter++}`);
      cpSync(template.dir, dir, { recursive: true, verbatimSymlinks: true });
      const s = { src: join(dir, 'src'), host: join(dir, 'host') };
      const killed = refresh(s, ALL, { UPKEEP_FAULT_KILL_AT: String(step) });
      if (killed.status !== null) break; // the run finished before reaching this step
      kills += 1;
      const torn = snapshot(s.host, managed);
      for (const [path, content] of Object.entries(torn))
        assert.ok(content === old[path] || content === expected[path], `step ${step}: ${path} is torn`);
      const backups = snapshot(
        s.host,
        (p) => p.includes('.upkeep-backups/') && !p.endsWith('.tmp') && !p.endsWith('.upkeep-backups/.gitignore'),
      );
      for (const [path, content] of Object.entries(backups))
        assert.equal(content, old[path.replace(/.*\.upkeep-backups\/[^/]+\//, '')], `step ${step}: backup ${path}`);
      const resumed = refresh(s, ALL);
      assert.equal(resumed.status, 0, `step ${step}: ${resumed.stdout}${resumed.stderr}`);
      assert.deepEqual(snapshot(s.host, managed), expected, `step ${step}`);
      assert.deepEqual(Object.keys(snapshot(s.host, (p) => p.endsWith('.tmp'))), [], `step ${step}: temp files left`);
      const record = readFileSync(join(s.host, 'svc/.upkeep-source.json'), 'utf8');
      assert.equal(record, readFileSync(join(reference.host, 'svc/.upkeep-source.json'), 'utf8'));
      const again = refresh(s);
      assert.equal(again.status, 0);
      assert.equal(JSON.parse(again.stdout).recordChanged, false);
      rmSync(dir, { recursive: true, force: true });
    }
    assert.ok(kills >= 20, `only ${kills} kill points`);
  });
});

describe('refresh: killed after its last write, before its journal ended', () => {
  test('the re-run ends the run it resumes, so a later source version is refreshed, not refused', () => {
    const s = scenario();
    assert.equal(refresh(s, ALL).status, 0);
    // A kill between the record's write and the journal's end line leaves the journal like this.
    const journal = join(s.host, 'svc/.upkeep-source.refresh.log');
    const lines = readFileSync(journal, 'utf8').trimEnd().split('\n');
    assert.equal(JSON.parse(/** @type {string} */ (lines.at(-1))).type, 'end');
    writeFileSync(journal, `${lines.slice(0, -1).join('\n')}\n`);
    const resumed = refresh(s, ALL);
    assert.equal(resumed.status, 0, resumed.stdout + resumed.stderr);
    const report = JSON.parse(resumed.stdout);
    assert.equal(report.resumed, true, 'it says it finished the interrupted run');
    assert.equal(JSON.parse(/** @type {string} */ (readFileSync(journal, 'utf8').trimEnd().split('\n').at(-1))).type, 'end');
    // The source moves on: the next refresh takes it.
    put(s.src, { 'code/stale.mjs': 'stale v3\n' });
    const next = refresh(s, ALL);
    assert.equal(next.status, 0, next.stdout + next.stderr);
    assert.equal(readFileSync(join(s.host, 'svc/stale.mjs'), 'utf8'), 'stale v3\n');
  });
});

describe('refresh: killed mid-append, the journal keeps a torn last line', () => {
  test('the next run cuts it before appending, so every later run still reads the journal', () => {
    const template = scenario();
    const reference = scenario();
    assert.equal(refresh(reference, ALL).status, 0);
    const expected = snapshot(reference.host, managed);
    let tears = 0;
    for (let write = 1; write < 20; write += 1) {
      const dir = join(base, `t${counter++}`);
      cpSync(template.dir, dir, { recursive: true, verbatimSymlinks: true });
      const s = { src: join(dir, 'src'), host: join(dir, 'host') };
      const journal = join(s.host, 'svc/.upkeep-source.refresh.log');
      // Half of the write lands, then SIGKILL: what a kill arriving mid-`write` leaves.
      const killed = refresh(s, ALL, { UPKEEP_FAULT_TEAR_JOURNAL_AT: String(write) });
      if (killed.status !== null) break; // the run made fewer journal writes than this
      tears += 1;
      assert.ok(!readFileSync(journal, 'utf8').endsWith('\n'), `write ${write}: the journal ends in a torn line`);
      const resumed = refresh(s, ALL);
      assert.equal(resumed.status, 0, `write ${write}: ${resumed.stdout}${resumed.stderr}`);
      assert.deepEqual(snapshot(s.host, managed), expected, `write ${write}`);
      // Two more runs that append: each reads every line the runs before it wrote.
      for (const version of ['v3', 'v4']) {
        put(s.src, { 'code/stale.mjs': `stale ${version}\n` });
        const later = refresh(s, ALL);
        assert.equal(later.status, 0, `write ${write}, ${version}: ${later.stdout}${later.stderr}`);
        assert.equal(readFileSync(join(s.host, 'svc/stale.mjs'), 'utf8'), `stale ${version}\n`);
      }
      rmSync(dir, { recursive: true, force: true });
    }
    assert.ok(tears >= 2, `only ${tears} torn writes`);
  });
});

describe('refresh: line endings', () => {
  test('a CRLF checkout gets the new version with CRLF, and the next run finds nothing to do', () => {
    const dir = join(base, `eol${counter++}`);
    const src = join(dir, 'src');
    const host = join(dir, 'host');
    mkdirSync(host, { recursive: true });
    put(src, {
      'install/manifest.json': manifest({ files: files(['a.txt', 'b.txt', 'blob.bin']) }),
      'code/a.txt': 'one\ntwo\n',
      'code/b.txt': 'lf\n',
      'code/blob.bin': Buffer.from('x\0\n'),
    });
    assert.equal(runCli(['install', '--source', src, '--target', host]).status, 0);
    // The checkout converts line endings (core.autocrlf): a.txt is CRLF on disk, b.txt stays LF.
    put(host, { 'svc/a.txt': 'one\r\ntwo\r\n' });
    put(src, { 'code/a.txt': 'one\ntwo\nthree\n', 'code/b.txt': 'lf v2\n', 'code/blob.bin': Buffer.from('y\0\n') });
    const first = refresh({ src, host });
    assert.equal(first.status, 0, first.stdout);
    assert.deepEqual(
      JSON.parse(first.stdout).files.map((/** @type {any} */ f) => [f.target, f.state, f.outcome]),
      [
        ['svc/a.txt', 'unchanged-stale', 'done'],
        ['svc/b.txt', 'unchanged-stale', 'done'],
        ['svc/blob.bin', 'unchanged-stale', 'done'],
      ],
    );
    assert.equal(readFileSync(join(host, 'svc/a.txt'), 'utf8'), 'one\r\ntwo\r\nthree\r\n');
    assert.equal(readFileSync(join(host, 'svc/b.txt'), 'utf8'), 'lf v2\n');
    assert.deepEqual(readFileSync(join(host, 'svc/blob.bin')), Buffer.from('y\0\n'));
    const again = refresh({ src, host });
    assert.equal(again.status, 0);
    const report = JSON.parse(again.stdout);
    assert.deepEqual(
      report.files.map((/** @type {any} */ f) => f.action),
      ['none', 'none', 'none'],
    );
    assert.equal(report.recordChanged, false);
  });

  test('a file too large to read whole (streamed, its digests given) beside small ones, in a CRLF checkout', () => {
    // More than the 1 MiB the reader holds whole: hashed a chunk at a time, its digests (the
    // CRLF-as-LF one included) handed to the engine with the small files' in one batch.
    const dir = join(base, `eolbig${counter++}`);
    const src = join(dir, 'src');
    const host = join(dir, 'host');
    mkdirSync(host, { recursive: true });
    const big = (/** @type {string} */ tag, /** @type {string} */ eol) => `${tag} line\n`.repeat(150_000).replaceAll('\n', eol);
    put(src, {
      'install/manifest.json': manifest({ files: files(['a.txt', 'big.txt', 'same.txt', 'z.txt']) }),
      'code/a.txt': 'a\n',
      'code/big.txt': big('v1', '\n'),
      'code/same.txt': big('same', '\n'),
      'code/z.txt': 'z\n',
    });
    assert.equal(runCli(['install', '--source', src, '--target', host]).status, 0);
    put(host, { 'svc/big.txt': big('v1', '\r\n'), 'svc/same.txt': big('same', '\r\n') });
    put(src, { 'code/a.txt': 'a v2\n', 'code/big.txt': big('v2', '\n') });
    const first = refresh({ src, host });
    assert.equal(first.status, 0, first.stdout);
    assert.deepEqual(
      JSON.parse(first.stdout).files.map((/** @type {any} */ f) => [f.target, f.state, f.outcome]),
      [
        ['svc/a.txt', 'unchanged-stale', 'done'],
        ['svc/big.txt', 'unchanged-stale', 'done'],
        ['svc/same.txt', 'unchanged-identical', 'unchanged'],
        ['svc/z.txt', 'unchanged-identical', 'unchanged'],
      ],
    );
    assert.equal(readFileSync(join(host, 'svc/big.txt'), 'utf8'), big('v2', '\r\n'));
    assert.equal(readFileSync(join(host, 'svc/a.txt'), 'utf8'), 'a v2\n');
    const again = refresh({ src, host });
    assert.equal(again.status, 0);
    assert.deepEqual(
      JSON.parse(again.stdout).files.map((/** @type {any} */ f) => f.action),
      ['none', 'none', 'none', 'none'],
    );
  });
});

describe('install: SIGKILL at every mutating step', () => {
  // Install has no journal: its writes are atomic and a re-run treats files already equal
  // to the source as installed, so re-running is the resume.
  test('every file absent or complete; re-running finishes the install exactly', () => {
    const dir = join(base, `i${counter++}`);
    const src = join(dir, 'src');
    put(src, {
      'install/manifest.json': manifest({ files: files(['a.mjs', 'deep/b.mjs', 'deep/er/c.txt']) }),
      'code/a.mjs': 'a\n',
      'code/deep/b.mjs': 'b\n',
      'code/deep/er/c.txt': 'c\r\n',
    });
    const reference = join(dir, 'reference');
    mkdirSync(reference);
    assert.equal(runCli(['install', '--source', src, '--target', reference]).status, 0);
    const expected = snapshot(reference, (p) => !p.includes('.upkeep-') || p.endsWith('.upkeep-source.json'));
    let kills = 0;
    for (let step = 1; step < 100; step += 1) {
      const host = join(dir, `h${step}`);
      mkdirSync(host);
      const killed = runCli(['install', '--source', src, '--target', host], { env: { UPKEEP_FAULT_KILL_AT: String(step) } });
      if (killed.status !== null) break;
      kills += 1;
      for (const [path, content] of Object.entries(snapshot(host, managed)))
        assert.equal(content, expected[path], `step ${step}: ${path} is torn`);
      const resumed = runCli(['install', '--source', src, '--target', host]);
      assert.equal(resumed.status, 0, `step ${step}: ${resumed.stdout}${resumed.stderr}`);
      assert.deepEqual(
        snapshot(host, (p) => !p.includes('.upkeep-') || p.endsWith('.upkeep-source.json')),
        expected,
        `step ${step}`,
      );
      assert.deepEqual(Object.keys(snapshot(host, (p) => p.endsWith('.tmp'))), [], `step ${step}: temp files left`);
    }
    assert.ok(kills >= 4, `only ${kills} kill points`);
  });
});

describe('refresh: a 200 MB managed file', () => {
  test('is hashed, backed up and replaced a chunk at a time: peak memory stays far below its size', () => {
    const dir = join(base, `big${counter++}`);
    const src = join(dir, 'src');
    const host = join(dir, 'host');
    mkdirSync(host, { recursive: true });
    put(src, { 'install/manifest.json': manifest({ files: files(['big.bin']) }) });
    const MiB = 1 << 20;
    const size = 200 * MiB;
    /** Writes `size` bytes a MiB at a time; `version` changes one byte in every MiB. */
    const writeBig = (/** @type {string} */ path, /** @type {number} */ version) => {
      mkdirSync(dirname(path), { recursive: true });
      const fd = openSync(path, 'w');
      const chunk = Buffer.alloc(MiB, 'abcdefghijklmnopqrstuvwxyz\n');
      for (let i = 0; i < size / MiB; i += 1) {
        chunk[0] = (i + version) & 0xff;
        writeSync(fd, chunk);
      }
      closeSync(fd);
    };
    writeBig(join(src, 'code/big.bin'), 1);
    assert.equal(runCli(['install', '--source', src, '--target', host]).status, 0);
    writeBig(join(src, 'code/big.bin'), 2);

    const timed = spawnSync(
      '/usr/bin/time',
      ['-f', 'maxrss-kb=%M', process.execPath, upkeepBin, 'refresh', '--source', src, '--target', host, '--json'],
      { encoding: 'utf8', env: { ...process.env, CI: 'true' } },
    );
    assert.equal(timed.status, 0, timed.stderr);
    const report = JSON.parse(timed.stdout);
    assert.deepEqual(
      report.files.map((/** @type {any} */ f) => [f.target, f.outcome]),
      [['svc/big.bin', 'done']],
    );
    const peakMiB = Number(/maxrss-kb=(\d+)/.exec(timed.stderr)?.[1]) / 1024;
    assert.ok(peakMiB < 160, `peak RSS ${peakMiB.toFixed(0)} MiB for a 200 MiB file`);
    const digest = (/** @type {string} */ path) => spawnSync('sha256sum', [path], { encoding: 'utf8' }).stdout.split(' ')[0];
    assert.equal(digest(join(host, 'svc/big.bin')), digest(join(src, 'code/big.bin')));
    const backup = join(host, 'svc/.upkeep-backups', report.runId, 'svc/big.bin');
    assert.equal(statSync(backup).size, size);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('refresh: a full disk at every file write (injected ENOSPC)', () => {
  test('the run stops at the failed file with exit 74, nothing torn, no temp left; re-running completes', () => {
    const template = scenario();
    const reference = scenario();
    assert.equal(refresh(reference, ALL).status, 0);
    const expected = snapshot(reference.host, managed);
    const old = snapshot(template.host, managed);
    let failures = 0;
    for (let write = 1; write < 50; write += 1) {
      const dir = join(base, `f${counter++}`);
      cpSync(template.dir, dir, { recursive: true, verbatimSymlinks: true });
      const s = { src: join(dir, 'src'), host: join(dir, 'host') };
      const full = refresh(s, ALL, { UPKEEP_FAULT_ENOSPC_AT: String(write) });
      if (full.status === 0) break; // fewer writes than this: the run never hit the fault
      failures += 1;
      assert.equal(full.status, 74, `write ${write}: ${full.stdout}${full.stderr}`);
      const report = JSON.parse(full.stdout);
      assert.equal(report.failed, true, `write ${write}: ${full.stdout}`);
      const failed = report.files.filter((/** @type {any} */ f) => f.outcome === 'failed');
      const reasons = [
        ...failed.map((/** @type {any} */ f) => f.reason),
        ...(report.recordError ? [report.recordError] : []),
        ...(report.ownError ? [report.ownError] : []),
      ];
      assert.equal(reasons.length, 1, `write ${write}: one failed file, the record, or the backups folder's ignore file`);
      assert.match(
        reasons[0],
        /^cannot (write|remove|back up|replace) '[^']+': (no space left on device \(ENOSPC\)|ENOSPC: no space left on device)/,
      );
      for (const [path, content] of Object.entries(snapshot(s.host, managed))) {
        assert.ok(content === old[path] || content === expected[path], `write ${write}: ${path} is torn`);
      }
      assert.deepEqual(Object.keys(snapshot(s.host, (p) => p.endsWith('.tmp'))), [], `write ${write}: temp files left`);
      const resumed = refresh(s, ALL);
      assert.equal(resumed.status, 0, `write ${write}: ${resumed.stdout}${resumed.stderr}`);
      assert.deepEqual(snapshot(s.host, managed), expected, `write ${write}`);
      rmSync(dir, { recursive: true, force: true });
    }
    assert.ok(failures >= 5, `only ${failures} failure points`);
  });
});

describe('refresh: concurrent runs never both proceed', () => {
  test(`${process.env.UPKEEP_SOAK ? 1000 : 30} trials`, async () => {
    const trials = process.env.UPKEEP_SOAK ? 1000 : 30;
    const s = scenario();
    let busy = 0;
    for (let i = 0; i < trials; i += 1) {
      put(s.src, { 'code/stale.mjs': `stale v${i + 3}\n` });
      const [a, b] = await Promise.all([spawnRefresh(s, ALL).done, spawnRefresh(s, ALL).done]);
      const codes = [a.code, b.code].sort();
      assert.ok(
        [0, 75].includes(/** @type {number} */ (codes[0])) && [0, 75].includes(/** @type {number} */ (codes[1])),
        `trial ${i}: ${codes}`,
      );
      busy += codes.filter((c) => c === 75).length;
      for (const r of [a, b]) if (r.code === 75) assert.match(JSON.parse(r.stdout).error.message, /refresh already in progress \(pid \d+/);
    }
    // Runs never interleave in the journal: each run's lines sit between its begin and end.
    const lines = readFileSync(join(s.host, 'svc/.upkeep-source.refresh.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    let open = '';
    for (const line of lines) {
      if (line.type === 'begin') {
        assert.equal(open, '', 'a run began while another was open');
        open = line.run;
      } else assert.equal(line.run, open, 'a line from another run');
      if (line.type === 'end') open = '';
    }
    assert.equal(readFileSync(join(s.host, 'svc/stale.mjs'), 'utf8'), `stale v${trials + 2}\n`);
    assert.ok(busy >= 0);
  });
});

describe('refresh: random kills of a 1,000-file refresh', () => {
  test(`${process.env.UPKEEP_SOAK ? 300 : 4} random kill points`, async () => {
    const dir = join(base, `big${counter++}`);
    const names = Array.from({ length: 1000 }, (_, i) => `f${String(i).padStart(4, '0')}.txt`);
    put(join(dir, 'src'), Object.fromEntries(names.map((n) => [`code/${n}`, `v1 ${n}\n`])));
    put(join(dir, 'src'), { 'install/manifest.json': manifest({ files: files(names) }) });
    mkdirSync(join(dir, 'host'));
    const s = { src: join(dir, 'src'), host: join(dir, 'host') };
    assert.equal(runCli(['install', '--source', s.src, '--target', s.host]).status, 0);
    put(s.src, Object.fromEntries(names.map((n) => [`code/${n}`, `v2 ${n}\n`])));
    const trials = process.env.UPKEEP_SOAK ? 300 : 4;
    for (let t = 0; t < trials; t += 1) {
      const run = spawnRefresh(s, ALL);
      const delay = 300 + Math.floor(Math.random() * 1200);
      const timer = setTimeout(() => run.child.kill('SIGKILL'), delay);
      await run.done;
      clearTimeout(timer);
      const tree = snapshot(s.host, managed);
      for (const n of names) assert.ok([`v1 ${n}\n`, `v2 ${n}\n`].includes(tree[`svc/${n}`]), `${n} torn after a kill at ${delay} ms`);
    }
    const final = await spawnRefresh(s, ALL).done;
    assert.equal(final.code, 0, final.stdout);
    const tree = snapshot(s.host, managed);
    for (const n of names) assert.equal(tree[`svc/${n}`], `v2 ${n}\n`);
    assert.equal(existsSync(join(s.host, 'svc/.upkeep-source.refresh.lock')), false);
  });
});

// The same file on the wasm engine, from the run on the native one.
alsoOnWasm(import.meta.url);
