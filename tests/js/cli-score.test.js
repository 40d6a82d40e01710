// `upkeep score` on real git repositories: renames, unicode, spaces, tabs and quotes in
// names, numstat read in both forms (plain with C-quoting, and -z) and run by upkeep itself.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from './consumer.js';

/** The write set both the loose and the strict runs declare (odd names on purpose). */
const WRITE_SET = ['naïve/**', 'src/**', 'docs/**', 'api/**', 'renamed "quoted" café.txt', 'moved out.txt', 'with space/**'].flatMap(
  (glob) => ['--write-set', glob],
);

const gitEnv = { LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', HOME: tmpdir() };

/** A repository with one commit, then staged renames, edits, deletions and awkward names. */
function makeRepo() {
  const dir = mkdtempSync(join(tmpdir(), 'upkeep-score-'));
  const git = (/** @type {string[]} */ ...args) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t.invalid', ...args], {
      cwd: dir,
      env: { ...process.env, ...gitEnv },
      encoding: 'buffer',
    });
  const write = (/** @type {string} */ name, /** @type {string} */ text) => {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  };
  const lines = (/** @type {number} */ n, /** @type {string} */ tag) => Array.from({ length: n }, (_, i) => `${tag} line ${i}\n`).join('');
  git('init', '-q', '-b', 'main');
  write('src/old/a.js', lines(30, 'a'));
  write('src/keep.js', lines(40, 'keep'));
  write('api/schema.json', '{"v": 1}\n');
  write('moved out.txt', lines(12, 'moved'));
  write('docs/tab\there.md', lines(5, 'tab'));
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  mkdirSync(join(dir, 'src/new'));
  renameSync(join(dir, 'src/old/a.js'), join(dir, 'src/new/a.js'));
  renameSync(join(dir, 'moved out.txt'), join(dir, 'renamed "quoted" café.txt'));
  write('src/keep.js', lines(10, 'keep'));
  write('api/schema.json', '{"v": 2}\n');
  write('naïve/ünïcode ✓.js', 'x\n');
  write('docs/tab\there.md', lines(6, 'tab'));
  write('logo.bin', '\0\x01\x02binary\0');
  write('with space/and "quotes".js', 'q\n');
  git('add', '-A');
  return { dir, git, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const common = ['--actions', 'logic', '--write-set', 'src/**', '--write-set', 'docs/**', '--contracts', 'api/*.json', '--json'];

/** @type {[string, Record<string, string>][]} */
const engines = [
  ['native', {}],
  ['wasm', { UPKEEP_FORCE_WASM: '1' }],
];

for (const [engine, env] of engines) {
  describe(`upkeep score on a real repository (${engine})`, () => {
    /** @type {ReturnType<typeof makeRepo>} */
    let repo;
    before(() => {
      repo = makeRepo();
    });
    after(() => repo.remove());

    test('--git --staged, plain numstat and -z numstat on stdin give the same verdict', () => {
      const fromGit = runCli(['score', '--git', '--staged', ...common], { cwd: repo.dir, env });
      const plain = runCli(['score', '--diff', ...common], { cwd: repo.dir, env, input: repo.git('diff', '--cached', '--numstat', '-M') });
      const z = runCli(['score', '--diff', ...common], {
        cwd: repo.dir,
        env,
        input: repo.git('diff', '--cached', '--numstat', '-M', '-z'),
      });
      assert.equal(fromGit.stderr, '');
      assert.equal(fromGit.status, 1);
      assert.equal(plain.stdout, fromGit.stdout);
      assert.equal(z.stdout, fromGit.stdout);
      const verdict = JSON.parse(fromGit.stdout);
      assert.deepEqual(verdict.reasons, [
        'outside the write set: api/schema.json, logo.bin, naïve/ünïcode ✓.js, renamed "quoted" café.txt, moved out.txt, with space/and "quotes".js',
        '31 lines deleted',
        'contract files: api/schema.json',
      ]);
      assert.deepEqual(
        { score: verdict.score, decision: verdict.decision, declared: verdict.declared, fails: verdict.fails },
        { score: 0.8, decision: 'blocking', declared: 0.4, fails: true },
      );
    });

    test('the plain numstat really is C-quoted, and both forms parse to the same rows', () => {
      const plain = repo.git('diff', '--cached', '--numstat', '-M').toString('utf8');
      assert.match(plain, /"docs\/tab\\there.md"/);
      assert.match(plain, /\\303\\257/);
      assert.match(plain, /src\/\{old => new\}\/a.js/);
      const out = runCli(['score', '--diff', '--declared', '0', '--write-set', '**/*', '--json'], {
        cwd: repo.dir,
        env,
        input: Buffer.from(plain),
      });
      assert.equal(JSON.parse(out.stdout).files, 10);
    });

    test('a commit range, and soft verdicts exit 0 unless --fail-on soft', () => {
      repo.git('commit', '-q', '-m', 'change');
      const args = [
        'score',
        '--git',
        'HEAD~1..HEAD',
        '--declared',
        '0.5',
        '--write-set',
        '**/*',
        '--write-set',
        'logo.bin',
        '--ignore-deletions',
        'src/**',
      ];
      // '**/*' is wildcard-only, so it matches nothing: only the exact logo.bin is in the set.
      const loose = runCli([...args, ...WRITE_SET], { cwd: repo.dir, env });
      assert.equal(loose.stderr, '');
      assert.equal(
        loose.stdout,
        [
          'score: 0.5',
          'decision: soft',
          'preset: balanced (silent ≤ 0.2, soft ≤ 0.6, blocking above)',
          'declared: 0.5',
          'files: 10',
          'reasons: none',
          "warning: --write-set '**/*' can never match: a write-set glob needs a literal segment (one without * or ?, as in 'src/**' or 'docs/*.md'); without one it is compared as an exact path and matches no file",
          '',
        ].join('\n'),
      );
      assert.equal(loose.status, 0);
      const strict = runCli([...args, ...WRITE_SET, '--fail-on', 'soft'], { cwd: repo.dir, env });
      assert.equal(strict.status, 1);
      // Files outside the write set raise the score to 0.8: blocking when balanced, soft when aggressive.
      assert.equal(runCli(args, { cwd: repo.dir, env }).status, 1);
      const aggressive = runCli([...args, '--preset', 'aggressive'], { cwd: repo.dir, env });
      assert.match(aggressive.stdout, /^score: 0.8\ndecision: soft\npreset: aggressive \(silent ≤ 0.4, soft ≤ 0.8/);
      assert.equal(aggressive.status, 0);
    });
  });
}

describe('upkeep score: bad usage and bad input exit 2 with a clear message', () => {
  const dir = mkdtempSync(join(tmpdir(), 'upkeep-score-bad-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const input = Buffer.from('1\t0\ta.js\n');
  const cases = /** @type {[string, string[], string][]} */ ([
    [
      'unknown action',
      ['--diff', '--actions', 'logic,frobnicate'],
      'upkeep: unknown action "frobnicate" — one of format, imports, rename, logic, new-file, api, delete, architecture\n',
    ],
    ['unknown preset', ['--diff', '--preset', 'wild'], 'upkeep: unknown preset "wild" — one of prudent, balanced, aggressive\n'],
    [
      'missing weights file',
      ['--diff', '--weights', 'nope.json'],
      "upkeep: cannot read weights file 'nope.json': no such file or directory\n",
    ],
    ['weights not JSON', ['--diff', '--weights', 'bad.json'], ''],
    ['weights of the wrong type', ['--diff', '--weights', 'wrong.json'], ''],
    ['no source', ['--actions', 'logic'], 'upkeep: say where the diff comes from: --diff (numstat on standard input) or --git [<range>]\n'],
    ['both sources', ['--diff', '--git'], ''],
    ['actions and declared', ['--diff', '--actions', 'logic', '--declared', '0.2'], ''],
    ['declared not a number', ['--diff', '--declared', 'high'], ''],
    ['fail-on not a decision', ['--diff', '--fail-on', 'never'], ''],
    ['not a git repository', ['--git'], ''],
  ]);
  writeFileSync(join(dir, 'bad.json'), '{ api: 1 }');
  writeFileSync(join(dir, 'wrong.json'), '{ "api": "high" }');
  for (const [name, args, stderr] of cases) {
    test(name, () => {
      const result = runCli(['score', ...args], { cwd: dir, input, env: { GIT_CEILING_DIRECTORIES: dirname(dir) } });
      assert.equal(result.status, 2, result.stderr);
      assert.equal(result.stdout, '');
      if (stderr) assert.equal(result.stderr, stderr);
      else assert.match(result.stderr, /^upkeep: .+\n$/);
    });
  }

  test('with --json a failure is still one JSON document on stdout', () => {
    const result = runCli(['score', '--diff', '--json', '--actions', 'bogus'], { cwd: dir, input });
    assert.equal(result.status, 2);
    assert.deepEqual(JSON.parse(result.stdout).error.code, 'unknown-action');
  });

  test('--actions reads a list as upkeep loop score and the demo read it: an empty entry names nothing', () => {
    const score = (/** @type {string} */ actions) =>
      runCli(['score', '--diff', '--json', '--actions', actions, '--write-set', 'a.js'], { cwd: dir, input });
    const plain = score('logic,format');
    const loose = score(' logic, ,format, ');
    assert.equal(plain.status, 0, plain.stderr);
    assert.equal(loose.status, 0, loose.stderr);
    assert.equal(loose.stdout, plain.stdout);
  });

  test('weights files change the arithmetic', () => {
    writeFileSync(join(dir, 'w.json'), '{ "logic": 0.1, "docs": 0.05 }');
    const result = runCli(['score', '--diff', '--actions', 'logic,docs', '--weights', 'w.json', '--write-set', 'a.js', '--json'], {
      cwd: dir,
      input,
    });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(JSON.parse(result.stdout).decision, 'silent');
  });

  test('malformed -z input is bad input', () => {
    const result = runCli(['score', '--diff'], { cwd: dir, input: Buffer.from('1\t1\t\0old\0') });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /invalid numstat record/);
  });

  test('help lists the options and exit codes', () => {
    const help = runCli(['score', '--help']);
    assert.equal(help.status, 0);
    for (const option of [
      '--diff',
      '--git [range]',
      '--staged',
      '--actions',
      '--declared',
      '--preset',
      '--write-set',
      '--contracts',
      '--ignore-deletions',
      '--weights',
      '--json',
      '--fail-on',
    ]) {
      assert.ok(help.stdout.includes(option), option);
    }
    assert.match(help.stdout, /Exit codes: 0 silent or soft, 1 blocking/);
  });
});
