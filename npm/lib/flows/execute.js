// Executes an engine plan: per file, journal the intent, back up, replace atomically (or
// remove), journal the result. The engine decided every action; this only checks that
// the disk still holds what the plan was made from, and refuses to act where it does not.
import { readFileSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { engine } from '../engine.js';
import { copyToTemp, fsyncDir, placeTemp, writeTemp } from '../shim/atomic-write.js';
import { hashFileSync } from '../shim/hash-file.js';
import { ensureParents, inspect } from '../shim/safe-path.js';
import { step } from '../shim/fault.js';
import { counter, yielder } from './progress.js';

/**
 * @typedef {object} ExecuteContext
 * @property {string} root the host repository (real path)
 * @property {string} sourceRoot the source directory
 * @property {string} runId
 * @property {import('../shim/journal.js').JournalWriter | undefined} journal
 * @property {import('../shim/backup.js').Backups} backups
 * @property {() => boolean} stopRequested checked between files (SIGINT, SIGTERM): the
 *   file before is whole and journalled
 * @property {(event: import('./progress.js').ProgressEvent) => void} [onProgress] after each file
 */

/**
 * Runs every action of `plan`; returns per-file outcomes (`done`, `skipped` with a reason,
 * `failed` when the file system refused a write) and whether it stopped early — on request,
 * or at the first failed write: that file is left as it was (the write is atomic), the
 * rest are not tried, and re-running once the cause is fixed resumes from the journal.
 * @param {import('../index.js').Plan} plan @param {ExecuteContext} ctx
 */
export async function executePlan(plan, ctx) {
  /** @type {{ target: string, outcome: string, reason?: string, backup?: string }[]} */
  const outcomes = [];
  let stopped = false;
  const written = counter(ctx.onProgress, 'write', plan.files.filter((f) => f.action !== 'none').length);
  const turn = yielder();
  /** Folders swept of dead runs' temp files: once per folder per run. */
  const swept = new Set();
  for (const file of plan.files) {
    // Between two files: let a signal's handler run, then honour the stop it asked for.
    await turn();
    if (ctx.stopRequested()) {
      stopped = true;
      break;
    }
    const base = { type: /** @type {const} */ ('file'), ts: '', run: ctx.runId, src: file.src, target: file.target, state: file.state, decision: file.decision, action: file.action };
    if (file.action === 'write' || file.action === 'remove') {
      try {
        outcomes.push({ target: file.target, ...mutate(file, ctx, base, swept) });
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
    if (file.action !== 'none') written.step(file.target);
  }
  return { outcomes, stopped, failed: false };
}

const now = () => new Date().toISOString();

/**
 * Acts on one file, streaming its bytes (a file of any size takes one chunk of memory):
 * the host file is hashed and must still be what the plan saw; the source is copied into
 * a synced temp file beside the target and must hash to what the plan saw; only then is
 * the intent journalled, the host file backed up (a verified copy) and the temp renamed.
 * @param {import('../index.js').PlannedFile} file @param {ExecuteContext} ctx
 * @param {import('../index.js').JournalRecord} base @param {Set<string>} swept
 * @returns {{ outcome: string, reason?: string, backup?: string }}
 */
function mutate(file, ctx, base, swept) {
  const host = inspect(ctx.root, file.target);
  const hostSha = host.kind === 'file' ? hashFileSync(host.abs) : undefined;
  const changed = { outcome: 'skipped', reason: `'${file.target}' changed while the refresh ran; run it again` };
  if (host.kind !== file.hostKind || hostSha !== file.hostSha256) return changed;
  /** @type {string | undefined} the source's verified copy, beside the target */
  let staged;
  /** @type {string | undefined} the SHA-256 of what the target will hold */
  let after;
  if (file.action === 'write') {
    const source = inspect(ctx.sourceRoot, file.src);
    const sourceChanged = { outcome: 'skipped', reason: `the source's '${file.src}' changed while the refresh ran; run it again` };
    if (source.kind !== 'file') return sourceChanged;
    ensureParents(ctx.root, file.target);
    const mode = host.kind === 'file' ? host.mode : 0o644;
    const copied = file.crlf && source.size <= CRLF_MAX_BYTES ? stageCrlf(source.abs, host.abs, mode, swept) : { ...copyToTemp(source.abs, host.abs, mode, swept), written: undefined };
    if (copied.sha256 !== file.sourceSha256) {
      unlinkSync(copied.temp);
      return sourceChanged;
    }
    staged = copied.temp;
    after = copied.written ?? copied.sha256;
  }
  try {
    const wanted = file.backup && hostSha ? `${ctx.backups.folder}/${file.target}` : undefined;
    ctx.journal?.append({ ...base, ts: now(), phase: 'intent', before: hostSha, after, backup: wanted });
    const backup = wanted && hostSha ? ctx.backups.copy(file.target, host.abs, host.mode, hostSha) : undefined;
    if (wanted && !backup) return changed;
    if (staged) {
      // A link swapped in after the check above is refused here: inspect again, right before the rename.
      const again = inspect(ctx.root, file.target);
      if (again.kind !== 'file' && again.kind !== 'missing') return { outcome: 'skipped', reason: `'${file.target}' became a ${again.kind}` };
      placeTemp(staged, again.abs);
      staged = undefined;
    } else {
      unlinkSync(host.abs);
      step('removed');
      fsyncDir(dirname(host.abs));
    }
    ctx.journal?.append({ ...base, ts: now(), phase: 'done', before: hostSha, after, backup });
    return { outcome: 'done', backup };
  } finally {
    if (staged) unlinkSync(staged);
  }
}

/** A file the plan writes with CRLF is converted in memory up to this size, and copied as it is above it. */
const CRLF_MAX_BYTES = 64 << 20;

/**
 * Stages the source at `from` beside `path` with the line endings of a CRLF checkout
 * (the engine's `toCrlf`); returns the temp's path, the SHA-256 of the source as read (to
 * check against the plan) and of what was written.
 * @param {string} from @param {string} path @param {number} mode @param {Set<string>} swept
 */
function stageCrlf(from, path, mode, swept) {
  const bytes = readFileSync(from);
  const converted = engine.toCrlf(bytes) ?? bytes;
  return { temp: writeTemp(path, converted, mode, swept), sha256: engine.sha256(bytes), written: engine.sha256(converted) };
}
