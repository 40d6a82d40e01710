// Paths inside a root, checked component by component with lstat: nothing resolves
// outside the root through a symlink, and nothing is ever written through one.
import { lstatSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DIR_MODE, fsyncDir } from './atomic-write.js';
import { kindOfStats } from './entry-kind.js';
import { engine } from '../engine.js';
import { UpkeepError } from './upkeep-error.js';

/**
 * An error about a path that upkeep refuses to touch, worded by the engine (`treeRefusal`):
 * `code` is `unsafe-path`, `path` the path, `problem` what was found (for a caller that
 * tells a link from a missing folder without reading the words).
 * @param {import('../index.js').TreeProblem} problem
 */
export function unsafePathError(problem) {
  return Object.assign(UpkeepError.from(engine.treeRefusal(problem)), { path: problem.path, problem });
}

/** @typedef {'file' | 'missing' | 'symlink' | 'directory' | 'other'} EntryKind */

/** lstat that answers `undefined` for a path that does not exist. */
function lstatOrNone(/** @type {string} */ path) {
  try {
    return lstatSync(path);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * What is at `rel` (a validated, `/`-separated path) under `root`, never following a
 * link: every parent must be a real directory (or missing), else an unsafe-path UpkeepError.
 * @param {string} root @param {string} rel
 * @returns {{ abs: string, kind: EntryKind, size: number, mode: number }}
 */
export function inspect(root, rel) {
  const parts = rel.split('/');
  let current = root;
  for (const [i, part] of parts.entries()) {
    current = join(current, part);
    const stat = lstatOrNone(current);
    const last = i === parts.length - 1;
    if (!stat) return { abs: join(root, ...parts), kind: 'missing', size: 0, mode: 0 };
    if (last) return { abs: current, kind: kindOfStats(stat), size: stat.size, mode: stat.mode & 0o7777 };
    if (stat.isSymbolicLink()) throw unsafePathError({ kind: 'link', path: rel, at: parts.slice(0, i + 1).join('/') });
    if (!stat.isDirectory()) throw unsafePathError({ kind: 'not-a-folder', path: rel, at: parts.slice(0, i + 1).join('/') });
  }
  throw unsafePathError({ kind: 'empty', path: rel });
}

/**
 * Creates the missing parent directories of `rel` one at a time, checking each with
 * lstat after creating it (a directory swapped for a link in between is refused). A new
 * directory's entry lives in its parent, so each parent that gained one is synced before
 * this returns — or, when `unsynced` is given (a batch of paths), collected there for the
 * caller to sync once with {@link syncFolders}.
 * @param {string} root @param {string} rel @param {Set<string>} [unsynced]
 */
export function ensureParents(root, rel, unsynced) {
  const parts = rel.split('/').slice(0, -1);
  const gained = unsynced ?? new Set();
  let current = root;
  for (const [i, part] of parts.entries()) {
    const parent = current;
    current = join(current, part);
    let stat = lstatOrNone(current);
    if (!stat) {
      try {
        mkdirSync(current, { mode: DEFAULT_DIR_MODE });
        gained.add(parent);
      } catch (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      }
      stat = lstatSync(current);
    }
    if (!stat.isDirectory() || stat.isSymbolicLink()) {
      throw unsafePathError({ kind: 'not-a-real-folder', path: rel, at: parts.slice(0, i + 1).join('/') });
    }
  }
  if (!unsynced) syncFolders(gained);
}

/** Syncs each folder once (the parents {@link ensureParents} collected for a batch). */
export function syncFolders(/** @type {Iterable<string>} */ folders) {
  for (const folder of folders) fsyncDir(folder);
}
