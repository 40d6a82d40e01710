// The packaged VS Code extension (make vsix → editors/vscode/upkeep.vsix): its manifest,
// the server bundled in it, and that bundled server answering a real client on both
// engines, run from the extracted package (nothing of the repository on its path).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { scenario, startClient, uri } from './lsp-client.js';

const vsix = new URL('../../editors/vscode/upkeep.vsix', import.meta.url).pathname;
const unpacked = mkdtempSync(join(tmpdir(), 'upkeep-vsix-'));
const s = scenario();
after(() => [unpacked, s.root].forEach((d) => rmSync(d, { recursive: true, force: true })));

test('the .vsix holds the extension manifest and the bundled server', () => {
  assert.ok(existsSync(vsix), `${vsix} is missing: run make vsix`);
  const entries = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).split('\n');
  for (const entry of [
    'extension.vsixmanifest',
    'extension/package.json',
    'extension/extension.js',
    'extension/node_modules/vscode-languageclient/package.json',
    'extension/server/bin/upkeep.js',
    'extension/server/lib/lsp/server.js',
    'extension/server/native/upkeep.linux-x64-gnu.node',
    'extension/server/wasm/upkeep_bg.wasm',
    'extension/server/node_modules/vscode-languageserver/package.json',
    'extension/server/node_modules/vscode-languageserver-textdocument/package.json',
    'extension/server/node_modules/commander/package.json',
  ]) {
    assert.ok(entries.includes(entry), `${entry} is not in the package`);
  }
  assert.ok(!entries.some((e) => e.startsWith('extension/node_modules/@vscode/vsce')), 'build tools stay out');
  const manifest = JSON.parse(execFileSync('unzip', ['-p', vsix, 'extension/package.json'], { encoding: 'utf8' }));
  assert.equal(manifest.main, './extension.js');
  assert.deepEqual(
    manifest.contributes.commands.map((/** @type {any} */ c) => c.command),
    ['upkeep.status', 'upkeep.updateDryRun', 'upkeep.scoreWorkingTree'],
  );
  assert.ok(manifest.activationEvents.includes('workspaceContains:.upkeep/VERSION'));
  assert.match(manifest.engines.vscode, /^\^1\.\d+\.\d+$/);
});

for (const engine of ['native', 'wasm']) {
  test(`the bundled server answers a client (${engine} engine)`, async () => {
    execFileSync('unzip', ['-q', '-o', vsix, '-d', unpacked]);
    const client = await startClient({
      folder: s.project,
      cli: join(unpacked, 'extension/server/bin/upkeep.js'),
      initializationOptions: { baseline: s.baseline, latest: s.latest },
      env: engine === 'wasm' ? { UPKEEP_FORCE_WASM: '1' } : {},
    });
    assert.match(/** @type {any} */ (client.initialized).serverInfo.version, new RegExp(`\\(${engine} engine\\)`));
    const readme = join(s.project, 'README.md');
    const since = client.open(readme, 'markdown');
    const diagnostics = await client.diagnostics(uri(readme), since);
    assert.ok(diagnostics.some((/** @type {any} */ d) => d.code === 'upstream-change' && d.range.start.line === 8));
    assert.equal(await client.stop(), 0);
  });
}
