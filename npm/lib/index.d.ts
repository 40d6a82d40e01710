// Types of the upkeep API. The same declarations serve ES module and CommonJS consumers
// (index.d.cts is a build-time copy) and the browser entry.

/** An error raised by the engine: `code` is stable, the message names the input at fault. */
export interface UpkeepError extends Error {
  code:
    | 'invalid-digest'
    | 'hasher-finished'
    | 'invalid-manifest'
    | 'unsafe-path'
    | 'invalid-version'
    | 'invalid-update-input'
    | 'update-in-progress'
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

// ---- Update ----

/** How upstream manages a file; anything a manifest does not list is the project's own. */
export type FileClass = 'owned' | 'shared' | 'wiki-owned';

/** A parsed `.upkeep/manifest.json`. */
export interface Manifest {
  schema: 1;
  /** The managed files, in manifest order. */
  files: { path: string; class: FileClass }[];
  /** Paths the project takes over once `file`'s front matter sets `flag: true`. */
  claims: { file: string; flag: string; paths: string[] }[];
  /** Structured-merge declarations, kept as JSON for the capability that reads them. */
  merges: unknown;
  /** Generated-region declarations, kept as JSON for the capability that reads them. */
  regions: unknown;
}

/** Parses a release manifest strictly; throws `invalid-manifest` or `unsafe-path` naming `label`. */
export declare function parseManifest(text: string, label?: string | null): Manifest;

/** Semver precedence of `a` against `b` (pre-release tags included): -1, 0 or 1. */
export declare function compareVersions(a: string, b: string): -1 | 0 | 1;

/** Where a project stands against the latest release. */
export interface VersionCheck {
  status: 'update' | 'up-to-date' | 'applied-uncommitted' | 'ahead';
  installed: string;
  latest: string;
  committed: string | null;
}

/** Compares the installed version with the latest; `committed` is the installed version at HEAD. */
export declare function checkVersions(installed: string, latest: string, committed?: string | null): VersionCheck;

/** One `## [x.y.z]` section of a Keep a Changelog file. */
export interface ChangelogSection {
  version: string;
  heading: string;
  body: string;
}

/** The sections newer than `from`, up to and including `to`, in file order. */
export declare function changelogRange(text: string, from: string, to: string): ChangelogSection[];

/** The progress record an update keeps in its state folder while it runs. */
export interface InProgress {
  from: string;
  to: string;
  runId: string;
}

/** How a confirmed update starts. */
export interface UpdateStart {
  runId: string;
  resumed: boolean;
  pruneBackups: boolean;
}

/** Resume an interrupted update between the same versions, start fresh, or throw `update-in-progress`. */
export declare function startUpdate(inProgress: InProgress | null, from: string, to: string, runId: string): UpdateStart;

/** What a plan needs read: every managed path of either manifest, and the files claims read. */
export interface ReadList {
  paths: string[];
  claimFiles: string[];
}

export declare function updateReadList(baselineManifest: string, latestManifest: string, stateDir?: string | null): ReadList;

/** One side of a path: a regular file's bytes (or digest), or the kind of non-file found. */
export interface SideInput {
  kind?: 'file' | 'symlink' | 'directory' | 'other';
  bytes?: Uint8Array | null;
  digest?: string | null;
}

/** The three sides of one path; absent or null means "no file there". */
export interface FileInput {
  path: string;
  current?: SideInput | null;
  baseline?: SideInput | null;
  latest?: SideInput | null;
}

export interface UpdateOptions {
  /** `patch` (default): a `diff -u` per conflict; `merge`: three-way merge first; `markers`: conflict markers in the file. */
  conflicts?: 'patch' | 'merge' | 'markers';
  /** Compare with CRLF read as LF. */
  ignoreEol?: boolean;
  /** The state folder, `.upkeep` by default. */
  stateDir?: string;
  /** Names this run's backup folder. */
  runId?: string;
  dryRun?: boolean;
}

export interface UpdateInput {
  from: string;
  to: string;
  baselineManifest: string;
  latestManifest: string;
  files: FileInput[];
  claimFiles?: { path: string; bytes?: Uint8Array | null }[];
  changelog?: string | null;
  packageJson?: string | null;
  options?: UpdateOptions;
}

/** One step of a plan, executed in order. */
export type UpdateAction =
  | { op: 'copy'; path: string; backupPath: string | null }
  | { op: 'write-merged'; path: string; backupPath: string; bytes: Uint8Array }
  | { op: 'write-patch'; path: string; patchPath: string; bytes: Uint8Array };

export interface AdopterAction {
  version: string;
  subject: string | null;
  command: string | null;
  changelog: string;
}

/** The report of an update (the `--json` document). */
export interface UpdateReport {
  from: string;
  to: string;
  overwrite: string[];
  merge: string[];
  add: string[];
  removed: string[];
  skip: string[];
  delete: string[];
  conflicts: { path: string; class: FileClass; patchPath: string | null }[];
  backupDir: string | null;
  adopterActions: AdopterAction[];
}

export type TableRow =
  | 'add'
  | 'user-deleted'
  | 'adopt'
  | 'no-upstream-change'
  | 'no-local-change'
  | 'already-latest'
  | 'conflict'
  | 'not-a-file';

export interface UpdatePlan {
  actions: UpdateAction[];
  report: UpdateReport;
  files: { path: string; class: FileClass; row: TableRow | null; localChange: boolean; upstreamChange: boolean }[];
  changelog: ChangelogSection[];
  pending: boolean;
  summary: string;
}

/** Plans an update: the decision table per file, the deletion sweep, claims, actions and report. */
export declare function planUpdate(input: UpdateInput): UpdatePlan;
