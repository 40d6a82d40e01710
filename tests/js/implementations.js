// The one place that selects the engine implementations the JS tests run against.
// UPKEEP_TEST_IMPLEMENTATIONS=native,wasm-web narrows the list; only the ones selected are
// loaded, so the addon alone can be checked where no wasm build exists (the release
// workflow's per-platform jobs).
import { readFile } from 'node:fs/promises';
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
for (const name of wanted) if (!(name in loaders)) throw new Error(`UPKEEP_TEST_IMPLEMENTATIONS: unknown implementation ${JSON.stringify(name)}`);

/** Every implementation under test, as `{ name, api }`. */
export const implementations = await Promise.all(
  Object.keys(loaders)
    .filter((name) => wanted.includes(name))
    .map(async (name) => ({ name, api: await loaders[name]() })),
);
