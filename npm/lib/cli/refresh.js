// `upkeep install` and `upkeep refresh` on the command line: the flow under the run's
// stop signals and progress, prompts on a terminal only, then the engine's summary (or
// one JSON document) and an exit code from the report.
import { engine } from '../engine.js';
import { runInstall } from '../flows/install.js';
import { runRefresh } from '../flows/refresh.js';
import { EXIT } from './exit-codes.js';
import { printLine, printLines } from './output.js';
import { runCommand } from './run.js';
import { canPrompt, verbosity } from './terminal.js';

/**
 * @typedef {{ source: string, target: string, manifest?: string, auto?: any, confirm?: string[], hostDeleted?: any,
 *   sourceDeleted?: any, force?: boolean, dryRun?: boolean, json?: boolean, quiet?: boolean, verbose?: boolean }} RunFlags
 */

/**
 * Prints the run's report and returns its exit code.
 * @param {'install' | 'refresh'} name @param {import('../index.js').RunReport} report @param {RunFlags} flags
 * @param {string[]} argv @param {import('./signals.js').StopSignals} stop
 */
function present(name, report, flags, argv, stop) {
  if (flags.json) printLine(JSON.stringify(report));
  else {
    const base = ['upkeep', name, '--source', flags.source, '--target', flags.target, ...(flags.manifest ? ['--manifest', flags.manifest] : [])];
    printLines(engine.renderRunReport(report, { verbosity: verbosity(flags), argv, base, signal: stop.signal ?? undefined }));
  }
  if (report.interrupted) return stop.exitCode();
  if (report.failed) return EXIT.io;
  return report.attention > 0 ? EXIT.findings : EXIT.ok;
}

/** What a person may decide about a file in each state, as the prompt offers it. */
/** @type {Record<string, { name: string, value: import('../index.js').RefreshDecision }[]>} */
const CHOICES = {
  'locally-modified': [
    { name: 'keep mine (record my version as the baseline)', value: 'keep-mine' },
    { name: 'take theirs (back mine up, replace it)', value: 'take-theirs' },
    { name: 'merge by hand (show the diff, write nothing)', value: 'merge' },
  ],
  'host-deleted': [
    { name: 'restore it', value: 'restore' },
    { name: 'forget it (drop it from the record)', value: 'forget' },
  ],
  'source-deleted': [
    { name: 'remove it (backed up)', value: 'remove' },
    { name: 'keep it as mine (drop it from the record)', value: 'keep' },
  ],
};

/** What a state reads as in a prompt. */
const STATES = /** @type {Record<string, string>} */ ({
  'locally-modified': 'changed here and in the source',
  'host-deleted': 'deleted here, still in the source',
  'source-deleted': 'dropped by the source, still here',
});

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
      /** @param {import('../index.js').PlannedFile[]} files */
      const ask = async (files) => {
        const decisions = [];
        for (const file of files) {
          const decision = await prompt.select({ message: `${file.target} (${STATES[file.state] ?? file.state}):`, choices: CHOICES[file.state] ?? [] });
          decisions.push({ target: file.target, decision });
        }
        return decisions;
      };
      const report = await runRefresh({ ...flags, ...request, ask: canPrompt(flags) ? ask : undefined });
      return present('refresh', report, flags, argv, stop);
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
      const report = await runInstall({ ...flags, ...request });
      return present('install', report, flags, argv, stop);
    },
  });
}
