// `upkeep merge <ours> <base> <theirs>`: a three-way merge, as `git merge-file` makes it.
import { engine } from '../engine.js';
import { replaceFile } from '../shim/atomic-write.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { readInputs } from './diff.js';
import { fsReason, printBytes, printError } from './output.js';

/**
 * Merges into `ours` (atomically replaced) or, with `stdout`, prints the result. Exit code
 * as git merge-file's: the number of conflicts (at most 127), 255 when the merge could not
 * be made — and then nothing is written.
 * @param {string} ours
 * @param {string} base
 * @param {string} theirs
 * @param {{ stdout?: boolean, diff3?: boolean, zdiff3?: boolean, label: string[], ours?: boolean, theirs?: boolean, union?: boolean, markerSize?: number }} options
 */
export async function mergeCommand(ours, base, theirs, options) {
  const { options: mergeOptions, refusal } = engine.mergeCommand({
    paths: [ours, base, theirs],
    labels: options.label,
    ours: options.ours ?? false,
    theirs: options.theirs ?? false,
    union: options.union ?? false,
    diff3: options.diff3 ?? false,
    zdiff3: options.zdiff3 ?? false,
    markerSize: options.markerSize ?? null,
  });
  if (!mergeOptions) {
    printError(/** @type {import('../index.js').Refusal} */ (refusal).message);
    return engine.statusExit('merge', 'failed');
  }
  const inputs = await readInputs([ours, base, theirs]);
  if (!inputs) return engine.statusExit('merge', 'failed');
  let merged;
  try {
    merged = engine.merge(inputs[0], inputs[1], inputs[2], mergeOptions);
  } catch (error) {
    printError(/** @type {Error} */ (error).message);
    return engine.statusExit('merge', 'failed');
  }
  if (options.stdout) {
    printBytes(merged.content);
  } else {
    try {
      replaceFile(ours, merged.content);
    } catch (error) {
      // A refusal of the engine's is already a sentence; a file system error is worded by it.
      const said =
        error instanceof UpkeepError
          ? error.message
          : engine.usageRefusal({ kind: 'file-failed', action: 'write', path: ours, error: fsReason(error) }).message;
      printError(said);
      return engine.statusExit('merge', 'failed');
    }
  }
  return engine.mergeExit(merged.conflicts);
}
