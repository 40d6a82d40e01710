// Helpers for the race and fault tests: a CLI run in the background, a run held at a
// named point (UPKEEP_FAULT_PAUSE_AT, a FIFO the test writes to let it go), big
// templates, real editor processes, and commands run in a private mount namespace (root).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { upkeepBin } from './consumer.js';
import { installProject, tempDir, writeRelease } from './update-fixtures.js';

/**
 * Runs `upkeep args` in the background.
 * @param {string[]} args @param {{ env?: Record<string, string> }} [options]
 */
export function spawnCli(args, { env = {} } = {}) {
  const child = spawn(process.execPath, [upkeepBin, ...args], {
    env: { ...process.env, CI: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  /** @type {Promise<{ status: number | null, stdout: string, stderr: string, json: any }>} */
  const done = new Promise((resolve) =>
    child.on('close', (status) => {
      let json = null;
      try {
        json = JSON.parse(stdout);
      } catch {}
      resolve({ status, stdout, stderr, json });
    }),
  );
  return { child, done };
}

/** `upkeep update --json --yes` on `root` in the background. */
export function spawnUpdate(
  /** @type {string} */ root,
  /** @type {string} */ baseline,
  /** @type {string} */ latest,
  /** @type {Record<string, string>} */ env = {},
) {
  return spawnCli(['update', '--root', root, '--baseline', baseline, '--latest', latest, '--json', '--yes'], { env });
}

/**
 * A pause point: `env` holds a run at `label`; `reached()` resolves once it is held,
 * `release()` lets it go.
 * @param {string} label
 */
export function pause(label) {
  const fifo = join(tempDir('upkeep-pause-'), 'go');
  execFileSync('mkfifo', [fifo]);
  return {
    env: { UPKEEP_FAULT_PAUSE_AT: label, UPKEEP_FAULT_PAUSE_FIFO: fifo },
    async reached(timeoutMs = 60_000) {
      for (const until = Date.now() + timeoutMs; Date.now() < until; ) {
        if (existsSync(`${fifo}.reached`)) return true;
        await sleep(10);
      }
      return false;
    },
    /** What the run said it was about to do when it stopped there (a path, for `swap`). */
    detail: () => readFileSync(`${fifo}.reached`, 'utf8'),
    release() {
      const fd = openSync(fifo, 'w');
      writeSync(fd, 'go');
      closeSync(fd);
    },
  };
}

/**
 * Two releases of an n-file template (every file owned, changed upstream) and a project
 * installed from the first.
 * @param {number} n @param {{ dirs?: number }} [options] files spread over this many folders
 */
export function bigTemplate(n, { dirs = 10 } = {}) {
  const names = Array.from({ length: n }, (_, i) => `d${i % dirs}/f${String(i).padStart(5, '0')}.txt`);
  const manifest = Object.fromEntries(names.map((p) => [p, 'owned']));
  const v1 = writeRelease(tempDir(), { version: '1.0.0', manifest, files: Object.fromEntries(names.map((p) => [p, `v1 ${p}\n`])) });
  const v2 = writeRelease(tempDir(), { version: '1.1.0', manifest, files: Object.fromEntries(names.map((p) => [p, `v2 ${p}\n`])) });
  return { names, v1, v2, project: installProject(v1) };
}

/**
 * A real editor in another process: saves `edits` (path → content) into `root` one every
 * `everyMs`, each either in place (truncate and write, as vim does by default) or by
 * renaming its own temp over the file (as most editors do); resolves when done.
 * @param {string} root @param {[string, string][]} edits @param {number} [everyMs]
 */
export function editor(root, edits, everyMs = 1) {
  const script = `
    const { writeFileSync, renameSync } = require('node:fs');
    const { join } = require('node:path');
    const [root, everyMs, list] = [process.argv[1], Number(process.argv[2]), JSON.parse(process.argv[3])];
    let i = 0;
    const next = () => {
      if (i >= list.length) return;
      const [path, content] = list[i];
      try {
        if (i % 2) writeFileSync(join(root, path), content);
        else { const t = join(root, path + '.editor-swp'); writeFileSync(t, content); renameSync(t, join(root, path)); }
      } catch (e) { console.error(path, e.message); }
      i += 1;
      setTimeout(next, everyMs);
    };
    next();`;
  const child = spawn(process.execPath, ['-e', script, root, String(everyMs), JSON.stringify(edits)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve) => child.on('close', resolve));
}

/** Whether this process may mount file systems in a private mount namespace (root, util-linux unshare). */
export const canMount = process.getuid?.() === 0 && spawnSync('unshare', ['--mount', '--propagation', 'private', 'true']).status === 0;

/**
 * Runs a bash script as root in a private mount namespace (its mounts vanish with it, so
 * a crashed test leaves none behind); arguments are `$1`….
 * @param {string} script @param {string[]} args @param {Record<string, string>} [env]
 */
export function inMountNamespace(script, args, env = {}) {
  return spawnSync('unshare', ['--mount', '--propagation', 'private', 'bash', '-c', script, 'ns', ...args], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', ...env },
    maxBuffer: 1 << 26,
  });
}

export { upkeepBin };
