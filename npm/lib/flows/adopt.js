// The `upkeep adopt` flow: records the source of a project scaffolded by hand or by another
// tool (as `cruft link` does). It fetches the release, compares the project's managed
// files with it (the engine's report: the ones that differ are the project's local edits
// from then on), and writes `.upkeep/manifest.json`, `VERSION` and `source.json`, each
// atomically; no other file is touched. Re-running it finishes an interrupted run.
import { rmdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { engine } from '../engine.js';
import { openRelease } from '../releases/open.js';
import { atomicWrite } from '../shim/atomic-write.js';
import { isAbsent, isOsError, osMessage } from '../shim/os-message.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { hashFileSync } from '../shim/hash-file.js';
import { acquireLock } from '../shim/lock.js';
import { probe, readText, writable } from '../shim/project-files.js';
import { ensureParents } from '../shim/safe-path.js';

/**
 * @typedef {object} AdoptRequest
 * @property {string} spec the release the project was made from, version included (`<spec>@<version>`)
 * @property {string} [root] the project (default: the current directory)
 * @property {string} [cwd] what a local release spec is relative to (default: the current directory)
 * @property {boolean} [force] replace a record of another source or version
 * @property {string} [stateDir] `.upkeep` by default
 * @property {(event: import('./progress.js').ProgressEvent) => void} [onProgress]
 * @property {() => boolean} [stopRequested] polled while the release is fetched (SIGINT)
 */

/**
 * @typedef {object} AdoptOutcome
 * @property {string} status the engine's (`adopted`)
 * @property {import('../index.js').AdoptReport} report
 * @property {string} summary
 * @property {string[]} notices
 * @property {{ spec: string, resolved: string | null }} release
 */

/**
 * Runs `upkeep adopt`.
 * @param {AdoptRequest} request
 * @returns {Promise<AdoptOutcome>}
 */
export async function adopt(request) {
  const { force = false } = request;
  /** @type {import('../index.js').UpdatePaths} */
  const paths = engine.updatePaths(request.stateDir);
  const { stateDir } = paths;
  const root = resolve(request.root ?? '.');
  /** @type {import('../index.js').Refusal | null} */
  const refusal = engine.adoptRefusal(request.spec);
  if (refusal) throw UpkeepError.from(refusal);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory())
    throw UpkeepError.from(engine.inputRefusal({ kind: 'no-project-folder', root }));
  const release = await openRelease(request.spec, 'release', {
    stateDir,
    cwd: request.cwd,
    retain: true,
    onProgress: request.onProgress,
    stopRequested: request.stopRequested,
  });
  // A state folder this run makes for its lock goes again when the run is refused: nothing written.
  const madeStateDir = !statSync(join(root, stateDir), { throwIfNoEntry: false });
  let adopted = false;
  try {
    ensureParents(root, paths.lock);
    const held = acquireLock(join(root, paths.lock), 'adopt', { what: 'any-run' });
    try {
      /** @type {import('../index.js').Manifest} */
      const manifest = engine.parseManifest(release.layout.manifest, engine.inputName({ kind: 'release-manifest', spec: release.spec }));
      const files = manifest.files.map(({ path, class: fileClass }) => ({
        path,
        class: fileClass,
        sha256: releaseDigest(release.dir, path),
        current: probe(root, path),
      }));
      const source = release.source.local
        ? engine.relocateSpec(release.source, relative(root, release.source.location) || '.')
        : release.source;
      /** @type {import('../index.js').AdoptPlan} */
      const plan = engine.planAdopt({
        spec: release.spec,
        files,
        existingVersion: readText(join(root, paths.version)),
        existingSource: readText(join(root, paths.source)),
        force,
        record: { source: source.source, version: release.version, subpath: release.source.subpath ?? null, resolved: release.resolved },
        manifest: release.layout.manifest,
        stateDir,
      });
      for (const state of plan.stateFiles) atomicWrite(writable(root, state.path), Buffer.from(state.text));
      adopted = true;
      return {
        status: plan.status,
        report: plan.report,
        summary: plan.summary,
        notices: release.notices,
        release: { spec: release.spec, resolved: release.resolved },
      };
    } finally {
      held.release();
    }
  } finally {
    if (madeStateDir && !adopted) removeIfEmpty(join(root, stateDir));
    release.cleanup();
  }
}

/** A managed file's digest in the release; a path the release lists but lacks has none (the engine refuses it); one it cannot read is refused by name. */
function releaseDigest(/** @type {string} */ dir, /** @type {string} */ path) {
  try {
    return hashFileSync(join(dir, path));
  } catch (error) {
    if (isAbsent(error)) return null;
    if (!isOsError(error)) throw error;
    const what = engine.inputName({ kind: 'release-file', release: 'release', path });
    throw UpkeepError.from(
      engine.inputRefusal({
        kind: 'unreadable',
        what,
        path: join(dir, path),
        error: osMessage(/** @type {NodeJS.ErrnoException} */ (error)),
      }),
    );
  }
}

/** Removes a folder only while it is empty: one holding anything (another run's files) stays. */
function removeIfEmpty(/** @type {string} */ dir) {
  try {
    rmdirSync(dir);
  } catch {}
}
