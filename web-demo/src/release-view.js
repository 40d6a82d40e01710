// The whole-release view: the update plan of three trees (the bundled example, or three
// picked folders) as a table, a bar chart of the report's buckets, and the patches the
// update would write. Nothing is written anywhere. The words about the plan (its headline,
// what needs the person, what each write is) are the engine's `planOverview`.
import * as upkeep from 'upkeep';
import { BUCKETS, overviewOf, planRelease } from './plan.js';
import { decode, diffBlock, h, svg } from './dom.js';
import { example, treeFromDrop, treeFromFileList } from './trees.js';

/** What each bucket means, for the legend and tooltips (the engine's words). */
const BUCKET_HELP = Object.fromEntries(upkeep.REPORT_BUCKETS.map((b) => [b.bucket, b.help]));

/**
 * @typedef {object} OpenFile what the three-way view opens
 * @property {string} path
 * @property {import('upkeep').FileClass} fileClass
 * @property {import('upkeep').UpdateInput} input the whole release's update input, for the verdict in context
 */

/**
 * @param {HTMLElement} root
 * @param {(file: OpenFile) => void} openFile
 */
export function mountReleaseView(root, openFile) {
  /** @type {import('./plan.js').Release & { label: string }} */
  let release = example;
  /** The `--conflicts` mode planned with: the engine's default until another is chosen. */
  let conflicts = /** @type {'patch' | 'merge' | 'markers'} */ (upkeep.DEFAULT_CONFLICTS);
  /** @type {import('upkeep').UpdatePaths} upkeep's own files in a project or a release (the engine's names), for the hint */
  const statePaths = upkeep.updatePaths();
  const body = h('div.release-body');

  /** @type {Record<string, HTMLInputElement>} */
  const pickers = {};
  /** Folders dropped on a picker, which win over its file input. @type {Record<string, import('./trees.js').Tree>} */
  const dropped = {};
  const pick = (/** @type {string} */ side, /** @type {string} */ label) => {
    const note = h('span.muted');
    const input = /** @type {HTMLInputElement} */ (
      h('input', {
        type: 'file',
        webkitdirectory: true,
        multiple: true,
        'data-testid': `pick-${side}`,
        onchange: () => (delete dropped[side], (note.textContent = '')),
      })
    );
    pickers[side] = input;
    const zone = h('label.picker', null, h('span', null, label), input, note);
    zone.addEventListener('dragover', (e) => (e.preventDefault(), zone.classList.add('over')));
    zone.addEventListener('dragleave', () => zone.classList.remove('over'));
    zone.addEventListener('drop', async (e) => {
      e.preventDefault();
      zone.classList.remove('over');
      const item = e.dataTransfer?.items[0];
      const tree = item ? await treeFromDrop(item) : null;
      if (!tree) return showError(new Error(upkeep.usageRefusal({ kind: 'not-a-folder-dropped', label }).message));
      dropped[side] = tree;
      note.textContent = `dropped: ${upkeep.counted(tree.size, 'file', 'files')}`;
    });
    return zone;
  };
  /** Each mode and what it does (the engine's words); the engine's default is marked and chosen first. */
  const mode = h(
    'select',
    { 'data-testid': 'conflict-mode', onchange: (/** @type {Event} */ e) => ((conflicts = /** @type {any} */ (e.target).value), render()) },
    ...upkeep.conflictChoices().map((choice) => h('option', { value: choice.value, selected: choice.default }, choice.label)),
  );
  const planOwn = async () => {
    try {
      const [baseline, latest, project] = await Promise.all(
        ['baseline', 'latest', 'project'].map(async (side) => {
          if (dropped[side]) return dropped[side];
          const files = pickers[side].files;
          if (!files || files.length === 0) throw new Error(upkeep.usageRefusal({ kind: 'no-folder-picked', side }).message);
          return treeFromFileList(files);
        }),
      );
      release = { label: 'your folders', baseline, latest, project };
      render();
    } catch (error) {
      showError(error);
    }
  };

  root.append(
    h(
      'div.intro',
      null,
      h('h1', null, 'What would ', h('code', null, 'upkeep update'), ' do?'),
      h(
        'p',
        null,
        'A project was scaffolded from a template release and then edited. A new release is out. ',
        'upkeep compares three trees — the release the project came from, the latest release, and the project — ',
        'and decides per file: overwrite, add, remove, merge three-way (conflict markers where both sides changed the same lines), or hand you a patch. Click a file to see its three versions.',
      ),
    ),
    h(
      'details.own',
      null,
      h('summary', null, 'Plan your own folders'),
      h(
        'div.pickers',
        null,
        pick('baseline', 'Baseline release (installed from)'),
        pick('latest', 'Latest release'),
        pick('project', 'Your project'),
        h(
          'div.picker-actions',
          null,
          h('button.primary', { onclick: planOwn, 'data-testid': 'plan-own' }, 'Plan these folders'),
          h('button', { onclick: () => ((release = example), render()) }, 'Back to the example'),
        ),
      ),
      h(
        'p.hint',
        null,
        'Pick or drop a folder on each box. Each must hold its ',
        h('code', null, statePaths.version),
        '; a release without its own ',
        h('code', null, statePaths.manifest),
        ' is read with upkeep’s default one, as ',
        h('code', null, 'upkeep update'),
        ' reads it. Files are read in the page and never leave it.',
      ),
    ),
    h('div.options', null, h('label', null, 'Conflicts ', mode)),
    body,
  );

  function showError(/** @type {unknown} */ error) {
    body.replaceChildren(h('p.error', { 'data-testid': 'release-error' }, error instanceof Error ? error.message : String(error)));
  }

  function render() {
    let result;
    try {
      result = planRelease(release, { conflicts });
    } catch (error) {
      showError(error);
      return;
    }
    const { plan, check } = result;
    if (!plan) {
      body.replaceChildren(
        h('p.notice', { 'data-testid': 'release-status' }, upkeep.nothingToPlan(check.status, check.installed, check.latest)),
      );
      return;
    }
    const { report } = plan;
    const overview = overviewOf(plan);
    /** How each need's count is drawn. */
    const PILLS = { conflicts: 'span.pill.bucket-conflicts', delete: 'span.pill.bucket-delete', 'adopter-actions': 'span.pill' };
    body.replaceChildren(
      h(
        'div.cards',
        null,
        h(
          'div.card.summary',
          null,
          h('div.eyebrow', null, release.label),
          h('div.versions', { 'data-testid': 'versions' }, report.from, h('span.arrow', null, ' → '), report.to),
          h('div.muted', null, overview.headline),
          h(
            'ul.needs',
            null,
            ...overview.needs.map((need) =>
              h(
                'li',
                need.kind === 'conflicts' ? { 'data-testid': 'conflict-count' } : null,
                h(PILLS[/** @type {keyof typeof PILLS} */ (need.kind)], null, String(need.count)),
                need.text,
              ),
            ),
          ),
        ),
        h('div.card.chart', null, h('div.eyebrow', null, 'Files per bucket'), chart(report)),
      ),
      h(
        'div.grid',
        null,
        h(
          'div.panel',
          null,
          h('h2', null, 'Plan ', h('span.muted', null, 'click a file for its three versions')),
          table(plan, overview, result.input),
          h('h2.spaced', null, 'Engine summary ', h('span.muted', null, 'what upkeep update --dry-run prints')),
          h('pre.summary-text', { 'data-testid': 'plan-summary' }, plan.summary),
        ),
        h(
          'div.panel',
          null,
          h('h2', null, 'Files it would write'),
          patches(plan, overview),
          h('h2', null, 'Release notes in range'),
          changelog(overview),
        ),
      ),
    );
  }

  /** @param {import('upkeep').UpdateReport} report */
  function chart(report) {
    const rowHeight = 26;
    const width = 460;
    const labelWidth = 92;
    const max = Math.max(1, ...BUCKETS.map((b) => report[b].length));
    const chartSvg = svg('svg', {
      viewBox: `0 0 ${width} ${BUCKETS.length * rowHeight}`,
      class: 'bars',
      role: 'img',
      'aria-label': 'files per bucket',
    });
    BUCKETS.forEach((bucket, i) => {
      const count = report[bucket].length;
      const y = i * rowHeight;
      const barWidth = ((width - labelWidth - 40) * count) / max;
      chartSvg.append(
        svg(
          'g',
          { 'data-bucket': bucket, 'data-count': count, class: `bar bucket-${bucket}` },
          svg('title', {}, `${bucket}: ${count} — ${BUCKET_HELP[bucket]}`),
          svg('text', { x: labelWidth - 8, y: y + 17, 'text-anchor': 'end', class: 'label' }, bucket),
          svg('rect', { x: labelWidth, y: y + 5, width: Math.max(barWidth, count ? 4 : 1.5), height: rowHeight - 10, rx: 3 }),
          svg('text', { x: labelWidth + Math.max(barWidth, 1.5) + 6, y: y + 17, class: 'count' }, String(count)),
        ),
      );
    });
    return h('div', { 'data-testid': 'bucket-chart' }, chartSvg);
  }

  /**
   * @param {import('upkeep').UpdatePlan} plan
   * @param {import('upkeep').PlanOverview} overview its rows are the plan's files, in order
   * @param {import('upkeep').UpdateInput} input
   */
  function table(plan, overview, input) {
    const rows = plan.files.map((file, i) => {
      const { buckets, conflict } = overview.files[i];
      return h(
        'tr.clickable',
        {
          'data-path': file.path,
          tabindex: 0,
          title: 'open in the three-way view',
          onclick: () => openFile({ path: file.path, fileClass: file.class, input }),
          onkeydown: (/** @type {KeyboardEvent} */ e) => e.key === 'Enter' && openFile({ path: file.path, fileClass: file.class, input }),
        },
        h('td.path', null, file.path),
        h('td', null, h(`span.class.class-${file.class}`, null, file.class)),
        h('td', null, file.row ? h(`span.row.row-${file.row}`, null, file.row) : h('span.muted', null, '—')),
        h('td', null, ...buckets.map((b) => h(`span.pill.bucket-${b}`, { title: BUCKET_HELP[b] }, b))),
        h('td', { 'data-testid': 'outcome' }, h(`span.outcome${conflict ? '.outcome-conflict' : ''}`, null, file.outcome)),
        h(
          'td.flags',
          null,
          file.localChange ? h('span.flag', { title: 'changed in the project' }, 'local') : null,
          file.upstreamChange ? h('span.flag.up', { title: 'changed by the release' }, 'upstream') : null,
        ),
      );
    });
    return h(
      'table.plan',
      { 'data-testid': 'plan-table' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', null, 'Path'),
          h('th', null, 'Class'),
          h('th', null, 'Table row'),
          h('th', null, 'Bucket'),
          h('th', null, 'Outcome'),
          h('th', null, 'Changed'),
        ),
      ),
      h('tbody', null, ...rows),
    );
  }

  /**
   * The files the update would write (merged files and patches), each as the engine's
   * overview names it and says to show it; the bytes are the plan's action's.
   * @param {import('upkeep').UpdatePlan} plan @param {import('upkeep').PlanOverview} overview
   */
  function patches(plan, overview) {
    if (overview.writesNone !== null) return h('p.muted', null, overview.writesNone);
    return h(
      'div',
      { 'data-testid': 'patches' },
      ...overview.writes.map((write) => {
        const action = /** @type {{ bytes: Uint8Array }} */ (plan.actions[write.index]);
        const text = write.sizeLine ?? decode(action.bytes);
        return h(
          'details.patch',
          { open: true, 'data-path': write.at },
          h('summary', null, h('code', null, write.at), h('span.muted', null, write.what)),
          write.show === 'diff' ? diffBlock(text) : h('pre.code', null, text),
        );
      }),
    );
  }

  /** The CHANGELOG range, as the engine's overview lists it. @param {import('upkeep').PlanOverview} overview */
  function changelog(overview) {
    if (overview.changelogNone !== null) return h('p.muted', null, overview.changelogNone);
    return h(
      'div.changelog',
      null,
      ...overview.changelog.map((s) => h('div', null, h('strong', null, s.title), h('pre.code', null, s.body))),
    );
  }

  render();
}
