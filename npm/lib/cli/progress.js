// Progress on a terminal: the flows report `{ phase, done, total, path }` events; this
// draws them on stderr as a bar with counts and an ETA (cli-progress), one bar per phase,
// only once the run has lasted about a second, and only where a person watches
// (canShowProgress). It always remembers the last event and the last `write` event, so a
// stopped run can say how far it got (the engine's renderStopped chooses which to tell).
import process from 'node:process';
import cliProgress from 'cli-progress';
import { PROGRESS_PHASES } from '../generated/defaults.js';
import { colors } from './terminal.js';

/** What each phase is called on the bar (the engine's). */
const PHASES = Object.freeze(PROGRESS_PHASES);

/** How long a run goes before its bar appears (UPKEEP_PROGRESS_AFTER_MS overrides it, for tests). */
function delayMs() {
  const given = Number(process.env.UPKEEP_PROGRESS_AFTER_MS);
  return Number.isFinite(given) && given >= 0 ? given : 1000;
}

/**
 * @typedef {{ phase: keyof typeof PHASES, done: number, total: number, path?: string }} ProgressEvent
 */

export class Progress {
  /** @param {{ enabled: boolean }} options */
  constructor({ enabled }) {
    this.enabled = enabled;
    this.startedAt = Date.now();
    this.after = delayMs();
    /** @type {ProgressEvent | null} */
    this.last = null;
    /** @type {ProgressEvent | null} */
    this.lastWrite = null;
    /** @type {cliProgress.SingleBar | null} */
    this.bar = null;
    /** @type {string | null} */
    this.barPhase = null;
    /** @type {Map<string, { at: number, done: number }>} where each phase's count started, for its ETA */
    this.phaseStart = new Map();
  }

  /** The flows' `request.onProgress`. */
  onProgress = (/** @type {ProgressEvent} */ event) => {
    this.last = event;
    if (event.phase === 'write') this.lastWrite = event;
    if (!this.enabled || Date.now() - this.startedAt < this.after) return;
    const payload = { phase: PHASES[event.phase] ?? event.phase, path: event.path ?? '', remaining: this.eta(event) };
    if (this.bar && this.barPhase !== event.phase) this.close();
    if (!this.bar) {
      const c = colors.stderr;
      this.bar = new cliProgress.SingleBar({
        stream: process.stderr,
        format: `${c.cyan('{phase}')} {bar} {value}/{total} {percentage}% ETA {remaining} ${c.dim('{path}')}`,
        barCompleteChar: '█',
        barIncompleteChar: '░',
        barsize: 24,
        hideCursor: true,
        clearOnComplete: true,
        gracefulExit: false,
        linewrap: false,
        fps: 10,
      });
      this.barPhase = event.phase;
      this.bar.start(Math.max(event.total, 1), event.done, payload);
      return;
    }
    this.bar.setTotal(Math.max(event.total, 1));
    this.bar.update(event.done, payload);
  };

  /**
   * The time left in `event`'s phase at the rate it has gone since its first event; `…`
   * until that rate is known. (A phase that alternates with another, as backing up and
   * writing do batch by batch, gets a new bar each time, so cli-progress's own ETA, which
   * starts over with each bar, would read 0s.)
   * @param {ProgressEvent} event
   */
  eta(event) {
    const now = Date.now();
    const start = this.phaseStart.get(event.phase);
    if (!start) {
      this.phaseStart.set(event.phase, { at: now, done: event.done });
      return '…';
    }
    const done = event.done - start.done;
    const elapsed = now - start.at;
    if (done <= 0 || elapsed < 500) return '…';
    const seconds = Math.ceil(((event.total - event.done) * elapsed) / done / 1000);
    return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
  }

  /** Removes the bar (the summary prints below, on a clean line). */
  close() {
    this.bar?.stop();
    this.bar = null;
    this.barPhase = null;
  }
}
