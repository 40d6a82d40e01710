// The loop engine's drop-in JavaScript API, shared by the Node and browser facades: the
// engine returns `{ state, result }`, and these wrappers update the caller's state object
// in place (as the reference engine does) and return the result. A refused call carries
// the state it left behind on the error; it is adopted too, then removed from the error.

/** The engine's own state file, and the atomic writer's temp file beside it (core's names). */
export { LOOP_FILE, LOOP_FILE_TMP } from './generated/defaults.js';

/** Replaces every member of `target` by those of `next`, keeping the object's identity. */
function adopt(/** @type {Record<string, unknown>} */ target, /** @type {Record<string, unknown>} */ next) {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, next);
}

/** A `Map` catalogue (the reference's shape) crosses as a plain object keyed by name. */
const catalogue = (/** @type {any} */ bricks) => (bricks instanceof Map ? Object.fromEntries(bricks) : bricks);

/**
 * @param {any} state @param {() => { state: any, result: any }} call
 */
function stepOn(state, call) {
  let answer;
  try {
    answer = call();
  } catch (error) {
    if (error && typeof error === 'object' && 'state' in error) {
      adopt(state, /** @type {any} */ (error).state);
      delete (/** @type {any} */ (error).state);
    }
    throw error;
  }
  adopt(state, answer.state);
  return answer.result;
}

/** The loop API over one engine (the native addon or a wasm build). */
export function loopApi(/** @type {any} */ engine) {
  return {
    initState: (/** @type {any} */ init) => engine.loopInitState(init),
    validateLoopGraph: (/** @type {any} */ graph, /** @type {any} */ bricks) => engine.loopValidateGraph(graph, catalogue(bricks)),
    nextStep: (/** @type {any} */ state, /** @type {any} */ bricks) => engine.loopNextStep(state, catalogue(bricks)),
    trailers: (/** @type {any} */ state) => engine.loopTrailers(state),
    scoreDeclared: (/** @type {any} */ state, /** @type {any} */ options) =>
      stepOn(state, () => engine.loopScoreDeclared(state, options ?? undefined)),
    scoreDiff: (/** @type {any} */ state, /** @type {any} */ files) => stepOn(state, () => engine.loopScoreDiff(state, files)),
    recordOutcome: (/** @type {any} */ state, /** @type {any} */ bricks, /** @type {string} */ outcome, /** @type {any} */ report) =>
      stepOn(state, () => engine.loopRecordOutcome(state, catalogue(bricks), outcome, report ?? undefined)),
    decideAwaiting: (/** @type {any} */ state, /** @type {any} */ bricks, /** @type {string} */ verdict, /** @type {string} */ note) =>
      stepOn(state, () => engine.loopDecideAwaiting(state, catalogue(bricks), verdict, note ?? undefined)),
    renderLoopFile: (/** @type {any} */ state) => engine.renderLoopFile(state),
    parseLoopFile: (/** @type {string} */ text) => engine.parseLoopFile(text),
  };
}
