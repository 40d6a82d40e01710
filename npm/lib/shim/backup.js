// Backups: one folder per run, each copy written and synced before the original is
// replaced, and never overwritten (link() refuses an existing name; a resumed run finds
// its identical copy and moves on).
import { unlinkSync, linkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { copyToTemp, fsyncDir, writeAll } from './atomic-write.js';
import { hashFileSync } from './hash-file.js';
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
    /** @type {Set<string>} folders swept of dead runs' temps: once per folder per run */
    this.swept = new Set();
  }

  /**
   * Copies the file at `from` (the file at `rel` as it is now) into the run's folder a
   * chunk at a time, so a file of any size is backed up in bounded memory. Returns the
   * backup's path relative to the root, or undefined when the copy's SHA-256 is not
   * `sha256` (the file changed since it was read; nothing is kept).
   * @param {string} rel @param {string} from @param {number} mode @param {string} sha256
   */
  copy(rel, from, mode, sha256) {
    const backupRel = `${this.folder}/${rel}`;
    ensureParents(this.root, backupRel);
    const path = join(this.root, backupRel);
    const copied = copyToTemp(from, path, mode, this.swept);
    if (copied.sha256 !== sha256) {
      unlinkSync(copied.temp);
      return undefined;
    }
    linkBackup(copied.temp, path, backupRel, () => hashFileSync(path) === sha256);
    fsyncDir(dirname(path));
    step('backup synced');
    return backupRel;
  }
}

/**
 * Backs up many files at once (as {@link Backups#copy} does one): the copies' temp files are synced
 * concurrently a batch at a time, and each backup directory is synced once, before this
 * returns (so before any original is replaced).
 * @param {string} root @param {{ backupRel: string, bytes: import('./atomic-write.js').WriteData, mode: number }[]} items
 * @param {(placed: number) => void} [afterBatch] after each batch (progress)
 */
export async function saveBackups(root, items, afterBatch) {
  const newFolders = new Set();
  for (const item of items) ensureParents(root, item.backupRel, newFolders);
  syncFolders(newFolders);
  const entries = items.map((item) => ({ ...item, path: join(root, item.backupRel), data: item.bytes }));
  await writeAll(entries, (temp, entry) => {
    linkBackup(temp, entry.path, entry.backupRel, () => hashFileSync(entry.path) === hashFileSync(temp));
  }, afterBatch);
  for (let i = 0; i < items.length; i += 1) step('backup synced');
}

/**
 * Links a synced temp copy into place as a backup (never over another), then drops the
 * temp name. An existing backup is accepted only when `sameAsExisting()` (a resumed run's
 * identical copy); a different one is refused with `code: 'backup-exists'`.
 */
function linkBackup(/** @type {string} */ temp, /** @type {string} */ path, /** @type {string} */ backupRel, /** @type {() => boolean} */ sameAsExisting) {
  try {
    linkSync(temp, path);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    if (!sameAsExisting()) {
      throw Object.assign(new Error(`backup '${backupRel}' already exists with other content; it is never overwritten`), { code: 'backup-exists' });
    }
  } finally {
    unlinkSync(temp);
  }
}
