// The lifecycle's two measured claims: `upkeep new` of a 10,000-file release against
// `cp -r` of the same tree, and a second update of the same versions doing no network and
// no git clone work (counted: every git and npm process upkeep starts goes through a
// logging wrapper on PATH, and the test registry logs every request). Each contender runs
// as a fresh process after a `sync`. Run with `node bench/lifecycle.mjs [files]`.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { table } from './harness.mjs';
import { startRegistry } from '../tests/js/npm-registry.js';

const count = Number(process.argv[2] ?? 10_000);
const runs = 5;
const work = mkdtempSync(join(tmpdir(), 'upkeep-bench-life-'));
const bin = fileURLToPath(new URL('../npm/bin/upkeep.js', import.meta.url));
const body = (/** @type {number} */ i, /** @type {string} */ tag) =>
  `${Array.from({ length: 40 }, (_, line) => `// file ${i} line ${line} ${line === 20 ? tag : ''}`).join('\n')}\n`;

/** A template tree of `count` files (no manifest: every file shared). */
function tree(/** @type {string} */ dir, /** @type {string} */ version, /** @type {(i: number) => string} */ content) {
  for (let i = 0; i < count; i += 1) {
    const path = join(dir, `src/m${i % 100}/f${i}.js`);
    if (i < 100) mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content(i));
  }
  mkdirSync(join(dir, '.upkeep'), { recursive: true });
  writeFileSync(join(dir, '.upkeep/VERSION'), `${version}\n`);
  return dir;
}

// Every git and npm process upkeep starts is logged, then run as installed.
const shims = join(work, 'shims');
mkdirSync(shims);
const log = join(work, 'tools.log');
for (const tool of ['git', 'npm']) {
  const real = execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
  writeFileSync(join(shims, tool), `#!/bin/sh\necho "${tool} $*" >> ${JSON.stringify(log)}\nexec ${JSON.stringify(real)} "$@"\n`);
  chmodSync(join(shims, tool), 0o755);
}
const baseEnv = { ...process.env, PATH: `${shims}:${process.env.PATH}`, XDG_CACHE_HOME: join(work, 'cache'), GIT_CONFIG_NOSYSTEM: '1' };

/** `/usr/bin/time` (GNU time) reports CPU time too: the figure that a loaded machine moves least. */
const gnuTime = spawnSync('/usr/bin/time', ['-f', '%e', 'true']).status === 0;

/** One run of `file args` (a fresh process) after a sync: wall seconds and CPU seconds (user + system). */
function timed(
  /** @type {string} */ file,
  /** @type {string[]} */ args,
  /** @type {Record<string, string | undefined>} */ env = baseEnv,
  cwd = work,
) {
  execFileSync('sync');
  const start = process.hrtime.bigint();
  const r = gnuTime
    ? spawnSync('/usr/bin/time', ['-f', 'upkeep-bench %U %S', file, ...args], { cwd, env, encoding: 'utf8' })
    : spawnSync(file, args, { cwd, env, encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${file} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  const cpu = /upkeep-bench ([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
  return { seconds, cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN };
}
const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The medians of wall and CPU time over `runs` runs of `run`. */
const medians = (/** @type {() => { seconds: number, cpu: number }} */ run) => {
  const samples = Array.from({ length: runs }, run);
  return { seconds: median(samples.map((x) => x.seconds)), cpu: median(samples.map((x) => x.cpu)) };
};
const upkeep = (/** @type {string[]} */ args, /** @type {any} */ env = baseEnv, cwd = work) =>
  timed(process.execPath, [bin, ...args], env, cwd);
const tools = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);
/** `git -C <dir> show …` → `git show` (local), `npm pack …` → `npm pack`. */
const describe = (/** @type {string} */ line) => {
  const words = line.split(' ');
  const rest = words[1] === '-C' ? words.slice(3) : words.slice(1);
  return `${words[0]} ${rest[0]}`;
};

console.log(
  `load average before the runs: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
const tpl = tree(join(work, 'tpl'), '1.0.0', (i) => body(i, 'v1'));
execFileSync('git', ['init', '-q', '-b', 'main', join(work, 'tpl.git')]);
execFileSync('cp', ['-a', `${tpl}/.`, join(work, 'tpl.git')]);
const g = (/** @type {string[]} */ args) =>
  execFileSync('git', ['-C', join(work, 'tpl.git'), ...args], {
    env: { ...baseEnv, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@x', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@x' },
  });
g(['add', '-A']);
g(['commit', '-qm', 'v1']);
g(['tag', 'v1.0.0']);

const rows = [];
let n = 0;
const target = () => join(work, `out-${(n += 1)}`);
const cp = medians(() => timed('cp', ['-r', tpl, target()]));
const cpSync = medians(() => {
  const t = target();
  return timed('sh', ['-c', `cp -r "$0" "$1" && sync -f "$1"`, tpl, t]);
});
const cold = medians(() => {
  rmSync(join(work, 'cache'), { recursive: true, force: true });
  return upkeep(['new', tpl, target()]);
});
upkeep(['new', tpl, target()]);
const folder = medians(() => upkeep(['new', tpl, target()]));
upkeep(['new', './tpl.git@1.0.0', target()]);
const before = tools().length;
const warm = medians(() => upkeep(['new', './tpl.git@1.0.0', target()]));
const warmTools = tools().length - before;
const row = (/** @type {string} */ label, /** @type {{ seconds: number, cpu: number }} */ m) => [
  label,
  `${m.seconds.toFixed(2)} s`,
  `${(m.seconds / cp.seconds).toFixed(2)}×`,
  `${m.cpu.toFixed(2)} s`,
  `${(m.cpu / cp.cpu).toFixed(2)}×`,
];
rows.push(row('cp -r (no sync)', cp));
rows.push(row('cp -r, then sync -f', cpSync));
rows.push(row('upkeep new ./tpl, empty cache (the folder is copied into the cache, then into the project)', cold));
rows.push(row('upkeep new ./tpl, folder unchanged since its cached copy', folder));
rows.push(row(`upkeep new ./tpl.git@1.0.0, release cached (${warmTools} git/npm processes in ${runs} runs)`, warm));
console.log(`\nupkeep new of ${count} files (median of ${runs} runs, each a fresh process)\n`);
table(['contender', 'wall', '× cp -r', 'CPU (user + sys)', '× cp -r'], rows);

// A second update of the same versions: an npm template at two versions on a local registry.
const pkg = (/** @type {string} */ version, /** @type {string} */ tag) => {
  const dir = join(work, `pkg-${version}`);
  tree(join(dir, 'template'), version, (i) => body(i, i % 20 === 0 ? tag : 'v1'));
  rmSync(join(dir, 'template/.upkeep'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'create-bench', version, files: ['template'] }));
  return dir;
};
const registry = await startRegistry([pkg('1.0.0', 'v1'), pkg('1.1.0', 'v2')]);
try {
  const env = { ...baseEnv, ...registry.env };
  const project = join(work, 'project');
  upkeep(['new', 'npm:create-bench@1.0.0//template', project], env);
  const second = [];
  for (const [label, args] of /** @type {[string, string[]][]} */ ([
    ['upkeep status --to 1.1.0, first (fetches 1.1.0)', ['status', '--to', '1.1.0']],
    ['upkeep status --to 1.1.0, second (both cached)', ['status', '--to', '1.1.0']],
    ['upkeep status (newest: one version listing)', ['status']],
  ])) {
    const [t0, r0] = [tools().length, registry.requests().length];
    const { seconds } = upkeep(args, env, project);
    const spawned = tools().slice(t0);
    second.push([
      label,
      `${seconds.toFixed(2)} s`,
      String(spawned.length),
      spawned.map(describe).join(', ') || '—',
      String(registry.requests().length - r0),
    ]);
  }
  console.log(`\nA second update of the same versions (${count} files; npm template on a local registry)\n`);
  table(['run', 'time', 'git/npm processes', 'which', 'registry requests'], second);
} finally {
  registry.stop();
  rmSync(work, { recursive: true, force: true });
}
