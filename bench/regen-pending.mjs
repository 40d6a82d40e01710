// What keeping a regeneration recoverable costs (flows/regenerate.js): before a region's
// program starts, one synced copy per pre-image its snapshot holds and the record beside
// them; after its repairs, the copies and the record removed. Timed against the snapshot
// the regeneration already took, for region folders of 10 to 1,000 files of 4 KiB (the
// unconfined case copies every file the whole-tree snapshot holds). The median of 5 runs.
// Run with `node bench/regen-pending.mjs`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engine } from '../npm/lib/engine.js';
import { executeSteps } from '../npm/lib/flows/execute.js';
import { snapshotTree } from '../npm/lib/shim/tree-snapshot.js';
import { table } from './harness.mjs';

// Beside the checkout (the disk a project lives on), not in a tmpfs.
const scratch = fileURLToPath(new URL('../target/', import.meta.url));
const median = (/** @type {number[]} */ xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One region run's extra writes, timed: [snapshot, keep, end] in ms. */
async function once(/** @type {number} */ files) {
  mkdirSync(scratch, { recursive: true });
  const root = mkdtempSync(join(scratch, 'bench-regen-pending-'));
  try {
    mkdirSync(join(root, 'docs'));
    for (let i = 0; i < files; i++) writeFileSync(join(root, 'docs', `f${i}.md`), `${String.fromCharCode(97 + (i % 26)).repeat(4096)}${i}`);
    const t0 = performance.now();
    const before = snapshotTree(root, ['docs'], ['.git', '.upkeep-backups']);
    const t1 = performance.now();
    const region = {
      saveDir: '.upkeep-backups/r-regen',
      paths: ['docs/T.md'],
      dirs: ['docs'],
      skip: ['.git'],
      everywhere: false,
      before: before.entries,
    };
    const modes = [...before.preimages].map(([path, { mode }]) => ({ path, mode }));
    /** @type {import('../npm/lib/index.js').RegenPending} */
    const pending = engine.regenPending({ stateDir: '.upkeep', region, modes });
    const bytesOf = (/** @type {any} */ s) => /** @type {{ bytes: Buffer }} */ (before.preimages.get(pending.sources[s.index])).bytes;
    await executeSteps(pending.copies, { root, sourceRoot: root, bytesOf });
    await executeSteps([pending.record], { root, sourceRoot: root });
    const t2 = performance.now();
    await executeSteps(pending.cleanup, { root, sourceRoot: root });
    await executeSteps([pending.removeRecord], { root, sourceRoot: root });
    const t3 = performance.now();
    return [t1 - t0, t2 - t1, t3 - t2];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const rows = [];
for (const files of [10, 200, 1000]) {
  /** @type {number[][]} */
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(await once(files));
  const col = (/** @type {number} */ k) => `${median(runs.map((r) => r[k])).toFixed(1)} ms`;
  rows.push([String(files), col(0), col(1), col(2)]);
}
table(["files in the region's folders", 'snapshot (already taken)', 'copies + record (new)', 'removed after the repairs (new)'], rows);
