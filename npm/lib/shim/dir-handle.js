// Folders by handle, not by path. Node has no openat()/renameat(), but on Linux a path
// through /proc/self/fd/<fd>/ resolves from the directory that descriptor holds, not from
// its name: a folder is opened component by component from the root (each with
// O_DIRECTORY | O_NOFOLLOW, so no link is ever followed), and every later create, rename,
// link or unlink in it goes through its descriptor. A folder swapped for a link after it
// was opened cannot redirect a write; a folder moved away is caught by verify(). Where
// /proc is missing (not Linux), the same calls fall back to checked paths.
import { closeSync, constants, existsSync, fstatSync, fsyncSync, lstatSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DIR_MODE } from './atomic-write.js';
import { unsafePathError } from './safe-path.js';

const DIR_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

/** Whether this machine resolves paths through /proc/self/fd (Linux with /proc mounted). */
export const byHandle = (() => {
  try {
    const fd = openSync('/', DIR_FLAGS);
    try {
      return existsSync(`/proc/self/fd/${fd}/proc`);
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
})();

/** Device and inode: what a path is, whatever its name says. */
export const sameFile = (/** @type {{ dev: number, ino: number }} */ a, /** @type {{ dev: number, ino: number }} */ b) =>
  a.dev === b.dev && a.ino === b.ino;

/** An open folder of the tree. */
export class DirHandle {
  /**
   * @param {string} root the tree's root (a real path)
   * @param {string} rel the folder, relative to the root (`''` is the root)
   * @param {number} fd its descriptor
   */
  constructor(root, rel, fd) {
    this.root = root;
    this.rel = rel;
    this.fd = fd;
    const st = fstatSync(fd);
    this.dev = st.dev;
    this.ino = st.ino;
    /** Whether this run made the folder (nothing of a killed run's can be in it). */
    this.created = false;
  }

  /** The path that reaches `name` in this folder through its descriptor (or, without /proc, its checked path). */
  path(/** @type {string} */ name) {
    return byHandle ? `/proc/self/fd/${this.fd}/${name}` : join(this.root, this.rel, name);
  }

  /** The folder's path as people read it, for messages. */
  shown(/** @type {string} */ name) {
    return this.rel ? `${this.rel}/${name}` : name;
  }

  /** Syncs the folder, so entries created, renamed or removed in it are durable. */
  sync() {
    fsyncSync(this.fd);
  }

  /**
   * Whether the folder is still where it was opened: walked again from the root by
   * handle, the same device and inode. A folder moved out of the tree fails this.
   */
  verify() {
    let again;
    try {
      again = openDir(this.root, this.rel);
    } catch {
      return false;
    }
    try {
      return sameFile(again, this);
    } finally {
      again.close();
    }
  }

  close() {
    closeSync(this.fd);
  }
}

/**
 * Opens the folder `rel` (validated, `/`-separated; `''` is the root) under `root`,
 * component by component, never through a link. With `create`, missing folders are made
 * (mode 0755) and each parent that gained one is synced before this returns. A component
 * that is a link or not a folder is refused (an unsafe-path UpkeepError naming it); a missing one,
 * without `create`, is ENOENT.
 * @param {string} root @param {string} rel @param {{ create?: boolean }} [options]
 * @returns {DirHandle}
 */
export function openDir(root, rel, { create = false } = {}) {
  let fd = openSync(root, constants.O_RDONLY | constants.O_DIRECTORY);
  let at = '';
  try {
    for (const part of rel ? rel.split('/') : []) {
      const parent = new DirHandle(root, at, fd);
      const next = at ? `${at}/${part}` : part;
      let child;
      try {
        child = openChild(parent, part, rel, next);
      } catch (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT' || !create) throw error;
        try {
          mkdirSync(parent.path(part), { mode: DEFAULT_DIR_MODE });
        } catch (made) {
          if (/** @type {NodeJS.ErrnoException} */ (made).code !== 'EEXIST') throw made;
        }
        parent.sync();
        child = openChild(parent, part, rel, next);
      }
      closeSync(fd);
      fd = child;
      at = next;
    }
    return new DirHandle(root, at, fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * Opens folder `part` of `parent` without following a link; a link or a non-folder there
 * is refused (an unsafe-path UpkeepError naming `next`, the path so far).
 * @param {DirHandle} parent @param {string} part @param {string} rel @param {string} next
 */
function openChild(parent, part, rel, next) {
  try {
    return openSync(parent.path(part), DIR_FLAGS);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code !== 'ENOTDIR' && code !== 'ELOOP') throw error;
    let link = false;
    try {
      link = lstatSync(parent.path(part)).isSymbolicLink();
    } catch {}
    throw unsafePathError({ kind: link ? 'link' : 'not-a-folder', path: rel, at: next });
  }
}

/**
 * A run's open folders, by path, so a batch of files in one folder opens it once; at most
 * `limit` stay open (the oldest is closed first), and close() closes the rest.
 */
export class DirCache {
  /** @param {string} root @param {{ create?: boolean, limit?: number }} [options] */
  constructor(root, { create = false, limit = 64 } = {}) {
    this.root = root;
    this.create = create;
    this.limit = limit;
    /** @type {Map<string, DirHandle>} */
    this.open = new Map();
  }

  /** The folder `rel`, opened on first use (and created, when this cache creates and `create` allows). */
  get(/** @type {string} */ rel, { create = this.create } = {}) {
    const held = this.open.get(rel);
    if (held) {
      this.open.delete(rel);
      this.open.set(rel, held);
      return held;
    }
    const dir = openDir(this.root, rel, { create });
    this.open.set(rel, dir);
    if (this.open.size > this.limit) {
      const [oldest, handle] = /** @type {[string, DirHandle]} */ (this.open.entries().next().value);
      this.open.delete(oldest);
      handle.close();
    }
    return dir;
  }

  close() {
    for (const dir of this.open.values()) dir.close();
    this.open.clear();
  }
}

/**
 * The folders of one tree a whole run writes in (or reads from), each opened once, from
 * its parent's handle, never through a link (so a folder costs one open, not a walk from
 * the root), and kept open across batches; {@link DirTree#trim} closes the least recently
 * used past `limit` between batches, never while a batch holds them. Verification is per
 * pass ({@link DirTree#newPass}, once per batch): a folder is where it was opened when its
 * parent is and the parent's entry of its name is still that folder (lstat, no link
 * followed) — one lstat per folder per pass, where a walk from the root per file cost a
 * dozen system calls.
 */
export class DirTree {
  /**
   * @param {string} root the tree's root (a real path)
   * @param {{ limit?: number, syncCreated?: boolean }} [options] `syncCreated: false` leaves a
   *   created folder's parent unsynced (a run that syncs its file system at its end)
   */
  constructor(root, { limit = 256, syncCreated = true } = {}) {
    this.root = root;
    this.limit = limit;
    this.syncCreated = syncCreated;
    /** @type {Map<string, DirHandle>} */
    this.open = new Map();
    /** @type {Map<string, boolean>} */
    this.checked = new Map();
  }

  /**
   * The folder `rel` (validated, `/`-separated; `''` is the root), opened on first use; with
   * `create`, missing folders are made (mode 0755; `created` is set on the handle of one
   * made here, so nothing is in it to sweep). A component that is a link or not a folder is
   * an unsafe-path UpkeepError; a missing one, without `create`, ENOENT.
   * @param {string} rel @param {{ create?: boolean }} [options] @returns {DirHandle}
   */
  get(rel, { create = false } = {}) {
    const held = this.open.get(rel);
    if (held) {
      this.open.delete(rel);
      this.open.set(rel, held);
      return held;
    }
    let dir;
    if (rel === '') dir = new DirHandle(this.root, '', openSync(this.root, constants.O_RDONLY | constants.O_DIRECTORY));
    else {
      const { dir: up, name } = splitPath(rel);
      dir = this.#child(this.get(up, { create }), name, rel, create);
    }
    this.open.set(rel, dir);
    return dir;
  }

  /** @param {DirHandle} parent @param {string} name @param {string} rel @param {boolean} create */
  #child(parent, name, rel, create) {
    try {
      return new DirHandle(this.root, rel, openChild(parent, name, rel, rel));
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT' || !create) throw error;
    }
    let made = false;
    try {
      mkdirSync(parent.path(name), { mode: DEFAULT_DIR_MODE });
      made = true;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    if (made && this.syncCreated) parent.sync();
    const dir = new DirHandle(this.root, rel, openChild(parent, name, rel, rel));
    dir.created = made;
    return dir;
  }

  /** Starts a verification pass: each folder is checked again at its next {@link DirTree#verify}. */
  newPass() {
    this.checked.clear();
  }

  /** Whether the open folder `rel` is still where it was opened (at most once per pass). */
  verify(/** @type {string} */ rel) {
    const known = this.checked.get(rel);
    if (known !== undefined) return known;
    const dir = this.open.get(rel);
    let ok = false;
    try {
      if (!dir) ok = false;
      else if (rel === '') ok = sameFile(statSync(this.root), dir);
      else {
        const { dir: up, name } = splitPath(rel);
        const parent = this.get(up);
        if (this.verify(up)) {
          const st = lstatSync(parent.path(name));
          ok = st.isDirectory() && sameFile(st, dir);
        }
      }
    } catch {
      ok = false;
    }
    this.checked.set(rel, ok);
    return ok;
  }

  /** Between batches: closes the least recently used folders past the limit. */
  trim() {
    for (const [rel, dir] of this.open) {
      if (this.open.size <= this.limit) break;
      this.open.delete(rel);
      dir.close();
    }
  }

  close() {
    for (const dir of this.open.values()) dir.close();
    this.open.clear();
    this.checked.clear();
  }
}

/** `rel` split into its folder and its name (`a/b/c` → `a/b`, `c`). */
export function splitPath(/** @type {string} */ rel) {
  const at = rel.lastIndexOf('/');
  return at < 0 ? { dir: '', name: rel } : { dir: rel.slice(0, at), name: rel.slice(at + 1) };
}
