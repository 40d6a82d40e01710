// Races against a running update, with real processes: an editor saving files during the
// write phase, a second update started while the first waits on a slow archive (a FIFO),
// release files swapped for links after planning, a project folder swapped for a link.
// Each staged exactly (the run held at its `planned` point) in `make test`, and repeated
// with random timing by `make soak` (UPKEEP_SOAK=1).
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { bigTemplate, editor, pause, spawnUpdate } from './race-kit.js';
import { runUpdate, snapshot, tempDir } from './update-fixtures.js';

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);
const soak = Boolean(process.env.UPKEEP_SOAK);

/** Every backup in the project, by the project path it saved: its contents. */
function backupsByPath(/** @type {string} */ project) {
  /** @type {Map<string, string[]>} */
  const found = new Map();
  for (const [path, value] of Object.entries(snapshot(project))) {
    const m = /^\.upkeep-backups\/[^/]+\/(.+?)(\.~\d+~)?$/.exec(path);
    if (!m) continue;
    const content = Buffer.from(value.split(' mode=')[0], 'base64').toString('utf8');
    found.set(m[1], [...(found.get(m[1]) ?? []), content]);
  }
  return found;
}

const read = (/** @type {string} */ root, /** @type {string} */ path) => readFileSync(join(root, path), 'utf8');

/**
 * One update of a 1,500-file project while an editor saves 215 of them: every save ends
 * in the tree or in a backup, and the report is true.
 * @param {number} trial @param {{ exact: boolean }} options exact: start the editor at the planned point
 */
async function editorTrial(trial, { exact }) {
  const t = bigTemplate(1500);
  [t.v1, t.v2, t.project].forEach(track);
  const held = pause('planned');
  const run = spawnUpdate(t.project, t.v1, t.v2, exact ? held.env : {});
  if (exact) assert.ok(await held.reached(), 'the update reached its write phase');
  else await sleep(Math.floor(Math.random() * 300));
  const chosen = [...t.names].sort(() => Math.random() - 0.5).slice(0, 215);
  const edits = /** @type {[string, string][]} */ (chosen.map((p) => [p, `edit ${trial} ${p}\n`]));
  const editing = editor(t.project, edits, 1);
  if (exact) held.release();
  const [r] = await Promise.all([run.done, editing]);
  assert.ok([0, 1].includes(/** @type {number} */ (r.status)), `trial ${trial}: exit ${r.status}: ${r.stderr}`);
  const backups = backupsByPath(t.project);
  const lost = edits.filter(([path, content]) => read(t.project, path) !== content && !(backups.get(path) ?? []).includes(content));
  assert.deepEqual(
    lost.map(([p]) => p),
    [],
    `trial ${trial}: saves lost (in neither the file nor a backup)`,
  );
  // Every file is its old content, its new content, the editor's, or (a save that landed
  // before the plan read it: random timing only) the three-way merge of the editor's with
  // the new; every replaced one has its backup.
  for (const p of t.names) {
    const merged = `<<<<<<< yours\nedit ${trial} ${p}\n||||||| 1.0.0 (baseline)\nv1 ${p}\n=======\nv2 ${p}\n>>>>>>> 1.1.0 (latest)\n`;
    const now = read(t.project, p);
    assert.ok(
      [`v1 ${p}\n`, `v2 ${p}\n`, `edit ${trial} ${p}\n`, merged].includes(now),
      `trial ${trial}: ${p} torn: ${JSON.stringify(now)}`,
    );
  }
  const run_ = r.json.run;
  for (const { path, backup } of run_.replaced)
    if (backup) assert.match(read(t.project, backup), /^(v1|edit) /, `trial ${trial}: backup of ${path}`);
  // No false "updated": a file left alone makes the run incomplete, and it is listed with the editor's content.
  if (run_.changed.length > 0) {
    assert.equal(r.json.status, 'incomplete', `trial ${trial}`);
    assert.equal(read(t.project, '.upkeep/VERSION'), '1.0.0\n', `trial ${trial}: the version is bumped only when every write happened`);
    for (const p of run_.changed) assert.equal(read(t.project, p), `edit ${trial} ${p}\n`, `trial ${trial}: ${p} reported changed`);
  } else {
    assert.equal(r.json.status, 'updated', `trial ${trial}`);
  }
  // Re-running finishes: the edited files are now the project's own edits.
  const again = runUpdate(t.project, t.v1, t.v2);
  assert.ok(['updated', 'up-to-date'].includes(again.json?.status), `trial ${trial}: ${again.stdout}${again.stderr}`);
  assert.equal(read(t.project, '.upkeep/VERSION'), '1.1.0\n');
  for (const [path, content] of edits)
    assert.ok(
      read(t.project, path) === content || (backupsByPath(t.project).get(path) ?? []).includes(content),
      `trial ${trial}: ${path} lost on the re-run`,
    );
  return run_.changed.length;
}

describe('a real editor saving files while the update writes', () => {
  test(`215 saves into a 1,500-file update: none lost, the report true (${soak ? 40 : 2} trials)`, async () => {
    let leftAlone = 0;
    for (let trial = 0; trial < (soak ? 40 : 2); trial += 1) leftAlone += await editorTrial(trial, { exact: trial % 2 === 0 || !soak });
    assert.ok(leftAlone > 0, 'some saves landed before their file was replaced (and were left alone)');
  });
});

describe('a save landing between the last check and the swap (the run held exactly there)', () => {
  /** Saves `content` at `path` as most editors do: their own temp renamed over the file. */
  const saveByRename = (/** @type {string} */ root, /** @type {string} */ path, /** @type {string} */ content) => {
    writeFileSync(join(root, `${path}.editor-swp`), content);
    renameSync(join(root, `${path}.editor-swp`), join(root, path));
  };
  /** Saves `content` into the file itself (truncate and write, as vim does by default). */
  const saveInPlace = (/** @type {string} */ root, /** @type {string} */ path, /** @type {string} */ content) =>
    writeFileSync(join(root, path), content);

  for (const [how, save] of /** @type {const} */ ([
    ['renamed over the file', saveByRename],
    ['written into the file', saveInPlace],
  ])) {
    test(`a file being replaced: the save ${how} is kept, reported, and the re-run finishes`, async () => {
      const t = bigTemplate(6, { dirs: 1 });
      [t.v1, t.v2, t.project].forEach(track);
      const held = pause('swap');
      const run = spawnUpdate(t.project, t.v1, t.v2, held.env);
      assert.ok(await held.reached(), 'the update reached its first swap');
      const path = held.detail();
      assert.ok(t.names.includes(path), path);
      save(t.project, path, 'the save\n');
      held.release();
      const r = await run.done;
      assert.equal(r.status, 1, r.stderr);
      assert.equal(r.json.status, 'incomplete');
      assert.deepEqual(r.json.run.changed, [path]);
      assert.equal(read(t.project, path), 'the save\n');
      for (const p of t.names.filter((q) => q !== path)) assert.equal(read(t.project, p), `v2 ${p}\n`);
      assert.deepEqual(
        readdirSync(join(t.project, 'd0')).filter((n) => n.includes('.upkeep-')),
        [],
        'no temp left',
      );
      // The save is now the project's own edit: the re-run keeps it.
      const again = runUpdate(t.project, t.v1, t.v2);
      assert.ok(['updated', 'up-to-date'].includes(again.json?.status), again.stdout + again.stderr);
      assert.ok(
        read(t.project, path) === 'the save\n' || (backupsByPath(t.project).get(path) ?? []).includes('the save\n'),
        'the save is in the file or its backup',
      );
    });
  }

  test('a file being removed (a refresh step): a save renamed over it just before is kept and reported', async () => {
    const root = track(tempDir());
    writeFileSync(join(root, 'gone.txt'), 'g\n');
    const step = {
      path: 'gone.txt',
      expect: { kind: 'file', sha256: createHash('sha256').update('g\n').digest('hex') },
      content: { kind: 'remove' },
      mode: { kind: 'system' },
      backup: '.upkeep-backups/run/gone.txt',
      index: 0,
    };
    const executor = new URL('../../npm/lib/flows/execute.js', import.meta.url).href;
    const script = `import(${JSON.stringify(executor)}).then(async ({ executeSteps }) => {
      const { outcomes } = await executeSteps([${JSON.stringify(step)}], { root: ${JSON.stringify(root)}, sourceRoot: ${JSON.stringify(root)} });
      process.stdout.write(JSON.stringify(outcomes));
    });`;
    const held = pause('swap');
    const child = spawn(process.execPath, ['-e', script], { env: { ...process.env, ...held.env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    const closed = new Promise((resolve) => child.on('close', resolve));
    assert.ok(await held.reached(), 'the removal reached its swap');
    assert.equal(held.detail(), 'gone.txt');
    saveByRename(root, 'gone.txt', 'the save\n');
    held.release();
    assert.equal(await closed, 0);
    assert.deepEqual(
      JSON.parse(out).map((/** @type {any} */ o) => [o.path, o.outcome]),
      [['gone.txt', 'changed']],
    );
    assert.equal(read(root, 'gone.txt'), 'the save\n');
    assert.equal(read(root, '.upkeep-backups/run/gone.txt'), 'g\n');
    assert.deepEqual(readdirSync(root).sort(), ['.upkeep-backups', 'gone.txt'], 'no temp left');
  });
});

describe('a second update while the first waits on a slow archive', () => {
  /** A .tar.gz of `dir` under a top-level folder. */
  const archive = (/** @type {string} */ dir) => {
    const out = join(track(tempDir()), 'release.tar.gz');
    execFileSync('tar', ['-czf', out, '--transform', 's,^\\.,template,', '-C', dir, '.']);
    return out;
  };
  test(`the latest release read from a FIFO: one run updates, the other is busy or finds it up to date (${soak ? 200 : 3} trials)`, async () => {
    const t = bigTemplate(40, { dirs: 2 });
    [t.v1, t.v2].forEach(track);
    const bytes = readFileSync(archive(t.v2));
    for (let trial = 0; trial < (soak ? 200 : 3); trial += 1) {
      const project = track(execFileSync('mktemp', ['-d']).toString().trim());
      execFileSync('cp', ['-a', `${t.project}/.`, project]);
      const fifo = join(track(tempDir()), 'latest.tar.gz');
      execFileSync('mkfifo', [fifo]);
      const slow = spawnUpdate(project, t.v1, fifo);
      // The slow run takes the lock first, then waits for its archive.
      for (let i = 0; i < 300 && !existsSync(join(project, '.upkeep/update.lock')); i += 1) await sleep(10);
      if (soak) await sleep(Math.floor(Math.random() * 50));
      const quick = runUpdate(project, t.v1, t.v2);
      const feeder = createWriteStream(fifo);
      feeder.end(bytes);
      const first = await slow.done;
      const word = (/** @type {any} */ json) => (json?.status === 'error' ? json.error.code : json?.status);
      const statuses = [word(first.json), word(quick.json)];
      assert.equal(
        statuses.filter((s) => s === 'updated').length,
        1,
        `trial ${trial}: ${JSON.stringify(statuses)} ${first.stderr}${quick.stderr}`,
      );
      assert.ok(
        statuses.every((s) => ['updated', 'busy', 'up-to-date'].includes(s)),
        `trial ${trial}: ${JSON.stringify(statuses)}`,
      );
      assert.equal(runUpdate(project, t.v1, t.v2).json.status, 'up-to-date', `trial ${trial}`);
      for (const p of t.names) assert.equal(read(project, p), `v2 ${p}\n`);
    }
  });
});

describe('the release or the project changed under a running update', () => {
  test('release files swapped for links to a secret after planning: nothing copied through them, reported, version unchanged', async () => {
    const t = bigTemplate(300, { dirs: 3 });
    [t.v1, t.v2, t.project].forEach(track);
    const secret = join(track(tempDir()), 'secret');
    writeFileSync(secret, 'SECRET\n');
    const held = pause('planned');
    const run = spawnUpdate(t.project, t.v1, t.v2, held.env);
    assert.ok(await held.reached());
    for (const p of t.names) {
      unlinkSync(join(t.v2, p));
      symlinkSync(secret, join(t.v2, p));
    }
    held.release();
    const r = await run.done;
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.json.status, 'incomplete');
    assert.deepEqual([...r.json.run.sourceChanged].sort(), [...t.names].sort());
    for (const [path, value] of Object.entries(snapshot(t.project))) {
      assert.ok(!Buffer.from(value.split(' mode=')[0], 'base64').toString('latin1').includes('SECRET'), `${path} holds the secret`);
    }
    assert.equal(read(t.project, '.upkeep/VERSION'), '1.0.0\n');
    // The release is now made of links: the next run refuses it before writing anything.
    const before = snapshot(t.project);
    const again = runUpdate(t.project, t.v1, t.v2);
    assert.equal(again.status, 2, again.stdout);
    assert.deepEqual(snapshot(t.project), before);
  });

  test('a project folder swapped for a link out of the tree after planning: nothing written outside, its files reported', async () => {
    const t = bigTemplate(300, { dirs: 3 });
    [t.v1, t.v2, t.project].forEach(track);
    const outside = track(tempDir());
    writeFileSync(join(outside, 'sentinel'), 'untouched\n');
    const held = pause('planned');
    const run = spawnUpdate(t.project, t.v1, t.v2, held.env);
    assert.ok(await held.reached());
    renameSync(join(t.project, 'd1'), join(t.project, 'd1-moved'));
    symlinkSync(outside, join(t.project, 'd1'));
    held.release();
    const r = await run.done;
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(readdirSync(outside), ['sentinel'], 'no temp file, no release content outside the tree');
    assert.equal(readFileSync(join(outside, 'sentinel'), 'utf8'), 'untouched\n');
    const inD1 = t.names.filter((p) => p.startsWith('d1/'));
    assert.deepEqual([...r.json.run.changed].sort(), inD1.sort());
    for (const p of t.names.filter((q) => !q.startsWith('d1/'))) assert.equal(read(t.project, p), `v2 ${p}\n`);
    assert.equal(r.json.status, 'incomplete');
  });
});

describe('soak-only races', { skip: soak ? false : 'make soak runs these (UPKEEP_SOAK=1)' }, () => {
  test('release files swapped for links the moment the first backup appears, 100 updates: never a secret copied', async () => {
    for (let trial = 0; trial < 100; trial += 1) {
      const t = bigTemplate(400, { dirs: 2 });
      [t.v1, t.v2, t.project].forEach(track);
      const secret = join(track(tempDir()), 'secret');
      writeFileSync(secret, 'SECRET\n');
      const run = spawnUpdate(t.project, t.v1, t.v2);
      // The write phase has begun once a backup folder exists: swap every release file then.
      while (!readdirSync(t.project).some((n) => n.startsWith('.upkeep-backup'))) await sleep(0);
      for (const p of t.names) {
        unlinkSync(join(t.v2, p));
        symlinkSync(secret, join(t.v2, p));
      }
      const r = await run.done;
      assert.ok([0, 1].includes(/** @type {number} */ (r.status)), `trial ${trial}: ${r.stderr}`);
      for (const [path, value] of Object.entries(snapshot(t.project))) {
        assert.ok(
          !Buffer.from(value.split(' mode=')[0], 'base64').toString('latin1').includes('SECRET'),
          `trial ${trial}: ${path} holds the secret`,
        );
      }
    }
  });

  test('a folder swapped for a link the moment the first backup appears, 100 updates: nothing ever lands outside', async () => {
    for (let trial = 0; trial < 100; trial += 1) {
      const t = bigTemplate(400, { dirs: 2 });
      [t.v1, t.v2, t.project].forEach(track);
      const outside = track(tempDir());
      const run = spawnUpdate(t.project, t.v1, t.v2);
      while (!readdirSync(t.project).some((n) => n.startsWith('.upkeep-backup'))) await sleep(0);
      renameSync(join(t.project, 'd0'), join(t.project, 'd0-away'));
      symlinkSync(outside, join(t.project, 'd0'));
      const r = await run.done;
      assert.ok([0, 1].includes(/** @type {number} */ (r.status)), `trial ${trial}: exit ${r.status}: ${r.stdout}${r.stderr}`);
      assert.deepEqual(readdirSync(outside), [], `trial ${trial}: something landed outside the tree`);
    }
  });
});
