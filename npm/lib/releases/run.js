// Runs git and npm as the user has them installed: their own configuration decides
// registries, credentials and proxies; upkeep only asks and reports what they said.
import { spawn } from 'node:child_process';
import process from 'node:process';
import { engine } from '../engine.js';
import { UpkeepError } from '../shim/upkeep-error.js';

/**
 * @typedef {object} RunResult
 * @property {number | null} status
 * @property {Buffer} stdout
 * @property {string} stderr
 * @property {string} command the command as a person would type it, for messages
 */

/**
 * Runs `file args`; resolves with its exit status and output (never rejects on a non-zero
 * exit). A missing program rejects with `code: 'ENOENT'`.
 * @param {string} file @param {string[]} args
 * @param {{ cwd?: string, env?: Record<string, string | undefined>, onStdout?: (stream: import('node:stream').Readable) => Promise<unknown> }} [options]
 *   `onStdout` consumes stdout as a stream instead of collecting it (git archive into tar)
 * @returns {Promise<RunResult>}
 */
export function run(file, args, { cwd, env, onStdout } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const out = [];
    /** @type {Buffer[]} */
    const err = [];
    let consumed = Promise.resolve(/** @type {unknown} */ (undefined));
    if (onStdout) {
      consumed = onStdout(child.stdout);
      // Settled at `close`; until then a failure must not count as unhandled (Node exits).
      consumed.catch(() => {});
    } else child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      consumed.then(
        () =>
          resolve({ status, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8'), command: [file, ...args].join(' ') }),
        reject,
      );
    });
  });
}

/**
 * The engine's refusal of a release that could not be fetched or read, as an error.
 * @param {import('../index.js').FetchProblem} problem
 */
export function fetchError(problem) {
  return UpkeepError.from(engine.fetchRefusal(problem));
}
