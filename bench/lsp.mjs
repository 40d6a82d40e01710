// The language server's latency, measured through a real protocol client over stdio:
//   1. a 5,000-line managed file: time from an incremental edit (didChange) to the
//      diagnostics published for that version, on both engines, against what a user would
//      run instead to see the same three-way picture (`git merge-file -p` on the three
//      sides, and `upkeep merge -p`);
//   2. a workspace of 10,000 managed files: requests (hover, code lens) sent every 20 ms
//      while the background scan runs — their worst latency, the scan's time and the
//      server's peak memory (VmHWM).
// Usage: node bench/lsp.mjs [--files 10000] [--lines 5000] [--edits 60]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CLI, startClient, uri } from '../tests/js/lsp-client.js';
import { table } from './harness.mjs';

const arg = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const FILES = arg('files', 10000);
const LINES = arg('lines', 5000);
const EDITS = arg('edits', 60);

const work = mkdtempSync(join(tmpdir(), 'upkeep-bench-lsp-'));
const write = (/** @type {string} */ path, /** @type {string} */ text) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
};

/** A template at 1.0.0 and 1.1.0 and a project scaffolded from 1.0.0, then edited. */
function workspace(/** @type {string} */ name, /** @type {Record<string, [string, string, string]>} */ files) {
  const dir = join(work, name);
  const manifest = JSON.stringify({ schema: 1, files: Object.fromEntries(Object.keys(files).map((p) => [p, 'shared'])) });
  /** @type {[string, string][]} */
  const sides = [
    ['v1', '1.0.0'],
    ['v2', '1.1.0'],
    ['project', '1.0.0'],
  ];
  for (const [index, [side, version]] of sides.entries()) {
    write(join(dir, side, '.upkeep/VERSION'), `${version}\n`);
    write(join(dir, side, '.upkeep/manifest.json'), manifest);
    for (const [path, texts] of Object.entries(files)) write(join(dir, side, path), texts[index]);
  }
  return { project: join(dir, 'project'), baseline: join(dir, 'v1'), latest: join(dir, 'v2') };
}

const quantile = (/** @type {number[]} */ xs, /** @type {number} */ q) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const ms = (/** @type {number} */ x) => `${x.toFixed(1)} ms`;

// ---- 1. A 5,000-line file ----
const lines = Array.from({ length: LINES }, (_, i) => `const value${i} = compute(${i}, 'line ${i} of the managed file');\n`);
const base = lines.join('');
const latest = lines.map((l, i) => (i % 250 === 100 ? l.replace('compute', 'computeFast') : l)).join('');
const mine = lines.map((l, i) => (i % 500 === 300 ? l.replace('of the', 'of my') : l)).join('');
const big = workspace('big', { 'src/big.js': [base, latest, mine] });
const bigFile = join(big.project, 'src/big.js');

/** @type {string[][]} */
const latencyRows = [];
for (const engine of ['native', 'wasm']) {
  const client = await startClient({
    folder: big.project,
    initializationOptions: { baseline: big.baseline, latest: big.latest },
    env: engine === 'wasm' ? { UPKEEP_FORCE_WASM: '1' } : {},
  });
  await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'ready');
  const first = client.open(bigFile, 'javascript', mine);
  const initial = await client.diagnostics(uri(bigFile), first);
  /** @type {number[]} */
  const samples = [];
  for (let i = 0; i < EDITS; i += 1) {
    const line = (i * 97) % LINES;
    const start = performance.now();
    const { version, since } = client.change(bigFile, [
      { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: i % 2 ? ' ' : '' },
    ]);
    await client.diagnostics(uri(bigFile), since, version);
    samples.push(performance.now() - start);
  }
  latencyRows.push([
    `upkeep lsp (${engine})`,
    `${initial.length}`,
    ms(quantile(samples, 0.5)),
    ms(quantile(samples, 0.95)),
    ms(Math.max(...samples)),
  ]);
  await client.stop();
}
// What a user runs instead for the same picture: a three-way merge of the three sides.
writeFileSync(join(work, 'base.js'), base);
writeFileSync(join(work, 'latest.js'), latest);
writeFileSync(join(work, 'mine.js'), mine);
for (const [name, cmd, args] of [
  [
    'git merge-file -p (a process per look)',
    'git',
    ['merge-file', '-p', join(work, 'mine.js'), join(work, 'base.js'), join(work, 'latest.js')],
  ],
  [
    'upkeep merge -p (a process per look)',
    process.execPath,
    [CLI, 'merge', '-p', join(work, 'mine.js'), join(work, 'base.js'), join(work, 'latest.js')],
  ],
]) {
  /** @type {number[]} */
  const samples = [];
  for (let i = 0; i < 15; i += 1) {
    const start = performance.now();
    spawnSync(/** @type {string} */ (cmd), /** @type {string[]} */ (args), { stdio: 'ignore' });
    samples.push(performance.now() - start);
  }
  latencyRows.push([/** @type {string} */ (name), '—', ms(quantile(samples, 0.5)), ms(quantile(samples, 0.95)), ms(Math.max(...samples))]);
}
console.log(`\n### Diagnostics after an edit: a ${LINES}-line managed file, ${EDITS} incremental edits\n`);
table(['contender', 'diagnostics', 'median', 'p95', 'max'], latencyRows);

// ---- 2. 10,000 managed files ----
/** @type {Record<string, [string, string, string]>} */
const many = {};
for (let i = 0; i < FILES; i += 1) {
  const text = `# file ${i}\n\nline one\nline two\nline three\n`;
  many[`docs/${Math.floor(i / 100)}/file${i}.md`] = [
    text,
    i % 10 === 0 ? text.replace('one', 'ONE') : text,
    i % 7 === 0 ? text.replace('three', 'mine') : text,
  ];
}
const wide = workspace('wide', many);
const sample = join(wide.project, 'docs/0/file0.md');
const opened = performance.now();
const client = await startClient({ folder: wide.project, initializationOptions: { baseline: wide.baseline, latest: wide.latest } });
const pid = Number(execFileSync('pgrep', ['-n', '-f', `${CLI} lsp`], { encoding: 'utf8' }).trim());
client.open(sample, 'markdown');
/** @type {number[]} */
const requestTimes = [];
let scanned = false;
const scanDone = client
  .waitFor((n) => n.method === 'upkeep/status' && /; scanned/.test(n.params.message ?? ''), { timeout: 600000 })
  .then((n) => {
    scanned = true;
    return n;
  });
const ready = await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'ready', { timeout: 600000 });
const readyAt = performance.now();
let duringScan = 0;
while (!scanned) {
  const start = performance.now();
  await client.request('textDocument/hover', { textDocument: { uri: uri(sample) }, position: { line: 2, character: 1 } });
  await client.request('textDocument/codeLens', { textDocument: { uri: uri(sample) } });
  requestTimes.push(performance.now() - start);
  if (!scanned) duringScan += 1;
  await new Promise((r) => setTimeout(r, 20));
}
const done = await scanDone;
const scanSeconds = (performance.now() - readyAt) / 1000;
const hwm = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/)?.[1];
await client.stop();
console.log(`\n### Opening a workspace of ${FILES.toLocaleString('en')} managed files\n`);
table(
  ['measure', 'value'],
  [
    ['ready (manifest read, releases found)', ms(readyAt - opened)],
    ['background scan (every file read and viewed)', `${scanSeconds.toFixed(1)} s`],
    ['requests answered during the scan (hover + code lens pairs)', String(duringScan)],
    [
      'their median / p95 / max latency',
      `${ms(quantile(requestTimes, 0.5))} / ${ms(quantile(requestTimes, 0.95))} / ${ms(Math.max(...requestTimes))}`,
    ],
    ['server peak memory (VmHWM)', `${(Number(hwm) / 1024).toFixed(0)} MiB`],
  ],
);
console.log(`\n(status after the scan: ${done.params.message}; ready: ${ready.params.message})`);
rmSync(work, { recursive: true, force: true });
