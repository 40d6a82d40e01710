// The `upkeep new` flow: scaffolds a project from a release — every file of it (managed
// ones and the rest, which are the project's own from then on), under their installed
// names, then `.upkeep/manifest.json`, `VERSION` and `source.json`. I/O only: how the run
// starts, what is created, replaced or already there, how durably, why a run stops, and
// the summary are the engine's. The files go through the one executor every writing
// command shares (flows/execute.js): created where nothing is (never over a file that
// appeared meanwhile), or backed up first and replaced only if still as hashed.
// Crash-safe: a progress record is written first and removed last; re-running the same
// command finishes an interrupted run. A fresh run (the engine's `durability: run`) syncs
// nothing file by file: one sync of the file system makes it all durable before the state
// files' sync and the progress record's removal.
import { spawnSync } from 'node:child_process';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, realpathSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { engine } from '../engine.js';
import { openRelease } from '../releases/open.js';
import { executeSteps } from './execute.js';
import { run } from '../releases/run.js';
import { gitEnv } from '../shim/git.js';
import { atomicWrite, fsyncDir } from '../shim/atomic-write.js';
import { step } from '../shim/fault.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { hashFileSync } from '../shim/hash-file.js';
import { acquireLock } from '../shim/lock.js';
import { nextTempName } from '../shim/temp-file.js';
import { probe, readText, writable } from '../shim/project-files.js';
import { ensureParents, syncFolders } from '../shim/safe-path.js';

/**
 * @typedef {object} NewRequest
 * @property {string} spec the release (a release spec)
 * @property {string} target the folder to scaffold into (created when missing)
 * @property {string} [cwd] what a local release spec is relative to (default: the current directory)
 * @property {boolean} [force] scaffold into a folder that holds files (replaced ones are backed up)
 * @property {boolean} [git] make the first commit (`git init` first when needed)
 * @property {boolean} [pre] let the newest version be a pre-release
 * @property {string} [stateDir] `.upkeep` by default
 * @property {() => Date} [now]
 * @property {() => boolean} [stopRequested] polled before each file is put in place (SIGINT)
 * @property {(event: import('./progress.js').ProgressEvent) => void} [onProgress]
 */

/**
 * @typedef {object} NewOutcome
 * @property {'created' | 'resumed'} status
 * @property {import('../index.js').ScaffoldReport} report
 * @property {string} summary
 * @property {string[]} notices
 * @property {{ spec: string, resolved: string | null }} release
 * @property {import('../index.js').FirstCommit | null} git
 */

/**
 * Runs `upkeep new`.
 * @param {NewRequest} request
 * @returns {Promise<NewOutcome>}
 */
export async function newProject(request) {
  const { target, force = false } = request;
  /** @type {import('../index.js').UpdatePaths} */
  const paths = engine.updatePaths(request.stateDir);
  const { stateDir } = paths;
  const release = await openRelease(request.spec, 'release', {
    stateDir,
    cwd: request.cwd,
    pre: request.pre,
    retain: true,
    onProgress: request.onProgress,
    stopRequested: request.stopRequested,
  });
  const root = resolve(target);
  const start = engine.scaffoldStart({
    target,
    entries: topEntries(root, target),
    inProgress: readText(join(root, paths.newProgress)),
    spec: release.spec,
    force,
    runId: engine.runId('update', (request.now ?? (() => new Date()))().getTime(), ''),
    stateDir,
    stateEntries: topEntries(join(root, stateDir), `${target}/${stateDir}`),
  });
  mkdirSync(root, { recursive: true });
  ensureParents(root, paths.lock);
  const held = acquireLock(join(root, paths.lock), start.runId, { what: 'any-run' });
  /** @type {NewOutcome} */
  let outcome;
  try {
    const files = release.layout.files.map(({ path }) => {
      if (!start.probe) return { path };
      const current = probe(root, path);
      return { path, current, sha256: current ? hashFileSync(join(release.dir, path)) : null };
    });
    const spec = release.source.local
      ? engine.relocateSpec(release.source, relative(root, release.source.location) || '.')
      : release.source;
    /** @type {import('../index.js').ScaffoldPlan} */
    const plan = engine.planScaffold({
      start,
      target,
      spec: release.spec,
      files,
      record: { source: spec.source, version: release.version, subpath: release.source.subpath ?? null, resolved: release.resolved },
      manifest: release.layout.manifest,
      stateDir,
    });
    if (plan.progress) atomicWrite(writable(root, plan.progress.path), Buffer.from(plan.progress.text));
    const lazy = plan.durability === 'run';
    const written = await executeSteps(plan.steps, {
      root: realpathSync(root),
      sourceRoot: realpathSync(release.dir),
      durability: plan.durability,
      stopRequested: request.stopRequested,
      onProgress: request.onProgress,
    });
    const { outcomes, stopped } = written;
    const halt = engine.scaffoldHalt({
      paths: outcomes.map((o) => o.path),
      outcomes: outcomes.map((o) => o.outcome),
      errors: outcomes.map((o) => o.error),
      stopped,
    });
    if (halt) throw new UpkeepError(halt.code, halt.message);
    if (lazy) {
      // A fresh run: the state files are created like the others, then one file-system
      // sync makes all of it durable before the progress record goes.
      const verified = new Set();
      for (const state of plan.stateFiles) createFile(Buffer.from(state.text), root, state.path, verified);
      syncTree(root, [...plan.steps.map((s) => s.path), ...plan.stateFiles.map((s) => s.path)]);
    } else {
      // The state files, each synced before its rename, after every file.
      const folders = new Set();
      const states = plan.stateFiles.map((state) => ({ path: writable(root, state.path, folders), data: Buffer.from(state.text) }));
      syncFolders(folders);
      for (const state of states) atomicWrite(state.path, state.data);
    }
    step('remove progress record');
    unlinkSync(join(root, plan.progressPath));
    fsyncDir(join(root, stateDir));
    outcome = {
      status: plan.status,
      report: plan.report,
      summary: plan.summary,
      notices: release.notices,
      release: { spec: release.spec, resolved: release.resolved },
      git: null,
    };
  } finally {
    held.release();
    release.cleanup();
  }
  // After the lock is gone: the first commit holds the scaffold and nothing of upkeep's run.
  if (request.git) outcome.git = await commit(root, release.spec);
  return outcome;
}

/**
 * Creates the state file `rel` under `root` (upkeep's own, in a fresh run) holding `from`:
 * a temp file beside it, then a rename into place, so the file is absent or whole, never
 * torn.
 * @param {Buffer} from @param {string} root @param {string} rel @param {Set<string>} verified folders already checked
 */
function createFile(from, root, rel, verified) {
  const slash = rel.lastIndexOf('/');
  const folder = slash < 0 ? '' : rel.slice(0, slash);
  if (folder && !verified.has(folder)) {
    ensureParents(root, rel);
    verified.add(folder);
  }
  // Named as every temp file is, so a later run sweeps it if this one is killed here.
  const temp = join(root, folder, nextTempName(rel.slice(slash + 1)));
  writeFileSync(temp, from, { flag: 'wx', mode: engine.writeConstants().defaultMode });
  try {
    renameSync(temp, join(root, rel));
  } catch (error) {
    unlinkSync(temp);
    throw error;
  }
  step('created');
}

/**
 * Makes the created files durable: one sync of their file system (`sync -f`), or an fsync
 * of each file and folder where that is not available.
 * @param {string} root @param {string[]} rels
 */
function syncTree(root, rels) {
  const r = spawnSync('sync', ['-f', root], { stdio: 'ignore' });
  if (r.status === 0) return;
  // Each file, then every folder on the way to each (a folder this run made is new in its parent).
  const folders = new Set([root]);
  for (const rel of rels) {
    const fd = openSync(join(root, rel), 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    for (let at = rel.lastIndexOf('/'); at > 0; at = rel.lastIndexOf('/', at - 1)) folders.add(join(root, rel.slice(0, at)));
  }
  syncFolders(folders);
}

/** The target's top-level names; none when it does not exist; bad input when it is not a folder. */
function topEntries(/** @type {string} */ root, /** @type {string} */ target) {
  try {
    return readdirSync(root);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT') return [];
    if (code === 'ENOTDIR') throw UpkeepError.from(engine.inputRefusal({ kind: 'target-is-a-file', target }));
    throw error;
  }
}

/**
 * `--git`: the first commit of the scaffold, one git command at a time as the engine's
 * `firstCommitStep` says (a repository made first when the folder is in none; only the
 * scaffolded folder committed); its outcome is the engine's, in git's words when a
 * command failed.
 * @param {string} root @param {string} spec
 * @returns {Promise<import('../index.js').FirstCommit>}
 */
async function commit(root, spec) {
  /** @type {import('../index.js').GitRan[]} */
  const ran = [];
  for (;;) {
    const step = engine.firstCommitStep(spec, ran);
    if (step.action === 'done') return step.outcome;
    const out = await run('git', ['-C', root, ...step.args], { env: gitEnv() });
    ran.push({ status: out.status, stdout: out.stdout.toString('utf8'), stderr: out.stderr });
  }
}
