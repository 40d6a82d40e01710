// The `upkeep` command line: parses arguments, runs one command, returns its exit code.
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { implementation } from '../engine.js';
import { EXIT } from './exit-codes.js';
import { hashCommand } from './hash.js';
import { scoreCommand } from './score.js';
import { printError } from './output.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

/**
 * Runs the CLI on `argv` (without the node and script names) and resolves to the exit code.
 * @param {string[]} argv
 */
export async function main(argv) {
  /** @type {number} */
  let exitCode = EXIT.ok;
  const program = new Command('upkeep')
    .description('Keep files copied from upstream in step with new releases, and score how risky a diff is.')
    .version(version, '-V, --version')
    .addHelpText('after', `\nEngine: ${implementation} (set UPKEEP_FORCE_WASM=1 for the wasm build).`)
    .exitOverride()
    .configureOutput({ outputError: (text) => printError(text.replace(/^error: /, '').trimEnd()) });

  program
    .command('hash')
    .description('print SHA-256 checksums in sha256sum format; "-" reads standard input')
    .argument('<file...>', 'files to hash')
    .option('-r, --recursive', 'hash every file under the directories given')
    .action(async (files, options) => {
      exitCode = await hashCommand(files, options);
    });

  const repeat = (/** @type {string} */ value, /** @type {string[]} */ previous) => [...previous, value];
  program
    .command('score')
    .description('score how risky a diff is: declared actions, raised by what the numstat shows')
    .addOption(new Option('--diff', 'read `git diff --numstat` output (plain or -z) from standard input').conflicts('git'))
    .option('--git [range]', 'run `git diff --numstat -z -M [range]` in the current directory')
    .option('--staged', 'with --git: score the staged changes (git diff --cached)')
    .addOption(new Option('--actions <list>', 'declared actions, comma-separated (format, imports, rename, logic, new-file, api, delete, architecture)').conflicts('declared'))
    .option('--declared <score>', 'the declared score itself', parseScore)
    .option('--preset <name>', 'prudent, balanced (default) or aggressive')
    .option('--write-set <glob>', 'a path or glob the change may touch (repeatable; none: every file is outside)', repeat, [])
    .option('--contracts <glob>', 'a contract file glob (repeatable)', repeat, [])
    .option('--ignore-deletions <glob>', "a glob whose deleted lines don't count (repeatable)", repeat, [])
    .option('--weights <file.json>', 'a JSON object of action weights overriding the defaults')
    .option('--json', 'print the verdict as one JSON document')
    .addOption(new Option('--fail-on <decision>', 'the least severe decision that exits 1').choices(['soft', 'blocking']))
    .addHelpText('after', '\nExit codes: 0 silent or soft, 1 blocking (or soft with --fail-on soft), 2 bad usage or input.')
    .action(async (options) => {
      exitCode = await scoreCommand(options);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // --help and --version end here with exit code 0; usage errors with a message already printed.
    return error.exitCode === 0 ? EXIT.ok : EXIT.badInput;
  }
  return exitCode;
}

/** A `--declared` value: a finite number. */
function parseScore(/** @type {string} */ value) {
  const score = Number(value);
  if (value.trim() === '' || !Number.isFinite(score)) throw new InvalidArgumentError('expected a number.');
  return score;
}
