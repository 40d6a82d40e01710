// The merge route of `upkeep update` against the real tools, on both engines (native, and
// UPKEEP_FORCE_WASM=1): on generated triples every merged file equals `git merge-file
// --diff3`'s output with the same labels (clean ones merged, the rest marked conflicts);
// under --conflicts patch every patch applies with `git apply --check` to the baseline,
// applying it to the project (git apply --reject, GNU patch) never removes a line the
// project added, and each `.yours.diff` rebuilds the project's file from the latest one.
// UPKEEP_DIFFERENTIAL_CASES (default 120) sets the number of triples, UPKEEP_DIFFERENTIAL_SEED
// the seed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { installProject, runUpdate, tempDir, writeRelease } from './update-fixtures.js';
import { random } from './seeded-random.js';

const CASES = Number(process.env.UPKEEP_DIFFERENTIAL_CASES ?? 120);
const SEED = Number(process.env.UPKEEP_DIFFERENTIAL_SEED ?? 20260301);
const ENGINES = /** @type {const} */ ([
  ['native', {}],
  ['wasm', { UPKEEP_FORCE_WASM: '1' }],
]);

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);
const env = { ...process.env, LC_ALL: 'C', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
const run = (
  /** @type {string} */ cmd,
  /** @type {string[]} */ args,
  /** @type {string} */ cwd,
  /** @type {Buffer} */ input = Buffer.alloc(0),
) => spawnSync(cmd, args, { cwd, env, input, maxBuffer: 1 << 26 });

// Lines like a template's: many repeat (braces, blank lines, list items), most do not.
const COMMON = ['', '}', '{', '  },', '  return x;', '- item', '</div>', '# Notes'];
const lineOf = (/** @type {ReturnType<typeof random>} */ r) => (r.next() < 0.3 ? r.pick(COMMON) : `line ${r.int(400)}`);

/** Three texts of one file: a baseline, and two independent edits of it. */
function triple(/** @type {ReturnType<typeof random>} */ r) {
  const eol = r.next() < 0.15 ? '\r\n' : '\n';
  const base = Array.from({ length: 3 + r.int(40) }, () => lineOf(r));
  const edit = () => {
    const lines = [...base];
    for (let k = 1 + r.int(4); k > 0; k--) {
      const at = r.int(lines.length + 1);
      const op = r.next();
      if (op < 0.4) lines.splice(at, 0, ...Array.from({ length: 1 + r.int(3) }, () => lineOf(r)));
      else if (op < 0.65) lines.splice(at, 1 + r.int(2));
      else if (at < lines.length) lines[at] = lineOf(r);
    }
    return lines;
  };
  const text = (/** @type {string[]} */ lines, /** @type {boolean} */ final) =>
    Buffer.from(lines.join(eol) + (final && lines.length ? eol : ''));
  const final = r.next() < 0.9;
  return { a: text(edit(), final ? true : r.next() < 0.5), b: text(base, final), l: text(edit(), final) };
}

/** `count` triples whose three sides all differ (the both-changed row), as three trees. */
function fixture(/** @type {number} */ seed, /** @type {number} */ count) {
  const r = random(seed);
  /** @type {Record<string, Buffer>} */ const a = {};
  /** @type {Record<string, Buffer>} */ const b = {};
  /** @type {Record<string, Buffer>} */ const l = {};
  while (Object.keys(a).length < count) {
    const t = triple(r);
    if (t.a.equals(t.b) || t.b.equals(t.l) || t.a.equals(t.l)) continue;
    const path = `f/${String(Object.keys(a).length).padStart(3, '0')}.txt`;
    a[path] = t.a;
    b[path] = t.b;
    l[path] = t.l;
  }
  const manifest = Object.fromEntries(Object.keys(a).map((p, i) => [p, ['shared', 'owned', 'wiki-owned'][i % 3]]));
  const v1 = track(writeRelease(tempDir(), { version: '1.0.0', files: {}, manifest }));
  const v2 = track(writeRelease(tempDir(), { version: '1.1.0', files: {}, manifest }));
  for (const [path, bytes] of Object.entries(b)) write(v1, path, bytes);
  for (const [path, bytes] of Object.entries(l)) write(v2, path, bytes);
  const project = () => {
    const dir = track(installProject(v1));
    for (const [path, bytes] of Object.entries(a)) write(dir, path, bytes);
    return dir;
  };
  return { a, b, l, v1, v2, project };
}

function write(/** @type {string} */ dir, /** @type {string} */ path, /** @type {Buffer} */ bytes) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), bytes);
}

/** What `git merge-file -p --diff3` makes of one triple, with the update's labels. */
function gitMerge(/** @type {string} */ scratch, /** @type {Buffer} */ a, /** @type {Buffer} */ b, /** @type {Buffer} */ l) {
  writeFileSync(join(scratch, 'a'), a);
  writeFileSync(join(scratch, 'b'), b);
  writeFileSync(join(scratch, 'l'), l);
  const result = run(
    'git',
    ['merge-file', '-p', '--diff3', '-L', 'yours', '-L', '1.0.0 (baseline)', '-L', '1.1.0 (latest)', 'a', 'b', 'l'],
    scratch,
  );
  assert.ok(result.status !== null && result.status < 128, `git merge-file failed: ${result.stderr}`);
  return { bytes: result.stdout, conflicts: result.status };
}

/** The lines of `text` (line endings kept) as a multiset. */
function lineCounts(/** @type {Buffer} */ text) {
  const counts = new Map();
  for (const line of text.toString('latin1').split(/(?<=\n)/)) if (line) counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
}

/** The lines the project added: in its file more often than in the baseline's. */
function added(/** @type {Buffer} */ a, /** @type {Buffer} */ b) {
  const [ca, cb] = [lineCounts(a), lineCounts(b)];
  return [...ca].flatMap(([line, n]) => Array(Math.max(0, n - (cb.get(line) ?? 0))).fill(line));
}

describe('the merge default against git merge-file --diff3', () => {
  for (const [engine, engineEnv] of ENGINES) {
    test(`${CASES} generated triples, one update (${engine}; seed ${SEED})`, (t) => {
      const f = fixture(SEED, CASES);
      const project = f.project();
      const { status, json, stderr } = runUpdate(project, f.v1, f.v2, [], { env: engineEnv });
      assert.ok(status === 0 || status === 1, stderr);
      const scratch = track(tempDir('upkeep-merge-file-'));
      const conflicts = new Map(json.conflicts.map((/** @type {any} */ c) => [c.path, c]));
      let clean = 0;
      for (const path of Object.keys(f.a)) {
        const git = gitMerge(scratch, f.a[path], f.b[path], f.l[path]);
        const what = `${path} (${engine}, seed ${SEED})`;
        assert.ok(readFileSync(join(project, path)).equals(git.bytes), `${what}: the file differs from git merge-file's output`);
        if (git.conflicts === 0) {
          clean++;
          const bucket = git.bytes.equals(f.a[path]) ? json.skip : json.merge;
          assert.ok(bucket.includes(path), `${what}: clean for git, so merged (or skipped when already merged)`);
          assert.ok(!conflicts.has(path), what);
        } else {
          assert.equal(conflicts.get(path)?.route, 'markers', `${what}: ${git.conflicts} conflicts for git, so markers`);
          assert.ok(readFileSync(join(project, json.backupDir, path)).equals(f.a[path]), `${what}: backed up first`);
        }
      }
      t.diagnostic(
        `${CASES} triples: ${clean} clean, ${CASES - clean} with conflicts; every verdict and every byte equal to git merge-file --diff3`,
      );
      assert.ok(clean > CASES / 10 && clean < CASES, 'the generator makes both kinds');
    });
  }
});

describe('patches that never revert the project', () => {
  test(`--conflicts patch on ${CASES} triples: git apply --check to the baseline, applied to the project keeps every added line`, (t) => {
    const f = fixture(SEED + 1, CASES);
    const project = f.project();
    const { json } = runUpdate(project, f.v1, f.v2, ['--conflicts', 'patch']);
    assert.equal(json.conflicts.length, CASES);
    for (const path of Object.keys(f.a)) assert.ok(readFileSync(join(project, path)).equals(f.a[path]), `${path}: left as it is`);

    // Every patch, from the baseline tree's root, at once.
    const baseline = track(tempDir('upkeep-baseline-copy-'));
    for (const [path, bytes] of Object.entries(f.b)) write(baseline, path, bytes);
    const patches = json.conflicts.map((/** @type {any} */ c) => join(project, c.patchPath));
    const check = run('git', ['apply', '--check', ...patches], baseline);
    assert.equal(check.status, 0, `git apply --check on the baseline: ${check.stderr}`);

    let gitApplied = 0;
    let patchApplied = 0;
    for (const c of json.conflicts) {
      const patch = readFileSync(join(project, c.patchPath));
      assert.match(patch.toString('latin1'), new RegExp(`^--- a/${c.path}\\n\\+\\+\\+ b/${c.path}\\n`), c.path);
      const kept = added(f.a[c.path], f.b[c.path]);
      // git apply --reject applies the hunks that fit and leaves the rest in a .rej file ...
      const copy = track(tempDir('upkeep-apply-'));
      write(copy, c.path, f.a[c.path]);
      const applied = run('git', ['apply', '--reject', '--whitespace=nowarn', '-'], copy, patch);
      if (applied.status === 0) gitApplied++;
      const after = lineCounts(readFileSync(join(copy, c.path)));
      for (const line of kept) {
        assert.ok((after.get(line) ?? 0) > 0, `${c.path}: git apply removed a line the project added: ${JSON.stringify(line)}`);
        after.set(line, after.get(line) - 1);
      }
      // ... and so does GNU patch from the project root, fuzz and all.
      const again = track(tempDir('upkeep-patch-'));
      write(again, c.path, f.a[c.path]);
      const gnu = run('patch', ['-p1', '--forward', '--no-backup-if-mismatch', '-r', '-', '-s'], again, patch);
      if (gnu.status === 0) patchApplied++;
      const afterGnu = lineCounts(readFileSync(join(again, c.path)));
      for (const line of kept) {
        assert.ok((afterGnu.get(line) ?? 0) > 0, `${c.path}: GNU patch removed a line the project added: ${JSON.stringify(line)}`);
        afterGnu.set(line, afterGnu.get(line) - 1);
      }
      // The reading diff rebuilds the project's file from the latest release's.
      const reading = track(tempDir('upkeep-yours-'));
      writeFileSync(join(reading, 'latest'), f.l[c.path]);
      writeFileSync(join(reading, 'yours.diff'), readFileSync(join(project, c.yoursDiffPath)));
      const rebuilt = run('patch', ['-s', '-o', 'rebuilt', 'latest', 'yours.diff'], reading);
      assert.equal(rebuilt.status, 0, `${c.path}: ${rebuilt.stdout}${rebuilt.stderr}`);
      assert.ok(readFileSync(join(reading, 'rebuilt')).equals(f.a[c.path]), `${c.path}: .yours.diff does not rebuild the project's file`);
    }
    t.diagnostic(
      `${CASES} patches: all apply to the baseline; on the project's files git apply took every hunk of ${gitApplied}, GNU patch of ${patchApplied}; no line the project added was removed`,
    );
  });

  test("binary files get upstream's copy; a file without a baseline a creation patch", () => {
    const manifest = { 'logo.png': 'owned', 'notes.txt': 'shared' };
    const v1 = track(writeRelease(tempDir(), { version: '1.0.0', files: {}, manifest: { 'logo.png': 'owned' } }));
    const v2 = track(writeRelease(tempDir(), { version: '1.1.0', files: { 'notes.txt': 'upstream notes\n' }, manifest }));
    write(v1, 'logo.png', Buffer.from([0x89, 0x50, 0x00, 1]));
    write(v2, 'logo.png', Buffer.from([0x89, 0x50, 0x00, 2]));
    const project = track(installProject(v1, { 'notes.txt': 'my notes\n' }));
    write(project, 'logo.png', Buffer.from([0x89, 0x50, 0x00, 3]));
    const { json } = runUpdate(project, v1, v2);
    const byPath = Object.fromEntries(json.conflicts.map((/** @type {any} */ c) => [c.path, c]));
    assert.deepEqual([byPath['logo.png'].route, byPath['logo.png'].latestCopyPath], ['latest-copy', '.upkeep-merge/logo.png.latest']);
    assert.deepEqual([...readFileSync(join(project, '.upkeep-merge/logo.png.latest'))], [0x89, 0x50, 0x00, 2]);
    assert.deepEqual([...readFileSync(join(project, 'logo.png'))], [0x89, 0x50, 0x00, 3], 'never markers in a binary file');
    assert.equal(byPath['notes.txt'].reason, 'no baseline to merge against');
    const baseline = track(tempDir('upkeep-baseline-copy-'));
    assert.equal(
      run('git', ['apply', '--check', join(project, byPath['notes.txt'].patchPath)], baseline).status,
      0,
      'the creation applies to the baseline',
    );
    const refused = run('git', ['apply', '--reject', join(project, byPath['notes.txt'].patchPath)], project);
    assert.notEqual(refused.status, 0, "and is refused over the project's own file");
    assert.equal(readFileSync(join(project, 'notes.txt'), 'utf8'), 'my notes\n');
  });
});

describe('the merge route killed at every step', () => {
  test('a half-written merge never survives; re-running gives the uninterrupted result', () => {
    const files = {
      'clean.md': '# Title\n\nintro\n\n## Usage\n\nrun it\n\n## License\n\nMIT\n',
      'overlap.md': 'one\ntwo\nthree\n',
      'both.txt': 'a\nb\nc\nd\ne\nf\ng\n',
    };
    const latest = {
      'clean.md': '# Title\n\nintro\n\n## Usage\n\nrun it with --fast\n\n## License\n\nMIT\n',
      'overlap.md': 'one\nTWO (upstream)\nthree\n',
      'both.txt': 'a\nb\nC\nd\nE\nf\ng\n',
      'new.txt': 'new upstream\n',
    };
    const manifest = { 'clean.md': 'shared', 'overlap.md': 'shared', 'both.txt': 'owned', 'new.txt': 'owned' };
    const v1 = track(
      writeRelease(tempDir(), { version: '1.0.0', files, manifest: { 'clean.md': 'shared', 'overlap.md': 'shared', 'both.txt': 'owned' } }),
    );
    const v2 = track(writeRelease(tempDir(), { version: '1.1.0', files: latest, manifest }));
    const edits = {
      'clean.md': '# My title\n\nintro\n\n## Usage\n\nrun it\n\n## License\n\nMIT\n',
      'overlap.md': 'one\ntwo (mine)\nthree\n',
      'both.txt': 'A\nb\nc\nd\ne\nf\nG\n',
    };
    const settled = (/** @type {string} */ dir) =>
      Object.fromEntries(
        Object.keys(manifest)
          .filter((p) => existsSync(join(dir, p)))
          .map((p) => [p, readFileSync(join(dir, p), 'utf8')]),
      );
    const reference = track(installProject(v1, edits));
    const first = runUpdate(reference, v1, v2);
    assert.deepEqual(
      [first.json.merge.sort(), first.json.conflicts.map((/** @type {any} */ c) => c.path)],
      [['both.txt', 'clean.md'], ['overlap.md']],
    );
    const want = settled(reference);
    const before = settled(track(installProject(v1, edits)));
    let killed = 0;
    for (let step = 1; ; step += 1) {
      const dir = track(installProject(v1, edits));
      const r = runUpdate(dir, v1, v2, [], { env: { UPKEEP_FAULT_KILL_AT: String(step) } });
      if (r.status !== null) break; // finished before this step: every step was covered
      killed += 1;
      // Killed here: every managed file is whole, the old bytes or the new ones.
      for (const [path, now] of Object.entries(settled(dir))) {
        assert.ok(now === before[path] || now === want[path], `step ${step}: ${path} is neither old nor new:\n${now}`);
      }
      const resumed = runUpdate(dir, v1, v2);
      assert.ok([0, 1].includes(/** @type {number} */ (resumed.status)), `step ${step}: ${resumed.stderr}`);
      assert.deepEqual(settled(dir), want, `step ${step}: the resumed run differs`);
      if (resumed.json.status === 'updated') {
        assert.deepEqual(
          resumed.json.conflicts.map((/** @type {any} */ c) => [c.path, c.route]),
          [['overlap.md', 'markers']],
          `step ${step}: the conflict is listed again`,
        );
      } else {
        assert.equal(resumed.json.status, 'up-to-date', `step ${step}: killed after the version bump, the update was complete`);
      }
      assert.equal(runUpdate(dir, v1, v2).json.status, 'up-to-date', `step ${step}`);
      rmSync(dir, { recursive: true, force: true });
    }
    assert.ok(killed >= 8, `only ${killed} kill points`);
  });
});
