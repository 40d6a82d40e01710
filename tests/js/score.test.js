// Risk scoring beyond the conformance vectors: the constants the facades export without
// calling the engine, the drop-in surface of the reference module, and linear-time globs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import * as upkeep from '../../npm/lib/index.js';
import * as browser from '../../npm/lib/browser.js';
import { render } from '../../scripts/gen-score-constants.mjs';
import { implementations } from './implementations.js';

const constantsFile = readFileSync(new URL('../../npm/lib/score-constants.js', import.meta.url), 'utf8');

describe('scoring constants', () => {
  for (const { name, api } of implementations) {
    test(`npm/lib/score-constants.js is what the ${name} engine defines (regenerate: node scripts/gen-score-constants.mjs)`, () => {
      assert.equal(render(api.scoreConstants()), constantsFile);
    });
  }

  test('both facades export them frozen, in the reference order and shape', () => {
    for (const api of [upkeep, browser]) {
      assert.deepEqual(Object.keys(api.WEIGHTS), ['format', 'imports', 'rename', 'logic', 'new-file', 'api', 'delete', 'architecture']);
      assert.deepEqual(api.PRESETS, { prudent: [0.1, 0.3], balanced: [0.2, 0.6], aggressive: [0.4, 0.8] });
      assert.equal(api.DEFAULT_PRESET, 'balanced');
      assert.equal(api.DELETION_LINES, 20);
      assert.ok(Object.isFrozen(api.WEIGHTS) && Object.isFrozen(api.PRESETS) && Object.isFrozen(api.PRESETS.balanced));
    }
  });
});

describe('drop-in surface', () => {
  const reference = [
    'WEIGHTS',
    'PRESETS',
    'DEFAULT_PRESET',
    'DELETION_LINES',
    'declaredRisk',
    'parseNumstat',
    'globMatch',
    'actualRisk',
    'decide',
    'worst',
  ];
  test('every name of the reference module is exported by both facades', () => {
    for (const api of [upkeep, browser]) for (const name of reference) assert.ok(name in api, name);
  });

  for (const { name, api } of implementations) {
    test(`${name}: defaults, errors with codes, worst with undefined`, () => {
      assert.equal(api.declaredRisk(['logic']), 0.4);
      assert.deepEqual(api.actualRisk(0.1, [{ file: 'a', deleted: 1 }]), { score: 0.8, reasons: ['outside the write set: a'] });
      assert.equal(api.worst(undefined, 'soft'), 'soft');
      assert.equal(api.worst(undefined, undefined), undefined);
      assert.throws(() => api.declaredRisk(['x']), {
        code: 'unknown-action',
        message: 'unknown action "x" — one of format, imports, rename, logic, new-file, api, delete, architecture',
      });
      assert.throws(() => api.decide(0.1, 'x'), {
        code: 'unknown-preset',
        message: 'unknown preset "x" — one of prudent, balanced, aggressive',
      });
      assert.throws(
        () => api.declaredRisk([], { api: 'high' }),
        (/** @type {any} */ e) => e.code === 'invalid-argument' && /overrides/.test(e.message),
      );
      assert.throws(() => api.actualRisk(0, [{ file: 'a', deleted: 0 }], { writeSet: 'a' }), { code: 'invalid-argument' });
    });

    test(`${name}: overrides keep JavaScript key order in messages`, () => {
      assert.throws(() => api.declaredRisk(['q'], { zeta: 1, 10: 0.5, 2: 0.1 }), {
        message: 'unknown action "q" — one of 2, 10, format, imports, rename, logic, new-file, api, delete, architecture, zeta',
      });
    });

    test(`${name}: a near-miss path of 8 KB matches in linear time`, () => {
      const path = `${'a/'.repeat(4096)}c`;
      const set = new api.GlobSet(['**/a/**/a/**/a/**/b', '*a*a*a*a*b', '**/**/**/x/**/y']);
      const start = process.hrtime.bigint();
      for (let i = 0; i < 10; i += 1) assert.equal(set.isMatch(path), false);
      const perMatch = Number(process.hrtime.bigint() - start) / 10 / 1e6;
      assert.ok(perMatch < 50, `${perMatch} ms per match`);
      assert.equal(api.globMatch('**/a/**/a/**/a/**/b', `${path}/b`), true);
    });
  }
});

// npm/lib/score-api.js: GlobSet batches cross the boundary as one joined string; the
// answers are the per-path calls' answers, whatever the paths hold.
describe('GlobSet batches as one joined string', () => {
  const patterns = ['src/**', '**/*.md', 'é*/**', '**/a\u{1F600}/*', '*'];
  const paths = [
    'src/a.js',
    'x.md',
    'é/x',
    'b/a\u{1F600}/c',
    '',
    'top',
    'a\uD800',
    '\uDC00b.md',
    'dir/\uDBFF',
    '\u0000/x.md',
    'line\nbreak.md',
  ];
  for (const { name, api } of implementations) {
    test(`${name}: batch answers equal the per-path answers, lone surrogates included`, () => {
      const set = new api.GlobSet(patterns);
      const pairs = paths.flatMap((p, i) => Array.from(set.matches(p), (j) => [i, j]));
      assert.deepEqual(Array.from(set.matchesMany(paths)), pairs.flat());
      assert.deepEqual(
        Array.from(set.isMatchMany(paths)),
        paths.map((p) => Number(set.isMatch(p))),
      );
      assert.deepEqual(Array.from(set.matchesMany([])), []);
      assert.throws(() => set.matchesMany(/** @type {any} */ (['a', 7])));
    });
  }
});

// npm/lib/score-api.js: numstat rows cross the boundary as a string of paths and a
// Float64Array; what it cannot encode goes to the engine's own decoder unchanged.
describe('numstat rows as columns', () => {
  for (const { name, api } of implementations) {
    test(`${name}: parseNumstat returns plain row objects, any character in a path`, () => {
      const rows = api.parseNumstat('1\t2\tsrc/{a => b}/x.js\n3\t4\t"caf\\303\\251\\000\\012\\360\\237\\230\\200"\n-\t-\tlogo.png\n');
      assert.ok(Array.isArray(rows));
      for (const row of rows) assert.equal(Object.getPrototypeOf(row), Object.prototype);
      assert.deepStrictEqual(rows, [
        { file: 'src/b/x.js', added: 1, deleted: 2 },
        { file: 'src/a/x.js', added: 0, deleted: 0 },
        { file: 'café\0\n😀', added: 3, deleted: 4 },
        { file: 'logo.png', added: 0, deleted: 0 },
      ]);
      assert.deepStrictEqual(api.parseNumstat(''), []);
    });

    test(`${name}: actualRisk takes hand-built arrays, and lone surrogates are never paired up`, () => {
      const options = { writeSet: ['😀', 'a/**'] };
      // Joined, '\ud83d' and '\ude00' would read as one 😀: they must stay two paths.
      const files = [
        { file: '\ud83d', deleted: 11 },
        { file: '\ude00', added: 1, deleted: 10 },
        { file: 'a/é\0', deleted: 0 },
      ];
      assert.deepStrictEqual(api.actualRisk(0.1, files, options), {
        score: 0.8,
        reasons: ['outside the write set: \ufffd, \ufffd', '21 lines deleted'],
      });
      assert.deepStrictEqual(api.actualRisk(0.1, [{ file: '😀', added: undefined, deleted: 21, extra: true }], options), {
        score: 0.8,
        reasons: ['21 lines deleted'],
      });
      assert.deepStrictEqual(api.actualRisk(0.1, [], options), { score: 0.1, reasons: [] });
      // Malformed rows reach the engine's decoder: the same errors as before the columns.
      assert.throws(() => api.actualRisk(0.1, [{ file: 'a' }], options));
      assert.throws(() => api.actualRisk(0.1, [{ file: 'a', deleted: '1' }], options));
    });
  }
});
