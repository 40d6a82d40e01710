// Differential tests of the text engine against the real tools: generated file pairs
// (biased to missing final newlines, CRLF, CR-only, empty files, long lines and invalid
// UTF-8) whose unified diffs must apply with GNU patch and git apply and rebuild the new
// file byte for byte, and generated three-way cases compared with git merge-file.
// Every implementation (native, wasm-node, wasm-web) must return the same bytes.
// UPKEEP_DIFFERENTIAL_CASES (default 150) sets the number of cases of each kind,
// UPKEEP_DIFFERENTIAL_SEED the random seed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { implementations } from './implementations.js';
import { random } from './seeded-random.js';

const CASES = Number(process.env.UPKEEP_DIFFERENTIAL_CASES ?? 150);
const SEED = Number(process.env.UPKEEP_DIFFERENTIAL_SEED ?? 20240604);

const dir = mkdtempSync(join(tmpdir(), 'upkeep-differential-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const file = (/** @type {string} */ name) => join(dir, name);
const env = { ...process.env, LC_ALL: 'C', GIT_CONFIG_NOSYSTEM: '1', HOME: dir };
const sh = (/** @type {string} */ cmd, /** @type {string[]} */ args) => spawnSync(cmd, args, { cwd: dir, env, maxBuffer: 1 << 26 });

const EOLS = ['\n', '\r\n', '\r'];
const WORDS = [
  '',
  'a',
  'b',
  'c',
  '}',
  '{',
  '  return x;',
  'import x from "y";',
  'caf\xe9',
  '\xff\xfe bad utf-8 \xc3',
  'na\xc3\xafve',
  '\t',
  ' ',
];

/** Generated texts: a list of lines (bodies) with per-line line endings. */
function makeText(/** @type {ReturnType<typeof random>} */ r) {
  if (r.next() < 0.08) return { lines: /** @type {string[]} */ ([]), eols: /** @type {string[]} */ ([]), finalNewline: true };
  const style = r.next();
  const eol = () => (style < 0.45 ? '\n' : style < 0.75 ? '\r\n' : style < 0.85 ? '\r' : r.pick(EOLS));
  const n = 1 + r.int(r.next() < 0.2 ? 3 : 60);
  const lines = Array.from({ length: n }, () => line(r));
  return { lines, eols: lines.map(eol), finalNewline: r.next() < 0.6 };
}

function line(/** @type {ReturnType<typeof random>} */ r) {
  const p = r.next();
  if (p < 0.02) return 'L'.repeat(4000 + r.int(20000));
  if (p < 0.6) return r.pick(WORDS);
  return `line ${r.int(40)}${r.next() < 0.1 ? '\xa0\x80' : ''}`;
}

/** A copy of the text with random edits: insertions, deletions, replacements, EOL flips. */
function mutate(/** @type {ReturnType<typeof makeText>} */ text, /** @type {ReturnType<typeof random>} */ r) {
  const lines = [...text.lines];
  const eols = [...text.eols];
  const edits = r.int(6);
  for (let k = 0; k < edits; k++) {
    const at = r.int(lines.length + 1);
    const op = r.next();
    if (op < 0.35) {
      const count = 1 + r.int(4);
      lines.splice(at, 0, ...Array.from({ length: count }, () => line(r)));
      eols.splice(at, 0, ...Array.from({ length: count }, () => eols[at] ?? eols[at - 1] ?? '\n'));
    } else if (op < 0.65) {
      const count = 1 + r.int(4);
      lines.splice(at, count);
      eols.splice(at, count);
    } else if (op < 0.9 && at < lines.length) {
      lines[at] = line(r);
    } else if (at < lines.length) {
      eols[at] = r.pick(EOLS);
    }
  }
  const finalNewline = r.next() < 0.2 ? !text.finalNewline : text.finalNewline;
  return { lines, eols, finalNewline };
}

function bytes(/** @type {ReturnType<typeof makeText>} */ text) {
  const body = text.lines.map((l, i) => l + (i < text.lines.length - 1 || text.finalNewline ? text.eols[i] : '')).join('');
  return Buffer.from(body, 'latin1');
}

const hex = (/** @type {Uint8Array} */ b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');

/** Calls every implementation and checks they agree; returns the first one's answer. */
function agreed(/** @type {(api: any) => any} */ call) {
  const encode = (/** @type {any} */ v) => JSON.stringify(v, (_, x) => (x instanceof Uint8Array ? hex(x) : x));
  const answers = implementations.map(({ name, api }) => ({ name, value: call(api) }));
  for (const { name, value } of answers.slice(1)) {
    assert.equal(encode(value), encode(answers[0].value), `${name} disagrees with ${answers[0].name}`);
  }
  return answers[0].value;
}

describe('differential: unified diffs apply with GNU patch and git apply', () => {
  test(`${CASES} generated pairs (seed ${SEED})`, (t) => {
    const r = random(SEED);
    let sameAsGnu = 0;
    let different = 0;
    for (let n = 0; n < CASES; n++) {
      const oldText = makeText(r);
      const old = bytes(oldText);
      const neu = bytes(r.next() < 0.1 ? makeText(r) : mutate(oldText, r));
      const what = `case ${n} (seed ${SEED}): old ${hex(old).slice(0, 200)} new ${hex(neu).slice(0, 200)}`;
      const diff = agreed((api) => api.unifiedDiff(old, neu, { oldLabel: 'a/f', newLabel: 'b/f' }));
      if (old.equals(neu)) {
        assert.equal(diff.status, 'identical', what);
        continue;
      }
      assert.equal(diff.status, 'different', what);
      different++;
      writeFileSync(file('old'), old);
      writeFileSync(file('new'), neu);
      writeFileSync(file('p.diff'), diff.patch);

      const gnu = sh('diff', ['-u', '-L', 'a/f', '-L', 'b/f', 'old', 'new']);
      if (gnu.stdout.equals(Buffer.from(diff.patch))) sameAsGnu++;

      const patched = sh('patch', ['-s', '-f', '--no-backup-if-mismatch', '-o', 'patched', 'old', 'p.diff']);
      assert.equal(patched.status, 0, `GNU patch failed on ${what}: ${patched.stderr}${patched.stdout}`);
      assert.ok(readFileSync(file('patched')).equals(neu), `GNU patch did not rebuild the new file: ${what}`);
      unlinkSync(file('patched'));

      // git apply takes an empty old side for a creation and an empty new side for a deletion.
      if (old.length > 0) writeFileSync(file('f'), old);
      const applied = sh('git', ['apply', '--unsafe-paths', 'p.diff']);
      assert.equal(applied.status, 0, `git apply failed on ${what}: ${applied.stderr}`);
      const result = existsSync(file('f')) ? readFileSync(file('f')) : Buffer.alloc(0);
      assert.ok(result.equals(neu), `git apply did not rebuild the new file: ${what}`);
      rmSync(file('f'), { force: true });
    }
    t.diagnostic(`${different} differing pairs applied with patch and git apply; ${sameAsGnu} byte-identical to GNU diff -u`);
    assert.ok(sameAsGnu >= different * 0.8, `only ${sameAsGnu} of ${different} diffs matched GNU diff byte for byte`);
  });

  test('applying every hunk rebuilds the new file; applying none keeps the old one', () => {
    const r = random(SEED + 1);
    for (let n = 0; n < CASES; n++) {
      const oldText = makeText(r);
      const old = bytes(oldText);
      const neu = bytes(mutate(oldText, r));
      const context = r.int(4);
      const hunks = agreed((api) => api.diffHunks(old, neu, { context }));
      const all = agreed((api) =>
        api.applyHunks(
          old,
          neu,
          hunks.map((/** @type {unknown} */ _, /** @type {number} */ i) => i),
          { context },
        ),
      );
      assert.ok(Buffer.from(all).equals(neu), `case ${n}`);
      assert.ok(Buffer.from(agreed((api) => api.applyHunks(old, neu, [], { context }))).equals(old), `case ${n}`);
    }
  });
});

describe('differential: three-way merges against git merge-file', () => {
  test(`${CASES} generated merges (seed ${SEED})`, (t) => {
    const r = random(SEED + 2);
    const tally = { identical: 0, sameVerdict: 0, total: 0 };
    for (let n = 0; n < CASES; n++) {
      const baseText = makeText(r);
      const shape = r.next();
      const oursText = shape < 0.1 ? baseText : mutate(baseText, r);
      const theirsText = shape < 0.2 && shape >= 0.1 ? baseText : shape < 0.3 ? oursText : mutate(baseText, r);
      const [ours, base, theirs] = [oursText, baseText, theirsText].map(bytes);
      const style = r.pick(['merge', 'diff3']);
      const options = { style, oursLabel: 'ours', baseLabel: 'base', theirsLabel: 'theirs' };
      const what = `case ${n} (seed ${SEED}, ${style})`;
      const merged = agreed((api) => api.merge(ours, base, theirs, options));
      writeFileSync(file('ours'), ours);
      writeFileSync(file('base'), base);
      writeFileSync(file('theirs'), theirs);
      const git = sh('git', [
        'merge-file',
        '-p',
        ...(style === 'diff3' ? ['--diff3'] : []),
        '-L',
        'ours',
        '-L',
        'base',
        '-L',
        'theirs',
        'ours',
        'base',
        'theirs',
      ]);
      assert.ok(git.status !== null && git.status < 128, `git merge-file failed on ${what}`);
      tally.total++;
      if (Buffer.from(merged.content).equals(git.stdout)) tally.identical++;
      if (merged.conflicts > 0 === git.status > 0) tally.sameVerdict++;

      // Properties that hold whatever alignment either tool picks.
      if (ours.equals(base)) assert.deepEqual([hex(merged.content), merged.conflicts], [hex(theirs), 0], what);
      if (theirs.equals(base)) assert.deepEqual([hex(merged.content), merged.conflicts], [hex(ours), 0], what);
      if (ours.equals(theirs)) assert.deepEqual([hex(merged.content), merged.conflicts], [hex(ours), 0], what);
      if (merged.conflicts === 0) {
        for (const favor of ['ours', 'theirs', 'union']) {
          const favored = agreed((api) => api.merge(ours, base, theirs, { ...options, favor }));
          assert.deepEqual([hex(favored.content), favored.conflicts], [hex(merged.content), 0], `${what}, favor ${favor}`);
        }
      } else if ([ours, theirs].every((b) => b.length === 0 || b.at(-1) === 0x0a)) {
        // (Markers end a side's unterminated last line; a favor leaves it as it is.)
        const { content } = agreed((api) => api.merge(ours, base, theirs, { ...options, favor: 'ours' }));
        const { content: theirsWins } = agreed((api) => api.merge(ours, base, theirs, { ...options, favor: 'theirs' }));
        // A favor resolves exactly the conflicts: picking ours or theirs side from the markers.
        assert.equal(Buffer.from(content).toString('latin1'), resolve(merged.content, 'ours'), `${what}, favor ours`);
        assert.equal(Buffer.from(theirsWins).toString('latin1'), resolve(merged.content, 'theirs'), `${what}, favor theirs`);
      }
    }
    t.diagnostic(
      `${tally.total} merges: ${tally.identical} byte-identical to git merge-file, ${tally.sameVerdict} with the same clean/conflicted verdict`,
    );
    // The merge diffs the way git's xdiff does, so every verdict and every byte agree.
    assert.equal(tally.sameVerdict, tally.total, `clean/conflicted verdict agreed with git on only ${tally.sameVerdict} of ${tally.total}`);
    assert.equal(tally.identical, tally.total, `only ${tally.identical} of ${tally.total} merges byte-identical to git`);
  });
});

/**
 * Resolves the conflict blocks of a merge result to one side by reading its markers
 * (a test oracle only: it trusts that no input line looks like a marker).
 */
function resolve(/** @type {Uint8Array} */ content, /** @type {'ours' | 'theirs'} */ side) {
  const lines = Buffer.from(content)
    .toString('latin1')
    .split(/(?<=\n)/);
  let state = 'out';
  let out = '';
  for (const l of lines) {
    if (l.startsWith('<<<<<<< ') && state === 'out') state = 'ours';
    else if (l.startsWith('||||||| ') && state === 'ours') state = 'base';
    else if (/^=======\r?\n$/.test(l) && state !== 'out') state = 'theirs';
    else if (l.startsWith('>>>>>>> ') && state === 'theirs') state = 'out';
    else if (state === 'out' || state === side) out += l;
  }
  return out;
}
