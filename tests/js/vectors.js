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

/**
 * Decodes an argument: `{$bytes}`, `{$repeat}` and `{$text}` become Uint8Arrays, at any
 * depth; the rest is as is.
 * @returns {any}
 */
function decode(/** @type {any} */ arg) {
  if (arg && typeof arg === 'object' && '$bytes' in arg) return Uint8Array.from(Buffer.from(arg.$bytes, 'hex'));
  if (arg && typeof arg === 'object' && '$text' in arg) return Uint8Array.from(Buffer.from(arg.$text, 'utf8'));
  if (arg && typeof arg === 'object' && '$repeat' in arg) {
    return Uint8Array.from(Buffer.from(arg.$repeat.hex, 'hex').toString('latin1').repeat(arg.$repeat.times), (c) => c.charCodeAt(0));
  }
  if (Array.isArray(arg)) return arg.map(decode);
  if (arg && typeof arg === 'object') return Object.fromEntries(Object.entries(arg).map(([k, v]) => [k, decode(v)]));
  return arg;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Encodes a result for comparison: byte arrays (Buffer or Uint8Array) become `{$text}`
 * when they are UTF-8, `{$bytes}` otherwise, at any depth.
 * @returns {any}
 */
function encode(/** @type {any} */ value) {
  if (value instanceof Uint8Array) {
    try {
      return { $text: utf8.decode(value) };
    } catch {
      return { $bytes: Buffer.from(value).toString('hex') };
    }
  }
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  return value;
}

const errorOf = (/** @type {any} */ e) => ({ code: e.code, message: e.message });

/** Calls the API the way each vector `call` describes. */
/** @type {Record<string, (api: any, args: any[]) => unknown>} */
const calls = {
  sha256: (api, [bytes]) => api.sha256(decode(bytes)),
  parseDigest: (api, [text]) => api.parseDigest(text),
  checksumLine: (api, [hex, path]) => api.checksumLine(hex, path),
  parseManifest: (api, [text, label]) => api.parseManifest(text, label),
  compareVersions: (api, [a, b]) => api.compareVersions(a, b),
  checkVersions: (api, [installed, latest, committed]) => api.checkVersions(installed, latest, committed),
  changelogRange: (api, [text, from, to]) => api.changelogRange(text, from, to),
  startUpdate: (api, [record, from, to, runId]) => api.startUpdate(record, from, to, runId),
  updateReadList: (api, [baseline, latest, stateDir]) => api.updateReadList(baseline, latest, stateDir),
  planUpdate: (api, [input]) => encode(api.planUpdate(decode(input))),
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
