// Every implementation must reproduce every conformance vector exactly, and all of them
// must export the same API.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loopApi } from '../../npm/lib/loop-api.js';
import { implementations } from './implementations.js';
import { expected, runCase, vectorFiles } from './vectors.js';

for (const { name, api } of implementations) {
  describe(`conformance: ${name}`, () => {
    for (const { file, cases } of vectorFiles()) {
      test(`${file} (${cases.length} cases)`, () => {
        for (const testCase of cases) {
          assert.deepStrictEqual(runCase(api, testCase), expected(testCase), testCase.name);
          // The digest route must give every planUpdate vector's answer, byte for byte.
          if (testCase.call === 'planUpdate') {
            const byDigests = runCase(api, { ...testCase, call: 'planUpdateByDigests' });
            assert.deepStrictEqual(byDigests, expected(testCase), `${testCase.name} (digest route)`);
          }
        }
      });
    }
  });
}

/** Exports that belong to a loader or to the glue, not to the engine's API. */
const notEngine = new Set(['init', 'hashFile', 'default', 'initSync', 'start', 'writeLoopFile', 'renameExchange']);
// The loop API is the facade's wrapper over the `loop*` bindings (tests/vectors run both).
for (const name of Object.keys(loopApi({}))) notEngine.add(name);
const rawLoop = (/** @type {string} */ name) => /^loop[A-Z]/.test(name);
// So are the bulk routes: npm/lib/score-api.js and layout-api.js wrap the column-shaped and
// packed bindings.
const rawColumns = (/** @type {string} */ name) => /(Columns|Packed)$/.test(name);

test('every implementation exports the same engine functions', () => {
  const engineNames = (/** @type {object} */ api) =>
    Object.keys(api)
      .filter((k) => typeof (/** @type {any} */ (api)[k]) === 'function' && !notEngine.has(k) && !rawLoop(k) && !rawColumns(k))
      .sort();
  const [first, ...rest] = implementations;
  for (const other of rest) assert.deepStrictEqual(engineNames(other.api), engineNames(first.api), `${other.name} vs ${first.name}`);
});
