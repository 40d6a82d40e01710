// `upkeep lsp` kept alive through bad input: a damaged manifest, a damaged install record,
// a release that cannot be reached, a binary managed file, a file outside every project.
// Each gives one clear diagnostic or status message, and the server still answers.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CLI, EXAMPLES, scenario, startClient, uri } from './lsp-client.js';

/** @type {string[]} */
const temps = [];
after(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

/** A started client on a scenario, with the README opened. */
async function withScenario(
  /** @type {(s: ReturnType<typeof scenario>) => object} */ options,
  /** @type {(s: ReturnType<typeof scenario>) => void} */ damage = () => {},
) {
  const s = scenario();
  temps.push(s.root);
  damage(s);
  const client = await startClient({ folder: s.project, initializationOptions: options(s) });
  return { s, client };
}

/** The server still answers every request, and ends cleanly. */
async function stillAnswers(/** @type {Awaited<ReturnType<typeof startClient>>} */ client, /** @type {string} */ file) {
  const doc = { textDocument: { uri: uri(file) } };
  assert.ok(Array.isArray(await client.request('textDocument/codeLens', doc)));
  await client.request('textDocument/hover', { ...doc, position: { line: 0, character: 0 } });
  assert.ok(
    Array.isArray(
      await client.request('textDocument/codeAction', {
        ...doc,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [] },
      }),
    ),
  );
  const status = await client.request('workspace/executeCommand', { command: 'upkeep.status', arguments: [] });
  assert.ok(Array.isArray(status));
  assert.equal(await client.stop(), 0, client.stderr);
}

test('a damaged project manifest: one status message, one diagnostic on the file, the server answers', async () => {
  const { s, client } = await withScenario(
    (s) => ({ baseline: s.baseline, latest: s.latest }),
    (s) => writeFileSync(join(s.project, '.upkeep/manifest.json'), '{"schema": 1, "files": {'),
  );
  const error = await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'error');
  assert.match(error.params.message, /^upkeep: invalid manifest 'the project's \.upkeep\/manifest\.json': at byte \d+: /);
  const shown = await client.waitFor((n) => n.method === 'window/showMessage');
  assert.equal(shown.params.message, error.params.message);
  const manifest = join(s.project, '.upkeep/manifest.json');
  const since = client.open(manifest, 'json');
  const diagnostics = await client.diagnostics(uri(manifest), since);
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0].severity, 1);
  assert.equal(diagnostics[0].code, 'damaged');
  assert.equal(diagnostics[0].message, error.params.message);
  const readme = join(s.project, 'README.md');
  const quiet = client.open(readme);
  assert.deepEqual(await client.diagnostics(uri(readme), quiet), []);
  await stillAnswers(client, readme);
});

test('a release that cannot be reached: a status message naming it, no diagnostics, the server answers', async () => {
  const { s, client } = await withScenario((s) => ({ baseline: s.baseline, latest: join(s.root, 'gone-1.3.0') }));
  const error = await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'error');
  assert.match(
    error.params.message,
    /cannot reach a release for .*: cannot open the releases named by the initialization options: the latest release '.*gone-1\.3\.0' does not exist/,
  );
  const readme = join(s.project, 'README.md');
  const since = client.open(readme);
  assert.deepEqual(await client.diagnostics(uri(readme), since), []);
  await stillAnswers(client, readme);
});

test('no release named at all: the status says what to set', async () => {
  const { s, client } = await withScenario(() => ({}));
  const error = await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'error');
  assert.match(
    error.params.message,
    /no release is named: give initializationOptions\.latest \(and baseline\), or initializationOptions\.releases/,
  );
  await stillAnswers(client, join(s.project, 'README.md'));
});

test('after shutdown every request but exit is refused (InvalidRequest), then exit ends it with 0', async () => {
  const { s, client } = await withScenario((sc) => ({ baseline: sc.baseline, latest: sc.latest }));
  await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'ready');
  await client.request('shutdown', null);
  const doc = { textDocument: { uri: uri(join(s.project, 'README.md')) } };
  for (const [method, params] of /** @type {[string, object][]} */ ([
    ['textDocument/hover', { ...doc, position: { line: 0, character: 0 } }],
    ['textDocument/codeLens', doc],
    ['workspace/executeCommand', { command: 'upkeep.status', arguments: [] }],
  ])) {
    await assert.rejects(client.request(method, params), (/** @type {any} */ e) => e.code === -32600, method);
  }
  await client.connection.sendNotification('exit');
  assert.equal(await client.exited, 0, client.stderr);
});

test('release directories named by the options: the baseline is the installed version, the latest the highest', async () => {
  const { s, client } = await withScenario((s) => ({ releases: [s.latest, s.baseline] }));
  const ready = await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'ready');
  assert.match(ready.params.message, /1\.2\.0 → 1\.3\.0/);
  const readme = join(s.project, 'README.md');
  const since = client.open(readme);
  const diagnostics = await client.diagnostics(uri(readme), since);
  assert.ok(diagnostics.some((/** @type {any} */ d) => d.code === 'upstream-change'));
  await stillAnswers(client, readme);
});

test('a folder of release folders named by the options: each sub-folder holding a VERSION is a release', async () => {
  const { s, client } = await withScenario(
    (s) => ({ releases: join(s.root, 'releases') }),
    (s) => {
      cpSync(s.baseline, join(s.root, 'releases', 'tpl-1.2.0'), { recursive: true });
      cpSync(s.latest, join(s.root, 'releases', 'tpl-1.3.0'), { recursive: true });
    },
  );
  const ready = await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'ready');
  assert.match(ready.params.message, /1\.2\.0 → 1\.3\.0/);
  const readme = join(s.project, 'README.md');
  const since = client.open(readme);
  const diagnostics = await client.diagnostics(uri(readme), since);
  assert.ok(diagnostics.some((/** @type {any} */ d) => d.code === 'upstream-change'));
  await stillAnswers(client, readme);
});

test('a binary managed file: one diagnostic; a file outside the project: a status message', async () => {
  const { s, client } = await withScenario(
    (s) => ({ baseline: join(s.root, 'tpl-1.2.0'), latest: join(s.root, 'tpl-1.3.0') }),
    (s) => {
      for (const [name, from, bytes] of [
        ['tpl-1.2.0', s.baseline, 'PNG\0one'],
        ['tpl-1.3.0', s.latest, 'PNG\0two'],
      ]) {
        const dir = join(s.root, name);
        cpSync(from, dir, { recursive: true });
        mkdirSync(join(dir, 'assets'));
        writeFileSync(join(dir, 'assets/logo.png'), bytes);
        const manifest = JSON.parse(readFileSync(join(dir, '.upkeep/manifest.json'), 'utf8'));
        manifest.files['assets/logo.png'] = 'owned';
        writeFileSync(join(dir, '.upkeep/manifest.json'), JSON.stringify(manifest));
      }
      mkdirSync(join(s.project, 'assets'));
      writeFileSync(join(s.project, 'assets/logo.png'), 'PNG\0mine');
    },
  );
  await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'ready');
  const logo = join(s.project, 'assets/logo.png');
  const since = client.open(logo, 'plaintext', 'PNG\0mine');
  const diagnostics = await client.diagnostics(uri(logo), since);
  assert.deepEqual(diagnostics.map((/** @type {any} */ d) => d.code).sort(), ['managed-edited', 'not-text']);
  assert.equal(
    diagnostics.find((/** @type {any} */ d) => d.code === 'not-text').message,
    'upkeep shows this file as a whole: it is binary',
  );
  const outside = join(s.root, 'elsewhere.txt');
  writeFileSync(outside, 'hello\n');
  const at = client.open(outside);
  const status = await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'outside', { since: at });
  assert.equal(status.params.message, `upkeep: ${uri(outside)} is outside every upkeep project of the workspace; nothing is shown for it`);
  await stillAnswers(client, outside);
});

test("a project nested in another, both workspace folders: a document in the inner one is the inner one's", async () => {
  const s = scenario();
  temps.push(s.root);
  // The outer project holds the inner one in packages/web: the same example, scaffolded twice.
  const inner = join(s.project, 'packages/web');
  cpSync(join(EXAMPLES, 'starter-project'), inner, { recursive: true });
  const client = await startClient({
    folder: s.project,
    folders: [s.project, inner],
    initializationOptions: { baseline: s.baseline, latest: s.latest },
  });
  const readme = join(inner, 'README.md');
  try {
    await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'ready');
    const since = client.open(readme, 'markdown');
    const diagnostics = await client.diagnostics(uri(readme), since);
    // The inner README is a managed shared file one release behind: upstream changes it.
    assert.ok(
      diagnostics.some((/** @type {any} */ d) => d.code === 'upstream-change'),
      JSON.stringify(diagnostics),
    );
  } catch (error) {
    client.kill();
    throw error;
  }
  await stillAnswers(client, readme);
});

/** A host repository with the voice-agent integration installed by the CLI. */
function installedHost() {
  const root = mkdtempSync(join(tmpdir(), 'upkeep-lsp-host-'));
  temps.push(root);
  const host = join(root, 'host');
  const source = join(root, 'voice-agent');
  mkdirSync(host);
  cpSync(join(EXAMPLES, 'voice-agent-integration'), source, { recursive: true });
  execFileSync(process.execPath, [CLI, 'install', '--source', source, '--target', host], { stdio: 'pipe' });
  return { root, host, source };
}

test('a host with an install record: an installed file edited here is a warning, as the refresh decides', async () => {
  const { host, source } = installedHost();
  const client = await startClient({ folder: host, initializationOptions: { source } });
  const ready = await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'ready');
  assert.match(ready.params.message, /^upkeep: 2 installed files from /);
  const server = join(host, 'services/voice-agent/server.mjs');
  const since = client.open(server, 'javascript');
  assert.deepEqual(await client.diagnostics(uri(server), since), [], 'identical to the source: nothing to say');
  const { version, since: edited } = client.change(server, [
    { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '// mine\n' },
  ]);
  const diagnostics = await client.diagnostics(uri(server), edited, version);
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0].severity, 2);
  assert.match(
    diagnostics[0].message,
    /the next refresh asks keep-mine, take-theirs or merge; take-theirs \(or --auto take-theirs\) replaces it/,
  );
  const actions = await client.request('textDocument/codeAction', {
    textDocument: { uri: uri(server) },
    range: diagnostics[0].range,
    context: { diagnostics },
  });
  assert.ok(actions.some((/** @type {any} */ a) => a.title === "Take upstream's file (the source's version)"));
  await stillAnswers(client, server);
});

test('an install record changed outside the editor (in its home folder, not the root): the project reloads', async () => {
  const { host, source } = installedHost();
  const record = join(host, 'services/voice-agent/.upkeep-source.json');
  const good = readFileSync(record, 'utf8');
  const client = await startClient({ folder: host, initializationOptions: { source } });
  await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'ready');
  // A refresh, or a hand edit, rewrites the record: the server reads it again and says so.
  writeFileSync(record, '{"schema": 1, "files": [');
  const error = await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'error');
  assert.match(error.params.message, /services\/voice-agent\/\.upkeep-source\.json/);
  const since = client.notifications.length;
  writeFileSync(record, good);
  const ready = await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'ready', { since });
  assert.match(ready.params.message, /^upkeep: 2 installed files from /);
  await stillAnswers(client, record);
});

test('a damaged install record: a status message naming it, one diagnostic on the record', async () => {
  const { host, source } = installedHost();
  const record = join(host, 'services/voice-agent/.upkeep-source.json');
  writeFileSync(record, '{"schema": 1, "files": [');
  const client = await startClient({ folder: host, initializationOptions: { source } });
  const error = await client.waitFor((n) => n.method === 'upkeep/status' && n.params.state === 'error');
  assert.match(error.params.message, /services\/voice-agent\/\.upkeep-source\.json/);
  const since = client.open(record, 'json');
  const diagnostics = await client.diagnostics(uri(record), since);
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0].severity, 1);
  await stillAnswers(client, record);
});
