// Releases on this machine (a folder, a .tar.gz) for the lifecycle: `upkeep new` (fresh,
// into a non-empty folder with and without --force, --git), renames and a project that
// renamed a file itself, `upkeep adopt`, a folder's older version from the cache, hostile
// archives refused before anything is written, and `upkeep manifest init|check`.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  edits,
  engines,
  exists,
  git,
  hostileArchive,
  read,
  snapshot,
  starter,
  tarball,
  workspace,
  writeFiles,
} from './lifecycle-fixtures.js';

const spaces = /** @type {ReturnType<typeof workspace>[]} */ ([]);
after(() => spaces.forEach((w) => w.remove()));
const fresh = () => {
  const ws = workspace();
  spaces.push(ws);
  return ws;
};
/** A template folder at `version` (its own VERSION, no manifest). */
const folder = (
  /** @type {ReturnType<typeof workspace>} */ ws,
  /** @type {string} */ version,
  /** @type {Record<string, string | null>} */ files,
) => {
  writeFiles(ws.path('tpl'), { ...files, '.upkeep/VERSION': `${version}\n` });
  return ws.path('tpl');
};

for (const [engine, env] of engines) {
  describe(`a template folder (${engine})`, () => {
    test('new from a folder, the folder moves on, bare update takes the cached baseline', () => {
      const ws = fresh();
      folder(ws, '1.0.0', starter.v1);
      const made = ws.run(['new', './tpl', 'app', '--json'], { env });
      assert.equal(made.status, 0, made.stderr);
      assert.equal(JSON.parse(read(ws.path('app'), '.upkeep/source.json')).source, '../tpl');
      assert.equal(JSON.parse(read(ws.path('app'), '.upkeep/source.json')).resolved, null);
      writeFiles(ws.path('app'), edits);
      folder(ws, '1.1.0', starter.v2);
      const r = ws.run(['update', '--conflicts', 'merge', '--yes', '--json'], { cwd: ws.path('app'), env });
      assert.equal(r.json.status, 'updated', r.stderr);
      assert.deepEqual([r.json.from, r.json.to], ['1.0.0', '1.1.0']);
      assert.equal(read(ws.path('app'), 'README.md'), '# My shop\n\nRun `npm run dev`.\n\nMore below, now with tests.\n');
      assert.equal(read(ws.path('app'), '.upkeep/VERSION'), '1.1.0\n');
      // Without the cache, the folder's old version is gone: the refusal says so.
      rmSync(ws.cache, { recursive: true, force: true });
      folder(ws, '1.2.0', { 'README.md': '# Starter 1.2\n' });
      const lost = ws.run(['status', '--json'], { cwd: ws.path('app'), env });
      assert.equal(lost.status, 2);
      assert.equal(lost.json.error.code, 'no-such-version');
      assert.match(
        lost.json.error.message,
        /now holds 1\.2\.0, and upkeep's cache .* has no copy of 1\.1\.0; give that release with --baseline/,
      );
    });

    test('the template folder gone from this machine: its recorded version still opens from the cache; without it, refused', () => {
      const ws = fresh();
      folder(ws, '1.0.0', starter.v1);
      assert.equal(ws.run(['new', './tpl', 'app', '--json'], { env }).status, 0);
      rmSync(ws.path('tpl'), { recursive: true, force: true });
      writeFiles(ws.path('other'), { ...starter.v2, '.upkeep/VERSION': '1.1.0\n' });
      const r = ws.run(['status', '--latest', '../other', '--json'], { cwd: ws.path('app'), env });
      assert.equal(r.json.status, 'dry-run', r.stdout + r.stderr);
      assert.deepEqual([r.json.from, r.json.to], ['1.0.0', '1.1.0']);
      rmSync(ws.cache, { recursive: true, force: true });
      const lost = ws.run(['status', '--latest', '../other', '--json'], { cwd: ws.path('app'), env });
      assert.equal(lost.status, 2);
      assert.equal(lost.json.error.code, 'bad-release');
      assert.match(lost.json.error.message, /does not exist: .*tpl is not a directory, a \.tar\.gz or a git repository/);
    });

    test('an update from another folder (--latest) moves the record with it: no stale-record warning after', () => {
      const ws = fresh();
      folder(ws, '1.0.0', starter.v1);
      assert.equal(ws.run(['new', './tpl', 'app', '--json'], { env }).status, 0);
      writeFiles(ws.path('other'), { ...starter.v2, '.upkeep/VERSION': '1.1.0\n' });
      const r = ws.run(['update', '--latest', '../other', '--yes', '--json'], { cwd: ws.path('app'), env });
      assert.equal(r.json.status, 'updated', r.stderr);
      assert.deepEqual(JSON.parse(read(ws.path('app'), '.upkeep/source.json')), {
        schema: 1,
        source: '../tpl',
        version: '1.1.0',
        subpath: null,
        resolved: null,
      });
      // The template folder still holds 1.0.0: the refusal says the record offers nothing newer.
      const behind = ws.run(['status', '--json'], { cwd: ws.path('app'), env });
      assert.equal(behind.status, 2);
      assert.equal(behind.json.error.code, 'downgrade');
      assert.match(behind.json.error.message, /newer than 1\.0\.0, the newest release its recorded source gives \(\.\.\/tpl\)/);
      // The template folder moves on to the same release: the project is up to date, and nothing warns.
      folder(ws, '1.1.0', starter.v2);
      const status = ws.run(['status', '--json'], { cwd: ws.path('app'), env });
      assert.equal(status.json.status, 'up-to-date', status.stdout);
      assert.deepEqual(status.json.notices, []);
      assert.equal(status.stderr, '');
    });
  });
}

describe('upkeep new', () => {
  test('a .tar.gz release; its integrity is recorded', () => {
    const ws = fresh();
    folder(ws, '1.0.0', starter.v1);
    tarball(ws.path('tpl'), ws.path('tpl-1.0.0.tar.gz'));
    const r = ws.run(['new', './tpl-1.0.0.tar.gz', 'app', '--json']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(JSON.parse(read(ws.path('app'), '.upkeep/source.json')).resolved, /^sha512-[A-Za-z0-9+/]+=*$/);
    assert.equal(read(ws.path('app'), '.gitignore'), starter.v1._gitignore);
  });

  for (const kind of ['dotdot', 'absolute', 'symlink', 'hardlink', 'device']) {
    test(`a .tar.gz with a ${kind} entry is refused before anything is written`, () => {
      const ws = fresh();
      const archive = hostileArchive(kind, ws.path(`${kind}.tar.gz`));
      const before = snapshot(ws.dir);
      const r = ws.run(['new', archive, 'app', '--json']);
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.json.error.code, 'unsafe-path');
      assert.match(r.json.error.message, /holds entries that could escape it, refused/);
      assert.ok(!exists(ws.dir, 'app'));
      assert.deepEqual(snapshot(ws.dir), before);
      assert.ok(!existsSync('/tmp/upkeep-life-absolute-escape.txt'));
    });
  }

  test('a folder without a version is refused', () => {
    const ws = fresh();
    writeFiles(ws.path('tpl'), starter.v1);
    const r = ws.run(['new', './tpl', 'app', '--json']);
    assert.equal(r.status, 2);
    assert.equal(r.json.error.code, 'bad-release');
    assert.match(r.json.error.message, /carries no \.upkeep\/VERSION and its source gives no version/);
    assert.ok(!exists(ws.dir, 'app'));
  });

  test('a folder that holds files is refused; --force backs up what it replaces and reports it', () => {
    const ws = fresh();
    folder(ws, '1.0.0', starter.v1);
    writeFiles(ws.path('app'), { 'README.md': '# Mine\n', 'notes.txt': 'mine\n', 'src/main.js': starter.v1['src/main.js'] });
    const before = snapshot(ws.path('app'));
    const refused = ws.run(['new', './tpl', 'app', '--json']);
    assert.equal(refused.status, 2);
    assert.equal(refused.json.error.code, 'target-not-empty');
    assert.match(refused.json.error.message, /it holds README\.md, notes\.txt, src; .* add --force/);
    assert.deepEqual(snapshot(ws.path('app')), before);
    const forced = ws.run(['new', './tpl', 'app', '--force', '--json']);
    assert.equal(forced.status, 0, forced.stderr);
    assert.deepEqual(forced.json.replaced, ['README.md']);
    assert.deepEqual(forced.json.unchanged, ['src/main.js']);
    assert.equal(read(ws.path('app'), 'README.md'), starter.v1['README.md']);
    assert.equal(read(ws.path('app'), `${forced.json.backupDir}/README.md`), '# Mine\n');
    assert.equal(read(ws.path('app'), 'notes.txt'), 'mine\n');
    const plain = ws.run(['new', './tpl', 'app2', '--force']);
    assert.match(plain.stdout, /Created +6 +\(files from the release\)/);
  });

  test('--git makes the first commit', () => {
    const ws = fresh();
    folder(ws, '1.0.0', starter.v1);
    const r = ws.run(['new', './tpl', 'app', '--git', '--json'], {
      env: { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x.invalid' },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.json.git.committed, true);
    assert.equal(git(ws.path('app'), 'log', '--format=%s'), 'Scaffold from ./tpl@1.0.0');
    assert.equal(git(ws.path('app'), 'status', '--porcelain'), '');
    assert.match(git(ws.path('app'), 'ls-files'), /\.upkeep\/source\.json/);
  });

  test("--git whose commit git refuses: the project is scaffolded, exit 1, in git's words", () => {
    const ws = fresh();
    folder(ws, '1.0.0', starter.v1);
    writeFiles(ws.path('hooks'), { 'pre-commit': '#!/bin/sh\necho "no commits today" >&2\nexit 1\n' });
    chmodSync(ws.path('hooks/pre-commit'), 0o755);
    const r = ws.run(['new', './tpl', 'app', '--git', '--json'], {
      env: {
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@x.invalid',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@x.invalid',
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: 'core.hooksPath',
        GIT_CONFIG_VALUE_0: ws.path('hooks'),
      },
    });
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(r.json.git, { committed: false, error: 'git commit failed: no commits today' });
    assert.equal(read(ws.path('app'), 'README.md'), starter.v1['README.md']);
    assert.match(git(ws.path('app'), 'status', '--porcelain'), /^A {2}/m, 'the scaffold is staged, not committed');
  });

  test("a manifest's renames: every later comparison uses the installed name", () => {
    const ws = fresh();
    const manifest = (/** @type {string} */ v) => ({
      '.upkeep/VERSION': `${v}\n`,
      '.upkeep/manifest.json': JSON.stringify({
        schema: 1,
        files: { '.npmrc': 'shared', 'README.md': 'owned' },
        install: { _npmrc: '.npmrc' },
      }),
    });
    writeFiles(ws.path('tpl'), { ...manifest('1.0.0'), _npmrc: 'save-exact=true\n', 'README.md': '# one\n' });
    assert.equal(ws.run(['new', './tpl', 'app']).status, 0);
    assert.equal(read(ws.path('app'), '.npmrc'), 'save-exact=true\n');
    writeFiles(ws.path('app'), { '.npmrc': 'save-exact=true\nfund=false\n' });
    writeFiles(ws.path('tpl'), { ...manifest('1.1.0'), _npmrc: 'save-exact=true\nengine-strict=true\n', 'README.md': '# two\n' });
    const r = ws.run(['update', '--conflicts', 'merge', '--yes', '--json'], { cwd: ws.path('app') });
    assert.equal(r.json.status, 'updated', r.stderr);
    assert.deepEqual(
      r.json.conflicts.map((/** @type {any} */ c) => c.path),
      ['.npmrc'],
    );
    assert.ok(!exists(ws.path('app'), '_npmrc'));
  });
});

describe('upkeep adopt', () => {
  test('a project scaffolded by another tool (which renamed _gitignore itself): recorded, differences reported, then bare update', () => {
    const ws = fresh();
    folder(ws, '1.0.0', starter.v1);
    // What a create-* CLI leaves: the files, `_gitignore` already renamed, no upkeep state.
    const { _gitignore, ...rest } = starter.v1;
    writeFiles(ws.path('app'), { ...rest, '.gitignore': _gitignore, ...edits });
    const before = snapshot(ws.path('app'));
    const noVersion = ws.run(['adopt', './tpl', '--json'], { cwd: ws.path('app') });
    assert.equal(noVersion.status, 2);
    assert.match(noVersion.json.error.message, /needs the version the project was made from: upkeep adopt \.\/tpl@<version>/);
    const r = ws.run(['adopt', '../tpl@1.0.0', '--json'], { cwd: ws.path('app') });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(
      r.json.differs.map((/** @type {any} */ d) => d.path),
      ['README.md', 'src/app.js'],
    );
    assert.deepEqual(r.json.same, ['.gitignore', 'package.json', 'src/main.js', 'src/old.js']);
    const afterAdopt = snapshot(ws.path('app'));
    for (const [path, bytes] of Object.entries(before)) assert.equal(afterAdopt[path], bytes, `${path} touched`);
    assert.deepEqual(JSON.parse(read(ws.path('app'), '.upkeep/source.json')), {
      schema: 1,
      source: '../tpl',
      version: '1.0.0',
      subpath: null,
      resolved: null,
    });
    assert.equal(ws.run(['adopt', '../tpl@1.0.0'], { cwd: ws.path('app') }).status, 0, 're-running is harmless');
    const other = ws.run(['adopt', '../tpl@0.9.0', '--json'], { cwd: ws.path('app') });
    assert.equal(other.status, 2);
    folder(ws, '1.1.0', starter.v2);
    const u = ws.run(['update', '--conflicts', 'merge', '--yes', '--json'], { cwd: ws.path('app') });
    assert.equal(u.json.status, 'updated', u.stderr);
    assert.equal(read(ws.path('app'), '.gitignore'), starter.v2._gitignore);
    assert.equal(read(ws.path('app'), 'README.md'), '# My shop\n\nRun `npm run dev`.\n\nMore below, now with tests.\n');
  });

  test('a release whose manifest lists a file it lacks is refused, the file named, nothing written', () => {
    const ws = fresh();
    const manifest = { schema: 1, files: { 'README.md': 'shared', 'docs/gone.md': 'shared' } };
    folder(ws, '1.0.0', { 'README.md': '# t\n', '.upkeep/manifest.json': JSON.stringify(manifest) });
    writeFiles(ws.path('app'), { 'README.md': '# t\n', 'docs/gone.md': 'mine\n' });
    const before = snapshot(ws.path('app'));
    const r = ws.run(['adopt', '../tpl@1.0.0', '--json'], { cwd: ws.path('app') });
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.json.error.code, 'bad-release');
    assert.match(r.json.error.message, /its manifest lists docs\/gone\.md but the release does not ship it/);
    assert.deepEqual(snapshot(ws.path('app')), before);
    assert.ok(!exists(ws.path('app'), '.upkeep'), 'not even the state folder its lock needed');
  });

  test('another recorded version is refused without --force', () => {
    const ws = fresh();
    folder(ws, '1.0.0', starter.v1);
    assert.equal(ws.run(['new', './tpl', 'app']).status, 0);
    const before = snapshot(ws.path('app'));
    folder(ws, '1.1.0', starter.v2);
    const r = ws.run(['adopt', '../tpl@1.1.0', '--json'], { cwd: ws.path('app') });
    assert.equal(r.status, 2);
    assert.equal(r.json.error.code, 'already-recorded');
    assert.match(r.json.error.message, /already records \.\.\/tpl 1\.0\.0; add --force/);
    assert.deepEqual(snapshot(ws.path('app')), before);
  });
});

describe('upkeep manifest init and check', () => {
  test('init from flags and a rules file; check passes, then names every problem', () => {
    const ws = fresh();
    const tpl = ws.path('tpl');
    writeFiles(tpl, {
      ...starter.v1,
      'src/app.test.js.snap': 'snap\n',
      'docs/team.md': '# Team\n<!-- team -->\nann\n<!-- /team -->\n',
      'scripts/team.sh': 'echo ann\n',
    });
    const init = ws.run([
      'manifest',
      'init',
      'tpl',
      '--owned',
      'src/**',
      '--exclude',
      '**/*.snap',
      '--wiki-owned',
      'docs/**',
      '--shared',
      '**',
      '--json',
    ]);
    assert.equal(init.status, 0, init.stderr);
    assert.deepEqual([init.json.owned, init.json.shared, init.json.wikiOwned, init.json.excluded], [3, 4, 1, 1]);
    const manifest = JSON.parse(read(tpl, '.upkeep/manifest.json'));
    assert.equal(manifest.files['src/app.js'], 'owned');
    assert.equal(manifest.files['.gitignore'], 'shared');
    assert.equal(manifest.files['docs/team.md'], 'wiki-owned');
    assert.ok(!('src/app.test.js.snap' in manifest.files));
    assert.deepEqual(manifest.install, { _gitignore: '.gitignore' });
    const again = ws.run(['manifest', 'init', 'tpl', '--json']);
    assert.equal(again.status, 2);
    assert.equal(again.json.error.code, 'manifest-exists');
    writeFiles(ws.path('rules'), { 'rules.txt': '# ours\nowned src/**\nexclude **/*.snap\n' });
    const fromFile = ws.run(['manifest', 'init', 'tpl', '--rules', ws.path('rules/rules.txt'), '--force', '--json']);
    assert.deepEqual([fromFile.json.owned, fromFile.json.unlisted], [3, 5]);
    assert.equal(ws.run(['manifest', 'check', 'tpl']).status, 0);

    manifest.files['gone.md'] = 'owned';
    manifest.files['docs/team.md'] = 'mine';
    writeFiles(tpl, { '.upkeep/manifest.json': JSON.stringify(manifest) });
    const bad = ws.run(['manifest', 'check', 'tpl', '--json']);
    assert.equal(bad.status, 1);
    assert.match(bad.json.problems[0].problem, /the class of "docs\/team\.md" is "mine"/);
    manifest.files['docs/team.md'] = 'shared';
    manifest.merges = { 'nope.json': { format: 'json', maps: ['a'] } };
    manifest.regions = [
      {
        id: 'team',
        startMarker: '<!-- team -->',
        endMarker: '<!-- /team -->',
        paths: ['docs/team.md', 'README.md'],
        regenerate: { interpreter: 'sh', operand: 'scripts/gen.sh', args: [] },
      },
    ];
    writeFiles(tpl, { '.upkeep/manifest.json': JSON.stringify(manifest) });
    const many = ws.run(['manifest', 'check', 'tpl']);
    assert.equal(many.status, 1);
    assert.match(many.stdout, /4 problems in the manifest/);
    assert.match(many.stdout, /gone\.md is listed \(owned\) but the release does not ship it/);
    assert.match(many.stdout, /merges declares nope\.json/);
    assert.match(many.stdout, /region team runs scripts\/gen\.sh, which "files" does not list/);
    assert.match(many.stdout, /region team: README\.md has neither "<!-- team -->" nor "<!-- \/team -->"/);
  });

  test('init names a link in the template and leaves it out, as check would refuse it', () => {
    const ws = fresh();
    const tpl = ws.path('tpl');
    writeFiles(tpl, { 'README.md': '# t\n', 'docs/guide.md': 'g\n' });
    symlinkSync('guide.md', join(tpl, 'docs/latest.md'));
    const init = ws.run(['manifest', 'init', 'tpl']);
    assert.equal(init.status, 0, init.stderr);
    assert.match(init.stdout, /^2 files listed: /m);
    assert.match(init.stdout, /^Not listed: docs\/latest\.md is a symbolic link; a manifest lists regular files only$/m);
    assert.ok(!('docs/latest.md' in JSON.parse(read(tpl, '.upkeep/manifest.json')).files));
    assert.equal(ws.run(['manifest', 'check', 'tpl']).status, 0);
  });
});
