// The update plan from digests (flows/plan-by-digests.js) against the in-memory route on
// real trees, on both engines: every table row and class, the three --conflicts modes, dry
// runs, line endings, binary files, links and odd folders, files streamed because they are
// large, a file past the 64 MiB content limit, field merges, generated regions and claims.
// The plans must be equal, byte for byte. Then the re-check: a file edited, or deleted,
// between being hashed and being read for its merge.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { installProject, tempDir, writeRelease } from './update-fixtures.js';

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);
const engines = /** @type {const} */ ([
  ['native', {}],
  ['wasm', { UPKEEP_FORCE_WASM: '1' }],
]);
const lib = new URL('../../npm/lib/', import.meta.url).href;
const helper = new URL('./update-in-memory.js', import.meta.url).href;

/**
 * Plans `project` from v1 to v2 both ways in a fresh node on `env`'s engine; returns
 * `{ same, inMemory, byDigests }` (plans as JSON, bytes base64) or the digest route's error.
 * @param {Record<string, string>} env @param {string} project @param {string} v1 @param {string} v2
 * @param {object} options the plan's options @param {string} [hook] code run on each progress report (`p`)
 */
function planBothWays(env, project, v1, v2, options = {}, hook = '') {
  const script = `
    import { readFileSync, existsSync } from 'node:fs';
    import { isDeepStrictEqual } from 'node:util';
    const { engine } = await import(${JSON.stringify(`${lib}engine.js`)});
    const { planByDigests } = await import(${JSON.stringify(`${lib}flows/plan-by-digests.js`)});
    const { planInMemory } = await import(${JSON.stringify(helper)});
    const [root, v1, v2] = ${JSON.stringify([project, v1, v2])};
    const text = (p) => (existsSync(p) ? readFileSync(p, 'utf8') : null);
    const baselineManifest = text(v1 + '/.upkeep/manifest.json');
    const latestManifest = text(v2 + '/.upkeep/manifest.json');
    const list = engine.updateReadList(baselineManifest, latestManifest, '.upkeep');
    const input = {
      from: '1.0.0', to: '1.1.0', baselineManifest, latestManifest,
      claimFiles: list.claimFiles.map((path) => ({ path, bytes: existsSync(root + '/' + path) ? readFileSync(root + '/' + path) : null })),
      changelog: text(v2 + '/CHANGELOG.md'), packageJson: text(root + '/package.json'), leftoverPatches: [],
      options: { stateDir: '.upkeep', runId: 'run1', ...${JSON.stringify(options)} },
    };
    const roots = [root, v1, v2];
    const inMemory = planInMemory(engine, { roots, paths: list.paths, input });
    const encode = (v) => JSON.stringify(v, (k, x) => (x instanceof Uint8Array ? Buffer.from(x).toString('base64') : x));
    try {
      // The flow's route: the manifests parsed once (UpdateInputs), the plan kept in the session.
      const { baselineManifest: _b, latestManifest: _l, ...rest } = input;
      const session = engine.UpdateInputs.open(baselineManifest, latestManifest, '.upkeep').session(rest);
      await planByDigests({ roots, paths: list.paths, session, onProgress: (p) => { ${hook} } });
      const byDigests = session.planned();
      console.log(JSON.stringify({ same: isDeepStrictEqual(inMemory, byDigests), inMemory: JSON.parse(encode(inMemory)), byDigests: JSON.parse(encode(byDigests)) }));
    } catch (e) {
      console.log(JSON.stringify({ error: { code: e.code, message: e.message } }));
    }`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  assert.equal(out.status, 0, out.stderr);
  return JSON.parse(out.stdout);
}

/** Asserts both routes agree on every engine; returns the plan. */
function agree(/** @type {string} */ project, /** @type {string} */ v1, /** @type {string} */ v2, options = {}) {
  let plan;
  for (const [name, env] of engines) {
    const r = planBothWays(env, project, v1, v2, options);
    assert.ok(!r.error, `${name}: ${JSON.stringify(r.error)}`);
    assert.deepStrictEqual(r.byDigests, r.inMemory, `${name}: the digest route's plan differs`);
    assert.ok(r.same, `${name}: equal as JSON but not as values`);
    plan = r.byDigests;
  }
  return plan;
}

// Every row for each class, and the sweep (as update-flow.test.js lays them out).
const classes = ['owned', 'shared', 'wiki-owned'];
/** @type {Record<string, string>} */ const rowsV1 = {};
/** @type {Record<string, string>} */ const rowsV2 = {};
/** @type {Record<string, string>} */ const rowsM1 = {};
/** @type {Record<string, string>} */ const rowsM2 = {};
/** @type {Record<string, string | null>} */ const rowsEdits = {};
for (const c of classes) {
  /** @param {string} name @param {string} b @param {string} l @param {string | null} [edit] */
  const both = (name, b, l, edit) => {
    rowsV1[`${c}/${name}`] = b;
    rowsV2[`${c}/${name}`] = l;
    rowsM1[`${c}/${name}`] = c;
    rowsM2[`${c}/${name}`] = c;
    if (edit !== undefined) rowsEdits[`${c}/${name}`] = edit;
  };
  rowsV2[`${c}/added`] = 'new\n';
  rowsM2[`${c}/added`] = c;
  both('user-deleted', 'v1\n', 'v2\n', null);
  rowsV2[`${c}/newly-managed`] = 'v2\n';
  rowsM2[`${c}/newly-managed`] = c;
  rowsEdits[`${c}/newly-managed`] = 'mine\n';
  both('no-upstream-change', 'v1\n', 'v1\n', 'mine\n');
  both('no-local-change', 'v1\n', 'v2\n');
  both('already-latest', 'v1\n', 'v2\n', 'v2\n');
  both('conflict', 'a\nb\nc\nd\ne\n', 'a\nb\nc\nd\nE\n', 'A\nb\nc\nd\ne\n');
  both('overlap', 'a\nb\nc\n', 'a\nB\nc\n', 'a\nmine\nc\n');
  both('crlf-checkout', 'x\ny\n', 'x\nY\n', 'x\r\ny\r\n');
  both('binary', '\0v1\n', '\0v2\n', '\0mine\n');
  rowsM1[`${c}/dropped-present`] = c;
  rowsV1[`${c}/dropped-present`] = 'x\n';
  rowsM1[`${c}/dropped-gone`] = c;
  rowsV1[`${c}/dropped-gone`] = 'x\n';
  rowsEdits[`${c}/dropped-gone`] = null;
}

describe('the digest route plans exactly what the in-memory route plans', () => {
  const v1 = track(writeRelease(tempDir(), { version: '1.0.0', files: rowsV1, manifest: rowsM1 }));
  const v2 = track(
    writeRelease(tempDir(), {
      version: '1.1.0',
      files: rowsV2,
      manifest: rowsM2,
      changelog: '## [1.1.0]\n- `owned/dropped-present` is gone. **Action required:** delete it.\n',
    }),
  );
  const project = track(installProject(v1, rowsEdits));

  for (const conflicts of ['patch', 'merge', 'markers']) {
    test(`every row and class, --conflicts ${conflicts}`, () => {
      const plan = agree(project, v1, v2, { conflicts });
      assert.ok(plan.report.conflicts.length >= 6, 'conflicts were planned from supplied bytes');
    });
  }
  test('--ignore-eol, and a dry run', () => {
    const plan = agree(project, v1, v2, { ignoreEol: true, conflicts: 'merge', dryRun: true });
    assert.ok(plan.report.merge.includes('shared/crlf-checkout'), 'a CRLF checkout of an unchanged file is updated');
  });

  test('links, folders and non-files at managed paths', () => {
    const files = { 'a/x.txt': 'v1\n', 'b/y.txt': 'v1\n', 'c/z.txt': 'v1\n', 'd.txt': 'v1\n', 'e/f.txt': 'v1\n' };
    const manifest = Object.fromEntries(Object.keys(files).map((p) => [p, 'owned']));
    const r1 = track(writeRelease(tempDir(), { version: '1.0.0', files, manifest }));
    const r2 = track(
      writeRelease(tempDir(), { version: '1.1.0', files: Object.fromEntries(Object.keys(files).map((p) => [p, 'v2\n'])), manifest }),
    );
    const p = track(installProject(r1));
    rmSync(join(p, 'a'), { recursive: true });
    symlinkSync(join(r2, 'a'), join(p, 'a')); // a linked folder: never read through
    rmSync(join(p, 'b/y.txt'));
    symlinkSync('../d.txt', join(p, 'b/y.txt')); // a link at a managed path
    rmSync(join(p, 'c/z.txt'));
    mkdirSync(join(p, 'c/z.txt')); // a folder at a managed path
    rmSync(join(p, 'e'), { recursive: true });
    writeFileSync(join(p, 'e'), 'a file where a folder was\n');
    const plan = agree(p, r1, r2);
    assert.deepEqual(
      plan.report.conflicts.map((/** @type {any} */ c) => c.path),
      ['a/x.txt', 'b/y.txt', 'c/z.txt'],
    );
  });

  test('large files: streamed digests, merges from supplied bytes, and the 64 MiB limit named', () => {
    const big = (/** @type {string} */ tag, /** @type {number} */ lines) =>
      Array.from({ length: lines }, (_, i) => `line ${i} ${i === 7 ? tag : ''}\n`).join('');
    const mb = 40_000; // ≈ 1.3 MiB: past the observer's 1 MiB, streamed through the digester
    const r1 = track(
      writeRelease(tempDir(), {
        version: '1.0.0',
        files: { 'same.log': big('v1', mb), 'clean.log': big('v1', mb), 'both.log': big('v1', mb), 'huge.txt': 'x' },
        manifest: { 'same.log': 'shared', 'clean.log': 'shared', 'both.log': 'shared', 'huge.txt': 'shared' },
      }),
    );
    const r2 = track(
      writeRelease(tempDir(), {
        version: '1.1.0',
        files: {
          'same.log': big('v1', mb),
          'clean.log': big('v2', mb),
          'both.log': big('v1', mb).replace('line 9 \n', 'line 9 theirs\n'),
          'huge.txt': 'y',
        },
        manifest: { 'same.log': 'shared', 'clean.log': 'shared', 'both.log': 'shared', 'huge.txt': 'shared' },
      }),
    );
    const p = track(installProject(r1, { 'both.log': big('mine', mb) }));
    const huge = 'a line of a very large generated file\n'.repeat(1 << 21); // 78 MiB
    writeFileSync(join(r1, 'huge.txt'), huge);
    writeFileSync(join(r2, 'huge.txt'), `${huge}upstream\n`);
    writeFileSync(join(p, 'huge.txt'), `mine\n${huge}`);
    const plan = agree(p, r1, r2, { conflicts: 'merge' });
    assert.deepEqual(plan.report.merge, ['both.log', 'clean.log']);
    const [conflict] = plan.report.conflicts;
    assert.equal(conflict.path, 'huge.txt');
    assert.match(conflict.reason, /over the 64 MiB upkeep diffs and merges/);
    assert.match(plan.summary, /huge\.txt \[shared\]: left as it is \(its latest copy is 76\.0 MiB/);
  });

  test('field merges, generated regions and claims', () => {
    const START = '<!-- s -->';
    const END = '<!-- e -->';
    const doc = (/** @type {string} */ head, /** @type {string} */ body) => `# ${head}\n${START}\n${body}${END}\nend\n`;
    const region = {
      id: 'team',
      startMarker: START,
      endMarker: END,
      paths: ['TEAM.md'],
      inputs: ['team.txt'],
      regenerate: { interpreter: 'sh', operand: 'gen.sh', args: [] },
    };
    const manifest = {
      'package.json': 'shared',
      'TEAM.md': 'shared',
      'team.txt': 'shared',
      'gen.sh': 'owned',
      'docs/d.md': 'wiki-owned',
      'rules/r.md': 'owned',
    };
    const extra = {
      merges: { 'package.json': { format: 'json', maps: ['dependencies'] } },
      regions: [region],
      claims: [{ file: 'docs/d.md', flag: 'established', paths: ['docs/d.md', 'rules/r.md'] }],
    };
    const r1 = track(
      writeRelease(tempDir(), {
        version: '1.0.0',
        manifest,
        extra,
        files: {
          'package.json': '{"dependencies":{"a":"1","b":"1"}}\n',
          'TEAM.md': doc('Team', '- ann\n'),
          'team.txt': 'ann\n',
          'gen.sh': 'true\n',
          'docs/d.md': '# d\n',
          'rules/r.md': 'r1\n',
        },
      }),
    );
    const r2 = track(
      writeRelease(tempDir(), {
        version: '1.1.0',
        manifest,
        extra,
        files: {
          'package.json': '{"dependencies":{"a":"2","b":"1","c":"1"}}\n',
          'TEAM.md': doc('Our team', '(stale)\n'),
          'team.txt': 'ann\nbob\n',
          'gen.sh': 'true\n',
          'docs/d.md': '# d v2\n',
          'rules/r.md': 'r2\n',
        },
      }),
    );
    const p = track(
      installProject(r1, {
        'package.json': '{"name":"me","dependencies":{"a":"1","b":"1"}}\n',
        'TEAM.md': doc('Team', '- ann\n- carol\n'),
        'docs/d.md': '---\nestablished: true\n---\n# d\n',
        'rules/r.md': 'mine\n',
      }),
    );
    const plan = agree(p, r1, r2);
    assert.deepEqual(Object.keys(plan.report.structured), ['package.json']);
    assert.equal(plan.report.regions.verdicts[0].row, 'no-local-change');
    assert.ok(plan.report.skip.includes('rules/r.md'), 'a claimed path is skipped');
  });
});

describe('bytes are re-checked when read for a merge', () => {
  const files = { 'both.txt': 'a\nb\nc\n', 'clean.txt': 'v1\n' };
  const manifest = { 'both.txt': 'shared', 'clean.txt': 'shared' };
  const r1 = track(writeRelease(tempDir(), { version: '1.0.0', files, manifest }));
  const r2 = track(writeRelease(tempDir(), { version: '1.1.0', files: { 'both.txt': 'a\nb\nC\n', 'clean.txt': 'v2\n' }, manifest }));

  for (const [name, env] of engines) {
    test(`${name}: a file saved again between hashing and reading is a conflict, never merged`, () => {
      const p = track(installProject(r1, { 'both.txt': 'A\nb\nc\n' }));
      const edit = `if (p.phase === 'plan' && p.done === 0 && p.total > 1) process.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(join(p, 'both.txt'))}, 'A\\nsaved again\\nc\\n');`;
      const r = planBothWays(env, p, r1, r2, { conflicts: 'merge' }, edit);
      assert.ok(!r.error, JSON.stringify(r.error));
      const conflict = r.byDigests.report.conflicts[0];
      assert.equal(conflict.path, 'both.txt');
      assert.match(
        conflict.reason,
        /its current copy changed while upkeep was reading it, so nothing was merged or written for it: run the update again/,
      );
      assert.ok(!r.byDigests.actions.some((/** @type {any} */ a) => a.path === 'both.txt'), 'no action for the changed file');
      assert.deepEqual(r.byDigests.report.merge, ['clean.txt']);
    });
    test(`${name}: a needed file deleted in between stops the run, naming it`, () => {
      const p = track(installProject(r1, { 'both.txt': 'A\nb\nc\n' }));
      const gone = `if (p.phase === 'plan' && p.done === 0 && p.total > 1) process.getBuiltinModule('node:fs').rmSync(${JSON.stringify(join(p, 'both.txt'))});`;
      const r = planBothWays(env, p, r1, r2, { conflicts: 'merge' }, gone);
      assert.equal(r.error?.code, 'changed-during-run');
      assert.match(
        r.error.message,
        /^'both\.txt' \(the current copy\) changed while upkeep was reading it: ENOENT.*nothing was written, run the update again$/,
      );
    });
  }
});
