// The update plan from digests: the project and the two releases are read path by path in
// bounded batches (small files hashed by the engine a batch at a time, large ones
// streamed), the engine's update session plans from the digests, and only the files it
// asks for (both sides changed, field merges, generated regions) are read again, in
// bounded batches, and hashed again by the engine against what it saw. The session keeps
// the plan; what carrying it out takes comes back. Memory stays at a batch, whatever the
// size of the trees. I/O only: every decision is the session's.
import { hash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../engine.js';
import { KIND_CODES } from '../generated/defaults.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { joinedBytes, observeTree } from './observe-tree.js';
import { counter, letSignalsIn } from './progress.js';

/** Needed files are supplied a batch at a time: this many bytes... */
const SUPPLY_BYTES = 64 << 20;
/** ...or this many paths. */
const SUPPLY_PATHS = 256;
/**
 * A needed file is read up to this size: the engine never asks for a side larger than
 * its 64 MiB content limit, so a file that grew past it since it was hashed is read only
 * this far, and the engine's digest check calls it changed.
 */
const NEEDED_READ_CAP = engine.writeConstants().neededReadMaxBytes;
const SIDES = /** @type {const} */ (['current', 'baseline', 'latest']);
/** How a file that was there when hashed can be found gone, or no longer a file, when read. */
const GONE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'ENXIO']);

/**
 * @param {object} request
 * @param {[string, string, string]} request.roots the project, the baseline release, the latest release
 * @param {string[]} request.paths every managed path (the engine's read list)
 * @param {import('../index.js').UpdateSession} request.session the update's session, given no files yet; it keeps the plan
 * @param {(event: import('./progress.js').ProgressEvent) => void} [request.onProgress] 'read' per path, then 'plan' per path read again and the plan
 * @param {() => void} [request.stopIfAsked] throws to stop between batches
 * @returns {Promise<import('../index.js').PlanOutline>}
 */
export async function planByDigests({ roots, paths, session, onProgress, stopIfAsked }) {
  const eol = session.lineEndings();
  // An engine that hashes more slowly than node:crypto (wasm) is handed each file's SHA-256.
  const hostDigests = session.hostDigests();
  const read = counter(onProgress, 'read', paths.length);
  await observeTree({ roots, paths, eol, onPath: (path) => read.step(path), stopIfAsked }, (batch) => {
    // Paths whose sides are all small files or non-files cross as columns; a path with a
    // large (streamed) file crosses as an object carrying that file's digests.
    /** @type {import('../index.js').FileInput[]} */
    const objects = [];
    /** @type {string[]} */
    const columnPaths = [];
    const kinds = [];
    const lengths = [];
    const parts = [];
    /** @type {Buffer[]} */
    const digests = [];
    for (const { path, found } of batch) {
      if (found.some((f) => f.digest)) {
        objects.push({ path, current: sideOf(found[0]), baseline: sideOf(found[1]), latest: sideOf(found[2]) });
        continue;
      }
      columnPaths.push(path);
      for (const f of found) {
        kinds.push(kindCode(f));
        lengths.push(f.bytes?.length ?? 0);
        if (f.bytes) parts.push(f.bytes);
        if (f.bytes && hostDigests) digests.push(hash('sha256', f.bytes, 'buffer'));
      }
    }
    if (columnPaths.length > 0)
      session.observeColumns(
        columnPaths,
        Uint8Array.from(kinds),
        joinedBytes(parts),
        Uint32Array.from(lengths),
        hostDigests ? Buffer.concat(digests) : null,
      );
    if (objects.length > 0) session.observe(objects, false);
  });
  const needs = session.needs();
  // The plan phase counts the paths whose bytes are read again, and ends with the plan.
  const planned = counter(onProgress, 'plan', needs.length + 1);
  /** @type {import('../index.js').SuppliedContent[]} */
  let batch = [];
  let bytes = 0;
  const supply = async () => {
    session.supply(batch);
    for (const content of batch) planned.step(content.path);
    batch = [];
    bytes = 0;
    await letSignalsIn();
    stopIfAsked?.();
  };
  for (const need of needs) {
    /** @type {import('../index.js').SuppliedContent} */
    const content = { path: need.path };
    SIDES.forEach((side, i) => {
      if (!need[side]) return;
      const read = readNeeded(join(roots[i], need.path), need.path, side);
      bytes += read.length;
      content[side] = read;
    });
    batch.push(content);
    if (bytes >= SUPPLY_BYTES || batch.length >= SUPPLY_PATHS) await supply();
  }
  if (batch.length > 0) await supply();
  const outline = session.plan();
  planned.step(undefined);
  return outline;
}

/**
 * One side as the session takes it: `null` when nothing is there, what blocks the way to
 * it (the session says what that counts as), the kind of a non-file, a small file's bytes
 * (hashed and dropped by the engine), a large file's digests.
 * @param {import('./observe-tree.js').Found} found
 * @returns {import('../index.js').SideInput | null}
 */
function sideOf(found) {
  if (found.blockedBy) return { blockedBy: found.blockedBy.kind };
  if (found.kind === 'missing') return null;
  if (found.kind !== 'file') return { kind: found.kind };
  if (found.bytes) return { bytes: found.bytes };
  const d = /** @type {import('../index.js').ContentDigest} */ (found.digest);
  return { digest: d.sha256, size: d.size, binary: d.binary, digestLf: d.sha256Lf ?? null };
}

/** The codes of what blocks the way to a path, by the tree walk's word for it (core's `KIND_CODES`). */
const BLOCKED_CODES = { symlink: KIND_CODES.blockedBySymlink, 'not-a-directory': KIND_CODES.blockedByNotADirectory };
/** A side's kind as `observeColumns` codes it (core's `KIND_CODES`). */
function kindCode(/** @type {import('./observe-tree.js').Found} */ found) {
  return found.blockedBy ? BLOCKED_CODES[found.blockedBy.kind] : KIND_CODES[found.kind];
}

/**
 * A needed file's bytes, read without following a link (up to {@link NEEDED_READ_CAP}).
 * A file gone or replaced since it was hashed fails the run with the file named: nothing
 * has been written yet, and running again starts from what is there now.
 * @param {string} abs @param {string} path @param {string} side
 */
function readNeeded(abs, path, side) {
  let fd;
  try {
    fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const st = fstatSync(fd);
    if (!st.isFile()) throw UpkeepError.from(engine.treeRefusal({ kind: 'changed-while-read', path, side }));
    const out = Buffer.allocUnsafe(Math.min(st.size, NEEDED_READ_CAP));
    let n = 0;
    for (let got; n < out.length && (got = readSync(fd, out, n, out.length - n, null)) > 0; ) n += got;
    return out.subarray(0, n);
  } catch (error) {
    const e = /** @type {NodeJS.ErrnoException} */ (error);
    // The refusal above, or a read the file system refused (EACCES, EIO): its own error.
    if (!e.code || !GONE.has(e.code)) throw error;
    throw UpkeepError.from(engine.treeRefusal({ kind: 'changed-while-read', path, side, error: e.message }));
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
