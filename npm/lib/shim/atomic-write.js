// Atomic replacement of one file: temp file in the target's own directory (never
// $TMPDIR: rename must not cross file systems), created exclusively with mode 0600 →
// write → fsync → close → final mode → rename → fsync the directory. A reader sees the
// old file or the new one, never a torn one.
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, lstatSync, openSync, readdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { dataWrite, step } from './fault.js';

/** fsyncs a directory, so a rename or unlink in it is durable. */
export function fsyncDir(/** @type {string} */ dir) {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `data` to a new temp file beside `path`, synced, with `mode`; returns its path.
 * The temp file is removed again if anything fails.
 * @param {string} path @param {Uint8Array} data @param {number} mode
 */
export function writeTemp(path, data, mode) {
  sweepTemps(path);
  const temp = join(dirname(path), `.${basename(path)}.upkeep-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    dataWrite(temp);
    let offset = 0;
    while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  closeSync(fd);
  try {
    chmodSync(temp, mode);
  } catch (error) {
    unlinkSync(temp);
    throw error;
  }
  step('temp synced');
  return temp;
}

/**
 * Replaces `path` with `data` atomically and durably.
 * @param {string} path @param {Uint8Array} data @param {{ mode?: number }} [options]
 */
export function atomicWrite(path, data, { mode = 0o644 } = {}) {
  const temp = writeTemp(path, data, mode);
  try {
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {}
    throw error;
  }
  step('renamed');
  fsyncDir(dirname(path));
}

/**
 * Atomically replaces the existing regular file at `path`, keeping its permission bits.
 * Refuses (`code: 'ESYMLINK'`) to replace a symlink: nothing is ever written through one.
 * @param {string} path @param {Uint8Array} data
 */
export function replaceFile(path, data) {
  const target = lstatSync(path);
  if (target.isSymbolicLink()) {
    throw Object.assign(new Error(`refusing to replace '${path}': it is a symbolic link`), { code: 'ESYMLINK', path });
  }
  atomicWrite(path, data, { mode: target.mode & 0o7777 });
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

/**
 * Removes temp files a killed writer left beside `path` (`.<name>.upkeep-<pid>-<hex>.tmp`
 * whose pid is gone), so a resumed run leaves no stray file in the user's tree.
 */
export function sweepTemps(/** @type {string} */ path) {
  const prefix = `.${basename(path)}.upkeep-`;
  let names;
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !running(pid)) {
      try {
        unlinkSync(join(dirname(path), name));
      } catch {}
    }
  }
}
