// `upkeep update` and `upkeep status`: bring a project up to a new template release, or
// say (read-only) what such an update would do. The flow runs under the run's stop
// signals and progress; the engine renders what happened; the exit code follows the report.
import process from 'node:process';
import { engine } from '../engine.js';
import { update } from '../flows/update.js';
import { EXIT } from './exit-codes.js';
import { printLine, printLines, printWarning } from './output.js';
import { runCommand } from './run.js';
import { canPrompt, verbosity } from './terminal.js';

/**
 * @typedef {object} UpdateFlags
 * @property {string} [baseline]
 * @property {string} [latest]
 * @property {string} [to]
 * @property {boolean} [pre]
 * @property {boolean} [allowDrift]
 * @property {string} [root]
 * @property {string} [stateDir]
 * @property {string} [conflicts]
 * @property {boolean} [yes]
 * @property {boolean} [json]
 * @property {boolean} [dryRun]
 * @property {boolean} [ignoreEol]
 * @property {boolean} [quiet]
 * @property {boolean} [verbose]
 * @property {boolean} [allowDirty]
 */

/**
 * Runs the update (or, with `readOnly`, the status check) and returns the exit code.
 * @param {UpdateFlags} flags
 * @param {string[]} argv the command as typed
 * @param {{ readOnly?: boolean }} [mode]
 */
export async function updateCommand(flags, argv, { readOnly = false } = {}) {
  const name = readOnly ? 'status' : 'update';
  return runCommand({
    name,
    flags,
    argv,
    run: async ({ prompt, request }) => {
      const say = verbosity(flags);
      const conflicts = flags.conflicts ?? 'merge';
      if (!['patch', 'merge', 'markers'].includes(conflicts)) {
        throw Object.assign(new Error(`--conflicts must be patch, merge or markers, not '${conflicts}'`), { code: 'usage' });
      }
      const asking = !readOnly && canPrompt(flags);
      const outcome = await update({
        ...request,
        root: flags.root ?? process.cwd(),
        baseline: flags.baseline,
        latest: flags.latest,
        to: flags.to,
        pre: flags.pre,
        allowDrift: flags.allowDrift,
        stateDir: flags.stateDir,
        conflicts: /** @type {'patch' | 'merge' | 'markers'} */ (conflicts),
        ignoreEol: flags.ignoreEol,
        allowDirty: flags.allowDirty,
        dryRun: readOnly || flags.dryRun,
        confirm: async (range, check) => {
          if (!flags.json && !readOnly && say !== 'quiet') printRange(range);
          if (!asking) return true;
          return prompt.confirm({ message: `Update from ${check.installed} to ${check.latest}?`, default: true });
        },
      });
      const { check, plan } = outcome;
      const report = plan?.report ?? emptyReport(check.installed, check.latest);
      const attention = report.conflicts.length > 0 || report.delete.length > 0;
      const code = readOnly ? (plan?.pending || attention ? EXIT.findings : EXIT.ok) : attention ? EXIT.findings : EXIT.ok;
      if (flags.json) {
        const extra = readOnly && plan ? { files: plan.files.filter((f) => f.localChange || f.upstreamChange) } : {};
        printLine(JSON.stringify({ status: outcome.status, ...report, ...extra, resumed: outcome.resumed, leftoverPatches: outcome.leftoverPatches, notices: outcome.notices, releases: outcome.releases }, null, 2));
        return code;
      }
      // What the user should know about the releases (a damaged cache entry fetched again,
      // a record behind VERSION, a drift allowed), before the report.
      for (const notice of outcome.notices) printWarning(notice);
      const files = plan?.files ?? [];
      printLines(engine.renderUpdateOutcome({
        status: outcome.status,
        check,
        report: plan ? report : undefined,
        localChanges: files.filter((f) => f.localChange).map((f) => f.path),
        upstreamChanges: files.filter((f) => f.upstreamChange).map((f) => f.path),
        resumed: outcome.resumed,
        leftoverPatches: outcome.leftoverPatches,
        root: flags.root,
        argv,
      }, { stateDir: flags.stateDir ?? '.upkeep', dryRun: Boolean(flags.dryRun), readOnly, verbosity: say }));
      return code;
    },
  });
}

/** @param {string} from @param {string} to @returns {import('../index.js').UpdateReport} */
function emptyReport(from, to) {
  return { from, to, overwrite: [], merge: [], add: [], removed: [], skip: [], delete: [], conflicts: [], backupDir: null, adopterActions: [] };
}

/** The release notes between the two versions, on stderr before anything is written. */
function printRange(/** @type {import('../index.js').ChangelogSection[]} */ range) {
  if (range.length === 0) return;
  process.stderr.write('Release notes:\n\n');
  for (const section of range) process.stderr.write(`${section.heading}\n${section.body}\n\n`);
}
