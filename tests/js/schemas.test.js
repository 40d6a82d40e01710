// The JSON schemas of npm/schemas/ (generated from the mirror types of core/src/schemas.rs)
// against what the engine's hand-written parsers accept, on every engine: a
// document with every property the schema declares is accepted; dropping a required key
// is refused and dropping an optional one is not; an unknown key is refused exactly where
// the schema closes the object (`additionalProperties: false`); and every key the schema
// lists for the items of a strictly read list is required by the engine too. A property
// added to a schema without the engine reading it, or a key the engine starts requiring,
// fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loopApi } from '../../npm/lib/loop-api.js';
import { implementations } from './implementations.js';

const schemaOf = (/** @type {string} */ name) =>
  JSON.parse(readFileSync(new URL(`../../npm/schemas/${name}.schema.json`, import.meta.url), 'utf8'));
const bytes = (/** @type {unknown} */ doc) => new TextEncoder().encode(JSON.stringify(doc));
const sha = 'a'.repeat(64);
// The raw engines carry the loop calls as loop*; the browser entry exports the wrapped API.
const loopOf = (/** @type {any} */ api) => (api.loopValidateGraph ? loopApi(api) : api);

const bricks = [
  { name: 'fix', effect: 'mutate', agent: 'coder', skill: 'rust', outcomes: ['done'], body: 'Fix it.', gate: 'human', gateOn: ['done'] },
];
const graph = {
  start: 'fix',
  edges: [{ from: 'fix', on: 'done', to: '$close' }],
  loops: [{ name: 'main', nodes: ['fix'], max: 3, iteration: true }],
  contracts: ['api/**'],
  weights: { api: 5 },
  ignoreDeletions: ['docs/**'],
  rules: ['Keep it small.'],
};

/**
 * Each schema: a document with every property, how the engine reads it (throws when it
 * refuses), and the lists whose items the engine reads strictly.
 * @type {Array<{ name: string, doc: any, read: (api: any, doc: any) => unknown, strictItems: string[] }>}
 */
const cases = [
  {
    name: 'install-manifest',
    doc: { schema: 1, home: 'vendor', files: [{ src: 'a.txt', target: 'b.txt' }], renames: [{ from: 'old.txt', to: 'a.txt' }] },
    read: (api, doc) => api.parseInstallManifest(bytes(doc), 'manifest.json'),
    strictItems: ['files', 'renames'],
  },
  {
    name: 'source-record',
    doc: { schema: 1, files: [{ src: 'a.txt', target: 'b.txt', sha256: sha, keptAgainst: sha }] },
    read: (api, doc) => api.parseSourceRecord(bytes(doc), '.upkeep-source.json'),
    strictItems: ['files'],
  },
  {
    name: 'project-source',
    doc: { schema: 1, source: 'npm:create-vite', version: '5.5.5', subpath: 'template-react-ts', resolved: 'sha512-abc' },
    read: (api, doc) => api.parseProjectSource(JSON.stringify(doc), '.upkeep/source.json'),
    strictItems: [],
  },
  {
    name: 'update-manifest',
    doc: {
      schema: 1,
      files: { 'README.md': 'shared', 'package.json': 'shared', 'gen.sh': 'owned', 'docs/WIKI.md': 'wiki-owned' },
      claims: [{ file: 'README.md', flag: 'custom', paths: ['docs/WIKI.md'] }],
      regions: [
        {
          id: 'r',
          startMarker: '<!-- s -->',
          endMarker: '<!-- e -->',
          paths: ['README.md'],
          inputs: ['package.json'],
          regenerate: { interpreter: 'sh', operand: 'gen.sh', args: [] },
        },
      ],
      merges: { 'package.json': { format: 'json', values: ['packageManager'], maps: ['scripts'] } },
      install: { _gitignore: '.gitignore' },
    },
    read: (api, doc) => api.parseManifest(JSON.stringify(doc), '.upkeep/manifest.json'),
    // Regions are read defensively (a malformed one is skipped and reported), claims strictly.
    strictItems: ['claims'],
  },
  {
    name: 'loop-graph',
    doc: graph,
    read: (api, doc) => loopOf(api).validateLoopGraph(doc, bricks),
    strictItems: ['edges', 'loops'],
  },
];

/** Whether the engine accepts `doc`. @param {() => unknown} read */
function accepts(read) {
  try {
    read();
    return true;
  } catch (error) {
    assert.equal(typeof (/** @type {any} */ (error).code), 'string', `not an engine refusal: ${error}`);
    return false;
  }
}

const without = (/** @type {any} */ doc, /** @type {string} */ key) => {
  const { [key]: _, ...rest } = doc;
  return rest;
};

for (const { name, api } of implementations) {
  for (const c of cases) {
    test(`npm/schemas/${c.name}.schema.json says what the engine reads (${name})`, () => {
      const schema = schemaOf(c.name);
      const read = (/** @type {any} */ doc) => accepts(() => c.read(api, doc));
      assert.deepEqual(
        Object.keys(c.doc).sort(),
        Object.keys(schema.properties).sort(),
        'the test document has every property of the schema',
      );
      assert.ok(read(c.doc), 'the document with every property is accepted');
      for (const key of Object.keys(schema.properties)) {
        const required = schema.required.includes(key);
        assert.equal(read(without(c.doc, key)), !required, `${key} is ${required ? 'required' : 'optional'} in the schema`);
      }
      const closed = schema.additionalProperties === false;
      assert.equal(read({ ...c.doc, notInTheSchema: 1 }), !closed, closed ? 'an unknown key is refused' : 'an unknown key is accepted');
      for (const list of c.strictItems) {
        const items = schema.properties[list].items;
        for (const key of items.required) {
          const [first, ...rest] = c.doc[list];
          assert.equal(read({ ...c.doc, [list]: [without(first, key), ...rest] }), false, `${list}[].${key} is required`);
        }
      }
    });
  }

  test(`npm/schemas/loop-bricks.schema.json says what the engine reads (${name})`, () => {
    const brick = schemaOf('loop-bricks').items;
    const read = (/** @type {any} */ list) => accepts(() => loopOf(api).validateLoopGraph(graph, list));
    assert.deepEqual(
      Object.keys(bricks[0]).sort(),
      Object.keys(brick.properties).sort(),
      'the test brick has every property of the schema',
    );
    assert.ok(read(bricks));
    for (const key of Object.keys(brick.properties)) {
      const required = brick.required.includes(key);
      assert.equal(read([without(bricks[0], key)]), !required, `${key} is ${required ? 'required' : 'optional'} in the schema`);
    }
  });
}
