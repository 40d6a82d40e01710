// `upkeep manifest init [dir]` and `upkeep manifest check [dir]`, for template authors.
// Printing only: the engine wrote the manifest, the counts and every problem.
import { engine } from '../engine.js';
import { manifestCheckFlow, manifestInitFlow } from '../flows/manifest.js';
import { EXIT } from './exit-codes.js';
import { printLine } from './output.js';
import { runCommand } from './run.js';
import { UpkeepError } from '../shim/upkeep-error.js';

/**
 * @param {string | undefined} dir
 * @param {{ rule?: { class: 'owned' | 'shared' | 'wiki-owned' | 'exclude', glob: string }[], install?: string[], rules?: string, force?: boolean, dryRun?: boolean, stateDir?: string, json?: boolean }} flags
 * @param {string[]} argv the command as typed
 */
export async function manifestInitCommand(dir, flags, argv) {
  return runCommand({
    name: 'manifest init',
    flags,
    argv,
    run: async () => {
      const { pairs: install, refusal } = engine.installPairs(flags.install ?? []);
      if (refusal) throw UpkeepError.from(refusal);
      const out = manifestInitFlow({
        dir,
        rules: flags.rule,
        install,
        rulesFile: flags.rules,
        force: flags.force,
        dryRun: flags.dryRun,
        stateDir: flags.stateDir,
      });
      if (flags.json) {
        const { summary, heading, showManifest, ...rest } = out;
        printLine(JSON.stringify(rest, null, 2));
        return EXIT.ok;
      }
      printLine(out.heading);
      for (const line of out.summary.replace(/\n$/, '').split('\n')) printLine(line);
      if (out.showManifest) printLine(out.manifest.replace(/\n$/, ''));
      return EXIT.ok;
    },
  });
}

/**
 * @param {string | undefined} dir @param {{ stateDir?: string, json?: boolean }} flags
 * @param {string[]} argv the command as typed
 */
export async function manifestCheckCommand(dir, flags, argv) {
  return runCommand({
    name: 'manifest check',
    flags,
    argv,
    run: async () => {
      const out = manifestCheckFlow({ dir, stateDir: flags.stateDir });
      if (flags.json) {
        const { summary, ...rest } = out;
        printLine(JSON.stringify(rest, null, 2));
      } else {
        for (const line of out.summary.replace(/\n$/, '').split('\n')) printLine(line);
      }
      return engine.statusExit('manifest-check', out.status);
    },
  });
}
