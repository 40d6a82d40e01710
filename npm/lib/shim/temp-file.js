// Temp files created by handle in a folder opened without following links: exclusively
// (O_EXCL | O_NOFOLLOW, mode 0600, so the name is the file created), synced, then put in
// place by rename (replace) or link (never over anything). The caller verifies the folder
// is still where it was opened before it puts a temp in place (the executor once per
// folder per batch, writeFileIn right before its rename): a temp in a folder that moved
// is removed, never placed. A temp is removed only by its identity (device and inode), read
// from the descriptor this process created it with — while that is open, at the latest
// when it is closed: a name someone else reused is never unlinked. A temp may stay open
// until it is placed (finish(mode, { keepOpen: true })): a file created where nothing is
// then costs no stat at all on its way.
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

/** The one chunk every synchronous copy and hash of this process goes through (none interleave). */
let chunkBuffer = /** @type {Buffer | null} */ (null);
export const sharedChunk = () => (chunkBuffer ??= Buffer.allocUnsafe(CHUNK));

/**
 * Temp names of this process: `.<name>.upkeep-<pid>-<8 hex>.tmp`, the hex counting up from
 * a random start (one random draw per process, not per file). Every temp file upkeep makes
 * is named here, so {@link sweepDeadTemps} finds the ones a killed run left.
 */
let tempSerial = randomBytes(4).readUInt32BE(0);
export const nextTempName = (/** @type {string} */ name) => {
  tempSerial = (tempSerial + 1) >>> 0;
  return `.${name}.upkeep-${process.pid}-${tempSerial.toString(16).padStart(8, '0')}.tmp`;
};

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

export class TempFile {
  /**
   * Creates a temp file for `name` in `dir`.
   * @param {import('./dir-handle.js').DirHandle} dir @param {string} name
   */
  constructor(dir, name) {
    this.dir = dir;
    this.for = name;
    this.name = '';
    /** @type {number | null} */
    this.fd = null;
    // A name a dead run of the same pid left is taken by the next one (O_EXCL never reuses it).
    for (let tries = 0; this.fd === null; tries += 1) {
      this.name = nextTempName(name);
      try {
        this.fd = openSync(dir.path(this.name), CREATE, 0o600);
      } catch (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST' || tries >= 8) throw error;
      }
    }
    /** @type {number | undefined} */
    this.dev = undefined;
    /** @type {number | undefined} */
    this.ino = undefined;
    this.placed = false;
  }

  /** Reads the temp's identity from its descriptor, once (it must still be open the first time). */
  identify() {
    if (this.ino !== undefined || this.fd === null) return;
    const st = fstatSync(this.fd);
    this.dev = st.dev;
    this.ino = st.ino;
  }

  /** Closes the descriptor, its identity read first; never throws. */
  close() {
    if (this.fd === null) return;
    const fd = this.fd;
    try {
      this.identify();
    } catch {}
    this.fd = null;
    try {
      closeSync(fd);
    } catch {}
  }

  /** Refuses to go on when the temp's folder moved or was swapped since it was opened (the temp is removed). */
  checkFolder() {
    if (this.dir.verify()) return;
    this.remove();
    throw unsafePathError({ kind: 'folder-swapped', path: this.dir.shown(this.for), folder: this.dir.rel || '.' });
  }

  /** Whether the temp's name still names the file this run created. */
  isOurs() {
    try {
      this.identify();
      if (this.ino === undefined) return false;
      return sameFile(lstatSync(this.dir.path(this.name)), /** @type {{ dev: number, ino: number }} */ (this));
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
   * Streams the rest of regular file `from` into the temp, feeding each chunk to `hash` when given.
   * @param {number} from @param {{ update(chunk: Uint8Array): void } | null} hash
   */
  copyFrom(from, hash) {
    const chunk = sharedChunk();
    dataWrite(this.dir.shown(this.for));
    for (let n; (n = readSync(from, chunk, 0, CHUNK, null)) > 0; ) {
      hash?.update(chunk.subarray(0, n));
      for (let at = 0; at < n; ) at += writeSync(/** @type {number} */ (this.fd), chunk, at, n - at);
      // A regular file's short read is its end.
      if (n < CHUNK) break;
    }
  }

  /** Makes the content durable (all temps of a batch are synced concurrently). */
  async sync() {
    await fsyncAsync(/** @type {number} */ (this.fd));
  }

  /**
   * Gives the synced temp its final mode and closes it (its identity read first), or, with
   * `keepOpen`, leaves it open until it is placed or removed (no stat then when it is placed).
   * @param {number} mode @param {{ keepOpen?: boolean }} [options]
   */
  finish(mode, { keepOpen = false } = {}) {
    try {
      fchmodSync(/** @type {number} */ (this.fd), mode);
    } catch (error) {
      this.close();
      throw error;
    }
    if (!keepOpen) this.close();
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
    // Placed: its identity is never needed again.
    if (this.fd !== null) {
      const fd = this.fd;
      this.fd = null;
      closeSync(fd);
    }
    return true;
  }

  /**
   * Unlinks the temp's name once the file has another (after linkAs). No look first: the
   * link just gave whatever the name held a second name, so unlinking it loses nothing
   * (a look would only narrow, not close, the window for a name reused after the link).
   */
  dropName() {
    try {
      unlinkSync(this.dir.path(this.name));
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    }
  }

  /** Removes the temp if it is still ours and not placed; never throws. */
  remove() {
    this.close();
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
