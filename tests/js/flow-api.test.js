// The flows as an API (`newProject`, `adopt`, `update`, `status`, `install`, `refresh`),
// called in-process as a tool author would: each report serialises to the very document
// the command prints with --json on the same scenario; bad input throws the command's
// code and message and writes nothing; an AbortSignal stops at a safe point and a re-run
// finishes; `decide` answers what the command would prompt for; the example scaffolder
// runs. This file runs on the engine this process loaded and, from the native run, once
// more with UPKEEP_FORCE_WASM=1 (alsoOnWasm, from ./implementations.js).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';
import { makeConsumer, runCli } from './consumer.js';
import { installProject, snapshot, writeRelease, writeTree } from './update-fixtures.js';
import { alsoOnWasm } from './implementations.js';

const api = await import('../../npm/lib/index.js');
const engineName = api.implementation;
const examples = fileURLToPath(new URL('../../examples/', import.meta.url));

const base = mkdtempSync(join(tmpdir(), 'upkeep-api-'));
after(() => rmSync(base, { recursive: true, force: true }));
let count = 0;
/** A fresh folder under this run's temp folder. */
const fresh = (/** @type {string} */ name) => {
  const dir = join(base, `${name}-${(count += 1)}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};
// This process's release cache (the API reads XDG_CACHE_HOME at each call), and the CLI's.
process.env.XDG_CACHE_HOME = fresh('cache');
const cli = (/** @type {string[]} */ args, /** @type {{ cwd?: string }} */ options = {}) =>
  runCli(args, { ...options, env: { XDG_CACHE_HOME: fresh('cli-cache') } });

/**
 * The text with what differs between two runs of one scenario named: each run's own
 * folders, and run ids taken from the clock.
 * @param {string} text @param {Record<string, string>} names folder → name
 */
function settled(text, names) {
  let out = text;
  for (const [dir, name] of Object.entries(names)) out = out.split(dir).join(name);
  return out.replace(/\d{8}-\d{6}-\d{3}/g, '<run>').replace(/\d{8}T\d{6}Z-[0-9a-f]{8}/g, '<run>');
}

/** Runs `fn` and returns the error it throws (failing when it does not). */
async function rejection(/** @type {() => Promise<unknown>} */ fn) {
  try {
    await fn();
  } catch (error) {
    return /** @type {Error & { code?: string, cause?: any, report?: any }} */ (error);
  }
  assert.fail('expected an error');
}

/** The {code, message} of a failed command's --json document. */
function cliError(/** @type {{ status: number | null, stdout: string, stderr: string }} */ r) {
  assert.notEqual(r.status, 0, r.stderr);
  return JSON.parse(r.stdout).error;
}

// A template at 1.0.0 and 1.1.0: an owned file upstream changes, a shared one both sides
// change on the same line (a conflict in every --conflicts mode), one added; 300 owned files that change, for several write batches.
const many = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`gen/f${String(i).padStart(3, '0')}.txt`, i]));
const v1 = writeRelease(fresh('v1'), {
  version: '1.0.0',
  files: { 'owned.txt': 'one\n', 'shared.txt': 'a\nb\nc\nd\ne\n', ...Object.fromEntries(Object.keys(many).map((p) => [p, 'v1\n'])) },
  manifest: { 'owned.txt': 'owned', 'shared.txt': 'shared', ...Object.fromEntries(Object.keys(many).map((p) => [p, 'owned'])) },
});
const v2 = writeRelease(fresh('v2'), {
  version: '1.1.0',
  files: {
    'owned.txt': 'two\n',
    'shared.txt': 'a1\nb\nc\nd\nE\n',
    'added.txt': 'new\n',
    ...Object.fromEntries(Object.keys(many).map((p) => [p, 'v2\n'])),
  },
  manifest: {
    'owned.txt': 'owned',
    'shared.txt': 'shared',
    'added.txt': 'owned',
    ...Object.fromEntries(Object.keys(many).map((p) => [p, 'owned'])),
  },
  changelog: '# Changelog\n\n## [1.1.0]\n- owned.txt says two\n\n## [1.0.0]\n- first\n',
});
/** A project installed from 1.0.0, with a local edit to the shared file. */
const project = () => {
  const dir = installProject(v1, { 'shared.txt': 'A\nb\nc\nd\ne\n' });
  const moved = fresh('project');
  cpSync(dir, moved, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  return moved;
};
/** The project's files, without the backups (named by the clock). */
const files = (/** @type {string} */ dir) =>
  Object.fromEntries(Object.entries(snapshot(dir)).filter(([p]) => !p.startsWith('.upkeep-backups/')));

// An integration's source and the host it was installed into, then edited.
const source = fresh('source');
writeTree(source, {
  'install/manifest.json': JSON.stringify({
    schema: 1,
    home: 'svc',
    files: ['a', 'b', 'c'].map((n) => ({ src: `code/${n}.mjs`, target: `svc/${n}.mjs` })),
  }),
  'code/a.mjs': 'a v1\n',
  'code/b.mjs': 'b v1\n',
  'code/c.mjs': 'c v1\n',
});
const moveSource = () => writeTree(source, { 'code/a.mjs': 'a v2\n', 'code/b.mjs': 'b v2\n', 'code/c.mjs': 'c v2\n' });
/** The host's installed files (not upkeep's record, journal or backups). */
const installedFiles = (/** @type {string} */ dir) =>
  Object.fromEntries(Object.entries(snapshot(join(dir, 'svc'))).filter(([p]) => !p.startsWith('.upkeep')));
/** A host with the source installed (by the CLI), then `b` edited and `c` deleted here. */
function host() {
  const dir = fresh('host');
  writeTree(source, { 'code/a.mjs': 'a v1\n', 'code/b.mjs': 'b v1\n', 'code/c.mjs': 'c v1\n' });
  const r = cli(['install', '--source', source, '--target', dir]);
  assert.equal(r.status, 0, r.stderr);
  writeTree(dir, { 'svc/b.mjs': 'my b\n' });
  rmSync(join(dir, 'svc/c.mjs'));
  moveSource();
  return dir;
}

describe(`the flows as an API (${engineName})`, () => {
  test('exported from the Node entry, for import and require; not from the browser entry', async () => {
    const required = createRequire(import.meta.url)('../../npm/lib/index.cjs');
    const names = ['newProject', 'adopt', 'update', 'status', 'install', 'refresh'];
    for (const name of names) {
      assert.equal(typeof (/** @type {any} */ (api)[name]), 'function', name);
      assert.equal(required[name], /** @type {any} */ (api)[name], name);
    }
    const browser = await import('../../npm/lib/browser.js');
    for (const name of names) assert.equal(name in browser, false, name);
  });

  test('update and status: the documents `upkeep update --json` and `upkeep status --json` print, and the same files', async () => {
    const [a, b] = [project(), project()];
    const statusDoc = await api.status({ root: a, baseline: v1, latest: v2 });
    const statusCli = cli(['status', '--root', b, '--baseline', v1, '--latest', v2, '--json']);
    assert.equal(statusCli.status, 1, statusCli.stderr);
    assert.equal(settled(JSON.stringify(statusDoc, null, 2), { [a]: '<root>' }), settled(statusCli.stdout.trimEnd(), { [b]: '<root>' }));
    assert.equal(statusDoc.status, 'dry-run');

    /** @type {string[]} */
    const phases = [];
    const [prA, prB] = [join(fresh('pr'), 'request'), join(fresh('pr'), 'request')];
    const doc = await api.update({ root: a, baseline: v1, latest: v2, yes: true, pr: prA, onProgress: (e) => phases.push(e.phase) });
    const r = cli(['update', '--root', b, '--baseline', v1, '--latest', v2, '--yes', '--pr', prB, '--json']);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(settled(JSON.stringify(doc, null, 2), { [a]: '<root>' }), settled(r.stdout.trimEnd(), { [b]: '<root>' }));
    assert.equal(doc.status, 'updated');
    assert.deepEqual(
      doc.conflicts.map((c) => c.path),
      ['shared.txt'],
    );
    assert.deepEqual(files(a), files(b));
    assert.deepEqual(snapshot(prA), snapshot(prB)); // the change request (--pr), file for file
    assert.equal(readFileSync(join(prA, 'branch.txt'), 'utf8'), `${doc.pr?.branch}\n`);
    assert.deepEqual([...new Set(phases)], ['fetch', 'read', 'plan', 'backup', 'write']);

    const again = await api.update({ root: a, baseline: v2, latest: v2 });
    assert.equal(again.status, 'up-to-date');

    // Declined at the prompt: no update was made, so no change request is written.
    const declinedPr = join(fresh('pr'), 'request');
    const declined = await api.update({ root: project(), baseline: v1, latest: v2, pr: declinedPr, decide: () => false });
    assert.equal(declined.status, 'aborted');
    assert.equal(declined.pr ?? null, null);
    assert.equal(existsSync(declinedPr), false);
  });

  test('cwd: relative paths and release specs are taken from it, as the command takes them from where it runs', async () => {
    const [a, b] = [project(), project()];
    const parent = join(a, '..');
    const rel = (/** @type {string} */ p) => `../${p.slice(parent.length + 1)}`;
    const doc = await api.update({ cwd: a, baseline: rel(v1), latest: rel(v2) });
    const r = cli(['update', '--baseline', rel(v1), '--latest', rel(v2), '--json'], { cwd: b });
    assert.equal(settled(JSON.stringify(doc, null, 2), {}), settled(r.stdout.trimEnd(), {}));
    assert.deepEqual(files(a), files(b));
  });

  test('install and refresh: the run reports `--json` prints, and the same files', async () => {
    const [a, b] = [fresh('host'), fresh('host')];
    writeTree(source, { 'code/a.mjs': 'a v1\n', 'code/b.mjs': 'b v1\n', 'code/c.mjs': 'c v1\n' });
    const installed = await api.install({ source, target: a });
    const r = cli(['install', '--source', source, '--target', b, '--json']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(settled(JSON.stringify(installed), { [a]: '<host>' }), settled(r.stdout.trimEnd(), { [b]: '<host>' }));
    assert.deepEqual(snapshot(join(a, 'svc')), snapshot(join(b, 'svc')));

    const [c, d] = [host(), host()];
    const refreshed = await api.refresh({ source, target: c, hostDeleted: 'restore' });
    const rr = cli(['refresh', '--source', source, '--target', d, '--host-deleted', 'restore', '--json']);
    assert.equal(rr.status, 1, rr.stderr); // b.mjs is changed on both sides: pending
    assert.equal(settled(JSON.stringify(refreshed), { [c]: '<host>' }), settled(rr.stdout.trimEnd(), { [d]: '<host>' }));
    assert.equal(refreshed.attention, 1);
    assert.equal(readFileSync(join(c, 'svc/c.mjs'), 'utf8'), 'c v2\n');
  });

  test('newProject and adopt: the documents `upkeep new --json` and `upkeep adopt --json` print', async () => {
    const spec = `${examples}starter-template`;
    const [a, b] = [fresh('new'), fresh('new')];
    const made = await api.newProject({ spec, target: join(a, 'my-app') });
    const r = cli(['new', spec, join(b, 'my-app'), '--json']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(settled(JSON.stringify(made, null, 2), { [a]: '<dir>' }), settled(r.stdout.trimEnd(), { [b]: '<dir>' }));
    assert.equal(made.status, 'created');
    assert.deepEqual(snapshot(join(a, 'my-app')), snapshot(join(b, 'my-app')));

    // A project copied by hand, then adopted: the record written, the differences listed.
    const [c, d] = [fresh('adopt'), fresh('adopt')];
    for (const dir of [c, d]) {
      execFileSync('cp', ['-a', `${examples}starter-project/.`, dir]);
      rmSync(join(dir, '.upkeep'), { recursive: true, force: true });
    }
    const adopted = await api.adopt({ spec: `${spec}@1.2.0`, root: c });
    const ar = cli(['adopt', `${spec}@1.2.0`, '--root', d, '--json']);
    assert.equal(ar.status, 0, ar.stderr);
    assert.equal(settled(JSON.stringify(adopted, null, 2), { [c]: '<root>' }), settled(ar.stdout.trimEnd(), { [d]: '<root>' }));
    assert.equal(adopted.status, 'adopted');
    assert.deepEqual(snapshot(c), snapshot(d));
  });

  test("bad input: the command's code and message, as an Error with .code; nothing written", async () => {
    const dir = project();
    const empty = fresh('empty');
    const before = [snapshot(dir), snapshot(empty)];
    /** Each case: the API call and the same command (null: the command line refuses it another way). */
    const cases = /** @type {[string, () => Promise<unknown>, string[]][]} */ ([
      [
        'not-installed',
        () => api.update({ root: empty, baseline: v1, latest: v2 }),
        ['update', '--root', empty, '--baseline', v1, '--latest', v2, '--json'],
      ],
      [
        'not-installed',
        () => api.status({ root: empty, baseline: v1, latest: v2 }),
        ['status', '--root', empty, '--baseline', v1, '--latest', v2, '--json'],
      ],
      [
        'usage',
        () => api.update({ root: dir, baseline: v1, latest: v2, conflicts: /** @type {any} */ ('both') }),
        ['update', '--root', dir, '--baseline', v1, '--latest', v2, '--conflicts', 'both', '--json'],
      ],
      [
        'baseline-mismatch',
        () => api.update({ root: dir, baseline: v2, latest: v2 }),
        ['update', '--root', dir, '--baseline', v2, '--latest', v2, '--json'],
      ],
      [
        'bad-release',
        () => api.update({ root: dir, baseline: v1, latest: join(empty, 'nowhere') }),
        ['update', '--root', dir, '--baseline', v1, '--latest', join(empty, 'nowhere'), '--json'],
      ],
      ['no-record', () => api.refresh({ source, target: empty }), ['refresh', '--source', source, '--target', empty, '--json']],
      [
        'bad-release',
        () => api.newProject({ spec: join(empty, 'nowhere'), target: join(empty, 'app') }),
        ['new', join(empty, 'nowhere'), join(empty, 'app'), '--json'],
      ],
      ['usage', () => api.adopt({ spec: v1, root: dir }), ['adopt', v1, '--root', dir, '--json']],
    ]);
    for (const [code, call, args] of cases) {
      const error = await rejection(call);
      assert.ok(error instanceof Error, String(error)); // an Error, with the command's code
      assert.equal(error.code, code, `${args[0]}: ${error.message}`);
      assert.deepEqual({ code: error.code, message: error.message }, cliError(cli(args)), args.join(' '));
    }
    // A value the command line's parser refuses: its message, word for word.
    const auto = await rejection(() => api.refresh({ source, target: empty, auto: /** @type {any} */ ('theirs') }));
    const r = cli(['refresh', '--source', source, '--target', empty, '--auto', 'theirs']);
    assert.equal(r.status, 2);
    assert.equal(auto.code, 'usage');
    assert.equal(`upkeep: ${auto.message}\n`, r.stderr);
    // What only the API can get wrong: a misspelt option, a wrong type, a missing one.
    const misspelt = await rejection(() => api.update({ root: dir, baseline: v1, latest: v2, ...{ dryrun: true } }));
    assert.deepEqual([misspelt.code, misspelt.message], ['usage', "update: unknown option 'dryrun' (did you mean 'dryRun'?)"]);
    const typed = await rejection(() => api.install({ source, target: empty, force: /** @type {any} */ ('yes') }));
    assert.deepEqual([typed.code, typed.message], ['usage', "install: the option 'force' must be true or false, not a string"]);
    const missing = await rejection(() => api.newProject(/** @type {any} */ ({ spec: v1 })));
    assert.deepEqual([missing.code, missing.message], ['usage', "newProject: the option 'target' is required"]);
    assert.deepEqual([snapshot(dir), snapshot(empty)], before);
  });

  test('an AbortSignal stops an update at a safe point (interrupted, every file whole); the same call again finishes it', async () => {
    const [a, b] = [project(), project()];
    const before = snapshot(a);
    const aborted = AbortSignal.abort(new Error('the user closed the window'));
    const early = await rejection(() => api.update({ root: a, baseline: v1, latest: v2, signal: aborted }));
    assert.equal(early.code, 'interrupted');
    assert.equal(early.cause.message, 'the user closed the window');
    assert.deepEqual(snapshot(a), before);

    // Stopped right after the first generated file was replaced: some files new, the rest
    // untouched; the rejection carries what the run did.
    const stop = new AbortController();
    const stopped = await rejection(() =>
      api.update({
        root: a,
        baseline: v1,
        latest: v2,
        signal: stop.signal,
        onProgress: (e) => {
          if (e.phase === 'write' && e.path?.startsWith('gen/')) stop.abort();
        },
      }),
    );
    assert.equal(stopped.code, 'interrupted');
    assert.deepEqual(
      [stopped.report.status, stopped.report.run.outcome, stopped.report.run.versionBumped],
      ['interrupted', 'interrupted', false],
    );
    const gen = Object.keys(many).map((p) => readFileSync(join(a, p), 'utf8'));
    assert.ok(gen.includes('v1\n') && gen.includes('v2\n'), 'stopped part way');
    assert.ok(
      gen.every((t) => t === 'v1\n' || t === 'v2\n'),
      'every file whole',
    );
    const resumed = await api.update({ root: a, baseline: v1, latest: v2 });
    assert.equal(resumed.resumed, true);
    await api.update({ root: b, baseline: v1, latest: v2 });
    assert.deepEqual(files(a), files(b));
  });

  test('an AbortSignal stops newProject after a batch of whole files; the same call again finishes the scaffold', async () => {
    const spec = `${examples}starter-template`;
    const [a, b] = [join(fresh('new'), 'app'), join(fresh('new'), 'app')];
    const stop = new AbortController();
    const stopped = await rejection(() =>
      api.newProject({
        spec,
        target: a,
        signal: stop.signal,
        onProgress: (e) => {
          if (e.phase === 'write') stop.abort();
        },
      }),
    );
    assert.equal(stopped.code, 'interrupted');
    assert.equal(existsSync(join(a, '.upkeep/VERSION')), false, 'the state files come last');
    const resumed = await api.newProject({ spec, target: a });
    assert.equal(resumed.status, 'resumed');
    await api.newProject({ spec, target: b });
    assert.deepEqual(snapshot(a), snapshot(b));
  });

  test('an AbortSignal stops a refresh after a whole, journalled file: the report says interrupted; the same call again finishes it', async () => {
    const [a, b] = [host(), host()];
    const stop = new AbortController();
    const report = await api.refresh({
      source,
      target: a,
      hostDeleted: 'restore',
      auto: 'take-theirs',
      signal: stop.signal,
      onProgress: (e) => {
        if (e.phase === 'write' && e.done > 0) stop.abort();
      },
    });
    assert.equal(report.interrupted, true);
    const done = await api.refresh({ source, target: a, hostDeleted: 'restore', auto: 'take-theirs' });
    assert.equal(done.interrupted, false);
    await api.refresh({ source, target: b, hostDeleted: 'restore', auto: 'take-theirs' });
    assert.deepEqual(installedFiles(a), installedFiles(b));
  });

  test('decide: what the command would prompt for, as a map or an async callback', async () => {
    // refresh, a map by path: one file decided, the other left pending (as with no terminal).
    const a = host();
    const partly = await api.refresh({ source, target: a, decide: { 'svc/c.mjs': 'restore' } });
    assert.equal(partly.attention, 1);
    assert.equal(readFileSync(join(a, 'svc/c.mjs'), 'utf8'), 'c v2\n');
    assert.equal(readFileSync(join(a, 'svc/b.mjs'), 'utf8'), 'my b\n');

    // refresh, a callback: the questions the terminal shows, answered.
    const b = host();
    /** @type {import('../../npm/lib/index.js').RefreshQuestion[]} */
    const asked = [];
    const answered = await api.refresh({
      source,
      target: b,
      decide: async (question) => {
        asked.push(question);
        return question.state === 'locally-modified' ? 'take-theirs' : 'forget';
      },
    });
    assert.deepEqual(
      asked.map((q) => [q.kind, q.id, q.state, q.choices.map((c) => c.value)]),
      [
        ['refresh', 'svc/b.mjs', 'locally-modified', ['keep-mine', 'take-theirs', 'merge']],
        ['refresh', 'svc/c.mjs', 'host-deleted', ['restore', 'forget']],
      ],
    );
    assert.equal(asked[0].message, 'svc/b.mjs (changed here, differs from the source):');
    assert.equal(answered.attention, 0);
    assert.equal(readFileSync(join(b, 'svc/b.mjs'), 'utf8'), 'b v2\n');
    assert.equal(existsSync(join(b, 'svc/c.mjs')), false);
    // An answer the file's state does not take: the engine's refusal, nothing written.
    const c = host();
    const before = snapshot(c);
    const wrong = await rejection(() => api.refresh({ source, target: c, decide: { 'svc/c.mjs': 'keep-mine' } }));
    assert.equal(wrong.code, 'invalid-argument');
    assert.deepEqual(snapshot(c), before);

    // update: asked once, with the release notes, before anything is written.
    const p = project();
    const untouched = snapshot(p);
    /** @type {import('../../npm/lib/index.js').UpdateQuestion[]} */
    const questions = [];
    const declined = await api.update({ root: p, baseline: v1, latest: v2, decide: (q) => (questions.push(q), false) });
    assert.equal(declined.status, 'aborted');
    assert.deepEqual(
      questions.map((q) => [q.kind, q.id, q.message, q.from, q.to, q.changelog.map((s) => s.version)]),
      [['update', 'update', 'Update from 1.0.0 to 1.1.0?', '1.0.0', '1.1.0', ['1.1.0']]],
    );
    assert.deepEqual(snapshot(p), untouched);
    assert.equal((await api.update({ root: p, baseline: v1, latest: v2, decide: { update: false } })).status, 'aborted');
    const unsure = await rejection(() => api.update({ root: p, baseline: v1, latest: v2, decide: /** @type {any} */ (() => 'maybe') }));
    assert.deepEqual(
      [unsure.code, unsure.message],
      ['usage', 'update: decide answered the question \'update\' with "maybe"; it takes true or false'],
    );
    assert.deepEqual(snapshot(p), untouched);
    // A question cancelled through the signal (as readline's is): interrupted, nothing written.
    const closing = new AbortController();
    const cancelled = await rejection(() =>
      api.update({
        root: p,
        baseline: v1,
        latest: v2,
        signal: closing.signal,
        decide: (_q, { signal }) =>
          new Promise((_resolve, reject) => {
            signal?.addEventListener('abort', () => reject(new DOMException('closed', 'AbortError')));
            closing.abort();
          }),
      }),
    );
    assert.deepEqual([cancelled.code, cancelled.message], ['interrupted', "stopped at the question 'update'; nothing was written"]);
    assert.deepEqual(snapshot(p), untouched);
    assert.equal((await api.update({ root: p, baseline: v1, latest: v2, yes: true, decide: () => false })).status, 'updated');
  });

  test('the example scaffolder (examples/create-starter) scaffolds, then updates a project with --update', () => {
    const consumer = makeConsumer();
    try {
      cpSync(`${examples}create-starter/create-starter.mjs`, join(consumer.dir, 'create-starter.mjs'));
      const env = { ...process.env, XDG_CACHE_HOME: fresh('example-cache') };
      const run = (/** @type {string[]} */ args, /** @type {string} */ cwd) =>
        spawnSync(process.execPath, [join(consumer.dir, 'create-starter.mjs'), ...args], { cwd, env, encoding: 'utf8' });
      const made = run(['my-app', '--template', `${examples}starter-template`], consumer.dir);
      assert.equal(made.status, 0, made.stderr);
      const app = join(consumer.dir, 'my-app');
      writeFileSync(join(app, 'README.md'), `${readFileSync(join(app, 'README.md'), 'utf8')}\nOur own notes.\n`);
      const dry = run(['--update', '--dry-run', '--template', `${examples}starter-template-1.3.0`], app);
      assert.match(dry.stdout, /^would update 1\.2\.0 -> 1\.3\.0: \d+ files, 1 conflict\n {2}conflict: README\.md\n/, dry.stderr);
      assert.equal(readFileSync(join(app, '.upkeep/VERSION'), 'utf8'), '1.2.0\n');
      const updated = run(['--update', '--template', `${examples}starter-template-1.3.0`], app);
      assert.equal(updated.status, 1, updated.stderr); // the README conflicts
      assert.match(updated.stdout, /^updated 1\.2\.0 -> 1\.3\.0: \d+ files, 1 conflict\n {2}conflict: README\.md \(see [^)]+\)\n/);
      assert.match(updated.stderr, /## \[1\.3\.0\]/); // the release notes, before the write
      assert.equal(readFileSync(join(app, '.upkeep/VERSION'), 'utf8'), '1.3.0\n');
      assert.ok(existsSync(join(app, 'src/health.js')));
      const again = run(['--update', '--template', `${examples}starter-template-1.3.0`], app);
      assert.equal(again.stdout, 'Already on 1.3.0.\n', again.stderr);
    } finally {
      consumer.remove();
    }
  });
});

// The same file on the wasm engine, from the run on the native one.
alsoOnWasm(import.meta.url);
