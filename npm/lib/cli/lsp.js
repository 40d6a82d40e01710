// `upkeep lsp`: the language server on standard input and output. Options given here are
// defaults the client's initialization options override.
import { startServer } from '../lsp/server.js';

/**
 * @typedef {object} LspFlags
 * @property {string} [baseline]
 * @property {string} [latest]
 * @property {string[]} [releases]
 * @property {string} [source]
 * @property {string} [stateDir]
 */

/**
 * Serves until the client sends `exit` (or closes the streams); the protocol library then
 * ends the process: 0 after a `shutdown` request, 1 without one.
 * @param {LspFlags} flags
 * @returns {Promise<number>}
 */
export function lspCommand(flags) {
  /** @type {import('../lsp/releases.js').LspOptions} */
  const options = {};
  if (flags.baseline) options.baseline = flags.baseline;
  if (flags.latest) options.latest = flags.latest;
  if (flags.releases?.length) options.releases = flags.releases;
  if (flags.source) options.source = flags.source;
  if (flags.stateDir) options.stateDir = flags.stateDir;
  startServer({ options });
  return new Promise(() => {});
}
