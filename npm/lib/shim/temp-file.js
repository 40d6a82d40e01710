// Temp files created by handle in a verified folder: exclusively (O_EXCL | O_NOFOLLOW,
// mode 0600), checked right after creating (the name in the folder is the file created,
// and the folder is still where it was opened, so the temp's real place is inside the
// tree), synced, then put in place by rename (replace) or link (never over anything).
// A temp is removed only by the identity recorded when it was created (device and inode):
// a name someone else reused is never unlinked.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsync,
  linkSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { promisify } from 'node:util';
import { dataWrite } from './fault.js';
import { sameFile } from './dir-handle.js';
import { unsafePathError } from './safe-path.js';

const fsyncAsync = promisify(fsync);

/** Read and write size for streamed copies: one chunk of memory whatever the file's size. */
export const CHUNK = 1 << 20;

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

export class TempFile {
  /**
   * Creates a temp file for `name` in `dir`.
   * @param {import('./dir-handle.js').DirHandle} dir @param {string} name
   */
  constructor(dir, name) {
    this.dir = dir;
    this.for = name;
    this.name = `.${name}.upkeep-${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    /** @type {number | null} */
    this.fd = openSync(dir.path(this.name), CREATE, 0o600);
    const st = fstatSync(this.fd);
    this.dev = st.dev;
    this.ino = st.ino;
    this.placed = false;
    if (!this.isOurs() || !dir.verify()) {
      this.remove();
      throw unsafePathError(
        dir.shown(name),
        `its folder '${dir.rel || '.'}' moved or was swapped while upkeep wrote in it; nothing was left there`,
      );
    }
  }

  /** Whether the temp's name still names the file this run created. */
  isOurs() {
    try {
      return sameFile(lstatSync(this.dir.path(this.name)), this);
    } catch {
      return false;
    }
  }

  /** Appends `bytes` (a full disk is injectable in tests: UPKEEP_FAULT_ENOSPC_AT). */
  write(/** @type {Uint8Array} */ bytes) {
    dataWrite(this.dir.shown(this.for));
    for (let at = 0; at < bytes.length; ) at += writeSync(/** @type {number} */ (this.fd), bytes, at, bytes.length - at);
  }

  /**
   * Streams the rest of descriptor `from` into the temp, feeding each chunk to `hash`.
   * @param {number} from @param {{ update(chunk: Uint8Array): void }} hash
   */
  copyFrom(from, hash) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    let first = true;
    for (let n; (n = readSync(from, chunk, 0, CHUNK, null)) > 0; first = false) {
      hash.update(chunk.subarray(0, n));
      if (first) dataWrite(this.dir.shown(this.for));
      for (let at = 0; at < n; ) at += writeSync(/** @type {number} */ (this.fd), chunk, at, n - at);
    }
    if (first) dataWrite(this.dir.shown(this.for));
  }

  /** Makes the content durable (all temps of a batch are synced concurrently). */
  async sync() {
    await fsyncAsync(/** @type {number} */ (this.fd));
  }

  /** Gives the synced temp its final mode and closes it. */
  finish(/** @type {number} */ mode) {
    const fd = /** @type {number} */ (this.fd);
    this.fd = null;
    try {
      fchmodSync(fd, mode);
    } finally {
      closeSync(fd);
    }
  }

  /** Renames the temp over `name` in its folder (the caller checked `name` just before). */
  renameOver(/** @type {string} */ name) {
    renameSync(this.dir.path(this.name), this.dir.path(name));
    this.placed = true;
  }

  /**
   * Links the temp in as `name`, never over anything (false when something is there),
   * then drops the temp's own name.
   */
  linkAs(/** @type {string} */ name) {
    try {
      linkSync(this.dir.path(this.name), this.dir.path(name));
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EEXIST') return false;
      throw error;
    }
    this.placed = true;
    this.dropName();
    return true;
  }

  /** Unlinks the temp's name once the file has another (after linkAs). */
  dropName() {
    if (this.isOurs()) unlinkSync(this.dir.path(this.name));
  }

  /** Removes the temp if it is still ours and not placed; never throws. */
  remove() {
    try {
      if (this.fd !== null) closeSync(this.fd);
    } catch {}
    this.fd = null;
    if (this.placed) return;
    try {
      if (this.isOurs()) unlinkSync(this.dir.path(this.name));
    } catch {}
  }
}

/** Whether process `pid` is running. */
function running(/** @type {number} */ pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code !== 'ESRCH';
  }
}

const TEMP_NAME = /^\..+\.upkeep-(\d+)-[0-9a-f]{8}\.tmp$/;

/**
 * Removes the temp files killed runs left in `dir` (`.<name>.upkeep-<pid>-<hex>.tmp`
 * whose pid is gone), so a resumed run leaves no stray file: once per folder per run
 * (or, given `only`, the temps of that one name).
 * @param {{ path: (name: string) => string }} dir a folder by handle, or any `path(name)`
 * @param {string} [only]
 */
export function sweepDeadTemps(dir, only) {
  let names;
  try {
    names = readdirSync(dir.path('.'));
  } catch {
    return;
  }
  for (const name of names) {
    if (only !== undefined && !name.startsWith(`.${only}.upkeep-`)) continue;
    const pid = Number(TEMP_NAME.exec(name)?.[1]);
    if (!pid || pid === process.pid || running(pid)) continue;
    try {
      if (lstatSync(dir.path(name)).isFile()) unlinkSync(dir.path(name));
    } catch {}
  }
}
