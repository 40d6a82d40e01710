// The one executor update, refresh and install share: it carries out the engine's write
// steps (npm/lib/index.d.ts `WriteStep`) and reports what became of each. It decides
// nothing: every step says what must be at its path right before the swap, what to put
// there and where the file goes first; this checks, copies and swaps.
//
// Per batch of steps: each target is opened by handle without following links, hashed
// while it is copied into its backup, and must hash to what the plan saw; the new content
// is staged beside it (a release file is read with O_NOFOLLOW and hashed while copied,
// and must hash to what the plan classified); all temps are synced together; the backup
// folders are verified (still where they were opened) and the backups linked into place
// and their folders synced; then, file by file, the target is checked again right before
// the swap (its folder verified, once per folder per batch; the file the same inode, size
// and change times) and swapped. The swap is an atomic exchange of the temp and the file
// (renameat2 RENAME_EXCHANGE, shim/rename-exchange.js), after which the temp's name holds
// what was at the path: the file checked, which is removed unless an edit was saved into
// it in place since it was first read, or a save that landed after the last check, which
// is exchanged straight back. A removal first moves the file to a temp name and removes it
// only if it is the one checked. A step that expects nothing is not looked at first: its
// link refuses whatever appeared. A file that moved is left alone and reported; a file the
// file system refuses stops the run there, and everything before it is reported done. A
// step about a link, a directory or a special file (a regeneration's repairs) has no temp
// and no backup: flows/execute-nodes.js checks the node and changes it.
//
// Folders are opened once per run, each from its parent's handle (shim/dir-handle.js
// DirTree), and one buffer carries every copy and hash. A run whose durability is `run`
// (the engine's word: a fresh scaffold, which replaces nothing) skips the per-file and
// per-folder syncs of the files it creates; the caller syncs the file system before it
// records that the run finished. Anything backed up or replaced is synced as always.
//
// What remains open: without the exchange (no native addon on this platform, or a file
// system that refuses it), the file is renamed over after its check, and an editor that
// saves by renaming its own temp over the file in the microseconds between the check and
// the rename loses that save (the content the update replaced is in the backup). Node
// does not expose openat/renameat either, so folders are reached through /proc/self/fd on
// Linux (see shim/dir-handle.js) and by checked paths elsewhere, where a folder swapped
// for a link between the check and the rename can still redirect that one rename.
import { createHash, hash } from 'node:crypto';
import { closeSync, constants, fstatSync, linkSync, lstatSync, openSync, readFileSync, readSync, renameSync, unlinkSync } from 'node:fs';
import { isNodeStep, nodeThere, swapNode } from './execute-nodes.js';
import { engine } from '../engine.js';
import { DirTree, sameFile, splitPath } from '../shim/dir-handle.js';
import { isOsError, osMessage } from '../shim/os-message.js';
import { exchange } from '../shim/rename-exchange.js';
import { step as faultStep, pausePoint } from '../shim/fault.js';
import { CHUNK, nextTempName, sharedChunk, sweepDeadTemps, TempFile } from '../shim/temp-file.js';
import { counter, yielder } from './progress.js';

/** The expectations that something is at the path (its folder is never made for it). */
const THERE = new Set(['file', 'symlink', 'directory', 'other']);
/** How many steps are staged, synced and swapped together. */
const BATCH = 64;
/** The engine's: a file the plan writes with CRLF is converted in memory up to `crlfInMemoryMaxBytes`, copied as it is above it. */
const WRITE = engine.writeConstants();
const READ = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * @typedef {import('../index.js').WriteStep} WriteStep
 * @typedef {import('../index.js').StepOutcome} StepOutcome
 * @typedef {object} ExecuteContext
 * @property {string} root the tree written (a real path)
 * @property {string} sourceRoot the release or source that `copy` and `release` steps read from (a real path)
 * @property {'step' | 'run'} [durability] the plan's (`step` by default): `run` leaves the
 *   files a step creates (nothing there, no backup) and the folders made for them unsynced,
 *   for the caller to sync the file system before it records the run finished
 * @property {(step: WriteStep) => Uint8Array} [bytesOf] a `planned` step's content
 * @property {() => boolean} [stopRequested] polled before each swap (SIGINT, SIGTERM):
 *   every file swapped before is whole
 * @property {(step: WriteStep, facts: { before?: string, after?: string, backup?: string }) => void} [onIntent]
 *   called (refresh: the journal's intent) once a step is staged, before its backup is placed and its file swapped
 * @property {(step: WriteStep, facts: { before?: string, after?: string, backup?: string }) => void} [onDone]
 *   called once a step's swap and its folder are durable
 * @property {() => void} [onBatchStaged] called once per batch after its steps are staged
 *   and before any of its backups is placed: what `onIntent` recorded must be durable
 *   when it returns (refresh: the batch's intent lines, one fsync)
 * @property {() => void} [onBatchDone] called once per batch after its `onDone` calls
 * @property {(event: import('./progress.js').ProgressEvent) => void} [onProgress] after each
 *   backup placed and each file swapped (counted only when given)
 */

/** A failure of the file system that stops the run (anything else is a bug and is thrown). */
class Blocked extends Error {
  /** @param {NodeJS.ErrnoException} cause @param {'backup' | 'stage' | 'swap'} stage */
  constructor(cause, stage) {
    super(cause.message);
    this.os = { code: String(cause.code), message: osMessage(cause), stage };
  }
}

/** Runs `fn`, turning an operating-system error into Blocked at `stage`. */
function at(/** @type {'backup' | 'stage' | 'swap'} */ stage, /** @type {() => any} */ fn) {
  try {
    return fn();
  } catch (error) {
    if (error instanceof Blocked || !isOsError(error)) throw error;
    throw new Blocked(/** @type {NodeJS.ErrnoException} */ (error), stage);
  }
}

/**
 * Reads descriptor `fd` from its start a chunk at a time, handing each chunk to `each`
 * (which must be done with it before it returns: the chunk is reused); returns the SHA-256
 * of what was read. A file that fits in one chunk is hashed in one engine call.
 * @param {number} fd @param {(chunk: Buffer) => void} [each]
 */
function readHashed(fd, each) {
  const chunk = sharedChunk();
  let n = readSync(fd, chunk, 0, CHUNK, 0);
  // A regular file's short read is its end.
  if (n < CHUNK) {
    const bytes = chunk.subarray(0, n);
    each?.(bytes);
    return sha256(bytes);
  }
  const stream = createHash('sha256');
  for (let pos = 0; n > 0; pos += n, n = readSync(fd, chunk, 0, CHUNK, pos)) {
    const bytes = chunk.subarray(0, n);
    stream.update(bytes);
    each?.(bytes);
  }
  return stream.digest('hex');
}

/**
 * The SHA-256 of `bytes` as lowercase hex, by node:crypto: the engine's own answer, and on
 * the wasm engine (which hashes several times more slowly) the executor's largest cost
 * after the file system.
 */
export const sha256 = (/** @type {Uint8Array} */ bytes) => hash('sha256', bytes, 'hex');

/** The SHA-256 of descriptor `fd` from its start. */
const hashFd = (/** @type {number} */ fd) => readHashed(fd);

/**
 * Opens what is at `name` in `dir` without following a link: a regular file's descriptor
 * and stat, `{ kind }` for anything else, null when nothing is there.
 */
function openHeld(/** @type {import('../shim/dir-handle.js').DirHandle} */ dir, /** @type {string} */ name) {
  let fd;
  try {
    fd = openSync(dir.path(name), READ);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP' || code === 'ENXIO' || code === 'EISDIR') return { kind: 'other' };
    throw error;
  }
  const st = fstatSync(fd);
  if (!st.isFile()) {
    closeSync(fd);
    return { kind: 'other' };
  }
  return { kind: 'file', fd, st };
}

/**
 * A stat's identity and change marks, to tell whether a held file moved since (numbers:
 * the times in milliseconds keep a fraction finer than the file system's clock ticks).
 */
const unchangedSince = (/** @type {import('node:fs').Stats} */ a, /** @type {import('node:fs').Stats} */ b) =>
  a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;

/**
 * Carries out `steps` in order; returns each tried step's outcome, in order, and whether
 * the run stopped early (a stop request) or at a refused write.
 * @param {WriteStep[]} steps @param {ExecuteContext} ctx
 * @returns {Promise<{ outcomes: StepOutcome[], stopped: boolean, failed: boolean }>}
 */
export async function executeSteps(steps, ctx) {
  /** @type {StepOutcome[]} */
  const outcomes = [];
  const lazy = ctx.durability === 'run';
  const trees = {
    targets: new DirTree(ctx.root, { syncCreated: !lazy }),
    sources: new DirTree(ctx.sourceRoot, { limit: 64 }),
    swept: new Set(),
    lazy,
  };
  // Progress counts the plan's files; upkeep's own (a folder's ignore file) are not among them.
  const planned = steps.filter((s) => s.index !== null);
  const progress = {
    backedUp: ctx.onProgress ? counter(ctx.onProgress, 'backup', planned.filter((s) => s.backup !== null).length) : undefined,
    written: ctx.onProgress ? counter(ctx.onProgress, 'write', planned.length) : undefined,
    turn: yielder(),
  };
  // upkeep's own files (a folder's ignore file) lead the steps and go in a batch of their own,
  // so no backup lands in a folder before that folder ignores itself in git.
  const own = steps.findIndex((s) => s.index !== null);
  const lead = own < 0 ? steps.length : own;
  const starts = lead > 0 ? [0] : [];
  for (let start = lead; start < steps.length; start += BATCH) starts.push(start);
  try {
    for (const [i, start] of starts.entries()) {
      // Between two batches: a stop asked for during the last one lands before anything more is staged.
      if (start > 0) {
        await progress.turn();
        if (ctx.stopRequested?.()) return { outcomes, stopped: true, failed: false };
        trees.targets.trim();
        trees.sources.trim();
      }
      const end = i + 1 < starts.length ? starts[i + 1] : steps.length;
      const result = await runBatch(steps.slice(start, end), ctx, trees, progress);
      for (const o of result.outcomes) outcomes.push(o);
      if (result.stopped || result.failed) return { outcomes, stopped: result.stopped, failed: result.failed };
    }
    return { outcomes, stopped: false, failed: false };
  } finally {
    trees.targets.close();
    trees.sources.close();
  }
}

/**
 * @typedef {object} Trees a run's folders
 * @property {DirTree} targets the tree written
 * @property {DirTree} sources the release or source read
 * @property {Set<string>} swept the folders already swept of dead runs' temps
 * @property {boolean} lazy the run's durability is `run`
 */

/**
 * @typedef {object} Staged
 * @property {WriteStep} step
 * @property {import('../shim/dir-handle.js').DirHandle} dir
 * @property {string} name
 * @property {{ kind: string, fd?: number, st?: import('node:fs').Stats } | null} held
 * @property {string | undefined} before the target's SHA-256 as staged
 * @property {string | null | undefined} after the SHA-256 of what the target will hold (null: a release file copied as it is, unhashed)
 * @property {TempFile | undefined} temp the new content
 * @property {TempFile | undefined} backupTemp
 * @property {string | undefined} backup where the backup went
 * @property {number} mode the new file's
 * @property {number} backupMode the backup's (the mode of the file it copies)
 * @property {boolean} skip left alone after staging (its backup folder moved)
 * @property {boolean} lazy created where nothing was, with nothing backed up, in a run synced at its end
 * @property {import('node:fs').Stats | null} [node] a link, folder or special file step's: what is there as staged
 */

/**
 * The bits the step's mode names: those of the file it replaces, else the source's
 * permission bits, else the mode's own.
 * @param {import('../index.js').WriteMode} rule @param {number | undefined} replaced @param {number | undefined} source
 */
function modeOf(rule, replaced, source) {
  if (rule.kind !== 'source' && replaced !== undefined) return replaced;
  if (rule.kind === 'replaced-or') return rule.mode;
  return /** @type {number} */ (source) & 0o777;
}

/**
 * @param {WriteStep[]} batch @param {ExecuteContext} ctx @param {Trees} trees
 * @param {{ backedUp?: { step: (path?: string) => void }, written?: { step: (path?: string) => void }, turn: () => Promise<void> }} progress
 */
async function runBatch(batch, ctx, trees, progress) {
  const { targets } = trees;
  // Each folder is verified again, once, before this batch places anything in it.
  targets.newPass();
  /** @type {StepOutcome[]} */
  const outcomes = [];
  /** @type {Staged[]} */
  const staged = [];
  /** @type {StepOutcome | undefined} */
  let blocked;
  try {
    // 1. Stage: check each target, copy it into its backup temp, write the new content beside it.
    for (const step of batch) {
      try {
        const s = stage(step, ctx, trees);
        if ('outcome' in s) outcomes.push(s);
        else staged.push(s);
      } catch (error) {
        if (!(error instanceof Blocked)) throw error;
        blocked = { path: step.path, outcome: 'blocked', backup: null, error: error.os };
        break;
      }
    }
    try {
      ctx.onBatchStaged?.();
    } catch (error) {
      for (const s of staged.splice(0)) discard(s);
      throw error;
    }
    const order = new Map(batch.map((step, i) => [step.path, i]));
    const inOrder = () => outcomes.sort((a, b) => /** @type {number} */ (order.get(a.path)) - /** @type {number} */ (order.get(b.path)));
    // 2. Sync every temp of the batch together (a lazy step's new file waits for the run's sync).
    /** @type {TempFile[]} */
    const temps = [];
    for (const s of staged) {
      if (s.backupTemp) temps.push(s.backupTemp);
      if (s.temp && !s.lazy) temps.push(s.temp);
    }
    const synced = await Promise.allSettled(temps.map((t) => t.sync()));
    const failedSync = synced.findIndex((r) => r.status === 'rejected');
    if (failedSync >= 0) {
      const cut = staged.findIndex((s) => s.backupTemp === temps[failedSync] || s.temp === temps[failedSync]);
      const error = /** @type {PromiseRejectedResult} */ (synced[failedSync]).reason;
      if (!isOsError(error)) throw error;
      const stageOf = staged[cut].backupTemp === temps[failedSync] ? 'backup' : 'stage';
      blocked = { path: staged[cut].step.path, outcome: 'blocked', backup: null, error: new Blocked(error, stageOf).os };
      for (const s of staged.splice(cut)) discard(s);
    }
    for (const s of staged) {
      s.backupTemp?.finish(s.backupMode);
      // A lazy step's temp stays open until its link: its identity is read only if it must be removed.
      s.temp?.finish(s.mode, { keepOpen: s.lazy });
      if (s.temp && !s.lazy) faultStep('temp synced');
    }
    // 3. Backups in place and durable before any file of the batch is replaced.
    const backupDirs = new Set();
    for (const [i, s] of staged.entries()) {
      if (!s.backupTemp) continue;
      try {
        s.backup = at('backup', () => {
          const temp = /** @type {TempFile} */ (s.backupTemp);
          // The backup's folder moved or was swapped since it was opened: nothing lands there.
          if (!targets.verify(temp.dir.rel)) throw Object.assign(new Error('moved'), { code: 'unsafe-path' });
          return placeBackup(temp, /** @type {string} */ (s.step.backup), /** @type {string} */ (s.before));
        });
        backupDirs.add(s.backupTemp.dir);
      } catch (error) {
        if (/** @type {any} */ (error)?.code === 'unsafe-path') {
          // Left alone and reported like a target whose folder moved.
          outcomes.push({ path: s.step.path, outcome: 'changed', backup: null, error: null });
          discard(s);
          s.skip = true;
          continue;
        }
        if (!(error instanceof Blocked)) throw error;
        blocked = { path: s.step.path, outcome: 'blocked', backup: null, error: error.os };
        for (const rest of staged.splice(i)) discard(rest);
        break;
      }
    }
    for (const dir of backupDirs) dir.sync();
    for (const s of staged) {
      if (!s.backup) continue;
      faultStep('backup synced');
      if (s.step.index !== null) progress.backedUp?.step(s.step.path);
    }
    // 4. Swap, file by file, each checked right before.
    const swapped = [];
    let stopped = false;
    for (const [i, s] of staged.entries()) {
      if (s.skip) continue;
      // Let a signal's handler run (a stop request arrives as an event), then honour it.
      await progress.turn();
      if (ctx.stopRequested?.()) {
        stopped = true;
        for (const rest of staged.slice(i)) discard(rest);
        break;
      }
      try {
        const outcome = at('swap', () => swap(s, targets));
        outcomes.push(outcome);
        if (outcome.outcome === 'done') swapped.push(s);
        if (s.step.index !== null) progress.written?.step(s.step.path);
      } catch (error) {
        if (!(error instanceof Blocked)) throw error;
        blocked = { path: s.step.path, outcome: 'blocked', backup: s.backup ?? null, error: error.os };
        for (const rest of staged.slice(i)) discard(rest);
        break;
      }
    }
    // 5. Each folder synced once; only then is a swap reported done (a lazy one at the run's end).
    const folders = new Set();
    for (const s of swapped) if (!s.lazy) folders.add(s.dir);
    for (const dir of folders) dir.sync();
    for (const s of swapped) ctx.onDone?.(s.step, { before: s.before, after: s.after ?? undefined, backup: s.backup });
    ctx.onBatchDone?.();
    if (blocked) outcomes.push(blocked);
    return { outcomes: inOrder(), stopped, failed: blocked !== undefined };
  } finally {
    for (const s of staged) {
      closeHeld(s);
      s.temp?.close();
    }
  }
}

/**
 * Stages one step, or says at once what becomes of it.
 * @param {WriteStep} step @param {ExecuteContext} ctx @param {Trees} trees
 * @returns {Staged | StepOutcome}
 */
function stage(step, ctx, trees) {
  const { dir: rel, name } = splitPath(step.path);
  const changed = /** @type {StepOutcome} */ ({ path: step.path, outcome: 'changed', backup: null, error: null });
  const expect = step.expect.kind;
  let dir;
  try {
    // Something expected to be there needs its folder there: a missing one is not made for it.
    dir = at('stage', () => folder(trees, rel, !THERE.has(expect)));
  } catch (error) {
    // A folder on the way became a link or a file, or went away: the path is no longer what the plan saw.
    const code = /** @type {any} */ (error).code;
    if (code === 'unsafe-path' || (error instanceof Blocked && error.os.code === 'ENOENT')) return changed;
    throw error;
  }
  if (isNodeStep(step)) return stageNode(step, dir, name, ctx);
  // Nothing may be at a `missing` step's path: not looked at now, its link refuses whatever is there.
  const held = expect === 'missing' ? null : at('backup', () => openHeld(dir, name));
  /** @type {Staged} */
  const s = {
    step,
    dir,
    name,
    held,
    before: undefined,
    after: undefined,
    temp: undefined,
    backupTemp: undefined,
    backup: undefined,
    mode: 0,
    backupMode: 0,
    lazy: false,
    skip: false,
  };
  try {
    if (expect === 'if-missing' && held) return { ...closeHeld(s), path: step.path, outcome: 'unchanged', backup: null, error: null };
    if (held && held.kind !== 'file') return { ...closeHeld(s), ...changed };
    if (expect === 'file' && !held) return changed;
    const planned = contentOf(step, ctx);
    if (held?.fd !== undefined) {
      s.backupMode = /** @type {import('node:fs').Stats} */ (held.st).mode & 0o7777;
      // Any: a file of upkeep's own that already holds the new content needs nothing; one
      // that does not is replaced only when the step backs it up.
      if (expect === 'any') {
        const now = at('backup', () => hashFd(/** @type {number} */ (held.fd)));
        if (planned && now === sha256(planned))
          return { ...closeHeld(s), path: step.path, outcome: 'unchanged', backup: null, error: null };
        if (!step.backup) return { ...closeHeld(s), ...changed };
      }
      s.before = step.backup
        ? at('backup', () => copyToBackup(s, folder(trees, splitPath(/** @type {string} */ (step.backup)).dir)))
        : at('backup', () => hashFd(/** @type {number} */ (held.fd)));
      const wanted = step.expect.kind === 'file' ? step.expect.sha256 : s.before;
      if (s.before !== wanted) return { ...discard(s), ...changed };
    }
    const kind = step.content.kind;
    if (kind === 'remove') return s;
    const copied = kind === 'copy' || kind === 'release';
    const source = copied ? openSource(/** @type {{ from: string }} */ (step.content).from, trees.sources) : null;
    if (copied && !source) return { ...discard(s), path: step.path, outcome: 'source-changed', backup: null, error: null };
    s.mode = modeOf(step.mode, held ? s.backupMode : undefined, source?.st.mode);
    s.lazy = trees.lazy && !held && !step.backup;
    at('stage', () => {
      s.temp = new TempFile(dir, name);
      if (planned) {
        s.temp.write(planned);
        s.after = sha256(planned);
      } else {
        s.after = stageCopy(/** @type {TempFile} */ (s.temp), /** @type {{ fd: number, st: any }} */ (source), step);
      }
    });
    if (source) closeSync(source.fd);
    if (s.after === undefined) return { ...discard(s), path: step.path, outcome: 'source-changed', backup: null, error: null };
    ctx.onIntent?.(step, { before: s.before, after: s.after ?? undefined, backup: step.backup ?? undefined });
    return s;
  } catch (error) {
    discard(s);
    // A folder on the way (or the backup folder) moved or became a link meanwhile.
    if (/** @type {any} */ (error)?.code === 'unsafe-path') return changed;
    throw error;
  }
}

/**
 * Stages a link, folder or special file step: nothing to copy or back up, only what is at
 * its path looked at without following it (`execute-nodes.js`).
 * @param {WriteStep} step @param {import('../shim/dir-handle.js').DirHandle} dir @param {string} name
 * @param {ExecuteContext} ctx @returns {Staged | StepOutcome}
 */
function stageNode(step, dir, name, ctx) {
  const node = at('backup', () => nodeThere(step, dir.path(name)));
  if (node === undefined) return { path: step.path, outcome: 'changed', backup: null, error: null };
  ctx.onIntent?.(step, {});
  return {
    step,
    dir,
    name,
    held: null,
    before: undefined,
    after: undefined,
    temp: undefined,
    backupTemp: undefined,
    backup: undefined,
    mode: 0,
    backupMode: 0,
    lazy: false,
    skip: false,
    node,
  };
}

/**
 * The folder `rel` of the tree written, opened (or created) by handle; the temp files a
 * killed run left there are swept the first time this run uses it (a folder this run made
 * holds none).
 * @param {Trees} trees @param {string} rel @param {boolean} [create]
 */
function folder(trees, rel, create = true) {
  const dir = trees.targets.get(rel, { create });
  if (!trees.swept.has(rel)) {
    trees.swept.add(rel);
    if (!dir.created) sweepDeadTemps(dir);
  }
  return dir;
}

/** A `planned` or `text` step's bytes; null for copies and removals. */
function contentOf(/** @type {WriteStep} */ step, /** @type {ExecuteContext} */ ctx) {
  if (step.content.kind === 'text') return Buffer.from(step.content.text);
  if (step.content.kind !== 'planned') return null;
  if (!ctx.bytesOf) throw new Error(`step ${step.path} has planned content and no bytesOf`);
  return ctx.bytesOf(step);
}

/**
 * Streams the held target into a temp in its backup folder while hashing it; returns
 * the digest of what was copied (the backup holds exactly those bytes).
 * @param {Staged} s @param {import('../shim/dir-handle.js').DirHandle} backups the backup's folder
 */
function copyToBackup(s, backups) {
  const { name } = splitPath(/** @type {string} */ (s.step.backup));
  const temp = new TempFile(backups, name);
  s.backupTemp = temp;
  let wrote = false;
  const digest = readHashed(/** @type {number} */ (s.held?.fd), (bytes) => {
    temp.write(bytes);
    wrote = true;
  });
  if (!wrote) temp.write(Buffer.alloc(0));
  return digest;
}

/**
 * Opens the release's file at `from` by handle, never through a link; null when it is
 * not a regular file any more (or a folder on the way became a link).
 * @param {string} from @param {DirTree} sources
 */
function openSource(from, sources) {
  const { dir, name } = splitPath(from);
  try {
    const held = openHeld(sources.get(dir), name);
    return held?.kind === 'file' ? /** @type {{ fd: number, st: import('node:fs').Stats }} */ (held) : null;
  } catch (error) {
    if (/** @type {any} */ (error).code === 'unsafe-path' || isOsError(error)) return null;
    throw error;
  }
}

/**
 * Copies the release's file into the temp while hashing it; returns the SHA-256 of what
 * the temp holds, or undefined when the source does not hash to what the plan classified
 * (a `release` step the plan has no digest for is copied as it is: null).
 * @param {TempFile} temp @param {{ fd: number, st: import('node:fs').Stats }} source @param {WriteStep} step
 */
function stageCopy(temp, source, step) {
  const content = /** @type {{ kind: 'copy' | 'release', sha256: string | null, crlf?: boolean }} */ (step.content);
  if (content.sha256 === null) {
    temp.copyFrom(source.fd, null);
    return null;
  }
  if (content.crlf && source.st.size <= WRITE.crlfInMemoryMaxBytes) {
    const bytes = readFileSync(source.fd);
    if (sha256(bytes) !== content.sha256) return undefined;
    const converted = engine.toCrlf(bytes) ?? bytes;
    temp.write(converted);
    return sha256(converted);
  }
  let wrote = false;
  const digest = readHashed(source.fd, (bytes) => {
    temp.write(bytes);
    wrote = true;
  });
  if (!wrote) temp.write(Buffer.alloc(0));
  return digest === content.sha256 ? content.sha256 : undefined;
}

/**
 * Links a synced backup temp into place, never over another backup: an identical one (a
 * resumed run's) is accepted. The plan's backup path is tried first; when a different
 * backup holds it, the engine names the next to try (`backupName`). Returns the backup's
 * path.
 * @param {TempFile} temp @param {string} rel @param {string} digest
 */
function placeBackup(temp, rel, digest) {
  for (let n = 0, path = rel; ; ) {
    const { name } = splitPath(path);
    if (temp.linkAs(name)) return path;
    const existing = openHeld(temp.dir, name);
    if (existing?.fd !== undefined) {
      const same = hashFd(existing.fd) === digest;
      closeSync(existing.fd);
      if (same) {
        temp.remove();
        return path;
      }
    }
    n += 1;
    const next = engine.backupName(rel, n);
    if (next.kind === 'exhausted') throw Object.assign(new Error(next.message), { code: 'EEXIST', syscall: 'link' });
    path = next.path;
  }
}

/**
 * Swaps one staged step, checked right before; says what became of it.
 * @param {Staged} s @param {DirTree} targets @returns {StepOutcome}
 */
function swap(s, targets) {
  const { step, dir, name, held } = s;
  const result = (/** @type {StepOutcome['outcome']} */ outcome) => ({ path: step.path, outcome, backup: s.backup ?? null, error: null });
  if (!targets.verify(dir.rel)) {
    discard(s);
    return result('changed');
  }
  if (s.node !== undefined) return result(swapNode(step, dir.path(name), s.node));
  if (!held) {
    // Nothing may be there: a link never replaces what appeared meanwhile.
    const temp = /** @type {TempFile} */ (s.temp);
    if (!temp.linkAs(name)) {
      temp.remove();
      return result(step.expect.kind === 'if-missing' ? 'unchanged' : 'changed');
    }
    faultStep('renamed');
    return result('done');
  }
  const fd = /** @type {number} */ (held.fd);
  let now;
  try {
    now = lstatSync(dir.path(name));
  } catch {
    now = undefined;
  }
  // The same inode at the name, unchanged (its stat is the held file's: no second look by descriptor).
  if (!now || !unchangedSince(now, /** @type {import('node:fs').Stats} */ (held.st))) {
    discard(s);
    return result('changed');
  }
  // A test may hold the run here, inside the window between the last check and the swap.
  pausePoint('swap', step.path);
  if (!s.temp) return result(removeChecked(s));
  const exchanged = exchangeChecked(s);
  if (exchanged !== undefined) return result(exchanged);
  // No atomic exchange on this platform or file system: renamed over, after the check above.
  s.temp.renameOver(name);
  faultStep('renamed');
  // The old content, still held open: an edit saved into it since it was first read is put back.
  if (hashFd(fd) !== s.before) {
    restore(s);
    return result('changed');
  }
  return result('done');
}

/**
 * Swaps the staged temp and the file at the step's path in one atomic exchange, then looks
 * at what came out under the temp's name: the file checked, as planned (done, unless an
 * edit was saved into it in place since it was first read), or a save that landed after
 * the last check, which goes straight back. Undefined when no exchange is available here.
 * @param {Staged} s @returns {StepOutcome['outcome'] | undefined}
 */
function exchangeChecked(s) {
  const temp = /** @type {TempFile} */ (s.temp);
  const parked = s.dir.path(temp.name);
  const target = s.dir.path(s.name);
  let answer;
  try {
    answer = exchange(parked, target);
  } catch (error) {
    // The file went away since the check: nothing replaced, the new content dropped.
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    temp.remove();
    return 'changed';
  }
  if (answer === 'unavailable') return undefined;
  temp.placed = true;
  const done = isHeldUnedited(parked, s);
  if (done) unlinkSync(parked);
  else putBack(parked, target, temp);
  faultStep('renamed');
  return done ? 'done' : 'changed';
}

/**
 * Exchanges `parked` and `target` back, so what came out of the path is there again, and
 * removes what comes out this time: the new content, or, when a further save replaced it
 * meanwhile, the earlier save (exchanged once more, so the newest stays at the path).
 * @param {string} parked @param {string} target @param {TempFile} temp
 */
function putBack(parked, target, temp) {
  try {
    exchange(parked, target);
  } catch (error) {
    // The path was removed meanwhile: what came out is linked back (unless something is there again).
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    linkUnlessThere(parked, target);
    unlinkSync(parked);
    return;
  }
  const back = lstatOrNull(parked);
  if (back && !sameFile(back, /** @type {{ dev: number, ino: number }} */ (temp))) exchange(parked, target);
  unlinkSync(parked);
}

/**
 * Removes the file at the step's path only if it is the one checked: it is first moved to
 * a temp name (atomically, whatever is there), then removed if it is the held file,
 * unedited, and otherwise linked back unless something new is at the path already.
 * @param {Staged} s @returns {StepOutcome['outcome']}
 */
function removeChecked(s) {
  const target = s.dir.path(s.name);
  const parked = s.dir.path(nextTempName(s.name));
  try {
    renameSync(target, parked);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    return 'changed';
  }
  if (isHeldUnedited(parked, s)) {
    unlinkSync(parked);
    faultStep('removed');
    return 'done';
  }
  linkUnlessThere(parked, target);
  unlinkSync(parked);
  return 'changed';
}

/**
 * Whether what `parked` names is the file the step holds open and hashed, with no edit
 * saved into it since (its content, read through the held descriptor, hashes as before).
 * @param {string} parked @param {Staged} s
 */
function isHeldUnedited(parked, s) {
  const out = lstatOrNull(parked);
  const held = /** @type {{ fd: number, st: import('node:fs').Stats }} */ (s.held);
  return out !== null && sameFile(out, held.st) && hashFd(held.fd) === s.before;
}

/** Links `from` as `to` unless something is at `to` already (it is newer: it stays). */
function linkUnlessThere(/** @type {string} */ from, /** @type {string} */ to) {
  try {
    linkSync(from, to);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
  }
}

/** What `path` names, not followed; null when nothing is there. */
function lstatOrNull(/** @type {string} */ path) {
  try {
    return lstatSync(path);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    return null;
  }
}

/** Puts the held (edited) content back at the step's path after a swap. */
function restore(/** @type {Staged} */ s) {
  const temp = new TempFile(s.dir, s.name);
  const fd = /** @type {number} */ (s.held?.fd);
  const chunk = sharedChunk();
  for (let pos = 0, n; (n = readSync(fd, chunk, 0, CHUNK, pos)) > 0; pos += n) temp.write(chunk.subarray(0, n));
  temp.finish(s.backupMode);
  if (s.temp) temp.renameOver(s.name);
  else if (!temp.linkAs(s.name)) temp.remove();
}

/** Closes a staged step's held file; returns nothing worth spreading. */
function closeHeld(/** @type {Staged} */ s) {
  if (s.held?.fd !== undefined) {
    try {
      closeSync(s.held.fd);
    } catch {}
    s.held.fd = undefined;
  }
  return {};
}

/** Drops a staged step: its temps removed by identity, its held file closed. */
function discard(/** @type {Staged} */ s) {
  s.temp?.remove();
  s.backupTemp?.remove();
  closeHeld(s);
  return {};
}
