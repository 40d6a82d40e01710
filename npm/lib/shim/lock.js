// An advisory lock: content written to a temp file, then link()ed into place, so the
// lock file appears complete or not at all. It names its holder (pid, host, process start
// time, run id). A lock is stale only when it is from this host and its process is gone
// (or the pid now belongs to a process started at another time); it is broken only under
// a second lock, after re-reading it. An empty or unreadable lock has an unknown owner and
// is never broken; neither is another host's.
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import process from 'node:process';
import { fsyncDir } from './atomic-write.js';

/** Another run (a refresh, an update) holds the lock; `code` is `busy`. */
export class BusyError extends Error {
  /** @param {string} message @param {object} [holder] */
  constructor(message, holder) {
    super(message);
    this.code = 'busy';
    this.holder = holder;
  }
}

/** The start time of process `pid` in clock ticks since boot (Linux), or '' when unknown. */
export function processStart(/** @type {number} */ pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

/** Whether the process that wrote `holder` still runs. */
function alive(/** @type {{ pid: number, start?: string }} */ holder) {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ESRCH') return false;
  }
  const start = processStart(holder.pid);
  return !(holder.start && start && start !== holder.start);
}

/** Creates `path` holding `text` or fails with EEXIST; never a partial file. */
function linkInto(/** @type {string} */ path, /** @type {string} */ text) {
  const temp = `${path}.${process.pid}.${Math.random().toString(16).slice(2)}.tmp`;
  const fd = openSync(temp, 'wx', 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, path);
  } finally {
    unlinkSync(temp);
  }
  fsyncDir(dirname(path));
}

function read(/** @type {string} */ path) {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return undefined;
    throw error;
  }
}

function parse(/** @type {string} */ text) {
  try {
    const holder = JSON.parse(text);
    return Number.isInteger(holder?.pid) && typeof holder.host === 'string' ? holder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock at `path` for run `runId`, or throws BusyError naming the holder
 * ("<what> already in progress (pid …, host …, since …)").
 * @param {string} path @param {string} runId
 * @param {{ what?: string }} [options] the command named in messages (`refresh` by default)
 * @returns {{ release(): void, holder: object }}
 */
export function acquireLock(path, runId, { what = 'refresh' } = {}) {
  const holder = { pid: process.pid, host: hostname(), start: processStart(process.pid), since: new Date().toISOString(), run: runId };
  const text = `${JSON.stringify(holder)}\n`;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    try {
      linkInto(path, text);
      return {
        holder,
        release() {
          if (read(path) === text) {
            unlinkSync(path);
            fsyncDir(dirname(path));
          }
        },
      };
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    const seen = read(path);
    if (seen === undefined) continue; // released meanwhile: try again
    const other = parse(seen);
    if (!other) {
      throw new BusyError(`${what} already in progress (unknown owner: the lock file '${path}' is empty or partial; if no ${what} is running, remove it by hand)`);
    }
    const named = `pid ${other.pid}, host ${other.host}, since ${other.since}`;
    if (other.host !== hostname()) {
      throw new BusyError(`${what} already in progress (${named}); if no ${what} runs on ${other.host}, remove '${path}' by hand`, other);
    }
    if (alive(other)) throw new BusyError(`${what} already in progress (${named})`, other);
    breakStale(path, seen);
  }
  throw new BusyError(`${what} already in progress (the lock '${path}' keeps changing hands)`);
}

/**
 * Removes a stale lock under a second lock (`<path>.break`), only if it still holds what
 * was judged stale. A breaker left by a run that died mid-break is itself a stale lock,
 * broken the same way one level down (under `<path>.break.break`), so two runs can never
 * both believe they hold a breaker; the caller then tries again.
 * @param {string} path @param {string} seen @param {number} [depth]
 */
function breakStale(path, seen, depth = 0) {
  const breaker = `${path}.break`;
  try {
    linkInto(breaker, `${JSON.stringify({ pid: process.pid, host: hostname(), start: processStart(process.pid) })}\n`);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    const held = read(breaker);
    const other = parse(held ?? '');
    if (held !== undefined && other && other.host === hostname() && !alive(other) && depth < 2) breakStale(breaker, held, depth + 1);
    return;
  }
  try {
    if (read(path) === seen) unlinkSync(path);
  } finally {
    unlinkSync(breaker);
  }
}
