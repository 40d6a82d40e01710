// `upkeep diff <old> <new>`: a unified diff, byte for byte what `diff -u` prints.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { engine } from '../engine.js';
import { EXIT } from './exit-codes.js';
import { fsReason, printBytes, printError } from './output.js';

/**
 * Prints the diff from `oldPath` to `newPath` ('-' reads standard input). Exit code as
 * diff's: 0 identical, 1 different (binary files included), 2 trouble.
 * @param {string} oldPath
 * @param {string} newPath
 * @param {{ unified: number, label: string[], ignoreEol?: boolean, stripTrailingCr?: boolean }} options
 */
export async function diffCommand(oldPath, newPath, { unified, label, ignoreEol = false, stripTrailingCr = false }) {
  if (label.length > 2) {
    printError('diff takes at most two -L labels (old, then new)');
    return EXIT.badInput;
  }
  const inputs = await readInputs([oldPath, newPath]);
  if (!inputs) return EXIT.badInput;
  try {
    const { status, patch } = engine.unifiedDiff(inputs[0], inputs[1], {
      context: unified,
      oldLabel: label[0] ?? oldPath,
      newLabel: label[1] ?? newPath,
      ignoreEol: ignoreEol || stripTrailingCr,
    });
    printBytes(patch);
    return status === 'identical' ? EXIT.ok : EXIT.findings;
  } catch (error) {
    printError(/** @type {Error} */ (error).message);
    return EXIT.badInput;
  }
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
      printError(`cannot read '${paths[i]}': ${fsReason(result.reason)}`);
      failed = true;
    }
  });
  return failed ? null : results.map((r) => /** @type {PromiseFulfilledResult<Buffer>} */ (r).value);
}
