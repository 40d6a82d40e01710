// The engine of the browser entry: the wasm `web` build, with the numstat calls wrapped as
// in Node (./score-api.js), so both entries export the same functions from one list.
import initWasm, * as glue from '../wasm/upkeep.js';
import { withScoreApi } from './score-api.js';

export const engine = withScoreApi(glue);
export { initWasm };
