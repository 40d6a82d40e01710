// The text API's edges that the vectors cannot express: option objects as JS callers
// write them, and the exact types of results, the same in every implementation.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { implementations } from './implementations.js';

const bytes = (/** @type {string} */ s) => new TextEncoder().encode(s);

for (const { name, api } of implementations) {
  describe(`text API: ${name}`, () => {
    test('byte results are plain Uint8Arrays, not Buffers', () => {
      const results = [
        api.unifiedDiff(bytes('a\n'), bytes('b\n')).patch,
        api.merge(bytes('x\n'), bytes('a\n'), bytes('y\n')).content,
        api.diffHunks(bytes('a\n'), bytes('b\n'))[0].lines[0].text,
        api.applyHunks(bytes('a\n'), bytes('b\n'), [0]),
      ];
      for (const result of results) assert.equal(Object.getPrototypeOf(result), Uint8Array.prototype);
    });

    test('undefined and null option fields mean the defaults', () => {
      const diff = api.unifiedDiff(bytes('a\n'), bytes('b\n'), { context: undefined, oldLabel: null, ignoreEol: undefined });
      assert.equal(new TextDecoder().decode(diff.patch), '--- old\n+++ new\n@@ -1 +1 @@\n-a\n+b\n');
      const merged = api.merge(bytes('x\n'), bytes('a\n'), bytes('y\n'), { markerSize: undefined, oursLabel: undefined, style: null });
      assert.equal(new TextDecoder().decode(merged.content), '<<<<<<<\nx\n=======\ny\n>>>>>>>\n');
    });

    test('unknown or mistyped options are refused, not ignored', () => {
      for (const [call, options] of /** @type {[string, any][]} */ ([
        ['unifiedDiff', { contxt: 5 }],
        ['unifiedDiff', { context: 'five' }],
        ['unifiedDiff', { context: -1 }],
        ['merge', { style: 'diff4' }],
        ['merge', { favour: 'ours' }],
      ])) {
        const run = () =>
          call === 'merge'
            ? api.merge(bytes('x\n'), bytes('a\n'), bytes('y\n'), options)
            : api.unifiedDiff(bytes('a'), bytes('b'), options);
        assert.throws(
          run,
          (/** @type {any} */ e) =>
            e instanceof Error && /** @type {any} */ (e).code === 'invalid-options' && e.message.startsWith("invalid options 'options': "),
          JSON.stringify(options),
        );
      }
    });

    test('line endings and binary detection', () => {
      assert.deepEqual({ ...api.lineEndings(bytes('a\r\nb\r\n')) }, { dominant: 'crlf', lf: 0, crlf: 2, cr: 0 });
      assert.equal(api.isBinary(new Uint8Array([0x50, 0])), true);
      assert.equal(api.sameText(bytes('a\r\n'), bytes('a\n'), { ignoreEol: true }), true);
      assert.equal(api.sameText(bytes('a\r\n'), bytes('a\n')), false);
    });
  });
}
