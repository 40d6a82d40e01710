// Inputs for the risk-scoring conformance vectors: the hand-picked odd cases of issue 3 and
// a seeded generator of random ones. Expected values are computed by the JavaScript
// reference (scripts/score-vectors.mjs); this module only builds inputs.
import { mulberry32 } from '../js/seeded-random.js';

/** A small seeded PRNG (mulberry32), so a seed always yields the same cases. */
export function rng(/** @type {number} */ seed) {
  const next = mulberry32(seed);
  /** @template T @param {readonly T[]} xs @returns {T} */
  const pick = (xs) => xs[Math.floor(next() * xs.length)];
  const int = (/** @type {number} */ lo, /** @type {number} */ hi) => lo + Math.floor(next() * (hi - lo + 1));
  /** @param {number} lo @param {number} hi @param {() => string} f */
  const join = (lo, hi, f) => Array.from({ length: int(lo, hi) }, f).join('');
  return { next, pick, int, join };
}

const PATTERN_PARTS = ['a', 'b', 'ab', '/', '/', '*', '*', '**', '***', '**/', '?', '.', './', '\\', '{', '}', '[', ']', 'x.js', 'src', 'é', '😀', '\n', ' ', '(', '+', '$', '^', '|'];
const PATH_PARTS = ['a', 'b', 'ab', '/', '/', '/', 'x.js', 'src', './', '\\', '.', 'é', '😀', '\n', '\r', '{', '}', ' ', '[', '\u2028', '(', '+', '$'];
const COUNTS = ['0', '1', '7', '12', '21', '-', '12abc', 'abc', '+3', '-4', '007', '1e5', '99999999999999999999999', '0x1f', '3.9'];
const NAMES = ['a.js', 'src/x.js', 'b c.js', 'dir/sub/f.md', 'café.js', 'tab\there', 'quote"d', 'back\\slash', 'api/v1.json', 'docs/{x}.md', 'new\u2028line', '😀.txt'];
const ACTIONS = ['format', 'imports', 'rename', 'logic', 'new-file', 'api', 'delete', 'architecture', 'docs', 'toString', '__proto__', '', 'API', '7'];
const OVERRIDE_KEYS = ['api', 'delete', 'logic', 'docs', 'zeta', '7', '10', '01', 'new-file'];
const WEIGHT_VALUES = [0, 0.05, 0.1, 0.3, 0.5, 0.85, 0.9, 1, 2.5];

/** A random glob pattern over an alphabet rich in the dialect's edge cases. */
export function randomPattern(/** @type {ReturnType<typeof rng>} */ r) {
  return r.join(1, 7, () => r.pick(PATTERN_PARTS));
}

/** A random path; sometimes one built from `pattern` so that matches are common. */
export function randomPath(/** @type {ReturnType<typeof rng>} */ r, /** @type {string} */ pattern = '') {
  if (pattern && r.next() < 0.5) {
    return pattern.replace(/\*\*|\*|\?/g, (w) => (w === '?' ? r.pick(['a', 'é', '/', '😀']) : r.join(0, 3, () => r.pick(w === '*' ? ['a', 'b.c', 'é'] : ['a/', 'b', '/', '\n']))));
  }
  return r.join(0, 9, () => r.pick(PATH_PARTS));
}

/** Quotes `s` as git does when a path needs it (C escapes, octal UTF-8 bytes). */
function cQuote(/** @type {string} */ s) {
  let out = '"';
  for (const byte of Buffer.from(s)) {
    const c = String.fromCharCode(byte);
    if (c === '"' || c === '\\') out += `\\${c}`;
    else if (c === '\t') out += '\\t';
    else if (c === '\n') out += '\\n';
    else if (byte < 0x20 || byte >= 0x7f) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += c;
  }
  return `${out}"`;
}

/** One random numstat line, valid or not. */
function numstatLine(/** @type {ReturnType<typeof rng>} */ r) {
  const counts = `${r.pick(COUNTS)}\t${r.pick(COUNTS)}\t`;
  const a = r.pick(NAMES);
  const b = r.pick(NAMES);
  switch (r.int(0, 9)) {
    case 0: return '';
    case 1: return `${counts}${r.pick(['', 'src/', 'a/b/'])}{${r.pick(['', 'old', 'x/y'])} => ${r.pick(['', 'new', 'z'])}}${r.pick(['', '/f.js', '.js', '/'])}`;
    case 2: return `${counts}${cQuote(a)} => ${cQuote(b)}`;
    case 3: return `${counts}${a} => ${b}`;
    case 4: return `${counts}${cQuote(a)}`;
    case 5: return r.pick(['garbage', '1\t2', '\t1\tx', '1 2\t3\tx', `${counts}`, '1\t\t2\tx', `"\\${r.pick(['q', '777', '7', ''])}"`]);
    case 6: return `${counts}"${r.join(0, 4, () => r.pick(['\\303\\251', '\\t', '\\a', '\\z', '\\"', '😀', '\\😀', 'é', '\\\\', '\\1']))}${r.pick(['"', '\\"', ''])}`;
    default: return `${counts}${a}`;
  }
}

/** Random numstat text: mixed line ends, blank lines, odd counts and paths. */
export function randomNumstat(/** @type {ReturnType<typeof rng>} */ r) {
  return r.join(0, 6, () => numstatLine(r) + r.pick(['\n', '\n', '\r\n', '\r\r\n', '\n\n'])) + r.pick(['', numstatLine(r), '1\t1\tlast\r']);
}

/** Random options for actualRisk, with globs in every role. */
export function randomOptions(/** @type {ReturnType<typeof rng>} */ r, /** @type {string[]} */ paths) {
  const glob = () => (r.next() < 0.4 && paths.length ? r.pick(paths) : r.pick([randomPattern(r), '**', '**/*.js', 'src/**', '*', 'api/**', '**/*.md', './a.js', '/src\\x.js']));
  const list = () => Array.from({ length: r.int(0, 3) }, glob);
  /** @type {Record<string, unknown>} */
  const options = {};
  if (r.next() < 0.8) options.writeSet = list();
  if (r.next() < 0.6) options.contracts = list();
  if (r.next() < 0.5) options.ignoreDeletions = list();
  if (r.next() < 0.4) options.overrides = randomOverrides(r);
  return options;
}

export function randomOverrides(/** @type {ReturnType<typeof rng>} */ r) {
  return Object.fromEntries(Array.from({ length: r.int(0, 3) }, () => [r.pick(OVERRIDE_KEYS), r.pick(WEIGHT_VALUES)]));
}

/** Random diff rows for actualRisk. */
export function randomFiles(/** @type {ReturnType<typeof rng>} */ r) {
  return Array.from({ length: r.int(0, 5) }, () => ({
    file: r.next() < 0.5 ? r.pick(NAMES) : randomPath(r),
    added: r.int(0, 40),
    deleted: r.pick([0, 1, 5, 10, 20, 21, 0.5, 7.25, 1e22, r.int(0, 30)]),
  }));
}

export function randomActions(/** @type {ReturnType<typeof rng>} */ r) {
  return Array.from({ length: r.int(0, 3) }, () => (r.next() < 0.85 ? r.pick(ACTIONS.slice(0, 8)) : r.pick(ACTIONS)));
}

export const SCORES = [0, 0.05, 0.1, 0.1 + 0.2, 0.2, 0.3, 0.4, 0.5, 0.6, 0.6000000000000001, 0.8, 0.9, 1, 2, -1];
export const PRESET_NAMES = ['prudent', 'balanced', 'aggressive', 'Balanced', 'toString', '', 'wild'];
// `null` and `{ $undefined: true }` (JSON has no undefined) are the two missing values:
// `worst` must hand back whichever one the reference returns.
export const DECISIONS = [null, { $undefined: true }, 'silent', 'soft', 'blocking', 'nope', 'toString', '__proto__'];
