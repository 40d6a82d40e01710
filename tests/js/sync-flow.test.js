// `upkeep sync` against real git repositories: a bare origin, a checkout, a work clone.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { runCli, upkeepBin } from './consumer.js';
import { commit, git, makeRepos, read, write } from './git-repos.js';
import { alsoOnWasm } from './implementations.js';

/** @type {ReturnType<typeof makeRepos>[]} */
const made = [];
after(() => made.forEach((r) => r.remove()));
function repos() {
  const r = makeRepos();
  made.push(r);
  return r;
}

const sync = (/** @type {string} */ checkout, /** @type {string[]} */ ...args) => runCli(['sync', ...args], { cwd: checkout });
const json = (/** @type {{ stdout: string }} */ run) => JSON.parse(run.stdout);
const worktrees = (/** @type {string} */ dir) =>
  git(dir, 'worktree', 'list', '--porcelain')
    .split('\n')
    .filter((l) => l.startsWith('worktree ')).length;

test('a fast-forward to the clone, checked, pushed, and the checkout follows', () => {
  const r = repos();
  commit(r.clone, 'one', { 'a.txt': 'a1\n' });
  const tip = commit(r.clone, 'two', { 'c.txt': 'c\n' });
  const dry = sync(r.checkout, '--from', r.clone, '--dry-run');
  assert.equal(dry.status, 0, dry.stderr);
  assert.match(dry.stdout, /\(main\): dry run, nothing changed\n[\s\S]*Plan: fast-forward 2 commit\(s\)/);
  assert.notEqual(r.originMain(), tip);
  const run = sync(r.checkout, '--from', r.clone, '--check', 'test -f c.txt', '--json');
  assert.equal(run.status, 0, run.stderr);
  const report = json(run);
  assert.equal(report.status, 'synced');
  assert.equal(report.plan.action, 'fast-forward');
  assert.deepEqual(
    report.checks.map((/** @type {any} */ c) => c.status),
    ['passed'],
  );
  assert.equal(report.pushed, true);
  assert.equal(report.checkoutFollowed, true);
  assert.equal(r.originMain(), tip);
  assert.equal(r.head(r.checkout), tip);
  assert.equal(read(r.checkout, 'c.txt'), 'c\n');
  assert.equal(worktrees(r.checkout), 1);
});

test('every refusal, with its reason; nothing moves', () => {
  const r = repos();
  const start = r.originMain();
  const nothing = sync(r.checkout, '--from', r.clone, '--json');
  assert.equal(nothing.status, 4);
  assert.equal(json(nothing).plan.refusal.code, 'nothing-new');
  const cloneOnly = commit(r.clone, 'clone work', { 'c.txt': 'c\n' });
  const local = commit(r.checkout, 'local work', { 'd.txt': 'd\n' });
  const ahead = sync(r.checkout, '--from', r.clone);
  assert.equal(ahead.status, 4);
  assert.match(ahead.stdout, /Refused: the checkout has 1 commit\(s\) the clone lacks/);
  const unknown = sync(r.checkout, '--from', r.clone, '--pick', 'no-such-commit', '--json');
  assert.equal(json(unknown).plan.refusal.code, 'not-on-clone');
  assert.match(json(unknown).plan.refusal.reason, /commit 'no-such-commit' is not on the clone's branch/);
  const shared = sync(r.checkout, '--from', r.clone, '--pick', 'HEAD~1', '--json');
  assert.equal(shared.status, 4);
  assert.equal(json(shared).plan.refusal.code, 'already-on-checkout');
  git(r.clone, 'checkout', '-q', '-b', 'side', 'HEAD~1');
  const side = commit(r.clone, 'side work', { 'side.txt': 's\n' });
  git(r.clone, 'checkout', '-q', 'main');
  const elsewhere = sync(r.checkout, '--from', r.clone, '--pick', side, '--json');
  assert.equal(json(elsewhere).plan.refusal.reason, `commit '${side}' is not on the clone's branch`);
  const mine = sync(r.checkout, '--from', r.clone, '--pick', local, '--json');
  assert.equal(mine.status, 4);
  assert.equal(json(mine).plan.refusal.code, 'not-on-clone');
  assert.equal(r.head(r.checkout), local);
  assert.equal(r.originMain(), start);
  assert.ok(cloneOnly);
});

test('named commits are cherry-picked onto a checkout with commits of its own', () => {
  const r = repos();
  const local = commit(r.checkout, 'local work', { 'd.txt': 'd\n' });
  git(r.checkout, 'push', '-q', 'origin', 'main');
  commit(r.clone, 'skip me', { 'skip.txt': 's\n' });
  const wanted = commit(r.clone, 'take me', { 'c.txt': 'c\n' });
  const run = sync(
    r.checkout,
    '--from',
    r.clone,
    '--pick',
    wanted,
    '--check',
    'test -f c.txt && test -f d.txt && ! test -f skip.txt',
    '--json',
  );
  assert.equal(run.status, 0, run.stderr);
  const report = json(run);
  assert.equal(report.plan.action, 'cherry-pick');
  assert.deepEqual(report.plan.commits, [wanted]);
  assert.equal(r.originMain(), report.head);
  assert.equal(git(r.origin, 'rev-parse', 'main~1'), local);
  assert.equal(git(r.origin, 'log', '-1', '--format=%s', 'main'), 'take me');
  assert.equal(r.head(r.checkout), report.head);
});

test('a conflicting cherry-pick is aborted and nothing changes', () => {
  const r = repos();
  const local = commit(r.checkout, 'local a', { 'a.txt': 'local\n' });
  git(r.checkout, 'push', '-q', 'origin', 'main');
  const theirs = commit(r.clone, 'clone a', { 'a.txt': 'clone\n' });
  const run = sync(r.checkout, '--from', r.clone, '--pick', theirs, '--check', 'true', '--json');
  assert.equal(run.status, 4);
  const report = json(run);
  assert.equal(report.status, 'conflict');
  assert.match(report.notes[0], /failed and was aborted; nothing changed/);
  assert.deepEqual(report.checks, []);
  assert.equal(r.originMain(), local);
  assert.equal(r.head(r.checkout), local);
  assert.equal(git(r.checkout, 'status', '--porcelain'), '');
  assert.equal(worktrees(r.checkout), 1);
});

test('a failing check stops the sync; nothing is pushed', () => {
  const r = repos();
  const start = r.originMain();
  commit(r.clone, 'one', { 'a.txt': 'a1\n' });
  const run = sync(r.checkout, '--from', r.clone, '--check', 'true', '--check', 'exit 3', '--json');
  assert.equal(run.status, 5);
  const report = json(run);
  assert.equal(report.status, 'check_failed');
  assert.deepEqual(
    report.checks.map((/** @type {any} */ c) => c.status),
    ['passed', 'failed'],
  );
  assert.equal(r.originMain(), start);
  assert.equal(r.head(r.checkout), start);
});

test('a dirty checkout is neither blocked nor touched: origin moves, the checkout stays behind', () => {
  const r = repos();
  const start = r.head(r.checkout);
  write(r.checkout, 'a.txt', 'uncommitted edit\n');
  write(r.checkout, 'scratch.txt', 'untracked\n');
  const tip = commit(r.clone, 'one', { 'c.txt': 'c\n' });
  // The check sees exactly the tree to push: the clone's file, none of the checkout's edits.
  const run = sync(r.checkout, '--from', r.clone, '--check', 'test -f c.txt && ! test -f scratch.txt && grep -qx a a.txt', '--json');
  assert.equal(run.status, 0, run.stderr);
  const report = json(run);
  assert.equal(report.pushed, true);
  assert.equal(report.checkoutFollowed, false);
  assert.match(report.notes.join('\n'), /left behind: it has uncommitted changes/);
  assert.equal(r.originMain(), tip);
  assert.equal(r.head(r.checkout), start);
  assert.equal(read(r.checkout, 'a.txt'), 'uncommitted edit\n');
  assert.equal(read(r.checkout, 'scratch.txt'), 'untracked\n');
});

test('a checkout that moved during the sync is left behind with a note', () => {
  const r = repos();
  const tip = commit(r.clone, 'one', { 'c.txt': 'c\n' });
  const moveIt = `git -C '${r.checkout}' commit -q --allow-empty -m moved`;
  const run = sync(r.checkout, '--from', r.clone, '--check', moveIt, '--json');
  assert.equal(run.status, 0, run.stderr);
  const report = json(run);
  assert.equal(r.originMain(), tip);
  assert.equal(report.checkoutFollowed, false);
  assert.match(report.notes.join('\n'), /left behind: it moved during the sync/);
  assert.equal(git(r.checkout, 'log', '-1', '--format=%s'), 'moved');
});

test('with no origin the branch moves locally and nothing is pushed', () => {
  const r = repos();
  git(r.checkout, 'remote', 'remove', 'origin');
  const start = r.originMain();
  const tip = commit(r.clone, 'one', { 'c.txt': 'c\n' });
  const run = sync(r.checkout, '--from', r.clone);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /no remote: main moved locally, nothing pushed/);
  assert.equal(r.head(r.checkout), tip);
  assert.equal(r.originMain(), start);
});

test('with no origin a checkout that cannot follow keeps its branch; the synced commit is kept aside', () => {
  const r = repos();
  git(r.checkout, 'remote', 'remove', 'origin');
  const start = r.head(r.checkout);
  write(r.checkout, 'a.txt', 'uncommitted edit\n');
  const tip = commit(r.clone, 'one', { 'c.txt': 'c\n' });
  const run = sync(r.checkout, '--from', r.clone, '--json');
  assert.equal(run.status, 4);
  const report = json(run);
  assert.equal(report.status, 'refused');
  assert.match(
    report.notes.join('\n'),
    /no remote, and the checkout cannot follow: main did not move; the synced commit is kept as refs\/upkeep\/synced\/main/,
  );
  assert.equal(r.head(r.checkout), start);
  assert.equal(read(r.checkout, 'a.txt'), 'uncommitted edit\n');
  assert.equal(git(r.checkout, 'rev-parse', 'refs/upkeep/synced/main'), tip);
});

test('a check that passed on the same tree is carried, with where it passed', () => {
  const r = repos();
  const tip = commit(r.clone, 'one', { 'c.txt': 'c\n' });
  const counter = join(r.root, 'runs');
  const check = `echo run >> '${counter}'`;
  write(r.origin, 'hooks/pre-receive', '#!/bin/sh\necho "closed for now" >&2\nexit 1\n');
  chmodSync(join(r.origin, 'hooks/pre-receive'), 0o755);
  const first = sync(r.checkout, '--from', r.clone, '--check', check, '--json');
  assert.equal(first.status, 4);
  assert.equal(json(first).status, 'push_rejected');
  assert.equal(json(first).checks[0].status, 'passed');
  rmSync(join(r.origin, 'hooks/pre-receive'));
  const second = sync(r.checkout, '--from', r.clone, '--check', check, '--check', 'true', '--json');
  assert.equal(second.status, 0, second.stderr);
  const report = json(second);
  assert.equal(report.checks[0].status, 'carried');
  assert.match(report.checks[0].passedIn, /^sync of main to [0-9a-f]{12} in /);
  assert.equal(report.checks[1].status, 'passed');
  assert.equal(readFileSync(counter, 'utf8'), 'run\n');
  assert.equal(r.originMain(), tip);
  // A different command on the same tree is not the same input.
  commit(r.clone, 'two', { 'e.txt': 'e\n' });
  const third = sync(r.checkout, '--from', r.clone, '--check', check, '--json');
  assert.equal(json(third).checks[0].status, 'passed');
});

test('one sync per checkout: a second one fails fast as busy', async () => {
  const r = repos();
  commit(r.clone, 'one', { 'c.txt': 'c\n' });
  const started = join(r.root, 'started');
  const release = join(r.root, 'release');
  const wait = `touch '${started}'; while ! test -f '${release}'; do sleep 0.05; done`;
  const first = spawn(process.execPath, [upkeepBin, 'sync', '--from', r.clone, '--check', wait], { cwd: r.checkout, stdio: 'ignore' });
  const done = new Promise((resolve) => first.on('exit', resolve));
  for (let i = 0; i < 200 && !existsSync(started); i += 1) await sleep(25);
  assert.ok(existsSync(started), 'the first sync reached its check');
  const second = sync(r.checkout, '--from', r.clone, '--json');
  write(r.root, 'release', '');
  assert.equal(second.status, 75);
  assert.equal(json(second).error.message.startsWith(`a sync for ${r.checkout} is already running`), true);
  assert.equal(await done, 0);
});

// The same file on the wasm engine, from the run on the native one.
alsoOnWasm(import.meta.url);
