// The flows' side of progress and stopping: `request.onProgress?.({ phase, done, total,
// path })` events counted per phase, and a way for a long synchronous loop to let the
// event loop turn (so a SIGINT handler runs and a progress bar redraws) without paying
// for it on every item. A stop before anything was written ends a flow with the engine's
// words for it.
import { engine } from '../engine.js';
import { progressEvent, takeInjectedSignal } from '../shim/fault.js';
import { UpkeepError } from '../shim/upkeep-error.js';

/**
 * @typedef {object} ProgressEvent
 * @property {'fetch' | 'read' | 'plan' | 'backup' | 'write' | 'regenerate'} phase
 * @property {number} done items of the phase finished
 * @property {number} total items the phase has
 * @property {string} [path] the item just finished (a path, a release, a region)
 */

/**
 * Reports one event (and marks it for the test-only fault hooks).
 * @param {((event: ProgressEvent) => void) | undefined} onProgress @param {ProgressEvent} event
 */
export function emit(onProgress, event) {
  progressEvent(event);
  onProgress?.(event);
}

/**
 * Counts one phase's items and reports each one finished.
 * @param {((event: ProgressEvent) => void) | undefined} onProgress
 * @param {ProgressEvent['phase']} phase
 * @param {number} total
 */
export function counter(onProgress, phase, total) {
  let done = 0;
  emit(onProgress, { phase, done, total });
  return {
    /** One more item finished. */
    step(/** @type {string | undefined} */ path) {
      done += 1;
      emit(onProgress, { phase, done, total, path });
    },
  };
}

/**
 * Lets the event loop turn far enough for a signal that arrived meanwhile to reach its
 * handler: a signal is read in the loop's poll phase, and one `setImmediate` can resolve
 * before the next poll; two always pass through one.
 */
export async function letSignalsIn() {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}

/** How long (or for how many items) synchronous work may hold the event loop before it lets it turn. */
const TURN_MS = 25;
const TURN_ITEMS = 16;

/**
 * A function to await between two items of a long loop: it lets the event loop turn
 * (signal handlers, timers) every few milliseconds or items, and costs nothing otherwise.
 */
export function yielder() {
  let last = Date.now();
  let items = 0;
  return async () => {
    items += 1;
    if (!takeInjectedSignal() && items < TURN_ITEMS && Date.now() - last < TURN_MS) return;
    await letSignalsIn();
    last = Date.now();
    items = 0;
  };
}

/**
 * The error a command that stopped before writing anything throws (`interrupted`): the
 * engine's words for where it was.
 * @param {string} command @param {import('../index.js').StopPoint} point
 */
export function stoppedUnwritten(command, point) {
  return UpkeepError.from(engine.stoppedUnwritten(command, point));
}
