// `upkeep score`: reads a diff's numstat (standard input or git), lets the engine score it,
// prints the verdict. Every decision (declared risk, escalations, thresholds, whether the
// verdict fails) is the engine's `assess`; this module only gathers input and prints.
import { readFile } from 'node:fs/promises';
import process from 'node:process';
import { engine } from '../engine.js';
import { fsReason, printError, printLine, printLines } from './output.js';
import { gitRun } from '../shim/git.js';
import { UpkeepError } from '../shim/upkeep-error.js';

/** A usage or input problem, worded by the engine: reported with its message, exit code 2. */
const badInput = (/** @type {import('../index.js').UsageProblem} */ problem) => UpkeepError.from(engine.usageRefusal(problem));

/**
 * @typedef {object} ScoreOptions
 * @property {boolean} [diff]
 * @property {string | boolean} [git]
 * @property {boolean} [staged]
 * @property {string} [actions]
 * @property {number} [declared]
 * @property {string} [preset]
 * @property {string[]} writeSet
 * @property {string[]} contracts
 * @property {string[]} ignoreDeletions
 * @property {string} [weights]
 * @property {boolean} [json]
 * @property {string} [failOn]
 */

/**
 * Runs `upkeep score` and resolves to its exit code.
 * @param {ScoreOptions} options
 */
export async function scoreCommand(options) {
  try {
    const assessOptions = {
      actions: options.actions === undefined ? undefined : engine.parseActions(options.actions),
      declared: options.declared,
      preset: options.preset,
      failOn: options.failOn,
      writeSet: options.writeSet,
      contracts: options.contracts,
      ignoreDeletions: options.ignoreDeletions,
      overrides: options.weights === undefined ? undefined : await readWeights(options.weights),
    };
    // The engine checks the declaration and the preset before any diff is read.
    engine.assess([], assessOptions);
    const files = engine.parseNumstatBytes(await readNumstat(options));
    const { report, lines, exit } = engine.assessView(files, assessOptions);
    if (options.json) printLine(JSON.stringify(report, null, 2));
    else printLines(lines);
    return exit;
  } catch (error) {
    const code = /** @type {{ code?: unknown }} */ (error)?.code;
    // The failures score answers itself (bad input); anything else is a bug and is not caught.
    const exit = typeof code === 'string' ? engine.scoreFailureExit(code) : null;
    if (exit === null) throw error;
    const { message } = /** @type {Error} */ (error);
    // --json promises one document on stdout, failures included.
    if (options.json) printLine(JSON.stringify(engine.failureDocument({ command: 'score', code, message }), null, 2));
    printError(message);
    return exit;
  }
}

/** numstat bytes from standard input (`--diff`) or from `git diff --numstat -z -M`. */
async function readNumstat(/** @type {ScoreOptions} */ options) {
  const fromGit = options.git !== undefined || options.staged;
  if (options.diff && fromGit) throw badInput({ kind: 'score-source-both' });
  if (options.diff) {
    /** @type {Buffer[]} */
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
  if (!fromGit) throw badInput({ kind: 'score-source-missing' });
  // Outside a repository `git diff` silently turns into `git diff --no-index`: ask first.
  git(['rev-parse', '--git-dir']);
  return git(
    engine.scoreDiffArgs({ kind: 'git', range: typeof options.git === 'string' ? options.git : null, staged: Boolean(options.staged) }),
  );
}

/** Runs git with a fixed locale and no prompts; its output as bytes, its failure as bad input. */
function git(/** @type {string[]} */ args) {
  let result;
  try {
    result = gitRun(process.cwd(), args);
  } catch (error) {
    throw badInput({ kind: 'tool-did-not-run', tool: 'git', error: /** @type {Error} */ (error).message });
  }
  if (result.status !== 0)
    throw badInput({ kind: 'score-git-failed', command: args.join(' '), stderr: result.stderr, status: result.status });
  return result.stdout;
}

/** The overrides of a `--weights` file: a JSON object of action names to numbers. */
async function readWeights(/** @type {string} */ path) {
  const what = engine.inputName({ kind: 'weights-file' });
  let text;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw badInput({ kind: 'file-failed', action: 'read', what, path, error: fsReason(error) });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badInput({ kind: 'not-json', what, path, error: /** @type {Error} */ (error).message });
  }
}
