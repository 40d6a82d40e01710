// The upkeep API in Node (ES modules). CommonJS consumers get the same module through
// index.cjs; browsers and bundlers get browser.js, on the wasm `web` build.
import { engine } from './engine.js';

export { implementation, loadFailures } from './engine.js';

// Hashing
export const { sha256, parseDigest, checksumLine, Sha256Stream } = engine;

// Update
export const { parseManifest, compareVersions, checkVersions, changelogRange, startUpdate, updateReadList, planUpdate } = engine;

/** Resolves at once: Node loads the engine synchronously. Browsers must await it. */
export async function init() {}

export { hashFile } from './shim/hash-file.js';
