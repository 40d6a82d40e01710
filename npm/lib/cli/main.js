// The `upkeep` command line: parses arguments, runs one command, returns its exit code.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { implementation } from '../engine.js';
import { EXIT } from './exit-codes.js';
import { hashCommand } from './hash.js';
import { printError } from './output.js';
import { statusCommand } from './status.js';
import { updateCommand } from './update.js';

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

  /** The release options `update` and `status` share. */
  const releaseOptions = (/** @type {Command} */ command) =>
    command
      .requiredOption('--baseline <release>', 'the release the project was installed from: a directory, a .tar.gz, or <template repo>#<git ref>')
      .requiredOption('--latest <release>', 'the release to update to (same forms)')
      .option('--root <dir>', 'the project root (default: the current directory)')
      .option('--state-dir <name>', 'the state folder holding VERSION and manifest.json', '.upkeep')
      .option('--conflicts <mode>', 'patch (diff -u per conflict), merge (three-way merge first) or markers', 'patch')
      .option('--ignore-eol', 'compare files with CRLF read as LF (autocrlf checkouts)')
      .option('--json', 'print the report as one JSON document');

  releaseOptions(program.command('update'))
    .description('bring a project scaffolded from a template up to a new release, keeping local edits')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('-n, --dry-run', 'compute everything, write nothing')
    .action(async (options) => {
      exitCode = await updateCommand(options);
    });

  releaseOptions(program.command('status'))
    .description('read-only: what the project changed and what the next release would change; exit 1 when an update is pending or would conflict')
    .action(async (options) => {
      exitCode = await statusCommand(options);
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
