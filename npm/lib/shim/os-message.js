// The operating system's own words for a failed file-system call, without Node's
// decoration ("ENOENT: …, open '/x'"): what a report quotes as the OS's message.
import { getSystemErrorMap } from 'node:util';

/**
 * The OS's description of `error` (libuv's, by errno), or its message with the code and
 * the path taken off when the errno is not known.
 * @param {NodeJS.ErrnoException} error
 * @returns {string}
 */
export function osMessage(error) {
  const known = typeof error.errno === 'number' ? getSystemErrorMap().get(error.errno) : undefined;
  return known?.[1] ?? error.message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
}

/** Whether `error` is a failed system call's (an `E…` code with its syscall or errno). */
export const isOsError = (/** @type {any} */ error) =>
  typeof error?.code === 'string' && /^E[A-Z0-9]+$/.test(error.code) && ('syscall' in error || 'errno' in error);

/** Whether `error` says nothing is at the path (it, or a folder on its way, is missing). */
export const isAbsent = (/** @type {any} */ error) => error?.code === 'ENOENT' || error?.code === 'ENOTDIR';
