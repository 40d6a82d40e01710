// What every flow function of the API does with its one options object before the flow
// runs: refuse what it cannot mean (an unknown option, a wrong type, a value outside its
// choices) before anything is read or written; resolve paths against `cwd`; turn an
// AbortSignal into the flows' stop request; turn `decide` (a map or a callback) into
// answers. Refusals are UpkeepError('usage'), the error the command line raises for its own
// usage mistakes, with the command line's words where it has them.
import { resolve } from 'node:path';
import { UpkeepError } from '../shim/upkeep-error.js';

/**
 * How one option is checked: its type, and for a choice the command-line flag (so the
 * message is the one `upkeep` prints for the same value) and the allowed values.
 * @typedef {{ type: 'string' | 'boolean' | 'strings' | 'function' | 'signal' | 'decide' }
 *   | { type: 'choice', flag: string, choices: readonly string[] }} OptionRule
 */

/** Options every flow function takes. */
const COMMON = /** @type {Record<string, OptionRule>} */ ({
  cwd: { type: 'string' },
  signal: { type: 'signal' },
  onProgress: { type: 'function' },
});

/**
 * Checks `options` against `rules` (plus `cwd`, `signal`, `onProgress`) and the required
 * names; returns a shallow copy without the entries that are `undefined` or `null` (the default).
 * @param {string} name the function, for messages (`update`, `refresh`, ...)
 * @param {unknown} options
 * @param {Record<string, OptionRule>} rules
 * @param {readonly string[]} [required]
 * @returns {Record<string, any>}
 */
export function checkOptions(name, options, rules, required = []) {
  if (options === undefined) options = {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new UpkeepError('usage', `${name} takes one options object, not ${describe(options)}`);
  }
  const all = { ...COMMON, ...rules };
  /** @type {Record<string, any>} */
  const checked = {};
  for (const [key, value] of Object.entries(options)) {
    // An option given as undefined is not given (`{ to: flags.to }`); null is the default too.
    if (value === undefined) continue;
    const rule = all[key];
    if (!rule) throw new UpkeepError('usage', `${name}: unknown option '${key}'${suggestion(key, Object.keys(all))}`);
    if (value === null) continue;
    checkValue(name, key, value, rule);
    checked[key] = value;
  }
  for (const key of required) {
    if (checked[key] === undefined) throw new UpkeepError('usage', `${name}: the option '${key}' is required`);
  }
  return checked;
}

/** @param {string} name @param {string} key @param {unknown} value @param {OptionRule} rule */
function checkValue(name, key, value, rule) {
  const wrong = (/** @type {string} */ expected) =>
    new UpkeepError('usage', `${name}: the option '${key}' must be ${expected}, not ${describe(value)}`);
  switch (rule.type) {
    case 'string':
      if (typeof value !== 'string' || value === '') throw wrong('a non-empty string');
      return;
    case 'boolean':
      if (typeof value !== 'boolean') throw wrong('true or false');
      return;
    case 'strings':
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '')) throw wrong('an array of non-empty strings');
      return;
    case 'function':
      if (typeof value !== 'function') throw wrong('a function');
      return;
    case 'signal':
      if (typeof value !== 'object' || typeof (/** @type {any} */ (value).aborted) !== 'boolean') throw wrong('an AbortSignal');
      return;
    case 'decide':
      if (typeof value !== 'function' && (typeof value !== 'object' || Array.isArray(value)))
        throw wrong('a function or an object of answers');
      return;
    case 'choice':
      // The command line's message for the same value (commander's wording).
      if (typeof value !== 'string' || !rule.choices.includes(value)) {
        throw new UpkeepError(
          'usage',
          `option '${rule.flag}' argument '${String(value)}' is invalid. Allowed choices are ${rule.choices.join(', ')}.`,
        );
      }
  }
}

/** A value as a message names it: `a string`, `an array`, `null`. */
function describe(/** @type {unknown} */ value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

/** ` (did you mean 'dryRun'?)` when a known name differs from `key` only in case, dashes or underscores. */
function suggestion(/** @type {string} */ key, /** @type {string[]} */ known) {
  const fold = (/** @type {string} */ s) => s.toLowerCase().replace(/[-_]/g, '');
  const match = known.find((k) => fold(k) === fold(key));
  return match ? ` (did you mean '${match}'?)` : '';
}

/**
 * `path` resolved against `cwd` when the caller gave one; as given otherwise (so relative
 * paths mean what they mean on the command line, and messages show them as typed).
 * @param {string | undefined} cwd @param {string | undefined} path
 */
export function against(cwd, path) {
  return cwd === undefined || path === undefined ? path : resolve(cwd, path);
}

/**
 * The flows' stop request for an AbortSignal: true once it is aborted (the flows poll it
 * at their safe points).
 * @param {AbortSignal | undefined} signal
 */
export function stopRequestedBy(signal) {
  return signal ? () => signal.aborted : undefined;
}

/**
 * Runs a flow; an `interrupted` error of a run the signal stopped carries the signal's
 * reason as its cause.
 * @template T @param {AbortSignal | undefined} signal @param {() => Promise<T>} flow @returns {Promise<T>}
 */
export async function underSignal(signal, flow) {
  try {
    return await flow();
  } catch (error) {
    const e = /** @type {any} */ (error);
    if (signal?.aborted && e?.code === 'interrupted' && e.cause === undefined) e.cause = signal.reason;
    throw error;
  }
}

/**
 * A question the command line would prompt for, as `decide` receives it.
 * @typedef {import('../index.js').FlowQuestion} Question
 */

/**
 * Asks `decide` one question: a callback is called with it (and the run's signal); a map
 * is looked up by the question's `id`. Resolves to `undefined` when there is no answer.
 * @param {((question: Question, context: { signal?: AbortSignal }) => unknown) | Record<string, unknown> | undefined} decide
 * @param {Question} question @param {AbortSignal | undefined} signal
 */
export async function ask(decide, question, signal) {
  if (decide === undefined) return undefined;
  if (typeof decide !== 'function') return Object.hasOwn(decide, question.id) ? decide[question.id] : undefined;
  try {
    return await decide(question, { signal });
  } catch (error) {
    // A callback that honours the signal (readline's question, a fetch) rejects with an
    // AbortError: the run stopped at a question, before anything was written.
    if (/** @type {any} */ (error)?.name !== 'AbortError') throw error;
    throw Object.assign(new UpkeepError('interrupted', `stopped at the question '${question.id}'; nothing was written`), { cause: error });
  }
}
