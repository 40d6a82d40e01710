// A local npm registry for the package.json tests (packages that provide commands): real packages made with `npm pack`, served on
// 127.0.0.1 (an ephemeral port) with the packuments and tarballs npm asks for, and npm
// run against it with its own cache and no user config.
import { createHash } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { tempDir } from './update-fixtures.js';

/**
 * @typedef {object} FakePackage
 * @property {string} name
 * @property {string} version
 * @property {string[]} [bins] commands it provides; each prints `<command> ran <args>`
 */

/**
 * Packs `packages` and serves them; resolves to the registry's URL, the folder holding
 * its cache and config, and a `close`.
 * @param {FakePackage[]} packages
 */
export async function startRegistry(packages) {
  const home = tempDir('upkeep-registry-');
  /** @type {Map<string, { versions: Record<string, any>, tarballs: Map<string, Buffer> }>} */
  const served = new Map();
  for (const pkg of packages) {
    const src = join(home, 'src', pkg.name.replace('/', '+'), pkg.version);
    mkdirSync(join(src, 'bin'), { recursive: true });
    const bin = Object.fromEntries((pkg.bins ?? []).map((b) => [b, `bin/${b}.js`]));
    for (const b of pkg.bins ?? []) {
      writeFileSync(join(src, `bin/${b}.js`), `#!/usr/bin/env node\nconsole.log(${JSON.stringify(`${b} ran`)}, ...process.argv.slice(2));\n`, { mode: 0o755 });
    }
    writeFileSync(join(src, 'package.json'), JSON.stringify({ name: pkg.name, version: pkg.version, bin }));
    const out = join(home, 'tarballs');
    mkdirSync(out, { recursive: true });
    const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: src, env: npmEnv(home), encoding: 'utf8' }).trim().split('\n').pop() ?? '';
    const tarball = readFileSync(join(out, file));
    const entry = served.get(pkg.name) ?? { versions: /** @type {Record<string, any>} */ ({}), tarballs: new Map() };
    entry.tarballs.set(file, tarball);
    entry.versions[pkg.version] = {
      name: pkg.name,
      version: pkg.version,
      bin,
      dist: {
        tarball: `/-/${file}`,
        shasum: createHash('sha1').update(tarball).digest('hex'),
        integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
      },
    };
    served.set(pkg.name, entry);
  }
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    for (const [name, entry] of served) {
      for (const [file, bytes] of entry.tarballs) {
        if (path === `/-/${file}`) return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
      }
      if (path === `/${name}`) {
        const base = `http://127.0.0.1:${/** @type {any} */ (server.address()).port}`;
        const versions = Object.fromEntries(Object.entries(entry.versions).map(([v, meta]) => [v, { ...meta, dist: { ...meta.dist, tarball: base + meta.dist.tarball } }]));
        const latest = Object.keys(versions).sort().pop();
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, 'dist-tags': { latest }, versions }));
      }
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const url = `http://127.0.0.1:${/** @type {any} */ (server.address()).port}/`;
  return {
    url,
    home,
    /**
     * Runs npm in `cwd` against this registry; resolves to `{status, stdout, stderr}`.
     * Asynchronous: the registry answers from this very process.
     * @param {string} cwd @param {string[]} args
     * @returns {Promise<{ status: number | null, stdout: string, stderr: string }>}
     */
    npm(cwd, args) {
      return new Promise((resolve, reject) => {
        const child = spawn('npm', [...args, '--registry', url], { cwd, env: npmEnv(home) });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('error', reject);
        child.on('close', (status) => resolve({ status, stdout, stderr }));
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/** npm with its cache and config in `home`: nothing from the user's setup, no network else. */
function npmEnv(/** @type {string} */ home) {
  const userconfig = join(home, 'npmrc');
  writeFileSync(userconfig, 'audit=false\nfund=false\nupdate-notifier=false\n');
  return {
    ...process.env,
    npm_config_userconfig: userconfig,
    npm_config_cache: join(home, 'cache'),
    npm_config_yes: 'true',
    npm_config_loglevel: 'error',
  };
}
