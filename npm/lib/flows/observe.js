// Reading what the engine needs to decide: manifest and record bytes, and the kind and
// hashes of every source and host path. Nothing here decides anything.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../engine.js';
import { hashFile } from '../shim/hash-file.js';
import { inspect } from '../shim/safe-path.js';

/** Files up to this size also get their CRLF-normalized hash (autocrlf checkouts). */
const EOL_CHECK_BYTES = 64 << 20;

/**
 * The observation of `rel` under `root` for the engine.
 * @param {string} root @param {string} rel
 * @returns {Promise<import('../index.js').PathObservation>}
 */
export async function observe(root, rel) {
  const found = inspect(root, rel);
  if (found.kind !== 'file') return { path: rel, kind: found.kind };
  const sha256 = await hashFile(found.abs);
  /** @type {import('../index.js').PathObservation} */
  const observation = { path: rel, kind: 'file', sha256 };
  if (found.size <= EOL_CHECK_BYTES) {
    const lf = engine.eolNormalizedSha256(readFileSync(found.abs));
    if (lf) observation.sha256Lf = lf;
  }
  return observation;
}

/**
 * Runs `work` over `items` with a few in flight at once (hashing is I/O bound).
 * @template T, R
 * @param {T[]} items @param {(item: T) => Promise<R>} work @returns {Promise<R[]>}
 */
export async function mapLimited(items, work, limit = 16) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Reads a regular file under root without following links; undefined when absent. */
export function readInside(/** @type {string} */ root, /** @type {string} */ rel) {
  const found = inspect(root, rel);
  if (found.kind === 'missing') return undefined;
  if (found.kind !== 'file') {
    throw Object.assign(new Error(`'${rel}' is a ${found.kind}, not a regular file`), { code: 'unsafe-path' });
  }
  return readFileSync(join(root, rel));
}
