// The projects the language server serves, found from the workspace folders: a project
// scaffolded from a template (`.upkeep/VERSION`, updated by `upkeep update`) or a host
// repository with an install record (`.upkeep-source.json`, kept by `upkeep refresh`).
// I/O only: the engine reads every manifest and record and decides what a file shows.
// Everything here is asynchronous, so no request ever waits on a release, a scan or git.
import { execFile } from 'node:child_process';
import { lstat, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { engine } from '../engine.js';
import { manifestAt } from '../flows/refresh.js';
import { resolveReleases } from './releases.js';
import { SOURCE_RECORD_NAME } from '../generated/defaults.js';
import { gitEnv } from '../shim/git.js';
import { isAbsent, isOsError, osMessage } from '../shim/os-message.js';

/** How many files' release sides stay cached (the open documents' and their neighbours'). */
const SIDE_CACHE = 256;

/**
 * @typedef {import('../index.js').EditorStatusLine} ProjectStatus
 * @typedef {import('../index.js').ManagedFile} ManagedFile
 */

/** A project: where it is, what it is, and what its releases hold. */
export class Project {
  /**
   * @param {string} root
   * @param {'update' | 'install'} kind
   * @param {import('./releases.js').LspOptions} options
   * @param {import('./releases.js').ReleaseProvider} provider
   */
  constructor(root, kind, options, provider) {
    this.root = root;
    this.kind = kind;
    this.options = options;
    this.provider = provider;
    /** @type {import('../index.js').UpdatePaths} where the engine keeps the project's own files */
    this.paths = engine.updatePaths(options.stateDir);
    this.stateDir = this.paths.stateDir;
    /** @type {ProjectStatus} */
    this.status = engine.editorNoticeStatus({ kind: 'reading', root });
    /** @type {Map<string, import('../index.js').EditorManifest['files'][number]>} */
    this.files = new Map();
    /** @type {string[]} the managed paths the latest release ships (the engine's `shipped`): what a scan reads */
    this.shipped = [];
    /** @type {import('./releases.js').ReleasePair | null} */
    this.releases = null;
    /** @type {{ files: Map<string, import('../index.js').InstalledPath>, shipped: string[], source: string } | null} */
    this.install = null;
    /** @type {Map<string, Promise<ManagedFile | null>>} */
    this.sides = new Map();
    /** @type {string[]} */
    this.notes = [];
    /** @type {Promise<void> | null} */
    this.loading = null;
    /** @type {string} an install's record, where the engine keeps it for the manifest's home (known once loaded) */
    this.recordName = SOURCE_RECORD_NAME;
    /** What the status line says, for the engine (`editorStatus`). */
    /** @type {any} */
    this.facts = null;
    /** A file of the project at fault (a damaged manifest or record), for its own diagnostic. */
    /** @type {{ rel: string } | null} */
    this.problem = null;
  }

  /** The path of `abs` inside the project, `/`-separated, or null when outside it. */
  relative(/** @type {string} */ abs) {
    const rel = relative(this.root, abs);
    if (rel === '' || rel.startsWith('..') || rel.startsWith(sep)) return null;
    return rel.split(sep).join('/');
  }

  /**
   * Where the project's state changes, for the server to watch: a template project's state
   * folder; an install's record, in the folder the engine keeps it in.
   * @returns {{ dir: string, name: string | null }}
   */
  watched() {
    if (this.kind === 'update') return { dir: join(this.root, this.stateDir), name: null };
    const record = join(this.root, this.recordName);
    return { dir: dirname(record), name: basename(record) };
  }

  /** Reads (or re-reads) the releases and manifests; never throws: failures become the status. */
  load() {
    this.loading = (async () => {
      this.releases?.cleanup();
      this.releases = null;
      this.files = new Map();
      this.shipped = [];
      this.sides = new Map();
      this.install = null;
      this.problem = null;
      this.status = engine.editorNoticeStatus({ kind: 'reading-releases', root: this.root });
      try {
        if (this.kind === 'update') await this.loadUpdate();
        else await this.loadInstall();
      } catch (error) {
        this.status = engine.editorNoticeStatus({ kind: 'failed', error: /** @type {Error} */ (error).message });
      }
    })();
    return this.loading;
  }

  async loadUpdate() {
    const own = await readText(join(this.root, this.paths.manifest));
    // The project's own copy of the installed manifest: a damaged one is named in the status.
    if (own !== null) this.blame(this.paths.manifest, () => engine.checkInstalledManifest(own, this.paths.manifest));
    const answer = await resolveReleases(this.provider, this.root, this.stateDir);
    if ('unavailable' in answer) {
      this.status = engine.editorNoticeStatus({ kind: 'unreachable', root: this.root, why: answer.unavailable });
      return;
    }
    this.releases = answer;
    const latest = await readText(join(answer.latestDir, this.paths.manifest));
    if (latest === null)
      throw new Error(engine.editorNotice({ kind: 'release-without-manifest', origin: answer.origin, stateDir: this.stateDir }));
    const baseline = answer.baselineDir ? await readText(join(answer.baselineDir, this.paths.manifest)) : null;
    const manifest = engine.editorManifest(latest, baseline, own);
    this.files = new Map(manifest.files.map((/** @type {any} */ f) => [f.path, f]));
    this.shipped = manifest.shipped;
    this.notes = manifest.notes;
    this.facts = {
      kind: 'update',
      files: manifest.shipped.length,
      installed: answer.installed,
      latest: answer.latestVersion,
      baselineFound: answer.baselineDir !== null,
      notes: manifest.notes,
    };
    this.status = engine.editorReadyStatus(this.facts);
  }

  async loadInstall() {
    const source = this.options.source;
    if (!source) {
      throw new Error(engine.editorNotice({ kind: 'no-source-named', root: this.root }));
    }
    const { path: manifestPath, name: manifestName } = manifestAt(source, this.options.manifest);
    const bytes = await readFile(manifestPath).catch((error) => {
      throw new Error(engine.editorNotice({ kind: 'install-manifest-unreadable', path: manifestPath, error: error.message }));
    });
    const manifest = engine.parseInstallManifest(bytes, manifestName);
    /** @type {string} where the engine keeps the record for this manifest's home */
    const recordName = engine.RefreshInputs.open(bytes, manifestName).recordPath();
    this.recordName = recordName;
    const recordBytes = await readFile(join(this.root, recordName)).catch((error) => {
      if (isAbsent(error)) return null;
      if (!isOsError(error)) throw error;
      const what = engine.inputName({ kind: 'project-file', path: recordName, root: this.root });
      throw new Error(
        engine.inputRefusal({ kind: 'unreadable', what, path: join(this.root, recordName), error: osMessage(error) }).message,
      );
    });
    if (recordBytes === null)
      throw new Error(engine.editorNotice({ kind: 'no-install-record', record: recordName, root: this.root, source }));
    const record = this.blame(recordName, () => engine.parseSourceRecord(recordBytes, recordName));
    /** @type {import('../index.js').EditorInstall} */
    const installed = engine.editorInstall(manifest, record);
    this.install = { files: new Map(installed.files.map((f) => [f.target, f])), shipped: installed.shipped, source };
    this.facts = { kind: 'install', files: installed.shipped.length, source };
    this.status = engine.editorReadyStatus(this.facts);
  }

  /**
   * Runs `read`; when it throws, `rel` is the project's file at fault.
   * @template T @param {string} rel @param {() => T} read @returns {T}
   */
  blame(rel, read) {
    try {
      return read();
    } catch (error) {
      this.problem = { rel };
      throw error;
    }
  }

  /** Whether the engine has anything to say about `rel`. */
  manages(/** @type {string} */ rel) {
    if (this.kind === 'update') return this.files.has(rel);
    return Boolean(this.install?.files.has(rel));
  }

  /**
   * The release sides of `rel` as the engine's `managed` input, read once and cached;
   * null when the file is not managed.
   * @param {string} rel
   * @returns {Promise<ManagedFile | null>}
   */
  managed(rel) {
    let pending = this.sides.get(rel);
    if (!pending) {
      pending = this.readSides(rel);
      this.sides.set(rel, pending);
      if (this.sides.size > SIDE_CACHE) this.sides.delete(/** @type {string} */ (this.sides.keys().next().value));
    }
    return pending;
  }

  /**
   * @param {string} rel
   * @param {{ reference?: boolean }} [want] the scan skips the reference (no git per file)
   * @returns {Promise<ManagedFile | null>}
   */
  async readSides(rel, { reference = true } = {}) {
    if (this.kind === 'install') {
      const install = this.install;
      if (!install) return null;
      const file = install.files.get(rel);
      if (!file) return null;
      return {
        kind: 'install',
        source: install.source,
        src: file.src,
        latest: file.shipped ? await readInside(install.source, file.src) : null,
        recordedSha256: file.recordedSha256,
        keptAgainst: file.keptAgainst,
      };
    }
    const entry = this.files.get(rel);
    const releases = this.releases;
    if (!entry || !releases) return null;
    return {
      kind: 'update',
      class: entry.class,
      installed: releases.installed,
      latestVersion: releases.latestVersion,
      baseline: releases.baselineDir ? await readInside(releases.baselineDir, rel) : null,
      latest: entry.dropped ? null : await readInside(releases.latestDir, rel),
      regions: entry.regions,
      merge: entry.merge,
      // A generated region's hand edits are told against the committed copy and the saved one (the engine picks).
      ...(reference && entry.regions.length > 0
        ? { reference: await gitShow(this.root, rel), saved: await readInside(this.root, rel) }
        : { reference: null, saved: null }),
      conflicts: this.options.conflicts,
    };
  }

  /**
   * Walks every managed file in the background, one at a time (bounded memory), and
   * counts what the engine shows for each; `onProgress` hears every 200 files.
   * @param {(done: number, total: number) => void} [onProgress]
   * @param {() => boolean} [cancelled]
   */
  async scan(onProgress, cancelled = () => false) {
    /** @type {import('../index.js').ScanTotals | null} */
    let totals = null;
    const paths = this.kind === 'update' ? this.shipped : (this.install?.shipped ?? []);
    for (const [i, rel] of paths.entries()) {
      if (cancelled()) return null;
      const bytes = await readInside(this.root, rel);
      const managed = bytes ? await this.readSides(rel, { reference: false }) : null;
      const summary = bytes && managed ? engine.fileView({ path: rel, current: decoder.decode(bytes), managed }).summary : null;
      totals = engine.editorTally(totals, summary);
      if ((i + 1) % 200 === 0) {
        onProgress?.(i + 1, paths.length);
        await new Promise((r) => setImmediate(r));
      }
    }
    onProgress?.(paths.length, paths.length);
    return { totals: totals ?? {}, scanned: paths.length };
  }

  dispose() {
    this.releases?.cleanup();
  }
}

const decoder = new TextDecoder();

/**
 * The project at a workspace folder, if it is one.
 * @param {string} folder
 * @param {import('./releases.js').LspOptions} options
 * @param {import('./releases.js').ReleaseProvider} provider
 */
export async function discover(folder, options, provider) {
  /** @type {'update' | 'install' | null} */
  const kind = engine.projectKind({
    hasVersion: await isFile(join(folder, engine.updatePaths(options.stateDir).version)),
    hasRecord: await isFile(join(folder, SOURCE_RECORD_NAME)),
    sourceNamed: Boolean(options.source),
  });
  return kind === null ? null : new Project(folder, kind, options, provider);
}

async function isFile(/** @type {string} */ path) {
  try {
    return (await lstat(path)).isFile();
  } catch {
    return false;
  }
}

async function readText(/** @type {string} */ path) {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The bytes of `rel` under `dir`, read without following a link at any component; null
 * when nothing (or no regular file) is there. Any other failure (permissions, too many
 * open files) is thrown: read as "nothing there", it would show as upstream deleting the
 * file.
 * @param {string} dir @param {string} rel
 */
export async function readInside(dir, rel) {
  let at = dir;
  for (const part of rel.split('/')) {
    at = join(at, part);
    const st = await lstat(at).catch(absentAsNull);
    if (!st || st.isSymbolicLink()) return null;
  }
  try {
    return new Uint8Array(await readFile(at));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EISDIR') return null;
    return absentAsNull(error);
  }
}

/** Null for a path that is not there (it, or a folder on its way); any other error is thrown. */
function absentAsNull(/** @type {unknown} */ error) {
  if (isAbsent(error)) return null;
  throw error;
}

/** `git show HEAD:<rel>` as bytes, or null (not a repository, not committed). */
function gitShow(/** @type {string} */ root, /** @type {string} */ rel) {
  return new Promise((resolve) => {
    execFile('git', ['-C', root, 'show', `HEAD:./${rel}`], { encoding: 'buffer', env: gitEnv(), maxBuffer: 1 << 28 }, (error, stdout) =>
      resolve(error ? null : new Uint8Array(stdout)),
    );
  });
}
