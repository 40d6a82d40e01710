// upkeep update with one large managed file, native and wasm: peak RSS against the same
// update without it, and the result checked byte for byte (the file holds the latest
// release's bytes, its backup the project's old bytes). Large files are compared by
// digest and copied by streaming, never loaded whole.
//
//   node bench/big-file.mjs                 200 MiB, then 3 GiB
//   node bench/big-file.mjs --sizes 200     sizes in MiB
//   node bench/big-file.mjs --sparse        the releases' files mostly a hole (zeros)
//
// Each file is written in 1 MiB chunks of a deterministic pattern; the latest release
// appends a line. The project left the file alone, so the update backs it up and
// replaces it. The 3 GiB run writes about 15 GiB (three trees, the backup, the temp).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { table } from './harness.mjs';

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: '200,3072' },
    engines: { type: 'string', default: 'native,wasm' },
    sparse: { type: 'boolean', default: false },
  },
});
const here = dirname(fileURLToPath(import.meta.url));
const MiB = 1 << 20;

/**
 * Writes `mib` MiB of a pattern (plus `tail`) to `path`, a chunk at a time; with
 * `--sparse`, a hole of `mib` MiB (read back as zeros: the same streamed route, without
 * writing the releases' bytes to a busy disk) and the tail.
 */
function writeBig(/** @type {string} */ path, /** @type {number} */ mib, /** @type {string} */ tail) {
  const fd = openSync(path, 'w');
  if (flags.sparse) {
    writeSync(fd, tail, mib * MiB);
  } else {
    const chunk = Buffer.alloc(MiB);
    for (let i = 0; i < MiB; i += 64) chunk.write(`${String(i).padStart(62, '.')}\n`, i);
    for (let i = 0; i < mib; i += 1) writeSync(fd, chunk);
    writeSync(fd, tail);
  }
  closeSync(fd);
}

/** The SHA-256 of a file, streamed. */
function sha256(/** @type {string} */ path) {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(4 * MiB);
  const fd = openSync(path, 'r');
  for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0; ) hash.update(buffer.subarray(0, n));
  closeSync(fd);
  return hash.digest('hex');
}

function release(/** @type {string} */ dir, /** @type {string} */ version, /** @type {Record<string, string>} */ files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  mkdirSync(join(dir, '.upkeep'), { recursive: true });
  writeFileSync(join(dir, '.upkeep/VERSION'), `${version}\n`);
  writeFileSync(
    join(dir, '.upkeep/manifest.json'),
    JSON.stringify({ schema: 1, files: { 'big.bin': 'shared', 'README.md': 'shared', 'src/a.js': 'owned' } }),
  );
}

/** The update in a fresh node on `engine`; its seconds and peak RSS. */
function update(/** @type {string} */ project, /** @type {string} */ v1, /** @type {string} */ v2, /** @type {string} */ engine) {
  execFileSync('sync');
  const source = `
    const { update } = await import('../npm/lib/flows/update.js');
    const start = performance.now();
    const out = await update({ root: ${JSON.stringify(project)}, baseline: ${JSON.stringify(v1)}, latest: ${JSON.stringify(v2)} });
    const seconds = (performance.now() - start) / 1000;
    const maxRssMb = process.resourceUsage().maxRSS / 1024;
    console.log(JSON.stringify({ status: out.status, seconds, maxRssMb, report: out.session.planned().report }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', source], {
    cwd: here,
    encoding: 'utf8',
    env: { ...process.env, UPKEEP_FORCE_WASM: engine === 'wasm' ? '1' : '0' },
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '');
}

console.log(
  `load average before: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
const rows = [];
for (const mib of flags.sizes.split(',').map(Number)) {
  const work = mkdtempSync(join(tmpdir(), `upkeep-bench-big-${mib}-`));
  try {
    const small = { 'README.md': 'readme\n', 'src/a.js': 'a\n' };
    const v1 = join(work, 'v1');
    const v2 = join(work, 'v2');
    release(v1, '1.0.0', small);
    release(v2, '1.1.0', { ...small, 'src/a.js': 'a v2\n' });
    writeBig(join(v1, 'big.bin'), mib, 'v1\n');
    writeBig(join(v2, 'big.bin'), mib, 'v1\nv2\n');
    const [oldSha, newSha] = [sha256(join(v1, 'big.bin')), sha256(join(v2, 'big.bin'))];
    for (const engine of flags.engines.split(',')) {
      // The same update without the big file, for the baseline peak.
      const plain = join(work, `plain-${engine}`);
      execFileSync('cp', ['-a', v1, plain]);
      rmSync(join(plain, 'big.bin'));
      const without = update(plain, v1, v2, engine);
      rmSync(plain, { recursive: true, force: true });
      const project = join(work, `project-${engine}`);
      execFileSync('cp', ['-a', v1, project]);
      const r = update(project, v1, v2, engine);
      if (r.status !== 'updated' || !r.report.merge.includes('big.bin')) throw new Error(`${engine}: ${JSON.stringify(r.report)}`);
      const backupDir = join(project, r.report.backupDir);
      const backup = readdirSync(backupDir, { recursive: true })
        .map(String)
        .find((p) => p.endsWith('big.bin'));
      if (sha256(join(project, 'big.bin')) !== newSha) throw new Error(`${engine}: big.bin does not hold the latest release's bytes`);
      if (!backup || sha256(join(backupDir, backup)) !== oldSha) throw new Error(`${engine}: the backup of big.bin is not the old file`);
      rows.push([
        `${mib} MiB`,
        engine,
        `${r.seconds.toFixed(1)} s`,
        `${r.maxRssMb.toFixed(0)} MB`,
        `${without.maxRssMb.toFixed(0)} MB`,
        `${(r.maxRssMb - without.maxRssMb).toFixed(0)} MB`,
        'latest bytes, backup = old bytes',
      ]);
      console.log(rows[rows.length - 1].join(' | '));
      rmSync(project, { recursive: true, force: true });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
console.log(
  `load average after: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}\n`,
);
table(['file', 'engine', 'update', 'peak RSS', 'peak RSS without it', 'above', 'checked'], rows);
