// Reading many paths of one to three trees for the engine in bounded memory: what is at
// each path (never following a link), and a regular file's bytes — small files packed
// into one reused batch buffer handed over a batch at a time, large files streamed
// through the engine's content digester (their bytes never held whole). I/O only: what
// the bytes mean, and which files' bytes a plan needs later, is the engine's.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../engine.js';
import { letSignalsIn } from './progress.js';

/** A batch is handed over once it holds this many bytes of small files... */
const BATCH_BYTES = 8 << 20;
/** ...or this many paths. */
const BATCH_PATHS = 512;
/** Files larger than this are streamed through the digester, a chunk at a time. */
const SMALL_FILE_BYTES = 1 << 20;
const CHUNK_BYTES = 1 << 20;
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * What was found at one path of one tree.
 * @typedef {object} Found
 * @property {'file' | 'missing' | 'symlink' | 'directory' | 'other'} kind
 * @property {{ folder: string, kind: 'symlink' | 'not-a-directory' }} [blockedBy] a folder on
 *   the way is a link or not a folder (the path itself was not looked at)
 * @property {Uint8Array} [bytes] a small file's bytes: a view into the batch buffer, valid
 *   only until the batch handler returns
 * @property {import('../index.js').ContentDigest} [digest] a large file's digests (streamed)
 */

/**
 * Reads every path under every root and hands the results to `flush` in batches (each
 * path with one {@link Found} per root, in order), letting the event loop turn between
 * batches so a signal reaches its handler. Memory: one batch buffer, one chunk, the results.
 * @param {{ roots: string[], paths: string[], eol: boolean, onPath?: (path: string) => void, stopIfAsked?: () => void }} request
 *   eol: streamed digests carry the CRLF-as-LF digest; onPath: called as each path is
 *   read (progress); stopIfAsked: throws to stop, called between batches
 * @param {(batch: { path: string, found: Found[] }[]) => void} flush
 */
export async function observeTree(request, flush) {
  const { roots, paths, eol } = request;
  const folders = new FolderCache();
  const buffer = Buffer.allocUnsafe(BATCH_BYTES);
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  /** @type {{ path: string, found: Found[] }[]} */
  let batch = [];
  let used = 0;
  const hand = async () => {
    flush(batch);
    batch = [];
    used = 0;
    await letSignalsIn();
    request.stopIfAsked?.();
  };
  for (const path of paths) {
    // Room for every root's file at its largest small size, so a path never straddles two batches.
    if (batch.length >= BATCH_PATHS || used + roots.length * SMALL_FILE_BYTES > BATCH_BYTES) await hand();
    const found = roots.map((root) => {
      const blockedBy = folders.blocked(root, path);
      if (blockedBy) return { kind: /** @type {const} */ ('missing'), blockedBy };
      const read = readFound(`${root}/${path}`, buffer, used, chunk, eol);
      if (read.bytes) used += read.bytes.length;
      return read;
    });
    batch.push({ path, found });
    request.onPath?.(path);
  }
  if (batch.length > 0) await hand();
}

/**
 * Opens `abs` without following a link at its last component and reads it: a small
 * regular file into `buffer` at `at`, a large one streamed through the digester.
 * @param {string} abs @param {Buffer} buffer @param {number} at @param {Buffer} chunk @param {boolean} eol
 * @returns {Found}
 */
function readFound(abs, buffer, at, chunk, eol) {
  let fd;
  try {
    fd = openSync(abs, OPEN_FLAGS);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    if (code === 'ELOOP') return { kind: 'symlink' };
    if (code === 'ENXIO' || code === 'EOPNOTSUPP') return { kind: 'other' }; // a socket, a FIFO with no writer
    throw error;
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) return { kind: 'directory' };
    if (!st.isFile()) return { kind: 'other' };
    if (st.size <= SMALL_FILE_BYTES) {
      let n = 0;
      for (let got; n < st.size && (got = readSync(fd, buffer, at + n, st.size - n, null)) > 0; ) n += got;
      return { kind: 'file', bytes: buffer.subarray(at, at + n) };
    }
    const digester = new engine.ContentDigester(eol);
    for (let got; (got = readSync(fd, chunk, 0, CHUNK_BYTES, null)) > 0; ) digester.update(chunk.subarray(0, got));
    return { kind: 'file', digest: digester.finish() };
  } finally {
    closeSync(fd);
  }
}

/**
 * The bytes one after another: a view of the batch buffer when they lie there back to
 * back (as the tree reader packs them), a copy otherwise.
 * @param {Uint8Array[]} parts
 */
export function joinedBytes(parts) {
  const nonEmpty = parts.filter((p) => p.length > 0);
  if (nonEmpty.length === 0) return new Uint8Array(0);
  const first = nonEmpty[0];
  let end = first.byteOffset;
  for (const p of nonEmpty) {
    if (p.buffer !== first.buffer || p.byteOffset !== end) return Buffer.concat(parts);
    end += p.length;
  }
  return new Uint8Array(first.buffer, first.byteOffset, end - first.byteOffset);
}

/** What each folder on the way to a path is, looked up once per folder per run (lstat). */
class FolderCache {
  constructor() {
    /** @type {Map<string, 'directory' | 'symlink' | 'missing' | 'not-a-directory'>} */
    this.kinds = new Map();
    /** @type {Map<string, { folder: string, kind: 'symlink' | 'not-a-directory' } | undefined>} answers per root and folder */
    this.answers = new Map();
  }

  /**
   * The first folder of `rel` under `root` that is a link or not a folder; undefined when
   * every folder is a real directory or missing (a missing one makes the path missing).
   * @param {string} root @param {string} rel
   * @returns {{ folder: string, kind: 'symlink' | 'not-a-directory' } | undefined}
   */
  blocked(root, rel) {
    const cut = rel.lastIndexOf('/');
    if (cut < 0) return undefined;
    const key = `${root}\0${rel.slice(0, cut)}`;
    if (this.answers.has(key)) return this.answers.get(key);
    const answer = this.walk(root, rel.slice(0, cut).split('/'));
    this.answers.set(key, answer);
    return answer;
  }

  /** @param {string} root @param {string[]} parts the folders, outermost first */
  walk(root, parts) {
    let at = root;
    for (let i = 0; i < parts.length; i += 1) {
      at = join(at, parts[i]);
      let kind = this.kinds.get(at);
      if (kind === undefined) {
        kind = folderKind(at);
        this.kinds.set(at, kind);
      }
      if (kind === 'missing') return undefined;
      if (kind !== 'directory') return { folder: parts.slice(0, i + 1).join('/'), kind };
    }
    return undefined;
  }
}

/** @returns {'directory' | 'symlink' | 'missing' | 'not-a-directory'} */
function folderKind(/** @type {string} */ path) {
  try {
    const st = lstatSync(path);
    return st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'directory' : 'not-a-directory';
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    throw error;
  }
}
