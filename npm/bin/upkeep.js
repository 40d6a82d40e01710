#!/usr/bin/env node
// Entry point of the `upkeep` command: runs the CLI and turns any unexpected failure into
// a report with its own exit code, distinct from bad input.
import process from 'node:process';
import { main } from '../lib/cli/main.js';
import { EXIT } from '../lib/cli/exit-codes.js';

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  const detail = error instanceof Error ? error.stack : String(error);
  process.stderr.write(`upkeep: internal error (please report it): ${detail}\n`);
  process.exitCode = EXIT.internal;
}
