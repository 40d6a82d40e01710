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

/**
 * @typedef {object} UpdateRun
 * @property {() => import('../index.js').StatusResult} document the report, as `--json` prints it (the engine's,
 *   built when asked: only `--json` and the API need it)
 * @property {import('../flows/update.js').UpdateOutcome} outcome what the flow returned (its session gives the
 *   summary and the exit code)
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
  // Checked here (the engine's refusal), defaulted by the flow.
  /** @type {import('../index.js').Refusal | null} */
  const refusal = o.conflicts === undefined ? null : engine.conflictsRefusal(o.conflicts);
  if (refusal) throw UpkeepError.from(refusal);
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
        /** @type {import('../index.js').AnswerSeen} which JavaScript value came back */
        const seen =
          answer === undefined
            ? { kind: 'none' }
            : typeof answer === 'boolean'
              ? { kind: 'boolean', value: answer }
              : { kind: 'other', shown: JSON.stringify(answer) ?? 'undefined' };
        const { proceed, refusal } = engine.updateAnswer(typeof o.decide === 'function' ? 'callback' : 'answers', seen);
        if (refusal) throw UpkeepError.from(refusal);
        return proceed;
      },
    }),
  );
  const { session } = outcome;
  // The change request is written for the endings the engine says have an update to propose.
  const payload =
    o.pr !== undefined && session && engine.writesChangeRequest(outcome.status)
      ? writePayload(/** @type {string} */ (against(o.cwd, o.pr)), outcome, session, o.stateDir)
      : null;
  /** @type {import('../index.js').DocumentFacts} */
  const facts = {
    status: outcome.status,
    check: outcome.check,
    readOnly,
    pr: payload,
    resumed: outcome.resumed,
    leftoverPatches: outcome.leftoverPatches,
    notices: outcome.notices,
    releases: outcome.releases,
  };
  const document = () => (session ? session.document(facts) : engine.updateDocument(facts));
  return { document, outcome, payload };
}

/**
 * Writes the change request the engine builds from the plan's report into `dir` (each
 * file atomically; the folder is created), and returns it.
 * @param {string} dir
 * @param {import('../flows/update.js').UpdateOutcome} outcome
 * @param {import('../index.js').UpdateSession} session
 * @param {string | undefined} stateDir
 */
function writePayload(dir, outcome, session, stateDir) {
  const payload = session.prPayload({
    source: outcome.source,
    latestSpec: outcome.releases.latest.spec,
    changelog: outcome.changelog,
    stateDir,
  });
  mkdirSync(dir, { recursive: true });
  for (const file of engine.prPayloadFiles(payload)) atomicWrite(join(dir, file.name), Buffer.from(file.text, 'utf8'));
  return payload;
}

/**
 * Brings a project scaffolded from a template up to a new release: `upkeep update --json`.
 * @param {import('../index.js').UpdateFlowOptions} [options]
 */
export async function update(options) {
  const document = (await runUpdate(options)).document();
  // Stopped after it wrote (the engine's word): rejected like a stop before writing, with what it did attached.
  /** @type {import('../index.js').DocumentError | null} */
  const stopped = engine.updateStop(document.status);
  if (stopped) throw Object.assign(new UpkeepError(stopped.code, stopped.message), { report: document });
  return document;
}

/**
 * Read-only: what the project changed and what the next release would change: `upkeep status --json`.
 * @param {import('../index.js').StatusFlowOptions} [options]
 */
export async function status(options) {
  return (await runUpdate(options, { readOnly: true })).document();
}
