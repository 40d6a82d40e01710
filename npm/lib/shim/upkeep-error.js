// The one error class of the JavaScript side, for what a flow, the shim or a command
// refuses on purpose: `code` is stable (every code is listed in core's code tables,
// core/src/exits/codes.rs, and mapped to an exit code), and the message names the input
// at fault. Engine errors carry the same two fields.
export class UpkeepError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }

  /**
   * The error for a refusal the engine decided and worded (`{ code, message }`).
   * @param {{ code: string, message: string }} refusal
   */
  static from({ code, message }) {
    return new UpkeepError(code, message);
  }
}
