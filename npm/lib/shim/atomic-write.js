// Replaces a file so that a crash at any moment leaves either the old or the new bytes:
// a temp file in the target's own directory (rename must not cross filesystems), created
// exclusively with mode 0600, written and fsynced, given the target's mode, renamed over
// the target, and the directory fsynced (RELIABILITY.md, "Atomic replace").
import { randomBytes } from 'node:crypto';
import { chmod, lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Atomically replaces the regular file at `path` with `bytes`, keeping its permission
 * bits. Refuses (with `code: 'ESYMLINK'`) to replace a symlink, and never writes through
 * one. On failure the target is untouched and the temp file removed.
 * @param {string} path
 * @param {Uint8Array} bytes
 */
export async function replaceFileAtomic(path, bytes) {
  const target = await lstat(path);
  if (target.isSymbolicLink()) {
    throw Object.assign(new Error(`refusing to replace '${path}': it is a symbolic link`), { code: 'ESYMLINK', path });
  }
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.upkeep-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await chmod(temp, target.mode & 0o7777);
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  const directory = await open(dir, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
