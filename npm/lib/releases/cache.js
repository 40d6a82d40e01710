// The release cache under the user's cache folder ($XDG_CACHE_HOME/upkeep, else
// ~/.cache/upkeep): one entry per source, version and sub-path, holding the release as a
// project sees it. An entry is built in a temp folder and renamed into place whole; every
// use checks it against its index (the engine's verdict), and a damaged one is fetched
// again. Nothing here decides what a key is or whether an entry is whole.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { CACHE_NAMES } from '../generated/defaults.js';
import { alive } from '../shim/lock.js';
import { isAbsent } from '../shim/os-message.js';
import { listTree, stampOf } from './walk.js';

/** The cache folder, where the engine says it is (`$XDG_CACHE_HOME/upkeep`, or `~/.cache/upkeep`). */
export function cacheRoot() {
  return engine.cacheRoot(process.env.XDG_CACHE_HOME ?? null, homedir());
}

/**
 * @typedef {object} CacheEntry
 * @property {string} tree the release view
 * @property {import('../index.js').CacheIndex} index
 * @property {{ path: string, kind: 'file' | 'symlink' | 'other' }[]} [entries] the tree's listing, when it was just read
 */

/**
 * The entry at `key` when it is there and whole; `{ damage }` when it is there and is not;
 * `null` when there is none.
 * @param {string} key
 * @returns {CacheEntry | { damage: string } | null}
 */
export function findEntry(key) {
  const dir = join(cacheRoot(), key);
  if (!existsSync(dir)) return null;
  const tree = join(dir, CACHE_NAMES.tree);
  let indexText = null;
  try {
    indexText = readFileSync(join(dir, CACHE_NAMES.index), 'utf8');
  } catch (error) {
    // No index is a fetch that did not finish (the engine drops the entry); an index that
    // cannot be read is not that, and the entry may be a release's only copy.
    if (!isAbsent(error)) throw error;
  }
  /** @type {import('../index.js').CachedFile[]} */
  let found = [];
  let entries;
  let unlisted = null;
  try {
    entries = listTree(tree);
    found = entries.map(({ path }) => ({ path, stamp: stampOf(join(tree, path)) }));
  } catch (error) {
    unlisted = /** @type {Error} */ (error).message;
  }
  const verdict = engine.verifyCacheEntry(indexText, found, unlisted);
  return verdict.index ? { tree, index: verdict.index, entries } : { damage: /** @type {string} */ (verdict.damage) };
}

/**
 * Builds the entry at `key`: `populate(tree)` fills a fresh folder and says what it holds;
 * the entry is indexed and renamed into place whole. When another run placed an entry
 * there first, `keepPlaced(meta)` (the engine's rule, asked by the caller) gives the entry
 * to keep instead, or false: the one just built replaces it.
 * @param {string} key
 * @param {(tree: string) => Promise<{ spec: string, version: string, resolved: string | null, origin?: string | null }>} populate
 * @param {(meta: { version: string, resolved: string | null }) => CacheEntry | false} keepPlaced
 * @returns {Promise<CacheEntry>}
 */
export async function storeEntry(key, populate, keepPlaced) {
  const final = join(cacheRoot(), key);
  mkdirSync(dirname(final), { recursive: true });
  sweepTemps(final);
  const temp = `${final}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const tree = join(temp, CACHE_NAMES.tree);
  mkdirSync(tree, { recursive: true });
  try {
    const meta = await populate(tree);
    const files = listTree(tree).map(({ path }) => ({ path, stamp: stampOf(join(tree, path)) }));
    const index = { ...meta, files };
    writeFileSync(join(temp, CACHE_NAMES.index), engine.renderCacheIndex(index));
    try {
      renameSync(temp, final);
    } catch (error) {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      if (code !== 'EEXIST' && code !== 'ENOTEMPTY') throw error;
      const kept = keepPlaced(meta);
      if (kept) {
        rmSync(temp, { recursive: true, force: true });
        return kept;
      }
      dropEntry(key);
      renameSync(temp, final);
    }
    return { tree: join(final, CACHE_NAMES.tree), index: /** @type {any} */ (index) };
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

/** Removes the entry at `key` (moved aside first, so no half-removed entry is ever found). */
export function dropEntry(/** @type {string} */ key) {
  const final = join(cacheRoot(), key);
  const trash = `${final}.trash-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(final, trash);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return;
    throw error;
  }
  rmSync(trash, { recursive: true, force: true });
}

/** Removes the temp and trash folders of runs that died beside `final`. */
function sweepTemps(/** @type {string} */ final) {
  const prefix = `${basename(final)}.`;
  let names;
  try {
    names = readdirSync(dirname(final));
  } catch {
    return;
  }
  for (const name of names) {
    const match = name.startsWith(prefix) && /^(?:tmp|trash)-(\d+)-[0-9a-f]+$/.exec(name.slice(prefix.length));
    if (!match || Number(match[1]) === process.pid || alive({ pid: Number(match[1]) })) continue;
    rmSync(join(dirname(final), name), { recursive: true, force: true });
  }
}
