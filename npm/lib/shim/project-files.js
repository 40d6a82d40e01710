// What `new`, `adopt` and an update's source record read and write among a project's own
// files, never through a link or a file: a path is probed, read as text, or made ready for
// an atomic write.
import { readFileSync } from 'node:fs';
import { hashFileSync } from './hash-file.js';
import { ensureParents, inspect, unsafePathError } from './safe-path.js';
import { UpkeepError } from './upkeep-error.js';

/**
 * What the project holds at `rel`: null when nothing; a path under a file or a link is
 * `other` (upkeep never writes through one).
 * @param {string} root @param {string} rel
 * @returns {import('../index.js').ProbedSide | null}
 */
export function probe(root, rel) {
  let at;
  try {
    at = inspect(root, rel);
  } catch (error) {
    if (error instanceof UpkeepError && error.code === 'unsafe-path') return { kind: 'other' };
    throw error;
  }
  if (at.kind === 'missing') return null;
  if (at.kind !== 'file') return { kind: at.kind };
  return { kind: 'file', sha256: hashFileSync(at.abs) };
}

/**
 * The absolute path of `rel` under `root`, ready for an atomic write: no component is a
 * symlink or a non-directory, the target is a regular file or absent, its parents exist
 * (those made are added to `folders`, to be synced by the caller, when given).
 * @param {string} root @param {string} rel @param {Set<string>} [folders]
 */
export function writable(root, rel, folders) {
  const at = inspect(root, rel);
  if (at.kind !== 'file' && at.kind !== 'missing') throw unsafePathError({ kind: 'writes-through', path: rel, found: at.kind });
  ensureParents(root, rel, folders);
  return at.abs;
}

/** A file's text, or null when nothing is there (a path through a file included). */
export function readText(/** @type {string} */ path) {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}
