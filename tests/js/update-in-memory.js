// The in-memory route of the update plan, for tests that hold the digest route to it:
// every side of every managed path read whole and handed to `planUpdate` in one call, as
// the update flow fed the engine before it planned from digests (the same lstat rules: a
// path under a linked folder is a link, one under a non-folder is absent).
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @param {any} engine the API (`planUpdate`)
 * @param {{ roots: [string, string, string], paths: string[], input: any }} request
 */
export function planInMemory(engine, { roots, paths, input }) {
  /** @type {Map<string, 'directory' | 'symlink' | 'absent'>} */
  const folders = new Map();
  const files = paths.map((path) => ({
    path,
    current: side(roots[0], path, folders),
    baseline: side(roots[1], path, folders),
    latest: side(roots[2], path, folders),
  }));
  return engine.planUpdate({ ...input, files });
}

/** @param {string} dir @param {string} rel @param {Map<string, string>} folders */
function side(dir, rel, folders) {
  const parts = rel.split('/');
  let at = dir;
  for (const part of parts.slice(0, -1)) {
    at = join(at, part);
    let kind = folders.get(at);
    if (kind === undefined) {
      const st = lstatOrNull(at);
      kind = !st ? 'absent' : st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'directory' : 'absent';
      folders.set(at, kind);
    }
    if (kind === 'symlink') return { kind: 'symlink' };
    if (kind === 'absent') return null;
  }
  at = join(at, parts[parts.length - 1]);
  const st = lstatOrNull(at);
  if (!st) return null;
  if (st.isSymbolicLink()) return { kind: 'symlink' };
  if (st.isDirectory()) return { kind: 'directory' };
  if (!st.isFile()) return { kind: 'other' };
  return { bytes: readFileSync(at) };
}

function lstatOrNull(/** @type {string} */ path) {
  try {
    return lstatSync(path);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}
