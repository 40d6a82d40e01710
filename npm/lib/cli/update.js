// `upkeep update` and `upkeep status`: bring a project up to a new template release, or
// say (read-only) what such an update would do.
import process from 'node:process';
import { update } from '../flows/update.js';
import { EXIT, exitForError } from './exit-codes.js';
import { printError, printLine } from './output.js';

/**
 * @typedef {object} UpdateFlags
 * @property {string} baseline
 * @property {string} latest
 * @property {string} [root]
 * @property {string} [stateDir]
 * @property {string} [conflicts]
 * @property {boolean} [yes]
 * @property {boolean} [json]
 * @property {boolean} [dryRun]
 * @property {boolean} [ignoreEol]
 */

/**
 * Runs the update (or, with `readOnly`, the status check) and returns the exit code.
 * @param {UpdateFlags} flags
 * @param {{ readOnly?: boolean }} [mode]
 */
export async function updateCommand(flags, { readOnly = false } = {}) {
  const json = Boolean(flags.json);
  const conflicts = flags.conflicts ?? 'patch';
  if (!['patch', 'merge', 'markers'].includes(conflicts)) {
    return fail(json, { code: 'usage', message: `--conflicts must be patch, merge or markers, not '${conflicts}'` }, EXIT.badInput);
  }
  const interactive = !readOnly && !json && !flags.yes && !flags.dryRun && Boolean(process.stdin.isTTY && process.stderr.isTTY) && !process.env.CI;
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const outcome = await update({
      root: flags.root ?? process.cwd(),
      baseline: flags.baseline,
      latest: flags.latest,
      stateDir: flags.stateDir,
      conflicts: /** @type {'patch' | 'merge' | 'markers'} */ (conflicts),
      ignoreEol: flags.ignoreEol,
      dryRun: readOnly || flags.dryRun,
      stopRequested: () => interrupted,
      confirm: async (range, check) => {
        if (!json && !readOnly) printRange(range);
        if (!interactive) return true;
        const { confirm } = await import('@inquirer/prompts');
        return confirm({ message: `Update from ${check.installed} to ${check.latest}?`, default: true }, { output: process.stderr });
      },
    });
    const { check, plan } = outcome;
    const report = plan?.report ?? emptyReport(check.installed, check.latest);
    const attention = report.conflicts.length > 0 || report.delete.length > 0;
    // A stop asked for after the last write changes nothing: the update is complete.
    const code = readOnly ? (plan?.pending || attention ? EXIT.findings : EXIT.ok) : attention ? EXIT.findings : EXIT.ok;
    if (json) {
      const extra = readOnly && plan ? { files: plan.files.filter((f) => f.localChange || f.upstreamChange) } : {};
      printLine(JSON.stringify({ status: outcome.status, ...report, ...extra, resumed: outcome.resumed, leftoverPatches: outcome.leftoverPatches }, null, 2));
      return code;
    }
    switch (outcome.status) {
      case 'up-to-date':
        printLine(`You are up to date on ${check.installed}.`);
        break;
      case 'applied-uncommitted':
        printLine(`The update to ${check.latest} is already applied to the working tree but not committed (the last commit has ${check.committed}).`);
        printLine('Review it with `git diff` and commit it, or discard the version bump with `git checkout -- <state dir>/VERSION` and run the update again.');
        break;
      case 'aborted':
        printLine('Update aborted; nothing was written.');
        break;
      default:
        if (readOnly && plan) printStatus(plan);
        else if (plan) process.stdout.write(plan.summary);
        if (outcome.resumed) printLine('(resumed an interrupted update)');
        if (outcome.leftoverPatches.length > 0) {
          printLine(`\nUnresolved patches from a prior run are still in the merge folder (not deleted): ${outcome.leftoverPatches.join(', ')}`);
        }
    }
    return code;
  } catch (error) {
    const e = /** @type {any} */ (error);
    const exit = exitForError(e);
    if (exit === undefined) throw error;
    return fail(json, { code: e.code, message: e.message }, exit);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** @param {boolean} json @param {{ code: string, message: string }} error @param {number} exit */
function fail(json, error, exit) {
  if (json) printLine(JSON.stringify({ status: 'error', error }, null, 2));
  else printError(error.message);
  return exit;
}

/** @param {string} from @param {string} to @returns {import('../index.js').UpdateReport} */
function emptyReport(from, to) {
  return { from, to, overwrite: [], merge: [], add: [], removed: [], skip: [], delete: [], conflicts: [], backupDir: null, adopterActions: [] };
}

/** @param {import('../index.js').ChangelogSection[]} range */
function printRange(range) {
  if (range.length === 0) return;
  process.stderr.write('Release notes:\n\n');
  for (const section of range) process.stderr.write(`${section.heading}\n${section.body}\n\n`);
}

/** @param {import('../index.js').UpdatePlan} plan */
function printStatus(plan) {
  const local = plan.files.filter((f) => f.localChange).map((f) => f.path);
  const upstream = plan.files.filter((f) => f.upstreamChange).map((f) => f.path);
  printLine(`Changed in this project: ${local.length}`);
  for (const path of local) printLine(`  ${path}`);
  printLine(`Changed by the next release: ${upstream.length}`);
  for (const path of upstream) printLine(`  ${path}`);
  printLine('');
  process.stdout.write(plan.summary.replace(/^upkeep update: (.*) \(dry run: nothing written\)/, 'upkeep status: $1 (nothing written)'));
}
