// A real editor against `upkeep lsp`: Debian's Neovim, headless, starts the server through
// its built-in LSP client on the bundled example one release behind (local edits, a
// generated region, a conflict block), applies "Apply this upstream hunk" and "Keep yours"
// through code actions, writes the buffer; the test checks the bytes on disk.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CLI, scenario } from './lsp-client.js';

const lua = new URL('./neovim/apply-actions.lua', import.meta.url).pathname;
const s = scenario();
after(() => rmSync(s.root, { recursive: true, force: true }));

const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });

/** Runs the Lua driver on `file`; returns what Neovim saw. */
function drive(/** @type {string} */ file, /** @type {string} */ actions, minDiagnostics = 2, extraEnv = {}) {
  const home = join(s.root, 'nvim-home');
  mkdirSync(home, { recursive: true });
  const resultFile = join(s.root, `nvim-result-${Date.now()}.json`);
  const run = spawnSync('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${lua}`], {
    cwd: s.project,
    encoding: 'utf8',
    timeout: 60000,
    env: {
      ...process.env,
      ...extraEnv,
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_DATA_HOME: join(home, 'data'),
      XDG_STATE_HOME: join(home, 'state'),
      XDG_CACHE_HOME: join(home, 'cache'),
      UPKEEP_NODE: process.execPath,
      UPKEEP_CLI: CLI,
      UPKEEP_ROOT: s.project,
      UPKEEP_FILE: file,
      UPKEEP_INIT_OPTIONS: JSON.stringify({ baseline: s.baseline, latest: s.latest }),
      UPKEEP_ACTIONS: actions,
      UPKEEP_MIN_DIAGNOSTICS: String(minDiagnostics),
      UPKEEP_RESULT: resultFile,
    },
  });
  let result;
  try {
    result = JSON.parse(readFileSync(resultFile, 'utf8'));
  } catch {
    assert.fail(`Neovim left no result (exit ${run.status}, signal ${run.signal}):\n${run.stdout}\n${run.stderr}`);
  }
  assert.equal(result.ok, true, `${result.error}\nactions offered: ${result.titles?.join(' | ')}\n${run.stderr}`);
  return result;
}

for (const engine of ['native', 'wasm']) {
  test(`Neovim applies an upstream hunk and keeps yours on a conflict block (${engine} engine)`, {
    skip: nvim.error ? 'nvim is not installed: run make setup (Debian package neovim)' : false,
  }, () => {
    const readme = join(s.project, 'README.md');
    const original = readFileSync(readme, 'utf8');
    const result = drive(
      readme,
      'upstream-change=Apply this upstream hunk;conflict-block=Keep yours',
      2,
      engine === 'wasm' ? { UPKEEP_FORCE_WASM: '1' } : {},
    );
    const seen = result.diagnostics.map((/** @type {any} */ d) => [
      d.code,
      d.severity,
      d.line,
      d.end_line ?? d.line,
      d.message.split('\n')[0],
    ]);
    assert.deepEqual(seen.sort(), [
      [
        'conflict-block',
        1,
        0,
        4,
        'conflict left by an update: yours (README.md) against upstream (README.md (latest)); keep yours, take upstream or keep both',
      ],
      ['upstream-change', 3, 8, 8, 'upstream 1.3.0 changes these lines'],
    ]);
    assert.deepEqual(result.applied, ['Apply this upstream hunk', 'Keep yours']);
    assert.equal(
      readFileSync(readme, 'utf8'),
      '# acme-orders\n\nThe order service of ACME, scaffolded from the upkeep example template.\n\nRun `npm test` before you push. The service answers `/health` with its uptime.\n',
    );
    // Put the scenario back for the next engine.
    spawnSync('git', ['-C', s.project, 'checkout', '--', 'README.md']);
    assert.equal(readFileSync(readme, 'utf8'), original);
  });
}

test('Neovim applies a field-merge suggestion to package.json', { skip: nvim.error ? 'nvim is not installed' : false }, () => {
  const pkg = join(s.project, 'package.json');
  const result = drive(pkg, 'field-suggestion=Apply the suggestion: scripts › health = "node src/health.js"', 3);
  assert.ok(result.diagnostics.some((/** @type {any} */ d) => d.code === 'field-apply' && d.severity === 3));
  const written = JSON.parse(readFileSync(pkg, 'utf8'));
  assert.equal(written.scripts.health, 'node src/health.js');
  assert.equal(written.scripts.start, 'node --env-file=.env src/index.js', "the project's own script is kept");
  assert.match(readFileSync(pkg, 'utf8'), /"test": "node --test",\n    "health": "node src\/health\.js"\n  },/);
});
