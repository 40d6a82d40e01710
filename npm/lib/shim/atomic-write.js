// Atomic replacement of one file: temp file in the target's own directory (never
// $TMPDIR: rename must not cross file systems), created exclusively with mode 0600 →
// write → fsync → close → final mode → rename → fsync the directory. A reader sees the
// old file or the new one, never a torn one.
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, constants, fsync, fsyncSync, lstatSync, openSync, readdirSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { promisify } from 'node:util';
import { basename, dirname, join } from 'node:path';
import { engine } from '../engine.js';
import { dataWrite, step } from './fault.js';

const fsyncAsync = promisify(fsync);

/** fsyncs a directory, so a rename or unlink in it is durable. */
export function fsyncDir(/** @type {string} */ dir) {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * A new, exclusively created temp file beside `path` (mode 0600), after sweeping dead runs'
 * temps (`swept` names the folders a batch writer already swept: one sweep per folder).
 * @param {string} path @param {Set<string>} [swept]
 */
function openTemp(path, swept) {
  if (!swept) sweepTemps(path);
  else if (!swept.has(dirname(path))) {
    swept.add(dirname(path));
    sweepFolder(dirname(path));
  }
  const temp = join(dirname(path), `.${basename(path)}.upkeep-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  return { temp, fd: openSync(temp, 'wx', 0o600) };
}

/**
 * Creates a new temp file beside `path` (exclusively, mode 0600) holding `data`, or the
 * bytes of the regular file `data.from` copied a chunk at a time (never through a link),
 * not yet synced; returns its path and open descriptor. Nothing is left behind if it fails.
 * @param {string} path @param {Uint8Array | { from: string }} data @param {Set<string>} [swept]
 */
function createTemp(path, data, swept) {
  const { temp, fd } = openTemp(path, swept);
  try {
    dataWrite(temp);
    if ('from' in data) copyInto(fd, data.from);
    else {
      let offset = 0;
      while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
    }
  } catch (error) {
    closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  return { temp, fd };
}

/** Closes a synced temp file and gives it its final mode; removes it if that fails. */
function finishTemp(/** @type {{ temp: string, fd: number }} */ { temp, fd }, /** @type {number} */ mode) {
  closeSync(fd);
  try {
    chmodSync(temp, mode);
  } catch (error) {
    unlinkSync(temp);
    throw error;
  }
  step('temp synced');
}

/**
 * Writes `data` to a new temp file beside `path`, synced, with `mode`; returns its path.
 * The temp file is removed again if anything fails.
 * @param {string} path @param {Uint8Array} data @param {number} mode
 * @param {Set<string>} [swept] the folders this run already swept of dead runs' temps
 */
export function writeTemp(path, data, mode, swept) {
  const created = createTemp(path, data, swept);
  try {
    fsyncSync(created.fd);
  } catch (error) {
    closeSync(created.fd);
    unlinkSync(created.temp);
    throw error;
  }
  finishTemp(created, mode);
  return created.temp;
}

/** Copy size for {@link copyToTemp}: memory stays at one chunk whatever the file's size. */
const COPY_CHUNK = 1 << 20;
/** The one chunk streamed copies go through (they run one at a time). */
let copyChunk = /** @type {Buffer | null} */ (null);

/**
 * Appends the bytes of the regular file at `from` (opened without following a link) to
 * `fd` a chunk at a time; `onChunk` sees each chunk (a digest).
 * @param {number} fd @param {string} from @param {(chunk: Buffer) => void} [onChunk]
 */
function copyInto(fd, from, onChunk) {
  const input = openSync(from, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    copyChunk ??= Buffer.allocUnsafe(COPY_CHUNK);
    const chunk = copyChunk;
    for (let n; (n = readSync(input, chunk, 0, COPY_CHUNK, null)) > 0; ) {
      onChunk?.(chunk.subarray(0, n));
      for (let offset = 0; offset < n; ) offset += writeSync(fd, chunk, offset, n - offset);
    }
  } finally {
    closeSync(input);
  }
}

/**
 * Copies the regular file at `from` (never through a link) into a new temp file beside
 * `path`, a chunk at a time, hashing what it copied; synced, with `mode`. Returns the temp's
 * path and the copy's SHA-256, so the caller can check it copied the bytes it planned for.
 * The temp file is removed again if anything fails.
 * @param {string} from @param {string} path @param {number} mode
 * @param {Set<string>} [swept] the folders this run already swept of dead runs' temps
 * @returns {{ temp: string, sha256: string }}
 */
export function copyToTemp(from, path, mode, swept) {
  const { temp, fd } = openTemp(path, swept);
  const hash = new engine.Sha256Stream();
  try {
    dataWrite(temp);
    copyInto(fd, from, (chunk) => hash.update(chunk));
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  finishTemp({ temp, fd }, mode);
  return { temp, sha256: hash.finish() };
}

/** Renames a synced temp file over `path` and syncs the folder (the tail of {@link atomicWrite}). */
export function placeTemp(/** @type {string} */ temp, /** @type {string} */ path) {
  try {
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {}
    throw error;
  }
  step('renamed');
  fsyncDir(dirname(path));
}

/** What a batch writer writes to a path: bytes, bytes read when written, or a file streamed. */
/** @typedef {Uint8Array | (() => Uint8Array) | { from: string }} WriteData */

/** How many temp files one batch keeps open and syncs at once. */
const BATCH = 128;

/**
 * Like {@link writeTemp} for many files at once: every temp file is written, then all of
 * them are fsynced concurrently (the file system commits them together instead of one
 * journal commit per file), then closed and given their modes. Returns the temp paths in
 * order; on failure every temp file of the batch is removed.
 * @param {{ path: string, data: Uint8Array | { from: string }, mode: number }[]} items at most a batch
 * @param {Set<string>} swept the folders already swept this run
 */
async function writeTemps(items, swept) {
  /** @type {{ temp: string, fd: number }[]} */
  const created = [];
  try {
    for (const item of items) created.push(createTemp(item.path, item.data, swept));
    await Promise.all(created.map(({ fd }) => fsyncAsync(fd)));
  } catch (error) {
    for (const { temp, fd } of created) {
      try {
        closeSync(fd);
        unlinkSync(temp);
      } catch {}
    }
    throw error;
  }
  const done = [];
  for (const [i, entry] of created.entries()) {
    finishTemp(entry, items[i].mode);
    done.push(entry.temp);
  }
  return done;
}

/**
 * Writes many files with {@link writeTemps}, a batch at a time, and places each temp file
 * with `place(temp, item)` (a rename, a link); each directory touched is fsynced once at
 * the end. `data` may be a function, so a batch's bytes are read only when it is written,
 * or `{ from }`, a file streamed into place (memory stays at one chunk, whatever its size).
 * Each folder is swept of dead runs' temps once, before its first temp file.
 * Returns the directories synced. `afterBatch(placed)` runs after each batch is placed
 * (progress, a stop request); if it throws, the directories touched so far are synced
 * before the error goes on, so every file placed stays placed.
 * @template {{ path: string, data: WriteData, mode?: number }} T
 * @param {T[]} items @param {(temp: string, item: T) => void} place
 * @param {(placed: number) => void} [afterBatch]
 */
export async function writeAll(items, place, afterBatch) {
  /** @type {Set<string>} */
  const dirs = new Set();
  /** @type {Set<string>} */
  const swept = new Set();
  for (let at = 0; at < items.length; at += BATCH) {
    if (at > 0 && afterBatch) {
      try {
        afterBatch(at);
      } catch (error) {
        for (const dir of dirs) fsyncDir(dir);
        throw error;
      }
    }
    const batch = items.slice(at, at + BATCH);
    const temps = await writeTemps(
      batch.map((item) => ({ path: item.path, data: typeof item.data === 'function' ? item.data() : item.data, mode: item.mode ?? 0o644 })),
      swept,
    );
    for (const [i, temp] of temps.entries()) {
      try {
        place(temp, batch[i]);
      } catch (error) {
        for (const rest of temps.slice(i)) {
          try {
            unlinkSync(rest);
          } catch {}
        }
        throw error;
      }
      dirs.add(dirname(batch[i].path));
    }
  }
  for (const dir of dirs) fsyncDir(dir);
  afterBatch?.(items.length);
  return dirs;
}

/**
 * Replaces many files atomically and durably, as {@link atomicWrite} does one, with the
 * temp files of each batch synced concurrently and each directory synced once at the end.
 * @param {{ path: string, data: WriteData, mode?: number }[]} items
 * @param {(placed: number) => void} [afterBatch] see {@link writeAll}
 */
export async function atomicWriteAll(items, afterBatch) {
  await writeAll(items, (temp, item) => {
    renameSync(temp, item.path);
    step('renamed');
  }, afterBatch);
}

/**
 * Replaces `path` with `data` atomically and durably.
 * @param {string} path @param {Uint8Array} data @param {{ mode?: number }} [options]
 */
export function atomicWrite(path, data, { mode = 0o644 } = {}) {
  placeTemp(writeTemp(path, data, mode), path);
}

/**
 * Atomically replaces the existing regular file at `path`, keeping its permission bits.
 * Refuses (`code: 'ESYMLINK'`) to replace a symlink: nothing is ever written through one.
 * @param {string} path @param {Uint8Array} data
 */
export function replaceFile(path, data) {
  const target = lstatSync(path);
  if (target.isSymbolicLink()) {
    throw Object.assign(new Error(`refusing to replace '${path}': it is a symbolic link`), { code: 'ESYMLINK', path });
  }
  atomicWrite(path, data, { mode: target.mode & 0o7777 });
}

/** Whether process `pid` is running. */
function running(/** @type {number} */ pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code !== 'ESRCH';
  }
}

/**
 * Removes temp files a killed writer left beside `path` (`.<name>.upkeep-<pid>-<hex>.tmp`
 * whose pid is gone), so a resumed run leaves no stray file in the user's tree.
 */
export function sweepTemps(/** @type {string} */ path) {
  sweepFolder(dirname(path), `.${basename(path)}.upkeep-`);
}

/**
 * Removes every temp file a killed writer left in `dir` (whose names start with `prefix`
 * when given): one listing of the folder, for all the files a batch writes there.
 * @param {string} dir @param {string} [prefix]
 */
function sweepFolder(dir, prefix) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.endsWith('.tmp') || !name.startsWith(prefix ?? '.')) continue;
    const at = name.lastIndexOf('.upkeep-');
    if (at < 1 || (prefix && at !== prefix.length - '.upkeep-'.length)) continue;
    const pid = Number(name.slice(at + '.upkeep-'.length).split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !running(pid)) {
      try {
        unlinkSync(join(dir, name));
      } catch {}
    }
  }
}
