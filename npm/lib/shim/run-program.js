// Runs a program the way a region's regeneration runs: `argv[0] argv[1..]` in a folder,
// with no shell, its output collected, under a time ceiling and an output ceiling. It
// reports what happened as facts (exit status, signal, start error, which ceiling it
// enforced); what they mean is the engine's call.
import { spawn } from 'node:child_process';
import process from 'node:process';

/** The ceilings of a regeneration: 5 minutes, 32 MiB of output (stdout and stderr together). */
export const DEFAULT_LIMITS = Object.freeze({ timeoutMs: 5 * 60 * 1000, maxOutputBytes: 32 * 1024 * 1024 });

/**
 * The ceilings in force: `overrides` (the flow's request), else the test-only environment
 * variables UPKEEP_TEST_REGEN_TIMEOUT_MS and UPKEEP_TEST_REGEN_MAX_OUTPUT (so end-to-end
 * tests need not wait five minutes), else the defaults.
 * @param {{ timeoutMs?: number, maxOutputBytes?: number }} [overrides]
 */
export function regenLimits(overrides = {}) {
  const env = (/** @type {string} */ name) => {
    const n = Number(process.env[name]);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  return {
    timeoutMs: overrides.timeoutMs ?? env('UPKEEP_TEST_REGEN_TIMEOUT_MS') ?? DEFAULT_LIMITS.timeoutMs,
    maxOutputBytes: overrides.maxOutputBytes ?? env('UPKEEP_TEST_REGEN_MAX_OUTPUT') ?? DEFAULT_LIMITS.maxOutputBytes,
  };
}

/**
 * @typedef {object} ProgramResult
 * @property {number | null} status the exit status, when it exited
 * @property {string | null} signal the signal that ended it, when one did
 * @property {string | null} spawnError why it never started
 * @property {'timeout' | 'output-ceiling' | null} ceiling the ceiling this runner enforced by killing it
 * @property {string} stdout
 * @property {string} stderr
 */

/**
 * Runs `argv` in `cwd` (no shell; its own process group, so a ceiling kills what it
 * started too). Never rejects: every outcome is a result.
 * @param {string[]} argv
 * @param {string} cwd
 * @param {{ timeoutMs: number, maxOutputBytes: number }} limits
 * @returns {Promise<ProgramResult>}
 */
export function runProgram(argv, cwd, limits) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */ const out = [];
    /** @type {Buffer[]} */ const err = [];
    let bytes = 0;
    /** @type {'timeout' | 'output-ceiling' | null} */
    let ceiling = null;
    let settled = false;
    /** @type {import('node:child_process').ChildProcess} */
    let child;
    try {
      child = spawn(argv[0], argv.slice(1), { cwd, shell: false, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      resolve({ status: null, signal: null, spawnError: String(/** @type {Error} */ (error).message), ceiling: null, stdout: '', stderr: '' });
      return;
    }
    const kill = (/** @type {'timeout' | 'output-ceiling'} */ why) => {
      if (ceiling) return;
      ceiling = why;
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => kill('timeout'), limits.timeoutMs);
    const collect = (/** @type {Buffer[]} */ into) => (/** @type {Buffer} */ chunk) => {
      bytes += chunk.length;
      if (bytes > limits.maxOutputBytes) {
        kill('output-ceiling');
        return;
      }
      into.push(chunk);
    };
    child.stdout?.on('data', collect(out));
    child.stderr?.on('data', collect(err));
    const finish = (/** @type {ProgramResult} */ result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    child.on('error', (error) => {
      // Never started (ENOENT, EACCES): no pid, no exit.
      if (child.pid === undefined) {
        finish({ status: null, signal: null, spawnError: error.message, ceiling: null, stdout: '', stderr: '' });
      }
    });
    child.on('close', (status, signal) => {
      finish({
        status: signal ? null : status,
        signal: signal ?? null,
        spawnError: null,
        ceiling: signal ? ceiling : null,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
  });
}
