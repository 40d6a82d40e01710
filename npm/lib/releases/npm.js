// npm sources, through the npm command as installed: its configuration (registry, scopes,
// auth, proxy) decides where packages come from; upkeep never names a registry host.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';
import { fetchError, run } from './run.js';

const env = () => ({ ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' });

/**
 * The published versions and dist-tags of package `name`.
 * @param {string} name @param {string} label
 * @returns {Promise<import('../index.js').NpmVersions>}
 */
export async function viewVersions(name, label) {
  const r = await npm(['view', name, 'versions', 'dist-tags', '--json'], label, { step: 'list-versions', package: name });
  /** @type {import('../index.js').NpmVersions | null} */
  const view = engine.parseNpmView(r.stdout.toString('utf8'));
  if (view === null) throw fetchError({ kind: 'no-version-list', name: label, package: name });
  return view;
}

/**
 * Downloads `name@version` as npm would install it into `dir`; resolves to the tarball's
 * path and the registry's integrity for it (npm checks the download against it).
 * @param {string} name @param {string} version @param {string} dir @param {string} label
 */
export async function pack(name, version, dir, label) {
  const r = await npm(['pack', `${name}@${version}`, '--pack-destination', dir, '--json'], label, {
    step: 'download',
    package: name,
    version,
  });
  // `dir` is a fresh folder: the one tarball in it is this one.
  const found = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!found) throw fetchError({ kind: 'no-tarball', name: label, package: name, version });
  return { file: join(dir, found), integrity: /** @type {string | null} */ (engine.npmPackIntegrity(r.stdout.toString('utf8'))) };
}

/**
 * Runs npm for `step`; a failure is the engine's refusal naming the release, the step and npm's words.
 * @param {string[]} args @param {string} label @param {import('../index.js').FetchStep} step
 */
async function npm(args, label, step) {
  let r;
  try {
    r = await run('npm', [...args, '--loglevel=error'], { env: env() });
  } catch (error) {
    throw fetchError({ kind: 'tool-not-run', name: label, step, error: /** @type {Error} */ (error).message });
  }
  if (r.status !== 0) throw fetchError({ kind: 'tool-failed', name: label, step, stderr: r.stderr });
  return r;
}
