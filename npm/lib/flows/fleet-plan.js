// `upkeep fleet plan`: read the list, read each local repository's recorded source without
// a clone (its working tree, or HEAD of a bare repository), and hand both to the engine,
// which batches and skips. Reads only; never writes.
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
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
      engine.inputRefusal({ kind: 'fleet-list-unreadable', list: request.list, code: e.code ?? null, error: e.message }),
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
 * The recorded source of a local repository, read step by step as the engine's
 * `fleetRecordStep` says (its working tree, else HEAD of the repository); the record
 * for the plan, with the tool's own words when it could not be read.
 * @param {string} base @param {import('../index.js').FleetRepo} repo
 * @returns {import('../index.js').FleetRecord}
 */
function readRecord(base, repo) {
  /** @type {import('../index.js').RecordRan[]} */
  const ran = [];
  for (;;) {
    const step = engine.fleetRecordStep({ base, repo }, ran);
    if (step.action === 'done') return step.record;
    ran.push(carryOut(step));
  }
}

/** One step of reading a record, and what it found. @param {import('../index.js').RecordStep} step @returns {import('../index.js').RecordRan} */
function carryOut(step) {
  switch (step.action) {
    case 'read-file':
      try {
        return { kind: 'read', text: readFileSync(step.path, 'utf8') };
      } catch (error) {
        const e = /** @type {NodeJS.ErrnoException} */ (error);
        return { kind: 'read-failed', code: e.code ?? null, message: e.message };
      }
    case 'stat-folder':
      try {
        return { kind: 'stat', folder: statSync(step.path).isDirectory() };
      } catch (error) {
        return { kind: 'stat-failed', message: /** @type {Error} */ (error).message };
      }
    case 'git': {
      const shown = gitRun(step.root, step.args);
      return { kind: 'git', status: shown.status, stdout: shown.stdout.toString('utf8'), stderr: shown.stderr };
    }
    default:
      throw new Error(`unknown record step ${JSON.stringify(step)}`);
  }
}
