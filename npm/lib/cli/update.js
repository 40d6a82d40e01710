// `upkeep update` and `upkeep status`: bring a project up to a new template release, or
// say (read-only) what such an update would do. The flow runs under the run's stop
// signals and progress; the engine renders what happened; the exit code follows the report.
import process from 'node:process';
import { engine } from '../engine.js';
import { runUpdate } from '../api/update.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { printLine, printLines, printWarning } from './output.js';
import { runCommand } from './run.js';
import { terminalPolicy, verbosity } from './terminal.js';

/**
 * @typedef {object} UpdateFlags
 * @property {string} [baseline]
 * @property {string} [latest]
 * @property {string} [to]
 * @property {boolean} [pre]
 * @property {boolean} [allowDrift]
 * @property {string} [root]
 * @property {string} [stateDir]
 * @property {string} [conflicts]
 * @property {boolean} [yes]
 * @property {boolean} [json]
 * @property {boolean} [dryRun]
 * @property {boolean} [ignoreEol]
 * @property {boolean} [quiet]
 * @property {boolean} [verbose]
 * @property {string} [exitOn] `never`, `conflict` or `error` (default: the codes without it)
 * @property {string} [pr] a folder for the change request: title.txt, body.md, labels.txt, branch.txt
 * @property {boolean} [allowDirty]
 */

/**
 * Runs the update (or, with `readOnly`, the status check) and returns the exit code.
 * @param {UpdateFlags} flags
 * @param {string[]} argv the command as typed
 * @param {{ readOnly?: boolean }} [mode]
 */
export async function updateCommand(flags, argv, { readOnly = false } = {}) {
  const name = readOnly ? 'status' : 'update';
  /** @type {import('../index.js').ExitPolicy | undefined} */
  let policy;
  return runCommand({
    name,
    flags,
    argv,
    exitFor: (failure) => engine.exitCode({ policy, readOnly, failure }),
    run: async ({ stop, prompt, request }) => {
      // Checked before anything runs: a bad value is bad usage whatever the run would do.
      policy = flags.exitOn === undefined ? undefined : engine.parseExitPolicy(flags.exitOn);
      const say = verbosity(flags);
      const terminal = terminalPolicy(flags);
      const { document, outcome, payload } = await runUpdate(
        {
          root: flags.root,
          baseline: flags.baseline,
          latest: flags.latest,
          to: flags.to,
          pre: flags.pre,
          allowDrift: flags.allowDrift,
          stateDir: flags.stateDir,
          conflicts: flags.conflicts,
          ignoreEol: flags.ignoreEol,
          allowDirty: flags.allowDirty,
          dryRun: readOnly ? undefined : flags.dryRun,
          pr: readOnly ? undefined : flags.pr,
          signal: stop.abortSignal,
          onProgress: request.onProgress,
          // The release notes go to stderr before anything is written (with --yes too) where
          // the terminal policy shows them; a person at a terminal is asked, anyone else
          // gets the question's default (the engine's: go ahead).
          decide: readOnly
            ? undefined
            : async (/** @type {import('../index.js').UpdateQuestion} */ question) => {
                if (terminal.releaseNotes) process.stderr.write(engine.renderReleaseNotes(question.changelog ?? []));
                if (!terminal.prompt) return question.default;
                return prompt.confirm({ message: question.message, default: question.default });
              },
        },
        { readOnly },
      );
      const { check, session } = outcome;
      // A run that wrote and did not finish (stopped, failed, files changed meanwhile) exits
      // with its run record's code (a stop's the signal's); the engine applies --exit-on to
      // it, reading the plan it keeps when it made one.
      /** @type {import('../index.js').ExitInput} */
      const exit = { policy, readOnly, stopExit: stop.exitCode() };
      const code = session ? session.exitCode(exit) : engine.exitCode(exit);
      if (flags.json) {
        printLine(JSON.stringify(document(), null, 2));
        return code;
      }
      // Stopped by a signal (the engine says which statuses are a stop, and the error):
      // the run framework says where it stopped and how to resume, with the engine's message.
      /** @type {import('../index.js').DocumentError | null} */
      const stopped = engine.updateStop(outcome.status);
      if (stopped) throw new UpkeepError(stopped.code, stopped.message);
      // What the user should know about the releases (a damaged cache entry fetched again,
      // a record behind VERSION, a drift allowed), before the report.
      for (const notice of outcome.notices) printWarning(notice);
      /** @type {import('../index.js').UpdateOutcomeFacts} */
      const facts = {
        status: outcome.status,
        check,
        resumed: outcome.resumed,
        leftoverPatches: outcome.leftoverPatches,
        root: flags.root,
        argv,
        changeRequest:
          flags.pr === undefined ? null : { folder: flags.pr, branch: payload?.branch ?? null, omitted: payload?.omitted ?? [] },
      };
      const options = { stateDir: engine.updatePaths(flags.stateDir).stateDir, dryRun: Boolean(flags.dryRun), readOnly, verbosity: say };
      printLines(session ? session.renderOutcome(facts, options) : engine.renderUpdateOutcome(facts, options));
      return code;
    },
  });
}
