// The shape every writing command shares: parse flags → call the flow with a request
// (stop request, progress, prompts) → print the engine's rendering of the report → exit
// code from the report. This runs the middle: it owns the stop signals, the progress bar
// and the prompts for one run, and turns what the flow threw into a message (or one JSON
// document) and an exit code. Whether it was a stop, its code (130, 143) and its `--json`
// status are the engine's (`commandFailure`); a failure's code is its exit class's.
import { engine } from '../engine.js';
import { exitForError } from './exit-codes.js';
import { onBeforePrint, printError, printLine, printLines } from './output.js';
import { Progress } from './progress.js';
import { prompter } from './prompts.js';
import { withStopSignals } from './signals.js';
import { canShowProgress } from './terminal.js';

/**
 * @typedef {object} RunContext
 * @property {import('./signals.js').StopSignals} stop the run's stop request and signal
 * @property {Progress} progress
 * @property {ReturnType<typeof prompter>} prompt prompts bound to stderr and the stop signal
 * @property {{ stopRequested: () => boolean, onProgress: (event: any) => void }} request
 *   what every flow request takes
 */

/**
 * Runs one command.
 * @param {object} command
 * @param {string} command.name `update`, `refresh`, ...
 * @param {{ json?: boolean, quiet?: boolean }} command.flags
 * @param {string[]} command.argv the command as typed (`['upkeep', 'update', ...]`), for hints
 * @param {(context: RunContext) => Promise<number>} command.run the flow and its printing; resolves to the exit code
 * @param {(failure: { exit: number, stopped: boolean }) => number} [command.exitFor] the exit
 *   code of a failure under the command's `--exit-on` (the engine's `exitCode`)
 * @returns {Promise<number>}
 */
export async function runCommand({ name, flags, argv, run, exitFor }) {
  return withStopSignals(async (stop) => {
    const progress = new Progress({ enabled: canShowProgress(flags) });
    onBeforePrint(() => progress.close());
    const context = {
      stop,
      progress,
      prompt: prompter(stop.abortSignal),
      request: { stopRequested: stop.requested, onProgress: progress.onProgress },
    };
    try {
      const code = await run(context);
      progress.close();
      return code;
    } catch (error) {
      progress.close();
      const { exit, stopped } = failed({ name, flags, argv, error, stop, progress });
      return exitFor ? exitFor({ exit, stopped }) : exit;
    }
  });
}

/**
 * What a command prints and exits with when its flow threw.
 * @param {{ name: string, flags: { json?: boolean }, argv: string[], error: unknown,
 *   stop: import('./signals.js').StopSignals, progress: Progress }} failure
 * @returns {{ exit: number, stopped: boolean }}
 */
function failed({ name, flags, argv, error, stop, progress }) {
  const e = /** @type {{ code?: unknown, message?: string }} */ (error);
  const code = typeof e?.code === 'string' ? e.code : null;
  /** @type {import('../index.js').CommandFailure} */
  const verdict = engine.commandFailure({ code, signal: stop.signal });
  const exit = verdict.exit ?? exitForError(error);
  if (exit === undefined) throw error;
  const stopped = verdict.stopped;
  if (flags.json) {
    printLine(
      JSON.stringify(engine.failureDocument({ command: name, code, message: e?.message ?? String(error), signal: stop.signal }), null, 2),
    );
    return { exit, stopped };
  }
  if (stopped) {
    const { last, lastWrite } = progress;
    printLines(
      engine.renderStopped({
        command: name,
        signal: stop.signal ?? undefined,
        cancelled: verdict.cancelled,
        phase: last?.phase,
        done: last?.done ?? 0,
        total: last?.total ?? 0,
        written: lastWrite ? { done: lastWrite.done, total: lastWrite.total } : null,
        argv,
      }),
      { stderr: true },
    );
    return { exit, stopped };
  }
  printError(/** @type {string} */ (e.message));
  return { exit, stopped };
}
