// Backups: one folder per run, each copy written and synced before the original is
// replaced, and never overwritten (link() refuses an existing name; a resumed run finds
// its identical copy and moves on).
import { readFileSync, unlinkSync, linkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fsyncDir, writeAll, writeTemp } from './atomic-write.js';
import { ensureParents, syncFolders } from './safe-path.js';
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
  linkBackup(writeTemp(path, bytes, mode), path, backupRel, () => bytes);
  fsyncDir(dirname(path));
  step('backup synced');
  return backupRel;
}

/**
 * {@link saveBackup} for many files at once: the copies' temp files are synced
 * concurrently a batch at a time, and each backup directory is synced once, before this
 * returns (so before any original is replaced).
 * @param {string} root @param {{ backupRel: string, bytes: Uint8Array | (() => Uint8Array), mode: number }[]} items
 */
export async function saveBackups(root, items) {
  const newFolders = new Set();
  for (const item of items) ensureParents(root, item.backupRel, newFolders);
  syncFolders(newFolders);
  const entries = items.map((item) => ({ ...item, path: join(root, item.backupRel), data: item.bytes }));
  await writeAll(entries, (temp, entry) => {
    linkBackup(temp, entry.path, entry.backupRel, () => readFileSync(temp));
  });
  for (let i = 0; i < items.length; i += 1) step('backup synced');
}

/** Links a synced temp copy into place as a backup (never over another), then drops the temp name. */
function linkBackup(/** @type {string} */ temp, /** @type {string} */ path, /** @type {string} */ backupRel, /** @type {() => Uint8Array} */ bytes) {
  try {
    linkSync(temp, path);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    if (!Buffer.from(readFileSync(path)).equals(Buffer.from(bytes()))) {
      throw Object.assign(new Error(`backup '${backupRel}' already exists with other content; it is never overwritten`), { code: 'backup-exists' });
    }
  } finally {
    unlinkSync(temp);
  }
}
