// From nothing to updated with a real git repository as the template: `upkeep new` at a
// semver tag, local edits, then bare `upkeep update` across two releases (recorded source,
// no flags), on both engines. Refusals: a tag that is not semver, a version that does not
// exist, a sub-path that escapes or is missing, an unreachable repository, a project with
// no recorded source, a moved tag — each exit 2 with nothing written.
import assert from 'node:assert/strict';
import { chmodSync, renameSync, rmSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { releaseProvider, resolveReleases } from '../../npm/lib/lsp/releases.js';
import {
  editPackageJson,
  edits,
  engines,
  exists,
  git,
  read,
  snapshot,
  starter,
  templateRepo,
  workspace,
  writeFiles,
} from './lifecycle-fixtures.js';

const spaces = /** @type {ReturnType<typeof workspace>[]} */ ([]);
after(() => spaces.forEach((w) => w.remove()));
const fresh = () => {
  const ws = workspace();
  spaces.push(ws);
  const repo = templateRepo(ws.path('tpl.git'), [
    { tag: 'v1.0.0', files: starter.v1 },
    { tag: 'v1.1.0', files: starter.v2 },
    { tag: 'v2.0.0', files: starter.v3 },
  ]);
  git(repo, 'tag', 'nightly');
  git(repo, 'tag', 'v2.1.0-rc.1');
  return { ws, repo };
};
/** The real git, which the test's stand-in calls. */
const whichGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
const commitOf = (/** @type {string} */ repo, /** @type {string} */ tag) => git(repo, 'rev-parse', `${tag}^{commit}`);

for (const [engine, env] of engines) {
  describe(`a project from a git template (${engine})`, () => {
    test('new at a tag, edits, then bare update to --to 1.1.0 and to the newest: merged, recorded, then up to date', () => {
      const { ws, repo } = fresh();
      const made = ws.run(['new', './tpl.git@1.0.0', 'app', '--json'], { env });
      assert.equal(made.status, 0, made.stderr);
      assert.equal(made.json.status, 'created');
      const app = ws.path('app');
      assert.deepEqual(made.json.created, ['.gitignore', 'README.md', 'package.json', 'src/app.js', 'src/main.js', 'src/old.js']);
      assert.equal(read(app, '.gitignore'), starter.v1._gitignore);
      assert.ok(!exists(app, '_gitignore'));
      assert.equal(read(app, '.upkeep/VERSION'), '1.0.0\n');
      assert.deepEqual(JSON.parse(read(app, '.upkeep/source.json')), {
        schema: 1,
        source: '../tpl.git',
        version: '1.0.0',
        subpath: null,
        resolved: `v1.0.0@${commitOf(repo, 'v1.0.0')}`,
      });
      const manifest = JSON.parse(read(app, '.upkeep/manifest.json'));
      assert.equal(manifest.files['.gitignore'], 'shared');
      assert.deepEqual(manifest.install, { _gitignore: '.gitignore' });
      assert.deepEqual(Object.keys(manifest.merges), ['package.json']);

      writeFiles(app, edits);
      editPackageJson(app);
      const status = ws.run(['status', '--json'], { cwd: app, env });
      assert.equal(status.status, 1, status.stderr);
      assert.equal(status.json.to, '2.0.0', 'the newest stable tag (not nightly, not the rc)');

      const first = ws.run(['update', '--to', '1.1.0', '--conflicts', 'merge', '--yes', '--json'], { cwd: app, env });
      assert.equal(first.status, 1, first.stderr); // src/old.js dropped upstream: yours to delete
      assert.equal(first.json.status, 'updated');
      assert.deepEqual([first.json.from, first.json.to], ['1.0.0', '1.1.0']);
      assert.deepEqual(first.json.conflicts, []);
      assert.deepEqual(first.json.add, ['src/new.js']);
      assert.deepEqual(first.json.delete, ['src/old.js']);
      assert.equal(read(app, 'README.md'), '# My shop\n\nRun `npm run dev`.\n\nMore below, now with tests.\n');
      assert.equal(read(app, 'src/app.js'), 'export function app() {\n  return "hello, world";\n}\n\nexport const shop = true;\n');
      assert.equal(read(app, '.gitignore'), starter.v2._gitignore);
      const pkg = JSON.parse(read(app, 'package.json'));
      assert.equal(pkg.name, 'my-shop');
      assert.deepEqual(pkg.scripts, { dev: 'vite', build: 'vite build', start: 'node server.js' });
      assert.deepEqual([pkg.dependencies.react, pkg.devDependencies.vite], ['^19.0.0', '^6.0.0']);
      assert.equal(read(app, 'src/cart.js'), edits['src/cart.js'], "the project's own file is untouched");
      assert.deepEqual(JSON.parse(read(app, '.upkeep/source.json')).resolved, `v1.1.0@${commitOf(repo, 'v1.1.0')}`);
      assert.equal(read(app, '.upkeep/VERSION'), '1.1.0\n');

      const second = ws.run(['update', '--conflicts', 'merge', '--yes', '--json'], { cwd: app, env });
      assert.equal(second.json.status, 'updated', second.stderr);
      assert.deepEqual([second.json.from, second.json.to], ['1.1.0', '2.0.0']);
      assert.equal(read(app, 'src/main.js'), starter.v3['src/main.js']);
      const pkg2 = JSON.parse(read(app, 'package.json'));
      assert.deepEqual(pkg2.scripts, { dev: 'vite --open', build: 'vite build', start: 'node server.js' });
      assert.deepEqual([pkg2.dependencies.react, pkg2.devDependencies.vite], ['^19.1.0', '^7.0.0']);
      assert.deepEqual(JSON.parse(read(app, '.upkeep/source.json')), {
        schema: 1,
        source: '../tpl.git',
        version: '2.0.0',
        subpath: null,
        resolved: `v2.0.0@${commitOf(repo, 'v2.0.0')}`,
      });

      const third = ws.run(['update', '--yes', '--json'], { cwd: app, env });
      assert.equal(third.status, 0, third.stderr);
      assert.equal(third.json.status, 'up-to-date');
      const pre = ws.run(['status', '--pre', '--json'], { cwd: app, env });
      assert.equal(pre.json.to, '2.1.0-rc.1');
    });
  });
}

describe('git sources: refusals with nothing written', () => {
  const refused = (/** @type {string[]} */ args, /** @type {string} */ code, /** @type {RegExp} */ message) => {
    const { ws } = fresh();
    const before = snapshot(ws.dir);
    const r = ws.run([...args, '--json']);
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.json.status, 'error');
    assert.equal(r.json.error.code, code, r.json.error.message);
    assert.match(r.json.error.message, message);
    const after = snapshot(ws.dir);
    for (const path of Object.keys(after)) assert.ok(path in before || path.startsWith('.cache/'), `${path} was written`);
    assert.ok(!exists(ws.dir, 'app'));
  };
  test('a tag that is not a semantic version', () => {
    refused(['new', './tpl.git#nightly', 'app'], 'bad-release', /'nightly' is not a semantic version .* no \.upkeep\/VERSION/);
  });
  test('a version written where a ref belongs', () => {
    refused(['new', './tpl.git@nightly', 'app'], 'invalid-spec', /'nightly' is not a version or a range \(a git ref is written #nightly\)/);
  });
  test('a version that does not exist names what there is', () => {
    refused(['new', './tpl.git@9.9.9', 'app'], 'no-such-version', /no version 9\.9\.9 \(4 tags, newest stable 2\.0\.0/);
  });
  test('a sub-path that escapes the release', () => {
    refused(['new', './tpl.git@1.0.0//../../etc', 'app'], 'invalid-spec', /the sub-path '..\/..\/etc' is not a folder inside the release/);
  });
  test('a sub-path that is not there', () => {
    refused(['new', './tpl.git@1.0.0//web', 'app'], 'bad-release', /has no folder 'web' \(its top-level folders: src\)/);
  });
  test('an unknown spec syntax', () => {
    refused(['new', 'svn://example.invalid/tpl', 'app'], 'invalid-spec', /'svn:\/\/' is not a source upkeep reads/);
  });
  test("a repository that cannot be reached carries git's own message", () => {
    refused(
      ['new', 'git+file:///nonexistent/tpl.git', 'app'],
      'bad-release',
      /cannot list the tags of file:\/\/\/nonexistent\/tpl\.git .*(does not appear to be a git repository|not found|No such file)/i,
    );
  });
  test("a git archive cut short carries git's own message, and nothing crashes", () => {
    // A git whose `archive` writes part of the tar and dies, as one killed by Ctrl-C does.
    const { ws } = fresh();
    const bin = ws.path('bin');
    writeFiles(bin, {
      git: `#!/bin/sh\nfor a in "$@"; do [ "$a" = archive ] && { ${JSON.stringify(whichGit)} "$@" | head -c 1536; echo 'fatal: archive cut short' >&2; exit 128; }; done\nexec ${JSON.stringify(whichGit)} "$@"\n`,
    });
    chmodSync(join(bin, 'git'), 0o755);
    const before = snapshot(ws.dir);
    const r = ws.run(['new', './tpl.git@1.0.0', 'app', '--json'], { env: { PATH: `${bin}:${process.env.PATH}` } });
    assert.equal(r.status, 2, r.stderr);
    assert.doesNotMatch(r.stderr, /Node\.js v|at extractStream/);
    assert.equal(r.json.error.code, 'bad-release');
    assert.match(r.json.error.message, /git archive failed: fatal: archive cut short$/);
    for (const path of Object.keys(snapshot(ws.dir))) assert.ok(path in before || path.startsWith('.cache/'), `${path} was written`);
  });
  test('a project with no recorded source: the message names upkeep adopt', () => {
    const { ws } = fresh();
    writeFiles(ws.path('old'), { '.upkeep/VERSION': '1.0.0\n', '.upkeep/manifest.json': '{"schema":1,"files":{}}\n', 'README.md': 'x\n' });
    const before = snapshot(ws.path('old'));
    for (const command of ['update', 'status']) {
      const r = ws.run([command, '--json'], { cwd: ws.path('old') });
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.json.error.code, 'no-source');
      assert.match(r.json.error.message, /^this project has no recorded source: run `upkeep adopt <spec>@<version>`/);
      const plain = ws.run([command], { cwd: ws.path('old') });
      assert.match(plain.stderr, /upkeep adopt <spec>@<version>/);
    }
    assert.deepEqual(snapshot(ws.path('old')), before);
  });
});

describe('git sources: the cache and what was recorded', () => {
  test('a cached version needs no git: the repository moved away, status --to still answers', () => {
    const { ws, repo } = fresh();
    assert.equal(ws.run(['new', './tpl.git@1.0.0', 'app']).status, 0);
    const app = ws.path('app');
    assert.equal(ws.run(['status', '--to', '1.1.0'], { cwd: app }).status, 1);
    renameSync(repo, ws.path('gone.git'));
    const offline = ws.run(['status', '--to', '1.1.0', '--json'], { cwd: app });
    assert.equal(offline.status, 1, offline.stderr);
    assert.equal(offline.json.to, '1.1.0');
    const newest = ws.run(['status', '--json'], { cwd: app });
    assert.equal(newest.status, 2, 'the newest version needs the repository');
    assert.equal(newest.json.error.code, 'bad-release');
  });

  test('a damaged cache entry is noticed and fetched again', () => {
    const { ws } = fresh();
    assert.equal(ws.run(['new', './tpl.git@1.0.0', 'app']).status, 0);
    const entry = findEntry(ws.cache, '1.0.0');
    rmSync(join(entry, 'tree/src/app.js'));
    const r = ws.run(['status', '--to', '1.1.0', '--json'], { cwd: ws.path('app') });
    assert.equal(r.status, 1, r.stderr);
    assert.match(
      r.json.notices.join('\n'),
      /cached copy of \.\.\/tpl\.git@1\.0\.0 was damaged \('src\/app\.js' is missing\); it was fetched again/,
    );
    assert.ok(exists(entry, 'tree/src/app.js'));
    rmSync(join(entry, 'entry.json'));
    const partial = ws.run(['status', '--to', '1.1.0', '--json'], { cwd: ws.path('app') });
    assert.match(partial.json.notices.join('\n'), /no entry\.json \(a fetch that did not finish\)/);
  });

  test('a moved tag is reported and refused, in the editor too; --allow-drift uses it and says so', async () => {
    const { ws, repo } = fresh();
    assert.equal(ws.run(['new', './tpl.git@1.0.0', 'app']).status, 0);
    const app = ws.path('app');
    writeFiles(app, edits);
    // Upstream re-tags v1.0.0 on another commit; a machine without upkeep's cache sees it.
    writeFiles(repo, { 'README.md': '# Starter, retagged\n' });
    git(repo, 'commit', '-qam', 'retag');
    git(repo, 'tag', '-f', '-a', 'v1.0.0', '-m', 'moved');
    rmSync(ws.cache, { recursive: true, force: true });
    const before = snapshot(app);
    const r = ws.run(['update', '--yes', '--json'], { cwd: app });
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.json.error.code, 'release-drift');
    assert.match(
      r.json.error.message,
      new RegExp(
        `recorded v1\\.0\\.0@${'[0-9a-f]{40}'} when it was installed, the source now gives v1\\.0\\.0@${commitOf(repo, 'v1.0.0')}`,
      ),
    );
    assert.deepEqual(snapshot(app), before);
    // The editor compares nothing with the moved release, and says where the choice is made.
    process.env.XDG_CACHE_HOME = ws.cache;
    const editor = /** @type {any} */ (await resolveReleases(releaseProvider({}), app, '.upkeep'));
    assert.match(
      editor.unavailable,
      /now gives v1\.0\.0@[0-9a-f]{40}, not v1\.0\.0@[0-9a-f]{40} as recorded .*`upkeep update --allow-drift` uses it anyway$/,
    );
    const allowed = ws.run(['update', '--allow-drift', '--conflicts', 'merge', '--yes', '--json'], { cwd: app });
    assert.equal(allowed.json.status, 'updated', allowed.stderr);
    assert.match(allowed.json.notices.join('\n'), /used anyway \(--allow-drift\)/);
    // The update recorded what it used: the editor reads the project again.
    const reread = /** @type {any} */ (await resolveReleases(releaseProvider({}), app, '.upkeep'));
    reread.cleanup?.();
    assert.equal(reread.unavailable, undefined, reread.unavailable);
  });
});

/** The cache entry folder of version `version` (the only git source in the cache). */
function findEntry(/** @type {string} */ cache, /** @type {string} */ version) {
  const base = join(cache, 'upkeep/git');
  const [source] = readdirSync(base);
  return join(base, source, version, 'root');
}
