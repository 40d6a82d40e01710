// `upkeep diff` against GNU diff and `upkeep merge` against git merge-file, with both
// engines, on real files.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runCli } from './consumer.js';

const dir = mkdtempSync(join(tmpdir(), 'upkeep-cli-text-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const write = (/** @type {string} */ name, /** @type {string | Buffer} */ bytes) => (writeFileSync(join(dir, name), bytes), name);
const read = (/** @type {string} */ name) => readFileSync(join(dir, name));
/** A tool's output as bytes, with its exit status. */
const tool = (/** @type {string} */ cmd, /** @type {string[]} */ args, input = '') => {
  const r = spawnSync(cmd, args, { cwd: dir, input, env: { ...process.env, LC_ALL: 'C' } });
  return { status: r.status, stdout: r.stdout.toString('latin1') };
};
/** Runs upkeep with the output kept byte-exact (latin1 round-trips every byte). */
const upkeep = (/** @type {string[]} */ args, /** @type {Record<string, string>} */ env = {}, input = '') => {
  const r = spawnSync(process.execPath, [join(import.meta.dirname, '../../npm/bin/upkeep.js'), ...args], {
    cwd: dir,
    input,
    env: { ...process.env, ...env },
  });
  return { status: r.status, stdout: r.stdout.toString('latin1'), stderr: r.stderr.toString('utf8') };
};

const lines = (/** @type {number} */ n, /** @type {(i: number) => string} */ f) => Array.from({ length: n }, (_, i) => f(i + 1)).join('');

write(
  'old.txt',
  lines(40, (i) => `line ${i}\n`),
);
write('new.txt', `${lines(40, (i) => (i === 3 ? 'three\n' : i === 30 ? '' : `line ${i}\n`))}tail`);
write('crlf-old.txt', 'a\r\nb\r\nc\r\n');
write('crlf-new.txt', 'a\nb\nc\n');
write('bin-a', Buffer.from([1, 0, 2]));
write('bin-b', Buffer.from([1, 0, 3]));

/** @type {[string, Record<string, string>][]} */
const engines = [
  ['native', {}],
  ['wasm', { UPKEEP_FORCE_WASM: '1' }],
];
for (const [engine, env] of engines) {
  describe(`upkeep diff (${engine})`, () => {
    for (const [name, args] of /** @type {[string, string[]][]} */ ([
      ['default context', ['old.txt', 'new.txt']],
      ['-U 0', ['-U', '0', 'old.txt', 'new.txt']],
      ['-U10 with labels', ['-U10', '-L', 'a/old.txt', '-L', 'b/new.txt', 'old.txt', 'new.txt']],
      ['CRLF against LF', ['crlf-old.txt', 'crlf-new.txt']],
      ['binary files', ['bin-a', 'bin-b']],
    ])) {
      test(`prints what diff -u prints, with its exit code: ${name}`, () => {
        // Byte for byte, headers included: the files' names and modification times.
        const expected = tool('diff', [...(args.some((a) => a.startsWith('-U')) ? [] : ['-u']), ...args]);
        const actual = upkeep(['diff', ...args], env);
        assert.equal(actual.stderr, '');
        assert.deepEqual({ status: actual.status, stdout: actual.stdout }, expected);
      });
    }

    test('identical files: no output, exit 0; --ignore-eol makes a CRLF checkout identical', () => {
      assert.deepEqual(upkeep(['diff', 'old.txt', 'old.txt'], env), { status: 0, stdout: '', stderr: '' });
      assert.deepEqual(upkeep(['diff', '--ignore-eol', 'crlf-old.txt', 'crlf-new.txt'], env), { status: 0, stdout: '', stderr: '' });
      assert.deepEqual(upkeep(['diff', '--strip-trailing-cr', 'crlf-old.txt', 'crlf-new.txt'], env), { status: 0, stdout: '', stderr: '' });
    });

    test('"-" reads standard input; its header time is when it was read, as GNU prints it', () => {
      const before = Date.now();
      const actual = upkeep(['diff', '-', 'new.txt'], env, read('old.txt').toString('latin1'));
      assert.equal(actual.status, 1);
      const expected = tool('diff', ['-u', '-', 'new.txt'], read('old.txt').toString('latin1')).stdout;
      // Everything but standard input's time is GNU's, byte for byte.
      const stdinTime = /^--- -\t(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\.\d{9} [+-]\d{4}\n/;
      assert.equal(actual.stdout.replace(stdinTime, '--- -\tT\n'), expected.replace(stdinTime, '--- -\tT\n'));
      const at = Date.parse(`${stdinTime.exec(actual.stdout)?.[1].replace(' ', 'T')}Z`);
      assert.ok(Math.abs(at - before) < 60_000 + Math.abs(new Date().getTimezoneOffset()) * 60_000, actual.stdout);
    });

    test('names GNU quotes (a space, a quote, non-ASCII, a tab) and other time zones match GNU too', () => {
      write('my notes.txt', 'one\n');
      write('naïve "q".txt', 'two\n');
      write('tab\there.txt', 'three\n');
      for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns']) {
        for (const pair of [
          ['my notes.txt', 'naïve "q".txt'],
          ['naïve "q".txt', 'tab\there.txt'],
          ['old.txt', 'my notes.txt'],
        ]) {
          const expected = spawnSync('diff', ['-u', ...pair], { cwd: dir, env: { ...process.env, TZ: zone } });
          const actual = upkeep(['diff', ...pair], { ...env, TZ: zone });
          assert.equal(actual.stdout, expected.stdout.toString('latin1'), `${zone} ${pair.join(' vs ')}`);
          assert.equal(actual.status, expected.status);
        }
      }
    });

    test('one -L labels the old side only, as GNU does', () => {
      const expected = tool('diff', ['-u', '-L', 'before', 'old.txt', 'new.txt']);
      assert.deepEqual(
        {
          status: upkeep(['diff', '-L', 'before', 'old.txt', 'new.txt'], env).status,
          stdout: upkeep(['diff', '-L', 'before', 'old.txt', 'new.txt'], env).stdout,
        },
        expected,
      );
    });
  });
}

describe('upkeep diff trouble', () => {
  test('an unreadable file is named and exits 2', () => {
    const r = runCli(['diff', 'old.txt', 'missing.txt'], { cwd: dir });
    assert.deepEqual([r.status, r.stdout, r.stderr], [2, '', "upkeep: cannot read 'missing.txt': no such file or directory\n"]);
  });

  test('usage errors exit 2', () => {
    assert.equal(runCli(['diff', '-U', 'x', 'old.txt', 'new.txt'], { cwd: dir }).status, 2);
    assert.equal(runCli(['diff', 'old.txt'], { cwd: dir }).status, 2);
    assert.equal(runCli(['diff', '-L', 'a', '-L', 'b', '-L', 'c', 'old.txt', 'new.txt'], { cwd: dir }).status, 2);
  });
});

// Merge fixtures: base, and sides that merge cleanly or conflict.
const base = lines(30, (i) => `line ${i}\n`);
const edit = (/** @type {Record<number, string>} */ changes) => lines(30, (i) => changes[i] ?? `line ${i}\n`);
const fixtures = {
  clean: [edit({ 2: 'ours 2\n' }), base, edit({ 25: 'theirs 25\n' })],
  conflicted: [edit({ 5: 'ours 5\n', 20: 'ours 20\n' }), base, edit({ 5: 'theirs 5\n', 20: 'theirs 20\n' })],
  crlf: ['a\r\nours\r\nc\r\n', 'a\r\nb\r\nc\r\n', 'a\r\ntheirs\r\nc\r\n'],
};

/** Copies the fixture to fresh files and returns their names. */
function setUp(/** @type {keyof typeof fixtures} */ name, /** @type {string} */ tag) {
  const [ours, b, theirs] = fixtures[name];
  return [write(`${tag}-ours`, ours), write(`${tag}-base`, b), write(`${tag}-theirs`, theirs)];
}

for (const [engine, env] of engines) {
  describe(`upkeep merge (${engine})`, () => {
    for (const name of /** @type {(keyof typeof fixtures)[]} */ (Object.keys(fixtures))) {
      for (const flags of [
        [],
        ['--diff3'],
        ['--zdiff3'],
        ['--ours'],
        ['--theirs'],
        ['--union'],
        ['-L', 'mine', '-L', 'old', '-L', 'upstream'],
      ]) {
        test(`writes what git merge-file writes, exit code = conflicts: ${name} ${flags.join(' ')}`, () => {
          const files = setUp(name, `${engine}-${name}`);
          const gitFiles = files.map((f) => {
            copyFileSync(join(dir, f), join(dir, `git-${f}`));
            return `git-${f}`;
          });
          const expected = tool('git', ['merge-file', ...flags, ...gitFiles]);
          // git names each side by its path; so must we, with the same paths.
          const labelled = flags.includes('-L') ? flags : [...flags, '-L', gitFiles[0], '-L', gitFiles[1], '-L', gitFiles[2]];
          const actual = upkeep(['merge', ...labelled, ...files], env);
          assert.equal(actual.stderr, '');
          assert.equal(actual.stdout, '');
          assert.equal(actual.status, expected.status);
          assert.equal(read(files[0]).toString('latin1'), read(gitFiles[0]).toString('latin1'));
        });
      }
    }

    test('-p prints the result and leaves every file alone', () => {
      const files = setUp('conflicted', `${engine}-p`);
      const before = files.map(read);
      const actual = upkeep(['merge', '-p', ...files], env);
      assert.equal(actual.status, 2);
      assert.equal(actual.stdout, tool('git', ['merge-file', '-p', ...files]).stdout);
      assert.deepEqual(files.map(read), before);
    });
  });
}

describe('upkeep merge safety', () => {
  test('the result keeps the file mode, and no temp file is left behind', () => {
    const files = setUp('clean', 'mode');
    chmodSync(join(dir, files[0]), 0o754);
    assert.equal(runCli(['merge', ...files], { cwd: dir }).status, 0);
    assert.equal(statSync(join(dir, files[0])).mode & 0o777, 0o754);
    assert.deepEqual(
      tool('ls', ['-a'])
        .stdout.split('\n')
        .filter((f) => f.includes('.tmp')),
      [],
    );
  });

  test('binary input: exit 255, named, nothing written', () => {
    const files = setUp('clean', 'binary');
    write(files[2], Buffer.from('a\0b'));
    const before = read(files[0]);
    const r = runCli(['merge', ...files], { cwd: dir });
    assert.equal(r.status, 255);
    assert.match(r.stderr, /^upkeep: binary input 'binary-theirs': it has a NUL byte/);
    assert.deepEqual(read(files[0]), before);
  });

  test('a missing input: exit 255, named, nothing written', () => {
    const files = setUp('clean', 'missing');
    const before = read(files[0]);
    const r = runCli(['merge', files[0], 'nope', files[2]], { cwd: dir });
    assert.deepEqual([r.status, r.stderr], [255, "upkeep: cannot read 'nope': no such file or directory\n"]);
    assert.deepEqual(read(files[0]), before);
  });

  test('a symlink at <ours> is not written through', () => {
    const files = setUp('clean', 'link');
    symlinkSync(files[0], join(dir, 'link-to-ours'));
    const before = read(files[0]);
    const r = runCli(['merge', 'link-to-ours', files[1], files[2]], { cwd: dir });
    assert.equal(r.status, 255);
    assert.match(r.stderr, /unsafe path 'link-to-ours': it is a symbolic link, not a regular file; upkeep never writes through one/);
    assert.deepEqual(read(files[0]), before);
  });

  test('usage errors exit 255, not a conflict count', () => {
    const files = setUp('clean', 'usage');
    assert.equal(runCli(['merge', files[0], files[1]], { cwd: dir }).status, 255);
    assert.equal(runCli(['merge', '--ours', '--theirs', ...files], { cwd: dir }).status, 255);
    assert.equal(runCli(['merge', '--frobnicate', ...files], { cwd: dir }).status, 255);
  });

  test('more than 127 conflicts exit 127', () => {
    const n = 200;
    const text = (/** @type {string} */ side) => lines(n * 5, (i) => (i % 5 === 0 ? `${side} ${i}\n` : `line ${i}\n`));
    const files = [write('many-ours', text('ours')), write('many-base', text('base')), write('many-theirs', text('theirs'))];
    assert.equal(runCli(['merge', '-p', ...files], { cwd: dir }).status, 127);
  });
});
