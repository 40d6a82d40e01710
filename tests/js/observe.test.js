// The one "what is at a path" kind (core/src/observe.rs) on every engine: refresh reads
// all five words; where nothing at a path is said by leaving the entry out (an update side,
// a region snapshot, a release listing), "missing" is refused with an engine error naming
// the call, while the other words keep their meaning.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { implementations } from './implementations.js';

const sha = 'a'.repeat(64);
const text = (/** @type {string} */ s) => new TextEncoder().encode(s);

/** The engine error `call` throws. @param {() => unknown} call */
function refusal(call) {
  try {
    call();
  } catch (error) {
    return /** @type {any} */ (error);
  }
  assert.fail('accepted');
}

/** A one-file update whose current side is `current`. @param {unknown} current */
const update = (current) => ({
  from: '1.0.0',
  to: '1.1.0',
  baselineManifest: '{"schema":1,"files":{"a.txt":"owned"}}',
  latestManifest: '{"schema":1,"files":{"a.txt":"owned"}}',
  files: [{ path: 'a.txt', current, baseline: { bytes: text('a\n') }, latest: { bytes: text('b\n') } }],
  options: { runId: 'r1' },
});

for (const { name, api } of implementations) {
  test(`refresh reads every kind, "missing" included (${name})`, () => {
    assert.equal(api.classify({ kind: 'file', sha256: sha }, { kind: 'missing' }, null), 'new-upstream');
    assert.equal(api.classify({ kind: 'file', sha256: sha }, { kind: 'symlink' }, sha), 'locally-modified');
    assert.equal(api.classify({ kind: 'missing' }, { kind: 'directory' }, sha), 'source-deleted');
  });

  test(`an update side and a region snapshot refuse "missing" (${name})`, () => {
    const side = refusal(() => api.planUpdate(update({ kind: 'missing' })));
    assert.equal(side.code, 'invalid-update-input');
    assert.match(side.message, /kind "missing" is not accepted here: leave the entry out/);
    assert.ok(api.planUpdate(update({ kind: 'symlink' })), 'a symlink side is still a side');

    const snapshot = { paths: ['gen/a.md'], dirs: ['gen'], after: [] };
    const entry = refusal(() => api.regionConfine({ ...snapshot, before: [{ path: 'gen/b', kind: 'missing' }] }));
    assert.match(entry.message, /kind "missing" is not accepted here/);
    const repairs = api.regionConfine({ ...snapshot, before: [{ path: 'gen/b', kind: 'directory' }] }).repairs;
    assert.deepEqual(
      repairs.map((/** @type {any} */ r) => [r.op, r.path]),
      [['restore-dir', 'gen/b']],
    );
  });
}
