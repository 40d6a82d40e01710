// Builds the engine's update input from in-memory trees, the way `npm/lib/flows/update.js`
// builds it from disk for `upkeep update --dry-run`, and asks the engine for the plan.
// Reading only: no decision is made here, every verdict is `planUpdate`'s, and what a view
// of the plan shows (its headline, what needs the person, each write) is `planOverview`'s.
import * as upkeep from 'upkeep';
import { side, text } from './trees.js';

/** The state folder, the engine's default (as `upkeep update` has it without `--state-dir`). */
const STATE_DIR = upkeep.DEFAULT_STATE_DIR;

/** The report lists of an update, in the order the page shows them ("buckets"). */
export const BUCKETS = upkeep.REPORT_BUCKETS.map((b) => b.bucket);

/**
 * @typedef {object} Release
 * @property {import('./trees.js').Tree} baseline
 * @property {import('./trees.js').Tree} latest
 * @property {import('./trees.js').Tree} project
 */

/**
 * What the dry run of `upkeep update` would plan for these trees.
 * @param {Release} release
 * @param {{ conflicts?: 'patch' | 'merge' | 'markers', ignoreEol?: boolean }} [options]
 */
export function planRelease(release, options = {}) {
  const input = updateInput(release, options);
  return input.input === null ? { ...input, plan: null } : { ...input, plan: upkeep.planUpdate(input.input) };
}

/**
 * The engine's update input for the trees, or why there is nothing to plan.
 * @param {Release} release
 * @param {{ conflicts?: 'patch' | 'merge' | 'markers', ignoreEol?: boolean }} options
 */
export function updateInput({ baseline, latest, project }, options) {
  /** @type {import('upkeep').UpdatePaths} */
  const paths = upkeep.updatePaths(STATE_DIR);
  const record = text(project, paths.progress);
  // Read as the CLI reads it: a damaged record is refused by name, in the engine's words.
  const reading = record === null ? null : upkeep.readProgress(record, paths.progress);
  if (reading?.refusal) throw new Error(reading.refusal.message);
  // The same preparation step `upkeep status` takes: the engine refuses, ends, or starts.
  /** @type {import('upkeep').UpdateFacts} */
  const facts = {
    installed: stateText(project, paths.version, 'project'),
    latest: stateText(latest, paths.version, 'latest'),
    inProgress: reading?.record ?? null,
    dryRun: true,
    runId: 'demo',
  };
  const first = upkeep.prepareUpdate(facts);
  if (first.step === 'done') return { status: first.status, check: first.check, input: /** @type {never} */ (null) };
  const ready = upkeep.prepareUpdate({ ...facts, baseline: stateText(baseline, paths.version, 'baseline') });
  if (ready.step !== 'ready') throw new Error(`upkeep bug: the engine answered '${ready.step}' to an update given its baseline`);
  const { check, start } = ready;
  const baselineManifest = stateText(baseline, paths.manifest, 'baseline');
  const latestManifest = stateText(latest, paths.manifest, 'latest');
  const list = upkeep.updateReadList(baselineManifest, latestManifest, STATE_DIR);
  /** @type {import('upkeep').UpdateInput} */
  const input = {
    from: check.installed,
    to: check.latest,
    baselineManifest,
    latestManifest,
    files: list.paths.map((path) => ({ path, current: side(project, path), baseline: side(baseline, path), latest: side(latest, path) })),
    claimFiles: list.claimFiles.map((path) => ({ path, bytes: project.get(path) ?? null })),
    changelog: text(latest, paths.changelog),
    packageJson: text(project, paths.packageJson),
    // No mode given: the engine's default (the three-way merge), as `upkeep update` has it.
    options: {
      ...(options.conflicts ? { conflicts: options.conflicts } : {}),
      ignoreEol: options.ignoreEol ?? false,
      stateDir: STATE_DIR,
      runId: start.runId,
      dryRun: true,
    },
  };
  return { status: ready.endsPlanned, check, input };
}

/**
 * What a view of `plan` shows (the engine's `planOverview`): its headline, what needs the
 * person, each file written with what it is, and each file's buckets. The actions go
 * without their bytes.
 * @param {import('upkeep').UpdatePlan} plan
 * @returns {import('upkeep').PlanOverview}
 */
export function overviewOf(plan) {
  return upkeep.planOverview({
    report: plan.report,
    files: plan.files.map((f) => f.path),
    actions: plan.actions.map((a) => ({
      op: a.op,
      path: a.path,
      patchPath: a.op === 'write-patch' ? a.patchPath : null,
      size: a.op === 'copy' ? 0 : a.bytes.length,
    })),
  });
}

/** @param {import('./trees.js').Tree} tree @param {string} path @param {string} label */
function stateText(tree, path, label) {
  const value = text(tree, path);
  if (value === null) throw new Error(`the ${label} folder has no ${path}`);
  return value;
}
