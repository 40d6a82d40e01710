// `upkeep install`: copy every managed file into the host repository and write the
// record. An existing different file stops the install before anything is written,
// unless --force (which backs it up first).
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../engine.js';
import { atomicWrite } from '../shim/atomic-write.js';
import { Backups } from '../shim/backup.js';
import { acquireLock } from '../shim/lock.js';
import { ensureParents } from '../shim/safe-path.js';
import { executePlan } from './execute.js';
import { mapLimited, observe } from './observe.js';
import { BACKUPS_NAME, LOCK_NAME, newRunId, readManifest } from './refresh.js';

/**
 * @param {{ source: string, target: string, manifest?: string, force?: boolean, dryRun?: boolean }} request
 */
export async function runInstall(request) {
  const root = realpathSync(request.target);
  const sourceRoot = realpathSync(request.source);
  const { bytes, name } = readManifest(sourceRoot, request.manifest);
  /** @type {import('../index.js').InstallManifest} */
  const manifest = engine.parseInstallManifest(bytes, name);
  const home = manifest.home === '.' ? '' : `${manifest.home}/`;
  const sources = await mapLimited(manifest.files, (f) => observe(sourceRoot, f.src));
  const hosts = await mapLimited(manifest.files, (f) => observe(root, f.target));
  /** @type {import('../index.js').Plan} */
  const plan = engine.planInstall(bytes, name, { sources, hosts }, Boolean(request.force));
  /** @param {import('../index.js').RunFacts} facts */
  const summary = (facts) => engine.runReport(plan, { command: 'install', dryRun: Boolean(request.dryRun), ...facts });
  if (plan.attention > 0 || request.dryRun) return summary({});
  const runId = newRunId();
  ensureParents(root, `${home}x`);
  const lock = acquireLock(join(root, `${home}${LOCK_NAME}`), runId);
  try {
    const backups = new Backups(root, `${home}${BACKUPS_NAME}/${runId}`);
    const { outcomes, failed } = executePlan(plan, { root, sourceRoot, runId, journal: undefined, backups, stopRequested: () => false });
    const report = summary({ runId, outcomes, failed });
    if (report.recordChanged) atomicWrite(join(root, plan.recordPath), Buffer.from(plan.recordText));
    return report;
  } finally {
    lock.release();
  }
}
