// Real git repositories in a temp dir for the land and sync tests: a bare origin, a
// checkout cloned from it, and a work clone cloned from the checkout.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const env = { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', HOME: tmpdir() };

/** Runs git in `cwd` and returns its output, trimmed. */
export function git(/** @type {string} */ cwd, /** @type {string[]} */ ...args) {
  return execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** Writes `text` to `path` under `dir`, making folders. */
export function write(/** @type {string} */ dir, /** @type {string} */ path, /** @type {string} */ text) {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

export const read = (/** @type {string} */ dir, /** @type {string} */ path) => readFileSync(join(dir, path), 'utf8');

/** Writes files and commits them; returns the new commit id. */
export function commit(/** @type {string} */ dir, /** @type {string} */ message, /** @type {Record<string, string>} */ files) {
  for (const [path, text] of Object.entries(files)) write(dir, path, text);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', message);
  return git(dir, 'rev-parse', 'HEAD');
}

function identity(/** @type {string} */ dir) {
  git(dir, 'config', 'user.name', 'upkeep test');
  git(dir, 'config', 'user.email', 'test@upkeep.invalid');
  git(dir, 'config', 'commit.gpgsign', 'false');
}

/** A bare origin with one commit on main, a checkout of it and a work clone of the checkout. */
export function makeRepos() {
  const root = mkdtempSync(join(tmpdir(), 'upkeep-git-'));
  const origin = join(root, 'origin.git');
  const checkout = join(root, 'checkout');
  const clone = join(root, 'clone');
  git(root, 'init', '-q', '--bare', '-b', 'main', origin);
  git(root, 'clone', '-q', origin, checkout);
  identity(checkout);
  git(checkout, 'symbolic-ref', 'HEAD', 'refs/heads/main');
  commit(checkout, 'initial', { 'a.txt': 'a\n', 'b.txt': 'b\n', 'old.txt': 'old\n' });
  git(checkout, 'push', '-q', 'origin', 'main');
  git(checkout, 'branch', '-q', '--set-upstream-to=origin/main');
  git(root, 'clone', '-q', checkout, clone);
  identity(clone);
  return {
    root,
    origin,
    checkout,
    clone,
    head: (/** @type {string} */ dir) => git(dir, 'rev-parse', 'HEAD'),
    originMain: () => git(origin, 'rev-parse', 'refs/heads/main'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
