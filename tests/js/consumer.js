// A throwaway project that depends on the `upkeep` package the way a user's would
// (node_modules/upkeep → npm/), for tests that import it by name or run its bin; and the
// parts of a fresh consumer's install: the packed tarballs, their dependencies, a user
// environment with no Rust in it.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
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

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const tscBin = join(packageDir, 'node_modules/typescript/bin/tsc');

/**
 * Type-checks a consumer's uses of the package under nodenext (an `.mts` and a `.cts`
 * file) and bundler resolution, with the package as installed in `dir`.
 * @param {string} dir
 */
export function typecheckConsumer(dir) {
  const uses = `const digest: string = sha256(new Uint8Array([1]));
const stream = new Sha256Stream();
stream.update(new Uint8Array(0));
const hex: string = stream.finish();
const impl: 'native' | 'wasm' = implementation;
const why: readonly Error[] = loadFailures;
void init().then(() => hashFile('x'));
// @ts-expect-error sha256 takes bytes, not a string
sha256('abc');
const conflicts: Promise<string[]> = update({ cwd: '.', dryRun: true, decide: (q) => q.from !== q.to }).then((r) => r.conflicts.map((c) => c.path));
// @ts-expect-error the flows' options are camelCased
void update({ 'dry-run': true });
export { digest, hex, impl, why, conflicts };
`;
  const names = 'sha256, Sha256Stream, implementation, loadFailures, init, hashFile, update';
  writeFileSync(join(dir, 'esm.mts'), `import { ${names} } from 'upkeep';\n${uses}`);
  writeFileSync(join(dir, 'cjs.cts'), `import upkeep = require('upkeep');\nconst { ${names} } = upkeep;\n${uses}`);
  writeFileSync(join(dir, 'bundler.ts'), `import { ${names} } from 'upkeep';\n${uses}`);
  const common = [
    '--noEmit',
    '--strict',
    '--skipLibCheck',
    'false',
    '--types',
    'node',
    '--typeRoots',
    join(packageDir, 'node_modules/@types'),
  ];
  execFileSync(process.execPath, [tscBin, ...common, '--module', 'nodenext', '--moduleResolution', 'nodenext', 'esm.mts', 'cjs.cts'], {
    cwd: dir,
    encoding: 'utf8',
  });
  execFileSync(
    process.execPath,
    [tscBin, ...common, '--module', 'esnext', '--moduleResolution', 'bundler', '--lib', 'es2022,dom', 'bundler.ts'],
    { cwd: dir, encoding: 'utf8' },
  );
}

/**
 * Packs every package built here with the project's own packer (scripts/pack.mjs), into
 * `out`; resolves to the tarballs' paths.
 * @param {string} out
 */
export function packBuiltPackages(out) {
  execFileSync(process.execPath, [join(repoRoot, 'scripts/pack.mjs'), '--out', out], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return readdirSync(out)
    .filter((f) => f.endsWith('.tgz'))
    .map((f) => join(out, f));
}

/**
 * Tarballs of the package's runtime dependencies (every non-dev entry of npm's lockfile),
 * made from the installed folders in npm/node_modules, which hold exactly what their
 * published tarballs did; so a test registry can serve them with no network.
 * @param {string} out
 */
export function packRuntimeDependencies(out) {
  const tar = createRequire(join(packageDir, 'package.json'))('tar');
  const lock = JSON.parse(readFileSync(join(packageDir, 'package-lock.json'), 'utf8'));
  mkdirSync(out, { recursive: true });
  return (
    Object.entries(lock.packages)
      // An optional dependency for another platform is in the lockfile but not installed.
      .filter(
        ([path, entry]) => path.startsWith('node_modules/') && !(/** @type {any} */ (entry).dev) && existsSync(join(packageDir, path)),
      )
      .map(([path]) => {
        const folder = join(packageDir, path);
        const { name, version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
        const file = join(out, `${name.replace('@', '').replace('/', '-')}-${version}.tgz`);
        const entries = readdirSync(folder).filter((e) => e !== 'node_modules');
        tar.c({ sync: true, gzip: true, portable: true, file, cwd: folder, prefix: 'package' }, entries);
        return file;
      })
  );
}

/**
 * The environment of a person who has Node and npm but no Rust: PATH holds only node, npm,
 * npx and sh (npx runs bins through it); HOME, npm's cache and config are fresh folders
 * under `dir`; `registry` is the only registry npm knows.
 * @param {string} dir @param {string} registry
 */
export function freshUserEnv(dir, registry) {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  for (const tool of ['node', 'npm', 'npx', 'sh']) {
    const found = (process.env.PATH ?? '')
      .split(delimiter)
      .map((d) => join(d, tool))
      .find((p) => existsSync(p));
    if (!found) throw new Error(`${tool} is not on PATH`);
    symlinkSync(found, join(bin, tool));
  }
  mkdirSync(join(dir, 'home'), { recursive: true });
  writeFileSync(join(dir, 'npmrc'), '');
  return {
    PATH: bin,
    HOME: join(dir, 'home'),
    XDG_CACHE_HOME: join(dir, 'xdg-cache'),
    npm_config_cache: join(dir, 'npm-cache'),
    npm_config_userconfig: join(dir, 'npmrc'),
    npm_config_registry: registry,
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    ...(process.env.TMPDIR && { TMPDIR: process.env.TMPDIR }),
  };
}
