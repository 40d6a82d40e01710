// The update flow: reads the project and two releases, asks the engine for a plan, and
// executes it — I/O only. Every decision (versions, changelog range, table rows, sweep,
// claims, conflicts, report) is the engine's.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { atomicWrite, atomicWriteAll } from '../shim/atomic-write.js';
import { saveBackups } from '../shim/backup.js';
import { step } from '../shim/fault.js';
import { FlowError } from '../shim/flow-error.js';
import { GitError, gitRun } from '../shim/git.js';
import { acquireLock } from '../shim/lock.js';
import { openRelease } from '../shim/release-source.js';
import { openOptions, recordInstalled, resolveSources } from '../releases/project-source.js';
import { regenLimits } from '../shim/run-program.js';
import { counter, emit } from './progress.js';
import { planByDigests } from './plan-by-digests.js';
import { regenerate } from './regenerate.js';
import { ensureParents, inspect, syncFolders, UnsafePathError } from '../shim/safe-path.js';

const IN_PROGRESS = 'update-in-progress.json';

/**
 * @typedef {object} UpdateRequest
 * @property {string} root the project root
 * @property {string} [cwd] what the local release specs given are relative to (default: the current directory)
 * @property {string | null} [baseline] the release the project was installed from (a release spec);
 *   default: the recorded source (`<stateDir>/source.json`) at the installed version
 * @property {string | null} [latest] the release to update to; default: the recorded source's newest
 * @property {string | null} [to] with the recorded source: the version (or range) to update to
 * @property {boolean} [pre] let the newest version be a pre-release
 * @property {boolean} [allowDrift] use a baseline that is not what the project recorded
 * @property {string} [stateDir] `.upkeep` by default
 * @property {'patch' | 'merge' | 'markers'} [conflicts] what to do with a file both sides
 *   changed: `merge` (the default) three-way merges it, writing diff3 markers where the
 *   sides overlap; `markers` the same with two-part markers; `patch` leaves it and writes
 *   upstream's change as a patch
 * @property {boolean} [allowDirty] update even when managed files have uncommitted changes in git
 * @property {boolean} [ignoreEol]
 * @property {boolean} [dryRun] compute everything, write nothing
 * @property {(range: import('../index.js').ChangelogSection[], check: import('../index.js').VersionCheck) => Promise<boolean>} [confirm]
 *   asked before anything is written; resolving false aborts
 * @property {() => Date} [now]
 * @property {() => boolean} [stopRequested] polled at each safe point: between the files
 *   read, between the phases, between the batches written (every file placed is whole)
 * @property {(event: import('./progress.js').ProgressEvent) => void} [onProgress]
 * @property {boolean} [noRegions] region awareness off for this run (default: UPKEEP_NO_REGIONS=1)
 * @property {{ timeoutMs?: number, maxOutputBytes?: number }} [regenLimits] a regeneration's
 *   ceilings (default 5 minutes and 32 MiB; see shim/run-program.js)
 */

/**
 * @typedef {object} UpdateOutcome
 * @property {'updated' | 'dry-run' | 'up-to-date' | 'applied-uncommitted' | 'aborted'} status
 * @property {import('../index.js').VersionCheck} check
 * @property {import('../index.js').ChangelogSection[]} changelog
 * @property {import('../index.js').UpdatePlan | null} plan
 * @property {string[]} leftoverPatches files a prior run left in the merge folder
 * @property {boolean} resumed
 * @property {string[]} notices things the user should know (a record behind VERSION, a damaged cache entry)
 * @property {{ baseline: { spec: string, resolved: string | null } | null, latest: { spec: string, resolved: string | null } }} releases
 * @property {string | null} source the recorded template source (`source.json`), when the project has one
 */

/**
 * Runs `upkeep update` (or, with dryRun, `upkeep status`).
 * @param {UpdateRequest} request
 * @returns {Promise<UpdateOutcome>}
 */
export async function update(request) {
  const { root, stateDir = '.upkeep', dryRun = false } = request;
  // The two releases: the flags, else the recorded source (the engine decides).
  const sources = resolveSources(root, stateDir, request);
  const installed = readText(join(root, stateDir, 'VERSION'));
  if (installed === null) {
    throw new FlowError('not-installed', `no ${stateDir}/VERSION in ${root}: this project was not installed from a template release (or the marker was deleted)`);
  }
  const releases = [];
  const onProgress = request.onProgress;
  const stopIfAsked = () => {
    if (request.stopRequested?.()) {
      throw new FlowError('interrupted', 'update interrupted before it finished; run it again to resume where it stopped');
    }
  };
  try {
    const fetched = counter(onProgress, 'fetch', 2);
    const latest = await openRelease(sources.latest, 'latest', openOptions(root, sources, request, 'latest'));
    releases.push(latest);
    fetched.step(sources.latest);
    const latestVersion = releaseText(latest.dir, stateDir, 'VERSION', 'latest');
    const check = engine.checkVersions(installed.trim(), latestVersion.trim(), committedVersion(root, stateDir));
    const changelogText = readText(join(latest.dir, 'CHANGELOG.md'));
    /** @type {UpdateOutcome} */
    const outcome = {
      status: 'up-to-date', check, changelog: [], plan: null, leftoverPatches: [], resumed: false,
      notices: [...sources.notices, ...latest.notices], releases: { baseline: null, latest: { spec: latest.spec, resolved: latest.resolved } },
      source: sources.record?.source ?? null,
    };
    if (check.status === 'ahead') {
      throw new FlowError('downgrade', `the project is on ${check.installed}, newer than the latest release ${check.latest}: refusing to downgrade`);
    }
    if (check.status !== 'update') {
      outcome.status = check.status;
      if (!dryRun) finishInterrupted(root, stateDir, check.installed);
      // A record left behind VERSION (an update stopped between them) catches up.
      if (!dryRun && check.status === 'up-to-date' && sources.recordLatest && sources.record && engine.compareVersions(sources.record.version, check.installed) !== 0) {
        const release = lock(root, stateDir, '');
        try {
          recordInstalled(root, stateDir, sources.record, latest);
        } finally {
          release();
        }
      }
      return outcome;
    }
    outcome.changelog = changelogText === null ? [] : engine.changelogRange(changelogText, check.installed, check.latest);

    stopIfAsked();
    const baseline = await openRelease(sources.baseline, 'baseline', openOptions(root, sources, request, 'baseline'));
    releases.push(baseline);
    fetched.step(sources.baseline);
    outcome.notices.push(...baseline.notices);
    outcome.releases.baseline = { spec: baseline.spec, resolved: baseline.resolved };
    // A baseline that is not what the project recorded (a moved tag, a republished
    // package) is refused, or used and reported with --allow-drift.
    const drift = engine.checkReleaseDrift(baseline.spec, sources.expectResolved, baseline.resolved, request.allowDrift ?? false);
    if (drift) outcome.notices.push(drift);
    const baselineVersion = releaseText(baseline.dir, stateDir, 'VERSION', 'baseline').trim();
    if (engine.compareVersions(baselineVersion, check.installed) !== 0) {
      throw new FlowError(
        'baseline-mismatch',
        `the baseline release is ${baselineVersion} but the project has ${check.installed} installed: give the release it was installed from as --baseline`,
      );
    }
    const baselineManifest = releaseText(baseline.dir, stateDir, 'manifest.json', 'baseline');
    const latestManifest = releaseText(latest.dir, stateDir, 'manifest.json', 'latest');
    if (!dryRun) {
      // Refused before anyone is asked to confirm; the plan checks again under the lock.
      const early = engine.startUpdate(readJson(join(root, stateDir, IN_PROGRESS)), check.installed, check.latest, 'check');
      engine.checkClean({ baselineManifest, latestManifest, git: gitStatus(root), options: { allowDirty: request.allowDirty ?? false, resumed: early.resumed } });
    }
    if (!dryRun && request.confirm && !(await request.confirm(outcome.changelog, check))) {
      outcome.status = 'aborted';
      return outcome;
    }
    /** @type {import('../index.js').ReadList} */
    const list = engine.updateReadList(baselineManifest, latestManifest, stateDir);

    const clockRunId = runId((request.now ?? (() => new Date()))());
    const release = dryRun ? () => {} : lock(root, stateDir, clockRunId);
    try {
      const record = readJson(join(root, stateDir, IN_PROGRESS));
      const start = engine.startUpdate(record, check.installed, check.latest, clockRunId);
      outcome.resumed = start.resumed;
      /** @type {Map<string, 'directory' | 'symlink' | 'absent'>} */
      const folders = new Map();
      outcome.leftoverPatches = listFiles(join(root, `${stateDir}-merge`));
      // Observed here, decided by the engine: the lockfiles present, and (for a run that
      // writes) what git says about the tree.
      const lockfiles = list.lockfiles.filter((name) => lstatOrNull(join(root, name))?.isFile());
      // The plan from digests: the three trees are read in bounded batches, and only the
      // few files the plan needs (merges, field merges, regions) are read again.
      const plan = await planByDigests({
        roots: [root, baseline.dir, latest.dir],
        paths: list.paths,
        input: {
          from: check.installed,
          to: check.latest,
          baselineManifest,
          latestManifest,
          files: [],
          claimFiles: list.claimFiles.map((path) => ({ path, bytes: readSide(root, path, folders)?.bytes ?? null })),
          changelog: changelogText,
          packageJson: readText(join(root, 'package.json')),
          leftoverPatches: outcome.leftoverPatches,
          lockfiles,
          git: dryRun ? null : gitStatus(root),
          options: {
            conflicts: request.conflicts ?? 'merge',
            ignoreEol: request.ignoreEol ?? false,
            stateDir,
            runId: start.runId,
            dryRun,
            noRegions: request.noRegions ?? process.env.UPKEEP_NO_REGIONS === '1',
            allowDirty: request.allowDirty ?? false,
            resumed: start.resumed,
          },
        },
        onProgress,
        stopIfAsked,
      });
      outcome.plan = plan;
      if (dryRun) {
        outcome.status = 'dry-run';
        return outcome;
      }
      if (start.pruneBackups) {
        step('prune backups');
        rmSync(join(root, `${stateDir}-backup`), { recursive: true, force: true });
        if (outcome.leftoverPatches.length === 0) {
          try {
            rmdirSync(join(root, `${stateDir}-merge`));
          } catch {}
        }
      }
      stopIfAsked();
      if (!start.resumed) {
        const progress = { from: check.installed, to: check.latest, runId: start.runId };
        atomicWrite(writable(root, `${stateDir}/${IN_PROGRESS}`), Buffer.from(`${JSON.stringify(progress)}\n`));
      }
      await execute(root, latest.dir, plan.actions, stopIfAsked, onProgress);
      stopIfAsked();
      if (plan.report.regions) {
        const limits = regenLimits(request.regenLimits);
        Object.assign(plan, await regenerate({ root, plan, stateDir, limits, stopIfAsked, onProgress }));
        stopIfAsked();
      }
      atomicWrite(writable(root, `${stateDir}/manifest.json`), Buffer.from(latestManifest));
      atomicWrite(writable(root, `${stateDir}/VERSION`), Buffer.from(`${check.latest}\n`));
      if (sources.recordLatest && sources.record) recordInstalled(root, stateDir, sources.record, latest);
      step('remove progress record');
      unlinkSync(join(root, stateDir, IN_PROGRESS));
      outcome.status = 'updated';
      return outcome;
    } finally {
      release();
    }
  } finally {
    for (const r of releases) r.cleanup();
  }
}

/**
 * A run killed after it bumped the version and before it removed its progress record:
 * the update is complete, only the record (and maybe a dead run's lock) remains.
 * @param {string} root @param {string} stateDir @param {string} installed
 */
function finishInterrupted(root, stateDir, installed) {
  const path = join(root, stateDir, IN_PROGRESS);
  const record = readJson(path);
  if (!record || typeof record.to !== 'string' || engine.compareVersions(record.to, installed) !== 0) return;
  const release = lock(root, stateDir, '');
  try {
    step('remove progress record');
    unlinkSync(path);
  } finally {
    release();
  }
}

/**
 * Takes the project's update lock (`<stateDir>/update.lock`, the safety kit's lock);
 * returns its release function.
 * @param {string} root @param {string} stateDir @param {string} id the run id, for the record
 */
function lock(root, stateDir, id) {
  mkdirSync(join(root, stateDir), { recursive: true });
  const held = acquireLock(join(root, stateDir, 'update.lock'), id, { what: 'update' });
  return () => held.release();
}

/**
 * The absolute path of `rel` under `root`, ready for an atomic write: no component
 * below the root is a symlink or a non-directory (whole components, checked with lstat,
 * so nothing resolves outside the root, including through a link an earlier release
 * shipped), the target is a regular file or absent, and its parents exist.
 * @param {string} root @param {string} rel a validated, `/`-separated relative path
 * @param {Set<string>} [newFolders] collects folders that gained a directory, for one sync per batch
 */
function writable(root, rel, newFolders) {
  const at = inspect(root, rel);
  if (at.kind !== 'file' && at.kind !== 'missing') throw new UnsafePathError(rel, `it is a ${at.kind}, not a regular file; upkeep never writes through one`);
  ensureParents(root, rel, newFolders);
  return at.abs;
}

/**
 * Executes the plan's actions in two passes: first every backup, then every write
 * (through the kit's batch writers: temp files synced concurrently, each before its
 * rename or link, each directory synced once). Every original is durably backed up
 * before any original is replaced, and all of it is durable before the caller bumps the
 * version.
 * @param {string} root
 * @param {string} latestDir
 * @param {import('../index.js').UpdateAction[]} actions
 * @param {() => void} stopIfAsked throws when a stop was requested (between batches)
 * @param {((event: import('./progress.js').ProgressEvent) => void) | undefined} onProgress
 */
async function execute(root, latestDir, actions, stopIfAsked, onProgress) {
  const modes = new Map();
  const backups = [];
  const newFolders = new Set();
  for (const action of actions) {
    if (action.op === 'write-patch') continue;
    const target = writable(root, action.path, newFolders);
    const mode = modeOf(target) ?? modeOf(join(latestDir, action.path)) ?? 0o644;
    modes.set(action.path, mode);
    if (!action.backupPath) continue;
    writable(root, action.backupPath, newFolders);
    backups.push({ backupRel: action.backupPath, bytes: { from: target }, mode });
  }
  syncFolders(newFolders);
  /** Progress after each batch, and a stop between two of them (not after the last). */
  const batches = (/** @type {'backup' | 'write'} */ phase, /** @type {number} */ total) => {
    emit(onProgress, { phase, done: 0, total });
    return (/** @type {number} */ placed) => {
      emit(onProgress, { phase, done: placed, total });
      if (placed < total) stopIfAsked();
    };
  };
  await saveBackups(root, backups, batches('backup', backups.length));
  stopIfAsked();
  const writes = actions.map((action) => {
    if (action.op === 'write-patch') return { path: writable(root, action.patchPath, newFolders), data: action.bytes };
    const path = writable(root, action.path, newFolders);
    if (action.op !== 'copy') return { path, data: action.bytes, mode: modes.get(action.path) };
    const source = join(latestDir, action.path);
    return { path, data: { from: source }, mode: modeOf(source) ?? modes.get(action.path) };
  });
  syncFolders(newFolders);
  await atomicWriteAll(writes, batches('write', writes.length));
}

/**
 * One side of a path as the engine wants it: null when absent, the kind of a non-file,
 * a regular file's bytes. A path under a symlinked folder counts as a symlink: it is
 * never read through. `folders` remembers what each folder on the way was (one lstat
 * per folder per run, not per file); the reads happen before anything is written.
 * @param {string} dir
 * @param {string} rel
 * @param {Map<string, 'directory' | 'symlink' | 'absent'>} folders
 * @returns {import('../index.js').SideInput | null}
 */
export function readSide(dir, rel, folders) {
  const parts = rel.split('/');
  let at = dir;
  for (const part of parts.slice(0, -1)) {
    at = join(at, part);
    let kind = folders.get(at);
    if (kind === undefined) {
      const st = lstatOrNull(at);
      kind = !st ? 'absent' : st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'directory' : 'absent';
      folders.set(at, kind);
    }
    if (kind === 'symlink') return { kind: 'symlink' };
    if (kind === 'absent') return null;
  }
  at = join(at, parts[parts.length - 1]);
  const st = lstatOrNull(at);
  if (!st) return null;
  if (st.isSymbolicLink()) return { kind: 'symlink' };
  if (st.isDirectory()) return { kind: 'directory' };
  if (!st.isFile()) return { kind: 'other' };
  return { bytes: readFileSync(at) };
}

/** lstat, or null when nothing is there (or a parent is not a directory). */
function lstatOrNull(/** @type {string} */ path) {
  try {
    return lstatSync(path);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

function modeOf(/** @type {string} */ path) {
  try {
    return lstatSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
}

function readText(/** @type {string} */ path) {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
    throw error;
  }
}

function readJson(/** @type {string} */ path) {
  const text = readText(path);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new FlowError('bad-state', `${path} is not valid JSON: an interrupted update's record is damaged; restore from the backups and remove it`);
  }
}

/**
 * A release's state file, which every release must carry.
 * @param {string} dir @param {string} stateDir @param {string} name @param {string} label
 */
function releaseText(dir, stateDir, name, label) {
  const text = readText(join(dir, stateDir, name));
  if (text === null) throw new FlowError('bad-release', `the ${label} release has no ${stateDir}/${name}`);
  return text;
}

/** The installed version in the project's last commit, or null outside git. */
function committedVersion(/** @type {string} */ root, /** @type {string} */ stateDir) {
  try {
    return execFileSync('git', ['-C', root, 'show', `HEAD:./${stateDir}/VERSION`], {
      env: { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/**
 * What git says about the project's tree, for the engine's dirty guard: the root's prefix
 * in its repository and `git status --porcelain -z` of the root's subtree. Null outside a
 * git repository, or when git is not installed.
 * @param {string} root
 * @returns {import('../index.js').GitStatus | null}
 */
function gitStatus(root) {
  let prefix;
  try {
    prefix = gitRun(root, ['rev-parse', '--show-prefix']);
  } catch {
    return null; // no git on this machine
  }
  if (prefix.status !== 0) return null;
  const status = gitRun(root, ['status', '--porcelain', '-z', '--', '.']);
  if (status.status !== 0) throw new GitError(['status'], status);
  return { prefix: prefix.stdout.toString('utf8').trim(), porcelain: status.stdout };
}

/** Every file under `dir`, relative, sorted; empty when it does not exist. */
function listFiles(/** @type {string} */ dir) {
  try {
    return /** @type {string[]} */ (readdirSync(dir, { recursive: true, withFileTypes: false }))
      .filter((name) => lstatSync(join(dir, name)).isFile())
      .sort();
  } catch {
    return [];
  }
}

/** A run id from the clock: `20260101-120000-123`. */
function runId(/** @type {Date} */ date) {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\..*/, '') + `-${String(date.getMilliseconds()).padStart(3, '0')}`;
}
