// The durability order of every write, checked on real runs traced with strace
// (ARCHITECTURE.md, Safety rules): a temp file is synced before it is renamed into place, the
// folder is synced after the rename, a backup and its folder are synced before the file
// it saves is replaced, a new folder is synced into its parent before anything relies on
// it, and the journal says "done" only after all of that.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runCli, upkeepBin } from './consumer.js';
import { installProject, writeRelease } from './update-fixtures.js';
import { alsoOnWasm } from './implementations.js';

const hasStrace = spawnSync('strace', ['-V']).status === 0;
const base = mkdtempSync(join(tmpdir(), 'upkeep-order-'));
after(() => rmSync(base, { recursive: true, force: true }));

/** @typedef {{ index: number, call: string, paths: string[], text: string }} Syscall */

/**
 * Runs the upkeep CLI under strace and returns its file-system calls in order, each with
 * the paths it named (fd arguments resolved by `-y`) and its raw line. upkeep reaches
 * folders by handle (`/proc/self/fd/<fd>/<name>`): each such path is resolved to the
 * folder that descriptor was opened on (the `openat` that returned it, `= <fd></path>`).
 * @param {string[]} args @param {string} cwd
 * @returns {Syscall[]}
 */
function traced(args, cwd) {
  const log = join(base, `trace-${Math.random().toString(16).slice(2)}`);
  const calls = 'openat,write,pwrite64,fsync,fdatasync,rename,renameat,renameat2,link,linkat,unlink,unlinkat,mkdir,mkdirat';
  const run = spawnSync(
    'strace',
    ['-f', '-y', '-qq', '-s', '4096', '-e', `trace=${calls}`, '-o', log, process.execPath, upkeepBin, ...args],
    {
      cwd,
      env: { ...process.env, CI: 'true' },
      encoding: 'utf8',
    },
  );
  assert.ok(run.status === 0 || run.status === 1, `upkeep ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  /** @type {Map<string, string>} `<pid> <fd>` → the folder it holds */
  const folders = new Map();
  return readFileSync(log, 'utf8')
    .split('\n')
    .map((line) => {
      const pid = /^(\d+)\s+/.exec(line)?.[1] ?? '';
      // A path relative to the working folder (`AT_FDCWD</cwd>` under -y: the addon's renameat2) is absolute already.
      const text = line
        .replace(/^\d+\s+/, '')
        .replace(/AT_FDCWD<[^>]*>/g, 'AT_FDCWD')
        .replace(/\/proc\/self\/fd\/(\d+)\//g, (whole, fd) => {
          const dir = folders.get(`${pid} ${fd}`);
          return dir ? `${dir}/` : whole;
        });
      const opened = /^openat\(.*\) = (\d+)<(\/[^>]*)>$/.exec(text);
      if (opened) folders.set(`${pid} ${opened[1]}`, opened[2]);
      return text;
    })
    .filter((line) => /^\w+\(/.test(line) && !/= -1 /.test(line))
    .map((text, index) => ({
      index,
      call: text.slice(0, text.indexOf('(')),
      // Quoted path arguments and `<path>` fd annotations, in order.
      paths: [...text.matchAll(/<(\/[^>]*)>|"(\/[^"]*)"/g)].map((m) => m[1] ?? m[2]),
      text,
    }));
}

const isSync = (/** @type {Syscall} */ c) => c.call === 'fsync' || c.call === 'fdatasync';
const synced = (/** @type {Syscall[]} */ trace, /** @type {string} */ path, /** @type {number} */ from, /** @type {number} */ to) =>
  trace.some((c) => c.index > from && c.index < to && isSync(c) && c.paths[0] === path);
const lastWrite = (/** @type {Syscall[]} */ trace, /** @type {string} */ path, /** @type {number} */ before) =>
  Math.max(-1, ...trace.filter((c) => c.index < before && c.call.startsWith('write') && c.paths[0] === path).map((c) => c.index));

/**
 * Checks the order around every file put in place under `root` (rename or link of a temp
 * file), and returns the placements for scenario-specific checks.
 * @param {Syscall[]} trace @param {string} root
 */
function checkPlacements(trace, root) {
  const placements = trace.filter(
    (c) => ['rename', 'renameat', 'renameat2', 'link', 'linkat'].includes(c.call) && c.paths.at(-1)?.startsWith(`${root}/`),
  );
  assert.ok(placements.length > 0, 'the traced run put files in place');
  for (const place of placements) {
    const [temp, target] = [place.paths.at(-2) ?? '', place.paths.at(-1) ?? ''];
    const written = lastWrite(trace, temp, place.index);
    assert.ok(
      written >= 0 && synced(trace, temp, written, place.index),
      `${temp} is synced after its last write and before it becomes ${target}`,
    );
    const folderSync = trace.find((c) => c.index > place.index && isSync(c) && c.paths[0] === dirname(target));
    assert.ok(folderSync, `the folder of ${target} is synced after it is put in place`);
  }
  // A folder created by the run is synced into its parent before any file is put in it.
  for (const made of trace.filter((c) => c.call.startsWith('mkdir') && c.paths[0]?.startsWith(`${root}/`))) {
    const dir = made.paths[0];
    const firstUse = trace.find((c) => c.index > made.index && placements.includes(c) && c.paths.at(-1)?.startsWith(`${dir}/`));
    if (!firstUse) continue;
    assert.ok(
      synced(trace, dirname(dir), made.index, firstUse.index),
      `the new folder ${dir} is synced into ${dirname(dir)} before ${firstUse.paths.at(-1)} is put in it`,
    );
  }
  return placements;
}

/** Every replaced file's backup (and its folder) is durable before the file is replaced. */
function checkBackupsFirst(
  /** @type {Syscall[]} */ trace,
  /** @type {ReturnType<typeof checkPlacements>} */ placements,
  /** @type {string} */ root,
  /** @type {string} */ backups,
) {
  const replaced = placements.filter((p) => !p.paths.at(-1)?.startsWith(`${root}/${backups}`) && p.call.startsWith('rename'));
  let checked = 0;
  for (const place of replaced) {
    const rel = (place.paths.at(-1) ?? '').slice(root.length + 1);
    const backup = placements.find((p) => p.paths.at(-1)?.startsWith(`${root}/${backups}`) && p.paths.at(-1)?.endsWith(`/${rel}`));
    if (!backup) continue;
    checked += 1;
    assert.ok(backup.index < place.index, `${rel} is backed up before it is replaced`);
    assert.ok(
      synced(trace, dirname(backup.paths.at(-1) ?? ''), backup.index, place.index),
      `the backup of ${rel} is in a synced folder before ${rel} is replaced`,
    );
  }
  return checked;
}

describe('write ordering under strace', { skip: hasStrace ? false : 'strace is not installed (scripts/setup.sh installs it)' }, () => {
  test('refresh: temp synced before rename, folder after, backup before target, journal "done" last', () => {
    const dir = join(base, 'refresh');
    const src = join(dir, 'src');
    const host = join(dir, 'host');
    const put = (/** @type {string} */ root, /** @type {Record<string, string>} */ files) => {
      for (const [rel, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, rel)), { recursive: true });
        writeFileSync(join(root, rel), text);
      }
    };
    const manifest = (/** @type {string[]} */ names) =>
      JSON.stringify({ schema: 1, home: 'svc', files: names.map((n) => ({ src: `code/${n}`, target: `svc/${n}` })) });
    mkdirSync(host, { recursive: true });
    put(src, { 'install/manifest.json': manifest(['a.txt', 'deep/b.txt']), 'code/a.txt': 'a1\n', 'code/deep/b.txt': 'b1\n' });
    assert.equal(runCli(['install', '--source', src, '--target', host]).status, 0);
    put(host, { 'svc/a.txt': 'my edit\n' });
    put(src, {
      'install/manifest.json': manifest(['a.txt', 'deep/b.txt', 'new/c.txt']),
      'code/a.txt': 'a2\n',
      'code/deep/b.txt': 'b2\n',
      'code/new/c.txt': 'c\n',
    });

    const trace = traced(['refresh', '--source', src, '--target', host, '--auto', 'take-theirs', '--json'], dir);
    const placements = checkPlacements(trace, host);
    assert.equal(checkBackupsFirst(trace, placements, host, 'svc/.upkeep-backups'), 2, 'a.txt and deep/b.txt were backed up');

    const journal = `${host}/svc/.upkeep-source.refresh.log`;
    for (const rel of ['svc/a.txt', 'svc/deep/b.txt', 'svc/new/c.txt']) {
      // Replaced by a rename; a new file is linked in (never over anything that appeared).
      const place = placements.find((p) => p.paths.at(-1) === `${host}/${rel}`);
      assert.ok(place, `${rel} was renamed or linked into place`);
      const done = trace.find(
        (c) =>
          c.call === 'write' &&
          c.paths[0] === journal &&
          c.text.includes(`\\"target\\":\\"${rel}\\"`) &&
          c.text.includes('\\"phase\\":\\"done\\"'),
      );
      assert.ok(done && done.index > place.index, `the journal records ${rel} done after its rename`);
      assert.ok(
        synced(trace, dirname(`${host}/${rel}`), place.index, done.index),
        `${rel}'s folder is synced before the journal says done`,
      );
      const intent = trace.find(
        (c) =>
          c.call === 'write' &&
          c.paths[0] === journal &&
          c.text.includes(`\\"target\\":\\"${rel}\\"`) &&
          c.text.includes('\\"phase\\":\\"intent\\"'),
      );
      assert.ok(intent && synced(trace, journal, intent.index, place.index), `the intent for ${rel} is durable before the file is touched`);
    }
  });

  test('update: batched writes keep the same order (every backup durable before any file is replaced)', () => {
    const files = { 'a.txt': 'a1\n', 'lib/b.txt': 'b1\n', 'lib/c.txt': 'c1\n' };
    const manifest = { 'a.txt': 'owned', 'lib/b.txt': 'owned', 'lib/c.txt': 'shared', 'new/d.txt': 'owned' };
    const baseline = writeRelease(join(base, 'v1'), {
      version: '1.0.0',
      files,
      manifest: { 'a.txt': 'owned', 'lib/b.txt': 'owned', 'lib/c.txt': 'shared' },
    });
    const latest = writeRelease(join(base, 'v2'), {
      version: '1.1.0',
      files: { 'a.txt': 'a2\n', 'lib/b.txt': 'b2\n', 'lib/c.txt': 'c2\n', 'new/d.txt': 'd\n' },
      manifest,
    });
    const project = installProject(baseline, { 'a.txt': 'mine\n' });
    execFileSync('git', ['init', '-q'], { cwd: project });

    // Nothing committed yet, so every managed file is uncommitted: --allow-dirty.
    const trace = traced(
      ['update', '--baseline', baseline, '--latest', latest, '--yes', '--json', '--conflicts', 'patch', '--allow-dirty'],
      project,
    );
    const placements = checkPlacements(trace, project);
    // a.txt (edited, changed upstream) is a conflict patch; the other two are replaced.
    assert.equal(checkBackupsFirst(trace, placements, project, '.upkeep-backups'), 2, 'lib/b.txt and lib/c.txt were backed up');
    assert.ok(
      placements.some((p) => p.paths.at(-1) === `${project}/.upkeep-merge/a.txt.patch`),
      'the conflict patch was written',
    );
    const firstReplace = Math.min(
      ...placements.filter((p) => p.call.startsWith('rename') && !p.paths.at(-1)?.includes('/.upkeep')).map((p) => p.index),
    );
    const lastBackup = Math.max(...placements.filter((p) => p.paths.at(-1)?.startsWith(`${project}/.upkeep-backups/`)).map((p) => p.index));
    assert.ok(lastBackup < firstReplace, 'every backup is in place before the first file is replaced');
    rmSync(project, { recursive: true, force: true });
  });
});

// The same file on the wasm engine, from the run on the native one.
alsoOnWasm(import.meta.url);
