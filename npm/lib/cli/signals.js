// The one way every command stops: SIGINT (Ctrl-C) and SIGTERM become a stop request the
// flow polls at its next safe point (after the file being written is whole and
// journalled), an AbortSignal for what can be cancelled outright (a prompt), and the
// engine's exit code for the signal (130 or 143). A second signal during the wind-down
// changes nothing.
import process from 'node:process';
import { engine } from '../engine.js';
import { STOPPING_NOTICE } from '../generated/defaults.js';
import { printWarning } from './output.js';

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
    if (process.stderr.isTTY) printWarning(STOPPING_NOTICE);
    this.controller.abort(new Error(`stopped by ${name}`));
  }

  /** Whether a stop was asked for: what flows poll as `request.stopRequested`. */
  requested = () => this.signal !== null;

  /** Aborted on the first signal: for prompts and anything else that can be cancelled outright. */
  get abortSignal() {
    return this.controller.signal;
  }

  /** The exit code for the stop, the engine's for the signal received (130 SIGINT or none, 143 SIGTERM). */
  exitCode() {
    return engine.stopExit(this.signal);
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
