// `install` and `refresh` as functions: the options the command line takes (camelCased),
// checked; the flow; the run report `upkeep install --json` / `upkeep refresh --json`
// prints. The files refresh cannot decide alone are questions for `decide`, the same ones
// the command line asks on a terminal.
import { engine } from '../engine.js';
import { BULK_DECISIONS } from '../generated/defaults.js';
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
  auto: { type: 'choice', flag: '--auto <decision>', choices: BULK_DECISIONS.auto },
  hostDeleted: { type: 'choice', flag: '--host-deleted <decision>', choices: BULK_DECISIONS.hostDeleted },
  sourceDeleted: { type: 'choice', flag: '--source-deleted <decision>', choices: BULK_DECISIONS.sourceDeleted },
  confirm: { type: 'strings' },
  dryRun: { type: 'boolean' },
  decide: { type: 'decide' },
};

const REQUIRED = /** @type {const} */ (['source', 'target']);

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
      const question = engine.refreshQuestion(file.target, file.state);
      const decision = await ask(o.decide, question, o.signal);
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
