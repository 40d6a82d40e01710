// Atomic replacement of one file: temp file in the target's own directory (never
// $TMPDIR: rename must not cross file systems), created exclusively with mode 0600 →
// write → fsync → close → final mode → rename → fsync the directory. A reader sees the
// old file or the new one, never a torn one. Files inside a tree upkeep manages go
// through writeFileIn (by folder handle); atomicWrite is for a path the user named.
import { chmodSync, closeSync, fsyncSync, lstatSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { engine } from '../engine.js';
import { dataWrite, step } from './fault.js';
import { nextTempName, sweepDeadTemps, TempFile } from './temp-file.js';
import { UpkeepError } from './upkeep-error.js';

/** The mode of a file upkeep writes of its own (the engine's). */
export const DEFAULT_FILE_MODE = engine.writeConstants().defaultMode;
/** The mode of a folder upkeep makes (the engine's, `writeConstants().dirMode`; the umask still applies). */
export const DEFAULT_DIR_MODE = engine.writeConstants().dirMode;

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
 * Replaces `path` with `data` atomically and durably.
 * @param {string} path @param {Uint8Array} data @param {{ mode?: number }} [options]
 */
export function atomicWrite(path, data, { mode = DEFAULT_FILE_MODE } = {}) {
  sweepDeadTemps({ path: (name) => join(dirname(path), name) }, basename(path));
  const temp = join(dirname(path), nextTempName(basename(path)));
  const fd = openSync(temp, 'wx', 0o600);
  try {
    try {
      dataWrite(path);
      for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    chmodSync(temp, mode);
    step('temp synced');
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
 * Replaces `name` in the folder `dir` (opened by handle: shim/dir-handle.js) with `data`,
 * atomically and durably; the temp is removed again, by identity, if anything fails.
 * @param {import('./dir-handle.js').DirHandle} dir @param {string} name @param {Uint8Array} data
 * @param {{ mode?: number }} [options]
 */
export async function writeFileIn(dir, name, data, { mode = DEFAULT_FILE_MODE } = {}) {
  const temp = new TempFile(dir, name);
  try {
    temp.write(data);
    await temp.sync();
    temp.finish(mode);
    step('temp synced');
    temp.checkFolder();
    temp.renameOver(name);
  } finally {
    temp.remove();
  }
  step('renamed');
  dir.sync();
}

/**
 * Atomically replaces the existing regular file at `path`, keeping its permission bits.
 * Refuses (the engine's `unsafe-path`) to replace a symlink: nothing is ever written through one.
 * @param {string} path @param {Uint8Array} data
 */
export function replaceFile(path, data) {
  const target = lstatSync(path);
  if (target.isSymbolicLink()) {
    throw Object.assign(UpkeepError.from(engine.treeRefusal({ kind: 'writes-through', path, found: 'symlink' })), { path });
  }
  atomicWrite(path, data, { mode: target.mode & 0o7777 });
}
