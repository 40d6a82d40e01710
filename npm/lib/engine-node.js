// Loads the engine in Node: the native N-API addon first, the wasm build as the fallback.
// UPKEEP_FORCE_WASM=1 skips the addon. Every failed attempt is kept (loadFailures, and the
// thrown error's cause when nothing loads), so a silent fallback can still be explained.
import { createRequire } from 'node:module';
import process from 'node:process';
import { withScoreApi } from './score-api.js';

const require = createRequire(import.meta.url);

/** The addon file napi-rs names for this platform, e.g. `upkeep.linux-x64-gnu.node`. */
function nativeFileName() {
  const { platform, arch } = process;
  if (platform !== 'linux') return `upkeep.${platform}-${arch}.node`;
  const report = /** @type {{ header?: { glibcVersionRuntime?: string } }} */ (process.report?.getReport());
  const glibc = report?.header?.glibcVersionRuntime;
  return `upkeep.linux-${arch}-${glibc ? 'gnu' : 'musl'}.node`;
}

const candidates = [
  { implementation: 'native', load: () => withScoreApi(require(`../native/${nativeFileName()}`)) },
  { implementation: 'wasm', load: () => withScoreApi(require('../wasm/node/upkeep.js')) },
];

/**
 * Loads the first engine that works.
 * @param {{ forceWasm?: boolean }} [options]
 */
export function loadEngine({ forceWasm = process.env.UPKEEP_FORCE_WASM === '1' } = {}) {
  /** @type {Error[]} */
  const failures = [];
  for (const { implementation, load } of candidates) {
    if (forceWasm && implementation === 'native') continue;
    try {
      return { engine: load(), implementation, loadFailures: failures };
    } catch (error) {
      failures.push(new Error(`the ${implementation} engine failed to load`, { cause: error }));
    }
  }
  throw new Error('upkeep: no engine could be loaded (native addon, then wasm)', {
    cause: new AggregateError(failures, failures.map((f) => (f.cause instanceof Error ? f.cause.message : f.message)).join('; ')),
  });
}

/** Loads one named engine, for tests that compare implementations side by side. */
export function loadImplementation(/** @type {'native' | 'wasm'} */ name) {
  const candidate = candidates.find((c) => c.implementation === name);
  if (!candidate) throw new Error(`unknown implementation ${JSON.stringify(name)}`);
  return candidate.load();
}
