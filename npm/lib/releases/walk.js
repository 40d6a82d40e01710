// Listing a release tree: every entry that is not a folder, by `/`-separated path, never
// following a link, and never what the engine says a release never holds (git's own data).
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RELEASE_SKIPPED_NAMES } from '../generated/defaults.js';

const SKIPPED = new Set(/** @type {readonly string[]} */ (RELEASE_SKIPPED_NAMES));

/**
 * @param {string} root
 * @returns {{ path: string, kind: 'file' | 'symlink' | 'other' }[]} sorted by path
 */
export function listTree(root) {
  /** @type {{ path: string, kind: 'file' | 'symlink' | 'other' }[]} */
  const out = [];
  const walk = (/** @type {string} */ rel) => {
    for (const entry of readdirSync(rel ? join(root, rel) : root, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else out.push({ path, kind: entry.isFile() ? 'file' : entry.isSymbolicLink() ? 'symlink' : 'other' });
    }
  };
  walk('');
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** What lstat says about a file, as the cache index records it. */
export function stampOf(/** @type {string} */ abs) {
  const st = lstatSync(abs);
  if (st.isSymbolicLink()) return 'symlink';
  if (!st.isFile()) return 'other';
  return `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}:${st.mode}`;
}
