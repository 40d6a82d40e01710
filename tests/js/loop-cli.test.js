// `upkeep loop` end to end on a real git repository in a temp dir: a setup unit and an
// iteration closed into commits carrying the trailers, a human gate, a blocking diff held
// and approved, a read brick that wrote, refusals as one JSON document, and a torn
// LOOP.md.tmp left behind by a killed writer.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from './consumer.js';

const GRAPH = {
  start: 'repro',
  edges: [
    { from: 'repro', on: 'written', to: 'identify' },
    { from: 'identify', on: 'found', to: 'fix' },
    { from: 'identify', on: 'nothing', to: '$close' },
    { from: 'fix', on: 'done', to: 'review' },
    { from: 'review', on: 'approve', to: 'identify' },
    { from: 'review', on: 'rework', to: 'fix' },
  ],
  loops: [
    { name: 'iterations', nodes: ['identify', 'fix', 'review'], max: 5, iteration: true },
    { name: 'rework', nodes: ['fix', 'review'], max: 2 },
  ],
  contracts: ['api/**'],
};
const BRICKS = [
  { name: 'repro', effect: 'mutate', outcomes: ['written'], body: 'Write a failing test.' },
  { name: 'identify', effect: 'read', outcomes: ['found', 'nothing'], body: 'Find the next change.' },
  { name: 'fix', effect: 'mutate', outcomes: ['done'], body: 'Make the change.' },
  { name: 'review', effect: 'read', outcomes: ['approve', 'rework'], body: 'Review it.', gate: 'human', gateOn: ['approve'] },
];

const gitEnv = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t.invalid' };

function repo() {
  const dir = mkdtempSync(join(tmpdir(), 'upkeep-loop-'));
  const git = (/** @type {string[]} */ ...args) => {
    const r = spawnSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...gitEnv } });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };
  git('init', '-q', '-b', 'main');
  writeFileSync(join(dir, 'README.md'), 'hi\n');
  git('add', '-A');
  git('commit', '-qm', 'initial');
  writeFileSync(join(dir, '..', `${dir.split('/').pop()}-graph.json`), JSON.stringify(GRAPH));
  writeFileSync(join(dir, '..', `${dir.split('/').pop()}-bricks.json`), JSON.stringify(BRICKS));
  /** @param {string[]} args @param {Buffer} [input] */
  const upkeep = (args, input) => {
    const r = runCli(['loop', ...args], { cwd: dir, env: gitEnv, input });
    return { ...r, json: JSON.parse(r.stdout) };
  };
  const verify = () => {
    git('add', '-A');
    return upkeep(['score', '--diff'], Buffer.from(git('diff', '--cached', '--numstat')));
  };
  const init = (/** @type {string[]} */ extra = []) =>
    upkeep([
      'init',
      '--graph',
      join(dir, '..', `${dir.split('/').pop()}-graph.json`),
      '--bricks',
      join(dir, '..', `${dir.split('/').pop()}-bricks.json`),
      '--title',
      'Fix the bug',
      '--requirement',
      'It must not crash.',
      ...extra,
    ]);
  const cleanup = () => {
    rmSync(dir, { recursive: true, force: true });
    for (const f of ['graph', 'bricks']) rmSync(join(dir, '..', `${dir.split('/').pop()}-${f}.json`), { force: true });
  };
  return { dir, git, upkeep, verify, init, cleanup };
}

test('a setup unit and an iteration close into commits with trailers', (t) => {
  const r = repo();
  t.after(r.cleanup);
  const init = r.init();
  assert.equal(init.status, 0, init.stderr);
  assert.equal(init.json.state.node, 'repro');
  assert.equal(init.json.state.iteration, 0);
  assert.ok(readFileSync(join(r.dir, 'LOOP.md'), 'utf8').includes('<!-- loop-state:begin -->'));

  assert.equal(r.upkeep(['next']).json.validate, true);
  assert.equal(r.upkeep(['record', 'written']).status, 2, 'a mutate brick needs a declared score first');
  assert.deepEqual(
    r.upkeep(['score', '--declared', '--actions', 'new-file', '--write-set', 'test/**', '--intent', 'a failing test']).json.decision,
    'soft',
  );
  writeFileSync(join(r.dir, 'test.js'), 'fail\n');
  // Outside the declared write set (test/**): the actual score blocks.
  assert.deepEqual(r.upkeep(['record', 'written']).json, { verify: true });
  assert.equal(r.upkeep(['next']).json.verify, true);
  const held = r.verify();
  assert.equal(held.json.decision, 'blocking');
  assert.deepEqual(held.json.reasons, ['outside the write set: test.js']);
  assert.equal(r.upkeep(['next']).json.awaiting.kind, 'actual');
  const approved = r.upkeep(['decide', 'ok', '--note', 'fine at the root']);
  assert.equal(approved.json.commit, true);
  const message = r.git('log', '-1', '--format=%B');
  assert.match(message, /^a failing test\n\nLoop-Iteration: 0\nLoop-Bricks: repro\nLoop-Risk-Declared: 0\.4\nLoop-Risk-Actual: 0\.8\n/);
  assert.match(message, /Loop-Decision: blocking\nLoop-Tests: n\/a\n/);
  assert.equal(r.git('status', '--porcelain'), '');

  // Iteration 1: identify (read), fix (mutate), review gated, approve → verify → commit.
  assert.deepEqual(r.upkeep(['record', 'found']).json, { node: 'fix' });
  r.upkeep(['score', '--declared', '--actions', 'logic', '--write-set', 'src/**', '--intent', 'fix the crash']);
  writeFileSync(join(r.dir, 'src.js'), 'x\n');
  spawnSync('mkdir', [join(r.dir, 'src')]);
  writeFileSync(join(r.dir, 'src', 'a.js'), 'fixed\n');
  rmSync(join(r.dir, 'src.js'));
  assert.deepEqual(r.upkeep(['record', 'done']).json, { node: 'review' });
  assert.equal(r.upkeep(['record', 'approve']).json.awaiting.kind, 'gate');
  assert.deepEqual(r.upkeep(['decide', 'ok']).json, { verify: true });
  const committed = r.verify();
  assert.equal(committed.json.commit, true, committed.stdout);
  assert.match(
    r.git('log', '-1', '--format=%B'),
    /^fix the crash\n\nLoop-Iteration: 1\nLoop-Bricks: identify,fix,review\n[\s\S]*Loop-Gates: review\n/,
  );
  assert.equal(r.upkeep(['next']).json.node, 'identify');
  assert.deepEqual(r.upkeep(['record', 'nothing']).json, { done: true });
  const end = r.upkeep(['next']).json;
  assert.equal(end.terminal, '$close');
  assert.deepEqual(end.summary.review, [{ iteration: 1, intent: 'fix the crash' }]);
});

test('a read brick that changed the tree stops the loop; refusals print one JSON document', (t) => {
  const r = repo();
  t.after(r.cleanup);
  r.init();
  r.upkeep(['score', '--declared', '--actions', 'new-file', '--write-set', 'test/**']);
  writeFileSync(join(r.dir, 'README.md'), 'changed\n');
  r.upkeep(['record', 'written']);
  r.verify();
  r.upkeep(['decide', 'ok']);
  writeFileSync(join(r.dir, 'stray.txt'), 'oops\n');
  assert.deepEqual(r.upkeep(['record', 'found']).json, { stopped: 'read-brick-wrote: identify changed the working tree' });
  const refused = r.upkeep(['record', 'found']);
  assert.equal(refused.status, 2);
  // The one failure document every command prints (core's failureDocument).
  assert.deepEqual(refused.json, {
    status: 'error',
    command: 'loop record',
    error: { code: 'loop-refused', message: 'the loop is stopped, not running' },
  });
  const again = r.init();
  assert.equal(again.status, 2);
  assert.match(again.json.error.message, /already exists/);
});

test('a torn LOOP.md.tmp left by a killed writer is ignored, then replaced', (t) => {
  const r = repo();
  t.after(r.cleanup);
  r.init(['--preset', 'prudent']);
  assert.equal(r.upkeep(['next']).json.awaiting.kind, 'launch');
  // Kill the next write right after its temp file is written: LOOP.md keeps the old state.
  const killed = runCli(['loop', 'decide', 'ok'], { cwd: r.dir, env: { ...gitEnv, UPKEEP_FAULT_KILL_AT: '1' } });
  assert.equal(killed.status, null);
  assert.ok(existsSync(join(r.dir, 'LOOP.md.tmp')));
  writeFileSync(join(r.dir, 'LOOP.md.tmp'), '# Loop — torn\n<!-- loop-state:begin -->\n```json\n{"v": 1, "ti');
  assert.equal(r.upkeep(['next']).json.awaiting.kind, 'launch', 'LOOP.md is intact');
  assert.deepEqual(r.upkeep(['decide', 'ok']).json, { resumed: true });
  assert.equal(existsSync(join(r.dir, 'LOOP.md.tmp')), false, 'the next write replaced the torn temp file');
  // A lingering temp file is neither a write by a read brick nor scored work.
  assert.equal(r.upkeep(['score', '--declared', '--actions', 'format', '--write-set', 'test/**']).json.decision, 'silent');
  writeFileSync(join(r.dir, 'LOOP.md.tmp'), 'torn');
  assert.deepEqual(r.upkeep(['record', 'written']).json, { verify: true });
  writeFileSync(join(r.dir, 'LOOP.md.tmp'), 'torn again');
  const empty = r.verify();
  assert.deepEqual(empty.json, { empty: true, commit: false });
  writeFileSync(join(r.dir, 'LOOP.md.tmp'), 'torn');
  assert.deepEqual(r.upkeep(['record', 'found']).json, { node: 'fix' });
});

test("outside a work tree, the engine refuses; a repository git will not read is told in git's words", (t) => {
  const outside = mkdtempSync(join(tmpdir(), 'upkeep-loop-outside-'));
  t.after(() => rmSync(outside, { recursive: true, force: true }));
  const env = { GIT_CEILING_DIRECTORIES: tmpdir(), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
  const none = runCli(['loop', 'next'], { cwd: outside, env });
  assert.equal(none.status, 2, none.stderr);
  assert.match(JSON.parse(none.stdout).error.message, /git work tree/);
  if (process.getuid?.() !== 0) return; // giving the repository to another user needs root
  const r = repo();
  t.after(() => {
    spawnSync('chown', ['-R', `${process.getuid?.()}`, r.dir]);
    r.cleanup();
  });
  spawnSync('chown', ['-R', 'nobody', r.dir]);
  const unsafe = runCli(['loop', 'next'], { cwd: r.dir, env });
  assert.equal(unsafe.status, 2, unsafe.stderr);
  assert.match(JSON.parse(unsafe.stdout).error.message, /dubious ownership/);
});
