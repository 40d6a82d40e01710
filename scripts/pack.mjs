// Stages and packs the npm packages: `upkeep` (JS, types, schemas, the wasm build) and one
// `@upkeep/<platform>` per addon built into npm/native/, each generated from
// npm/platforms.json and npm/package.json, never written by hand. `make pack` runs it; so
// does the release workflow, with --all (every target of the list, or nothing) and --tag.
//
//   node scripts/pack.mjs [--out DIR] [--all] [--tag vX.Y.Z] [--repository URL]
//
// DIR (default target/packages) receives the tarballs and a stage/ folder per package.
// URL becomes every manifest's `repository` (npm checks it against a provenance
// statement: the workflow passes the repository it runs in).
// The development folder npm/ itself is never packed: its manifest has no platform
// packages (its prepack refuses and points here).
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { addonKind } from './addon-kind.mjs';
import { addonFileName, readMainManifest, readPlatforms, repoRoot } from './platforms.mjs';

const npmDir = join(repoRoot, 'npm');
/** Files every main package must carry; a missing one means an incomplete build. */
const MAIN_REQUIRED = [
  'lib/index.js',
  'lib/index.cjs',
  'lib/index.d.ts',
  'lib/index.d.cts',
  'lib/generated/types.d.cts',
  'wasm/upkeep.js',
  'wasm/upkeep_bg.wasm',
  'bin/upkeep.js',
];
/** The command that makes a missing input (the rest are sources: a broken checkout). */
const makes = (/** @type {string} */ file) =>
  file.startsWith('wasm/') ? 'make build-wasm' : file.endsWith('.d.cts') ? 'make build-types' : 'git checkout npm/';

/**
 * A `prepack` script that refuses to pack a staged folder missing any of `files`, for a
 * publish run by hand on the stage: the packer checks the same before it writes anything.
 */
const prepackGuard = (/** @type {string[]} */ files) =>
  `node -e "const m=${JSON.stringify(files).replaceAll('"', "'")}.filter((f)=>!require('fs').existsSync(f));if(m.length){console.error('refusing to pack without '+m.join(', '));process.exit(1)}"`;

/** The fields every package copies from the main manifest. */
function common(/** @type {any} */ main) {
  const { version, license, author, repository, homepage, bugs, engines } = main;
  return Object.fromEntries(
    Object.entries({ version, license, author, repository, homepage, bugs, engines }).filter(([, v]) => v !== undefined),
  );
}

/** The published manifest of the main package: the dev one, plus the platform packages, minus dev-only fields. */
function mainManifest(/** @type {any} */ dev, /** @type {string[]} */ names) {
  const { scripts: _scripts, devDependencies: _dev, ...published } = dev;
  return {
    ...published,
    optionalDependencies: Object.fromEntries(names.map((name) => [name, dev.version])),
    scripts: { prepack: prepackGuard([...MAIN_REQUIRED, 'README.md', 'LICENSE']) },
  };
}

/** The manifest of one platform package. */
function platformManifest(/** @type {any} */ dev, /** @type {import('./platforms.mjs').Target} */ target, /** @type {string} */ name) {
  const file = addonFileName(target.platform);
  const { version, ...rest } = common(dev);
  return {
    name,
    version,
    description: `The ${target.platform} N-API addon of upkeep (${target.rust}); install \`upkeep\`, which depends on it.`,
    ...rest,
    os: [target.os],
    cpu: [target.cpu],
    ...(target.libc && { libc: [target.libc] }),
    main: file,
    files: [file],
    publishConfig: { access: 'public' },
    scripts: { prepack: prepackGuard([file, 'README.md', 'LICENSE']) },
  };
}

const platformReadme = (/** @type {string} */ name, /** @type {import('./platforms.mjs').Target} */ target) => `# \`${name}\`

The **${target.rust}** build of the [upkeep](https://www.npmjs.com/package/upkeep) engine,
a Node-API addon. Do not install it yourself: install \`upkeep\`, which lists one such
package per platform as an optional dependency, and npm fetches the one that matches your
\`os\`, \`cpu\`${target.libc ? ' and `libc`' : ''}. Without it, \`upkeep\` runs on its WebAssembly build
and says why in \`loadFailures\`.
`;

/** Refuses with the list of what is missing and the command that makes it. */
function refuse(/** @type {string} */ message) {
  process.stderr.write(`pack: ${message}\n`);
  process.exit(2);
}

/** Runs `npm pack` in `dir` into `out`; returns npm's report of the tarball. */
function npmPack(/** @type {string} */ dir, /** @type {string} */ out) {
  const result = spawnSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) refuse(`npm pack failed in ${dir}:\n${result.stderr}`);
  return JSON.parse(result.stdout)[0];
}

const { values: options } = parseArgs({
  options: { out: { type: 'string' }, all: { type: 'boolean' }, tag: { type: 'string' }, repository: { type: 'string' } },
});
const out = resolve(options.out ?? join(repoRoot, 'target/packages'));
const dev = readMainManifest();
if (options.repository) dev.repository = { type: 'git', url: options.repository };
const { scope, targets } = readPlatforms();

if (options.tag !== undefined && options.tag !== `v${dev.version}`) {
  refuse(
    `the tag ${options.tag} does not match npm/package.json's version ${dev.version} (tag v${dev.version}, or bump the version first)`,
  );
}
const missingMain = MAIN_REQUIRED.filter((f) => !existsSync(join(npmDir, f)));
if (missingMain.length > 0) {
  const hints = [...new Set(missingMain.map(makes))];
  refuse(`the main package needs ${missingMain.map((f) => `npm/${f}`).join(', ')} (run ${hints.join(', then ')})`);
}
const built = targets.filter((t) => existsSync(join(npmDir, 'native', addonFileName(t.platform))));
if (built.length === 0) refuse('no addon in npm/native/ (run make build-native): every install would fall back to wasm');
if (options.all && built.length < targets.length) {
  refuse(
    `a release packs every target; missing ${targets
      .filter((t) => !built.includes(t))
      .map((t) => `npm/native/${addonFileName(t.platform)}`)
      .join(', ')}`,
  );
}
for (const target of built) {
  const kind = addonKind(readFileSync(join(npmDir, 'native', addonFileName(target.platform))));
  const wanted = { os: target.os, cpu: target.cpu, ...(target.libc && { libc: target.libc }) };
  if (!kind || Object.entries(wanted).some(([k, v]) => /** @type {any} */ (kind)[k] !== v)) {
    refuse(
      `npm/native/${addonFileName(target.platform)} is built for ${kind ? JSON.stringify(kind) : 'no known machine'}, not ${JSON.stringify(wanted)}`,
    );
  }
}

rmSync(join(out, 'stage'), { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const reports = [];
for (const target of built) {
  const name = `${scope}/${target.platform}`;
  const dir = join(out, 'stage', target.platform);
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(npmDir, 'native', addonFileName(target.platform)), join(dir, addonFileName(target.platform)));
  copyFileSync(join(repoRoot, 'LICENSE'), join(dir, 'LICENSE'));
  writeFileSync(join(dir, 'README.md'), platformReadme(name, target));
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(platformManifest(dev, target, name), null, 2)}\n`);
  reports.push(npmPack(dir, out));
}
const mainDir = join(out, 'stage', 'upkeep');
for (const entry of dev.files) {
  mkdirSync(dirname(join(mainDir, entry)), { recursive: true });
  cpSync(join(npmDir, entry), join(mainDir, entry), { recursive: true });
}
copyFileSync(join(npmDir, 'README.md'), join(mainDir, 'README.md'));
copyFileSync(join(repoRoot, 'LICENSE'), join(mainDir, 'LICENSE'));
writeFileSync(
  join(mainDir, 'package.json'),
  `${JSON.stringify(
    mainManifest(
      dev,
      targets.map((t) => `${scope}/${t.platform}`),
    ),
    null,
    2,
  )}\n`,
);
reports.push(npmPack(mainDir, out));

const kb = (/** @type {number} */ n) => `${(n / 1000).toFixed(0)} kB`;
for (const r of reports)
  process.stdout.write(
    `${join(out, r.filename)}  ${r.name}@${r.version}  ${kb(r.size)} packed, ${kb(r.unpackedSize)} unpacked, ${r.entryCount} files\n`,
  );
if (built.length < targets.length) {
  process.stdout.write(
    `not built here (the release workflow builds them): ${targets
      .filter((t) => !built.includes(t))
      .map((t) => t.platform)
      .join(', ')}\n`,
  );
}
