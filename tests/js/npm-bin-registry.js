// Packages that provide commands, for the package.json tests: each package is a real
// folder (package.json with `bin`, a script per command printing `<command> ran <args>`)
// served by the shared local registry (npm-registry.js, 127.0.0.1, an ephemeral port),
// and npm is run against it with its own cache and no user config.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startRegistry } from './npm-registry.js';
import { tempDir } from './update-fixtures.js';

/**
 * @typedef {object} FakePackage
 * @property {string} name
 * @property {string} version
 * @property {string[]} [bins] commands it provides; each prints `<command> ran <args>`
 */

/**
 * Writes `packages` as folders and serves them; resolves to the folder holding them and
 * npm's config, an `npm` runner and a `close`.
 * @param {FakePackage[]} packages
 */
export async function startBinRegistry(packages) {
  const home = tempDir('upkeep-bin-registry-');
  const folders = packages.map((pkg) => {
    const src = join(home, 'src', pkg.name.replace('/', '+'), pkg.version);
    mkdirSync(join(src, 'bin'), { recursive: true });
    const bin = Object.fromEntries((pkg.bins ?? []).map((b) => [b, `bin/${b}.js`]));
    for (const b of pkg.bins ?? []) {
      writeFileSync(
        join(src, `bin/${b}.js`),
        `#!/usr/bin/env node\nconsole.log(${JSON.stringify(`${b} ran`)}, ...process.argv.slice(2));\n`,
        { mode: 0o755 },
      );
    }
    writeFileSync(join(src, 'package.json'), JSON.stringify({ name: pkg.name, version: pkg.version, bin }));
    return src;
  });
  const registry = await startRegistry(folders);
  const userconfig = join(home, 'npmrc');
  writeFileSync(userconfig, 'audit=false\nfund=false\nupdate-notifier=false\n');
  const env = { ...process.env, ...registry.env, npm_config_userconfig: userconfig, npm_config_yes: 'true', npm_config_loglevel: 'error' };
  return {
    home,
    /**
     * Runs npm in `cwd` against this registry; resolves to `{status, stdout, stderr}`.
     * @param {string} cwd @param {string[]} args
     * @returns {Promise<{ status: number | null, stdout: string, stderr: string }>}
     */
    npm(cwd, args) {
      return new Promise((resolve, reject) => {
        const child = spawn('npm', args, { cwd, env });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('error', reject);
        child.on('close', (status) => resolve({ status, stdout, stderr }));
      });
    },
    close: async () => registry.stop(),
  };
}
