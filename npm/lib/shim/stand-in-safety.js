// STAND-IN until branch `refresh` lands its safety kit (atomic writes, backups, lock,
// journal, path checks). The update flow uses only the functions below; when the kit
// lands, these become re-exports of it and this file goes away. Kept to the minimum the
// update needs, following RELIABILITY.md.
import { closeSync, constants, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync, chmodSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, sep } from 'node:path';
import process from 'node:process';

/** An error the CLI maps to an exit code: `code` is stable. */
export class FlowError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * The absolute path of `rel` under `root`, after checking that no existing component
 * below the root is a symlink (nothing may resolve outside the root), so a write never
 * follows a link, including one an earlier release shipped. Whole components, never prefixes.
 * @param {string} root
 * @param {string} rel a validated, `/`-separated relative path
 */
export function safeTarget(root, rel) {
  let at = root;
  const parts = rel.split('/');
  for (const [i, part] of parts.entries()) {
    at = join(at, part);
    let st;
    try {
      st = lstatSync(at);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return join(root, ...parts);
      throw error;
    }
    if (st.isSymbolicLink()) throw new FlowError('unsafe-path', `refusing to write '${rel}': '${parts.slice(0, i + 1).join('/')}' is a symbolic link`);
    if (i < parts.length - 1 && !st.isDirectory()) throw new FlowError('unsafe-path', `refusing to write '${rel}': '${parts.slice(0, i + 1).join('/')}' is not a directory`);
    if (i === parts.length - 1 && !st.isFile()) throw new FlowError('unsafe-path', `refusing to write '${rel}': it is not a regular file`);
  }
  return at;
}

function fsyncDir(/** @type {string} */ dir) {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

let tempCounter = 0;

/**
 * Atomic replace: a temp file in the target's own directory, created exclusively with
 * mode 0600, written, fsynced, closed, given its final mode, renamed over the target;
 * then the directory is fsynced. The target holds either its old or its new bytes.
 * @param {string} path
 * @param {Uint8Array} bytes
 * @param {number} [mode]
 */
export function atomicWrite(path, bytes, mode = 0o644) {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.upkeep-tmp-${process.pid}-${(tempCounter += 1)}`);
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  closeSync(fd);
  try {
    chmodSync(temp, mode & 0o777);
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {}
    throw error;
  }
  fsyncDir(dir);
}

/**
 * Writes a backup copy of `bytes` at `path`, never overwriting an earlier backup: an
 * existing identical backup (a resumed run) is kept, a different one is an error.
 * @param {string} path
 * @param {Uint8Array} bytes
 * @param {number} mode
 */
export function writeBackup(path, bytes, mode) {
  let existing;
  try {
    existing = readFileSync(path);
  } catch {}
  if (existing) {
    if (Buffer.compare(existing, bytes) === 0) return;
    throw new FlowError('backup-exists', `refusing to overwrite the backup '${path}', which holds other content`);
  }
  atomicWrite(path, bytes, mode);
}

/**
 * An advisory lock: `<dir>/update.lock` created atomically (temp file, then link), holding
 * pid, host and start time. A lock from this host whose process is gone is stale and is
 * broken; any other is reported as busy.
 * @param {string} dir
 * @returns {() => void} releases the lock
 */
export function acquireLock(dir) {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'update.lock');
  const record = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  const temp = `${path}.${process.pid}`;
  atomicWrite(temp, Buffer.from(record));
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        linkSync(temp, path);
        return () => {
          try {
            unlinkSync(path);
          } catch {}
        };
      } catch (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
        /** @type {any} */
        let holder = null;
        try {
          holder = JSON.parse(readFileSync(path, 'utf8'));
        } catch {}
        const stale = holder && holder.host === hostname() && Number.isInteger(holder.pid) && !alive(holder.pid);
        if (!stale || attempt > 0) {
          const who = holder ? `pid ${holder.pid}, host ${holder.host}, since ${holder.since}` : 'unknown owner: empty or partial lock file';
          throw new FlowError('busy', `update already in progress (${who}); if no update is running, remove ${path}`);
        }
        unlinkSync(path);
      }
    }
    throw new FlowError('busy', `update already in progress (${path})`);
  } finally {
    unlinkSync(temp);
  }
}

function alive(/** @type {number} */ pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

let mutations = 0;
/**
 * Test hook: with UPKEEP_FAULT_KILL_AT=<n>, the process SIGKILLs itself just before its
 * n-th mutating step, so tests can prove an interrupted run resumes.
 */
export function mutatingStep() {
  const at = Number(process.env.UPKEEP_FAULT_KILL_AT);
  mutations += 1;
  if (at > 0 && mutations === at) process.kill(process.pid, 'SIGKILL');
}

export { sep };
