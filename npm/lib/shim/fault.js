// Test-only fault injection for every flow (refresh, update): UPKEEP_FAULT_KILL_AT=<n>
// makes the process SIGKILL itself at its n-th mutating step, so tests can stop a run
// between any two writes; UPKEEP_FAULT_SIGNAL_AT=<phase>:<done>[:<signal>] signals it at a
// progress event; UPKEEP_FAULT_PAUSE_AT=<label> holds it at a named point until the test
// lets it go, so a race can be staged exactly there. Unset, this only counts.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import process from 'node:process';

const killAt = Number(process.env.UPKEEP_FAULT_KILL_AT ?? 0);
const interruptAt = Number(process.env.UPKEEP_FAULT_SIGINT_AT ?? 0);
let steps = 0;

/**
 * Marks one mutating step (a temp file synced, a rename, a journal line, ...).
 * UPKEEP_FAULT_SIGINT_AT=<n> sends this process SIGINT at its n-th step instead, as a
 * person pressing Ctrl-C there would.
 */
export function step(/** @type {string} */ _label) {
  steps += 1;
  if (killAt > 0 && steps === killAt) process.kill(process.pid, 'SIGKILL');
  if (interruptAt > 0 && steps === interruptAt) process.kill(process.pid, 'SIGINT');
}

const tearAt = Number(process.env.UPKEEP_FAULT_TEAR_JOURNAL_AT ?? 0);
let journalWrites = 0;

/**
 * Marks one write of journal lines; UPKEEP_FAULT_TEAR_JOURNAL_AT=<n> answers how many of
 * its bytes the n-th writes before the process SIGKILLs itself (half of them), as a kill
 * arriving mid-`write` leaves a short write; undefined: write them all.
 */
export function journalWrite(/** @type {number} */ bytes) {
  journalWrites += 1;
  return tearAt > 0 && journalWrites === tearAt ? Math.floor(bytes / 2) : undefined;
}

const enospcAt = Number(process.env.UPKEEP_FAULT_ENOSPC_AT ?? 0);
let dataWrites = 0;

/**
 * Marks the write of one file's bytes; UPKEEP_FAULT_ENOSPC_AT=<n> makes the n-th fail as a
 * full disk would, so tests can check what a failed write leaves.
 */
export function dataWrite(/** @type {string} */ path) {
  dataWrites += 1;
  if (enospcAt > 0 && dataWrites === enospcAt) {
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), { code: 'ENOSPC', syscall: 'write', path });
  }
}

/** How many mutating steps this process took (for tests that enumerate kill points). */
export const stepCount = () => steps;

const [signalPhase, signalDone, signalName = 'SIGINT'] = (process.env.UPKEEP_FAULT_SIGNAL_AT ?? '').split(':');
let signalled = false;
let signalPending = false;

/**
 * Marks one progress event; UPKEEP_FAULT_SIGNAL_AT=<phase>:<done>[:<signal>] makes the
 * process send itself that signal (SIGINT by default) once, at the event of that phase
 * with that count — a person pressing Ctrl-C (or a supervisor's SIGTERM) during that
 * phase, for tests that stop every command in every phase.
 * @param {{ phase: string, done: number }} event
 */
export function progressEvent(event) {
  if (signalled || !signalPhase || event.phase !== signalPhase || String(event.done) !== signalDone) return;
  signalled = true;
  signalPending = true;
  process.kill(process.pid, /** @type {NodeJS.Signals} */ (signalName));
}

/**
 * Whether a signal this injector sent has not yet been let in: the flows' yielder turns
 * the event loop at once then, so a test's stop lands at the next safe point on a fast,
 * idle machine as on a loaded one, instead of after the next 25 ms.
 */
export function takeInjectedSignal() {
  const pending = signalPending;
  signalPending = false;
  return pending;
}

const pauseAt = process.env.UPKEEP_FAULT_PAUSE_AT;
const pauseFifo = process.env.UPKEEP_FAULT_PAUSE_FIFO;

/**
 * A named point where a test may hold the run (UPKEEP_FAULT_PAUSE_AT=<label> with
 * UPKEEP_FAULT_PAUSE_FIFO=<fifo>): the first time the run reaches it, the process writes
 * `detail` (what it is about to do) to `<fifo>.reached`, then blocks reading the FIFO until
 * the test writes to it. Not a mutating step: it is not counted.
 */
let paused = false;
export function pausePoint(/** @type {string} */ label, /** @type {string} */ detail = '') {
  if (pauseAt !== label || !pauseFifo || paused) return;
  paused = true;
  // Whole before it is seen: written aside, then renamed.
  writeFileSync(`${pauseFifo}.detail`, detail);
  renameSync(`${pauseFifo}.detail`, `${pauseFifo}.reached`);
  readFileSync(pauseFifo);
}
