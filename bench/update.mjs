// upkeep update on a generated template of 10,000 files (1% edited by the project, 5%
// changed upstream), against the floor of reading and hashing every byte of the three
// trees once, and against Copier updating the same template from a local git repository.
// Each contender runs in a fresh process so its peak RSS is its own. Run with
// `node bench/update.mjs [files]`; Copier comes from scripts/bench-setup.sh (`make bench`
// runs it), and its row is left out, saying so, when that virtual environment is missing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { table } from './harness.mjs';

const count = Number(process.argv[2] ?? 10_000);
const work = mkdtempSync(join(tmpdir(), 'upkeep-bench-update-'));
const body = (/** @type {number} */ i, /** @type {string} */ tag) =>
  `${Array.from({ length: 40 }, (_, line) => `// file ${i} line ${line} ${line === 20 ? tag : ''}`).join('\n')}\n`;

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

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
console.log(`load average before the runs: ${load()}`);
const rows = [];
/** @type {Record<string, string>} */
const updated = {};
for (const impl of ['native', 'wasm']) {
  const project = fresh();
  updated[`upkeep ${impl}`] = project;
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

// Copier: the same two releases as tags of a local git template, the project copied from
// the first and given the same edits, then `copier update` to the second.
const copierBin = join(here, '../target/bench-venv/bin/copier');
let copier = null;
if (existsSync(copierBin)) {
  const gitEnv = {
    ...process.env,
    GIT_AUTHOR_NAME: 'bench',
    GIT_AUTHOR_EMAIL: 'bench@upkeep.invalid',
    GIT_COMMITTER_NAME: 'bench',
    GIT_COMMITTER_EMAIL: 'bench@upkeep.invalid',
  };
  const git = (/** @type {string} */ cwd, /** @type {string[]} */ args) =>
    execFileSync('git', args, { cwd, env: gitEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  const template = join(work, 'copier-template');
  mkdirSync(template);
  git(template, ['init', '-q', '-b', 'main']);
  for (const [dir, tag] of [
    [v1, 'v1.0.0'],
    [v2, 'v1.1.0'],
  ]) {
    git(template, ['rm', '-rq', '--ignore-unmatch', '.']);
    execFileSync('cp', ['-a', `${dir}/.`, template]);
    // Files are copied raw (no .jinja suffix); the answers file is the one template Copier
    // needs to be able to update a project at all.
    writeFileSync(join(template, 'copier.yml'), '_min_copier_version: "9"\n');
    writeFileSync(join(template, '{{_copier_conf.answers_file}}.jinja'), '{{ _copier_answers|to_nice_yaml -}}\n');
    git(template, ['add', '-A']);
    git(template, ['commit', '-qm', tag]);
    git(template, ['tag', tag]);
  }
  const project = join(work, 'copier-project');
  execFileSync(copierBin, ['copy', '--vcs-ref', 'v1.0.0', '--defaults', '--trust', '--quiet', template, project], { env: gitEnv });
  git(project, ['init', '-q', '-b', 'main']);
  git(project, ['add', '-A']);
  git(project, ['commit', '-qm', 'copied from the template at v1.0.0']);
  for (let i = 0; i < count; i += 100) writeFileSync(join(project, `src/m${i % 100}/f${i}.js`), body(i, 'edited'));
  git(project, ['commit', '-qam', 'project edits']);
  execFileSync('sync');
  // A Python parent reads the peak RSS of its children (Copier and the git it runs).
  const wrapper = `import json, resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.run(sys.argv[1:], cwd=${JSON.stringify(project)}).returncode
seconds = time.perf_counter() - start
print(json.dumps({"code": code, "seconds": seconds, "maxRssMb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}))`;
  const python = join(here, '../target/bench-venv/bin/python');
  const args = ['-c', wrapper, copierBin, 'update', '--vcs-ref', 'v1.1.0', '--defaults', '--trust', '--quiet', '--conflict', 'inline'];
  copier = JSON.parse(execFileSync(python, args, { env: gitEnv, encoding: 'utf8' }));
  if (copier.code !== 0) throw new Error(`copier update exited with ${copier.code}`);
  updated.copier = project;
  const version = execFileSync(copierBin, ['--version'], { encoding: 'utf8' }).trim();
  rows.push([`${version} update (inline conflict markers)`, `${copier.seconds.toFixed(2)} s`, `${copier.maxRssMb.toFixed(0)} MB`]);
}

// The same outcome for every contender: which files now hold the latest release, which
// were left alone, and which conflict (upkeep: a patch beside; Copier: markers inside).
/** @type {Record<string, string>} */
const outcomes = {};
for (const [name, project] of Object.entries(updated)) {
  const replaced = [];
  const conflicted = [];
  for (let i = 0; i < count; i += 1) {
    const path = `src/m${i % 100}/f${i}.js`;
    const now = readFileSync(join(project, path), 'utf8');
    const before = i % 100 === 0 ? body(i, 'edited') : body(i, 'v1');
    const patch = existsSync(join(project, '.upkeep-merge', `${path}.patch`));
    if (now.includes('<<<<<<< ') || patch) conflicted.push(path);
    else if (now !== before && now === body(i, i % 20 === 0 ? 'v2' : 'v1')) replaced.push(path);
    else if (now !== before) throw new Error(`${name}: ${path} holds neither the project's nor the latest content`);
  }
  outcomes[name] = JSON.stringify({ replaced, conflicted });
  console.log(`${name}: ${replaced.length} files replaced by the latest release, ${conflicted.length} conflicts, the rest untouched`);
}
if (new Set(Object.values(outcomes)).size !== 1) throw new Error('the contenders disagree on which files to replace or flag');

console.log(`load average after the runs: ${load()}`);
console.log(`\n${count} files, 1% edited by the project, 5% changed upstream\n`);
table(['contender', 'time', 'peak RSS'], rows);
if (copier) {
  const fastest = Math.min(...rows.slice(0, 2).map((r) => Number.parseFloat(r[1])));
  console.log(
    `\nCopier / upkeep (faster engine): ${(copier.seconds / fastest).toFixed(1)}×; upkeep native / floor: ${(Number.parseFloat(rows[0][1]) / floor.seconds).toFixed(2)}×, wasm / floor: ${(Number.parseFloat(rows[1][1]) / floor.seconds).toFixed(2)}×`,
  );
} else {
  console.log(`\nCopier: not measured (no ${copierBin}: run scripts/bench-setup.sh)`);
}
rmSync(work, { recursive: true, force: true });
