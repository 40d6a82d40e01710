// Types of the upkeep API. The same declarations serve ES module and CommonJS consumers
// (index.d.cts is a build-time copy) and the browser entry.

/** An error raised by the engine: `code` is stable, the message names the input at fault. */
export interface UpkeepError extends Error {
  code:
    | 'invalid-digest'
    | 'hasher-finished'
    | 'binary-input'
    | 'invalid-hunk-selection'
    | 'invalid-options'
    | (string & {});
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

// ---- Text engine ----
// Everything works on bytes: a line ends with `\n` (CRLF and CR-only files, a missing
// final newline and invalid UTF-8 pass through untouched). Input with a NUL byte in its
// first 8,000 bytes is binary (git's rule). Results carry bytes as `Uint8Array`s.

/** Options of `unifiedDiff`, `diffHunks`, `applyHunks` and `sameText`; every field is optional. */
export interface DiffOptions {
  /** Unchanged lines around each change (`diff -U`); 3 by default. */
  context?: number;
  /** The `---` line of the diff, and the name of the old input in errors; `old` by default. */
  oldLabel?: string;
  /** The `+++` line of the diff, and the name of the new input in errors; `new` by default. */
  newLabel?: string;
  /**
   * Treat CRLF and LF as the same line ending (`diff --strip-trailing-cr`), so an autocrlf
   * checkout is not a change. A missing final newline still differs; a lone CR is no line ending.
   */
  ignoreEol?: boolean;
}

/** What `unifiedDiff` found. */
export interface UnifiedDiff {
  /** `identical` (empty patch), `different`, or `binary` (diff's one-line notice). */
  status: 'identical' | 'different' | 'binary';
  /** Exactly what `diff -u -L <oldLabel> -L <newLabel>` prints; `patch` and `git apply` rebuild the new text from it. */
  patch: Uint8Array;
}

/**
 * The unified diff from `oldText` to `newText`, byte for byte as GNU `diff -u` writes it.
 * Throws `invalid-options` for a label holding a line break.
 */
export declare function unifiedDiff(oldText: Uint8Array, newText: Uint8Array, options?: DiffOptions): UnifiedDiff;

/** One line of a hunk. */
export interface HunkLine {
  /** Kept for context, removed, or added. */
  kind: 'context' | 'delete' | 'insert';
  /** The line's bytes including its line ending (the text's last line may have none); context comes from the old text. */
  text: Uint8Array;
}

/** A group of nearby changes with their context (a hunk of `diff -U<context>`). */
export interface Hunk {
  /** Index (0-based) of the first old line covered; with no old lines, where the new ones go. */
  oldStart: number;
  /** Old lines covered: context and deletions. */
  oldLines: number;
  /** Index (0-based) of the first new line covered. */
  newStart: number;
  /** New lines covered: context and insertions. */
  newLines: number;
  /** In patch order: context, then each change's deletions, then its insertions. */
  lines: HunkLine[];
}

/** The changes from `oldText` to `newText` as data, for user interfaces. Throws `binary-input` naming the input. */
export declare function diffHunks(oldText: Uint8Array, newText: Uint8Array, options?: DiffOptions): Hunk[];

/**
 * `oldText` with only the selected hunks of `diffHunks(oldText, newText, options)` applied
 * (indexes, any order). Throws `invalid-hunk-selection` for an index out of range or given twice.
 */
export declare function applyHunks(oldText: Uint8Array, newText: Uint8Array, selection: readonly number[], options?: DiffOptions): Uint8Array;

/** Options of `merge`; every field is optional. */
export interface MergeOptions {
  /** `merge` (default), `diff3` (also show the base), or `zdiff3` (diff3 with common ends moved out). */
  style?: 'merge' | 'diff3' | 'zdiff3';
  /** Resolve conflicts without markers: `ours`, `theirs` or `union` (both, ours first); `none` by default. */
  favor?: 'none' | 'ours' | 'theirs' | 'union';
  /** Written after `<<<<<<<`; none by default. */
  oursLabel?: string;
  /** Written after `|||||||` in the diff3 styles. */
  baseLabel?: string;
  /** Written after `>>>>>>>`. */
  theirsLabel?: string;
  /** Length of the conflict markers; 7 by default. */
  markerSize?: number;
}

/** A merged text. */
export interface MergeResult {
  /** The merged bytes, with conflict markers in the file's own line ending where the sides disagree. */
  content: Uint8Array;
  /** The number of conflict blocks; 0 when clean (and always with a `favor`). */
  conflicts: number;
}

/**
 * Three-way merge like `git merge-file`, in its argument order: ours, base, theirs.
 * Throws `binary-input` naming the binary input by its label (or role).
 */
export declare function merge(ours: Uint8Array, base: Uint8Array, theirs: Uint8Array, options?: MergeOptions): MergeResult;

/** How often each line ending occurs in a text. */
export interface LineEndings {
  /** The most frequent one (ties: lf, then crlf, then cr); `none` when there is no line ending. */
  dominant: 'lf' | 'crlf' | 'cr' | 'none';
  /** Bare `\n`. */
  lf: number;
  /** `\r\n`. */
  crlf: number;
  /** Bare `\r`. */
  cr: number;
}

/** Counts the line endings of `bytes` and names the dominant one. */
export declare function lineEndings(bytes: Uint8Array): LineEndings;

/** Whether two texts are the same: byte for byte, or with `ignoreEol` CRLF and LF alike (binary inputs always byte for byte). */
export declare function sameText(a: Uint8Array, b: Uint8Array, options?: DiffOptions): boolean;

/** Whether `bytes` is binary: a NUL byte in its first 8,000 bytes. */
export declare function isBinary(bytes: Uint8Array): boolean;
