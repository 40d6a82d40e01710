// Turns a release given on the command line into a directory to read: a directory as
// is, a `.tar.gz` archive extracted into a temp folder, or `<template repo>#<git ref>`
// exported with `git archive`. Archive entries that could escape the extraction root —
// absolute paths, `..`, links of any kind, devices — refuse the whole release.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, readdirSync, existsSync, createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { FlowError } from './flow-error.js';

/** @typedef {{ dir: string, label: string, cleanup: () => void }} Release */

/**
 * Opens a release: `spec` is a directory, a `.tar.gz`/`.tgz` file, or `<repo>#<ref>`.
 * @param {string} spec
 * @param {string} label `baseline` or `latest`, for messages
 * @returns {Promise<Release>}
 */
export async function openRelease(spec, label) {
  const hash = spec.lastIndexOf('#');
  if (!existsSync(spec) && hash > 0) return fromGit(spec.slice(0, hash), spec.slice(hash + 1), label);
  let st;
  try {
    st = statSync(spec);
  } catch {
    throw new FlowError('bad-release', `the ${label} release '${spec}' does not exist (give a directory, a .tar.gz archive, or <template repo>#<git ref>)`);
  }
  if (st.isDirectory()) return { dir: spec, label, cleanup: () => {} };
  if (/\.(tar\.gz|tgz)$/.test(spec)) {
    return extract(label, spec, (cwd, onentry) => pipeline(createReadStream(spec), tar.x({ cwd, strict: true, onentry, filter: onentry.filter })));
  }
  throw new FlowError('bad-release', `the ${label} release '${spec}' is neither a directory nor a .tar.gz archive`);
}

/**
 * Extracts into a fresh temp folder with `run`, refusing hostile entries. An archive whose
 * only top-level entry is a folder (as GitHub's are) is opened inside that folder. A
 * failure names the release as given and carries the tool's own message (tar's, git's).
 * @param {string} label
 * @param {string} spec the release as given on the command line
 * @param {(cwd: string, check: any) => Promise<unknown>} run
 * @returns {Promise<Release>}
 */
async function extract(label, spec, run) {
  const dir = mkdtempSync(join(tmpdir(), `upkeep-${label}-`));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  /** @type {string[]} */
  const refused = [];
  /** The entries' checks, run before tar writes anything for them. */
  const check = Object.assign(() => {}, {
    filter: (/** @type {string} */ path, /** @type {any} */ entry) => {
      const problem = hostile(path, entry.type);
      if (problem) refused.push(`'${path}': ${problem}`);
      return !problem;
    },
  });
  try {
    await run(dir, check);
  } catch (error) {
    cleanup();
    throw new FlowError('bad-release', `cannot read the ${label} release '${spec}': ${/** @type {Error} */ (error).message}`);
  }
  if (refused.length > 0) {
    cleanup();
    throw new FlowError('unsafe-path', `the ${label} release '${spec}' holds entries that could escape it, refused: ${refused.join('; ')}`);
  }
  const top = readdirSync(dir, { withFileTypes: true });
  const inner = top.length === 1 && top[0].isDirectory() && top[0].name !== '.upkeep' ? join(dir, top[0].name) : dir;
  return { dir: inner, label, cleanup };
}

/**
 * Why an archive entry is refused, or `null`.
 * @param {string} path
 * @param {string} type
 */
function hostile(path, type) {
  if (!['File', 'OldFile', 'ContiguousFile', 'Directory'].includes(type)) return `a ${type} entry (links and devices are refused)`;
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\')) return 'an absolute or non-POSIX path';
  if (path.split('/').some((part) => part === '..')) return "a '..' segment";
  if (path.includes('\0')) return 'a NUL byte';
  return null;
}

/**
 * A release exported from a template repository at a git ref (`git archive`).
 * @param {string} repo
 * @param {string} ref
 * @param {string} label
 */
function fromGit(repo, ref, label) {
  if (ref.startsWith('-')) throw new FlowError('bad-release', `the ${label} git ref '${ref}' is not a ref`);
  return extract(label, `${repo}#${ref}`, async (cwd, check) => {
    const git = spawn('git', ['-C', repo, 'archive', '--format=tar', `${ref}^{tree}`], {
      env: { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** @type {Buffer[]} */
    const stderr = [];
    git.stderr.on('data', (chunk) => stderr.push(chunk));
    /** @type {Promise<number | null | Error>} */
    const exited = new Promise((resolve) => {
      git.on('error', resolve);
      git.on('close', resolve);
    });
    // When git fails, tar sees an empty or cut stream: git's own words are the cause.
    const untarred = await pipeline(git.stdout, tar.x({ cwd, strict: true, filter: check.filter })).then(() => null, (error) => error);
    const code = await exited;
    if (code instanceof Error) throw new Error(`cannot run git: ${code.message}`);
    if (code !== 0) throw new Error(`git archive failed (exit ${code}): ${Buffer.concat(stderr).toString().trim()}`);
    if (untarred) throw untarred;
  });
}
