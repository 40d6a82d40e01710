// `upkeep manifest init [dir]` and `upkeep manifest check [dir]`, for template authors.
// Printing only.
import process from 'node:process';
import { manifestCheckFlow, manifestInitFlow } from '../flows/manifest.js';
import { EXIT, exitForError } from './exit-codes.js';
import { printError, printLine } from './output.js';

/**
 * @param {string | undefined} dir
 * @param {{ rule?: { class: 'owned' | 'shared' | 'wiki-owned' | 'exclude', glob: string }[], install?: string[], rules?: string, force?: boolean, dryRun?: boolean, stateDir?: string, json?: boolean }} flags
 */
export async function manifestInitCommand(dir, flags) {
  return guarded(flags, () => {
    const install = (flags.install ?? []).map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0 || at === pair.length - 1) throw Object.assign(new Error(`--install takes <shipped name>=<installed name>, not '${pair}'`), { code: 'usage' });
      return /** @type {[string, string]} */ ([pair.slice(0, at), pair.slice(at + 1)]);
    });
    const out = manifestInitFlow({ dir, rules: flags.rule, install, rulesFile: flags.rules, force: flags.force, dryRun: flags.dryRun, stateDir: flags.stateDir });
    if (flags.json) {
      const { summary, ...rest } = out;
      printLine(JSON.stringify(rest, null, 2));
    } else {
      printLine(`${out.status === 'dry-run' ? 'Would write' : 'Wrote'} ${out.path}`);
      process.stdout.write(out.summary);
      if (out.status === 'dry-run') process.stdout.write(out.manifest);
    }
    return EXIT.ok;
  });
}

/** @param {string | undefined} dir @param {{ stateDir?: string, json?: boolean }} flags */
export async function manifestCheckCommand(dir, flags) {
  return guarded(flags, () => {
    const out = manifestCheckFlow({ dir, stateDir: flags.stateDir });
    if (flags.json) {
      const { summary, ...rest } = out;
      printLine(JSON.stringify(rest, null, 2));
    } else {
      process.stdout.write(out.summary);
    }
    return out.status === 'valid' ? EXIT.ok : EXIT.findings;
  });
}

/** upkeep's errors as their exit codes (one JSON document with --json). */
function guarded(/** @type {{ json?: boolean }} */ flags, /** @type {() => number} */ body) {
  try {
    return body();
  } catch (error) {
    const e = /** @type {any} */ (error);
    const exit = exitForError(e);
    if (exit === undefined) throw error;
    if (flags.json) printLine(JSON.stringify({ status: 'error', error: { code: e.code, message: e.message } }, null, 2));
    else printError(e.message);
    return exit;
  }
}
