// Ctrl-C (SIGINT) and SIGTERM sent to real `upkeep` processes in every phase of
// install, refresh, update and sync: the run stops at its next safe point, every file is
// whole (old or new), the exit code is 130 or 143, it says what it did and how to
// resume — and running the same command again finishes exactly where an uninterrupted
// run ends. UPKEEP_FAULT_SIGNAL_AT=<phase>:<done>:<signal> has the process signal itself
// at that progress event (deterministic); the last tests send the signals from outside.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { runCli, upkeepBin } from './consumer.js';
import { commit, git, makeRepos } from './git-repos.js';
import { installProject, runUpdate, snapshot as treeOf, writeRelease } from './update-fixtures.js';

const base = mkdtempSync(join(tmpdir(), 'upkeep-signals-'));
after(() => rmSync(base, { recursive: true, force: true }));
let counter = 0;
const fresh = () => join(base, `c${counter++}`);
const EXIT = { SIGINT: 130, SIGTERM: 143 };

/** @param {string} root @param {Record<string, string>} files */
function put(root, files) {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

/** Managed files of a refresh host (the record, journal, lock and backups left out). */
const managed = (/** @type {string} */ host) =>
  Object.fromEntries(Object.entries(treeOf(host)).filter(([p]) => p.startsWith('svc/') && !p.includes('.upkeep-')));

/** An integration of `n` files installed into a host, then changed upstream (v2). */
function integration(/** @type {number} */ n, { install = true } = {}) {
  const dir = fresh();
  const src = join(dir, 'src');
  const host = join(dir, 'host');
  mkdirSync(host, { recursive: true });
  const names = Array.from({ length: n }, (_, i) => `f${String(i).padStart(4, '0')}.txt`);
  const manifest = { schema: 1, home: 'svc', files: names.map((f) => ({ src: `code/${f}`, target: `svc/${f}` })) };
  put(src, { 'install/manifest.json': JSON.stringify(manifest), ...Object.fromEntries(names.map((f) => [`code/${f}`, `${f} v1\n`])) });
  if (install) assert.equal(runCli(['install', '--source', src, '--target', host]).status, 0);
  put(src, Object.fromEntries(names.map((f) => [`code/${f}`, `${f} v2\n`])));
  return { dir, src, host, names };
}

/** Every managed file holds its old or its new content, never anything else. */
function wholeFiles(/** @type {Record<string, string>} */ tree, /** @type {string[]} */ names, /** @type {string} */ where) {
  for (const f of names) {
    const bytes = tree[`svc/${f}`];
    if (bytes === undefined) continue;
    const text = Buffer.from(bytes.split(' mode=')[0], 'base64').toString();
    assert.ok([`${f} v1\n`, `${f} v2\n`].includes(text), `${where}: svc/${f} holds ${JSON.stringify(text)}`);
  }
}

describe('refresh and install: a signal in every phase', () => {
  const N = 40;
  /** @type {[string, string][]} the phase events stopped at */
  const points = [
    ['read', '1'],
    ['read', String(N)],
    ['plan', '0'],
    ['write', '0'],
    ['write', '1'],
    ['write', String(N / 2)],
  ];
  // Each phase point under both signals would double the time for no new path: the
  // signals alternate over the points, so each command sees both, in every phase.
  for (const [index, [phase, done]] of points.entries()) {
    for (const signal of /** @type {const} */ ([index % 2 ? 'SIGTERM' : 'SIGINT'])) {
      test(`refresh, ${signal} at ${phase} ${done}: stops whole, exit ${EXIT[signal]}, re-running completes`, () => {
        const s = integration(N);
        const args = ['refresh', '--source', s.src, '--target', s.host];
        const before = managed(s.host);
        const r = runCli([...args, '--json'], { env: { UPKEEP_FAULT_SIGNAL_AT: `${phase}:${done}:${signal}`, CI: '' } });
        assert.equal(r.status, EXIT[signal], r.stderr + r.stdout);
        const doc = JSON.parse(r.stdout);
        const now = managed(s.host);
        wholeFiles(now, s.names, `${signal} at ${phase} ${done}`);
        if (phase === 'write') {
          assert.equal(doc.interrupted, true);
          assert.equal(doc.outcome, 'interrupted');
          assert.equal(doc.recordChanged, false);
        } else {
          assert.equal(doc.error.code, 'interrupted');
          assert.deepEqual(now, before, 'nothing is written before the plan');
        }
        const again = runCli(args, { env: { CI: '' } });
        assert.equal(again.status, 0, again.stdout + again.stderr);
        if (phase === 'write') assert.match(again.stdout, /\(resumed an interrupted run\)/);
        for (const f of s.names)
          assert.equal(Buffer.from(managed(s.host)[`svc/${f}`].split(' mode=')[0], 'base64').toString(), `${f} v2\n`);
        const third = runCli(args, { env: { CI: '' } });
        assert.match(third.stdout, /^upkeep refresh: done, nothing to change/);
      });
    }
  }

  test('the summary of a stopped refresh says what was done and gives the command that resumes it', () => {
    const s = integration(N);
    const args = ['refresh', '--source', s.src, '--target', s.host];
    const r = runCli(args, { env: { UPKEEP_FAULT_SIGNAL_AT: 'write:3:SIGINT', CI: '' } });
    assert.equal(r.status, 130);
    const [title] = r.stdout.split('\n');
    const made = Number(/; (\d+) of 40 changes made, each file whole$/.exec(title)?.[1]);
    assert.match(title, /^upkeep refresh: stopped by Ctrl-C \(SIGINT\); \d+ of 40 changes made, each file whole$/);
    assert.ok(made >= 3 && made < 40, title);
    assert.ok(
      r.stdout.endsWith(`Run the same command again to resume where it stopped:\n  upkeep refresh --source ${s.src} --target ${s.host}\n`),
      r.stdout,
    );
  });

  for (const [index, [phase, done]] of [
    ['read', '2'],
    ['plan', '0'],
    ['write', '0'],
    ['write', '5'],
    ['read', '0'],
    ['write', '1'],
  ].entries()) {
    for (const signal of /** @type {const} */ ([index % 2 ? 'SIGINT' : 'SIGTERM'])) {
      test(`install, ${signal} at ${phase} ${done}: exit ${EXIT[signal]}, the same command finishes it`, () => {
        const s = integration(40, { install: false });
        const args = ['install', '--source', s.src, '--target', s.host];
        const r = runCli([...args, '--json'], { env: { UPKEEP_FAULT_SIGNAL_AT: `${phase}:${done}:${signal}` } });
        assert.equal(r.status, EXIT[signal], r.stderr + r.stdout);
        const doc = JSON.parse(r.stdout);
        if (phase === 'write') assert.equal(doc.outcome, 'interrupted');
        else assert.equal(doc.error.code, 'interrupted');
        assert.ok(!existsSync(join(s.host, 'svc/.upkeep-source.json')), 'no record for a stopped install');
        wholeFiles(managed(s.host), s.names, `${signal} at ${phase}`);
        const again = runCli(args);
        assert.equal(again.status, 0, again.stdout + again.stderr);
        assert.match(again.stdout, /Record updated: svc\/\.upkeep-source\.json/);
        assert.equal(Object.keys(managed(s.host)).length, 40);
      });
    }
  }
});

describe('update: a signal in every phase', () => {
  // 300 files: more than one write batch, so a stop lands between two of them.
  const files1 = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`src/f${i}.js`, `f${i} v1\n`]));
  const files2 = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`src/f${i}.js`, `f${i} v2\n`]));
  const manifest = Object.fromEntries(Object.keys(files1).map((p) => [p, 'owned']));
  const v1 = writeRelease(fresh(), { version: '1.0.0', manifest, files: files1 });
  const v2 = writeRelease(fresh(), { version: '1.1.0', manifest, files: files2 });
  const reference = installProject(v1);
  runUpdate(reference, v1, v2);
  const strip = (/** @type {Record<string, string>} */ t) =>
    Object.fromEntries(Object.entries(t).filter(([p]) => !p.startsWith('.upkeep-backups/')));
  const want = strip(treeOf(reference));
  const points = [
    ['fetch', '1'],
    ['read', '10'],
    ['plan', '0'],
    ['backup', '0'],
    ['backup', '128'],
    ['write', '0'],
    ['write', '128'],
  ];
  for (const [index, [phase, done]] of [...points, ['plan', '0'], ['backup', '0'], ['write', '128']].entries()) {
    for (const signal of /** @type {const} */ ([index % 2 ? 'SIGTERM' : 'SIGINT'])) {
      test(`update, ${signal} at ${phase} ${done}: exit ${EXIT[signal]}, files whole, re-running completes`, () => {
        const project = installProject(v1);
        const original = treeOf(project);
        const r = runUpdate(project, v1, v2, [], { env: { UPKEEP_FAULT_SIGNAL_AT: `${phase}:${done}:${signal}` } });
        assert.equal(r.status, EXIT[signal], r.stderr + r.stdout);
        assert.equal(r.json.error.code, 'interrupted');
        const now = treeOf(project);
        for (const path of Object.keys(files1)) assert.ok([original[path], want[path]].includes(now[path]), `${path} torn`);
        assert.equal(now['.upkeep/VERSION'], original['.upkeep/VERSION'], 'the version moves only once everything is written');
        const again = runUpdate(project, v1, v2);
        assert.equal(again.status, 0, again.stderr);
        assert.deepEqual(strip(treeOf(project)), want);
        rmSync(project, { recursive: true, force: true });
      });
    }
  }

  test('without --json, a stopped update says where it stopped and how to resume', () => {
    const project = installProject(v1);
    const args = ['update', '--root', project, '--baseline', v1, '--latest', v2, '--yes'];
    const r = runCli(args, { env: { UPKEEP_FAULT_SIGNAL_AT: 'write:128:SIGTERM' } });
    assert.equal(r.status, 143);
    assert.equal(r.stdout, '');
    const [title, ...rest] = r.stderr.split('\n');
    assert.match(title, /^upkeep update: stopped by SIGTERM while writing \((128|256) of 300 done\); every file is whole$/);
    assert.deepEqual(rest, [
      'Run the same command again to resume where it stopped:',
      `  upkeep update --root ${project} --baseline ${v1} --latest ${v2} --yes`,
      '',
    ]);
    rmSync(project, { recursive: true, force: true });
  });

  test('a stop during regeneration leaves the version unbumped; re-running regenerates and finishes', () => {
    const examples = new URL('../../examples/', import.meta.url).pathname;
    const project = fresh();
    cpSync(join(examples, 'starter-project'), project, { recursive: true });
    const args = ['--baseline', join(examples, 'starter-template'), '--latest', join(examples, 'starter-template-1.3.0')];
    const ref = fresh();
    cpSync(join(examples, 'starter-project'), ref, { recursive: true });
    runCli(['update', '--root', ref, ...args, '--yes']);
    const r = runCli(['update', '--root', project, ...args, '--yes', '--json'], { env: { UPKEEP_FAULT_SIGNAL_AT: 'regenerate:0:SIGINT' } });
    assert.equal(r.status, 130, r.stderr + r.stdout);
    assert.equal(treeOf(project)['.upkeep/VERSION'], treeOf(join(examples, 'starter-project'))['.upkeep/VERSION']);
    const again = runCli(['update', '--root', project, ...args, '--yes']);
    assert.equal(again.status, 1, again.stderr); // the README conflict is still there for you
    const files = (/** @type {string} */ d) =>
      Object.fromEntries(Object.entries(treeOf(d)).filter(([p]) => !p.startsWith('.upkeep-backups/') && !p.startsWith('.upkeep-merge/')));
    assert.deepEqual(files(project), files(ref));
  });
});

describe('signals sent from outside, as a terminal or a supervisor sends them', () => {
  /** Spawns upkeep in its own process group; resolves its exit. */
  function start(/** @type {string[]} */ args, /** @type {Record<string, string>} */ env = {}) {
    const child = spawn(process.execPath, [upkeepBin, ...args], {
      detached: true,
      env: { ...process.env, CI: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const done = new Promise((resolve) =>
      child.on('close', (status, signal) => resolve({ status, signal, stdout: () => stdout, stderr: () => stderr })),
    );
    return {
      child,
      done: /** @type {Promise<{ status: number | null, signal: string | null, stdout: () => string, stderr: () => string }>} */ (done),
    };
  }
  const until = async (/** @type {() => boolean} */ ready, ms = 60_000) => {
    const end = Date.now() + ms;
    while (!ready()) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await sleep(5);
    }
  };

  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    test(`${signal} to a refresh that is writing 300 files: stops within a file, resumes`, async () => {
      const s = integration(300);
      const args = ['refresh', '--source', s.src, '--target', s.host];
      const run = start([...args, '--json']);
      const journal = join(s.host, 'svc/.upkeep-source.refresh.log');
      // The journal holds a file's "done" record: the write phase has started.
      await until(() => existsSync(journal) && /"phase":"done"/.test(readJournal(journal)));
      process.kill(/** @type {number} */ (run.child.pid), signal);
      process.kill(/** @type {number} */ (run.child.pid), signal); // a second one does no harm
      const r = await run.done;
      assert.equal(r.status, EXIT[signal], r.stderr());
      const doc = JSON.parse(r.stdout());
      assert.equal(doc.outcome, 'interrupted');
      const done = doc.files.filter((/** @type {any} */ f) => f.outcome === 'done').length;
      assert.ok(done > 0 && done < 300, `${done} files written before the stop`);
      wholeFiles(managed(s.host), s.names, signal);
      const again = runCli(args);
      assert.equal(again.status, 0, again.stderr);
      assert.match(again.stdout, /\(resumed an interrupted run\)/);
    });
  }

  test('Ctrl-C to the process group of a sync while its check runs: nothing pushed, exit 130, re-run syncs', async () => {
    const r = makeRepos();
    after(r.remove);
    const tip = commit(r.clone, 'work', { 'c.txt': 'c\n' });
    const started = join(r.root, 'check-started');
    const check = `touch '${started}' && sleep 20`;
    const run = start(['sync', '--from', r.clone, '--check', check, '--checkout', r.checkout]);
    await until(() => existsSync(started));
    process.kill(-(/** @type {number} */ (run.child.pid)), 'SIGINT'); // as a terminal sends Ctrl-C
    const out = await run.done;
    assert.equal(out.status, 130, out.stderr());
    assert.notEqual(r.originMain(), tip, 'nothing was pushed');
    assert.equal(
      git(r.checkout, 'worktree', 'list', '--porcelain')
        .split('\n')
        .filter((l) => l.startsWith('worktree ')).length,
      1,
    );
    const again = runCli(['sync', '--from', r.clone, '--check', 'true', '--checkout', r.checkout]);
    assert.equal(again.status, 0, again.stdout + again.stderr);
    assert.equal(r.originMain(), tip);
  });

  test('SIGTERM to upkeep alone while a sync check runs: the check finishes, nothing is pushed, exit 143', async () => {
    const r = makeRepos();
    after(r.remove);
    const tip = commit(r.clone, 'work', { 'c.txt': 'c\n' });
    const started = join(r.root, 'check-started');
    const run = start(['sync', '--from', r.clone, '--check', `touch '${started}' && sleep 1`, '--checkout', r.checkout, '--json']);
    await until(() => existsSync(started));
    process.kill(/** @type {number} */ (run.child.pid), 'SIGTERM');
    const out = await run.done;
    assert.equal(out.status, 143, out.stderr());
    assert.equal(JSON.parse(out.stdout()).status, 'interrupted');
    assert.notEqual(r.originMain(), tip, 'nothing was pushed');
    assert.deepEqual(
      readdirSync(join(r.checkout, '.git/upkeep')).filter((n) => n.startsWith('sync-') || n === 'sync.lock'),
      [],
    );
  });

  /** A clone with two sealed tickets (T-1: a.txt, T-2: b.txt) and a pre-commit hook that signs in, then sleeps. */
  function sealedWithSlowHook(/** @type {number} */ seconds) {
    const r = makeRepos();
    after(r.remove);
    put(r.clone, { 'a.txt': 'a2\n', 'b.txt': 'b2\n' });
    const started = join(r.root, 'hook-started');
    put(r.clone, { '.git/hooks/pre-commit': `#!/bin/sh\ntouch '${started}'\nsleep ${seconds}\n` });
    chmodSync(join(r.clone, '.git/hooks/pre-commit'), 0o755);
    const sealed = runCli(['land', '--seal', '--ticket', 'T-1', '--ticket', 'T-2', '--claim', 'T-1=a.txt', '--claim', 'T-2=b.txt'], {
      cwd: r.clone,
    });
    assert.equal(sealed.status, 0, sealed.stderr);
    return { ...r, started };
  }
  const notLanded = (/** @type {any} */ report) => report.notLanded.map((/** @type {any} */ c) => `${c.subject} ${c.left}`);

  test('Ctrl-C to the process group of a land while git runs a hook: the commit is staged, the next not tried, exit 130, re-run lands', async () => {
    const r = sealedWithSlowHook(20);
    const before = r.head(r.clone);
    const run = start(['land', '--repo', r.clone, '--json']);
    await until(() => existsSync(r.started));
    process.kill(-(/** @type {number} */ (run.child.pid)), 'SIGINT'); // as a terminal sends Ctrl-C
    const out = await run.done;
    assert.equal(out.status, 130, out.stderr());
    const report = JSON.parse(out.stdout());
    assert.equal(report.status, 'interrupted');
    assert.deepEqual(notLanded(report), ['T-1 staged', 'T-2 not_tried']);
    assert.equal(report.error, 'stopped while git made this commit (the stop reached git too)');
    assert.equal(r.head(r.clone), before, 'no commit was made');
    assert.equal(git(r.clone, 'diff', '--cached', '--name-only'), 'a.txt');
    assert.equal(git(r.clone, 'diff', '--name-only'), 'b.txt');
    rmSync(join(r.clone, '.git/hooks/pre-commit'));
    const again = runCli(['land', '--repo', r.clone]);
    assert.equal(again.status, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /^upkeep land: landed, 2 commits\n/);
    assert.equal(git(r.clone, 'log', '-2', '--reverse', '--format=%s'), 'T-1\nT-2');
  });

  test('SIGTERM to upkeep alone while git runs a hook: that commit is made, the next not tried, exit 143, re-run lands', async () => {
    const r = sealedWithSlowHook(1);
    const run = start(['land', '--repo', r.clone]);
    await until(() => existsSync(r.started));
    process.kill(/** @type {number} */ (run.child.pid), 'SIGTERM');
    const out = await run.done;
    assert.equal(out.status, 143, out.stderr());
    assert.match(out.stdout(), /^upkeep land: stopped, 1 commit made\n/);
    assert.match(out.stdout(), /\n {2}not landed {2}T-2 {2}\(not tried\)\n/);
    assert.match(out.stdout(), /\nError: stopped before this commit \(a stop was requested\)\n/);
    assert.equal(git(r.clone, 'log', '-1', '--format=%s'), 'T-1');
    assert.equal(git(r.clone, 'diff', '--cached', '--name-only'), '');
    const again = runCli(['land', '--repo', r.clone, '--json']);
    assert.equal(again.status, 0, again.stdout + again.stderr);
    assert.deepEqual(
      JSON.parse(again.stdout).alreadyLanded.map((/** @type {any} */ c) => c.subject),
      ['T-1'],
    );
    assert.equal(git(r.clone, 'log', '-1', '--format=%s'), 'T-2');
  });
});

function readJournal(/** @type {string} */ path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
