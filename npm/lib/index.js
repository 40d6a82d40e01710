// The upkeep API in Node (ES modules). CommonJS consumers get the same module through
// index.cjs; browsers and bundlers get browser.js, on the wasm `web` build.
import { engine } from './engine.js';
import { loopApi } from './loop-api.js';
import { writeLoopText } from './shim/loop-file.js';

export { implementation, loadFailures } from './engine.js';

// Hashing
export const { sha256, parseDigest, checksumLine, Sha256Stream, digestContents, ContentDigester } = engine;

// Text engine
export const { unifiedDiff, diffFiles, merge, diffHunks, applyHunks, lineEndings, sameText, isBinary, toCrlf } = engine;
// Refresh
export const {
  validatePath, checkCollisions, parseInstallManifest, parseSourceRecord, classify,
  eolNormalizedSha256, planInstall, planRefresh, renderJournalLine, parseJournal, interruptedRun,
  sourceIdentity, runReport, refreshSteps,
} = engine;
// What the command line prints
export const { renderRunReport, renderUpdateOutcome, renderStopped, shellCommand } = engine;
// Risk scoring
export const {
  globMatch, GlobSet, parseNumstat, parseNumstatZ, parseNumstatBytes,
  declaredRisk, actualRisk, decide, worst, assess, assessView, scoreConstants,
} = engine;
export { WEIGHTS, PRESETS, DEFAULT_PRESET, DELETION_LINES } from './score-constants.js';
// Update
export const { parseManifest, compareVersions, checkVersions, changelogRange, startUpdate, prepareUpdate, updateReadList, checkClean, planUpdate, updatePaths, finishUpdate, UpdateSession } = engine;
// Backups
export const { listBackups, planPrune } = engine;
// Generated regions
export const { regionVerdict, regionConfine, finishUpdateRegions } = engine;
// Structured merges
export const { structuredMerge, readConfig } = engine;
// Editors
export const { fileView, editorManifest, editorTally, editorStatus } = engine;
// Lifecycle: release specs, versions, layouts, the cache, new, adopt, the recorded source, manifest init/check
export const {
  parseReleaseSpec, resolveLocalSpec, relocateSpec, renderReleaseSpec, parseGitTags, selectVersion, planLayout,
  cacheKey, renderCacheIndex, verifyCacheEntry, folderFingerprint, parseProjectSource, renderProjectSource, scaffoldStart, planScaffold,
  planAdopt, updateSources, checkReleaseDrift, parseManifestRules, manifestInit, manifestCheckReads, checkManifest,
} = engine;
// Fleet: --exit-on, the change-request payload, the fleet plan, the step's push decision
export const { parseExitPolicy, exitCode, prPayload, parseFleetList, planFleet, gitlabChildPipeline, stepAction, stepStart } = engine;
// Land and sync
export const {
  sealHandoff, parseHandoff, planLand, landReport, renderLandReport,
  planSync, checkoutFollow, checkDigest, findCarried, renderSyncReport,
} = engine;

// Loop engine
export const {
  initState, validateLoopGraph, nextStep, trailers, scoreDeclared, scoreDiff, recordOutcome, decideAwaiting,
  renderLoopFile, parseLoopFile,
} = loopApi(engine);
export { LOOP_FILE, LOOP_FILE_TMP } from './loop-api.js';
/**
 * Writes `state` to the LOOP.md at `file` atomically (through `file.tmp`, then a rename).
 * @param {string} file @param {any} state
 */
export function writeLoopFile(file, state) {
  writeLoopText(file, renderLoopFile(state));
}

/** Resolves at once: Node loads the engine synchronously. Browsers must await it. */
export async function init() {}

export { hashFile } from './shim/hash-file.js';

// The flows, as the command line runs them (Node only): one options object each, the
// report `--json` prints. `new` is a reserved word: `upkeep new` is `newProject`.
export { newProject, adopt } from './api/new.js';
export { update, status } from './api/update.js';
export { install, refresh } from './api/refresh.js';
