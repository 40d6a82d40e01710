// Every hint the CLI prints is a command that works when pasted: real runs (relative
// paths, as a person types them) produce the hints, each hint is run as printed by a
// shell with `upkeep` on PATH, in a fresh copy of the state that printed it, and must
// succeed and do what it says. No output ever shows a placeholder such as `<dir>`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { upkeepBin } from './consumer.js';

const base = mkdtempSync(join(tmpdir(), 'upkeep-hints-'));
after(() => rmSync(base, { recursive: true, force: true }));
const bin = join(base, 'bin');
mkdirSync(bin);
// `upkeep` on PATH, as an installed package puts it there.
writeFileSync(join(bin, 'upkeep'), `#!/bin/sh\nexec "${process.execPath}" "${upkeepBin}" "$@"\n`);
chmodSync(join(bin, 'upkeep'), 0o755);
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, CI: '', GIT_CONFIG_NOSYSTEM: '1', HOME: base, LC_ALL: 'C' };
let counter = 0;

/** Runs a command line in `cwd` through the shell, as a paste would. */
function shell(/** @type {string} */ cwd, /** @type {string} */ line) {
  const r = spawnSync('sh', ['-c', line], { cwd, env, encoding: 'utf8' });
  const out = `${r.stdout}${r.stderr}`;
  assert.doesNotMatch(out, /<[a-z][a-z ]*>/, `a placeholder in the output of ${line}:\n${out}`);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, out };
}

/** The commands a run printed: hint lines (`  upkeep …`, `  git …`, `run: …`) and backticked ones. */
function hints(/** @type {string} */ out) {
  const found = [];
  for (const raw of out.split('\n')) {
    const line = raw.trim().replace(/^run: /, '');
    if (/^(upkeep|git) /.test(line) && !/^upkeep [a-z]+:/.test(line)) found.push(line);
    for (const [, span] of raw.matchAll(/`((?:upkeep|git) [^`]+)`/g)) found.push(span);
  }
  return [...new Set(found)];
}

/** @param {string} root @param {Record<string, string>} files */
function put(root, files) {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

/** A workspace with an integration installed into `host/`, then edited on both sides. */
function refreshScene() {
  const dir = join(base, `r${counter++}`);
  const files = ['mine.mjs', 'gone.mjs', 'dropped.mjs', 'stale.mjs'];
  const manifest = (/** @type {string[]} */ names) =>
    JSON.stringify({ schema: 1, home: 'svc', files: names.map((f) => ({ src: `code/${f}`, target: `svc/${f}` })) });
  put(join(dir, 'my vendor'), {
    'install/manifest.json': manifest(files),
    ...Object.fromEntries(files.map((f) => [`code/${f}`, `${f} v1\n`])),
  });
  mkdirSync(join(dir, 'host'));
  assert.equal(shell(dir, "upkeep install --source 'my vendor' --target host").status, 0);
  put(join(dir, 'host'), { 'svc/mine.mjs': 'my edit\n' });
  rmSync(join(dir, 'host/svc/gone.mjs'));
  rmSync(join(dir, 'my vendor/code/dropped.mjs'));
  put(join(dir, 'my vendor'), {
    'install/manifest.json': manifest(['mine.mjs', 'gone.mjs', 'stale.mjs']),
    'code/mine.mjs': 'mine v2\n',
    'code/gone.mjs': 'gone v2\n',
    'code/stale.mjs': 'stale v2\n',
  });
  return dir;
}

describe('every printed hint works when pasted', () => {
  test('refresh: each decision hint settles what it says, from the state that printed it', () => {
    const first = refreshScene();
    const run = shell(first, "upkeep refresh --source 'my vendor' --target host");
    assert.equal(run.status, 1, run.out);
    const printed = hints(run.out);
    assert.deepEqual(
      printed.map((h) => h.replace(/^upkeep refresh --source 'my vendor' --target host /, '')),
      [
        '--auto keep-mine',
        '--auto take-theirs',
        '--confirm svc/mine.mjs',
        '--host-deleted restore',
        '--host-deleted forget',
        '--source-deleted remove',
        '--source-deleted keep',
      ],
    );
    /** What each hint settles: the file that must no longer wait, and its content after. */
    const settles = /** @type {Record<string, [string, string | null]>} */ ({
      '--auto keep-mine': ['svc/mine.mjs', 'my edit\n'],
      '--auto take-theirs': ['svc/mine.mjs', 'mine v2\n'],
      '--confirm svc/mine.mjs': ['svc/mine.mjs', 'my edit\n'],
      '--host-deleted restore': ['svc/gone.mjs', 'gone v2\n'],
      '--host-deleted forget': ['svc/gone.mjs', null],
      '--source-deleted remove': ['svc/dropped.mjs', null],
      '--source-deleted keep': ['svc/dropped.mjs', 'dropped.mjs v1\n'],
    });
    for (const hint of printed) {
      const dir = refreshScene();
      assert.equal(shell(dir, "upkeep refresh --source 'my vendor' --target host").status, 1);
      const r = shell(dir, hint);
      assert.ok([0, 1].includes(/** @type {number} */ (r.status)), `${hint}: exit ${r.status}\n${r.out}`);
      const [path, content] = settles[hint.replace(/^upkeep refresh --source 'my vendor' --target host /, '')];
      assert.doesNotMatch(r.stdout, new RegExp(`^  ${path}  \\(`, 'm'), `${hint} left ${path} waiting:\n${r.out}`);
      const at = join(dir, 'host', path);
      assert.equal(existsSync(at) ? readFileSync(at, 'utf8') : null, content, hint);
      // The hints it prints in turn work too (the other decisions still waiting), each
      // from a copy of this state: they are alternatives.
      for (const next of hints(r.out)) {
        const copy = join(base, `copy${counter++}`);
        cpSync(dir, copy, { recursive: true });
        const then = shell(copy, next);
        assert.ok([0, 1].includes(/** @type {number} */ (then.status)), `${hint}, then ${next}: exit ${then.status}\n${then.out}`);
      }
    }
  });

  test('refresh without an install: the install command in the error works', () => {
    const dir = join(base, `r${counter++}`);
    put(join(dir, 'vendor'), { 'install/manifest.json': JSON.stringify({ schema: 1, files: [{ src: 'a', target: 'a' }] }), a: 'a\n' });
    mkdirSync(join(dir, 'host'));
    const r = shell(dir, 'upkeep refresh --source vendor --target host');
    assert.equal(r.status, 2);
    const [install] = hints(r.out);
    assert.equal(install, 'upkeep install --source vendor --target host');
    assert.equal(shell(dir, install).status, 0);
    assert.equal(shell(dir, 'upkeep refresh --source vendor --target host').status, 0);
  });

  test('install: the --force hint replaces what is in the way', () => {
    const dir = join(base, `i${counter++}`);
    put(join(dir, 'vendor'), {
      'install/manifest.json': JSON.stringify({
        schema: 1,
        files: [
          { src: 'a', target: 'a' },
          { src: 'b', target: 'b' },
        ],
      }),
      a: 'a\n',
      b: 'b\n',
    });
    put(join(dir, 'host'), { a: 'something else\n' });
    const r = shell(dir, 'upkeep install --source vendor --target host');
    assert.equal(r.status, 1);
    assert.doesNotMatch(r.out, /Record updated/);
    assert.ok(!existsSync(join(dir, 'host/.upkeep-source.json')));
    const [force] = hints(r.out);
    assert.equal(force, 'upkeep install --source vendor --target host --force');
    const forced = shell(dir, force);
    assert.equal(forced.status, 0, forced.out);
    assert.match(forced.out, /Record updated: \.upkeep-source\.json/);
    assert.equal(readFileSync(join(dir, 'host/a'), 'utf8'), 'a\n');
  });

  test('a stopped refresh and a stopped update: the resume command finishes each', () => {
    const dir = refreshScene();
    const stopped = spawnSync(
      'sh',
      ['-c', "upkeep refresh --source 'my vendor' --target host --auto take-theirs --host-deleted restore --source-deleted remove"],
      {
        cwd: dir,
        env: { ...env, UPKEEP_FAULT_SIGNAL_AT: 'write:1:SIGINT' },
        encoding: 'utf8',
      },
    );
    assert.equal(stopped.status, 130, stopped.stdout + stopped.stderr);
    const [resume] = hints(stopped.stdout);
    assert.equal(
      resume,
      "upkeep refresh --source 'my vendor' --target host --auto take-theirs --host-deleted restore --source-deleted remove",
    );
    const r = shell(dir, resume);
    assert.equal(r.status, 0, r.out);

    const project = join(base, `u${counter++}`);
    const examples = new URL('../../examples/', import.meta.url).pathname;
    cpSync(join(examples, 'starter-project'), join(project, 'project'), { recursive: true });
    cpSync(join(examples, 'starter-template'), join(project, 'template-1.2.0'), { recursive: true });
    cpSync(join(examples, 'starter-template-1.3.0'), join(project, 'template-1.3.0'), { recursive: true });
    const cwd = join(project, 'project');
    const update = spawnSync('sh', ['-c', 'upkeep update --baseline ../template-1.2.0 --latest ../template-1.3.0 --yes'], {
      cwd,
      env: { ...env, UPKEEP_FAULT_SIGNAL_AT: 'write:0:SIGTERM' },
      encoding: 'utf8',
    });
    assert.equal(update.status, 143, update.stdout + update.stderr);
    const [again] = hints(update.stderr);
    assert.equal(again, 'upkeep update --baseline ../template-1.2.0 --latest ../template-1.3.0 --yes');
    const done = shell(cwd, again);
    assert.equal(done.status, 1, done.out); // done; the README conflict is yours
    assert.equal(readFileSync(join(cwd, '.upkeep/VERSION'), 'utf8'), '1.3.0\n');
  });

  test('an update that left patches: each printed `git apply --reject` applies its patch', () => {
    const dir = join(base, `p${counter++}`);
    const lines = (/** @type {string} */ name, /** @type {string} */ first, /** @type {string} */ last) =>
      `${first}\n${name} two\n${name} three\n${name} four\n${name} five\n${name} six\n${last}\n`;
    const release = (/** @type {string} */ version, /** @type {string} */ last) => ({
      '.upkeep/VERSION': `${version}\n`,
      '.upkeep/manifest.json': JSON.stringify({ schema: 1, files: { 'a.md': 'shared', 'docs/b c.md': 'shared' } }),
      'a.md': lines('a', 'a one', last),
      'docs/b c.md': lines('b', 'b one', last),
    });
    put(join(dir, 'v1'), release('1.0.0', 'seven'));
    put(join(dir, 'v2'), release('1.1.0', 'seven, upstream'));
    put(join(dir, 'project'), release('1.0.0', 'seven'));
    const cwd = join(dir, 'project');
    put(cwd, { 'a.md': lines('a', 'a one, mine', 'seven'), 'docs/b c.md': lines('b', 'b one, mine', 'seven') });
    const r = shell(cwd, 'upkeep update --baseline ../v1 --latest ../v2 --conflicts patch --yes');
    assert.equal(r.status, 1, r.out);
    const printed = hints(r.out).filter((line) => line.startsWith('git apply'));
    assert.deepEqual(printed, ['git apply --reject .upkeep-merge/a.md.patch', "git apply --reject '.upkeep-merge/docs/b c.md.patch'"]);
    for (const line of printed) assert.equal(shell(cwd, line).status, 0, line);
    assert.equal(readFileSync(join(cwd, 'a.md'), 'utf8'), lines('a', 'a one, mine', 'seven, upstream'));
    assert.equal(readFileSync(join(cwd, 'docs/b c.md'), 'utf8'), lines('b', 'b one, mine', 'seven, upstream'));
  });

  /** Commits what is in `cwd` (a repository is made first). */
  const commitAll = (/** @type {string} */ cwd) => {
    for (const line of ['git init -q', 'git add -A', 'git -c user.name=t -c user.email=t@t commit -qm first'])
      assert.equal(shell(cwd, line).status, 0);
  };
  /** The bundled starter project, committed, beside its template's 1.2.0 (t1) and 1.3.0 (t2). */
  const committedStarter = (/** @type {string} */ dir) => {
    const examples = new URL('../../examples/', import.meta.url).pathname;
    cpSync(join(examples, 'starter-project'), join(dir, 'project'), { recursive: true });
    cpSync(join(examples, 'starter-template'), join(dir, 't1'), { recursive: true });
    cpSync(join(examples, 'starter-template-1.3.0'), join(dir, 't2'), { recursive: true });
    commitAll(join(dir, 'project'));
    return join(dir, 'project');
  };

  test('an update applied but not committed: git diff, the checkout of the real state folder, the update again', () => {
    const cwd = committedStarter(join(base, `g${counter++}`));
    const update = 'upkeep update --baseline ../t1 --latest ../t2 --yes';
    assert.equal(shell(cwd, update).status, 1);
    const r = shell(cwd, update);
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /applied to the working tree but not committed \(the last commit has 1\.2\.0\)/);
    const printed = hints(r.out);
    // The update's own changes are uncommitted: the command again carries --allow-dirty.
    assert.deepEqual(printed, ['git diff', 'git checkout -- .upkeep/VERSION', `${update} --allow-dirty`]);
    assert.equal(shell(cwd, printed[0]).status, 0);
    assert.equal(shell(cwd, printed[1]).status, 0);
    assert.equal(readFileSync(join(cwd, '.upkeep/VERSION'), 'utf8'), '1.2.0\n');
    const redo = shell(cwd, printed[2]);
    assert.ok([0, 1].includes(/** @type {number} */ (redo.status)), redo.out);
    assert.equal(readFileSync(join(cwd, '.upkeep/VERSION'), 'utf8'), '1.3.0\n');
  });

  test("a GIT_DIR set around upkeep (a hook's, an outer git's) does not point its git at another repository", () => {
    const dir = join(base, `d${counter++}`);
    const cwd = committedStarter(dir);
    put(join(dir, 'other'), { '.upkeep/VERSION': '9.9.9\n' });
    commitAll(join(dir, 'other'));
    const update = 'upkeep update --baseline ../t1 --latest ../t2 --yes';
    assert.equal(shell(cwd, update).status, 1);
    const r = shell(cwd, `GIT_DIR='${join(dir, 'other', '.git')}' ${update}`);
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /applied to the working tree but not committed \(the last commit has 1\.2\.0\)/);
  });
});
