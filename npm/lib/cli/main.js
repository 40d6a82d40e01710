// The `upkeep` command line: parses arguments, runs one command, returns its exit code.
import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { implementation } from '../engine.js';
import { EXIT } from './exit-codes.js';
import { hashCommand } from './hash.js';
import { printError } from './output.js';
import { installCommand, refreshCommand } from './refresh.js';

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

  program
    .command('install')
    .description('copy the files a source manifest lists into a host repository and record their hashes')
    .requiredOption('--source <dir>', 'the source (holds install/manifest.json)')
    .requiredOption('--target <repo>', 'the host repository')
    .option('--manifest <file>', 'the manifest, if not <source>/install/manifest.json')
    .option('--force', 'replace existing different files (backed up first)')
    .option('--dry-run', 'report what would happen; write nothing')
    .option('--json', 'print one JSON report document')
    .action(async (options) => {
      exitCode = await installCommand(options);
    });

  program
    .command('refresh')
    .description('bring installed files up to date without clobbering local edits')
    .requiredOption('--source <dir>', 'the source (holds install/manifest.json)')
    .requiredOption('--target <repo>', 'the host repository')
    .option('--manifest <file>', 'the manifest, if not <source>/install/manifest.json')
    .addOption(new Option('--auto <decision>', 'decide every locally-modified file').choices(['take-theirs', 'keep-mine']))
    .addOption(new Option('--host-deleted <decision>', 'decide every file deleted on the host').choices(['restore', 'forget']))
    .addOption(new Option('--source-deleted <decision>', 'decide every file the source dropped').choices(['remove', 'keep']))
    .option('--dry-run', 'report states and what would happen; write nothing')
    .option('--json', 'print one JSON report document')
    .action(async (options) => {
      exitCode = await refreshCommand(options);
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
