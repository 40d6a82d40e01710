// The packages scripts/pack.mjs makes from npm/platforms.json, and every refusal on the
// way: the development folder, a missing wasm build, no addon, an addon built for another
// machine, a release missing a target or tagged with another version, and the prepack
// guards of the staged folders. What a user then installs: fresh-consumer.test.js.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { nativeTarget } from '../../npm/lib/native-target.js';
import { packageDir } from './consumer.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const tar = createRequire(join(packageDir, 'package.json'))('tar');
const { scope, targets } = JSON.parse(readFileSync(join(packageDir, 'platforms.json'), 'utf8'));
const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const host = nativeTarget();
const work = mkdtempSync(join(tmpdir(), 'upkeep-packaging-'));
after(() => rmSync(work, { recursive: true, force: true }));
/** npm with its cache and logs in the temp folder. */
const npmEnv = { ...process.env, npm_config_cache: join(work, 'npm-cache'), npm_config_update_notifier: 'false' };

/**
 * A copy of the parts of the repository the packer reads, for breaking one at a time.
 * `addons`: platform names, or `[name, built from]` to put one platform's addon under
 * another's name.
 * @param {string} name
 * @param {{ wasm?: boolean, addons?: (string | [string, string])[] }} [options]
 */
function repoCopy(name, { wasm = true, addons = [host] } = {}) {
  const dir = join(work, name);
  for (const part of [
    'scripts',
    'LICENSE',
    'npm/package.json',
    'npm/platforms.json',
    'npm/README.md',
    'npm/lib',
    'npm/bin',
    'npm/schemas',
  ]) {
    cpSync(join(repo, part), join(dir, part), { recursive: true });
  }
  if (wasm) cpSync(join(packageDir, 'wasm'), join(dir, 'npm/wasm'), { recursive: true });
  mkdirSync(join(dir, 'npm/native'));
  for (const [platform, from] of addons.map((a) => (Array.isArray(a) ? a : [a, a]))) {
    cpSync(join(packageDir, 'native', `upkeep.${from}.node`), join(dir, 'npm/native', `upkeep.${platform}.node`));
  }
  return dir;
}

/** Runs a copy's packer; `{ status, stderr, tarballs }`. */
function pack(/** @type {string} */ dir, /** @type {string[]} */ args = []) {
  const out = join(dir, 'out');
  const result = spawnSync(process.execPath, [join(dir, 'scripts/pack.mjs'), '--out', out, ...args], { encoding: 'utf8', env: npmEnv });
  return {
    status: result.status,
    stderr: result.stderr,
    tarballs: existsSync(out) ? readdirSync(out).filter((f) => f.endsWith('.tgz')) : [],
  };
}

/** The paths in a tarball and its package.json. */
function contents(/** @type {string} */ file) {
  /** @type {string[]} */
  const paths = [];
  let manifest = '';
  tar.t({
    sync: true,
    file,
    onReadEntry: (/** @type {any} */ entry) => {
      paths.push(entry.path);
      if (entry.path === 'package/package.json') entry.on('data', (/** @type {Buffer} */ c) => (manifest += c));
    },
  });
  return { paths: paths.sort(), manifest: JSON.parse(manifest) };
}

describe('the list of targets', () => {
  test('holds the eight platforms of napi-rs style packages', () => {
    assert.deepEqual(
      targets.map((/** @type {any} */ t) => t.platform),
      [
        'linux-x64-gnu',
        'linux-x64-musl',
        'linux-arm64-gnu',
        'linux-arm64-musl',
        'darwin-x64',
        'darwin-arm64',
        'win32-x64-msvc',
        'win32-arm64-msvc',
      ],
    );
    assert.equal(new Set(targets.map((/** @type {any} */ t) => t.rust)).size, targets.length);
  });

  test("names each the way the loader computes a running machine's platform", () => {
    for (const t of targets) assert.equal(nativeTarget({ platform: t.os, arch: t.cpu, libc: t.libc }), t.platform);
  });
});

describe('packing', () => {
  /** @type {{ paths: string[], manifest: any }} */
  let main;
  /** @type {{ paths: string[], manifest: any }} */
  let platform;
  const out = join(work, 'packed');
  before(() => {
    execFileSync(process.execPath, [join(repo, 'scripts/pack.mjs'), '--out', out], { encoding: 'utf8', env: npmEnv });
    main = contents(join(out, `upkeep-${version}.tgz`));
    platform = contents(join(out, `upkeep-${host}-${version}.tgz`));
  });

  test('the main package: JS, types, schemas, the wasm build once, README and LICENSE; no addon', () => {
    for (const p of [
      'README.md',
      'LICENSE',
      'package.json',
      'bin/upkeep.js',
      'lib/index.js',
      'lib/index.cjs',
      'lib/index.d.ts',
      'lib/index.d.cts',
      'wasm/upkeep.js',
      'wasm/upkeep_bg.wasm',
    ]) {
      assert.ok(main.paths.includes(`package/${p}`), p);
    }
    assert.ok(main.paths.some((p) => p.startsWith('package/schemas/')));
    assert.deepEqual(
      main.paths.filter((p) => p.endsWith('.wasm') || p.endsWith('.node')),
      ['package/wasm/upkeep_bg.wasm'],
    );
  });

  test('its manifest lists every platform package at exactly its own version, and no dev-only fields', () => {
    assert.deepEqual(
      main.manifest.optionalDependencies,
      Object.fromEntries(targets.map((/** @type {any} */ t) => [`${scope}/${t.platform}`, version])),
    );
    assert.equal(main.manifest.devDependencies, undefined);
    assert.deepEqual(Object.keys(main.manifest.scripts), ['prepack']);
  });

  test('a platform package: one stripped addon, README and LICENSE, with its os, cpu and libc', () => {
    assert.deepEqual(
      platform.paths,
      ['package/LICENSE', 'package/README.md', 'package/package.json', `package/upkeep.${host}.node`].sort(),
    );
    const t = targets.find((/** @type {any} */ x) => x.platform === host);
    const { name, os, cpu, libc, main: entry } = platform.manifest;
    assert.deepEqual(
      { name, os, cpu, libc, entry },
      { name: `${scope}/${host}`, os: [t.os], cpu: [t.cpu], libc: t.libc && [t.libc], entry: `upkeep.${host}.node` },
    );
    const addon = readFileSync(join(out, 'stage', host, `upkeep.${host}.node`));
    if (t.os === 'linux') assert.equal(addon.includes('.symtab'), false, 'the addon still has a symbol table');
  });

  test('the Linux gnu addons built here need glibc 2.34 at most (the floor the READMEs state)', () => {
    for (const t of targets.filter((/** @type {any} */ x) => x.libc === 'glibc')) {
      const file = join(packageDir, 'native', `upkeep.${t.platform}.node`);
      if (!existsSync(file)) continue;
      const versions = [
        ...readFileSync(file)
          .toString('latin1')
          .matchAll(/GLIBC_2\.(\d+)/g),
      ].map((m) => Number(m[1]));
      assert.ok(versions.length > 0 && Math.max(...versions) <= 34, `${t.platform} needs glibc 2.${Math.max(...versions)}`);
    }
  });

  test("a staged folder's prepack refuses to pack it without its addon, or without the wasm build", () => {
    const stage = join(work, 'stage-copy');
    cpSync(join(out, 'stage'), stage, { recursive: true });
    rmSync(join(stage, host, `upkeep.${host}.node`));
    rmSync(join(stage, 'upkeep/wasm/upkeep_bg.wasm'));
    for (const [dir, missing] of [
      [host, `upkeep.${host}.node`],
      ['upkeep', 'wasm/upkeep_bg.wasm'],
    ]) {
      const result = spawnSync('npm', ['pack', '--pack-destination', work], { cwd: join(stage, dir), encoding: 'utf8', env: npmEnv });
      assert.notEqual(result.status, 0);
      assert.match(result.stderr, new RegExp(`refusing to pack without ${missing.replaceAll('.', '\\.')}`));
    }
    assert.deepEqual(
      readdirSync(work).filter((f) => f.endsWith('.tgz')),
      [],
    );
  });
});

describe('refusals', () => {
  test('npm pack in the development folder is refused, pointing at make pack', () => {
    const dest = join(work, 'dev-pack');
    mkdirSync(dest);
    const result = spawnSync('npm', ['pack', '--pack-destination', dest], { cwd: packageDir, encoding: 'utf8', env: npmEnv });
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /npm\/ is the development folder: .* Run make pack/);
    assert.deepEqual(readdirSync(dest), []);
  });

  test('no wasm build: refused, naming the file and the command that makes it; nothing written', () => {
    const result = pack(repoCopy('no-wasm', { wasm: false }));
    assert.equal(result.status, 2);
    assert.match(result.stderr, /the main package needs npm\/wasm\/upkeep\.js, npm\/wasm\/upkeep_bg\.wasm \(run make build-wasm\)/);
    assert.deepEqual(result.tarballs, []);
  });

  test('no addon at all: refused (every install would be wasm)', () => {
    const result = pack(repoCopy('no-addon', { addons: [] }));
    assert.equal(result.status, 2);
    assert.match(result.stderr, /no addon in npm\/native\/ \(run make build-native\)/);
  });

  test('an addon built for another machine: refused, saying which machine it is for', () => {
    const mine = targets.find((/** @type {any} */ t) => t.platform === host);
    const other = targets.find((/** @type {any} */ t) => t.os !== mine.os || t.cpu !== mine.cpu);
    const result = pack(repoCopy('wrong-machine', { addons: [host, [other.platform, host]] }));
    assert.equal(result.status, 2);
    assert.match(result.stderr, new RegExp(`npm/native/upkeep\\.${other.platform}\\.node is built for .*, not`));
    assert.deepEqual(result.tarballs, []);
  });

  test('a release (--all) missing targets: refused, listing them', () => {
    const result = pack(repoCopy('release-missing'), ['--all']);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /a release packs every target; missing /);
    for (const t of targets.filter((/** @type {any} */ x) => x.platform !== host))
      assert.ok(result.stderr.includes(`upkeep.${t.platform}.node`), t.platform);
  });

  test('a tag that is not the version: refused', () => {
    const result = pack(repoCopy('wrong-tag'), ['--tag', 'v99.0.0']);
    assert.equal(result.status, 2);
    assert.match(
      result.stderr,
      new RegExp(`the tag v99\\.0\\.0 does not match npm/package.json's version ${version.replaceAll('.', '\\.')}`),
    );
  });

  test('--repository is written into every manifest (npm checks provenance against it)', () => {
    const dir = repoCopy('repository');
    const result = pack(dir, ['--repository', 'git+https://github.com/example/upkeep.git']);
    assert.equal(result.status, 0, result.stderr);
    for (const file of result.tarballs) {
      assert.deepEqual(
        contents(join(dir, 'out', file)).manifest.repository,
        { type: 'git', url: 'git+https://github.com/example/upkeep.git' },
        file,
      );
    }
  });
});
