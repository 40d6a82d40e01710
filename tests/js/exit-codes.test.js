// One table maps every error a command raises on purpose to its exit code; the commands
// share it, so `upkeep refresh` and `upkeep update` agree on what a missing file means.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXIT, exitForError } from '../../npm/lib/cli/exit-codes.js';

test('errors map to one exit code each, whichever command raised them', () => {
  /** @type {Array<[string, number]>} */
  const cases = [
    ['busy', EXIT.busy],
    ['dirty-worktree', EXIT.refused],
    ['interrupted', EXIT.interrupted],
    ['ENOENT', EXIT.badInput],
    ['invalid-manifest', EXIT.badInput],
    ['bad-release', EXIT.badInput],
    ['git', EXIT.badInput],
    ['unknown-action', EXIT.badInput],
    ['backup-exists', EXIT.io],
    ['ENOSPC', EXIT.io],
    ['EXDEV', EXIT.io],
  ];
  for (const [code, exit] of cases) {
    assert.equal(exitForError(Object.assign(new Error(code), { code })), exit, code);
  }
});

test('an error upkeep does not raise on purpose is a bug, not an exit code', () => {
  assert.equal(exitForError(new TypeError('x is undefined')), undefined);
  assert.equal(exitForError(Object.assign(new Error('?'), { code: 'something-new' })), undefined);
  assert.equal(exitForError(null), undefined);
});
