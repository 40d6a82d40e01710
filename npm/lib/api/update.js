// `update` and `status` as functions: the options the command line takes (camelCased),
// checked; the update flow; the report `upkeep update --json` / `upkeep status --json`
// prints. The command line calls `runUpdate` and prints; tools call `update` / `status`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { update as updateFlow } from '../flows/update.js';
import { atomicWrite } from '../shim/atomic-write.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { against, ask, checkOptions, stopRequestedBy, underSignal } from './options.js';

/** @type {Record<string, import('./options.js').OptionRule>} */
const STATUS_OPTIONS = {
  root: { type: 'string' },
  baseline: { type: 'string' },
  latest: { type: 'string' },
  to: { type: 'string' },
  pre: { type: 'boolean' },
  allowDrift: { type: 'boolean' },
  stateDir: { type: 'string' },
  conflicts: { type: 'string' },
  ignoreEol: { type: 'boolean' },
};

/** @type {Record<string, import('./options.js').OptionRule>} */
const UPDATE_OPTIONS = {
  ...STATUS_OPTIONS,
  yes: { type: 'boolean' },
  dryRun: { type: 'boolean' },
  allowDirty: { type: 'boolean' },
  pr: { type: 'string' },
  decide: { type: 'decide' },
};

const CONFLICT_MODES = ['patch', 'merge', 'markers'];

/**
 * @typedef {object} UpdateRun
 * @property {import('../index.js').StatusResult} document the report, as `--json` prints it
 * @property {import('../flows/update.js').UpdateOutcome} outcome what the flow returned (for the summary and the exit code)
 * @property {import('../index.js').UpdateReport} report the plan's report (empty when no plan was made)
 * @property {import('../index.js').PrPayload | null} payload the change request written (`pr`), if any
 */

/**
 * Runs the update (or, with `readOnly`, the status check) for the command line and the API.
 * @param {unknown} options see `UpdateFlowOptions` in index.d.ts
 * @param {{ readOnly?: boolean }} [mode]
 * @returns {Promise<UpdateRun>}
 */
export async function runUpdate(options, { readOnly = false } = {}) {
  const name = readOnly ? 'status' : 'update';
  const o = checkOptions(name, options, readOnly ? STATUS_OPTIONS : UPDATE_OPTIONS);
  // Checked here, defaulted by the flow.
  if (o.conflicts !== undefined && !CONFLICT_MODES.includes(o.conflicts)) {
    throw new UpkeepError('usage', `--conflicts must be patch, merge or markers, not '${o.conflicts}'`);
  }
  const root = against(o.cwd, o.root) ?? o.cwd ?? process.cwd();
  const outcome = await underSignal(o.signal, () =>
    updateFlow({
      root,
      cwd: o.cwd,
      baseline: o.baseline,
      latest: o.latest,
      to: o.to,
      pre: o.pre,
      allowDrift: o.allowDrift,
      stateDir: o.stateDir,
      conflicts: o.conflicts,
      ignoreEol: o.ignoreEol,
      allowDirty: o.allowDirty,
      dryRun: readOnly || o.dryRun,
      stopRequested: stopRequestedBy(o.signal),
      onProgress: o.onProgress,
      confirm: async (changelog, check) => {
        if (o.yes) return true;
        const question = engine.updateQuestion(check.installed, check.latest, changelog);
        const answer = await ask(o.decide, question, o.signal);
        if (answer === undefined && typeof o.decide !== 'function') return true;
        if (typeof answer !== 'boolean') {
          throw new UpkeepError(
            'usage',
            `update: decide answered the question 'update' with ${JSON.stringify(answer) ?? 'undefined'}; it takes true or false`,
          );
        }
        return answer;
      },
    }),
  );
  const { check, plan } = outcome;
  const report = plan?.report ?? emptyReport(check.installed, check.latest);
  const payload =
    o.pr !== undefined && plan ? writePayload(/** @type {string} */ (against(o.cwd, o.pr)), outcome, report, o.stateDir) : null;
  return { document: updateDocument(outcome, report, payload, readOnly), outcome, report, payload };
}

/**
 * The report `--json` prints: the status, the plan's report, for `status` the files
 * either side changed, and what happened around it.
 * @param {import('../flows/update.js').UpdateOutcome} outcome
 * @param {import('../index.js').UpdateReport} report
 * @param {import('../index.js').PrPayload | null} payload @param {boolean} readOnly
 */
function updateDocument(outcome, report, payload, readOnly) {
  const { plan } = outcome;
  const extra = readOnly && plan ? { files: plan.files.filter((f) => f.localChange || f.upstreamChange) } : {};
  // A run that wrote and then stopped or was blocked says why, as every failed command does.
  const blocked = report.run?.blocked;
  const error =
    outcome.status === 'interrupted'
      ? { error: { code: 'interrupted', message: INTERRUPTED } }
      : outcome.status === 'failed' && blocked
        ? { error: { code: blocked.code, message: blocked.message } }
        : {};
  return {
    status: outcome.status,
    ...report,
    ...extra,
    ...(payload ? { pr: payload } : {}),
    resumed: outcome.resumed,
    leftoverPatches: outcome.leftoverPatches,
    notices: outcome.notices,
    releases: outcome.releases,
    ...error,
  };
}

const INTERRUPTED = 'update interrupted before it finished; run it again to resume where it stopped';

/**
 * Writes the change request the engine builds from the report into `dir` (each file
 * atomically; the folder is created), and returns it.
 * @param {string} dir
 * @param {import('../flows/update.js').UpdateOutcome} outcome
 * @param {import('../index.js').UpdateReport} report
 * @param {string | undefined} stateDir
 */
function writePayload(dir, outcome, report, stateDir) {
  const payload = engine.prPayload({
    report,
    source: outcome.source ?? outcome.releases.latest.spec,
    changelog: outcome.changelog,
    stateDir,
  });
  mkdirSync(dir, { recursive: true });
  for (const file of engine.prPayloadFiles(payload)) atomicWrite(join(dir, file.name), Buffer.from(file.text, 'utf8'));
  return payload;
}

/** @param {string} from @param {string} to @returns {import('../index.js').UpdateReport} */
function emptyReport(from, to) {
  return {
    from,
    to,
    overwrite: [],
    merge: [],
    add: [],
    removed: [],
    skip: [],
    delete: [],
    conflicts: [],
    backupDir: null,
    adopterActions: [],
  };
}

/**
 * Brings a project scaffolded from a template up to a new release: `upkeep update --json`.
 * @param {import('../index.js').UpdateFlowOptions} [options]
 */
export async function update(options) {
  const { document } = await runUpdate(options);
  // Stopped after it wrote: rejected like a stop before writing, with what it did attached.
  if (document.status === 'interrupted') throw Object.assign(new UpkeepError('interrupted', INTERRUPTED), { report: document });
  return document;
}

/**
 * Read-only: what the project changed and what the next release would change: `upkeep status --json`.
 * @param {import('../index.js').StatusFlowOptions} [options]
 */
export async function status(options) {
  return (await runUpdate(options, { readOnly: true })).document;
}
