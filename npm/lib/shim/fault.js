// Test-only fault injection for every flow (refresh, update): UPKEEP_FAULT_KILL_AT=<n>
// makes the process SIGKILL itself at its n-th mutating step, so tests can stop a run
// between any two writes. Unset, this only counts.
import process from 'node:process';

const killAt = Number(process.env.UPKEEP_FAULT_KILL_AT ?? 0);
let steps = 0;

/** Marks one mutating step (a temp file synced, a rename, a journal line, ...). */
export function step(/** @type {string} */ _label) {
  steps += 1;
  if (killAt > 0 && steps === killAt) process.kill(process.pid, 'SIGKILL');
}

/** How many mutating steps this process took (for tests that enumerate kill points). */
export const stepCount = () => steps;
