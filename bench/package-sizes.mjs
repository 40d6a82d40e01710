// Package sizes: the tarballs scripts/pack.mjs makes here against the published ones of
// two projects of the same shape, lightningcss (napi-rs addon per platform) and
// @biomejs/biome (a binary per platform), fetched from the registry at pinned versions.
// Packed = the .tgz a user downloads; unpacked = what lands in node_modules.
// Run with `node bench/package-sizes.mjs` (part of `make bench`) after `make build`
// (and `make cross-arm64` for the arm64 row); it needs the npm registry.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { table } from './harness.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'upkeep-bench-sizes-'));
const cache = join(tmp, 'npm-cache');

/** npm's own report of a tarball (a file, or a registry spec it downloads). */
function report(/** @type {string} */ spec) {
  const out = execFileSync('npm', ['pack', spec, '--dry-run', '--json', '--cache', cache, '--loglevel=error'], {
    cwd: tmp,
    encoding: 'utf8',
  });
  const [{ name, version, size, unpackedSize, entryCount }] = JSON.parse(out);
  return { name, version, size, unpackedSize, entryCount };
}

const LIGHTNINGCSS = '1.33.0';
const BIOME = '2.6.8';
const BIOME_CLI = '2.6.9';
const theirs = [
  ['lightningcss', `lightningcss@${LIGHTNINGCSS}`, 'main (JS)'],
  ['lightningcss', `lightningcss-linux-x64-gnu@${LIGHTNINGCSS}`, 'linux-x64-gnu'],
  ['lightningcss', `lightningcss-linux-arm64-gnu@${LIGHTNINGCSS}`, 'linux-arm64-gnu'],
  ['lightningcss', `lightningcss-wasm@${LIGHTNINGCSS}`, 'wasm build (separate package)'],
  ['biome', `@biomejs/biome@${BIOME}`, 'main (JS)'],
  ['biome', `@biomejs/cli-linux-x64@${BIOME_CLI}`, 'linux-x64'],
  ['biome', `@biomejs/cli-linux-arm64@${BIOME_CLI}`, 'linux-arm64'],
];

try {
  execFileSync(process.execPath, [new URL('../scripts/pack.mjs', import.meta.url).pathname, '--out', join(tmp, 'ours')], {
    stdio: 'ignore',
  });
  const ours = readdirSync(join(tmp, 'ours'))
    .filter((f) => f.endsWith('.tgz'))
    .sort();
  const kb = (/** @type {number} */ n) => `${(n / 1000).toFixed(0)} kB`;
  const rows = [
    ...ours.map((f) => {
      const r = report(join(tmp, 'ours', f));
      return [
        'upkeep',
        `${r.name}@${r.version}`,
        r.name === 'upkeep' ? 'main (JS, types, schemas, wasm build)' : r.name.split('/')[1],
        kb(r.size),
        kb(r.unpackedSize),
        String(r.entryCount),
      ];
    }),
    ...theirs.map(([project, spec, role]) => {
      const r = report(spec);
      return [project, `${r.name}@${r.version}`, role, kb(r.size), kb(r.unpackedSize), String(r.entryCount)];
    }),
  ];
  table(['project', 'package', 'role', 'packed', 'unpacked', 'files'], rows);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
