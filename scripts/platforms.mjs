// The list of native targets (npm/platforms.json) for the build, pack and release scripts.
// Run as a command, it prints the release workflow's build matrix:
//   node scripts/platforms.mjs matrix    → {"include":[{platform, rust, runner, container, docker}, ...]}
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * @typedef {{ platform: string, rust: string, os: string, cpu: string, libc?: 'glibc' | 'musl',
 *   rustflags?: string, crossLinker?: string,
 *   ci: { runner: string, container?: string, docker?: string } }} Target
 */

/** @returns {{ scope: string, binaryName: string, targets: Target[] }} */
export function readPlatforms() {
  return JSON.parse(readFileSync(new URL('../npm/platforms.json', import.meta.url), 'utf8'));
}

/** The target called `platform`, or an error that lists the valid names. */
export function findTarget(/** @type {string} */ platform) {
  const { targets } = readPlatforms();
  const target = targets.find((t) => t.platform === platform);
  if (!target) {
    throw new Error(`unknown platform '${platform}' (npm/platforms.json lists ${targets.map((t) => t.platform).join(', ')})`);
  }
  return target;
}

/** The development manifest, npm/package.json: name, version and the rest every package copies. */
export function readMainManifest() {
  return JSON.parse(readFileSync(new URL('../npm/package.json', import.meta.url), 'utf8'));
}

/** The file napi-rs names for a target's addon: `upkeep.linux-x64-gnu.node`. */
export const addonFileName = (/** @type {string} */ platform) => `${readPlatforms().binaryName}.${platform}.node`;

/** The release workflow's matrix: one job per target, on its runner. */
export function ciMatrix() {
  return {
    include: readPlatforms().targets.map((t) => ({
      platform: t.platform,
      rust: t.rust,
      runner: t.ci.runner,
      container: t.ci.container ?? '',
      docker: t.ci.docker ?? '',
    })),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command] = process.argv.slice(2);
  if (command !== 'matrix') {
    process.stderr.write(`usage: node scripts/platforms.mjs matrix (got ${JSON.stringify(command ?? '')})\n`);
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(ciMatrix())}\n`);
}
