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
  | 'manifest-exists'
  | 'usage'
  | 'bad-path'
  | 'interrupted'
  | 'cancelled'
  | 'busy'
  | 'not-installed'
  | 'bad-state'
  | 'no-record'
  | 'changed-during-run'
  | 'backup-exists'
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

// The engine's data types, generated from core's serde types (generated/types.d.ts).
// <generated: engine types, by scripts/generate-contracts.mjs>
import type {
  ActiveFacts,
  AdoptDocument,
  AdoptFacts,
  AdoptInput,
  AdoptPlan,
  AdoptReport,
  AfterWrites,
  AnswerSeen,
  ArchiveRoot,
  AssessOptions,
  AssessView,
  BackupFailure,
  BackupName,
  BackupsDone,
  BackupsFound,
  BackupsInput,
  BackupsKept,
  BackupsList,
  BackupsSeen,
  CacheIndex,
  CacheKeyInput,
  CacheMove,
  CacheQuestion,
  CacheVerdict,
  CachedFile,
  ChangelogSection,
  CheckoutProblem,
  Choice,
  CleanCheck,
  CommandFailure,
  CommandScope,
  CommandTarget,
  CommitIdentity,
  ConfigFormat,
  ConfigRead,
  ContentDigest,
  ContentNeed,
  CopiesFound,
  CopiesUsable,
  Decider,
  DiffLabels,
  DiffOptions,
  DocumentError,
  DocumentFacts,
  DryRunFacts,
  DryRunStart,
  EditorDiagnostic,
  EditorInstall,
  EditorManifest,
  EditorNotice,
  EditorStatusLine,
  ExitInput,
  ExitPolicy,
  FailureDocument,
  FailureFacts,
  FailureReport,
  FetchProblem,
  FileClass,
  FileDiffOptions,
  FileInput,
  FileRepair,
  FileRepairFacts,
  FileRisk,
  FileStat,
  FileState,
  FileSummary,
  FileVerdict,
  FileVerdictInput,
  FileView,
  FileViewInput,
  FirstCommit,
  FirstCommitStep,
  FirstCommitWords,
  FleetInput,
  FleetPlan,
  FleetRepo,
  FolderFacts,
  FolderFailure,
  FoldersFound,
  GitCommand,
  GitPlace,
  GitRan,
  GitRefFound,
  GitRefLookup,
  GitStatus,
  GitTag,
  HomeFiles,
  Hunk,
  InProgress,
  InputName,
  InputProblem,
  InstallManifest,
  InstallPairs,
  InstalledRelease,
  InterruptedRun,
  Journal,
  JournalRecord,
  JournalSegment,
  LandCommitOutcome,
  LandCurrentFile,
  LandHandoff,
  LandPlan,
  LandReport,
  LandSealedFile,
  LandStep,
  LandTicket,
  LandTickets,
  LayoutInput,
  LineEndings,
  LocalFolder,
  LockFacts,
  LockHolder,
  LockSeen,
  LoopInit,
  LoopProblem,
  Manifest,
  ManifestCheck,
  ManifestCheckInput,
  ManifestInit,
  ManifestInitInput,
  ManifestPlace,
  ManifestRules,
  ManifestWrite,
  ManifestWriteFacts,
  MatrixChoice,
  MergeCommand,
  MergeDiff,
  MergeFlags,
  MergeOptions,
  MergePreview,
  MergeResult,
  MergeSpec,
  MergeSummary,
  NewDocument,
  NewFacts,
  NoRecordFacts,
  NpmVersions,
  Observations,
  Observed,
  OverviewInput,
  PayloadFile,
  PendingDone,
  PendingEnd,
  PendingEnding,
  PendingInput,
  PendingReading,
  PendingRecovered,
  Plan,
  PlanOutline,
  PlanOverview,
  PlannedFile,
  PrInput,
  PrPayload,
  PreflightRefused,
  PresetChoices,
  ProgressReading,
  ProjectFacts,
  ProjectKind,
  ProjectSource,
  PruneOptions,
  PrunePlan,
  ReadList,
  RecordRan,
  RecordReadInput,
  RecordStep,
  RefreshDecision,
  RefreshOptions,
  RefreshPaths,
  RefreshQuestion,
  Refusal,
  RegenPending,
  RegenRun,
  RegionBackupsDone,
  RegionConfineInput,
  RegionConfinement,
  RegionFolders,
  RegionLimits,
  RegionVerdict,
  RegionVerdictInput,
  RegionsFinishInput,
  RegionsFinished,
  ReleaseDirs,
  ReleaseDirsInput,
  ReleaseLayout,
  ReleaseProblem,
  ReleaseRoute,
  ReleaseSpec,
  ReleaseWords,
  RenderedLine,
  RepairFact,
  ResolvedFacts,
  Risk,
  RiskDecision,
  RiskOptions,
  RunEnd,
  RunFacts,
  RunIdStyle,
  RunRenderOptions,
  RunReport,
  SandboxFacts,
  SandboxProbe,
  ScaffoldHalt,
  ScaffoldInput,
  ScaffoldPlan,
  ScaffoldReport,
  ScaffoldRun,
  ScaffoldStart,
  ScaffoldStartInput,
  ScanTotals,
  ScoreDiff,
  ScoreFacts,
  SealReport,
  SelectedVersion,
  SingleFile,
  SingleFilePlan,
  SnapshotQuestion,
  SnapshotReads,
  SourceRecord,
  StartFacts,
  StateProblem,
  StepCommitFacts,
  StepCommitInput,
  StepDecision,
  StepFacts,
  StepLine,
  StepLineFacts,
  StepOutcome,
  StepStart,
  StepUpdate,
  StopFacts,
  StopPoint,
  StrictFile,
  StrictText,
  StructuredOutcome,
  SummaryOptions,
  SuppliedContent,
  SyncCheckRecord,
  SyncCheckout,
  SyncCheckoutFollow,
  SyncFacts,
  SyncOutcome,
  SyncPlan,
  SyncReport,
  SyncRun,
  SyncStep,
  TargetSeen,
  TerminalFacts,
  TerminalPolicy,
  TopEntry,
  TreeProblem,
  UnifiedDiff,
  UpdateAnswer,
  UpdateDocument,
  UpdateFacts,
  UpdateFinished,
  UpdateInput,
  UpdateOpened,
  UpdateOpening,
  UpdateOptions,
  UpdateOutcomeFacts,
  UpdatePaths,
  UpdatePlan,
  UpdatePreparation,
  UpdateQuestion,
  UpdateReport,
  UpdateRun,
  UpdateSources,
  UpdateSourcesInput,
  UpdateStart,
  UpdateStatus,
  UsageProblem,
  Verdict,
  VersionCheck,
  VersionQuery,
  WorkspaceProject,
  WriteConstants,
  WriteStep,
  WritesEnded,
} from './generated/types.js';
export type * from './generated/types.js';
// </generated: engine types>

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
/** The order `upkeep hash -r` lists a folder's entries in: by UTF-8 bytes, as `LC_ALL=C sort` would. */
export declare function hashWalkOrder(names: string[]): string[];

/** A SHA-256 over input that arrives in chunks, for inputs too large to hold at once. */
export declare class Sha256Stream {
  constructor();
  /** Feeds the next chunk. Throws `hasher-finished` once the digest was produced. */
  update(chunk: Uint8Array): void;
  /** The digest of everything fed so far, as lowercase hex. The stream is spent afterwards. */
  finish(): string;
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

/**
 * The unified diff from `oldText` to `newText`, byte for byte as GNU `diff -u` writes it.
 * Throws `invalid-options` for a label holding a line break.
 */
export declare function unifiedDiff(oldText: Uint8Array, newText: Uint8Array, options?: DiffOptions): UnifiedDiff;
/**
 * The diff of two files as GNU `diff -u <old> <new>` prints it: names quoted as GNU quotes
 * them, each followed by its modification time, unless a label is given.
 */
export declare function diffFiles(oldText: Uint8Array, newText: Uint8Array, options: FileDiffOptions): UnifiedDiff;

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

/**
 * Three-way merge like `git merge-file`, in its argument order: ours, base, theirs.
 * Throws `binary-input` naming the binary input by its label (or role).
 */
export declare function merge(ours: Uint8Array, base: Uint8Array, theirs: Uint8Array, options?: MergeOptions): MergeResult;

/** What a view says of a merge that left `conflicts` conflicts: `Clean merge`, `1 conflict`, `3 conflicts`, and whether it is clean. */
export declare function mergeSummary(conflicts: number): MergeSummary;

/** Counts the line endings of `bytes` and names the dominant one. */
export declare function lineEndings(bytes: Uint8Array): LineEndings;

/** Whether two texts are the same: byte for byte, or with `ignoreEol` CRLF and LF alike (binary inputs always byte for byte). */
export declare function sameText(a: Uint8Array, b: Uint8Array, options?: DiffOptions): boolean;

/** Whether `bytes` is binary: a NUL byte in its first 8,000 bytes. */
export declare function isBinary(bytes: Uint8Array): boolean;
/** The text with every LF made CRLF, as an autocrlf checkout writes it; null when there is nothing to convert (binary, no LF, or already CRLF). */
export declare function toCrlf(bytes: Uint8Array): Uint8Array | null;
// ---- Refresh ----

/** Checks one manifest path (relative, no `..`, no `.git`, ...); returns it with `/` separators. Throws `unsafe-path`. */
export declare function validatePath(path: string): string;
/** Throws `path-collision` when two paths are one file on a case-insensitive or normalizing file system. */
export declare function checkCollisions(paths: string[]): void;
/** Why a release archive's entry is refused before extraction (a link, a device, a path that could escape), or `null`. */
export declare function archiveEntryProblem(path: string, kind: string): string | null;
/** The `unsafe-path` refusal of what was met walking a path inside the tree without following links (a link or a file where a folder must be, something other than a regular file read or written, a folder swapped meanwhile). */
export declare function treeRefusal(problem: TreeProblem): Refusal;
/** A file read strictly as UTF-8 (a state file, a release's manifest or VERSION; `path` as messages show it): its text, a leading byte-order mark dropped; or, for invalid UTF-8, the refusal naming it and the byte offset of the first invalid sequence, its code following `file`. */
export declare function strictText(bytes: Uint8Array, path: string, file: StrictFile): StrictText;
/** The refusal of an input a flow could not use as given: a folder not there or a file, a file that cannot be read, no sealed handoff, no git checkout, a git command that failed (its last line quoted). */
export declare function inputRefusal(problem: InputProblem): Refusal;
/** The refusal of a command line or an options object that cannot mean anything: flags that exclude each other, a flag's value of the wrong shape, an unreadable or non-JSON input file, an unknown option, a required one left out, one of the wrong type. */
export declare function usageRefusal(problem: UsageProblem): Refusal;
/** `manifest init --install` pairs split at their first `=`, or the refusal of the first that is not `<shipped>=<installed>`. */
export declare function installPairs(pairs: string[]): InstallPairs;
/** `land --seal`'s `--ticket ID[:title]` and `--claim ID=path` as tickets, or the refusal of a claim for no ticket named. */
export declare function landTickets(specs: string[], claims: string[]): LandTickets;
/** `upkeep merge`'s options from its flags (an unlabelled side is labelled by its path), or their refusal. */
export declare function mergeCommand(flags: MergeFlags): MergeCommand;
/** `upkeep diff`'s `-L` labels, old then new, or the refusal of more than two. */
export declare function diffLabels(labels: string[]): DiffLabels;
/** How a message names a file a command reads when its path alone would not say which it is (a project's state file, a release's file or manifest, a `--weights`, `--bricks` or `--rules` file). */
export declare function inputName(name: InputName): string;
/** Whether an API caller's answer to the update's question lets it write: a callback must answer true or false; a map without an entry (or no `decide`) goes ahead. */
export declare function updateAnswer(decider: Decider, answer: AnswerSeen): UpdateAnswer;
/** A lock file's text for its holder: one line of JSON. */
export declare function lockText(holder: LockHolder): string;
/** The holder a lock file's text names, or `null` when its owner is unknown (empty, partial, not a holder). */
export declare function readLock(text: string): LockHolder | null;
/** Whether a lock found is stale: its holder is on this host and its process is gone. Only a stale lock is broken. */
export declare function lockIsStale(seen: LockSeen): boolean;
/** The `busy` refusal of a lock that cannot be taken, or `null` when it is stale (its holder, on this host, is gone): break it and try again. */
export declare function lockRefusal(facts: LockFacts): Refusal | null;
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
/** The journal lines of a batch of records, each as `renderJournalLine` gives it (one call for a batch). */
export declare function renderJournalLines(records: JournalRecord[]): string[];
/** Reads a journal from its segments, oldest first; throws `corrupt-journal` naming the line. */
export declare function parseJournal(segments: JournalSegment[]): Journal;
/** The run to resume, or null; throws `journal-mismatch` for another tree or source version. */
export declare function interruptedRun(journal: Journal, root: string, source: string, name: string): InterruptedRun | null;
/** The identity of a source version: manifest bytes and `[src, sha256 | null]` pairs. */
export declare function sourceIdentity(manifest: Uint8Array, files: [string, string | null][]): string;
/** What the shim did with one planned file (`done`, `skipped`, `failed`, or the action it stood for). */
/** Joins a plan with what the shim did into the run's report. */
export declare function runReport(plan: Plan, facts: RunFacts): RunReport;

// ---- What the command line prints ----

/** The install or refresh report as lines: counts per outcome, then every file that needs the person, with commands that work when pasted. */
export declare function renderRunReport(report: RunReport, options?: RunRenderOptions): RenderedLine[];
/** The question about a file refresh cannot decide alone (its prompt line and choices). */
export declare function refreshQuestion(target: string, state: FileState): RefreshQuestion;
/** The question an update asks before it writes (`Update from 1.2.0 to 1.3.0?`). */
export declare function updateQuestion(from: string, to: string, changelog: ChangelogSection[]): UpdateQuestion;
/** The release notes an update prints to stderr before it writes: a title, then each section's heading and body; `''` for no section. */
export declare function renderReleaseNotes(changelog: ChangelogSection[]): string;
/** The `usage` refusal of a `--conflicts` value that names no mode (`patch`, `merge`, `markers`), or null. */
export declare function conflictsRefusal(text: string): Refusal | null;
/** The outcome of an update or status run as lines. */
export declare function renderUpdateOutcome(facts: UpdateOutcomeFacts, options?: SummaryOptions): RenderedLine[];
/** A stopped run as lines: what stopped it, what it had done, the command that resumes it. */
export declare function renderStopped(facts: StopFacts): RenderedLine[];
/** What a run's terminal takes (prompts, progress, colour per stream, release notes, verbosity), from its streams, environment and flags. */
export declare function terminalPolicy(facts: TerminalFacts): TerminalPolicy;
/** A command line quoted for a POSIX shell (each word only when it must be). */
export declare function shellCommand(words: readonly string[]): string;
/** `1 file`, `1,234 files`: a count in the reports' words, its noun singular or plural. */
export declare function counted(n: number, one: string, many: string): string;
/** The refusal of an update whose project or release is not in a state to update from: no installed-version marker (`not-installed`), a damaged record of an interrupted update (`bad-state`), a release without a file every release carries (`bad-release`). */
export declare function stateRefusal(problem: StateProblem): Refusal;
/** What upkeep quotes of a tool that failed (git, npm): its error lines, else its last three, on one line; `no message` when it said nothing. */
export declare function toolMessage(stderr: string): string;

// ---- Exit codes ----

/** The exit code of a run a signal stopped: 130 after SIGINT (or none: Ctrl-C at a prompt), 143 after SIGTERM; throws `invalid-argument` for another signal. */
export declare function stopExit(signal?: string | null): number;
/** How a command whose run threw ends: its `--json` status, whether it stopped, whether a prompt was cancelled, a stop's exit code (null: the error's exit class decides). */
export declare function commandFailure(facts: FailureFacts): CommandFailure;
/** The one `--json` document of a command whose run threw, the same shape for every command: `status` (`error`, or `cancelled` for a cancelled prompt), the `command` when the command line named one, and the `error`'s code (`internal` when it has none) and words. */
export declare function failureDocument(report: FailureReport): FailureDocument;
/** The error an update that returned `status` ends with when a stop ended it (`interrupted`): the command line tells it as a stop, the API rejects with it; null for any other status. */
export declare function updateStop(status: string): DocumentError | null;
/** Whether an update that ended with `status` writes its change request (`--pr`): `updated`, `applied-uncommitted` and `dry-run` (a preview) do; a run declined, stopped, failed or unfinished does not, nor an up-to-date one. */
export declare function writesChangeRequest(status: UpdateStatus): boolean;
/** The error (`interrupted`) a command that stopped before writing anything ends with: where it was (`reading`, `planned`) and that nothing was written. */
export declare function stoppedUnwritten(command: string, point: StopPoint): DocumentError;
/** The exit code of `upkeep merge`: the conflicts left, at most 127. */
export declare function mergeExit(conflicts: number): number;
/** The exit code of `upkeep hash`: 2 when any operand could not be read, else 0. */
export declare function hashExit(unreadable: number): number;
/** The exit code of a command that failed with an error of `code`: the engine's codes, the refusals', the OS's (an `E…` code not listed is I/O); `null` for a code answered inside its command, or not upkeep's (a bug). */
export declare function codeExit(code: string): number | null;
/** The exit code of `upkeep score` when it failed with `code`: bad input for its own `bad-input` and every bad-input code; `null` for anything else (a bug). */
export declare function scoreFailureExit(code: string): number | null;
// ---- Risk scoring ----

/** The weight of each action a change may declare (format 0.1 … architecture 0.9). */
export declare const WEIGHTS: Readonly<Record<string, number>>;
/** Each preset's `[silent ceiling, soft ceiling]`; above the second is blocking. */
export declare const PRESETS: Readonly<Record<Preset, readonly [number, number]>>;
/** The preset used when none is named: `'balanced'`. */
export declare const DEFAULT_PRESET: Preset;
/** More deleted lines than this in one diff count as a code deletion (20). */
export declare const DELETION_LINES: number;

/** The presets' names (the keys of {@link PRESETS}). */
export type Preset = 'prudent' | 'balanced' | 'aggressive';

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

/** The actions a comma-separated list names (`--actions logic,docs`): trimmed, empty entries left out. */
export declare function parseActions(text: string): string[];
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

/**
 * Per file, what {@link actualRisk} escalates on: inside the write set (an exact path or a glob
 * with a literal segment), a contract file, deletions ignored.
 */
export declare function riskFiles(files: readonly { file: string; added?: number; deleted: number }[], options?: RiskOptions): FileRisk[];

/** Where `score` falls under `preset`. Throws `unknown-preset`, naming the valid presets. */
export declare function decide(score: number, preset: string): RiskDecision;

/**
 * The more severe of two decisions; a missing one yields the other — the other argument
 * itself, `null` or `undefined` exactly as given (the reference's answer).
 */
export declare function worst<A extends string | null | undefined, B extends string | null | undefined>(a: A, b: B): A | B;

/** Declared risk, actual risk and decision in one call. */
export declare function assess(files: readonly { file: string; added?: number; deleted: number }[], options?: AssessOptions): Verdict;
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
/** The presets as a chooser and `upkeep score --help` offer them: each with its ceilings, the default marked. */
export declare function presetChoices(): PresetChoices;
/** The arguments of `git` for the diff a score reads (`diff --numstat -z -M`, renames detected; `--cached` for what is staged; a range after `--end-of-options`): `score --git [range] [--staged]`'s, or the editor's working tree against HEAD. */
export declare function scoreDiffArgs(diff: ScoreDiff): string[];
// ---- Update ----

/** Parses a release manifest strictly; throws `invalid-manifest` or `unsafe-path` naming `label`. */
export declare function parseManifest(text: string, label?: string | null): Manifest;

/** Semver precedence of `a` against `b` (pre-release tags included): -1, 0 or 1. */
export declare function compareVersions(a: string, b: string): -1 | 0 | 1;

/** Compares the installed version with the latest; `committed` is the installed version at HEAD. */
export declare function checkVersions(installed: string, latest: string, committed?: string | null): VersionCheck;

/** The sections newer than `from`, up to and including `to`, in file order. */
export declare function changelogRange(text: string, from: string, to: string): ChangelogSection[];

/** Resume an interrupted update between the same versions, start fresh, or throw `update-in-progress`. */
export declare function startUpdate(inProgress: InProgress | null, from: string, to: string, runId: string): UpdateStart;

/** The progress record an interrupted update left (`.upkeep/update-in-progress.json`), read from its text, or the `bad-state` refusal naming `path`. */
export declare function readProgress(text: string, path: string): ProgressReading;
/** A progress record's text, as an update writes it: one line of JSON. */
export declare function progressText(record: InProgress): string;

/** An update's opening, before any release is opened: the `not-installed` or `bad-state` refusal, or the record it resumes and the regeneration to put back. */
export declare function openUpdate(opening: UpdateOpening): UpdateOpened;
/** The update's next move from what was read; throws `downgrade`, `baseline-mismatch`, `update-in-progress`. */
export declare function prepareUpdate(facts: UpdateFacts): UpdatePreparation;

export declare function updateReadList(baselineManifest: string, latestManifest: string, stateDir?: string | null): ReadList;

/**
 * The dirty guard before an update is confirmed: throws `dirty-worktree` naming the managed
 * files with uncommitted changes (unless `dryRun`, `allowDirty` or `resumed`); `planUpdate`
 * checks the same again.
 */
export declare function checkClean(input: CleanCheck): void;
/** Where a folder is, from how `git rev-parse` (`--show-prefix`, `--show-toplevel`) ran in it: in a work tree (what git printed), outside any repository (git said so), or a failure of git's that stops the run in its words. */
export declare function gitPlace(ran: GitRan): GitPlace;

/** Plans an update: the decision table per file, the deletion sweep, claims, actions and report. */
export declare function planUpdate(input: UpdateInput): UpdatePlan;
/** One file planned as the only file of an update, as the demo's single-file view shows it: a dry run between two sample versions under a manifest listing it with its class (no path: `file.txt`). */
export declare function planSingleFile(file: SingleFile): SingleFilePlan;

/** The layout for a state folder (one plain folder name at the root; none given: `.upkeep`); refuses an unsafe one. */
export declare function updatePaths(stateDir?: string | null): UpdatePaths;
/** The text of a `VERSION` file holding `version` (the version and a newline). */
export declare function renderVersionFile(version: string): string;
/** The version a `VERSION` file's text records: the text without surrounding whitespace. */
export declare function readVersionFile(text: string): string;
/** The files a prior run left in the merge folder, from every file found there (named relative to it): all but the folder's own `.gitignore`, in byte order. */
export declare function leftoverPatches(found: string[]): string[];

/** Joins an update's report with what the executor did: the true report, its summary, whether to bump the version. */
export declare function finishUpdate(run: UpdateRun): UpdateFinished;
/** An update's next move once its writes ended: regenerate the regions (the plan has some, every step tried was written, no stop asked), and whether the run ends interrupted. */
export declare function afterWrites(ended: WritesEnded): AfterWrites;
/** The `n`th name (from 0) a backup of `path` tries: its own path, then `<path>.~N~`; `exhausted` with the failure's words past the last. */
export declare function backupName(path: string, n: number): BackupName;
/** The path a backup saved: `backup` without the `.~N~` (1 to 999) a collision gave it, so a listing compares it with the project's file it came from. */
export declare function backupSavedPath(backup: string): string;
/** The executor's constants (the same in every engine). */
export declare function writeConstants(): WriteConstants;
/** The refusal (`unsafe-path`, nothing written) of a path a run would write through a folder that is a link, inside something that is not a folder, or over something that is not a regular file (a step that writes only where nothing is accepts anything); null when it may write there. */
export declare function preflightRefusal(seen: TargetSeen): Refusal | null;
/** The first of a run's write targets (its steps' paths and backups, then its state files, as found) it must not write: its path and `preflightRefusal`'s refusal; null when it may write them all. One call for the whole run. */
export declare function preflightFirstRefusal(seen: TargetSeen[]): PreflightRefused | null;
/** What a view of an update plan shows (the web demo): its headline, what needs the person (conflicts by route, deletes, adopter actions), each file written and how to show it. */
export declare function planOverview(input: OverviewInput): PlanOverview;
/** The options the update `preview` names merges a file both sides changed with (labels `yours`, `<from> (baseline)`, `<to> (latest)`; diff3 markers, or two-part ones under `conflicts: 'markers'`): pass them to `merge` to show the merge the update would write. */
export declare function previewMergeOptions(preview: MergePreview): MergeOptions;
/** A file view's lines about one file's plan: the `--conflicts` mode planned with (none: the default, so marked) and what the update would write, whether each side changed it. */
export declare function fileVerdict(input: FileVerdictInput): FileVerdict;
/** Each `--conflicts` mode as a view's chooser offers it: the default first, marked and chosen. */
export declare function conflictChoices(): Choice[];
/** The line for a project with nothing to plan (`Nothing to plan: the project is up-to-date (installed 1.3.0, latest 1.3.0).`). */
export declare function nothingToPlan(status: string, installed: string, latest: string): string;

// ---- The executor's vocabulary (update, refresh and install) ----

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
  /** The files waiting for a decision (`pending`), in plan order: what an interactive run asks about. */
  pending(): PlannedFile[];
  /** The files merged by hand (`diff`), in plan order: the report shows a diff of each. */
  handMerges(): PlannedFile[];
  /** Files waiting for a decision, shown as a diff, or in conflict. */
  attention(): number;
  /** Whether carrying the plan out changes a file or the record. */
  mutating(): boolean;
  /** Whether a run that is not a dry run carries the plan out: an install writes all or nothing (not while a file needs attention), a refresh whenever it changes anything. */
  carriesOut(dryRun: boolean): boolean;
  /** upkeep's own files in the host folder: record, journal, lock, backups. */
  homeFiles(): HomeFiles;
  /** The write steps, backups in the run's folder (`<backups>/<runId>`); the plan takes no decisions afterwards. */
  steps(runId: string): WriteStep[];
  /** The planned files at these step indices, in that order. */
  filesAt(indices: number[]): PlannedFile[];
  /** The report of the run: the plan joined with what the shim did. */
  report(facts: RunFacts): RunReport;
  /** Where the record lives in the host repository. */
  recordPath(): string;
  /** The record's new content, to write once every file is done. */
  recordText(): string;
  /** The record's new content as UTF-8 bytes, ready to write. */
  recordBytes(): Uint8Array;
}

/** upkeep's own files in a host folder (`.` is the root): record, journal, lock, backups; throws `unsafe-path` for a folder outside the repository. */
export declare function homeFiles(home: string): HomeFiles;
/** Where install and refresh read the install manifest: the one named (as given), or the engine's default inside the source. */
export declare function manifestPlace(manifest?: string | null): ManifestPlace;
/** The refusal (`no-record`) of a refresh where no record is, naming it and giving the install command that writes it. */
export declare function noRecord(facts: NoRecordFacts): Refusal;
/** The diff shown for a file merged by hand: the host's file (`<target> (yours)`) to the source's (`<src> (upstream)`); a side not there (null) is diffed as empty. */
export declare function handMergeDiff(
  target: string,
  src: string,
  yours: Uint8Array | null | undefined,
  upstream: Uint8Array | null | undefined,
): MergeDiff;

/**
 * A refresh's inputs gathered in the engine before it plans: the manifest and the record
 * parsed once (neither crosses into JS), the paths to observe, the observations fed a
 * batch at a time as they are read, then {@link RefreshInputs.plan} hands them to a
 * {@link RefreshSession}; asked again afterwards, the inputs are refused.
 */
export declare class RefreshInputs {
  /** Parses the manifest (`name` is how errors refer to it). */
  static open(manifest: Uint8Array, name: string): RefreshInputs;
  /** The host folder for the record, journal, lock and backups (`.` is the root). */
  home(): string;
  /** upkeep's own files in the host folder: record, journal, lock, backups. */
  homeFiles(): HomeFiles;
  /** Where the record lives in the host repository. */
  recordPath(): string;
  /** Parses the record (null: there is none yet); `name` is how errors refer to it. */
  readRecord(bytes: Uint8Array | null | undefined, name: string): void;
  /** The paths to observe: each manifest `src`, and each manifest or recorded target once. */
  paths(): RefreshPaths;
  /** Adds a batch of observations, in the order read. */
  observe(batch: Observations): void;
  /**
   * Whether `observeColumns` would rather be given each file's SHA-256 (as `digests`): this
   * build hashes more slowly than its host (wasm has no SHA instructions; node:crypto hashes
   * about six times faster).
   */
  hostDigests(): boolean;
  /**
   * Adds a batch of one side's next paths (in the order `paths()` lists them) as columns:
   * per path its kind (0 nothing, 1 a regular file, 2 a symbolic link, 3 a directory, 4
   * anything else); the files' bytes one after another and each file's length; each file's
   * SHA-256 (32 bytes each) when the caller hashed them, or an empty array (the engine
   * hashes the bytes); the places in the batch of the files whose CRLF-as-LF digest is
   * given, and those digests (32 bytes each; the engine works out the others from the bytes).
   */
  observeColumns(
    side: 'sources' | 'hosts',
    kinds: Uint8Array,
    joined: Uint8Array,
    lengths: Uint32Array,
    digests: Uint8Array,
    lfAt: Uint32Array,
    lf: Uint8Array,
  ): void;
  /** The identity of this source version, as `sourceIdentity` gives it for the source observations so far. */
  sourceIdentity(): string;
  /** Plans the refresh, as `new RefreshSession` does; the inputs are the session's afterwards. */
  plan(options?: RefreshOptions | null): RefreshSession;
}

// ---- Backups ----

/** Every backup run, newest first, with what only it holds, and the listing as printed. */
export declare function listBackups(input: BackupsInput): BackupsList;
/** How many runs and bytes a backups folder keeps, as an update's summary says (a run's `-regen` folder counts with its run). */
export declare function backupsKept(seen: BackupsSeen): BackupsKept;

/** The backup runs under way or interrupted, which a prune keeps: the update's progress record's run (and its regeneration's), refresh runs whose journal has no end. */
export declare function activeRuns(facts: ActiveFacts): string[];
/** The id of a run started at `nowMs` (ms since the epoch): an update's or `new`'s `20260101-120000-123`, a refresh's `20260517T123456Z-<suffix>`, a sync's `2026-01-01T12-00-00-123Z-<suffix>`. */
export declare function runId(style: RunIdStyle, nowMs: number, suffix: string): string;
/** Why a prune is refused before anything is read or locked (it names neither `keep` nor `olderThan`), or `null`. */
export declare function pruneRefusal(options: PruneOptions): Refusal | null;
/** Which backup folders a prune removes (never one holding content found nowhere else), and why the other selected ones stay. */
export declare function planPrune(input: BackupsInput, options: PruneOptions): PrunePlan;

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
   * 4 other; 5 a link or 6 a non-folder on the way, counted as the engine says), the files'
   * bytes one after another, and each side's length (0 for a non-file).
   */
  observeColumns(paths: string[], kinds: Uint8Array, joined: Uint8Array, lengths: Uint32Array, digests?: Uint8Array | null): void;
  /**
   * Whether `observeColumns` would rather be given each regular file's SHA-256 (32 bytes
   * each, in order, as `digests`): this build hashes more slowly than its host (wasm has no
   * SHA instructions; node:crypto hashes about six times faster).
   */
  hostDigests(): boolean;
  /** The paths whose bytes the plan needs and that were not supplied yet, in path order. */
  needs(): ContentNeed[];
  supply(contents: SuppliedContent[]): void;
  /** The plan; throws while a need was not supplied. The session is spent afterwards. */
  finish(): UpdatePlan;
  /**
   * Plans as `finish()` does and keeps the plan in the engine: what carrying it out takes
   * (the steps, the bytes of the planned ones, the region jobs). The calls below read the
   * kept plan, so at 100,000 files it never crosses into JavaScript and back.
   */
  plan(): PlanOutline;
  /** The kept plan, its report and summary as the run has completed them. */
  planned(): UpdatePlan;
  /** `finishUpdate` of the kept plan: `run` without its report and steps; the completed report stays kept. */
  finishRun(run: UpdateRun): RunEnd;
  /** `finishUpdateRegions` of the kept plan: the regeneration runs; answers the summary. */
  finishRegions(runs: RegenRun[]): string;
  /** The report `--json` prints (and the API returns), from the kept plan. */
  document(facts: DocumentFacts): UpdateDocument;
  /** `exitCode` with the kept plan's report, pending flag and run outcome. */
  exitCode(input: ExitInput): number;
  /** `renderUpdateOutcome` with the kept plan's report and the paths each side changed. */
  renderOutcome(facts: UpdateOutcomeFacts, options?: SummaryOptions | null): RenderedLine[];
  /** `prPayload` of the kept plan's report. */
  prPayload(input: PrInput): PrPayload;
}

/**
 * An update's two manifests parsed once, in the engine, for the dirty guard, the read list
 * and the session (the same answers as `checkClean`, `updateReadList` and `new
 * UpdateSession`, which each parse the texts again).
 */
export declare class UpdateInputs {
  /** Parses and checks both manifests (`stateDir`: `.upkeep` when left out). */
  static open(baselineManifest: string, latestManifest: string, stateDir?: string | null): UpdateInputs;
  /** The dirty guard: refused when git reports uncommitted changes in managed files. */
  checkClean(git: GitStatus | null, options?: UpdateOptions | null): void;
  /** What the plan needs read. */
  readList(): ReadList;
  /** The session of `input`, its manifests left out; the inputs are the session's afterwards. */
  session(input: UpdateInput): UpdateSession;
}

/** The report `--json` prints for a run that planned nothing: an empty report between the checked versions. */
export declare function updateDocument(facts: DocumentFacts): UpdateDocument;

// ---- Generated regions ----
// Marker-delimited blocks of managed files whose body a program regenerates in the
// project. A declared path is compared with every side's region bodies masked out; after
// the walk each region's program runs, confined to its declared paths.

/** The decision-table row of a declared path with its region bodies masked out. */
export declare function regionVerdict(input: RegionVerdictInput): RegionVerdict;

/** What a snapshot around a regeneration records of each path its walk saw (in walk order), what it reads there, and which bytes it holds to put a file back (the pre-image ceilings and budget). */
export declare function snapshotReads(question: SnapshotQuestion): SnapshotReads;

/** What a regeneration wrote outside its declared paths, and what to put back. */
export declare function regionConfine(input: RegionConfineInput): RegionConfinement;

/** Folds the regeneration runs into an update's report and renders its summary again. */
export declare function finishUpdateRegions(input: RegionsFinishInput): RegionsFinished;

/** The ceilings a regeneration program runs under: five minutes, 32 MiB of output. */
export declare function regionLimits(): RegionLimits;
/** The confinement a regeneration runs under (forced, else bubblewrap, else `unshare`, else none, with why), from what the shim found. */
export declare function chooseSandbox(probe: SandboxProbe): SandboxFacts;
/** Whether a regeneration under this confinement snapshots the whole tree (unconfined: a program can write anywhere) or only its own folders. */
export declare function snapshotsWholeTree(facts: SandboxFacts): boolean;
/** Why a repair after a regeneration failed, in the report's words. */
export declare function repairWords(fact: RepairFact): string;
/** The copies of a region's declared files to make before its program runs: one per regular file, never over a copy already there. */
export declare function regionBackupSteps(input: BackupsFound): WriteStep[];
/** What a region's backups came to: the declared paths copied, and the first without a copy (its program must not run). */
export declare function regionBackupsDone(input: BackupsDone): RegionBackupsDone;
/** The folders to make before a region's program runs (the missing ones, innermost, as make-a-folder steps), or the folder path that holds something else (its program must not run). */
export declare function regionFolderSteps(input: FoldersFound): RegionFolders;
/** The first region folder its step did not make (with the file system's words), as the failure that keeps its program from running; null when every one was made. */
export declare function regionFoldersDone(outcomes: StepOutcome[]): FolderFailure | null;
/** The executor step for a file repair after a regeneration, or why none is needed or possible. */
export declare function fileRepair(facts: FileRepairFacts): FileRepair;
/** Why a file repair's step failed, in the report's words; null when it did its work. */
export declare function fileRepairFailure(outcome: StepOutcome): string | null;
/** Where the update run `runId` keeps its regeneration's record while a program runs. */
export declare function regenRecordPath(runId: string): string;
/** The writes that make a regeneration recoverable if the update is killed while its program runs (the pre-image copies, then the record), and the ones that end it. */
export declare function regenPending(input: PendingInput): RegenPending;
/** The first pre-image copy (or the record) that was not written, which keeps the program from running; null when all were. */
export declare function regenPendingFailure(done: PendingDone): BackupFailure | null;
/** What a regeneration's record found by the next update says to put back, or the refusal naming it. */
export declare function readRegenPending(text: string, path: string): PendingReading;
/** Which of a killed regeneration's copies are whole (they still hash to what the record names them by), and the snapshot entries they hold. */
export declare function regenCopiesFound(input: CopiesFound): CopiesUsable;
/** The notice after putting back what an interrupted regeneration wrote; null when there was nothing to put back. */
export declare function regenRecoveredNotice(input: PendingRecovered): string | null;
/** The clean-up that ends a kept regeneration once its repairs ran: every pre-image copy removed but the copy of a path whose repair failed, which stays (its folder too) and is named in that failure's `kept`. */
export declare function regenPendingEnd(input: PendingEnd): PendingEnding;

// ---- Structured merges ----
// Field-aware merges of JSON, JSONC and YAML config files: only the declared parts are
// compared, applied entries are minimal text edits in the file's own style, conflicts and
// suggestions go to notes.

/**
 * Reads a config file as its own tools read it (YAML 1.2 core schema, strict JSON, JSONC).
 * `format` may be left out when the name says it. Throws `invalid-config` (not valid in its
 * format, with the byte offset) or `unsupported-config` (valid, but not plain data: a
 * mapping used as a key, a repeated key, nesting deeper than 64 levels).
 */
export declare function readConfig(path: string, format: ConfigFormat | null | undefined, bytes: Uint8Array): ConfigRead;

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

/** What an editor shows for one file. */
export declare function fileView(input: FileViewInput): FileView;
/**
 * Adds one managed file to the scan's totals (none yet: `null`): its summary, or `null`
 * when the project does not have it.
 */
export declare function editorTally(totals: ScanTotals | null | undefined, summary: FileSummary | null): ScanTotals;
/** The diagnostic on one of upkeep's own files that cannot be read (`message` says why). */
export declare function damagedDiagnostic(message: string): EditorDiagnostic;
/** Which releases the editor compares a project with: named ones, release folders, or the recorded source. */
export declare function releaseRoute(namesLatest: boolean, namesFolders: boolean): ReleaseRoute;
/** A host repository's installed files the editor speaks about: the manifest's, then the record's others, joined by target. */
export declare function editorInstall(manifest: InstallManifest, record: SourceRecord): EditorInstall;
/** Which served project a document belongs to, from its path inside each (null where one does not hold it): the innermost (fewest path segments), the first of equals; null when none holds it. */
export declare function documentOwner(paths: (string | null)[]): number | null;
/** The editor's words when a recorded source's release is not what the project recorded (a moved tag, a republished package); null when it is, or nothing was recorded. */
export declare function editorReleaseDrift(spec: string, expected: string | null, found: string | null): string | null;
/** Which project a server command runs on: the one the caller named among those it can run on, else the first; a score with no project scores the first workspace folder. */
export declare function commandTarget(scope: CommandScope): CommandTarget;
/** Throws the manifest's error, naming it as the project's `path`, when the project's own copy does not parse. */
export declare function checkInstalledManifest(text: string, path: string): void;
/** The status line of a project the editor serves. */
export declare function editorStatus(facts: ProjectFacts): string;
/** One of the language server's own sentences: what it is doing, why a project, a command or a file could not be served. */
export declare function editorNotice(notice: EditorNotice): string;
/** A notice's sentence and the state (`loading`, `error`, ...) the server's status notification reports with it. */
export declare function editorNoticeStatus(notice: EditorNotice): EditorStatusLine;
/** A served project's status line, in the `ready` state. */
export declare function editorReadyStatus(facts: ProjectFacts): EditorStatusLine;
/**
 * The managed paths of a project, read from the latest manifest and the baseline's (the
 * project's installed copy, `installed`, stands in when no baseline manifest is given).
 */
export declare function editorManifest(latest: string, baseline?: string | null, installed?: string | null): EditorManifest;
/** `upkeep.status`'s answer: each project's line (its scan's when it has one), or that the workspace has no project. */
export declare function workspaceStatus(projects: WorkspaceProject[]): string;
/** Why `upkeep.updateDryRun` cannot run on the project `commandTarget` chose (its releases unread, the installed one not among them), as a status line; null when it can. */
export declare function dryRunRefusal(start: DryRunStart): EditorStatusLine | null;
/** `upkeep.updateDryRun`'s summary: the plan's, or why nothing was planned. */
export declare function dryRunSummary(facts: DryRunFacts): string;
/** `upkeep.scoreWorkingTree`'s line: a verdict's score, decision, file count and reasons. */
export declare function scoreMessage(facts: ScoreFacts): string;
/** Which kind of project a workspace folder is: `update` (it holds `<stateDir>/VERSION`), `install` (an install record, or a source named), or `null`. */
export declare function projectKind(facts: FolderFacts): ProjectKind | null;
/** Among the release folders found, the latest (highest version) and the installed release's folder, or why there is none. */
export declare function pickReleaseDirs(input: ReleaseDirsInput): ReleaseDirs;

// ---- Land and sync ----
// An approved change becomes honest commits (one per ticket when the tickets' files are
// disjoint), then reaches the main branch only by a fast-forward or named cherry-picks.

/** Seals a handoff from the dirty files (with hashes), the tickets and the inherited paths. */
export declare function sealHandoff(dirty: LandSealedFile[], tickets: LandTicket[], inherited: string[]): LandHandoff;
/** What `land --seal` reports once the handoff is written at `path`: `status`, `path`, `handoff` (the `--json` document) and the `summary` line. */
export declare function sealReport(path: string, handoff: LandHandoff): SealReport;
/** Parses a sealed handoff strictly (`invalid-handoff` naming `label`). */
export declare function parseHandoff(text: string, label?: string): LandHandoff;
/** The moved-since-seal check and the commit split. */
export declare function planLand(handoff: LandHandoff, current: LandCurrentFile[]): LandPlan;
/** The next commit of a land, given the outcomes so far; `done` after the last, a failure or a stop. */
export declare function landStep(plan: LandPlan, outcomes: LandCommitOutcome[]): LandStep;
/** The land report from the plan and each commit's outcome, in order. */
export declare function landReport(plan: LandPlan, outcomes: LandCommitOutcome[]): LandReport;
/** The land report as the CLI prints it. */
export declare function renderLandReport(report: LandReport): string;
/** A fast-forward, named cherry-picks, or a refusal with its reason. */
export declare function planSync(facts: SyncFacts): SyncPlan;
/** The refusal of a sync whose checkout is not on a branch (`detached`), has no commits (`no-commits`), or whose work clone git cannot read (`clone-unreadable`, with git's words). */
export declare function checkoutRefusal(problem: CheckoutProblem): Refusal;
/** The refusal of a sync from a checkout git describes: not on a branch (`detached`), then no commit (`no-commits`); null when it can sync. */
export declare function syncCheckout(facts: SyncCheckout): Refusal | null;
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
/** The next step of a sync, from the outcomes of the steps so far (in order). */
export declare function syncStep(run: SyncRun, outcomes: SyncOutcome[]): SyncStep;
/** The report of a sync whose steps are done, from their outcomes. */
export declare function syncReport(run: SyncRun, outcomes: SyncOutcome[]): SyncReport;
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
/** `upkeep loop`: the exit code of a command that failed with `code` (2: a refusal of the input or of the loop's state), or `null` (a bug). */
export declare function loopRefusalExit(code: string): number | null;
/** `upkeep loop`: the refusal (`bad-input`) of a work tree not in a state for the command: outside a git work tree, no LOOP.md yet, or `init` where a loop exists. */
export declare function loopRefusal(problem: LoopProblem): Refusal;
/** `upkeep loop`: the subject of the commit closing a unit, its intent or `loop iteration <n>`. */
export declare function loopCommitSubject(intent: string | null | undefined, iteration: number): string;
/** The whole message of the commit closing a unit: its subject (`loopCommitSubject`), a blank line, the unit's trailers. */
export declare function loopCommitMessage(intent: string | null | undefined, iteration: number, trailers: string): string;
/** Writes LOOP.md atomically: `LOOP.md.tmp` beside it, then a rename retried on EPERM/EACCES/EBUSY (Node only). */
export declare function writeLoopFile(file: string, state: LoopState): void;
/** `'LOOP.md'`. */
export declare const LOOP_FILE: string;
// The defaults the engine chooses for a left-out option, as constants (generated from core).
/** The state folder when the caller names none (`.upkeep`). */
export declare const DEFAULT_STATE_DIR: string;
/** What a file both sides changed gets when no `conflicts` mode is named (`merge`). */
export declare const DEFAULT_CONFLICTS: 'patch' | 'merge' | 'markers';
/** The CI engine `fleet plan` batches for when none is named (`github`). */
export declare const DEFAULT_PLATFORM: 'github' | 'gitlab';
/** The remote `fleet step` pushes to when none is named (`origin`). */
export declare const DEFAULT_REMOTE: string;
/** The commit identity of `fleet step` when `--author` names none. */
export declare const DEFAULT_AUTHOR: string;
/** Lines of context `diff` shows when `-U` names none (3, GNU `diff -u`'s). */
export declare const DEFAULT_CONTEXT: number;
/** The update report's buckets in the order a view shows them, each with what it means (the engine's words). */
export declare const REPORT_BUCKETS: ReadonlyArray<{
  readonly bucket: 'overwrite' | 'merge' | 'add' | 'removed' | 'skip' | 'delete' | 'conflicts';
  readonly help: string;
}>;
/** Each `conflicts` mode, the default first, with what it does to a file both sides changed (the engine's words). */
export declare const CONFLICT_MODES: ReadonlyArray<{ readonly mode: 'patch' | 'merge' | 'markers'; readonly help: string }>;
/** Each class a manifest may give a file, with what it means in a few words (a view's chooser). */
export declare const FILE_CLASSES: ReadonlyArray<{ readonly class: FileClass; readonly help: string }>;
/** `'LOOP.md.tmp'`. */
export declare const LOOP_FILE_TMP: string;

// ---- Lifecycle: release specs, new, adopt, the recorded source, manifest init/check ----

/** Parses a release spec; throws `invalid-spec` naming it (unknown syntax, an unsafe sub-path, a bad version). */
export declare function parseReleaseSpec(text: string): ReleaseSpec;
/** Whether a local path is a git repository (it holds `.git`, or `HEAD` with the folders `objects` and `refs`), from the names at its top. */
export declare function isGitRepository(folder: LocalFolder): boolean;
/** A `local` spec as a git repository (read at its tags) or a directory. */
export declare function resolveLocalSpec(spec: ReleaseSpec, gitRepository: boolean): ReleaseSpec;
/** The spec with its local path replaced (relative to the project, as recorded). */
export declare function relocateSpec(spec: ReleaseSpec, location: string): ReleaseSpec;
/** `<source>[@<version>][//<sub-path>]`. */
export declare function renderReleaseSpec(source: string, version?: string | null, subpath?: string | null): string;

/** Reads `git ls-remote --tags` output (annotated tags peeled). */
export declare function parseGitTags(text: string): GitTag[];
/** Reads `npm view <name> versions dist-tags --json` (a package with one version prints it as a string, one with none prints nothing); null when it is not JSON. */
export declare function parseNpmView(text: string): NpmVersions | null;
/** The integrity `npm pack --json` gives for the tarball it wrote; null when its output names none. */
export declare function npmPackIntegrity(text: string): string | null;
/** Where a git spec's `#ref` is looked up: found already (a full commit id), or the refs to ask `git ls-remote` for. */
export declare function gitRefLookup(reference: string): GitRefLookup;
/** What `#ref` names in `git ls-remote` output: its tag (a peeled commit for an annotated one; a version when named as one), else its branch, else null. */
export declare function gitRefFound(reference: string, lsRemote: string): GitRefFound | null;
/** Chooses a version; throws `no-such-version` naming the source and what it offers. */
export declare function selectVersion(query: VersionQuery): SelectedVersion;

/** Lays a release out; throws `bad-release` (links, collisions, no version) or `invalid-manifest`. */
export declare function planLayout(input: LayoutInput): ReleaseLayout;

/** Where upkeep's release cache is: `$XDG_CACHE_HOME/upkeep` when that is an absolute path, else `<home>/.cache/upkeep`. */
export declare function cacheRoot(xdgCacheHome: string | null | undefined, home: string): string;
/** The cache folder of a release, relative to the cache root. */
export declare function cacheKey(input: CacheKeyInput): string;
/** A cache entry's `entry.json`. */
export declare function renderCacheIndex(index: CacheIndex): string;
/** A folder's fingerprint from its entries' lstat stamps (`stat-sha256:…`): equal means unchanged. */
export declare function folderFingerprint(entries: CachedFile[]): string;
/** The notice of a damaged cache entry, dropped and fetched again (`release` names the release as given). */
export declare function cacheDamagedNotice(release: string, damage: string): string;
/**
 * Whether a cache entry is whole (its index lists exactly the files found, unchanged);
 * `unlisted` is the OS's words when the entry's tree could not be listed (it is then damaged).
 */
export declare function verifyCacheEntry(indexText: string | null, found: CachedFile[], unlisted?: string | null): CacheVerdict;

/** Parses `.upkeep/source.json` strictly; throws `invalid-source-file`. */
export declare function parseProjectSource(text: string, label?: string | null): ProjectSource;
/** Writes `.upkeep/source.json` (every key, two-space indent, final newline). */
export declare function renderProjectSource(record: ProjectSource): string;

/** How `upkeep new` starts; throws `target-not-empty`. */
export declare function scaffoldStart(input: ScaffoldStartInput): ScaffoldStart;
/** Plans `upkeep new`. */
export declare function planScaffold(input: ScaffoldInput): ScaffoldPlan;
/** Reads the executor's outcomes of `upkeep new`: `null` when every file is in place, else why the run stops (its code and message). */
export declare function scaffoldHalt(run: ScaffoldRun): ScaffoldHalt | null;

/** Why `upkeep adopt <spec>` is refused before the fetch (the spec names no version), or `null`; throws `invalid-spec`. */
export declare function adoptRefusal(spec: string): Refusal | null;
/** Plans `upkeep adopt`; throws `already-recorded`. */
export declare function planAdopt(input: AdoptInput): AdoptPlan;
/** The next git command of `upkeep new --git`'s first commit (`rev-parse --show-toplevel`, `init` when the folder is in no repository, `add`, `commit`, `rev-parse HEAD`), given how the ones run so far went; or the outcome, the first failure in git's words. */
export declare function firstCommitStep(spec: string, ran: GitRan[]): FirstCommitStep;
/** What `upkeep new --git` prints about the scaffold's first commit, and its exit code (1 when it could not commit). */
export declare function firstCommitWords(git: FirstCommit | null): FirstCommitWords;
/** The message of `upkeep new --git`'s first commit: where the scaffold came from. */
export declare function firstCommitSubject(spec: string): string;
/** `upkeep new --json`'s document from the run's facts: the status, the report's fields, the notices, the release, the first commit. */
export declare function newDocument(facts: NewFacts): NewDocument;
/** `upkeep adopt --json`'s document from the run's facts: the status, the report's fields, the notices, the release. */
export declare function adoptDocument(facts: AdoptFacts): AdoptDocument;
/** How messages name a release of side `label` and the flag that names it; throws `invalid-argument` for another label. */
export declare function releaseWords(label: 'baseline' | 'latest' | 'release', text: string): ReleaseWords;
/** The refusal of a release that cannot be opened as named: nothing at its location (`bad-release`), a version the location no longer holds and the cache lacks (`no-such-version`), a git ref the remote lacks, a sub-path that is not one of its folders (the first twelve listed). */
export declare function releaseRefusal(problem: ReleaseProblem): Refusal;
/** Whether a release being opened comes from upkeep's cache: the entries to look up, in order, then (asked again with what they held) the one to use, or fetch, read in place, store, replace one another run placed first, or a refusal. */
export declare function releaseCacheMove(question: CacheQuestion): CacheMove;
/** The refusal of a release that could not be fetched or read: git or npm failed at a step (their words quoted) or could not be run, npm answered with nothing usable, an archive unreadable or holding entries that could escape it (`unsafe-path`), a stop meanwhile (`interrupted`). */
export declare function fetchRefusal(problem: FetchProblem): Refusal;
/** What pins a fetched release (`resolved`): a git tag and commit, an archive's or package's integrity; `null` for a directory. */
export declare function resolvedIdentity(facts: ResolvedFacts): string | null;

/** The two releases of a bare `upkeep update`; throws `no-source`. */
export declare function updateSources(input: UpdateSourcesInput): UpdateSources;
/** Where an extracted archive's release is: inside its one top-level folder when it holds nothing else (not the state folder); `versionFile` names the file holding an npm package's version (`package.json` in `package/`). */
export declare function archiveRoot(top: readonly TopEntry[], stateDir: string): ArchiveRoot;
/** The `version` string of a `package.json`; `null` when it is not JSON or has none. */
export declare function packageVersion(text: string): string | null;
/** The record (`source.json`) once an update installed `latest`: the recorded source at that version, its resolution only when it is the recorded source's; `null` when the project keeps no record. */
export declare function installedRecord(sources: UpdateSources, latest: InstalledRelease): string | null;
/** `null` when a release is what was recorded; a notice when not and `allow`; else throws `release-drift`. */
export declare function checkReleaseDrift(spec: string, expected: string | null, found: string | null, allow: boolean): string | null;
/** The notice of an update whose files and version are in place but whose recorded source (`path`) could not be written (`error`, the file system's words): the next update catches it up. */
export declare function recordBehindNotice(path: string, error: string): string;

// ---- Fleet: --exit-on, the change-request payload, the fleet plan, the step's push decision

/** Checks an `--exit-on` value; throws `invalid-argument`. */
export declare function parseExitPolicy(text: string): ExitPolicy;
/** The exit code under `--exit-on` (a stop keeps 130 / 143 under every policy). */
export declare function exitCode(input: ExitInput): number;
/** The exit code of a finished command from its report's status word, or the signal's when one stopped it (`invalid-argument` for an unknown pair or signal). */
export declare function statusExit(
  command: 'land' | 'sync' | 'diff' | 'merge' | 'manifest-check',
  status: string,
  signal?: string | null,
): number;
/** Builds the change request from the report (the same bytes in every engine). */
export declare function prPayload(input: PrInput): PrPayload;
/** The files of the `--pr` folder (`title.txt`, `body.md`, `labels.txt`, `commit.txt`, `branch.txt` last), in the order written. */
export declare function prPayloadFiles(payload: PrPayload): PayloadFile[];
/** Reads `repos.txt` or `repos.json` (the name chooses); throws `invalid-argument`. */
export declare function parseFleetList(text: string, label: string): FleetRepo[];
/** The next step of reading a local repository's recorded source without a clone (read it from the working tree; when it is not there, check the repository is a folder, then `git show HEAD:<record>`), given what the steps so far found; or the record for `planFleet`, with the tool's words when it could not be read. Throws `invalid-argument` for a finding that does not answer the step asked. */
export declare function fleetRecordStep(input: RecordReadInput, ran: RecordRan[]): RecordStep;
/** Batches of at most 256 (GitHub) or 200 (GitLab) jobs, skipping repositories at the target. */
export declare function planFleet(input: FleetInput): FleetPlan;
/** The GitLab child pipeline of one batch, its job extending `.upkeep-fleet-step` from `include`. */
export declare function gitlabChildPipeline(plan: FleetPlan, batch: number, include: string): string;
/** The matrix of batch `index` (`{include}`; batch 0 of an empty plan is empty), or the refusal of a batch past the last. */
export declare function batchMatrix(plan: FleetPlan, index: number): MatrixChoice;
/** Why a `--platform` value is refused, or `null` when it names a platform (or none was given: the plan takes the default). */
export declare function platformRefusal(text?: string | null): Refusal | null;
/** What `fleet plan` writes to standard error: the summary, each skipped and each unread repository. */
export declare function renderFleetPlan(plan: FleetPlan): string;
/** What the fleet step does with its branch (push, leave, replace with a lease, refuse). */
export declare function stepAction(facts: StepFacts): StepDecision;
/** Whether `fleet step` goes on to commit: the update succeeded (no failing exit, no signal) and named the change request's branch; otherwise `stepAction` says how the step ends. */
export declare function stepCommits(facts: StepFacts): boolean;
/** Where the fleet step starts: its base, and whether a killed run's writes are discarded first. */
export declare function stepStart(facts: StartFacts): StepStart;
/** The arguments (after the program) of the `upkeep update` a fleet step runs as its own process: no prompt, exit non-zero on an error only, its report as JSON, the change request written to `payload`. */
export declare function stepUpdateArgs(step: StepUpdate): string[];
/** Whether a commit is one the fleet step made: its `Upkeep-Branch:` trailer, and for the remote's head one parent on the base. */
export declare function isStepCommit(facts: StepCommitFacts): boolean;
/** The line `fleet step` ends with, and whether it is an error. */
export declare function stepLine(facts: StepLineFacts): StepLine;
/** The fleet step's commit author and committer from `Name <email>` (upkeep's own when absent); throws `invalid-argument`. */
export declare function commitIdentity(author?: string | null): CommitIdentity;
/** The fleet step's commit as the `git` command it runs: the identity as author and committer, the base commit's dates, no signing, no hooks. */
export declare function stepCommit(input: StepCommitInput): GitCommand;

/** Parses a `manifest init` rules file (`owned src/**`, `install _npmrc .npmrc`); throws `invalid-rules`. */
export declare function parseManifestRules(text: string, label?: string | null): ManifestRules;
/** A template folder's manifest from rules. */
export declare function manifestInit(input: ManifestInitInput): ManifestInit;
/** Whether `manifest init` writes its manifest; throws `manifest-exists` over one without `force`, `unsafe-path` over a link or folder. */
export declare function manifestWrite(facts: ManifestWriteFacts): ManifestWrite;
/** The shipped paths whose text `checkManifest` needs (files regions name). */
export declare function manifestCheckReads(manifest: string): string[];
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

/** What `decide` is asked: `update` before writing (`true` goes ahead), `refresh` about each file it cannot decide alone (answer with one of `choices`' values). */
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
  status: UpdateStatus;
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
