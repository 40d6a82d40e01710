// `upkeep sync`: bring a checkout's branch up to date with a work clone — I/O only. The
// plan (fast-forward, cherry-picks or a refusal), every step after it, the carried-check
// rule, whether the checkout may follow and the report are the engine's: this file asks
// `engine.syncStep` what to do next, does it (git, `sh`, the check records), hands back
// what happened, and finally asks `engine.syncReport`.
//
// It works in a worktree of its own at the checkout's commit, so the checkout's
// uncommitted work is neither blocked nor touched; only commits ship.
import { spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { GIT_STATE } from '../generated/defaults.js';
import { gitLine, gitOk, gitRun, repoRoot, revList, statusPaths } from '../shim/git.js';
import { acquireLock, busyError } from '../shim/lock.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { letSignalsIn } from './progress.js';

/**
 * @typedef {object} SyncRequest
 * @property {string} cwd inside the checkout
 * @property {string} from the work clone
 * @property {string[]} [picks] commits to cherry-pick (none: fast-forward)
 * @property {string[]} [checks] shell commands run on exactly the tree to be pushed
 * @property {boolean} [dryRun] plan only
 * @property {() => Date} [now]
 * @property {() => boolean} [stopRequested] polled at each of the engine's stop points
 *   (before the worktree, each check, the push): a stopped sync pushes nothing
 */

/** The check records' text ('' when there are none yet). */
function readRecords(/** @type {string} */ path) {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    return '';
  }
}

/** Appends one record durably. */
function appendRecord(/** @type {string} */ path, /** @type {object} */ record) {
  appendFileSync(path, `${JSON.stringify(record)}\n`);
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A git run as the engine reads it. */
function ran(/** @type {{ status: number | null, stdout: Buffer, stderr: string }} */ result) {
  return { status: result.status, stdout: result.stdout.toString('utf8'), stderr: result.stderr };
}

/**
 * Runs the sync and resolves to its report (refusals, conflicts and failing checks are
 * reports, not exceptions). Throws a busy UpkeepError when another sync holds the checkout.
 * @param {SyncRequest} request
 * @returns {Promise<import('../index.js').SyncReport>}
 */
export async function sync({ cwd, from, picks = [], checks = [], dryRun = false, now = () => new Date(), stopRequested = () => false }) {
  const checkout = repoRoot(cwd);
  const clone = repoRoot(from);
  const common = gitLine(checkout, ['rev-parse', '--path-format=absolute', '--git-common-dir']);
  // What HEAD is on, asked of git; whether that can sync is the engine's.
  const branchRun = gitRun(checkout, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  const branch = branchRun.status === 0 ? branchRun.stdout.toString('utf8').trim() : null;
  const hasCommits = gitOk(checkout, ['rev-parse', '--verify', '--quiet', 'HEAD']);
  const refusal = engine.syncCheckout({ checkout, branch, hasCommits });
  if (refusal) throw UpkeepError.from(refusal);
  // The lock, the worktree and the check records share one folder of the git dir.
  mkdirSync(dirname(join(common, GIT_STATE.syncLock)), { recursive: true });
  const started = now();
  const runId = engine.runId('sync', started.getTime(), String(process.pid));
  let lock;
  try {
    lock = acquireLock(join(common, GIT_STATE.syncLock), runId, { what: 'sync' });
  } catch (error) {
    if (!(error instanceof UpkeepError && error.code === 'busy')) throw error;
    const holder = /** @type {any} */ (error).holder ?? null;
    throw busyError(engine.checkoutRefusal({ kind: 'busy', checkout, holder }), holder);
  }
  const cloneRef = `${GIT_STATE.syncRefPrefix}${runId}`;
  const worktree = join(common, `${GIT_STATE.syncWorktreePrefix}${runId}`);
  const recordsPath = join(common, GIT_STATE.checkRecords);
  let worktreeTried = false;
  try {
    const checkoutHead = gitLine(checkout, ['rev-parse', 'HEAD']);
    const fetched = gitRun(checkout, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', clone, `+HEAD:${cloneRef}`]);
    if (fetched.status !== 0) throw refused({ kind: 'clone-unreadable', clone, said: fetched.stderr.trim() });
    const cloneHead = gitLine(checkout, ['rev-parse', cloneRef]);
    const facts = {
      checkoutHead,
      cloneHead,
      cloneAhead: revList(checkout, ['--reverse', `${checkoutHead}..${cloneHead}`]),
      checkoutAhead: revList(checkout, [`${cloneHead}..${checkoutHead}`]),
      picks: picks.map((name) => {
        const found = gitRun(clone, ['rev-parse', '--verify', '--quiet', `${name}^{commit}`]);
        const sha = found.status === 0 ? found.stdout.toString('utf8').trim() : null;
        return { name, sha, onCheckout: sha !== null && gitOk(checkout, ['merge-base', '--is-ancestor', sha, checkoutHead]) };
      }),
    };
    const run = { plan: engine.planSync(facts), checkout, branch, dryRun, checks, at: started.toISOString() };
    /** @type {import('../index.js').SyncOutcome[]} */
    const outcomes = [];
    for (;;) {
      const step = engine.syncStep(run, outcomes);
      if (step.action === 'done') break;
      if (step.action === 'fail') throw new UpkeepError(step.code, step.message);
      if (step.action === 'make-worktree') worktreeTried = true;
      outcomes.push(await perform(step, { checkout, worktree, recordsPath, stopRequested }));
    }
    return engine.syncReport(run, outcomes);
  } finally {
    if (worktreeTried) gitRun(checkout, ['worktree', 'remove', '--force', worktree]);
    gitRun(checkout, ['update-ref', '-d', cloneRef]);
    lock.release();
  }
}

/**
 * Does one step of the engine's and says what happened.
 * @param {import('../index.js').SyncStep} step
 * @param {{ checkout: string, worktree: string, recordsPath: string, stopRequested: () => boolean }} where
 * @returns {Promise<import('../index.js').SyncOutcome>}
 */
async function perform(step, { checkout, worktree, recordsPath, stopRequested }) {
  switch (step.action) {
    case 'stop-point':
      // Git and the checks run synchronously: let a signal that came meanwhile be handled first.
      await letSignalsIn();
      return { stopped: stopRequested() };
    case 'make-worktree':
      return ran(gitRun(checkout, ['worktree', 'add', '--quiet', '--detach', worktree, step.commit]));
    case 'fast-forward':
      return ran(gitRun(worktree, ['merge', '--ff-only', '--quiet', step.target]));
    case 'cherry-pick':
      return ran(gitRun(worktree, ['cherry-pick', '--allow-empty', ...step.commits]));
    case 'abort-cherry-pick': {
      const failedAt = ran(gitRun(worktree, ['rev-parse', '--verify', '--quiet', 'CHERRY_PICK_HEAD']));
      gitRun(worktree, ['cherry-pick', '--abort']);
      return failedAt;
    }
    case 'read-head':
      return { status: 0, stdout: gitLine(worktree, ['rev-parse', 'HEAD', 'HEAD^{tree}']) };
    case 'read-records':
      return { text: readRecords(recordsPath) };
    case 'run-check': {
      // Output goes to stderr, so a --json document on stdout stays one document.
      const check = spawnSync('sh', ['-c', step.command], { cwd: worktree, stdio: ['ignore', process.stderr, process.stderr] });
      return { status: check.status, signal: check.signal };
    }
    case 'append-record':
      appendRecord(recordsPath, step.record);
      return {};
    case 'read-origin':
      return ran(gitRun(checkout, ['remote', 'get-url', step.remote]));
    case 'push':
      // A plain push (origin refuses anything but a fast-forward), run in the checkout as
      // the person's own `git push` would: a relative remote URL means the same place.
      return ran(gitRun(checkout, ['push', '--porcelain', step.remote, step.refspec]));
    case 'observe-checkout': {
      const head = gitRun(checkout, ['rev-parse', '--verify', '--quiet', 'HEAD']).stdout.toString('utf8').trim();
      return {
        checkout: {
          branch: gitRun(checkout, ['symbolic-ref', '--quiet', '--short', 'HEAD']).stdout.toString('utf8').trim(),
          head,
          uncommittedPaths: statusPaths(checkout, { untracked: false }).length,
          fastForwards: gitOk(checkout, ['merge-base', '--is-ancestor', head, step.commit]),
        },
      };
    }
    case 'follow':
      return ran(gitRun(checkout, ['merge', '--ff-only', '--quiet', step.commit]));
    case 'keep-commit':
      return ran(gitRun(checkout, ['update-ref', step.reference, step.commit]));
    default:
      throw new Error(`unknown sync step '${/** @type {any} */ (step).action}'`);
  }
}

/** The engine's refusal of a checkout or work clone not in a state to sync, as an error. */
function refused(/** @type {import('../index.js').CheckoutProblem} */ problem) {
  return UpkeepError.from(engine.checkoutRefusal(problem));
}
