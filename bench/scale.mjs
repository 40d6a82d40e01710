// upkeep update, status and refresh at 10,000 / 30,000 / 100,000 files: time and peak RSS
// of the native and the wasm engine against the floor (reading every byte of the three
// trees once and hashing it with node:crypto), with the machine's load average.
//
// The generated template holds small source-like files (about 1.3 KB, 40 lines, spread
// over nested folders); the latest release changes 5 % of them, the project edits 1 % (a
// fifth of those are files upstream changed too: both-changed). Each contender runs in a
// fresh process after a `sync`, so its peak RSS is its own (read when the flow returns,
// before the benchmark serializes the result to compare it); every contender's report is
// checked against the others' before any figure is printed.
//
//   node bench/scale.mjs                         10k, 30k and 100k files, every command
//   node bench/scale.mjs --sizes 10000 --commands status,update --engines native
//   node bench/scale.mjs --timeout 900           a contender still running after 900 s is
//                                                stopped and reported as such
//   node bench/scale.mjs --json results.json     also write the figures as JSON
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { table } from './harness.mjs';

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,30000,100000' },
    commands: { type: 'string', default: 'status,update,refresh' },
    engines: { type: 'string', default: 'native,wasm' },
    timeout: { type: 'string', default: '1200' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const sizes = flags.sizes.split(',').map(Number);
const commands = flags.commands.split(',');
const engines = flags.engines.split(',');
const timeoutMs = Number(flags.timeout) * 1000;
const here = dirname(fileURLToPath(import.meta.url));

/** A deterministic pseudo-random sequence (LCG), so every run generates the same trees. */
function random(/** @type {number} */ seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS = ['value', 'result', 'items', 'count', 'config', 'options', 'index', 'name', 'path', 'entry', 'buffer', 'state'];
/** File `i`'s content: 40 source-like lines; `tag` marks the release or the project's edit. */
function body(/** @type {number} */ i, /** @type {string} */ tag) {
  const next = random(i * 7919 + 1);
  const word = () => WORDS[Math.floor(next() * WORDS.length)];
  const lines = [`// module ${i}`, `import { ${word()} } from './m${i % 97}.js';`, ''];
  while (lines.length < 39) {
    const n = lines.length;
    switch (n % 6) {
      case 0:
        lines.push(`export function ${word()}${n}(${word()}, ${word()}) {`);
        break;
      case 1:
        lines.push(`  const ${word()} = ${word()}.map((x) => x * ${n}).filter(Boolean);`);
        break;
      case 2:
        lines.push(`  if (${word()}.length > ${Math.floor(next() * 100)}) return null;`);
        break;
      case 3:
        lines.push(`  return { ${word()}, ${word()}: ${n} };`);
        break;
      case 4:
        lines.push('}');
        break;
      default:
        lines.push('');
    }
  }
  lines.push(`export const release = '${tag}';`);
  return `${lines.join('\n')}\n`;
}

const pathOf = (/** @type {number} */ i) => `packages/p${i % 10}/src/m${Math.floor(i / 10) % 100}/f${i}.js`;
// 5 % changed upstream (i % 20 == 0), 1 % edited by the project (i % 100 == 3 or 0): the
// multiples of 100 are both-changed.
const upstreamChanged = (/** @type {number} */ i) => i % 20 === 0;
const projectEdited = (/** @type {number} */ i) => i % 100 === 0 || i % 100 === 3;
const classOf = (/** @type {number} */ i) => (i % 10 === 7 ? 'owned' : 'shared');

/** Writes `count` files of one tree; returns their SHA-256 by path when asked. */
function writeFiles(/** @type {string} */ dir, /** @type {number} */ count, /** @type {(i: number) => string} */ content, hashes = false) {
  /** @type {Map<string, string>} */
  const digests = new Map();
  const made = new Set();
  for (let i = 0; i < count; i += 1) {
    const path = pathOf(i);
    const folder = dirname(join(dir, path));
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    const text = content(i);
    writeFileSync(join(dir, path), text);
    if (hashes) digests.set(path, createHash('sha256').update(text).digest('hex'));
  }
  return digests;
}

/** The two releases, the update project and the refresh host for `count` files. */
function generate(/** @type {string} */ work, /** @type {number} */ count) {
  const v1 = join(work, 'v1');
  const v2 = join(work, 'v2');
  /** @type {Record<string, string>} */
  const manifest = {};
  for (let i = 0; i < count; i += 1) manifest[pathOf(i)] = classOf(i);
  const installed = writeFiles(v1, count, (i) => body(i, 'v1'), true);
  writeFiles(v2, count, (i) => body(i, upstreamChanged(i) ? 'v2' : 'v1'));
  for (const [dir, version] of [
    [v1, '1.0.0'],
    [v2, '1.1.0'],
  ]) {
    mkdirSync(join(dir, '.upkeep'), { recursive: true });
    writeFileSync(join(dir, '.upkeep/VERSION'), `${version}\n`);
    writeFileSync(join(dir, '.upkeep/manifest.json'), JSON.stringify({ schema: 1, files: manifest }));
  }
  // The refresh source is the latest release with an install manifest; the host was
  // installed from the first release (its record holds those hashes).
  const files = Object.keys(manifest).map((path) => ({ src: path, target: path }));
  mkdirSync(join(v2, 'install'), { recursive: true });
  writeFileSync(join(v2, 'install/manifest.json'), JSON.stringify({ schema: 1, files }));
  const record = { schema: 1, files: files.map((f) => ({ ...f, sha256: installed.get(f.src) })) };
  const edit = (/** @type {string} */ dir) => {
    for (let i = 0; i < count; i += 1) if (projectEdited(i)) writeFileSync(join(dir, pathOf(i)), body(i, 'edited'));
  };
  const project = (/** @type {string} */ name) => {
    const dir = join(work, name);
    execFileSync('cp', ['-a', v1, dir]);
    edit(dir);
    return dir;
  };
  const host = (/** @type {string} */ name) => {
    const dir = join(work, name);
    execFileSync('cp', ['-a', v1, dir]);
    rmSync(join(dir, '.upkeep'), { recursive: true });
    writeFileSync(join(dir, '.upkeep-source.json'), `${JSON.stringify(record, null, 2)}\n`);
    edit(dir);
    return dir;
  };
  return { v1, v2, project, host };
}

/**
 * Runs `source` (an ES module body that sets `seconds` and `result`) in a fresh node with
 * the engine's calls timed; returns its seconds, peak RSS, the engine's share and a
 * digest of its result, or `{ timedOut: true }`.
 */
function measure(/** @type {string} */ source, /** @type {Record<string, string>} */ env = {}) {
  // Flush the trees just generated or copied, so no contender pays for another's writes.
  execFileSync('sync');
  const wrapped = `
    const { engine } = await import('../npm/lib/engine.js');
    let engineMs = 0;
    const timed = (fn) => function (...args) { const t = performance.now(); try { return fn.apply(this, args); } finally { engineMs += performance.now() - t; } };
    for (const [name, value] of Object.entries(engine)) {
      if (typeof value !== 'function') continue;
      if (/^[A-Z]/.test(name) && value.prototype) {
        for (const method of Object.getOwnPropertyNames(value.prototype)) {
          const f = value.prototype[method];
          if (method !== 'constructor' && typeof f === 'function') value.prototype[method] = timed(f);
        }
      } else engine[name] = timed(value);
    }
    let seconds, result;
    ${source}
    // The flow's peak, read before the benchmark builds and serializes the result for its own check.
    const maxRssMb = process.resourceUsage().maxRSS / 1024;
    if (typeof result === 'function') result = result();
    const digest = (await import('node:crypto')).createHash('sha256').update(JSON.stringify(result ?? null)).digest('hex').slice(0, 16);
    console.log(JSON.stringify({ seconds, engineSeconds: engineMs / 1000, maxRssMb, digest }));`;
  try {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', wrapped], {
      cwd: here,
      encoding: 'utf8',
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
      maxBuffer: 1 << 26,
      env: { ...process.env, ...env },
    });
    return JSON.parse(out.trim().split('\n').pop() ?? '');
  } catch (error) {
    if (/** @type {any} */ (error).signal === 'SIGKILL') return { timedOut: true };
    throw error;
  }
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** The flow call each command times, and the part of its outcome every engine must agree on. */
const runs = {
  status: (/** @type {{ project: string, v1: string, v2: string }} */ t) => `
    const { update } = await import('../npm/lib/flows/update.js');
    const start = performance.now();
    const out = await update({ root: ${JSON.stringify(t.project)}, baseline: ${JSON.stringify(t.v1)}, latest: ${JSON.stringify(t.v2)}, dryRun: true });
    seconds = (performance.now() - start) / 1000;
    if (out.status !== 'dry-run') throw new Error(out.status);
    result = () => { const plan = out.session.planned(); return { report: plan.report, files: plan.files }; };`,
  update: (/** @type {{ project: string, v1: string, v2: string }} */ t) => `
    const { update } = await import('../npm/lib/flows/update.js');
    const start = performance.now();
    const out = await update({ root: ${JSON.stringify(t.project)}, baseline: ${JSON.stringify(t.v1)}, latest: ${JSON.stringify(t.v2)}, now: () => new Date(0) });
    seconds = (performance.now() - start) / 1000;
    if (out.status !== 'updated') throw new Error(out.status);
    result = () => ({ ...out.session.planned().report, backupDir: null });`,
  refresh: (/** @type {{ project: string, v2: string }} */ t) => `
    const { runRefresh } = await import('../npm/lib/flows/refresh.js');
    const start = performance.now();
    const out = await runRefresh({ source: ${JSON.stringify(t.v2)}, target: ${JSON.stringify(t.project)} });
    seconds = (performance.now() - start) / 1000;
    result = out.files.map((f) => [f.target, f.state, f.action, f.outcome]);`,
};

const floorRun = (/** @type {string[]} */ trees) => `
  const { readFileSync, readdirSync } = await import('node:fs');
  const { createHash } = await import('node:crypto');
  const start = performance.now();
  let files = 0;
  for (const root of ${JSON.stringify(trees)}) {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      createHash('sha256').update(readFileSync(join(entry.parentPath ?? entry.path, entry.name))).digest();
      files += 1;
    }
  }
  seconds = (performance.now() - start) / 1000;
  result = files;
  function join(a, b) { return a + '/' + b; }`;

const fmt = (/** @type {any} */ r) =>
  r.timedOut ? `> ${timeoutMs / 1000} s (stopped)` : `${r.seconds.toFixed(2)} s / ${r.maxRssMb.toFixed(0)} MB`;
const engineShare = (/** @type {any} */ r) =>
  r.timedOut ? '–' : `${r.engineSeconds.toFixed(2)} s (${((100 * r.engineSeconds) / r.seconds).toFixed(0)} %)`;

console.log(`node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`);
/** @type {any[]} */
const results = [];
for (const count of sizes) {
  const work = mkdtempSync(join(tmpdir(), `upkeep-bench-scale-${count}-`));
  try {
    const started = performance.now();
    const trees = generate(work, count);
    console.log(`\n${count} files: generated in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${load()}`);
    const floor = measure(floorRun([trees.v1, trees.v2, trees.project('floor-project')]));
    results.push({ files: count, command: 'floor', engine: 'node:crypto', load: load(), ...floor });
    console.log(`  floor: ${fmt(floor)}`);
    /** @type {Record<string, string>} */
    const agreed = {};
    for (const command of commands) {
      for (const engine of engines) {
        const target = command === 'refresh' ? trees.host(`host-${engine}`) : trees.project(`${command}-${engine}`);
        const before = load();
        const r = measure(runs[/** @type {'status' | 'update' | 'refresh'} */ (command)]({ ...trees, project: target }), {
          UPKEEP_FORCE_WASM: engine === 'wasm' ? '1' : '0',
        });
        results.push({ files: count, command, engine, load: before, ...r });
        console.log(`  ${command} ${engine}: ${fmt(r)}; engine ${engineShare(r)}; load ${before}`);
        if (!r.timedOut) {
          if (agreed[command] && agreed[command] !== r.digest) throw new Error(`${command}: ${engine} disagrees with the other engine`);
          agreed[command] = r.digest;
        }
        rmSync(target, { recursive: true, force: true });
      }
    }
  } finally {
    if (!flags.keep) rmSync(work, { recursive: true, force: true });
  }
}

console.log(`\nload average after the runs: ${load()}\n`);
const floorOf = (/** @type {number} */ files) => results.find((r) => r.files === files && r.command === 'floor');
table(
  ['files', 'command', 'engine', 'time / peak RSS', '÷ floor', "engine's share", 'load before'],
  results.map((r) => [
    r.files.toLocaleString('en-US'),
    r.command,
    r.engine,
    fmt(r),
    r.command === 'floor' || r.timedOut ? '' : `${(r.seconds / floorOf(r.files).seconds).toFixed(2)}×`,
    r.command === 'floor' ? '' : engineShare(r),
    r.load.split(' ')[0],
  ]),
);
if (flags.json) writeFileSync(flags.json, `${JSON.stringify(results, null, 2)}\n`);
