// `upkeep fleet plan` and `upkeep fleet step`: printing and exit codes only; the engine
// batches, skips and decides the push (flows/fleet-plan.js, flows/fleet-step.js), names
// the platforms, picks a batch's matrix and words what both commands print.
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
      refuse(engine.platformRefusal(flags.platform));
      const platform = /** @type {'github' | 'gitlab' | undefined} */ (flags.platform);
      const batchSize = flags.batchSize === undefined ? undefined : wholeNumber('--batch-size', flags.batchSize);
      const plan = fleetPlan({ list, to: flags.to, platform, batchSize });
      process.stderr.write(engine.renderFleetPlan(plan));
      if (flags.batch === undefined) {
        if (flags.gitlabChild !== undefined) throw UpkeepError.from(engine.usageRefusal({ kind: 'gitlab-child-without-batch' }));
        printLine(JSON.stringify(plan, null, 2));
        return EXIT.ok;
      }
      const index = wholeNumber('--batch', flags.batch);
      if (flags.gitlabChild !== undefined) {
        process.stdout.write(engine.gitlabChildPipeline(plan, index, flags.gitlabChild));
        return EXIT.ok;
      }
      /** @type {import('../index.js').MatrixChoice} */
      const choice = engine.batchMatrix(plan, index);
      refuse(choice.refusal);
      printLine(JSON.stringify(choice.matrix));
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
      else {
        /** @type {import('../index.js').StepLine} */
        const line = engine.stepLine({ exit: outcome.exit, message: outcome.message, branch: outcome.branch, payload: outcome.payload });
        if (line.error) printError(line.text);
        else printLine(line.text);
      }
      return outcome.exit;
    },
  });
}

/** Raises the engine's refusal, when it made one. @param {import('../index.js').Refusal | null} refusal */
function refuse(refusal) {
  if (refusal) throw UpkeepError.from(refusal);
}

/** A whole number option. */
function wholeNumber(/** @type {string} */ name, /** @type {string} */ value) {
  if (!/^\d+$/.test(value)) throw UpkeepError.from(engine.usageRefusal({ kind: 'not-a-whole-number', flag: name, value }));
  return Number(value);
}
