// The one way every command stops: SIGINT (Ctrl-C) and SIGTERM become a stop request the
// flow polls at its next safe point (after the file being written is whole and
// journalled), an AbortSignal for what can be cancelled outright (a prompt), and the exit
// code 130 or 143. A second signal during the wind-down changes nothing.
import process from 'node:process';
import { printWarning } from './output.js';

/** Exit codes of a run stopped by a signal: 128 + the signal's number, as shells report it. */
export const SIGNAL_EXIT = Object.freeze({ SIGINT: 130, SIGTERM: 143 });

export class StopSignals {
  constructor() {
    /** @type {'SIGINT' | 'SIGTERM' | null} the first signal received */
    this.signal = null;
    this.controller = new AbortController();
    /** @type {Array<[NodeJS.Signals, () => void]>} */
    this.handlers = [];
    for (const name of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
      const handler = () => this.receive(name);
      process.on(name, handler);
      this.handlers.push([name, handler]);
    }
  }

  /** @param {'SIGINT' | 'SIGTERM'} name */
  receive(name) {
    if (this.signal) return;
    this.signal = name;
    if (process.stderr.isTTY) printWarning('stopping at the next safe point (every file stays whole)…');
    this.controller.abort(new Error(`stopped by ${name}`));
  }

  /** Whether a stop was asked for: what flows poll as `request.stopRequested`. */
  requested = () => this.signal !== null;

  /** Aborted on the first signal: for prompts and anything else that can be cancelled outright. */
  get abortSignal() {
    return this.controller.signal;
  }

  /** The exit code for the stop: 130 (SIGINT), 143 (SIGTERM). */
  exitCode() {
    return SIGNAL_EXIT[this.signal ?? 'SIGINT'];
  }

  /** Puts the default handlers back (the process ends on a signal again). */
  dispose() {
    for (const [name, handler] of this.handlers) process.off(name, handler);
    this.handlers = [];
  }
}

/**
 * Runs `work` with the signals turned into a stop request, and puts them back after.
 * @template T @param {(stop: StopSignals) => Promise<T>} work @returns {Promise<T>}
 */
export async function withStopSignals(work) {
  const stop = new StopSignals();
  try {
    return await work(stop);
  } finally {
    stop.dispose();
  }
}
