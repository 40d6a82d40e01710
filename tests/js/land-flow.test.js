// `upkeep land --seal` and `upkeep land` against real git repositories.
import assert from 'node:assert/strict';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runCli } from './consumer.js';
import { git, makeRepos, write } from './git-repos.js';
import { alsoOnWasm } from './implementations.js';

/** @type {ReturnType<typeof makeRepos>[]} */
const made = [];
after(() => made.forEach((r) => r.remove()));
function repos() {
  const r = makeRepos();
  made.push(r);
  return r;
}

const land = (/** @type {string} */ cwd, /** @type {string[]} */ ...args) => runCli(['land', ...args], { cwd });
const json = (/** @type {{ stdout: string }} */ run) => JSON.parse(run.stdout);
const subjects = (/** @type {string} */ dir, /** @type {number} */ n) => git(dir, 'log', `-${n}`, '--reverse', '--format=%s').split('\n');
const filesOf = (/** @type {string} */ dir, /** @type {string} */ rev) =>
  git(dir, 'show', '--name-only', '--format=', rev).split('\n').sort();

test('disjoint tickets land as one commit each, in ticket order', () => {
  const { clone, head } = repos();
  write(clone, 'a.txt', 'a2\n');
  write(clone, 'new/c.txt', 'c\n');
  git(clone, 'rm', '-q', 'b.txt');
  const sealed = land(
    clone,
    '--seal',
    '--ticket',
    'T-2:Second',
    '--ticket',
    'T-1:First',
    '--claim',
    'T-2=b.txt',
    '--claim',
    'T-1=a.txt',
    '--claim',
    'T-1=new/c.txt',
    '--json',
  );
  assert.equal(sealed.status, 0, sealed.stderr);
  const before = head(clone);
  const run = land(clone, '--json');
  assert.equal(run.status, 0, run.stderr);
  const report = json(run);
  assert.equal(report.status, 'landed');
  assert.deepEqual(
    report.landed.map((/** @type {any} */ c) => c.tickets),
    [['T-2'], ['T-1']],
  );
  assert.deepEqual(subjects(clone, 2), ['T-2: Second', 'T-1: First']);
  assert.equal(git(clone, 'rev-parse', 'HEAD~2'), before);
  assert.deepEqual(filesOf(clone, 'HEAD~1'), ['b.txt']);
  assert.deepEqual(filesOf(clone, 'HEAD'), ['a.txt', 'new/c.txt']);
  assert.equal(git(clone, 'status', '--porcelain'), '');
  // Landing again finds nothing to do.
  const again = land(clone);
  assert.equal(again.status, 0);
  assert.match(again.stdout, /^upkeep land: nothing to land$/m);
});

test('overlapping tickets land as one commit named for all; inherited files are named apart', () => {
  const { clone } = repos();
  write(clone, 'a.txt', 'a2\n');
  write(clone, 'b.txt', 'b2\n');
  write(clone, 'old.txt', 'dirty before the work\n');
  assert.equal(
    land(
      clone,
      '--seal',
      '--ticket',
      'T-1:One',
      '--ticket',
      'T-2',
      '--claim',
      'T-1=a.txt',
      '--claim',
      'T-1=b.txt',
      '--claim',
      'T-2=b.txt',
      '--inherited',
      'old.txt',
    ).status,
    0,
  );
  const run = land(clone, '--json');
  assert.equal(run.status, 0, run.stderr);
  const report = json(run);
  assert.equal(report.landed.length, 1);
  assert.deepEqual(report.inherited, ['old.txt']);
  assert.deepEqual(subjects(clone, 1), ['T-1, T-2']);
  const message = git(clone, 'log', '-1', '--format=%B');
  assert.match(message, /Inherited \(already uncommitted when the work started\):\n {2}old\.txt/);
  assert.deepEqual(filesOf(clone, 'HEAD'), ['a.txt', 'b.txt', 'old.txt']);
});

test('a workspace that moved since the seal is refused and nothing is committed', () => {
  const { clone, head } = repos();
  write(clone, 'a.txt', 'a2\n');
  assert.equal(land(clone, '--seal', '--ticket', 'T-1').status, 0);
  write(clone, 'a.txt', 'edited after review\n');
  const before = head(clone);
  const run = land(clone, '--json');
  assert.equal(run.status, 4);
  const report = json(run);
  assert.equal(report.status, 'moved');
  assert.equal(report.moved[0].path, 'a.txt');
  assert.equal(head(clone), before);
  assert.match(land(clone).stdout, /refused, the workspace moved since the seal/);
});

test('nothing to land exits 0', () => {
  const { clone, head } = repos();
  assert.equal(land(clone, '--seal').status, 0);
  const before = head(clone);
  const run = land(clone, '--json');
  assert.equal(run.status, 0, run.stderr);
  assert.equal(json(run).status, 'nothing_to_land');
  assert.equal(head(clone), before);
});

test('a later commit that fails leaves the earlier ones and its change staged; a re-run continues', () => {
  const { clone } = repos();
  write(clone, 'a.txt', 'a2\n');
  write(clone, 'b.txt', 'b2\n');
  const hook = join(clone, '.git/hooks/pre-commit');
  write(
    clone,
    '.git/hooks/pre-commit',
    '#!/bin/sh\nif git diff --cached --name-only | grep -q b.txt; then echo "no b today" >&2; exit 1; fi\n',
  );
  chmodSync(hook, 0o755);
  assert.equal(land(clone, '--seal', '--ticket', 'T-1', '--ticket', 'T-2', '--claim', 'T-1=a.txt', '--claim', 'T-2=b.txt').status, 0);
  const run = land(clone, '--json');
  assert.equal(run.status, 3, run.stderr);
  const report = json(run);
  assert.equal(report.status, 'partly_landed');
  assert.deepEqual(
    report.landed.map((/** @type {any} */ c) => c.subject),
    ['T-1'],
  );
  assert.deepEqual(
    report.notLanded.map((/** @type {any} */ c) => c.subject),
    ['T-2'],
  );
  assert.match(report.error, /no b today/);
  assert.deepEqual(subjects(clone, 1), ['T-1']);
  assert.equal(git(clone, 'diff', '--cached', '--name-only'), 'b.txt');
  git(clone, 'config', 'core.hooksPath', '/dev/null');
  const rerun = land(clone, '--json');
  assert.equal(rerun.status, 0, rerun.stderr);
  assert.deepEqual(
    json(rerun).alreadyLanded.map((/** @type {any} */ c) => c.subject),
    ['T-1'],
  );
  assert.deepEqual(subjects(clone, 2), ['T-1', 'T-2']);
});

test('bad handoffs and bad usage are refused by name', () => {
  const { clone } = repos();
  write(clone, 'a.txt', 'a2\n');
  const handoff = join(clone, '.git/h.json');
  write(clone, '.git/h.json', '{"version":1,"version":1}');
  const bad = land(clone, '--handoff', handoff);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /invalid handoff '.*h\.json': at byte 13: duplicate key "version"/);
  assert.equal(land(clone, '--handoff', join(clone, 'missing.json')).status, 2);
  const orphan = land(clone, '--seal', '--ticket', 'T-1', '--ticket', 'T-2', '--claim', 'T-1=a.txt');
  assert.equal(orphan.status, 2);
  assert.match(orphan.stderr, /claims no files/);
});

// The same file on the wasm engine, from the run on the native one.
alsoOnWasm(import.meta.url);
