// `newProject` (`upkeep new`; `new` is a reserved word) and `adopt` as functions: the
// options the command line takes (camelCased), checked; the flow; the report `--json`
// prints. The command line calls `runNew` / `runAdopt` and prints.
import { engine } from '../engine.js';
import { adopt as adoptFlow } from '../flows/adopt.js';
import { newProject as newFlow } from '../flows/new.js';
import { against, checkOptions, stopRequestedBy, underSignal } from './options.js';

/** @type {Record<string, import('./options.js').OptionRule>} */
const NEW_OPTIONS = {
  spec: { type: 'string' },
  target: { type: 'string' },
  force: { type: 'boolean' },
  git: { type: 'boolean' },
  pre: { type: 'boolean' },
  stateDir: { type: 'string' },
};

/** @type {Record<string, import('./options.js').OptionRule>} */
const ADOPT_OPTIONS = {
  spec: { type: 'string' },
  root: { type: 'string' },
  force: { type: 'boolean' },
  stateDir: { type: 'string' },
};

/**
 * Scaffolds a project, for the command line and the API.
 * @param {unknown} options see `NewProjectFlowOptions` in index.d.ts
 */
export async function runNew(options) {
  const o = checkOptions('newProject', options, NEW_OPTIONS, ['spec', 'target']);
  const outcome = await underSignal(o.signal, () =>
    newFlow({
      spec: o.spec,
      target: /** @type {string} */ (against(o.cwd, o.target)),
      cwd: o.cwd,
      force: o.force,
      git: o.git,
      pre: o.pre,
      stateDir: o.stateDir,
      stopRequested: stopRequestedBy(o.signal),
      onProgress: o.onProgress,
    }),
  );
  const document = engine.newDocument({
    status: outcome.status,
    report: outcome.report,
    notices: outcome.notices,
    release: outcome.release,
    git: outcome.git,
  });
  return { document, outcome };
}

/**
 * Records the release a project was made from, for the command line and the API.
 * @param {unknown} options see `AdoptFlowOptions` in index.d.ts
 */
export async function runAdopt(options) {
  const o = checkOptions('adopt', options, ADOPT_OPTIONS, ['spec']);
  const outcome = await underSignal(o.signal, () =>
    adoptFlow({
      spec: o.spec,
      root: against(o.cwd, o.root) ?? o.cwd,
      cwd: o.cwd,
      force: o.force,
      stateDir: o.stateDir,
      stopRequested: stopRequestedBy(o.signal),
      onProgress: o.onProgress,
    }),
  );
  const document = engine.adoptDocument({
    status: outcome.status,
    report: outcome.report,
    notices: outcome.notices,
    release: outcome.release,
  });
  return { document, outcome };
}

/**
 * Scaffolds a project from a release and records where it came from: `upkeep new --json`.
 * @param {import('../index.js').NewProjectFlowOptions} options
 */
export async function newProject(options) {
  return /** @type {import('../index.js').NewProjectResult} */ ((await runNew(options)).document);
}

/**
 * Records the release a project was made from, after checking the project against it:
 * `upkeep adopt --json`.
 * @param {import('../index.js').AdoptFlowOptions} options
 */
export async function adopt(options) {
  return /** @type {import('../index.js').AdoptResult} */ ((await runAdopt(options)).document);
}
