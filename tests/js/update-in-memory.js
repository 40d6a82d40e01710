// The in-memory route of the update plan, for tests that hold the digest route to it:
// every side of every managed path read whole and handed to `planUpdate` in one call, as
// the update flow fed the engine before it planned from digests. The sides are read with
// the project's own tree reader (a path under a linked folder is a link, one under a
// non-folder is absent), so both routes see the same facts.
import { TreeReader } from '../../npm/lib/shim/tree-read.js';

/**
 * @param {any} engine the API (`planUpdate`)
 * @param {{ roots: [string, string, string], paths: string[], input: any }} request
 */
export function planInMemory(engine, { roots, paths, input }) {
  const trees = roots.map((root) => new TreeReader(root));
  try {
    const files = paths.map((path) => ({
      path,
      current: trees[0].entry(path),
      baseline: trees[1].entry(path),
      latest: trees[2].entry(path),
    }));
    return engine.planUpdate({ ...input, files });
  } finally {
    for (const tree of trees) tree.close();
  }
}
