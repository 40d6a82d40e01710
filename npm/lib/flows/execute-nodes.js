// The executor's steps about what is not a regular file's content (flows/execute.js): a
// link, a directory or a special file removed, a link or a directory made. They have no
// temp and no backup: a link's whole content is its target, which the step carries, and a
// directory is only ever removed empty. What is at the path is looked at without following
// it when the step is staged and again right before the change, which must find the same
// node; a link or directory is made only where nothing is (the call itself refuses
// whatever appeared). What the step expects and makes is the engine's (`WriteStep`).
import { lstatSync, mkdirSync, readlinkSync, rmdirSync, symlinkSync, unlinkSync } from 'node:fs';
import { DEFAULT_DIR_MODE } from '../shim/atomic-write.js';
import { step as faultStep } from '../shim/fault.js';

/** @typedef {import('../index.js').WriteStep} WriteStep */

const NODE_EXPECT = new Set(['symlink', 'directory', 'other']);
const NODE_CONTENT = new Set(['symlink', 'directory']);

/** Whether the step is about a link, a directory or a special file rather than a file's content. */
export const isNodeStep = (/** @type {WriteStep} */ step) => NODE_EXPECT.has(step.expect.kind) || NODE_CONTENT.has(step.content.kind);

/**
 * What is at `path` as the step expects it, looked at without following it: its stat; null
 * for a step that expects nothing there (not looked at: making the link or directory
 * refuses whatever appeared); undefined when it is not what the step expects.
 * @param {WriteStep} step @param {string} path
 * @returns {import('node:fs').Stats | null | undefined}
 */
export function nodeThere(step, path) {
  const { expect } = step;
  if (expect.kind === 'missing') return null;
  const st = lstatOrNull(path);
  if (!st) return undefined;
  switch (expect.kind) {
    case 'symlink':
      return st.isSymbolicLink() && targetOf(path) === expect.target ? st : undefined;
    case 'directory':
      return st.isDirectory() ? st : undefined;
    case 'other':
      return st.isFile() || st.isDirectory() || st.isSymbolicLink() ? undefined : st;
    default:
      throw new Error(`step ${step.path}: a ${step.content.kind} step cannot expect ${expect.kind}`);
  }
}

/**
 * Carries out a staged node step at `path`: what was there as staged (`node`) must still
 * be there, the same node unchanged. Says what became of it; an operating-system refusal
 * (a directory not empty, a read-only file system) is thrown for the executor to report.
 * @param {WriteStep} step @param {string} path @param {import('node:fs').Stats | null} node
 * @returns {'done' | 'changed'}
 */
export function swapNode(step, path, node) {
  if (node) {
    // The same node; a link or special file also unchanged (a folder's times move with the
    // steps before it that empty it, and removing one that is not empty is refused anyway).
    const now = lstatOrNull(path);
    const same = now && now.ino === node.ino && now.dev === node.dev && (node.isDirectory() || now.ctimeMs === node.ctimeMs);
    if (!same) return 'changed';
  }
  try {
    const { content } = step;
    if (content.kind === 'symlink') {
      symlinkSync(content.target, path);
      faultStep('linked');
    } else if (content.kind === 'directory') {
      mkdirSync(path, { mode: DEFAULT_DIR_MODE });
      faultStep('directory made');
    } else {
      if (step.expect.kind === 'directory') rmdirSync(path);
      else unlinkSync(path);
      faultStep('removed');
    }
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    // Something appeared where the link or directory goes, or what was there went meanwhile.
    if (code === 'EEXIST' || code === 'ENOENT') return 'changed';
    throw error;
  }
  return 'done';
}

/** A link's target, or undefined when it went meanwhile. */
function targetOf(/** @type {string} */ path) {
  try {
    return readlinkSync(path);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    // Gone, or no longer a link.
    if (code === 'ENOENT' || code === 'EINVAL') return undefined;
    throw error;
  }
}

function lstatOrNull(/** @type {string} */ path) {
  try {
    return lstatSync(path);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
    throw error;
  }
}
