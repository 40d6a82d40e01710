// Swapping two names atomically: Linux's renameat2(RENAME_EXCHANGE), reached through the
// native addon (node/src/rename_exchange.rs) because Node does not expose it. The executor
// uses it to replace a file only while it is the one it checked: after the exchange the
// temp's name holds what was there, so a save that slipped in between the last check and
// the swap is found and put back, never unlinked. The addon is loaded for this whichever
// engine decides (UPKEEP_FORCE_WASM included); without one, or on a file system that
// refuses the call, `exchange` is null or answers 'unavailable' and the executor renames
// after its check, as before.
import { getSystemErrorMap, getSystemErrorName } from 'node:util';
import { nativeAddon } from '../engine-node.js';

const addon = nativeAddon();
/** The platform's call, or null when no native addon loads here. */
const call = typeof addon?.renameExchange === 'function' ? /** @type {(a: string, b: string) => number} */ (addon.renameExchange) : null;
/** Errors meaning the call exists but this file system (or kernel) does not do it. */
const UNSUPPORTED = new Set(['EINVAL', 'ENOSYS', 'EOPNOTSUPP', 'ENOTSUP']);
let supported = call !== null;

/**
 * Exchanges what `a` and `b` name; 'done', or 'unavailable' (no such call here: the caller
 * falls back). Any other refusal is thrown as the OS's error (`code`, `errno`, `syscall`).
 * @param {string} a @param {string} b @returns {'done' | 'unavailable'}
 */
export function exchange(a, b) {
  if (!supported || call === null) return 'unavailable';
  const errno = call(a, b);
  if (errno === 0) return 'done';
  if (errno < 0) {
    supported = false;
    return 'unavailable';
  }
  const code = getSystemErrorName(-errno);
  if (UNSUPPORTED.has(code)) {
    supported = false;
    return 'unavailable';
  }
  const words = getSystemErrorMap().get(-errno)?.[1] ?? code;
  throw Object.assign(new Error(`${code}: ${words}, renameat2 '${a}' -> '${b}'`), {
    code,
    errno: -errno,
    syscall: 'renameat2',
    path: a,
    dest: b,
  });
}
