// The one place that selects the engine implementations the JS tests run against.
// UPKEEP_TEST_IMPLEMENTATIONS=native,wasm-web narrows the list; only the ones selected are
// loaded, so the addon alone can be checked where no wasm build exists (the release
// workflow's per-platform jobs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { implementation as flowEngine } from '../../npm/lib/engine.js';
import { loadImplementation } from '../../npm/lib/engine-node.js';

const webWasm = new URL('../../npm/wasm/upkeep_bg.wasm', import.meta.url);

/** @type {Record<string, () => Promise<any>>} */
const loaders = {
  native: async () => loadImplementation('native'),
  'wasm-node': async () => loadImplementation('wasm'),
  'wasm-web': async () => {
    const browser = await import('../../npm/lib/browser.js');
    await browser.init(await readFile(webWasm));
    return browser;
  },
};

const wanted = process.env.UPKEEP_TEST_IMPLEMENTATIONS?.split(',') ?? Object.keys(loaders);
for (const name of wanted)
  if (!(name in loaders)) throw new Error(`UPKEEP_TEST_IMPLEMENTATIONS: unknown implementation ${JSON.stringify(name)}`);

/** Every implementation under test, as `{ name, api }`. */
export const implementations = await Promise.all(
  Object.keys(loaders)
    .filter((name) => wanted.includes(name))
    .map(async (name) => ({ name, api: await loaders[name]() })),
);

/**
 * Runs the calling test file once more on the wasm engine, from its run on the native one:
 * the flows load one engine per process (npm/lib/engine.js), so the second engine needs a
 * process of its own, started with UPKEEP_FORCE_WASM=1 (which child processes the file
 * starts inherit). Skipped when UPKEEP_TEST_IMPLEMENTATIONS leaves out `wasm-node`.
 * @param {string} fileUrl the test file's `import.meta.url`
 */
export function alsoOnWasm(fileUrl) {
  if (flowEngine !== 'native' || !wanted.includes('wasm-node')) return;
  test('the same file, on the wasm engine (UPKEEP_FORCE_WASM=1)', () => {
    // A test runner of its own (not a child reporting to this one's runner).
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', fileURLToPath(fileUrl)], {
      env: { ...env, UPKEEP_FORCE_WASM: '1' },
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /^# fail 0$/m, run.stdout);
  });
}
