// Reading a tree (the project, a release) without ever following a link: every folder is
// opened by handle component by component (shim/dir-handle.js) and every file with
// O_NOFOLLOW, so a path swapped for a link between a check and a read is seen as a link,
// never read through. What is found is a fact for the engine; what it means is the
// engine's call.
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { DirCache, splitPath } from './dir-handle.js';
import { engine } from '../engine.js';
import { UpkeepError } from './upkeep-error.js';

const READ = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** @typedef {{ kind: 'symlink' | 'directory' | 'other' } | { bytes: Buffer }} Entry */

export class TreeReader {
  /** @param {string} root a real path */
  constructor(root) {
    this.root = root;
    this.dirs = new DirCache(root, { limit: 64 });
    /** @type {Map<string, 'symlink' | 'absent'>} folders that are not real folders, by path */
    this.notFolders = new Map();
  }

  /**
   * What is at `rel`: null when nothing is there (or a folder on the way is missing or
   * not a folder), the kind of a non-file (a path under a linked folder counts as a
   * link: it is never read through), a regular file's bytes.
   * @param {string} rel @returns {Entry | null}
   */
  entry(rel) {
    const opened = this.open(rel);
    if (opened === null || 'kind' in opened) return opened;
    try {
      return { bytes: readFileSync(opened.fd) };
    } finally {
      closeSync(opened.fd);
    }
  }

  /**
   * The kind of what is at `rel`, as `entry` sees it, without reading a file's bytes.
   * @param {string} rel @returns {'file' | 'missing' | 'symlink' | 'directory' | 'other'}
   */
  kind(rel) {
    const opened = this.open(rel);
    if (opened === null) return 'missing';
    if ('kind' in opened) return opened.kind;
    closeSync(opened.fd);
    return 'file';
  }

  /**
   * Opens `rel` without following a link: null when nothing is there, the kind of a
   * non-file, else the open regular file (the caller closes it).
   * @param {string} rel @returns {{ kind: 'symlink' | 'directory' | 'other' } | { fd: number } | null}
   */
  open(rel) {
    const { dir, name } = splitPath(rel);
    const folder = this.folder(dir);
    if (folder === 'symlink') return { kind: 'symlink' };
    if (folder === 'absent') return null;
    let fd;
    try {
      fd = openSync(folder.path(name), READ);
    } catch (error) {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      if (code === 'ENOENT') return null;
      if (code === 'ELOOP') return { kind: 'symlink' };
      if (code === 'ENXIO') return { kind: 'other' };
      throw error;
    }
    let st;
    try {
      st = fstatSync(fd);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    if (st.isFile()) return { fd };
    closeSync(fd);
    return { kind: st.isDirectory() ? 'directory' : 'other' };
  }

  /** The open folder `rel`, or what stands in its way. */
  folder(/** @type {string} */ rel) {
    const known = this.notFolders.get(rel);
    if (known) return known;
    try {
      return this.dirs.get(rel);
    } catch (error) {
      const e = /** @type {any} */ (error);
      const kind =
        e.problem?.kind === 'link' ? 'symlink' : e.code === 'unsafe-path' || e.code === 'ENOENT' || e.code === 'ENOTDIR' ? 'absent' : null;
      if (!kind) throw error;
      this.notFolders.set(rel, kind);
      return kind;
    }
  }

  close() {
    this.dirs.close();
  }
}

/**
 * A text file of `tree` (a state file, a release's manifest), strictly UTF-8; null when
 * absent. A link, a folder or invalid UTF-8 is refused, naming the file (`shown`).
 * @param {TreeReader} tree @param {string} rel @param {string} shown @param {import('../index.js').StrictFile} [file] whose it is (the refusal's code follows)
 */
export function readTextStrict(tree, rel, shown, file = 'state') {
  const found = tree.entry(rel);
  if (found === null) return null;
  if (!('bytes' in found)) {
    throw UpkeepError.from(engine.treeRefusal({ kind: 'state-not-a-file', path: shown, found: found.kind }));
  }
  return decodeStrict(found.bytes, shown, file);
}

/**
 * `bytes` as strict UTF-8 (the engine's `strictText`); invalid UTF-8 is refused with the
 * code the engine gives `file`, naming the file (`shown`) and the byte offset of the
 * first invalid sequence.
 * @param {Uint8Array} bytes @param {string} shown @param {import('../index.js').StrictFile} file
 */
export function decodeStrict(bytes, shown, file) {
  const { text, refusal } = engine.strictText(bytes, shown, file);
  if (refusal) throw UpkeepError.from(refusal);
  return /** @type {string} */ (text);
}
