// `upkeep new <release> <dir>` and `upkeep adopt <release>@<version>`: scaffold a project
// from a release, or record the release a project was made from. The flow runs under the
// run's stop signals and progress; the engine wrote the summary and the first commit's
// words and exit code; printing only.
import { runAdopt, runNew } from '../api/new.js';
import { engine } from '../engine.js';
import { EXIT } from './exit-codes.js';
import { printError, printLine, printWarning } from './output.js';
import { runCommand } from './run.js';

/**
 * @param {string} spec @param {string} target
 * @param {{ force?: boolean, git?: boolean, pre?: boolean, stateDir?: string, json?: boolean, quiet?: boolean }} flags
 * @param {string[]} argv the command as typed
 */
export async function newCommand(spec, target, flags, argv) {
  return runCommand({
    name: 'new',
    flags,
    argv,
    run: async ({ stop, request }) => {
      const { document, outcome } = await runNew({
        spec,
        target,
        force: flags.force,
        git: flags.git,
        pre: flags.pre,
        stateDir: flags.stateDir,
        signal: stop.abortSignal,
        onProgress: request.onProgress,
      });
      /** @type {import('../index.js').FirstCommitWords} */
      const commit = engine.firstCommitWords(outcome.git);
      if (flags.json) {
        printLine(JSON.stringify(document, null, 2));
      } else {
        for (const notice of outcome.notices) printWarning(notice);
        printSummary(outcome.summary);
        if (commit.line !== null) printLine(commit.line);
        if (commit.error !== null) printError(commit.error);
      }
      return commit.exit;
    },
  });
}

/**
 * @param {string} spec
 * @param {{ root?: string, force?: boolean, stateDir?: string, json?: boolean, quiet?: boolean }} flags
 * @param {string[]} argv the command as typed
 */
export async function adoptCommand(spec, flags, argv) {
  return runCommand({
    name: 'adopt',
    flags,
    argv,
    run: async ({ stop, request }) => {
      const { document, outcome } = await runAdopt({
        spec,
        root: flags.root,
        force: flags.force,
        stateDir: flags.stateDir,
        signal: stop.abortSignal,
        onProgress: request.onProgress,
      });
      if (flags.json) {
        printLine(JSON.stringify(document, null, 2));
      } else {
        for (const notice of outcome.notices) printWarning(notice);
        printSummary(outcome.summary);
      }
      return EXIT.ok;
    },
  });
}

/** The engine's summary, a line at a time (so a progress bar is cleared first). */
function printSummary(/** @type {string} */ summary) {
  for (const line of summary.replace(/\n$/, '').split('\n')) printLine(line);
}
