// Backups: one folder per run, each copy written and synced before the original is
// replaced, and never overwritten (link() refuses an existing name; a resumed run finds
// its identical copy and moves on).
import { readFileSync, unlinkSync, linkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fsyncDir, writeTemp } from './atomic-write.js';
import { ensureParents } from './safe-path.js';
import { step } from './fault.js';

export class Backups {
  /**
   * @param {string} root the repository root
   * @param {string} folder the run's backup folder, relative to root (`<home>/.upkeep-backups/<run>`)
   */
  constructor(root, folder) {
    this.root = root;
    this.folder = folder;
  }

  /**
   * Copies `bytes` (the file at `rel` as it is now) into the run's folder; returns the
   * backup's path relative to the root.
   * @param {string} rel @param {Uint8Array} bytes @param {number} mode
   */
  save(rel, bytes, mode) {
    return saveBackup(this.root, `${this.folder}/${rel}`, bytes, mode);
  }
}

/**
 * Writes the backup copy `bytes` at `backupRel` under `root` (parents checked with lstat),
 * synced, never overwriting: an identical existing copy (a resumed run) is kept, a
 * different one is refused with `code: 'backup-exists'`. Returns `backupRel`.
 * @param {string} root @param {string} backupRel @param {Uint8Array} bytes @param {number} mode
 */
export function saveBackup(root, backupRel, bytes, mode) {
  ensureParents(root, backupRel);
  const path = join(root, backupRel);
  const temp = writeTemp(path, bytes, mode);
  try {
    linkSync(temp, path);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    if (!Buffer.from(readFileSync(path)).equals(Buffer.from(bytes))) {
      throw Object.assign(new Error(`backup '${backupRel}' already exists with other content; it is never overwritten`), { code: 'backup-exists' });
    }
  } finally {
    unlinkSync(temp);
  }
  fsyncDir(dirname(path));
  step('backup synced');
  return backupRel;
}
