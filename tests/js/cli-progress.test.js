// What a stopped run says it reached: backing up and writing alternate batch by batch, so
// once files have been written, a stop among a later batch's backups is told by the files
// written (a stop "while backing up" would hide a half-updated tree). The progress bar
// remembers the last event and the last write; the engine's renderStopped chooses which
// to tell (as cli/run.js hands them over), on every engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Progress } from '../../npm/lib/cli/progress.js';
import { implementations } from './implementations.js';

/** The first line a stop prints, from the bar's memory, as cli/run.js asks for it. */
function stopLine(/** @type {any} */ api, /** @type {Progress} */ progress) {
  const { last, lastWrite } = progress;
  const lines = api.renderStopped({
    command: 'update',
    signal: 'SIGINT',
    phase: last?.phase,
    done: last?.done ?? 0,
    total: last?.total ?? 0,
    written: lastWrite ? { done: lastWrite.done, total: lastWrite.total } : null,
  });
  return lines[0].text;
}

for (const { name, api } of implementations) {
  test(`${name}: a stop among the backups after writes began reports the files written`, () => {
    const progress = new Progress({ enabled: false });
    progress.onProgress({ phase: 'backup', done: 64, total: 200 });
    assert.equal(
      stopLine(api, progress),
      'upkeep update: stopped by Ctrl-C (SIGINT) while backing up (64 of 200 done); every file is whole',
    );
    progress.onProgress({ phase: 'write', done: 63, total: 200, path: 'f063' });
    progress.onProgress({ phase: 'backup', done: 127, total: 200 });
    assert.deepEqual(progress.last, { phase: 'backup', done: 127, total: 200 });
    assert.deepEqual(progress.lastWrite, { phase: 'write', done: 63, total: 200, path: 'f063' });
    assert.equal(stopLine(api, progress), 'upkeep update: stopped by Ctrl-C (SIGINT) while writing (63 of 200 done); every file is whole');
    progress.onProgress({ phase: 'regenerate', done: 0, total: 1 });
    assert.equal(
      stopLine(api, progress),
      'upkeep update: stopped by Ctrl-C (SIGINT) while regenerating (0 of 1 done); every file is whole',
      'a later phase is told as it is',
    );
  });
}
