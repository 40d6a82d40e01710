// `upkeep new` of N generated files, side by side between builds, alternating per round so
// load drifts hit every build alike: node bench/new-ab.mjs N rounds <upkeep.js of build A> <of build B> ...
// (cp -r of the same tree each round as the yardstick; medians of wall and CPU time).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
const [count, rounds, ...bins] = [Number(process.argv[2]), Number(process.argv[3]), ...process.argv.slice(4).map((bin) => resolve(bin))];
const work = mkdtempSync(join(tmpdir(), 'upkeep-ab-'));
/** One generated file's text. @param {number} i @param {string} tag */
const body = (i, tag) => `${Array.from({ length: 40 }, (_, line) => `// file ${i} line ${line} ${line === 20 ? tag : ''}`).join('\n')}\n`;
const tpl = join(work, 'tpl');
for (let i = 0; i < count; i += 1) {
  const path = join(tpl, `src/m${i % 100}/f${i}.js`);
  if (i < 100) mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, body(i, 'v1'));
}
mkdirSync(join(tpl, '.upkeep'), { recursive: true });
writeFileSync(join(tpl, '.upkeep/VERSION'), '1.0.0\n');
let n = 0;
const target = () => join(work, `out-${(n += 1)}`);
/**
 * Runs one contender after a `sync`; its wall and CPU (user + system) seconds.
 * @param {string} file @param {string[]} args @param {NodeJS.ProcessEnv} [env]
 */
function timed(file, args, env = process.env) {
  execFileSync('sync');
  const start = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', 'ab %U %S', file, ...args], { cwd: work, env, encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (r.status !== 0) throw new Error(`${file} ${args.join(' ')}: ${r.status} ${r.stderr}`);
  const cpu = /ab ([\d.]+) ([\d.]+)/.exec(r.stderr);
  if (!cpu) throw new Error(`${file}: no time from /usr/bin/time in ${r.stderr}`);
  return { seconds, cpu: Number(cpu[1]) + Number(cpu[2]) };
}
/** @type {Record<string, { seconds: number, cpu: number }[]>} */
const samples = {};
/** @param {string} k @param {{ seconds: number, cpu: number }} v */
const add = (k, v) => (samples[k] ??= []).push(v);
/** @param {number | string} i */
const cache = (i) => join(work, `cache-${i}`);
for (const [i, bin] of bins.entries()) timed(process.execPath, [bin, 'new', tpl, target()], { ...process.env, XDG_CACHE_HOME: cache(i) });
const loads = [loadavg()[0]];
for (let r = 0; r < rounds; r += 1) {
  add('cp -r', timed('cp', ['-r', tpl, target()]));
  for (const [i, bin] of bins.entries()) {
    add(`${i} folder cached`, timed(process.execPath, [bin, 'new', tpl, target()], { ...process.env, XDG_CACHE_HOME: cache(i) }));
    rmSync(cache(`c${i}`), { recursive: true, force: true });
    add(`${i} empty cache`, timed(process.execPath, [bin, 'new', tpl, target()], { ...process.env, XDG_CACHE_HOME: cache(`c${i}`) }));
  }

  loads.push(loadavg()[0]);
}
/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`files ${count}, rounds ${rounds}, load(1m) during: ${loads.map((x) => x.toFixed(2)).join(' ')}`);
for (const [i, bin] of bins.entries()) console.log(`${i} = ${bin}`);
for (const [k, xs] of Object.entries(samples))
  console.log(
    `${k.padEnd(20)} wall ${median(xs.map((x) => x.seconds)).toFixed(2)} s  cpu ${median(xs.map((x) => x.cpu)).toFixed(2)} s   [${xs.map((x) => x.seconds.toFixed(2)).join(' ')}]`,
  );
rmSync(work, { recursive: true, force: true });
