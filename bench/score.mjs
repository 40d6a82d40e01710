// Risk-scoring benchmarks (results in BENCHMARKS.md, "Risk scoring"). Run: make bench, or
//   node bench/score.mjs
// 1. 100,000 realistic repository paths × 20 realistic patterns, every matcher precompiled,
//    same match count asserted: minimatch, picomatch, upkeep native and wasm (JS API).
// 2. Pathological patterns on near-miss paths of growing length: time per match.
// 3. parseNumstat + actualRisk over a 100,000-row numstat, 20 write-set and 20 contract globs.
// 4. GlobSet batches by route: the facade's joined string against the engine's own
//    one-string-per-path call, alternated in one process, in wall and CPU time.
//    UPKEEP_BENCH_PREVIOUS_ADDON=<a .node file of another build> adds that build's two
//    routes to the same rounds.
import { createRequire } from 'node:module';
import { loadImplementation } from '../npm/lib/engine-node.js';
import { withBulkApis } from '../npm/lib/bulk-api.js';
import { SCORE_PATTERNS } from './harness.mjs';

// The competitors are devDependencies of the package in npm/.
const require = createRequire(new URL('../npm/package.json', import.meta.url));
const { Minimatch } = /** @type {typeof import('../npm/node_modules/minimatch/dist/commonjs/index.js')} */ (require('minimatch'));
const picomatch = /** @type {typeof import('../npm/node_modules/@types/picomatch/index.js')} */ (require('picomatch'));

const engines = /** @type {const} */ ([
  ['upkeep native', loadImplementation('native')],
  ['upkeep wasm', loadImplementation('wasm')],
]);

/** Deterministic pseudo-random numbers, so every run measures the same inputs. */
let seed = 42;
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
/** @template T @param {readonly T[]} xs @returns {T} */
const pick = (xs) => xs[Math.floor(rand() * xs.length)];

const tops = ['src', 'src', 'src', 'lib', 'test', 'docs', 'packages', 'scripts', '.github', 'core', 'examples', 'node_modules'];
const dirs = [
  'components',
  'utils',
  'api',
  'models',
  'views',
  'hooks',
  '__tests__',
  'fixtures',
  'internal',
  'server',
  'client',
  'styles',
  'workflows',
  'v1',
  'legacy',
];
const names = [
  'index',
  'main',
  'app',
  'button',
  'router',
  'store',
  'config',
  'helpers',
  'types',
  'schema',
  'README',
  'package',
  'user',
  'auth',
  'logger',
];
const exts = ['.js', '.js', '.ts', '.ts', '.tsx', '.json', '.md', '.rs', '.yml', '.snap', '.css', '.test.js', '.d.ts', '.sh'];
/** A realistic repository path. */
function repoPath() {
  const parts = [pick(tops)];
  if (parts[0] === 'packages') parts.push(`pkg-${Math.floor(rand() * 40)}`, 'src');
  for (let depth = Math.floor(rand() * 4); depth > 0; depth -= 1) parts.push(pick(dirs));
  parts.push(pick(names) + pick(exts));
  return rand() < 0.05 ? `${pick(names)}${pick(['.md', '.json', '.toml'])}` : parts.join('/');
}
const paths = Array.from({ length: 100_000 }, repoPath);
const patterns = SCORE_PATTERNS;

/** Best wall time of `runs` runs, in ms, and the last result. */
function best(/** @type {() => number} */ f, runs = 7) {
  let ms = Infinity;
  let result = 0;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    result = f();
    ms = Math.min(ms, performance.now() - start);
  }
  return { ms, result };
}
const fmt = (/** @type {number} */ x, digits = 1) => x.toFixed(digits);

console.log(`## Glob matching: ${paths.length.toLocaleString('en')} paths × ${patterns.length} patterns, precompiled`);
const tests = paths.length * patterns.length;
/** @type {[string, () => number][]} */
const matchers = [];
{
  const mms = patterns.map((p) => new Minimatch(p, { dot: true }));
  matchers.push([
    'minimatch 11',
    () => {
      let n = 0;
      for (const p of paths) for (const m of mms) if (m.match(p)) n += 1;
      return n;
    },
  ]);
  const pms = patterns.map((p) => picomatch(p, { dot: true }));
  matchers.push([
    'picomatch 4',
    () => {
      let n = 0;
      for (const p of paths) for (const m of pms) if (m(p)) n += 1;
      return n;
    },
  ]);
  for (const [name, api] of engines) {
    const set = new api.GlobSet(patterns);
    matchers.push([`${name}, GlobSet.matchesMany (one call)`, () => set.matchesMany(paths).length / 2]);
    matchers.push([
      `${name}, GlobSet.matches per path`,
      () => {
        let n = 0;
        for (const p of paths) n += set.matches(p).length;
        return n;
      },
    ]);
  }
}
const rows = matchers.map(([name, f]) => ({ name, ...best(f) }));
const baseline = rows[0];
console.log('| matcher | matches | time (ms) | M tests/s | × minimatch |\n|---|---:|---:|---:|---:|');
for (const { name, ms, result } of rows) {
  if (result !== baseline.result) throw new Error(`${name} found ${result} matches, minimatch ${baseline.result}`);
  console.log(`| ${name} | ${result.toLocaleString('en')} | ${fmt(ms)} | ${fmt(tests / ms / 1000)} | ${fmt(baseline.ms / ms, 2)} |`);
}

console.log('\n## Pathological patterns on near-miss paths (time per match)');
const nasty = [
  ['**/a/**/a/**/a/**/b', (/** @type {number} */ n) => `${'a/'.repeat(n / 2)}c`],
  ['*a*a*a*a*b', (/** @type {number} */ n) => 'a'.repeat(n)],
];
const lengths = [64, 256, 1024, 4096, 8192, 16384];
/** Per-match microseconds, or null once a matcher needed over 2 s at a shorter length. */
const competitors = [
  [
    'minimatch',
    (/** @type {string} */ g) => {
      const m = new Minimatch(g, { dot: true });
      return (/** @type {string} */ p) => m.match(p);
    },
  ],
  ['picomatch', (/** @type {string} */ g) => picomatch(g, { dot: true })],
  ...engines.map(([name, api]) => [
    name,
    (/** @type {string} */ g) => {
      const s = new api.GlobSet([g]);
      return (/** @type {string} */ p) => s.isMatch(p);
    },
  ]),
];
console.log(`| pattern | matcher | ${lengths.map((n) => `${n} B`).join(' | ')} |\n|---|---|${lengths.map(() => '---:').join('|')}|`);
for (const [glob, makePath] of nasty) {
  for (const [name, compile] of /** @type {[string, (g: string) => (p: string) => boolean][]} */ (competitors)) {
    const match = compile(/** @type {string} */ (glob));
    let gaveUp = false;
    const cells = lengths.map((n) => {
      if (gaveUp) return 'not run';
      const path = /** @type {(n: number) => string} */ (makePath)(n);
      const reps = name.startsWith('upkeep') ? 200 : 1;
      const start = performance.now();
      for (let i = 0; i < reps; i += 1) if (match(path)) throw new Error(`${name} matched a near miss`);
      const us = ((performance.now() - start) * 1000) / reps;
      if (us > 2e6) gaveUp = true;
      return us >= 1000 ? `${fmt(us / 1000)} ms` : `${fmt(us)} µs`;
    });
    console.log(`| \`${glob}\` | ${name} | ${cells.join(' | ')} |`);
  }
}

console.log('\n## parseNumstat + actualRisk: 100,000-row numstat, 20 write-set and 20 contract globs');
const numstat = paths
  .map((p, i) => (i % 50 === 0 ? `${i % 7}\t${i % 5}\t${p.replace(/\/([^/]*)$/, '/{old => new}/$1')}` : `${i % 13}\t${i % 3}\t${p}`))
  .join('\n');
const writeSet = [
  'src/**',
  'lib/**',
  'test/**',
  'docs/**',
  'packages/*/src/**',
  'scripts/**',
  'core/**',
  'examples/**',
  '.github/workflows/ci.yml',
  'package.json',
  'README.md',
  'index.md',
  'main.json',
  'config.toml',
  'node_modules/**',
  'src/legacy/**',
  'lib/internal/**',
  'test/fixtures/**',
  'docs/v1/**',
  'core/server/**',
];
const contracts = [
  '**/api/**',
  '**/*.d.ts',
  '**/schema.json',
  'packages/*/src/types.ts',
  '**/openapi.yml',
  'src/api/v1/**',
  'lib/types.ts',
  '**/public/**',
  'core/**/api.rs',
  '**/contracts/**',
  '**/*.proto',
  '**/graphql/**',
  'src/models/**/*.ts',
  '**/v1/schema.*',
  'docs/api/**',
  '**/interface.ts',
  'core/schema/**',
  'lib/api.js',
  '**/*.idl',
  'api.md',
];
console.log('| engine | rows | parseNumstat (ms) | actualRisk (ms) | total (ms) | score | reasons |\n|---|---:|---:|---:|---:|---:|---:|');
for (const [name, api] of engines) {
  const parse = best(() => api.parseNumstat(numstat).length);
  const files = api.parseNumstat(numstat);
  /** @type {{score: number, reasons: string[]}} */
  let risk = { score: 0, reasons: [] };
  const score = best(() => {
    risk = api.actualRisk(0.2, files, { writeSet, contracts, ignoreDeletions: ['**/*.snap'] });
    return risk.score;
  });
  console.log(
    `| ${name} | ${files.length.toLocaleString('en')} | ${fmt(parse.ms)} | ${fmt(score.ms)} | ${fmt(parse.ms + score.ms)} | ${risk.score} | ${risk.reasons.length} |`,
  );
}

console.log('\n## GlobSet batch routes: one joined string against one string per path');
// The facade's `GlobSet` (npm/lib/score-api.js) joins the paths and calls `matchesManyJoined`;
// its base class, the engine's own, takes the array of strings (the route the facade falls
// back to when a join pairs up lone surrogates). Alternated so both see the same load.
const ROUNDS = 15;
const previousAddon = process.env.UPKEEP_BENCH_PREVIOUS_ADDON;
/** @type {(readonly [string, any])[]} */
const routeEngines = [...engines];
if (previousAddon) routeEngines.splice(1, 0, ['upkeep native, previous build', withBulkApis(require(previousAddon))]);
console.log(
  '| engine | route | matchesMany best (ms) | median (ms) | CPU median (ms) | isMatchMany best (ms) | median (ms) | CPU median (ms) |\n|---|---|---:|---:|---:|---:|---:|---:|',
);
/** Every engine's two routes, each with its timings; the rounds visit them in turn. */
const contenders = routeEngines.flatMap(([name, api]) => [
  {
    name,
    route: 'joined',
    set: new api.GlobSet(patterns),
    pairs: /** @type {number[]} */ ([]),
    any: /** @type {number[]} */ ([]),
    pairsCpu: /** @type {number[]} */ ([]),
    anyCpu: /** @type {number[]} */ ([]),
  },
  {
    name,
    route: 'per string',
    set: new (Object.getPrototypeOf(api.GlobSet))(patterns),
    pairs: /** @type {number[]} */ ([]),
    any: /** @type {number[]} */ ([]),
    pairsCpu: /** @type {number[]} */ ([]),
    anyCpu: /** @type {number[]} */ ([]),
  },
]);
/** CPU milliseconds (user + system) since `from`. @param {NodeJS.CpuUsage} from */
const cpuMs = (from) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
for (let round = 0; round < ROUNDS; round += 1) {
  // Every other round in reverse, so no contender always pays for its predecessor's garbage.
  for (const c of round % 2 ? [...contenders].reverse() : contenders) {
    let cpu = process.cpuUsage();
    let start = performance.now();
    const pairs = c.set.matchesMany(paths).length / 2;
    c.pairs.push(performance.now() - start);
    c.pairsCpu.push(cpuMs(cpu));
    cpu = process.cpuUsage();
    start = performance.now();
    const any = c.set.isMatchMany(paths).reduce((/** @type {number} */ n, /** @type {number} */ b) => n + b, 0);
    c.any.push(performance.now() - start);
    c.anyCpu.push(cpuMs(cpu));
    if (pairs !== baseline.result) throw new Error(`${c.name} ${c.route} found ${pairs} matches, minimatch ${baseline.result}`);
    if (any === 0) throw new Error(`${c.name} ${c.route}: isMatchMany matched nothing`);
  }
}
const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const c of contenders) {
  console.log(
    `| ${c.name} | ${c.route} | ${fmt(Math.min(...c.pairs))} | ${fmt(median(c.pairs))} | ${fmt(median(c.pairsCpu))} | ${fmt(Math.min(...c.any))} | ${fmt(median(c.any))} | ${fmt(median(c.anyCpu))} |`,
  );
}
