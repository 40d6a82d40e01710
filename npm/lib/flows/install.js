// `upkeep install`: copy every managed file into the host repository and write the
// record. An existing different file stops the install before anything is written,
// unless --force (which backs it up first).
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../engine.js';
import { atomicWrite } from '../shim/atomic-write.js';
import { acquireLock } from '../shim/lock.js';
import { ensureParents } from '../shim/safe-path.js';
import { observeAll } from './observe.js';
import { counter, emit, letSignalsIn, stoppedUnwritten } from './progress.js';
import { carryOut, newRunId, readManifest } from './refresh.js';

/**
 * @param {{ source: string, target: string, manifest?: string, force?: boolean, dryRun?: boolean,
 *   stopRequested?: () => boolean, onProgress?: (event: import('./progress.js').ProgressEvent) => void }} request
 *   `stopRequested` is polled between the files read and after each file written (whole)
 */
export async function runInstall(request) {
  const root = realpathSync(request.target);
  const sourceRoot = realpathSync(request.source);
  const { bytes, name } = readManifest(sourceRoot, request.manifest);
  /** @type {import('../index.js').InstallManifest} */
  const manifest = engine.parseInstallManifest(bytes, name);
  const stopRequested = request.stopRequested ?? (() => false);
  const read = counter(request.onProgress, 'read', manifest.files.length * 2);
  /** Read in batches; a stop asked for is honoured between batches: nothing is written before the plan. */
  const reading = {
    onPath: (/** @type {string} */ rel) => read.step(rel),
    stopIfAsked: () => {
      if (stopRequested()) throw stoppedUnwritten('install', 'reading');
    },
  };
  const sources = await observeAll(
    sourceRoot,
    manifest.files.map((f) => f.src),
    reading,
  );
  const hosts = await observeAll(
    root,
    manifest.files.map((f) => f.target),
    reading,
  );
  emit(request.onProgress, { phase: 'plan', done: 0, total: 1 });
  /** @type {import('../index.js').RefreshSession} */
  const plan = engine.RefreshSession.install(bytes, name, { sources, hosts }, Boolean(request.force));
  /** @param {Omit<import('../index.js').RunFacts, 'command' | 'dryRun'>} facts */
  const summary = (facts) => plan.report({ command: 'install', dryRun: Boolean(request.dryRun), ...facts });
  if (!plan.carriesOut(Boolean(request.dryRun))) return summary({});
  await letSignalsIn(); // a signal during planning is handled here
  if (stopRequested()) throw stoppedUnwritten('install', 'planned');
  const runId = newRunId();
  /** @type {import('../index.js').HomeFiles} */
  const files = plan.homeFiles();
  ensureParents(root, files.lock);
  const lock = acquireLock(join(root, files.lock), runId, { what: 'refresh' });
  try {
    const { outcomes, stopped, failed } = await carryOut(plan, {
      root,
      sourceRoot,
      runId,
      stopRequested,
      onProgress: request.onProgress,
    });
    const report = summary({ runId, outcomes, failed, interrupted: stopped });
    if (report.recordChanged) atomicWrite(join(root, files.record), plan.recordBytes());
    return report;
  } finally {
    lock.release();
  }
}
