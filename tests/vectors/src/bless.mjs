// Fills the expected values of a vector file from the native addon, for cases written by
// a generator (update_cases.py). The output must be reviewed by hand before it is
// committed: blessing records behaviour, it does not prove it right.
//   python3 tests/vectors/src/update_cases.py > /tmp/in.json && node tests/vectors/src/bless.mjs /tmp/in.json > tests/vectors/update.json
import { readFileSync } from 'node:fs';
import { loadImplementation } from '../../../npm/lib/engine-node.js';
import { runCase } from '../../js/vectors.js';

const api = loadImplementation('native');
const doc = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const testCase of doc.cases) {
  const outcome = /** @type {any} */ (runCase(api, testCase));
  delete testCase.result;
  delete testCase.error;
  Object.assign(testCase, outcome);
}
process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
