import { join } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { atomicWrite } from '../shim/atomic-write.js';
import { readText, writable } from '../shim/project-files.js';

/**
 * The releases to compare, from the project's record and the request's flags.
 * @param {string} root @param {string} stateDir
 * @param {{ baseline?: string | null, latest?: string | null, to?: string | null, pre?: boolean }} request
 * @returns {import('../index.js').UpdateSources}
 */
export function resolveSources(root, stateDir, request) {
  /** @type {import('../index.js').UpdatePaths} */
  const paths = engine.updatePaths(stateDir);
  return engine.updateSources({
    root,
    stateDir,
    record: readText(join(root, paths.source)),
    installed: readText(join(root, paths.version)),
    baseline: request.baseline ?? null,
    latest: request.latest ?? null,
    to: request.to ?? null,
    pre: request.pre,
  });
}

/**
 * How to open one side, as the engine says (`sources.open`): a spec from the record is
 * relative to the project, one from the command line to the current directory; the latest
 * release of a recorded source stays in the cache for the next update's baseline. (The
 * update flow counts its own fetch progress.)
 * @param {string} root @param {import('../index.js').UpdateSources} sources
 * @param {{ cwd?: string, stateDir?: string, onProgress?: any, stopRequested?: () => boolean }} request
 * @param {'baseline' | 'latest'} side
 */
export function openOptions(root, sources, request, side) {
  const open = sources.open[side];
  return {
    stateDir: request.stateDir,
    pre: open.pre,
    retain: open.retain,
    cwd: open.fromRecord ? root : (request.cwd ?? process.cwd()),
    onProgress: request.onProgress,
    stopRequested: request.stopRequested,
  };
}

/**
 * Writes `<stateDir>/source.json` for the release now installed (atomically, never through
 * a link). Called once an update has written everything else, with the engine's text for
 * it (`installedRecord`; none when the project keeps no record).
 * @param {string} root @param {string} stateDir @param {string | null} text
 */
export function recordInstalled(root, stateDir, text) {
  if (text === null) return;
  const rel = engine.updatePaths(stateDir).source;
  atomicWrite(writable(root, rel), Buffer.from(text));
}
