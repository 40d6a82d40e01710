// SHA-256 throughput: upkeep native vs node:crypto, upkeep wasm vs the hash-wasm package,
// on the same buffers in the same run. Run with `make bench` or `node bench/hash.mjs`.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { loadImplementation } from '../npm/lib/engine-node.js';
import { rate, requireDev, table, timePerCall } from './harness.mjs';

/** @type {{ createSHA256: () => Promise<{ init(): any }> }} */
const { createSHA256 } = requireDev('hash-wasm');

const native = loadImplementation('native');
const wasm = loadImplementation('wasm');
const hashWasm = await createSHA256();

/** @type {Record<string, (b: Uint8Array) => string>} */
const contenders = {
  'upkeep native': (b) => native.sha256(b),
  'node:crypto': (b) => createHash('sha256').update(b).digest('hex'),
  'upkeep wasm': (b) => wasm.sha256(b),
  'hash-wasm': (b) => hashWasm.init().update(b).digest('hex'),
};

const inputs = [
  { name: '1 KiB', buffers: [randomBytes(1024)] },
  { name: '64 KiB', buffers: [randomBytes(64 * 1024)] },
  { name: '16 MiB', buffers: [randomBytes(16 * 1024 * 1024)] },
  { name: '10,000 × 2 KiB', buffers: Array.from({ length: 10_000 }, () => randomBytes(2048)) },
];

const rows = [];
for (const { name, buffers } of inputs) {
  const bytes = buffers.reduce((n, b) => n + b.length, 0);
  const results = Object.fromEntries(
    Object.entries(contenders).map(([who, hash]) => {
      const digests = buffers.map(hash);
      assert.deepEqual(digests, buffers.map(contenders['node:crypto']), `${who} disagrees on ${name}`);
      const seconds = timePerCall(() => {
        for (const b of buffers) hash(b);
      });
      return [who, bytes / seconds];
    }),
  );
  rows.push([
    name,
    ...Object.values(results).map(rate),
    `${(results['upkeep native'] / results['node:crypto']).toFixed(2)}×`,
    `${(results['upkeep wasm'] / results['hash-wasm']).toFixed(2)}×`,
  ]);
}

// 10,000 files of 2 KiB on disk: read each and hash it, as `upkeep hash` over a tree does.
const dir = mkdtempSync(join(tmpdir(), 'upkeep-bench-'));
const files = inputs[3].buffers.map((b, i) => {
  const file = join(dir, `f${i}`);
  writeFileSync(file, b);
  return file;
});
const fileRates = Object.fromEntries(
  Object.entries(contenders).map(([who, hash]) => {
    const seconds = timePerCall(
      () => {
        for (const f of files) hash(readFileSync(f));
      },
      { rounds: 5 },
    );
    return [who, (files.length * 2048) / seconds];
  }),
);
rmSync(dir, { recursive: true, force: true });
rows.push([
  '10,000 files × 2 KiB (read + hash)',
  ...Object.values(fileRates).map(rate),
  `${(fileRates['upkeep native'] / fileRates['node:crypto']).toFixed(2)}×`,
  `${(fileRates['upkeep wasm'] / fileRates['hash-wasm']).toFixed(2)}×`,
]);

console.log('### SHA-256\n');
table(['input', ...Object.keys(contenders), 'native / node:crypto', 'wasm / hash-wasm'], rows);
