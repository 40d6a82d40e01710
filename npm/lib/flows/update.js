// The update flow: takes the project's lock, then reads the project and two releases,
// asks the engine for a plan, preflights every write target, and executes the plan's
// steps through the one executor (flows/execute.js) — I/O only. Every decision
// (versions, changelog range, table rows, sweep, claims, conflicts, what a write that
// did not happen means, the report) is the engine's, and the plan stays in the engine's
// update session: only the steps and the bytes they write come out.
import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, realpathSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { writeFileIn } from '../shim/atomic-write.js';
import { isOsError, osMessage } from '../shim/os-message.js';
import { openDir, splitPath } from '../shim/dir-handle.js';
import { pausePoint, step } from '../shim/fault.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { gitEnv, gitError, gitRun } from '../shim/git.js';
import { acquireLock } from '../shim/lock.js';
import { openRelease } from '../shim/release-source.js';
import { openOptions, recordInstalled, resolveSources } from '../releases/project-source.js';
import { regenLimits } from '../shim/run-program.js';
import { sweepDeadTemps } from '../shim/temp-file.js';
import { readTextStrict, TreeReader } from '../shim/tree-read.js';
import { measureBackups } from './backups.js';
import { executeSteps } from './execute.js';
import { counter, letSignalsIn, stoppedUnwritten } from './progress.js';
import { planByDigests } from './plan-by-digests.js';
import { recoverRegeneration, regenerate } from './regenerate.js';

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
 *   read, between the phases, before each file is replaced (every file placed is whole)
 * @property {(event: import('./progress.js').ProgressEvent) => void} [onProgress]
 * @property {boolean} [noRegions] region awareness off for this run (UPKEEP_NO_REGIONS=1 turns it off too)
 * @property {{ timeoutMs?: number, maxOutputBytes?: number }} [regenLimits] a regeneration's
 *   ceilings (default 5 minutes and 32 MiB; see shim/run-program.js)
 */

/**
 * @typedef {object} UpdateOutcome
 * @property {import('../index.js').UpdateStatus} status the engine's word for how the run ended:
 *   `incomplete`: files changed while it ran (left alone); `failed`: the file system refused a write;
 *   `interrupted`: stopped on request — each time the version is unchanged and re-running finishes
 * @property {import('../index.js').VersionCheck} check
 * @property {import('../index.js').ChangelogSection[]} changelog
 * @property {import('../index.js').UpdateSession | null} session the engine's session, keeping the plan (null
 *   when the run planned nothing): its report and summary, completed with what this run did, give the
 *   `--json` document, the exit code, the printed outcome and the change request
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
  const { dryRun = false } = request;
  /** @type {import('../index.js').UpdatePaths} */
  const paths = engine.updatePaths(request.stateDir);
  const stateDir = paths.stateDir;
  const root = realpathSync(request.root);
  const clockRunId = engine.runId('update', (request.now ?? (() => new Date()))().getTime(), '');
  // The state folder is a real folder inside the tree before anything is created in it.
  const state = openStateFolder(root, stateDir);
  const held = dryRun ? null : acquireLock({ dir: state, name: splitPath(paths.lock).name }, clockRunId, { what: 'update' });
  if (!dryRun) sweepDeadTemps(state);
  const project = new TreeReader(root);
  /** @type {OpenedRelease[]} */
  const releases = [];
  const onProgress = request.onProgress;
  const stopRequested = request.stopRequested ?? (() => false);
  /** Before anything is written, a stop ends the run with an error: nothing to report but that. */
  const stopIfAsked = () => {
    if (stopRequested()) throw stoppedUnwritten('update', 'planned');
  };
  try {
    // Everything the run decides from is read under the lock.
    const installed = readTextStrict(project, paths.version, engine.inputName({ kind: 'project-file', path: paths.version, root }));
    // The engine's opening: a refusal, or the record this run resumes and the regeneration to put back.
    const opened = engine.openUpdate({
      stateDir,
      root,
      installed,
      progress: readTextStrict(project, paths.progress, paths.progress),
      dryRun,
    });
    if (opened.refusal) throw UpkeepError.from(opened.refusal);
    const record = opened.inProgress;
    // What a region's program wrote when the run it resumes was killed is put back before anything is read.
    const recovered = opened.recoverRegeneration ? await recoverRegeneration(root, opened.recoverRegeneration) : null;
    // The two releases: the flags, else the recorded source (the engine decides).
    const sources = resolveSources(root, stateDir, request);
    const fetched = counter(onProgress, 'fetch', 2);
    const latest = await open(sources.latest, 'latest', releases, openOptions(root, sources, request, 'latest'));
    fetched.step(sources.latest);
    const latestVersion = releaseText(latest, paths.version, 'latest', 'release');
    /** @type {import('../index.js').UpdateFacts} */
    const observed = {
      installed: /** @type {string} */ (installed),
      latest: latestVersion,
      committed: committedVersion(root, paths.version),
      inProgress: record,
      source: sources.record
        ? {
            version: sources.record.version,
            followsLatest: sources.recordLatest,
            latestSpec: sources.latestFromRecord ? sources.latest : null,
          }
        : null,
      dryRun,
      runId: clockRunId,
    };
    // The engine's next move: a refusal (thrown), an ending with its clean-up, or open the baseline.
    const first = engine.prepareUpdate(observed);
    const { check } = first;
    const changelogText = lossyText(latest.tree, paths.changelog);
    // What the run learns on its way; it returns with the engine's word for how it ended.
    /** @type {Omit<UpdateOutcome, 'status'>} */
    const outcome = {
      check,
      changelog: [],
      session: null,
      leftoverPatches: [],
      resumed: false,
      notices: [...sources.notices, ...latest.notices, ...(recovered ? [recovered] : [])],
      releases: { baseline: null, latest: { spec: latest.spec, resolved: latest.resolved } },
      source: sources.record?.source ?? null,
    };
    if (first.step === 'done') {
      // A run killed after it bumped the version and before it removed its record.
      if (first.removeProgress) await removeProgress(state, paths.progress);
      // A record left behind VERSION (an update stopped between them) catches up, under the lock.
      if (first.recordSource)
        recordInstalled(root, stateDir, engine.installedRecord(sources, { version: latest.version, resolved: latest.resolved }));
      return { ...outcome, status: first.status };
    }
    outcome.changelog = changelogText === null ? [] : engine.changelogRange(changelogText, check.installed, check.latest);

    stopIfAsked();
    const baseline = await open(sources.baseline, 'baseline', releases, openOptions(root, sources, request, 'baseline'));
    fetched.step(sources.baseline);
    outcome.notices.push(...baseline.notices);
    outcome.releases.baseline = { spec: baseline.spec, resolved: baseline.resolved };
    // A baseline that is not what the project recorded (a moved tag, a republished
    // package) is refused, or used and reported with --allow-drift.
    const drift = engine.checkReleaseDrift(baseline.spec, sources.expectResolved, baseline.resolved, request.allowDrift ?? false);
    if (drift) outcome.notices.push(drift);
    const ready = engine.prepareUpdate({ ...observed, baseline: releaseText(baseline, paths.version, 'baseline', 'release') });
    if (ready.step !== 'ready') throw new Error(`upkeep bug: the engine answered '${ready.step}' to an update given its baseline`);
    const { start } = ready;
    const baselineManifest = releaseText(baseline, paths.manifest, 'baseline', 'release-manifest');
    const latestManifest = releaseText(latest, paths.manifest, 'latest', 'release-manifest');
    // Both manifests are parsed once, in the engine, for the guard, the read list and the plan.
    /** @type {import('../index.js').UpdateInputs} */
    const inputs = engine.UpdateInputs.open(baselineManifest, latestManifest, stateDir);
    // What git says about the tree, for the engine's dirty guard: refused before anyone is
    // asked to confirm; the plan checks the same again.
    const git = first.observeGit ? gitStatus(root) : null;
    inputs.checkClean(git, { dryRun, allowDirty: request.allowDirty ?? false, resumed: start.resumed });
    if (ready.confirm && request.confirm && !(await request.confirm(outcome.changelog, check))) {
      return { ...outcome, status: ready.declined };
    }
    /** @type {import('../index.js').ReadList} */
    const list = inputs.readList();
    outcome.resumed = start.resumed;
    // Observed here, decided by the engine: the lockfiles present.
    const lockfiles = list.lockfiles.filter((name) => {
      const found = project.entry(name);
      return found !== null && 'bytes' in found;
    });
    outcome.leftoverPatches = engine.leftoverPatches(listFiles(project, paths.mergeDir));
    // The plan from digests: the three trees are read in bounded batches, and only the
    // few files the plan needs (merges, field merges, regions) are read again.
    /** @type {import('../index.js').UpdateSession} */
    const session = inputs.session({
      from: check.installed,
      to: check.latest,
      claimFiles: list.claimFiles.map((path) => ({ path, bytes: fileBytes(project, path) })),
      changelog: changelogText,
      packageJson: lossyText(project, paths.packageJson),
      leftoverPatches: outcome.leftoverPatches,
      lockfiles,
      git,
      options: {
        conflicts: request.conflicts,
        ignoreEol: request.ignoreEol,
        stateDir,
        runId: start.runId,
        dryRun,
        noRegions: request.noRegions,
        noRegionsEnv: process.env.UPKEEP_NO_REGIONS ?? null,
        allowDirty: request.allowDirty,
        resumed: start.resumed,
      },
    });
    /** @type {import('../index.js').PlanOutline} */
    const plan = await planByDigests({
      roots: [root, baseline.tree.root, latest.tree.root],
      paths: list.paths,
      session,
      onProgress,
      stopIfAsked,
    });
    outcome.session = session;
    if (ready.endsPlanned) return { ...outcome, status: ready.endsPlanned };
    // The state files the run writes are checked with the plan's targets: the recorded source too when it follows.
    preflight(root, plan.steps, [paths.version, paths.manifest, paths.progress, ...(ready.recordSource ? [paths.source] : [])]);
    pausePoint('planned');
    // A stop asked for while the run read and planned (a signal is an event) ends it here, nothing written.
    await letSignalsIn();
    if (stopRequested()) {
      return { ...outcome, status: session.finishRun({ outcomes: [], interrupted: true, stateDir }).status };
    }
    if (ready.writeProgress)
      await writeFileIn(state, splitPath(paths.progress).name, Buffer.from(engine.progressText(ready.writeProgress)));
    /** @type {Map<number, Uint8Array>} */
    const contents = new Map(plan.contents.map((c) => [c.index, c.bytes]));
    const run = await executeSteps(plan.steps, {
      root,
      sourceRoot: latest.tree.root,
      bytesOf: (step) => /** @type {Uint8Array} */ (contents.get(/** @type {number} */ (step.index))),
      stopRequested,
      onProgress,
    });
    // The engine's next move: the regions, and whether a stop (asked by now) ends the run here.
    /** @param {boolean} regionsRan @returns {import('../index.js').AfterWrites} */
    const after = (regionsRan) =>
      engine.afterWrites({
        hasRegions: plan.regions,
        stopped: run.stopped,
        stopAsked: stopRequested(),
        failed: run.failed,
        outcomes: run.outcomes,
        regionsRan,
      });
    const next = after(false);
    let { interrupted } = next;
    if (next.regenerate) {
      const jobs = plan.regionJobs;
      session.finishRegions(
        await regenerate({ root, stateDir, jobs, limits: regenLimits(request.regenLimits), stopRequested, onProgress }),
      );
      // Asked again: whether a stop during the regions ends the run.
      ({ interrupted } = after(true));
    }
    const facts = { outcomes: run.outcomes, interrupted, backups: measureBackups(root, paths.backupsDir), stateDir };
    /** @type {import('../index.js').RunEnd} */
    let finished = session.finishRun(facts);
    if (finished.bumpVersion) {
      const refused = await bumpVersion(state, finished.stateWrites, latestManifest);
      if (refused) finished = session.finishRun({ ...facts, stateError: refused });
      // The recorded source follows the version (a kill between them is caught up by the next run).
      else if (ready.recordSource) {
        try {
          recordInstalled(root, stateDir, engine.installedRecord(sources, { version: latest.version, resolved: latest.resolved }));
        } catch (error) {
          // Every file and the version are in place; only the record is behind, and the next run catches it up.
          if (!isOsError(error)) throw error;
          outcome.notices.push(engine.recordBehindNotice(paths.source, osMessage(/** @type {NodeJS.ErrnoException} */ (error))));
        }
      }
    }
    return { ...outcome, status: finished.status };
  } finally {
    for (const r of releases) {
      r.tree.close();
      r.cleanup();
    }
    project.close();
    held?.release();
    state.close();
  }
}

/** Opens the state folder by handle: refused when it is a link or not a folder (before any write). */
function openStateFolder(/** @type {string} */ root, /** @type {string} */ stateDir) {
  try {
    return openDir(root, stateDir);
  } catch (error) {
    // No state folder: no marker in it either, and the engine's opening refuses that.
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') {
      throw UpkeepError.from(/** @type {import('../index.js').Refusal} */ (engine.openUpdate({ stateDir, root }).refusal));
    }
    throw error;
  }
}

/**
 * Walks every path the run writes before the first write (each step's path and backup,
 * and the state files) and hands what it found at each to the engine in one call, which
 * refuses the first it must not write, with nothing written, naming the path.
 * @param {string} root @param {import('../index.js').WriteStep[]} steps @param {string[]} stateFiles
 */
function preflight(root, steps, stateFiles) {
  /** @type {{ path: string, expect: import('../index.js').WriteExpect | null }[]} */
  const targets = [
    ...steps.flatMap((s) => [{ path: s.path, expect: s.expect }, ...(s.backup ? [{ path: s.backup, expect: null }] : [])]),
    ...stateFiles.map((path) => ({ path, expect: null })),
  ];
  const tree = new TreeReader(root);
  /** @type {import('../index.js').TargetSeen[]} */
  const seen = [];
  try {
    for (const { path, expect } of targets) {
      const { dir } = splitPath(path);
      const folder = tree.folder(dir);
      const blockedAt = folder === 'absent' ? firstNonFolder(tree, dir) : null;
      const found = folder === 'absent' || folder === 'symlink' ? 'missing' : tree.kind(path);
      seen.push({ path, expect, throughLink: folder === 'symlink', blockedAt, found });
    }
  } finally {
    tree.close();
  }
  const refused = engine.preflightFirstRefusal(seen);
  if (refused) throw Object.assign(UpkeepError.from(refused.refusal), { path: refused.path });
}

/** The first component of folder `rel` that exists and is not a folder, if any. */
function firstNonFolder(/** @type {TreeReader} */ tree, /** @type {string} */ rel) {
  let at = '';
  for (const part of rel.split('/')) {
    const next = at ? `${at}/${part}` : part;
    const found = tree.entry(next);
    if (found === null) return null;
    if (!('kind' in found) || found.kind !== 'directory') return next;
    at = next;
  }
  return null;
}

/**
 * Writes the state files in the engine's order (the new manifest, then VERSION, then the
 * progress record dropped); the refusal of the file system, if it refuses, for the report.
 * @param {import('../shim/dir-handle.js').DirHandle} state @param {import('../index.js').StateWrite[]} writes
 * @param {string} manifest the latest release's manifest, as read
 */
async function bumpVersion(state, writes, manifest) {
  for (const write of writes) {
    if (write.kind === 'remove-progress') {
      await removeProgress(state, write.path);
      continue;
    }
    const { path } = write;
    try {
      await writeFileIn(state, splitPath(path).name, Buffer.from(write.kind === 'version' ? write.text : manifest));
    } catch (error) {
      const e = /** @type {NodeJS.ErrnoException} */ (error);
      if (!e.code?.startsWith('E')) throw error;
      return {
        path,
        error: {
          code: e.code,
          message: osMessage(e),
          stage: /** @type {const} */ ('swap'),
        },
      };
    }
  }
  return undefined;
}

/** Removes the progress record; already gone (a program removed it) is fine. */
async function removeProgress(/** @type {import('../shim/dir-handle.js').DirHandle} */ state, /** @type {string} */ path) {
  step('remove progress record');
  try {
    unlinkSync(state.path(splitPath(path).name));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
  }
  state.sync();
}

/** @typedef {import('../shim/release-source.js').Release & { tree: TreeReader }} OpenedRelease */

/**
 * Opens a release and a reader over it (by handle, never through a link).
 * @param {string} spec @param {string} label @param {OpenedRelease[]} opened
 * @param {Parameters<typeof openRelease>[2]} options
 * @returns {Promise<OpenedRelease>}
 */
async function open(spec, label, opened, options) {
  const release = await openRelease(spec, label, options);
  let tree;
  try {
    tree = new TreeReader(realpathSync(release.dir));
  } catch (error) {
    release.cleanup();
    throw error;
  }
  const entry = { ...release, tree };
  opened.push(entry);
  return entry;
}

/** A regular file's bytes, or null (a claim's file). */
function fileBytes(/** @type {TreeReader} */ tree, /** @type {string} */ rel) {
  const found = tree.entry(rel);
  return found && 'bytes' in found ? found.bytes : null;
}

/** A text file read as it comes (the changelog, package.json: informational), or null. */
function lossyText(/** @type {TreeReader} */ tree, /** @type {string} */ rel) {
  const bytes = fileBytes(tree, rel);
  return bytes === null ? null : bytes.toString('utf8');
}

/**
 * A release's state file, which every release must carry: strict UTF-8.
 * @param {{ tree: TreeReader }} release @param {string} rel @param {string} label @param {import('../index.js').StrictFile} file
 */
function releaseText(release, rel, label, file) {
  const text = readTextStrict(release.tree, rel, engine.inputName({ kind: 'release-file', release: label, path: rel }), file);
  if (text === null) throw refused({ kind: 'release-lacks', label, path: rel });
  return text;
}

/** The installed version in the project's last commit (`versionPath`, the engine's), or null outside git. */
function committedVersion(/** @type {string} */ root, /** @type {string} */ versionPath) {
  try {
    return execFileSync('git', ['-C', root, 'show', `HEAD:./${versionPath}`], {
      env: gitEnv(),
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
 * git repository (the engine reads git's answer), or when git is not installed.
 * @param {string} root
 * @returns {import('../index.js').GitStatus | null}
 */
function gitStatus(root) {
  const args = ['rev-parse', '--show-prefix'];
  let ran;
  try {
    ran = gitRun(root, args);
  } catch {
    return null; // no git on this machine
  }
  /** @type {import('../index.js').GitPlace} */
  const place = engine.gitPlace({ status: ran.status, stdout: ran.stdout.toString('utf8'), stderr: ran.stderr });
  if (place.kind === 'outside') return null;
  if (place.kind === 'failed') throw gitError(args, ran);
  const status = gitRun(root, ['status', '--porcelain', '-z', '--', '.']);
  if (status.status !== 0) throw gitError(['status'], status);
  return { prefix: place.answer, porcelain: status.stdout };
}

/**
 * Every file in the merge folder, relative to it (the engine's `leftoverPatches` says
 * which a prior run left, and orders them). Empty when the folder is not a real folder.
 * @param {TreeReader} tree @param {string} mergeDir
 */
function listFiles(tree, mergeDir) {
  const folder = tree.folder(mergeDir);
  if (typeof folder === 'string') return [];
  /** @type {string[]} */
  const found = [];
  const walk = (/** @type {string} */ base, /** @type {string} */ rel) => {
    for (const name of readdirSync(join(base, rel))) {
      const path = rel ? `${rel}/${name}` : name;
      const st = lstatSync(join(base, path));
      if (st.isDirectory()) walk(base, path);
      else if (st.isFile()) found.push(path);
    }
  };
  try {
    walk(folder.path('.'), '');
  } catch {
    return [];
  }
  return found;
}

/** The engine's refusal of a project or release not in a state to update from, as an error. */
function refused(/** @type {import('../index.js').StateProblem} */ problem) {
  return UpkeepError.from(engine.stateRefusal(problem));
}
