// The upkeep API for browsers and bundlers, on the wasm `web` build. Await init() once
// before calling anything else. The exports both entries share are declared once, in
// exports.js (generated into generated/); the flows are Node only.
import { initWasm } from './engine-browser.js';
import { NEEDS_NODE } from './generated/defaults.js';
import { UpkeepError } from './shim/upkeep-error.js';

export * from './generated/exports-browser.js';

/** Always `'wasm'` here. */
export const implementation = 'wasm';
/** Nothing is skipped in the browser: there is only the wasm engine. */
/** @type {readonly Error[]} */
export const loadFailures = [];

/** @returns {never} */
export function writeLoopFile() {
  throw UpkeepError.from(NEEDS_NODE.writeLoopFile);
}

/**
 * Instantiates the wasm engine. With no argument it fetches the `.wasm` beside the glue;
 * pass bytes, a `WebAssembly.Module`, a URL or a Response to load it from elsewhere.
 * @param {import('./index.js').WasmSource} [source]
 */
export async function init(source) {
  await initWasm(source === undefined ? undefined : { module_or_path: source });
}

/** @returns {never} */
export function hashFile() {
  throw UpkeepError.from(NEEDS_NODE.hashFile);
}
