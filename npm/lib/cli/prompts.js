// Prompts (@inquirer/prompts) on stderr, only where canPrompt says a person is there.
// Ctrl-C at a prompt, or a SIGTERM while one waits, cancels the run before it wrote
// anything: a UpkeepError('cancelled') the command turns into exit 130.
import process from 'node:process';
import { engine } from '../engine.js';
import { UpkeepError } from '../shim/upkeep-error.js';
import { clearForOutput } from './output.js';

/** @param {unknown} error */
function cancelled(error) {
  const name = /** @type {{ name?: string }} */ (error)?.name;
  return name === 'ExitPromptError' || name === 'AbortPromptError';
}

/**
 * Runs one prompt; a cancelled one becomes UpkeepError('cancelled').
 * @template T @param {() => Promise<T>} ask @returns {Promise<T>}
 */
async function guarded(ask) {
  clearForOutput(); // a progress bar must not share the prompt's line
  try {
    return await ask();
  } catch (error) {
    if (cancelled(error)) throw UpkeepError.from(engine.usageRefusal({ kind: 'cancelled-at-prompt' }));
    throw error;
  }
}

/**
 * Prompt functions bound to stderr and to the run's abort signal.
 * @param {AbortSignal} signal
 */
export function prompter(signal) {
  const context = { output: process.stderr, signal };
  return {
    /** @param {{ message: string, default?: boolean }} config */
    confirm: async (config) => {
      const { confirm } = await import('@inquirer/prompts');
      return guarded(() => confirm(config, context));
    },
    /**
     * @template V
     * @param {{ message: string, choices: { name: string, value: V }[] }} config
     * @returns {Promise<V>}
     */
    select: async (config) => {
      const { select } = await import('@inquirer/prompts');
      return guarded(() => select(config, context));
    },
  };
}
