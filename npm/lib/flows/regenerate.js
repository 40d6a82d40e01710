// The update's regeneration step (core/src/regions/), after the walk's writes and before the
// version bump: for each region the plan says to run, back up its declared paths (unless
// the walk did), snapshot the tree, run its program, snapshot again, and carry out what
// the engine says to put back. I/O only: which regions run, what the outcome means and
// what to restore are the engine's (planUpdate's regionJobs, regionConfine,
// finishUpdateRegions). A failed regeneration never fails the update.
import { lstatSync, mkdirSync, readFileSync, rmdirSync, symlinkSync, unlinkSync } from 'node:fs';
import { engine } from '../engine.js';
import { atomicWrite } from '../shim/atomic-write.js';
import { saveBackups } from '../shim/backup.js';
import { runProgram } from '../shim/run-program.js';
import { ensureParents, inspect } from '../shim/safe-path.js';
import { snapshotTree } from '../shim/tree-snapshot.js';
import { counter } from './progress.js';

/**
 * Runs the plan's regions and returns the completed report and summary.
 * @param {object} step
 * @param {string} step.root
 * @param {import('../index.js').UpdatePlan} step.plan
 * @param {string} step.stateDir
 * @param {{ timeoutMs: number, maxOutputBytes: number }} step.limits
 * @param {() => void} step.stopIfAsked throws when a stop was requested (between regions)
 * @param {(event: import('./progress.js').ProgressEvent) => void} [step.onProgress]
 * @returns {Promise<import('../index.js').RegionsFinished>}
 */
export async function regenerate({ root, plan, stateDir, limits, stopIfAsked, onProgress }) {
  const jobs = plan.regionJobs ?? [];
  /** @type {import('../index.js').RegenRun[]} */
  const runs = [];
  const ran = counter(onProgress, 'regenerate', jobs.filter((j) => j.status === 'run').length);
  for (const job of jobs) {
    if (job.status !== 'run') continue;
    stopIfAsked();
    const backedUp = await backUp(root, job.backups);
    const before = snapshotTree(root, job.dirs, job.snapshotSkip);
    const result = await runProgram(job.argv, root, limits);
    const after = snapshotTree(root, job.dirs, job.snapshotSkip);
    const confinement = engine.regionConfine({ paths: job.paths, dirs: job.dirs, before: before.entries, after: after.entries });
    runs.push({
      regionId: job.regionId,
      status: result.status,
      signal: result.signal,
      spawnError: result.spawnError,
      ceiling: result.ceiling,
      timeoutMs: limits.timeoutMs,
      maxOutputBytes: limits.maxOutputBytes,
      stderr: result.stderr,
      backedUp,
      confinement,
      repairFailures: repair(root, confinement.repairs, before.preimages),
    });
    ran.step(job.regionId);
  }
  return engine.finishUpdateRegions({ report: plan.report, jobs, runs, stateDir });
}

/**
 * Copies each declared path that is a regular file into the backup folder, unless a copy
 * is already there (a resumed run: the first copy is the true pre-image).
 * @param {string} root @param {{ path: string, backupPath: string }[]} backups
 * @returns {Promise<string[]>} the paths copied
 */
async function backUp(root, backups) {
  const items = [];
  for (const { path, backupPath } of backups) {
    let at;
    try {
      at = inspect(root, path);
      if (at.kind !== 'file' || inspect(root, backupPath).kind !== 'missing') continue;
    } catch {
      continue;
    }
    const abs = at.abs;
    items.push({ path, backupRel: backupPath, bytes: () => readFileSync(abs), mode: at.mode & 0o777 });
  }
  await saveBackups(root, items);
  return items.map((i) => i.path);
}

/**
 * Carries out the engine's repairs in order, never through a link (every parent is
 * checked with lstat); returns the ones that failed.
 * @param {string} root
 * @param {import('../index.js').RegionConfinement['repairs']} repairs
 * @param {Map<string, { bytes: Buffer, mode: number }>} preimages
 */
function repair(root, repairs, preimages) {
  /** @type {{ path: string, message: string }[]} */
  const failures = [];
  for (const { op, path, target } of repairs) {
    try {
      const at = inspect(root, path);
      switch (op) {
        case 'remove':
          if (at.kind !== 'missing') unlinkSync(at.abs);
          break;
        case 'remove-dir':
          if (at.kind === 'directory') rmdirSync(at.abs);
          break;
        case 'restore-dir':
          ensureParents(root, path);
          if (at.kind === 'missing') mkdirSync(at.abs);
          break;
        case 'restore-link':
          ensureParents(root, path);
          if (lstatOrNull(at.abs)) unlinkSync(at.abs);
          symlinkSync(/** @type {string} */ (target), at.abs);
          break;
        case 'restore-file': {
          const pre = preimages.get(path);
          if (!pre) throw new Error('no pre-image held');
          if (at.kind !== 'file' && at.kind !== 'missing') throw new Error(`a ${at.kind} is there now`);
          ensureParents(root, path);
          atomicWrite(at.abs, pre.bytes, { mode: pre.mode });
          break;
        }
        default:
          throw new Error(`unknown repair '${op}'`);
      }
    } catch (error) {
      failures.push({ path, message: /** @type {Error} */ (error).message });
    }
  }
  return failures;
}

function lstatOrNull(/** @type {string} */ path) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}
