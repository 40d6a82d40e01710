// The upkeep extension: starts the language server bundled in server/ (the npm package's
// `upkeep lsp`, on its N-API addon, with the wasm build as the fallback) and shows its
// status. Everything a file shows, and every code action, comes from the server.
const path = require('node:path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

/** The initialization options from the `upkeep.*` settings (empty ones left out). */
function initializationOptions() {
  const config = vscode.workspace.getConfiguration('upkeep');
  const options = {};
  for (const key of ['baseline', 'latest', 'source', 'conflicts']) {
    const value = config.get(key);
    if (value) options[key] = value;
  }
  const releases = config.get('releases');
  if (Array.isArray(releases) && releases.length > 0) options.releases = releases;
  return options;
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  const server = context.asAbsolutePath(path.join('server', 'bin', 'upkeep.js'));
  const run = { module: server, args: ['lsp'], transport: TransportKind.stdio };
  client = new LanguageClient(
    'upkeep',
    'upkeep',
    { run, debug: run },
    { documentSelector: [{ scheme: 'file' }], initializationOptions: initializationOptions() },
  );
  const item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left);
  item.command = 'upkeep.status';
  context.subscriptions.push(item);
  await client.start();
  client.onNotification('upkeep/status', (status) => {
    if (status.state === 'outside') return;
    // The engine's state, drawn: only reading and scanning are work under way.
    const icons = { error: '$(warning)', ready: '$(check)', idle: '$(circle-slash)', loading: '$(sync~spin)', scanning: '$(sync~spin)' };
    item.text = `${icons[status.state] ?? '$(info)'} upkeep`;
    item.tooltip = status.message;
    item.show();
  });
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('upkeep')) void vscode.commands.executeCommand('workbench.action.restartExtensionHost');
    }),
  );
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
