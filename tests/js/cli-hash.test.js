// `upkeep hash` against GNU sha256sum, with both engines, on real files.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runCli, upkeepBin } from './consumer.js';

const dir = mkdtempSync(join(tmpdir(), 'upkeep-hash-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// Sizes around the block size, the read-chunk size (1 MiB) and up to 64 MiB.
const sizes = [0, 1, 55, 64, 65, 4095, 65536, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 5_000_001, 64 << 20];
const files = sizes.map((size) => {
  const name = `random-${size}.bin`;
  writeFileSync(join(dir, name), randomBytes(size));
  return name;
});
const sha256sum = (/** @type {string[]} */ names) => execFileSync('sha256sum', ['--', ...names], { cwd: dir, encoding: 'utf8' });

/** @type {[string, Record<string, string>][]} */
const engines = [
  ['native', {}],
  ['wasm', { UPKEEP_FORCE_WASM: '1' }],
];
for (const [engine, env] of engines) {
  describe(`upkeep hash (${engine})`, () => {
    test('prints exactly what sha256sum prints, 0 bytes to 64 MiB', () => {
      const result = runCli(['hash', ...files], { cwd: dir, env });
      assert.equal(result.stderr, '');
      assert.equal(result.status, 0);
      assert.equal(result.stdout, sha256sum(files));
    });

    test('escapes awkward names the way sha256sum does', () => {
      const names = ['a b.txt', 'back\\slash', 'new\nline', 'car\rriage', 'café.js', '-dash'];
      for (const name of names) writeFileSync(join(dir, name), name);
      const result = runCli(['hash', '--', ...names], { cwd: dir, env });
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stdout, sha256sum(names));
    });

    test('reads standard input for "-"', () => {
      const input = randomBytes(100_000);
      const result = runCli(['hash', '-'], { input, env });
      const expected = spawnSync('sha256sum', ['-'], { input, encoding: 'utf8' }).stdout;
      assert.equal(result.stdout, expected);
    });
  });
}

describe('upkeep hash failures', () => {
  test('a missing file is named, the others are still hashed, and the exit code is 2', () => {
    const result = runCli(['hash', files[1], 'no-such-file', files[2]], { cwd: dir });
    assert.equal(result.status, 2);
    assert.equal(result.stdout, sha256sum([files[1], files[2]]));
    assert.equal(result.stderr, "upkeep: cannot hash 'no-such-file': no such file or directory\n");
  });

  test('an unreadable file is named and exits 2', { skip: process.getuid?.() === 0 && 'root reads every file' }, () => {
    const locked = join(dir, 'locked');
    writeFileSync(locked, 'x');
    chmodSync(locked, 0o000);
    const result = runCli(['hash', locked]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /cannot hash '.*locked': permission denied/);
  });

  test('a directory needs --recursive, which hashes its files in name order', () => {
    const tree = join(dir, 'tree');
    mkdirSync(join(tree, 'sub'), { recursive: true });
    for (const name of ['b', 'a', 'sub/c', 'Z']) writeFileSync(join(tree, name), name);
    const plain = runCli(['hash', 'tree'], { cwd: dir });
    assert.equal(plain.status, 2);
    assert.match(plain.stderr, /cannot hash 'tree': is a directory/);
    const recursive = runCli(['hash', '-r', 'tree'], { cwd: dir });
    assert.equal(recursive.status, 0, recursive.stderr);
    assert.equal(recursive.stdout, sha256sum(['tree/Z', 'tree/a', 'tree/b', 'tree/sub/c']));
  });

  test('usage errors exit 2 with a message', () => {
    assert.deepEqual(pick(runCli(['hash'])), { status: 2, stderr: "upkeep: missing required argument 'file'\n" });
    assert.deepEqual(pick(runCli(['frobnicate'])), { status: 2, stderr: "upkeep: unknown command 'frobnicate'\n" });
  });

  test('--version and --help exit 0', () => {
    const { version } = JSON.parse(
      execFileSync('node', ['-p', 'JSON.stringify(require("./package.json"))'], { cwd: join(upkeepBin, '../..'), encoding: 'utf8' }),
    );
    assert.deepEqual(pick(runCli(['--version'])), { status: 0, stderr: '' });
    assert.equal(runCli(['--version']).stdout, `${version}\n`);
    const help = runCli(['--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /hash \[options\] <file\.\.\.>/);
  });

  test('a reader that goes away early does not make it fail', () => {
    const result = spawnSync('bash', ['-c', `node ${JSON.stringify(upkeepBin)} hash ${files.slice(0, 8).join(' ')} | head -1`], {
      cwd: dir,
      encoding: 'utf8',
    });
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, sha256sum([files[0]]));
  });
});

const pick = (/** @type {{status: number | null, stderr: string}} */ r) => ({ status: r.status, stderr: r.stderr });
