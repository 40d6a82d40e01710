// The risk view: `git diff --numstat` output scored by the engine's `assess` (declared risk,
// actual risk, decision under a preset), with each file matched against the write set,
// contracts and ignored deletions by the engine's `GlobSet`.
import * as upkeep from 'upkeep';
import { h } from './dom.js';

const SAMPLE_NUMSTAT = [
  '12\t3\tsrc/orders.js',
  '40\t0\tsrc/health.js',
  '2\t2\tpackage.json',
  '0\t35\tdocs/setup.md',
  '5\t1\tapi/openapi.yaml',
  '',
].join('\n');

/** @param {HTMLElement} root */
export function mountRiskView(root) {
  const constants = upkeep.scoreConstants();
  const numstat = /** @type {HTMLTextAreaElement} */ (h('textarea.numstat', { spellcheck: false, 'data-testid': 'risk-numstat', rows: 8 }));
  numstat.value = SAMPLE_NUMSTAT;
  const preset = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      { 'data-testid': 'risk-preset' },
      ...upkeep.presetChoices().choices.map((choice) => h('option', { value: choice.value, selected: choice.default }, choice.label)),
    )
  );
  const actions = /** @type {HTMLInputElement} */ (
    h('input', { type: 'text', 'data-testid': 'risk-actions', placeholder: 'e.g. logic,new-file', value: 'logic' })
  );
  const globs = (/** @type {string} */ testid, /** @type {string} */ value) =>
    /** @type {HTMLTextAreaElement} */ (h('textarea.globs', { spellcheck: false, 'data-testid': testid, rows: 4, value }));
  const writeSet = globs('risk-write-set', 'src/**\npackage.json');
  const contracts = globs('risk-contracts', 'api/**');
  const ignored = globs('risk-ignore-deletions', '');
  const out = h('div.risk-out', { 'data-testid': 'risk-result' });

  const lines = (/** @type {HTMLTextAreaElement} */ area) =>
    area.value
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);

  function run() {
    try {
      const files = upkeep.parseNumstat(numstat.value);
      const options = {
        actions: upkeep.parseActions(actions.value),
        preset: preset.value,
        writeSet: lines(writeSet),
        contracts: lines(contracts),
        ignoreDeletions: lines(ignored),
      };
      const view = upkeep.assessView(files, options);
      const verdict = view.report;
      const warnings = view.lines.filter((l) => l.tone === 'warning').map((l) => l.text);
      // Per file, the engine's own answers to the three rules the score escalates on.
      const perFile = upkeep.riskFiles(files, {
        writeSet: options.writeSet,
        contracts: options.contracts,
        ignoreDeletions: options.ignoreDeletions,
      });
      out.replaceChildren(
        h(
          'div.cards',
          null,
          h(
            'div.card.score',
            null,
            h('div.eyebrow', null, 'Score'),
            h('div.big', { 'data-testid': 'risk-score' }, String(verdict.score)),
            h('div.muted', null, `declared ${verdict.declared}`),
          ),
          h(
            'div.card',
            null,
            h('div.eyebrow', null, 'Decision'),
            h(`div.big.decision-${verdict.decision}`, { 'data-testid': 'risk-decision' }, verdict.decision),
            h('div.muted', { 'data-testid': 'risk-thresholds' }, view.presetLine),
          ),
          h(
            'div.card.reasons',
            null,
            h('div.eyebrow', null, 'Reasons'),
            view.reasonsNone === null
              ? h('ul', { 'data-testid': 'risk-reasons' }, ...verdict.reasons.map((r) => h('li', null, r)))
              : h('p.muted', { 'data-testid': 'risk-reasons' }, view.reasonsNone),
            warnings.length ? h('ul.warnings', { 'data-testid': 'risk-warnings' }, ...warnings.map((w) => h('li', null, w))) : null,
          ),
        ),
        h(
          'div.panel',
          null,
          h('p.steps', { 'data-testid': 'risk-steps' }, view.steps),
          h(
            'table.plan.risk-files',
            { 'data-testid': 'risk-files' },
            h(
              'thead',
              null,
              h(
                'tr',
                null,
                h('th', null, 'File'),
                h('th.num', null, 'Added'),
                h('th.num', null, 'Deleted'),
                h('th', null, 'Write set'),
                h('th', null, 'Contract'),
                h('th', null, 'Deletions ignored'),
              ),
            ),
            h(
              'tbody',
              null,
              ...files.map((f, i) =>
                h(
                  `tr${perFile[i].inWriteSet ? '' : '.outside'}${perFile[i].contract ? '.contract' : ''}`,
                  { 'data-file': f.file },
                  h('td.path', null, f.file),
                  h('td.num', null, String(f.added)),
                  h('td.num', null, String(f.deleted)),
                  h('td', null, perFile[i].inWriteSet ? h('span.pill.ok', null, 'inside') : h('span.pill.bad', null, 'outside')),
                  h('td', null, perFile[i].contract ? h('span.pill.warn', null, 'contract') : ''),
                  h('td', null, perFile[i].deletionsIgnored ? h('span.pill', null, 'ignored') : ''),
                ),
              ),
            ),
          ),
        ),
      );
    } catch (error) {
      out.replaceChildren(h('p.error', { 'data-testid': 'risk-error' }, String(/** @type {Error} */ (error).message ?? error)));
    }
  }

  root.append(
    h(
      'div.intro',
      null,
      h('h1', null, 'How risky is this diff?'),
      h(
        'p',
        null,
        'Paste ',
        h('code', null, 'git diff --numstat'),
        ' output. The declared risk is raised by what the diff shows: files outside the write set, ',
        `more than ${constants.deletionLines} deleted lines, contract files. Same engine call as `,
        h('code', null, 'upkeep score'),
        '.',
      ),
    ),
    h(
      'div.risk-form',
      null,
      h('label.wide', null, h('span', null, 'git diff --numstat'), numstat),
      h(
        'div.risk-options',
        null,
        h('label', null, h('span', null, 'Preset'), preset),
        h('label', null, h('span', null, 'Declared actions (comma-separated)'), actions),
        h('label', null, h('span', null, 'Write set (one glob per line)'), writeSet),
        h('label', null, h('span', null, 'Contracts'), contracts),
        h('label', null, h('span', null, 'Ignored deletions'), ignored),
        h('button.primary', { onclick: run, 'data-testid': 'risk-run' }, 'Score'),
      ),
    ),
    out,
  );
  for (const input of [numstat, preset, actions, writeSet, contracts, ignored]) input.addEventListener('input', run);
  run();
}
