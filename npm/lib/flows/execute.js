// Executes an engine plan: per file, journal the intent, back up, replace atomically (or
// remove), journal the result. The engine decided every action; this only checks that
// the disk still holds what the plan was made from, and refuses to act where it does not.
import { readFileSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { engine } from '../engine.js';
import { atomicWrite, fsyncDir } from '../shim/atomic-write.js';
import { ensureParents, inspect } from '../shim/safe-path.js';
import { step } from '../shim/fault.js';
import { readInside } from './observe.js';

/**
 * @typedef {object} ExecuteContext
 * @property {string} root the host repository (real path)
 * @property {string} sourceRoot the source directory
 * @property {string} runId
 * @property {import('../shim/journal.js').JournalWriter | undefined} journal
 * @property {import('../shim/backup.js').Backups} backups
 * @property {() => boolean} stopRequested checked between files (SIGINT)
 * @property {(file: import('../index.js').PlannedFile, done: number) => void} [progress]
 */

/**
 * Runs every action of `plan`; returns per-file outcomes (`done`, `skipped` with a reason,
 * `failed` when the file system refused a write) and whether it stopped early — on request,
 * or at the first failed write: that file is left as it was (the write is atomic), the
 * rest are not tried, and re-running once the cause is fixed resumes from the journal.
 * @param {import('../index.js').Plan} plan @param {ExecuteContext} ctx
 */
export function executePlan(plan, ctx) {
  /** @type {{ target: string, outcome: string, reason?: string, backup?: string }[]} */
  const outcomes = [];
  let stopped = false;
  for (const [index, file] of plan.files.entries()) {
    if (ctx.stopRequested()) {
      stopped = true;
      break;
    }
    ctx.progress?.(file, index);
    const base = { type: /** @type {const} */ ('file'), ts: '', run: ctx.runId, src: file.src, target: file.target, state: file.state, decision: file.decision, action: file.action };
    if (file.action === 'write' || file.action === 'remove') {
      try {
        outcomes.push({ target: file.target, ...mutate(file, ctx, base) });
      } catch (error) {
        const { code, message } = /** @type {NodeJS.ErrnoException} */ (error);
        if (!code || !('syscall' in /** @type {object} */ (error))) throw error;
        outcomes.push({ target: file.target, outcome: 'failed', reason: `cannot ${file.action} '${file.target}': ${message}` });
        return { outcomes, stopped: false, failed: true };
      }
    } else if (file.action !== 'none') {
      ctx.journal?.append({ ...base, ts: now(), phase: 'done', after: file.newSha256 });
      outcomes.push({ target: file.target, outcome: file.action === 'record' ? 'done' : file.action });
    }
  }
  return { outcomes, stopped, failed: false };
}

const now = () => new Date().toISOString();

/**
 * @param {import('../index.js').PlannedFile} file @param {ExecuteContext} ctx
 * @param {import('../index.js').JournalRecord} base
 * @returns {{ outcome: string, reason?: string, backup?: string }}
 */
function mutate(file, ctx, base) {
  const host = inspect(ctx.root, file.target);
  const hostBytes = host.kind === 'file' ? readFileSync(host.abs) : undefined;
  const hostSha = hostBytes ? engine.sha256(hostBytes) : undefined;
  if (host.kind !== file.hostKind || hostSha !== file.hostSha256) {
    return { outcome: 'skipped', reason: `'${file.target}' changed while the refresh ran; run it again` };
  }
  /** @type {Buffer | undefined} */
  let sourceBytes;
  if (file.action === 'write') {
    sourceBytes = readInside(ctx.sourceRoot, file.src);
    if (!sourceBytes || engine.sha256(sourceBytes) !== file.sourceSha256) {
      return { outcome: 'skipped', reason: `the source's '${file.src}' changed while the refresh ran; run it again` };
    }
  }
  const backup = file.backup && hostBytes ? `${ctx.backups.folder}/${file.target}` : undefined;
  ctx.journal?.append({ ...base, ts: now(), phase: 'intent', before: hostSha, after: file.action === 'write' ? file.sourceSha256 : undefined, backup });
  if (backup && hostBytes) ctx.backups.save(file.target, hostBytes, host.mode);
  if (file.action === 'write' && sourceBytes) {
    ensureParents(ctx.root, file.target);
    // A link swapped in after the check above is refused here: inspect again, right before the rename.
    const again = inspect(ctx.root, file.target);
    if (again.kind !== 'file' && again.kind !== 'missing') return { outcome: 'skipped', reason: `'${file.target}' became a ${again.kind}` };
    atomicWrite(again.abs, sourceBytes, { mode: host.kind === 'file' ? host.mode : 0o644 });
  } else {
    unlinkSync(host.abs);
    step('removed');
    fsyncDir(dirname(host.abs));
  }
  ctx.journal?.append({ ...base, ts: now(), phase: 'done', before: hostSha, after: file.action === 'write' ? file.sourceSha256 : undefined, backup });
  return { outcome: 'done', backup };
}
