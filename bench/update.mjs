// upkeep update on a generated template of 10,000 files (1% edited by the project, 5%
// changed upstream), against the floor of reading and hashing every byte of the three
// trees once. Each contender runs in a fresh Node process so its peak RSS is its own.
// Run with `node bench/update.mjs [files]`. (Copier: see BENCHMARKS.md.)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { table } from './harness.mjs';

const count = Number(process.argv[2] ?? 10_000);
const work = mkdtempSync(join(tmpdir(), 'upkeep-bench-update-'));
const body = (/** @type {number} */ i, /** @type {string} */ tag) =>
  Array.from({ length: 40 }, (_, line) => `// file ${i} line ${line} ${line === 20 ? tag : ''}`).join('\n') + '\n';

function release(/** @type {string} */ name, /** @type {string} */ version, /** @type {(i: number) => string} */ content) {
  const dir = join(work, name);
  /** @type {Record<string, string>} */
  const files = {};
  for (let i = 0; i < count; i += 1) {
    const path = `src/m${i % 100}/f${i}.js`;
    files[path] = 'owned';
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content(i));
  }
  mkdirSync(join(dir, '.upkeep'), { recursive: true });
  writeFileSync(join(dir, '.upkeep/VERSION'), `${version}\n`);
  writeFileSync(join(dir, '.upkeep/manifest.json'), JSON.stringify({ schema: 1, files }));
  return dir;
}

const v1 = release('v1', '1.0.0', (i) => body(i, 'v1'));
const v2 = release('v2', '1.1.0', (i) => body(i, i % 20 === 0 ? 'v2' : 'v1'));
const fresh = () => {
  const project = join(work, `project-${Math.random().toString(36).slice(2)}`);
  execFileSync('cp', ['-a', v1, project]);
  for (let i = 0; i < count; i += 100) writeFileSync(join(project, `src/m${i % 100}/f${i}.js`), body(i, 'edited'));
  return project;
};

const here = dirname(fileURLToPath(import.meta.url));
/** Runs `source` in a fresh node; it prints {seconds}; the wrapper adds maxRSS. */
function measure(/** @type {string} */ source) {
  // Flush the trees just generated or copied: otherwise the first contender's fsyncs also
  // pay for writing back everyone's setup (which made the first row look slowest).
  execFileSync('sync');
  const wrapped = `${source}\nconsole.log(JSON.stringify({ seconds, maxRssMb: process.resourceUsage().maxRSS / 1024 }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', wrapped], { cwd: here, encoding: 'utf8' }));
}

const rows = [];
for (const impl of ['native', 'wasm']) {
  const project = fresh();
  const r = measure(`
    process.env.UPKEEP_FORCE_WASM = ${impl === 'wasm' ? "'1'" : "'0'"};
    const { update } = await import('../npm/lib/flows/update.js');
    const start = performance.now();
    const out = await update({ root: ${JSON.stringify(project)}, baseline: ${JSON.stringify(v1)}, latest: ${JSON.stringify(v2)} });
    const seconds = (performance.now() - start) / 1000;
    if (out.status !== 'updated') throw new Error(out.status);`);
  rows.push([`upkeep update (${impl})`, `${r.seconds.toFixed(2)} s`, `${r.maxRssMb.toFixed(0)} MB`]);
}
const project = fresh();
const floor = measure(`
  const { readFileSync, readdirSync } = await import('node:fs');
  const { createHash } = await import('node:crypto');
  const start = performance.now();
  for (const root of ${JSON.stringify([v1, v2, project])}) {
    for (const name of readdirSync(root, { recursive: true })) {
      try { createHash('sha256').update(readFileSync(root + '/' + name)).digest(); } catch {}
    }
  }
  const seconds = (performance.now() - start) / 1000;`);
rows.push(['floor: read + SHA-256 every byte of the 3 trees once', `${floor.seconds.toFixed(2)} s`, `${floor.maxRssMb.toFixed(0)} MB`]);
console.log(`${count} files, 1% edited by the project, 5% changed upstream\n`);
table(['contender', 'time', 'peak RSS'], rows);
rmSync(work, { recursive: true, force: true });
