// The engine as both facades export it: its calls whose data crosses the boundary in bulk
// (numstat rows as columns, GlobSet batches as one string, release listings packed) in
// place of their per-object forms. Pure data movement; see ./score-api.js, ./layout-api.js.
import { layoutApi } from './layout-api.js';
import { scoreApi } from './score-api.js';

/**
 * The engine with its bulk routes in place.
 * @template {object} T @param {T} engine @returns {T & ReturnType<typeof scoreApi> & ReturnType<typeof layoutApi>}
 */
export const withBulkApis = (engine) => ({ ...engine, ...scoreApi(engine), ...layoutApi(engine) });
