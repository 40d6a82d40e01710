// `upkeep status`: the update's classification, read-only, for CI (like `cruft check`):
// exit 1 when an update is pending or would conflict.
import { updateCommand } from './update.js';

/** @param {import('./update.js').UpdateFlags} flags @param {string[]} argv */
export const statusCommand = (flags, argv) => updateCommand(flags, argv, { readOnly: true });
