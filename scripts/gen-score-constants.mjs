// Writes npm/lib/score-constants.js from the engine's scoreConstants(), so WEIGHTS, PRESETS,
// DEFAULT_PRESET and DELETION_LINES come from upkeep-core yet are usable before the browser
// build's init(). The file is committed; tests/js/score.test.js fails when it drifts from
// any engine. Regenerate after `make build-native`: node scripts/gen-score-constants.mjs
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

/**
 * The module text for the engine's constants.
 * @param {{ weights: Record<string, number>, presets: Record<string, number[]>, defaultPreset: string, deletionLines: number }} constants
 */
export function render({ weights, presets, defaultPreset, deletionLines }) {
  const entries = (/** @type {Record<string, unknown>} */ o, /** @type {(v: any) => string} */ show) =>
    Object.entries(o)
      .map(([k, v]) => `  ${JSON.stringify(k)}: ${show(v)},`)
      .join('\n');
  return `// Generated from the engine by scripts/gen-score-constants.mjs: do not edit by hand.
// tests/js/score.test.js checks it against every engine implementation.

/** The weight of each action a change may declare. */
export const WEIGHTS = Object.freeze({
${entries(weights, JSON.stringify)}
});

/** Each preset's [silent ceiling, soft ceiling]; above the second is blocking. */
export const PRESETS = Object.freeze({
${entries(presets, (t) => `Object.freeze(${JSON.stringify(t)})`)}
});

/** The preset used when none is named. */
export const DEFAULT_PRESET = ${JSON.stringify(defaultPreset)};

/** More deleted lines than this in one diff count as a code deletion. */
export const DELETION_LINES = ${deletionLines};
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { loadImplementation } = await import('../npm/lib/engine-node.js');
  writeFileSync(new URL('../npm/lib/score-constants.js', import.meta.url), render(loadImplementation('native').scoreConstants()));
}
