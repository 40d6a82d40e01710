// `upkeep fleet step`: what one fleet job runs in a checkout of one repository. It runs
// `upkeep update` as its own process with the engine's arguments (`stepUpdateArgs`: no
// prompt, exit non-zero on an error only, the change request written to a payload),
// commits the result on the payload's branch with the base commit's dates (so a re-run
// after a kill at any point makes the same commit), reads what the remote's branch holds,
// and pushes what the engine's decision allows. Opening the pull request from the
// payload is the CI's step (gh, glab): it needs the platform's token.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { engine } from '../engine.js';
import { atomicWrite } from '../shim/atomic-write.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { git, gitLine, gitOk, gitRun, statusPaths } from '../shim/git.js';
import { FLEET_STEP_OUTCOME, GIT_STATE, PR_FILES } from '../generated/defaults.js';

const CLI = fileURLToPath(new URL('../../bin/upkeep.js', import.meta.url));

/**
 * @typedef {object} FleetStepRequest
 * @property {string} root the checkout (any folder inside it)
 * @property {string} [dir] the project inside the repository
 * @property {string} [to] the version (or range) to update to
 * @property {string} [remote] none: the engine's default (`origin`, `stepStart` answers it)
 * @property {boolean} [push] default true
 * @property {string} [payload] the payload folder (default: GIT_STATE.fleetPayload in the git dir)
 * @property {string} [author] `Name <email>`, the commit's author and committer
 * @property {string} [stateDir] default `.upkeep`
 */

/**
 * @typedef {object} FleetStepOutcome
 * @property {import('../index.js').StepAction} action
 * @property {string} message
 * @property {string | null} branch
 * @property {string | null} commit
 * @property {string | null} remote the remote branch's head before the push
 * @property {string} base
 * @property {string} payload the payload folder
 * @property {number | null} updateExit the update's exit code (null: a signal ended it)
 * @property {number} exit the step's exit code (the engine's)
 * @property {string | null} error the update's error message, when it failed
 * @property {string | null} updateStatus
 */

/**
 * @param {FleetStepRequest} request
 * @returns {FleetStepOutcome}
 */
export function fleetStep(request) {
  const found = gitRun(request.root, ['rev-parse', '--show-toplevel']);
  if (found.status !== 0) {
    throw UpkeepError.from(engine.inputRefusal({ kind: 'not-a-checkout', root: request.root, said: found.stderr.trim() }));
  }
  const top = found.stdout.toString('utf8').trim();
  // A bad --author is refused before anything is written.
  const identity = engine.commitIdentity(request.author ?? null);
  const { stateDir } = engine.updatePaths(request.stateDir);
  const gitDir = resolve(top, gitLine(top, ['rev-parse', '--git-dir']));
  // Where to start: the engine decides from HEAD, the tree and an unfinished run's marker.
  const marker = join(gitDir, GIT_STATE.fleetMarker);
  const head = gitLine(top, ['rev-parse', 'HEAD']);
  const parents = gitLine(top, ['log', '-1', '--format=%P', head]).split(' ').filter(Boolean);
  const start = engine.stepStart({
    head,
    headParent: parents[0] ?? null,
    headIsStepCommit: engine.isStepCommit({ message: gitLine(top, ['log', '-1', '--format=%B', head]) }),
    dirty: statusPaths(top),
    unfinishedBase: readMarker(marker),
    projectDir: request.dir ?? null,
    stateDir,
    remote: request.remote ?? null,
  });
  if (start.refusal !== null) throw UpkeepError.from(engine.inputRefusal({ kind: 'step-refused', top, reason: start.refusal }));
  const base = /** @type {string} */ (start.base);
  const { remote } = start;
  if (start.reset) {
    // The writes of a killed run of the step (or its finished commit): back to the base.
    git(top, ['reset', '-q', '--hard']);
    git(top, ['clean', '-fdq', ...start.keep.flatMap((/** @type {string} */ folder) => ['-e', `/${folder}`])]);
    // A folder that ignores itself (the merge folder's patches) is cleaned of ignored files too.
    for (const folder of start.commitIgnored) git(top, ['clean', '-fdqx', '--', folder]);
    git(top, ['checkout', '-q', '--detach', base]);
  }
  atomicWrite(marker, Buffer.from(`${JSON.stringify({ base })}\n`, 'utf8'));
  const payload = request.payload ? resolve(request.payload) : join(gitDir, GIT_STATE.fleetPayload);
  // A payload left by an earlier run of this job must not be taken for this run's: its
  // files go (the branch file, which marks a whole payload, first); anything else in the
  // folder, which may be one the user named, is left alone.
  mkdirSync(payload, { recursive: true });
  for (const name of new Set([PR_FILES.branch, ...Object.values(PR_FILES)])) rmSync(join(payload, name), { force: true });
  const project = request.dir ? join(top, request.dir) : top;

  const args = [CLI, ...engine.stepUpdateArgs({ payload, project, stateDir, to: request.to ?? null })];
  const run = spawnSync(process.execPath, args, { cwd: project, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.error) throw run.error;
  /** @type {any} */
  let document = null;
  try {
    document = JSON.parse(run.stdout);
  } catch {
    // Not a document: the error is in stderr.
  }
  /** What the step saw on its way, for its outcome document. */
  const seen = {
    branch: /** @type {string | null} */ (null),
    commit: /** @type {string | null} */ (null),
    remote: /** @type {string | null} */ (null),
  };
  /** What the step learnt so far, for the engine's decision wherever it stops. */
  const facts = {
    updateExit: run.status,
    updateSignal: run.signal,
    updateError: document?.error?.message ?? null,
    updateStderr: run.stderr,
    updateTo: document?.to ?? null,
    branch: '',
    commit: /** @type {string | null} */ (null),
    remote: /** @type {string | null} */ (null),
    remoteContainsCommit: false,
    remoteIsStepCommit: false,
    noPush: request.push === false,
    remoteName: remote,
    nothingStaged: false,
  };
  /** Ends the step with the engine's decision: its outcome document, the marker gone when the run is over. */
  const stop = (decision = engine.stepAction(facts)) => {
    /** @type {FleetStepOutcome} */
    const outcome = {
      action: decision.action,
      message: decision.message,
      ...seen,
      base,
      payload,
      updateExit: run.status,
      exit: decision.exit,
      error: decision.error,
      updateStatus: document?.status ?? null,
    };
    finish(payload, outcome, marker, decision.finished);
    return outcome;
  };
  const branchFile = join(payload, PR_FILES.branch);
  facts.branch = existsSync(branchFile) ? readFileSync(branchFile, 'utf8').trim() : '';
  // The engine says whether there is a commit to make (the update succeeded and named its branch).
  if (!engine.stepCommits(facts)) return stop();
  const branch = facts.branch;
  seen.branch = branch;

  // The commit: everything the update wrote but its backups (git history is the backup
  // here, and their folder is named by the run), with the base commit's dates.
  git(top, ['checkout', '-q', '-B', branch]);
  git(top, ['add', '-A', '--', '.']);
  for (const folder of start.commitIgnored) if (existsSync(join(top, folder))) git(top, ['add', '-f', '--', folder]);
  for (const ignoreFile of start.commitIgnoredFiles) git(top, ['rm', '-q', '--cached', '--ignore-unmatch', '--', ignoreFile]);
  for (const backups of start.keep) git(top, ['rm', '-r', '-q', '--cached', '--ignore-unmatch', '--', backups]);
  facts.nothingStaged = gitOk(top, ['diff', '--cached', '--quiet']);
  if (!engine.stepCommits(facts)) return stop();
  // The commit, as the engine words it: the step's identity, the base commit's dates.
  const commitRun = engine.stepCommit({
    identity,
    baseDate: gitLine(top, ['show', '-s', '--format=%cI', base]),
    messageFile: join(payload, PR_FILES.commit),
  });
  git(top, commitRun.args, { extraEnv: commitRun.env });
  const commit = gitLine(top, ['rev-parse', 'HEAD']);
  seen.commit = commit;
  facts.commit = commit;

  // What the remote's branch holds.
  const listed = gitRun(top, ['ls-remote', '--heads', remote, `refs/heads/${branch}`]);
  if (listed.status !== 0)
    throw UpkeepError.from(
      engine.inputRefusal({ kind: 'git-failed', command: `ls-remote ${remote}`, stderr: listed.stderr, status: listed.status }),
    );
  // The engine reads git's listing: the line naming exactly refs/heads/<branch>, if any.
  /** @type {import('../index.js').GitRefFound | null} */
  const remoteBranch = engine.gitRefFound(branch, listed.stdout.toString('utf8'));
  const remoteHead = remoteBranch?.commit ?? null;
  seen.remote = remoteHead;
  facts.remote = remoteHead;
  if (remoteHead && remoteHead !== commit) {
    git(top, ['fetch', '-q', '--no-tags', remote, `+refs/heads/${branch}:${GIT_STATE.fleetRemoteRef}`]);
    facts.remoteContainsCommit = gitOk(top, ['merge-base', '--is-ancestor', commit, remoteHead]);
    const parents = gitLine(top, ['log', '-1', '--format=%P', remoteHead]).split(' ').filter(Boolean);
    facts.remoteIsStepCommit = engine.isStepCommit({
      message: gitLine(top, ['log', '-1', '--format=%B', remoteHead]),
      branch,
      parents: parents.length,
      parentOnBase: parents.length > 0 && gitOk(top, ['merge-base', '--is-ancestor', parents[0], base]),
    });
  }
  const decision = engine.stepAction(facts);
  // The engine's push, as git's arguments (none when it pushes nothing).
  if (decision.pushArgs) git(top, decision.pushArgs);
  return stop(decision);
}

/**
 * Writes the outcome beside the payload (`step.json`), for the CI's next steps, and
 * removes the run's marker when the engine says the run is over.
 * @param {string} payload @param {FleetStepOutcome} outcome @param {string} marker
 * @param {boolean} finished the engine's word: the run is over, its marker goes
 */
function finish(payload, outcome, marker, finished) {
  atomicWrite(join(payload, FLEET_STEP_OUTCOME), Buffer.from(`${JSON.stringify(outcome, null, 2)}\n`, 'utf8'));
  if (finished) rmSync(marker, { force: true });
}

/** The base an unfinished run recorded, or null. */
function readMarker(/** @type {string} */ marker) {
  if (!existsSync(marker)) return null;
  try {
    return JSON.parse(readFileSync(marker, 'utf8')).base ?? null;
  } catch {
    // Torn by a kill while it was written: atomicWrite makes that impossible, but a
    // marker that does not read names no base.
    return null;
  }
}
