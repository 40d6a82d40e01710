// `upkeep status`: the update's classification, read-only, for CI (like `cruft check`):
// exit 1 when an update is pending or would conflict.
import { updateCommand } from './update.js';

/** @param {import('./update.js').UpdateFlags} flags */
export const statusCommand = (flags) => updateCommand(flags, { readOnly: true });
