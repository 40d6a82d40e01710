// The JavaScript reference the differentials compare the engines against, extracted at
// run time from the seed that carries it and never committed: `score.mjs` (risk scoring)
// and `state.mjs` (the loop engine) are new files in the diff `../shared/seeds/004_*.txt`
// (relative to the repository root), each taken whole from its `@@ -0,0 +1,N @@` hunk.
//
// `state.mjs` imports two modules the seed does not carry, so stand-ins are written next
// to it: `graph.mjs` (`iterationLoop`, the one loop marked `"iteration": true`, refused
// with the engine's own message otherwise, and `ENGINE_MAX_ITERATIONS = 50`), following
// the model in core/src/looping/model.rs rather than the reference's code; and
// `../lib/fs.mjs` (`writeText`, a plain file write). The reference names its command
// `geneseed`; its `geneseed loop …` hints read `upkeep loop …`, as upkeep's do.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where CI and the engineers' machines keep the seeds: beside the repository. */
export const DEFAULT_SEEDS = fileURLToPath(new URL('../../../shared/seeds/', import.meta.url));

/** The seed diff that carries the reference, named by its number. */
const SEED = /^004_.*\.txt$/;

/**
 * The lines of the new file `path` in a diff: the `+` lines of its `@@ -0,0 +1,N @@` hunk,
 * exactly N of them. A missing file or a short hunk is an error naming the seed.
 * @param {string} diff @param {string} path @param {string} seedFile
 */
export function newFileIn(diff, path, seedFile) {
  const lines = diff.split('\n');
  const at = lines.indexOf(path);
  if (at < 0) throw new Error(`${seedFile}: no file ${path} in the diff`);
  const headerAt = lines.findIndex((line, i) => i > at && line.startsWith('@@'));
  const header = /^@@ -0,0 \+1,(\d+) @@/.exec(lines[headerAt] ?? '');
  if (!header) throw new Error(`${seedFile}: ${path} is not a new file (expected @@ -0,0 +1,N @@, found ${JSON.stringify(lines[headerAt] ?? 'nothing')})`);
  const count = Number(header[1]);
  const body = lines.slice(headerAt + 1, headerAt + 1 + count);
  const bad = body.findIndex((line) => !line.startsWith('+'));
  if (body.length < count || bad >= 0) {
    throw new Error(`${seedFile}: the hunk of ${path} announces ${count} lines but has ${bad >= 0 ? bad : body.length}`);
  }
  return `${body.map((line) => line.slice(1)).join('\n')}\n`;
}

const GRAPH_STAND_IN = `// Stand-in for the reference's graph.mjs (not in the seed), after upkeep's loop model.
export const ENGINE_MAX_ITERATIONS = 50;
export function iterationLoop(graph) {
  const found = (graph.loops ?? []).filter((loop) => loop.iteration === true);
  if (found.length !== 1) throw new Error(\`the graph must have exactly one loop with "iteration": true, found \${found.length}\`);
  return found[0];
}
`;

const FS_STAND_IN = `// Stand-in for the reference's lib/fs.mjs (not in the seed).
import { writeFileSync } from 'node:fs';
export function writeText(file, text) {
  writeFileSync(file, text);
}
`;

/**
 * `extract()`'s answer; when it fails, the reason on stderr and exit status 2 (a missing
 * or unreadable seed is a setup problem, not a disagreement).
 * @template T @param {() => T} extract @returns {T}
 */
export function extractedOrExit(extract) {
  try {
    return extract();
  } catch (error) {
    console.error(`differential: ${/** @type {Error} */ (error).message}`);
    process.exit(2);
  }
}

/**
 * Extracts the reference into a fresh temp folder, removed when the process exits.
 * @param {{ seeds?: string }} [options] the seeds folder (default: `../shared/seeds/`)
 * @returns {{ dir: string, score: string, state: string, seed: string }}
 */
export function extractReference({ seeds = DEFAULT_SEEDS } = {}) {
  let names;
  try {
    names = readdirSync(seeds);
  } catch (error) {
    throw new Error(`the reference seeds are not at ${seeds} (${/** @type {Error} */ (error).message}); pass --seeds <folder> or --reference <file>`);
  }
  const name = names.find((n) => SEED.test(n));
  if (!name) throw new Error(`no 004_*.txt seed in ${seeds}: the reference engines come from it`);
  const seed = join(seeds, name);
  const diff = readFileSync(seed, 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'upkeep-reference-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'loop'));
  mkdirSync(join(dir, 'lib'));
  const score = join(dir, 'loop', 'score.mjs');
  const state = join(dir, 'loop', 'state.mjs');
  writeFileSync(score, newFileIn(diff, 'package/js/loop/score.mjs', seed));
  writeFileSync(state, newFileIn(diff, 'package/js/loop/state.mjs', seed).replaceAll('geneseed loop', 'upkeep loop'));
  writeFileSync(join(dir, 'loop', 'graph.mjs'), GRAPH_STAND_IN);
  writeFileSync(join(dir, 'lib', 'fs.mjs'), FS_STAND_IN);
  return { dir, score, state, seed };
}
