// `upkeep backups list|prune`: observes a project's backup folders (each run's files,
// their SHA-256 and git blob ids, the project's file at the same path, the blob in
// HEAD) and lets the engine list them or decide what a prune may remove — never a run
// holding content found nowhere else. Removal is by folder handle, never through a link,
// under the update's (and refresh's) lock so no run writes a backup meanwhile. Never
// prints.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync, realpathSync, rmdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../engine.js';
import { openDir, splitPath } from '../shim/dir-handle.js';
import { kindOfStats } from '../shim/entry-kind.js';
import { acquireLock } from '../shim/lock.js';
import { readJournal } from '../shim/journal.js';
import { CHUNK } from '../shim/temp-file.js';
import { TreeReader } from '../shim/tree-read.js';
import { gitEnv } from '../shim/git.js';
import { isAbsent, isOsError } from '../shim/os-message.js';

/**
 * The refresh files of the home a backups folder sits in (the engine names them).
 * @param {string} folder @returns {import('../index.js').HomeFiles}
 */
const homeOf = (folder) => engine.homeFiles(splitPath(folder).dir || '.');

/**
 * @typedef {object} BackupsRequest
 * @property {string} root the project root
 * @property {string} [stateDir] `.upkeep` by default
 * @property {string[]} [folders] more backups folders, relative to the root (a refresh's `<home>/.upkeep-backups`)
 * @property {() => Date} [now]
 * @property {import('../index.js').BackupsNamed} [named] how the command named these
 *   backups, as given (`--root`, `--state-dir`, `--folder`): the listing's prune hint repeats it
 */

/**
 * The project's backups, listed by the engine.
 * @param {BackupsRequest} request @returns {import('../index.js').BackupsList}
 */
export function listBackups(request) {
  return engine.listBackups(observe(request));
}

/**
 * Removes what the engine's prune decision says may go.
 * @param {BackupsRequest & { keep?: number, olderThan?: string, dryRun?: boolean }} request
 * @returns {import('../index.js').PrunePlan}
 */
export function pruneBackups(request) {
  const root = realpathSync(request.root);
  const locks = request.dryRun ? [] : lockAll(root, request);
  try {
    const input = observe({ ...request, root });
    /** @type {import('../index.js').PrunePlan} */
    const plan = engine.planPrune(input, { keep: request.keep, olderThan: request.olderThan, dryRun: Boolean(request.dryRun) });
    if (!request.dryRun) for (const folder of plan.remove) removeTree(root, folder);
    return plan;
  } finally {
    for (const lock of locks) lock.release();
  }
}

/**
 * The backups a project keeps in `folder`, as the engine counts them from the folder's
 * listing (for the update summary); null when there is no such folder.
 * @param {string} root @param {string} folder
 * @returns {import('../index.js').BackupsKept | null}
 */
export function measureBackups(root, folder) {
  let dir;
  try {
    dir = openDir(root, folder);
  } catch {
    return null;
  }
  // Measured after the writes: a folder that cannot be read leaves the line out of the
  // summary rather than failing an update whose files are in place.
  try {
    /** @type {import('../index.js').BackupsSeen['entries']} */
    const entries = [];
    for (const name of readdirSync(dir.path('.'))) {
      const st = lstatSync(dir.path(name));
      let bytes = 0;
      if (st.isDirectory())
        walk(root, `${folder}/${name}`, (_rel, s) => {
          bytes += s.size;
        });
      entries.push({ name, kind: kindOfStats(st), bytes });
    }
    return engine.backupsKept({ folder, entries });
  } catch (error) {
    if (isOsError(error)) return null;
    throw error;
  } finally {
    dir.close();
  }
}

/** Every backup folder the request names, as the engine's input. */
function observe(/** @type {BackupsRequest} */ request) {
  const root = realpathSync(request.root);
  /** @type {import('../index.js').UpdatePaths} */
  const paths = engine.updatePaths(request.stateDir);
  const folders = [...new Set([paths.backupsDir, paths.legacyBackupsDir, ...(request.folders ?? [])])];
  const tree = new TreeReader(root);
  try {
    const git = headOf(root);
    /** @type {import('../index.js').BackupRun[]} */
    const runs = [];
    for (const folder of folders) {
      let dir;
      try {
        dir = openDir(root, folder);
      } catch (error) {
        // No such folder: no runs there. A folder that is a link or cannot be opened is
        // refused in its own words, never listed as empty.
        if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') continue;
        throw error;
      }
      try {
        for (const name of readdirSync(dir.path('.')).sort()) {
          const st = lstatSync(dir.path(name));
          if (st.isDirectory()) runs.push(observeRun(root, `${folder}/${name}`, name, st.mtimeMs, folder === paths.legacyBackupsDir, tree));
        }
      } finally {
        dir.close();
      }
    }
    if (git) addGitFacts(root, runs, git);
    return {
      runs,
      nowMs: (request.now ?? (() => new Date()))().getTime(),
      ...activeRuns(root, tree, paths, folders),
      git: Boolean(git),
      named: request.named ?? {},
    };
  } finally {
    tree.close();
  }
}

/**
 * One run's folder: its regular files (size, SHA-256, the project's file at the path it
 * saved), anything else by name.
 * @param {string} root @param {string} folder @param {string} id @param {number} mtimeMs @param {boolean} legacy @param {TreeReader} tree
 * @returns {import('../index.js').BackupRun}
 */
function observeRun(root, folder, id, mtimeMs, legacy, tree) {
  /** @type {import('../index.js').BackupFile[]} */
  const files = [];
  /** @type {string[]} */
  const other = [];
  walk(
    root,
    folder,
    (rel, st, fd) => {
      const path = rel.slice(folder.length + 1);
      if (fd === undefined) {
        // A regular file that could not be opened is a file whose content is unknown, not "something else".
        if (st.isFile()) files.push({ path, size: st.size, sha256: null, treeSha256: null });
        else other.push(path);
        return;
      }
      // A collision's `.~N~` copy is compared with the file it saved.
      const found = tree.entry(engine.backupSavedPath(path));
      files.push({ path, size: st.size, sha256: hashFd(fd), treeSha256: found && 'bytes' in found ? engine.sha256(found.bytes) : null });
    },
    { open: true },
  );
  return { folder, id, mtimeMs: Math.floor(mtimeMs), files, other, legacy };
}

/**
 * Walks folder `rel` by handle, never through a link, calling `visit` for each entry
 * that is not a folder; with `open`, a regular file comes with an open descriptor (none:
 * not a regular file, or unreadable).
 * @param {string} root @param {string} rel
 * @param {(rel: string, st: import('node:fs').Stats, fd?: number) => void} visit
 * @param {{ open?: boolean }} [options]
 */
function walk(root, rel, visit, { open = false } = {}) {
  const dir = openDir(root, rel);
  try {
    for (const name of readdirSync(dir.path('.')).sort()) {
      const path = `${rel}/${name}`;
      const st = lstatSync(dir.path(name));
      if (st.isDirectory()) {
        walk(root, path, visit, { open });
        continue;
      }
      if (!open || !st.isFile()) {
        visit(path, st);
        continue;
      }
      let fd;
      try {
        fd = openSync(dir.path(name), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
      } catch {
        visit(path, st, undefined);
        continue;
      }
      try {
        visit(path, fstatSync(fd), fd);
      } finally {
        closeSync(fd);
      }
    }
  } finally {
    dir.close();
  }
}

function hashFd(/** @type {number} */ fd) {
  const hash = new engine.Sha256Stream();
  const chunk = Buffer.allocUnsafe(CHUNK);
  for (let n; (n = readSync(fd, chunk, 0, CHUNK, null)) > 0; ) hash.update(chunk.subarray(0, n));
  return hash.finish();
}

/** HEAD's tree as path → blob id, or null outside a git work tree (or with no commit). */
function headOf(/** @type {string} */ root) {
  const top = spawnSync('git', ['-C', root, 'rev-parse', '--show-toplevel'], { env: gitEnv(), encoding: 'utf8' });
  if (top.status !== 0) return null;
  const listing = spawnSync('git', ['-C', root, 'ls-tree', '-r', '-z', '--full-name', 'HEAD'], { env: gitEnv(), maxBuffer: 1 << 30 });
  if (listing.status !== 0) return null;
  // The project may sit below the repository's top: paths in HEAD are relative to the top.
  const prefix = realpathSync(top.stdout.trim()) === root ? '' : `${root.slice(realpathSync(top.stdout.trim()).length + 1)}/`;
  /** @type {Map<string, string>} */
  const blobs = new Map();
  for (const entry of listing.stdout.toString('utf8').split('\0')) {
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const [, type, oid] = entry.slice(0, tab).split(' ');
    const path = entry.slice(tab + 1);
    if (type === 'blob' && path.startsWith(prefix)) blobs.set(path.slice(prefix.length), oid);
  }
  return blobs;
}

/** Each backup file's blob id (git's own hash-object, no filters) and HEAD's blob at its path. */
function addGitFacts(
  /** @type {string} */ root,
  /** @type {import('../index.js').BackupRun[]} */ runs,
  /** @type {Map<string, string>} */ head,
) {
  // A file that could not be read has no blob id either (git would fail on it too).
  const files = runs.flatMap((run) =>
    run.files.filter((file) => file.sha256 !== null).map((file) => ({ file, abs: join(root, run.folder, file.path) })),
  );
  if (files.length === 0) return;
  const out = execFileSync('git', ['-C', root, 'hash-object', '--no-filters', '--stdin-paths'], {
    env: gitEnv(),
    input: `${files.map((f) => f.abs).join('\n')}\n`,
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  const oids = out.trim().split('\n');
  files.forEach(({ file }, i) => {
    file.gitOid = oids[i] ?? null;
    file.headOid = head.get(engine.backupSavedPath(file.path)) ?? null;
  });
}

/**
 * What says which runs are under way or interrupted: the run ids the engine names
 * (`activeRuns`) from the update's progress record and each refresh journal beside a
 * backups folder, and those records that are there but could not be read or parsed.
 * @returns {{ active: string[], unreadable: string[] }}
 */
function activeRuns(
  /** @type {string} */ root,
  /** @type {TreeReader} */ tree,
  /** @type {import('../index.js').UpdatePaths} */ paths,
  /** @type {string[]} */ folders,
) {
  /** @type {string[]} */
  const unreadable = [];
  /** @type {string | null} */
  let progressRun = null;
  const progress = tree.entry(paths.progress);
  if (progress && 'bytes' in progress) {
    const reading = engine.readProgress(progress.bytes.toString('utf8'), paths.progress);
    if (reading.record) progressRun = reading.record.runId;
    else unreadable.push(paths.progress);
  } else if (progress) {
    unreadable.push(paths.progress);
  }
  /** @type {Set<string>} */
  const names = new Set();
  for (const folder of folders) {
    try {
      names.add(homeOf(folder).journal);
    } catch {} // a folder outside any home has no journal
  }
  const journals = [];
  for (const journal of names) {
    try {
      journals.push(engine.parseJournal(readJournal(join(root, journal), journal)));
    } catch {
      unreadable.push(journal);
    }
  }
  return { active: engine.activeRuns({ progressRun, journals }), unreadable };
}

/** The update lock (when the state folder exists) and each refresh home's lock. */
function lockAll(/** @type {string} */ root, /** @type {BackupsRequest} */ request) {
  /** @type {import('../index.js').UpdatePaths} */
  const paths = engine.updatePaths(request.stateDir);
  const held = [];
  try {
    try {
      const state = openDir(root, paths.stateDir);
      held.push({ ...acquireLock({ dir: state, name: splitPath(paths.lock).name }, 'prune', { what: 'update' }), dir: state });
    } catch (error) {
      // No state folder: no update can run, there is nothing to lock. Anything else (busy,
      // a link, a lock that cannot be made) stops the prune before it removes anything.
      if (!isAbsent(error)) throw error;
    }
    for (const folder of [paths.backupsDir, ...(request.folders ?? [])]) {
      const files = homeOf(folder);
      try {
        lstatSync(join(root, files.record));
      } catch (error) {
        if (isAbsent(error)) continue;
        throw error;
      }
      const lock = splitPath(files.lock);
      const dir = openDir(root, lock.dir);
      held.push({ ...acquireLock({ dir, name: lock.name }, 'prune', { what: 'refresh' }), dir });
    }
  } catch (error) {
    for (const h of held) h.release();
    throw error;
  }
  return held.map((h) => ({ release: () => (h.release(), h.dir.close()) }));
}

/** Removes folder `rel` and everything in it, by handle, never through a link. */
function removeTree(/** @type {string} */ root, /** @type {string} */ rel) {
  const dir = openDir(root, rel);
  try {
    for (const name of readdirSync(dir.path('.'))) {
      if (lstatSync(dir.path(name)).isDirectory()) removeTree(root, `${rel}/${name}`);
      else unlinkSync(dir.path(name));
    }
  } finally {
    dir.close();
  }
  const { dir: parent, name } = splitPath(rel);
  const up = openDir(root, parent);
  try {
    rmdirSync(up.path(name));
    up.sync();
  } finally {
    up.close();
  }
}
