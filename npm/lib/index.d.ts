// Types of the upkeep API. The same declarations serve ES module and CommonJS consumers
// (index.d.cts is a build-time copy) and the browser entry.

/** An error raised by the engine: `code` is stable, the message names the input at fault. */
export interface UpkeepError extends Error {
  code:
    | 'invalid-digest'
    | 'hasher-finished'
    | 'invalid-manifest'
    | 'invalid-record'
    | 'old-manifest-schema'
    | 'unsafe-path'
    | 'path-collision'
    | 'corrupt-journal'
    | 'journal-mismatch'
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

// ---- Refresh ----

/** One file the source manages: `src` in the source, `target` in the host repository. */
export interface ManifestFile { src: string; target: string }
/** A source file that moved; its record entry follows it. */
export interface Rename { from: string; to: string }
/** A validated `install/manifest.json` (unknown fields are accepted and not shown). */
export interface InstallManifest { schema: number; home: string; files: ManifestFile[]; renames: Rename[] }
/** One entry of `.upkeep-source.json`. */
export interface RecordFile { src: string; target: string; sha256: string; keptAgainst?: string }
/** A validated `.upkeep-source.json` (unknown fields are kept by the engine on rewrite). */
export interface SourceRecord { schema: number; files: RecordFile[] }

/** What is at a path. */
export type EntryKind = 'file' | 'missing' | 'symlink' | 'directory' | 'other';
/** One side's observation of a path; `sha256` exactly when `kind` is `'file'`. */
export interface Observed { kind: EntryKind; sha256?: string; sha256Lf?: string }
/** An observation of a named path (`src` for the source, `target` for the host). */
export interface PathObservation extends Observed { path: string }
/** Every observed source and host path. */
export interface Observations { sources: PathObservation[]; hosts: PathObservation[] }

/** The five states of the reference, plus gone-on-both-sides. */
export type FileState =
  | 'unchanged-identical'
  | 'unchanged-stale'
  | 'locally-modified'
  | 'host-deleted'
  | 'source-deleted'
  | 'both-deleted';
/** A decision about one file. */
export type Decision = 'keep-mine' | 'take-theirs' | 'merge' | 'restore' | 'forget' | 'remove' | 'keep';
/** What the shim does for one file. */
export type Action = 'none' | 'write' | 'remove' | 'record' | 'diff' | 'pending' | 'conflict';

/** How a refresh decides. Per-file `decisions` win over the blanket options. */
export interface RefreshOptions {
  auto?: 'keep-mine' | 'take-theirs';
  hostDeleted?: 'restore' | 'forget';
  sourceDeleted?: 'remove' | 'keep';
  decisions?: { target: string; decision: Decision }[];
  resume?: InterruptedRun | null;
  manifestName?: string;
  recordName?: string;
}

/** The plan for one file. */
export interface PlannedFile {
  src: string;
  target: string;
  renamedFrom?: string;
  state: FileState;
  hostKind: EntryKind;
  decision?: Decision;
  action: Action;
  backup: boolean;
  sourceSha256?: string;
  hostSha256?: string;
  recordedSha256?: string;
  newSha256?: string;
  reason?: string;
}

/** A whole plan and the record text to write once every action is done. */
export interface Plan {
  recordPath: string;
  home: string;
  files: PlannedFile[];
  recordText: string;
  recordChanged: boolean;
  attention: number;
}

/** One journal line's fields. */
export interface JournalRecord {
  type: 'begin' | 'file' | 'end';
  run: string;
  ts: string;
  root?: string;
  source?: string;
  src?: string;
  target?: string;
  state?: string;
  decision?: string;
  action?: string;
  phase?: 'intent' | 'done';
  before?: string;
  after?: string;
  backup?: string;
  outcome?: string;
}
/** One journal file's name and text. */
export interface JournalSegment { name: string; text: string }
/** One run read back from the journal; `outcome` is absent when it never ended. */
export interface JournalRun { run: string; started: string; root: string; source: string; files: JournalRecord[]; outcome?: string }
/** A whole journal; `tornLine` when a crash left a partial last line (dropped). */
export interface Journal { runs: JournalRun[]; tornLine: boolean }
/** The run a refresh resumes: its id and its last line per target. */
export interface InterruptedRun { run: string; files: JournalRecord[] }

/** Checks one manifest path (relative, no `..`, no `.git`, ...); returns it with `/` separators. Throws `unsafe-path`. */
export declare function validatePath(path: string): string;
/** Throws `path-collision` when two paths are one file on a case-insensitive or normalizing file system. */
export declare function checkCollisions(paths: string[]): void;
/** Parses `install/manifest.json` strictly; errors name `name` and a byte offset. */
export declare function parseInstallManifest(bytes: Uint8Array, name: string): InstallManifest;
/** Parses `.upkeep-source.json` strictly. */
export declare function parseSourceRecord(bytes: Uint8Array, name: string): SourceRecord;
/** The state of one file from the source and host observations and the recorded hash. */
export declare function classify(source: Observed, host: Observed, recorded?: string | null): FileState;
/** Whether bytes look binary (a NUL in the first 8,000 bytes, as git decides). */
export declare function isBinary(bytes: Uint8Array): boolean;
/** SHA-256 of a CRLF text file with LF endings; null for binary files and files without CRLF. */
export declare function eolNormalizedSha256(bytes: Uint8Array): string | null;
/** Plans an install; `force` replaces different files (backed up). */
export declare function planInstall(manifest: Uint8Array, manifestName: string, observations: Observations, force: boolean): Plan;
/** Plans a refresh from the manifest and record bytes (`null`: no record yet). */
export declare function planRefresh(manifest: Uint8Array, record: Uint8Array | null, observations: Observations, options?: RefreshOptions): Plan;
/** One checksummed journal line, newline included. */
export declare function renderJournalLine(record: JournalRecord): string;
/** Reads a journal from its segments, oldest first; throws `corrupt-journal` naming the line. */
export declare function parseJournal(segments: JournalSegment[]): Journal;
/** The run to resume, or null; throws `journal-mismatch` for another tree or source version. */
export declare function interruptedRun(journal: Journal, root: string, source: string, name: string): InterruptedRun | null;
/** The identity of a source version: manifest bytes and `[src, sha256 | null]` pairs. */
export declare function sourceIdentity(manifest: Uint8Array, files: [string, string | null][]): string;
