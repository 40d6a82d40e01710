// `upkeep land` and `upkeep sync`: commit a sealed handoff, and bring a checkout's branch
// up to date with a work clone by a clean step forward.
import process from 'node:process';
import { engine } from '../engine.js';
import { land, seal } from '../flows/land.js';
import { letSignalsIn } from '../flows/progress.js';
import { sync } from '../flows/sync.js';
import { EXIT } from './exit-codes.js';
import { printLine } from './output.js';
import { runCommand } from './run.js';
import { UpkeepError } from '../shim/upkeep-error.js';

/**
 * @typedef {object} LandFlags
 * @property {boolean} [seal]
 * @property {string[]} ticket
 * @property {string[]} claim
 * @property {string[]} inherited
 * @property {string} [handoff]
 * @property {string} [repo]
 * @property {boolean} [json]
 */

/**
 * Runs `upkeep land` (or `land --seal`) and returns the exit code. A stop (Ctrl-C,
 * SIGTERM) takes effect before the next commit, or ends the one git is making when Ctrl-C
 * reached git too; the report says which, and running land again makes the rest.
 * @param {LandFlags} flags @param {string[]} argv the command as typed
 */
export async function landCommand(flags, argv) {
  return runCommand({ name: 'land', flags, argv, run: ({ stop, request }) => landRun(flags, stop, request.stopRequested) });
}

/**
 * @param {LandFlags} flags @param {import('./signals.js').StopSignals} stop @param {() => boolean} stopRequested
 */
async function landRun(flags, stop, stopRequested) {
  const json = Boolean(flags.json);
  const cwd = flags.repo ?? process.cwd();
  if (flags.seal) {
    const tickets = parseTickets(flags.ticket, flags.claim);
    const { summary, ...sealed } = await seal({ cwd, tickets, inherited: flags.inherited, handoff: flags.handoff });
    if (json) printLine(JSON.stringify(sealed, null, 2));
    else printLine(summary);
    return EXIT.ok;
  }
  if (flags.ticket.length || flags.claim.length || flags.inherited.length) {
    throw UpkeepError.from(engine.usageRefusal({ kind: 'seal-options-without-seal' }));
  }
  const { report } = await land({ cwd, handoff: flags.handoff, stopRequested });
  if (json) printLine(JSON.stringify(report, null, 2));
  else process.stdout.write(engine.renderLandReport(report));
  return engine.statusExit('land', report.status, stop.signal ?? undefined);
}

/**
 * `--ticket ID[:title]` in order, `--claim ID=path` adding files to a ticket.
 * @param {string[]} specs @param {string[]} claims
 * @returns {import('../index.js').LandTicket[]}
 */
function parseTickets(specs, claims) {
  const { tickets, refusal } = engine.landTickets(specs, claims);
  if (refusal) throw UpkeepError.from(refusal);
  return tickets;
}

/**
 * @typedef {object} SyncFlags
 * @property {string} from
 * @property {string} [checkout]
 * @property {string[]} pick
 * @property {string[]} check
 * @property {boolean} [dryRun]
 * @property {boolean} [json]
 */

/**
 * Runs `upkeep sync` and returns the exit code. Ctrl-C reaches git and the checks too
 * (one process group): they stop, the sync sees them fail, pushes nothing and cleans up
 * (its worktree, its fetch ref, the lock) before exiting 130; a SIGTERM to upkeep alone
 * stops it before its next step.
 * @param {SyncFlags} flags @param {string[]} argv the command as typed
 */
export async function syncCommand(flags, argv) {
  return runCommand({
    name: 'sync',
    flags,
    argv,
    run: async ({ stop, request }) => {
      const report = await sync({
        cwd: flags.checkout ?? process.cwd(),
        from: flags.from,
        picks: flags.pick,
        checks: flags.check,
        dryRun: flags.dryRun,
        stopRequested: request.stopRequested,
      });
      // A Ctrl-C that killed a check arrived while git and the checks ran synchronously.
      await letSignalsIn();
      if (flags.json) printLine(JSON.stringify(report, null, 2));
      else process.stdout.write(engine.renderSyncReport(report));
      return engine.statusExit('sync', report.status, stop.signal ?? undefined);
    },
  });
}
