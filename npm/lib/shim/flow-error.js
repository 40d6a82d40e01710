// The error a flow raises for a refusal the CLI maps to an exit code (`code` is stable):
// a missing marker, a bad release, a downgrade, ...
export class FlowError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}
