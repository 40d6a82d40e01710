// An advisory lock: content written to a temp file, then link()ed into place, so the
// lock file appears complete or not at all. It names its holder (pid, host, process start
// time, run id); the file's format, and whether a lock found is busy or stale, are the
// engine's (`lockText`, `readLock`, `lockIsStale`, `lockRefusal`): stale only when it is
// from this host and its process is gone (or the pid now belongs to a process started at
// another time). A stale lock is broken only under a second lock, after re-reading it.
import { closeSync, constants, fsyncSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { DEFAULT_FILE_MODE, fsyncDir } from './atomic-write.js';
import { nextTempName } from './temp-file.js';
import { UpkeepError } from './upkeep-error.js';

/**
 * Where a lock lives: `at(name)` is the path syscalls use for a name in its folder (a
 * folder opened by handle, shim/dir-handle.js, or a plain folder path), `sync()` syncs
 * that folder, `shown` is the lock's path for messages.
 * @typedef {{ at: (name: string) => string, sync: () => void, shown: string, name: string }} Place
 */

/** @param {string | { dir: import('./dir-handle.js').DirHandle, name: string }} where @returns {Place} */
function placeOf(where) {
  if (typeof where === 'string') {
    const dir = dirname(where);
    return { at: (name) => join(dir, name), sync: () => fsyncDir(dir), shown: where, name: basename(where) };
  }
  const { dir, name } = where;
  return { at: (n) => dir.path(n), sync: () => dir.sync(), shown: join(dir.root, dir.rel, name), name };
}

/**
 * Another run (a refresh, an update) holds the lock: the engine's `busy` refusal, `holder` who.
 * @param {import('../index.js').Refusal} refusal @param {import('../index.js').LockHolder | null} [holder]
 */
export function busyError(refusal, holder) {
  return Object.assign(UpkeepError.from(refusal), { holder: holder ?? undefined });
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

/**
 * Whether the process that wrote `holder` still runs (with its start time, a pid the
 * system reused for another process is not it).
 */
export function alive(/** @type {{ pid: number, start?: string | null }} */ holder) {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ESRCH') return false;
  }
  const start = processStart(holder.pid);
  return !(holder.start && start && start !== holder.start);
}

/**
 * Creates `name` in the lock's folder holding `text`, or fails with EEXIST; never a
 * partial file, and no temp file is left behind whatever fails (a full disk included).
 * @param {Place} place @param {string} name @param {string} text
 */
function linkInto(place, name, text) {
  // Named as every temp file upkeep makes is, so a killed run's one is known as a dead temp.
  const temp = place.at(nextTempName(name));
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, DEFAULT_FILE_MODE);
  try {
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    linkSync(temp, place.at(name));
  } finally {
    unlinkSync(temp);
  }
  place.sync();
}

/** The lock file's text, never through a link (a link there reads as an unknown owner). */
function read(/** @type {string} */ path) {
  let fd;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') return '';
    throw error;
  }
  try {
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * What a lock file's text says, for the engine's `lockRefusal`: its holder, whether on
 * this host, and (only here) whether its process still runs.
 * @returns {import('../index.js').LockSeen}
 */
function seenIn(/** @type {string} */ text) {
  /** @type {import('../index.js').LockHolder | null} */
  const holder = engine.readLock(text);
  if (!holder) return { kind: 'unknown' };
  const here = holder.host === hostname();
  return { kind: 'held', holder, here, alive: here && alive(holder) };
}

/** Whether a lock holding `text` is stale (the engine's `lockIsStale`). */
function isStale(/** @type {string} */ text) {
  return engine.lockIsStale(seenIn(text));
}

/**
 * Takes the lock at `where` (a path, or a name in a folder opened by handle) for run
 * `runId`, or throws a busy UpkeepError naming the holder ("update already in progress (pid …,
 * host …, since …)", in the engine's words).
 * @param {string | { dir: import('./dir-handle.js').DirHandle, name: string }} where @param {string} runId
 * @param {{ what: import('../index.js').LockedRun }} options the run the lock guards, as the engine names it
 * @returns {{ release(): void, holder: object }}
 */
export function acquireLock(where, runId, { what }) {
  const place = placeOf(where);
  const path = place.at(place.name);
  const shown = place.shown;
  const holder = { pid: process.pid, host: hostname(), start: processStart(process.pid), since: new Date().toISOString(), run: runId };
  const text = engine.lockText(holder);
  for (let attempt = 0; attempt < 4; attempt += 1) {
    try {
      linkInto(place, place.name, text);
      return {
        holder,
        release() {
          if (read(path) === text) {
            unlinkSync(path);
            place.sync();
          }
        },
      };
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    const seen = read(path);
    if (seen === undefined) continue; // released meanwhile: try again
    const found = seenIn(seen);
    const refusal = engine.lockRefusal({ what, shown, seen: found });
    if (refusal) throw busyError(refusal, found.kind === 'held' ? found.holder : null);
    breakStale(place, place.name, seen);
  }
  throw busyError(/** @type {import('../index.js').Refusal} */ (engine.lockRefusal({ what, shown, seen: { kind: 'contended' } })));
}

/**
 * Removes a stale lock under a second lock (`<path>.break`), only if it still holds what
 * was judged stale. A breaker left by a run that died mid-break is itself a stale lock,
 * broken the same way one level down (under `<path>.break.break`), so two runs can never
 * both believe they hold a breaker; the caller then tries again.
 * @param {Place} place @param {string} name @param {string} seen @param {number} [depth]
 */
function breakStale(place, name, seen, depth = 0) {
  const breaker = `${name}.break`;
  try {
    linkInto(place, breaker, engine.lockText({ pid: process.pid, host: hostname(), start: processStart(process.pid) }));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    const held = read(place.at(breaker));
    if (held !== undefined && isStale(held) && depth < 2) breakStale(place, breaker, held, depth + 1);
    return;
  }
  try {
    if (read(place.at(name)) === seen) unlinkSync(place.at(name));
  } finally {
    unlinkSync(place.at(breaker));
  }
}
