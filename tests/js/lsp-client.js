// A language client for the tests: starts `upkeep lsp` as a child process (as an editor
// does) and talks to it over stdio with vscode-languageserver-protocol, keeping every
// notification it sends so a test can wait for one.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { after } from 'node:test';
import { git } from './git-repos.js';

// The protocol library is a devDependency of the npm package.
const require = createRequire(new URL('../../npm/package.json', import.meta.url));
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } =
  /** @type {typeof import('../../npm/node_modules/vscode-languageserver-protocol/lib/node/main.js')} */ (
    require('vscode-languageserver-protocol/node')
  );

const repo = new URL('../../', import.meta.url).pathname;
export const CLI = join(repo, 'npm/bin/upkeep.js');

/** Servers still running: a test that failed before stopping its own must not leave it holding the process. */
const running = new Set();
after(() => running.forEach((child) => child.kill('SIGKILL')));
export const EXAMPLES = join(repo, 'examples');

/** The conflict block on the scenario's README title (lines 0 to 4). */
export const CONFLICT = '<<<<<<< README.md\n# acme-orders\n=======\n# starter\n>>>>>>> README.md (latest)\n';

/** The uri of a file. */
export const uri = (/** @type {string} */ path) => pathToFileURL(path).href;

/**
 * A project one release behind (the bundled example, scaffolded from 1.2.0 and edited), with
 * a conflict block an earlier update left on its README's title, committed in git.
 */
export function scenario() {
  const root = mkdtempSync(join(tmpdir(), 'upkeep-lsp-'));
  const project = join(root, 'project');
  cpSync(join(EXAMPLES, 'starter-project'), project, { recursive: true });
  const readme = join(project, 'README.md');
  writeFileSync(readme, readFileSync(readme, 'utf8').replace('# acme-orders\n', CONFLICT));
  git(project, 'init', '-q', '-b', 'main');
  git(project, 'add', '-A');
  git(
    project,
    '-c',
    'user.name=upkeep test',
    '-c',
    'user.email=test@upkeep.invalid',
    '-c',
    'commit.gpgsign=false',
    'commit',
    '-qm',
    'scaffolded',
  );
  return {
    root,
    project,
    baseline: join(EXAMPLES, 'starter-template'),
    latest: join(EXAMPLES, 'starter-template-1.3.0'),
  };
}

/**
 * Starts the server and initializes it.
 * @param {{ folder: string, folders?: string[], initializationOptions?: object, env?: Record<string, string>, capabilities?: object, cli?: string }} setup
 *   `folders`: the workspace folders, in order (default: `folder` alone)
 */
export async function startClient({ folder, folders = [folder], initializationOptions = {}, env = {}, capabilities, cli = CLI }) {
  const child = spawn(process.execPath, [cli, 'lsp', '--stdio'], {
    env: { ...process.env, XDG_CACHE_HOME: join(folder, '..', 'cache'), ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  /** @type {{ method: string, params: any }[]} */
  const notifications = [];
  /** @type {(() => void)[]} */
  let waiters = [];
  /** @type {any} */ (connection).onNotification((/** @type {string} */ method, /** @type {any} */ params) => {
    notifications.push({ method, params });
    const pending = waiters;
    waiters = [];
    pending.forEach((w) => w());
  });
  connection.onRequest('workspace/configuration', () => []);
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const initialized = await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: uri(folder),
    workspaceFolders: folders.map((f, i) => ({ uri: uri(f), name: `project${i || ''}` })),
    capabilities: capabilities ?? { workspace: { workspaceEdit: { documentChanges: true } }, textDocument: { publishDiagnostics: {} } },
    initializationOptions,
  });
  await connection.sendNotification('initialized', {});
  /** @type {Map<string, number>} */
  const versions = new Map();

  const client = {
    connection,
    initialized,
    notifications,
    exited,
    get stderr() {
      return stderr;
    },
    /**
     * Resolves with the first notification (from `since` on) that `test` accepts.
     * @param {(n: { method: string, params: any }) => boolean} test
     * @param {{ since?: number, timeout?: number }} [options]
     */
    async waitFor(test, { since = 0, timeout = 20000 } = {}) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const found = notifications.slice(since).find(test);
        if (found) return found;
        if (Date.now() > deadline) {
          // A server left running would keep the test process alive: the test fails, not hangs.
          child.kill('SIGKILL');
          throw new Error(
            `timed out; notifications so far:\n${notifications.map((n) => `${n.method} ${JSON.stringify(n.params).slice(0, 300)}`).join('\n')}\nstderr: ${stderr}`,
          );
        }
        await new Promise((resolve) => {
          waiters.push(() => resolve(undefined));
          setTimeout(resolve, 200);
        });
      }
    },
    /** The next diagnostics published for `fileUri` from notification `since` on. */
    diagnostics(/** @type {string} */ fileUri, since = 0, /** @type {number | undefined} */ version = undefined) {
      return client
        .waitFor(
          (n) =>
            n.method === 'textDocument/publishDiagnostics' &&
            n.params.uri === fileUri &&
            (version === undefined || n.params.version === version),
          { since },
        )
        .then((n) => n.params.diagnostics);
    },
    /** Opens a file as an editor does. */
    open(/** @type {string} */ path, languageId = 'plaintext', text = readFileSync(path, 'utf8')) {
      versions.set(uri(path), 1);
      const since = notifications.length;
      void connection.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(path), languageId, version: 1, text } });
      return since;
    },
    /** Sends incremental edits; returns the new version and the notification index before it. */
    change(/** @type {string} */ path, /** @type {any[]} */ contentChanges) {
      const version = (versions.get(uri(path)) ?? 1) + 1;
      versions.set(uri(path), version);
      const since = notifications.length;
      void connection.sendNotification('textDocument/didChange', { textDocument: { uri: uri(path), version }, contentChanges });
      return { version, since };
    },
    request(/** @type {string} */ method, /** @type {any} */ params) {
      return connection.sendRequest(method, params);
    },
    async stop() {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      const code = await exited;
      connection.dispose();
      return code;
    },
    /** Ends the server at once (a test that failed must not leave it holding the process). */
    kill() {
      child.kill('SIGKILL');
      connection.dispose();
    },
  };
  return client;
}
