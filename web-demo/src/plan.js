// Builds the engine's update input from in-memory trees, the way `npm/lib/flows/update.js`
// builds it from disk for `upkeep update --dry-run`, and asks the engine for the plan.
// Reading only: no decision is made here, every verdict is `planUpdate`'s.
import * as upkeep from 'upkeep';
import { side, text } from './trees.js';

const STATE_DIR = '.upkeep';
const IN_PROGRESS = 'update-in-progress.json';

/** The report lists of an update, in the order the page shows them ("buckets"). */
export const BUCKETS = /** @type {const} */ (['overwrite', 'merge', 'add', 'removed', 'skip', 'delete', 'conflicts']);

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
  const record = text(project, `${STATE_DIR}/${IN_PROGRESS}`);
  // The same preparation step `upkeep status` takes: the engine refuses, ends, or starts.
  /** @type {import('upkeep').UpdateFacts} */
  const facts = {
    installed: stateText(project, 'VERSION', 'project'),
    latest: stateText(latest, 'VERSION', 'latest'),
    inProgress: record === null ? null : JSON.parse(record),
    dryRun: true,
    runId: 'demo',
  };
  const first = upkeep.prepareUpdate(facts);
  if (first.step === 'done') return { status: first.status, check: first.check, input: /** @type {never} */ (null) };
  const ready = upkeep.prepareUpdate({ ...facts, baseline: stateText(baseline, 'VERSION', 'baseline') });
  if (ready.step !== 'ready') throw new Error(`upkeep bug: the engine answered '${ready.step}' to an update given its baseline`);
  const { check, start } = ready;
  const baselineManifest = stateText(baseline, 'manifest.json', 'baseline');
  const latestManifest = stateText(latest, 'manifest.json', 'latest');
  const list = upkeep.updateReadList(baselineManifest, latestManifest, STATE_DIR);
  /** @type {import('upkeep').UpdateInput} */
  const input = {
    from: check.installed,
    to: check.latest,
    baselineManifest,
    latestManifest,
    files: list.paths.map((path) => ({ path, current: side(project, path), baseline: side(baseline, path), latest: side(latest, path) })),
    claimFiles: list.claimFiles.map((path) => ({ path, bytes: project.get(path) ?? null })),
    changelog: text(latest, 'CHANGELOG.md'),
    packageJson: text(project, 'package.json'),
    // No mode given: the engine's default (the three-way merge), as `upkeep update` has it.
    options: {
      ...(options.conflicts ? { conflicts: options.conflicts } : {}),
      ignoreEol: options.ignoreEol ?? false,
      stateDir: STATE_DIR,
      runId: start.runId,
      dryRun: true,
    },
  };
  return { status: check.status, check, input };
}

/**
 * The report lists a path is in (its "buckets"): a lookup in the engine's report.
 * @param {import('upkeep').UpdateReport} report
 * @param {string} path
 */
export function bucketsOf(report, path) {
  return BUCKETS.filter((bucket) => report[bucket].some((entry) => (typeof entry === 'string' ? entry : entry.path) === path));
}

/** @param {import('./trees.js').Tree} tree @param {string} name @param {string} label */
function stateText(tree, name, label) {
  const value = text(tree, `${STATE_DIR}/${name}`);
  if (value === null) throw new Error(`the ${label} folder has no ${STATE_DIR}/${name}`);
  return value;
}
