// The engine of the browser entry: the wasm `web` build, with its bulk routes as in Node
// (./bulk-api.js), so both entries export the same functions from one list.
import initWasm, * as glue from '../wasm/upkeep.js';
import { withBulkApis } from './bulk-api.js';

export const engine = withBulkApis(glue);
export { initWasm };
