// The in-memory route of the update plan, for tests that hold the digest route to it:
// every side of every managed path read whole and handed to `planUpdate` in one call, as
// the update flow fed the engine before it planned from digests (the same lstat rules: a
// path under a linked folder is a link, one under a non-folder is absent).
import { readSide } from '../../npm/lib/flows/update.js';

/**
 * @param {any} engine the API (`planUpdate`)
 * @param {{ roots: [string, string, string], paths: string[], input: any }} request
 */
export function planInMemory(engine, { roots, paths, input }) {
  /** @type {Map<string, 'directory' | 'symlink' | 'absent'>} */
  const folders = new Map();
  const files = paths.map((path) => ({
    path,
    current: readSide(roots[0], path, folders),
    baseline: readSide(roots[1], path, folders),
    latest: readSide(roots[2], path, folders),
  }));
  return engine.planUpdate({ ...input, files });
}
