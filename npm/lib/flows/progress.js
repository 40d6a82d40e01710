// The flows' side of progress and stopping: `request.onProgress?.({ phase, done, total,
// path })` events counted per phase, and a way for a long synchronous loop to let the
// event loop turn (so a SIGINT handler runs and a progress bar redraws) without paying
// for it on every item.

/**
 * @typedef {object} ProgressEvent
 * @property {'fetch' | 'read' | 'plan' | 'backup' | 'write' | 'regenerate'} phase
 * @property {number} done items of the phase finished
 * @property {number} total items the phase has
 * @property {string} [path] the item just finished (a path, a release, a region)
 */

/**
 * Counts one phase's items and reports each one finished.
 * @param {((event: ProgressEvent) => void) | undefined} onProgress
 * @param {ProgressEvent['phase']} phase
 * @param {number} total
 */
export function counter(onProgress, phase, total) {
  let done = 0;
  onProgress?.({ phase, done, total });
  return {
    /** One more item finished. */
    step(/** @type {string | undefined} */ path) {
      done += 1;
      onProgress?.({ phase, done, total, path });
    },
  };
}

/** How long synchronous work may hold the event loop before it lets it turn. */
const TURN_MS = 25;

/**
 * A function to await between two items of a long loop: it lets the event loop turn
 * (signal handlers, timers) at most every few milliseconds, and costs nothing otherwise.
 */
export function yielder() {
  let last = Date.now();
  return async () => {
    const now = Date.now();
    if (now - last < TURN_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    last = Date.now();
  };
}
