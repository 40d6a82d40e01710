// Types of the upkeep API. The same declarations serve ES module and CommonJS consumers
// (index.d.cts is a build-time copy) and the browser entry.

/** An error raised by the engine: `code` is stable, the message names the input at fault. */
export interface UpkeepError extends Error {
  code: 'invalid-digest' | 'hasher-finished' | (string & {});
}

/** Which engine answers: the N-API addon, or WebAssembly. */
export type Implementation = 'native' | 'wasm';

/** Where the browser build may load its `.wasm` from. */
export type WasmSource =
  | BufferSource
  | WebAssembly.Module
  | URL
  | string
  | Response
  | Promise<Response>;

/** The engine that loaded. */
export declare const implementation: Implementation;
/** Why earlier engines were skipped when the wasm fallback loaded (empty otherwise). */
export declare const loadFailures: readonly Error[];

/**
 * Makes the engine ready. Browsers must await it before any other call; in Node it
 * resolves at once.
 */
export declare function init(source?: WasmSource): Promise<void>;

// ---- Hashing ----

/** The SHA-256 of `bytes`, as 64 lowercase hex digits. */
export declare function sha256(bytes: Uint8Array): string;

/** Checks that `text` is a SHA-256 digest (64 hex digits) and returns it in lowercase. */
export declare function parseDigest(text: string): string;

/**
 * One line of `sha256sum` output (`<hex>  <path>`); a path holding a backslash, newline or
 * carriage return is escaped, and the line starts with a backslash, as GNU coreutils does.
 */
export declare function checksumLine(hex: string, path: string): string;

/** A SHA-256 over input that arrives in chunks, for inputs too large to hold at once. */
export declare class Sha256Stream {
  constructor();
  /** Feeds the next chunk. Throws `hasher-finished` once the digest was produced. */
  update(chunk: Uint8Array): void;
  /** The digest of everything fed so far, as lowercase hex. The stream is spent afterwards. */
  finish(): string;
}

/**
 * Node only: the SHA-256 of a file, streamed in bounded memory; `'-'` reads standard input.
 * Rejects with Node's fs error (with `code` and `path`) when the file cannot be read.
 */
export declare function hashFile(path: string): Promise<string>;
