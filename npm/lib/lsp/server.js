// `upkeep lsp`: the language server. Protocol and I/O only: documents are synced
// incrementally (vscode-languageserver-textdocument), each managed file's view comes from
// one engine call (`fileView`), and every change is a workspace edit the client applies —
// the server writes nothing to disk. Releases are read, and the workspace scanned, in the
// background; a request is answered from what is known at that moment.
import { readFileSync, watch } from 'node:fs';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import lsp from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { engine, implementation } from '../engine.js';
import { runCommand, COMMANDS } from './commands.js';
import { discover } from './projects.js';
import { releaseProvider } from './releases.js';
import { codeActions, codeLenses, diagnostic, hover } from './wire.js';

const { createConnection, TextDocuments, TextDocumentSyncKind, MessageType } = lsp;
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

/**
 * @typedef {import('./projects.js').Project} Project
 * @typedef {import('../index.js').FileView} FileView
 */

/**
 * Starts the server on a pair of streams (stdio by default) and resolves when it exits.
 * @param {{ input?: NodeJS.ReadableStream, output?: NodeJS.WritableStream, options?: import('./releases.js').LspOptions }} [io]
 */
export function startServer({ input = process.stdin, output = process.stdout, options: cliOptions = {} } = {}) {
  const connection = createConnection(input, output);
  const documents = new TextDocuments(TextDocument);
  /** @type {import('./releases.js').LspOptions} */
  let options = { ...cliOptions };
  /** @type {string[]} */
  let folders = [];
  /** @type {Project[]} */
  let projects = [];
  let documentChanges = false;
  /** Resolved release sides per document uri (null: not managed). */
  const sides = new Map();
  /** The latest view per uri, with the document version it was computed for. */
  /** @type {Map<string, { version: number, view: FileView | null, problem?: string }>} */
  const views = new Map();
  /** @type {Map<string, { done: number, total: number, totals: any, line?: string }>} */
  const scans = new Map();
  /** @type {Map<Project, { dir: string, name: string | null, watcher: import('node:fs').FSWatcher | null }>} */
  const watching = new Map();
  let stopping = false;

  /** @param {import('../index.js').EditorStatusLine & { root?: string, uri?: string }} status @param {boolean} [show] */
  const status = (status, show = false) => {
    connection.sendNotification('upkeep/status', status);
    connection.console.log(status.message);
    if (show)
      connection.sendNotification('window/showMessage', {
        type: status.state === 'error' ? MessageType.Warning : MessageType.Info,
        message: status.message,
      });
  };

  connection.onInitialize((params) => {
    options = { ...cliOptions, ...(params.initializationOptions ?? {}) };
    const uris = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    folders = uris.filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u));
    if (folders.length === 0 && params.rootPath) folders = [params.rootPath];
    documentChanges = Boolean(params.capabilities.workspace?.workspaceEdit?.documentChanges);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: ['quickfix', 'source'] },
        codeLensProvider: { resolveProvider: false },
        hoverProvider: true,
        executeCommandProvider: { commands: COMMANDS },
      },
      serverInfo: { name: 'upkeep', version: `${version} (${implementation} engine)` },
    };
  });

  /** Settles once the workspace folders were searched for projects (not loaded). */
  let discovered = Promise.resolve();
  connection.onInitialized(() => {
    discovered = openProjects();
  });

  /** Finds and loads every project of the workspace folders, in the background. */
  async function openProjects() {
    const provider = releaseProvider(options);
    for (const folder of folders) {
      const project = await discover(folder, options, provider).catch(() => null);
      if (!project || stopping) continue;
      projects.push(project);
      void loadProject(project);
      watchState(project);
    }
    if (projects.length === 0) status(engine.editorNoticeStatus({ kind: 'no-project', folders }));
  }

  /** (Re)loads a project, then refreshes its open documents and scans it. */
  async function loadProject(/** @type {Project} */ project) {
    status({ ...engine.editorNoticeStatus({ kind: 'reloading', status: project.status.message }), root: project.root });
    // The last scan's line is the old state's: `upkeep.status` must not show it for this one.
    scans.delete(project.root);
    await project.load();
    if (stopping) return;
    watchState(project);
    status({ ...project.status, root: project.root }, project.status.state === 'error');
    for (const doc of documents.all()) {
      if (projectOf(doc.uri)?.project === project) {
        sides.delete(doc.uri);
        views.delete(doc.uri);
        schedule(doc.uri);
      }
    }
    if (project.status.state !== 'ready') return;
    const loaded = project.loading;
    const scanning = project.scan(
      (done, total) => {
        scans.set(project.root, {
          done,
          total,
          totals: null,
          line: engine.editorNotice({ kind: 'scanning', status: project.status.message, done, total }),
        });
        connection.sendNotification('upkeep/status', {
          ...engine.editorNoticeStatus({ kind: 'scanned', done, total }),
          root: project.root,
          done,
          total,
        });
      },
      () => stopping || project.loading !== loaded,
    );
    let scanned;
    try {
      scanned = await scanning;
    } catch (error) {
      // A managed file that cannot be read (not one that is missing): said, not counted as missing.
      scans.delete(project.root);
      status({ ...engine.editorNoticeStatus({ kind: 'failed', error: /** @type {Error} */ (error).message }), root: project.root }, true);
      return;
    }
    if (scanned) {
      const { totals } = scanned;
      const ready = engine.editorReadyStatus({ ...project.facts, scan: totals });
      scans.set(project.root, { done: scanned.scanned, total: scanned.scanned, totals, line: ready.message });
      status({ ...ready, root: project.root });
    }
  }

  /**
   * Reloads a project when its state changes (an update ran, a release or a refresh was
   * recorded): it watches the folder the project names (`watched()`), and moves when a load
   * finds the state elsewhere (an install's record lives in its manifest's home folder).
   */
  function watchState(/** @type {Project} */ project) {
    const { dir, name } = project.watched();
    const current = watching.get(project);
    if (current?.dir === dir) {
      current.name = name;
      return;
    }
    current?.watcher?.close();
    /** @type {{ dir: string, name: string | null, watcher: import('node:fs').FSWatcher | null }} */
    const entry = { dir, name, watcher: null };
    let timer = /** @type {NodeJS.Timeout | undefined} */ (undefined);
    try {
      entry.watcher = watch(dir, { persistent: false }, (_event, changed) => {
        // The record is replaced through a temp file beside it, named after it.
        if (entry.name && changed && !String(changed).startsWith(entry.name)) return;
        clearTimeout(timer);
        timer = setTimeout(() => void loadProject(project), 300);
      });
      entry.watcher.on('error', () => {});
    } catch {
      // The folder is not there yet (no record written): the next load tries again.
      watching.delete(project);
      return;
    }
    watching.set(project, entry);
  }

  /** The project holding `uri` (the engine's pick when projects nest) and the document's path in it. */
  function projectOf(/** @type {string} */ uri) {
    if (!uri.startsWith('file:')) return null;
    const abs = fileURLToPath(uri);
    const paths = projects.map((project) => project.relative(abs));
    const index = engine.documentOwner(paths);
    return index === null ? null : { project: projects[index], rel: /** @type {string} */ (paths[index]) };
  }

  const queued = new Set();
  /** Recomputes a document's view soon (once per turn, however many edits arrived). */
  function schedule(/** @type {string} */ uri) {
    if (queued.has(uri)) return;
    queued.add(uri);
    setImmediate(() => {
      queued.delete(uri);
      void refresh(uri);
    });
  }

  /** Brings a document's view up to date and publishes its diagnostics. */
  async function refresh(/** @type {string} */ uri) {
    await discovered;
    const doc = documents.get(uri);
    if (!doc) return;
    const found = projectOf(uri);
    if (!found) {
      if (!views.has(uri)) {
        views.set(uri, { version: doc.version, view: null });
        status({ ...engine.editorNoticeStatus({ kind: 'outside', uri }), uri });
      }
      return;
    }
    const { project, rel } = found;
    await project.loading;
    if (project.status.state !== 'ready') {
      // The document may have closed while the project loaded: nothing would clear what is sent for it.
      const open = documents.get(uri);
      if (!open) return;
      const problem = project.problem?.rel === rel ? project.status.message : undefined;
      views.set(uri, { version: open.version, view: null, problem });
      const diagnostics = problem ? [diagnostic(engine.damagedDiagnostic(problem))] : [];
      connection.sendDiagnostics({ uri, version: open.version, diagnostics });
      return;
    }
    if (!sides.has(uri)) {
      // A managed file whose release sides cannot be read shows nothing, and says why.
      const unread = (/** @type {Error} */ error) => {
        status({ ...engine.editorNoticeStatus({ kind: 'cannot-show', path: rel, error: error.message }), uri });
        return null;
      };
      sides.set(uri, project.manages(rel) ? await project.managed(rel).catch(unread) : null);
    }
    const current = documents.get(uri);
    if (!current) return;
    const computed = viewOf(current);
    connection.sendDiagnostics({ uri, version: current.version, diagnostics: computed?.diagnostics.map(diagnostic) ?? [] });
  }

  /** The view of a document at its current version, computed now if the sides are known. */
  function viewOf(/** @type {TextDocument} */ doc) {
    const cached = views.get(doc.uri);
    if (cached && cached.version === doc.version) return cached.view;
    const managed = sides.get(doc.uri);
    const found = projectOf(doc.uri);
    if (!managed || !found) return null;
    let view = null;
    try {
      view = engine.fileView({ path: found.rel, current: doc.getText(), managed });
    } catch (error) {
      status({
        ...engine.editorNoticeStatus({ kind: 'cannot-show', path: found.rel, error: /** @type {Error} */ (error).message }),
        uri: doc.uri,
      });
    }
    views.set(doc.uri, { version: doc.version, view });
    return view;
  }

  documents.onDidOpen(({ document }) => schedule(document.uri));
  documents.onDidChangeContent(({ document }) => schedule(document.uri));
  documents.onDidSave(({ document }) => {
    const found = projectOf(document.uri);
    if (found && (found.rel.startsWith(`${found.project.stateDir}/`) || found.rel === found.project.recordName))
      void loadProject(found.project);
  });
  documents.onDidClose(({ document }) => {
    views.delete(document.uri);
    sides.delete(document.uri);
    connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  // After shutdown only `exit` is answered (the protocol's rule): every other request is refused.
  const refuseAfterShutdown = () => {
    if (stopping) throw new lsp.ResponseError(lsp.ErrorCodes.InvalidRequest, 'the server is shut down');
  };
  connection.onCodeAction((params) => {
    refuseAfterShutdown();
    const doc = documents.get(params.textDocument.uri);
    const view = doc && viewOf(doc);
    if (!doc || !view) return [];
    return codeActions(view, { uri: doc.uri, version: doc.version, range: params.range, only: params.context.only, documentChanges });
  });
  connection.onCodeLens((params) => {
    refuseAfterShutdown();
    const doc = documents.get(params.textDocument.uri);
    const view = doc && viewOf(doc);
    return view ? codeLenses(view) : [];
  });
  connection.onHover((params) => {
    refuseAfterShutdown();
    const doc = documents.get(params.textDocument.uri);
    const view = doc && viewOf(doc);
    return view ? hover(view, params.position) : null;
  });
  connection.onExecuteCommand(async (params) => {
    refuseAfterShutdown();
    const outcome = await runCommand(params.command, params.arguments ?? [], { projects, scans, options, folders });
    status(outcome.status, true);
    return outcome.result;
  });
  connection.onShutdown(() => {
    stopping = true;
    for (const { watcher } of watching.values()) watcher?.close();
    for (const project of projects) project.dispose();
    projects = [];
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
