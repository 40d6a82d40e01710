// Risk scoring's numstat rows cross the engine boundary as two columns, not one object per
// row: every path concatenated into one string, and one Float64Array holding, per row, the
// path's length (UTF-16 code units), `added` and `deleted` (core `rows_to_columns`). Building
// and reading 100,000 small objects through N-API or wasm-bindgen costs more than the
// engine's own work; JavaScript object literals and String#slice cost little. Pure encoding
// and decoding, shared by the Node and browser facades: every rule stays in the engine.

/**
 * Whether a string has no lone surrogate (two adjacent ones would pair up once joined).
 * `isWellFormed` is ES2024 (Node 20, current browsers); the regex is the fallback.
 * @type {(s: string) => boolean}
 */
const wellFormed =
  typeof (/** @type {any} */ (String.prototype).isWellFormed) === 'function'
    ? (s) => /** @type {any} */ (s).isWellFormed()
    : (s) => !/\p{Surrogate}/u.test(s);

/**
 * `{ paths, numbers }` from the engine as `[{ file, added, deleted }]`.
 * @param {{ paths: string, numbers: Float64Array }} columns
 */
function rowsOf({ paths, numbers }) {
  const rows = new Array(numbers.length / 3);
  let at = 0;
  for (let i = 0, n = 0; n < numbers.length; i += 1, n += 3) {
    const end = at + numbers[n];
    rows[i] = { file: paths.slice(at, end), added: numbers[n + 1], deleted: numbers[n + 2] };
    at = end;
  }
  return rows;
}

/**
 * `files` as columns, or null when an entry is not a plain `{ file: string, added?:
 * number, deleted: number }` (or `files` not an array): the engine's own decoder then takes
 * the array as given and words any error exactly as before.
 * @param {unknown} files
 */
function columnsOf(files) {
  if (!Array.isArray(files)) return null;
  const numbers = new Float64Array(files.length * 3);
  const paths = new Array(files.length);
  for (let i = 0; i < files.length; i += 1) {
    const row = files[i];
    if (typeof row !== 'object' || row === null) return null;
    const { file, added, deleted } = row;
    if (typeof file !== 'string' || typeof deleted !== 'number' || (added !== undefined && typeof added !== 'number')) return null;
    if (!wellFormed(file)) return null;
    paths[i] = file;
    numbers[3 * i] = file.length;
    numbers[3 * i + 1] = added ?? 0;
    numbers[3 * i + 2] = deleted;
  }
  return { paths: paths.join(''), numbers };
}

/**
 * `paths` as one joined string and each path's length, or null when `paths` is not an
 * array of strings (the engine's own decoder then words the error).
 * @param {unknown} paths
 */
function joinedPaths(paths) {
  if (!Array.isArray(paths)) return null;
  const lengths = new Uint32Array(paths.length);
  for (let i = 0; i < paths.length; i += 1) {
    if (typeof paths[i] !== 'string') return null;
    lengths[i] = paths[i].length;
  }
  return { text: paths.join(''), lengths };
}

/**
 * The engine's `GlobSet` with its batch calls taking the paths as one joined string: one
 * string crosses the boundary instead of one per path (a quarter of a 100,000-path batch
 * was spent handing strings over one by one). Lone surrogates that joining pairs up across
 * two paths make the engine refuse the cut; those batches take the per-string route.
 * @param {any} Base
 */
function joinedGlobSet(Base) {
  return class GlobSet extends Base {
    /** @param {readonly string[]} paths @returns {Uint8Array} */
    isMatchMany(paths) {
      const joined = joinedPaths(paths);
      if (joined) {
        try {
          return super.isMatchManyJoined(joined.text, joined.lengths);
        } catch {}
      }
      return super.isMatchMany(paths);
    }

    /** @param {readonly string[]} paths @returns {Uint32Array} */
    matchesMany(paths) {
      const joined = joinedPaths(paths);
      if (joined) {
        try {
          return super.matchesManyJoined(joined.text, joined.lengths);
        } catch {}
      }
      return super.matchesMany(paths);
    }
  };
}

/**
 * The drop-in calls whose data crosses the boundary in bulk, over one engine (the native
 * addon or a wasm build): the numstat rows as columns, and `GlobSet` batches as one string.
 * @param {any} engine
 */
export function scoreApi(engine) {
  return {
    GlobSet: joinedGlobSet(engine.GlobSet),
    /** @param {string} text */
    parseNumstat: (text) => rowsOf(engine.parseNumstatColumns(text)),
    /** @param {number} declared @param {any} files @param {any} [options] */
    actualRisk: (declared, files, options) => {
      const columns = columnsOf(files);
      return columns === null
        ? engine.actualRisk(declared, files, options)
        : engine.actualRiskColumns(declared, columns.paths, columns.numbers, options);
    },
  };
}
