// The packages as a new user gets them. Every package built here is packed by
// scripts/pack.mjs; a registry on 127.0.0.1 serves those tarballs and the runtime
// dependencies (as the public registry would: 404 for the platform packages not built
// here); a person with Node and npm but no Rust on PATH installs `upkeep` by name, then,
// with the registry gone, from the tarball with `npm install --offline`. The install is
// then used as a project would: ESM import, CommonJS require, TypeScript under nodenext
// and bundler resolution, `npx upkeep --version`, every conformance vector; and again
// with the platform package left out (`--omit=optional`): the wasm fallback, which must
// give identical answers. linux-arm64-gnu, when `make cross-arm64` built it, is installed
// with `--cpu=arm64` and run on Debian's arm64 Node under qemu-user (Node 18 there, below
// the package's engines floor: CommonJS require and the wasm fallback need Node 20.19's
// require of ES modules, so only the addon is checked on it).
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { nativeTarget } from '../../npm/lib/native-target.js';
import { freshUserEnv, packageDir, packBuiltPackages, packRuntimeDependencies, typecheckConsumer } from './consumer.js';
import { startRegistry } from './local-registry.js';

const repo = new URL('../../', import.meta.url);
const host = nativeTarget();
const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const { targets } = JSON.parse(readFileSync(join(packageDir, 'platforms.json'), 'utf8'));
const built = targets
  .map((/** @type {any} */ t) => t.platform)
  .filter((/** @type {string} */ p) => existsSync(join(packageDir, 'native', `upkeep.${p}.node`)));
const arm64Node = new URL('target/arm64-node/root/usr/bin/node', repo);
const arm64Skip = !built.includes('linux-arm64-gnu')
  ? 'linux-arm64-gnu is not built here (make cross-arm64 builds and checks it)'
  : host !== 'linux-x64-gnu' || !existsSync(arm64Node)
    ? "no arm64 Node to run it on (scripts/setup.sh cross-arm64 unpacks Debian's)"
    : false;

const work = mkdtempSync(join(tmpdir(), 'upkeep-fresh-consumer-'));
/** @type {Awaited<ReturnType<typeof startRegistry>>} */
let registry;
/** @type {Record<string, string>} */
let env;
/** @type {string} */
let mainTarball;
/** What each by-name install left in node_modules/@upkeep, per platform installed for. */
/** @type {Record<string, string[]>} */
const byName = {};
/** The host addon's run of the vectors, which every other engine must equal. */
/** @type {{ implementation: string, cases: number, mismatches: unknown[], digest: string }} */
let nativeVectors;

/** Runs a program in `dir` as the fresh user; fails the test on a non-zero exit. */
function run(/** @type {string} */ dir, /** @type {string} */ file, /** @type {string[]} */ args, extraEnv = {}) {
  const result = spawnSync(file, args, { cwd: dir, env: { ...env, ...extraEnv }, encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(result.status, 0, `${file} ${args.join(' ')}\n${result.stderr}${result.error ?? ''}`);
  return result.stdout;
}

/** A new empty project folder. */
function project(/** @type {string} */ name) {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), `{"name":"${name}","private":true}\n`);
  return dir;
}

const npm = (/** @type {string} */ dir, /** @type {string[]} */ args) => run(dir, 'npm', [...args, '--loglevel=error']);
const installedPlatforms = (/** @type {string} */ dir) =>
  existsSync(join(dir, 'node_modules/@upkeep')) ? readdirSync(join(dir, 'node_modules/@upkeep')).sort() : [];
/** npm's flags that install for another machine (npm picks optional dependencies by them). */
const forPlatform = (/** @type {string} */ p) => {
  const t = targets.find((/** @type {any} */ x) => x.platform === p);
  return [`--os=${t.os}`, `--cpu=${t.cpu}`, ...(t.libc ? [`--libc=${t.libc}`] : [])];
};

/** What the installed package says about itself, as one JSON document. */
const probe = `const u = await import('upkeep');
console.log(JSON.stringify({ implementation: u.implementation, why: u.loadFailures.map((f) => f.message), digest: u.sha256(new TextEncoder().encode('abc')) }));`;
const requireProbe = `const u = require('upkeep');
console.log(JSON.stringify({ implementation: u.implementation, why: u.loadFailures.map((f) => f.message), digest: u.sha256(new TextEncoder().encode('abc')) }));`;
const vectorsScript = `import * as u from 'upkeep';
import { runAll } from ${JSON.stringify(new URL('tests/js/vectors.js', repo).href)};
console.log(JSON.stringify({ implementation: u.implementation, ...runAll(u) }));`;
const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const notInstalled = `@upkeep/${host} is not installed (npm leaves it out with --omit=optional or --no-optional, and when no package matches this platform)`;

before(async () => {
  const tarballs = packBuiltPackages(join(work, 'packages'));
  mainTarball = join(work, 'packages', `upkeep-${version}.tgz`);
  registry = await startRegistry([...tarballs, ...packRuntimeDependencies(join(work, 'deps'))]);
  env = freshUserEnv(join(work, 'user'), registry.url);
  // Installs by name, one per platform built here, while the registry is up (in this
  // process: npm runs asynchronously so it can answer); they also leave in npm's cache
  // what the offline installs below need.
  for (const platform of built) {
    const dir = project(`by-name-${platform}`);
    const args = ['install', `upkeep@${version}`, ...(platform === host ? [] : forPlatform(platform)), '--loglevel=error'];
    await promisify(execFile)('npm', args, { cwd: dir, env, encoding: 'utf8' });
    byName[platform] = installedPlatforms(dir);
  }
  await registry.close();
});

after(() => rmSync(work, { recursive: true, force: true }));

describe('npm install, as a user without Rust', () => {
  test('the user has node and npm on PATH, and no rustc or cargo', () => {
    for (const tool of ['rustc', 'cargo']) assert.equal(spawnSync(tool, ['--version'], { env }).error?.message, `spawnSync ${tool} ENOENT`);
  });

  test('`npm install upkeep` picks the one platform package for the machine', () => {
    for (const platform of built) assert.deepEqual(byName[platform], [platform], `installed for ${platform}`);
  });

  test('npm looked up every platform package of the list: the ones not built here are 404s, as unpublished names are', () => {
    for (const { platform } of targets) {
      const answer = built.includes(platform) ? 200 : 404;
      assert.ok(
        registry.requests.includes(`${answer} /@upkeep/${platform}`),
        `${answer} for @upkeep/${platform}: ${registry.requests.join(', ')}`,
      );
    }
  });
});

describe('npm install --offline from the tarball, then used as a project would', () => {
  /** @type {string} */
  let dir;
  before(() => {
    dir = project('offline');
    npm(dir, ['install', '--offline', mainTarball]);
  });

  test('the registry is gone: the install came from the tarball and the cache', () => {
    assert.deepEqual(installedPlatforms(dir), [host]);
    assert.ok(existsSync(join(dir, 'node_modules/upkeep/wasm/upkeep_bg.wasm')));
  });

  test('ESM import loads the addon from the platform package, nothing skipped', () => {
    assert.deepEqual(JSON.parse(run(dir, 'node', ['--input-type=module', '-e', probe])), {
      implementation: 'native',
      why: [],
      digest: ABC,
    });
  });

  test('CommonJS require gets the same module', () => {
    assert.deepEqual(JSON.parse(run(dir, 'node', ['-e', requireProbe])), { implementation: 'native', why: [], digest: ABC });
  });

  test('TypeScript checks it under nodenext (ESM and CJS) and bundler resolution', () => {
    typecheckConsumer(dir);
  });

  test('npx upkeep --version', () => {
    assert.equal(run(dir, 'npx', ['upkeep', '--version']).trim(), version);
  });

  test('the addon reproduces every conformance vector', () => {
    writeFileSync(join(dir, 'vectors.mjs'), vectorsScript);
    nativeVectors = JSON.parse(run(dir, 'node', ['vectors.mjs']));
    assert.equal(nativeVectors.implementation, 'native');
    assert.deepEqual(nativeVectors.mismatches, []);
    assert.ok(nativeVectors.cases > 100, `${nativeVectors.cases} cases`);
  });

  describe('with the platform package left out (npm install --omit=optional)', () => {
    before(() => npm(dir, ['install', '--offline', '--omit=optional']));

    test('npm removed it', () => assert.deepEqual(installedPlatforms(dir), []));

    test('ESM import falls back to wasm and says why', () => {
      assert.deepEqual(JSON.parse(run(dir, 'node', ['--input-type=module', '-e', probe])), {
        implementation: 'wasm',
        why: [notInstalled, `no local build at native/upkeep.${host}.node`],
        digest: ABC,
      });
    });

    test('CommonJS require too', () => {
      assert.equal(JSON.parse(run(dir, 'node', ['-e', requireProbe])).implementation, 'wasm');
    });

    test('npx upkeep --version', () => {
      assert.equal(run(dir, 'npx', ['upkeep', '--version']).trim(), version);
    });

    test('the wasm fallback gives identical answers on every conformance vector', () => {
      const wasm = JSON.parse(run(dir, 'node', ['vectors.mjs']));
      assert.equal(wasm.implementation, 'wasm');
      assert.deepEqual(wasm.mismatches, []);
      assert.deepEqual({ cases: wasm.cases, digest: wasm.digest }, { cases: nativeVectors.cases, digest: nativeVectors.digest });
    });
  });
});

describe("linux-arm64-gnu on Debian's arm64 Node under qemu-user", { skip: arm64Skip }, () => {
  /** @type {string} */
  let dir;
  const arm64 = (/** @type {string[]} */ args) => {
    const result = spawnSync(new URL('scripts/arm64-node.sh', repo).pathname, args, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 26 });
    assert.equal(result.status, 0, result.stderr);
    return result.stdout;
  };
  before(() => {
    dir = project('offline-arm64');
    npm(dir, ['install', '--offline', ...forPlatform('linux-arm64-gnu'), mainTarball]);
  });

  test('npm install --offline --cpu=arm64 picks @upkeep/linux-arm64-gnu', () => {
    assert.deepEqual(installedPlatforms(dir), ['linux-arm64-gnu']);
  });

  test('ESM import loads that addon, nothing skipped', () => {
    assert.deepEqual(JSON.parse(arm64(['--input-type=module', '-e', probe])), { implementation: 'native', why: [], digest: ABC });
  });

  test('upkeep --version', () => {
    assert.equal(arm64(['node_modules/upkeep/bin/upkeep.js', '--version']).trim(), version);
  });

  test('the arm64 addon gives the same answers as the host one on every conformance vector', () => {
    writeFileSync(join(dir, 'vectors.mjs'), vectorsScript);
    const out = JSON.parse(arm64(['vectors.mjs']));
    assert.equal(out.implementation, 'native');
    assert.deepEqual(out.mismatches, []);
    assert.deepEqual({ cases: out.cases, digest: out.digest }, { cases: nativeVectors.cases, digest: nativeVectors.digest });
  });
});
