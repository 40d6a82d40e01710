// `upkeep diff <old> <new>`: a unified diff, byte for byte what GNU `diff -u` prints for
// two files — names quoted as GNU quotes them and modification times in the header, unless
// `-L` labels are given.
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { engine } from '../engine.js';
import { fsReason, printBytes, printError } from './output.js';

/**
 * Prints the diff from `oldPath` to `newPath` ('-' reads standard input). Exit code as
 * diff's: 0 identical, 1 different (binary files included), 2 trouble.
 * @param {string} oldPath
 * @param {string} newPath
 * @param {{ unified: number, label: string[], ignoreEol?: boolean, stripTrailingCr?: boolean }} options
 */
export async function diffCommand(oldPath, newPath, { unified, label, ignoreEol = false, stripTrailingCr = false }) {
  const labels = engine.diffLabels(label);
  if (labels.refusal) {
    printError(labels.refusal.message);
    return engine.statusExit('diff', 'trouble');
  }
  const inputs = await readInputs([oldPath, newPath]);
  if (!inputs) return engine.statusExit('diff', 'trouble');
  try {
    const side = async (/** @type {string} */ name, /** @type {string | undefined} */ given) => ({
      name,
      label: given,
      time: given === undefined ? await modified(name) : undefined,
    });
    const { status, patch } = engine.diffFiles(inputs[0], inputs[1], {
      context: unified,
      ignoreEol: ignoreEol || stripTrailingCr,
      old: await side(oldPath, labels.old ?? undefined),
      new: await side(newPath, labels.new ?? undefined),
    });
    printBytes(patch);
    return engine.statusExit('diff', status);
  } catch (error) {
    printError(/** @type {Error} */ (error).message);
    return engine.statusExit('diff', 'trouble');
  }
}

/**
 * When `path` was last modified, as GNU diff prints it in a header: its nanosecond
 * timestamp, in this machine's zone at that instant (TZ applies). Standard input has no
 * such time: GNU prints the time it read it, and so does this.
 * @param {string} path
 */
async function modified(path) {
  const ns = path === '-' ? BigInt(Date.now()) * 1_000_000n : (await stat(path, { bigint: true })).mtimeNs;
  const seconds = ns / 1_000_000_000n - (ns % 1_000_000_000n < 0n ? 1n : 0n);
  const nanoseconds = Number(ns - seconds * 1_000_000_000n);
  const utcOffsetMinutes = -new Date(Number(seconds) * 1000).getTimezoneOffset() || 0;
  return { seconds: Number(seconds), nanoseconds, utcOffsetMinutes };
}

/**
 * Reads every input ('-' is standard input, read once), or reports each unreadable one
 * by name and returns null.
 * @param {string[]} paths
 * @returns {Promise<Buffer[] | null>}
 */
export async function readInputs(paths) {
  /** @type {Promise<Buffer> | undefined} */
  let stdin;
  const reads = paths.map((path) => (path === '-' ? (stdin ??= Promise.resolve().then(() => readFileSync(0))) : readFile(path)));
  const results = await Promise.allSettled(reads);
  let failed = false;
  results.forEach((result, i) => {
    if (result.status === 'rejected') {
      printError(engine.usageRefusal({ kind: 'file-failed', action: 'read', path: paths[i], error: fsReason(result.reason) }).message);
      failed = true;
    }
  });
  return failed ? null : results.map((r) => /** @type {PromiseFulfilledResult<Buffer>} */ (r).value);
}
