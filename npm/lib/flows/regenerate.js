// The update's regeneration step (core/src/regions/), after the walk's writes and before the
// version bump: for each region the plan says to run, back up its declared paths (unless
// the walk did), snapshot the tree, run its program confined (shim/sandbox.js: only the
// region's folders writable where the machine allows it, its processes ending with it),
// snapshot again, and carry out what the engine says to put back — through the one
// executor, so every file a repair removes or overwrites is saved in the run's backups
// first and checked right before it is touched. I/O only: which regions run, what an
// outcome means and what to restore are the engine's (the plan's regionJobs,
// regionConfine, regionBackupSteps and regionBackupsDone, fileRepair and fileRepairFailure,
// the session's finishRegions). A failed regeneration never fails the update.
import { lstatSync, mkdirSync, rmdirSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../engine.js';
import { openDir, splitPath } from '../shim/dir-handle.js';
import { runProgram } from '../shim/run-program.js';
import { confineTo, sandboxMode } from '../shim/sandbox.js';
import { snapshotTree } from '../shim/tree-snapshot.js';
import { counter, letSignalsIn } from './progress.js';
import { TreeReader } from '../shim/tree-read.js';
import { executeSteps, sha256 } from './execute.js';

/**
 * Runs the plan's regions and returns what each run did, for the engine's report
 * (`UpdateSession.finishRegions`).
 * @param {object} step
 * @param {string} step.root the project (a real path)
 * @param {import('../index.js').RegenJob[]} step.jobs the plan's region jobs
 * @param {{ timeoutMs: number, maxOutputBytes: number }} step.limits
 * @param {() => boolean} step.stopRequested polled between regions
 * @param {(event: import('./progress.js').ProgressEvent) => void} [step.onProgress]
 * @returns {Promise<import('../index.js').RegenRun[]>}
 */
export async function regenerate({ root, jobs, limits, stopRequested, onProgress }) {
  /** @type {import('../index.js').RegenRun[]} */
  const runs = [];
  const ran = counter(onProgress, 'regenerate', jobs.filter((j) => j.status === 'run').length);
  for (const job of jobs) {
    if (job.status !== 'run') continue;
    await letSignalsIn(); // a signal since the last region is handled before the next starts
    if (stopRequested()) continue;
    const { backedUp, backupFailure } = await backUp(root, job.backups);
    // A declared file that could not be backed up first is never handed to the program.
    if (backupFailure) {
      runs.push({ regionId: job.regionId, timeoutMs: limits.timeoutMs, maxOutputBytes: limits.maxOutputBytes, backedUp, backupFailure });
      ran.step(job.regionId);
      continue;
    }
    for (const dir of job.dirs) {
      try {
        openDir(root, dir, { create: true }).close();
      } catch {} // the program then fails (or is refused its folder) and says so
    }
    // Found on the first program run (sandboxMode tries the tools once per process).
    const sandbox = sandboxMode();
    const everywhere = engine.snapshotsWholeTree(sandbox);
    const before = snapshotTree(root, job.dirs, job.snapshotSkip, { everywhere });
    const wrap = confineTo(
      sandbox,
      root,
      job.dirs.map((d) => join(root, d)),
      job.protected.map((p) => join(root, p)),
    );
    const result = await runProgram(job.argv, root, limits, { wrap });
    const after = snapshotTree(root, job.dirs, job.snapshotSkip, { everywhere });
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
      repairFailures: await repair(root, confinement.repairs, before.preimages, after.entries, job.saveDir),
      sandbox,
      stragglers: result.stragglers,
    });
    ran.step(job.regionId);
  }
  return runs;
}

/**
 * Copies each declared path that is a regular file into the backup folder through the
 * executor, as the engine's steps say (never over a copy already there: a resumed run's
 * first copy is the true pre-image); the engine reads the outcomes.
 * @param {string} root @param {import('../index.js').RegionBackup[]} backups
 * @returns {Promise<import('../index.js').RegionBackupsDone>}
 */
async function backUp(root, backups) {
  const tree = new TreeReader(root);
  /** @type {import('../index.js').Observed[]} */
  let found;
  try {
    found = backups.map(({ path }) => observed(tree.entry(path)));
  } finally {
    tree.close();
  }
  /** @type {import('../index.js').WriteStep[]} */
  const steps = engine.regionBackupSteps({ backups, found });
  const { outcomes } = await executeSteps(steps, { root, sourceRoot: root });
  return engine.regionBackupsDone({ backups, outcomes });
}

/**
 * What the tree reader found, as the engine's observation: a file's SHA-256 is `known`
 * when given (what a snapshot saw, so a file changed since fails the step's check), else
 * hashed by node:crypto.
 * @param {ReturnType<TreeReader['entry']>} entry @param {string | null} [known]
 * @returns {import('../index.js').Observed}
 */
function observed(entry, known) {
  if (entry === null) return { kind: /** @type {const} */ ('missing') };
  if ('bytes' in entry) return { kind: /** @type {const} */ ('file'), sha256: known || sha256(entry.bytes) };
  return { kind: entry.kind };
}

/**
 * Carries out the engine's repairs in order, never through a link. A regular file is
 * removed or overwritten only through the executor (checked against what the snapshot
 * saw, saved under `saveDir` first); links and folders are handled here. Returns the
 * repairs that failed.
 * @param {string} root
 * @param {import('../index.js').RegionConfinement['repairs']} repairs
 * @param {Map<string, { bytes: Buffer, mode: number }>} preimages
 * @param {import('../index.js').SnapEntry[]} after
 * @param {string} saveDir
 */
async function repair(root, repairs, preimages, after, saveDir) {
  /** @type {{ path: string, message: string }[]} */
  const failures = [];
  const now = new Map(after.map((e) => [e.path, e]));
  for (const { op, path, target } of repairs) {
    try {
      const { dir: rel, name } = splitPath(path);
      const entry = now.get(path);
      if ((op === 'remove' && entry?.kind === 'file') || op === 'restore-file') {
        const message = await repairFile(root, { op, path, target: target ?? null }, entry, preimages.get(path), saveDir);
        if (message) failures.push({ path, message });
        now.delete(path);
        continue;
      }
      const dir = openDir(root, rel, { create: op.startsWith('restore') });
      try {
        const here = lstatOrNull(dir.path(name));
        if (op === 'remove' && here && !here.isDirectory()) unlinkSync(dir.path(name));
        if (op === 'remove-dir' && here?.isDirectory()) rmdirSync(dir.path(name));
        if (op === 'restore-dir' && !here) mkdirSync(dir.path(name));
        if (op === 'restore-link') {
          if (here && !here.isDirectory()) unlinkSync(dir.path(name));
          symlinkSync(/** @type {string} */ (target), dir.path(name));
        }
      } finally {
        dir.close();
      }
      now.delete(path);
    } catch (error) {
      failures.push({ path, message: /** @type {Error} */ (error).message });
    }
  }
  return failures;
}

/**
 * Removes a regular file the program created, or puts a file's pre-image back, through
 * the executor as the engine's step says; returns why it failed (the engine's words), or
 * null.
 * @param {string} root @param {import('../index.js').Repair} repair
 * @param {import('../index.js').SnapEntry | undefined} seen what the after-snapshot saw there:
 *   a file is checked against its digest, so one that changed since is left as it is
 * @param {{ bytes: Buffer, mode: number } | undefined} pre @param {string} saveDir
 */
async function repairFile(root, repair, seen, pre, saveDir) {
  const tree = new TreeReader(root);
  let now;
  try {
    now = observed(tree.entry(repair.path), seen?.digest);
  } finally {
    tree.close();
  }
  /** @type {import('../index.js').FileRepair} */
  const plan = engine.fileRepair({ repair, now, preimageMode: pre?.mode ?? null, saveDir });
  if (plan.kind === 'settled') return plan.failure ?? null;
  const { outcomes } = await executeSteps([plan.step], { root, sourceRoot: root, bytesOf: () => /** @type {Buffer} */ (pre?.bytes) });
  const outcome = outcomes[0];
  return engine.fileRepairFailure(outcome);
}

function lstatOrNull(/** @type {string} */ path) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}
