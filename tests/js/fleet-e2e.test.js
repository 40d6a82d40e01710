// The fleet end to end, without GitHub: 50 bare repositories scaffolded with `upkeep new`
// from one git template at different versions (plain, with local edits, with conflicts,
// one damaged, one already up to date), the plan, then the per-repository step run as the
// workflow runs it — a fresh clone, `upkeep fleet step`, one process per repository, at
// most 4 at once. Checked: every repository's branch, commit and payload; a second run on
// the other engine changes nothing; jobs killed at different points and re-run in the
// same checkout push the same commit with the same body.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { upkeepBin } from './consumer.js';
import { git, templateRepo, workspace } from './lifecycle-fixtures.js';

const FLEET = 50;
const AT_ONCE = 4;
const TARGET = '2.0.0';
const BRANCH = `upkeep/tpl/${TARGET}`;

const readme = (/** @type {string} */ a, /** @type {string} */ c) => `# Tpl\n\n${a}\nline b\n${c}\n`;
const app = (/** @type {number} */ v) => `const v = ${v};\nexport default v;\n`;
/** @type {{ tag: string, files: Record<string, string | null> }[]} */
const releases = [
  {
    tag: 'v1.0.0',
    files: {
      'README.md': readme('line a', 'line c'),
      'src/app.js': app(1),
      'src/keep.js': 'keep\n',
      'config/settings.txt': 'x=1\n',
      'CHANGELOG.md': '# Changelog\n\n## [1.0.0]\n\n- First.\n',
    },
  },
  {
    tag: 'v1.1.0',
    files: {
      'README.md': readme('line a', 'line c (1.1)'),
      'src/app.js': app(2),
      'CHANGELOG.md': '# Changelog\n\n## [1.1.0]\n\n- app.js counts to 2.\n\n## [1.0.0]\n\n- First.\n',
    },
  },
  {
    tag: 'v2.0.0',
    files: {
      'README.md': readme('line A (2.0)', 'line c (1.1)'),
      'src/app.js': app(3),
      'src/new.js': 'export const added = true;\n',
      'config/settings.txt': 'x=2\n',
      'CHANGELOG.md':
        '# Changelog\n\n## [2.0.0]\n\n- app.js counts to 3; src/new.js.\n\n## [1.1.0]\n\n- app.js counts to 2.\n\n## [1.0.0]\n\n- First.\n',
    },
  },
];

/**
 * What repository `i` is: 0 is already at the target, 1 is damaged (its recorded source
 * is not JSON); the rest cycle through plain, edited (a file upstream never touches, and
 * a file of its own), conflicting (the line upstream changes), and both.
 */
function kindOf(/** @type {number} */ i) {
  if (i === 0) return { name: 'current', version: TARGET, edited: false, conflict: false };
  if (i === 1) return { name: 'damaged', version: '1.0.0', edited: false, conflict: false };
  const cycle = (i - 2) % 4;
  return {
    name: ['plain', 'edited', 'conflict', 'both'][cycle],
    version: cycle % 2 === 0 ? '1.0.0' : '1.1.0',
    edited: cycle % 2 === 1,
    conflict: cycle >= 2,
  };
}

/** Runs `args` (node or git) and resolves with status, stdout, stderr. */
function run(
  /** @type {string} */ command,
  /** @type {string[]} */ args,
  /** @type {{ cwd: string, env?: Record<string, string>, killAfterMs?: number }} */ options,
) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      detached: options.killAfterMs !== undefined,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer =
      options.killAfterMs === undefined
        ? null
        : setTimeout(() => {
            // The whole job: the step and the update it runs.
            try {
              process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
            } catch {}
          }, options.killAfterMs);
    child.on('error', reject);
    child.on('close', (status, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ status, signal, stdout, stderr });
    });
  });
}

/** Runs `jobs` with at most `limit` at once, in order of start. */
async function pool(/** @type {(() => Promise<any>)[]} */ jobs, /** @type {number} */ limit) {
  const results = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

const spaces = /** @type {ReturnType<typeof workspace>[]} */ ([]);
after(() => spaces.forEach((w) => w.remove()));

describe('a fleet of 50 repositories on one template', () => {
  const ws = workspace();
  spaces.push(ws);
  // Seeds, bare remotes and job checkouts sit at the same depth, so the source each
  // project records (../../tpl.git) names the template from all of them.
  templateRepo(ws.path('tpl.git'), releases);
  const names = Array.from({ length: FLEET }, (_, i) => `p${String(i).padStart(2, '0')}`);
  const remote = (/** @type {string} */ name) => ws.path(`remotes/${name}.git`);
  const env = (/** @type {Record<string, string>} */ extra = {}) => ({
    XDG_CACHE_HOME: ws.cache,
    GIT_CONFIG_NOSYSTEM: '1',
    HOME: ws.dir,
    LC_ALL: 'C',
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@upkeep.invalid',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@upkeep.invalid',
    ...extra,
  });
  /** One job, as the workflow runs it: a fresh clone (or, to retry, the same checkout), then the step. */
  const job = async (
    /** @type {string} */ name,
    /** @type {string} */ label,
    /** @type {{ engine?: Record<string, string>, killAfterMs?: number, reuse?: boolean }} */ options = {},
  ) => {
    const checkout = ws.path(`jobs-${label}/${name}`);
    mkdirSync(ws.path(`jobs-${label}`), { recursive: true });
    if (!options.reuse) {
      const cloned = await run('git', ['clone', '-q', remote(name), checkout], { cwd: ws.dir, env: env() });
      assert.equal(cloned.status, 0, cloned.stderr);
    }
    const payload = ws.path(`payloads-${label}/${name}`);
    const step = await run(process.execPath, [upkeepBin, 'fleet', 'step', '--payload', payload, '--json'], {
      cwd: checkout,
      env: env(options.engine),
      killAfterMs: options.killAfterMs,
    });
    /** @type {any} */
    let outcome = null;
    try {
      outcome = JSON.parse(step.stdout);
    } catch {}
    return { name, step, outcome, payload, checkout };
  };
  /** Every remote's refs, for "a second run changes nothing". */
  const refs = () =>
    Object.fromEntries(names.map((name) => [name, git(remote(name), 'for-each-ref', '--format=%(refname) %(objectname)')]));
  /** @returns {Record<string, any>} */
  const readPayload = (/** @type {string} */ dir) =>
    Object.fromEntries(
      ['title.txt', 'body.md', 'labels.txt', 'branch.txt', 'commit.txt'].map((f) => [
        f,
        existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8') : null,
      ]),
    );

  /** @type {Record<string, any>} */
  const first = {};

  test('scaffold: 50 projects with upkeep new at 1.0.0, 1.1.0 and 2.0.0, committed, pushed to bare remotes', async () => {
    // The release cache is filled once; then the projects are made 4 at a time.
    const warm = await run(process.execPath, [upkeepBin, 'new', './tpl.git@1.0.0', 'seeds/warm', '--json'], { cwd: ws.dir, env: env() });
    assert.equal(warm.status, 0, warm.stderr);
    await pool(
      names.map((name, i) => async () => {
        const kind = kindOf(i);
        const made = await run(process.execPath, [upkeepBin, 'new', `./tpl.git@${kind.version}`, `seeds/${name}`, '--json'], {
          cwd: ws.dir,
          env: env(),
        });
        assert.equal(made.status, 0, `${name}: ${made.stderr}`);
        const seed = ws.path(`seeds/${name}`);
        assert.equal(JSON.parse(readFileSync(join(seed, '.upkeep/source.json'), 'utf8')).source, '../../tpl.git');
        if (kind.edited) {
          writeFileSync(join(seed, 'src/keep.js'), 'keep, and ours\n');
          writeFileSync(join(seed, 'src/local.js'), 'export const mine = 1;\n');
        }
        if (kind.conflict) writeFileSync(join(seed, 'src/app.js'), app(42));
        if (kind.name === 'damaged') writeFileSync(join(seed, '.upkeep/source.json'), '{ "schema": 1, "source": \n');
        git(seed, 'init', '-q', '-b', 'main');
        git(seed, 'add', '-A');
        git(seed, 'commit', '-q', '-m', `scaffold ${name}`);
        git(ws.dir, 'clone', '-q', '--bare', seed, remote(name));
      }),
      AT_ONCE,
    );
  });

  test('plan: one batch of 49 for GitHub, the up-to-date one skipped from its bare repository, the damaged one unread but run', () => {
    const list = ws.path('repos.txt');
    writeFileSync(list, `# the fleet\n${names.map((n) => `remotes/${n}.git`).join('\n')}\n`);
    const planned = ws.run(['fleet', 'plan', list, '--to', TARGET]);
    assert.equal(planned.status, 0, planned.stderr);
    const plan = JSON.parse(planned.stdout);
    assert.equal(plan.total, FLEET);
    assert.deepEqual(
      plan.skipped.map((/** @type {any} */ s) => [s.key, s.version]),
      [['remotes-p00', TARGET]],
    );
    assert.equal(plan.run, FLEET - 1);
    assert.deepEqual(
      plan.batches.map((/** @type {any} */ b) => b.include.length),
      [FLEET - 1],
    );
    assert.deepEqual(
      plan.unread.map((/** @type {any} */ u) => u.key),
      ['remotes-p01'],
    );
    assert.match(
      planned.stderr,
      /fleet plan: 50 repositories, 1 skipped \(already at 2\.0\.0 or newer\), 49 to run in 1 batch of at most 256 jobs \(github\)/,
    );
    const gitlab = ws.run(['fleet', 'plan', list, '--to', TARGET, '--platform', 'gitlab', '--batch-size', '20']);
    assert.deepEqual(
      JSON.parse(gitlab.stdout).batches.map((/** @type {any} */ b) => b.include.length),
      [20, 20, 9],
    );
    const matrix = ws.run(['fleet', 'plan', list, '--to', TARGET, '--batch', '0']);
    assert.equal(JSON.parse(matrix.stdout).include.length, FLEET - 1);
  });

  test('first run (native): a branch, a commit and a payload per repository; conflicts reported with exit 0; the damaged one failed with its error; the current one skipped', async () => {
    const results = await pool(
      names.map((name) => () => job(name, 'first')),
      AT_ONCE,
    );
    for (const [i, r] of results.entries()) {
      const kind = kindOf(i);
      first[r.name] = r;
      const at = `${r.name} (${kind.name}): ${r.step.stderr}`;
      if (kind.name === 'damaged') {
        assert.equal(r.step.status, 2, at);
        assert.equal(r.outcome.action, 'failed');
        assert.match(r.outcome.error, /source\.json/);
        assert.equal(refs()[r.name].includes(BRANCH), false);
        continue;
      }
      assert.equal(r.step.status, 0, at);
      if (kind.name === 'current') {
        assert.equal(r.outcome.action, 'skip', at);
        assert.equal(readPayload(r.payload)['branch.txt'], null);
        continue;
      }
      assert.equal(r.outcome.action, 'push', at);
      assert.equal(r.outcome.branch, BRANCH);
      const remoteHead = git(remote(r.name), 'rev-parse', `refs/heads/${BRANCH}`);
      assert.equal(remoteHead, r.outcome.commit);
      assert.equal(git(remote(r.name), 'rev-parse', `${remoteHead}^`), git(remote(r.name), 'rev-parse', 'refs/heads/main'));
      const show = (/** @type {string} */ path) => git(remote(r.name), 'show', `${remoteHead}:${path}`);
      assert.equal(show('.upkeep/VERSION'), TARGET);
      assert.equal(show('src/new.js'), 'export const added = true;');
      const files = git(remote(r.name), 'ls-tree', '-r', '--name-only', remoteHead).split('\n');
      assert.equal(
        files.some((f) => f.startsWith('.upkeep-backup')),
        false,
        'backups are not committed',
      );
      const payload = readPayload(r.payload);
      assert.equal(payload['branch.txt'], `${BRANCH}\n`);
      assert.equal(git(remote(r.name), 'log', '-1', '--format=%B', remoteHead), payload['commit.txt'].trim());
      assert.match(
        payload['body.md'],
        new RegExp(`## Template update: \`\\.\\./\\.\\./tpl\\.git\` ${kind.version.replace(/\./g, '\\.')} → 2\\.0\\.0`),
      );
      assert.match(payload['body.md'], /<summary>\[2\.0\.0\]<\/summary>/);
      if (kind.conflict) {
        // The merge default: both sides' lines between diff3 markers, on the branch for review.
        assert.match(
          show('src/app.js'),
          /^<<<<<<< yours\nconst v = 42;\n\|\|\|\|\|\|\| \d\.\d\.0 \(baseline\)\n[\s\S]*=======\n[\s\S]*>>>>>>> 2\.0\.0 \(latest\)$/m,
          'both sides kept, between markers',
        );
        assert.equal(payload['labels.txt'], 'upkeep\nconflicts\n');
        assert.match(payload['title.txt'], /^upkeep: tpl \d\.\d\.0 → 2\.0\.0 \(1 conflict to resolve\)\n$/);
        assert.match(
          payload['body.md'],
          /### Conflicts \(1\)[\s\S]*- \[ \] `src\/app\.js` \(shared\): both sides changed the same lines: resolve the conflict markers in the file/,
        );
      } else {
        assert.equal(show('src/app.js'), app(3).trim());
        assert.equal(payload['labels.txt'], 'upkeep\n');
        assert.doesNotMatch(payload['body.md'], /### Conflicts/);
      }
      if (kind.edited) {
        assert.equal(show('src/keep.js'), 'keep, and ours');
        assert.equal(show('src/local.js'), 'export const mine = 1;');
      }
    }
  });

  test('second run (wasm, fresh clones): nothing changes — every remote as it was, the same bodies', async () => {
    const before = refs();
    const results = await pool(
      names.map((name) => () => job(name, 'second', { engine: { UPKEEP_FORCE_WASM: '1' } })),
      AT_ONCE,
    );
    assert.deepEqual(refs(), before);
    for (const [i, r] of results.entries()) {
      const kind = kindOf(i);
      const expected = { current: 'skip', damaged: 'failed' }[kind.name] ?? 'unchanged';
      assert.equal(r.outcome?.action, expected, `${r.name}: ${r.step.stderr}`);
      assert.deepEqual(readPayload(r.payload), readPayload(first[r.name].payload), r.name);
      if (expected === 'unchanged') assert.equal(r.outcome.commit, first[r.name].outcome.commit);
    }
  });

  test('jobs killed at different points and re-run in the same checkout: the same branch, commit and body', async () => {
    // Six repositories whose branch is gone again (as if never pushed), each job killed
    // after a different delay: before the update, during it, around the commit and the push.
    const victims = names.filter((_, i) => ['plain', 'both', 'edited', 'conflict'].includes(kindOf(i).name)).slice(0, 6);
    for (const name of victims) git(remote(name), 'update-ref', '-d', `refs/heads/${BRANCH}`);
    const delays = [30, 150, 300, 500, 800, 1200];
    const killed = await pool(
      victims.map((name, k) => () => job(name, `killed-${k}`, { killAfterMs: delays[k] })),
      AT_ONCE,
    );
    assert.ok(
      killed.some((r) => r.step.signal === 'SIGKILL'),
      'at least one job was killed mid-way',
    );
    for (const r of killed) {
      const head = git(remote(r.name), 'for-each-ref', '--format=%(objectname)', `refs/heads/${BRANCH}`);
      // Killed or finished, the remote holds nothing or exactly the first run's commit.
      assert.ok(head === '' || head === first[r.name].outcome.commit, `${r.name}: ${head}`);
    }
    // The payload folder is the user's: a re-run replaces the payload, never what else is there.
    for (const r of killed) {
      mkdirSync(r.payload, { recursive: true });
      writeFileSync(join(r.payload, 'keep.txt'), 'mine\n');
    }
    const again = await pool(
      victims.map((name, k) => () => job(name, `killed-${k}`, { reuse: true })),
      AT_ONCE,
    );
    for (const r of again) {
      assert.equal(r.step.status, 0, r.step.stderr);
      assert.ok(['push', 'unchanged'].includes(r.outcome.action), r.outcome.action);
      assert.equal(git(remote(r.name), 'rev-parse', `refs/heads/${BRANCH}`), first[r.name].outcome.commit);
      assert.deepEqual(readPayload(r.payload), readPayload(first[r.name].payload));
      assert.equal(readFileSync(join(r.payload, 'keep.txt'), 'utf8'), 'mine\n');
    }
  });
});
