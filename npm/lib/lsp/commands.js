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
 * @typedef {object} CommandContext
 * @property {import('./projects.js').Project[]} projects
 * @property {Map<string, { done: number, total: number, totals: any, line?: string }>} scans
 * @property {import('./releases.js').LspOptions} options
 * @property {string[]} folders
 */

/**
 * Runs one command; never throws: a failure is `ok: false` with its message.
 * @param {string} name @param {any[]} args @param {CommandContext} context
 * @returns {Promise<{ ok: boolean, message: string, result: any }>}
 */
export async function runCommand(name, args, context) {
  try {
    switch (name) {
      case 'upkeep.status':
        return statusCommand(context);
      case 'upkeep.updateDryRun': {
        const { project } = target(name, args[0], context);
        return await updateDryRun(project === null ? null : context.projects[project], context.options);
      }
      case 'upkeep.scoreWorkingTree':
        return await scoreWorkingTree(target(name, args[0], context).root, context.options);
      default:
        return { ok: false, message: engine.editorNotice({ kind: 'unknown-command', name, known: [...COMMANDS] }), result: null };
    }
  } catch (error) {
    return {
      ok: false,
      message: engine.editorNotice({ kind: 'command-failed', name, error: /** @type {Error} */ (error).message }),
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

function statusCommand(/** @type {CommandContext} */ { projects, scans }) {
  const result = projects.map((p) => ({
    root: p.root,
    kind: p.kind,
    state: p.status.state,
    message: p.status.message,
    scan: scans.get(p.root) ?? null,
  }));
  const message = engine.workspaceStatus(result.map((r) => r.scan?.line ?? r.message));
  return { ok: true, message, result };
}

/**
 * `upkeep status` for the project: the update's plan, read-only.
 * @param {import('./projects.js').Project | null} project @param {import('./releases.js').LspOptions} options
 */
async function updateDryRun(project, options) {
  if (!project) return { ok: false, message: engine.editorNotice({ kind: 'no-template-project' }), result: null };
  await project.loading;
  const releases = project.releases;
  if (!releases) return { ok: false, message: project.status.message, result: null };
  if (!releases.baselineDir) {
    return {
      ok: false,
      message: engine.editorNotice({ kind: 'baseline-not-among', installed: releases.installed, origin: releases.origin }),
      result: null,
    };
  }
  const outcome = await update({
    root: project.root,
    baseline: releases.baselineDir,
    latest: releases.latestDir,
    stateDir: project.stateDir,
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
  return {
    ok: true,
    message: summary.trimEnd(),
    result: { status: outcome.status, summary, report: plan?.report ?? null, files: plan?.files ?? [] },
  };
}

/**
 * The risk decision of `git diff --numstat -z -M HEAD` in the project.
 * @param {string | null | undefined} root @param {import('./releases.js').LspOptions} options
 */
async function scoreWorkingTree(root, options) {
  if (!root) return { ok: false, message: engine.editorNotice({ kind: 'no-folder-to-score' }), result: null };
  const numstat = await gitDiff(root);
  const verdict = engine.assess(engine.parseNumstatBytes(numstat), /** @type {any} */ (options.score ?? {}));
  return { ok: true, message: engine.scoreMessage(verdict), result: verdict };
}

/** `git diff --numstat -z -M HEAD --` as bytes; git's own message when it fails. */
function gitDiff(/** @type {string} */ root) {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['-C', root, 'diff', '--numstat', '-z', '-M', 'HEAD', '--'],
      { encoding: 'buffer', env: gitEnv(), maxBuffer: 1 << 28 },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(engine.editorNotice({ kind: 'git-diff-failed', root, stderr: stderr.toString(), error: error.message })));
        else resolve(new Uint8Array(stdout));
      },
    );
  });
}
