// The upkeep API in Node (ES modules). CommonJS consumers get the same module through
// index.cjs; browsers and bundlers get browser.js, on the wasm `web` build. The exports
// both entries share are declared once, in exports.js (generated into generated/).
import { renderLoopFile } from './generated/exports-node.js';
import { writeLoopText } from './shim/loop-file.js';

export * from './generated/exports-node.js';
export { implementation, loadFailures } from './engine.js';

/**
 * Writes `state` to the LOOP.md at `file` atomically (through `file.tmp`, then a rename).
 * @param {string} file @param {any} state
 */
export function writeLoopFile(file, state) {
  writeLoopText(file, renderLoopFile(state));
}

/** Resolves at once: Node loads the engine synchronously. Browsers must await it. */
export async function init() {}

export { hashFile } from './shim/hash-file.js';
