// `upkeep sync`: bring a checkout's branch up to date with a work clone — I/O only. The
// plan (fast-forward, cherry-picks or a refusal), the carried-check rule and whether the
// checkout may follow are the engine's.
//
// It works in a worktree of its own at the checkout's commit, so the checkout's
// uncommitted work is neither blocked nor touched; only commits ship.
import { spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
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
 * @property {() => boolean} [stopRequested] polled before each step that changes
 *   something (the worktree, each check, the push): a stopped sync pushes nothing
 */

const short = (/** @type {string} */ sha) => sha.slice(0, 12);

/** Check results on record, one JSON object a line; a line that does not parse counts for nothing. */
function readRecords(/** @type {string} */ path) {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
  }
  /** @type {import('../index.js').SyncCheckRecord[]} */
  const records = [];
  for (const line of text.split('\n')) {
    try {
      const r = JSON.parse(line);
      if (r && typeof r.command === 'string' && typeof r.status === 'string' && typeof r.place === 'string') {
        records.push({ command: r.command, digest: typeof r.digest === 'string' ? r.digest : null, status: r.status, place: r.place });
      }
    } catch {}
  }
  return records;
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

/**
 * Runs the sync and resolves to its report (refusals, conflicts and failing checks are
 * reports, not exceptions). Throws a busy UpkeepError when another sync holds the checkout.
 * @param {SyncRequest} request
 * @returns {Promise<import('../index.js').SyncReport>}
 */
export async function sync({ cwd, from, picks = [], checks = [], dryRun = false, now = () => new Date(), stopRequested = () => false }) {
  // Git and the checks run synchronously: let a signal that came meanwhile be handled first.
  const stopAsked = async () => {
    await letSignalsIn();
    return stopRequested();
  };
  const checkout = repoRoot(cwd);
  const clone = repoRoot(from);
  const common = gitLine(checkout, ['rev-parse', '--path-format=absolute', '--git-common-dir']);
  const branchRun = gitRun(checkout, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  if (branchRun.status !== 0) throw new UpkeepError('detached', `the checkout '${checkout}' is not on a branch`);
  const branch = branchRun.stdout.toString('utf8').trim();
  if (!gitOk(checkout, ['rev-parse', '--verify', '--quiet', 'HEAD'])) {
    throw new UpkeepError('no-commits', `the checkout '${checkout}' has no commits`);
  }
  const state = join(common, 'upkeep');
  mkdirSync(state, { recursive: true });
  const runId = `${now().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
  let lock;
  try {
    lock = acquireLock(join(state, 'sync.lock'), runId);
  } catch (error) {
    if (!(error instanceof UpkeepError && error.code === 'busy')) throw error;
    const holder = /** @type {any} */ (error).holder;
    const who = holder ? ` (pid ${holder.pid}, host ${holder.host}, since ${holder.since})` : '';
    throw busyError(`a sync for ${checkout} is already running${who}`, holder);
  }
  const cloneRef = `refs/upkeep/sync/${runId}`;
  const worktree = join(state, `sync-${runId}`);
  let worktreeMade = false;
  try {
    const checkoutHead = gitLine(checkout, ['rev-parse', 'HEAD']);
    const fetched = gitRun(checkout, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', clone, `+HEAD:${cloneRef}`]);
    if (fetched.status !== 0) throw new UpkeepError('clone-unreadable', `cannot read the work clone '${clone}': ${fetched.stderr.trim()}`);
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
    const plan = engine.planSync(facts);
    /** @type {import('../index.js').SyncReport} */
    const report = { status: 'refused', checkout, branch, plan, head: null, checks: [], pushed: false, checkoutFollowed: false, notes: [] };
    if (plan.action === 'refused') return report;
    if (dryRun) return { ...report, status: 'dry_run' };
    /** A stopped sync ends before its next step; nothing it made is pushed. */
    const stopped = () => ({
      ...report,
      status: /** @type {const} */ ('interrupted'),
      notes: [...(report.notes ?? []), 'stopped before it finished; nothing was pushed and the branch did not move'],
    });
    if (await stopAsked()) return stopped();

    // A worktree of its own at the checkout's commit.
    const added = gitRun(checkout, ['worktree', 'add', '--quiet', '--detach', worktree, checkoutHead]);
    if (added.status !== 0) throw new UpkeepError('worktree', `cannot make the sync worktree: ${added.stderr.trim()}`);
    worktreeMade = true;
    if (plan.action === 'fast-forward') {
      const moved = gitRun(worktree, ['merge', '--ff-only', '--quiet', /** @type {string} */ (plan.target)]);
      if (moved.status !== 0) return { ...report, status: 'conflict', notes: [`the fast-forward failed: ${moved.stderr.trim()}`] };
    } else {
      const picked = gitRun(worktree, ['cherry-pick', '--allow-empty', ...plan.commits]);
      if (picked.status !== 0) {
        const failedAt = gitRun(worktree, ['rev-parse', '--verify', '--quiet', 'CHERRY_PICK_HEAD']).stdout.toString('utf8').trim();
        gitRun(worktree, ['cherry-pick', '--abort']);
        const which = failedAt ? `cherry-picking ${short(failedAt)}` : 'the cherry-pick';
        return { ...report, status: 'conflict', notes: [`${which} failed and was aborted; nothing changed: ${lastLine(picked.stderr)}`] };
      }
    }
    const head = gitLine(worktree, ['rev-parse', 'HEAD']);
    const tree = gitLine(worktree, ['rev-parse', 'HEAD^{tree}']);
    report.head = head;

    // Checks, on exactly the tree that will be pushed.
    const recordsPath = join(state, 'checks.jsonl');
    const records = readRecords(recordsPath);
    const place = `sync of ${branch} to ${short(head)} in ${checkout} at ${now().toISOString()}`;
    for (const command of checks) {
      if (await stopAsked()) return stopped();
      const digest = engine.checkDigest(command, tree);
      const carried = engine.findCarried(digest, records);
      if (carried) {
        report.checks?.push({ command, status: 'carried', digest, passedIn: carried.place });
        appendRecord(recordsPath, { command, digest, status: 'carried', place });
        continue;
      }
      // Output goes to stderr, so a --json document on stdout stays one document.
      const ran = spawnSync('sh', ['-c', command], { cwd: worktree, stdio: ['ignore', process.stderr, process.stderr] });
      const status = ran.status === 0 ? 'passed' : 'failed';
      appendRecord(recordsPath, { command, digest, status, place });
      report.checks?.push({ command, status, digest, passedIn: null });
      if (status === 'failed') {
        report.notes?.push(
          `check '${command}' failed (${ran.status === null ? `killed by ${ran.signal}` : `exit ${ran.status}`}); nothing was pushed`,
        );
        return { ...report, status: 'check_failed' };
      }
    }

    if (await stopAsked()) return stopped();
    // Push (a plain push: origin refuses anything but a fast-forward), or move locally. It
    // runs in the checkout, as the person's own `git push` would: a relative remote URL
    // means the same place. The porcelain status says whether origin's branch moved.
    const origin = gitRun(checkout, ['remote', 'get-url', 'origin']);
    const hasOrigin = origin.status === 0;
    if (hasOrigin) {
      const url = origin.stdout.toString('utf8').trim();
      const pushed = gitRun(checkout, ['push', '--porcelain', 'origin', `${head}:refs/heads/${branch}`]);
      if (pushed.status !== 0) {
        const said = [pushed.stderr, pushed.stdout.toString('utf8')]
          .join('\n')
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l && !l.startsWith('To ') && l !== 'Done');
        return { ...report, status: 'push_rejected', notes: [`origin (${url}) refused the push: ${said.join(' ')}`] };
      }
      const flag = pushFlag(pushed.stdout.toString('utf8'), branch);
      report.pushed = flag !== '=';
      report.originUpToDate = flag === '=';
    }
    const nowBranch = gitRun(checkout, ['symbolic-ref', '--quiet', '--short', 'HEAD']).stdout.toString('utf8').trim();
    const nowHead = nowBranch === branch ? gitLine(checkout, ['rev-parse', 'HEAD']) : null;
    const uncommitted = statusPaths(checkout, { untracked: false }).length > 0;
    const fastForwards = nowHead !== null && gitOk(checkout, ['merge-base', '--is-ancestor', nowHead, head]);
    const follow = engine.checkoutFollow(checkoutHead, nowHead, uncommitted, fastForwards);
    let followed = false;
    if (follow.follows) {
      const merged = gitRun(checkout, ['merge', '--ff-only', '--quiet', head]);
      followed = merged.status === 0;
      if (!followed) report.notes?.push(`the checkout was left behind: ${lastLine(merged.stderr)}`);
    } else if (follow.note) {
      report.notes?.push(follow.note);
    }
    report.checkoutFollowed = followed;
    if (!hasOrigin) {
      if (!followed) {
        // With no remote the branch is the checkout's own: it cannot move under its work.
        const kept = `refs/upkeep/synced/${branch}`;
        gitRun(checkout, ['update-ref', kept, head]);
        report.notes?.push(`no remote, and the checkout cannot follow: ${branch} did not move; the synced commit is kept as ${kept}`);
        return { ...report, status: 'refused' };
      }
      report.notes?.push(`no remote: ${branch} moved locally, nothing pushed`);
    }
    return { ...report, status: 'synced' };
  } finally {
    if (worktreeMade) gitRun(checkout, ['worktree', 'remove', '--force', worktree]);
    gitRun(checkout, ['update-ref', '-d', cloneRef]);
    lock.release();
  }
}

/**
 * The status flag `git push --porcelain` printed for the branch: ` ` fast-forward, `*` new
 * ref, `+` forced, `=` already up to date, `!` rejected.
 * @param {string} out @param {string} branch
 */
function pushFlag(out, branch) {
  const line = out.split('\n').find((l) => l.includes(`\trefs/heads/${branch}`) || l.includes(`:refs/heads/${branch}\t`));
  return line ? line[0] : ' ';
}

function lastLine(/** @type {string} */ text) {
  return text.trim().split('\n').filter(Boolean).pop() ?? '';
}
