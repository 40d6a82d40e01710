// Does wasm-opt earn its place in the wasm build? The module wasm-bindgen writes, with and
// without its name section (what scripts/build-wasm.sh ships: --remove-name-section), and
// that module passed through `wasm-opt` at -O1, -O3 and -Oz: bytes, gzip -9 bytes, whether
// it loads and reproduces every conformance vector, and the time of four engine calls.
// Run with `node bench/wasm-opt.mjs` after `make build-wasm`; WASM_OPT names the wasm-opt
// to try (default: `wasm-opt` on PATH, Debian's binaryen), e.g.
// WASM_OPT=node_modules/binaryen/bin/wasm-opt after `npm install binaryen` in a temp folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { withBulkApis } from '../npm/lib/bulk-api.js';
import { runAll } from '../tests/js/vectors.js';
import { table, timePerCall } from './harness.mjs';

const wasmOpt = process.env.WASM_OPT ?? 'wasm-opt';
const linked = new URL('../target/wasm/wasm32-unknown-unknown/release/upkeep_wasm.wasm', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'upkeep-bench-wasm-opt-'));

/** Runs wasm-bindgen's web target into `dir`, with `flags`. */
const bindgen = (/** @type {string} */ dir, /** @type {string[]} */ flags) =>
  execFileSync('wasm-bindgen', ['--target', 'web', ...flags, '--out-dir', dir, '--out-name', 'upkeep', linked]);

const lines = (/** @type {number} */ n, /** @type {string} */ s) =>
  Array.from({ length: n }, (_, i) => `  const v${i} = compute(${(i * 7919) % 1000}, "${s}-${(i * 31) % 9973}");`);
const base = lines(20000, 'a');
const ours = base.map((l, i) => (i % 50 === 0 ? `  edited(${i});` : l));
const theirs = base.map((l, i) => (i % 50 === 25 ? `  theirs(${i});` : l));
const enc = new TextEncoder();
const [B, O, T] = [base, ours, theirs].map((l) => enc.encode(l.join('\n')));
const big = new Uint8Array(16 << 20).map((_, i) => (i * 2654435761) >>> 24);
const paths = Array.from({ length: 100000 }, (_, i) => `src/mod${i % 97}/sub${i % 13}/file${i}.${['js', 'ts', 'md', 'json'][i % 4]}`);
const ms = (/** @type {number} */ s) => `${(s * 1000).toFixed(1)} ms`;

try {
  const version = spawnSync(wasmOpt, ['--version'], { encoding: 'utf8' }).stdout?.trim() || `${wasmOpt}: not found`;
  bindgen(join(tmp, 'names'), []);
  bindgen(join(tmp, 'shipped'), ['--remove-name-section', '--remove-producers-section']);
  const variants = [
    ['wasm-bindgen, names kept', 'names'],
    ['wasm-bindgen, name section removed (shipped)', 'shipped'],
  ];
  for (const level of ['-O1', '-O3', '-Oz']) {
    const dir = join(tmp, level);
    mkdirSync(dir);
    copyFileSync(join(tmp, 'shipped/upkeep.js'), join(dir, 'upkeep.js'));
    const run = spawnSync(wasmOpt, [level, join(tmp, 'shipped/upkeep_bg.wasm'), '-o', join(dir, 'upkeep_bg.wasm')], { encoding: 'utf8' });
    if (run.status === 0) variants.push([`shipped + wasm-opt ${level}`, level]);
    else console.log(`wasm-opt ${level} failed: ${run.stderr || run.error}`);
  }
  console.log(`wasm-opt: ${version}\n`);
  const rows = [];
  for (const [label, dir] of variants) {
    const wasm = join(tmp, dir, 'upkeep_bg.wasm');
    const bytes = readFileSync(wasm);
    const size = [`${(statSync(wasm).size / 1000).toFixed(0)} kB`, `${(gzipSync(bytes, { level: 9 }).length / 1000).toFixed(0)} kB`];
    let glue;
    try {
      glue = await import(pathToFileURL(join(tmp, dir, 'upkeep.js')).href);
      glue.initSync({ module: bytes });
    } catch (error) {
      rows.push([label, ...size, `does not load: ${/** @type {Error} */ (error).message.split('\n')[0]}`, '', '', '', '']);
      continue;
    }
    const api = withBulkApis(glue);
    const vectors = runAll(api);
    const set = new api.GlobSet(['**/*.md', 'src/mod1*/**', '**/sub3/*.ts', 'docs/**', '**/file9*.json']);
    rows.push([
      label,
      ...size,
      vectors.mismatches.length === 0 ? `all ${vectors.cases} pass` : `${vectors.mismatches.length} of ${vectors.cases} differ`,
      ms(timePerCall(() => api.sha256(big), { rounds: 5 })),
      ms(timePerCall(() => api.unifiedDiff(B, O, {}), { rounds: 5 })),
      ms(timePerCall(() => api.merge(O, B, T, {}), { rounds: 5 })),
      ms(timePerCall(() => paths.forEach((p) => set.isMatch(p)), { rounds: 5 })),
    ]);
  }
  table(['module', 'bytes', 'gzip -9', 'conformance vectors', 'sha256 16 MiB', 'diff 20k lines', 'merge 20k lines', '100k isMatch'], rows);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
