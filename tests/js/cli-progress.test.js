// What a stopped run says it reached: backing up and writing alternate batch by batch, so
// once files have been written, a stop among a later batch's backups is told by the files
// written (a stop "while backing up" would hide a half-updated tree).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Progress } from '../../npm/lib/cli/progress.js';

test('a stop among the backups after writes began reports the files written', () => {
  const progress = new Progress({ enabled: false });
  progress.onProgress({ phase: 'backup', done: 64, total: 200 });
  assert.deepEqual(progress.reached, { phase: 'backup', done: 64, total: 200 }, 'nothing written yet: the backups');
  progress.onProgress({ phase: 'write', done: 63, total: 200, path: 'f063' });
  progress.onProgress({ phase: 'backup', done: 127, total: 200 });
  assert.deepEqual(progress.reached, { phase: 'write', done: 63, total: 200, path: 'f063' });
  progress.onProgress({ phase: 'regenerate', done: 0, total: 1 });
  assert.equal(progress.reached?.phase, 'regenerate', 'a later phase is told as it is');
});
