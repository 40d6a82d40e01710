// The three-way view: a file's baseline, current and latest versions (opened from the plan,
// pasted or dropped). The engine gives the update verdict and bucket (`planUpdate`), the
// unified diff (`unifiedDiff`), the three-way merge (`merge`), and the per-hunk result
// (`diffHunks` + `applyHunks`), shown in CodeMirror's merge view.
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import * as upkeep from 'upkeep';
import { decode, diffBlock, encode, h, hunkBlock } from './dom.js';
import { overviewOf } from './plan.js';

/** The three sides, in the order the page shows them. */
const SIDES = /** @type {const} */ ([
  ['baseline', 'Baseline', 'the release the project was installed from'],
  ['current', 'Current', 'the file in the project, with your edits'],
  ['latest', 'Latest', 'the new release'],
]);

/** Which pair the unified diff compares. */
const PAIRS = /** @type {const} */ ({
  upstream: ['baseline', 'latest', 'upstream change: baseline → latest'],
  local: ['baseline', 'current', 'local change: baseline → current'],
  update: ['current', 'latest', 'what taking latest would change: current → latest'],
});

const SAMPLE = {
  baseline: 'export const greeting = "hello";\nexport const retries = 3;\nexport const timeoutMs = 1000;\n',
  current: 'export const greeting = "hello, team";\nexport const retries = 3;\nexport const timeoutMs = 1000;\n',
  latest: 'export const greeting = "hello";\nexport const retries = 5;\nexport const timeoutMs = 1000;\nexport const jitter = true;\n',
};

/**
 * @param {HTMLElement} root
 * @returns {{ open(file: import('./release-view.js').OpenFile): void }}
 */
export function mountFileView(root) {
  /** @type {import('./release-view.js').OpenFile | null} */
  let context = null;
  /** @type {Set<number>} */
  let accepted = new Set();
  /** @type {MergeView | null} */
  let mergeView = null;

  const pathInput = /** @type {HTMLInputElement} */ (
    h('input', { type: 'text', value: 'src/config.js', 'data-testid': 'file-path', oninput: () => update() })
  );
  const classSelect = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      { 'data-testid': 'file-class', onchange: () => update() },
      ...upkeep.FILE_CLASSES.map((c) => h('option', { value: c.class, title: c.help }, c.class)),
    )
  );
  const contextLine = h('p.context', { 'data-testid': 'file-context' });

  /** @type {Record<string, { area: HTMLTextAreaElement, absent: HTMLInputElement }>} */
  const inputs = {};
  const editors = h(
    'div.sides',
    null,
    ...SIDES.map(([side, title, help]) => {
      const area = /** @type {HTMLTextAreaElement} */ (
        h('textarea', {
          spellcheck: false,
          'data-testid': `text-${side}`,
          oninput: () => update(true),
          placeholder: 'paste or drop a file here',
        })
      );
      const absent = /** @type {HTMLInputElement} */ (
        h('input', { type: 'checkbox', 'data-testid': `absent-${side}`, onchange: () => ((area.disabled = absent.checked), update(true)) })
      );
      area.addEventListener('dragover', (e) => e.preventDefault());
      area.addEventListener('drop', async (e) => {
        const file = e.dataTransfer?.files[0];
        if (!file) return;
        e.preventDefault();
        area.value = decode(new Uint8Array(await file.arrayBuffer()));
        absent.checked = false;
        area.disabled = false;
        update(true);
      });
      inputs[side] = { area, absent };
      return h(
        'div.side',
        null,
        h('div.side-head', null, h('strong', null, title), h('span.muted', null, ` ${help}`), h('label.absent', null, absent, ' no file')),
        area,
      );
    }),
  );

  const verdictBox = h('div.verdict', { 'data-testid': 'file-verdict' });
  const pairSelect = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      { 'data-testid': 'diff-pair', onchange: () => update() },
      ...Object.entries(PAIRS).map(([key, [, , label]]) => h('option', { value: key }, label)),
    )
  );
  const diffBox = h('div');
  const mergeBox = h('div');
  const hunkList = h('div.hunks', { 'data-testid': 'hunks' });
  const contextSelect = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      { 'data-testid': 'hunk-context', onchange: () => update(true) },
      h('option', { value: '0' }, '0: one hunk per change'),
      h('option', { value: '1' }, '1'),
      h('option', { value: '3' }, '3: as diff -u'),
    )
  );
  const mergeParent = h('div.cm-host', { 'data-testid': 'merge-view' });
  const resultBox = h('pre.code.hidden-result', { 'data-testid': 'hunk-result', hidden: true });

  root.append(
    h(
      'div.intro',
      null,
      h('h1', null, 'One file, three versions'),
      h(
        'p',
        null,
        'Paste or drop the baseline, your current copy and the latest release of a file — or click a file in the whole-release plan. ',
        'The verdict comes from the same ',
        h('code', null, 'planUpdate'),
        ' call as ',
        h('code', null, 'upkeep update'),
        '.',
      ),
    ),
    h(
      'div.file-head',
      null,
      h('label', null, 'Path ', pathInput),
      h('label', null, 'Class ', classSelect),
      h('button', { onclick: () => loadSample(), 'data-testid': 'load-sample' }, 'Load a sample triple'),
      contextLine,
    ),
    editors,
    h(
      'div.grid.flip',
      null,
      h(
        'div.panel',
        null,
        h('h2', null, 'Update verdict'),
        verdictBox,
        h(
          'p.hint',
          null,
          'Region markers (generated regions with a region-aware verdict) are not in this demo yet: regions land with a later issue.',
        ),
      ),
      h('div.panel', null, h('h2', null, 'Unified diff ', pairSelect), diffBox),
    ),
    h(
      'div.panel',
      null,
      h(
        'h2',
        null,
        'Three-way merge ',
        h('span.muted', null, '(what upkeep update writes: ours = current, base = baseline, theirs = latest; markers as planned)'),
      ),
      mergeBox,
    ),
    h(
      'div.panel',
      null,
      h(
        'h2',
        null,
        'Take upstream changes hunk by hunk ',
        h('span.muted', null, '(current → latest; the result is the engine’s applyHunks)'),
      ),
      h('div.hunk-options', null, h('label', null, 'Context lines ', contextSelect)),
      hunkList,
      h('div.merge-legend', null, h('span', null, 'Result (current + accepted hunks)'), h('span', null, 'Latest')),
      mergeParent,
      resultBox,
    ),
  );

  function loadSample() {
    context = null;
    contextLine.replaceChildren();
    pathInput.disabled = false;
    classSelect.disabled = false;
    for (const [side] of SIDES) setSide(side, encode(SAMPLE[side]));
    update(true);
  }

  /** @param {string} side @param {Uint8Array | null} bytes */
  function setSide(side, bytes) {
    const { area, absent } = inputs[side];
    area.value = bytes ? decode(bytes) : '';
    absent.checked = bytes === null;
    area.disabled = bytes === null;
  }

  /** @param {string} side @returns {Uint8Array | null} */
  function bytesOf(side) {
    return inputs[side].absent.checked ? null : encode(inputs[side].area.value);
  }

  /**
   * The plan of this file's three sides as they are on the page: within the release's plan
   * when the file was opened from one, else the engine's plan of it alone (its path, its
   * versions, its manifest).
   * @returns {import('upkeep').SingleFilePlan}
   */
  function planned() {
    const sides = { baseline: bytesOf('baseline'), current: bytesOf('current'), latest: bytesOf('latest') };
    if (!context) return upkeep.planSingleFile({ path: pathInput.value, class: /** @type {any} */ (classSelect.value), ...sides });
    const { path, input } = context;
    const file = { path, baseline: sideInput(sides.baseline), current: sideInput(sides.current), latest: sideInput(sides.latest) };
    try {
      const plan = upkeep.planUpdate({ ...input, files: (input.files ?? []).map((f) => (f.path === path ? file : f)) });
      return { path, from: input.from, to: input.to, plan, error: null };
    } catch (error) {
      const e = /** @type {any} */ (error);
      return { path, from: input.from, to: input.to, plan: null, error: { code: e.code, message: e.message } };
    }
  }

  /** @param {boolean} [textsChanged] the hunk selection starts over when a text changes */
  function update(textsChanged = false) {
    if (textsChanged) accepted = new Set();
    const baseline = bytesOf('baseline') ?? new Uint8Array();
    const current = bytesOf('current') ?? new Uint8Array();
    const latest = bytesOf('latest') ?? new Uint8Array();

    // Verdict and bucket: the update plan for these sides (its path and versions are the
    // ones the diff and the merge preview below are labelled and made with).
    const made = planned();
    const { path } = made;
    const versions = { from: made.from, to: made.to };
    if (made.plan) {
      const { plan } = made;
      const file = plan.files.find((f) => f.path === path);
      // The buckets that list this path, and what the update writes for it, as the
      // engine's overview names each write.
      const overview = overviewOf(plan);
      const buckets = overview.files.find((f) => f.path === path)?.buckets ?? [];
      // The lines around the verdict, the engine's words.
      const verdict = upkeep.fileVerdict({
        conflicts: context?.input.options?.conflicts,
        writes: overview.writes.filter((w) => w.path === path).map((w) => w.short),
        localChange: file?.localChange ?? false,
        upstreamChange: file?.upstreamChange ?? false,
      });
      verdictBox.replaceChildren(
        h(
          'dl',
          null,
          h('dt', null, 'Table row'),
          h(
            'dd',
            null,
            file?.row
              ? h(`span.row.row-${file.row}`, { 'data-testid': 'verdict-row' }, file.row)
              : h('span.muted', { 'data-testid': 'verdict-row' }, 'none'),
          ),
          h('dt', null, 'Outcome'),
          h('dd', null, h('strong', { 'data-testid': 'verdict-outcome' }, file?.outcome ?? 'none')),
          h('dt', null, 'Bucket'),
          h(
            'dd',
            { 'data-testid': 'verdict-bucket' },
            ...(buckets.length ? buckets.map((b) => h(`span.pill.bucket-${b}`, null, b)) : [h('span.muted', null, 'none')]),
          ),
          h('dt', null, 'Changed'),
          h('dd', null, verdict.changed),
          h('dt', null, 'Class'),
          h('dd', null, file?.class ?? classSelect.value),
        ),
        h('p.muted', { 'data-testid': 'verdict-writes' }, verdict.planned),
      );
    } else {
      verdictBox.replaceChildren(h('p.error', null, made.error?.message ?? ''));
    }

    // Unified diff of the chosen pair.
    const [oldSide, newSide] = PAIRS[/** @type {keyof typeof PAIRS} */ (pairSelect.value)];
    try {
      const sideBytes = { baseline, current, latest };
      const diff = upkeep.unifiedDiff(sideBytes[oldSide], sideBytes[newSide], {
        oldLabel: `${oldSide}/${path}`,
        newLabel: `${newSide}/${path}`,
      });
      diffBox.replaceChildren(
        diff.status === 'identical'
          ? h('p.muted', { 'data-testid': 'unified-diff' }, 'Identical.')
          : diffBlock(decode(diff.patch), 'unified-diff'),
      );
    } catch (error) {
      diffBox.replaceChildren(h('p.error', null, String(/** @type {Error} */ (error).message)));
    }

    // The three-way merge.
    try {
      // The options the update merges with, in the mode it is planned with.
      const conflicts = context?.input.options?.conflicts ?? null;
      const merged = upkeep.merge(current, baseline, latest, upkeep.previewMergeOptions({ ...versions, conflicts }));
      const summary = upkeep.mergeSummary(merged.conflicts);
      mergeBox.replaceChildren(
        h('p', { 'data-testid': 'merge-conflicts' }, h(summary.clean ? 'span.ok' : 'span.warn', null, summary.text)),
        h('pre.code.merged', { 'data-testid': 'merge-result' }, decode(merged.content)),
      );
    } catch (error) {
      mergeBox.replaceChildren(h('p.error', null, String(/** @type {Error} */ (error).message)));
    }

    // Hunks of current → latest, accepted one by one.
    try {
      const hunkOptions = { context: Number(contextSelect.value) };
      const hunks = upkeep.diffHunks(current, latest, hunkOptions);
      const result = upkeep.applyHunks(current, latest, [...accepted], hunkOptions);
      hunkList.replaceChildren(
        hunks.length === 0
          ? h('p.muted', null, 'No differences between current and latest.')
          : h(
              'div.hunk-actions',
              null,
              h('button', { onclick: () => ((accepted = new Set(hunks.map((_, i) => i))), update()) }, 'Accept all'),
              h('button', { onclick: () => ((accepted = new Set()), update()) }, 'Reject all'),
              h('span.muted', null, `${accepted.size} of ${hunks.length} accepted`),
            ),
        ...hunks.map((hunk, i) => {
          const on = accepted.has(i);
          return h(
            `div.hunk${on ? '.accepted' : ''}`,
            { 'data-testid': `hunk-${i}` },
            h(
              'div.hunk-head',
              null,
              h('code', null, hunk.header),
              h(
                'button',
                { class: on ? 'primary' : '', 'data-testid': `accept-${i}`, onclick: () => (accepted.add(i), update()) },
                on ? 'Accepted' : 'Accept',
              ),
              h('button', { 'data-testid': `reject-${i}`, onclick: () => (accepted.delete(i), update()) }, 'Reject'),
            ),
            hunkBlock(hunk.lines),
          );
        }),
      );
      const resultText = decode(result);
      resultBox.textContent = resultText;
      showMerge(resultText, decode(latest));
    } catch (error) {
      hunkList.replaceChildren(h('p.error', null, String(/** @type {Error} */ (error).message)));
    }
  }

  /** CodeMirror's merge view: the result so far against the latest release. @param {string} a @param {string} b */
  function showMerge(a, b) {
    const readOnly = [lineNumbers(), EditorView.editable.of(false), EditorState.readOnly.of(true), EditorView.lineWrapping];
    mergeView?.destroy();
    mergeView = new MergeView({
      a: { doc: a, extensions: readOnly },
      b: { doc: b, extensions: readOnly },
      parent: mergeParent,
      gutter: true,
      highlightChanges: true,
    });
  }

  loadSample();
  return {
    open(file) {
      context = file;
      pathInput.value = file.path;
      classSelect.value = file.fileClass;
      pathInput.disabled = true;
      classSelect.disabled = true;
      const entry = file.input.files?.find((f) => f.path === file.path);
      setSide('baseline', entry?.baseline?.bytes ?? null);
      setSide('current', entry?.current?.bytes ?? null);
      setSide('latest', entry?.latest?.bytes ?? null);
      contextLine.replaceChildren(
        'In the context of the release plan ',
        h('strong', null, `${file.input.from} → ${file.input.to}`),
        ' (edit any side: the verdict is re-planned with the rest of the release unchanged). ',
        h('button.link', { onclick: () => loadSample() }, 'Leave the release'),
      );
      update(true);
      window.scrollTo(0, 0);
    },
  };
}

/** A side of the update input from page text. @param {Uint8Array | null} bytes */
function sideInput(bytes) {
  return bytes === null ? null : { bytes };
}
