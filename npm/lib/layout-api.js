// A release's listing crosses the engine boundary packed, not one object per entry: every
// path in one string, each followed by a NUL (no file name holds one), and one kind byte
// per entry; the layout's files come back the same way, each installed name with the index
// of the entry it is shipped as (core `plan_layout_packed`). At 100,000 entries, objects
// through N-API or wasm-bindgen cost several times the layout itself. Pure encoding and
// decoding, shared by the Node and browser facades and the release openers: every rule
// stays in the engine.

import { KIND_CODES } from './generated/defaults.js';

/** A listing entry's kind as the packed route codes it (absent: a file). */
const PACKED_CODES = new Map([
  [undefined, KIND_CODES.file],
  ['file', KIND_CODES.file],
  ['symlink', KIND_CODES.symlink],
  ['directory', KIND_CODES.directory],
  ['other', KIND_CODES.other],
]);

/**
 * `entries` packed, or null when one is not a plain `{ path, kind? }` the packed route
 * can carry (a NUL in a path, an unknown kind): the engine's own decoder then takes the
 * array as given and words any refusal exactly as before.
 * @param {unknown} entries
 * @returns {{ paths: string, kinds: Uint8Array, names: string[] } | null}
 */
export function packListing(entries) {
  if (!Array.isArray(entries)) return null;
  const names = new Array(entries.length);
  const kinds = new Uint8Array(entries.length);
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i];
    if (typeof entry !== 'object' || entry === null || typeof entry.path !== 'string' || entry.path.includes('\0')) return null;
    const code = PACKED_CODES.get(entry.kind);
    if (code === undefined || Object.keys(entry).some((key) => key !== 'path' && key !== 'kind')) return null;
    names[i] = entry.path;
    kinds[i] = code;
  }
  return { paths: names.length === 0 ? '' : `${names.join('\0')}\0`, kinds, names };
}

/**
 * A packed layout's files as `{ path, from }` objects, in the engine's order.
 * @param {{ installed: string, from: Uint32Array }} packed @param {readonly string[]} names the listing's paths
 */
export function layoutFiles(packed, names) {
  const files = new Array(packed.from.length);
  let at = 0;
  for (let i = 0; i < files.length; i += 1) {
    const end = packed.installed.indexOf('\0', at);
    files[i] = { path: packed.installed.slice(at, end), from: names[packed.from[i]] };
    at = end + 1;
  }
  return files;
}

/**
 * The engine's layout of `input` with `entries` packed as `listing`; `files` is built on
 * first read (a release read in place never needs it).
 * @param {any} engine @param {object} input a `LayoutInput` without its entries
 * @param {{ paths: string, kinds: Uint8Array, names: readonly string[] }} listing
 * @returns {import('./index.js').ReleaseLayout}
 */
export function packedLayout(engine, input, listing) {
  const packed = engine.planLayoutPacked({ ...input, entries: [] }, listing.paths, listing.kinds);
  /** @type {import('./index.js').LayoutFile[] | undefined} */
  let files;
  return {
    version: packed.version,
    manifest: packed.manifest,
    defaultManifest: packed.defaultManifest,
    get files() {
      files ??= layoutFiles(packed, listing.names);
      return files;
    },
    renames: packed.renames,
    inPlace: packed.inPlace,
  };
}

/**
 * `planLayout` through the packed route whenever the entries allow it.
 * @param {any} engine
 */
export function layoutApi(engine) {
  return {
    /** @param {any} input */
    planLayout: (input) => {
      const listing = typeof input === 'object' && input !== null ? packListing(input.entries) : null;
      if (listing === null) return engine.planLayout(input);
      const layout = packedLayout(engine, input, listing);
      return { ...layout, files: layout.files };
    },
  };
}
