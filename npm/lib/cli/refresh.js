// `upkeep install` and `upkeep refresh` on the command line: options, prompts (TTY only),
// the summary table or one JSON document, and honest exit codes.
import process from 'node:process';
import { runInstall } from '../flows/install.js';
import { runRefresh } from '../flows/refresh.js';
import { EXIT, exitForError } from './exit-codes.js';
import { printError, printLine } from './output.js';

/** Prompts are for people: stdin and stderr on a terminal, not CI, not --json. */
export function interactive(/** @type {{ json?: boolean }} */ options) {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY && !process.env.CI && !options.json);
}

/**
 * Runs a flow and prints its report; errors become a message (or a JSON document) and an exit code.
 * @param {'install' | 'refresh'} command @param {() => Promise<any>} run @param {{ json?: boolean }} options
 */
async function present(command, run, options) {
  let result;
  try {
    result = await run();
  } catch (error) {
    const code = exitForError(error);
    if (code === undefined) throw error;
    const err = /** @type {any} */ (error);
    if (options.json) printLine(JSON.stringify({ command, error: { code: err.code, message: err.message } }));
    else printError(err.message);
    return code;
  }
  if (options.json) printLine(JSON.stringify(result));
  else printSummary(result);
  if (result.interrupted) return EXIT.interrupted;
  if (result.failed) return EXIT.io;
  return result.attention > 0 ? EXIT.findings : EXIT.ok;
}

function printSummary(/** @type {any} */ result) {
  const rows = result.files.map((/** @type {any} */ f) => [f.state ?? '', f.action, f.outcome, f.renamedFrom ? `${f.target} (from ${f.renamedFrom})` : f.target]);
  const header = result.command === 'install' ? ['', 'ACTION', 'OUTCOME', 'TARGET'] : ['STATE', 'ACTION', 'OUTCOME', 'TARGET'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((/** @type {string[]} */ r) => r[i].length)));
  for (const row of [header, ...rows]) printLine(row.map((/** @type {string} */ c, /** @type {number} */ i) => (i === row.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimStart());
  for (const { target, diff } of result.diffs ?? []) {
    printLine(`\n--- merge ${target} by hand, then confirm with: upkeep refresh --confirm ${target} ---`);
    printLine(diff.trimEnd());
  }
  for (const f of result.files) if (f.reason && f.outcome !== 'done') printError(`${f.target}: ${f.reason}`);
  if (result.recordError) printError(result.recordError);
  if (result.dryRun) printError('dry run: nothing was written');
  else if (result.interrupted) printError('interrupted: run the same command again to resume');
  else if (result.recordChanged) printError(`record updated: ${result.recordPath}`);
}

/**
 * Asks about each pending file on the terminal.
 * @param {import('../index.js').PlannedFile[]} files
 */
async function ask(files) {
  const { select } = await import('@inquirer/prompts');
  /** @type {Record<string, { name: string, value: import('../index.js').RefreshDecision }[]>} */
  const choices = {
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
  const decisions = [];
  for (const file of files) {
    const decision = await select({ message: `${file.target} is ${file.state}:`, choices: choices[file.state] ?? [] }, { output: process.stderr });
    decisions.push({ target: file.target, decision });
  }
  return decisions;
}

/**
 * @param {{ source: string, target: string, manifest?: string, auto?: any, confirm?: string[], hostDeleted?: any, sourceDeleted?: any,
 *   dryRun?: boolean, json?: boolean }} options
 */
export async function refreshCommand(options) {
  let stop = false;
  const onSigint = () => {
    stop = true;
  };
  process.on('SIGINT', onSigint);
  try {
    return await present('refresh', () => runRefresh({
      ...options,
      ask: interactive(options) ? ask : undefined,
      stopRequested: () => stop,
      progress: process.stderr.isTTY && !options.json ? (m) => process.stderr.write(`upkeep: ${m}\n`) : undefined,
    }), options);
  } catch (error) {
    if (/** @type {any} */ (error)?.name === 'ExitPromptError') return EXIT.interrupted;
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** @param {{ source: string, target: string, manifest?: string, force?: boolean, dryRun?: boolean, json?: boolean }} options */
export async function installCommand(options) {
  return present('install', () => runInstall(options), options);
}
