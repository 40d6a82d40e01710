// A tiny timing harness for the benchmarks: warm up, then take the median of several timed
// rounds, each long enough to swamp timer noise.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

/**
 * Median seconds per call of `fn`, measured in rounds of at least `minRoundMs` each.
 * @param {() => unknown} fn
 * @param {{ rounds?: number, minRoundMs?: number }} [options]
 */
export function timePerCall(fn, { rounds = 7, minRoundMs = 200 } = {}) {
  let calls = 1;
  // Warm up and find how many calls fill one round.
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < calls; i += 1) fn();
    const elapsed = performance.now() - start;
    if (elapsed >= minRoundMs) break;
    calls = Math.max(calls * 2, Math.ceil((calls * minRoundMs) / Math.max(elapsed, 0.01)));
  }
  const samples = [];
  for (let r = 0; r < rounds; r += 1) {
    const start = performance.now();
    for (let i = 0; i < calls; i += 1) fn();
    samples.push((performance.now() - start) / 1000 / calls);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/** Formats a throughput in bytes per second. */
export const rate = (/** @type {number} */ bytesPerSecond) =>
  bytesPerSecond >= 1e9 ? `${(bytesPerSecond / 1e9).toFixed(2)} GB/s` : `${(bytesPerSecond / 1e6).toFixed(0)} MB/s`;

/** Prints a markdown table. */
export function table(/** @type {string[]} */ header, /** @type {string[][]} */ rows) {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

/** `require` resolving from the npm package, where the comparison libraries are devDependencies. */
export const requireDev = createRequire(new URL('../npm/package.json', import.meta.url));

/** The 20 write-set and contract globs the scoring benchmarks match paths against (a typical repository's). */
export const SCORE_PATTERNS = Object.freeze([
  '**/*.js',
  '**/*.ts',
  'src/**',
  'src/**/*.tsx',
  '**/node_modules/**',
  'docs/**/*.md',
  '*.md',
  'package.json',
  '**/package.json',
  '.github/workflows/*.yml',
  '**/*.test.js',
  '**/__tests__/**',
  'packages/*/src/**',
  '**/*.snap',
  'test/**',
  'scripts/*.sh',
  '**/README.md',
  'core/**/*.rs',
  'lib/**/*.d.ts',
  '**/fixtures/**/*.json',
]);
