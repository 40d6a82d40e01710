// The loop's drop-in JS API: state objects updated in place (also by a refused call), a
// Map catalogue, and the LOOP.md writer's retry and clean-up.
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import * as upkeep from '../../npm/lib/index.js';
import { renameWithRetry, writeLoopText } from '../../npm/lib/shim/loop-file.js';

const graph = {
  start: 'edit',
  edges: [{ from: 'edit', on: 'done', to: 'edit' }],
  loops: [{ name: 'main', nodes: ['edit'], max: 2, iteration: true }],
};
/** @type {Map<string, import('../../npm/lib/index.js').LoopBrick>} */
const bricks = new Map([['edit', { name: 'edit', effect: 'mutate', outcomes: ['done'], body: 'Edit.' }]]);

test('calls update the state object in place, also when they refuse', () => {
  // Left-out options (undefined) take their defaults, as the reference's parameters do.
  const state = upkeep.initState({ title: 't', requirement: 'r', graph, preset: undefined, contracts: undefined });
  const same = state;
  assert.equal(upkeep.scoreDeclared(state, { actions: ['logic'], writeSet: ['src/**'] }).decision, 'soft');
  assert.equal(state, same);
  assert.equal(state.validated, true);
  assert.deepEqual(upkeep.recordOutcome(state, bricks, 'done', { porcelain: undefined, card: undefined, note: undefined }), {
    verify: true,
  });
  assert.equal(state.pendingVerify, true);
  assert.throws(
    () => upkeep.recordOutcome(state, bricks, 'done'),
    (/** @type {any} */ e) =>
      e.code === 'loop-refused' && e.message === 'the iteration is closed: run `upkeep loop score --diff` first' && !('state' in e),
  );
  const commit = /** @type {any} */ (upkeep.scoreDiff(state, [{ file: 'src/a.js', added: 1, deleted: 0 }]));
  assert.equal(commit.commit, true);
  assert.equal(state.iteration, 2);
  // A refusal after the card was recorded: the card stays, as in the reference.
  assert.throws(() => upkeep.scoreDeclared(state, { actions: ['bogus'] }), { code: 'unknown-action' });
  assert.deepEqual(state.card?.actions, ['bogus']);
  assert.equal(upkeep.parseLoopFile(upkeep.renderLoopFile(state)).card?.actions?.[0], 'bogus');
  assert.throws(() => upkeep.parseLoopFile('# Loop'), { code: 'invalid-loop-file', message: 'LOOP.md has no loop-state block' });
  assert.throws(() => upkeep.validateLoopGraph({ ...graph, start: 'nope' }, bricks), { code: 'invalid-loop-graph' });
});

test('writeLoopFile renames LOOP.md.tmp over LOOP.md; transient refusals are retried, a final failure cleans up', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'upkeep-loopfile-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'LOOP.md');
  const state = upkeep.initState({ title: 't', requirement: 'r', graph });
  upkeep.writeLoopFile(file, state);
  assert.deepEqual(upkeep.parseLoopFile(readFileSync(file, 'utf8')), state);
  assert.equal(existsSync(`${file}.tmp`), false);

  let calls = 0;
  const flaky = (/** @type {string} */ from, /** @type {string} */ to) => {
    calls += 1;
    if (calls < 3) throw Object.assign(new Error('busy'), { code: 'EBUSY' });
    renameWithRetry(from, to);
  };
  writeLoopText(file, 'third time\n', { rename: flaky });
  assert.equal(calls, 3);
  assert.equal(readFileSync(file, 'utf8'), 'third time\n');

  calls = 0;
  const locked = () => {
    calls += 1;
    throw Object.assign(new Error('denied'), { code: 'EPERM' });
  };
  assert.throws(() => writeLoopText(file, 'never\n', { rename: locked }), { code: 'EPERM' });
  assert.equal(calls, 3);
  assert.equal(existsSync(`${file}.tmp`), false, 'the temp file is removed');
  assert.equal(readFileSync(file, 'utf8'), 'third time\n');

  calls = 0;
  const broken = () => {
    calls += 1;
    throw Object.assign(new Error('gone'), { code: 'ENOENT' });
  };
  assert.throws(() => writeLoopText(file, 'never\n', { rename: broken }), { code: 'ENOENT' });
  assert.equal(calls, 1, 'a non-transient error is not retried');
});

test('a symlink planted at LOOP.md.tmp is replaced, never written through', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'upkeep-loopfile-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const outside = join(dir, 'precious.txt');
  mkdirSync(join(dir, 'repo'));
  writeFileSync(outside, 'keep me\n');
  const file = join(dir, 'repo', 'LOOP.md');
  symlinkSync(outside, `${file}.tmp`);
  writeLoopText(file, 'state\n');
  assert.equal(readFileSync(outside, 'utf8'), 'keep me\n');
  assert.equal(readFileSync(file, 'utf8'), 'state\n');
  assert.equal(lstatSync(file).isSymbolicLink(), false);
});
