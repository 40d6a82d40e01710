// `upkeep manifest init` and `upkeep manifest check`, for template authors: a manifest
// written from rules (the engine applies them), and every problem of a release's manifest
// named (the engine finds them). This module lists the folder and reads and writes files.
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { engine } from '../engine.js';
import { listTree } from '../releases/walk.js';
import { atomicWrite } from '../shim/atomic-write.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { ensureParents, inspect } from '../shim/safe-path.js';

/**
 * @typedef {object} ManifestInitRequest
 * @property {string} [dir] the template folder (default: the current directory)
 * @property {{ class: 'owned' | 'shared' | 'wiki-owned' | 'exclude', glob: string }[]} [rules] in the order given
 * @property {[string, string][]} [install] renames, `[shipped, installed]`
 * @property {string} [rulesFile] a rules file (its rules come before `rules`)
 * @property {boolean} [force] replace an existing manifest
 * @property {boolean} [dryRun] compute it, write nothing
 * @property {string} [stateDir]
 */

/**
 * Writes `<dir>/<stateDir>/manifest.json` from the rules.
 * @param {ManifestInitRequest} request
 */
export function manifestInitFlow(request) {
  const { stateDir } = engine.updatePaths(request.stateDir);
  const dir = folder(request.dir);
  const fromFile = request.rulesFile
    ? engine.parseManifestRules(readOrFail(request.rulesFile, engine.inputName({ kind: 'rules-file' })), request.rulesFile)
    : { rules: [], install: [] };
  const flagRules = { rules: request.rules ?? [], install: request.install ?? [] };
  /** @type {import('../index.js').ManifestInit} */
  const init = engine.manifestInit({ label: dir, entries: listTree(dir), rules: fromFile, flagRules, stateDir });
  const rel = engine.updatePaths(stateDir).manifest;
  const at = inspect(dir, rel);
  /** @type {import('../index.js').ManifestWrite} */
  const decision = engine.manifestWrite({
    path: at.abs,
    existing: at.kind,
    force: Boolean(request.force),
    dryRun: Boolean(request.dryRun),
  });
  if (decision.write) {
    ensureParents(dir, rel);
    atomicWrite(at.abs, Buffer.from(init.manifest));
  }
  return { status: decision.status, path: at.abs, ...init, heading: decision.heading, showManifest: decision.showManifest };
}

/**
 * Checks `<dir>/<stateDir>/manifest.json` against the folder.
 * @param {{ dir?: string, stateDir?: string }} request
 */
export function manifestCheckFlow(request) {
  const { stateDir } = engine.updatePaths(request.stateDir);
  const dir = folder(request.dir);
  const entries = listTree(dir);
  let manifest = null;
  try {
    manifest = readFileSync(join(dir, engine.updatePaths(stateDir).manifest), 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
  }
  const shipped = new Set(entries.filter((e) => e.kind === 'file').map((e) => e.path));
  /** @type {string[]} */
  const reads = manifest === null ? [] : engine.manifestCheckReads(manifest);
  const texts = reads.filter((p) => shipped.has(p)).map((path) => ({ path, bytes: readFileSync(join(dir, path)) }));
  /** @type {import('../index.js').ManifestCheck} */
  const check = engine.checkManifest({ label: dir, manifest, entries, texts, stateDir });
  return check;
}

function folder(/** @type {string | undefined} */ dir) {
  const abs = resolve(dir ?? '.');
  if (!statSync(abs, { throwIfNoEntry: false })?.isDirectory())
    throw UpkeepError.from(engine.inputRefusal({ kind: 'not-a-folder', dir: dir ?? '.' }));
  return abs;
}

function readOrFail(/** @type {string} */ path, /** @type {string} */ what) {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw UpkeepError.from(engine.inputRefusal({ kind: 'unreadable', what, path, error: /** @type {Error} */ (error).message }));
  }
}
