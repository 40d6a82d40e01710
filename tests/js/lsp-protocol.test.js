// `upkeep lsp` over stdio, driven by a protocol client (vscode-languageserver-protocol) on
// the bundled example one release behind: every request and notification the server
// serves, on both engines (the native addon, and wasm with UPKEEP_FORCE_WASM=1). The
// server must write nothing: the project's bytes are compared before and after.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { scenario, startClient, uri } from './lsp-client.js';

/** Every file under `dir` with its SHA-256 (`.git` left out). */
function snapshot(/** @type {string} */ dir) {
  /** @type {Record<string, string>} */
  const out = {};
  const walk = (/** @type {string} */ at, /** @type {string} */ rel) => {
    for (const name of readdirSync(at)) {
      if (name === '.git') continue;
      const abs = join(at, name);
      if (statSync(abs).isDirectory()) walk(abs, `${rel}${name}/`);
      else out[`${rel}${name}`] = createHash('sha256').update(readFileSync(abs)).digest('hex');
    }
  };
  walk(dir, '');
  return out;
}

const find = (/** @type {any[]} */ list, /** @type {(x: any) => boolean} */ test) => {
  const found = list.find(test);
  assert.ok(found, `not found in ${JSON.stringify(list, null, 1).slice(0, 2000)}`);
  return found;
};

for (const engineName of ['native', 'wasm']) {
  describe(`upkeep lsp, ${engineName} engine`, () => {
    const s = scenario();
    const before_ = snapshot(s.project);
    /** @type {Awaited<ReturnType<typeof startClient>>} */
    let client;
    before(async () => {
      client = await startClient({
        folder: s.project,
        initializationOptions: { baseline: s.baseline, latest: s.latest },
        env: engineName === 'wasm' ? { UPKEEP_FORCE_WASM: '1' } : {},
      });
    });
    after(() => rmSync(s.root, { recursive: true, force: true }));

    test('initialize: capabilities, and the engine in serverInfo', async () => {
      const result = /** @type {any} */ (client.initialized);
      assert.equal(result.capabilities.textDocumentSync.change, 2, 'incremental sync');
      assert.ok(result.capabilities.hoverProvider);
      assert.deepEqual(result.capabilities.executeCommandProvider.commands, [
        'upkeep.status',
        'upkeep.updateDryRun',
        'upkeep.scoreWorkingTree',
      ]);
      assert.match(result.serverInfo.version, new RegExp(`\\(${engineName} engine\\)`));
      const ready = await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'ready');
      assert.match(ready.params.message, /^upkeep: 7 managed files, 1\.2\.0 → 1\.3\.0/);
      const scanned = await client.waitFor(
        (n) => n.method === 'upkeep/status' && n.params.state === 'ready' && /; scanned/.test(n.params.message),
      );
      assert.match(scanned.params.message, /; scanned 6 files: \d+ files changed upstream, .*1 conflict block, .*1 managed file missing$/);
    });

    const readme = join(s.project, 'README.md');
    test('diagnostics, lens, hover and code actions of a shared file with a conflict block', async () => {
      const since = client.open(readme, 'markdown');
      const diagnostics = await client.diagnostics(uri(readme), since);
      const upstream = find(diagnostics, (d) => d.code === 'upstream-change');
      assert.deepEqual(upstream, {
        range: { start: { line: 8, character: 0 }, end: { line: 8, character: 31 } },
        severity: 3,
        code: 'upstream-change',
        source: 'upkeep',
        message: 'upstream 1.3.0 changes these lines',
      });
      const conflict = find(diagnostics, (d) => d.code === 'conflict-block');
      assert.equal(conflict.severity, 1);
      assert.deepEqual([conflict.range.start.line, conflict.range.end.line], [0, 4]);

      const lenses = await client.request('textDocument/codeLens', { textDocument: { uri: uri(readme) } });
      assert.equal(lenses[0].command.title, 'upkeep: shared · 1.2.0 → 1.3.0 · 1 upstream hunk · 1 conflict');
      assert.equal(lenses[0].command.command, 'upkeep.status');
      const top = await client.request('textDocument/hover', { textDocument: { uri: uri(readme) }, position: { line: 0, character: 2 } });
      assert.match(top.contents.value, /upkeep: shared · 1\.2\.0 → 1\.3\.0/);
      assert.match(top.contents.value, /both changed it/);
      const onHunk = await client.request('textDocument/hover', {
        textDocument: { uri: uri(readme) },
        position: { line: 8, character: 3 },
      });
      assert.match(onHunk.contents.value, /\+ Run `npm test` before you push\. The service answers `\/health` with its uptime\./);

      const actions = await client.request('textDocument/codeAction', {
        textDocument: { uri: uri(readme) },
        range: upstream.range,
        context: { diagnostics: [upstream] },
      });
      const hunk = find(actions, (a) => a.title === 'Apply this upstream hunk');
      assert.equal(hunk.kind, 'quickfix');
      assert.equal(hunk.isPreferred, true);
      assert.deepEqual(hunk.edit.documentChanges[0].textDocument, { uri: uri(readme), version: 1 });
      assert.equal(
        hunk.edit.documentChanges[0].edits[0].newText,
        'Run `npm test` before you push. The service answers `/health` with its uptime.\n',
      );
      find(actions, (a) => a.kind === 'source' && a.title === "Take upstream's file");
      const onConflict = await client.request('textDocument/codeAction', {
        textDocument: { uri: uri(readme) },
        range: conflict.range,
        context: { diagnostics: [conflict], only: ['quickfix'] },
      });
      assert.deepEqual(
        onConflict.map((/** @type {any} */ a) => a.title),
        ['Keep yours', 'Take upstream', 'Keep both'],
      );
      assert.equal(onConflict[0].edit.documentChanges[0].edits[0].newText, '# acme-orders\n');
    });

    test('incremental edits move the ranges, as the merge would', async () => {
      const { version, since } = client.change(readme, [
        { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'Intro line.\n' },
      ]);
      const diagnostics = await client.diagnostics(uri(readme), since, version);
      assert.equal(find(diagnostics, (d) => d.code === 'upstream-change').range.start.line, 9);
      const edit = client.change(readme, [
        { range: { start: { line: 9, character: 0 }, end: { line: 9, character: 3 } }, text: 'Please run' },
      ]);
      const both = await client.diagnostics(uri(readme), edit.since, edit.version);
      const warning = find(both, (d) => d.code === 'both-changed');
      assert.equal(warning.message, 'you and upstream 1.3.0 both changed these lines');
      assert.equal(warning.severity, 2);
    });

    test('package.json: field-merge entries on their own lines, with the notes', async () => {
      const pkg = join(s.project, 'package.json');
      const since = client.open(pkg, 'json');
      const diagnostics = await client.diagnostics(uri(pkg), since);
      const suggestion = find(diagnostics, (d) => d.code === 'field-suggestion');
      assert.match(suggestion.message, /^upstream 1\.3\.0 suggests scripts › health/);
      assert.match(suggestion.message, /recommended: add it with the latest value if you want it/);
      const applied = diagnostics.filter((/** @type {any} */ d) => d.code === 'field-apply');
      assert.deepEqual(
        applied.map((/** @type {any} */ d) => d.range.start.line),
        [7, 10],
      );
      const actions = await client.request('textDocument/codeAction', {
        textDocument: { uri: uri(pkg) },
        range: suggestion.range,
        context: { diagnostics: [suggestion] },
      });
      const add = find(actions, (a) => a.title === 'Apply the suggestion: scripts › health = "node src/health.js"');
      assert.match(add.edit.documentChanges[0].edits[0].newText, /"health": "node src\/health\.js"/);
    });

    test('a generated region names its program; a hand edit inside it is a warning', async () => {
      const doc = join(s.project, 'docs/scripts.md');
      const since = client.open(doc, 'markdown');
      const diagnostics = await client.diagnostics(uri(doc), since);
      const region = find(diagnostics, (d) => d.code === 'generated-region');
      assert.match(region.message, /`node scripts\/list-scripts\.mjs` rewrites its body on every update from package\.json/);
      const { version, since: after } = client.change(doc, [
        { range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, text: '- typed by hand\n' },
      ]);
      const edited = await client.diagnostics(uri(doc), after, version);
      const hand = find(edited, (d) => d.code === 'region-hand-edit');
      assert.equal(hand.severity, 2);
      assert.equal(hand.range.start.line, 5);
    });

    test('commands: status, the update dry run, the working tree score', async () => {
      const status = await client.request('workspace/executeCommand', { command: 'upkeep.status', arguments: [] });
      assert.equal(status[0].kind, 'update');
      assert.equal(status[0].state, 'ready');
      const dry = await client.request('workspace/executeCommand', { command: 'upkeep.updateDryRun', arguments: [] });
      assert.match(dry.summary, /^upkeep update: 1\.2\.0 → 1\.3\.0 \(dry run: nothing written\)/);
      // The merge default: the CI workflow's edits overlap (diff3 markers); the README
      // already holds markers, so it is not merged again (upstream's change as a patch).
      assert.deepEqual(
        dry.report.conflicts.map((/** @type {any} */ c) => [c.path, c.route]),
        [
          ['.github/workflows/ci.yml', 'markers'],
          ['README.md', 'patch'],
        ],
      );
      const score = await client.request('workspace/executeCommand', { command: 'upkeep.scoreWorkingTree', arguments: [] });
      assert.equal(score.decision, 'silent');
      assert.equal(score.files, 0, 'nothing on disk differs from HEAD: the server wrote nothing');
      const shown = client.notifications.filter((n) => n.method === 'window/showMessage').map((n) => n.params.message);
      assert.ok(
        shown.some((m) => /^upkeep update: 1\.2\.0 → 1\.3\.0/.test(m)),
        shown.join('\n'),
      );
      const unknown = await client.request('workspace/executeCommand', { command: 'upkeep.nope', arguments: [] });
      assert.equal(unknown, null);
    });

    test('closing a document clears its diagnostics; shutdown and exit end the server with 0', async () => {
      const since = client.notifications.length;
      await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uri(readme) } });
      assert.deepEqual(await client.diagnostics(uri(readme), since), []);
      assert.equal(await client.stop(), 0);
      assert.deepEqual(snapshot(s.project), before_, 'the server wrote nothing');
    });
  });
}
