// Confinement for programs upkeep runs (regenerations), with what a plain Debian machine
// has: bubblewrap, util-linux's `unshare` (a fresh mount namespace where every mount is
// made read-only, then the writable folders bound back, and a PID namespace whose
// processes all die with its first one), or nothing beyond a process group. This file
// tries each tool once per process; the engine chooses (`chooseSandbox`, which also reads
// UPKEEP_SANDBOX=bwrap|unshare|none, for tests), and the caller reports which was in
// force and why.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import process from 'node:process';
import { engine } from '../engine.js';

/** @typedef {import('../index.js').SandboxFacts} SandboxFacts */

/**
 * The unshare route's setup, run as the first process of the new namespaces: every mount
 * read-only (per mount, in this namespace only: `remount,bind` never touches the file
 * system itself), the writable folders bound back read-write, the protected ones inside
 * them read-only again, a check that no visible mount stayed writable, then the program.
 * Arguments: root, `--rw` folders…, `--ro` folders…, `--`, the program's argv.
 */
const UNSHARE_SETUP = String.raw`set -e
root=$1; shift
rw=; ro=; list=rw
while [ "$1" != "--" ]; do
  case "$1" in
    --rw) list=rw ;;
    --ro) list=ro ;;
    *) if [ "$list" = rw ]; then rw="$rw
$1"; else ro="$ro
$1"; fi ;;
  esac
  shift
done
shift
awk '{print $5}' /proc/self/mountinfo | while read -r mp; do
  mp=$(printf '%b' "$mp")
  mount -o remount,bind,ro "$mp" 2>/dev/null || true
done
printf '%s\n' "$rw" | while IFS= read -r d; do [ -z "$d" ] || { mount --bind "$d" "$d" && mount -o remount,bind,rw "$d"; }; done
printf '%s\n' "$ro" | while IFS= read -r d; do [ -z "$d" ] || [ ! -e "$d" ] || { mount --bind "$d" "$d" && mount -o remount,bind,ro "$d"; }; done
left=$(awk '{ top[$5] = $6 } END { for (m in top) if (top[m] !~ /(^|,)ro(,|$)/) print m }' /proc/self/mountinfo | while read -r mp; do
  mp=$(printf '%b' "$mp")
  printf '%s\n' "$rw" | grep -qxF -- "$mp" || printf '%s\n' "$mp"
done)
if [ -n "$left" ]; then echo "upkeep sandbox: could not make these mounts read-only: $left" >&2; exit 125; fi
cd "$root"
exec "$@"`;

/** The path of `name` on PATH, or null. */
function which(/** @type {string} */ name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {}
  }
  return null;
}

/**
 * Tries a tool: whether it is on PATH, and how its trial run with `args` ended, in its own
 * words (why it could not start, or its last line of stderr).
 * @param {string} name @param {string[]} args
 * @returns {import('../index.js').ToolProbe}
 */
function tryTool(name, args) {
  const tool = which(name);
  if (!tool) return { installed: false };
  const run = spawnSync(tool, args, { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'pipe'] });
  return { installed: true, status: run.status, message: run.error?.message ?? (run.stderr?.trim().split('\n').pop() || null) };
}

const bwrapArgs = (/** @type {string[]} */ writable, /** @type {string[]} */ protectedDirs, /** @type {string} */ root) => [
  '--ro-bind',
  '/',
  '/',
  '--dev',
  '/dev',
  '--proc',
  '/proc',
  '--ro-bind',
  '/proc/sys',
  '/proc/sys',
  ...writable.flatMap((d) => ['--bind', d, d]),
  ...protectedDirs.filter((p) => existsSync(p)).flatMap((p) => ['--ro-bind', p, p]),
  '--unshare-pid',
  '--die-with-parent',
  '--new-session',
  '--chdir',
  root,
  '--',
];

const unshareArgs = () => [
  '--mount',
  '--pid',
  '--fork',
  '--kill-child',
  '--propagation',
  'private',
  ...(process.getuid?.() === 0 ? [] : ['--map-root-user']),
];

/** @type {SandboxFacts | undefined} what this machine allows, found once per process */
let found;

/** Which confinement this machine gives, and why nothing stronger: both tools are tried, the engine chooses. */
export function sandboxMode() {
  if (found) return found;
  found = engine.chooseSandbox({
    forced: process.env.UPKEEP_SANDBOX ?? null,
    platform: process.platform,
    bwrap: tryTool('bwrap', [...bwrapArgs([], [], '/'), 'true']),
    unshare: tryTool('unshare', [...unshareArgs(), '--', 'sh', '-c', UNSHARE_SETUP, 'upkeep-sandbox', '/', '--', 'true']),
  });
  return /** @type {SandboxFacts} */ (found);
}

/**
 * The command line that runs `argv` in `root` confined to `writable` (absolute folders),
 * with `protectedDirs` (absolute) read-only even inside them.
 * @param {SandboxFacts} facts @param {string} root @param {string[]} writable @param {string[]} protectedDirs
 * @returns {(argv: string[]) => string[]}
 */
export function confineTo(facts, root, writable, protectedDirs) {
  if (facts.mode === 'bwrap')
    return (argv) => [/** @type {string} */ (which('bwrap')), ...bwrapArgs(writable, protectedDirs, root), ...argv];
  if (facts.mode === 'unshare') {
    return (argv) => [
      /** @type {string} */ (which('unshare')),
      ...unshareArgs(),
      '--',
      'sh',
      '-c',
      UNSHARE_SETUP,
      'upkeep-sandbox',
      root,
      '--rw',
      ...writable,
      '--ro',
      ...protectedDirs,
      '--',
      ...argv,
    ];
  }
  return (argv) => argv;
}
