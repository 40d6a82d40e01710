// Input nested 100,000 levels deep, through every reader that recurses, in every engine:
// each is refused with an error (or a fallback) that names the input, and the engine keeps
// working afterwards. Before the depth limits, deep YAML crashed the native addon (SIGSEGV
// at 20k–50k levels) and overflowed the wasm stack at about 5k.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { implementations } from './implementations.js';

const LEVELS = 100_000;
const utf8 = new TextEncoder();
/** Arrays nested `n` deep, as JSON. */
const deepJson = (/** @type {number} */ n) => `${'['.repeat(n)}${']'.repeat(n)}`;
/** A JavaScript value nested `n` deep. */
function deepValue(/** @type {number} */ n) {
  /** @type {any} */
  let v = 1;
  for (let i = 0; i < n; i += 1) v = { a: v };
  return v;
}

const yamlInputs = {
  'block sequences': `key:\n  ${'- '.repeat(LEVELS)}x\n`,
  'flow sequences': `key: ${'['.repeat(LEVELS)}`,
  'flow mappings': `key: ${'{a: '.repeat(LEVELS)}`,
  'block then flow': `key:\n  ${'- '.repeat(LEVELS / 2)}${'['.repeat(LEVELS / 2)}`,
};

for (const { name, api } of implementations) {
  describe(`deep input (${LEVELS.toLocaleString('en')} levels): ${name}`, () => {
    for (const [shape, text] of Object.entries(yamlInputs)) {
      test(`YAML ${shape}: a merge falls back naming the side, readConfig refuses naming the file`, () => {
        const out = api.structuredMerge('deep.yaml', { format: 'yaml', values: ['key'] }, text, 'key: 1\n', 'key: 2\n');
        assert.equal(out.merged, null);
        assert.match(out.fallback ?? '', /^the current file cannot be edited safely \(at byte \d+: nested deeper than 64 levels\)$/);
        assert.throws(
          () => api.readConfig('deep.yaml', null, utf8.encode(text)),
          (/** @type {any} */ e) => e.code === 'unsupported-config' && /'deep\.yaml'.*nested deeper than 64 levels/.test(e.message),
        );
      });
    }

    for (const format of ['json', 'jsonc']) {
      test(`${format}: a merge falls back, readConfig refuses`, () => {
        const text = `{"key": ${deepJson(LEVELS)}}`;
        const out = api.structuredMerge('deep.json', { format, values: ['key'] }, '{"key": 1}', '{"key": 1}', text);
        assert.match(out.fallback ?? '', /^the latest file is not JSON.*nested deeper than 64 levels\)$/);
        assert.throws(
          () => api.readConfig('deep.json', format, utf8.encode(text)),
          (/** @type {any} */ e) => e.code === 'invalid-config' && /'deep\.json'.*nested deeper than 64 levels/.test(e.message),
        );
      });
    }

    test('manifests: an update manifest and an install manifest are refused by name', () => {
      const manifest = `{"schema": 1, "files": {}, "merges": ${deepJson(LEVELS)}}`;
      assert.throws(
        () => api.parseManifest(manifest, 'latest release manifest'),
        (/** @type {any} */ e) =>
          e.code === 'invalid-manifest' && /latest release manifest/.test(e.message) && /nested deeper than 64/.test(e.message),
      );
      assert.throws(
        () => api.parseInstallManifest(utf8.encode(`{"files": ${deepJson(LEVELS)}}`), 'install/manifest.json'),
        (/** @type {any} */ e) =>
          e.code === 'invalid-manifest' && /install\/manifest\.json/.test(e.message) && /nested deeper than 64/.test(e.message),
      );
    });

    test('the loop state: in LOOP.md and as an object', () => {
      const file = `# Loop\n<!-- loop-state:begin -->\n\`\`\`json\n${deepJson(LEVELS)}\n\`\`\`\n<!-- loop-state:end -->\n`;
      assert.throws(
        () => api.parseLoopFile(file),
        (/** @type {any} */ e) => e.code === 'invalid-loop-file' && /LOOP\.md/.test(e.message) && /nested deeper than 64/.test(e.message),
      );
      assert.throws(() => api.renderLoopFile(deepValue(LEVELS)), /nested deeper than 64 levels/);
    });

    test('the engine still answers after every refusal', () => {
      assert.deepStrictEqual(api.readConfig('ok.yaml', null, utf8.encode('a: [1, {b: 2}]\n')).documents, [{ a: [1, { b: 2 }] }]);
    });
  });
}
