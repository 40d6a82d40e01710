// Opening a release named by a spec (a directory, a .tar.gz, a git repository, an npm
// package; optionally a version and a sub-path) as a folder laid out the way a project
// sees it: installed names, and the `<stateDir>/VERSION` and `<stateDir>/manifest.json` that
// apply. The engine parses the spec, chooses the version, lays the release out and names
// its cache entry; this module fetches (git, npm, the file system) and moves bytes.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { packedLayout, packListing } from '../layout-api.js';
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
    if (!existsSync(spec.location)) {
      // Gone from this machine: an exact version upkeep kept (as a git tag or a folder) still opens.
      const kept =
        spec.version && isExact(spec.version)
          ? ['git', 'directory']
              .map((kind) => cached(entryKey({ ...spec, kind }, spec.location, normalized(/** @type {string} */ (spec.version)), ctx), ctx))
              .find(Boolean)
          : null;
      if (kept) return fromEntry(kept, spec, ctx);
      throw refused({ kind: 'not-found', name: ctx.name, location: spec.location, anyKind: true });
    }
    spec = engine.resolveLocalSpec(spec, statSync(spec.location).isDirectory() && (await isGitRepository(spec.location)));
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
  const identity = spec.location;
  const listing = listTree(root);
  const layout = layoutOf(root, ctx, { entries: listing });
  if (spec.version && engine.compareVersions(layout.version, spec.version) !== 0) {
    const hit = cached(entryKey(spec, identity, normalized(spec.version), ctx), ctx);
    if (hit) return fromEntry(hit, spec, ctx);
    throw versionGone(spec, layout.version, ctx, true);
  }
  const rendered = engine.renderReleaseSpec(spec.source, layout.version, spec.subpath);
  if (layout.inPlace && !ctx.retain) {
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
  // The directory is the truth for the version it holds: its copy is kept while the folder
  // is unchanged (its fingerprint), and made again when anything in it was written since.
  const key = entryKey(spec, identity, layout.version, ctx);
  const origin = engine.folderFingerprint(listing.map(({ path }) => ({ path, stamp: stampOf(join(root, path)) })));
  const kept = cached(key, ctx);
  if (kept && kept.index.origin === origin) return fromEntry(kept, spec, ctx);
  const entry = await storeEntry(
    key,
    async (tree) => {
      await placeFiles(root, tree, layout, ctx, copyFileSync);
      return { spec: rendered, version: layout.version, resolved: engine.resolvedIdentity({ kind: spec.kind }), origin };
    },
    { replace: true },
  );
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
    const kept = spec.version && isExact(spec.version) ? cached(entryKey(spec, spec.location, normalized(spec.version), ctx), ctx) : null;
    if (kept) return fromEntry(kept, spec, ctx);
    throw fetchError({ kind: 'unreadable', name: ctx.name, error: /** @type {Error} */ (error).message });
  }
  const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
  const raw = mkdtempSync(join(tmpdir(), 'upkeep-release-'));
  try {
    // From the bytes read above: the archive is opened once (a FIFO can be read only once).
    await extractBytes(bytes, raw, ctx.name);
    const { root, packageVersion } = archiveRoot(raw, ctx);
    const releaseRoot = subFolder(spec, root, ctx);
    const layout = layoutOf(releaseRoot, ctx, { tagVersion: packageVersion });
    const identity = spec.location;
    if (spec.version && engine.compareVersions(layout.version, spec.version) !== 0) {
      const hit = cached(entryKey(spec, identity, normalized(spec.version), ctx), ctx);
      if (hit) return fromEntry(hit, spec, ctx);
      throw versionGone(spec, layout.version, ctx, false);
    }
    const rendered = engine.renderReleaseSpec(spec.source, layout.version, spec.subpath);
    const entry = await storeEntry(entryKey(spec, identity, layout.version, ctx), async (tree) => {
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
  const identity = location;
  /** @type {{ refspec: string, version: string | null, name: string, commit: string | null }} */
  let want;
  if (spec.ref) {
    const found = await resolveRef(location, spec.ref, ctx.name);
    if (!found) throw refused({ kind: 'no-ref', name: ctx.name, location, reference: spec.ref });
    want = { refspec: found.refname, version: found.version ?? null, name: spec.ref, commit: found.commit };
  } else {
    if (spec.version && isExact(spec.version)) {
      const hit = cached(entryKey(spec, identity, normalized(spec.version), ctx), ctx);
      if (hit) return fromEntry(hit, spec, ctx);
    }
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
    const hit = cached(entryKey(spec, identity, selected.version, ctx), ctx);
    // A moved tag is fetched again: the entry must pin the commit the tag names now.
    if (hit && hit.index.resolved === engine.resolvedIdentity({ kind: spec.kind, tag: selected.name, commit: selected.commit })) {
      return fromEntry(hit, spec, ctx);
    }
    want = { refspec: `refs/tags/${selected.name}`, version: selected.version, name: selected.name, commit: selected.commit };
  }
  const raw = mkdtempSync(join(tmpdir(), 'upkeep-release-'));
  try {
    const commit = await fetchTree(location, want.refspec, raw, ctx.name);
    const root = subFolder(spec, raw, ctx);
    const layout = layoutOf(root, ctx, { tagVersion: want.version, tag: want.version ? null : want.name });
    const rendered = engine.renderReleaseSpec(spec.source, layout.version, spec.subpath);
    const entry = await storeEntry(entryKey(spec, identity, layout.version, ctx), async (tree) => {
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
  if (spec.version && isExact(spec.version)) {
    const hit = cached(entryKey(spec, name, normalized(spec.version), ctx), ctx);
    if (hit) return fromEntry(hit, spec, ctx);
  }
  const { versions, distTags } = await viewVersions(name, ctx.name);
  const selected = engine.selectVersion({
    label: ctx.text,
    kind: 'npm',
    available: versions.map((v) => ({ name: v, version: v, commit: null })),
    wanted: spec.version ?? null,
    pre: ctx.pre,
    distTags,
  });
  const key = entryKey(spec, name, selected.version, ctx);
  const hit = cached(key, ctx);
  if (hit) return fromEntry(hit, spec, ctx);
  const scratch = mkdtempSync(join(tmpdir(), 'upkeep-npm-'));
  try {
    const { file, integrity } = await pack(name, selected.version, mkdirIn(scratch, 'pack'), ctx.name);
    const raw = mkdirIn(scratch, 'raw');
    await extractFile(file, raw, ctx.name);
    const { root } = archiveRoot(raw, ctx);
    const releaseRoot = subFolder(spec, root, ctx);
    const layout = layoutOf(releaseRoot, ctx, { tagVersion: selected.version });
    const rendered = engine.renderReleaseSpec(spec.source, layout.version, spec.subpath);
    const entry = await storeEntry(key, async (tree) => {
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

/** @param {import('../index.js').ReleaseSpec} spec @param {string} identity @param {string} revision @param {Context} ctx */
function entryKey(spec, identity, revision, ctx) {
  return engine.cacheKey({ kind: spec.kind, identity, revision, subpath: spec.subpath ?? null, stateDir: ctx.stateDir });
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
    let bytes;
    try {
      bytes = readFileSync(join(root, rel));
    } catch {
      return null;
    }
    return decodeStrict(bytes, engine.inputName({ kind: 'release-file', release: ctx.label, path: rel }), what);
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
      .filter((d) => d.isDirectory() && d.name !== '.git')
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
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Whether `text` is one exact version (the engine's semver parse accepts it). */
function isExact(/** @type {string} */ text) {
  try {
    engine.compareVersions(text, text);
    return true;
  } catch {
    return false;
  }
}

/** The engine's refusal of a release that cannot be opened as named, as an error. */
function refused(/** @type {import('../index.js').ReleaseProblem} */ problem) {
  return UpkeepError.from(engine.releaseRefusal(problem));
}

/**
 * The refusal of a version the location no longer holds and the cache has no copy of.
 * @param {import('../index.js').ReleaseSpec} spec @param {string} holds @param {Context} ctx
 * @param {boolean} kindsHint whether the hint lists the kinds of release the flag takes
 */
function versionGone(spec, holds, ctx, kindsHint) {
  const wanted = normalized(/** @type {string} */ (spec.version));
  return refused({
    kind: 'version-gone',
    name: ctx.name,
    location: spec.location,
    holds,
    wanted,
    cache: cacheRoot(),
    flag: ctx.flag,
    kindsHint,
  });
}

/** A version as the engine writes it (`v1.2.0` → `1.2.0`). */
function normalized(/** @type {string} */ text) {
  return engine.checkVersions(text, text, null).installed;
}
