// The batch writer `upkeep new` uses to place a scaffold: temp files in the target's own
// folder, a batch synced concurrently, each renamed (or linked) into place, each folder
// synced once and swept of dead runs' temps once per run. It writes by path: `update`,
// `refresh` and `install` go through the compare-and-swap executor (flows/execute.js)
// instead, and `new` should move there too.
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, constants, fsync, openSync, readdirSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import process from 'node:process';
import { promisify } from 'node:util';
import { basename, dirname, join } from 'node:path';
import { fsyncDir } from './atomic-write.js';
import { dataWrite, step } from './fault.js';

const fsyncAsync = promisify(fsync);

/** What a batch writer writes to a path: bytes, bytes read when written, or a file streamed. */
/** @typedef {Uint8Array | (() => Uint8Array) | { from: string }} WriteData */

/**
 * A new, exclusively created temp file beside `path` (mode 0600), after sweeping dead runs'
 * temps from its folder the first time this run writes there (`swept`).
 * @param {string} path @param {Set<string>} swept
 */
function openTemp(path, swept) {
  if (!swept.has(dirname(path))) {
    swept.add(dirname(path));
    sweepFolder(dirname(path));
  }
  const temp = join(dirname(path), `.${basename(path)}.upkeep-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  return { temp, fd: openSync(temp, 'wx', 0o600) };
}

/** Copy size for streamed files: memory stays at one chunk whatever the file's size. */
const COPY_CHUNK = 1 << 20;
/** The one chunk streamed copies go through (they run one at a time). */
let copyChunk = /** @type {Buffer | null} */ (null);

/** Appends the bytes of the regular file at `from` (opened without following a link) to `fd`, a chunk at a time. */
function copyInto(/** @type {number} */ fd, /** @type {string} */ from) {
  const input = openSync(from, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    copyChunk ??= Buffer.allocUnsafe(COPY_CHUNK);
    const chunk = copyChunk;
    for (let n; (n = readSync(input, chunk, 0, COPY_CHUNK, null)) > 0; ) {
      for (let offset = 0; offset < n; ) offset += writeSync(fd, chunk, offset, n - offset);
    }
  } finally {
    closeSync(input);
  }
}

/**
 * Creates a new temp file beside `path` (exclusively, mode 0600) holding `data`, or the
 * bytes of the regular file `data.from` streamed, not yet synced; returns its path and
 * open descriptor. Nothing is left behind if it fails.
 * @param {string} path @param {Uint8Array | { from: string }} data @param {Set<string>} swept
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

/** How many temp files one batch keeps open and syncs at once. */
const BATCH = 128;

/**
 * Many temp files at once: every temp file is written, then all of
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
  await writeAll(
    items,
    (temp, item) => {
      renameSync(temp, item.path);
      step('renamed');
    },
    afterBatch,
  );
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
 * Removes every temp file a killed writer left in `dir` (`.<name>.upkeep-<pid>-<hex>.tmp`
 * whose pid is gone): one listing of the folder, for all the files a batch writes there.
 */
function sweepFolder(/** @type {string} */ dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.endsWith('.tmp') || !name.startsWith('.')) continue;
    const at = name.lastIndexOf('.upkeep-');
    if (at < 1) continue;
    const pid = Number(name.slice(at + '.upkeep-'.length).split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !running(pid)) {
      try {
        unlinkSync(join(dir, name));
      } catch {}
    }
  }
}
