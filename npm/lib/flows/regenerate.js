// The update's regeneration step (core/src/regions/), after the walk's writes and before the
// version bump: for each region the plan says to run, back up its declared paths (unless
// the walk did), snapshot the tree, run its program confined (shim/sandbox.js: only the
// region's folders writable where the machine allows it, its processes ending with it),
// snapshot again, and carry out what the engine says to put back — through the one
// executor, so every file a repair removes or overwrites is saved in the run's backups
// first and checked right before it is touched. I/O only: which regions run, what an
// outcome means and what to restore are the engine's (the plan's regionJobs,
// regionConfine, the session's finishRegions). A failed regeneration never fails the update.
import { chmodSync, lstatSync, mkdirSync, rmdirSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../engine.js';
import { openDir, splitPath } from '../shim/dir-handle.js';
import { runProgram } from '../shim/run-program.js';
import { confineTo, sandboxMode } from '../shim/sandbox.js';
import { snapshotTree } from '../shim/tree-snapshot.js';
import { counter, letSignalsIn } from './progress.js';
import { TreeReader } from '../shim/tree-read.js';
import { executeSteps } from './execute.js';

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
  const sandbox = jobs.some((j) => j.status === 'run') ? sandboxMode() : { mode: /** @type {const} */ ('none'), reason: null };
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
    const everywhere = sandbox.mode === 'none';
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
 * Copies each declared path that is a regular file into the backup folder, unless a copy
 * is already there (a resumed run: the first copy is the true pre-image).
 * @param {string} root @param {{ path: string, backupPath: string }[]} backups
 * @returns {Promise<{ backedUp: string[], backupFailure: { path: string, message: string | null, code: string | null } | null }>}
 *   the paths copied, and the first one that could not be (changed meanwhile: no message)
 */
async function backUp(root, backups) {
  const tree = new TreeReader(root);
  /** @type {import('../index.js').WriteStep[]} */
  const steps = [];
  try {
    for (const { path, backupPath } of backups) {
      const found = tree.entry(path);
      if (found && 'bytes' in found) {
        steps.push({
          path: backupPath,
          expect: { kind: 'missing' },
          content: { kind: 'copy', from: path, sha256: engine.sha256(found.bytes), crlf: false },
          backup: null,
          index: null,
        });
      }
    }
  } finally {
    tree.close();
  }
  const { outcomes } = await executeSteps(steps, { root, sourceRoot: root });
  const copied = new Set(outcomes.filter((o) => o.outcome === 'done').map((o) => o.path));
  const already = new Set(outcomes.filter((o) => o.outcome === 'changed').map((o) => o.path)); // a resumed run's copy
  const missed = steps.find((s) => !copied.has(s.path) && !already.has(s.path));
  const failure = missed && outcomes.find((o) => o.path === missed.path);
  const declared = missed && backups.find((b) => b.backupPath === missed.path)?.path;
  const backupFailure = !missed
    ? null
    : {
        path: declared ?? missed.path,
        message: failure?.outcome === 'blocked' ? (failure.error?.message ?? null) : null,
        code: failure?.outcome === 'blocked' ? (failure.error?.code ?? null) : null,
      };
  return { backedUp: backups.filter((b) => copied.has(b.backupPath)).map((b) => b.path), backupFailure };
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
        const message = await repairFile(root, op, path, entry, preimages.get(path), saveDir);
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
 * the executor; returns why it failed (the engine's words for what it met), or null.
 * @param {string} root @param {string} op @param {string} path
 * @param {import('../index.js').SnapEntry | undefined} entry what the after-snapshot saw there
 * @param {{ bytes: Buffer, mode: number } | undefined} pre @param {string} saveDir
 */
async function repairFile(root, op, path, entry, pre, saveDir) {
  if (op === 'restore-file' && !pre) return engine.repairWords({ kind: 'no-preimage' });
  const tree = new TreeReader(root);
  let current;
  try {
    current = tree.entry(path);
  } finally {
    tree.close();
  }
  const isFile = current !== null && 'bytes' in current;
  if (current !== null && !isFile) return engine.repairWords({ kind: 'occupied', entry: 'kind' in current ? current.kind : 'file' });
  if (op === 'remove' && !isFile) return null; // already gone
  const sha256 = isFile ? (entry?.digest ?? engine.sha256(/** @type {{ bytes: Buffer }} */ (current).bytes)) : null;
  /** @type {import('../index.js').WriteStep} */
  const step = {
    path,
    expect: sha256 ? { kind: 'file', sha256 } : { kind: 'missing' },
    content: op === 'remove' ? { kind: 'remove' } : { kind: 'planned' },
    backup: sha256 ? `${saveDir}/${path}` : null,
    index: null,
  };
  const { outcomes } = await executeSteps([step], { root, sourceRoot: root, bytesOf: () => /** @type {Buffer} */ (pre?.bytes) });
  const outcome = outcomes[0];
  if (outcome?.outcome === 'done' && !sha256 && pre) {
    // A deleted file comes back with its own permission bits.
    const { dir, name } = splitPath(path);
    const folder = openDir(root, dir);
    try {
      chmodSync(folder.path(name), pre.mode);
    } finally {
      folder.close();
    }
  }
  if (outcome?.outcome === 'done' || outcome?.outcome === 'unchanged') return null;
  if (outcome?.outcome === 'blocked') {
    return engine.repairWords({ kind: 'blocked', message: String(outcome.error?.message), code: String(outcome.error?.code) });
  }
  return engine.repairWords({ kind: 'changed-again' });
}

function lstatOrNull(/** @type {string} */ path) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}
