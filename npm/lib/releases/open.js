// Opening a release named by a spec (a directory, a .tar.gz, a git repository, an npm
// package; optionally a version and a sub-path) as a folder laid out the way a project
// sees it: installed names, and the `<stateDir>/VERSION` and `<stateDir>/manifest.json` that
// apply. The engine parses the spec, chooses the version, lays the release out and names
// its cache entry; this module fetches (git, npm, the file system) and moves bytes.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { packedLayout, packListing } from '../layout-api.js';
import { isAbsent, isOsError, osMessage } from '../shim/os-message.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { decodeStrict } from '../shim/tree-read.js';
import { extractBytes, extractFile } from './archive.js';
import { cacheRoot, dropEntry, findEntry, storeEntry } from './cache.js';
import { fetchTree, isGitRepository, listTags, resolveRef } from './git.js';
import { pack, viewVersions } from './npm.js';
import { listTree, stampOf } from './walk.js';
import { emit, letSignalsIn } from '../flows/progress.js';
import { fetchError } from './run.js';

/**
 * @typedef {object} Release
 * @property {string} dir the release as a project sees it
 * @property {string} label `baseline`, `latest` or `release`, for messages
 * @property {() => void} cleanup removes what only this run needed (never a cache entry)
 * @property {string} spec the release with its version (`npm:create-vite@6.5.0//template-react-ts`)
 * @property {import('../index.js').ReleaseSpec} source the parsed spec; a local `location` is absolute
 * @property {string} version
 * @property {string | null} resolved what pins what was fetched (the engine's `resolvedIdentity`; see `.upkeep/source.json`)
 * @property {import('../index.js').ReleaseLayout} layout
 * @property {string[]} notices things the user should know (a damaged cache entry fetched again)
 */

/**
 * @typedef {object} OpenOptions
 * @property {string} [stateDir] `.upkeep` by default
 * @property {boolean} [pre] let "the newest version" be a pre-release
 * @property {boolean} [retain] keep a copy in the cache even of a directory read in place
 *   (a release the project installs, which a later update needs as its baseline)
 * @property {string} [cwd] what relative paths are relative to
 * @property {(event: import('../flows/progress.js').ProgressEvent) => void} [onProgress] fetch events
 * @property {() => boolean} [stopRequested] polled while files are placed; a fetch stopped by a
 *   signal (git and npm get it too) ends as `interrupted`, its temp folders removed
 */

/**
 * Opens the release `text` names.
 * @param {string} text a release spec
 * @param {string} label `baseline`, `latest` or `release`
 * @param {OpenOptions} [options]
 * @returns {Promise<Release>}
 */
export async function openRelease(text, label, options = {}) {
  /** @type {import('../index.js').ReleaseWords} */
  const words = engine.releaseWords(label, text);
  const ctx = {
    text,
    label,
    name: words.name,
    flag: words.flag,
    stateDir: engine.updatePaths(options.stateDir).stateDir,
    pre: options.pre ?? false,
    retain: options.retain ?? false,
    onProgress: options.onProgress,
    stopRequested: options.stopRequested,
    notices: /** @type {string[]} */ ([]),
  };
  let spec = engine.parseReleaseSpec(text);
  if (spec.local) spec = { ...spec, location: resolve(options.cwd ?? process.cwd(), spec.location) };
  if (spec.kind === 'local') {
    // Gone from this machine: what upkeep kept may still open it (the engine says which).
    if (!statOrAbsent(spec.location)) return fromEntry(/** @type {Kept} */ (fromCache(spec, ctx, { kind: 'local-gone' })).entry, spec, ctx);
    spec = engine.resolveLocalSpec(spec, await isGitRepository(spec.location));
  }
  emit(ctx.onProgress, { phase: 'fetch', done: 0, total: 1, path: text });
  let release;
  try {
    release =
      spec.kind === 'directory'
        ? await openDirectory(spec, ctx)
        : spec.kind === 'tarball'
          ? await openTarball(spec, ctx)
          : spec.kind === 'git'
            ? await openGit(spec, ctx)
            : await openNpm(spec, ctx);
  } catch (error) {
    if (ctx.stopRequested?.()) throw fetchError({ kind: 'stopped', name: ctx.name, copying: false });
    throw error;
  }
  emit(ctx.onProgress, { phase: 'fetch', done: 1, total: 1, path: text });
  return release;
}

/** @typedef {{ text: string, label: string, name: string, flag: string, stateDir: string, pre: boolean, retain: boolean, notices: string[], onProgress?: OpenOptions['onProgress'], stopRequested?: () => boolean }} Context */

/**
 * A directory: read where it is when its own manifest and VERSION apply (and no copy is
 * needed), else laid out into the cache. `@<version>` other than what it holds now can only
 * come from the cache.
 * @param {import('../index.js').ReleaseSpec} spec @param {Context} ctx
 */
async function openDirectory(spec, ctx) {
  if (!isDirectory(spec.location)) throw refused({ kind: 'not-found', name: ctx.name, location: spec.location, anyKind: false });
  const root = subFolder(spec, spec.location, ctx);
  const listing = listTree(root);
  const layout = layoutOf(root, ctx, { entries: listing });
  // The directory is the truth for the version it holds: read where it is, or its copy kept
  // while the folder is unchanged (its fingerprint), or made again.
  const fingerprint = () => engine.folderFingerprint(listing.map(({ path }) => ({ path, stamp: stampOf(join(root, path)) })));
  const move = fromCache(spec, ctx, { kind: 'folder-holds', holds: layout.version, inPlace: layout.inPlace }, fingerprint);
  if ('entry' in move) return fromEntry(move.entry, spec, ctx);
  const rendered = engine.renderReleaseSpec(spec.source, layout.version, spec.subpath);
  if (move.kind === 'read-in-place') {
    return {
      dir: root,
      label: ctx.label,
      cleanup: () => {},
      spec: rendered,
      source: spec,
      version: layout.version,
      resolved: engine.resolvedIdentity({ kind: spec.kind }),
      layout,
      notices: ctx.notices,
    };
  }
  const origin = /** @type {Store} */ (move).origin ?? null;
  const entry = await store(spec, ctx, /** @type {Store} */ (move), async (tree) => {
    await placeFiles(root, tree, layout, ctx, copyFileSync);
    return { spec: rendered, version: layout.version, resolved: engine.resolvedIdentity({ kind: spec.kind }), origin };
  });
  return fromEntry(entry, spec, ctx);
}

/**
 * A .tar.gz archive (an npm-pack archive's version comes from its package.json).
 * @param {import('../index.js').ReleaseSpec} spec @param {Context} ctx
 */
async function openTarball(spec, ctx) {
  let bytes;
  try {
    bytes = readFileSync(spec.location);
  } catch (error) {
    // Unreadable: an exact version upkeep kept still opens (the engine says which).
    /** @type {import('../index.js').CacheMoment} */
    const moment = { kind: 'unreadable', error: /** @type {Error} */ (error).message };
    return fromEntry(/** @type {Kept} */ (fromCache(spec, ctx, moment)).entry, spec, ctx);
  }
  const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
  const raw = mkdtempSync(join(tmpdir(), 'upkeep-release-'));
  try {
    // From the bytes read above: the archive is opened once (a FIFO can be read only once).
    await extractBytes(bytes, raw, ctx.name);
    const { root, packageVersion } = archiveRoot(raw, ctx);
    const releaseRoot = subFolder(spec, root, ctx);
    const layout = layoutOf(releaseRoot, ctx, { tagVersion: packageVersion });
    const move = fromCache(spec, ctx, { kind: 'archive-holds', holds: layout.version });
    if ('entry' in move) return fromEntry(move.entry, spec, ctx);
    const rendered = engine.renderReleaseSpec(spec.source, layout.version, spec.subpath);
    const entry = await store(spec, ctx, /** @type {Store} */ (move), async (tree) => {
      await placeFiles(releaseRoot, tree, layout, ctx, renameSync);
      return { spec: rendered, version: layout.version, resolved: engine.resolvedIdentity({ kind: spec.kind, integrity }) };
    });
    return fromEntry(entry, spec, ctx);
  } finally {
    rmSync(raw, { recursive: true, force: true });
  }
}

/**
 * A git repository: versions are its semver tags (`#ref` names any tag, branch or commit).
 * An exact version already in the cache needs no git at all.
 * @param {import('../index.js').ReleaseSpec} spec @param {Context} ctx
 */
async function openGit(spec, ctx) {
  const location = spec.location;
  /** @type {{ refspec: string, version: string | null, name: string, commit: string | null }} */
  let want;
  if (spec.ref) {
    const found = await resolveRef(location, spec.ref, ctx.name);
    if (!found) throw refused({ kind: 'no-ref', name: ctx.name, location, reference: spec.ref });
    want = { refspec: found.refname, version: found.version ?? null, name: spec.ref, commit: found.commit };
  } else {
    const early = fromCache(spec, ctx, { kind: 'before-listing' });
    if ('entry' in early) return fromEntry(early.entry, spec, ctx);
    /** @type {import('../index.js').GitTag[]} */
    const tags = engine.parseGitTags(await listTags(location, ctx.name));
    const selected = engine.selectVersion({
      label: ctx.text,
      kind: 'git',
      available: tags.map((t) => ({ name: t.name, version: t.version, commit: t.commit })),
      wanted: spec.version ?? null,
      pre: ctx.pre,
      distTags: [],
    });
    const kept = fromCache(spec, ctx, { kind: 'selected', version: selected.version, tag: selected.name, commit: selected.commit });
    if ('entry' in kept) return fromEntry(kept.entry, spec, ctx);
    want = { refspec: `refs/tags/${selected.name}`, version: selected.version, name: selected.name, commit: selected.commit };
  }
  const raw = mkdtempSync(join(tmpdir(), 'upkeep-release-'));
  try {
    const commit = await fetchTree(location, want.refspec, raw, ctx.name);
    const root = subFolder(spec, raw, ctx);
    const layout = layoutOf(root, ctx, { tagVersion: want.version, tag: want.version ? null : want.name });
    const rendered = engine.renderReleaseSpec(spec.source, layout.version, spec.subpath);
    const move = /** @type {Store} */ (fromCache(spec, ctx, { kind: 'fetched', holds: layout.version }));
    const entry = await store(spec, ctx, move, async (tree) => {
      await placeFiles(root, tree, layout, ctx, renameSync);
      return { spec: rendered, version: layout.version, resolved: engine.resolvedIdentity({ kind: spec.kind, tag: want.name, commit }) };
    });
    return fromEntry(entry, spec, ctx);
  } finally {
    rmSync(raw, { recursive: true, force: true });
  }
}

/**
 * An npm package, through `npm view` and `npm pack`. An exact version already in the cache
 * needs no npm at all.
 * @param {import('../index.js').ReleaseSpec} spec @param {Context} ctx
 */
async function openNpm(spec, ctx) {
  const name = spec.location;
  const early = fromCache(spec, ctx, { kind: 'before-listing' });
  if ('entry' in early) return fromEntry(early.entry, spec, ctx);
  const { versions, distTags } = await viewVersions(name, ctx.name);
  const selected = engine.selectVersion({
    label: ctx.text,
    kind: 'npm',
    available: versions.map((v) => ({ name: v, version: v, commit: null })),
    wanted: spec.version ?? null,
    pre: ctx.pre,
    distTags,
  });
  const kept = fromCache(spec, ctx, { kind: 'selected', version: selected.version });
  if ('entry' in kept) return fromEntry(kept.entry, spec, ctx);
  const scratch = mkdtempSync(join(tmpdir(), 'upkeep-npm-'));
  try {
    const { file, integrity } = await pack(name, selected.version, mkdirIn(scratch, 'pack'), ctx.name);
    const raw = mkdirIn(scratch, 'raw');
    await extractFile(file, raw, ctx.name);
    const { root } = archiveRoot(raw, ctx);
    const releaseRoot = subFolder(spec, root, ctx);
    const layout = layoutOf(releaseRoot, ctx, { tagVersion: selected.version });
    const rendered = engine.renderReleaseSpec(spec.source, layout.version, spec.subpath);
    const move = /** @type {Store} */ (fromCache(spec, ctx, { kind: 'fetched', holds: selected.version }));
    const entry = await store(spec, ctx, move, async (tree) => {
      await placeFiles(releaseRoot, tree, layout, ctx, renameSync);
      return { spec: rendered, version: layout.version, resolved: engine.resolvedIdentity({ kind: spec.kind, integrity }) };
    });
    return fromEntry(entry, spec, ctx);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A whole cache entry as a release.
 * @param {import('./cache.js').CacheEntry} entry @param {import('../index.js').ReleaseSpec} spec @param {Context} ctx
 * @returns {Release}
 */
function fromEntry(entry, spec, ctx) {
  const layout = layoutOf(entry.tree, ctx, { view: true, entries: entry.entries });
  return {
    dir: entry.tree,
    label: ctx.label,
    cleanup: () => {},
    spec: entry.index.spec,
    source: spec,
    version: layout.version,
    resolved: entry.index.resolved ?? null,
    layout,
    notices: ctx.notices,
  };
}

/** The cache entry at `key` when whole; a damaged one is reported, removed, and treated as absent. */
function cached(/** @type {string} */ key, /** @type {Context} */ ctx) {
  const found = findEntry(key);
  if (!found) return null;
  if ('damage' in found) {
    ctx.notices.push(engine.cacheDamagedNotice(ctx.text, found.damage));
    dropEntry(key);
    return null;
  }
  return found;
}

/**
 * @typedef {{ kind: 'use', key: string, entry: import('./cache.js').CacheEntry }} Kept
 * @typedef {{ kind: 'store', key: string, replace: boolean, origin?: string, revision: string }} Store the entry to
 *   build: `revision` is the version the moment said the release holds (the key's)
 */

/**
 * The engine's answer to where the opening stands (`moment`): the entries it names are
 * looked up (with the folder's `fingerprint` when it asks for it) and it is asked again.
 * A refusal is thrown; `use` comes back with its entry; `store` with the fingerprint given.
 * @param {import('../index.js').ReleaseSpec} spec @param {Context} ctx
 * @param {import('../index.js').CacheMoment} moment @param {() => string} [fingerprint]
 * @returns {Kept | Store | { kind: 'fetch' | 'read-in-place' | 'replace' }}
 */
function fromCache(spec, ctx, moment, fingerprint) {
  /** @type {import('../index.js').CacheQuestion} */
  const question = {
    kind: spec.kind,
    identity: spec.location,
    version: spec.version ?? null,
    subpath: spec.subpath ?? null,
    stateDir: ctx.stateDir,
    name: ctx.name,
    flag: ctx.flag,
    cache: cacheRoot(),
    retain: ctx.retain,
    moment,
  };
  let move = engine.releaseCacheMove(question);
  /** @type {(import('./cache.js').CacheEntry | null)[]} */
  let entries = [];
  let origin;
  if (move.kind === 'look-up') {
    const { keys } = move;
    entries = keys.map((/** @type {string} */ key) => cached(key, ctx));
    origin = move.fingerprint && fingerprint ? fingerprint() : undefined;
    const found = entries.map((e) => e && { resolved: e.index.resolved ?? null, origin: e.index.origin ?? null });
    move = engine.releaseCacheMove({ ...question, found, origin: origin ?? null });
    if (move.kind === 'use') {
      const key = move.key;
      return { kind: 'use', key, entry: /** @type {import('./cache.js').CacheEntry} */ (entries[keys.indexOf(key)]) };
    }
  }
  if (move.kind === 'refuse') throw UpkeepError.from(move.refusal);
  if (move.kind === 'store') return { ...move, origin, revision: /** @type {{ holds: string }} */ (moment).holds };
  if (move.kind === 'look-up' || move.kind === 'use') throw new Error(`the engine answered ${move.kind} twice`);
  return move;
}

/**
 * Builds the entry the engine named (`populate` fills it); when another run placed one at
 * its key first, the engine says whether that one is kept.
 * @param {import('../index.js').ReleaseSpec} spec @param {Context} ctx @param {Store} move
 * @param {(tree: string) => Promise<{ spec: string, version: string, resolved: string | null, origin?: string | null }>} populate
 */
function store(spec, ctx, move, populate) {
  return storeEntry(move.key, populate, (meta) => {
    if (move.replace) return false;
    const answer = fromCache(spec, ctx, { kind: 'placed', version: move.revision, resolved: meta.resolved });
    return answer.kind === 'use' ? answer.entry : false;
  });
}

/**
 * The engine's layout of the release at `root`.
 * @param {string} root @param {Context} ctx
 * @param {{ tagVersion?: string | null, tag?: string | null, view?: boolean, entries?: ReturnType<typeof listTree> }} facts
 *   `entries`: the listing of `root` when it was just read
 * @returns {import('../index.js').ReleaseLayout}
 */
function layoutOf(root, ctx, { tagVersion = null, tag = null, view = false, entries = listTree(root) }) {
  /** @type {import('../index.js').UpdatePaths} */
  const paths = engine.updatePaths(ctx.stateDir);
  // Read strictly: a lossy decoding would be laid out as the release's own file.
  const read = (/** @type {string} */ rel, /** @type {'release-manifest' | 'release'} */ what) => {
    const name = engine.inputName({ kind: 'release-file', release: ctx.label, path: rel });
    let bytes;
    try {
      bytes = readFileSync(join(root, rel));
    } catch (error) {
      // Absent is the engine's to lay out (a default manifest, a refusal); anything else is refused by name.
      if (isAbsent(error)) return null;
      if (!isOsError(error)) throw error;
      throw UpkeepError.from(
        engine.inputRefusal({
          kind: 'unreadable',
          what: name,
          path: join(root, rel),
          error: osMessage(/** @type {NodeJS.ErrnoException} */ (error)),
        }),
      );
    }
    return decodeStrict(bytes, name, what);
  };
  const input = {
    label: ctx.text,
    manifest: read(paths.manifest, 'release-manifest'),
    versionFile: read(paths.version, 'release'),
    tagVersion,
    tag,
    stateDir: ctx.stateDir,
    view,
  };
  // Packed both ways; the files' objects are made only if something reads them.
  const listing = packListing(entries);
  return listing ? packedLayout(engine, input, listing) : engine.planLayout({ ...input, entries });
}

/**
 * Puts every file of `layout` from `root` into `tree` under its installed name (`place` is
 * a copy or a rename), then the manifest and VERSION that apply. Polls for a stop request.
 * @param {string} root @param {string} tree @param {import('../index.js').ReleaseLayout} layout @param {Context} ctx
 * @param {(from: string, to: string) => void} place
 */
async function placeFiles(root, tree, layout, ctx, place) {
  const made = new Set([tree]);
  const parent = (/** @type {string} */ path) => {
    const dir = dirname(path);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
  };
  for (const [i, file] of layout.files.entries()) {
    const to = join(tree, file.path);
    parent(to);
    place(join(root, file.from), to);
    if (i % 1024 === 1023) {
      // Synchronous copies: let a signal's handler run, and stop when asked.
      await letSignalsIn();
      if (ctx.stopRequested?.()) throw fetchError({ kind: 'stopped', name: ctx.name, copying: true });
    }
  }
  /** @type {import('../index.js').UpdatePaths} */
  const paths = engine.updatePaths(ctx.stateDir);
  mkdirSync(join(tree, paths.stateDir), { recursive: true });
  writeFileSync(join(tree, paths.manifest), layout.manifest);
  writeFileSync(join(tree, paths.version), engine.renderVersionFile(layout.version));
}

/**
 * The folder an extracted archive's files are in: its one top-level folder when it has
 * nothing else (GitHub's and npm's archives), and an npm package's version.
 * @param {string} raw @param {Context} ctx
 */
function archiveRoot(raw, ctx) {
  const top = readdirSync(raw, { withFileTypes: true }).map((e) => ({ name: e.name, directory: e.isDirectory() }));
  /** @type {import('../index.js').ArchiveRoot} */
  const at = engine.archiveRoot(top, ctx.stateDir);
  const root = at.folder === null ? raw : join(raw, at.folder);
  let packageVersion = null;
  if (at.versionFile !== null) {
    try {
      packageVersion = engine.packageVersion(readFileSync(join(root, at.versionFile), 'utf8'));
    } catch {}
  }
  return { root, packageVersion };
}

/** `root/<sub-path>`, which must be a folder of the release. */
function subFolder(/** @type {import('../index.js').ReleaseSpec} */ spec, /** @type {string} */ root, /** @type {Context} */ ctx) {
  if (!spec.subpath) return root;
  const folder = join(root, spec.subpath);
  if (!isDirectory(folder)) {
    const folders = readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    throw refused({ kind: 'no-subfolder', name: ctx.name, subpath: spec.subpath, folders });
  }
  return folder;
}

function mkdirIn(/** @type {string} */ dir, /** @type {string} */ name) {
  const path = join(dir, name);
  mkdirSync(path);
  return path;
}

function isDirectory(/** @type {string} */ path) {
  return statOrAbsent(path)?.isDirectory() ?? false;
}

/** What is at `path` (links followed), null when nothing is; any other failure (a folder on its way that cannot be read) is thrown, never taken for "gone". */
function statOrAbsent(/** @type {string} */ path) {
  try {
    return statSync(path);
  } catch (error) {
    if (isAbsent(error)) return null;
    throw error;
  }
}

/** The engine's refusal of a release that cannot be opened as named, as an error. */
function refused(/** @type {import('../index.js').ReleaseProblem} */ problem) {
  return UpkeepError.from(engine.releaseRefusal(problem));
}
