// The cost of crossing the N-API boundary (results in BENCHMARKS.md, "Binding encode and
// decode"). Run: make bench, or
//   node bench/binding.mjs
//   UPKEEP_BENCH_PREVIOUS_ADDON=<a .node file of another build> node bench/binding.mjs
// The calls whose arguments or answers are large, on the native addon as the facade calls
// them: planUpdate on a 10,000-file update (the plan holds 100 patches' bytes), diffHunks on
// a 5,000-line file with 500 changes, parseNumstatZ on 100,000 rows, and GlobSet.matchesMany
// on 100,000 paths × 20 patterns by both routes (the facade's joined string; the engine's
// one string per path, which the facade takes only when joining would pair up lone
// surrogates). Rounds alternate with the previous build when one is given (same process,
// same inputs); each row gives wall time and the process's CPU time (user + system), the
// steadier of the two on a machine shared with other builds.
//
// Instruction counts, which no neighbour's load changes (valgrind; the calls' own count is
// the difference between --repeat N and --repeat 0, which builds the inputs only):
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//     node bench/binding.mjs --call parseNumstatZ --repeat 3 [--addon <file>]
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { loadImplementation } from '../npm/lib/engine-node.js';
import { withBulkApis } from '../npm/lib/bulk-api.js';
import { SCORE_PATTERNS } from './harness.mjs';

const require = createRequire(import.meta.url);
const ROUNDS = 9;
const { values: flags } = parseArgs({
  options: { call: { type: 'string' }, repeat: { type: 'string' }, addon: { type: 'string' } },
});

/** A 10,000-file update as the update flow hands it over: 5 % changed upstream, 1 % edited. */
function updateInput() {
  const count = 10_000;
  const body = (/** @type {number} */ i, /** @type {string} */ tag) =>
    Buffer.from(`${Array.from({ length: 40 }, (_, line) => `// file ${i} line ${line} ${line === 20 ? tag : ''}`).join('\n')}\n`);
  /** @type {Record<string, string>} */
  const listed = {};
  const files = [];
  for (let i = 0; i < count; i += 1) {
    const path = `src/m${i % 100}/f${i}.js`;
    listed[path] = 'owned';
    files.push({
      path,
      current: { bytes: body(i, i % 100 === 0 ? 'edited' : 'v1') },
      baseline: { bytes: body(i, 'v1') },
      latest: { bytes: body(i, i % 20 === 0 ? 'v2' : 'v1') },
    });
  }
  const manifest = JSON.stringify({ schema: 1, files: listed });
  return {
    from: '1.0.0',
    to: '1.1.0',
    baselineManifest: manifest,
    latestManifest: manifest,
    files,
    claimFiles: [],
    changelog: null,
    packageJson: null,
    leftoverPatches: [],
    options: { conflicts: 'patch', ignoreEol: false, stateDir: '.upkeep', runId: 'bench', dryRun: false, noRegions: false },
  };
}

const input = updateInput();
const lines = Array.from({ length: 5000 }, (_, i) => `line ${i} of a source file`);
const oldText = Buffer.from(`${lines.join('\n')}\n`);
const newText = Buffer.from(`${lines.map((l, i) => (i % 10 === 0 ? `${l} changed` : l)).join('\n')}\n`);
const numstatZ = Buffer.from(Array.from({ length: 100_000 }, (_, i) => `${i % 13}\t${i % 3}\tsrc/dir${i % 50}/file${i}.js\0`).join(''));
const dirs = ['src', 'lib', 'test', 'docs', 'packages/p1/src', '.github/workflows', 'core/api', 'examples'];
const exts = ['.js', '.ts', '.tsx', '.json', '.md', '.rs', '.yml', '.snap', '.test.js', '.d.ts'];
const paths = Array.from({ length: 100_000 }, (_, i) => `${dirs[i % dirs.length]}/m${i % 97}/f${i}${exts[i % exts.length]}`);
const patterns = SCORE_PATTERNS;
/** The engine's own GlobSet (the facade's class extends it), and the facade's, per engine. */
const globSets = new Map();
const globSet = (/** @type {any} */ api, /** @type {boolean} */ joined) => {
  const key = `${joined}`;
  const sets = globSets.get(api) ?? new Map();
  globSets.set(api, sets);
  if (!sets.has(key)) sets.set(key, joined ? new api.GlobSet(patterns) : new (Object.getPrototypeOf(api.GlobSet))(patterns));
  return sets.get(key);
};

/** @type {[string, string, (api: any) => number][]} */
const calls = [
  ['planUpdate', 'planUpdate, 10,000 files', (api) => api.planUpdate(input).actions.length],
  ['diffHunks', 'diffHunks, 5,000 lines, 500 changes', (api) => api.diffHunks(oldText, newText).length],
  ['parseNumstatZ', 'parseNumstatZ, 100,000 rows', (api) => api.parseNumstatZ(numstatZ).length],
  ['matchesManyJoined', 'GlobSet.matchesMany, joined string', (api) => globSet(api, true).matchesMany(paths).length],
  ['matchesManyPerString', 'GlobSet.matchesMany, one string per path', (api) => globSet(api, false).matchesMany(paths).length],
];

if (flags.call) {
  // Instruction-count mode: one call, `repeat` times, on one addon; nothing printed.
  const call = calls.find(([id]) => id === flags.call);
  if (!call) throw new Error(`--call must be one of ${calls.map(([id]) => id).join(', ')}`);
  const api = flags.addon ? withBulkApis(require(flags.addon)) : loadImplementation('native');
  for (let i = 0; i < Number(flags.repeat ?? 1); i += 1) call[2](api);
  process.exit(0);
}

/** @type {[string, any][]} */
const builds = [['this build', loadImplementation('native')]];
const previous = process.env.UPKEEP_BENCH_PREVIOUS_ADDON;
if (previous) builds.push(['previous build', withBulkApis(require(previous))]);

/** @type {Map<string, { wall: number[], cpu: number[] }>} */
const times = new Map();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [, call, run] of calls) {
    // Every other round in reverse, so neither build always pays for the garbage the call
    // before it left.
    for (const [build, api] of round % 2 ? [...builds].reverse() : builds) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      const size = run(api);
      const wall = performance.now() - start;
      const used = process.cpuUsage(cpu);
      if (size === 0) throw new Error(`${call} on ${build} returned nothing`);
      const key = `${call}|${build}`;
      const seen = times.get(key) ?? { wall: [], cpu: [] };
      seen.wall.push(wall);
      seen.cpu.push((used.user + used.system) / 1000);
      times.set(key, seen);
    }
  }
}
const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (/** @type {number} */ x) => x.toFixed(1);
console.log("## Binding encode and decode: native addon, the facade's calls");
console.log(`| call | build | wall, best (ms) | wall, median of ${ROUNDS} (ms) | CPU, median (ms) |\n|---|---|---:|---:|---:|`);
for (const [, call] of calls) {
  for (const [build] of builds) {
    const { wall, cpu } = /** @type {{ wall: number[], cpu: number[] }} */ (times.get(`${call}|${build}`));
    console.log(`| ${call} | ${build} | ${fmt(Math.min(...wall))} | ${fmt(median(wall))} | ${fmt(median(cpu))} |`);
  }
}
