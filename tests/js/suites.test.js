// The public suites through every engine (native, wasm-node, wasm-web), from
// ../shared/peer-data/ (never committed): yaml-test-suite (every valid case read and equal
// to its in.json, every error case refused), JSONTestSuite (y_ read and equal to
// JSON.parse, n_ refused, i_ either but never read wrong; the same files as JSONC), and
// the real config files (each read, then one value at a time changed upstream and merged:
// the file differs only in that value). Every engine must also agree with the native one.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { implementations } from './implementations.js';

const peer = fileURLToPath(new URL('../../../shared/peer-data/', import.meta.url));
assert.ok(existsSync(peer), `the public suites are read from ${peer} (see its README); it is missing`);
const native = implementations.find((i) => i.name === 'native')?.api ?? implementations[0].api;
const utf8 = new TextEncoder();

/**
 * Our reading against a JSON reference: numbers by the double nearest our exact value.
 * @returns {boolean}
 */
function same(/** @type {any} */ ours, /** @type {any} */ theirs) {
  if (typeof theirs === 'number') return (typeof ours === 'number' || typeof ours === 'string') && Number(ours) === theirs;
  if (Array.isArray(theirs)) return Array.isArray(ours) && ours.length === theirs.length && ours.every((x, i) => same(x, theirs[i]));
  if (theirs && typeof theirs === 'object') {
    if (!ours || typeof ours !== 'object' || Array.isArray(ours)) return false;
    const keys = Object.keys(theirs);
    return keys.length === Object.keys(ours).length && keys.every((k) => Object.hasOwn(ours, k) && same(ours[k], theirs[k]));
  }
  return ours === theirs;
}

/** The suite's visual markers, expanded as its own tools expand them. */
const visual = (/** @type {string} */ yaml) =>
  yaml.replaceAll('␣', ' ').replace(/—*»/g, '\t').replaceAll('←', '\r').replaceAll('⇔', '\uFEFF').replaceAll('↵', '').replace(/∎\n$/, '');

/** @returns {{ name: string, yaml: string, fail: boolean, json: string | null }[]} */
function yamlCases() {
  const dir = join(peer, 'yaml-test-suite/src');
  /** @type {{ name: string, yaml: string, fail: boolean, json: string | null }[]} */
  const cases = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const items = /** @type {any[]} */ (native.readConfig('suite.yaml', null, readFileSync(join(dir, file))).documents[0]);
    /** @type {Record<string, any>} */
    let fields = {};
    items.forEach((item, i) => {
      // Fields carry over from one item to the next, except `fail`.
      const { fail: _, ...rest } = fields;
      fields = { ...rest, ...item };
      if ('skip' in fields) return;
      const stem = file.replace(/\.yaml$/, '');
      cases.push({
        name: items.length > 1 ? `${stem}/${String(i).padStart(2, '0')}` : stem,
        yaml: visual(fields.yaml ?? ''),
        fail: fields.fail === true,
        json: typeof fields.json === 'string' ? fields.json : null,
      });
    });
  }
  return cases;
}

/** Concatenated JSON values (in.json may hold several documents). */
function jsonStream(/** @type {string} */ text) {
  const out = [];
  let rest = text.trim();
  while (rest) {
    let end = rest.length;
    for (;;) {
      try {
        out.push(JSON.parse(rest.slice(0, end)));
        break;
      } catch {
        const previous = rest.lastIndexOf('\n', end - 1);
        if (previous <= 0) throw new Error(`in.json does not parse: ${text}`);
        end = previous;
      }
    }
    rest = rest.slice(end).trim();
  }
  return out;
}

/** Calls `fn`; `{ error: code }` when it throws an engine error. */
function attempt(/** @type {() => any} */ fn) {
  try {
    return { ok: fn() };
  } catch (/** @type {any} */ e) {
    if (!e.code) throw e;
    return { error: e.code, message: e.message };
  }
}

const yaml = yamlCases();
const jsonDir = join(peer, 'JSONTestSuite/test_parsing');
const jsonFiles = readdirSync(jsonDir)
  .filter((f) => f.endsWith('.json'))
  .sort();
/** n_ files that are JSON with comments or trailing commas (JSONC reads them). */
const jsoncOnly = new Set([
  'n_array_extra_comma.json',
  'n_array_number_and_comma.json',
  'n_object_trailing_comma.json',
  'n_object_trailing_comment.json',
  'n_object_trailing_comment_slash_open.json',
  'n_structure_object_with_comment.json',
]);
const realDir = join(peer, 'real');
const realFiles = readdirSync(realDir)
  .filter((f) => f !== 'MANIFEST.json')
  .sort();

for (const { name, api } of implementations) {
  describe(`public suites: ${name}`, () => {
    test(`yaml-test-suite (${yaml.length} cases): valid ones read as in.json, error ones refused`, () => {
      /** @type {Record<string, number>} */
      const counts = {};
      const wrong = [];
      for (const c of yaml) {
        const got = attempt(() => api.readConfig('case.yaml', null, utf8.encode(c.yaml)));
        if (api !== native)
          assert.deepStrictEqual(
            got,
            attempt(() => native.readConfig('case.yaml', null, utf8.encode(c.yaml))),
            c.name,
          );
        let bucket;
        if (c.fail)
          bucket = got.error ? 'error case refused' : (wrong.push(`${c.name}: an error case was accepted`), 'error case accepted');
        else if (got.error === 'unsupported-config') bucket = 'valid, cannot be read into plain data';
        else if (got.error) bucket = (wrong.push(`${c.name}: a valid case was refused: ${got.message}`), 'valid case refused');
        else if (c.json === null) bucket = 'valid, no JSON to compare';
        else {
          const want = jsonStream(c.json);
          const docs = got.ok.documents;
          if (want.length === docs.length && docs.every((/** @type {any} */ d, /** @type {number} */ i) => same(d, want[i])))
            bucket = 'valid, read equal to in.json';
          else bucket = (wrong.push(`${c.name}: read ${JSON.stringify(docs)}, in.json says ${c.json}`), 'valid, read wrong');
          // A field merge reads the same values: every top-level entry suggested from an empty file.
          const root = docs[0];
          if (docs.length === 1 && root && typeof root === 'object' && !Array.isArray(root) && got.ok.cannotEdit === null) {
            const keys = Object.keys(root).filter((k) => k && !k.includes('.'));
            const out = api.structuredMerge('case.yaml', { format: 'yaml', values: keys }, '', '', c.yaml);
            if (out.fallback) wrong.push(`${c.name}: structuredMerge fell back: ${out.fallback}`);
            for (const s of out.suggestions)
              if (!same(s.latest, JSON.parse(JSON.stringify(want[0][s.key]))))
                wrong.push(`${c.name}: structuredMerge reads ${s.key} as ${JSON.stringify(s.latest)}`);
            counts['valid, read the same by structuredMerge'] = (counts['valid, read the same by structuredMerge'] ?? 0) + 1;
          }
        }
        counts[bucket] = (counts[bucket] ?? 0) + 1;
      }
      console.log(`yaml-test-suite on ${name}: ${JSON.stringify(counts)}`);
      assert.deepStrictEqual(wrong, []);
    });

    for (const format of ['json', 'jsonc']) {
      test(`JSONTestSuite as ${format} (${jsonFiles.length} files): y_ read as JSON.parse reads them, n_ refused`, () => {
        /** @type {Record<string, number>} */
        const counts = {};
        const wrong = [];
        for (const file of jsonFiles) {
          const bytes = readFileSync(join(jsonDir, file));
          const got = attempt(() => api.readConfig('case.json', format, bytes));
          if (api !== native)
            assert.deepStrictEqual(
              got,
              attempt(() => native.readConfig('case.json', format, bytes)),
              file,
            );
          let reference;
          try {
            reference = { value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
          } catch {
            reference = null;
          }
          const kind = file.slice(0, 2);
          let bucket;
          if (kind === 'n_') {
            if (got.error) bucket = 'n_ refused';
            else if (format === 'jsonc' && jsoncOnly.has(file)) bucket = 'n_ read as JSONC';
            else bucket = (wrong.push(`${file}: accepted`), 'n_ accepted');
          } else if (got.error === 'unsupported-config') bucket = `${kind} a repeated key: not edited`;
          else if (got.error) bucket = kind === 'y_' ? (wrong.push(`${file}: refused: ${got.message}`), 'y_ refused') : 'i_ refused';
          else if (reference === null)
            bucket = kind === 'i_' ? 'i_ read (JSON.parse refuses it)' : (wrong.push(`${file}: no reference`), '?');
          else if (same(got.ok.documents[0], reference.value)) bucket = `${kind} read, equal to JSON.parse`;
          else bucket = (wrong.push(`${file}: read ${JSON.stringify(got.ok.documents)}`), 'read wrong');
          counts[bucket] = (counts[bucket] ?? 0) + 1;
        }
        console.log(`JSONTestSuite as ${format} on ${name}: ${JSON.stringify(counts)}`);
        assert.deepStrictEqual(wrong, []);
        if (format === 'jsonc') assert.equal(counts['n_ read as JSONC'], jsoncOnly.size);
      });
    }

    test(`real config files (${realFiles.length}): read, and one value at a time changed in the file's own style`, () => {
      let edits = 0;
      const wrong = [];
      for (const file of realFiles) {
        const text = readFileSync(join(realDir, file), 'utf8');
        const read = api.readConfig(file, null, utf8.encode(text));
        if (api !== native) assert.deepStrictEqual(read, native.readConfig(file, null, utf8.encode(text)), file);
        assert.equal(read.cannotEdit, null, file);
        const format = read.format;
        // Every string leaf under mapping keys whose text appears once in the file.
        /** @type {[string, string][]} */
        const leaves = [];
        const walk = (/** @type {any} */ v, /** @type {string} */ path) => {
          if (typeof v === 'string' && path && !v.includes('\n') && v.length > 2 && text.indexOf(v) === text.lastIndexOf(v))
            leaves.push([path, v]);
          else if (v && typeof v === 'object' && !Array.isArray(v))
            for (const [k, x] of Object.entries(v)) if (k && !k.includes('.')) walk(x, path ? `${path}.${k}` : k);
        };
        walk(read.documents[0], '');
        for (const [path, value] of leaves) {
          const at = text.indexOf(value);
          const latest = `${text.slice(0, at + value.length)}-x${text.slice(at + value.length)}`;
          const out = api.structuredMerge(file, { format, values: [path] }, text, text, latest);
          if (out.merged === latest && out.fallback === null) edits += 1;
          else if (!(out.fallback ?? '').includes('cannot edit safely') && out.applied.length)
            wrong.push(`${file} ${path}: ${out.fallback} ${out.merged?.slice(0, 120)}`);
        }
      }
      console.log(`real files on ${name}: ${realFiles.length} files, ${edits} values changed one at a time, byte-exact`);
      assert.deepStrictEqual(wrong, []);
      assert.ok(edits > 400, `${edits} edits`);
    });
  });
}
