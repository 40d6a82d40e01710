// A throwaway project that depends on the `upkeep` package the way a user's would
// (node_modules/upkeep → npm/), for tests that import it by name or run its bin.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const packageDir = fileURLToPath(new URL('../../npm/', import.meta.url));
export const upkeepBin = join(packageDir, 'bin/upkeep.js');

/**
 * A temp project with `upkeep` installed; `packageFrom` installs a copy of some of the
 * package's folders instead of a link (to test a package missing its addon, say).
 * @param {{ copyOnly?: string[] }} [options]
 */
export function makeConsumer({ copyOnly } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'upkeep-consumer-'));
  mkdirSync(join(dir, 'node_modules'));
  const installed = join(dir, 'node_modules/upkeep');
  if (copyOnly) {
    mkdirSync(installed);
    for (const part of ['package.json', 'lib', 'node_modules', ...copyOnly]) {
      if (part === 'node_modules') symlinkSync(join(packageDir, part), join(installed, part));
      else cpSync(join(packageDir, part), join(installed, part), { recursive: true });
    }
  } else {
    symlinkSync(packageDir, installed);
  }
  writeFileSync(join(dir, 'package.json'), '{"name":"consumer","private":true}\n');
  return {
    dir,
    /** Runs `node -e source` (or `--input-type=module` when esm) in the project. */
    node(/** @type {string} */ source, { esm = true, env = {} } = {}) {
      const args = esm ? ['--input-type=module', '-e', source] : ['-e', source];
      return spawnSync(process.execPath, args, { cwd: dir, env: { ...process.env, ...env }, encoding: 'utf8' });
    },
    write(/** @type {string} */ name, /** @type {string} */ text) {
      writeFileSync(join(dir, name), text);
    },
    exec(/** @type {string} */ file, /** @type {string[]} */ args) {
      return execFileSync(file, args, { cwd: dir, encoding: 'utf8' });
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** upkeep's release cache for this test process: a temp folder, never the user's. */
const testCache = mkdtempSync(join(tmpdir(), 'upkeep-test-cache-'));
process.on('exit', () => rmSync(testCache, { recursive: true, force: true }));

/**
 * Runs the `upkeep` command with `args`; resolves to `{status, stdout, stderr}`. The
 * release cache is a temp folder unless `env` names one (`XDG_CACHE_HOME`).
 * @param {string[]} args
 * @param {{ cwd?: string, env?: Record<string, string>, input?: string | Buffer }} [options]
 */
export function runCli(args, { cwd, env = {}, input } = {}) {
  const result = spawnSync(process.execPath, [upkeepBin, ...args], {
    cwd,
    env: { ...process.env, XDG_CACHE_HOME: testCache, ...env },
    input,
    encoding: 'buffer',
    maxBuffer: 1 << 28,
  });
  return { status: result.status, stdout: result.stdout.toString('utf8'), stderr: result.stderr.toString('utf8') };
}
