// The update's regeneration step (core/src/regions/), after the walk's writes and before the
// version bump: for each region the plan says to run, back up its declared paths (unless
// the walk did), make its folders, snapshot the tree, run its program confined
// (shim/sandbox.js: only the region's folders writable where the machine allows it, its
// processes ending with it), snapshot again, and carry out what the engine says to put
// back — through the one executor, so every file a repair removes or overwrites is saved
// in the run's backups first, and every path (a file, a link, a directory) is checked
// right before it is touched. I/O only: which regions run, what an outcome means and what
// to restore are the engine's (the plan's regionJobs, regionConfine, regionFolderSteps and
// regionFoldersDone, regionBackupSteps and regionBackupsDone, fileRepair and
// fileRepairFailure, the session's finishRegions). A failed regeneration never fails the
// update.
import { join } from 'node:path';
import { engine } from '../engine.js';
import { isOsError, osMessage } from '../shim/os-message.js';
import { runProgram } from '../shim/run-program.js';
import { confineTo, sandboxMode } from '../shim/sandbox.js';
import { snapshotTree } from '../shim/tree-snapshot.js';
import { counter, letSignalsIn } from './progress.js';
import { readTextStrict, TreeReader } from '../shim/tree-read.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { executeSteps, sha256 } from './execute.js';

/**
 * Runs the plan's regions and returns what each run did, for the engine's report
 * (`UpdateSession.finishRegions`).
 * @param {object} step
 * @param {string} step.root the project (a real path)
 * @param {string} step.stateDir the project's state folder (its lock is the run's)
 * @param {import('../index.js').RegenJob[]} step.jobs the plan's region jobs
 * @param {{ timeoutMs: number, maxOutputBytes: number }} step.limits
 * @param {() => boolean} step.stopRequested polled between regions
 * @param {(event: import('./progress.js').ProgressEvent) => void} [step.onProgress]
 * @returns {Promise<import('../index.js').RegenRun[]>}
 */
export async function regenerate({ root, stateDir, jobs, limits, stopRequested, onProgress }) {
  /** @type {import('../index.js').RegenRun[]} */
  const runs = [];
  const ran = counter(onProgress, 'regenerate', jobs.filter((j) => j.status === 'run').length);
  for (const job of jobs) {
    if (job.status !== 'run') continue;
    await letSignalsIn(); // a signal since the last region is handled before the next starts
    if (stopRequested()) continue;
    const { backedUp, backupFailure } = await backUp(root, job.backups);
    // Its folders are made before the snapshot, so the confinement can open them writable.
    const folderFailure = backupFailure ? null : await makeFolders(root, job.dirs);
    // A declared file that could not be backed up first, or a folder not made, is never handed to the program.
    if (backupFailure || folderFailure) {
      const { timeoutMs, maxOutputBytes } = limits;
      runs.push({ regionId: job.regionId, timeoutMs, maxOutputBytes, backedUp, backupFailure, folderFailure });
      ran.step(job.regionId);
      continue;
    }
    // Found on the first program run (sandboxMode tries the tools once per process).
    const sandbox = sandboxMode();
    const everywhere = engine.snapshotsWholeTree(sandbox);
    const before = snapshotTree(root, job.dirs, job.snapshotSkip, { everywhere });
    // Recoverable before it starts: a program whose pre-images could not be kept on disk never runs.
    const { pending, pendingFailure } = await keepPending(root, stateDir, job, before, everywhere);
    if (pendingFailure) {
      runs.push({ regionId: job.regionId, timeoutMs: limits.timeoutMs, maxOutputBytes: limits.maxOutputBytes, backedUp, pendingFailure });
      ran.step(job.regionId);
      continue;
    }
    const wrap = confineTo(
      sandbox,
      root,
      job.dirs.map((d) => join(root, d)),
      job.protected.map((p) => join(root, p)),
    );
    const result = await runProgram(job.argv, root, limits, { wrap });
    const after = snapshotTree(root, job.dirs, job.snapshotSkip, { everywhere });
    const confinement = engine.regionConfine({ paths: job.paths, dirs: job.dirs, before: before.entries, after: after.entries });
    const failed = await repair(root, confinement.repairs, before.preimages, after.entries, job.saveDir);
    const repairFailures = await endPending(root, pending, { saveDir: job.saveDir, before: before.entries, failures: failed });
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
      repairFailures,
      sandbox,
      stragglers: result.stragglers,
    });
    ran.step(job.regionId);
  }
  return runs;
}

/**
 * Keeps what the engine needs to put the tree back on disk before the program starts
 * (`regenPending`): each pre-image the snapshot holds copied and synced, then the record
 * naming them. Returns the writes that end it, or the failure that keeps the program from
 * running (the engine's reading of the outcomes).
 * @param {string} root @param {string} stateDir @param {import('../index.js').RegenJob} job
 * @param {import('../shim/tree-snapshot.js').TreeSnapshot} before @param {boolean} everywhere
 */
async function keepPending(root, stateDir, job, before, everywhere) {
  /** @type {import('../index.js').RegenPending} */
  const pending = engine.regenPending({
    stateDir,
    region: { saveDir: job.saveDir, paths: job.paths, dirs: job.dirs, skip: job.snapshotSkip, everywhere, before: before.entries },
    modes: [...before.preimages].map(([path, { mode }]) => ({ path, mode })),
  });
  const bytesOf = (/** @type {import('../index.js').WriteStep} */ step) =>
    /** @type {{ bytes: Buffer }} */ (before.preimages.get(pending.sources[/** @type {number} */ (step.index)])).bytes;
  /** @type {import('../index.js').WriteStep[]} */
  const steps = [];
  /** @type {import('../index.js').StepOutcome[]} */
  const outcomes = [];
  // The copies are durable before the record that names them is written.
  for (const batch of [pending.copies, [pending.record]]) {
    const run = await executeSteps(batch, { root, sourceRoot: root, bytesOf });
    steps.push(...batch);
    outcomes.push(...run.outcomes);
    const pendingFailure = engine.regenPendingFailure({ sources: pending.sources, steps, outcomes });
    if (pendingFailure) {
      // The program will not run: the copies made so far go (a record there is not this attempt's).
      await executeSteps(pending.cleanup, { root, sourceRoot: root });
      return { pending, pendingFailure };
    }
  }
  return { pending, pendingFailure: null };
}

/**
 * Once the repairs ran: the copies and their folder removed, but the copy of a path whose
 * repair failed, which stays (the engine's `regenPendingEnd`); then the record (a record
 * left behind is read only by a re-run of this same run, which then has nothing to put
 * back and ends it again). Returns the failures with where each one's content is kept.
 * @param {string} root @param {{ cleanup: import('../index.js').WriteStep[], removeRecord: import('../index.js').WriteStep, removeFolder: import('../index.js').WriteStep }} pending
 * @param {Omit<import('../index.js').PendingEnd, 'cleanup'>} ran
 * @returns {Promise<import('../index.js').RepairFailure[]>}
 */
async function endPending(root, pending, ran) {
  /** @type {import('../index.js').PendingEnding} */
  const ending = engine.regenPendingEnd({ ...ran, cleanup: pending.cleanup });
  await executeSteps(ending.cleanup, { root, sourceRoot: root });
  await executeSteps([pending.removeRecord], { root, sourceRoot: root });
  // The folder goes only when nothing is left in it: a refusal (a repair saved a file there) leaves it as it is.
  await executeSteps([pending.removeFolder], { root, sourceRoot: root });
  return ending.failures;
}

/**
 * Before an interrupted update plans again: when the run it resumes was killed while a
 * region's program ran (its record is there), what the program wrote outside its declared
 * paths is put back from the record — confined against the snapshot it holds and repaired
 * from its copies through the executor, as right after a program — and the record and
 * copies are removed. Returns the engine's notice of what was put back, or null.
 * @param {string} root @param {string} runId the interrupted run's id
 * @returns {Promise<string | null>}
 */
export async function recoverRegeneration(root, runId) {
  const path = engine.regenRecordPath(runId);
  const tree = new TreeReader(root);
  /** @type {import('../index.js').PendingRepair} */
  let pending;
  /** @type {Map<string, { bytes: Buffer, mode: number }>} */
  const preimages = new Map();
  /** @type {import('../index.js').CopiesUsable} */
  let usable;
  try {
    const text = readTextStrict(tree, path, path);
    if (text === null) return null;
    const reading = engine.readRegenPending(text, path);
    if (reading.refusal) throw UpkeepError.from(reading.refusal);
    pending = /** @type {import('../index.js').PendingRepair} */ (reading.repair);
    // Which copies still hold the bytes they are named by is the engine's answer.
    const read = pending.copies.map((copy) => {
      const found = tree.entry(copy.copy);
      return { copy, bytes: found && 'bytes' in found ? found.bytes : null };
    });
    usable = engine.regenCopiesFound({
      copies: read.map(({ copy, bytes }) => ({ path: copy.path, sha256: copy.sha256, found: bytes && sha256(bytes) })),
      before: pending.region.before,
    });
    const whole = new Set(usable.whole);
    for (const { copy, bytes } of read) if (bytes && whole.has(copy.path)) preimages.set(copy.path, { bytes, mode: copy.mode });
  } finally {
    tree.close();
  }
  const { region } = pending;
  const after = snapshotTree(root, region.dirs, region.skip, { everywhere: region.everywhere });
  const confinement = engine.regionConfine({
    paths: region.paths,
    dirs: region.dirs,
    before: region.before,
    after: after.entries,
    ignore: pending.ignore,
  });
  const failed = await repair(root, confinement.repairs, preimages, after.entries, region.saveDir);
  // Only a copy found whole keeps anything: the snapshot's entries handed on are the ones it holds.
  const failures = await endPending(root, pending, { saveDir: region.saveDir, before: usable.held, failures: failed });
  return engine.regenRecoveredNotice({ saveDir: region.saveDir, confined: confinement.confined, failures });
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
 * Makes the region's folders not there yet, through the executor, as the engine's steps
 * say; returns the engine's failure when one holds something else or was not made.
 * @param {string} root @param {string[]} dirs
 * @returns {Promise<import('../index.js').FolderFailure | null>}
 */
async function makeFolders(root, dirs) {
  const tree = new TreeReader(root);
  /** @type {import('../index.js').Observed[]} */
  let found;
  try {
    found = dirs.map((dir) => observed(tree.entry(dir)));
  } finally {
    tree.close();
  }
  const { steps, failure } = engine.regionFolderSteps({ dirs, found });
  if (failure) return failure;
  const { outcomes } = await executeSteps(steps, { root, sourceRoot: root });
  return engine.regionFoldersDone(outcomes);
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
 * Carries out the engine's repairs in order, each through the executor as the engine's
 * step for it says (`fileRepair`): a regular file checked against what the snapshot saw
 * and saved under `saveDir` first, a link removed only while it holds the target the
 * snapshot saw, a directory only when empty, a link or directory made only where nothing
 * is. Returns the repairs that failed, in the engine's words.
 * @param {string} root
 * @param {import('../index.js').RegionConfinement['repairs']} repairs
 * @param {Map<string, { bytes: Buffer, mode: number }>} preimages
 * @param {import('../index.js').SnapEntry[]} after
 * @param {string} saveDir
 */
async function repair(root, repairs, preimages, after, saveDir) {
  /** @type {{ path: string, message: string }[]} */
  const failures = [];
  // What the snapshot after the program saw, until a repair has touched the path.
  const seen = new Map(after.map((e) => [e.path, e]));
  for (const { op, path, target } of repairs) {
    const message = await repairOne(root, { op, path, target: target ?? null }, seen.get(path), preimages.get(path), saveDir);
    if (message) failures.push({ path, message });
    seen.delete(path);
  }
  return failures;
}

/**
 * One repair: what is there now, the engine's step for it, the executor's outcome in the
 * engine's words (null when it did its work).
 * @param {string} root @param {import('../index.js').Repair} repair
 * @param {import('../index.js').SnapEntry | undefined} seen what the after-snapshot saw there:
 *   a file is checked against its digest and a link against its target, so one that
 *   changed since is left as it is
 * @param {{ bytes: Buffer, mode: number } | undefined} pre @param {string} saveDir
 */
async function repairOne(root, repair, seen, pre, saveDir) {
  const tree = new TreeReader(root);
  let now;
  try {
    now = observed(tree.entry(repair.path), seen?.digest);
  } catch (error) {
    if (!isOsError(error)) throw error;
    return engine.fileRepairFailure(blockedOutcome(repair.path, /** @type {NodeJS.ErrnoException} */ (error)));
  } finally {
    tree.close();
  }
  /** @type {import('../index.js').FileRepair} */
  const plan = engine.fileRepair({ repair, now, target: seen?.target ?? null, preimageMode: pre?.mode ?? null, saveDir });
  if (plan.kind === 'settled') return plan.failure ?? null;
  const { outcomes } = await executeSteps([plan.step], { root, sourceRoot: root, bytesOf: () => /** @type {Buffer} */ (pre?.bytes) });
  return engine.fileRepairFailure(outcomes[0]);
}

/**
 * The outcome of a repair whose path could not even be read, as the executor reports a
 * refusal: the OS's code and words.
 * @param {string} path @param {NodeJS.ErrnoException} error @returns {import('../index.js').StepOutcome}
 */
const blockedOutcome = (path, error) => ({
  path,
  outcome: 'blocked',
  backup: null,
  error: { code: String(error.code), message: osMessage(error), stage: 'backup' },
});
