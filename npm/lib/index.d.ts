// Types of the upkeep API. The same declarations serve ES module and CommonJS consumers
// (index.d.cts is a build-time copy) and the browser entry.

/**
 * An error raised by the engine or a flow: `code` is stable (every code is listed, generated
 * from core's ErrorKind and the flows' list), the message names the input at fault.
 */
export interface UpkeepError extends Error {
  code: ErrorCode | (string & {});
}

// <generated: error codes, by scripts/generate-contracts.mjs>
/** Every code upkeep raises on purpose: the engine's (core's ErrorKind), then the flows'. */
export type ErrorCode =
  | 'invalid-digest'
  | 'hasher-finished'
  | 'binary-input'
  | 'invalid-hunk-selection'
  | 'invalid-options'
  | 'invalid-manifest'
  | 'invalid-record'
  | 'old-manifest-schema'
  | 'unsafe-path'
  | 'path-collision'
  | 'corrupt-journal'
  | 'journal-mismatch'
  | 'unknown-action'
  | 'unknown-preset'
  | 'invalid-numstat'
  | 'invalid-argument'
  | 'invalid-version'
  | 'invalid-update-input'
  | 'update-in-progress'
  | 'invalid-handoff'
  | 'invalid-loop-graph'
  | 'loop-refused'
  | 'invalid-loop-file'
  | 'invalid-merge-spec'
  | 'invalid-config'
  | 'unsupported-config'
  | 'invalid-spec'
  | 'no-such-version'
  | 'invalid-source-file'
  | 'bad-release'
  | 'release-drift'
  | 'target-not-empty'
  | 'no-source'
  | 'invalid-rules'
  | 'already-recorded'
  | 'dirty-worktree'
  | 'downgrade'
  | 'baseline-mismatch'
  | 'usage'
  | 'bad-path'
  | 'interrupted'
  | 'cancelled'
  | 'busy'
  | 'not-installed'
  | 'bad-state'
  | 'no-record'
  | 'manifest-exists'
  | 'changed-during-run'
  | 'backup-exists'
  | 'ESYMLINK'
  | 'git'
  | 'worktree'
  | 'no-handoff'
  | 'detached'
  | 'no-commits'
  | 'clone-unreadable'
  | 'dirty-checkout'
  | 'bad-input'
  | 'git-failed'
  | 'unsupported';
// </generated: error codes>

/** Which engine answers: the N-API addon, or WebAssembly. */
export type Implementation = 'native' | 'wasm';

/** Where the browser build may load its `.wasm` from. */
export type WasmSource = BufferSource | WebAssembly.Module | URL | string | Response | Promise<Response>;

/** The engine that loaded. */
export declare const implementation: Implementation;
/**
 * Why each engine tried before the one that loaded was skipped, in order: the
 * `@upkeep/<platform>` package, a local build in `native/`, the wasm build. Each error's
 * `cause` is the loader's own. Empty when the first one loaded.
 */
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

/** What the engine compares of a file without its bytes. */
export interface ContentDigest {
  /** SHA-256 of the raw bytes. */
  sha256: string;
  /** SHA-256 with CRLF read as LF: for a text file holding CRLF, when line endings were asked for. */
  sha256Lf?: string;
  /** A NUL among the first 8,000 bytes (git's test). */
  binary: boolean;
  size: number;
}

/**
 * The digests of many files in one call: `joined` holds their bytes one after another,
 * `lengths` each one's size; `eol` adds the CRLF-as-LF digest.
 */
export declare function digestContents(joined: Uint8Array, lengths: Uint32Array, eol: boolean): ContentDigest[];

/** {@link ContentDigest} of content that arrives in chunks (a file of any size in bounded memory). */
export declare class ContentDigester {
  constructor(eol: boolean);
  /** Feeds the next chunk. Throws `hasher-finished` once the digests were produced. */
  update(chunk: Uint8Array): void;
  /** The digests of everything fed. The digester is spent afterwards. */
  finish(): ContentDigest;
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
/** A file's modification time, and the zone (minutes east of UTC) to print it in. */
export interface FileTime {
  seconds: number;
  nanoseconds: number;
  utcOffsetMinutes: number;
}
/** One side of a file diff: its name as given, a `-L` label (verbatim, no time), its time. */
export interface FileSide {
  name: string;
  label?: string;
  time?: FileTime;
}
export interface FileDiffOptions {
  context?: number;
  ignoreEol?: boolean;
  old: FileSide;
  new: FileSide;
}
/**
 * The diff of two files as GNU `diff -u <old> <new>` prints it: names quoted as GNU quotes
 * them, each followed by its modification time, unless a label is given.
 */
export declare function diffFiles(oldText: Uint8Array, newText: Uint8Array, options: FileDiffOptions): UnifiedDiff;

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
export declare function applyHunks(
  oldText: Uint8Array,
  newText: Uint8Array,
  selection: readonly number[],
  options?: DiffOptions,
): Uint8Array;

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
/** The text with every LF made CRLF, as an autocrlf checkout writes it; null when there is nothing to convert (binary, no LF, or already CRLF). */
export declare function toCrlf(bytes: Uint8Array): Uint8Array | null;
// ---- Refresh ----

/** One file the source manages: `src` in the source, `target` in the host repository. */
export interface ManifestFile {
  src: string;
  target: string;
}
/** A source file that moved; its record entry follows it. */
export interface Rename {
  from: string;
  to: string;
}
/** A validated `install/manifest.json` (unknown fields are accepted and not shown). */
export interface InstallManifest {
  schema: number;
  home: string;
  files: ManifestFile[];
  renames: Rename[];
}
/** One entry of `.upkeep-source.json`. */
export interface RecordFile {
  src: string;
  target: string;
  sha256: string;
  keptAgainst?: string;
}
/** A validated `.upkeep-source.json` (unknown fields are kept by the engine on rewrite). */
export interface SourceRecord {
  schema: number;
  files: RecordFile[];
}

/** What is at a path. */
export type EntryKind = 'file' | 'missing' | 'symlink' | 'directory' | 'other';
/** One side's observation of a path; `sha256` exactly when `kind` is `'file'`. */
export interface Observed {
  kind: EntryKind;
  sha256?: string;
  sha256Lf?: string;
}
/** An observation of a named path (`src` for the source, `target` for the host). */
export interface PathObservation extends Observed {
  path: string;
}
/** Every observed source and host path. */
export interface Observations {
  sources: PathObservation[];
  hosts: PathObservation[];
}

/**
 * The five states of the reference, plus gone-on-both-sides; a file upstream added since
 * the last run (absent here, never recorded) is `new-upstream`, not `host-deleted`.
 */
export type FileState =
  | 'unchanged-identical'
  | 'unchanged-stale'
  | 'locally-modified'
  | 'host-deleted'
  | 'source-deleted'
  | 'both-deleted'
  | 'new-upstream';
/** A decision about one file. */
export type RefreshDecision = 'keep-mine' | 'take-theirs' | 'merge' | 'restore' | 'forget' | 'remove' | 'keep';
/** What the shim does for one file. */
export type Action = 'none' | 'write' | 'remove' | 'record' | 'diff' | 'pending' | 'conflict';

/** How a refresh decides. Per-file `decisions` win over the blanket options. */
export interface RefreshOptions {
  auto?: 'keep-mine' | 'take-theirs';
  hostDeleted?: 'restore' | 'forget';
  sourceDeleted?: 'remove' | 'keep';
  decisions?: { target: string; decision: RefreshDecision }[];
  /** Targets merged by hand after a `merge` decision: recorded as the new baseline. */
  confirm?: string[];
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
  decision?: RefreshDecision;
  action: Action;
  backup: boolean;
  sourceSha256?: string;
  hostSha256?: string;
  recordedSha256?: string;
  newSha256?: string;
  reason?: string;
  /** Write the source with CRLF line endings: the host's copy has them (an autocrlf checkout) and the source has none. */
  crlf?: boolean;
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
export interface JournalSegment {
  name: string;
  text: string;
}
/** One run read back from the journal; `outcome` is absent when it never ended. */
export interface JournalRun {
  run: string;
  started: string;
  root: string;
  source: string;
  files: JournalRecord[];
  outcome?: string;
}
/** A whole journal; `tornLine` when a crash left a partial last line (dropped). */
export interface Journal {
  runs: JournalRun[];
  tornLine: boolean;
}
/** The run a refresh resumes: its id and its last line per target. */
export interface InterruptedRun {
  run: string;
  files: JournalRecord[];
}

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
/** SHA-256 of a CRLF text file with LF endings; null for binary files and files without CRLF. */
export declare function eolNormalizedSha256(bytes: Uint8Array): string | null;
/** Plans an install; `force` replaces different files (backed up). */
export declare function planInstall(manifest: Uint8Array, manifestName: string, observations: Observations, force: boolean): Plan;
/** Plans a refresh from the manifest and record bytes (`null`: no record yet). */
export declare function planRefresh(
  manifest: Uint8Array,
  record: Uint8Array | null,
  observations: Observations,
  options?: RefreshOptions,
): Plan;
/** One checksummed journal line, newline included. */
export declare function renderJournalLine(record: JournalRecord): string;
/** Reads a journal from its segments, oldest first; throws `corrupt-journal` naming the line. */
export declare function parseJournal(segments: JournalSegment[]): Journal;
/** The run to resume, or null; throws `journal-mismatch` for another tree or source version. */
export declare function interruptedRun(journal: Journal, root: string, source: string, name: string): InterruptedRun | null;
/** The identity of a source version: manifest bytes and `[src, sha256 | null]` pairs. */
export declare function sourceIdentity(manifest: Uint8Array, files: [string, string | null][]): string;
/** What the shim did with one planned file (`done`, `skipped`, `failed`, or the action it stood for). */
/**
 * What the shim did with one file: `done`, `skipped`, `failed`, the action it stood for,
 * or the executor's own words (`changed`, `source-changed`, `blocked`, `unchanged`),
 * which the report turns into `skipped`/`failed`/`done` with the engine's reason.
 */
export interface FileRunOutcome {
  target: string;
  outcome: string;
  reason?: string | null;
  backup?: string | null;
  error?: OsError | null;
}
/** A diff host → source shown for a hand merge. */
export interface MergeDiff {
  target: string;
  diff: string;
}
/** The facts of an install or refresh run, as the shim saw them. */
export interface RunFacts {
  command?: 'install' | 'refresh';
  dryRun?: boolean;
  runId?: string | null;
  resumed?: boolean;
  interrupted?: boolean;
  failed?: boolean;
  recordError?: string | null;
  outcomes?: FileRunOutcome[];
  diffs?: MergeDiff[] | null;
}
/** One file in a run's report; `outcome` is `planned`, `unchanged`, `not-written`, `not-reached` or the shim's outcome. */
export interface ReportedFile {
  src: string;
  target: string;
  renamedFrom?: string;
  state?: FileState;
  decision?: RefreshDecision;
  action: Action;
  outcome: string;
  reason?: string;
  backup?: string;
}
/** The report of an install or a refresh: what `--json` prints. */
export interface RunReport {
  command: 'install' | 'refresh';
  dryRun: boolean;
  runId?: string;
  resumed: boolean;
  interrupted: boolean;
  failed: boolean;
  recordError?: string;
  /** A file of upkeep's own (the backups folder's ignore file) the file system refused. */
  ownError?: string;
  /** Files per state (refresh only). */
  states?: Record<string, number>;
  /** Files that need a person: the plan's, plus any the run skipped or could not write. */
  attention: number;
  recordPath: string;
  /** Whether the record is to be (or was) rewritten: the shim writes it exactly when set. */
  recordChanged: boolean;
  /** How the run ended (also the journal's `end` outcome). */
  outcome: 'planned' | 'complete' | 'pending' | 'failed' | 'interrupted';
  files: ReportedFile[];
  diffs?: MergeDiff[];
}
/** Joins a plan with what the shim did into the run's report. */
export declare function runReport(plan: Plan, facts: RunFacts): RunReport;

// ---- What the command line prints ----

/** How a printed line reads, for a shell that colours its output. */
export type Tone = 'title' | 'plain' | 'good' | 'attention' | 'warning' | 'hint' | 'muted';
/** One printed line (without its newline). */
export interface RenderedLine {
  tone: Tone;
  text: string;
}
/** How much a report says: `quiet` only what needs the person, `verbose` every file. */
export type Verbosity = 'quiet' | 'normal' | 'verbose';
/** What renderRunReport needs besides the report. */
export interface RunRenderOptions {
  verbosity?: Verbosity;
  /** The command as typed (`['upkeep', 'refresh', ...]`): the hint to resume or retry. */
  argv?: string[];
  /** The command naming only what the run read (`--source`, `--target`, `--manifest`): hints add one flag. */
  base?: string[];
  /** The signal that stopped the run. */
  signal?: 'SIGINT' | 'SIGTERM' | string;
}
/** The install or refresh report as lines: counts per outcome, then every file that needs the person, with commands that work when pasted. */
export declare function renderRunReport(report: RunReport, options?: RunRenderOptions): RenderedLine[];
/** How an update's summary is titled and how much it says. */
export interface SummaryOptions {
  stateDir?: string;
  dryRun?: boolean;
  readOnly?: boolean;
  verbosity?: Verbosity;
}
/** Everything the outcome of `upkeep update` / `upkeep status` is rendered from. */
export interface UpdateOutcomeFacts {
  status: 'updated' | 'dry-run' | 'up-to-date' | 'applied-uncommitted' | 'aborted';
  check?: VersionCheck;
  report?: UpdateReport;
  localChanges?: string[];
  upstreamChanges?: string[];
  resumed?: boolean;
  leftoverPatches?: string[];
  /** The project root as given (`--root`), for hints run elsewhere. */
  root?: string;
  argv?: string[];
}
/** The outcome of an update or status run as lines. */
export declare function renderUpdateOutcome(facts: UpdateOutcomeFacts, options?: SummaryOptions): RenderedLine[];
/** What a run that stopped early knows about itself. */
export interface StopFacts {
  command: string;
  signal?: 'SIGINT' | 'SIGTERM' | string;
  /** Ctrl-C at a prompt. */
  cancelled?: boolean;
  phase?: 'fetch' | 'read' | 'plan' | 'backup' | 'write' | 'regenerate';
  done?: number;
  total?: number;
  argv?: string[];
}
/** A stopped run as lines: what stopped it, what it had done, the command that resumes it. */
export declare function renderStopped(facts: StopFacts): RenderedLine[];
/** A command line quoted for a POSIX shell (each word only when it must be). */
export declare function shellCommand(words: readonly string[]): string;
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
export type RiskDecision = 'silent' | 'soft' | 'blocking';

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
  failOn?: RiskDecision;
}

/** The verdict on a diff. */
export interface Verdict {
  declared: number;
  score: number;
  decision: RiskDecision;
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
export declare function decide(score: number, preset: string): RiskDecision;

/**
 * The more severe of two decisions; a missing one yields the other — the other argument
 * itself, `null` or `undefined` exactly as given (the reference's answer).
 */
export declare function worst<A extends string | null | undefined, B extends string | null | undefined>(a: A, b: B): A | B;

/** Declared risk, actual risk and decision in one call. */
export declare function assess(files: readonly { file: string; added?: number; deleted: number }[], options?: AssessOptions): Verdict;
/** A glob that can never match under the scorer's rules, and the rule that says so. */
export interface GlobWarning {
  option: 'writeSet' | 'contracts' | 'ignoreDeletions';
  pattern: string;
  rule: string;
}
/** What `upkeep score --json` prints: the verdict and the globs that can never match (when any). */
export interface ScoreReport extends Verdict {
  warnings?: GlobWarning[];
}
/** The score report and its rendering: what `upkeep score` prints, and `report.fails` to exit on. */
export interface AssessView {
  report: ScoreReport;
  lines: RenderedLine[];
}
/** `assess`, with the never-matching globs and the rendering. */
export declare function assessView(
  files: readonly { file: string; added?: number; deleted: number }[],
  options?: AssessOptions,
): AssessView;

/** The scoring constants as the engine defines them (the source of {@link WEIGHTS} and friends). */
export declare function scoreConstants(): {
  weights: Record<string, number>;
  presets: Record<Preset, [number, number]>;
  defaultPreset: Preset;
  deletionLines: number;
};
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

/** How a confirmed update starts. Backups are never pruned implicitly (see `planPrune`). */
export interface UpdateStart {
  runId: string;
  resumed: boolean;
}

/** Resume an interrupted update between the same versions, start fresh, or throw `update-in-progress`. */
export declare function startUpdate(inProgress: InProgress | null, from: string, to: string, runId: string): UpdateStart;

/** What the update flow read before deciding anything (`prepareUpdate`). */
export interface UpdateFacts {
  /** The project's VERSION text. */
  installed: string;
  /** The latest release's VERSION text. */
  latest: string;
  committed?: string | null;
  /** The baseline release's VERSION text, once the first answer said `open-baseline`. */
  baseline?: string | null;
  inProgress?: InProgress | null;
  /** The recorded source; `followsLatest` when the latest release came from it, `latestSpec` its spec then. */
  source?: { version: string; followsLatest?: boolean; latestSpec?: string | null } | null;
  dryRun?: boolean;
  /** The run id from the clock (used unless an interrupted run is resumed). */
  runId: string;
}

/** The update's next move: an ending with its clean-up, open the baseline, or start. */
export type UpdatePreparation =
  | { step: 'done'; status: 'up-to-date' | 'applied-uncommitted'; check: VersionCheck; removeProgress: boolean; recordSource: boolean }
  | { step: 'open-baseline'; check: VersionCheck; observeGit: boolean }
  | { step: 'ready'; check: VersionCheck; start: UpdateStart; confirm: boolean; writeProgress: InProgress | null; recordSource: boolean };

/** The update's next move from what was read; throws `downgrade`, `baseline-mismatch`, `update-in-progress`. */
export declare function prepareUpdate(facts: UpdateFacts): UpdatePreparation;

/** What a plan needs read: every managed path of either manifest, the files claims read, and the lockfiles to look for. */
export interface ReadList {
  paths: string[];
  claimFiles: string[];
  /** Lockfile names to look for at the project root (`UpdateInput.lockfiles` says which exist). */
  lockfiles: string[];
}

export declare function updateReadList(baselineManifest: string, latestManifest: string, stateDir?: string | null): ReadList;

/** One side of a path: a regular file's bytes (or digest), or the kind of non-file found. */
export interface SideInput {
  kind?: 'file' | 'symlink' | 'directory' | 'other';
  bytes?: Uint8Array | null;
  digest?: string | null;
  /** With `digest`: the file's size; the side is then compared as its bytes would be. */
  size?: number | null;
  /** With `size`: a NUL among the first 8,000 bytes. */
  binary?: boolean;
  /** With `size`: the SHA-256 with CRLF read as LF (a text file holding CRLF). */
  digestLf?: string | null;
}

/** The three sides of one path; absent or null means "no file there". */
export interface FileInput {
  path: string;
  current?: SideInput | null;
  baseline?: SideInput | null;
  latest?: SideInput | null;
}

export interface UpdateOptions {
  /**
   * A file both sides changed. `merge` (default): three-way merged; a clean merge is written,
   * overlaps get diff3 markers (`yours`, `<from> (baseline)`, `<to> (latest)`). `markers`:
   * the same with two-part markers. `patch`: left as it is; upstream's change (baseline →
   * latest) is written as a patch, the project's edits against latest as `.yours.diff`.
   * Binary files always get upstream's copy (`.latest`) instead.
   */
  conflicts?: 'patch' | 'merge' | 'markers';
  /** Compare with CRLF read as LF. */
  ignoreEol?: boolean;
  /** The state folder, `.upkeep` by default. */
  stateDir?: string;
  /** Names this run's backup folder. */
  runId?: string;
  dryRun?: boolean;
  /** Region awareness off for this run (the CLI sets it from `UPKEEP_NO_REGIONS=1`). */
  noRegions?: boolean;
  /** Write even when managed files have uncommitted changes in git (`--allow-dirty`). */
  allowDirty?: boolean;
  /** This run resumes an interrupted one (`startUpdate(...).resumed`): the dirty guard stands aside. */
  resumed?: boolean;
}

/** What git says about the project's tree (for the dirty guard). */
export interface GitStatus {
  /** `git rev-parse --show-prefix` in the project root. */
  prefix?: string;
  /** `git status --porcelain -z -- .` in the project root, as bytes. */
  porcelain: Uint8Array;
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
  /** Files a prior run left in the merge folder, relative to it (`docs/a.md.patch`). */
  leftoverPatches?: string[];
  /** Which of `ReadList.lockfiles` exist at the project root. */
  lockfiles?: string[];
  /** Git's view of the tree; `null` outside git (nothing is refused then). */
  git?: GitStatus | null;
  options?: UpdateOptions;
}

/** How a file both sides changed was left: markers in it, a patch, upstream's copy, or by hand. */
export type ConflictRoute = 'markers' | 'patch' | 'latest-copy' | 'not-a-file';

/** A file left for the project to resolve. */
export interface UpdateConflict {
  path: string;
  class: FileClass;
  route: ConflictRoute;
  /** Upstream's change (baseline → latest), `git apply`-able from the project root (route `patch`). */
  patchPath: string | null;
  /** The project's edits against the latest release, for reading (route `patch`). */
  yoursDiffPath: string | null;
  /** Upstream's copy of a binary file (route `latest-copy`). */
  latestCopyPath: string | null;
  /** Why it was not merged (`--conflicts patch`, binary file, no baseline, markers already there, a file over the 64 MiB the update loads, one that changed while read). */
  reason: string | null;
}

/** The package manager a project's lockfile (or `packageManager` field) shows. */
export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

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
  conflicts: UpdateConflict[];
  backupDir: string | null;
  adopterActions: AdopterAction[];
  /** Generated regions; absent when no manifest mentions `regions` and awareness is on. */
  regions?: RegionsReport;
  /** Paths the manifest's `merges` declares, merged field by field (absent when none). */
  structured?: Record<string, StructuredFileReport>;
  /** A `package.json` is written: run the package manager's install (absent when not). */
  installNeeded?: boolean;
  /** The project's package manager, when its lockfile (or `packageManager`) shows one. */
  packageManager?: PackageManager;
  /** What the run did (absent from plans and dry runs): see `finishUpdate`. */
  run?: UpdateRunRecord;
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
  /** Per path: its class, table row, what changed, and `outcome`, the report's word for what happens to it (`merged`, `conflict (markers)`, ...). */
  files: { path: string; class: FileClass; row: TableRow | null; localChange: boolean; upstreamChange: boolean; outcome: string }[];
  changelog: ChangelogSection[];
  pending: boolean;
  summary: string;
  /** The generated regions to regenerate, skip or refuse after the walk (absent when none). */
  regionJobs?: RegenJob[];
  /** The writes that carry out `actions`, after the folders' ignore files, each with what must be at its path right before the swap. */
  steps: WriteStep[];
}

/** The dirty guard's input: the two manifests, git's view of the tree, the update's options. */
export interface CleanCheck {
  baselineManifest: string;
  latestManifest: string;
  git?: GitStatus | null;
  options?: UpdateOptions;
}

/**
 * The dirty guard before an update is confirmed: throws `dirty-worktree` naming the managed
 * files with uncommitted changes (unless `dryRun`, `allowDirty` or `resumed`); `planUpdate`
 * checks the same again.
 */
export declare function checkClean(input: CleanCheck): void;

/** Plans an update: the decision table per file, the deletion sweep, claims, actions and report. */
export declare function planUpdate(input: UpdateInput): UpdatePlan;

/** Every path an update reads or writes outside the managed files, relative to the root. */
export interface UpdatePaths {
  stateDir: string;
  version: string;
  manifest: string;
  progress: string;
  lock: string;
  /** Patches and notes. */
  mergeDir: string;
  /** Backups, one folder per run, shared with refresh: `.upkeep-backups`. */
  backupsDir: string;
  /** Where older updates put backups (`<stateDir>-backup`): listed, never written. */
  legacyBackupsDir: string;
}

/** The layout for a state folder (one plain folder name at the root); refuses an unsafe one. */
export declare function updatePaths(stateDir: string): UpdatePaths;

export type UpdateRunOutcome = 'complete' | 'pending' | 'incomplete' | 'failed' | 'interrupted';

/** The backups a project keeps, as measured after a run. */
export interface BackupsKept {
  folder: string;
  runs: number;
  bytes: number;
}

/** What an update run did. */
export interface UpdateRunRecord {
  outcome: UpdateRunOutcome;
  /** Every file written, in order, with its backup. */
  replaced: { path: string; backup: string | null }[];
  /** Files that changed while the run ran: left as they were. */
  changed: string[];
  /** Release files that no longer matched the plan: not copied. */
  sourceChanged: string[];
  /** The file the run stopped at, naming it with the operating system's words. */
  blocked: { path: string; code: string; message: string } | null;
  notReached: string[];
  versionBumped: boolean;
  backups: BackupsKept | null;
}

/** What the shim gathered about a run, for `finishUpdate`. */
export interface UpdateRun {
  report: UpdateReport;
  steps: WriteStep[];
  outcomes: StepOutcome[];
  interrupted?: boolean;
  /** Writing the version or the manifest failed after every other write. */
  stateError?: { path: string; error: OsError } | null;
  backups?: BackupsKept | null;
  stateDir: string;
}

export interface UpdateFinished {
  /** The report with buckets holding only what happened, and `run` filled. */
  report: UpdateReport;
  summary: string;
  outcome: UpdateRunOutcome;
  /** The run's status word: `updated` (complete, or conflicts pending), else the outcome's. */
  status: 'updated' | 'incomplete' | 'failed' | 'interrupted';
  /** Write the new version and manifest now (every write happened). */
  bumpVersion: boolean;
}

/** Joins an update's report with what the executor did: the true report, its summary, whether to bump the version. */
export declare function finishUpdate(run: UpdateRun): UpdateFinished;

// ---- The executor's vocabulary (update, refresh and install) ----

/** What must be at a step's path right before the swap. */
export type WriteExpect =
  | { kind: 'missing' }
  | { kind: 'file'; sha256: string }
  /** upkeep's own output: backed up first when the step names a backup. */
  | { kind: 'any' }
  /** Written only when nothing is there (a folder's ignore file). */
  | { kind: 'if-missing' };

export type WriteContent =
  | { kind: 'copy'; from: string; sha256: string; crlf: boolean }
  /** The bytes of plan entry `index` (an update's `actions[index].bytes`). */
  | { kind: 'planned' }
  | { kind: 'text'; text: string }
  | { kind: 'remove' };

/** One write the executor carries out, in plan order. */
export interface WriteStep {
  path: string;
  expect: WriteExpect;
  content: WriteContent;
  backup: string | null;
  /** The plan entry it carries out (an update's action, a refresh's file); null for upkeep's own files. */
  index: number | null;
}

export interface OsError {
  code: string;
  /** The operating system's description ("read-only file system"). */
  message: string;
  stage: 'backup' | 'stage' | 'swap';
}

export type StepOutcomeKind = 'done' | 'unchanged' | 'changed' | 'source-changed' | 'blocked' | 'not-reached';

export interface StepOutcome {
  path: string;
  outcome: StepOutcomeKind;
  backup?: string | null;
  error?: OsError | null;
}

/** The write steps that carry out an install or refresh plan, backups in `backupDir`. */
export declare function refreshSteps(plan: Plan, backupDir: string): WriteStep[];

/**
 * An install or refresh plan kept in the engine, so a 100,000-file plan crosses the
 * binding once: the shim asks for the files that write nothing, the steps, the files the
 * steps name and the report; each answer equals what `planRefresh`, `refreshSteps` and
 * `runReport` give.
 */
export declare class RefreshSession {
  /** Plans a refresh, as `planRefresh` does. */
  constructor(manifest: Uint8Array, record: Uint8Array | null | undefined, observations: Observations, options?: RefreshOptions | null);
  /** Plans an install, as `planInstall` does. */
  static install(manifest: Uint8Array, manifestName: string, observations: Observations, force: boolean): RefreshSession;
  /** Plans the refresh again with the user's answers; refused once the steps are taken. */
  decide(decisions: { target: string; decision: RefreshDecision }[]): void;
  /** The planned files whose action writes no file (record, diff, pending, conflict), in plan order. */
  unwritten(): PlannedFile[];
  /** Files waiting for a decision, shown as a diff, or in conflict. */
  attention(): number;
  /** Whether carrying the plan out changes a file or the record. */
  mutating(): boolean;
  /** The write steps, backups in `backupDir`; the plan takes no decisions afterwards. */
  steps(backupDir: string): WriteStep[];
  /** The planned files at these step indices, in that order. */
  filesAt(indices: number[]): PlannedFile[];
  /** The report of the run: the plan joined with what the shim did. */
  report(facts: RunFacts): RunReport;
  /** Where the record lives in the host repository. */
  recordPath(): string;
  /** The record's new content, to write once every file is done. */
  recordText(): string;
}

// ---- Backups ----

export interface BackupFile {
  path: string;
  size: number;
  sha256: string | null;
  gitOid?: string | null;
  treeSha256?: string | null;
  headOid?: string | null;
}

export interface BackupRun {
  folder: string;
  id: string;
  mtimeMs?: number;
  files: BackupFile[];
  other?: string[];
  legacy?: boolean;
}

export interface BackupsInput {
  runs: BackupRun[];
  nowMs: number;
  /** Run ids under way or interrupted: never pruned. */
  active?: string[];
  git?: boolean;
}

export interface BackupsList {
  runs: {
    folder: string;
    id: string;
    timeMs: number;
    when: string;
    files: number;
    bytes: number;
    /** Files whose content is found nowhere else. */
    onlyHere: string[];
    legacy: boolean;
    active: boolean;
  }[];
  bytes: number;
  summary: string;
}

export interface PruneOptions {
  keep?: number;
  olderThan?: string;
  dryRun?: boolean;
}

export interface PrunePlan {
  remove: string[];
  kept: { folder: string; reason: string }[];
  freedBytes: number;
  dryRun: boolean;
  summary: string;
}

/** Every backup run, newest first, with what only it holds, and the listing as printed. */
export declare function listBackups(input: BackupsInput): BackupsList;

/** Which backup folders a prune removes (never one holding content found nowhere else), and why the other selected ones stay. */
export declare function planPrune(input: BackupsInput, options: PruneOptions): PrunePlan;

/** The sides of one path whose bytes an {@link UpdateSession} needs. */
export interface ContentNeed {
  path: string;
  current: boolean;
  baseline: boolean;
  latest: boolean;
}

/** The bytes of the sides a {@link ContentNeed} named. */
export interface SuppliedContent {
  path: string;
  current?: Uint8Array | null;
  baseline?: Uint8Array | null;
  latest?: Uint8Array | null;
}

/**
 * {@link planUpdate} in steps, fed digests: sides observed in batches (bytes hashed and
 * dropped), then the bytes of the few paths the plan needs (`needs()`), each hashed again
 * (a file that changed in between is a conflict). `finish()` gives the same plan as
 * `planUpdate` on the full input.
 */
export declare class UpdateSession {
  /** Checks everything but the sides; `input.files` are taken as `planUpdate` takes them. */
  constructor(input: UpdateInput);
  /** Whether digests passed as `{ digest, size, binary, digestLf }` must carry `digestLf`. */
  lineEndings(): boolean;
  /** Takes a batch of paths' sides; bytes are hashed and dropped unless `keepBytes`. */
  observe(files: FileInput[], keepBytes?: boolean | null): void;
  /**
   * Takes a batch of sides as columns (hashed, bytes dropped): per path the current,
   * baseline and latest side's kind (0 nothing, 1 a regular file, 2 a link, 3 a folder,
   * 4 other), the files' bytes one after another, and each side's length (0 for a non-file).
   */
  observeColumns(paths: string[], kinds: Uint8Array, joined: Uint8Array, lengths: Uint32Array): void;
  /** The paths whose bytes the plan needs and that were not supplied yet, in path order. */
  needs(): ContentNeed[];
  supply(contents: SuppliedContent[]): void;
  /** The plan; throws while a need was not supplied. The session is spent afterwards. */
  finish(): UpdatePlan;
}

// ---- Generated regions ----
// Marker-delimited blocks of managed files whose body a program regenerates in the
// project. A declared path is compared with every side's region bodies masked out; after
// the walk each region's program runs, confined to its declared paths.

/** A manifest's region declaration (`regions[]`). */
export interface RegionDecl {
  id: string;
  startMarker: string;
  endMarker: string;
  paths: string[];
  /** The files its body derives from: a region whose input was not merged is skipped. */
  inputs: string[];
  regenerate: { interpreter: string; operand: string; args: string[] };
}

export type RegionScanState = 'present' | 'absent' | 'malformed';

export interface RegionSideScans {
  /** Some side's markers were malformed: nothing was masked, the whole-file rows applied. */
  bailed: boolean;
  current: RegionScanState;
  baseline: RegionScanState;
  latest: RegionScanState;
}

export interface RegionVerdictInput {
  class: FileClass;
  current: Uint8Array;
  baseline: Uint8Array;
  latest: Uint8Array;
  markers: { start: string; end: string }[];
  ignoreEol?: boolean;
}

export interface RegionVerdict {
  row: TableRow;
  markers: RegionSideScans;
  /** The masked texts; null when the oracle bailed. */
  normalized: { current: Uint8Array; baseline: Uint8Array; latest: Uint8Array } | null;
}

/** The decision-table row of a declared path with its region bodies masked out. */
export declare function regionVerdict(input: RegionVerdictInput): RegionVerdict;

export type RegionRefusalKind = 'declaration' | 'manifest' | 'operand';

/** One region's regeneration as the plan decided it. */
export interface RegenJob {
  regionId: string;
  argv: string[];
  paths: string[];
  /** The region's own directories (`""` is the root). */
  dirs: string[];
  status: 'run' | 'skipped' | 'refused';
  reason: string | null;
  refusal: RegionRefusalKind | null;
  /** Declared paths to copy into the backup folder first (when they exist). */
  backups: { path: string; backupPath: string }[];
  /** Top-level folders the snapshots leave out. */
  snapshotSkip: string[];
  /** Top-level folders kept read-only even inside its directories, where the machine confines programs. */
  protected: string[];
  /** Where a repair saves a regular file before removing or overwriting it. */
  saveDir: string;
}

export type SnapEntryKind = 'file' | 'symlink' | 'directory' | 'other';

/** One path of a snapshot (never followed through a link). */
export interface SnapEntry {
  path: string;
  kind: SnapEntryKind;
  /** A file's SHA-256, inside the region's directories. */
  digest?: string | null;
  /** A link's target. */
  target?: string | null;
  /** Outside the region's directories: a change stamp. */
  stamp?: string | null;
  /** Whether the shim holds the file's bytes to put it back. */
  preimage?: boolean;
}

export interface RegionConfineInput {
  paths: string[];
  dirs: string[];
  before: SnapEntry[];
  after: SnapEntry[];
}

export type ConfinedAction = 'restored' | 'removed' | 'reported';

export interface RegionConfinement {
  rewrote: string[];
  /** In order: removals deepest first, then restorations parents first. */
  repairs: { op: 'remove' | 'remove-dir' | 'restore-file' | 'restore-link' | 'restore-dir'; path: string; target: string | null }[];
  /** `violation`: outside its directories, or a link at a declared path (the regeneration failed). */
  confined: { action: ConfinedAction; path: string; detail: string; violation: boolean }[];
}

/** What a regeneration wrote outside its declared paths, and what to put back. */
export declare function regionConfine(input: RegionConfineInput): RegionConfinement;

export type RegenKillCause = 'timeout' | 'output-ceiling' | 'external';

/** One program run, as the shim observed it. */
export interface RegenRun {
  regionId: string;
  status?: number | null;
  signal?: string | null;
  spawnError?: string | null;
  /** The ceiling the shim enforced when it killed the program. */
  ceiling?: 'timeout' | 'output-ceiling' | null;
  timeoutMs?: number;
  maxOutputBytes?: number;
  stderr?: string;
  backedUp?: string[];
  confinement?: RegionConfinement;
  repairFailures?: { path: string; message: string }[];
  /** The confinement it ran under, as the shim found the machine. */
  sandbox?: SandboxFacts | null;
  /** Processes it started were still running when it exited (killed before its writes were checked). */
  stragglers?: boolean;
  /** A declared file that could not be backed up first, so the program was not run. */
  backupFailure?: { path: string; message?: string | null; code?: string | null } | null;
}

/** The confinement a program ran under: bubblewrap, util-linux unshare, or none (with why). */
export interface SandboxFacts {
  mode: 'bwrap' | 'unshare' | 'none';
  reason: string | null;
}

export interface RegenReport {
  backedUp: string[];
  confined: { action: ConfinedAction; path: string; regionId: string; detail: string; violation: boolean }[];
  failed: {
    argv: string[];
    cause: RegenKillCause | null;
    /** `confinement`: it wrote outside its directories, or put a link at a declared path. */
    kind: 'exit' | 'spawn' | 'killed' | 'confinement';
    message: string;
    regionId: string;
    signal: string | null;
    status: number | null;
  }[];
  ran: { argv: string[]; regionId: string; rewrote: string[] }[];
  refused: { argv: string[] | null; kind: RegionRefusalKind; reason: string; regionId: string }[];
  skipped: { argv: string[]; reason: string; regionId: string }[];
  /** The confinement the programs ran under (absent when none ran). */
  sandbox?: SandboxFacts;
  /** Regions whose program left processes running when it exited (absent when none). */
  stragglers?: string[];
}

export type RegionFallbackReason = 'absent-markers' | 'malformed-markers' | 'oracle-failed';

/** The regions part of the update report. */
export interface RegionsReport {
  mentioned: boolean;
  awarenessOff: boolean;
  declarationsLoaded: number;
  declarations: RegionDecl[];
  manifestRefusal: string | null;
  droppedDeclarations: string[];
  malformedDeclarations: { index: number; id: string | null; reason: string }[];
  verdicts: { path: string; row: TableRow; markers: RegionSideScans }[];
  /** `absent-markers` is the pre-region state (informational); the other two compared whole-file. */
  fallbacks: { path: string; reason: RegionFallbackReason }[];
  /** Absent until regeneration ran (a dry run never runs it). */
  regen: RegenReport | null;
  rewrittenPaths: string[];
  supersededPatches: string[];
  unregeneratedPaths: string[];
}

export interface RegionsFinishInput {
  report: UpdateReport;
  jobs: RegenJob[];
  runs?: RegenRun[];
  stateDir: string;
}

export interface RegionsFinished {
  report: UpdateReport;
  summary: string;
}

/** Folds the regeneration runs into an update's report and renders its summary again. */
export declare function finishUpdateRegions(input: RegionsFinishInput): RegionsFinished;

// ---- Structured merges ----
// Field-aware merges of JSON, JSONC and YAML config files: only the declared parts are
// compared, applied entries are minimal text edits in the file's own style, conflicts and
// suggestions go to notes.

/** The formats a config file is read in. `jsonc`: comments and trailing commas allowed. */
export type ConfigFormat = 'json' | 'jsonc' | 'yaml';
/**
 * A value read from a config file. Numbers are JavaScript numbers when a double holds
 * them exactly as written (YAML's `.inf`/`.nan` included), and their exact decimal text
 * otherwise (`"9007199254740993"`).
 */
export type ConfigValue = null | boolean | number | string | ConfigValue[] | { [key: string]: ConfigValue };
/** A config file read whole (`readConfig`). */
export interface ConfigRead {
  /** The format it was read in (a `tsconfig*.json` is JSONC even when `json` was asked). */
  format: ConfigFormat;
  /** Its documents: one for JSON, any number for a YAML stream. */
  documents: ConfigValue[];
  /** Why a field merge would not edit it (several documents, a top level that is not a mapping). */
  cannotEdit: string | null;
}
/**
 * Reads a config file as its own tools read it (YAML 1.2 core schema, strict JSON, JSONC).
 * `format` may be left out when the name says it. Throws `invalid-config` (not valid in its
 * format, with the byte offset) or `unsupported-config` (valid, but not plain data: a
 * mapping used as a key, a repeated key, nesting deeper than 64 levels).
 */
export declare function readConfig(path: string, format: ConfigFormat | null | undefined, bytes: Uint8Array): ConfigRead;

/**
 * A manifest `merges` declaration for one path (keys may be dotted paths). A path whose own
 * tools read comments (`tsconfig*.json`, `jsconfig*.json`, `.vscode/*.json`, `biome.json`,
 * `*.jsonc`) is read as JSONC even when declared `json`.
 */
export interface MergeSpec {
  format: ConfigFormat;
  values?: string[];
  maps?: string[];
  tokens?: { key: string; caseInsensitive?: boolean }[];
  lists?: { key: string; by: string; additions?: 'suggest' | 'apply' }[];
  /** A script upstream changed or added that needs a dependency the merge only suggests: held back with it (`suggest`, default) or both applied. */
  couple?: 'suggest' | 'apply';
}
/** What happens to one entry. */
export type FieldVerdictKind = 'apply' | 'conflict' | 'suggest-add' | 'suggest-removed' | 'held-back' | 'dropped-upstream';
/** One visited entry; values are `null` when absent on that side. */
export interface FieldVerdict {
  kind: 'value' | 'entry' | 'token' | 'member';
  /** The declared key holding the entry; `null` for `values`. */
  section: string | null;
  /** The value's dotted key, the map key, the token key or the member name. */
  key: string;
  verdict: FieldVerdictKind;
  current: ConfigValue;
  baseline: ConfigValue;
  latest: ConfigValue;
  /** Why an addition declared `apply` was only suggested, or which script needs a dependency. */
  reason: string | null;
  /** A script held back or applied with the dependencies it needs (`section › key`); absent when none. */
  needs?: string[];
}
/** A path merged field by field in an update report. */
export interface StructuredFileReport {
  applied: FieldVerdict[];
  conflicts: FieldVerdict[];
  suggestions: FieldVerdict[];
  notesPath: string | null;
  /** Why the path was not merged field by field (it then took the whole-file table); `null` when the merge ran. */
  fallback: string | null;
}
/** A field-aware merge of one file. */
export interface StructuredOutcome {
  applied: FieldVerdict[];
  conflicts: FieldVerdict[];
  suggestions: FieldVerdict[];
  /** The project's file with the applied entries; `null` when nothing applied or on a fallback. */
  merged: string | null;
  fallback: string | null;
  notes: string | null;
}
/** Merges the parts `spec` declares from `baseline` → `latest` into `current`. */
export declare function structuredMerge(
  path: string,
  spec: MergeSpec,
  current: string,
  baseline: string,
  latest: string,
): StructuredOutcome;

// ---- Editors ----
// What a language server shows for a managed file, computed by the engine in one call per
// file: diagnostics, code actions (text edits the client applies), the lens and hovers.

/** How characters inside a line are counted (LSP `positionEncoding`). */
export type PositionEncoding = 'utf-16' | 'utf-8' | 'utf-32';
/** How upstream manages the file, with the sides the verdicts are taken from. */
export type ManagedFile =
  | {
      kind: 'update';
      class: FileClass;
      installed: string;
      latestVersion: string;
      /** The baseline release's bytes; `null` when the baseline does not ship the file. */
      baseline?: Uint8Array | null;
      /** The latest release's bytes; `null` when the latest release dropped the file. */
      latest?: Uint8Array | null;
      regions?: RegionDecl[];
      merge?: MergeSpec | null;
      /** The file as last generated (committed or saved), for hand edits inside regions. */
      reference?: Uint8Array | null;
      conflicts?: 'patch' | 'merge' | 'markers';
      ignoreEol?: boolean;
    }
  | {
      kind: 'install';
      /** How the source is named to the user. */
      source: string;
      /** The source's path of the file. */
      src: string;
      latest?: Uint8Array | null;
      recordedSha256?: string | null;
      keptAgainst?: string | null;
    };
export interface FileViewInput {
  path: string;
  /** The editor's text (unsaved edits included). */
  current: string;
  managed: ManagedFile;
  encoding?: PositionEncoding;
}
export interface EditorPosition {
  line: number;
  character: number;
}
export interface EditorRange {
  start: EditorPosition;
  end: EditorPosition;
}
export type EditorSeverity = 'error' | 'warning' | 'information' | 'hint';
export type EditorDiagnosticKind =
  | 'upstream-change'
  | 'both-changed'
  | 'managed-edited'
  | 'file-verdict'
  | 'generated-region'
  | 'region-hand-edit'
  | 'region-markers'
  | 'conflict-block'
  | 'field-apply'
  | 'field-conflict'
  | 'field-suggestion'
  | 'field-fallback'
  | 'not-text';
export interface EditorDiagnostic {
  range: EditorRange;
  severity: EditorSeverity;
  kind: EditorDiagnosticKind;
  message: string;
}
export interface EditorTextEdit {
  range: EditorRange;
  newText: string;
}
export interface EditorCodeAction {
  title: string;
  kind: 'quickfix' | 'source';
  /** Index of the diagnostic it resolves. */
  diagnostic: number | null;
  /** Offered to a request whose range touches this one. */
  range: EditorRange;
  preferred: boolean;
  edits: EditorTextEdit[];
}
export interface FileSummary {
  class: string;
  installed: string;
  latest: string;
  upstreamHunks: number;
  bothChanged: number;
  conflicts: number;
  fieldNotes: number;
  /** Upstream-owned (or installed) and edited here. */
  edited: boolean;
  /** What the next update (or refresh) does with the file. */
  verdict: string;
}
export interface FileView {
  diagnostics: EditorDiagnostic[];
  actions: EditorCodeAction[];
  lenses: { range: EditorRange; title: string }[];
  /** The file's hover on the first line, then one per diagnostic. */
  hovers: { range: EditorRange; markdown: string }[];
  summary: FileSummary;
}
/** What an editor shows for one file. */
export declare function fileView(input: FileViewInput): FileView;
export interface EditorManifest {
  files: { path: string; class: FileClass; dropped: boolean; regions: RegionDecl[]; merge: MergeSpec | null }[];
  /** Region declarations refused or skipped, worded for a status line. */
  notes: string[];
}
/** What the background scan counted. */
export interface ScanTotals {
  files: number;
  missing: number;
  upstreamChanged: number;
  bothChanged: number;
  conflictBlocks: number;
  fieldNotes: number;
  edited: number;
}
/** Adds one file's summary to the scan's totals (none yet: `null`). */
export declare function editorTally(totals: ScanTotals | null | undefined, summary: FileSummary): ScanTotals;
/** The facts of a project's status line. */
export interface ProjectFacts {
  kind?: 'update' | 'install';
  files?: number;
  installed?: string;
  latest?: string;
  baselineFound?: boolean;
  source?: string;
  notes?: string[];
  scan?: Partial<ScanTotals> | null;
}
/** The status line of a project the editor serves. */
export declare function editorStatus(facts: ProjectFacts): string;
/** The managed paths of a project, read from the latest (and baseline) manifest. */
export declare function editorManifest(latest: string, baseline?: string | null): EditorManifest;

// ---- Land and sync ----
// An approved change becomes honest commits (one per ticket when the tickets' files are
// disjoint), then reaches the main branch only by a fast-forward or named cherry-picks.

/** A file of a handoff and its SHA-256 when sealed (`null`: the change deletes it). */
export interface LandSealedFile {
  path: string;
  sha256: string | null;
}
/** A ticket and the files it claims (a lone ticket sealed with no files claims all). */
export interface LandTicket {
  id: string;
  title?: string | null;
  files: string[];
}
/** A sealed handoff: the unit `upkeep land` commits. */
export interface LandHandoff {
  version: number;
  files: LandSealedFile[];
  tickets: LandTicket[];
  inherited: LandSealedFile[];
}
/** A handoff file as it is now; `dirty` when git status lists it. */
export interface LandCurrentFile {
  path: string;
  sha256: string | null;
  dirty: boolean;
}
/** A file that moved since the seal. */
export interface LandMovedFile {
  path: string;
  sealed: string | null;
  current: string | null;
}
/** One commit of a land. */
export interface LandPlannedCommit {
  tickets: string[];
  files: string[];
  inherited: string[];
  subject: string;
  message: string;
}
export type LandStatus = 'ready' | 'nothing_to_land' | 'moved';
export interface LandPlan {
  status: LandStatus;
  overlap: boolean;
  commits: LandPlannedCommit[];
  alreadyLanded: LandPlannedCommit[];
  moved: LandMovedFile[];
}
/** How one planned commit went. */
export interface LandCommitOutcome {
  sha?: string | null;
  error?: string | null;
}
export type LandResult = 'landed' | 'partly_landed' | 'commit_failed' | 'nothing_to_land' | 'moved';
export interface LandedCommit extends LandPlannedCommit {
  sha: string;
}
export interface LandReport {
  status: LandResult;
  landed: LandedCommit[];
  alreadyLanded: LandPlannedCommit[];
  notLanded: LandPlannedCommit[];
  inherited: string[];
  moved: LandMovedFile[];
  error: string | null;
}
/** A commit named with `--pick`; `sha` is null when the clone does not know the name; `onCheckout` when the checkout's branch has it. */
export interface SyncPick {
  name: string;
  sha: string | null;
  onCheckout?: boolean;
}
/** What the shim read from both repositories. */
export interface SyncFacts {
  checkoutHead: string;
  cloneHead: string;
  cloneAhead: string[];
  checkoutAhead: string[];
  picks: SyncPick[];
}
export type SyncAction = 'fast-forward' | 'cherry-pick' | 'refused';
export interface SyncRefusal {
  code: 'nothing-new' | 'checkout-ahead' | 'not-on-clone' | 'already-on-checkout' | 'named-twice';
  reason: string;
}
export interface SyncPlan {
  action: SyncAction;
  base: string;
  target: string | null;
  commits: string[];
  refusal: SyncRefusal | null;
}
export interface SyncCheckoutFollow {
  follows: boolean;
  note: string | null;
}
/** A check result on record; only `passed` with a digest can be carried. */
export interface SyncCheckRecord {
  command: string;
  digest: string | null;
  status: 'passed' | 'failed' | 'carried';
  place: string;
}
export interface SyncCheck {
  command: string;
  status: 'passed' | 'failed' | 'carried';
  digest: string;
  passedIn?: string | null;
}
export interface SyncReport {
  status: 'synced' | 'dry_run' | 'refused' | 'conflict' | 'check_failed' | 'push_rejected' | 'interrupted';
  checkout: string;
  branch: string;
  plan: SyncPlan;
  head?: string | null;
  checks?: SyncCheck[];
  /** Origin's branch moved. */
  pushed?: boolean;
  /** Origin already had the head: nothing pushed because nothing had to be. */
  originUpToDate?: boolean;
  checkoutFollowed?: boolean;
  notes?: string[];
}

/** Seals a handoff from the dirty files (with hashes), the tickets and the inherited paths. */
export declare function sealHandoff(dirty: LandSealedFile[], tickets: LandTicket[], inherited: string[]): LandHandoff;
/** Parses a sealed handoff strictly (`invalid-handoff` naming `label`). */
export declare function parseHandoff(text: string, label?: string): LandHandoff;
/** The moved-since-seal check and the commit split. */
export declare function planLand(handoff: LandHandoff, current: LandCurrentFile[]): LandPlan;
/** The land report from the plan and each commit's outcome, in order. */
export declare function landReport(plan: LandPlan, outcomes: LandCommitOutcome[]): LandReport;
/** The land report as the CLI prints it. */
export declare function renderLandReport(report: LandReport): string;
/** A fast-forward, named cherry-picks, or a refusal with its reason. */
export declare function planSync(facts: SyncFacts): SyncPlan;
/** Whether the checkout may follow: not moved, no uncommitted changes, fast-forwards. */
export declare function checkoutFollow(
  seenHead: string,
  nowHead: string | null | undefined,
  uncommitted: boolean,
  fastForwards: boolean,
): SyncCheckoutFollow;
/** The digest of a check's inputs: its command and the git tree it runs on. */
export declare function checkDigest(command: string, tree: string): string;
/** The newest passed record with exactly `digest` (failed, carried, digest-less never count). */
export declare function findCarried(digest: string, records: SyncCheckRecord[]): SyncCheckRecord | null;
/** The sync report as the CLI prints it. */
export declare function renderSyncReport(report: SyncReport): string;
// ---- Loop engine ----
// A risk-gated change loop: a state machine over a graph of bricks, persisted in LOOP.md.
// The calls that change a state update the object passed in place (also when they then
// refuse, as far as they got) and return the engine's answer.

/** An edge: leaving `from` on outcome `on`, into `to` (a node, `$close` or `$stop`). */
export interface LoopEdge {
  from: string;
  on: string;
  to: string;
}

/** A declared loop; exactly one has `iteration: true` (its first node is the head). */
export interface LoopRing {
  name: string;
  nodes: string[];
  max: number;
  iteration?: boolean;
}

/** A loop graph (npm/schemas/loop-graph.schema.json). */
export interface LoopGraph {
  start: string;
  edges: LoopEdge[];
  loops: LoopRing[];
  contracts?: string[];
  weights?: Record<string, number>;
  ignoreDeletions?: string[];
  rules?: string[];
  [extra: string]: unknown;
}

/** A brick: one step an agent or a person carries out (npm/schemas/loop-bricks.schema.json). */
export interface LoopBrick {
  name: string;
  effect: 'read' | 'mutate';
  agent?: string;
  skill?: string;
  outcomes: string[];
  body: string;
  gate?: 'human';
  gateOn?: string[];
}

/** The catalogue: a Map by name (as the reference takes it), a list, or an object by name. */
export type LoopBricks = ReadonlyMap<string, LoopBrick> | readonly LoopBrick[] | Record<string, LoopBrick>;

/** A unit's card: what it intends, declares and may touch. */
export interface LoopCard {
  intent?: unknown;
  actions?: string[];
  writeSet?: string[];
  amend?: string;
  [extra: string]: unknown;
}

/** What a held run waits for. */
export type LoopAwaiting =
  | { kind: 'launch' }
  | { kind: 'declared'; iteration: number; score: number; threshold: [number, number]; card: LoopCard }
  | { kind: 'actual'; iteration: number; score: number; reasons: string[]; threshold: [number, number] }
  | { kind: 'gate'; node: string; outcome: string; note?: string };

/** A committed unit. */
export interface LoopHistoryEntry {
  iteration: number;
  bricks: string[];
  declared: number;
  actual: number;
  decision: RiskDecision | string;
  tests: string;
  intent: unknown;
  gates?: string[];
}

/** The whole state LOOP.md persists. */
export interface LoopState {
  v: number;
  title: string;
  requirement: string;
  preset: string;
  contracts: unknown;
  graph: LoopGraph;
  node: string;
  status: 'running' | 'awaiting' | 'stopped' | 'done';
  awaiting: LoopAwaiting | null;
  reason: string | null;
  iteration: number;
  card: LoopCard | null;
  validated: boolean;
  pendingVerify: boolean;
  closing: boolean;
  counters: Record<string, number>;
  resplit: boolean;
  emptyStreak: number;
  snapshot: string;
  visited: string[];
  tests: string;
  current: { declared?: number; decision?: string; amended?: boolean; actual?: number; gates?: string[] };
  notes: string[];
  history: LoopHistoryEntry[];
  gateAmends?: Record<string, number>;
}

/** `initState`'s arguments. */
export interface LoopInit {
  title: string;
  requirement: string;
  graph: LoopGraph;
  preset?: string;
  contracts?: string[];
}

/** The run's summary at its end. */
export interface LoopSummary {
  iterations: number;
  review: { iteration: number; intent: unknown }[];
  notes: string[];
}

/** What `nextStep` answers. */
export type LoopNext =
  | { awaiting: LoopAwaiting | null; preset: string }
  | { terminal: '$close'; summary: LoopSummary }
  | { terminal: '$stop'; reason: string | null; summary: LoopSummary }
  | { verify: true; iteration: number; run: string }
  | {
      node: string;
      iteration: number;
      effect: 'read' | 'mutate';
      agent?: string;
      skill?: string;
      outcomes: string[];
      prompt: string;
      card: LoopCard | null;
      notes: string[];
      validate: boolean;
      rules?: string[];
    };

/** A declared score. */
export interface LoopDeclaredScore {
  score: number;
  preset: string;
  threshold: [number, number];
  decision: RiskDecision;
}

/** A unit closed into a commit: the commit message carries `trailers`. */
export interface LoopCommit {
  commit: true;
  trailers: string;
  iteration: number;
  intent: unknown;
}

/** What a transition answers. */
export type LoopTransition =
  | { node: string }
  | { verify: true }
  | { done: true }
  | { stopped: string | null }
  | { awaiting: LoopAwaiting }
  | { discard: true; resplit?: true }
  | { resumed: true }
  | { dropped: true }
  | LoopCommit;

/** A new run's state; the prudent preset holds the launch. Throws on an unknown preset or a graph without one iteration loop. */
export declare function initState(init: LoopInit): LoopState;
/** Checks a graph against the whole model and the catalogue (`invalid-loop-graph`). */
export declare function validateLoopGraph(graph: LoopGraph, bricks: LoopBricks): void;
/** What to do next. */
export declare function nextStep(state: LoopState, bricks: LoopBricks): LoopNext;
/** The current unit's commit trailers (`Loop-Iteration: ...`, one per line). */
export declare function trailers(state: LoopState): string;
/** Scores the declared actions (a new card when `actions` are given); blocking holds the run. */
export declare function scoreDeclared(
  state: LoopState,
  options?: { actions?: string[] | null; writeSet?: string[] | null; intent?: unknown },
): LoopDeclaredScore;
/** Scores the unit's diff (`LOOP.md` and `LOOP.md.tmp` left out): a commit, a hold, or an empty unit. */
export declare function scoreDiff(
  state: LoopState,
  files: readonly { file: string; added?: number; deleted: number }[],
):
  | LoopCommit
  | { score: number; decision: 'blocking'; reasons: string[]; commit: false }
  | { empty: true; commit: false }
  | { stopped: string };
/** Records the outcome the current brick reported. `porcelain`: `git status --porcelain` now. */
export declare function recordOutcome(
  state: LoopState,
  bricks: LoopBricks,
  outcome: string,
  report?: { card?: LoopCard | null; porcelain?: string | null; note?: string },
): LoopTransition;
/** A person's answer to a held run. */
export declare function decideAwaiting(
  state: LoopState,
  bricks: LoopBricks,
  verdict: 'ok' | 'no' | 'amend' | string,
  note?: string,
): LoopTransition;
/** The whole LOOP.md for a state. */
export declare function renderLoopFile(state: LoopState): string;
/** The state in a LOOP.md (`invalid-loop-file` without a loop-state block). */
export declare function parseLoopFile(text: string): LoopState;
/** Writes LOOP.md atomically: `LOOP.md.tmp` beside it, then a rename retried on EPERM/EACCES/EBUSY (Node only). */
export declare function writeLoopFile(file: string, state: LoopState): void;
/** `'LOOP.md'`. */
export declare const LOOP_FILE: string;
/** `'LOOP.md.tmp'`. */
export declare const LOOP_FILE_TMP: string;

// ---- Lifecycle: release specs, new, adopt, the recorded source, manifest init/check ----

/** Where a release comes from; `local` is a path that is a directory or a git repository. */
export type SourceKind = 'directory' | 'tarball' | 'git' | 'npm' | 'local';

/** A parsed release spec: `<source>[@<version or range> | #<git ref>][//<sub-path>]`. */
export interface ReleaseSpec {
  kind: SourceKind;
  /** The spec without version and sub-path, as `.upkeep/source.json` records it. */
  source: string;
  /** What git, npm or the file system is handed: a URL, a path, a package name. */
  location: string;
  version: string | null;
  ref: string | null;
  subpath: string | null;
  /** Whether `location` is a path on this machine. */
  local: boolean;
}
/** Parses a release spec; throws `invalid-spec` naming it (unknown syntax, an unsafe sub-path, a bad version). */
export declare function parseReleaseSpec(text: string): ReleaseSpec;
/** A `local` spec as a git repository (read at its tags) or a directory. */
export declare function resolveLocalSpec(spec: ReleaseSpec, gitRepository: boolean): ReleaseSpec;
/** The spec with its local path replaced (relative to the project, as recorded). */
export declare function relocateSpec(spec: ReleaseSpec, location: string): ReleaseSpec;
/** `<source>[@<version>][//<sub-path>]`. */
export declare function renderReleaseSpec(source: string, version?: string | null, subpath?: string | null): string;

/** A tag from `git ls-remote --tags`; `version` when its name is semver (`v1.2.0` or `1.2.0`). */
export interface GitTag {
  name: string;
  commit: string;
  version: string | null;
}
/** Reads `git ls-remote --tags` output (annotated tags peeled). */
export declare function parseGitTags(text: string): GitTag[];
/** What to choose a version from. */
export interface VersionQuery {
  label: string;
  kind: SourceKind;
  available: { name: string; version: string | null; commit?: string | null }[];
  /** An exact version, a range, or (npm) a dist-tag; `null`: the highest stable one. */
  wanted?: string | null;
  pre?: boolean;
  distTags?: [string, string][];
}
export interface SelectedVersion {
  version: string;
  name: string;
  commit: string | null;
}
/** Chooses a version; throws `no-such-version` naming the source and what it offers. */
export declare function selectVersion(query: VersionQuery): SelectedVersion;

/** What a release ships, as the shim found it. */
export interface LayoutInput {
  label: string;
  entries: { path: string; kind?: 'file' | 'symlink' | 'directory' | 'other' }[];
  manifest?: string | null;
  versionFile?: string | null;
  tagVersion?: string | null;
  tag?: string | null;
  stateDir: string;
  view?: boolean;
}
/** A release as a project sees it: installed names, the manifest and version that apply. */
export interface ReleaseLayout {
  version: string;
  manifest: string;
  defaultManifest: boolean;
  files: { path: string; from: string }[];
  renames: [string, string][];
  inPlace: boolean;
}
/** Lays a release out; throws `bad-release` (links, collisions, no version) or `invalid-manifest`. */
export declare function planLayout(input: LayoutInput): ReleaseLayout;

export interface CacheKeyInput {
  kind: SourceKind;
  identity: string;
  revision: string;
  subpath?: string | null;
  stateDir: string;
}
/** The cache folder of a release, relative to the cache root. */
export declare function cacheKey(input: CacheKeyInput): string;
export interface CachedFile {
  path: string;
  stamp: string;
}
export interface CacheIndex {
  spec: string;
  version: string;
  resolved: string | null;
  origin?: string | null;
  files: CachedFile[];
}
export interface CacheVerdict {
  index: CacheIndex | null;
  damage: string | null;
}
/** A cache entry's `entry.json`. */
export declare function renderCacheIndex(index: CacheIndex): string;
/** A folder's fingerprint from its entries' lstat stamps (`stat-sha256:…`): equal means unchanged. */
export declare function folderFingerprint(entries: CachedFile[]): string;
/** Whether a cache entry is whole (its index lists exactly the files found, unchanged). */
export declare function verifyCacheEntry(indexText: string | null, found: CachedFile[]): CacheVerdict;

/** `.upkeep/source.json` (schema: `schemas/project-source.schema.json`). */
export interface ProjectSource {
  source: string;
  version: string;
  subpath?: string | null;
  resolved?: string | null;
}
/** Parses `.upkeep/source.json` strictly; throws `invalid-source-file`. */
export declare function parseProjectSource(text: string, label?: string | null): ProjectSource;
/** Writes `.upkeep/source.json` (every key, two-space indent, final newline). */
export declare function renderProjectSource(record: ProjectSource): string;

export type ScaffoldMode = 'fresh' | 'resume' | 'force';
export interface ScaffoldStartInput {
  target: string;
  entries: string[];
  inProgress?: string | null;
  spec: string;
  force?: boolean;
  runId: string;
  /** The state folder's name and what it holds (a lock and temp files alone leave the target empty). */
  stateDir?: string;
  stateEntries?: string[];
}
export interface ScaffoldStart {
  mode: ScaffoldMode;
  probe: boolean;
  runId: string;
}
/** How `upkeep new` starts; throws `target-not-empty`. */
export declare function scaffoldStart(input: ScaffoldStartInput): ScaffoldStart;
/** What is at a path: its kind and, for a regular file, its SHA-256. */
export interface ProbedSide {
  kind?: 'file' | 'symlink' | 'directory' | 'other';
  sha256?: string | null;
}
export interface ScaffoldInput {
  start: ScaffoldStart;
  target: string;
  spec: string;
  files: { path: string; sha256?: string | null; current?: ProbedSide | null }[];
  record: ProjectSource;
  manifest: string;
  stateDir: string;
}
export interface StateFile {
  path: string;
  text: string;
}
export interface ScaffoldReport {
  spec: string;
  target: string;
  version: string;
  created: string[];
  replaced: string[];
  unchanged: string[];
  backupDir: string | null;
  resumed: boolean;
}
export interface ScaffoldPlan {
  progress: StateFile | null;
  writes: { path: string; backupPath: string | null; create: boolean }[];
  stateFiles: StateFile[];
  progressPath: string;
  report: ScaffoldReport;
  summary: string;
}
/** Plans `upkeep new`. */
export declare function planScaffold(input: ScaffoldInput): ScaffoldPlan;

export interface AdoptInput {
  spec: string;
  files: { path: string; class: FileClass; sha256: string; current?: ProbedSide | null }[];
  existingVersion?: string | null;
  existingSource?: string | null;
  force?: boolean;
  record: ProjectSource;
  manifest: string;
  stateDir: string;
}
export interface AdoptReport {
  spec: string;
  version: string;
  same: string[];
  differs: { path: string; class: FileClass }[];
  missing: { path: string; class: FileClass }[];
  notFiles: { path: string; class: FileClass }[];
  replacedRecord: boolean;
}
export interface AdoptPlan {
  stateFiles: StateFile[];
  report: AdoptReport;
  summary: string;
}
/** Plans `upkeep adopt`; throws `already-recorded`. */
export declare function planAdopt(input: AdoptInput): AdoptPlan;

export interface UpdateSourcesInput {
  root: string;
  stateDir: string;
  record?: string | null;
  installed?: string | null;
  baseline?: string | null;
  latest?: string | null;
  to?: string | null;
}
export interface UpdateSources {
  baseline: string;
  latest: string;
  record: ProjectSource | null;
  expectResolved: string | null;
  recordLatest: boolean;
  latestFromRecord: boolean;
  notices: string[];
}
/** The two releases of a bare `upkeep update`; throws `no-source`. */
export declare function updateSources(input: UpdateSourcesInput): UpdateSources;
/** `null` when a release is what was recorded; a notice when not and `allow`; else throws `release-drift`. */
export declare function checkReleaseDrift(spec: string, expected: string | null, found: string | null, allow: boolean): string | null;

// ---- Fleet: --exit-on, the change-request payload, the fleet plan, the step's push decision

/** When `update` and `status` exit non-zero (`--exit-on`). */
export type ExitPolicy = 'never' | 'conflict' | 'error';
/** Checks an `--exit-on` value; throws `invalid-argument`. */
export declare function parseExitPolicy(text: string): ExitPolicy;
/** What the exit code is decided from: a finished run's report, or a failure. */
export interface ExitInput {
  /** Left out: the codes without `--exit-on`. */
  policy?: ExitPolicy | null;
  readOnly?: boolean;
  report?: UpdateReport | null;
  pending?: boolean;
  failure?: { exit: number; stopped?: boolean } | null;
  /** How an update that wrote ended (`report.run.outcome`): unfinished, it exits 1, 74 or the stop's code. */
  run?: UpdateRunOutcome | null;
  /** An install's or a refresh's report: it alone decides their code. */
  runReport?: RunReport | null;
  /** A stop's code: 130 (Ctrl-C, the default) or 143 (SIGTERM). */
  stopExit?: number | null;
}
/** The exit code under `--exit-on` (a stop keeps 130 / 143 under every policy). */
export declare function exitCode(input: ExitInput): number;
/** What `upkeep update --pr` builds its change request from. */
export interface PrInput {
  report: UpdateReport;
  /** The template source (a release spec; a version or sub-path in it is ignored). */
  source: string;
  changelog?: ChangelogSection[];
  stateDir?: string | null;
  /** The body's limit in characters (default 65,536, GitHub's); the body is always shorter. */
  limit?: number | null;
}
/** The change request: the files `--pr <dir>` writes, and what the body left out. */
export interface PrPayload {
  title: string;
  body: string;
  labels: string[];
  /** `upkeep/<source-slug>/<version>`. */
  branch: string;
  /** The step's commit message: the title and an `Upkeep-Branch:` trailer. */
  commitMessage: string;
  /** What the body left out to stay under the limit, e.g. `"12 paths of What changed"`. */
  omitted: string[];
}
/** Builds the change request from the report (the same bytes in every engine). */
export declare function prPayload(input: PrInput): PrPayload;
/** One repository of a fleet list. */
export interface FleetRepo {
  repo: string;
  dir: string | null;
  local: boolean;
  /** For a local repository: its recorded source, relative to it. */
  record: string | null;
  /** Unique in the fleet: a job name and concurrency group. */
  key: string;
}
/** Reads `repos.txt` or `repos.json` (the name chooses); throws `invalid-argument`. */
export declare function parseFleetList(text: string, label: string): FleetRepo[];
export type Platform = 'github' | 'gitlab';
/** What was read for a local repository's record. */
export interface FleetRecord {
  key: string;
  text?: string | null;
  error?: string | null;
}
export interface FleetInput {
  list: string;
  label: string;
  to?: string | null;
  platform?: Platform | null;
  batchSize?: number | null;
  records?: FleetRecord[];
}
export interface FleetPlan {
  platform: Platform;
  batchSize: number;
  target: string | null;
  total: number;
  run: number;
  skipped: { key: string; repo: string; dir: string | null; version: string; reason: string }[];
  unread: FleetRecord[];
  batches: { index: number; include: FleetRepo[] }[];
  summary: string;
}
/** Batches of at most 256 (GitHub) or 200 (GitLab) jobs, skipping repositories at the target. */
export declare function planFleet(input: FleetInput): FleetPlan;
/** The GitLab child pipeline of one batch, its job extending `.upkeep-fleet-step` from `include`. */
export declare function gitlabChildPipeline(plan: FleetPlan, batch: number, include: string): string;
/** What the fleet step found about its branch. */
export interface StepFacts {
  branch: string;
  commit?: string | null;
  remote?: string | null;
  remoteContainsCommit?: boolean;
  remoteIsStepCommit?: boolean;
}
export type StepAction = 'skip' | 'push' | 'unchanged' | 'keep' | 'replace' | 'refuse';
export interface StepDecision {
  action: StepAction;
  lease: string | null;
  message: string;
}
/** What the fleet step does with its branch (push, leave, replace with a lease, refuse). */
export declare function stepAction(facts: StepFacts): StepDecision;
/** What the fleet step finds in its checkout before it starts. */
export interface StartFacts {
  head: string;
  headParent?: string | null;
  headIsStepCommit?: boolean;
  dirty?: string[];
  /** The base an earlier, unfinished run of the step recorded in this checkout. */
  unfinishedBase?: string | null;
  projectDir?: string | null;
  stateDir?: string | null;
}
/** `keep`: the backup folders `git clean` keeps (never committed, never discarded). */
export interface StepStart {
  base: string | null;
  reset: boolean;
  refusal: string | null;
  keep: string[];
  /** upkeep's self-ignoring folders whose files the step commits (their `.gitignore` left out): the merge folder. */
  commitIgnored: string[];
}
/** Where the fleet step starts: its base, and whether a killed run's writes are discarded first. */
export declare function stepStart(facts: StartFacts): StepStart;

export type RuleClass = 'owned' | 'shared' | 'wiki-owned' | 'exclude';
export interface ManifestRules {
  rules: { class: RuleClass; glob: string }[];
  install: [string, string][];
}
/** Parses a `manifest init` rules file (`owned src/**`, `install _npmrc .npmrc`); throws `invalid-rules`. */
export declare function parseManifestRules(text: string, label?: string | null): ManifestRules;
export interface ManifestInitInput {
  label: string;
  files: string[];
  rules?: ManifestRules;
  stateDir: string;
}
export interface ManifestInit {
  manifest: string;
  owned: number;
  shared: number;
  wikiOwned: number;
  excluded: number;
  unlisted: number;
  renames: [string, string][];
  summary: string;
}
/** A template folder's manifest from rules. */
export declare function manifestInit(input: ManifestInitInput): ManifestInit;
/** The shipped paths whose text `checkManifest` needs (files regions name). */
export declare function manifestCheckReads(manifest: string): string[];
export interface ManifestCheckInput {
  label: string;
  manifest?: string | null;
  entries: { path: string; kind?: 'file' | 'symlink' | 'directory' | 'other' }[];
  texts?: { path: string; bytes: Uint8Array }[];
  stateDir: string;
}
export interface ManifestCheck {
  problems: { path: string | null; problem: string }[];
  files: number;
  summary: string;
}
/** Every problem of a release's manifest. */
export declare function checkManifest(input: ManifestCheckInput): ManifestCheck;

// The flows as functions (Node only: `import { update } from 'upkeep'` in a browser or a
// bundle for the web has none of them, since they read and write the file system). Each
// takes one options object, the command's options camelCased, and resolves to the report
// the command prints with `--json` (`JSON.stringify` of it is that document). Bad input
// throws the error the command reports, an `Error` with `.code` (`usage` for an option the
// command line would refuse), before anything is written. `new` is a reserved word: the
// function of `upkeep new` is `newProject`.

/** A step a flow finished: `done` of `total` items of `phase` (`path`: the item just done). */
export interface ProgressEvent {
  phase: 'fetch' | 'read' | 'plan' | 'backup' | 'write' | 'regenerate';
  done: number;
  total: number;
  path?: string;
}

/** What every flow function takes. */
export interface FlowOptions {
  /** What relative paths and local release specs are relative to (default: the current directory). */
  cwd?: string;
  /**
   * Stops the run at its next safe point (every file whole, journalled where the command
   * journals): `update`, `status`, `newProject` and `adopt` then throw `code: 'interrupted'`
   * (the signal's reason as `cause`), `install` and `refresh` resolve to a report with
   * `interrupted: true`. Re-running the same call resumes where it stopped.
   */
  signal?: AbortSignal;
  /** Called as the run moves: what the command line draws as its progress bar. */
  onProgress?: (event: ProgressEvent) => void;
}

/** `update` asks before writing, as `upkeep update` does on a terminal: `true` goes ahead. */
export interface UpdateQuestion {
  kind: 'update';
  id: 'update';
  message: string;
  from: string;
  to: string;
  /** The release notes between the two versions. */
  changelog: ChangelogSection[];
}
/** `refresh` asks about each file it cannot decide alone: answer with one of `choices`' values. */
export interface RefreshQuestion {
  kind: 'refresh';
  /** The file's path in the host repository. */
  id: string;
  message: string;
  target: string;
  state: FileState;
  choices: { name: string; value: RefreshDecision }[];
}
export type FlowQuestion = UpdateQuestion | RefreshQuestion;
/**
 * The answers to what the command line would prompt for: a callback (called once per
 * question, with the run's signal), or a map from a question's `id` to its answer. With a
 * map, an unanswered `update` question goes ahead and an unanswered file stays pending,
 * as in a run with no terminal.
 */
export type Decide<Q extends FlowQuestion, A> =
  | ((question: Q, context: { signal?: AbortSignal }) => A | undefined | Promise<A | undefined>)
  | Record<string, A>;

/** The options of `upkeep status` (`--baseline`, `--latest`, `--to`, ...), camelCased. */
export interface StatusFlowOptions extends FlowOptions {
  /** The project root (default: `cwd`). */
  root?: string;
  /** The release the project was installed from (default: the recorded source at the installed version). */
  baseline?: string;
  /** The release to update to (default: the recorded source's newest stable version). */
  latest?: string;
  /** With the recorded source: the version (or range) to go to instead of the newest. */
  to?: string;
  pre?: boolean;
  allowDrift?: boolean;
  stateDir?: string;
  conflicts?: 'patch' | 'merge' | 'markers';
  ignoreEol?: boolean;
}
/** The options of `upkeep update`: those of status, and what it would prompt for. */
export interface UpdateFlowOptions extends StatusFlowOptions {
  /** Do not ask (`decide` is not consulted). */
  yes?: boolean;
  dryRun?: boolean;
  /** Update even when managed files have uncommitted changes in git (`--allow-dirty`; refused with `dirty-worktree` otherwise). */
  allowDirty?: boolean;
  /** A folder to write the change request into (`--pr`): title.txt, body.md, labels.txt, branch.txt, commit.txt. */
  pr?: string;
  /** Whether to go ahead (asked once, after the versions are known, before anything is written). */
  decide?: Decide<UpdateQuestion, boolean>;
}
/** The releases an update compared: each spec with its version, and what was fetched exactly. */
export interface UpdateReleases {
  baseline: { spec: string; resolved: string | null } | null;
  latest: { spec: string; resolved: string | null };
}
/** `upkeep update --json`. */
export interface UpdateResult extends UpdateReport {
  /**
   * How the run ended. A run that wrote and did not finish says so: `incomplete` (files
   * changed while it ran were left alone), `failed` (the file system refused a write; see
   * `error`), `interrupted` (stopped on request: `update` rejects with it, the error's
   * `report` holding this document). Each time the version is unchanged and running the
   * same update again finishes it.
   */
  status: 'updated' | 'dry-run' | 'up-to-date' | 'applied-uncommitted' | 'aborted' | 'incomplete' | 'failed' | 'interrupted';
  /** Why a run that wrote stopped short (`failed`, `interrupted`). */
  error?: { code: string; message: string };
  /** With `pr`: the change request written. */
  pr?: PrPayload;
  resumed: boolean;
  leftoverPatches: string[];
  notices: string[];
  releases: UpdateReleases;
}
/**
 * `upkeep status --json`: `status` is `'dry-run'` when the versions differ (an update is
 * pending), with `files` (what either side changed); the rest is what `update` would do.
 */
export interface StatusResult extends UpdateResult {
  files?: UpdatePlan['files'];
}
/** Brings a project up to a new release of its template, keeping local edits: `upkeep update`. */
export declare function update(options?: UpdateFlowOptions): Promise<UpdateResult>;
/** Read-only: what the project changed and what the next release would change: `upkeep status`. */
export declare function status(options?: StatusFlowOptions): Promise<StatusResult>;

/** The options of `upkeep install --source <dir> --target <repo>`, camelCased. */
export interface InstallFlowOptions extends FlowOptions {
  source: string;
  target: string;
  manifest?: string;
  force?: boolean;
  dryRun?: boolean;
}
/** The options of `upkeep refresh`, camelCased; `confirm` is `--confirm` (repeatable). */
export interface RefreshFlowOptions extends FlowOptions {
  source: string;
  target: string;
  manifest?: string;
  auto?: 'take-theirs' | 'keep-mine';
  hostDeleted?: 'restore' | 'forget';
  sourceDeleted?: 'remove' | 'keep';
  confirm?: string[];
  dryRun?: boolean;
  /** What to do with each file changed on both sides (or deleted on one). */
  decide?: Decide<RefreshQuestion, RefreshDecision>;
}
/** Copies the files a source manifest lists into a host repository: `upkeep install --json`. */
export declare function install(options: InstallFlowOptions): Promise<RunReport>;
/** Brings installed files up to date without clobbering local edits: `upkeep refresh --json`. */
export declare function refresh(options: RefreshFlowOptions): Promise<RunReport>;

/** The options of `upkeep new <release> <dir>`: `spec` is the release, `target` the folder. */
export interface NewProjectFlowOptions extends FlowOptions {
  spec: string;
  target: string;
  force?: boolean;
  git?: boolean;
  pre?: boolean;
  stateDir?: string;
}
/** `upkeep new --json`. */
export interface NewProjectResult extends ScaffoldReport {
  status: 'created' | 'resumed';
  notices: string[];
  release: { spec: string; resolved: string | null };
  /** With `git`: whether the first commit was made (and its id, or git's error). */
  git: { committed: boolean; commit?: string; error?: string } | null;
}
/** Scaffolds a project from a release and records where it came from: `upkeep new`. */
export declare function newProject(options: NewProjectFlowOptions): Promise<NewProjectResult>;
/** The options of `upkeep adopt <release>@<version>`: `spec` is the release. */
export interface AdoptFlowOptions extends FlowOptions {
  spec: string;
  /** The project root (default: `cwd`). */
  root?: string;
  force?: boolean;
  stateDir?: string;
}
/** `upkeep adopt --json`. */
export interface AdoptResult extends AdoptReport {
  status: 'adopted';
  notices: string[];
  release: { spec: string; resolved: string | null };
}
/** Records the release a project was made from, after checking the project against it: `upkeep adopt`. */
export declare function adopt(options: AdoptFlowOptions): Promise<AdoptResult>;
