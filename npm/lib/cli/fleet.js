// `upkeep fleet plan` and `upkeep fleet step`: printing and exit codes only; the engine
// batches, skips and decides the push (flows/fleet-plan.js, flows/fleet-step.js).
import process from 'node:process';
import { engine } from '../engine.js';
import { fleetPlan } from '../flows/fleet-plan.js';
import { fleetStep } from '../flows/fleet-step.js';
import { EXIT } from './exit-codes.js';
import { printError, printLine } from './output.js';
import { runCommand } from './run.js';
import { UpkeepError } from '../shim/upkeep-error.js';

/**
 * @param {string} list
 * @param {{ to?: string, platform?: string, batchSize?: string, batch?: string, gitlabChild?: string }} flags
 * @param {string[]} argv
 */
export async function fleetPlanCommand(list, flags, argv) {
  return runCommand({
    name: 'fleet plan',
    flags: {},
    argv,
    run: async () => {
      const platform = flags.platform ?? 'github';
      if (platform !== 'github' && platform !== 'gitlab') {
        throw new UpkeepError('usage', `--platform must be github or gitlab, not '${platform}'`);
      }
      const batchSize = flags.batchSize === undefined ? undefined : wholeNumber('--batch-size', flags.batchSize);
      const plan = fleetPlan({ list, to: flags.to, platform, batchSize });
      process.stderr.write(`${plan.summary}\n`);
      for (const skip of plan.skipped) process.stderr.write(`  skipped ${skip.key}: ${skip.reason}\n`);
      for (const unread of plan.unread) process.stderr.write(`  unread ${unread.key}: ${unread.error}\n`);
      if (flags.batch === undefined) {
        if (flags.gitlabChild !== undefined) throw new UpkeepError('usage', '--gitlab-child needs --batch <n>');
        printLine(JSON.stringify(plan, null, 2));
        return EXIT.ok;
      }
      const index = wholeNumber('--batch', flags.batch);
      if (flags.gitlabChild !== undefined) {
        process.stdout.write(engine.gitlabChildPipeline(plan, index, flags.gitlabChild));
        return EXIT.ok;
      }
      const batch = plan.batches[index];
      if (!batch && !(index === 0 && plan.batches.length === 0)) {
        throw new UpkeepError('usage', `--batch ${index} is past the last batch (the plan has ${plan.batches.length}, numbered from 0)`);
      }
      printLine(JSON.stringify({ include: batch?.include ?? [] }));
      return EXIT.ok;
    },
  });
}

/**
 * @param {{ dir?: string, to?: string, remote?: string, push?: boolean, payload?: string, author?: string, json?: boolean, stateDir?: string }} flags
 * @param {string[]} argv
 */
export async function fleetStepCommand(flags, argv) {
  return runCommand({
    name: 'fleet step',
    flags,
    argv,
    run: async () => {
      const outcome = fleetStep({
        root: process.cwd(),
        dir: flags.dir,
        to: flags.to,
        remote: flags.remote,
        push: flags.push,
        payload: flags.payload,
        author: flags.author,
      });
      if (flags.json) printLine(JSON.stringify(outcome, null, 2));
      else if (outcome.exit !== 0) printError(outcome.message);
      else printLine(`upkeep fleet step: ${outcome.message}${outcome.branch ? ` (change request in ${outcome.payload}/)` : ''}`);
      return outcome.exit;
    },
  });
}

/** A whole number option. */
function wholeNumber(/** @type {string} */ name, /** @type {string} */ value) {
  if (!/^\d+$/.test(value)) throw new UpkeepError('usage', `${name} must be a whole number, not '${value}'`);
  return Number(value);
}
