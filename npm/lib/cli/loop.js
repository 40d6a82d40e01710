// `upkeep loop init|next|score|record|decide`: the loop engine's command line. It reads
// LOOP.md (and the brick catalogue `init` stored in the git dir), hands the engine the
// input it asks for (a numstat on standard input, `git status --porcelain`), writes LOOP.md
// back atomically, commits a closed unit with its trailers, and prints the engine's
// answer as one JSON document. Every decision is the engine's, which failures are refusals
// (exit 2) and the closing commit's subject included.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { GIT_STATE } from '../generated/defaults.js';
import { loopApi, LOOP_FILE } from '../loop-api.js';
import { atomicWrite } from '../shim/atomic-write.js';
import { writeLoopText } from '../shim/loop-file.js';
import { EXIT } from './exit-codes.js';
import { fsReason, printError, printLine } from './output.js';
import { gitRun } from '../shim/git.js';
import { UpkeepError } from '../shim/upkeep-error.js';

const loop = loopApi(engine);

/** A usage or input problem of this command (exit 2), worded by the engine. */
const badInput = (/** @type {import('../index.js').UsageProblem} */ problem) => UpkeepError.from(engine.usageRefusal(problem));

/** The engine's refusal of a work tree not in a state for the command, as an error. */
function refused(/** @type {import('../index.js').LoopProblem} */ problem) {
  return UpkeepError.from(engine.loopRefusal(problem));
}

/** Runs git in `cwd`; returns stdout, or throws with git's message. */
function git(/** @type {string[]} */ args, /** @type {string} */ cwd, /** @type {string | undefined} */ input = undefined) {
  const run = gitRun(cwd, args, { input });
  if (run.status !== 0) throw badInput({ kind: 'loop-git-failed', command: args[0], stderr: run.stderr, status: run.status });
  return run.stdout.toString('utf8');
}

/** The work tree's root, its LOOP.md and where the catalogue is kept (inside the git dir). */
function paths(/** @type {string} */ cwd) {
  const args = ['rev-parse', '--show-toplevel'];
  const ran = gitRun(cwd, args);
  // Only git's "not a git repository" is no work tree; any other failure is told in git's words.
  /** @type {import('../index.js').GitPlace} */
  const place = engine.gitPlace({ status: ran.status, stdout: ran.stdout.toString('utf8'), stderr: ran.stderr });
  if (place.kind === 'outside') throw refused({ kind: 'not-a-work-tree' });
  if (place.kind === 'failed') throw badInput({ kind: 'loop-git-failed', command: args[0], stderr: ran.stderr, status: ran.status });
  const root = place.answer;
  const bricks = resolve(root, git(['rev-parse', '--git-path', GIT_STATE.loopBricks], root).trim());
  return { root, file: join(root, LOOP_FILE), bricks };
}

/** @param {string} file @param {import('../index.js').InputName} input what the file is, for messages */
function readJson(file, input) {
  const what = engine.inputName(input);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw badInput({ kind: 'file-failed', action: 'read', what, path: file, error: fsReason(error) });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badInput({ kind: 'not-json', what, path: file, error: /** @type {Error} */ (error).message });
  }
}

/** The state in LOOP.md and the brick catalogue. */
function load(/** @type {{ cwd?: string, bricks?: string }} */ options) {
  const where = paths(options.cwd ?? process.cwd());
  if (!existsSync(where.file)) throw refused({ kind: 'no-loop-file', file: LOOP_FILE, root: where.root });
  const state = loop.parseLoopFile(readFileSync(where.file, 'utf8'));
  const bricks = readJson(options.bricks ?? where.bricks, { kind: 'brick-catalogue' });
  return { ...where, state, bricks };
}

/** Reads all of standard input. */
async function stdin() {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Commits everything (LOOP.md included) with the unit's intent and trailers. */
function commit(/** @type {string} */ root, /** @type {any} */ answer) {
  const message = engine.loopCommitMessage(typeof answer.intent === 'string' ? answer.intent : null, answer.iteration, answer.trailers);
  git(['add', '-A'], root);
  git(['commit', '-q', '--allow-empty', '-F', '-'], root, message);
  return git(['rev-parse', 'HEAD'], root).trim();
}

/**
 * Runs one `loop` subcommand and resolves to its exit code.
 * @param {'init' | 'next' | 'score' | 'record' | 'decide'} command
 * @param {string[]} args the positional arguments
 * @param {any} options
 */
export async function loopCommand(command, args, options) {
  try {
    printLine(JSON.stringify(await run(command, args, options), null, 2));
    return EXIT.ok;
  } catch (error) {
    const code = /** @type {{ code?: unknown }} */ (error)?.code;
    /** @type {number | null} */
    const exit = typeof code === 'string' ? engine.loopRefusalExit(code) : null;
    if (exit === null) throw error;
    const message = /** @type {Error} */ (error).message;
    printLine(JSON.stringify(engine.failureDocument({ command: `loop ${command}`, code, message }), null, 2));
    printError(message);
    return exit;
  }
}

/** @param {string} command @param {string[]} args @param {any} options */
async function run(command, args, options) {
  if (command === 'init') {
    const where = paths(process.cwd());
    if (existsSync(where.file)) throw refused({ kind: 'loop-exists', file: where.file });
    const graph = readJson(options.graph, { kind: 'loop-graph' });
    const bricks = readJson(options.bricks, { kind: 'brick-catalogue' });
    loop.validateLoopGraph(graph, bricks);
    const state = loop.initState({
      title: options.title,
      requirement: options.requirement,
      graph,
      preset: options.preset,
      contracts: options.contracts,
    });
    mkdirSync(dirname(where.bricks), { recursive: true });
    atomicWrite(where.bricks, Buffer.from(`${JSON.stringify(bricks, null, 2)}\n`));
    writeLoopText(where.file, loop.renderLoopFile(state));
    return { file: where.file, state };
  }
  const { root, file, state, bricks } = load(options);
  if (command === 'next') return loop.nextStep(state, bricks);
  let answer;
  if (command === 'score') {
    if (Boolean(options.declared) === Boolean(options.diff)) throw badInput({ kind: 'loop-score-which' });
    if (options.declared) {
      const actions = options.actions === undefined ? undefined : engine.parseActions(options.actions);
      answer = loop.scoreDeclared(state, {
        actions,
        writeSet: options.writeSet?.length ? options.writeSet : undefined,
        intent: options.intent,
      });
    } else {
      answer = loop.scoreDiff(state, engine.parseNumstatBytes(await stdin()));
    }
  } else if (command === 'record') {
    const porcelain = git(['status', '--porcelain'], root);
    const card = options.card === undefined ? undefined : readJson(options.card, { kind: 'loop-card' });
    answer = loop.recordOutcome(state, bricks, args[0], { porcelain, card, note: options.note });
  } else {
    // A left-out --note is the engine's default (an empty note).
    answer = loop.decideAwaiting(state, bricks, args[0], options.note);
  }
  writeLoopText(file, loop.renderLoopFile(state));
  if (answer && answer.commit === true) return { ...answer, sha: commit(root, answer) };
  return answer;
}
