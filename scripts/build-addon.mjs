// Builds the N-API addon for one target of npm/platforms.json and puts it where the loader
// and the packer look: npm/native/upkeep.<platform>.node. The addon is stripped by the
// release profile (Cargo.toml). `make build-native`, `make cross-arm64` and every job of
// the release workflow run this same script.
//
//   node scripts/build-addon.mjs [platform...] [--with-present]
//
// Default: the platform this runs on. --with-present: see below (make build-native).
//
// Routes, first that applies: the host itself; rustup's standard library for the target
// (a developer's laptop, CI); Debian's compiler building the standard library from source
// (rust-web-src) with Debian's cross linker, for machines where rustup cannot download a
// target's standard library.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { nativeTarget } from '../npm/lib/native-target.js';
import { addonFileName, findTarget, readPlatforms, repoRoot } from './platforms.mjs';

/** Runs a command for its output; `null` when it cannot run. */
function output(/** @type {string} */ command, /** @type {string[]} */ args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout : null;
}

/** The file cargo links a cdylib into, per operating system. */
const libraryName = (/** @type {string} */ os) =>
  os === 'win32' ? 'upkeep_node.dll' : os === 'darwin' ? 'libupkeep_node.dylib' : 'libupkeep_node.so';

/**
 * How to build `target` here: the cargo program, its arguments, environment and the folder
 * the library lands in.
 * @param {import('./platforms.mjs').Target} target
 */
function route(target) {
  const host = /host: (\S+)/.exec(output('rustc', ['-vV']) ?? '')?.[1];
  if (!host) throw new Error('build-addon: rustc is not on PATH (install Rust with rustup)');
  /** @type {Record<string, string>} */
  const env = target.rustflags ? { RUSTFLAGS: target.rustflags } : {};
  const base = ['build', '--release', '-p', 'upkeep-node'];
  if (host === target.rust) return { how: 'on the host', cargo: 'cargo', args: base, env, out: join(repoRoot, 'target/release') };

  const linkerVar = `CARGO_TARGET_${target.rust.toUpperCase().replaceAll('-', '_')}_LINKER`;
  if (target.crossLinker) env[linkerVar] = target.crossLinker;
  const installed = (output('rustup', ['target', 'list', '--installed']) ?? '').split('\n');
  if (installed.includes(target.rust)) {
    return {
      how: "with rustup's target",
      cargo: 'cargo',
      args: [...base, '--target', target.rust],
      env,
      out: join(repoRoot, 'target', target.rust, 'release'),
    };
  }
  const debianStd = '/usr/lib/rustlib/src/rust/library';
  if (existsSync('/usr/bin/rustc') && existsSync(debianStd) && target.crossLinker && output(target.crossLinker, ['--version'])) {
    const dir = join(repoRoot, 'target/cross');
    return {
      how: "with Debian's compiler, its std sources and cross linker",
      cargo: '/usr/bin/cargo',
      args: [...base, '--target', target.rust, '-Zbuild-std=std,panic_unwind'],
      env: { ...env, RUSTC: '/usr/bin/rustc', RUSTDOC: '/usr/bin/rustdoc', RUSTC_BOOTSTRAP: '1', CARGO_TARGET_DIR: dir },
      out: join(dir, target.rust, 'release'),
    };
  }
  throw new Error(
    `build-addon: cannot build ${target.platform} on ${host}: rustup has no ${target.rust} target` +
      (target.crossLinker
        ? ` and Debian's route needs rust-web-src and ${target.crossLinker} (make cross-arm64 installs them for linux-arm64-gnu)`
        : ' and no cross route is known'),
  );
}

/** Builds `platform`'s addon into npm/native/. */
function build(/** @type {string} */ platform) {
  const target = findTarget(platform);
  const { how, cargo, args, env, out } = route(target);
  process.stderr.write(`build-addon: ${platform} (${target.rust}) ${how}\n`);
  const built = spawnSync(cargo, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
  if (built.error) throw new Error(`build-addon: cannot run ${cargo}: ${built.error.message}`);
  if (built.status !== 0) process.exit(built.status ?? 1);

  const dest = join(repoRoot, 'npm/native', addonFileName(platform));
  mkdirSync(join(repoRoot, 'npm/native'), { recursive: true });
  // Copy then rename: a loader never sees a half-written addon.
  copyFileSync(join(out, libraryName(target.os)), `${dest}.tmp`);
  renameSync(`${dest}.tmp`, dest);
  process.stderr.write(`build-addon: npm/native/${addonFileName(platform)} (${(statSync(dest).size / 1e6).toFixed(2)} MB)\n`);
}

// --with-present: also every other target whose addon is already in npm/native (make
// cross-arm64 left it there), so make pack and make test never use one older than the
// sources. One this machine has no route for is left as it is, and said so.
const withPresent = process.argv.includes('--with-present');
const named = process.argv.slice(2).filter((a) => a !== '--with-present');
const platforms = named.length > 0 ? named : [nativeTarget()];
try {
  for (const platform of platforms) build(platform);
  if (withPresent) {
    for (const { platform } of readPlatforms().targets) {
      if (platforms.includes(platform) || !existsSync(join(repoRoot, 'npm/native', addonFileName(platform)))) continue;
      try {
        route(findTarget(platform));
      } catch (error) {
        process.stderr.write(
          `build-addon: npm/native/${addonFileName(platform)} was not rebuilt (${/** @type {Error} */ (error).message.replace('build-addon: ', '')}); it is left as it is\n`,
        );
        continue;
      }
      build(platform);
    }
  }
} catch (error) {
  process.stderr.write(`${/** @type {Error} */ (error).message}\n`);
  process.exit(2);
}
