// `upkeep refresh`: observe, let the engine classify and plan, ask (TTY only), execute
// under the lock with the journal, write the record, report.
import { randomBytes } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../engine.js';
import { atomicWrite } from '../shim/atomic-write.js';
import { acquireLock } from '../shim/lock.js';
import { JournalWriter, readJournal } from '../shim/journal.js';
import { ensureParents, inspect } from '../shim/safe-path.js';
import { isOsError, osMessage } from '../shim/os-message.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { executeSteps } from './execute.js';
import { observeInto, readInside } from './observe.js';
import { counter, emit, letSignalsIn, stoppedUnwritten } from './progress.js';

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

/** A run id that sorts by time (`20260517T123456Z-1a2b3c4d`), worded by the engine. */
export const newRunId = () => engine.runId('refresh', Date.now(), randomBytes(4).toString('hex'));

/**
 * Where the install manifest is (the engine places it: the one named, or the default
 * inside `source`), and its name for messages.
 * @param {string} source @param {string | undefined} manifest
 */
export function manifestAt(source, manifest) {
  /** @type {import('../index.js').ManifestPlace} */
  const place = engine.manifestPlace(manifest);
  return { path: place.inSource ? join(source, place.path) : place.path, name: place.path };
}

/**
 * The manifest's bytes and its name for messages. One that cannot be read is bad input,
 * named with the file system's words.
 */
export function readManifest(/** @type {string} */ source, /** @type {string | undefined} */ manifest) {
  const { path, name } = manifestAt(source, manifest);
  try {
    return { bytes: readFileSync(path), name };
  } catch (error) {
    if (!isOsError(error)) throw error;
    const what = engine.inputName({ kind: 'install-manifest' });
    const problem = { kind: 'unreadable', what, path, error: osMessage(/** @type {any} */ (error)) };
    throw UpkeepError.from(engine.inputRefusal(problem));
  }
}

/**
 * @param {RefreshRequest} request
 */
export async function runRefresh(request) {
  const root = realpathSync(request.target);
  const sourceRoot = realpathSync(request.source);
  const { bytes: manifestBytes, name: manifestName } = readManifest(sourceRoot, request.manifest);
  // The manifest and the record are parsed once, in the engine, and stay there: the paths
  // to read come out, the observations go in a batch at a time, and the plan takes them.
  /** @type {import('../index.js').RefreshInputs} */
  const inputs = engine.RefreshInputs.open(manifestBytes, manifestName);
  /** @type {import('../index.js').HomeFiles} */
  const files = inputs.homeFiles();
  inspect(root, files.lock); // the home folder itself must not be reached through a link
  /** The record's bytes; a project without one is refused, naming what to run first. */
  const readRecord = () => {
    const bytes = readInside(root, files.record);
    if (bytes) return bytes;
    throw UpkeepError.from(
      engine.noRecord({ record: files.record, root, source: request.source, target: request.target, manifest: request.manifest }),
    );
  };
  // Looked at before the lock (a project never installed gets no lock folder), read again under it.
  const recordBytes = readRecord();

  let runId = newRunId();
  const lock = request.dryRun
    ? undefined
    : (ensureParents(root, files.lock), acquireLock(join(root, files.lock), runId, { what: 'refresh' }));
  try {
    // Everything the run decides from is read under the lock: the record again, now that it is held.
    inputs.readRecord(lock ? readRecord() : recordBytes, files.record);
    const stopRequested = request.stopRequested ?? (() => false);
    const identity = await observeRefresh(sourceRoot, root, inputs, { stopRequested, onProgress: request.onProgress });
    const journalPath = join(root, files.journal);
    const journal = engine.parseJournal(readJournal(journalPath, files.journal));
    const resume = engine.interruptedRun(journal, root, identity, files.journal);

    /** @type {import('../index.js').RefreshOptions} */
    const options = {
      auto: request.auto,
      confirm: request.confirm ?? [],
      hostDeleted: request.hostDeleted,
      sourceDeleted: request.sourceDeleted,
      resume,
      dryRun: Boolean(request.dryRun),
    };
    emit(request.onProgress, { phase: 'plan', done: 0, total: 1 });
    // The plan stays in the engine: only the files that write nothing, the steps and the
    // report come out, and the plan never crosses back in.
    /** @type {import('../index.js').RefreshSession} */
    const plan = inputs.plan(options);
    /** @type {import('../index.js').PlannedFile[]} */
    const undecided = request.ask ? plan.pending() : [];
    if (request.ask && undecided.length > 0) plan.decide(await request.ask(undecided));
    await letSignalsIn(); // a signal during planning is handled here
    if (stopRequested()) throw stoppedUnwritten('refresh', 'planned');
    /** @type {import('../index.js').PlannedFile[]} */
    const merges = plan.handMerges();
    const diffs = merges.map((f) => engine.handMergeDiff(f.target, f.src, readInside(root, f.target), readInside(sourceRoot, f.src)));
    if (request.dryRun) return report(plan, { dryRun: true, resumed: Boolean(resume), diffs });

    runId = resume?.run ?? runId;
    const header = { type: /** @type {const} */ ('begin'), run: runId, ts: new Date().toISOString(), root, source: identity };
    const writer = new JournalWriter(journalPath, header, { tornAt: journal.tornAt });
    if (!plan.mutating()) return report(plan, { dryRun: false, resumed: false, diffs, runId });
    writer.append(header);
    const { outcomes, stopped, failed } = await carryOut(plan, {
      root,
      sourceRoot,
      runId,
      journal: writer,
      stopRequested,
      onProgress: request.onProgress,
    });
    const facts = { dryRun: false, resumed: Boolean(resume), diffs, runId, outcomes, interrupted: stopped, failed };
    const done = report(plan, facts);
    if (done.recordChanged) {
      try {
        atomicWrite(join(root, files.record), plan.recordBytes());
      } catch (error) {
        // Every file is in place; only the record is behind. The journal has no end, so a
        // re-run resumes this run and writes the record.
        if (!isOsError(error)) throw error;
        return report(plan, { ...facts, failed: true, recordError: /** @type {Error} */ (error).message });
      }
    }
    writer.append({ type: 'end', run: runId, ts: new Date().toISOString(), outcome: done.outcome });
    return done;
  } finally {
    lock?.release();
  }
}

/**
 * Reads every source and host path the manifest and record name, in batches, each batch
 * handed to the engine's inputs as it is read; a stop asked for is honoured between
 * batches (nothing is written before the plan). Returns the source's identity.
 * @param {string} sourceRoot @param {string} root
 * @param {import('../index.js').RefreshInputs} inputs
 * @param {{ stopRequested: () => boolean, onProgress?: (event: import('./progress.js').ProgressEvent) => void }} ctx
 */
async function observeRefresh(sourceRoot, root, inputs, { stopRequested, onProgress }) {
  const { sources, hosts } = inputs.paths();
  const read = counter(onProgress, 'read', sources.length + hosts.length);
  const reading = {
    onPath: (/** @type {string} */ rel) => read.step(rel),
    stopIfAsked: () => {
      if (stopRequested()) throw stoppedUnwritten('refresh', 'reading');
    },
  };
  await observeInto(sourceRoot, sources, inputs, 'sources', reading);
  await observeInto(root, hosts, inputs, 'hosts', reading);
  return inputs.sourceIdentity();
}

/**
 * Carries out an install or refresh plan (held in the engine) through the one executor
 * (flows/execute.js): the engine's steps for its writes and removals, each journalled
 * (intent, then done once durable); the actions that write no file (a recorded decision,
 * a diff, a pending file: the plan's `unwritten()`) are journalled first, and the plan
 * settles their outcomes itself. Returns the executor's outcomes for the engine's report.
 * @param {import('../index.js').RefreshSession} plan
 * @param {{ root: string, sourceRoot: string, runId: string, journal?: JournalWriter, stopRequested: () => boolean,
 *   onProgress?: (event: import('./progress.js').ProgressEvent) => void }} ctx
 */
export async function carryOut(plan, { root, sourceRoot, runId, journal, stopRequested, onProgress }) {
  const now = () => new Date().toISOString();
  const base = (/** @type {import('../index.js').PlannedFile} */ file) => ({
    type: /** @type {const} */ ('file'),
    ts: '',
    run: runId,
    src: file.src,
    target: file.target,
    state: file.state,
    decision: file.decision,
    action: file.action,
  });
  /** @type {import('../index.js').JournalRecord[]} lines waiting for their batch's one fsync */
  const lines = [];
  for (const file of plan.unwritten()) lines.push({ ...base(file), ts: now(), phase: 'done', after: file.newSha256 });
  const flush = () => {
    const batch = lines.splice(0);
    journal?.appendAll(batch);
  };
  flush();
  /** @type {import('../index.js').WriteStep[]} */
  const steps = plan.steps(runId);
  // The planned files the steps name, asked for once (a step's `index` is its place in the plan).
  const named = steps.flatMap((s) => (s.index === null ? [] : [s.index]));
  /** @type {Map<number, import('../index.js').PlannedFile>} */
  const fileAt = new Map();
  plan.filesAt(named).forEach((file, i) => {
    fileAt.set(named[i], file);
  });
  const record =
    (/** @type {'intent' | 'done'} */ phase) =>
    (/** @type {import('../index.js').WriteStep} */ step, /** @type {{ before?: string, after?: string, backup?: string }} */ f) => {
      if (step.index === null) return;
      lines.push({
        ...base(/** @type {import('../index.js').PlannedFile} */ (fileAt.get(step.index))),
        ts: now(),
        phase,
        before: f.before,
        after: f.after,
        backup: f.backup,
      });
    };
  // A batch's intents are durable before any of its backups is placed, its done lines once its folders are synced.
  const run = await executeSteps(steps, {
    root,
    sourceRoot,
    stopRequested,
    onProgress,
    onIntent: record('intent'),
    onDone: record('done'),
    onBatchStaged: flush,
    onBatchDone: flush,
  });
  // Every outcome goes to the engine, upkeep's own files' included: it decides what the report says of each.
  const outcomes = run.outcomes.map((o) => ({
    target: o.path,
    outcome: o.outcome,
    backup: o.backup ?? undefined,
    error: o.error ?? undefined,
  }));
  return { outcomes, stopped: run.stopped, failed: run.failed };
}

/**
 * The report document (`--json`) and the basis of the human summary: the engine joins the
 * plan with what this run did.
 * @param {import('../index.js').RefreshSession} plan
 * @param {Omit<import('../index.js').RunFacts, 'command'>} facts
 */
function report(plan, facts) {
  return plan.report({ command: 'refresh', ...facts });
}
