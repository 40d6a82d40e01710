// The dirty guard on real git repositories: `upkeep update` refuses to write over managed
// files with uncommitted changes (modified, staged, deleted, untracked), naming them, exit
// 4 and nothing written; --allow-dirty, --dry-run and `upkeep status` go ahead; a project
// in a subfolder of its repository sees only its own files; outside git nothing changes;
// an interrupted update resumes in a repository it made dirty itself. Both engines.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { installProject, runUpdate, snapshot, tempDir, writeRelease, writeTree } from './update-fixtures.js';

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);
const gitEnv = {
  ...process.env,
  LC_ALL: 'C',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@t',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@t',
};
const git = (/** @type {string} */ cwd, /** @type {string[]} */ ...args) =>
  execFileSync('git', args, { cwd, env: gitEnv, stdio: 'pipe' }).toString();

const manifest = { 'README.md': 'shared', 'src/app.js': 'owned', 'docs/guide.md': 'shared' };
const README = '# app\n\nintro\n\nend\n';
const v1 = track(
  writeRelease(tempDir(), { version: '1.0.0', files: { 'README.md': README, 'src/app.js': 'v1\n', 'docs/guide.md': 'guide\n' }, manifest }),
);
const v2 = track(
  writeRelease(tempDir(), {
    version: '1.1.0',
    files: { 'README.md': `${README}\nnew section\n`, 'src/app.js': 'v2\n', 'docs/guide.md': 'guide\n' },
    manifest,
  }),
);
const MINE = README.replace('# app', '# my app');

/** A project installed from v1 and committed, in a git repository of its own (or `sub` of one). */
function committed(/** @type {string} */ sub = '') {
  const repo = track(tempDir('upkeep-repo-'));
  const root = sub ? join(repo, sub) : repo;
  mkdirSync(root, { recursive: true });
  execFileSync('cp', ['-a', `${track(installProject(v1))}/.`, root]);
  git(repo, 'init', '-q');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'scaffolded from 1.0.0');
  return root;
}

for (const [engine, env] of /** @type {const} */ ([
  ['native', {}],
  ['wasm', { UPKEEP_FORCE_WASM: '1' }],
])) {
  describe(`the dirty guard (${engine})`, () => {
    test('every kind of uncommitted change to a managed file is refused by name; nothing is written', () => {
      const root = committed();
      writeFileSync(join(root, 'README.md'), MINE); // modified
      writeTree(root, { 'docs/guide.md': 'my guide\n' });
      git(root, 'add', 'docs/guide.md'); // staged
      unlinkSync(join(root, 'src/app.js')); // deleted
      writeFileSync(join(root, 'notes.txt'), 'mine, not managed\n');
      const before = snapshot(root);
      const r = runUpdate(root, v1, v2, [], { env });
      assert.equal(r.status, 4, r.stderr);
      assert.equal(r.json.status, 'error');
      assert.equal(r.json.error.code, 'dirty-worktree');
      assert.match(
        r.json.error.message,
        /^uncommitted changes in git in 3 managed files: 'README\.md', 'docs\/guide\.md', 'src\/app\.js'; commit or stash them first/,
      );
      assert.match(r.json.error.message, /pass --allow-dirty/);
      assert.deepEqual(snapshot(root), before, 'nothing written, not even a lock');
    });

    test('an untracked managed file is uncommitted too; --allow-dirty updates anyway', () => {
      const root = committed();
      git(root, 'rm', '-q', '--cached', 'src/app.js');
      git(root, 'commit', '-qm', 'untrack');
      const refused = runUpdate(root, v1, v2, [], { env });
      assert.equal(refused.status, 4);
      assert.match(refused.json.error.message, /^uncommitted changes in git in the managed file 'src\/app\.js'; commit or stash it first/);
      const allowed = runUpdate(root, v1, v2, ['--allow-dirty'], { env });
      assert.equal(allowed.status, 0, allowed.stderr);
      assert.equal(readFileSync(join(root, 'src/app.js'), 'utf8'), 'v2\n');
      assert.equal(readFileSync(join(root, allowed.json.backupDir, 'src/app.js'), 'utf8'), 'v1\n', 'still backed up');
    });

    test('--dry-run and status are never refused; a clean tree updates', () => {
      const root = committed();
      writeFileSync(join(root, 'README.md'), MINE);
      assert.equal(runUpdate(root, v1, v2, ['--dry-run'], { env }).json.status, 'dry-run');
      assert.equal(runUpdate(root, v1, v2, [], { env, command: 'status' }).status, 1, 'an update is pending');
      git(root, 'commit', '-qam', 'my readme');
      const r = runUpdate(root, v1, v2, [], { env });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(readFileSync(join(root, 'README.md'), 'utf8'), `${MINE}\nnew section\n`, 'merged three-way');
    });

    test('a project in a subfolder of its repository: only its own managed paths count, named from its root', () => {
      const root = committed('apps/web');
      const repo = join(root, '../..');
      writeFileSync(join(repo, 'README.md'), "the monorepo's readme, uncommitted\n");
      writeTree(repo, { 'apps/api/README.md': 'another app, untracked\n' });
      const r = runUpdate(root, v1, v2, [], { env });
      assert.equal(r.status, 0, r.stderr);
      const other = committed('apps/web');
      writeFileSync(join(other, 'docs/guide.md'), 'edited\n');
      const refused = runUpdate(other, v1, v2, [], { env });
      assert.equal(refused.status, 4);
      assert.match(refused.json.error.message, /^uncommitted changes in git in the managed file 'docs\/guide\.md';/);
    });

    test('outside git nothing is refused', () => {
      const root = track(installProject(v1, { 'README.md': MINE }));
      const r = runUpdate(root, v1, v2, [], { env });
      assert.equal(r.status, 0, r.stderr);
    });

    test('a repository git will not read (another owner) is not "outside git": the update stops in git\'s words', {
      skip: process.getuid?.() !== 0 && 'needs root to give the repository to another user',
    }, () => {
      const root = committed();
      writeFileSync(join(root, 'README.md'), MINE);
      execFileSync('chown', ['-R', 'nobody', root]);
      try {
        const before = snapshot(root);
        const r = runUpdate(root, v1, v2, [], { env: { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
        assert.equal(r.status, 2, r.stdout + r.stderr);
        assert.equal(r.json.error.code, 'git');
        assert.match(r.json.error.message, /^git rev-parse failed: fatal: detected dubious ownership in repository/);
        assert.deepEqual(snapshot(root), before, 'nothing written');
      } finally {
        execFileSync('chown', ['-R', `${process.getuid?.()}`, root]);
      }
    });

    test('an update interrupted in a repository resumes, though its own writes are uncommitted', () => {
      const root = committed();
      writeFileSync(join(root, 'README.md'), MINE);
      git(root, 'commit', '-qam', 'my readme');
      const killed = runUpdate(root, v1, v2, [], { env: { ...env, UPKEEP_FAULT_KILL_AT: '8' } });
      assert.equal(killed.status, null, 'killed mid-run');
      assert.notEqual(git(root, 'status', '--porcelain'), '', 'the tree is dirty now');
      const resumed = runUpdate(root, v1, v2, [], { env });
      assert.equal(resumed.status, 0, resumed.stderr);
      assert.equal(resumed.json.resumed, true);
      assert.equal(readFileSync(join(root, 'src/app.js'), 'utf8'), 'v2\n');
    });
  });
}
