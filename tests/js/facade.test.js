// The package as consumers meet it, linked from this checkout: import by name (ESM and
// CommonJS), the addon (here the local build: no @upkeep/<platform> package is installed),
// wasm as the explained fallback, and TypeScript declarations that check. The packed
// tarballs installed into a fresh project: fresh-consumer.test.js.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { makeConsumer, typecheckConsumer } from './consumer.js';
import { nativeTarget } from '../../npm/lib/native-target.js';

const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const probe = `console.log(JSON.stringify({ implementation: u.implementation, digest: u.sha256(new TextEncoder().encode('abc')), failures: u.loadFailures.map((f) => f.message) }))`;
const target = nativeTarget();
const notInstalled = `@upkeep/${target} is not installed (npm leaves it out with --omit=optional or --no-optional, and when no package matches this platform)`;
const noLocalBuild = `no local build at native/upkeep.${target}.node`;

describe('the installed package', () => {
  const project = makeConsumer();
  after(project.remove);

  const run = (/** @type {string} */ source, /** @type {any} */ options = {}) => {
    const result = project.node(source, options);
    assert.equal(result.status, 0, result.stderr);
    return JSON.parse(result.stdout);
  };

  test("import('upkeep') loads the native addon, saying the platform package was not there", () => {
    assert.deepEqual(run(`const u = await import('upkeep'); ${probe}`), {
      implementation: 'native',
      digest: ABC,
      failures: [notInstalled],
    });
  });

  test('UPKEEP_FORCE_WASM=1 loads the wasm build without trying an addon', () => {
    const out = run(`const u = await import('upkeep'); ${probe}`, { env: { UPKEEP_FORCE_WASM: '1' } });
    assert.deepEqual(out, { implementation: 'wasm', digest: ABC, failures: [] });
  });

  test("require('upkeep') serves CommonJS the same module", () => {
    const out = run(`const u = require('upkeep'); ${probe}`, { esm: false });
    assert.deepEqual(out, { implementation: 'native', digest: ABC, failures: [notInstalled] });
  });

  test('engine errors are Errors with a stable code', () => {
    const out = run(`const u = await import('upkeep');
      try { u.parseDigest('xyz'); } catch (e) { console.log(JSON.stringify({ isError: e instanceof Error, code: e.code, message: e.message })); }`);
    assert.deepEqual(out, { isError: true, code: 'invalid-digest', message: "invalid SHA-256 digest 'xyz': 'x' is not a hex digit" });
  });

  test('TypeScript consumers type-check under nodenext (ESM and CJS) and bundler resolution', () => {
    typecheckConsumer(project.dir);
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
      why: [
        [notInstalled, 'MODULE_NOT_FOUND'],
        [noLocalBuild, 'MODULE_NOT_FOUND'],
      ],
    });
  });
});

describe('a platform package whose addon does not load (built for another machine, say)', () => {
  const project = makeConsumer({ copyOnly: ['wasm'] });
  after(project.remove);
  const dir = join(project.dir, 'node_modules', '@upkeep', target);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `@upkeep/${target}`, version: '0.0.0', main: `upkeep.${target}.node` }));
  writeFileSync(join(dir, `upkeep.${target}.node`), 'not a shared library');

  test("falls back to wasm, saying the package is there but its addon failed, with the loader's error", () => {
    const result = project.node(`const u = await import('upkeep');
      console.log(JSON.stringify({ implementation: u.implementation, why: u.loadFailures.map((f) => [f.message, f.cause.code]) }))`);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), {
      implementation: 'wasm',
      why: [
        [`@upkeep/${target} is installed but its addon did not load`, 'ERR_DLOPEN_FAILED'],
        [noLocalBuild, 'MODULE_NOT_FOUND'],
      ],
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
      message: `upkeep: no engine could be loaded (@upkeep/${target}, a local build, then wasm)`,
      causes: [
        [notInstalled, 'MODULE_NOT_FOUND'],
        [noLocalBuild, 'MODULE_NOT_FOUND'],
        ['the wasm engine did not load', 'MODULE_NOT_FOUND'],
      ],
    });
  });
});
