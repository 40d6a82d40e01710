// upkeep's own paths and honest refusals: a release that lists the lock, a state folder
// or state file that is a link, patch paths that collide, a leftover patch where a folder
// is needed, manifests that are not UTF-8, usage errors under --json — each refused with
// a clear error before anything is written. And backups: never deleted implicitly, kept
// out of git status, listed and pruned only on request (never the only copy of anything).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runCli } from './consumer.js';
import { installProject, runUpdate, snapshot, tempDir, writeRelease, writeTree } from './update-fixtures.js';
import { alsoOnWasm } from './implementations.js';

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);
const read = (/** @type {string} */ root, /** @type {string} */ path) => readFileSync(join(root, path), 'utf8');
const git = (/** @type {string} */ cwd, /** @type {string[]} */ ...args) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      LC_ALL: 'C',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    },
  });

const files1 = { 'a.txt': 'a1\n', 'b.txt': 'b1\n', 'README.md': '# t\n' };
const files2 = { 'a.txt': 'a2\n', 'b.txt': 'b2\n', 'README.md': '# t\n' };
const manifest = { 'a.txt': 'owned', 'b.txt': 'owned', 'README.md': 'shared' };
const releases = () => ({
  v1: track(writeRelease(tempDir(), { version: '1.0.0', files: files1, manifest })),
  v2: track(writeRelease(tempDir(), { version: '1.1.0', files: files2, manifest })),
});

/** Asserts a refused run: exit 2, the error code, and not one byte changed in the project. */
function refused(
  /** @type {string} */ project,
  /** @type {() => ReturnType<typeof runUpdate>} */ run,
  /** @type {string} */ code,
  /** @type {RegExp} */ message,
) {
  const before = snapshot(project);
  const r = run();
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.equal(r.json.error.code, code, r.stdout);
  assert.match(r.json.error.message, message);
  assert.deepEqual(snapshot(project), before, 'nothing written');
  return r;
}

describe("upkeep's own paths", () => {
  test('a release listing the lock (or anything in the state folder) is refused; later updates are not wedged', () => {
    const { v1, v2 } = releases();
    const bad = track(
      writeRelease(tempDir(), {
        version: '1.1.0',
        files: { ...files2, '.upkeep/update.lock': 'x' },
        manifest: { ...manifest, '.upkeep/update.lock': 'owned' },
      }),
    );
    const project = track(installProject(v1));
    refused(project, () => runUpdate(project, v1, bad), 'invalid-manifest', /"\.upkeep\/update\.lock", which is upkeep's own state/);
    assert.equal(runUpdate(project, v1, v2).json.status, 'updated');
  });

  test('a state folder that is a link is refused before the lock is taken: nothing created through it', () => {
    const { v1, v2 } = releases();
    const project = track(installProject(v1));
    const elsewhere = track(tempDir());
    execFileSync('cp', ['-a', join(project, '.upkeep/.'), elsewhere]);
    rmSync(join(project, '.upkeep'), { recursive: true });
    symlinkSync(elsewhere, join(project, '.upkeep'));
    const inside = readdirSync(elsewhere).sort();
    refused(project, () => runUpdate(project, v1, v2), 'unsafe-path', /'\.upkeep' is a symbolic link/);
    assert.deepEqual(readdirSync(elsewhere).sort(), inside, 'no lock (or anything else) created outside the tree');
  });

  test('a state file that is a link is refused before the first write (VERSION read, manifest.json written last)', () => {
    const { v1, v2 } = releases();
    const outside = track(tempDir());
    for (const name of ['VERSION', 'manifest.json']) {
      const project = track(installProject(v1));
      writeFileSync(join(outside, name), readFileSync(join(project, '.upkeep', name)));
      rmSync(join(project, '.upkeep', name));
      symlinkSync(join(outside, name), join(project, '.upkeep', name));
      const target = readFileSync(join(outside, name), 'utf8');
      refused(
        project,
        () => runUpdate(project, v1, v2),
        'unsafe-path',
        new RegExp(`\\.upkeep/${name.replace('.', '\\.')}.*(symbolic link|never)`),
      );
      assert.equal(readFileSync(join(outside, name), 'utf8'), target, 'never written through');
      assert.equal(runUpdate(project, v1, v2).status, 2, 'refused again, still before any write');
    }
  });

  test('a backups folder that is a link is refused before the first write: no backup written through it', () => {
    const { v1, v2 } = releases();
    const project = track(installProject(v1, { 'a.txt': 'mine\n' }));
    const outside = track(tempDir());
    symlinkSync(outside, join(project, '.upkeep-backups'));
    refused(
      project,
      () => runUpdate(project, v1, v2),
      'unsafe-path',
      /a folder on its way is a symbolic link; upkeep never writes through one \(nothing was written\)/,
    );
    assert.deepEqual(readdirSync(outside), [], 'nothing written outside the tree');
  });

  test('patch paths that collide, or a leftover patch where a folder is needed: refused with nothing written', () => {
    const both = { d: 'shared', 'd.patch/e': 'shared' };
    const r1 = track(writeRelease(tempDir(), { version: '1.0.0', files: { d: 'v1\n', 'd.patch/e': 'v1\n' }, manifest: both }));
    const r2 = track(writeRelease(tempDir(), { version: '1.1.0', files: { d: 'v2\n', 'd.patch/e': 'v2\n' }, manifest: both }));
    const project = track(installProject(r1, { d: 'mine\n', 'd.patch/e': 'mine\n' }));
    refused(
      project,
      () => runUpdate(project, r1, r2, ['--conflicts', 'patch']),
      'path-collision',
      /'\.upkeep-merge\/d\.patch\/e\.patch'.*collides with '\.upkeep-merge\/d\.patch'/,
    );
    // Only d.patch/e conflicts now, but a prior run's d.patch is a file where its folder must go.
    const edited = track(installProject(r1, { 'd.patch/e': 'mine\n' }));
    writeTree(edited, { '.upkeep-merge/d.patch': 'an earlier patch\n' });
    refused(edited, () => runUpdate(edited, r1, r2, ['--conflicts', 'patch']), 'unsafe-path', /'\.upkeep-merge\/d\.patch' is not a folder/);
  });

  test('manifests that are not UTF-8 are refused by name, with the byte offset', () => {
    const { v1 } = releases();
    const v2 = track(writeRelease(tempDir(), { version: '1.1.0', files: files2, manifest }));
    const path = join(v2, '.upkeep/manifest.json');
    const text = readFileSync(path);
    writeFileSync(path, Buffer.concat([text.subarray(0, 10), Buffer.from([0xff, 0xfe]), text.subarray(10)]));
    const project = track(installProject(v1));
    refused(
      project,
      () => runUpdate(project, v1, v2),
      'invalid-manifest',
      /the latest release's \.upkeep\/manifest\.json is not valid UTF-8 \(byte offset 10\)/,
    );
  });

  test('usage errors under --json print one JSON document', () => {
    for (const [command, args] of [
      ['update', ['update', '--json', '--bogus']],
      ['update', ['update', '--json', '--conflicts']],
      ['backups prune', ['backups', 'prune', '--json']],
      ['backups prune', ['backups', 'prune', '--keep', 'x', '--json']],
    ]) {
      const r = runCli(/** @type {string[]} */ (args));
      assert.equal(r.status, 2, String(args));
      const doc = JSON.parse(r.stdout);
      assert.equal(doc.status, 'error', String(args));
      assert.equal(doc.command, command, 'named like every other error document, subcommand included');
      assert.equal(doc.error.code, 'usage');
      assert.ok(doc.error.message.length > 0);
      assert.equal(r.stderr, '', 'nothing but the document');
    }
  });
});

describe('backups', () => {
  test('a backups folder that is a link is refused by name, never listed as holding no runs', () => {
    const { v1 } = releases();
    const project = track(installProject(v1));
    const elsewhere = track(tempDir());
    writeTree(elsewhere, { '20250101-000000-000/a.txt': 'a0\n' });
    symlinkSync(elsewhere, join(project, '.upkeep-backups'));
    for (const args of [['list'], ['prune', '--keep', '0']]) {
      const r = runCli(['backups', ...args, '--root', project, '--json']);
      assert.equal(r.status, 2, r.stdout + r.stderr);
      const doc = JSON.parse(r.stdout);
      assert.equal(doc.error.code, 'unsafe-path');
      assert.match(doc.error.message, /\.upkeep-backups/);
    }
    assert.ok(existsSync(join(elsewhere, '20250101-000000-000/a.txt')), 'nothing was pruned through the link');
  });

  test('never deleted implicitly: following the printed advice, or updating again, keeps every earlier run', () => {
    const { v1, v2 } = releases();
    const v3 = track(writeRelease(tempDir(), { version: '1.2.0', files: { ...files2, 'a.txt': 'a3\n' }, manifest }));
    const project = track(installProject(v1));
    git(project, 'init', '-q');
    git(project, 'add', '-A');
    git(project, 'commit', '-qm', 'installed 1.0.0');
    // An uncommitted file the first update backs up (--allow-dirty): the backup becomes its only copy.
    writeFileSync(join(project, 'a.txt'), 'a1\n');
    writeFileSync(join(project, 'notes.txt'), 'only here\n');
    const dirty = ['--allow-dirty'];
    const first = runUpdate(project, v1, v2, dirty);
    assert.equal(first.json.status, 'updated');
    const firstRun = first.json.backupDir;
    // The printed advice for an update applied but not committed: discard the bump, run again.
    assert.equal(runUpdate(project, v1, v2, dirty).json.status, 'applied-uncommitted');
    // This run planned nothing, so it has no change request to write, and says so.
    const pr = join(project, '..', `${basename(project)}-pr`);
    const asked = runCli(['update', '--root', project, '--baseline', v1, '--latest', v2, '--yes', '--allow-dirty', '--pr', pr]);
    assert.match(asked.stdout, /^No change request written: an earlier run applied this update; put the version marker back/m);
    assert.ok(!existsSync(pr), 'no change request folder');
    git(project, 'checkout', '--', '.upkeep/VERSION');
    writeFileSync(join(project, 'b.txt'), 'b1\n');
    const second = runUpdate(project, v1, v2, dirty);
    assert.equal(second.json.status, 'updated', second.stdout);
    assert.ok(existsSync(join(project, firstRun, 'a.txt')), 'the first run kept its backups');
    const third = runUpdate(project, v2, v3, dirty);
    assert.equal(third.json.status, 'updated');
    const runs = readdirSync(join(project, '.upkeep-backups')).filter((n) => n !== '.gitignore');
    assert.equal(runs.length, 3, runs.join(', '));
    // The summary says how much is kept and how to prune.
    const text = runCli(['update', '--root', track(installProject(v1)), '--baseline', v1, '--latest', v2, '--yes']);
    assert.match(
      text.stdout,
      /Backups kept: [\d.]+ (bytes|KiB) in \.upkeep-backups\/ from 1 run \(never deleted implicitly; `upkeep backups list` shows them, `upkeep backups prune --keep 3` removes older runs/,
    );
  });

  test('the folders upkeep writes ignore themselves: git status stays clean, a managed .gitignore stays untouched', () => {
    const gitignore = { ...files1, '.gitignore': 'node_modules/\n' };
    const m = { ...manifest, '.gitignore': 'shared' };
    const v1 = track(writeRelease(tempDir(), { version: '1.0.0', files: gitignore, manifest: m }));
    const v2 = track(
      writeRelease(tempDir(), { version: '1.1.0', files: { ...gitignore, 'a.txt': 'a2\n', 'README.md': '# t v2\n' }, manifest: m }),
    );
    const project = track(installProject(v1, { 'README.md': '# mine\n' }));
    git(project, 'init', '-q');
    git(project, 'add', '-A');
    git(project, 'commit', '-qm', 'installed');
    // The patch route, so the merge folder is written too.
    const r = runUpdate(project, v1, v2, ['--conflicts', 'patch']);
    assert.ok(r.json.backupDir && r.json.conflicts.length === 1, r.stdout);
    assert.equal(read(project, '.upkeep-backups/.gitignore'), '*\n');
    assert.equal(read(project, '.upkeep-merge/.gitignore'), '*\n');
    const status = git(project, 'status', '--porcelain', '--untracked-files=all')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.slice(3))
      .sort();
    assert.deepEqual(status, ['.upkeep/VERSION', 'a.txt'], 'only the update itself shows');
    assert.equal(read(project, '.gitignore'), 'node_modules/\n');
  });

  test('killed right after its first backup, an update has already made the backups folder ignore itself', () => {
    const { v1, v2 } = releases();
    const project = track(installProject(v1));
    git(project, 'init', '-q');
    git(project, 'add', '-A');
    git(project, 'commit', '-qm', 'installed');
    const killed = runUpdate(project, v1, v2, [], { env: { UPKEEP_FAULT_SIGNAL_AT: 'backup:1:SIGKILL' } });
    assert.equal(killed.status, null, killed.stdout);
    assert.ok(
      readdirSync(join(project, '.upkeep-backups')).some((n) => n !== '.gitignore'),
      'a backup was placed',
    );
    assert.equal(read(project, '.upkeep-backups/.gitignore'), '*\n');
    const listed = git(project, 'status', '--porcelain', '--untracked-files=all');
    assert.doesNotMatch(listed, /\.upkeep-backups/);
  });

  test('upkeep backups list and prune: a prune never removes the only copy of anything (tree, HEAD, a run that stays)', () => {
    const { v1, v2 } = releases();
    const v3 = track(writeRelease(tempDir(), { version: '1.2.0', files: { ...files2, 'a.txt': 'a3\n', 'b.txt': 'b3\n' }, manifest }));
    const project = track(installProject(v1));
    git(project, 'init', '-q');
    git(project, 'add', '-A');
    git(project, 'commit', '-qm', 'installed 1.0.0');
    // An older upkeep's backup folder is listed (and pruned) too.
    writeTree(project, { '.upkeep-backup/20250101-000000-000/a.txt': 'a1\n' });
    // 1.0.0 -> 1.1.0 backs up a1 and b1 (both in HEAD); 1.1.0 -> 1.2.0, never committed,
    // backs up a2 and b2: found nowhere else.
    assert.equal(runUpdate(project, v1, v2).json.status, 'updated');
    assert.equal(runUpdate(project, v2, v3, ['--allow-dirty']).json.status, 'updated');
    const list = JSON.parse(runCli(['backups', 'list', '--root', project, '--json']).stdout);
    assert.equal(list.runs.length, 3);
    assert.ok(list.runs.some((/** @type {any} */ r) => r.legacy));
    const newest = list.runs[0];
    assert.deepEqual(newest.onlyHere, ['a.txt', 'b.txt']);
    assert.ok(list.runs.slice(1).every((/** @type {any} */ r) => r.onlyHere.length === 0));
    const listed = runCli(['backups', 'list', '--root', project]);
    assert.match(listed.stdout, /^3 backup runs, \d+ bytes in total \(newest first\):\n/);
    assert.match(listed.stdout, /\(2 only here\)/);
    const dry = runCli(['backups', 'prune', '--root', project, '--keep', '0', '--dry-run']);
    assert.equal(dry.status, 0, dry.stderr);
    assert.match(dry.stdout, /^Would remove 2 backup runs/);
    assert.match(dry.stdout, /it holds the only copy of 2 files \(a\.txt, b\.txt\)/);
    assert.match(dry.stdout, /Dry run: nothing was removed\.\n$/);
    assert.equal(JSON.parse(runCli(['backups', 'list', '--root', project, '--json']).stdout).runs.length, 3, 'a dry run removes nothing');
    const pruned = JSON.parse(runCli(['backups', 'prune', '--root', project, '--keep', '0', '--json']).stdout);
    assert.deepEqual(
      pruned.kept.map((/** @type {any} */ k) => k.folder),
      [newest.folder],
    );
    assert.equal(pruned.remove.length, 2);
    for (const folder of pruned.remove) assert.ok(!existsSync(join(project, folder)), folder);
    assert.equal(read(project, `${newest.folder}/a.txt`), 'a2\n');
    // Once that content is in HEAD, the run holds nothing unique and may go.
    writeFileSync(join(project, 'a.txt'), 'a2\n');
    writeFileSync(join(project, 'b.txt'), 'b2\n');
    git(project, 'commit', '-qam', 'the 1.1.0 files');
    writeFileSync(join(project, 'a.txt'), 'a3\n');
    writeFileSync(join(project, 'b.txt'), 'b3\n');
    const last = JSON.parse(runCli(['backups', 'prune', '--root', project, '--keep', '0', '--json']).stdout);
    assert.deepEqual(last.remove, [newest.folder], JSON.stringify(last));
    assert.deepEqual(readdirSync(join(project, '.upkeep-backups')), ['.gitignore']);
  });
});

describe('a backup a collision renamed', () => {
  test('a .~N~ copy is compared with the file it saved: the same content in the tree is not "only here"', () => {
    const project = track(tempDir());
    writeTree(project, {
      'a.txt': 'now\n',
      // One run backed a.txt up twice: the second copy took the next numbered name.
      '.upkeep-backups/20260101-000000-000/a.txt': 'old\n',
      '.upkeep-backups/20260101-000000-000/a.txt.~1~': 'now\n',
    });
    const list = JSON.parse(runCli(['backups', 'list', '--root', project, '--json']).stdout);
    assert.deepEqual(list.runs[0].onlyHere, ['a.txt']);
  });
});

describe('a record of the runs under way that cannot be read', () => {
  test('keeps every backup run, says why instead of a prune hint, and the update refuses the record by name', () => {
    const { v1, v2 } = releases();
    const v3 = track(writeRelease(tempDir(), { version: '1.2.0', files: { ...files2, 'a.txt': 'a3\n' }, manifest }));
    const project = track(installProject(v1));
    git(project, 'init', '-q');
    git(project, 'add', '-A');
    git(project, 'commit', '-qm', 'installed 1.0.0');
    assert.equal(runUpdate(project, v1, v2).json.status, 'updated');
    const progress = '.upkeep/update-in-progress.json';
    // JSON, but not a record: which run it was is unknown.
    writeFileSync(join(project, progress), '{"from":"1.0.0","to":"1.1.0"}\n');
    const listed = runCli(['backups', 'list', '--root', project]);
    assert.equal(listed.status, 0, listed.stderr);
    assert.match(
      listed.stdout,
      /'\.upkeep\/update-in-progress\.json' could not be read: which runs have finished is unknown, so a prune keeps every run until it can be read\.\n$/,
    );
    assert.doesNotMatch(listed.stdout, /Remove older runs/);
    const kept = JSON.parse(runCli(['backups', 'prune', '--root', project, '--keep', '0', '--json']).stdout);
    assert.deepEqual(kept.remove, []);
    assert.match(
      kept.kept[0].reason,
      /^'\.upkeep\/update-in-progress\.json' could not be read, so whether its run has finished is unknown$/,
    );
    assert.equal(readdirSync(join(project, '.upkeep-backups')).length, 2, 'the run and the .gitignore stay');
    refused(
      project,
      () => runUpdate(project, v2, v3),
      'bad-state',
      /^\.upkeep\/update-in-progress\.json is not an update's progress record \(it has no "runId"\)/,
    );
    // A refresh journal that cannot be parsed counts the same.
    rmSync(join(project, progress));
    writeFileSync(join(project, '.upkeep-source.refresh.log'), 'not a journal line\n');
    const journal = JSON.parse(runCli(['backups', 'prune', '--root', project, '--keep', '0', '--json']).stdout);
    assert.deepEqual(journal.remove, []);
    assert.match(journal.kept[0].reason, /^'\.upkeep-source\.refresh\.log' could not be read, so/);
    // Once both are readable, the run (whose files are all in HEAD) may go.
    rmSync(join(project, '.upkeep-source.refresh.log'));
    const pruned = JSON.parse(runCli(['backups', 'prune', '--root', project, '--keep', '0', '--json']).stdout);
    assert.equal(pruned.remove.length, 1, JSON.stringify(pruned));
  });
});

describe('a regeneration that removes the progress record', () => {
  test('the update still completes (the record is only a resume marker)', () => {
    const region = {
      id: 'r',
      startMarker: '<!-- s -->',
      endMarker: '<!-- e -->',
      paths: ['docs/x.md'],
      inputs: [],
      regenerate: { interpreter: 'sh', operand: 'gen.sh', args: [] },
    };
    const doc = (/** @type {string} */ body) => `# x\n<!-- s -->\n${body}<!-- e -->\n`;
    const m = { 'docs/x.md': 'shared', 'gen.sh': 'owned' };
    const script = 'rm -f .upkeep/update-in-progress.json\n';
    const v1 = track(
      writeRelease(tempDir(), {
        version: '1.0.0',
        files: { 'docs/x.md': doc('a\n'), 'gen.sh': script },
        manifest: m,
        extra: { regions: [region] },
      }),
    );
    const v2 = track(
      writeRelease(tempDir(), {
        version: '1.1.0',
        files: { 'docs/x.md': doc('b\n'), 'gen.sh': `${script}# v2\n` },
        manifest: m,
        extra: { regions: [region] },
      }),
    );
    for (const mode of ['none', 'bwrap', 'unshare']) {
      const project = track(installProject(v1));
      mkdirSync(join(project, 'docs'), { recursive: true });
      const r = runUpdate(project, v1, v2, [], { env: { UPKEEP_SANDBOX: mode } });
      assert.equal(r.json?.status, 'updated', `${mode}: ${r.stdout}${r.stderr}`);
      assert.equal(read(project, '.upkeep/VERSION'), '1.1.0\n', mode);
    }
  });
});

// The same file on the wasm engine, from the run on the native one.
alsoOnWasm(import.meta.url);
