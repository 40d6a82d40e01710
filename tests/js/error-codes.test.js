// The error-code contract: every code upkeep raises on purpose is listed once (the engine's
// generated from core's ErrorKind, the refusals' and shells' from core's code tables), every
// listed code has an exit code, and no flow raises a code the list lacks.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { EXIT, exitForError } from '../../npm/lib/cli/exit-codes.js';
import { ANSWERED_ELSEWHERE, ENGINE_ERROR_CODES, ERROR_CODES, ERROR_EXIT_CLASSES } from '../../npm/lib/generated/error-codes.js';
import { parseDigest } from '../../npm/lib/index.js';

const lib = fileURLToPath(new URL('../../npm/lib/', import.meta.url));

/** @param {string} dir @returns {string[]} */
function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return jsFiles(path);
    return e.name.endsWith('.js') ? [path] : [];
  });
}

test('every code upkeep raises on purpose maps to an exit code, or says where it is answered', () => {
  assert.equal(new Set(ERROR_CODES).size, ERROR_CODES.length, 'a code is listed twice');
  const unmapped = ERROR_CODES.filter(
    (code) => exitForError(Object.assign(new Error(code), { code })) === undefined && !(code in ANSWERED_ELSEWHERE),
  );
  assert.deepEqual(unmapped, []);
  for (const code of Object.keys(ANSWERED_ELSEWHERE))
    assert.ok(ERROR_CODES.includes(code), `${code} is answered elsewhere but raised nowhere`);
});

test('the exit classes are generated for every code, each a key of EXIT; the ones without are the ones answered elsewhere', () => {
  assert.deepEqual(
    ERROR_CODES.filter((code) => !Object.hasOwn(ERROR_EXIT_CLASSES, code)),
    [],
  );
  for (const [code, cls] of Object.entries(ERROR_EXIT_CLASSES)) {
    if (cls === null) assert.ok(code in ANSWERED_ELSEWHERE, `${code} has no class and no answer`);
    else assert.ok(Object.hasOwn(EXIT, cls), `${code}: ${cls} is not an exit code`);
  }
  assert.equal(exitForError(Object.assign(new Error('x'), { code: 'ENOENT' })), EXIT.badInput);
  assert.equal(exitForError(Object.assign(new Error('x'), { code: 'ENOTCONN' })), EXIT.io);
  assert.equal(exitForError(Object.assign(new Error('x'), { code: 'constructor' })), undefined);
});

test('a failed `git worktree add` in sync is an I/O failure, not an internal error', () => {
  assert.equal(exitForError(Object.assign(new Error('cannot make the sync worktree'), { code: 'worktree' })), EXIT.io);
});

test('the generated engine codes are the ones the loaded engine raises', () => {
  assert.ok(ENGINE_ERROR_CODES.length >= 36);
  try {
    parseDigest('abc');
    assert.fail('parseDigest accepted abc');
  } catch (error) {
    assert.ok(ENGINE_ERROR_CODES.includes(/** @type {{ code: string }} */ (error).code));
  }
});

test('no file in npm/lib raises a code the list lacks', () => {
  const raised = /new UpkeepError\(\s*'([^']+)'|\{ code: '([^']+)'|this\.code = '([^']+)'/g;
  const missing = [];
  for (const file of jsFiles(lib)) {
    if (file.endsWith('error-codes.js')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(raised)) {
      const code = match[1] ?? match[2] ?? match[3];
      if (!ERROR_CODES.includes(code) && !/^E[A-Z]+$/.test(code)) missing.push(`${file.slice(lib.length)}: ${code}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('index.d.ts declares every name npm/lib/exports.js lists, and the error-code union is the generated list', async () => {
  const { ENGINE, LOOP, NODE_ONLY, SHARED_MODULES } = await import('../../npm/lib/exports.js');
  const declarations = readFileSync(new URL('../../npm/lib/index.d.ts', import.meta.url), 'utf8');
  const names = [...ENGINE, ...SHARED_MODULES, ...NODE_ONLY]
    .flatMap(([, list]) => list)
    .concat(LOOP, ['init', 'implementation', 'loadFailures', 'hashFile', 'writeLoopFile']);
  const declared = (/** @type {string} */ name) =>
    new RegExp(`^export (?:declare )?(?:function|class|const|let) ${name}\\b|^export \\{[^}]*\\b${name}\\b`, 'm').test(declarations);
  assert.deepEqual(
    names.filter((n) => !declared(n)),
    [],
  );
  const union = [...declarations.matchAll(/^ {2}\| '([^']+)';?$/gm)].map((m) => m[1]);
  assert.ok(ERROR_CODES.every((code) => union.includes(code)));
});
