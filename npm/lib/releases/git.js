// Git sources: listing tags with `git ls-remote`, fetching one commit's tree with a shallow
// `git fetch` into a throwaway bare repository and `git archive`. Git as installed decides
// transports, credentials and proxies; its own message is in every error.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engine } from '../engine.js';
import { extractStream } from './archive.js';
import { gitEnv } from '../shim/git.js';
import { fetchError, run } from './run.js';

/**
 * Whether `abs` is a git repository, as the engine reads the names at its top
 * (`isGitRepository`): looked at here with stat, no git process.
 */
export async function isGitRepository(/** @type {string} */ abs) {
  // Only a folder has names to look at (inside a file, stat fails with ENOTDIR).
  if (!statSync(abs, { throwIfNoEntry: false })?.isDirectory()) return engine.isGitRepository({ directory: false });
  const at = (/** @type {string} */ name) => statSync(join(abs, name), { throwIfNoEntry: false });
  return engine.isGitRepository({
    directory: true,
    dotGit: Boolean(at('.git')),
    head: Boolean(at('HEAD')),
    objectsDir: Boolean(at('objects')?.isDirectory()),
    refsDir: Boolean(at('refs')?.isDirectory()),
  });
}

/** `git ls-remote --tags` of `location`, as text. */
export async function listTags(/** @type {string} */ location, /** @type {string} */ label) {
  const r = await git(['ls-remote', '--tags', location], label, { step: 'list-tags', location });
  return r.stdout.toString('utf8');
}

/**
 * What `ref` names in `location` (the engine's rule: a full commit id, else a tag, else a
 * branch): the ref to fetch, its commit and a tag's version, or null.
 * @param {string} location @param {string} ref @param {string} label
 * @returns {Promise<import('../index.js').GitRefFound | null>}
 */
export async function resolveRef(location, ref, label) {
  /** @type {import('../index.js').GitRefLookup} */
  const lookup = engine.gitRefLookup(ref);
  if (lookup.found) return lookup.found;
  const r = await git(['ls-remote', location, ...lookup.ask], label, { step: 'look-up', reference: ref, location });
  return engine.gitRefFound(ref, r.stdout.toString('utf8'));
}

/**
 * Fetches `refspec` (a tag ref, a branch, a commit) from `location` and extracts its tree
 * into `into`; resolves to the commit id.
 * @param {string} location @param {string} refspec @param {string} into @param {string} label
 */
export async function fetchTree(location, refspec, into, label) {
  const repo = mkdtempSync(join(tmpdir(), 'upkeep-git-'));
  try {
    await git(['init', '-q', '--bare', repo], label, { step: 'create-scratch' });
    await git(['-C', repo, 'fetch', '-q', '--depth', '1', '--no-tags', location, refspec], label, { step: 'fetch', refspec, location });
    const commit = (await git(['-C', repo, 'rev-parse', '--verify', 'FETCH_HEAD^{commit}'], label, { step: 'read-fetched' })).stdout
      .toString('utf8')
      .trim();
    // The extraction's failure is held, not thrown, until git has exited: a git that
    // failed (or was stopped) cuts the archive short, and its own words say why.
    /** @type {Promise<unknown>} */
    let extracted = Promise.resolve(null);
    const r = await run('git', ['-C', repo, 'archive', '--format=tar', `${commit}^{tree}`], {
      env: gitEnv(),
      onStdout: (stream) =>
        (extracted = extractStream(stream, into, label).then(
          () => null,
          (error) => error,
        )),
    });
    if (r.status !== 0) throw fetchError({ kind: 'tool-failed', name: label, step: { step: 'archive' }, stderr: r.stderr });
    const failure = await extracted;
    if (failure) throw failure;
    return commit;
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}

/**
 * Runs git for `step`; a failure is the engine's refusal naming the release, the step and git's words.
 * @param {string[]} args @param {string} label @param {import('../index.js').FetchStep} step
 */
async function git(args, label, step) {
  let r;
  try {
    r = await run('git', args, { env: gitEnv() });
  } catch (error) {
    throw fetchError({ kind: 'tool-not-run', name: label, step, error: /** @type {Error} */ (error).message });
  }
  if (r.status !== 0) throw fetchError({ kind: 'tool-failed', name: label, step, stderr: r.stderr });
  return r;
}
