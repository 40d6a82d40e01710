// Reads the conformance vectors and runs one case against one implementation of the API,
// returning the outcome in the vectors' own shape so it can be compared as JSON.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

import { loopApi } from '../../npm/lib/loop-api.js';

const dir = new URL('../vectors/', import.meta.url);

/** Every vector file as `{ file, cases }`. */
export function vectorFiles() {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((file) => ({ file, cases: JSON.parse(readFileSync(new URL(file, dir), 'utf8')).cases }));
}

/**
 * Decodes an argument: `{$bytes}`, `{$repeat}` and `{$text}` become Uint8Arrays, at any
 * depth; the rest is as is.
 * @returns {any}
 */
function decode(/** @type {any} */ arg) {
  if (arg && typeof arg === 'object' && '$text' in arg) return Uint8Array.from(Buffer.from(arg.$text, 'utf8'));
  if (arg && typeof arg === 'object' && '$bytes' in arg) return Uint8Array.from(Buffer.from(arg.$bytes, 'hex'));
  if (arg && typeof arg === 'object' && '$repeat' in arg) {
    return Uint8Array.from(Buffer.from(arg.$repeat.hex, 'hex').toString('latin1').repeat(arg.$repeat.times), (c) => c.charCodeAt(0));
  }
  if (Array.isArray(arg)) return arg.map(decode);
  if (arg && typeof arg === 'object') return Object.fromEntries(Object.entries(arg).map(([k, v]) => [k, decode(v)]));
  return arg;
}

/** `null` in a vector stands for an argument left out (JSON has no `undefined`). */
const absent = (/** @type {unknown} */ arg) => (arg === null ? undefined : arg);
/** `worst` keeps `null` and `undefined` apart: `{"$undefined": true}` stands for undefined, in and out. */
const toUndefined = (/** @type {any} */ v) => (v && typeof v === 'object' && v.$undefined ? undefined : v);
const fromUndefined = (/** @type {unknown} */ v) => (v === undefined ? { $undefined: true } : v);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Encodes an update plan for comparison: byte arrays (Buffer or Uint8Array) become
 * `{$text}` when they are UTF-8, `{$bytes}` otherwise, at any depth.
 * @returns {any}
 */
function encodeReadable(/** @type {any} */ value) {
  if (value instanceof Uint8Array) {
    try {
      return { $text: utf8.decode(value) };
    } catch {
      return { $bytes: Buffer.from(value).toString('hex') };
    }
  }
  if (Array.isArray(value)) return value.map(encodeReadable);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeReadable(v)]));
  return value;
}

const errorOf = (/** @type {any} */ e) => ({ code: e.code, message: e.message });

/**
 * Encodes a result like the vectors do: every Uint8Array (Buffer included) becomes `{$bytes}`.
 * @param {any} value
 * @returns {any}
 */
function encode(value) {
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex') };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  return value;
}

/**
 * Runs a loop sequence (`loop.json`): initState, then each operation on the same state
 * object, recording each result (or error message) and the state after it.
 * @param {any} loop @param {any[]} args
 */
function loopSequence(loop, [graph, bricks, init, ops]) {
  const catalogue = new Map(bricks.map((/** @type {any} */ b) => [b.name, b]));
  let state;
  try {
    state = loop.initState({ ...init, graph });
  } catch (e) {
    return { init: { error: /** @type {Error} */ (e).message }, steps: [] };
  }
  const start = { state: structuredClone(state) };
  const steps = ops.map((/** @type {any[]} */ [call, a, b]) => {
    let step;
    try {
      const result =
        call === 'nextStep'
          ? loop.nextStep(state, catalogue)
          : call === 'trailers'
            ? loop.trailers(state)
            : call === 'scoreDeclared'
              ? loop.scoreDeclared(state, a)
              : call === 'scoreDiff'
                ? loop.scoreDiff(state, a)
                : call === 'recordOutcome'
                  ? loop.recordOutcome(state, catalogue, a, b)
                  : loop.decideAwaiting(state, catalogue, a, b);
      step = { result: JSON.parse(JSON.stringify(result ?? null)) };
    } catch (e) {
      step = { error: /** @type {Error} */ (e).message };
    }
    return { ...step, state: JSON.parse(JSON.stringify(state)) };
  });
  return { init: start, steps };
}

/**
 * Runs a sequence of operations on one object (a stream, a session), recording each
 * outcome: `null` for a call that returns nothing, its result, or `{error}`.
 * @param {any} target @param {any[][]} ops @param {Record<string, (target: any, args: any[]) => unknown>} methods
 */
function sequence(target, ops, methods) {
  return ops.map(([op, ...args]) => {
    try {
      return encodeReadable(methods[op](target, args) ?? null);
    } catch (e) {
      return { error: errorOf(e) };
    }
  });
}

/** An UpdateSession's operations, as `UpdateSession` vectors name them. */
const sessionOps = {
  observe: (/** @type {any} */ s, /** @type {any[]} */ [files, keepBytes]) => s.observe(decode(files), keepBytes),
  observeColumns: (/** @type {any} */ s, /** @type {any[]} */ [paths, kinds, contents, digests]) => {
    const parts = contents.map(decode);
    return s.observeColumns(
      paths,
      Uint8Array.from(kinds),
      Buffer.concat(parts),
      Uint32Array.from(parts, (/** @type {Uint8Array} */ p) => p.length),
      digests ? decode(digests) : null,
    );
  },
  needs: (/** @type {any} */ s) => s.needs(),
  supply: (/** @type {any} */ s, /** @type {any[]} */ [contents]) => s.supply(decode(contents)),
  finish: (/** @type {any} */ s) => s.finish(),
  lineEndings: (/** @type {any} */ s) => s.lineEndings(),
  plan: (/** @type {any} */ s) => s.plan(),
  planned: (/** @type {any} */ s) => s.planned(),
  finishRun: (/** @type {any} */ s, /** @type {any[]} */ [run]) => s.finishRun(run),
  finishRegions: (/** @type {any} */ s, /** @type {any[]} */ [runs]) => s.finishRegions(runs),
  document: (/** @type {any} */ s, /** @type {any[]} */ [facts]) => s.document(facts),
  exitCode: (/** @type {any} */ s, /** @type {any[]} */ [input]) => s.exitCode(input),
  renderOutcome: (/** @type {any} */ s, /** @type {any[]} */ [facts, options]) => s.renderOutcome(facts, options),
  prPayload: (/** @type {any} */ s, /** @type {any[]} */ [input]) => s.prPayload(input),
};

/**
 * An UpdateInputs's operations, as `UpdateInputs` vectors name them: `session` answers
 * null and the operations after it go to the session it made.
 * @param {any} inputs @param {any[][]} ops
 */
function inputsSequence(inputs, ops) {
  /** @type {any} */
  let target = inputs;
  /** @type {Record<string, (t: any, args: any[]) => any>} */
  const methods = {
    checkClean: (t, [git, options]) => (t.checkClean(git === null ? null : decode(git), options), null),
    readList: (t) => t.readList(),
    session: (t, [input]) => {
      target = t.session(decode(input));
      return null;
    },
    ...sessionOps,
  };
  return ops.map(([op, ...args]) => {
    try {
      return encodeReadable(methods[op](target, args) ?? null);
    } catch (e) {
      return { error: errorOf(e) };
    }
  });
}

/**
 * The digest route of a `planUpdate` input: every side observed as a digest (bytes hashed
 * and dropped), the bytes the session asks for supplied from the input, then the plan —
 * which must be the in-memory plan, byte for byte.
 * @param {any} api @param {any} input a decoded UpdateInput
 */
export function planUpdateByDigests(api, input) {
  const { files = [], ...rest } = input;
  const session = new api.UpdateSession({ ...rest, files: [] });
  session.observe(files, false);
  /** @type {Map<string, any>} */
  const byPath = new Map(files.map((/** @type {any} */ f) => [f.path, f]));
  const supplied = session.needs().map((/** @type {any} */ need) => {
    const file = byPath.get(need.path);
    /** @type {any} */
    const content = { path: need.path };
    for (const side of ['current', 'baseline', 'latest']) if (need[side]) content[side] = file[side].bytes;
    return content;
  });
  session.supply(supplied);
  return session.finish();
}

/** A RefreshSession's operations, as `RefreshSession` vectors name them. */
const refreshOps = {
  unwritten: (/** @type {any} */ s) => s.unwritten(),
  pending: (/** @type {any} */ s) => s.pending(),
  handMerges: (/** @type {any} */ s) => s.handMerges(),
  decide: (/** @type {any} */ s, /** @type {any[]} */ [decisions]) => s.decide(decisions),
  attention: (/** @type {any} */ s) => s.attention(),
  mutating: (/** @type {any} */ s) => s.mutating(),
  carriesOut: (/** @type {any} */ s, /** @type {any[]} */ [dryRun]) => s.carriesOut(dryRun),
  homeFiles: (/** @type {any} */ s) => s.homeFiles(),
  steps: (/** @type {any} */ s, /** @type {any[]} */ [runId]) => s.steps(runId),
  filesAt: (/** @type {any} */ s, /** @type {any[]} */ [indices]) => s.filesAt(indices),
  report: (/** @type {any} */ s, /** @type {any[]} */ [facts]) => s.report(facts),
  recordPath: (/** @type {any} */ s) => s.recordPath(),
  recordText: (/** @type {any} */ s) => s.recordText(),
  recordBytes: (/** @type {any} */ s) => s.recordBytes(),
};

/** A RefreshInputs' operations, as `RefreshInputs` vectors name them (`plan` runs the session's). */
const inputsOps = {
  home: (/** @type {any} */ i) => i.home(),
  homeFiles: (/** @type {any} */ i) => i.homeFiles(),
  recordPath: (/** @type {any} */ i) => i.recordPath(),
  readRecord: (/** @type {any} */ i, /** @type {any[]} */ [record, name]) => i.readRecord(record === null ? null : decode(record), name),
  paths: (/** @type {any} */ i) => i.paths(),
  observe: (/** @type {any} */ i, /** @type {any[]} */ [batch]) => i.observe(batch),
  observeColumns: (/** @type {any} */ i, /** @type {any[]} */ [side, kinds, contents, digests, lf]) => {
    const parts = contents.map(decode);
    return i.observeColumns(
      side,
      Uint8Array.from(kinds),
      Buffer.concat(parts),
      Uint32Array.from(parts, (/** @type {Uint8Array} */ p) => p.length),
      Buffer.from((digests ?? []).join(''), 'hex'),
      Uint32Array.from(lf, (/** @type {[number, string]} */ [at]) => at),
      Buffer.from(lf.map((/** @type {[number, string]} */ [, hex]) => hex).join(''), 'hex'),
    );
  },
  sourceIdentity: (/** @type {any} */ i) => i.sourceIdentity(),
  plan: (/** @type {any} */ i, /** @type {any[]} */ [options, ops]) => sequence(i.plan(options ?? undefined), ops, refreshOps),
};

/** Calls the API the way each vector `call` describes. */
/** @type {Record<string, (api: any, args: any[]) => unknown>} */
const calls = {
  loopSequence: (api, args) => loopSequence(api.nextStep ? api : loopApi(api), args),
  renderLoopFile: (api, [state]) => api.renderLoopFile(state),
  parseLoopFile: (api, [text]) => api.parseLoopFile(text),
  sha256: (api, [bytes]) => api.sha256(decode(bytes)),
  parseDigest: (api, [text]) => api.parseDigest(text),
  checksumLine: (api, [hex, path]) => api.checksumLine(hex, path),
  hashWalkOrder: (api, [names]) => api.hashWalkOrder(names),
  unifiedDiff: (api, [a, b, options]) => api.unifiedDiff(decode(a), decode(b), options),
  diffHunks: (api, [a, b, options]) => api.diffHunks(decode(a), decode(b), options),
  applyHunks: (api, [a, b, selection, options]) => api.applyHunks(decode(a), decode(b), selection, options),
  merge: (api, [ours, base, theirs, options]) => api.merge(decode(ours), decode(base), decode(theirs), options),
  sameText: (api, [a, b, options]) => api.sameText(decode(a), decode(b), options),
  lineEndings: (api, [bytes]) => api.lineEndings(decode(bytes)),
  isBinary: (api, [bytes]) => api.isBinary(decode(bytes)),
  toCrlf: (api, [bytes]) => api.toCrlf(decode(bytes)),
  validatePath: (api, [path]) => api.validatePath(path),
  checkCollisions: (api, [paths]) => api.checkCollisions(paths) ?? null,
  parseInstallManifest: (api, [bytes, name]) => api.parseInstallManifest(decode(bytes), name),
  parseSourceRecord: (api, [bytes, name]) => api.parseSourceRecord(decode(bytes), name),
  classify: (api, [source, host, recorded]) => api.classify(source, host, recorded ?? undefined),
  eolNormalizedSha256: (api, [bytes]) => api.eolNormalizedSha256(decode(bytes)),
  planInstall: (api, [manifest, name, observations, force]) => api.planInstall(decode(manifest), name, observations, force),
  planRefresh: (api, [manifest, record, observations, options]) =>
    api.planRefresh(decode(manifest), record === null ? null : decode(record), observations, options ?? undefined),
  renderJournalLine: (api, [record]) => api.renderJournalLine(record),
  renderJournalLines: (api, [records]) => api.renderJournalLines(records),
  parseJournal: (api, [segments]) => api.parseJournal(segments),
  interruptedRun: (api, [segments, root, source, name]) => api.interruptedRun(api.parseJournal(segments), root, source, name),
  runReport: (api, [plan, facts]) => api.runReport(plan, facts),
  refreshSteps: (api, [plan, backupDir]) => api.refreshSteps(plan, backupDir),
  RefreshSession: (api, [manifest, record, observations, options, ops]) =>
    sequence(
      new api.RefreshSession(decode(manifest), record === null ? null : decode(record), observations, options ?? undefined),
      ops,
      refreshOps,
    ),
  'RefreshSession.install': (api, [manifest, name, observations, force, ops]) =>
    sequence(api.RefreshSession.install(decode(manifest), name, observations, force), ops, refreshOps),
  RefreshInputs: (api, [manifest, name, ops]) => sequence(api.RefreshInputs.open(decode(manifest), name), ops, inputsOps),
  updatePaths: (api, [stateDir]) => api.updatePaths(stateDir),
  renderVersionFile: (api, [version]) => api.renderVersionFile(version),
  readVersionFile: (api, [text]) => api.readVersionFile(text),
  leftoverPatches: (api, [found]) => api.leftoverPatches(found),
  finishUpdate: (api, [run]) => api.finishUpdate(run),
  afterWrites: (api, [ended]) => api.afterWrites(ended),
  writeConstants: (api) => api.writeConstants(),
  backupName: (api, [path, n]) => api.backupName(path, n),
  backupSavedPath: (api, [backup]) => api.backupSavedPath(backup),
  preflightRefusal: (api, [seen]) => api.preflightRefusal(seen),
  preflightFirstRefusal: (api, [seen]) => api.preflightFirstRefusal(seen),
  treeRefusal: (api, [problem]) => api.treeRefusal(problem),
  strictText: (api, [bytes, path, file]) => api.strictText(decode(bytes), path, file),
  inputRefusal: (api, [problem]) => api.inputRefusal(problem),
  usageRefusal: (api, [problem]) => api.usageRefusal(problem),
  installPairs: (api, [pairs]) => api.installPairs(pairs),
  landTickets: (api, [specs, claims]) => api.landTickets(specs, claims),
  mergeCommand: (api, [flags]) => api.mergeCommand(flags),
  diffLabels: (api, [labels]) => api.diffLabels(labels),
  updateAnswer: (api, [decider, answer]) => api.updateAnswer(decider, answer),
  inputName: (api, [name]) => api.inputName(name),
  lockText: (api, [holder]) => api.lockText(holder),
  readLock: (api, [text]) => api.readLock(text),
  lockIsStale: (api, [seen]) => api.lockIsStale(seen),
  lockRefusal: (api, [facts]) => api.lockRefusal(facts),
  openUpdate: (api, [opening]) => api.openUpdate(opening),
  prepareUpdate: (api, [facts]) => api.prepareUpdate(facts),
  listBackups: (api, [input]) => api.listBackups(input),
  backupsKept: (api, [seen]) => api.backupsKept(seen),
  planPrune: (api, [input, options]) => api.planPrune(input, options),
  parseManifest: (api, [text, label]) => api.parseManifest(text, label),
  compareVersions: (api, [a, b]) => api.compareVersions(a, b),
  checkVersions: (api, [installed, latest, committed]) => api.checkVersions(installed, latest, committed),
  changelogRange: (api, [text, from, to]) => api.changelogRange(text, from, to),
  startUpdate: (api, [record, from, to, runId]) => api.startUpdate(record, from, to, runId),
  updateReadList: (api, [baseline, latest, stateDir]) => api.updateReadList(baseline, latest, stateDir),
  checkClean: (api, [input]) => (api.checkClean(decode(input)), null),
  gitPlace: (api, [ran]) => api.gitPlace(ran),
  planUpdate: (api, [input]) => encodeReadable(api.planUpdate(decode(input))),
  planSingleFile: (api, [file]) => encodeReadable(api.planSingleFile(decode(file))),
  planUpdateByDigests: (api, [input]) => encodeReadable(planUpdateByDigests(api, decode(input))),
  UpdateSession: (api, [input, ops]) => {
    const session = new api.UpdateSession(decode(input));
    return sequence(session, ops, sessionOps);
  },
  UpdateInputs: (api, [baseline, latest, stateDir, ops]) => inputsSequence(api.UpdateInputs.open(baseline, latest, stateDir), ops),
  updateDocument: (api, [facts]) => api.updateDocument(facts),
  digestContents: (api, [contents, eol]) => {
    const parts = contents.map(decode);
    return api.digestContents(
      Buffer.concat(parts),
      Uint32Array.from(parts, (/** @type {Uint8Array} */ p) => p.length),
      eol,
    );
  },
  ContentDigester: (api, [eol, ops]) =>
    sequence(new api.ContentDigester(eol), ops, {
      update: (/** @type {any} */ d, /** @type {any[]} */ [chunk]) => d.update(decode(chunk)),
      finish: (/** @type {any} */ d) => d.finish(),
    }),
  regionVerdict: (api, [input]) => encodeReadable(api.regionVerdict(decode(input))),
  snapshotReads: (api, [question]) => api.snapshotReads(question),
  regionConfine: (api, [input]) => api.regionConfine(input),
  finishUpdateRegions: (api, [input]) => api.finishUpdateRegions(input),
  structuredMerge: (api, [path, spec, current, baseline, latest]) => api.structuredMerge(path, spec, current, baseline, latest),
  fileView: (api, [input]) => api.fileView(decode(input)),
  editorManifest: (api, [latest, baseline, installed]) => api.editorManifest(latest, baseline ?? undefined, installed ?? undefined),
  editorTally: (api, [totals, summary]) => api.editorTally(totals, summary),
  editorStatus: (api, [facts]) => api.editorStatus(facts),
  editorNotice: (api, [notice]) => api.editorNotice(notice),
  editorNoticeStatus: (api, [notice]) => api.editorNoticeStatus(notice),
  editorReadyStatus: (api, [facts]) => api.editorReadyStatus(facts),
  damagedDiagnostic: (api, [message]) => api.damagedDiagnostic(message),
  releaseRoute: (api, [latest, folders]) => api.releaseRoute(latest, folders),
  editorInstall: (api, [manifest, record]) => api.editorInstall(manifest, record),
  commandTarget: (api, [scope]) => api.commandTarget(scope),
  documentOwner: (api, [paths]) => api.documentOwner(paths),
  editorReleaseDrift: (api, [spec, expected, found]) => api.editorReleaseDrift(spec, expected, found),
  checkInstalledManifest: (api, [text, path]) => api.checkInstalledManifest(text, path) ?? null,
  readConfig: (api, [path, format, bytes]) => api.readConfig(path, absent(format), decode(bytes)),
  sealHandoff: (api, [dirty, tickets, inherited]) => api.sealHandoff(dirty, tickets, inherited),
  parseHandoff: (api, [text, label]) => api.parseHandoff(text, absent(label)),
  planLand: (api, [handoff, current]) => api.planLand(handoff, current),
  landStep: (api, [plan, outcomes]) => api.landStep(plan, outcomes),
  landReport: (api, [plan, outcomes]) => api.landReport(plan, outcomes),
  renderLandReport: (api, [report]) => api.renderLandReport(report),
  planSync: (api, [facts]) => api.planSync(facts),
  checkoutRefusal: (api, [problem]) => api.checkoutRefusal(problem),
  syncCheckout: (api, [facts]) => api.syncCheckout(facts),
  checkoutFollow: (api, [seen, now, uncommitted, ff]) => api.checkoutFollow(seen, now, uncommitted, ff),
  checkDigest: (api, [command, tree]) => api.checkDigest(command, tree),
  findCarried: (api, [digest, records]) => api.findCarried(digest, records),
  renderSyncReport: (api, [report]) => api.renderSyncReport(report),
  syncStep: (api, [run, outcomes]) => api.syncStep(run, outcomes),
  syncReport: (api, [run, outcomes]) => api.syncReport(run, outcomes),
  parseReleaseSpec: (api, [text]) => api.parseReleaseSpec(text),
  isGitRepository: (api, [folder]) => api.isGitRepository(folder),
  resolveLocalSpec: (api, [spec, gitRepository]) => api.resolveLocalSpec(spec, gitRepository),
  relocateSpec: (api, [spec, location]) => api.relocateSpec(spec, location),
  renderReleaseSpec: (api, [source, version, subpath]) => api.renderReleaseSpec(source, version, subpath),
  parseGitTags: (api, [text]) => api.parseGitTags(text),
  parseNpmView: (api, [text]) => api.parseNpmView(text),
  npmPackIntegrity: (api, [text]) => api.npmPackIntegrity(text),
  gitRefLookup: (api, [reference]) => api.gitRefLookup(reference),
  gitRefFound: (api, [reference, listed]) => api.gitRefFound(reference, listed),
  selectVersion: (api, [query]) => api.selectVersion(query),
  planLayout: (api, [input]) => api.planLayout(input),
  cacheRoot: (api, [xdg, home]) => api.cacheRoot(xdg, home),
  cacheKey: (api, [input]) => api.cacheKey(input),
  folderFingerprint: (api, [entries]) => api.folderFingerprint(entries),
  renderCacheIndex: (api, [index]) => api.renderCacheIndex(index),
  cacheDamagedNotice: (api, [release, damage]) => api.cacheDamagedNotice(release, damage),
  verifyCacheEntry: (api, [text, found, unlisted]) => api.verifyCacheEntry(text, found, unlisted),
  parseProjectSource: (api, [text, label]) => api.parseProjectSource(text, label),
  renderProjectSource: (api, [record]) => api.renderProjectSource(record),
  scaffoldStart: (api, [input]) => api.scaffoldStart(input),
  planScaffold: (api, [input]) => api.planScaffold(input),
  scaffoldHalt: (api, [run]) => api.scaffoldHalt(run),
  planAdopt: (api, [input]) => api.planAdopt(input),
  updateSources: (api, [input]) => api.updateSources(input),
  installedRecord: (api, [sources, latest]) => api.installedRecord(sources, latest),
  archiveRoot: (api, [top, stateDir]) => api.archiveRoot(top, stateDir),
  packageVersion: (api, [text]) => api.packageVersion(text),
  parseExitPolicy: (api, [text]) => api.parseExitPolicy(text),
  exitCode: (api, [input]) => api.exitCode(input),
  statusExit: (api, [command, status, signal]) => api.statusExit(command, status, signal),
  stopExit: (api, [signal]) => api.stopExit(signal),
  commandFailure: (api, [facts]) => api.commandFailure(facts),
  failureDocument: (api, [report]) => api.failureDocument(report),
  updateStop: (api, [status]) => api.updateStop(status),
  writesChangeRequest: (api, [status]) => api.writesChangeRequest(status),
  stoppedUnwritten: (api, [command, point]) => api.stoppedUnwritten(command, point),
  homeFiles: (api, [home]) => api.homeFiles(home),
  manifestPlace: (api, [manifest]) => api.manifestPlace(manifest),
  noRecord: (api, [facts]) => api.noRecord(facts),
  stateRefusal: (api, [problem]) => api.stateRefusal(problem),
  readProgress: (api, [text, path]) => api.readProgress(text, path),
  progressText: (api, [record]) => api.progressText(record),
  handMergeDiff: (api, [target, src, yours, upstream]) => api.handMergeDiff(target, src, decode(yours), decode(upstream)),
  renderReleaseNotes: (api, [changelog]) => api.renderReleaseNotes(changelog),
  conflictsRefusal: (api, [text]) => api.conflictsRefusal(text),
  mergeExit: (api, [conflicts]) => api.mergeExit(conflicts),
  mergeSummary: (api, [conflicts]) => api.mergeSummary(conflicts),
  hashExit: (api, [unreadable]) => api.hashExit(unreadable),
  codeExit: (api, [code]) => api.codeExit(code),
  scoreFailureExit: (api, [code]) => api.scoreFailureExit(code),
  batchMatrix: (api, [input, index]) => api.batchMatrix(api.planFleet(input), index),
  platformRefusal: (api, [text]) => api.platformRefusal(text),
  renderFleetPlan: (api, [input]) => api.renderFleetPlan(api.planFleet(input)),
  stepLine: (api, [facts]) => api.stepLine(facts),
  isStepCommit: (api, [facts]) => api.isStepCommit(facts),
  sealReport: (api, [path, handoff]) => api.sealReport(path, handoff),
  planOverview: (api, [input]) => api.planOverview(input),
  previewMergeOptions: (api, [preview]) => api.previewMergeOptions(preview),
  fileVerdict: (api, [input]) => api.fileVerdict(input),
  conflictChoices: (api) => api.conflictChoices(),
  nothingToPlan: (api, [status, installed, latest]) => api.nothingToPlan(status, installed, latest),
  adoptRefusal: (api, [spec]) => api.adoptRefusal(spec),
  firstCommitStep: (api, [spec, ran]) => api.firstCommitStep(spec, ran),
  firstCommitWords: (api, [git]) => api.firstCommitWords(git),
  firstCommitSubject: (api, [spec]) => api.firstCommitSubject(spec),
  newDocument: (api, [facts]) => api.newDocument(facts),
  adoptDocument: (api, [facts]) => api.adoptDocument(facts),
  releaseWords: (api, [label, text]) => api.releaseWords(label, text),
  releaseRefusal: (api, [problem]) => api.releaseRefusal(problem),
  releaseCacheMove: (api, [question]) => api.releaseCacheMove(question),
  fetchRefusal: (api, [problem]) => api.fetchRefusal(problem),
  resolvedIdentity: (api, [facts]) => api.resolvedIdentity(facts),
  archiveEntryProblem: (api, [path, kind]) => api.archiveEntryProblem(path, kind),
  pruneRefusal: (api, [options]) => api.pruneRefusal(options),
  activeRuns: (api, [facts]) => api.activeRuns(facts),
  runId: (api, [style, nowMs, suffix]) => api.runId(style, nowMs, suffix),
  regionLimits: (api) => api.regionLimits(),
  chooseSandbox: (api, [probe]) => api.chooseSandbox(probe),
  snapshotsWholeTree: (api, [facts]) => api.snapshotsWholeTree(facts),
  repairWords: (api, [fact]) => api.repairWords(fact),
  regionBackupSteps: (api, [input]) => api.regionBackupSteps(input),
  regionFolderSteps: (api, [input]) => api.regionFolderSteps(input),
  regionFoldersDone: (api, [outcomes]) => api.regionFoldersDone(outcomes),
  regionBackupsDone: (api, [input]) => api.regionBackupsDone(input),
  fileRepair: (api, [facts]) => api.fileRepair(facts),
  fileRepairFailure: (api, [outcome]) => api.fileRepairFailure(outcome),
  regenRecordPath: (api, [runId]) => api.regenRecordPath(runId),
  regenPending: (api, [input]) => api.regenPending(input),
  regenPendingFailure: (api, [done]) => api.regenPendingFailure(done),
  readRegenPending: (api, [text, path]) => api.readRegenPending(text, path),
  regenCopiesFound: (api, [input]) => api.regenCopiesFound(input),
  regenRecoveredNotice: (api, [input]) => api.regenRecoveredNotice(input),
  regenPendingEnd: (api, [input]) => api.regenPendingEnd(input),
  workspaceStatus: (api, [projects]) => api.workspaceStatus(projects),
  dryRunRefusal: (api, [start]) => api.dryRunRefusal(start),
  dryRunSummary: (api, [facts]) => api.dryRunSummary(facts),
  scoreMessage: (api, [facts]) => api.scoreMessage(facts),
  pickReleaseDirs: (api, [input]) => api.pickReleaseDirs(input),
  projectKind: (api, [facts]) => api.projectKind(facts),
  toolMessage: (api, [stderr]) => api.toolMessage(stderr),
  loopRefusalExit: (api, [code]) => api.loopRefusalExit(code),
  loopRefusal: (api, [problem]) => api.loopRefusal(problem),
  loopCommitSubject: (api, [intent, iteration]) => api.loopCommitSubject(intent, iteration),
  loopCommitMessage: (api, [intent, iteration, trailers]) => api.loopCommitMessage(intent, iteration, trailers),
  prPayload: (api, [input]) => api.prPayload(input),
  prPayloadFiles: (api, [payload]) => api.prPayloadFiles(payload),
  parseFleetList: (api, [text, label]) => api.parseFleetList(text, label),
  fleetRecordStep: (api, [input, ran]) => api.fleetRecordStep(input, ran),
  planFleet: (api, [input]) => api.planFleet(input),
  gitlabChildPipeline: (api, [input, batch, include]) => api.gitlabChildPipeline(api.planFleet(input), batch, include),
  stepAction: (api, [facts]) => api.stepAction(facts),
  stepCommits: (api, [facts]) => api.stepCommits(facts),
  stepStart: (api, [facts]) => api.stepStart(facts),
  stepUpdateArgs: (api, [step]) => api.stepUpdateArgs(step),
  commitIdentity: (api, [author]) => api.commitIdentity(author),
  stepCommit: (api, [input]) => api.stepCommit(input),
  checkReleaseDrift: (api, [spec, expected, found, allow]) => api.checkReleaseDrift(spec, expected, found, allow),
  recordBehindNotice: (api, [path, error]) => api.recordBehindNotice(path, error),
  parseManifestRules: (api, [text, label]) => api.parseManifestRules(text, label),
  manifestInit: (api, [input]) => api.manifestInit(input),
  manifestWrite: (api, [facts]) => api.manifestWrite(facts),
  manifestCheckReads: (api, [manifest]) => api.manifestCheckReads(manifest),
  checkManifest: (api, [input]) => api.checkManifest(decode(input)),
  Sha256Stream: (api, [ops]) => {
    const stream = new api.Sha256Stream();
    return ops.map((/** @type {[string, unknown]} */ [op, arg]) => {
      try {
        return op === 'update' ? (stream.update(decode(arg)), null) : stream.finish();
      } catch (e) {
        return { error: errorOf(e) };
      }
    });
  },
  scoreConstants: (api) => api.scoreConstants(),
  presetChoices: (api) => api.presetChoices(),
  scoreDiffArgs: (api, [diff]) => api.scoreDiffArgs(diff),
  globMatch: (api, [pattern, file]) => api.globMatch(pattern, file),
  GlobSet: (api, [patterns, paths]) => {
    const set = new api.GlobSet(patterns);
    const isMatch = paths.map((/** @type {string} */ p) => set.isMatch(p));
    const many = Array.from(set.isMatchMany(paths), (/** @type {number} */ b) => b === 1);
    if (JSON.stringify(many) !== JSON.stringify(isMatch)) throw new Error(`isMatchMany ${JSON.stringify(many)} disagrees with isMatch`);
    return { matches: paths.map((/** @type {string} */ p) => set.matches(p)), isMatch, pairs: Array.from(set.matchesMany(paths)) };
  },
  parseNumstat: (api, [text]) => api.parseNumstat(text),
  parseNumstatZ: (api, [bytes]) => api.parseNumstatZ(decode(bytes)),
  parseNumstatBytes: (api, [bytes]) => api.parseNumstatBytes(decode(bytes)),
  declaredRisk: (api, [actions, overrides]) => api.declaredRisk(actions, absent(overrides)),
  parseActions: (api, [text]) => api.parseActions(text),
  actualRisk: (api, [declared, files, options]) => api.actualRisk(declared, files, absent(options)),
  decide: (api, [score, preset]) => api.decide(score, absent(preset)),
  worst: (api, [a, b]) => fromUndefined(api.worst(toUndefined(a), toUndefined(b))),
  assess: (api, [files, options]) => api.assess(files, absent(options)),
  assessView: (api, [files, options]) => api.assessView(files, absent(options)),
  riskFiles: (api, [files, options]) => api.riskFiles(files, absent(options)),
  renderRunReport: (api, [report, options]) => api.renderRunReport(report, absent(options)),
  refreshQuestion: (api, [target, state]) => api.refreshQuestion(target, state),
  updateQuestion: (api, [from, to, changelog]) => api.updateQuestion(from, to, changelog),
  renderUpdateOutcome: (api, [facts, options]) => api.renderUpdateOutcome(facts, absent(options)),
  renderStopped: (api, [facts]) => api.renderStopped(facts),
  terminalPolicy: (api, [facts]) => api.terminalPolicy(facts),
  shellCommand: (api, [words]) => api.shellCommand(words),
  counted: (api, [n, one, many]) => api.counted(n, one, many),
  diffFiles: (api, [a, b, options]) => api.diffFiles(decode(a), decode(b), options),
};

/** The outcome of a case: `{result}` or `{error: {code, message}}`. */
export function runCase(/** @type {any} */ api, /** @type {any} */ testCase) {
  const call = calls[testCase.call];
  if (!call) throw new Error(`no runner for call ${JSON.stringify(testCase.call)}`);
  try {
    return { result: encode(call(api, testCase.args)) };
  } catch (e) {
    return { error: errorOf(e) };
  }
}

/** What a case expects, in the same shape as runCase's outcome. */
export const expected = (/** @type {any} */ testCase) => ('error' in testCase ? { error: testCase.error } : { result: testCase.result });

/**
 * Runs every vector against `api`: how many cases ran, the ones that disagree with their
 * expectation (name, outcome), and a digest of every outcome, so two engines can be shown
 * to give identical answers, not just answers that each pass.
 * @param {any} api
 */
export function runAll(api) {
  const outcomes = [];
  /** @type {{ file: string, name: string, got: unknown }[]} */
  const mismatches = [];
  for (const { file, cases } of vectorFiles()) {
    for (const testCase of cases) {
      const got = runCase(api, testCase);
      outcomes.push(got);
      if (!isDeepStrictEqual(got, expected(testCase))) mismatches.push({ file, name: testCase.name, got });
    }
  }
  return { cases: outcomes.length, mismatches, digest: createHash('sha256').update(JSON.stringify(outcomes)).digest('hex') };
}
