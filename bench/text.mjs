// Text engine: unified diffs and three-way merges, upkeep native and wasm (through the JS
// API, bytes in and out) against jsdiff (`diff` 9), node-diff3, and GNU `diff -u` /
// `git merge-file -p` run as processes, on the same inputs in the same run.
// Run with `make bench` or `node bench/text.mjs`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadImplementation } from '../npm/lib/engine-node.js';
import { requireDev, table, timePerCall } from './harness.mjs';

/** @type {{ createTwoFilesPatch: (a: string, b: string, x: string, y: string, h1?: string, h2?: string, o?: { context?: number }) => string }} */
const jsdiff = requireDev('diff');
/** @type {{ merge: (a: string, o: string, b: string, opts?: { stringSeparator?: string }) => { conflict: boolean, result: string[] } }} */
const diff3 = requireDev('node-diff3');

const native = loadImplementation('native');
const wasm = loadImplementation('wasm');

/** Deterministic pseudo-random numbers, so every run measures the same inputs. */
let state = 0x9e3779b9;
const rand = (/** @type {number} */ n) => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) % n;
};

const BOILERPLATE = ['}', '', '  return result;', '{', '  // ---', 'export default {'];
/** A source-like file of `n` lines; `salt` makes two files unrelated but for boilerplate. */
const source = (/** @type {number} */ n, /** @type {string} */ salt) =>
  Array.from({ length: n }, (_, i) =>
    i % 4 === 3 ? BOILERPLATE[rand(BOILERPLATE.length)] : `  const ${salt}${i} = compute(${rand(1000)}, "${salt}-${rand(1e6)}");`,
  );

/** `lines` with `count` random edits: replace, insert or delete one to three lines. */
function edited(/** @type {string[]} */ lines, /** @type {number} */ count) {
  const out = [...lines];
  for (let k = 0; k < count; k++) {
    const at = rand(out.length);
    const span = 1 + rand(3);
    const fresh = Array.from({ length: span }, () => `  edited(${rand(1e6)});`);
    const op = rand(3);
    if (op === 0) out.splice(at, span, ...fresh);
    else if (op === 1) out.splice(at, 0, ...fresh);
    else out.splice(at, span);
  }
  return out;
}

const text = (/** @type {string[]} */ lines) => `${lines.join('\n')}\n`;
const dir = mkdtempSync(join(tmpdir(), 'upkeep-bench-text-'));
const put = (/** @type {string} */ name, /** @type {string} */ content) => {
  writeFileSync(join(dir, name), content);
  return join(dir, name);
};
const ms = (/** @type {number} */ seconds) => (seconds >= 0.1 ? `${(seconds * 1000).toFixed(0)} ms` : `${(seconds * 1000).toFixed(2)} ms`);
const enc = new TextEncoder();

// ---- Unified diffs ----
const base5k = source(5000, 'a');
const base50k = source(50000, 'b');
const diffInputs = [
  { name: '5,000 lines, 50 edits', old: text(base5k), new: text(edited(base5k, 50)) },
  { name: '50,000 lines, 500 edits', old: text(base50k), new: text(edited(base50k, 500)) },
  { name: 'unrelated 5,000-line files sharing boilerplate', old: text(source(5000, 'x')), new: text(source(5000, 'y')) },
];

const diffRows = [];
for (const input of diffInputs) {
  const [oldBytes, newBytes] = [enc.encode(input.old), enc.encode(input.new)];
  const [oldFile, newFile] = [put('old', input.old), put('new', input.new)];
  const fromNative = native.unifiedDiff(oldBytes, newBytes);
  assert.deepEqual(wasm.unifiedDiff(oldBytes, newBytes), fromNative, `wasm and native disagree on ${input.name}`);
  const slow = input.name.startsWith('unrelated');
  /** @type {Record<string, () => unknown>} */
  const contenders = {
    'upkeep native': () => native.unifiedDiff(oldBytes, newBytes),
    'upkeep wasm': () => wasm.unifiedDiff(oldBytes, newBytes),
    'jsdiff 9': () => jsdiff.createTwoFilesPatch('old', 'new', input.old, input.new, undefined, undefined, { context: 3 }),
    'GNU diff -u (process)': () => spawnSync('diff', ['-u', '-L', 'old', '-L', 'new', oldFile, newFile]),
  };
  const seconds = Object.fromEntries(
    Object.entries(contenders).map(([who, fn]) => [
      who,
      timePerCall(fn, who === 'jsdiff 9' && slow ? { rounds: 3, minRoundMs: 1 } : { rounds: 7, minRoundMs: 200 }),
    ]),
  );
  diffRows.push([
    input.name,
    ...Object.values(seconds).map(ms),
    `${(seconds['jsdiff 9'] / seconds['upkeep native']).toFixed(1)}×`,
    `${(seconds['jsdiff 9'] / seconds['upkeep wasm']).toFixed(1)}×`,
  ]);
}

// ---- Three-way merges ----
const mergeBase = source(5000, 'm');
/** Edits to the even or odd 100-line blocks only, so the two sides never touch. */
function blockEdits(/** @type {string[]} */ lines, /** @type {number} */ parity, /** @type {string} */ tag) {
  return lines.map((line, i) => (Math.floor(i / 100) % 2 === parity && i % 100 === 50 ? `  ${tag}(${i});` : line));
}
const mergeInputs = [
  {
    name: '5,000 lines, 25 + 25 non-overlapping edits',
    ours: blockEdits(mergeBase, 0, 'ours'),
    theirs: blockEdits(mergeBase, 1, 'theirs'),
  },
  {
    name: '5,000 lines, 50 + 50 edits, 25 overlapping',
    ours: blockEdits(blockEdits(mergeBase, 0, 'ours'), 1, 'both'),
    theirs: blockEdits(mergeBase, 1, 'theirs'),
  },
];
const mergeRows = [];
for (const input of mergeInputs) {
  const [ours, base, theirs] = [text(input.ours), text(mergeBase), text(input.theirs)];
  const bytes = [ours, base, theirs].map((s) => enc.encode(s));
  const files = [put('ours', ours), put('base', base), put('theirs', theirs)];
  const fromNative = native.merge(bytes[0], bytes[1], bytes[2]);
  assert.deepEqual(wasm.merge(bytes[0], bytes[1], bytes[2]), fromNative, `wasm and native disagree on ${input.name}`);
  const git = spawnSync('git', ['merge-file', '-p', ...files]);
  assert.equal(fromNative.conflicts, git.status, `conflict count differs from git merge-file on ${input.name}`);
  /** @type {Record<string, () => unknown>} */
  const contenders = {
    'upkeep native': () => native.merge(bytes[0], bytes[1], bytes[2]),
    'upkeep wasm': () => wasm.merge(bytes[0], bytes[1], bytes[2]),
    'node-diff3': () => diff3.merge(ours, base, theirs, { stringSeparator: '\n' }),
    'git merge-file -p (process)': () => spawnSync('git', ['merge-file', '-p', ...files]),
  };
  // node-diff3 takes over a second per merge: three single-call rounds are plenty.
  const rounds = (/** @type {string} */ who) => (who === 'node-diff3' ? { rounds: 3, minRoundMs: 1 } : { rounds: 7, minRoundMs: 200 });
  const seconds = Object.fromEntries(Object.entries(contenders).map(([who, fn]) => [who, timePerCall(fn, rounds(who))]));
  mergeRows.push([
    `${input.name} (${fromNative.conflicts} conflicts)`,
    ...Object.values(seconds).map(ms),
    `${(seconds['node-diff3'] / seconds['upkeep native']).toFixed(1)}×`,
    `${(seconds['node-diff3'] / seconds['upkeep wasm']).toFixed(1)}×`,
  ]);
}
rmSync(dir, { recursive: true, force: true });

console.log('### Unified diff (time per diff, median)\n');
table(['input', 'upkeep native', 'upkeep wasm', 'jsdiff 9', 'GNU diff -u (process)', 'native vs jsdiff', 'wasm vs jsdiff'], diffRows);
console.log('\n### Three-way merge (time per merge, median)\n');
table(
  ['input', 'upkeep native', 'upkeep wasm', 'node-diff3', 'git merge-file -p (process)', 'native vs node-diff3', 'wasm vs node-diff3'],
  mergeRows,
);
