// The engine's file view put on the wire: its diagnostics, actions, lens and hovers as
// Language Server Protocol objects. Pure translation; what to show is the engine's.

/** @type {Record<string, 1 | 2 | 3 | 4>} */
const SEVERITY = { error: 1, warning: 2, information: 3, hint: 4 };

/**
 * @typedef {import('../index.js').FileView} FileView
 * @typedef {import('../index.js').EditorRange} Range
 */

/**
 * The diagnostic `d` as the protocol has it.
 * @param {import('../index.js').EditorDiagnostic} d
 * @returns {import('vscode-languageserver').Diagnostic}
 */
export function diagnostic(d) {
  return { range: d.range, severity: SEVERITY[d.severity], code: d.kind, source: 'upkeep', message: d.message };
}

/** Whether two ranges overlap or touch. */
function touches(/** @type {Range} */ a, /** @type {Range} */ b) {
  const before = (/** @type {Range['start']} */ x, /** @type {Range['start']} */ y) =>
    x.line < y.line || (x.line === y.line && x.character < y.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/** Whether `position` is inside `range` (its end included). */
export function contains(/** @type {Range} */ range, /** @type {Range['start']} */ position) {
  return touches(range, { start: position, end: position });
}

/**
 * The code actions of `view` offered for `range`, filtered by the kinds the client asked
 * for, each carrying its edit for the document at `version`.
 * @param {FileView} view
 * @param {{ uri: string, version: number, range: Range, only?: string[], documentChanges: boolean }} request
 */
export function codeActions(view, { uri, version, range, only, documentChanges }) {
  const wanted = (/** @type {string} */ kind) => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
  return view.actions
    .filter((a) => touches(a.range, range) && wanted(a.kind))
    .map((a) => ({
      title: a.title,
      kind: a.kind,
      isPreferred: a.preferred,
      diagnostics: a.diagnostic === null ? [] : [diagnostic(view.diagnostics[a.diagnostic])],
      edit: documentChanges ? { documentChanges: [{ textDocument: { uri, version }, edits: a.edits }] } : { changes: { [uri]: a.edits } },
    }));
}

/** The code lenses, each running `upkeep.status` when clicked. */
export function codeLenses(/** @type {FileView} */ view) {
  return view.lenses.map((l) => ({ range: l.range, command: { title: l.title, command: 'upkeep.status', arguments: [] } }));
}

/**
 * The hover at `position`: the file's on its first line, and every diagnostic's under it.
 * @param {FileView} view @param {Range['start']} position
 * @returns {import('vscode-languageserver').Hover | null}
 */
export function hover(view, position) {
  const [file, ...rest] = view.hovers;
  const shown = [file, ...rest].filter((h) => h && contains(h.range, position));
  if (shown.length === 0) return null;
  return {
    contents: { kind: /** @type {const} */ ('markdown'), value: shown.map((h) => h.markdown).join('\n\n---\n\n') },
    range: shown[shown.length - 1].range,
  };
}
