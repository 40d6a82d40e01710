// The upkeep API for browsers and bundlers, on the wasm `web` build. Await init() once
// before calling anything else.
import initWasm, * as engine from '../wasm/upkeep.js';
import { loopApi } from './loop-api.js';
import { scoreApi } from './score-api.js';

/** Always `'wasm'` here. */
export const implementation = 'wasm';
/** Nothing is skipped in the browser: there is only the wasm engine. */
/** @type {readonly Error[]} */
export const loadFailures = [];

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
  globMatch, parseNumstatZ, parseNumstatBytes,
  declaredRisk, decide, worst, assess, assessView, scoreConstants,
} = engine;
export const { parseNumstat, actualRisk, GlobSet } = scoreApi(engine);
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
/** @returns {never} */
export function writeLoopFile() {
  throw Object.assign(new Error('writeLoopFile needs Node: browsers have no file system'), { code: 'unsupported' });
}

/**
 * Instantiates the wasm engine. With no argument it fetches the `.wasm` beside the glue;
 * pass bytes, a `WebAssembly.Module`, a URL or a Response to load it from elsewhere.
 * @param {import('./index.js').WasmSource} [source]
 */
export async function init(source) {
  await initWasm(source === undefined ? undefined : { module_or_path: source });
}

/** @returns {never} */
export function hashFile() {
  throw Object.assign(new Error('hashFile needs Node: browsers have no file system'), { code: 'unsupported' });
}
