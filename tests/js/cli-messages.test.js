// Messages that are true: "Pushed to origin" only when origin's branch moved, a relative
// remote pushes where the person's own `git push` would, a bad git ref or a broken
// archive is named with git's or tar's own words, an install that wrote nothing never
// says the record was updated, a new upstream file is labelled as one, and a manifest that
// cannot be read is named with the file system's words.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runCli } from './consumer.js';
import { commit, git, makeRepos } from './git-repos.js';
import { gitTemplate, installProject, writeRelease } from './update-fixtures.js';

const base = mkdtempSync(join(tmpdir(), 'upkeep-messages-'));
after(() => rmSync(base, { recursive: true, force: true }));

describe('sync: pushed only when it pushed', () => {
  test('origin already has the commit: "Origin already had …; nothing pushed", never "Pushed"', () => {
    const r = makeRepos();
    after(r.remove);
    const tip = commit(r.clone, 'work', { 'c.txt': 'c\n' });
    git(r.clone, 'push', '-q', r.origin, 'HEAD:refs/heads/main'); // someone pushed it already
    const run = runCli(['sync', '--from', r.clone, '--checkout', r.checkout]);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.doesNotMatch(run.stdout, /Pushed to origin/);
    assert.match(run.stdout, new RegExp(`Origin already had ${tip.slice(0, 12)}; nothing pushed\\.`));
    assert.equal(r.head(r.checkout), tip);
  });

  test('a relative remote URL pushes where `git push` in the checkout would', () => {
    const r = makeRepos();
    after(r.remove);
    git(r.checkout, 'remote', 'set-url', 'origin', '../origin.git');
    const tip = commit(r.clone, 'work', { 'c.txt': 'c\n' });
    const run = runCli(['sync', '--from', r.clone, '--checkout', r.checkout, '--json']);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.equal(JSON.parse(run.stdout).pushed, true);
    assert.equal(r.originMain(), tip);
  });

  test("a push origin refuses is named with the remote and all of git's words", () => {
    const r = makeRepos();
    after(r.remove);
    git(r.checkout, 'remote', 'set-url', 'origin', '../nowhere.git');
    commit(r.clone, 'work', { 'c.txt': 'c\n' });
    const run = runCli(['sync', '--from', r.clone, '--checkout', r.checkout]);
    assert.equal(run.status, 4);
    assert.match(
      run.stdout,
      /Note: origin \(\.\.\/nowhere\.git\) refused the push: fatal: '\.\.\/nowhere\.git' does not appear to be a git repository/,
    );
  });
});

describe("release errors name the input and carry the tool's words", () => {
  const v1 = writeRelease(join(base, 'v1'), { version: '1.0.0', manifest: { 'a.txt': 'owned' }, files: { 'a.txt': 'a\n' } });
  const project = installProject(v1);
  after(() => rmSync(project, { recursive: true, force: true }));
  const repo = gitTemplate([{ tag: 'v1.0.0', dir: v1 }]);
  after(() => rmSync(repo, { recursive: true, force: true }));

  test('a git ref that does not exist: named with what git found, not TAR_BAD_ARCHIVE', () => {
    const r = runCli(['update', '--root', project, '--baseline', `${repo}#v1.0.0`, '--latest', `${repo}#v9.9.9`, '--yes']);
    assert.equal(r.status, 2);
    assert.equal(
      r.stderr,
      `upkeep: cannot read the latest release '${repo}#v9.9.9': git ls-remote ${repo} found no tag or branch named v9.9.9\n`,
    );
  });

  test("a file that is not an archive: named, with tar's message", () => {
    const bad = join(base, 'broken.tar.gz');
    writeFileSync(bad, 'not gzip at all');
    const r = runCli(['update', '--root', project, '--baseline', v1, '--latest', bad, '--yes', '--json']);
    assert.equal(r.status, 2);
    const { error } = JSON.parse(r.stdout);
    assert.equal(error.code, 'bad-release');
    assert.match(error.message, new RegExp(`^cannot read the latest release '${bad}': TAR_BAD_ARCHIVE: `));
  });
});

describe('install and refresh say what is', () => {
  const dir = join(base, 'ir');
  const src = join(dir, 'src');
  const host = join(dir, 'host');
  mkdirSync(join(src, 'install'), { recursive: true });
  mkdirSync(host);
  const manifest = (/** @type {string[]} */ names) =>
    writeFileSync(join(src, 'install/manifest.json'), JSON.stringify({ schema: 1, files: names.map((n) => ({ src: n, target: n })) }));
  manifest(['a.txt']);
  writeFileSync(join(src, 'a.txt'), 'a\n');
  writeFileSync(join(host, 'a.txt'), 'different\n');

  test('an install that is in the way writes nothing and does not say the record was updated', () => {
    const r = runCli(['install', '--source', src, '--target', host]);
    assert.equal(r.status, 1);
    assert.doesNotMatch(r.stdout + r.stderr, /[Rr]ecord updated/);
    const json = JSON.parse(runCli(['install', '--source', src, '--target', host, '--json']).stdout);
    assert.equal(json.recordChanged, false);
  });

  test('a file upstream added since the install is "new upstream", not "host-deleted"', () => {
    assert.equal(runCli(['install', '--source', src, '--target', host, '--force']).status, 0);
    manifest(['a.txt', 'b.txt']);
    writeFileSync(join(src, 'b.txt'), 'b\n');
    const dry = runCli(['refresh', '--source', src, '--target', host, '--dry-run']);
    assert.match(dry.stdout, /^ {2}To add {7}1 {2}\(new upstream\)$/m);
    assert.doesNotMatch(dry.stdout, /host-deleted|deleted here/);
    const json = JSON.parse(runCli(['refresh', '--source', src, '--target', host, '--json']).stdout);
    assert.deepEqual(
      json.files.map((/** @type {any} */ f) => [f.target, f.state]),
      [
        ['a.txt', 'unchanged-identical'],
        ['b.txt', 'new-upstream'],
      ],
    );
    execFileSync('test', ['-f', join(host, 'b.txt')]);
  });

  test("a manifest that cannot be read is bad input, named with the file system's words, and nothing is written", () => {
    const empty = join(dir, 'empty-host');
    mkdirSync(empty);
    /** @type {[string[], string][]} */
    const cases = [
      [['install', '--source', dir, '--target', empty], join(dir, 'install/manifest.json')],
      [['refresh', '--source', src, '--target', host, '--manifest', join(dir, 'none.json')], join(dir, 'none.json')],
    ];
    for (const [args, named] of cases) {
      const r = runCli(args);
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.stderr, `upkeep: cannot read the install manifest ${named}: no such file or directory\n`);
      const json = JSON.parse(runCli([...args, '--json']).stdout);
      assert.deepEqual(json.error, { code: 'bad-path', message: r.stderr.slice('upkeep: '.length, -1) });
    }
    assert.deepEqual(readdirSync(empty), []);
  });
});
