// Real npm packages for the lifecycle tests: package folders packed with `npm pack`, served
// by a static registry on 127.0.0.1 (tests/js/registry-server.mjs, its own process) that
// the test starts and stops. npm is pointed at it through the child's environment only.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = fileURLToPath(new URL('./registry-server.mjs', import.meta.url));

/**
 * Packs each folder (a package.json with name and version) and serves them.
 * @param {string[]} folders
 * @returns {Promise<{ env: Record<string, string>, requests: () => string[], stop: () => void, dir: string }>}
 */
export async function startRegistry(folders) {
  const dir = mkdtempSync(join(tmpdir(), 'upkeep-registry-'));
  const npmCache = join(dir, 'npm-cache');
  mkdirSync(join(dir, 'tarballs'), { recursive: true });
  /** @type {Map<string, any>} */
  const packuments = new Map();
  for (const folder of folders) {
    const out = execFileSync(
      'npm',
      ['pack', folder, '--pack-destination', join(dir, 'tarballs'), '--json', '--ignore-scripts', '--loglevel=error'],
      {
        env: { ...process.env, npm_config_cache: npmCache },
        encoding: 'utf8',
      },
    );
    const [info] = JSON.parse(out);
    const file = `${info.name.replace('/', '-').replace(/^@/, '')}-${info.version}.tgz`;
    renameSync(join(dir, 'tarballs', info.filename), join(dir, 'tarballs', file));
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const doc = packuments.get(info.name) ?? { _id: info.name, name: info.name, 'dist-tags': {}, versions: {}, time: {} };
    doc.versions[info.version] = {
      ...manifest,
      _id: `${info.name}@${info.version}`,
      dist: { tarball: `{{origin}}/${info.name}/-/${file}`, integrity: info.integrity, shasum: info.shasum },
    };
    doc.time[info.version] = new Date(Date.UTC(2024, 0, packuments.size + 1)).toISOString();
    if (!info.version.includes('-')) doc['dist-tags'].latest = latestOf(doc['dist-tags'].latest, info.version);
    packuments.set(info.name, doc);
  }
  for (const [name, doc] of packuments) writeFileSync(join(dir, `${encodeURIComponent(name)}.json`), JSON.stringify(doc));
  writeFileSync(join(dir, 'requests.log'), '');
  const child = spawn(process.execPath, [server, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`the test registry exited (${code})`)));
  });
  return {
    dir,
    env: {
      npm_config_registry: `http://127.0.0.1:${port}/`,
      npm_config_cache: npmCache,
      npm_config_fetch_retries: '0',
      npm_config_update_notifier: 'false',
    },
    requests: () => readFileSync(join(dir, 'requests.log'), 'utf8').split('\n').filter(Boolean),
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function latestOf(/** @type {string | undefined} */ a, /** @type {string} */ b) {
  if (!a) return b;
  const parts = (/** @type {string} */ v) => v.split('.').map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i] > y[i] ? a : b;
  return a;
}
