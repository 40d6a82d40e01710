// `upkeep update` and `upkeep status`: bring a project up to a new template release, or
// say (read-only) what such an update would do. The flow runs under the run's stop
// signals and progress; the engine renders what happened; the exit code follows the report.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { update } from '../flows/update.js';
import { atomicWrite } from '../shim/atomic-write.js';
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
 * @property {string} [exitOn] `never`, `conflict` or `error` (default: the codes without it)
 * @property {string} [pr] a folder for the change request: title.txt, body.md, labels.txt, branch.txt
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
  /** @type {import('../index.js').ExitPolicy | undefined} */
  let policy;
  return runCommand({
    name,
    flags,
    argv,
    exitFor: (failure) => engine.exitCode({ policy, readOnly, failure }),
    run: async ({ prompt, request }) => {
      // Checked before anything runs: a bad value is bad usage whatever the run would do.
      policy = flags.exitOn === undefined ? undefined : engine.parseExitPolicy(flags.exitOn);
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
      const code = engine.exitCode({ policy, readOnly, report: plan ? report : null, pending: Boolean(plan?.pending) });
      const payload = flags.pr !== undefined && plan ? writePayload(flags.pr, outcome, report, flags.stateDir) : null;
      if (flags.json) {
        const extra = readOnly && plan ? { files: plan.files.filter((f) => f.localChange || f.upstreamChange) } : {};
        printLine(JSON.stringify({ status: outcome.status, ...report, ...extra, ...(payload ? { pr: payload } : {}), resumed: outcome.resumed, leftoverPatches: outcome.leftoverPatches, notices: outcome.notices, releases: outcome.releases }, null, 2));
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
      if (flags.pr !== undefined && say !== 'quiet') {
        printLine(payload ? `Change request: ${flags.pr}/ (branch ${payload.branch}${payload.omitted.length ? `; body shortened, left out: ${payload.omitted.join(', ')}` : ''})` : `No change request written: the project is already at ${check.installed}.`);
      }
      return code;
    },
  });
}

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
  const files = {
    'title.txt': `${payload.title}\n`,
    'body.md': payload.body,
    'labels.txt': payload.labels.map((/** @type {string} */ label) => `${label}\n`).join(''),
    'branch.txt': `${payload.branch}\n`,
    'commit.txt': payload.commitMessage,
  };
  for (const [name, text] of Object.entries(files)) atomicWrite(join(dir, name), Buffer.from(text, 'utf8'));
  return payload;
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
