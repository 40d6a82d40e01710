// Reads the conformance vectors and runs one case against one implementation of the API,
// returning the outcome in the vectors' own shape so it can be compared as JSON.
import { readdirSync, readFileSync } from 'node:fs';

const dir = new URL('../vectors/', import.meta.url);

/** Every vector file as `{ file, cases }`. */
export function vectorFiles() {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((file) => ({ file, cases: JSON.parse(readFileSync(new URL(file, dir), 'utf8')).cases }));
}

/** Decodes an argument: `{$bytes}` and `{$repeat}` become Uint8Arrays, the rest is as is. */
function decode(/** @type {any} */ arg) {
  if (arg && typeof arg === 'object' && '$bytes' in arg) return Uint8Array.from(Buffer.from(arg.$bytes, 'hex'));
  if (arg && typeof arg === 'object' && '$repeat' in arg) {
    return Uint8Array.from(Buffer.from(arg.$repeat.hex, 'hex').toString('latin1').repeat(arg.$repeat.times), (c) => c.charCodeAt(0));
  }
  return arg;
}

/** `null` in a vector stands for an argument left out (JSON has no `undefined`). */
const absent = (/** @type {unknown} */ arg) => (arg === null ? undefined : arg);

const errorOf = (/** @type {any} */ e) => ({ code: e.code, message: e.message });

/** Calls the API the way each vector `call` describes. */
/** @type {Record<string, (api: any, args: any[]) => unknown>} */
const calls = {
  sha256: (api, [bytes]) => api.sha256(decode(bytes)),
  parseDigest: (api, [text]) => api.parseDigest(text),
  checksumLine: (api, [hex, path]) => api.checksumLine(hex, path),
  Sha256Stream: (api, [ops]) => {
    const stream = new api.Sha256Stream();
    return ops.map((/** @type {[string, unknown]} */ [op, arg]) => {
      try {
        return op === 'update' ? (stream.update(decode(arg)), null) : stream.finish();
      } catch (e) {
        return { error: errorOf(e) };
      }
    });
  },
  scoreConstants: (api) => api.scoreConstants(),
  globMatch: (api, [pattern, file]) => api.globMatch(pattern, file),
  GlobSet: (api, [patterns, paths]) => {
    const set = new api.GlobSet(patterns);
    const isMatch = paths.map((/** @type {string} */ p) => set.isMatch(p));
    const many = Array.from(set.isMatchMany(paths), (/** @type {number} */ b) => b === 1);
    if (JSON.stringify(many) !== JSON.stringify(isMatch)) throw new Error(`isMatchMany ${JSON.stringify(many)} disagrees with isMatch`);
    return { matches: paths.map((/** @type {string} */ p) => set.matches(p)), isMatch, pairs: Array.from(set.matchesMany(paths)) };
  },
  parseNumstat: (api, [text]) => api.parseNumstat(text),
  parseNumstatZ: (api, [bytes]) => api.parseNumstatZ(decode(bytes)),
  parseNumstatBytes: (api, [bytes]) => api.parseNumstatBytes(decode(bytes)),
  declaredRisk: (api, [actions, overrides]) => api.declaredRisk(actions, absent(overrides)),
  actualRisk: (api, [declared, files, options]) => api.actualRisk(declared, files, absent(options)),
  decide: (api, [score, preset]) => api.decide(score, absent(preset)),
  worst: (api, [a, b]) => api.worst(absent(a), absent(b)) ?? null,
  assess: (api, [files, options]) => api.assess(files, absent(options)),
};

/** The outcome of a case: `{result}` or `{error: {code, message}}`. */
export function runCase(/** @type {any} */ api, /** @type {any} */ testCase) {
  const call = calls[testCase.call];
  if (!call) throw new Error(`no runner for call ${JSON.stringify(testCase.call)}`);
  try {
    return { result: call(api, testCase.args) };
  } catch (e) {
    return { error: errorOf(e) };
  }
}

/** What a case expects, in the same shape as runCase's outcome. */
export const expected = (/** @type {any} */ testCase) =>
  'error' in testCase ? { error: testCase.error } : { result: testCase.result };
