// The `upkeep` command line: parses arguments, runs one command, returns its exit code.
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { engine, implementation } from '../engine.js';
import { EXIT, exitForError } from './exit-codes.js';
import { backupsCommand } from './backups.js';
import { diffCommand } from './diff.js';
import { fleetPlanCommand, fleetStepCommand } from './fleet.js';
import { hashCommand } from './hash.js';
import { landCommand, syncCommand } from './land.js';
import { mergeCommand } from './merge.js';
import { loopCommand } from './loop.js';
import { lspCommand } from './lsp.js';
import { scoreCommand } from './score.js';
import { printError, printLine } from './output.js';
import { installCommand, refreshCommand } from './refresh.js';
import { statusCommand } from './status.js';
import { adoptCommand, newCommand } from './new.js';
import { manifestCheckCommand, manifestInitCommand } from './manifest.js';
import { updateCommand } from './update.js';
import { DEFAULT_PRESET, WEIGHTS } from '../score-constants.js';
// The options' defaults and choices, shown in the help, are the engine's (generated from core).
import {
  BULK_DECISIONS,
  DEFAULT_AUTHOR,
  DEFAULT_CONFLICTS,
  DEFAULT_CONTEXT,
  DEFAULT_PLATFORM,
  DEFAULT_REMOTE,
  DEFAULT_RENAMES,
  DEFAULT_STATE_DIR,
  FAIL_ON_DECISIONS,
  GIT_STATE,
  MATRIX_LIMITS,
  MAX_CONFLICT_EXIT,
} from '../generated/defaults.js';

/** The presets, as the help lists them: the engine's words, its default marked. */
const PRESET_HELP = engine.presetChoices().help;

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

/**
 * Runs the CLI on `argv` (without the node and script names) and resolves to the exit code.
 * @param {string[]} argv
 */
export async function main(argv) {
  /** @type {number} */
  let exitCode = EXIT.ok;
  /** The command as typed, for the hints that say "run the same command again". */
  const typed = ['upkeep', ...argv];
  // Under --json a usage error is one JSON document on stdout, like every other failure.
  const json = argv.includes('--json');
  /** @type {string | undefined} */
  let usageError;
  const program = new Command('upkeep')
    .description('Keep files copied from upstream in step with new releases, and score how risky a diff is.')
    .version(version, '-V, --version')
    .addHelpText(
      'after',
      `${examples([
        ['upkeep help update', 'what update does, its options and examples'],
        [
          'upkeep update --baseline ../template-1.2.0 --latest ../template-1.3.0 --dry-run',
          'what a new template release would change here',
        ],
        ['upkeep refresh --source ../voice-agent --target .', 'bring files an integration copied in up to date'],
      ])}

Engine: ${implementation} (set UPKEEP_FORCE_WASM=1 for the wasm build).`,
    )
    .exitOverride()
    .configureOutput({
      outputError: (text) => {
        usageError = text.replace(/^error: /, '').trimEnd();
        if (!json) printError(usageError);
      },
    });

  program
    .command('hash')
    .description('print SHA-256 checksums in sha256sum format; "-" reads standard input')
    .argument('<file...>', 'files to hash')
    .option('-r, --recursive', 'hash every file under the directories given')
    .addHelpText(
      'after',
      examples([
        ['upkeep hash package.json README.md', 'the same two lines `sha256sum package.json README.md` prints'],
        ['upkeep hash -r templates/ > SHA256SUMS', 'every file under a folder, in byte order of the names'],
        ['git show HEAD:package.json | upkeep hash -', 'standard input'],
      ]),
    )
    .action(async (files, options) => {
      exitCode = await hashCommand(files, options);
    });

  program
    .command('diff')
    .description(
      `print a unified diff, exactly as GNU "diff -u" does; exit ${EXIT.ok} same, ${EXIT.findings} different, ${EXIT.badInput} trouble`,
    )
    .argument('<old>', 'the old file ("-" reads standard input)')
    .argument('<new>', 'the new file ("-" reads standard input)')
    .option('-U, --unified <n>', 'lines of context', count, DEFAULT_CONTEXT)
    .option('-u', 'unified format (the only one; accepted for habit)')
    .option('-L, --label <label>', 'name for the old, then the new file in the header (default: the paths)', collect, [])
    .option('--ignore-eol', 'treat CRLF and LF line endings as equal')
    .option('--strip-trailing-cr', "the same, under GNU diff's name")
    .addHelpText(
      'after',
      `
Without -L, the header names each file as GNU diff does (quoted when the name holds a
space, a quote, a backslash, a control character or a non-ASCII byte) followed by its
modification time, so for two files the output is byte for byte GNU "diff -u"'s (for
standard input, "-", the time is when it was read, as GNU prints it).
${examples([
  ['upkeep diff config.old.json config.json', "what changed, with both files' times in the header"],
  ['upkeep diff -L a/config.json -L b/config.json old.json new.json > fix.patch', 'a patch `git apply` and `patch -p1` accept'],
  ['upkeep diff -U 0 --strip-trailing-cr notes.txt notes-from-windows.txt', 'no context lines; CRLF counts as LF'],
])}`,
    )
    .action(async (oldPath, newPath, options) => {
      exitCode = await diffCommand(oldPath, newPath, options);
    });

  program
    .command('merge')
    .description(
      `three-way merge like "git merge-file": the result replaces <ours> atomically; exit code = conflicts (at most ${MAX_CONFLICT_EXIT}), ${EXIT.mergeFailed} on error`,
    )
    .argument('<ours>', 'our version; receives the result unless -p')
    .argument('<base>', 'the common ancestor')
    .argument('<theirs>', 'their version')
    .option('-p, --stdout', 'print the result instead of replacing <ours>')
    .option('--diff3', 'show the base in conflicts')
    .option('--zdiff3', 'like --diff3, with lines common to both sides moved out of conflicts')
    .option('-L, --label <label>', 'names for ours, base and theirs in conflict markers (default: the paths)', collect, [])
    .option('--ours', 'resolve conflicts to our side')
    .option('--theirs', 'resolve conflicts to their side')
    .option('--union', 'resolve conflicts to both sides, ours first')
    .option('--marker-size <n>', 'conflict marker length', count)
    .option('-q, --quiet', 'accepted for git compatibility (upkeep merge prints no warnings)')
    .addHelpText(
      'after',
      examples([
        ['upkeep merge README.md README.base.md README.theirs.md', 'the merge replaces README.md; exit = conflicts left'],
        ['upkeep merge -p --diff3 mine.txt base.txt theirs.txt > merged.txt', 'print it instead, with the base in each conflict'],
        ['upkeep merge --ours -L mine -L base -L upstream a.txt b.txt c.txt', 'settle every conflict for our side'],
      ]),
    )
    .exitOverride((error) => {
      // Exit codes of merge count conflicts; a usage error must not look like "2 conflicts".
      throw error.exitCode === 0 ? error : Object.assign(error, { upkeepExit: engine.statusExit('merge', 'failed') });
    })
    .action(async (ours, base, theirs, options) => {
      exitCode = await mergeCommand(ours, base, theirs, options);
    });

  program
    .command('install')
    .description('copy the files a source manifest lists into a host repository and record their hashes')
    .requiredOption('--source <dir>', 'the source (holds install/manifest.json)')
    .requiredOption('--target <repo>', 'the host repository')
    .option('--manifest <file>', 'the manifest, if not <source>/install/manifest.json')
    .option('--force', 'replace existing different files (backed up first)')
    .option('--dry-run', 'report what would happen; write nothing')
    .option('--json', 'print one JSON report document')
    .option('-q, --quiet', 'print only what needs you')
    .option('-v, --verbose', 'list every file')
    .addHelpText(
      'after',
      `${examples([
        ['upkeep install --source ../voice-agent --target .', 'copy its files in and record their hashes'],
        ['upkeep install --source ../voice-agent --target . --dry-run', 'what would be copied, and what is in the way'],
        ['upkeep install --source ../voice-agent --target . --force', 'replace different files that are in the way (backed up first)'],
      ])}

Ctrl-C (or SIGTERM) stops after the file being written: exit ${EXIT.interrupted} (${EXIT.terminated}), and running the
same command again finishes the install.`,
    )
    .action(async (options) => {
      exitCode = await installCommand(options, typed);
    });

  program
    .command('refresh')
    .description('bring installed files up to date without clobbering local edits')
    .requiredOption('--source <dir>', 'the source (holds install/manifest.json)')
    .requiredOption('--target <repo>', 'the host repository')
    .option('--manifest <file>', 'the manifest, if not <source>/install/manifest.json')
    .addOption(new Option('--auto <decision>', 'decide every locally-modified file').choices(BULK_DECISIONS.auto))
    .addOption(new Option('--host-deleted <decision>', 'decide every file deleted on the host').choices(BULK_DECISIONS.hostDeleted))
    .addOption(new Option('--source-deleted <decision>', 'decide every file the source dropped').choices(BULK_DECISIONS.sourceDeleted))
    .option(
      '--confirm <target>',
      'confirm a hand merge (after the `merge` decision): record the file as it is now as the new baseline (repeatable)',
      (/** @type {string} */ value, /** @type {string[]} */ previous) => [...previous, value],
      /** @type {string[]} */ ([]),
    )
    .option('--dry-run', 'report states and what would happen; write nothing')
    .option('--json', 'print one JSON report document')
    .option('-q, --quiet', 'print only what needs you')
    .option('-v, --verbose', 'list every file')
    .addHelpText(
      'after',
      `${examples([
        ['upkeep refresh --source ../voice-agent --target .', 'update what you did not change; ask (on a terminal) about the rest'],
        [
          'upkeep refresh --source ../voice-agent --target . --auto take-theirs --source-deleted remove',
          'take every upstream change, no questions (CI)',
        ],
        ['upkeep refresh --source ../voice-agent --target . --confirm services/voice-agent/server.mjs', 'record a file you merged by hand'],
      ])}

Ctrl-C (or SIGTERM) stops after the file being written is whole and journalled: exit ${EXIT.interrupted}
(${EXIT.terminated}), and running the same command again resumes where it stopped.`,
    )
    .action(async (options) => {
      exitCode = await refreshCommand(options, typed);
    });

  const repeat = (/** @type {string} */ value, /** @type {string[]} */ previous) => [...previous, value];
  program
    .command('score')
    .description('score how risky a diff is: declared actions, raised by what the numstat shows')
    .addOption(new Option('--diff', 'read `git diff --numstat` output (plain or -z) from standard input').conflicts('git'))
    .option('--git [range]', 'run `git diff --numstat -z -M [range]` in the current directory')
    .option('--staged', 'with --git: score the staged changes (git diff --cached)')
    .addOption(
      new Option('--actions <list>', `declared actions, comma-separated (${Object.keys(WEIGHTS).join(', ')})`).conflicts('declared'),
    )
    .option('--declared <score>', 'the declared score itself', parseScore)
    .option('--preset <name>', PRESET_HELP)
    .option('--write-set <glob>', 'a path or glob the change may touch (repeatable; none: every file is outside)', repeat, [])
    .option('--contracts <glob>', 'a contract file glob (repeatable)', repeat, [])
    .option('--ignore-deletions <glob>', "a glob whose deleted lines don't count (repeatable)", repeat, [])
    .option('--weights <file.json>', 'a JSON object of action weights overriding the defaults')
    .option('--json', 'print the verdict as one JSON document')
    .addOption(new Option('--fail-on <decision>', `the least severe decision that exits ${EXIT.findings}`).choices(FAIL_ON_DECISIONS))
    .addHelpText(
      'after',
      `
A write-set entry is an exact path, or a glob only when it has a literal segment (one
with no * or ?): 'src/**' and 'docs/*.md' glob, while '**', '*.md' and '**/*.js' are
compared as exact paths and match no file; upkeep warns about each such entry (and
--json lists them under "warnings").

Exit codes: ${EXIT.ok} silent or soft, ${EXIT.findings} blocking (or soft with --fail-on soft), ${EXIT.badInput} bad usage or input.
${examples([
  [
    "git diff --numstat main | upkeep score --diff --actions logic --write-set 'src/**'",
    'a declared logic change that must stay under src/',
  ],
  [
    "upkeep score --git main...HEAD --actions api --write-set 'api/**' --contracts 'api/schema.json' --json",
    'this branch against main, as JSON',
  ],
  ['upkeep score --git --staged --declared 0.2 --preset prudent --fail-on soft', `the staged change; exit ${EXIT.findings} unless silent`],
])}`,
    )
    .action(async (options) => {
      exitCode = await scoreCommand(options);
    });

  const loop = program
    .command('loop')
    .description('the risk-gated change loop: the engine decides every step; each command prints one JSON document')
    .addHelpText(
      'after',
      examples([
        [
          "upkeep loop init --graph graph.json --bricks bricks.json --title 'Login fix' --requirement 'Users land on the page they asked for'",
          'start a loop: writes LOOP.md',
        ],
        ['upkeep loop next', 'the next step to run'],
        ['git add -A && git diff --cached --numstat | upkeep loop score --diff', 'score the unit; commits it when acceptable'],
      ]),
    );
  loop
    .command('init')
    .description('start a loop in this git work tree: writes LOOP.md')
    .requiredOption('--graph <file.json>', 'the loop graph (npm/schemas/loop-graph.schema.json)')
    .requiredOption('--bricks <file.json>', 'the brick catalogue (npm/schemas/loop-bricks.schema.json)')
    .requiredOption('--title <text>', 'the run title')
    .requiredOption('--requirement <text>', 'what the run must achieve')
    .option('--preset <name>', PRESET_HELP)
    .option('--contracts <glob...>', "contract globs, after the graph's own", [])
    .addHelpText(
      'after',
      examples([
        [
          "upkeep loop init --graph graph.json --bricks bricks.json --title 'Login fix' --requirement 'Users land on the page they asked for'",
          `start a loop under the ${DEFAULT_PRESET} preset`,
        ],
        [
          "upkeep loop init --graph graph.json --bricks bricks.json --title 'Schema v2' --requirement 'Add the email column' --preset prudent --contracts 'api/**'",
          'a stricter loop that treats api/ as a contract',
        ],
      ]),
    )
    .action(async (options) => {
      exitCode = await loopCommand('init', [], options);
    });
  loop
    .command('next')
    .description('print the next step: the brick to run, a diff to verify, a held decision or the end')
    .option('--bricks <file.json>', 'a catalogue instead of the one init stored')
    .addHelpText(
      'after',
      examples([
        ['upkeep loop next', 'the next step, as one JSON document'],
        ['upkeep loop next --bricks bricks-v2.json', 'with another brick catalogue'],
      ]),
    )
    .action(async (options) => {
      exitCode = await loopCommand('next', [], options);
    });
  loop
    .command('score')
    .description('--declared: score the declared actions; --diff: score `git diff --cached --numstat` from standard input')
    .addOption(new Option('--declared', 'score the declared actions').conflicts('diff'))
    .option('--diff', 'score the numstat on standard input; closes the unit into a commit when acceptable')
    .option('--actions <list>', 'declared actions, comma-separated')
    .option('--write-set <glob...>', 'paths or globs the unit may touch')
    .option('--intent <text>', 'what the unit does (the commit subject)')
    .option('--bricks <file.json>', 'a catalogue instead of the one init stored')
    .addHelpText(
      'after',
      examples([
        ["upkeep loop score --declared --actions logic --write-set 'src/**'", 'score what the unit declares before it runs'],
        ['git add -A && git diff --cached --numstat | upkeep loop score --diff', 'score what it did; commits it when acceptable'],
      ]),
    )
    .action(async (options) => {
      exitCode = await loopCommand('score', [], options);
    });
  loop
    .command('record')
    .description('record the outcome the current brick reported')
    .argument('<outcome>', "one of the brick's outcomes")
    .option('--note <text>', 'a finding to keep in the notes')
    .option('--card <file.json>', 'a card the brick recorded ({intent, actions, writeSet})')
    .option('--bricks <file.json>', 'a catalogue instead of the one init stored')
    .addHelpText(
      'after',
      examples([
        ['upkeep loop record done', 'the brick reported its outcome "done"'],
        ["upkeep loop record found --note 'the redirect drops the query string' --card card.json", 'with a finding and the card it wrote'],
      ]),
    )
    .action(async (outcome, options) => {
      exitCode = await loopCommand('record', [outcome], options);
    });
  loop
    .command('decide')
    .description('answer a held loop: ok, no or amend')
    .argument('<verdict>', 'ok, no or amend')
    .option('--note <text>', 'why (kept in the notes)')
    .option('--bricks <file.json>', 'a catalogue instead of the one init stored')
    .addHelpText(
      'after',
      examples([
        ['upkeep loop decide ok', 'let the held change through'],
        ["upkeep loop decide amend --note 'keep the old endpoint for one release'", 'send it back with a note'],
      ]),
    )
    .action(async (verdict, options) => {
      exitCode = await loopCommand('decide', [verdict], options);
    });

  /** The release options `update` and `status` share. */
  const releaseOptions = (/** @type {Command} */ command) =>
    command
      .option(
        '--baseline <release>',
        'the release the project was installed from (a release spec); default: the recorded source (.upkeep/source.json) at the installed version',
      )
      .option('--latest <release>', "the release to update to (a release spec); default: the recorded source's newest stable version")
      .option('--to <version>', 'with the recorded source: the version (or range) to go to instead of the newest')
      .option('--pre', 'let the newest version be a pre-release')
      .option('--allow-drift', 'use a baseline that is not what the project recorded (a moved tag, a republished package), saying so')
      .option('--root <dir>', 'the project root (default: the current directory)')
      .option('--state-dir <name>', 'the state folder holding VERSION and manifest.json', DEFAULT_STATE_DIR)
      .option(
        '--conflicts <mode>',
        "a file both sides changed: merge (three-way merge; overlaps get diff3 markers), markers (two-part markers) or patch (left as it is; upstream's change as a patch)",
        DEFAULT_CONFLICTS,
      )
      .option('--ignore-eol', 'compare files with CRLF read as LF (autocrlf checkouts)')
      .option('--json', 'print the report as one JSON document')
      .option(
        '--exit-on <policy>',
        `when to exit non-zero: conflict (conflicts or deletes: ${EXIT.findings}), error (only a failed run), never; default: as without it`,
      )
      .option('-q, --quiet', 'print only what needs you')
      .option('-v, --verbose', 'list every file');

  releaseOptions(program.command('update'))
    .description('bring a project scaffolded from a template up to a new release, keeping local edits')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('-n, --dry-run', 'compute everything, write nothing')
    .option(
      '--pr <dir>',
      'write a change request for a fleet job into <dir>: title.txt, body.md, labels.txt, branch.txt (upkeep/<source>/<version>)',
    )
    .option('--allow-dirty', 'update even when managed files have uncommitted changes in git (refused otherwise)')
    .addHelpText(
      'after',
      `${examples([
        [
          'upkeep adopt ../template@1.2.0 && upkeep update --to 1.3.0 --yes --quiet',
          'record where the project came from once (here: a tag of the template repository); then no --baseline or --latest',
        ],
        [
          'upkeep update --baseline ../template-1.2.0 --latest ../template-1.3.0',
          'from two release folders; asks before writing (on a terminal)',
        ],
        ['upkeep update --baseline template-1.2.0.tar.gz --latest template-1.3.0.tar.gz --dry-run', 'from release archives; write nothing'],
      ])}

Ctrl-C (or SIGTERM) stops at the next safe point, every file whole: exit ${EXIT.interrupted} (${EXIT.terminated}), and
running the same command again resumes where it stopped.

Exit codes: ${EXIT.ok} done, ${EXIT.findings} done with conflicts or deletes to look at, ${EXIT.badInput} bad input, ${EXIT.refused} refused (managed files with uncommitted changes in git; --allow-dirty), ${EXIT.io} I/O error, ${EXIT.busy} busy, ${EXIT.interrupted} interrupted (${EXIT.terminated} on SIGTERM).`,
    )
    .action(async (options) => {
      exitCode = await updateCommand(options, typed);
    });

  releaseOptions(program.command('status'))
    .description(
      `read-only: what the project changed and what the next release would change; exit ${EXIT.findings} when an update is pending or would conflict`,
    )
    .addHelpText(
      'after',
      examples([
        [
          'upkeep adopt ../template@1.2.0 && upkeep status --quiet',
          `in CI, with the project's recorded source: only what needs you; exit ${EXIT.findings} when an update is pending`,
        ],
        [
          'upkeep status --baseline ../template-1.2.0 --latest ../template-1.3.0',
          'what you changed, what the release changes, what would conflict',
        ],
        ['upkeep status --baseline ../template-1.2.0 --latest ../template-1.3.0 --json', 'the classification as one JSON document'],
      ]),
    )
    .action(async (options) => {
      exitCode = await statusCommand(options, typed);
    });

  const backups = program
    .command('backups')
    .description('list the backups updates and refreshes keep, or remove old runs on request (never implicitly)')
    .addHelpText(
      'after',
      examples([
        ['upkeep backups list', 'every backup run, newest first, and which hold the only copy of something'],
        ['upkeep backups prune --keep 3 --dry-run', 'what keeping the three newest runs would remove'],
      ]),
    );
  const backupsOptions = (/** @type {Command} */ command) =>
    command
      .option('--root <dir>', 'the project root (default: the current directory)')
      .option('--state-dir <name>', 'the state folder of updates', DEFAULT_STATE_DIR)
      .option(
        '--folder <dir>',
        "another backups folder, relative to the root (a refresh's <home>/.upkeep-backups; repeatable)",
        collect,
        [],
      )
      .option('--json', 'print one JSON document');
  backupsOptions(backups.command('list'))
    .description('every backup run, newest first: when, how many files, how many bytes, and which hold content found nowhere else')
    .addHelpText(
      'after',
      examples([
        ['upkeep backups list', "this project's update backups (and the old .upkeep-backup/ folder, if any)"],
        ['upkeep backups list --folder vendor/svc/.upkeep-backups --json', "a refresh's backups too, as one JSON document"],
      ]),
    )
    .action(async (options) => {
      exitCode = await backupsCommand('list', options);
    });
  backupsOptions(backups.command('prune'))
    .description('remove old backup runs; never one holding content that is not in the tree, in git HEAD or in a run that stays')
    .option('--keep <n>', 'keep the n newest runs', count)
    .option('--older-than <age>', 'only runs older than this: 90m, 12h, 30d, 2w')
    .option('-n, --dry-run', 'say what would be removed; remove nothing')
    .addHelpText(
      'after',
      examples([
        ['upkeep backups prune --keep 3 --dry-run', 'what keeping the three newest runs would remove'],
        ['upkeep backups prune --older-than 30d', 'remove runs older than 30 days whose content is also in the tree or in git'],
      ]),
    )
    .action(async (options) => {
      exitCode = await backupsCommand('prune', options);
    });

  program
    .command('new')
    .description('scaffold a project from a release and record where it came from (.upkeep/source.json), so `upkeep update` needs no flags')
    .argument(
      '<release>',
      'a release spec: ./dir, ./tpl.tar.gz, ../tpl.git@1.2.0, git+https://…#ref, npm:create-vite@^6//template-react-ts',
    )
    .argument('<dir>', 'the folder to create (or an empty one)')
    .option('--force', 'scaffold into a folder that holds files: those the release replaces are backed up first')
    .option('--git', 'make the first commit (git init first when the folder is in no repository)')
    .option('--pre', 'let the newest version be a pre-release')
    .option('--state-dir <name>', 'the state folder', DEFAULT_STATE_DIR)
    .option('--json', 'print the report as one JSON document')
    .addHelpText(
      'after',
      `${examples([
        ['upkeep new ../template-1.2.0 my-app', 'scaffold from a release folder; later, `upkeep update` in my-app needs no flags'],
        ['upkeep new ../template@1.2.0 my-app --git', 'from the tag v1.2.0 of a template repository, with the first commit'],
        ['upkeep new template-1.3.0.tar.gz my-app --json', 'from a release archive; the report as one JSON document'],
      ])}

An npm package is a release too: upkeep new npm:create-vite@6.5.0//template-react-ts my-app
(npm's own configuration decides the registry). Ctrl-C stops at the next safe point
(exit ${EXIT.interrupted}); running the same command again finishes the scaffold.
Exit codes: ${EXIT.ok} scaffolded, ${EXIT.findings} scaffolded but --git could not commit, ${EXIT.badInput} bad input, ${EXIT.io} I/O, ${EXIT.busy} busy, ${EXIT.interrupted}/${EXIT.terminated} stopped.`,
    )
    .action(async (spec, dir, options) => {
      exitCode = await newCommand(spec, dir, options, typed);
    });

  program
    .command('adopt')
    .description('record the release a project was made from (by hand or another tool), after checking the project against it')
    .argument('<release>', 'the release with its version: npm:create-vite@5.5.5//template-react-ts, ../tpl.git@1.2.0')
    .option('--root <dir>', 'the project root (default: the current directory)')
    .option('--force', 'replace a record of another source or version')
    .option('--state-dir <name>', 'the state folder', DEFAULT_STATE_DIR)
    .option('--json', 'print the report as one JSON document')
    .addHelpText(
      'after',
      examples([
        ['upkeep adopt ../template@1.2.0', 'this project was made from the tag v1.2.0 of ../template: record it, list what differs'],
        ['upkeep adopt ../template-1.2.0@1.2.0 --json', 'from a release folder; the report as one JSON document'],
      ]),
    )
    .action(async (spec, options) => {
      exitCode = await adoptCommand(spec, options, typed);
    });

  const manifest = program
    .command('manifest')
    .description("for template authors: write a release's .upkeep/manifest.json from rules, or check one");
  /** The class rules in command-line order (the first that matches a file decides), across the four options. */
  /** @type {{ class: 'owned' | 'shared' | 'wiki-owned' | 'exclude', glob: string }[]} */
  const rules = [];
  const rule = (/** @type {'owned' | 'shared' | 'wiki-owned' | 'exclude'} */ cls) => (/** @type {string} */ glob) => {
    rules.push({ class: cls, glob });
    return rules;
  };
  manifest
    .command('init')
    .description(
      'write <dir>/.upkeep/manifest.json listing every file: an --exclude always wins, else the first matching rule; no rule: everything shared',
    )
    .argument('[dir]', 'the template folder (default: the current directory)')
    .option('--owned <glob>', 'files upstream controls fully (repeatable)', rule('owned'), [])
    .option('--shared <glob>', 'files upstream seeds and projects customize (repeatable)', rule('shared'), [])
    .option('--wiki-owned <glob>', 'documentation pages projects grow (repeatable)', rule('wiki-owned'), [])
    .option('--exclude <glob>', 'files never listed (repeatable)', rule('exclude'), [])
    .option(
      '--install <from=to>',
      `install a shipped file under another name (repeatable; the defaults: ${DEFAULT_RENAMES.join(', ')})`,
      collect,
      [],
    )
    .option('--rules <file>', 'rules, one per line: `owned src/**`, `exclude **/*.snap`, `install _npmrc .npmrc`')
    .option('--force', 'replace an existing manifest')
    .option('--dry-run', 'print the manifest; write nothing')
    .option('--state-dir <name>', 'the state folder', DEFAULT_STATE_DIR)
    .option('--json', 'print the result as one JSON document')
    .addHelpText(
      'after',
      examples([
        ["upkeep manifest init --owned 'src/**' --shared '**' --dry-run", 'the manifest of this template folder, printed, nothing written'],
        ["upkeep manifest init --exclude '**/*.snap' --install _env=.env", 'every file shared but snapshots; _env installed as .env'],
      ]),
    )
    .action(async (dir, options) => {
      exitCode = await manifestInitCommand(dir, { ...options, rule: rules }, typed);
    });
  manifest
    .command('check')
    .description(
      `check a release's manifest against its files: paths, classes, merges, regions and their markers, renames; exit ${EXIT.findings} naming every problem`,
    )
    .argument('[dir]', 'the release folder (default: the current directory)')
    .option('--state-dir <name>', 'the state folder', DEFAULT_STATE_DIR)
    .option('--json', 'print the result as one JSON document')
    .addHelpText(
      'after',
      examples([
        ['upkeep manifest check ../template-1.2.0', `a release's manifest against its files; exit ${EXIT.findings} naming every problem`],
        ['upkeep manifest check ../template-1.2.0 --json', 'the problems as one JSON document'],
      ]),
    )
    .action(async (dir, options) => {
      exitCode = await manifestCheckCommand(dir, options, typed);
    });

  program
    .command('land')
    .description(
      'commit a sealed handoff: one commit per ticket when their files are disjoint; refused if the workspace moved since the seal',
    )
    .option('--seal', 'record the uncommitted changes (with content hashes), tickets and inherited files as the handoff')
    .option('--ticket <id[:title]>', 'with --seal: a ticket, in commit order (repeatable)', collect, [])
    .option('--claim <id=path>', 'with --seal: a changed file the ticket claims (repeatable; a lone ticket claims all)', collect, [])
    .option('--inherited <path>', 'with --seal: a file already uncommitted when the work started (repeatable)', collect, [])
    .option('--handoff <file>', `the handoff file (default: ${GIT_STATE.handoff} in the git dir)`)
    .option('--repo <dir>', 'the work clone (default: the current directory)')
    .option('--json', 'print the report as one JSON document')
    .addHelpText(
      'after',
      `\nExit codes: ${EXIT.ok} landed or nothing_to_land, ${EXIT.partlyLanded} partly landed or the first commit failed (its files are staged, the commits after it not tried), ${EXIT.refused} refused (the workspace moved), ${EXIT.badInput} bad input, ${EXIT.interrupted}/${EXIT.terminated} stopped by Ctrl-C/SIGTERM (the commits made are listed; one git was making when Ctrl-C reached it is staged). Run land again, once the cause is fixed, to make the rest.
${examples([
  ["upkeep land --seal --ticket T-1:'Fix the login redirect'", 'seal what is uncommitted now as one ticket'],
  [
    'upkeep land --seal --ticket T-1 --ticket T-2 --claim T-1=src/login.js --claim T-2=docs/login.md',
    'two tickets, each claiming its files',
  ],
  ['upkeep land --json', 'commit the sealed handoff, one commit per ticket'],
])}`,
    )
    .action(async (options) => {
      exitCode = await landCommand(options, typed);
    });

  program
    .command('sync')
    .description(
      "bring the checkout's branch up to date with a work clone by a fast-forward or named cherry-picks, checked, then pushed to origin",
    )
    .requiredOption('--from <clone>', 'the work clone')
    .option('--pick <sha>', 'a commit of the clone to cherry-pick (repeatable; none: fast-forward to the clone)', collect, [])
    .option('--check <command>', 'a shell command run on exactly the tree to be pushed (repeatable)', collect, [])
    .option('--checkout <dir>', 'the checkout (default: the current directory)')
    .option('--dry-run', 'print the plan; change nothing')
    .option('--json', 'print the report as one JSON document')
    .addHelpText(
      'after',
      `\nExit codes: ${EXIT.ok} synced (or --dry-run), ${EXIT.refused} refused (not a clean step forward, a conflicting cherry-pick, origin refused the push), ${EXIT.checkFailed} a check failed (nothing pushed), ${EXIT.busy} another sync of the checkout is running, ${EXIT.badInput} bad input, ${EXIT.interrupted}/${EXIT.terminated} stopped by Ctrl-C/SIGTERM (nothing pushed).
${examples([
  ["upkeep sync --from ../work --check 'npm test'", 'fast-forward to the work clone once npm test passes on that exact tree'],
  ["upkeep sync --from ../work --pick 3f2c1e9 --check 'make test'", 'cherry-pick one commit of the clone, checked'],
  ['upkeep sync --from ../work --dry-run', 'the plan only'],
])}`,
    )
    .action(async (options) => {
      exitCode = await syncCommand(options, typed);
    });

  // `upkeep fleet plan|step`: the per-repository unit of a CI matrix or a fleet runner.
  const fleet = program
    .command('fleet')
    .description(
      'run upkeep over many repositories from one template: batches for a CI matrix, and the step each job runs (see the README, "Fleet")',
    )
    .addHelpText(
      'after',
      examples([
        [
          'upkeep fleet plan repos.txt --to 1.3.0',
          `the batches of at most ${MATRIX_LIMITS.github} jobs for a GitHub Actions matrix, as JSON; changes nothing`,
        ],
        ['upkeep fleet step --to 1.3.0', "in a checkout: update, commit on the payload's branch, push (what each job runs)"],
      ]),
    );
  fleet
    .command('plan')
    .description(
      'read a list of repositories (repos.txt or repos.json) and print batches for a CI matrix as JSON; skips local repositories already at --to; changes nothing',
    )
    .argument('<list>', 'repos.txt (one repository a line, an optional folder after it) or repos.json')
    .option('--to <version>', 'the target version: local repositories recording it (or newer) are skipped')
    .option('--platform <name>', `github (${MATRIX_LIMITS.github} jobs a matrix) or gitlab (${MATRIX_LIMITS.gitlab})`, DEFAULT_PLATFORM)
    .option('--batch-size <n>', "jobs per batch (at most the platform's limit)")
    .option('--batch <n>', 'print only batch <n> (0-based) as a matrix: {"include": [...]}')
    .option(
      '--gitlab-child <include>',
      'with --platform gitlab and --batch: print the child pipeline of that batch, its jobs extending .upkeep-fleet-step from <include>',
    )
    .addHelpText(
      'after',
      examples([
        ['upkeep fleet plan repos.txt --to 1.3.0', 'every batch, the skipped repositories and why, as one JSON document'],
        ['upkeep fleet plan repos.txt --to 1.3.0 --batch 0', "batch 0 as a GitHub matrix (what the workflow's plan job outputs)"],
        [
          'upkeep fleet plan repos.txt --to 1.3.0 --platform gitlab --batch 0 --gitlab-child ci/upkeep-fleet-step.yml > child.yml',
          'a GitLab child pipeline for batch 0',
        ],
      ]),
    )
    .action(async (list, options) => {
      exitCode = await fleetPlanCommand(list, options, typed);
    });
  fleet
    .command('step')
    .description(
      "in a checkout of one repository: upkeep update --yes --exit-on error --pr, a commit on the payload's branch, the push the remote's branch allows; safe to re-run at any point",
    )
    .option('--dir <folder>', 'the project inside the repository (a monorepo), default its root')
    .option('--to <version>', 'the version (or range) to update to; default the newest')
    .option('--remote <name>', 'the remote to push to', DEFAULT_REMOTE)
    .option('--no-push', 'commit on the branch, push nothing')
    .option('--payload <dir>', `where the change request goes (default: ${GIT_STATE.fleetPayload} in the repository's .git folder)`)
    .option('--author <name <email>>', "the commit's author and committer", DEFAULT_AUTHOR)
    .option('--json', 'print the outcome as one JSON document')
    .addHelpText(
      'after',
      examples([
        [
          'git clone https://github.com/acme/shop.git && cd shop && upkeep fleet step --to 1.3.0',
          'update, commit on upkeep/<source>/1.3.0 and push it; then open the PR from the payload',
        ],
        ['upkeep fleet step --no-push --payload /tmp/pr', 'everything but the push'],
      ]),
    )
    .action(async (options) => {
      exitCode = await fleetStepCommand(options, typed);
    });

  program
    .command('lsp')
    .description('the language server for editors, on standard input and output (see the README, "Editors")')
    .option('--stdio', 'talk over standard input and output (the default; accepted for clients that pass it)')
    .option('--baseline <release>', 'the installed release, when the client gives no initialization options')
    .option('--latest <release>', 'the latest release (a directory, a .tar.gz, or <template repo>#<git ref>)')
    .option('--releases <dir>', 'a release directory, or a folder of them (repeatable)', collect, [])
    .option('--source <dir>', "a host repository's install source (holds install/manifest.json)")
    .option('--state-dir <name>', 'the state folder holding VERSION and manifest.json', DEFAULT_STATE_DIR)
    .addHelpText(
      'after',
      examples([
        [
          'upkeep lsp --stdio --baseline ../template-1.2.0 --latest ../template-1.3.0',
          'what an editor starts in a project scaffolded from a template',
        ],
        ['upkeep lsp --releases ../template-releases', 'releases found in a folder of release directories'],
        ['upkeep lsp --source ../voice-agent', 'in a host repository that an integration installed into'],
      ]),
    )
    .action(async (options) => {
      exitCode = await lspCommand(options);
    });

  // `upkeep help <command> [<subcommand>]`: the help of any command, nested ones included.
  program.helpCommand(false);
  program
    .command('help')
    .description('display help for a command (upkeep help update, upkeep help loop score)')
    .argument('[command...]', 'the command, and its subcommand')
    .action((/** @type {string[]} */ names) => {
      let target = program;
      for (const name of names) {
        const sub = target.commands.find((c) => c.name() === name);
        if (!sub) {
          const refusal = engine.usageRefusal({ kind: 'unknown-help-topic', names: names.join(' ') });
          printError(refusal.message);
          exitCode = /** @type {number} */ (exitForError(refusal));
          return;
        }
        target = sub;
      }
      target.outputHelp();
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // --help and --version end here with exit code 0; usage errors with a message already printed.
    if (error.exitCode === 0) return EXIT.ok;
    if (json) {
      // Named like every other error document (`backups prune`, `loop record`), when the
      // command line names a command.
      const names = [];
      let target = program;
      for (const word of argv.filter((a) => !a.startsWith('-'))) {
        const sub = target.commands.find((c) => c.name() === word);
        if (!sub) break;
        names.push(word);
        target = sub;
      }
      const command = names.length > 0 ? names.join(' ') : null;
      printLine(JSON.stringify(engine.failureDocument({ command, code: 'usage', message: usageError ?? error.message }), null, 2));
    }
    // A usage error the parser found exits as the engine says `usage` does.
    return /** @type {{ upkeepExit?: number }} */ (error).upkeepExit ?? /** @type {number} */ (exitForError({ code: 'usage' }));
  }
  return exitCode;
}

/**
 * The "Examples:" block of a command's help: each a real invocation and what it does.
 * @param {[string, string][]} list
 */
function examples(list) {
  return `\nExamples:\n${list.map(([command, what]) => `  $ ${command}\n      ${what}`).join('\n')}`;
}

/** Parses a non-negative line count (`-U 5`, `--marker-size 10`). */
function count(/** @type {string} */ value) {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(engine.usageRefusal({ kind: 'not-a-count' }).message);
  return Number(value);
}

/** Collects a repeatable option's values in order. */
function collect(/** @type {string} */ value, /** @type {string[]} */ previous) {
  return [...previous, value];
}

/** A `--declared` value: a finite number. */
function parseScore(/** @type {string} */ value) {
  const score = Number(value);
  if (value.trim() === '' || !Number.isFinite(score)) throw new InvalidArgumentError(engine.usageRefusal({ kind: 'not-a-number' }).message);
  return score;
}
