// The server's commands (workspace/executeCommand): the workspace's status, the update's
// dry-run report, and the risk decision of the working tree's diff against HEAD. Each runs
// the same flow or engine call as the CLI and returns its document with the engine's line
// (workspaceStatus, dryRunSummary, scoreMessage); nothing is written.
import { execFile } from 'node:child_process';
import { engine } from '../engine.js';
import { update } from '../flows/update.js';
import { gitEnv } from '../shim/git.js';

export const COMMANDS = ['upkeep.status', 'upkeep.updateDryRun', 'upkeep.scoreWorkingTree'];

/**
 * @typedef {{ status: import('../index.js').EditorStatusLine, result: any }} CommandOutcome
 * @typedef {object} CommandContext
 * @property {import('./projects.js').Project[]} projects
 * @property {Map<string, { done: number, total: number, totals: any, line?: string }>} scans
 * @property {import('./releases.js').LspOptions} options
 * @property {string[]} folders
 */

/**
 * Runs one command; never throws: a failure is its status line (the engine's, in the
 * `error` state) with a null result.
 * @param {string} name @param {any[]} args @param {CommandContext} context
 * @returns {Promise<CommandOutcome>}
 */
export async function runCommand(name, args, context) {
  try {
    switch (name) {
      case 'upkeep.status':
        return statusCommand(context);
      case 'upkeep.updateDryRun':
      case 'upkeep.scoreWorkingTree': {
        const { project, root, refusal } = target(name, args[0], context);
        if (refusal) return { status: refusal, result: null };
        return name === 'upkeep.updateDryRun'
          ? await updateDryRun(context.projects[/** @type {number} */ (project)], context.options)
          : await scoreWorkingTree(/** @type {string} */ (root), context.options);
      }
      default:
        return { status: engine.editorNoticeStatus({ kind: 'unknown-command', name, known: [...COMMANDS] }), result: null };
    }
  } catch (error) {
    return {
      status: engine.editorNoticeStatus({ kind: 'command-failed', name, error: /** @type {Error} */ (error).message }),
      result: null,
    };
  }
}

/**
 * Where a command runs (the engine's choice among the projects served and the folders).
 * @param {'upkeep.updateDryRun' | 'upkeep.scoreWorkingTree'} command @param {unknown} asked its first argument
 * @param {CommandContext} context @returns {import('../index.js').CommandTarget}
 */
function target(command, asked, context) {
  return engine.commandTarget({
    command,
    asked: typeof asked === 'string' ? asked : null,
    projects: context.projects.map((p) => ({ root: p.root, kind: p.kind })),
    folders: context.folders,
  });
}

/** @returns {CommandOutcome} */
function statusCommand(/** @type {CommandContext} */ { projects, scans }) {
  const result = projects.map((p) => ({
    root: p.root,
    kind: p.kind,
    state: p.status.state,
    message: p.status.message,
    scan: scans.get(p.root) ?? null,
  }));
  const line = engine.workspaceStatus(result.map((r) => ({ message: r.message, scan: r.scan?.line ?? null })));
  return done(line, result);
}

/** A command's answer: its line, ready, and its result. @returns {CommandOutcome} */
function done(/** @type {string} */ line, /** @type {any} */ result) {
  return { status: engine.editorNoticeStatus({ kind: 'command-done', line }), result };
}

/**
 * `upkeep status` for the project: the update's plan, read-only.
 * @param {import('./projects.js').Project} project @param {import('./releases.js').LspOptions} options
 */
async function updateDryRun(project, options) {
  await project.loading;
  const { releases, root, stateDir } = project;
  const refusal = engine.dryRunRefusal({
    releases: Boolean(releases),
    status: project.status.message,
    baselineFound: Boolean(releases?.baselineDir),
    installed: releases?.installed,
    origin: releases?.origin,
  });
  if (refusal) return { status: refusal, result: null };
  // Not refused: its releases read, the installed one among them.
  const { baselineDir, latestDir } = /** @type {NonNullable<typeof releases>} */ (releases);
  const outcome = await update({
    root,
    baseline: baselineDir,
    latest: latestDir,
    stateDir,
    conflicts: options.conflicts,
    dryRun: true,
  });
  /** @type {import('../index.js').UpdatePlan | null} */
  const plan = outcome.session?.planned() ?? null;
  /** @type {string} */
  const summary = engine.dryRunSummary({
    status: outcome.status,
    installed: outcome.check.installed,
    latest: outcome.check.latest,
    summary: plan?.summary ?? null,
  });
  return done(summary.trimEnd(), { status: outcome.status, summary, report: plan?.report ?? null, files: plan?.files ?? [] });
}

/**
 * The risk decision of the project's working tree against HEAD (the engine's git diff).
 * @param {string} root @param {import('./releases.js').LspOptions} options
 */
async function scoreWorkingTree(root, options) {
  const numstat = await gitDiff(root);
  const verdict = engine.assess(engine.parseNumstatBytes(numstat), /** @type {any} */ (options.score ?? {}));
  return done(engine.scoreMessage(verdict), verdict);
}

/** The working tree's numstat against HEAD as bytes (`scoreDiffArgs`); git's own message when it fails. */
function gitDiff(/** @type {string} */ root) {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['-C', root, ...engine.scoreDiffArgs({ kind: 'working-tree' })],
      { encoding: 'buffer', env: gitEnv(), maxBuffer: 1 << 28 },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(engine.editorNotice({ kind: 'git-diff-failed', root, stderr: stderr.toString(), error: error.message })));
        else resolve(new Uint8Array(stdout));
      },
    );
  });
}
