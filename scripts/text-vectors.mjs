#!/usr/bin/env node
// Regenerates tests/vectors/text.json. Every expected value comes from a real tool run on
// the case's bytes, not from upkeep: GNU diff for unifiedDiff, diffHunks (its hunks parsed)
// and sameText (`diff -q --strip-trailing-cr`), GNU patch for applyHunks (the selected
// hunks applied), git merge-file for merge. lineEndings, isBinary and the refusals are
// stated by hand. Usage: node scripts/text-vectors.mjs > tests/vectors/text.json
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'upkeep-vectors-'));
const env = { ...process.env, LC_ALL: 'C' };
const B = (/** @type {string} */ s) => Buffer.from(s, 'latin1');
const hex = (/** @type {Buffer} */ b) => ({ $bytes: b.toString('hex') });
const put = (/** @type {string} */ name, /** @type {Buffer} */ bytes) => (writeFileSync(join(dir, name), bytes), name);

/** Runs a tool in the temp dir; returns stdout bytes and the exit status. */
function run(/** @type {string} */ cmd, /** @type {string[]} */ args) {
  const r = spawnSync(cmd, args, { cwd: dir, env, maxBuffer: 1 << 26 });
  if (r.error) throw r.error;
  return { out: r.stdout, status: /** @type {number} */ (r.status) };
}

/** GNU diff -u with the options of a DiffOptions object. */
function gnuDiff(/** @type {Buffer} */ a, /** @type {Buffer} */ b, /** @type {any} */ o = {}) {
  put('a', a);
  put('b', b);
  const { out, status } = run('diff', [`-U${o.context ?? 3}`, '-L', o.oldLabel ?? 'old', '-L', o.newLabel ?? 'new', 'a', 'b']);
  if (status === 2) throw new Error('diff failed');
  return { out, status };
}

/** The hunks of a GNU unified diff, in the shape of diffHunks. */
function parseHunks(/** @type {Buffer} */ patch) {
  const hunks = [];
  const text = patch.toString('latin1');
  const lines = text.split(/(?<=\n)/).slice(2);
  /** @type {any} */
  let hunk = null;
  for (const line of lines) {
    const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@\n$/.exec(line);
    if (header) {
      const [oldStart, oldLines, newStart, newLines] = [header[1], header[2] ?? '1', header[3], header[4] ?? '1'].map(Number);
      // diff writes an empty range as the line before it, a non-empty one by its first line.
      hunk = {
        oldStart: oldLines ? oldStart - 1 : oldStart,
        oldLines,
        newStart: newLines ? newStart - 1 : newStart,
        newLines,
        header: line.slice(0, -1),
        lines: /** @type {any[]} */ ([]),
      };
      hunks.push(hunk);
    } else if (line === '\\ No newline at end of file\n') {
      const last = hunk.lines.at(-1);
      last.text = last.text.slice(0, -1);
    } else {
      const kind = { ' ': 'context', '-': 'delete', '+': 'insert' }[line[0]];
      hunk.lines.push({ kind, text: line.slice(1) });
    }
  }
  return hunks.map((h) => ({ ...h, lines: h.lines.map((/** @type {any} */ l) => ({ kind: l.kind, text: hex(B(l.text)) })) }));
}

/** The patch of `diff -U<context>` reduced to the selected hunks, applied by GNU patch. */
function patchSubset(/** @type {Buffer} */ a, /** @type {Buffer} */ b, /** @type {number[]} */ selection, /** @type {number} */ context) {
  const { out } = gnuDiff(a, b, { context });
  const text = out.toString('latin1');
  const [head, ...hunks] = text.split(/^(?=@@ )/m);
  const chosen = hunks.filter((_, i) => selection.includes(i));
  put('target', a);
  put('subset.patch', B(head + chosen.join('')));
  if (chosen.length === 0) return a;
  const { status } = run('patch', ['-s', '--no-backup-if-mismatch', '-i', 'subset.patch', 'target']);
  if (status !== 0) throw new Error('patch failed');
  return readFileSync(join(dir, 'target'));
}

/** git merge-file -p with the options of a MergeOptions object. */
function gitMerge(/** @type {Buffer} */ ours, /** @type {Buffer} */ base, /** @type {Buffer} */ theirs, /** @type {any} */ o = {}) {
  put('ours', ours);
  put('base', base);
  put('theirs', theirs);
  const args = ['merge-file', '-p', '-L', o.oursLabel, '-L', o.baseLabel, '-L', o.theirsLabel];
  if (o.style && o.style !== 'merge') args.push(`--${o.style}`);
  if (o.favor && o.favor !== 'none') args.push(`--${o.favor}`);
  if (o.markerSize) args.push(`--marker-size=${o.markerSize}`);
  const { out, status } = run('git', [...args, 'ours', 'base', 'theirs']);
  if (status < 0 || status > 127) throw new Error('git merge-file failed');
  return { content: hex(out), conflicts: status };
}

const labels = { oursLabel: 'ours', baseLabel: 'base', theirsLabel: 'theirs' };
const numbered = (/** @type {number} */ n, /** @type {(i: number) => string} */ f = (i) => `line ${i}\n`) =>
  B(Array.from({ length: n }, (_, i) => f(i + 1)).join(''));
const edit = (/** @type {Buffer} */ text, /** @type {Record<number, string>} */ changes) =>
  B(
    text
      .toString('latin1')
      .split(/(?<=\n)/)
      .map((l, i) => changes[i + 1] ?? l)
      .join(''),
  );

/** @type {any[]} */
const cases = [];
const diffCase = (/** @type {string} */ name, /** @type {Buffer} */ a, /** @type {Buffer} */ b, /** @type {any} */ options = undefined) => {
  const { out, status } = gnuDiff(a, b, options);
  const kind = status === 0 ? 'identical' : out.toString('latin1').startsWith('Binary files ') ? 'binary' : 'different';
  cases.push({
    name: `unifiedDiff: ${name}`,
    call: 'unifiedDiff',
    args: [hex(a), hex(b), ...(options ? [options] : [])],
    result: { status: kind, patch: hex(out) },
  });
};

const ten = numbered(10);
const longLine = B(`${'x'.repeat(20000)}\n`);
diffCase('identical texts', ten, ten);
diffCase('both empty', B(''), B(''));
diffCase('empty old file', B(''), B('a\nb\n'));
diffCase('empty new file', B('a\nb\n'), B(''));
diffCase('one line changed', B('a\n'), B('b\n'));
diffCase('new file lacks the final newline', B('a\nb\n'), B('a\nb'));
diffCase('old file lacks the final newline', B('a\nb'), B('a\nb\n'));
diffCase('neither has a final newline', B('a\nb'), B('a\nc'));
diffCase('from empty to a line without newline', B(''), B('x'));
diffCase('CRLF lines', B('one\r\ntwo\r\nthree\r\n'), B('one\r\n2\r\nthree\r\n'));
diffCase('CRLF to LF is a change', B('one\r\ntwo\r\n'), B('one\ntwo\n'));
diffCase('CR-only files are one line each', B('one\rtwo\rthree\r'), B('one\r2\rthree\r'));
diffCase('invalid UTF-8 and high bytes', B('caf\xe9\n\xff\xfe\x80\nend\n'), B('caf\xc3\xa9\n\xff\xfe\x80\nend\n'));
diffCase('a 20000-byte line', longLine, B(`${'x'.repeat(19999)}y\n`));
diffCase('two changes 7 lines apart make two hunks', numbered(30), edit(numbered(30), { 5: 'X\n', 13: 'Y\n' }));
diffCase('two changes 6 lines apart make one hunk', numbered(30), edit(numbered(30), { 5: 'X\n', 12: 'Y\n' }));
diffCase('context 0', numbered(30), edit(numbered(30), { 5: 'X\n', 12: 'Y\n' }), { context: 0 });
diffCase('context 1 with a pure insertion and deletion', B('a\nb\nc\nd\ne\nf\ng\n'), B('a\nB0\nb\nc\nd\nf\ng\n'), { context: 1 });
diffCase('context 10 reaches both ends', ten, edit(ten, { 5: 'five\n' }), { context: 10 });
diffCase('a line inserted in a run of equal lines goes last', B('x\na\na\na\ny\n'), B('x\na\na\na\na\ny\n'));
diffCase('a line removed from a run of equal lines goes last', B('x\na\na\na\na\ny\n'), B('x\na\na\na\ny\n'));
diffCase('labels with spaces and non-ASCII', B('a\n'), B('b\n'), { oldLabel: 'a/old file.txt', newLabel: 'b/nouveau é.txt' });
diffCase('a BOM added', B('a\nb\n'), B('\xef\xbb\xbfa\nb\n'));
diffCase('a BOM removed from a CRLF file', B('\xef\xbb\xbfa\r\nb\r\n'), B('a\r\nb\r\n'));
diffCase('UTF-16 is binary (its ASCII has NUL bytes)', Buffer.from('\ufeffab\n', 'utf16le'), Buffer.from('\ufeffac\n', 'utf16le'));
diffCase('binary files that differ', B('PNG\0\x01'), B('PNG\0\x02'));
diffCase('binary against text', B('\0'), B('text\n'), { oldLabel: 'logo.png', newLabel: 'logo.txt' });
diffCase('identical binary files', B('\0\x01'), B('\0\x01'));
diffCase('only the first 8000 bytes decide binary', B(`${'a'.repeat(8000)}\0\n`), B(`${'a'.repeat(8000)}\0\nb\n`));

cases.push({
  name: 'unifiedDiff: ignoreEol makes a CRLF checkout identical',
  call: 'unifiedDiff',
  args: [hex(B('a\nb\n')), hex(B('a\r\nb\r\n')), { ignoreEol: true }],
  result: { status: 'identical', patch: hex(B('')) },
});
cases.push({
  name: 'unifiedDiff: a label holding a line break is refused',
  call: 'unifiedDiff',
  args: [hex(B('a\n')), hex(B('b\n')), { newLabel: 'x\ny' }],
  error: {
    code: 'invalid-options',
    message: 'invalid options \'newLabel\': the label "x\\ny" holds a line break, which would end its header line',
  },
});

// diffHunks: GNU diff's hunks, parsed.
for (const [name, a, b, context] of /** @type {[string, Buffer, Buffer, number][]} */ ([
  ['two hunks with context 3', numbered(30), edit(numbered(30), { 5: 'X\n', 13: 'Y\n' }), 3],
  ['context 0, one hunk per change', numbered(12), edit(numbered(12), { 2: 'two\n', 3: '', 9: 'nine\nnine and a half\n' }), 0],
  ['a missing final newline', B('a\nb\n'), B('a\nB'), 3],
  ['from an empty text', B(''), B('x\r\ny\r\n'), 3],
])) {
  const { out } = gnuDiff(a, b, { context });
  cases.push({ name: `diffHunks: ${name}`, call: 'diffHunks', args: [hex(a), hex(b), { context }], result: parseHunks(out) });
}
cases.push({
  name: 'diffHunks: identical texts have no hunks',
  call: 'diffHunks',
  args: [hex(ten), hex(ten)],
  result: [],
});
cases.push({
  name: 'diffHunks: binary input is refused by its label',
  call: 'diffHunks',
  args: [hex(B('a\n')), hex(B('\0b')), { newLabel: 'image.png' }],
  error: {
    code: 'binary-input',
    message: "binary input 'image.png': it has a NUL byte in its first 8000 bytes, so it is not compared line by line",
  },
});

// applyHunks: GNU patch applying only the selected hunks of diff -U<context>.
{
  const a = numbered(40);
  const b = edit(a, { 1: 'first\n', 12: '', 25: 'twenty-five\nextra\n', 40: 'last' });
  for (const [selection, context] of /** @type {[number[], number][]} */ ([
    [[], 0],
    [[0], 0],
    [[1, 3], 0],
    [[3, 2, 1, 0], 0],
    [[2], 3],
    [[0, 1, 2], 3],
  ])) {
    cases.push({
      name: `applyHunks: hunks [${selection}] of 4 with context ${context}`,
      call: 'applyHunks',
      args: [hex(a), hex(b), selection, { context }],
      result: hex(patchSubset(a, b, selection, context)),
    });
  }
  cases.push({
    name: 'applyHunks: an index past the last hunk is refused',
    call: 'applyHunks',
    args: [hex(a), hex(b), [4], { context: 0 }],
    error: { code: 'invalid-hunk-selection', message: "invalid hunk selection '4': the hunks are numbered 0 to 3" },
  });
  cases.push({
    name: 'applyHunks: a hunk selected twice is refused',
    call: 'applyHunks',
    args: [hex(a), hex(b), [1, 1], { context: 0 }],
    error: { code: 'invalid-hunk-selection', message: "invalid hunk selection '1': the hunk is selected twice" },
  });
}

// merge: git merge-file -p.
const base = numbered(12);
const mergeCase = (
  /** @type {string} */ name,
  /** @type {Buffer} */ ours,
  /** @type {Buffer} */ b,
  /** @type {Buffer} */ theirs,
  /** @type {any} */ o = {},
) => {
  const options = { ...labels, ...o };
  cases.push({
    name: `merge: ${name}`,
    call: 'merge',
    args: [hex(ours), hex(b), hex(theirs), options],
    result: gitMerge(ours, b, theirs, options),
  });
};
mergeCase('edits far apart merge cleanly', edit(base, { 2: 'ours\n' }), base, edit(base, { 10: 'theirs\n' }));
mergeCase('the same edit on both sides is no conflict', edit(base, { 5: 'same\n' }), base, edit(base, { 5: 'same\n' }));
mergeCase('ours equals base gives theirs', base, base, edit(base, { 3: '', 7: 'x\r\n' }));
mergeCase('theirs equals base gives ours', edit(base, { 12: 'no newline' }), base, base);
mergeCase('overlapping edits conflict', edit(base, { 5: 'ours\n' }), base, edit(base, { 5: 'theirs\n' }));
mergeCase('adjacent edits conflict', edit(base, { 5: 'ours\n' }), base, edit(base, { 6: 'theirs\n' }));
mergeCase(
  'a conflict narrowed to the lines that differ',
  edit(base, { 4: 'A\n', 5: 'B\n', 6: 'ours\n', 7: 'D\n' }),
  base,
  edit(base, { 4: 'A\n', 5: 'B\n', 6: 'theirs\n', 7: 'D\n' }),
);
mergeCase(
  'conflicts separated by a blank line are joined',
  edit(base, { 3: 'o3\n', 4: '\n', 5: 'o5\n' }),
  base,
  edit(base, { 3: 't3\n', 4: '\n', 5: 't5\n' }),
);
mergeCase('diff3 style shows the base', edit(base, { 5: 'ours\n' }), base, edit(base, { 5: 'theirs\n' }), { style: 'diff3' });
mergeCase('zdiff3 style moves common ends out', edit(base, { 5: 'same\nours\n' }), base, edit(base, { 5: 'same\ntheirs\n' }), {
  style: 'zdiff3',
});
mergeCase('favor ours', edit(base, { 5: 'ours\n' }), base, edit(base, { 5: 'theirs\n' }), { favor: 'ours' });
mergeCase('favor theirs', edit(base, { 5: 'ours\n' }), base, edit(base, { 5: 'theirs\n' }), { favor: 'theirs' });
mergeCase('favor union', edit(base, { 5: 'ours\n' }), base, edit(base, { 5: 'theirs\n' }), { favor: 'union' });
mergeCase('markers end in CRLF in a CRLF file', B('a\r\nours\r\nc\r\n'), B('a\r\nb\r\nc\r\n'), B('a\r\ntheirs\r\nc\r\n'));
mergeCase('conflicting last lines without newline', B('a\nours'), B('a\nb'), B('a\ntheirs'));
mergeCase('both sides add to an empty base', B('ours\n'), B(''), B('theirs\n'));
mergeCase('longer markers', edit(base, { 5: 'ours\n' }), base, edit(base, { 5: 'theirs\n' }), { markerSize: 10, style: 'diff3' });
mergeCase('invalid UTF-8 survives', edit(base, { 2: '\xff\xfe\n' }), base, edit(base, { 9: 'caf\xe9\n' }));
cases.push({
  name: 'merge: binary input is refused by its label',
  call: 'merge',
  args: [hex(B('a\n')), hex(B('a\0')), hex(B('b\n')), labels],
  error: {
    code: 'binary-input',
    message: "binary input 'base': it has a NUL byte in its first 8000 bytes, so it is not compared line by line",
  },
});

// sameText: diff -q, with --strip-trailing-cr for ignoreEol.
for (const [name, a, b] of /** @type {[string, Buffer, Buffer][]} */ ([
  ['CRLF against LF', B('a\r\nb\r\n'), B('a\nb\n')],
  ['CRLF against LF without final newline', B('a\r\nb'), B('a\nb')],
  ['a missing final newline still differs', B('a\r\nb\r\n'), B('a\nb')],
  ['a real change', B('a\r\nb\r\n'), B('a\nc\n')],
])) {
  for (const ignoreEol of [false, true]) {
    put('a', a);
    put('b', b);
    const { status } = run('diff', ['-q', ...(ignoreEol ? ['--strip-trailing-cr'] : []), 'a', 'b']);
    cases.push({
      name: `sameText: ${name}${ignoreEol ? ', ignoring line endings' : ''}`,
      call: 'sameText',
      args: [hex(a), hex(b), { ignoreEol }],
      result: status === 0,
    });
  }
}

// lineEndings and isBinary: stated by hand.
for (const [name, text, result] of /** @type {[string, string, any][]} */ ([
  ['an empty text', '', { dominant: 'none', lf: 0, crlf: 0, cr: 0 }],
  ['LF', 'a\nb\n', { dominant: 'lf', lf: 2, crlf: 0, cr: 0 }],
  ['CRLF', 'a\r\nb\r\nc', { dominant: 'crlf', lf: 0, crlf: 2, cr: 0 }],
  ['CR only', 'a\rb\r', { dominant: 'cr', lf: 0, crlf: 0, cr: 2 }],
  ['mixed, ties go to LF', 'a\r\nb\nc\r', { dominant: 'lf', lf: 1, crlf: 1, cr: 1 }],
])) {
  cases.push({ name: `lineEndings: ${name}`, call: 'lineEndings', args: [hex(B(text))], result });
}
for (const [name, bytes, result] of /** @type {[string, Buffer, boolean][]} */ ([
  ['text', B('plain\r\n\xff'), false],
  ['a NUL byte', B('a\0b'), true],
  ['a NUL after 8000 bytes', B(`${'a'.repeat(8000)}\0`), false],
])) {
  cases.push({ name: `isBinary: ${name}`, call: 'isBinary', args: [hex(bytes)], result });
}
// toCrlf (what an autocrlf checkout writes): stated by hand; null is "nothing to convert".
for (const [name, text, result] of /** @type {[string, string, string | null][]} */ ([
  ['LF text becomes CRLF', 'a\nb\n', 'a\r\nb\r\n'],
  ['no final newline', 'a\nb', 'a\r\nb'],
  ['a lone CR stays', 'a\rb\n', 'a\rb\r\n'],
  ['already CRLF: nothing to convert', 'a\r\nb\r\n', null],
  ["mixed endings are the author's", 'a\r\nb\n', null],
  ['binary: git never converts', '\0a\nb\n', null],
  ['no LF at all', 'abc', null],
  ['empty', '', null],
])) {
  cases.push({ name: `toCrlf: ${name}`, call: 'toCrlf', args: [hex(B(text))], result: result === null ? null : hex(B(result)) });
}

rmSync(dir, { recursive: true, force: true });
const doc = {
  $comment:
    'Text engine: unified diffs, hunks, merges, line endings. Generated by scripts/text-vectors.mjs: unifiedDiff, diffHunks and sameText expectations come from GNU diffutils 3.8, applyHunks from GNU patch 2.7.6, merge from git merge-file 2.47; lineEndings, isBinary and refusals by hand. Format: tests/vectors/README.md.',
  cases,
};
process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
