// Generated from the engine by scripts/gen-score-constants.mjs: do not edit by hand.
// tests/js/score.test.js checks it against every engine implementation.

/** The weight of each action a change may declare. */
export const WEIGHTS = Object.freeze({
  "format": 0.1,
  "imports": 0.1,
  "rename": 0.2,
  "logic": 0.4,
  "new-file": 0.4,
  "api": 0.8,
  "delete": 0.8,
  "architecture": 0.9,
});

/** Each preset's [silent ceiling, soft ceiling]; above the second is blocking. */
export const PRESETS = Object.freeze({
  "prudent": Object.freeze([0.1,0.3]),
  "balanced": Object.freeze([0.2,0.6]),
  "aggressive": Object.freeze([0.4,0.8]),
});

/** The preset used when none is named. */
export const DEFAULT_PRESET = "balanced";

/** More deleted lines than this in one diff count as a code deletion. */
export const DELETION_LINES = 20;
