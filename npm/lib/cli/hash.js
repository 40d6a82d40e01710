// `upkeep hash <file>...`: sha256sum-compatible output, streaming each file.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { engine } from '../engine.js';
import { hashFile } from '../shim/hash-file.js';
import { fsReason, printError, printLine } from './output.js';

/**
 * Hashes every operand in order, printing a `sha256sum` line each. A file that cannot be
 * read is reported by name and skipped; the others are still hashed, and the exit code
 * says something failed.
 * @param {string[]} operands
 * @param {{ recursive?: boolean }} options
 */
export async function hashCommand(operands, { recursive = false }) {
  let unreadable = 0;
  for (const operand of operands) {
    for await (const file of expand(operand, recursive)) {
      try {
        printLine(engine.checksumLine(await hashFile(file), file));
      } catch (error) {
        printError(engine.usageRefusal(cannotHash(file, error)).message);
        unreadable += 1;
      }
    }
  }
  return engine.hashExit(unreadable);
}

/**
 * The files an operand names: itself, or with `recursive` every file under a directory, in
 * the engine's walk order (`hashWalkOrder`). Errors surface when the file is read.
 * @param {string} operand
 * @param {boolean} recursive
 * @returns {AsyncGenerator<string>}
 */
async function* expand(operand, recursive) {
  if (operand === '-' || !recursive || !(await isDirectory(operand))) {
    yield operand;
    return;
  }
  const entries = new Map((await readdir(operand, { withFileTypes: true })).map((entry) => [entry.name, entry]));
  for (const name of engine.hashWalkOrder([...entries.keys()])) {
    const path = join(operand, name);
    if (entries.get(name)?.isDirectory()) yield* expand(path, true);
    else yield path;
  }
}

async function isDirectory(/** @type {string} */ path) {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

/** What hashing a path met: a folder (the engine adds the hint), or the file system's refusal. */
function cannotHash(/** @type {string} */ path, /** @type {any} */ error) {
  return error?.code === 'EISDIR'
    ? /** @type {const} */ ({ kind: 'hash-folder', path })
    : /** @type {const} */ ({ kind: 'file-failed', action: 'hash', path, error: fsReason(error) });
}
