// `upkeep backups list` and `upkeep backups prune`: the engine's listing and prune
// report, printed as they are (or as one JSON document), and the exit code.
import process from 'node:process';
import { engine } from '../engine.js';
import { listBackups, pruneBackups } from '../flows/backups.js';
import { EXIT, exitForError } from './exit-codes.js';
import { printError, printLine } from './output.js';

/**
 * @typedef {object} BackupsFlags
 * @property {string} [root]
 * @property {string} [stateDir]
 * @property {string[]} [folder]
 * @property {number} [keep]
 * @property {string} [olderThan]
 * @property {boolean} [dryRun]
 * @property {boolean} [json]
 */

/**
 * @param {'list' | 'prune'} action @param {BackupsFlags} flags
 * @returns {Promise<number>} the exit code
 */
export async function backupsCommand(action, flags) {
  const json = Boolean(flags.json);
  // Named in every document, a failure's included, as the success's is.
  const command = `backups ${action}`;
  // How these backups were named, repeated by the listing's prune hint.
  const named = { root: flags.root ?? null, stateDir: flags.stateDir ?? null, folders: flags.folder ?? [] };
  const request = { root: flags.root ?? process.cwd(), stateDir: flags.stateDir, folders: flags.folder ?? [], named };
  try {
    if (action === 'list') {
      const list = listBackups(request);
      if (json) printLine(JSON.stringify({ command, ...list }, null, 2));
      else process.stdout.write(list.summary);
      return EXIT.ok;
    }
    /** @type {import('../index.js').Refusal | null} */
    const refusal = engine.pruneRefusal({ keep: flags.keep, olderThan: flags.olderThan });
    if (refusal) return fail(json, command, refusal, /** @type {number} */ (exitForError(refusal)));
    const plan = pruneBackups({ ...request, keep: flags.keep, olderThan: flags.olderThan, dryRun: flags.dryRun });
    if (json) printLine(JSON.stringify({ command, ...plan }, null, 2));
    else process.stdout.write(plan.summary);
    return EXIT.ok;
  } catch (error) {
    const exit = exitForError(error);
    if (exit === undefined) throw error;
    const e = /** @type {any} */ (error);
    return fail(json, command, { code: e.code, message: e.message }, exit);
  }
}

/**
 * @param {boolean} json @param {string} command
 * @param {{ code: string, message: string }} error @param {number} exit
 */
function fail(json, command, error, exit) {
  if (json) printLine(JSON.stringify(engine.failureDocument({ command, ...error }), null, 2));
  else printError(error.message);
  return exit;
}
