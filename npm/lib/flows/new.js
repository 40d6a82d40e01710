// The `upkeep new` flow: scaffolds a project from a release — every file of it (managed
// ones and the rest, which are the project's own from then on), under their installed
// names, then `.upkeep/manifest.json`, `VERSION` and `source.json`. I/O only: how the run
// starts, what is created, replaced or already there, and the summary are the engine's.
// Crash-safe: a progress record is written first and removed last; re-running the same
// command finishes an interrupted run.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  copyFileSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { openRelease } from '../releases/open.js';
import { emit, letSignalsIn } from './progress.js';
import { gitEnv, run, said } from '../releases/run.js';
import { atomicWrite, fsyncDir } from '../shim/atomic-write.js';
import { atomicWriteAll, writeAll } from '../shim/batch-write.js';
import { saveBackups } from '../shim/backup.js';
import { step } from '../shim/fault.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { hashFileSync } from '../shim/hash-file.js';
import { acquireLock } from '../shim/lock.js';
import { ensureParents, inspect, syncFolders, unsafePathError } from '../shim/safe-path.js';
import { DEFAULT_STATE_DIR } from '../generated/defaults.js';

/** Files written per batch, between progress reports and stop checks. */
const CHUNK = 1024;

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
 * @property {() => boolean} [stopRequested] polled between batches of files (SIGINT)
 * @property {(event: import('./progress.js').ProgressEvent) => void} [onProgress]
 */

/**
 * @typedef {object} NewOutcome
 * @property {'created' | 'resumed'} status
 * @property {import('../index.js').ScaffoldReport} report
 * @property {string} summary
 * @property {string[]} notices
 * @property {{ spec: string, resolved: string | null }} release
 * @property {{ committed: boolean, commit?: string, error?: string } | null} git
 */

/**
 * Runs `upkeep new`.
 * @param {NewRequest} request
 * @returns {Promise<NewOutcome>}
 */
export async function newProject(request) {
  const { target, force = false, stateDir = DEFAULT_STATE_DIR } = request;
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
    inProgress: readText(join(root, stateDir, 'new-in-progress.json')),
    spec: release.spec,
    force,
    runId: runId((request.now ?? (() => new Date()))()),
    stateDir,
    stateEntries: topEntries(join(root, stateDir), `${target}/${stateDir}`),
  });
  mkdirSync(root, { recursive: true });
  ensureParents(root, `${stateDir}/update.lock`);
  const held = acquireLock(join(root, stateDir, 'update.lock'), start.runId, { what: 'another upkeep run' });
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
    const created = await writeFiles(root, release.dir, plan.writes, request);
    if (created.length > 0) {
      // A fresh run: the state files are created like the others, then one file-system
      // sync makes all of it durable before the progress record goes.
      const verified = new Set();
      for (const state of plan.stateFiles) createFile(Buffer.from(state.text), root, state.path, verified);
      syncTree(root, [...created, ...plan.stateFiles.map((s) => s.path)]);
    } else {
      // The state files together (each synced before its rename), after every file.
      const folders = new Set();
      const states = plan.stateFiles.map((state) => ({ path: writable(root, state.path, folders), data: Buffer.from(state.text) }));
      syncFolders(folders);
      await atomicWriteAll(states);
    }
    step('remove progress record');
    unlinkSync(join(root, plan.progressPath));
    fsyncDir(join(root, stateDir));
    outcome = {
      status: plan.report.resumed ? 'resumed' : 'created',
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
 * Backs up what is replaced, then copies every file from the release view, a batch at a
 * time. Files replacing the target's go through the kit's batch writer (temp files synced,
 * then renamed into place). Files a fresh run creates (in a folder that was empty when the
 * run took its lock) replace nothing, so they are copied to a temp name and renamed into
 * place, and made durable together by one file-system sync before the state files are
 * written: the progress record stays until then, so a crash before it is finished by
 * re-running. Returns the paths created that way (the caller syncs them).
 * @param {string} root @param {string} view
 * @param {import('../index.js').ScaffoldPlan['writes']} writes @param {NewRequest} request
 * @returns {Promise<string[]>}
 */
async function writeFiles(root, view, writes, request) {
  // The loops below are synchronous: let the event loop turn between batches so a
  // signal's handler runs (and a progress bar redraws).
  const stopIfAsked = async () => {
    await letSignalsIn();
    if (request.stopRequested?.())
      throw new UpkeepError('interrupted', 'upkeep new was interrupted; run the same command again to finish it');
  };
  const replaced = writes.filter((w) => w.backupPath);
  if (replaced.length > 0) {
    emit(request.onProgress, { phase: 'backup', done: 0, total: replaced.length });
    await saveBackups(
      root,
      replaced.map((w) => ({
        backupRel: /** @type {string} */ (w.backupPath),
        bytes: () => readFileSync(join(root, w.path)),
        mode: lstatSync(join(root, w.path)).mode & 0o777,
      })),
    );
    emit(request.onProgress, { phase: 'backup', done: replaced.length, total: replaced.length });
  }
  await stopIfAsked();
  const verified = new Set();
  let done = 0;
  const progress = (/** @type {string | undefined} */ path) =>
    emit(request.onProgress, { phase: 'write', done, total: writes.length, path });
  const creates = writes.filter((w) => w.create);
  for (let at = 0; at < creates.length; at += CHUNK) {
    progress(creates[at].path);
    for (const w of creates.slice(at, at + CHUNK)) {
      createFile(join(view, w.path), root, w.path, verified);
      done += 1;
    }
    await stopIfAsked();
  }
  const rest = writes.filter((w) => !w.create);
  for (let at = 0; at < rest.length; at += CHUNK) {
    progress(rest[at].path);
    const folders = new Set();
    const items = rest.slice(at, at + CHUNK).map((w) => {
      const source = join(view, w.path);
      return { path: writable(root, w.path, folders), data: () => readFileSync(source), mode: lstatSync(source).mode & 0o777 };
    });
    syncFolders(folders);
    await writeAll(items, (temp, item) => {
      try {
        renameSync(temp, item.path);
      } catch (error) {
        try {
          unlinkSync(temp);
        } catch {}
        throw error;
      }
      step('renamed');
    });
    done += items.length;
    await stopIfAsked();
  }
  progress(undefined);
  return creates.map((w) => w.path);
}

/** Temp names of this process: `.<name>.upkeep-<pid>-<run>-<n>.tmp` (swept by pid when stale). */
const tempTag = `${process.pid}-${randomBytes(4).toString('hex')}`;
let temps = 0;

/**
 * Creates `rel` under `root` from `from` (a release file, copied with its mode, or bytes):
 * a temp file beside it, then a rename into place, so the file is absent or whole, never
 * torn.
 * @param {string | Buffer} from @param {string} root @param {string} rel @param {Set<string>} verified folders already checked
 */
function createFile(from, root, rel, verified) {
  const slash = rel.lastIndexOf('/');
  const folder = slash < 0 ? '' : rel.slice(0, slash);
  if (folder && !verified.has(folder)) {
    ensureParents(root, rel);
    verified.add(folder);
  }
  const temp = join(root, folder, `.${rel.slice(slash + 1)}.upkeep-${tempTag}-${(temps += 1)}.tmp`);
  if (typeof from === 'string') copyFileSync(from, temp, constants.COPYFILE_EXCL);
  else writeFileSync(temp, from, { flag: 'wx', mode: engine.writeConstants().defaultMode });
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
  const folders = new Set([root]);
  for (const rel of rels) {
    const fd = openSync(join(root, rel), 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    folders.add(dirname(join(root, rel)));
  }
  syncFolders(folders);
}

/**
 * What the target holds at `rel`: null when nothing; a path under a file or a link is
 * `other` (upkeep never writes through one).
 * @param {string} root @param {string} rel
 * @returns {import('../index.js').ProbedSide | null}
 */
function probe(root, rel) {
  let at;
  try {
    at = inspect(root, rel);
  } catch (error) {
    if (error instanceof UpkeepError && error.code === 'unsafe-path') return { kind: 'other' };
    throw error;
  }
  if (at.kind === 'missing') return null;
  if (at.kind !== 'file') return { kind: at.kind };
  return { kind: 'file', sha256: hashFileSync(at.abs) };
}

/** The target's top-level names; none when it does not exist; bad input when it is not a folder. */
function topEntries(/** @type {string} */ root, /** @type {string} */ target) {
  try {
    return readdirSync(root);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT') return [];
    if (code === 'ENOTDIR') throw new UpkeepError('bad-path', `the target ${target} is a file, not a folder`);
    throw error;
  }
}

/**
 * The absolute path of `rel` under `root`, ready for an atomic write: no component is a
 * symlink or a non-directory, the target is a regular file or absent, its parents exist.
 * @param {string} root @param {string} rel @param {Set<string>} [folders]
 */
function writable(root, rel, folders) {
  const at = inspect(root, rel);
  if (at.kind !== 'file' && at.kind !== 'missing')
    throw unsafePathError(rel, `it is a ${at.kind}, not a regular file; upkeep never writes through one`);
  ensureParents(root, rel, folders);
  return at.abs;
}

/**
 * `--git`: the first commit of the scaffold (a repository is initialised first when the
 * folder is in none). Only the scaffolded folder is committed.
 * @param {string} root @param {string} spec
 */
async function commit(root, spec) {
  const git = (/** @type {string[]} */ args) => run('git', ['-C', root, ...args], { env: gitEnv() });
  const inside = await git(['rev-parse', '--show-toplevel']);
  if (inside.status !== 0) {
    const init = await git(['init', '-q']);
    if (init.status !== 0) return { committed: false, error: `git init failed: ${said(init.stderr)}` };
  }
  const add = await git(['add', '-A', '--', '.']);
  if (add.status !== 0) return { committed: false, error: `git add failed: ${said(add.stderr)}` };
  const made = await git(['commit', '-q', '-m', `Scaffold from ${spec}`, '--', '.']);
  if (made.status !== 0) return { committed: false, error: `git commit failed: ${said(made.stderr)}` };
  const head = await git(['rev-parse', 'HEAD']);
  return { committed: true, commit: head.stdout.toString('utf8').trim() };
}

function readText(/** @type {string} */ path) {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

/** A run id from the clock: `20260101-120000-123`. */
function runId(/** @type {Date} */ date) {
  return `${date.toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\..*/, '')}-${String(date.getMilliseconds()).padStart(3, '0')}`;
}
