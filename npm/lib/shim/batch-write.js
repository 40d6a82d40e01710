// The batch writer `upkeep new` uses to place a scaffold: temp files in the target's own
// folder, a batch synced concurrently, each renamed (or linked) into place, each folder
// synced once. It writes by path: `update`, `refresh` and `install` go through the
// compare-and-swap executor (flows/execute.js) instead, and `new` should move there too.
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsync, openSync, readdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import process from 'node:process';
import { promisify } from 'node:util';
import { basename, dirname, join } from 'node:path';
import { fsyncDir } from './atomic-write.js';
import { dataWrite, step } from './fault.js';

const fsyncAsync = promisify(fsync);

/** A new, exclusively created temp file beside `path` (mode 0600), after sweeping dead runs' temps. */
function openTemp(/** @type {string} */ path) {
  sweepTemps(path);
  const temp = join(dirname(path), `.${basename(path)}.upkeep-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  return { temp, fd: openSync(temp, 'wx', 0o600) };
}

/**
 * Creates a new temp file beside `path` (exclusively, mode 0600) holding `data`, not yet
 * synced; returns its path and open descriptor. Nothing is left behind if it fails.
 * @param {string} path @param {Uint8Array} data
 */
function createTemp(path, data) {
  const { temp, fd } = openTemp(path);
  try {
    dataWrite(temp);
    let offset = 0;
    while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
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
 * @param {{ path: string, data: Uint8Array, mode: number }[]} items at most a batch
 */
async function writeTemps(items) {
  /** @type {{ temp: string, fd: number }[]} */
  const created = [];
  try {
    for (const item of items) created.push(createTemp(item.path, item.data));
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
 * the end. `data` may be a function, so a batch's bytes are read only when it is written.
 * Returns the directories synced. `afterBatch(placed)` runs after each batch is placed
 * (progress, a stop request); if it throws, the directories touched so far are synced
 * before the error goes on, so every file placed stays placed.
 * @template {{ path: string, data: Uint8Array | (() => Uint8Array), mode?: number }} T
 * @param {T[]} items @param {(temp: string, item: T) => void} place
 * @param {(placed: number) => void} [afterBatch]
 */
export async function writeAll(items, place, afterBatch) {
  /** @type {Set<string>} */
  const dirs = new Set();
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
 * @param {{ path: string, data: Uint8Array | (() => Uint8Array), mode?: number }[]} items
 * @param {(placed: number) => void} [afterBatch] see {@link writeAll}
 */
export async function atomicWriteAll(items, afterBatch) {
  await writeAll(items, (temp, item) => {
    renameSync(temp, item.path);
    step('renamed');
  }, afterBatch);
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
function sweepTemps(/** @type {string} */ path) {
  const prefix = `.${basename(path)}.upkeep-`;
  let names;
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !running(pid)) {
      try {
        unlinkSync(join(dirname(path), name));
      } catch {}
    }
  }
}
