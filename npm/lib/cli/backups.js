// `upkeep backups list` and `upkeep backups prune`: the engine's listing and prune
// report, printed as they are (or as one JSON document), and the exit code.
import process from 'node:process';
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
  const request = { root: flags.root ?? process.cwd(), stateDir: flags.stateDir, folders: flags.folder ?? [] };
  try {
    if (action === 'list') {
      const list = listBackups(request);
      if (json) printLine(JSON.stringify({ command: 'backups list', ...list }, null, 2));
      else process.stdout.write(list.summary);
      return EXIT.ok;
    }
    if (flags.keep === undefined && flags.olderThan === undefined) {
      return fail(
        json,
        {
          code: 'usage',
          message: 'say which runs a prune may remove: --keep <n> (keep the n newest) and/or --older-than <age> (such as 30d)',
        },
        EXIT.badInput,
      );
    }
    const plan = pruneBackups({ ...request, keep: flags.keep, olderThan: flags.olderThan, dryRun: flags.dryRun });
    if (json) printLine(JSON.stringify({ command: 'backups prune', ...plan }, null, 2));
    else process.stdout.write(plan.summary);
    return EXIT.ok;
  } catch (error) {
    const exit = exitForError(error);
    if (exit === undefined) throw error;
    const e = /** @type {any} */ (error);
    return fail(json, { code: e.code, message: e.message }, exit);
  }
}

/** @param {boolean} json @param {{ code: string, message: string }} error @param {number} exit */
function fail(json, error, exit) {
  if (json) printLine(JSON.stringify({ status: 'error', command: 'backups', error }, null, 2));
  else printError(error.message);
  return exit;
}
