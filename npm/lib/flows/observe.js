// Reading what the engine needs to decide: manifest and record bytes, and the kind and
// hashes of every source and host path. Nothing here decides anything.
import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KIND_CODES } from '../generated/defaults.js';
import { engine } from '../engine.js';
import { inspect, unsafePathError } from '../shim/safe-path.js';
import { joinedBytes, observeTree } from './observe-tree.js';

/**
 * The observations of every path in `rels` under `root` for the engine, read in batches
 * (one engine call per batch of small files; large files streamed): kind, SHA-256, and
 * the CRLF-normalized SHA-256 of a text file holding CRLF (autocrlf checkouts). A folder
 * on the way that is a link or not a folder is refused, as {@link inspect} refuses it.
 * @param {string} root @param {string[]} rels
 * @param {{ onPath?: (path: string) => void, stopIfAsked?: () => void }} [options] progress
 *   per path read; a stop check between batches (it throws)
 * @returns {Promise<import('../index.js').PathObservation[]>}
 */
export async function observeAll(root, rels, options = {}) {
  /** @type {import('../index.js').PathObservation[]} */
  const observations = [];
  await observeBatches(root, rels, (batch) => observations.push(...batch), options);
  return observations;
}

/**
 * {@link observeAll} handing each batch's observations to `onBatch` as it is read, so
 * they need not all be held at once (a refresh gives them straight to the engine).
 * @param {string} root @param {string[]} rels
 * @param {(batch: import('../index.js').PathObservation[]) => void} onBatch
 * @param {{ onPath?: (path: string) => void, stopIfAsked?: () => void }} [options]
 */
export async function observeBatches(root, rels, onBatch, options = {}) {
  await observeTree({ roots: [root], paths: rels, eol: true, ...options }, (batch) => {
    /** @type {import('../index.js').PathObservation[]} */
    const observations = [];
    const small = batch.flatMap(({ found: [f] }) => (f.bytes ? [f.bytes] : []));
    const digests =
      small.length === 0
        ? []
        : engine.digestContents(
            Buffer.concat(small),
            Uint32Array.from(small, (b) => b.length),
            true,
          );
    let next = 0;
    for (const {
      path,
      found: [f],
    } of batch) {
      if (f.blockedBy) throw blocked(path, f.blockedBy);
      if (f.kind !== 'file') {
        observations.push({ path, kind: f.kind });
        continue;
      }
      const digest = f.digest ?? digests[next++];
      /** @type {import('../index.js').PathObservation} */
      const observation = { path, kind: 'file', sha256: digest.sha256 };
      if (digest.sha256Lf) observation.sha256Lf = digest.sha256Lf;
      observations.push(observation);
    }
    onBatch(observations);
  });
}

/**
 * Reads every path of `rels` under `root` in batches and hands each batch to the engine's
 * refresh inputs as columns for `side` (the paths themselves do not cross: a batch fills
 * the side's next paths, in the order the inputs listed them): each path's kind, the
 * small files' bytes, and the files' SHA-256 from node:crypto when the engine would rather
 * be given them (`hostDigests()`: wasm hashes several times more slowly) or a batch holds
 * a streamed large file (its digests given, whose bytes the engine never sees). A folder on
 * the way that is a link or not a folder is refused, as {@link inspect} refuses it.
 * @param {string} root @param {string[]} rels
 * @param {import('../index.js').RefreshInputs} inputs
 * @param {'sources' | 'hosts'} side
 * @param {{ onPath?: (path: string) => void, stopIfAsked?: () => void }} [options]
 */
export async function observeInto(root, rels, inputs, side, options = {}) {
  const hostDigests = inputs.hostDigests();
  await observeTree({ roots: [root], paths: rels, eol: true, ...options }, (batch) => {
    const kinds = new Uint8Array(batch.length);
    /** @type {Uint8Array[]} */
    const bytes = [];
    const streamed = batch.some(({ found: [f] }) => f.kind === 'file' && !f.bytes);
    // Digests cross for every file or for none: a batch with a streamed file carries them all.
    const given = hostDigests || streamed;
    /** @type {Uint8Array[]} */
    const digests = [];
    /** @type {number[]} */
    const lfAt = [];
    /** @type {Uint8Array[]} */
    const lf = [];
    batch.forEach(({ path, found: [f] }, i) => {
      if (f.blockedBy) throw blocked(path, f.blockedBy);
      kinds[i] = KIND_CODES[f.kind];
      if (f.kind !== 'file') return;
      if (f.bytes) {
        bytes.push(f.bytes);
        if (given) digests.push(hash('sha256', f.bytes, 'buffer'));
        return;
      }
      const digest = /** @type {import('../index.js').ContentDigest} */ (f.digest);
      bytes.push(new Uint8Array(0));
      digests.push(Buffer.from(digest.sha256, 'hex'));
      if (digest.sha256Lf) {
        lfAt.push(i);
        lf.push(Buffer.from(digest.sha256Lf, 'hex'));
      }
    });
    inputs.observeColumns(
      side,
      kinds,
      joinedBytes(bytes),
      Uint32Array.from(bytes, (b) => b.length),
      given ? Buffer.concat(digests) : new Uint8Array(0),
      Uint32Array.from(lfAt),
      Buffer.concat(lf),
    );
  });
}

/** The refusal of a path whose folder on the way is a link or no folder. */
function blocked(/** @type {string} */ path, /** @type {{ folder: string, kind: 'symlink' | 'not-a-directory' }} */ by) {
  return unsafePathError({ kind: by.kind === 'symlink' ? 'link' : 'not-a-folder', path, at: by.folder });
}

/** Reads a regular file under root without following links; undefined when absent. */
export function readInside(/** @type {string} */ root, /** @type {string} */ rel) {
  const found = inspect(root, rel);
  if (found.kind === 'missing') return undefined;
  if (found.kind !== 'file') {
    throw unsafePathError({ kind: 'reads-through', path: rel, found: found.kind });
  }
  return readFileSync(join(root, rel));
}
