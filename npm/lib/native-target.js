// The napi-rs name of the platform a process runs on (`linux-x64-gnu`, `darwin-arm64`,
// `win32-x64-msvc`, ...): the suffix of the @upkeep/<platform> package that holds its
// addon and of the local build's file name. The build and pack scripts use it too, so the
// loader and the packages can never disagree on a name.
import { readFileSync } from 'node:fs';
import process from 'node:process';

/**
 * Whether this Linux runs on musl. `ldd` names its C library (cheap); without it, a glibc
 * runtime shows in Node's diagnostic report (about 20 ms, its network section skipped).
 */
function isMusl() {
  try {
    const ldd = readFileSync('/usr/bin/ldd', 'latin1');
    if (ldd.includes('musl')) return true;
    if (/GLIBC|GNU C Library/i.test(ldd)) return false;
  } catch {
    // No ldd (a minimal container): ask the report below.
  }
  const report = /** @type {any} */ (process.report);
  if (typeof report?.getReport !== 'function') return false;
  report.excludeNetwork = true;
  return !report.getReport()?.header?.glibcVersionRuntime;
}

/**
 * The platform name for `platform`/`arch`, with the ABI napi-rs appends: `gnu` or `musl`
 * on Linux, `msvc` on Windows, none on macOS.
 * @param {{ platform?: string, arch?: string, libc?: 'glibc' | 'musl' }} [of] this process when left out
 */
export function nativeTarget({ platform = process.platform, arch = process.arch, libc } = {}) {
  if (platform === 'linux') return `linux-${arch}-${(libc ?? (isMusl() ? 'musl' : 'glibc')) === 'musl' ? 'musl' : 'gnu'}`;
  if (platform === 'win32') return `win32-${arch}-msvc`;
  return `${platform}-${arch}`;
}
