// `install` and `refresh` as functions: the options the command line takes (camelCased),
// checked; the flow; the run report `upkeep install --json` / `upkeep refresh --json`
// prints. The files refresh cannot decide alone are questions for `decide`, the same ones
// the command line asks on a terminal.
import { runInstall } from '../flows/install.js';
import { runRefresh } from '../flows/refresh.js';
import { against, ask, checkOptions, stopRequestedBy, underSignal } from './options.js';

/** @type {Record<string, import('./options.js').OptionRule>} */
const INSTALL_OPTIONS = {
  source: { type: 'string' },
  target: { type: 'string' },
  manifest: { type: 'string' },
  force: { type: 'boolean' },
  dryRun: { type: 'boolean' },
};

/** @type {Record<string, import('./options.js').OptionRule>} */
const REFRESH_OPTIONS = {
  source: { type: 'string' },
  target: { type: 'string' },
  manifest: { type: 'string' },
  auto: { type: 'choice', flag: '--auto <decision>', choices: ['take-theirs', 'keep-mine'] },
  hostDeleted: { type: 'choice', flag: '--host-deleted <decision>', choices: ['restore', 'forget'] },
  sourceDeleted: { type: 'choice', flag: '--source-deleted <decision>', choices: ['remove', 'keep'] },
  confirm: { type: 'strings' },
  dryRun: { type: 'boolean' },
  decide: { type: 'decide' },
};

const REQUIRED = /** @type {const} */ (['source', 'target']);

/** What may be decided about a file in each state, in the words a prompt offers. */
/** @type {Record<string, { name: string, value: import('../index.js').RefreshDecision }[]>} */
const CHOICES = {
  'locally-modified': [
    { name: 'keep mine (record my version as the baseline)', value: 'keep-mine' },
    { name: 'take theirs (back mine up, replace it)', value: 'take-theirs' },
    { name: 'merge by hand (show the diff, write nothing)', value: 'merge' },
  ],
  'host-deleted': [
    { name: 'restore it', value: 'restore' },
    { name: 'forget it (drop it from the record)', value: 'forget' },
  ],
  'source-deleted': [
    { name: 'remove it (backed up)', value: 'remove' },
    { name: 'keep it as mine (drop it from the record)', value: 'keep' },
  ],
};

/** What a state reads as in a question. */
const STATES = /** @type {Record<string, string>} */ ({
  'locally-modified': 'changed here and in the source',
  'host-deleted': 'deleted here, still in the source',
  'source-deleted': 'dropped by the source, still here',
});

/**
 * Copies the files a source manifest lists into a host repository and records their
 * hashes: `upkeep install --json`.
 * @param {import('../index.js').InstallFlowOptions} options
 * @returns {Promise<import('../index.js').RunReport>}
 */
export async function install(options) {
  const o = checkOptions('install', options, INSTALL_OPTIONS, REQUIRED);
  return underSignal(o.signal, () =>
    runInstall({
      source: /** @type {string} */ (against(o.cwd, o.source)),
      target: /** @type {string} */ (against(o.cwd, o.target)),
      manifest: against(o.cwd, o.manifest),
      force: o.force,
      dryRun: o.dryRun,
      stopRequested: stopRequestedBy(o.signal),
      onProgress: o.onProgress,
    }),
  );
}

/**
 * Brings installed files up to date without clobbering local edits: `upkeep refresh --json`.
 * The files changed on both sides (deleted here, dropped by the source) are put to
 * `decide`; without an answer they stay pending, as in a run with no terminal.
 * @param {import('../index.js').RefreshFlowOptions} options
 * @returns {Promise<import('../index.js').RunReport>}
 */
export async function refresh(options) {
  const o = checkOptions('refresh', options, REFRESH_OPTIONS, REQUIRED);
  /** @param {import('../index.js').PlannedFile[]} files */
  const decisions = async (files) => {
    const answers = [];
    for (const file of files) {
      const question = {
        kind: 'refresh',
        id: file.target,
        message: `${file.target} (${STATES[file.state] ?? file.state}):`,
        target: file.target,
        state: file.state,
        choices: CHOICES[file.state] ?? [],
      };
      const decision = await ask(o.decide, /** @type {any} */ (question), o.signal);
      if (decision !== undefined && decision !== null) answers.push({ target: file.target, decision: /** @type {any} */ (decision) });
    }
    return answers;
  };
  return underSignal(o.signal, () =>
    runRefresh({
      source: /** @type {string} */ (against(o.cwd, o.source)),
      target: /** @type {string} */ (against(o.cwd, o.target)),
      manifest: against(o.cwd, o.manifest),
      auto: o.auto,
      hostDeleted: o.hostDeleted,
      sourceDeleted: o.sourceDeleted,
      confirm: o.confirm,
      dryRun: o.dryRun,
      ask: o.decide === undefined ? undefined : decisions,
      stopRequested: stopRequestedBy(o.signal),
      onProgress: o.onProgress,
    }),
  );
}
