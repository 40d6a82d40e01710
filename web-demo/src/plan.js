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
  return input.status === 'update' ? { ...input, plan: upkeep.planUpdate(input.input) } : { ...input, plan: null };
}

/**
 * The engine's update input for the trees, or why there is nothing to plan.
 * @param {Release} release
 * @param {{ conflicts?: 'patch' | 'merge' | 'markers', ignoreEol?: boolean }} options
 */
export function updateInput({ baseline, latest, project }, options) {
  const installed = stateText(project, 'VERSION', 'project');
  const check = upkeep.checkVersions(installed.trim(), stateText(latest, 'VERSION', 'latest').trim(), null);
  if (check.status !== 'update') return { status: check.status, check, input: /** @type {never} */ (null) };
  const baselineVersion = stateText(baseline, 'VERSION', 'baseline').trim();
  if (upkeep.compareVersions(baselineVersion, check.installed) !== 0) {
    throw new Error(`the baseline release is ${baselineVersion} but the project has ${check.installed} installed: pick the release it was installed from as the baseline`);
  }
  const baselineManifest = stateText(baseline, 'manifest.json', 'baseline');
  const latestManifest = stateText(latest, 'manifest.json', 'latest');
  const list = upkeep.updateReadList(baselineManifest, latestManifest, STATE_DIR);
  const record = text(project, `${STATE_DIR}/${IN_PROGRESS}`);
  const start = upkeep.startUpdate(record === null ? null : JSON.parse(record), check.installed, check.latest, 'demo');
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
    options: { ...(options.conflicts ? { conflicts: options.conflicts } : {}), ignoreEol: options.ignoreEol ?? false, stateDir: STATE_DIR, runId: start.runId, dryRun: true },
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
