// Backups for `upkeep new`'s batch writer (shim/batch-write.js): each copy written and
// synced before the original is replaced, and never overwritten (link() refuses an
// existing name; a resumed run finds its identical copy and moves on). `update`, `refresh`
// and `install` back up through the compare-and-swap executor (flows/execute.js).
import { linkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { writeAll } from './batch-write.js';
import { step } from './fault.js';
import { hashFileSync } from './hash-file.js';
import { ensureParents, syncFolders } from './safe-path.js';
import { UpkeepError } from './upkeep-error.js';

/**
 * Backs up many files at once : the copies' temp files are synced
 * concurrently a batch at a time, and each backup directory is synced once, before this
 * returns (so before any original is replaced).
 * @param {string} root @param {{ backupRel: string, bytes: import('./batch-write.js').WriteData, mode: number }[]} items
 * @param {(placed: number) => void} [afterBatch] after each batch (progress)
 */
export async function saveBackups(root, items, afterBatch) {
  const newFolders = new Set();
  for (const item of items) ensureParents(root, item.backupRel, newFolders);
  syncFolders(newFolders);
  const entries = items.map((item) => ({ ...item, path: join(root, item.backupRel), data: item.bytes }));
  await writeAll(
    entries,
    (temp, entry) => {
      linkBackup(temp, entry.path, entry.backupRel, () => hashFileSync(entry.path) === hashFileSync(temp));
    },
    afterBatch,
  );
  for (let i = 0; i < items.length; i += 1) step('backup synced');
}

/**
 * Links a synced temp copy into place as a backup (never over another), then drops the
 * temp name. An existing backup is accepted only when `sameAsExisting()` (a resumed run's
 * identical copy); a different one is refused with `code: 'backup-exists'`.
 */
function linkBackup(
  /** @type {string} */ temp,
  /** @type {string} */ path,
  /** @type {string} */ backupRel,
  /** @type {() => boolean} */ sameAsExisting,
) {
  try {
    linkSync(temp, path);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    if (!sameAsExisting()) {
      throw new UpkeepError('backup-exists', `backup '${backupRel}' already exists with other content; it is never overwritten`);
    }
  } finally {
    unlinkSync(temp);
  }
}
