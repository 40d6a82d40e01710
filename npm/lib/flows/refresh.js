// `upkeep refresh`: observe, let the engine classify and plan, ask (TTY only), execute
// under the lock with the journal, write the record, report.
import { randomBytes } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../engine.js';
import { atomicWrite } from '../shim/atomic-write.js';
import { Backups } from '../shim/backup.js';
import { acquireLock } from '../shim/lock.js';
import { JournalWriter, readJournal } from '../shim/journal.js';
import { ensureParents, inspect } from '../shim/safe-path.js';
import { FlowError } from '../shim/flow-error.js';
import { executePlan } from './execute.js';
import { observeAll, readInside } from './observe.js';
import { counter, emit, letSignalsIn } from './progress.js';

/**
 * @typedef {object} RefreshRequest
 * @property {string} source
 * @property {string} target
 * @property {string} [manifest] path of the manifest (default `<source>/install/manifest.json`)
 * @property {'keep-mine' | 'take-theirs'} [auto]
 * @property {string[]} [confirm] targets merged by hand: recorded as the new baseline
 * @property {'restore' | 'forget'} [hostDeleted]
 * @property {'remove' | 'keep'} [sourceDeleted]
 * @property {boolean} [dryRun]
 * @property {(files: import('../index.js').PlannedFile[]) => Promise<{ target: string, decision: import('../index.js').RefreshDecision }[]>} [ask]
 *   asks the user about pending files (interactive runs only)
 * @property {() => boolean} [stopRequested] polled at each safe point: between the files
 *   read, and after each file written (whole and journalled)
 * @property {(event: import('./progress.js').ProgressEvent) => void} [onProgress]
 */

export const JOURNAL_NAME = '.upkeep-source.refresh.log';
export const LOCK_NAME = '.upkeep-source.refresh.lock';
export const BACKUPS_NAME = '.upkeep-backups';

/** A run id that sorts by time: `20260517T123456Z-1a2b3c4d`. */
export const newRunId = () => `${new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}-${randomBytes(4).toString('hex')}`;

/** The manifest's bytes and its name for messages. */
export function readManifest(/** @type {string} */ source, /** @type {string | undefined} */ manifest) {
  const path = manifest ?? join(source, 'install/manifest.json');
  return { bytes: readFileOrThrow(path), name: manifest ?? 'install/manifest.json' };
}

function readFileOrThrow(/** @type {string} */ path) {
  return readFileSync(path);
}

/**
 * @param {RefreshRequest} request
 */
export async function runRefresh(request) {
  const root = realpathSync(request.target);
  const sourceRoot = realpathSync(request.source);
  const { bytes: manifestBytes, name: manifestName } = readManifest(sourceRoot, request.manifest);
  /** @type {import('../index.js').InstallManifest} */
  const manifest = engine.parseInstallManifest(manifestBytes, manifestName);
  const home = manifest.home === '.' ? '' : `${manifest.home}/`;
  if (home) inspect(root, `${manifest.home}/x`); // the home folder itself must not be reached through a link
  const recordPath = `${home}.upkeep-source.json`;
  const recordBytes = readInside(root, recordPath);
  if (!recordBytes) {
    const install = engine.shellCommand(['upkeep', 'install', '--source', request.source, '--target', request.target, ...(request.manifest ? ['--manifest', request.manifest] : [])]);
    throw Object.assign(new Error(`no record '${recordPath}' in '${root}': install first with \`${install}\``), { code: 'no-record' });
  }
  /** @type {import('../index.js').SourceRecord} */
  const record = engine.parseSourceRecord(recordBytes, recordPath);

  let runId = newRunId();
  const lock = request.dryRun ? undefined : (ensureParents(root, `${home}x`), acquireLock(join(root, `${home}${LOCK_NAME}`), runId));
  try {
    const stopRequested = request.stopRequested ?? (() => false);
    const targets = [...new Set([...manifest.files.map((f) => f.target), ...record.files.map((f) => f.target)])];
    const read = counter(request.onProgress, 'read', manifest.files.length + targets.length);
    /** Read in batches; a stop asked for is honoured between batches: nothing is written before the plan. */
    const reading = {
      onPath: (/** @type {string} */ rel) => read.step(rel),
      stopIfAsked: () => {
        if (stopRequested()) throw new FlowError('interrupted', 'refresh interrupted while reading; nothing was written');
      },
    };
    const sources = await observeAll(sourceRoot, manifest.files.map((f) => f.src), reading);
    const hosts = await observeAll(root, targets, reading);
    const identity = engine.sourceIdentity(manifestBytes, sources.map((s) => [s.path, s.sha256 ?? null]));
    const journalPath = join(root, `${home}${JOURNAL_NAME}`);
    const journal = engine.parseJournal(readJournal(journalPath, `${home}${JOURNAL_NAME}`));
    const resume = engine.interruptedRun(journal, root, identity, `${home}${JOURNAL_NAME}`);

    /** @type {import('../index.js').RefreshOptions} */
    const options = { auto: request.auto, confirm: request.confirm ?? [], hostDeleted: request.hostDeleted, sourceDeleted: request.sourceDeleted, resume, manifestName, recordName: recordPath };
    const observations = { sources, hosts };
    emit(request.onProgress, { phase: 'plan', done: 0, total: 1 });
    /** @type {import('../index.js').Plan} */
    let plan = engine.planRefresh(manifestBytes, recordBytes, observations, options);
    const undecided = plan.files.filter((f) => f.action === 'pending');
    if (request.ask && undecided.length > 0 && !request.dryRun) {
      options.decisions = await request.ask(undecided);
      plan = engine.planRefresh(manifestBytes, recordBytes, observations, options);
    }
    await letSignalsIn(); // a signal during planning is handled here
    if (stopRequested()) throw new FlowError('interrupted', 'refresh interrupted before writing; nothing was written');
    const diffs = plan.files.filter((f) => f.action === 'diff').map((f) => ({ target: f.target, diff: mergeDiff(root, sourceRoot, f) }));
    if (request.dryRun) return report(plan, { dryRun: true, resumed: Boolean(resume), diffs });

    runId = resume?.run ?? runId;
    const header = { type: /** @type {const} */ ('begin'), run: runId, ts: new Date().toISOString(), root, source: identity };
    const writer = new JournalWriter(journalPath, header);
    const mutating = plan.files.some((f) => f.action !== 'none') || plan.recordChanged;
    if (!mutating) return report(plan, { dryRun: false, resumed: false, diffs, runId });
    writer.append(header);
    const backups = new Backups(root, `${home}${BACKUPS_NAME}/${runId}`);
    const { outcomes, stopped, failed } = await executePlan(plan, { root, sourceRoot, runId, journal: writer, backups, stopRequested, onProgress: request.onProgress });
    const facts = { dryRun: false, resumed: Boolean(resume), diffs, runId, outcomes, interrupted: stopped, failed };
    const done = report(plan, facts);
    if (done.recordChanged) {
      try {
        atomicWrite(join(root, recordPath), Buffer.from(plan.recordText));
      } catch (error) {
        // Every file is in place; only the record is behind. The journal has no end, so a
        // re-run resumes this run and writes the record.
        if (!(/** @type {any} */ (error)?.syscall)) throw error;
        const recordError = `cannot write '${recordPath}': ${/** @type {Error} */ (error).message}`;
        return report(plan, { ...facts, failed: true, recordError });
      }
    }
    writer.append({ type: 'end', run: runId, ts: new Date().toISOString(), outcome: done.outcome });
    return done;
  } finally {
    lock?.release();
  }
}

/**
 * The unified diff host → source for a file the user merges by hand, as text (a binary
 * pair gives diff's one-line notice).
 * @param {string} root @param {string} sourceRoot @param {import('../index.js').PlannedFile} file
 */
function mergeDiff(root, sourceRoot, file) {
  const yours = readInside(root, file.target) ?? new Uint8Array();
  const upstream = readInside(sourceRoot, file.src) ?? new Uint8Array();
  const { patch } = engine.unifiedDiff(yours, upstream, { oldLabel: `${file.target} (yours)`, newLabel: `${file.src} (upstream)` });
  return Buffer.from(patch).toString('utf8');
}

/**
 * The report document (`--json`) and the basis of the human summary: the engine joins the
 * plan with what this run did.
 * @param {import('../index.js').Plan} plan
 * @param {Omit<import('../index.js').RunFacts, 'command'>} facts
 */
function report(plan, facts) {
  return engine.runReport(plan, { command: 'refresh', ...facts });
}
