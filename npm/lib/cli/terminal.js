// What this terminal can take, decided once per run: prompts (a person at both ends),
// progress bars (a person watching stderr), colour per stream (NO_COLOR, FORCE_COLOR,
// TERM=dumb, a stream that is not a terminal), and how much a summary says.
import process from 'node:process';
import pc from 'picocolors';
import { engine } from '../engine.js';
import { UpkeepError } from '../shim/upkeep-error.js';

/** `CI` is set to something other than empty, `0` or `false`. */
export function inCi(/** @type {NodeJS.ProcessEnv} */ env = process.env) {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/**
 * Prompts are for a person: stdin and stderr on a terminal, not CI, never with `--json`
 * or `--yes` (or a dry run, which asks nothing).
 * @param {{ json?: boolean, yes?: boolean, dryRun?: boolean }} flags
 */
export function canPrompt(flags) {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY) && !inCi() && !flags.json && !flags.yes && !flags.dryRun;
}

/**
 * Progress is drawn on stderr for a person watching it: a terminal that can redraw a
 * line, not CI, not `--json` or `--quiet`.
 * @param {{ json?: boolean, quiet?: boolean }} flags
 */
export function canShowProgress(flags) {
  return Boolean(process.stderr.isTTY) && process.env.TERM !== 'dumb' && !inCi() && !flags.json && !flags.quiet;
}

/**
 * Whether to colour what goes to `stream`: FORCE_COLOR wins (`0` or `false` turns colour
 * off, any other value on, as Node's own console does); then NO_COLOR (any non-empty
 * value) and TERM=dumb turn it off; otherwise colour only on a terminal.
 * @param {{ isTTY?: boolean }} stream
 * @param {NodeJS.ProcessEnv} [env]
 */
export function colorDecision(stream, env = process.env) {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.toLowerCase());
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return Boolean(stream.isTTY);
}

/** The colour functions for stdout and for stderr, each on or off by {@link colorDecision}. */
export const colors = {
  stdout: pc.createColors(colorDecision(process.stdout)),
  stderr: pc.createColors(colorDecision(process.stderr)),
};

/**
 * How much a summary says: `--quiet` (only what needs you), `--verbose` (every file), or
 * the summary. Both at once is a usage error.
 * @param {{ quiet?: boolean, verbose?: boolean }} flags
 * @returns {'quiet' | 'normal' | 'verbose'}
 */
export function verbosity(flags) {
  if (flags.quiet && flags.verbose) {
    throw UpkeepError.from(engine.usageRefusal({ kind: 'quiet-with-verbose' }));
  }
  return flags.quiet ? 'quiet' : flags.verbose ? 'verbose' : 'normal';
}
