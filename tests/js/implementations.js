// The one place that selects the engine implementations the JS tests run against.
// UPKEEP_TEST_IMPLEMENTATIONS=native,wasm-web narrows the list.
import { readFile } from 'node:fs/promises';
import { loadImplementation } from '../../npm/lib/engine-node.js';
import * as browser from '../../npm/lib/browser.js';

const webWasm = new URL('../../npm/wasm/web/upkeep_bg.wasm', import.meta.url);
await browser.init(await readFile(webWasm));

const all = [
  { name: 'native', api: loadImplementation('native') },
  { name: 'wasm-node', api: loadImplementation('wasm') },
  { name: 'wasm-web', api: browser },
];

const wanted = process.env.UPKEEP_TEST_IMPLEMENTATIONS?.split(',');

/** Every implementation under test, as `{ name, api }`. */
export const implementations = wanted ? all.filter((i) => wanted.includes(i.name)) : all;
