// Snapshots of a project tree around a regeneration: every path, never following a link.
// Inside the region's own directories each file is hashed and its bytes kept (its
// pre-image, to put it back), each link's target read; elsewhere a cheap change stamp is
// recorded — or, when nothing confines the program (`everywhere`), the same hash and
// pre-image as inside, while the budget lasts, so a write anywhere in the project can be
// put back. What changed, and what to do about it, is the engine's call (regionConfine).
import { createHash } from 'node:crypto';
import { closeSync, constants, lstatSync, openSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../engine.js';

/** The engine's: files larger than `preimageMaxBytes` keep no pre-image (a change to one is reported, not put back), and `preimageBudgetBytes` are held at once, in total. */
const { preimageMaxBytes: PREIMAGE_MAX, preimageBudgetBytes: PREIMAGE_BUDGET } = engine.regionLimits();

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
  /** @type {import('../index.js').SnapEntry[]} */
  const entries = [];
  /** @type {Map<string, { bytes: Buffer, mode: number }>} */
  const preimages = new Map();
  let budget = PREIMAGE_BUDGET;
  const inside = (/** @type {string} */ rel) => dirs.some((d) => d === '' || rel === d || rel.startsWith(`${d}/`));
  const walk = (/** @type {string} */ rel) => {
    let names;
    try {
      names = readdirSync(join(root, rel)).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const path = rel ? `${rel}/${name}` : name;
      if (!rel && skip.includes(name)) continue;
      const abs = join(root, path);
      let st;
      try {
        st = lstatSync(abs);
      } catch {
        continue;
      }
      const stamp = `${st.size}:${st.mtimeMs}:${st.ino}:${st.mode}`;
      if (st.isSymbolicLink()) {
        let target = null;
        try {
          target = readlinkSync(abs);
        } catch {}
        entries.push({ path, kind: 'symlink', target, stamp });
      } else if (st.isDirectory()) {
        entries.push({ path, kind: 'directory' });
        walk(path);
      } else if (!st.isFile()) {
        entries.push({ path, kind: 'other', stamp });
      } else if (!inside(path) && !everywhere) {
        entries.push({ path, kind: 'file', stamp });
      } else {
        let bytes = null;
        try {
          const fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
          try {
            bytes = readFileSync(fd);
          } finally {
            closeSync(fd);
          }
        } catch {}
        if (bytes === null) {
          entries.push({ path, kind: 'file', stamp });
          continue;
        }
        const keep = bytes.length <= PREIMAGE_MAX && bytes.length <= budget;
        if (keep) {
          budget -= bytes.length;
          preimages.set(path, { bytes, mode: st.mode & 0o777 });
        }
        entries.push({ path, kind: 'file', digest: createHash('sha256').update(bytes).digest('hex'), preimage: keep });
      }
    }
  };
  walk('');
  return { entries, preimages };
}
