#!/usr/bin/env node
// A create-* scaffolder built on upkeep's API: `create-starter my-app` scaffolds a project
// from the template this version of the scaffolder ships, and `create-starter --update`,
// run in a project it made, brings the project up to that template, keeping local edits.
// (upkeep records where the project came from in .upkeep/source.json, so the update knows
// its baseline.)
//
//   create-starter <dir> [--template <release>]
//   create-starter --update [--dry-run] [--yes] [--template <release>]
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { newProject, update } from 'upkeep';

// The template a real scaffolder ships inside its own package; upkeep's bundled example here.
const shipped = fileURLToPath(new URL('../starter-template-1.3.0', import.meta.url));

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    update: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    yes: { type: 'boolean', short: 'y' },
    template: { type: 'string' },
  },
});
const template = flags.template ?? shipped;

// Ctrl-C stops upkeep at its next safe point (every file whole); running again resumes.
const stop = new AbortController();
process.once('SIGINT', () => stop.abort());
const onProgress = (/** @type {{ phase: string, done: number, total: number }} */ e) => {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${e.phase} ${e.done}/${e.total}`);
};
/** Clears the progress line before anything else is printed. */
const clearProgress = () => process.stderr.isTTY && process.stderr.write('\r\x1b[K');

/** Shows the release notes and asks before anything is written (only a person at a terminal is asked). */
async function confirm(/** @type {import('upkeep').UpdateQuestion} */ question) {
  clearProgress();
  for (const section of question.changelog) console.error(`${section.heading}\n${section.body}\n`);
  if (!process.stdin.isTTY) return true;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return !/^n/i.test(await rl.question(`${question.message} [Y/n] `, { signal: stop.signal }));
  } finally {
    rl.close();
  }
}

try {
  if (flags.update) {
    const report = await update({
      latest: template, dryRun: flags['dry-run'], yes: flags.yes, decide: confirm, signal: stop.signal, onProgress,
    });
    clearProgress();
    for (const notice of report.notices) console.error(`note: ${notice}`);
    if (report.status === 'up-to-date') console.log(`Already on ${report.to}.`);
    else if (report.status === 'aborted') console.log('Nothing changed.');
    else {
      const dry = report.status === 'dry-run';
      const written = report.overwrite.length + report.add.length + report.merge.length;
      const conflicts = report.conflicts.length;
      console.log(`${dry ? 'would update' : 'updated'} ${report.from} -> ${report.to}: ${written} files, ${conflicts} conflict${conflicts === 1 ? '' : 's'}`);
      for (const c of report.conflicts) console.log(`  conflict: ${c.path}${dry ? '' : ` (see ${c.patchPath ?? 'the markers in the file'})`}`);
      for (const path of report.delete) console.log(`  upstream dropped ${path}: delete it when you are ready`);
    }
    process.exitCode = report.conflicts.length > 0 ? 1 : 0;
  } else {
    const [dir] = positionals;
    if (!dir) throw Object.assign(new Error('usage: create-starter <dir> | create-starter --update'), { code: 'usage' });
    const report = await newProject({ spec: template, target: dir, signal: stop.signal, onProgress });
    clearProgress();
    console.log(`Created ${dir} from ${report.release.spec}. Later, run \`create-starter --update\` in it.`);
  }
} catch (error) {
  clearProgress();
  const e = /** @type {{ code?: string, name?: string, message: string }} */ (error);
  if (e.name === 'AbortError') {
    // Ctrl-C at the question: asked before anything is written.
    console.error('create-starter: stopped at the question; nothing changed');
    process.exitCode = 130;
  } else {
    // upkeep's errors carry a stable code: bad input, a stop (`interrupted`), a busy project...
    console.error(`create-starter: ${e.message}`);
    process.exitCode = e.code === 'interrupted' ? 130 : e.code ? 2 : 70;
  }
}
