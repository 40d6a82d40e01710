// An engine call's argument is read the same way on every engine: a field its type does not
// know is refused, at the top, inside a list and inside a nested object, with serde's own
// words. (serde-wasm-bindgen alone would read a struct by its known fields and let an unknown
// one pass; wasm/src/strict.rs makes it walk every key, as the native addon does.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { implementations } from './implementations.js';

const MERGE_PATHS = ['ours.txt', 'base.txt', 'theirs.txt'];
const PROJECT = { root: '/w/app', kind: 'update' };

/** @type {[string, (api: any) => unknown, RegExp][]} */
const refused = [
  ['a top-level field', (api) => api.mergeCommand({ paths: MERGE_PATHS, bogus: true }), /unknown field `bogus`/],
  [
    'a field of an object in a list',
    (api) => api.commandTarget({ command: 'upkeep.scoreWorkingTree', projects: [{ ...PROJECT, extra: 1 }], folders: [] }),
    /unknown field `extra`/,
  ],
];

/** What each engine answers, as `{ code, message }` or `{ result }`. */
function answers(/** @type {(api: any) => unknown} */ call) {
  return implementations.map(({ name, api }) => {
    try {
      return { name, result: call(api) };
    } catch (/** @type {any} */ e) {
      return { name, code: e.code, message: e.message };
    }
  });
}

for (const [label, call, words] of refused) {
  test(`an unknown field is refused on every engine, in the same words: ${label}`, () => {
    const all = answers(call);
    for (const answer of all) {
      assert.equal(answer.code, 'invalid-argument', `${answer.name} accepted it`);
      assert.match(String(answer.message), words, answer.name);
    }
    assert.equal(new Set(all.map((a) => a.message)).size, 1, JSON.stringify(all, null, 2));
  });
}

test('known fields, an omitted optional one and an explicit null read the same on every engine', () => {
  const all = answers((api) =>
    api.commandTarget({ command: 'upkeep.scoreWorkingTree', asked: null, projects: [PROJECT], folders: ['/w/app'] }),
  );
  for (const answer of all) assert.deepEqual(answer, { name: answer.name, result: all[0].result });
  assert.ok(all[0].result, 'a target was named');
});
