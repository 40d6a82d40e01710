// Loads the engine in Node, first that works: the addon from the @upkeep/<platform>
// package npm installed beside this one (an optional dependency), then a local build in
// native/ (a clone of the repository), then the wasm build this package ships.
// UPKEEP_FORCE_WASM=1 skips both addons. Every failed attempt is kept (loadFailures, and
// the thrown error's cause when nothing loads), so a fallback can always be explained.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import process from 'node:process';
import { nativeTarget } from './native-target.js';
import { withBulkApis } from './bulk-api.js';

const require = createRequire(import.meta.url);
const target = nativeTarget();
const platformPackage = `@upkeep/${target}`;
const localBuild = `native/upkeep.${target}.node`;

/**
 * The wasm engine: the same glue and .wasm browsers load (lib/browser.js), instantiated
 * synchronously from the file beside it.
 */
function loadWasm() {
  const glue = require('../wasm/upkeep.js');
  glue.initSync({ module: readFileSync(new URL('../wasm/upkeep_bg.wasm', import.meta.url)) });
  return glue;
}

/** Says why a candidate did not load, in words, with the loader's own error as the cause. */
const explain = {
  package: (/** @type {any} */ error) =>
    error?.code === 'MODULE_NOT_FOUND' && String(error.message).includes(`'${platformPackage}'`)
      ? `${platformPackage} is not installed (npm leaves it out with --omit=optional or --no-optional, and when no package matches this platform)`
      : `${platformPackage} is installed but its addon did not load`,
  local: (/** @type {any} */ error) =>
    error?.code === 'MODULE_NOT_FOUND' ? `no local build at ${localBuild}` : `the local build ${localBuild} did not load`,
  wasm: () => 'the wasm engine did not load',
};

/** Each engine in the order tried: `raw` loads its module as it is, `load` the engine the package uses. */
const candidates = /** @type {const} */ ([
  { implementation: 'native', why: explain.package, raw: () => require(platformPackage) },
  { implementation: 'native', why: explain.local, raw: () => require(`../${localBuild}`) },
  { implementation: 'wasm', why: explain.wasm, raw: loadWasm },
]).map((c) => ({ ...c, load: () => withBulkApis(c.raw()) }));

/**
 * Tries `list` in order; resolves to the first engine that loads, and the failures before it.
 * @param {readonly (typeof candidates)[number][]} list
 */
function firstThatLoads(list) {
  /** @type {Error[]} */
  const failures = [];
  for (const { implementation, why, load } of list) {
    try {
      return { engine: load(), implementation, loadFailures: failures };
    } catch (error) {
      failures.push(new Error(why(error), { cause: error }));
    }
  }
  return { failures };
}

/** The error when nothing in `list` loaded: every failure chained into its cause. */
function noEngine(/** @type {string} */ message, /** @type {Error[]} */ failures) {
  return new Error(message, { cause: new AggregateError(failures, failures.map((f) => f.message).join('; ')) });
}

/**
 * Loads the first engine that works.
 * @param {{ forceWasm?: boolean }} [options]
 */
export function loadEngine({ forceWasm = process.env.UPKEEP_FORCE_WASM === '1' } = {}) {
  const loaded = firstThatLoads(forceWasm ? candidates.filter((c) => c.implementation === 'wasm') : candidates);
  if ('engine' in loaded) return loaded;
  throw noEngine(`upkeep: no engine could be loaded (${platformPackage}, a local build, then wasm)`, loaded.failures);
}

/**
 * Loads one named engine (the first addon that loads, for 'native'), for tests and
 * benchmarks that compare implementations side by side.
 */
export function loadImplementation(/** @type {'native' | 'wasm'} */ name) {
  const list = candidates.filter((c) => c.implementation === name);
  if (list.length === 0) throw new Error(`unknown implementation ${JSON.stringify(name)}`);
  const loaded = firstThatLoads(list);
  if ('engine' in loaded) return loaded.engine;
  throw noEngine(`upkeep: no ${name} engine could be loaded`, loaded.failures);
}

/**
 * The native addon's raw exports when one loads on this platform, whichever engine was
 * chosen; null otherwise. The shim takes its operating-system helpers from it
 * (shim/rename-exchange.js), never a decision.
 * @returns {Record<string, unknown> | null}
 */
export function nativeAddon() {
  for (const candidate of candidates) {
    if (candidate.implementation !== 'native') continue;
    try {
      return candidate.raw();
    } catch {}
  }
  return null;
}
