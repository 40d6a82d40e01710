// The package as consumers meet it: import by name (ESM and CommonJS), the native addon
// first, wasm as the explained fallback, and TypeScript declarations that check.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, describe, test } from 'node:test';
import { join } from 'node:path';
import { makeConsumer, packageDir } from './consumer.js';

const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const probe = `console.log(JSON.stringify({ implementation: u.implementation, digest: u.sha256(new TextEncoder().encode('abc')), failures: u.loadFailures.length }))`;

describe('the installed package', () => {
  const project = makeConsumer();
  after(project.remove);

  const run = (/** @type {string} */ source, /** @type {any} */ options = {}) => {
    const result = project.node(source, options);
    assert.equal(result.status, 0, result.stderr);
    return JSON.parse(result.stdout);
  };

  test("import('upkeep') loads the native addon", () => {
    assert.deepEqual(run(`const u = await import('upkeep'); ${probe}`), { implementation: 'native', digest: ABC, failures: 0 });
  });

  test('UPKEEP_FORCE_WASM=1 loads the wasm build', () => {
    const out = run(`const u = await import('upkeep'); ${probe}`, { env: { UPKEEP_FORCE_WASM: '1' } });
    assert.deepEqual(out, { implementation: 'wasm', digest: ABC, failures: 0 });
  });

  test("require('upkeep') serves CommonJS the same module", () => {
    const out = run(`const u = require('upkeep'); ${probe}`, { esm: false });
    assert.deepEqual(out, { implementation: 'native', digest: ABC, failures: 0 });
  });

  test('engine errors are Errors with a stable code', () => {
    const out = run(`const u = await import('upkeep');
      try { u.parseDigest('xyz'); } catch (e) { console.log(JSON.stringify({ isError: e instanceof Error, code: e.code, message: e.message })); }`);
    assert.deepEqual(out, { isError: true, code: 'invalid-digest', message: "invalid SHA-256 digest 'xyz': 'x' is not a hex digit" });
  });

  test('TypeScript consumers type-check under nodenext (ESM and CJS) and bundler resolution', () => {
    const uses = `const digest: string = sha256(new Uint8Array([1]));
const stream = new Sha256Stream();
stream.update(new Uint8Array(0));
const hex: string = stream.finish();
const impl: 'native' | 'wasm' = implementation;
void init().then(() => hashFile('x'));
// @ts-expect-error sha256 takes bytes, not a string
sha256('abc');
export { digest, hex, impl };
`;
    project.write('esm.mts', `import { sha256, Sha256Stream, implementation, init, hashFile } from 'upkeep';\n${uses}`);
    project.write('cjs.cts', `import upkeep = require('upkeep');\nconst { sha256, Sha256Stream, implementation, init, hashFile } = upkeep;\n${uses}`);
    project.write('bundler.ts', `import { sha256, Sha256Stream, implementation, init, hashFile } from 'upkeep';\n${uses}`);
    const tsc = join(packageDir, 'node_modules/typescript/bin/tsc');
    const common = ['--noEmit', '--strict', '--skipLibCheck', 'false', '--types', 'node', '--typeRoots', join(packageDir, 'node_modules/@types')];
    execFileSync(process.execPath, [tsc, ...common, '--module', 'nodenext', '--moduleResolution', 'nodenext', 'esm.mts', 'cjs.cts'], { cwd: project.dir, encoding: 'utf8' });
    execFileSync(process.execPath, [tsc, ...common, '--module', 'esnext', '--moduleResolution', 'bundler', '--lib', 'es2022,dom', 'bundler.ts'], { cwd: project.dir, encoding: 'utf8' });
  });
});

describe('a package whose native addon is missing', () => {
  const project = makeConsumer({ copyOnly: ['wasm'] });
  after(project.remove);

  test('falls back to wasm and says why', () => {
    const result = project.node(`const u = await import('upkeep');
      console.log(JSON.stringify({ implementation: u.implementation, why: u.loadFailures.map((f) => [f.message, f.cause.code]) }))`);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), {
      implementation: 'wasm',
      why: [['the native engine failed to load', 'MODULE_NOT_FOUND']],
    });
  });
});

describe('a package with no engine at all', () => {
  const project = makeConsumer({ copyOnly: [] });
  after(project.remove);

  test('fails with every load failure chained into error.cause', () => {
    const result = project.node(`try { await import('upkeep'); } catch (e) {
      console.log(JSON.stringify({ message: e.message, causes: e.cause.errors.map((f) => [f.message, f.cause.code]) })); }`);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), {
      message: 'upkeep: no engine could be loaded (native addon, then wasm)',
      causes: [
        ['the native engine failed to load', 'MODULE_NOT_FOUND'],
        ['the wasm engine failed to load', 'MODULE_NOT_FOUND'],
      ],
    });
  });
});
