// The language server's releases for a project with a recorded source: read as a bare
// `upkeep update` reads them (the installed release and the newest), no options needed;
// initialization options naming releases still win.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { releaseProvider, resolveReleases } from '../../npm/lib/lsp/releases.js';
import { starter, workspace, writeFiles } from './lifecycle-fixtures.js';

const ws = workspace();
after(() => ws.remove());

test('the recorded source answers first; named releases win over it', async () => {
  writeFiles(ws.path('tpl'), { ...starter.v1, '.upkeep/VERSION': '1.0.0\n' });
  assert.equal(ws.run(['new', './tpl', 'app']).status, 0);
  writeFiles(ws.path('tpl'), { ...starter.v2, '.upkeep/VERSION': '1.1.0\n' });
  process.env.XDG_CACHE_HOME = ws.cache;
  const answer = /** @type {any} */ (await resolveReleases(releaseProvider({}), ws.path('app'), '.upkeep'));
  try {
    assert.equal(answer.unavailable, undefined, answer.unavailable);
    assert.deepEqual([answer.installed, answer.latestVersion], ['1.0.0', '1.1.0']);
    assert.ok(existsSync(join(answer.baselineDir, 'src/old.js')), 'the baseline is the installed release, from the cache');
    assert.ok(!existsSync(join(answer.latestDir, 'src/old.js')));
    assert.match(answer.origin, /recorded in \.upkeep\/source\.json/);
  } finally {
    answer.cleanup?.();
  }
  const named = /** @type {any} */ (await resolveReleases(releaseProvider({ latest: '../tpl' }), ws.path('app'), '.upkeep'));
  assert.equal(named.origin, '../tpl');
  named.cleanup?.();
});
