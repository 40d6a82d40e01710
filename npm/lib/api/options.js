// What every flow function of the API does with its one options object before the flow
// runs: refuse what it cannot mean (an unknown option, a wrong type, a value outside its
// choices) before anything is read or written; resolve paths against `cwd`; turn an
// AbortSignal into the flows' stop request; turn `decide` (a map or a callback) into
// answers. Refusals are the engine's `usage` refusals, the error the command line raises
// for its own usage mistakes, with the command line's words where it has them; this module
// only says which JavaScript value it met.
import { resolve } from 'node:path';
import { engine } from '../engine.js';
import { UpkeepError } from '../shim/upkeep-error.js';

/**
 * How one option is checked: its type, and for a choice the command-line flag (so the
 * message is the one `upkeep` prints for the same value) and the allowed values.
 * @typedef {{ type: import('../index.js').OptionType }
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
    throw refused({ kind: 'not-an-options-object', function: name, got: kindOf(options) });
  }
  const all = { ...COMMON, ...rules };
  /** @type {Record<string, any>} */
  const checked = {};
  for (const [key, value] of Object.entries(options)) {
    // An option given as undefined is not given (`{ to: flags.to }`); null is the default too.
    if (value === undefined) continue;
    const rule = all[key];
    if (!rule) throw refused({ kind: 'unknown-option', function: name, key, known: Object.keys(all) });
    if (value === null) continue;
    checkValue(name, key, value, rule);
    checked[key] = value;
  }
  for (const key of required) {
    if (checked[key] === undefined) throw refused({ kind: 'required-option', function: name, key });
  }
  return checked;
}

/** @param {string} name @param {string} key @param {unknown} value @param {OptionRule} rule */
function checkValue(name, key, value, rule) {
  if (rule.type === 'choice') {
    // The command line's message for the same value (commander's wording).
    if (typeof value !== 'string' || !rule.choices.includes(value)) {
      throw refused({ kind: 'not-a-choice', flag: rule.flag, value: String(value), choices: [...rule.choices] });
    }
  } else if (!isOfType(value, rule.type)) {
    throw refused({ kind: 'wrong-option-type', function: name, key, expected: rule.type, got: kindOf(value) });
  }
}

/** Whether a JavaScript value is of an option type. @param {unknown} value @param {import('../index.js').OptionType} type */
function isOfType(value, type) {
  switch (type) {
    case 'string':
      return typeof value === 'string' && value !== '';
    case 'boolean':
      return typeof value === 'boolean';
    case 'strings':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && v !== '');
    case 'function':
      return typeof value === 'function';
    case 'signal':
      return typeof value === 'object' && typeof (/** @type {any} */ (value).aborted) === 'boolean';
    case 'decide':
      return typeof value === 'function' || (typeof value === 'object' && !Array.isArray(value));
  }
}

/** What kind of JavaScript value this is, for the engine's words: `null`, `array`, or its `typeof`. */
function kindOf(/** @type {unknown} */ value) {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** The engine's refusal of what the caller gave (or declined to answer), as an error. @param {import('../index.js').UsageProblem} problem */
function refused(problem) {
  return UpkeepError.from(engine.usageRefusal(problem));
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
    throw Object.assign(refused({ kind: 'stopped-at-question', question: question.id }), { cause: error });
  }
}
