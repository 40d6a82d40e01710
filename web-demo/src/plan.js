// Builds the engine's update input from in-memory trees, the way `npm/lib/flows/update.js`
// builds it from disk for `upkeep update --dry-run`, and asks the engine for the plan.
// Reading only: no decision is made here, every verdict is `planUpdate`'s, and what a view
// of the plan shows (its headline, what needs the person, each write) is `planOverview`'s.
import * as upkeep from 'upkeep';
import { side, text } from './trees.js';

const encoder = new TextEncoder();

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
 * @param {Release} picked the trees as picked (the releases are laid out here)
 * @param {{ conflicts?: 'patch' | 'merge' | 'markers', ignoreEol?: boolean }} options
 */
export function updateInput(picked, options) {
  /** @type {import('upkeep').UpdatePaths} */
  const paths = upkeep.updatePaths(STATE_DIR);
  const { project } = picked;
  // Each release as the project sees it, laid out as `upkeep update` lays out a folder.
  const baseline = releaseView(picked.baseline, 'baseline', paths);
  const latest = releaseView(picked.latest, 'latest', paths);
  // The same opening and preparation steps `upkeep status` takes: the engine refuses (no
  // marker, a damaged record, by name and in its words), ends, or starts.
  const installed = stateText(project, paths.version, projectFile(paths.version), 'state');
  const opened = upkeep.openUpdate({
    stateDir: STATE_DIR,
    installed,
    progress: stateText(project, paths.progress, paths.progress, 'state'),
    dryRun: true,
  });
  if (opened.refusal) throw new Error(opened.refusal.message);
  /** @type {import('upkeep').UpdateFacts} */
  const facts = {
    installed: /** @type {string} */ (installed),
    latest: viewText(latest, paths.version),
    inProgress: opened.inProgress,
    dryRun: true,
    runId: 'demo',
  };
  const first = upkeep.prepareUpdate(facts);
  if (first.step === 'done') return { status: first.status, check: first.check, input: /** @type {never} */ (null) };
  const ready = upkeep.prepareUpdate({ ...facts, baseline: viewText(baseline, paths.version) });
  if (ready.step !== 'ready') throw new Error(`upkeep bug: the engine answered '${ready.step}' to an update given its baseline`);
  const { check, start } = ready;
  const baselineManifest = viewText(baseline, paths.manifest);
  const latestManifest = viewText(latest, paths.manifest);
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
    changelog: plan.changelog,
  });
}

/**
 * A release as a project sees it, laid out by the engine as `upkeep update` lays out a
 * release folder: each file under its installed name, the manifest that applies (the
 * default one when it ships none) and its version. The engine refuses a release it
 * cannot use (no version, names that collide), naming it by `label`.
 * @param {import('./trees.js').Tree} tree @param {string} label @param {import('upkeep').UpdatePaths} paths
 * @returns {import('./trees.js').Tree}
 */
function releaseView(tree, label, paths) {
  /** @type {import('upkeep').ReleaseLayout} */
  const layout = upkeep.planLayout({
    label,
    entries: [...tree.keys()].map((path) => ({ path })),
    manifest: stateText(tree, paths.manifest, releaseFile(label, paths.manifest), 'release-manifest'),
    versionFile: stateText(tree, paths.version, releaseFile(label, paths.version), 'release'),
    stateDir: STATE_DIR,
  });
  /** @type {import('./trees.js').Tree} */
  const view = new Map(layout.files.map((f) => [f.path, /** @type {Uint8Array} */ (tree.get(f.from))]));
  view.set(paths.manifest, encoder.encode(layout.manifest));
  view.set(paths.version, encoder.encode(upkeep.renderVersionFile(layout.version)));
  return view;
}

/**
 * A file the CLI reads strictly (VERSION, the progress record, a release's manifest and
 * VERSION), as it reads it: the engine's `strictText`, so invalid UTF-8 is refused here
 * too, by name; null when absent.
 * @param {import('./trees.js').Tree} tree @param {string} path @param {string} shown
 * @param {import('upkeep').StrictFile} file
 */
function stateText(tree, path, shown, file) {
  const bytes = tree.get(path);
  if (bytes === undefined) return null;
  const { text: decoded, refusal } = upkeep.strictText(bytes, shown, file);
  if (refusal) throw Object.assign(new Error(refusal.message), { code: refusal.code });
  return /** @type {string} */ (decoded);
}

/** How messages name a project's file, and a release's. */
const projectFile = (/** @type {string} */ path) => upkeep.inputName({ kind: 'project-file', path, root: 'the project' });
const releaseFile = (/** @type {string} */ release, /** @type {string} */ path) =>
  upkeep.inputName({ kind: 'release-file', release, path });

/** The manifest or VERSION of a release view (every view has both). */
function viewText(/** @type {import('./trees.js').Tree} */ view, /** @type {string} */ path) {
  return /** @type {string} */ (text(view, path));
}
