// Types of the upkeep API. The same declarations serve ES module and CommonJS consumers
// (index.d.cts is a build-time copy) and the browser entry.

/** An error raised by the engine: `code` is stable, the message names the input at fault. */
export interface UpkeepError extends Error {
  code:
    | 'invalid-digest'
    | 'hasher-finished'
    | 'unknown-action'
    | 'unknown-preset'
    | 'invalid-numstat'
    | 'invalid-argument'
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

// ---- Risk scoring ----

/** The weight of each action a change may declare (format 0.1 … architecture 0.9). */
export declare const WEIGHTS: Readonly<Record<string, number>>;
/** Each preset's `[silent ceiling, soft ceiling]`; above the second is blocking. */
export declare const PRESETS: Readonly<Record<Preset, readonly [number, number]>>;
/** The preset used when none is named: `'balanced'`. */
export declare const DEFAULT_PRESET: Preset;
/** More deleted lines than this in one diff count as a code deletion (20). */
export declare const DELETION_LINES: number;

/** A preset of thresholds. */
export type Preset = 'prudent' | 'balanced' | 'aggressive';
/** How a score is handled: proceed silently, proceed and say so, or stop for a person. */
export type Decision = 'silent' | 'soft' | 'blocking';

/** One changed file of a diff. A rename yields the new path (with the counts) and the old one (0/0). */
export interface FileStat {
  file: string;
  added: number;
  deleted: number;
}

/** What {@link actualRisk} checks a diff against. Every field is optional. */
export interface RiskOptions {
  /**
   * Paths the change may touch: exact paths, or globs with at least one literal segment
   * (a wildcard-only entry such as `**` matches nothing). Empty or absent: nothing may be touched.
   */
  writeSet?: readonly string[];
  /** Globs of contract files; touching one raises the score to the `api` weight. */
  contracts?: readonly string[];
  /** Globs of files whose deleted lines are not counted. */
  ignoreDeletions?: readonly string[];
  /** Weights replacing or adding to {@link WEIGHTS}. */
  overrides?: Readonly<Record<string, number>>;
}

/** The actual risk of a diff and why it is higher than declared. */
export interface Risk {
  score: number;
  reasons: string[];
}

/** Options of {@link assess}: a declaration (actions or a score), a preset, and the risk options. */
export interface AssessOptions extends RiskOptions {
  /** The declared actions; the declared score is their largest weight. */
  actions?: readonly string[];
  /** The declared score itself (not together with `actions`). */
  declared?: number;
  /** Default {@link DEFAULT_PRESET}. */
  preset?: string;
  /** The least severe decision that fails; default `'blocking'`. */
  failOn?: Decision;
}

/** The verdict on a diff. */
export interface Verdict {
  declared: number;
  score: number;
  decision: Decision;
  preset: { name: Preset; silent: number; soft: number };
  reasons: string[];
  /** Whether the decision is at least as severe as `failOn`. */
  fails: boolean;
  /** How many rows the diff had. */
  files: number;
}

/**
 * Whether `file` matches the glob `pattern`: `*` and `?` stay in one segment, `**` crosses
 * segments, `**` then `/` may match no directory; backslashes are separators; a leading `./`
 * or `/` is ignored; every other character is literal. Linear in the path length.
 */
export declare function globMatch(pattern: string, file: string): boolean;

/** Patterns compiled once, matched against many paths. */
export declare class GlobSet {
  constructor(patterns: readonly string[]);
  /** Whether any pattern matches `path`. */
  isMatch(path: string): boolean;
  /** The indices of the patterns matching `path`, ascending. */
  matches(path: string): number[];
  /** One call for many paths: 1 where any pattern matches, else 0. */
  isMatchMany(paths: readonly string[]): Uint8Array;
  /** One call for many paths: every match as flat pairs `[pathIndex, patternIndex, ...]`. */
  matchesMany(paths: readonly string[]): Uint32Array;
}

/**
 * Plain `git diff --numstat` rows. Binary counts (`-`) and non-numbers are 0, `12abc` is 12;
 * renames (`a/{b => c}/d`, `old => new`, C-quoted sides) yield both paths.
 */
export declare function parseNumstat(text: string): FileStat[];
/** `git diff --numstat -z` rows (no quoting). Throws `invalid-numstat` on a malformed record. */
export declare function parseNumstatZ(bytes: Uint8Array): FileStat[];
/** numstat bytes in either form: `-z` when they hold a NUL byte, plain otherwise. */
export declare function parseNumstatBytes(bytes: Uint8Array): FileStat[];

/**
 * The largest weight among `actions` (0 for none). Throws `unknown-action`, naming the valid
 * actions, for an action without a weight.
 */
export declare function declaredRisk(actions: readonly string[], overrides?: Readonly<Record<string, number>>): number;

/**
 * `max(declared, escalations)`: files outside the write set (0.8), more than
 * {@link DELETION_LINES} deleted lines (the `delete` weight), contract files (the `api` weight).
 */
export declare function actualRisk(
  declared: number,
  files: readonly { file: string; added?: number; deleted: number }[],
  options?: RiskOptions,
): Risk;

/** Where `score` falls under `preset`. Throws `unknown-preset`, naming the valid presets. */
export declare function decide(score: number, preset: string): Decision;

/** The more severe of two decisions; a missing one yields the other. */
export declare function worst<A extends string | undefined, B extends string | undefined>(a: A, b: B): A | B;

/** Declared risk, actual risk and decision in one call: what `upkeep score` prints. */
export declare function assess(files: readonly { file: string; added?: number; deleted: number }[], options?: AssessOptions): Verdict;

/** The scoring constants as the engine defines them (the source of {@link WEIGHTS} and friends). */
export declare function scoreConstants(): {
  weights: Record<string, number>;
  presets: Record<Preset, [number, number]>;
  defaultPreset: Preset;
  deletionLines: number;
};
