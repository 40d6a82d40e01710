// What the package exports, declared once for both entries: `make generate`
// (scripts/generate-contracts.mjs) writes generated/exports-node.js, which index.js
// re-exports, and generated/exports-browser.js, which browser.js re-exports.
//
// The rule for the browser entry, stated once: it exports everything here except
// NODE_ONLY, the flows of npm/lib/api/, which read and write a project's files. Calls that
// need a file system but belong to the engine's API (hashFile, writeLoopFile) are written
// by each entry itself, the browser's as stubs that throw `code: 'unsupported'`.

/**
 * Engine calls, by group: `[comment, names]`, each name taken from the entry's engine.
 * @type {ReadonlyArray<readonly [string, readonly string[]]>}
 */
export const ENGINE = Object.freeze([
  ['Hashing', ['sha256', 'parseDigest', 'checksumLine', 'Sha256Stream', 'digestContents', 'ContentDigester']],
  [
    'Text engine',
    ['unifiedDiff', 'diffFiles', 'merge', 'mergeSummary', 'diffHunks', 'applyHunks', 'lineEndings', 'sameText', 'isBinary', 'toCrlf'],
  ],
  [
    'Refresh',
    [
      'validatePath',
      'checkCollisions',
      'archiveEntryProblem',
      'treeRefusal',
      'inputRefusal',
      'usageRefusal',
      'lockText',
      'readLock',
      'lockIsStale',
      'lockRefusal',
      'parseInstallManifest',
      'parseSourceRecord',
      'classify',
      'eolNormalizedSha256',
      'planInstall',
      'planRefresh',
      'renderJournalLine',
      'renderJournalLines',
      'parseJournal',
      'interruptedRun',
      'sourceIdentity',
      'runReport',
      'refreshSteps',
      'RefreshSession',
      'RefreshInputs',
      'homeFiles',
      'noRecord',
      'handMergeDiff',
    ],
  ],
  [
    'What the command line prints and asks',
    [
      'renderRunReport',
      'renderUpdateOutcome',
      'renderStopped',
      'shellCommand',
      'counted',
      'refreshQuestion',
      'updateQuestion',
      'renderReleaseNotes',
      'conflictsRefusal',
      'stateRefusal',
      'toolMessage',
    ],
  ],
  ['Exit codes', ['stopExit', 'commandFailure', 'failureDocument', 'updateStop', 'stoppedUnwritten', 'mergeExit', 'hashExit', 'codeExit']],
  [
    'Risk scoring (the numstat calls through ./score-api.js, as each entry builds its engine)',
    [
      'globMatch',
      'GlobSet',
      'parseNumstat',
      'parseNumstatZ',
      'parseNumstatBytes',
      'declaredRisk',
      'actualRisk',
      'decide',
      'worst',
      'assess',
      'assessView',
      'scoreConstants',
    ],
  ],
  [
    'Update',
    [
      'parseManifest',
      'compareVersions',
      'checkVersions',
      'changelogRange',
      'startUpdate',
      'readProgress',
      'progressText',
      'prepareUpdate',
      'updateReadList',
      'checkClean',
      'planUpdate',
      'updatePaths',
      'leftoverPatches',
      'finishUpdate',
      'regionsDue',
      'backupName',
      'backupSavedPath',
      'writeConstants',
      'preflightRefusal',
      'planOverview',
      'previewMergeOptions',
      'nothingToPlan',
      'UpdateSession',
      'UpdateInputs',
      'updateDocument',
    ],
  ],
  ['Backups', ['listBackups', 'activeRuns', 'runId', 'pruneRefusal', 'planPrune']],
  [
    'Generated regions',
    [
      'regionVerdict',
      'regionConfine',
      'finishUpdateRegions',
      'regionLimits',
      'chooseSandbox',
      'repairWords',
      'regionBackupSteps',
      'regionBackupsDone',
      'fileRepair',
      'fileRepairFailure',
    ],
  ],
  ['Structured merges', ['structuredMerge', 'readConfig']],
  [
    'Editors',
    [
      'fileView',
      'editorManifest',
      'editorTally',
      'damagedDiagnostic',
      'releaseRoute',
      'editorStatus',
      'editorNotice',
      'workspaceStatus',
      'dryRunSummary',
      'scoreMessage',
      'pickReleaseDirs',
      'projectKind',
    ],
  ],
  [
    'Lifecycle: release specs, versions, layouts, the cache, new, adopt, the recorded source, manifest init/check',
    [
      'parseReleaseSpec',
      'resolveLocalSpec',
      'relocateSpec',
      'renderReleaseSpec',
      'parseGitTags',
      'selectVersion',
      'planLayout',
      'cacheKey',
      'renderCacheIndex',
      'cacheDamagedNotice',
      'verifyCacheEntry',
      'folderFingerprint',
      'parseProjectSource',
      'renderProjectSource',
      'scaffoldStart',
      'planScaffold',
      'adoptRefusal',
      'scaffoldHalt',
      'planAdopt',
      'firstCommitWords',
      'firstCommitSubject',
      'releaseWords',
      'releaseRefusal',
      'fetchRefusal',
      'resolvedIdentity',
      'updateSources',
      'checkReleaseDrift',
      'parseManifestRules',
      'manifestInit',
      'manifestWrite',
      'manifestCheckReads',
      'checkManifest',
    ],
  ],
  [
    "Fleet: --exit-on, the change-request payload, the fleet plan, the step's push decision",
    [
      'parseExitPolicy',
      'exitCode',
      'statusExit',
      'prPayload',
      'prPayloadFiles',
      'parseFleetList',
      'planFleet',
      'gitlabChildPipeline',
      'batchMatrix',
      'platformRefusal',
      'renderFleetPlan',
      'stepAction',
      'stepCommits',
      'stepStart',
      'stepUpdateArgs',
      'isStepCommit',
      'stepLine',
      'commitIdentity',
    ],
  ],
  [
    'Land and sync',
    [
      'sealHandoff',
      'sealReport',
      'parseHandoff',
      'planLand',
      'landReport',
      'renderLandReport',
      'planSync',
      'checkoutRefusal',
      'syncCheckout',
      'checkoutFollow',
      'checkDigest',
      'findCarried',
      'renderSyncReport',
      'syncStep',
      'syncReport',
    ],
  ],
  ["The loop command: its refusals' exit code, the closing commit's subject", ['loopRefusalExit', 'loopRefusal', 'loopCommitSubject']],
]);

/** The loop engine: the names of `loopApi(engine)` (./loop-api.js). */
export const LOOP = Object.freeze([
  'initState',
  'validateLoopGraph',
  'nextStep',
  'trailers',
  'scoreDeclared',
  'scoreDiff',
  'recordOutcome',
  'decideAwaiting',
  'renderLoopFile',
  'parseLoopFile',
]);

/**
 * Modules re-exported by both entries: `[module, names]`, paths relative to npm/lib.
 * @type {ReadonlyArray<readonly [string, readonly string[]]>}
 */
export const SHARED_MODULES = Object.freeze([
  ['./score-constants.js', ['WEIGHTS', 'PRESETS', 'DEFAULT_PRESET', 'DELETION_LINES']],
  ['./loop-api.js', ['LOOP_FILE', 'LOOP_FILE_TMP']],
  [
    './generated/defaults.js',
    [
      'DEFAULT_STATE_DIR',
      'DEFAULT_CONFLICTS',
      'DEFAULT_PLATFORM',
      'DEFAULT_REMOTE',
      'DEFAULT_AUTHOR',
      'DEFAULT_CONTEXT',
      'REPORT_BUCKETS',
      'CONFLICT_MODES',
    ],
  ],
]);

/**
 * Node only: the flows, as the command line runs them, one options object each, the report
 * `--json` prints (`new` is a reserved word: `upkeep new` is `newProject`).
 * @type {ReadonlyArray<readonly [string, readonly string[]]>}
 */
export const NODE_ONLY = Object.freeze([
  ['./api/new.js', ['newProject', 'adopt']],
  ['./api/update.js', ['update', 'status']],
  ['./api/refresh.js', ['install', 'refresh']],
]);
