// Template releases and projects on disk for the update tests: real directories, real
// .tar.gz archives, real git refs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, lstatSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runCli } from './consumer.js';

/** A fresh temp folder, removed by the returned cleanup. */
export function tempDir(/** @type {string} */ prefix = 'upkeep-update-') {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Writes a release: `files` maps paths to contents; `manifest` maps paths to classes.
 * @param {string} dir
 * @param {{ version: string, files: Record<string, string>, manifest: Record<string, string>, extra?: object, changelog?: string }} release
 */
export function writeRelease(dir, { version, files, manifest, extra = {}, changelog }) {
  writeTree(dir, files);
  writeTree(dir, {
    '.upkeep/VERSION': `${version}\n`,
    '.upkeep/manifest.json': `${JSON.stringify({ schema: 1, files: manifest, ...extra }, null, 2)}\n`,
    ...(changelog ? { 'CHANGELOG.md': changelog } : {}),
  });
  return dir;
}

/** @param {string} dir @param {Record<string, string>} files */
export function writeTree(dir, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** A project installed from `release`: a copy of its files, then `edits` applied (null deletes). */
export function installProject(/** @type {string} */ release, /** @type {Record<string, string | null>} */ edits = {}) {
  const dir = tempDir('upkeep-project-');
  execFileSync('cp', ['-a', `${release}/.`, dir]);
  rmSync(join(dir, 'CHANGELOG.md'), { force: true });
  for (const [path, text] of Object.entries(edits)) {
    if (text === null) rmSync(join(dir, path), { force: true });
    else writeTree(dir, { [path]: text });
  }
  return dir;
}

/** Every file under `dir` with its bytes (links as `-> target`), for before/after comparisons. */
export function snapshot(/** @type {string} */ dir) {
  /** @type {Record<string, string>} */
  const out = {};
  const walk = (/** @type {string} */ rel) => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      const st = lstatSync(join(dir, path));
      if (st.isSymbolicLink()) out[path] = `-> ${readlinkSync(join(dir, path))}`;
      else if (st.isDirectory()) walk(path);
      else out[path] = `${readFileSync(join(dir, path)).toString('base64')} mode=${(st.mode & 0o777).toString(8)}`;
    }
  };
  walk('');
  return out;
}

/**
 * Runs `upkeep update` (or `status`) on `root` with --json and parses the document.
 * @param {string} root @param {string} baseline @param {string} latest @param {string[]} [extra]
 * @param {{ env?: Record<string, string>, command?: string }} [options]
 */
export function runUpdate(root, baseline, latest, extra = [], { env = {}, command = 'update' } = {}) {
  const args = [
    command,
    '--root',
    root,
    '--baseline',
    baseline,
    '--latest',
    latest,
    '--json',
    ...(command === 'update' ? ['--yes'] : []),
    ...extra,
  ];
  const result = runCli(args, { env });
  /** @type {any} */
  let json = null;
  try {
    json = JSON.parse(result.stdout);
  } catch {}
  return { ...result, json };
}

/** A git repository whose commits tag each release directory in turn. */
export function gitTemplate(/** @type {{ tag: string, dir: string }[]} */ releases) {
  const repo = tempDir('upkeep-template-repo-');
  const git = (/** @type {string[]} */ ...args) =>
    execFileSync('git', ['-C', repo, ...args], {
      env: {
        ...process.env,
        LC_ALL: 'C',
        GIT_TERMINAL_PROMPT: '0',
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@t',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@t',
      },
      stdio: 'pipe',
    });
  git('init', '-q');
  for (const { tag, dir } of releases) {
    git('rm', '-rq', '--ignore-unmatch', '.');
    execFileSync('cp', ['-a', `${dir}/.`, repo]);
    git('add', '-A');
    git('commit', '-qm', tag);
    git('tag', tag);
  }
  return repo;
}
