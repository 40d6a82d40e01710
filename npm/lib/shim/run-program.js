// Runs a program the way a region's regeneration runs: `argv[0] argv[1..]` in a folder,
// with no shell, its output collected, under a time ceiling and an output ceiling, and
// confined (shim/sandbox.js): in its own process group always, and where the machine
// allows it in mount and PID namespaces with only the region's folders writable. When it
// exits or hits a ceiling, everything it started dies with it: the whole group, and any
// process still holding its output pipes (one that left the group), so the time ceiling
// holds even against a detached child keeping stdout open. It reports what happened as
// facts (exit status, signal, start error, which ceiling it enforced, whether it left
// processes running); what they mean is the engine's call.
import { spawn } from 'node:child_process';
import {
  accessSync,
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';

/** The ceilings of a regeneration, the engine's (`regionLimits`: 5 minutes, 32 MiB of stdout and stderr together). */
export const DEFAULT_LIMITS = Object.freeze(/** @type {import('../index.js').RegionLimits} */ (engine.regionLimits()));

/** How often the output's size is checked against its ceiling. */
const POLL_MS = 25;

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
 * @property {'timeout' | 'output-ceiling' | null} ceiling the ceiling this runner enforced by killing it (the
 *   engine reads it as the cause only when a signal ended the program)
 * @property {boolean} stragglers processes it started, or that held its output, were still running when it exited
 *   (killed); the engine does not count them when a ceiling was enforced
 * @property {string} stdout
 * @property {string} stderr
 */

/** How many times, at most, the processes still holding a program's output are looked for and killed, and the pause between two looks. */
const HOLDER_PASSES = 10;
const HOLDER_PAUSE_MS = 20;

/** Kills process group `pgid`; whether anything was still in it. */
function killGroup(/** @type {number} */ pgid) {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {}
  return true;
}

/**
 * Kills every process that still has one of `files` open (found in /proc: a process
 * that left the group keeps the program's output open); whether there was one.
 * @param {string[]} files
 */
function killHolders(files) {
  let pids;
  try {
    pids = readdirSync('/proc').filter((n) => /^\d+$/.test(n) && Number(n) !== process.pid);
  } catch {
    return false;
  }
  let found = false;
  for (const pid of pids) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        return files.includes(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
    if (!holds) continue;
    found = true;
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {}
  }
  return found;
}

/** The first `max` bytes of `path`, as text. */
function readCapped(/** @type {string} */ path, /** @type {number} */ max) {
  const bytes = readFileSync(path);
  return bytes.subarray(0, max).toString('utf8');
}

/**
 * Runs `argv` in `cwd` (no shell; its own process group). Never rejects: every outcome
 * is a result. `wrap` turns the argv into the confined command line (shim/sandbox.js).
 * Its output goes to files, not pipes, so a process it leaves behind can never keep the
 * run waiting, and one still holding them is found and killed.
 * @param {string[]} argv
 * @param {string} cwd
 * @param {{ timeoutMs: number, maxOutputBytes: number }} limits
 * @param {{ wrap?: (argv: string[]) => string[] }} [options]
 * @returns {Promise<ProgramResult>}
 */
export function runProgram(argv, cwd, limits, { wrap = (a) => a } = {}) {
  // A program that cannot start says so as itself, not as its confinement's exit status.
  const missing = cannotStart(argv[0], cwd);
  if (missing)
    return Promise.resolve({
      status: null,
      signal: null,
      spawnError: `spawn ${argv[0]} ${missing}`,
      ceiling: null,
      stragglers: false,
      stdout: '',
      stderr: '',
    });
  const dir = mkdtempSync(join(tmpdir(), 'upkeep-run-'));
  const files = [join(dir, 'stdout'), join(dir, 'stderr')];
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  return new Promise((resolve) => {
    /** @type {'timeout' | 'output-ceiling' | null} */
    let ceiling = null;
    /** @type {import('node:child_process').ChildProcess} */
    let child;
    const command = wrap(argv);
    const fds = files.map((f) => openSync(f, 'w', 0o600));
    try {
      child = spawn(command[0], command.slice(1), { cwd, shell: false, detached: true, stdio: ['ignore', fds[0], fds[1]] });
    } catch (error) {
      fds.forEach((fd) => closeSync(fd));
      cleanup();
      resolve({
        status: null,
        signal: null,
        spawnError: String(/** @type {Error} */ (error).message),
        ceiling: null,
        stragglers: false,
        stdout: '',
        stderr: '',
      });
      return;
    } finally {
      for (const fd of fds) {
        try {
          closeSync(fd);
        } catch {}
      }
    }
    const kill = (/** @type {'timeout' | 'output-ceiling'} */ why) => {
      if (ceiling) return;
      ceiling = why;
      if (child.pid !== undefined) killGroup(child.pid);
    };
    const timer = setTimeout(() => kill('timeout'), limits.timeoutMs);
    const poll = setInterval(() => {
      const size = files.reduce((n, f) => n + (statOrNull(f)?.size ?? 0), 0);
      if (size > limits.maxOutputBytes) kill('output-ceiling');
    }, POLL_MS);
    let settled = false;
    child.on('error', (error) => {
      // Never started (ENOENT, EACCES): no pid, no exit.
      if (child.pid !== undefined || settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      cleanup();
      resolve({ status: null, signal: null, spawnError: error.message, ceiling: null, stragglers: false, stdout: '', stderr: '' });
    });
    child.on('exit', (status, signal) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      // Whatever it started dies with it: its group, then anything still holding its output —
      // looked for again until a pass finds none (a process between fork, setsid and exec
      // can be missed by one look at /proc).
      const stragglers = child.pid !== undefined && killGroup(/** @type {number} */ (child.pid));
      const finish = (/** @type {boolean} */ found) => {
        const [stdout, stderr] = files.map((f) => readCapped(f, limits.maxOutputBytes));
        cleanup();
        resolve({ status, signal, spawnError: null, ceiling, stragglers: found, stdout, stderr });
      };
      const sweep = (/** @type {boolean} */ found, /** @type {number} */ passes) => {
        const more = killHolders(files) || (child.pid !== undefined && killGroup(/** @type {number} */ (child.pid)));
        if (!more || passes >= HOLDER_PASSES) finish(found || more);
        else setTimeout(() => sweep(true, passes + 1), HOLDER_PAUSE_MS);
      };
      sweep(stragglers, 1);
    });
  });
}

/** Why `command` (a name on PATH, or a path from `cwd`) cannot be executed (ENOENT, EACCES), or null. */
function cannotStart(/** @type {string} */ command, /** @type {string} */ cwd) {
  const candidates = command.includes('/')
    ? [resolve(cwd, command)]
    : (process.env.PATH ?? '')
        .split(delimiter)
        .filter(Boolean)
        .map((d) => join(d, command));
  let denied = false;
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      if (statSync(path).isFile()) return null;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EACCES') denied = true;
    }
  }
  return denied ? 'EACCES' : 'ENOENT';
}

function statOrNull(/** @type {string} */ path) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
