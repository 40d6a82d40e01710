// Snapshots of a project tree around a regeneration: every path, never following a link.
// The walk lstats each path and hands what it saw to the engine in one call
// (`snapshotReads`), which answers what each entry records (a change stamp), what to read
// (a link's target; a file's bytes, to hash) and which bytes to hold as the pre-image that
// puts a file back (inside the region's directories, or everywhere when nothing confines
// the program; within the engine's ceilings and budget). What changed, and what to do
// about it, is the engine's call too (regionConfine).
import { createHash } from 'node:crypto';
import { closeSync, constants, lstatSync, openSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../engine.js';
import { kindOfStats } from './entry-kind.js';

/**
 * @typedef {object} TreeSnapshot
 * @property {import('../index.js').SnapEntry[]} entries
 * @property {Map<string, { bytes: Buffer, mode: number }>} preimages
 */

/**
 * @param {string} root the project root
 * @param {string[]} dirs the region's directories (`""` is the root)
 * @param {string[]} skip top-level names left out (`.git`, upkeep's folders)
 * @param {{ everywhere?: boolean }} [options] hash and keep pre-images outside the directories too
 * @returns {TreeSnapshot}
 */
export function snapshotTree(root, dirs, skip, { everywhere = false } = {}) {
  const seen = walk(root, skip);
  const { stamps, reads, keepAtMost } = engine.snapshotReads({ dirs, everywhere, seen });
  /** @type {Map<string, { bytes: Buffer, mode: number }>} */
  const preimages = new Map();
  const entries = seen.map(({ path, kind, mode }, i) => {
    /** @type {import('../index.js').SnapEntry} */
    const entry = { path, kind, stamp: stamps[i] };
    const abs = join(root, path);
    if (reads[i] === 'link') {
      try {
        return { ...entry, target: readlinkSync(abs) };
      } catch {
        return entry;
      }
    }
    if (reads[i] !== 'hash') return entry;
    const bytes = readFile(abs);
    if (bytes === null) return entry;
    const most = keepAtMost[i];
    const preimage = most !== null && bytes.length <= most;
    if (preimage) preimages.set(path, { bytes, mode: mode & 0o777 });
    return { ...entry, digest: createHash('sha256').update(bytes).digest('hex'), preimage };
  });
  return { entries, preimages };
}

/** What lstat sees at every path under `root`, depth first, names sorted, links not followed. */
function walk(/** @type {string} */ root, /** @type {string[]} */ skip) {
  /** @type {import('../index.js').SeenPath[]} */
  const seen = [];
  const visit = (/** @type {string} */ rel) => {
    let names;
    try {
      names = readdirSync(join(root, rel)).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (!rel && skip.includes(name)) continue;
      const path = rel ? `${rel}/${name}` : name;
      let st;
      try {
        st = lstatSync(join(root, path));
      } catch {
        continue;
      }
      const kind = kindOfStats(st);
      seen.push({ path, kind, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, mode: st.mode });
      if (kind === 'directory') visit(path);
    }
  };
  visit('');
  return seen;
}

/** A regular file's bytes, opened without following a link; null when it cannot be read. */
function readFile(/** @type {string} */ abs) {
  try {
    const fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      return readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}
