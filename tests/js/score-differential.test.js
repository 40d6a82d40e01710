// `worst` and the scorer against the JavaScript reference itself (score.mjs, extracted
// from the seed in ../shared/seeds/ into a temp folder; never committed): every pair of
// decisions, missing values included — `worst(null, undefined)` must be `undefined`,
// `worst(undefined, null)` `null` —, with `Object.is`, on every engine; then a few
// thousand random cases of the seeded differential.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { implementations } from './implementations.js';

const seeds = fileURLToPath(new URL('../../../shared/seeds/', import.meta.url));
const seed = existsSync(seeds) ? readdirSync(seeds).find((f) => f.startsWith('004_')) : undefined;

/** score.mjs as the seed's diff adds it: the lines after its header, up to the next file. */
function extract(/** @type {string} */ text) {
  const lines = text.split('\n');
  const start = lines.indexOf('package/js/loop/score.mjs');
  const hunk = lines.findIndex((l, i) => i > start && l.startsWith('@@'));
  const end = lines.findIndex((l, i) => i > hunk && l.startsWith('package/'));
  return lines
    .slice(hunk + 1, end)
    .filter((l) => l.startsWith('+'))
    .map((l) => l.slice(1))
    .join('\n');
}

describe('score: the reference differential', { skip: seed ? false : 'no ../shared/seeds/004_*.txt' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'upkeep-score-ref-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'score.mjs');
  writeFileSync(file, extract(readFileSync(join(seeds, /** @type {string} */ (seed)), 'utf8')));

  test('worst returns exactly the reference value, null and undefined included', async () => {
    const ref = await import(pathToFileURL(file).href);
    const values = [undefined, null, 'silent', 'soft', 'blocking', 'nope', 'toString', '__proto__', ''];
    for (const { name, api } of implementations) {
      for (const a of values) {
        for (const b of values) {
          const want = ref.worst(a, b);
          const got = api.worst(a, b);
          assert.ok(
            Object.is(got, want),
            `${name}: worst(${String(a)}, ${String(b)}) is ${String(got)}, the reference says ${String(want)}`,
          );
        }
      }
    }
  });

  test('random cases agree with the reference on both Node engines', () => {
    const script = fileURLToPath(new URL('../differential/score-vectors.mjs', import.meta.url));
    const r = spawnSync(process.execPath, [script, '--reference', file, '--compare', '3000', '--seed', String(Date.now() % 1000)], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /, 0 disagreements$/m);
  });
});
