// Where a project's releases come from, for the language server: a small "release
// provider" interface (project root → baseline and latest release directories, or the
// reason they cannot be had) and its implementations, one per route the engine can choose
// from the initialization options (`releaseRoute`): the releases they name, the release
// folders they name, or the project's recorded source (`.upkeep/source.json`, releases
// cached under $XDG_CACHE_HOME/upkeep). A provider may take as long as it needs
// (extracting an archive, exporting a git ref, fetching): the server runs it in the
// background and never waits for it inside a request.
import { readFile, readdir, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { engine } from '../engine.js';
import { openOptions, resolveSources } from '../releases/project-source.js';
import { isAbsent } from '../shim/os-message.js';
import { openRelease } from '../shim/release-source.js';

/**
 * @typedef {object} ReleasePair
 * @property {string} installed the version the project has installed (its `.upkeep/VERSION`)
 * @property {string} latestVersion the latest release's version
 * @property {string | null} baselineDir the installed release's files; `null` when unknown
 * @property {string} latestDir the latest release's files
 * @property {string} origin how the user named these releases, for status messages
 * @property {() => void} cleanup removes what opening the releases extracted
 */
/** @typedef {ReleasePair | { unavailable: string }} ReleaseAnswer */
/**
 * @typedef {object} ReleaseProvider
 * @property {(root: string, stateDir: string) => Promise<ReleaseAnswer | null>} resolve
 *   the releases of the project at `root`, the reason they cannot be had, or `null` when
 *   this provider knows nothing about the project
 */

/** Each route's provider. */
const PROVIDERS = {
  named: namedReleasesProvider,
  directories: releaseDirectoriesProvider,
  recorded: recordedSourceProvider,
};

/**
 * The provider the server asks, on the route the engine chooses from its initialization options.
 * @param {LspOptions} options
 * @returns {ReleaseProvider}
 */
export function releaseProvider(options) {
  /** @type {import('../index.js').ReleaseRoute} */
  const route = engine.releaseRoute(Boolean(options.latest), Boolean(options.releases));
  return PROVIDERS[route](options);
}

/**
 * @typedef {object} LspOptions
 * @property {string} [baseline] the installed release: a release spec (a directory, a .tar.gz,
 *   <repo>#<ref>, npm:<name>@<version>, …); default: the recorded source
 * @property {string} [latest] the latest release (same forms)
 * @property {string[] | string} [releases] release directories (each holding `.upkeep/VERSION`),
 *   or one directory whose sub-directories are releases
 * @property {string} [source] a host repository's install source (holds install/manifest.json)
 * @property {string} [manifest] the install manifest, if not <source>/install/manifest.json
 * @property {string} [stateDir] `.upkeep` by default
 * @property {'patch' | 'merge' | 'markers'} [conflicts] the mode the next update runs with
 * @property {object} [score] the options `upkeep.scoreWorkingTree` assesses with
 */

/**
 * Initialization options naming the two releases (`baseline`, `latest`), as `upkeep update
 * --baseline --latest` takes them. Relative paths are taken from the project root.
 * @param {LspOptions} options
 * @returns {ReleaseProvider}
 */
export function namedReleasesProvider(options) {
  /** The route is taken when the options name a latest release. */
  const latestSpec = /** @type {string} */ (options.latest);
  return {
    async resolve(root, stateDir) {
      const installed = await readVersion(versionPath(root, stateDir));
      if (installed === null) return { unavailable: engine.editorNotice({ kind: 'no-version', stateDir, root }) };
      /** @type {import('../shim/release-source.js').Release[]} */
      const opened = [];
      try {
        // Release specs, relative ones taken from the project root.
        const latest = await openRelease(latestSpec, 'latest', { cwd: root, stateDir });
        opened.push(latest);
        const baseline = options.baseline ? await openRelease(options.baseline, 'baseline', { cwd: root, stateDir }) : null;
        if (baseline) opened.push(baseline);
        const latestVersion = await readVersion(versionPath(latest.dir, stateDir));
        if (latestVersion === null)
          throw new Error(engine.editorNotice({ kind: 'release-without-version', release: latestSpec, stateDir }));
        return {
          installed,
          latestVersion,
          baselineDir: baseline?.dir ?? null,
          latestDir: latest.dir,
          origin: engine.editorNotice({ kind: 'named-origin', baseline: options.baseline ?? null, latest: latestSpec }),
          cleanup: () => opened.forEach((r) => r.cleanup()),
        };
      } catch (error) {
        opened.forEach((r) => r.cleanup());
        return { unavailable: engine.editorNotice({ kind: 'named-releases-unopened', error: /** @type {Error} */ (error).message }) };
      }
    },
  };
}

/**
 * The project's recorded source (`<stateDir>/source.json`), as a bare `upkeep update` reads
 * it: the installed version's release is the baseline, the newest the latest (both from
 * upkeep's cache when they are there); `null` when the project records none. It reads no
 * option.
 * @returns {ReleaseProvider}
 */
export function recordedSourceProvider() {
  return {
    async resolve(root, stateDir) {
      /** @type {import('../index.js').UpdateSources} */
      let sources;
      try {
        sources = resolveSources(root, stateDir, {});
      } catch (error) {
        if (/** @type {{ code?: string }} */ (error).code === 'no-source') return null;
        return { unavailable: /** @type {Error} */ (error).message };
      }
      const installed = await readVersion(versionPath(root, stateDir));
      if (installed === null) return { unavailable: engine.editorNotice({ kind: 'no-version', stateDir, root }) };
      /** @type {import('../shim/release-source.js').Release[]} */
      const opened = [];
      try {
        const latest = await openRelease(sources.latest, 'latest', openOptions(root, sources, { stateDir }, 'latest'));
        opened.push(latest);
        const baseline = await openRelease(sources.baseline, 'baseline', openOptions(root, sources, { stateDir }, 'baseline'));
        opened.push(baseline);
        /** @type {string | null} */
        const drift = engine.editorReleaseDrift(baseline.spec, sources.expectResolved, baseline.resolved);
        if (drift !== null) {
          opened.forEach((r) => r.cleanup());
          return { unavailable: drift };
        }
        return {
          installed,
          latestVersion: latest.version,
          baselineDir: baseline.dir,
          latestDir: latest.dir,
          origin: engine.editorNotice({ kind: 'recorded-origin', baseline: baseline.spec, latest: latest.spec, stateDir }),
          cleanup: () => opened.forEach((r) => r.cleanup()),
        };
      } catch (error) {
        opened.forEach((r) => r.cleanup());
        return { unavailable: engine.editorNotice({ kind: 'recorded-source-unopened', error: /** @type {Error} */ (error).message }) };
      }
    },
  };
}

/**
 * The project's `.upkeep/VERSION` and release directories named by the options (each a
 * release, or a folder of them): the engine picks the baseline (the one holding the
 * installed version) and the latest (the highest version) among those found
 * (`pickReleaseDirs`).
 * @param {LspOptions} options
 * @returns {ReleaseProvider}
 */
export function releaseDirectoriesProvider(options) {
  return {
    async resolve(root, stateDir) {
      const installed = await readVersion(versionPath(root, stateDir));
      if (installed === null) return { unavailable: engine.editorNotice({ kind: 'no-version', stateDir, root }) };
      const releases = options.releases ?? [];
      const named = (Array.isArray(releases) ? releases : [releases]).map((r) => absolute(root, r));
      // Each named folder and each of its sub-folders holding a VERSION; the engine says which are releases.
      /** @type {import('../index.js').FoundRelease[]} */
      const found = [];
      for (const dir of named) {
        const version = await readVersion(versionPath(dir, stateDir));
        if (version !== null) found.push({ dir, version, inside: null });
        const children = await readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const child of children.filter((c) => c.isDirectory())) {
          const inner = join(dir, child.name);
          const v = await readVersion(versionPath(inner, stateDir));
          if (v !== null) found.push({ dir: inner, version: v, inside: dir });
        }
      }
      /** @type {import('../index.js').ReleaseDirs} */
      const picked = engine.pickReleaseDirs({ installed, stateDir, named, found });
      if (picked.unavailable !== null || picked.latest === null) return { unavailable: /** @type {string} */ (picked.unavailable) };
      return {
        installed,
        latestVersion: picked.latest.version,
        baselineDir: picked.baselineDir,
        latestDir: picked.latest.dir,
        origin: engine.editorNotice({ kind: 'directories-origin', named }),
        cleanup: () => {},
      };
    },
  };
}

/**
 * Asks the provider; a project it knows nothing about has no release named.
 * @param {ReleaseProvider} provider @param {string} root @param {string} stateDir
 * @returns {Promise<ReleaseAnswer>}
 */
export async function resolveReleases(provider, root, stateDir) {
  return (await provider.resolve(root, stateDir)) ?? { unavailable: engine.editorNotice({ kind: 'no-release-named' }) };
}

/** The version a VERSION file records (the engine reads its text), or null when it does not exist (or is not a file). */
/** A `VERSION` file's version; null when there is none (a file there that cannot be read is an error, in the OS's words). */
async function readVersion(/** @type {string} */ path) {
  try {
    if (!(await stat(path)).isFile()) return null;
    return engine.readVersionFile(await readFile(path, 'utf8'));
  } catch (error) {
    if (isAbsent(error)) return null;
    throw error;
  }
}

const absolute = (/** @type {string} */ root, /** @type {string} */ path) => (isAbsolute(path) ? path : resolve(root, path));

/**
 * The version file of the project or release at `dir`, where the engine's layout puts it.
 * @param {string} dir @param {string} stateDir
 */
function versionPath(dir, stateDir) {
  return join(dir, engine.updatePaths(stateDir).version);
}
