// `upkeep status` of a 100,000-file project in bounded memory: a regression to loading
// whole trees (about 1 GB here before the digest route) fails this test. Not timed.
// The native engine runs under `ulimit -v` (address space), both engines under a peak RSS
// ceiling each run reports itself: wasm reserves its whole address space up front, which
// no `ulimit -v` leaves room for. The trees are generated once with hard links (the release
// and the project share every unchanged file), so the setup costs about as much as
// writing one tree. The refresh of the same 100,000 files (an install record from the
// first release, the second as the source) runs on the native engine under its own
// ceiling. The whole file took 175 s here under a load average of 19 on 2 cores (trees on
// tmpfs): status 29 s native and 39 s wasm, the refresh 72 s.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { upkeepBin } from './consumer.js';
import { tempDir } from './update-fixtures.js';

const FILES = 100_000;
/**
 * Address space for the native run. A bare `node` maps about 730 MB here; the digest
 * route's status needs about 1.3 GB in all (peak RSS about 285 MB), the whole-tree route
 * needed 1.9 GB of RSS alone.
 */
const NATIVE_VIRTUAL_KB = 1_700_000;
/** Peak RSS of either engine's run (the whole-tree route peaked at 1.9 GB). */
const RSS_MB = 400;
/** A refresh that leaves files waiting for a decision (no terminal to ask on) exits so. */
const REFRESH_EXIT = 1;
/**
 * Peak RSS of the refresh, the same ceiling as status's: the manifest and record are read
 * in place in the engine, observations cross as columns, and the plan and the record stay
 * compact (about 290 MB measured by the benchmark; 400 MB when the documents were parsed
 * into trees, 530 MB when they were parsed twice, 580 MB when the plan crossed into JS and
 * back twice); reading the files' bytes whole would add the two trees (about 260 MB).
 */
const REFRESH_RSS_MB = RSS_MB;

// On a memory file system where there is one: the ceiling is on the process, and writing
// and removing 100,000 files on a disk other runs keep busy took minutes here (tmpfs pages
// are not the process's RSS).
const work = existsSync('/dev/shm') ? mkdtempSync(join('/dev/shm', 'upkeep-scale-')) : tempDir('upkeep-scale-');
after(() => rmSync(work, { recursive: true, force: true }));

const pathOf = (/** @type {number} */ i) => `src/p${i % 16}/m${Math.floor(i / 16) % 64}/f${i}.js`;
const body = (/** @type {number} */ i, /** @type {string} */ tag) =>
  `// module ${i}\nexport function f${i}(a, b) {\n  return a * ${i} + b; // ${tag}\n}\n${'export const pad = 1;\n'.repeat(40)}`;

/** Writes `dir/path` as a new file (never through a hard link to another tree's copy). */
function replace(/** @type {string} */ dir, /** @type {string} */ path, /** @type {string} */ text) {
  rmSync(join(dir, path));
  writeFileSync(join(dir, path), text);
}

function generate() {
  const v1 = join(work, 'v1');
  /** @type {Record<string, string>} */
  const manifest = {};
  /** @type {{ src: string, target: string, sha256: string }[]} the refresh record: installed from v1 */
  const installed = [];
  const made = new Set();
  for (let i = 0; i < FILES; i += 1) {
    const path = pathOf(i);
    const folder = dirname(join(v1, path));
    if (!made.has(folder)) mkdirSync(folder, { recursive: true }), made.add(folder);
    const text = body(i, 'v1');
    writeFileSync(join(v1, path), text);
    manifest[path] = i % 10 === 7 ? 'owned' : 'shared';
    installed.push({ src: path, target: path, sha256: createHash('sha256').update(text).digest('hex') });
  }
  mkdirSync(join(v1, '.upkeep'));
  writeFileSync(join(v1, '.upkeep/VERSION'), '1.0.0\n');
  writeFileSync(join(v1, '.upkeep/manifest.json'), JSON.stringify({ schema: 1, files: manifest }));
  const v2 = join(work, 'v2');
  const project = join(work, 'project');
  execFileSync('cp', ['-al', v1, v2]);
  execFileSync('cp', ['-al', v1, project]);
  replace(v2, '.upkeep/VERSION', '1.1.0\n');
  for (let i = 0; i < FILES; i += 20) replace(v2, pathOf(i), body(i, 'v2'));
  for (let i = 0; i < FILES; i += 50) replace(project, pathOf(i), body(i, 'edited'));
  // The refresh route: v2 as the source (its install manifest), a host installed from v1.
  mkdirSync(join(v2, 'install'));
  writeFileSync(
    join(v2, 'install/manifest.json'),
    JSON.stringify({ schema: 1, files: installed.map(({ src, target }) => ({ src, target })) }),
  );
  const host = join(work, 'host');
  execFileSync('cp', ['-al', v1, host]);
  rmSync(join(host, '.upkeep'), { recursive: true });
  writeFileSync(join(host, '.upkeep-source.json'), `${JSON.stringify({ schema: 1, files: installed }, null, 2)}\n`);
  for (let i = 0; i < FILES; i += 50) replace(host, pathOf(i), body(i, 'edited'));
  return { v1, v2, project, host };
}

describe(`upkeep status and refresh of ${FILES.toLocaleString('en-US')} files in bounded memory`, () => {
  const { v1, v2, project, host } = generate();
  const args = ['status', '--root', project, '--baseline', v1, '--latest', v2, '--json'];
  // The CLI in a child that reports its own peak RSS when it exits.
  const probe = `process.on('exit', () => process.stderr.write('\\nmaxRSS ' + process.resourceUsage().maxRSS + '\\n')); await import(${JSON.stringify(new URL(`file://${upkeepBin}`).href)});`;
  /** @type {Record<string, string>} */
  const outputs = {};
  /** Runs status on `engine` (under `ulimit -v` when given) and checks it and its peak RSS. */
  const status = (/** @type {'native' | 'wasm'} */ engine, /** @type {number | undefined} */ virtualKb) => {
    const node = [process.execPath, '--input-type=module', '-e', probe, upkeepBin, ...args];
    const [command, ...rest] = virtualKb ? ['bash', '-c', `ulimit -v ${virtualKb} && exec "$0" "$@"`, ...node] : node;
    const run = spawnSync(command, rest, {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      env: { ...process.env, UPKEEP_FORCE_WASM: engine === 'wasm' ? '1' : '0' },
    });
    assert.equal(run.status, 1, `exit ${run.status} (signal ${run.signal}): ${run.stderr.slice(-2000)}`);
    const json = JSON.parse(run.stdout);
    assert.equal(json.status, 'dry-run');
    assert.equal(json.conflicts.length, FILES / 100, 'the files both sides changed');
    assert.equal(json.merge.length + json.overwrite.length, FILES / 20 - FILES / 100);
    const kb = Number(/maxRSS (\d+)/.exec(run.stderr)?.[1]);
    assert.ok(kb > 0, run.stderr);
    assert.ok(kb / 1024 < RSS_MB, `peak RSS ${(kb / 1024).toFixed(0)} MB`);
    outputs[engine] = run.stdout;
  };

  test(`native, under ulimit -v ${NATIVE_VIRTUAL_KB} KB and a peak RSS under ${RSS_MB} MB`, () => status('native', NATIVE_VIRTUAL_KB));
  // wasm reserves its whole address space up front, which no `ulimit -v` leaves room for.
  test(`wasm, peak RSS under ${RSS_MB} MB`, () => status('wasm', undefined));
  test('both engines print the same report', () => assert.equal(outputs.native, outputs.wasm));

  test(`refresh of ${FILES.toLocaleString('en-US')} installed files, native, peak RSS under ${REFRESH_RSS_MB} MB`, () => {
    const node = [process.execPath, '--input-type=module', '-e', probe, upkeepBin, 'refresh', '--source', v2, '--target', host, '--json'];
    const run = spawnSync(node[0], node.slice(1), {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      env: { ...process.env, UPKEEP_FORCE_WASM: '0' },
    });
    assert.equal(run.status, REFRESH_EXIT, `exit ${run.status} (signal ${run.signal}): ${run.stderr.slice(-2000)}`);
    const json = JSON.parse(run.stdout);
    const count = (/** @type {string} */ action) => json.files.filter((/** @type {any} */ f) => f.action === action).length;
    // Upstream changed every 20th file; the host edited every 50th (every 100th both).
    assert.equal(count('write'), FILES / 20 - FILES / 100);
    assert.equal(count('pending'), FILES / 50);
    const kb = Number(/maxRSS (\d+)/.exec(run.stderr)?.[1]);
    assert.ok(kb > 0, run.stderr);
    assert.ok(kb / 1024 < REFRESH_RSS_MB, `peak RSS ${(kb / 1024).toFixed(0)} MB`);
  });
});
