// The examples in `--help` are real invocations: each one of hash, diff, merge, install,
// refresh, update, status, new, adopt, manifest and score is run as printed, by a shell with `upkeep` on PATH,
// in a folder laid out as the example assumes (the bundled example template and
// integration as the sibling folders it names), and must do its job.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runCli, upkeepBin } from './consumer.js';

const base = mkdtempSync(join(tmpdir(), 'upkeep-examples-'));
after(() => rmSync(base, { recursive: true, force: true }));
const examples = new URL('../../examples/', import.meta.url).pathname;
const bin = join(base, 'bin');
mkdirSync(bin);
writeFileSync(join(bin, 'upkeep'), `#!/bin/sh\nexec "${process.execPath}" "${upkeepBin}" "$@"\n`);
chmodSync(join(bin, 'upkeep'), 0o755);
const env = {
  ...process.env,
  PATH: `${bin}:${process.env.PATH}`,
  CI: '',
  HOME: base,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@t',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@t',
};
let counter = 0;

/** The examples of `upkeep <command> --help`, as printed. */
const examplesOf = (/** @type {string} */ command) =>
  [...runCli([...command.split(' '), '--help']).stdout.matchAll(/^ {2}\$ (.+)$/gm)].map((m) => m[1]);
const sh = (/** @type {string} */ cwd, /** @type {string} */ line) => spawnSync('sh', ['-c', line], { cwd, env, encoding: 'utf8' });
const git = (/** @type {string} */ cwd, /** @type {string[]} */ ...args) => execFileSync('git', args, { cwd, env, stdio: 'pipe' });

/** A fresh folder `work/` with the siblings the examples name; `setUp` fills `work/`. */
function workspace(/** @type {(work: string) => void} */ setUp = () => {}) {
  const root = join(base, `w${counter++}`);
  const work = join(root, 'work');
  mkdirSync(work, { recursive: true });
  cpSync(join(examples, 'voice-agent-integration'), join(root, 'voice-agent'), { recursive: true });
  cpSync(join(examples, 'starter-template'), join(root, 'template-1.2.0'), { recursive: true });
  cpSync(join(examples, 'starter-template-1.3.0'), join(root, 'template-1.3.0'), { recursive: true });
  setUp(work);
  return work;
}

/** The template as a git repository tagged v1.2.0 and v1.3.0, beside `work/`. */
function templateRepo(/** @type {string} */ work) {
  const repo = join(work, '../template');
  mkdirSync(repo);
  git(repo, 'init', '-q');
  for (const [tag, dir] of [
    ['v1.2.0', 'template-1.2.0'],
    ['v1.3.0', 'template-1.3.0'],
  ]) {
    git(repo, 'rm', '-rq', '--ignore-unmatch', '.');
    cpSync(join(work, '..', dir), repo, { recursive: true });
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', tag);
    git(repo, 'tag', tag);
  }
}

/** How each command's examples are set up, and which exit codes mean it did its job. */
const cases = /** @type {Record<string, { setUp: (work: string) => void, ok: (status: number) => boolean }>} */ ({
  hash: {
    setUp: (w) => {
      writeFileSync(join(w, 'package.json'), '{}\n');
      writeFileSync(join(w, 'README.md'), '# x\n');
      mkdirSync(join(w, 'templates/sub'), { recursive: true });
      writeFileSync(join(w, 'templates/sub/a.txt'), 'a\n');
      git(w, 'init', '-q');
      git(w, 'add', '-A');
      git(w, 'commit', '-qm', 'x');
    },
    ok: (s) => s === 0,
  },
  diff: {
    setUp: (w) => {
      for (const [name, text] of [
        ['config.old.json', '{"a":1}\n'],
        ['config.json', '{"a":2}\n'],
        ['old.json', '1\n'],
        ['new.json', '2\n'],
        ['notes.txt', 'a\r\nb\r\n'],
        ['notes-from-windows.txt', 'a\nc\n'],
      ]) {
        writeFileSync(join(w, name), text);
      }
    },
    ok: (s) => s === 1,
  },
  merge: {
    setUp: (w) => {
      for (const [prefix, names] of /** @type {[string, string[]][]} */ ([
        ['README', ['README.md', 'README.base.md', 'README.theirs.md']],
        ['x', ['mine.txt', 'base.txt', 'theirs.txt']],
        ['y', ['a.txt', 'b.txt', 'c.txt']],
      ])) {
        names.forEach((name, i) => writeFileSync(join(w, name), `${prefix}\n${['ours', 'base', 'theirs'][i]}\nend\n`));
      }
    },
    ok: (s) => s >= 0 && s <= 127,
  },
  install: { setUp: () => {}, ok: (s) => s === 0 },
  refresh: {
    setUp: (w) => {
      assert.equal(sh(w, 'upkeep install --source ../voice-agent --target .').status, 0);
      appendFileSync(join(w, 'services/voice-agent/server.mjs'), '// my edit\n');
      appendFileSync(join(w, '../voice-agent/code/server.mjs'), '// upstream change\n');
    },
    ok: (s) => s === 0 || s === 1,
  },
  update: { setUp: (w) => (cpSync(join(examples, 'starter-project'), w, { recursive: true }), release(w)), ok: (s) => s === 0 || s === 1 },
  status: { setUp: (w) => (cpSync(join(examples, 'starter-project'), w, { recursive: true }), release(w)), ok: (s) => s === 0 || s === 1 },
  new: { setUp: (w) => release(w), ok: (s) => s === 0 },
  adopt: { setUp: (w) => (cpSync(join(examples, 'starter-project'), w, { recursive: true }), release(w)), ok: (s) => s === 0 },
  'manifest init': {
    setUp: (w) => {
      cpSync(join(examples, 'starter-template'), w, { recursive: true });
      rmSync(join(w, '.upkeep/manifest.json'));
      writeFileSync(join(w, '_env'), 'PORT=3000\n');
    },
    ok: (s) => s === 0,
  },
  'manifest check': { setUp: () => {}, ok: (s) => s === 0 },
  score: {
    setUp: (w) => {
      git(w, 'init', '-q', '-b', 'main');
      writeFileSync(join(w, 'README.md'), 'x\n');
      git(w, 'add', '-A');
      git(w, 'commit', '-qm', 'x');
      mkdirSync(join(w, 'src'));
      writeFileSync(join(w, 'src/a.js'), 'a\n');
      git(w, 'add', '-A');
    },
    ok: (s) => s === 0 || s === 1,
  },
});

/** Release archives and the tagged repository the update examples name. */
function release(/** @type {string} */ w) {
  for (const v of ['1.2.0', '1.3.0']) execFileSync('tar', ['-czf', join(w, `template-${v}.tar.gz`), '-C', join(w, '..'), `template-${v}`]);
  templateRepo(w);
}

for (const [command, { setUp, ok }] of Object.entries(cases)) {
  test(`the examples of upkeep ${command} --help work as printed`, () => {
    const list = examplesOf(command);
    assert.ok(list.length >= 2, command);
    for (const example of list) {
      const work = workspace(setUp);
      const r = sh(work, example);
      assert.ok(ok(/** @type {number} */ (r.status)), `${example}: exit ${r.status}\n${r.stdout}${r.stderr}`);
      assert.doesNotMatch(r.stderr, /^upkeep: (?!warning)/m, `${example}:\n${r.stderr}`);
    }
  });
}
