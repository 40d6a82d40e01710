// `upkeep land`: seal what was approved in a work clone as a handoff, then commit it —
// I/O only. The split into commits, the moved check, the messages and the report are the
// engine's.
import { lstatSync, mkdirSync, readFileSync, readlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { engine } from '../engine.js';
import { GIT_STATE } from '../generated/defaults.js';
import { atomicWrite } from '../shim/atomic-write.js';
import { gitLine, gitRun, repoRoot, statusPaths } from '../shim/git.js';
import { hashFile } from '../shim/hash-file.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { letSignalsIn } from './progress.js';

/** Where the handoff lives by default: in the work clone's git dir, never in its tree. */
export function defaultHandoffPath(/** @type {string} */ root) {
  return join(gitLine(root, ['rev-parse', '--absolute-git-dir']), GIT_STATE.handoff);
}

/** The SHA-256 of a workspace path as git would store it, or null when it does not exist. */
async function contentHash(/** @type {string} */ root, /** @type {string} */ path) {
  const full = join(root, path);
  let stat;
  try {
    stat = lstatSync(full);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
    throw error;
  }
  if (stat.isSymbolicLink()) return engine.sha256(Buffer.from(readlinkSync(full, { encoding: 'buffer' })));
  if (!stat.isFile()) throw UpkeepError.from(engine.inputRefusal({ kind: 'not-file-or-link', path }));
  return hashFile(full);
}

/**
 * Seals the work clone's uncommitted changes as a handoff and writes it; returns the
 * engine's report of it (status, path, handoff, the line to print).
 * @param {{ cwd: string, tickets: import('../index.js').LandTicket[], inherited?: string[], handoff?: string }} request
 * @returns {Promise<import('../index.js').SealReport>}
 */
export async function seal({ cwd, tickets, inherited = [], handoff }) {
  const root = repoRoot(cwd);
  const dirty = [];
  for (const path of [...new Set(statusPaths(root))]) dirty.push({ path, sha256: await contentHash(root, path) });
  const sealed = engine.sealHandoff(dirty, tickets, inherited);
  const path = handoff ?? defaultHandoffPath(root);
  mkdirSync(dirname(path), { recursive: true });
  atomicWrite(path, Buffer.from(`${JSON.stringify(sealed, null, 2)}\n`));
  return engine.sealReport(path, sealed);
}

/**
 * Commits a sealed handoff, one commit at a time as the engine's `landStep` says; the
 * first failure or a stop ends it. A stop requested before a commit means it is not
 * tried; one that came while git ran (Ctrl-C reaches git and its hooks too) is told with
 * git's failure, so the engine's report says the stop, not a bare git error.
 * @param {{ cwd: string, handoff?: string, stopRequested?: () => boolean }} request
 *   `stopRequested` is polled before each commit and after a failed one
 * @returns {Promise<{ report: import('../index.js').LandReport, plan: import('../index.js').LandPlan }>}
 */
export async function land({ cwd, handoff, stopRequested = () => false }) {
  const root = repoRoot(cwd);
  const path = handoff ?? defaultHandoffPath(root);
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    throw UpkeepError.from(engine.inputRefusal({ kind: 'no-handoff', path }));
  }
  const sealed = engine.parseHandoff(text, path);
  const dirty = new Set(statusPaths(root));
  const current = [];
  for (const file of [...sealed.files, ...sealed.inherited]) {
    current.push({ path: file.path, sha256: await contentHash(root, file.path), dirty: dirty.has(file.path) });
  }
  const plan = engine.planLand(sealed, current);
  /** @type {import('../index.js').LandCommitOutcome[]} */
  const outcomes = [];
  for (;;) {
    const step = engine.landStep(plan, outcomes);
    if (step.action === 'done') break;
    // git runs synchronously: let a signal that came meanwhile be handled first.
    await letSignalsIn();
    if (stopRequested()) {
      outcomes.push({ stopped: true });
      continue;
    }
    const added = gitRun(root, ['update-index', '--add', '--remove', '--', ...step.paths]);
    const made =
      added.status === 0 ? gitRun(root, ['commit', '--quiet', '--only', '-F', '-', '--', ...step.paths], { input: step.message }) : added;
    if (made.status === 0) {
      outcomes.push({ sha: gitLine(root, ['rev-parse', 'HEAD']) });
      continue;
    }
    // A signal that reached git reached upkeep too: let it be handled before asking.
    await letSignalsIn();
    // git's own words and status: the engine's report says why the commit was not made.
    outcomes.push({ error: made.stderr, status: made.status, stageFailed: added.status !== 0, interrupted: stopRequested() });
  }
  return { report: engine.landReport(plan, outcomes), plan };
}
