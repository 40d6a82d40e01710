// `--exit-on` and `--pr` on real projects, both engines: the exit code of update and status
// under each policy for a clean update, a conflicting one and a failure; the payload files
// `--pr` writes (and none when the project is already up to date); and `fleet step` on an
// update whose every write git ignores.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';
import { installProject, runUpdate, tempDir, writeRelease } from './update-fixtures.js';

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);

const manifest = { 'README.md': 'shared', 'src/app.js': 'shared' };
const v1 = track(writeRelease(tempDir(), { version: '1.0.0', manifest, files: { 'README.md': '# t\n', 'src/app.js': 'const v = 1;\n' } }));
const v2 = track(
  writeRelease(tempDir(), {
    version: '1.1.0',
    manifest,
    files: { 'README.md': '# t\n\nmore\n', 'src/app.js': 'const v = 2;\n' },
    changelog: '# Changelog\n\n## [1.1.0]\n\n- v is 2.\n\n## [1.0.0]\n\n- First.\n',
  }),
);
const conflicting = { 'src/app.js': 'const v = 42;\n' };
const CLI = fileURLToPath(new URL('../../npm/bin/upkeep.js', import.meta.url));
const git = (/** @type {string} */ cwd, /** @type {string[]} */ ...args) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8' });

/** A git repository of the template with v1 and v2 tagged, as a fleet's recorded source names it. */
function taggedTemplate() {
  const repo = track(tempDir());
  git(repo, 'init', '-q');
  for (const [version, files] of /** @type {const} */ ([
    ['1.0.0', { 'README.md': '# t\n', 'src/app.js': 'const v = 1;\n' }],
    ['1.1.0', { 'README.md': '# t\n\nmore\n', 'src/app.js': 'const v = 2;\n' }],
  ])) {
    writeRelease(repo, { version, manifest, files: { ...files } });
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', version);
    git(repo, 'tag', `v${version}`);
  }
  return repo;
}

for (const [engine, env] of /** @type {const} */ ([
  ['native', {}],
  ['wasm', { UPKEEP_FORCE_WASM: '1' }],
])) {
  describe(`--exit-on and --pr (${engine})`, () => {
    test('update: conflicts exit 1 by default and with conflict, 0 with error and never', () => {
      for (const [policy, expected] of [
        [null, 1],
        ['conflict', 1],
        ['error', 0],
        ['never', 0],
      ]) {
        const r = runUpdate(track(installProject(v1, conflicting)), v1, v2, policy ? ['--exit-on', String(policy)] : [], { env });
        assert.equal(r.status, expected, `${policy}: ${r.stderr}`);
        assert.equal(r.json.conflicts.length, 1, 'the report still says so');
      }
      const clean = runUpdate(track(installProject(v1)), v1, v2, ['--exit-on', 'conflict'], { env });
      assert.equal(clean.status, 0, clean.stderr);
    });

    test('status: a pending clean update exits 1 by default, 0 with conflict; a would-be conflict 1 with conflict, 0 with error', () => {
      const clean = track(installProject(v1));
      assert.equal(runUpdate(clean, v1, v2, [], { env, command: 'status' }).status, 1);
      assert.equal(runUpdate(clean, v1, v2, ['--exit-on', 'conflict'], { env, command: 'status' }).status, 0);
      const mine = track(installProject(v1, conflicting));
      assert.equal(runUpdate(mine, v1, v2, ['--exit-on', 'conflict'], { env, command: 'status' }).status, 1);
      assert.equal(runUpdate(mine, v1, v2, ['--exit-on', 'error'], { env, command: 'status' }).status, 0);
    });

    test('a failure keeps its code under error, exits 0 under never; a bad policy is bad usage', () => {
      const project = track(installProject(v1));
      rmSync(join(project, '.upkeep/VERSION'));
      const failed = runUpdate(project, v1, v2, ['--exit-on', 'error'], { env });
      assert.equal(failed.status, 2);
      assert.equal(failed.json.error.code, 'not-installed');
      assert.equal(runUpdate(project, v1, v2, ['--exit-on', 'never'], { env }).status, 0);
      const bad = runUpdate(track(installProject(v1)), v1, v2, ['--exit-on', 'sometimes'], { env });
      assert.equal(bad.status, 2);
      assert.match(bad.json.error.message, /"sometimes" is not a policy: give never, conflict or error/);
    });

    test('--pr writes title, body, labels, branch and the commit message; nothing when up to date', () => {
      const project = track(installProject(v1, conflicting));
      const out = join(track(tempDir()), 'pr');
      const r = runUpdate(project, v1, v2, ['--exit-on', 'error', '--pr', out], { env });
      assert.equal(r.status, 0, r.stderr);
      const read = (/** @type {string} */ f) => readFileSync(join(out, f), 'utf8');
      assert.equal(read('labels.txt'), 'upkeep\nconflicts\n');
      assert.match(read('branch.txt'), /^upkeep\/[a-z0-9._-]+\/1\.1\.0\n$/);
      assert.match(read('title.txt'), / 1\.0\.0 → 1\.1\.0 \(1 conflict to resolve\)\n$/);
      assert.match(read('body.md'), /### Conflicts \(1\)\n[\s\S]*`src\/app\.js` \(shared\)/);
      assert.match(read('body.md'), /<summary>\[1\.1\.0\]<\/summary>\n\n- v is 2\./);
      assert.equal(read('commit.txt'), `${read('title.txt')}\nUpkeep-Branch: ${read('branch.txt')}`);
      assert.deepEqual(r.json.pr.labels, ['upkeep', 'conflicts']);
      const again = join(track(tempDir()), 'pr');
      const current = runUpdate(project, v2, v2, ['--pr', again], { env });
      assert.equal(current.json.status, 'up-to-date');
      assert.equal(existsSync(again), false);
    });

    test('fleet step: an update whose every write git ignores commits nothing, pushes nothing, and says so', () => {
      const tpl = taggedTemplate();
      const repo = track(tempDir());
      git(repo, 'init', '-q');
      const scaffold = spawnSync(process.execPath, [CLI, 'new', `${tpl}#v1.0.0`, 'app'], {
        cwd: repo,
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
      assert.equal(scaffold.status, 0, scaffold.stderr);
      writeFileSync(join(repo, '.gitignore'), 'app/\n');
      git(repo, 'add', '.gitignore');
      git(repo, 'commit', '-qm', 'the project, untracked');
      // No remote at all: a step that reached its push would fail at `git ls-remote`.
      const step = spawnSync(process.execPath, [CLI, 'fleet', 'step', '--dir', 'app'], {
        cwd: repo,
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
      assert.equal(step.status, 0, step.stderr);
      assert.match(step.stdout, /the update changed no tracked file: no commit/);
      assert.equal(readFileSync(join(repo, 'app/.upkeep/VERSION'), 'utf8').trim(), '1.1.0', 'the update itself ran');
      assert.equal(git(repo, 'rev-list', '--count', 'HEAD').trim(), '1', 'no commit');
      const outcome = JSON.parse(readFileSync(join(repo, '.git/upkeep-pr/step.json'), 'utf8'));
      assert.equal(outcome.action, 'skip');
      assert.equal(outcome.commit, null);
    });
  });
}
