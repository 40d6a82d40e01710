// The fleet's per-repository cost: one job of `upkeep fleet step` on a project scaffolded
// from a 1,000-file git template (1.0.0 → 1.1.0: 100 files changed upstream, 10 edited by
// the project, 5 of them on the lines upstream changed: 5 conflicts), as the workflow runs
// it — a fresh clone, then the step (update, commit, push). Measured per run: wall time,
// CPU time and the largest resident set of the step's process tree (GNU time's %M); the
// clone beside it, and a re-run that pushes nothing. Against what a job would run without
// upkeep: `git merge-file` per managed file from a shell loop (the same three versions of
// the same 1,000 files; no classification, no report, no payload).
// Run with `node bench/fleet.mjs [files] [runs]` after `make build`.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { table } from './harness.mjs';

const count = Number(process.argv[2] ?? 1000);
const runs = Number(process.argv[3] ?? 5);
const work = mkdtempSync(join(tmpdir(), 'upkeep-bench-fleet-'));
const bin = fileURLToPath(new URL('../npm/bin/upkeep.js', import.meta.url));
const env = {
  ...process.env,
  XDG_CACHE_HOME: join(work, 'cache'),
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: work,
  LC_ALL: 'C',
  GIT_AUTHOR_NAME: 'b',
  GIT_AUTHOR_EMAIL: 'b@upkeep.invalid',
  GIT_COMMITTER_NAME: 'b',
  GIT_COMMITTER_EMAIL: 'b@upkeep.invalid',
};
const git = (/** @type {string} */ cwd, /** @type {string[]} */ ...args) =>
  execFileSync('git', args, { cwd, env, encoding: 'utf8' }).trim();
const file = (/** @type {number} */ i, /** @type {string} */ tag) =>
  `${Array.from({ length: 40 }, (_, line) => `// file ${i} line ${line}${line === 20 ? ` ${tag}` : ''}`).join('\n')}\n`;
const path = (/** @type {number} */ i) => `src/m${i % 50}/f${i}.js`;
const write = (/** @type {string} */ dir, /** @type {number} */ i, /** @type {string} */ text) => {
  mkdirSync(dirname(join(dir, path(i))), { recursive: true });
  writeFileSync(join(dir, path(i)), text);
};

/** GNU time: elapsed, user, system, max RSS (KiB) of the process tree. */
function timed(/** @type {string[]} */ argv, /** @type {string} */ cwd) {
  const r = spawnSync('/usr/bin/time', ['-f', 'upkeep-bench %e %U %S %M', ...argv], { cwd, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${argv.join(' ')} failed (${r.status}): ${r.stderr}`);
  const m = /upkeep-bench ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  if (!m) throw new Error(`no timing in ${r.stderr}`);
  return { seconds: Number(m[1]), cpu: Number(m[2]) + Number(m[3]), rssMiB: Number(m[4]) / 1024, stdout: r.stdout };
}
const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(
  `load average before the runs: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
// The template: 1.0.0, then 1.1.0 changing every tenth file on line 20.
const tpl = join(work, 'tpl.git');
mkdirSync(tpl);
git(tpl, 'init', '-q', '-b', 'main');
for (let i = 0; i < count; i += 1) write(tpl, i, file(i, 'v1'));
git(tpl, 'add', '-A');
git(tpl, 'commit', '-qm', '1.0.0');
git(tpl, 'tag', 'v1.0.0');
for (let i = 0; i < count; i += 10) write(tpl, i, file(i, 'v2'));
git(tpl, 'commit', '-qam', '1.1.0');
git(tpl, 'tag', 'v1.1.0');

// The project: scaffolded at 1.0.0, ten files edited (five where upstream changed), pushed
// to a bare remote. Jobs check out at the same depth, so ../../tpl.git names the template.
mkdirSync(join(work, 'seed'));
execFileSync(process.execPath, [bin, 'new', './tpl.git@1.0.0', 'seed/app'], { cwd: work, env, stdio: 'pipe' });
const seed = join(work, 'seed/app');
for (let k = 0; k < 10; k += 1) {
  const i = k < 5 ? k * 10 : k * 10 + 1; // 0, 10, …, 40 conflict; 51, 61, … do not
  write(seed, i, file(i, 'v1').replace(`line 20 v1`, `line 20 ours`));
}
git(seed, 'init', '-q', '-b', 'main');
git(seed, 'add', '-A');
git(seed, 'commit', '-qm', 'scaffold');
const remote = join(work, 'remote.git');
git(work, 'clone', '-q', '--bare', seed, remote);
// The release cache filled once, as a job's first run on a runner would not have it: each
// job below starts with an empty cache (XDG_CACHE_HOME per job), so the fetch is counted.
const job = (/** @type {string} */ name) => {
  const checkout = join(work, 'jobs', name);
  mkdirSync(dirname(checkout), { recursive: true });
  const clone = timed(['git', 'clone', '-q', remote, checkout], work);
  const step = timed(
    [
      'env',
      `XDG_CACHE_HOME=${join(work, 'cache', name)}`,
      process.execPath,
      bin,
      'fleet',
      'step',
      '--payload',
      join(work, 'payloads', name),
      '--json',
    ],
    checkout,
  );
  const outcome = JSON.parse(step.stdout);
  return { clone, step, outcome, checkout };
};

const first = [];
const again = [];
for (let r = 0; r < runs; r += 1) {
  if (r > 0) git(remote, 'update-ref', '-d', 'refs/heads/upkeep/tpl/1.1.0');
  const j = job(`first-${r}`);
  if (j.outcome.action !== 'push') throw new Error(`run ${r}: ${JSON.stringify(j.outcome)}`);
  first.push(j);
  const k = job(`again-${r}`);
  if (k.outcome.action !== 'unchanged' || k.outcome.commit !== j.outcome.commit)
    throw new Error(`re-run ${r}: ${JSON.stringify(k.outcome)}`);
  again.push(k);
}
rmSync(join(work, 'jobs'), { recursive: true, force: true });

// Without upkeep: git merge-file per file from a shell loop, on the same three versions.
const sides = join(work, 'sides');
for (const side of ['base', 'latest', 'ours']) mkdirSync(join(sides, side), { recursive: true });
for (let i = 0; i < count; i += 1) {
  writeFileSync(join(sides, 'base', `${i}.js`), file(i, 'v1'));
  writeFileSync(join(sides, 'latest', `${i}.js`), i % 10 === 0 ? file(i, 'v2') : file(i, 'v1'));
  writeFileSync(join(sides, 'ours', `${i}.js`), file(i, 'v1'));
}
const loop = `for i in $(seq 0 ${count - 1}); do cp ours/$i.js out.js; git merge-file out.js base/$i.js latest/$i.js || true; done`;
const merges = Array.from({ length: runs }, () => timed(['sh', '-c', loop], sides));

const row = (/** @type {string} */ label, /** @type {{ seconds: number, cpu: number, rssMiB: number }[]} */ xs) => [
  label,
  `${median(xs.map((x) => x.seconds)).toFixed(2)} s`,
  `${median(xs.map((x) => x.cpu)).toFixed(2)} s`,
  `${median(xs.map((x) => x.rssMiB)).toFixed(0)} MiB`,
];
console.log(
  `${count} files, ${runs} runs each (medians); the change request: ${readFileSync(join(work, 'payloads', 'first-0', 'title.txt'), 'utf8').trim()}`,
);
console.log(
  table(
    ['', 'wall', 'CPU', 'max RSS'],
    [
      row(
        "git clone (the job's checkout)",
        first.map((j) => j.clone),
      ),
      row(
        'upkeep fleet step, first run (update, commit, push)',
        first.map((j) => j.step),
      ),
      row(
        'upkeep fleet step, re-run (nothing to push)',
        again.map((j) => j.step),
      ),
      row(`git merge-file × ${count} from sh (no report, no commit)`, merges),
    ],
  ),
);
rmSync(work, { recursive: true, force: true });
