// What this terminal can take, decided by the engine (`terminalPolicy`) from facts read
// here: which standard streams are terminals, CI, TERM, NO_COLOR, FORCE_COLOR, and the
// flags. Prompts, progress bars, colour per stream, release notes and how much a summary
// says all follow its answer.
import process from 'node:process';
import pc from 'picocolors';
import { engine } from '../engine.js';
import { UpkeepError } from '../shim/upkeep-error.js';

/**
 * The engine's policy for this process's streams and environment, and `flags`.
 * @param {{ json?: boolean, yes?: boolean, dryRun?: boolean, quiet?: boolean, verbose?: boolean }} [flags]
 * @returns {import('../index.js').TerminalPolicy}
 */
export function terminalPolicy(flags = {}) {
  const { CI, TERM, NO_COLOR, FORCE_COLOR } = process.env;
  return engine.terminalPolicy({
    stdinTty: Boolean(process.stdin.isTTY),
    stdoutTty: Boolean(process.stdout.isTTY),
    stderrTty: Boolean(process.stderr.isTTY),
    env: { CI, TERM, NO_COLOR, FORCE_COLOR },
    json: Boolean(flags.json),
    yes: Boolean(flags.yes),
    dryRun: Boolean(flags.dryRun),
    quiet: Boolean(flags.quiet),
    verbose: Boolean(flags.verbose),
  });
}

/** Whether to ask: a person at both ends, not CI, not `--json`, `--yes` or a dry run. */
export function canPrompt(/** @type {{ json?: boolean, yes?: boolean, dryRun?: boolean }} */ flags) {
  return terminalPolicy(flags).prompt;
}

/** Whether to draw progress on stderr: a terminal that redraws, not CI, `--json` or `--quiet`. */
export function canShowProgress(/** @type {{ json?: boolean, quiet?: boolean }} */ flags) {
  return terminalPolicy(flags).progress;
}

const streams = terminalPolicy();
/** The colour functions for stdout and for stderr, each on or off as the engine says. */
export const colors = {
  stdout: pc.createColors(streams.colorStdout),
  stderr: pc.createColors(streams.colorStderr),
};

/**
 * How much a summary says: `--quiet` (only what needs you), `--verbose` (every file), or
 * the summary. Both at once is the engine's usage refusal.
 * @param {{ quiet?: boolean, verbose?: boolean }} flags
 * @returns {import('../index.js').TerminalPolicy['verbosity']}
 */
export function verbosity(flags) {
  const { verbosity: said, refusal } = terminalPolicy(flags);
  if (refusal) throw UpkeepError.from(refusal);
  return said;
}
