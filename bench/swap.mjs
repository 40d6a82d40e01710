// What the executor's swap costs per replaced file (flows/execute.js): the check and
// atomic exchange it does now (lstat, renameat2 RENAME_EXCHANGE through the native addon,
// lstat of what came out, unlink of it) against the check and rename it did before (lstat,
// rename over). The file system calls only: both sides' temps are written first, and
// nothing is synced. On the disk a project lives on (beside the checkout). The median of
// 5 rounds. Run with `node bench/swap.mjs [files]`.
import { lstatSync, mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nativeAddon } from '../npm/lib/engine-node.js';
import { table } from './harness.mjs';

const files = Number(process.argv[2] ?? 5000);
const addon = /** @type {{ renameExchange: (a: string, b: string) => number }} */ (/** @type {unknown} */ (nativeAddon()));
if (!addon) throw new Error('bench/swap.mjs needs the native addon (make build-native)');
const scratch = fileURLToPath(new URL('../target/', import.meta.url));
const median = (/** @type {number[]} */ xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A folder of `files` targets, each with its temp beside it. */
function folder() {
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(join(scratch, 'bench-swap-'));
  for (let i = 0; i < files; i++) {
    writeFileSync(join(dir, `f${i}`), 'old\n');
    writeFileSync(join(dir, `.f${i}.tmp`), 'new\n');
  }
  return dir;
}

const swaps = {
  'check + rename (before)': (/** @type {string} */ temp, /** @type {string} */ target) => {
    lstatSync(target);
    renameSync(temp, target);
  },
  'check + exchange + look + unlink (now)': (/** @type {string} */ temp, /** @type {string} */ target) => {
    lstatSync(target);
    if (addon.renameExchange(temp, target) !== 0) throw new Error(`exchange refused at ${target}`);
    lstatSync(temp);
    unlinkSync(temp);
  },
};

/** @type {Record<string, number[]>} */
const times = Object.fromEntries(Object.keys(swaps).map((k) => [k, []]));
for (let round = 0; round < 5; round++) {
  for (const [name, swap] of Object.entries(swaps)) {
    const dir = folder();
    const t0 = performance.now();
    for (let i = 0; i < files; i++) swap(join(dir, `.f${i}.tmp`), join(dir, `f${i}`));
    times[name].push(performance.now() - t0);
    rmSync(dir, { recursive: true, force: true });
  }
}
table(
  ['swap', `${files} files (median of 5)`, 'per file'],
  Object.entries(times).map(([name, t]) => [name, `${median(t).toFixed(1)} ms`, `${((median(t) * 1000) / files).toFixed(1)} µs`]),
);
