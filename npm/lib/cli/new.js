// `upkeep new <release> <dir>` and `upkeep adopt <release>@<version>`: scaffold a project
// from a release, or record the release a project was made from. Printing only.
import process from 'node:process';
import { adopt } from '../flows/adopt.js';
import { newProject } from '../flows/new.js';
import { EXIT, exitForError } from './exit-codes.js';
import { printError, printLine } from './output.js';

/**
 * @param {string} spec @param {string} target
 * @param {{ force?: boolean, git?: boolean, pre?: boolean, stateDir?: string, json?: boolean }} flags
 */
export async function newCommand(spec, target, flags) {
  return withSignals(flags, async (stopRequested) => {
    const outcome = await newProject({ spec, target, force: flags.force, git: flags.git, pre: flags.pre, stateDir: flags.stateDir, stopRequested });
    const gitFailed = outcome.git !== null && !outcome.git.committed;
    if (flags.json) {
      printLine(JSON.stringify({ status: outcome.status, ...outcome.report, notices: outcome.notices, release: outcome.release, git: outcome.git }, null, 2));
    } else {
      for (const notice of outcome.notices) printError(notice);
      process.stdout.write(outcome.summary);
      if (outcome.git?.committed) printLine(`Committed ${outcome.git.commit} (the scaffold's first commit)`);
      if (gitFailed) printError(`the project is scaffolded, but the first commit was not made: ${outcome.git?.error}`);
    }
    return gitFailed ? EXIT.findings : EXIT.ok;
  });
}

/**
 * @param {string} spec
 * @param {{ root?: string, force?: boolean, stateDir?: string, json?: boolean }} flags
 */
export async function adoptCommand(spec, flags) {
  return withSignals(flags, async (stopRequested) => {
    const outcome = await adopt({ spec, root: flags.root, force: flags.force, stateDir: flags.stateDir, stopRequested });
    if (flags.json) {
      printLine(JSON.stringify({ status: outcome.status, ...outcome.report, notices: outcome.notices, release: outcome.release }, null, 2));
    } else {
      for (const notice of outcome.notices) printError(notice);
      process.stdout.write(outcome.summary);
    }
    return EXIT.ok;
  });
}

/**
 * Runs `body` with SIGINT/SIGTERM turned into a stop request, and upkeep's errors into
 * their exit codes (one JSON document with --json).
 * @param {{ json?: boolean }} flags @param {(stopRequested: () => boolean) => Promise<number>} body
 */
async function withSignals(flags, body) {
  let stop = false;
  const onSignal = () => {
    stop = true;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await body(() => stop);
  } catch (error) {
    const e = /** @type {any} */ (error);
    const exit = exitForError(e);
    if (exit === undefined) throw error;
    if (flags.json) printLine(JSON.stringify({ status: 'error', error: { code: e.code, message: e.message } }, null, 2));
    else printError(e.message);
    return exit;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
