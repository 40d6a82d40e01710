// `upkeep fleet plan`: read the list, read each local repository's recorded source without
// a clone (its working tree, or HEAD of a bare repository), and hand both to the engine,
// which batches and skips. Reads only; never writes.
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { engine } from '../engine.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { gitRun } from '../shim/git.js';

/**
 * @typedef {object} FleetPlanRequest
 * @property {string} list the path of repos.txt or repos.json
 * @property {string} [to] the target version
 * @property {'github' | 'gitlab'} [platform]
 * @property {number} [batchSize]
 */

/**
 * @param {FleetPlanRequest} request
 * @returns {import('../index.js').FleetPlan}
 */
export function fleetPlan(request) {
  let text;
  try {
    text = readFileSync(request.list, 'utf8');
  } catch (error) {
    const e = /** @type {NodeJS.ErrnoException} */ (error);
    throw UpkeepError.from(
      engine.inputRefusal({ kind: 'fleet-list-unreadable', list: request.list, code: e.code ?? 'EIO', error: e.message }),
    );
  }
  const label = request.list;
  const repos = engine.parseFleetList(text, label);
  const base = dirname(resolve(request.list));
  const records = repos
    .filter((/** @type {import('../index.js').FleetRepo} */ repo) => repo.local && repo.record)
    .map((/** @type {import('../index.js').FleetRepo} */ repo) => readRecord(base, repo));
  return engine.planFleet({
    list: text,
    label,
    to: request.to ?? null,
    platform: request.platform ?? null,
    batchSize: request.batchSize ?? null,
    records,
  });
}

/**
 * The recorded source of a local repository: from its working tree, else from HEAD of the
 * repository (a bare one, or a checkout whose tree lacks it); the tool's words when neither.
 * @param {string} base @param {import('../index.js').FleetRepo} repo
 */
function readRecord(base, repo) {
  const path = repo.repo.startsWith('file://') ? new URL(repo.repo).pathname : repo.repo;
  const at = isAbsolute(path) ? path : join(base, path);
  const record = /** @type {string} */ (repo.record);
  try {
    return { key: repo.key, text: readFileSync(join(at, record), 'utf8'), error: null };
  } catch (error) {
    const e = /** @type {NodeJS.ErrnoException} */ (error);
    if (e.code !== 'ENOENT' && e.code !== 'ENOTDIR')
      return unread(repo, { kind: 'fleet-repo-unreadable', path: join(at, record), error: e.message });
  }
  let isDir = false;
  try {
    isDir = statSync(at).isDirectory();
  } catch (error) {
    return unread(repo, { kind: 'fleet-repo-unreadable', path: at, error: /** @type {Error} */ (error).message });
  }
  if (!isDir) return unread(repo, { kind: 'not-a-folder', dir: at });
  const shown = gitRun(at, ['show', `HEAD:${record}`]);
  if (shown.status === 0) return { key: repo.key, text: shown.stdout.toString('utf8'), error: null };
  return unread(repo, { kind: 'fleet-record-not-in-tree', root: at, record, stderr: shown.stderr, status: shown.status });
}

/** A repository whose record could not be read, with the engine's words for why. @param {{ key: string }} repo @param {import('../index.js').InputProblem} problem */
function unread(repo, problem) {
  return { key: repo.key, text: null, error: engine.inputRefusal(problem).message };
}
