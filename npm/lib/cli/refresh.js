// `upkeep install` and `upkeep refresh` on the command line: the flow under the run's
// stop signals and progress, prompts on a terminal only, then the engine's summary (or
// one JSON document) and an exit code from the report.
import { engine } from '../engine.js';
import { install, refresh } from '../api/refresh.js';
import { printLine, printLines } from './output.js';
import { runCommand } from './run.js';
import { canPrompt, verbosity } from './terminal.js';

/**
 * @typedef {{ source: string, target: string, manifest?: string, auto?: any, confirm?: string[], hostDeleted?: any,
 *   sourceDeleted?: any, force?: boolean, dryRun?: boolean, json?: boolean, quiet?: boolean, verbose?: boolean }} RunFlags
 */

/** The options install and refresh share, from the flags. */
const runOptions = (/** @type {RunFlags} */ flags) => ({
  source: flags.source,
  target: flags.target,
  manifest: flags.manifest,
  dryRun: flags.dryRun,
});

/**
 * Prints the run's report and returns its exit code.
 * @param {import('../index.js').RunReport} report @param {RunFlags} flags
 * @param {string[]} argv @param {import('./signals.js').StopSignals} stop
 */
function present(report, flags, argv, stop) {
  if (flags.json) printLine(JSON.stringify(report));
  else {
    const sources = { source: flags.source, target: flags.target, manifest: flags.manifest ?? null };
    printLines(engine.renderRunReport(report, { verbosity: verbosity(flags), argv, sources, signal: stop.signal ?? undefined }));
  }
  return engine.exitCode({ runReport: report, stopExit: stop.exitCode() });
}

/**
 * @param {RunFlags} flags
 * @param {string[]} argv the command as typed
 */
export async function refreshCommand(flags, argv) {
  return runCommand({
    name: 'refresh',
    flags,
    argv,
    run: async ({ stop, prompt, request }) => {
      verbosity(flags);
      /** On a terminal, each file refresh cannot decide alone is asked about. */
      const decide = (/** @type {import('../index.js').RefreshQuestion} */ question) =>
        prompt.select({ message: question.message, choices: question.choices });
      const report = await refresh({
        ...runOptions(flags),
        auto: flags.auto,
        hostDeleted: flags.hostDeleted,
        sourceDeleted: flags.sourceDeleted,
        confirm: flags.confirm,
        signal: stop.abortSignal,
        onProgress: request.onProgress,
        decide: canPrompt(flags) ? decide : undefined,
      });
      return present(report, flags, argv, stop);
    },
  });
}

/**
 * @param {RunFlags} flags
 * @param {string[]} argv the command as typed
 */
export async function installCommand(flags, argv) {
  return runCommand({
    name: 'install',
    flags,
    argv,
    run: async ({ stop, request }) => {
      verbosity(flags);
      const report = await install({ ...runOptions(flags), force: flags.force, signal: stop.abortSignal, onProgress: request.onProgress });
      return present(report, flags, argv, stop);
    },
  });
}
