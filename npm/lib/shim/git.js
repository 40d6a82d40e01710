// Runs git as a process: C locale, no prompts, literal pathspecs, output read as bytes
// (callers ask for -z and split on NUL, so no path is ever unquoted by guesswork).
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { engine } from '../engine.js';
import { UpkeepError } from './upkeep-error.js';

/**
 * A git command that failed: `code` is `git`, the message git's last line; `stderr` is all
 * git said and `status` its exit.
 * @param {string[]} args @param {{ status: number | null, stderr: string }} result
 */
export function gitError(args, result) {
  const refusal = engine.inputRefusal({ kind: 'git-failed', command: args[0], stderr: result.stderr, status: result.status });
  return Object.assign(UpkeepError.from(refusal), { stderr: result.stderr, status: result.status });
}

/**
 * The environment every git upkeep runs gets: the C locale, no prompts (ssh fails instead
 * of asking for a password or a host key), and none of the variables a git hook or an
 * outer git command may have set, which would redirect every call to another repository.
 * @returns {Record<string, string | undefined>}
 */
export function gitEnv() {
  /** @type {Record<string, string | undefined>} */
  const env = { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' };
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_PREFIX', 'GIT_COMMON_DIR']) delete env[name];
  if (!env.GIT_SSH_COMMAND && !env.GIT_SSH) env.GIT_SSH_COMMAND = 'ssh -o BatchMode=yes';
  return env;
}

/** Paths given to the shim's git commands are literal: no pathspec magic. */
const env = { ...gitEnv(), GIT_LITERAL_PATHSPECS: '1' };

/**
 * Runs `git args` in `cwd`; resolves nothing, returns `{ status, stdout, stderr }` with
 * stdout as a Buffer. Never throws for a non-zero exit. `extraEnv` adds variables (a
 * commit's author and dates).
 * @param {string} cwd @param {string[]} args
 * @param {{ input?: string | Buffer, extraEnv?: Record<string, string> }} [options]
 */
export function gitRun(cwd, args, { input, extraEnv } = {}) {
  const result = spawnSync('git', args, { cwd, env: extraEnv ? { ...env, ...extraEnv } : env, input, maxBuffer: 1 << 30 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.toString('utf8') };
}

/** Runs git and returns its stdout as bytes; throws gitError(…) on a non-zero exit. */
export function git(
  /** @type {string} */ cwd,
  /** @type {string[]} */ args,
  /** @type {{ input?: string | Buffer, extraEnv?: Record<string, string> }} */ options = {},
) {
  const result = gitRun(cwd, args, options);
  if (result.status !== 0) throw gitError(args, result);
  return result.stdout;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Runs git and returns its stdout as one line of text (trailing newline dropped). */
export function gitLine(/** @type {string} */ cwd, /** @type {string[]} */ args) {
  return utf8.decode(git(cwd, args)).replace(/\n$/, '');
}

/** Whether git exits 0 (`merge-base --is-ancestor`, `rev-parse --verify -q`). */
export function gitOk(/** @type {string} */ cwd, /** @type {string[]} */ args) {
  return gitRun(cwd, args).status === 0;
}

/** Splits NUL-terminated output into strings; a path that is not UTF-8 is an error naming its bytes. */
export function splitZ(/** @type {Buffer} */ bytes) {
  const out = [];
  let start = 0;
  for (let i = bytes.indexOf(0); i !== -1; i = bytes.indexOf(0, start)) {
    const part = bytes.subarray(start, i);
    try {
      out.push(utf8.decode(part));
    } catch {
      throw UpkeepError.from(engine.inputRefusal({ kind: 'git-path-not-utf8', latin1: part.toString('latin1') }));
    }
    start = i + 1;
  }
  return out;
}

/** One line per commit id: `rev-list` output as an array. */
export function revList(/** @type {string} */ cwd, /** @type {string[]} */ args) {
  return gitLine(cwd, ['rev-list', ...args])
    .split('\n')
    .filter(Boolean);
}

/**
 * The paths `git status` lists (staged, unstaged, untracked; renames as delete + add).
 * @param {string} cwd @param {{ untracked?: boolean }} [options]
 */
export function statusPaths(cwd, { untracked = true } = {}) {
  const out = git(cwd, ['status', '--porcelain=v1', '-z', '--no-renames', `--untracked-files=${untracked ? 'all' : 'no'}`]);
  return splitZ(out).map((entry) => entry.slice(3));
}

/** The repository root of `dir`, or a git UpkeepError when it is not in one. */
export function repoRoot(/** @type {string} */ dir) {
  return gitLine(dir, ['rev-parse', '--show-toplevel']);
}
