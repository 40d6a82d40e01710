// What a terminal shows and a pipe does not: progress bars only on a terminal (a real
// pseudo-terminal from util-linux's `script`), never in pipes, in CI, with --json or
// --quiet; colour by NO_COLOR, FORCE_COLOR (FORCE_COLOR=0 included), TERM=dumb and
// whether the stream is a terminal; `upkeep help <command>` and the examples of every
// command's --help.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runCli, upkeepBin } from './consumer.js';

const base = mkdtempSync(join(tmpdir(), 'upkeep-terminal-'));
after(() => rmSync(base, { recursive: true, force: true }));
let counter = 0;

const quote = (/** @type {string} */ s) => `'${s.replace(/'/g, "'\\''")}'`;
/** Runs upkeep under a pseudo-terminal (stdin, stdout and stderr all on it); its screen output. */
function onTerminal(/** @type {string[]} */ args, /** @type {Record<string, string | undefined>} */ env = {}) {
  const command = [process.execPath, upkeepBin, ...args].map(quote).join(' ');
  const r = spawnSync('script', ['-q', '-e', '-c', command, '/dev/null'], {
    env: { ...process.env, TERM: 'xterm-256color', CI: '', NO_COLOR: undefined, FORCE_COLOR: undefined, ...env },
    input: '',
    encoding: 'utf8',
  });
  return { status: r.status, screen: r.stdout };
}

/** An installed integration of `n` files whose source then moved on. */
function scene(/** @type {number} */ n) {
  const dir = join(base, `s${counter++}`);
  const put = (/** @type {string} */ rel, /** @type {string} */ text) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  const names = Array.from({ length: n }, (_, i) => `f${i}.txt`);
  put('src/install/manifest.json', JSON.stringify({ schema: 1, files: names.map((f) => ({ src: `code/${f}`, target: f })) }));
  for (const f of names) put(`src/code/${f}`, `${f} 1\n`);
  mkdirSync(join(dir, 'host'));
  assert.equal(runCli(['install', '--source', join(dir, 'src'), '--target', join(dir, 'host')]).status, 0);
  for (const f of names) put(`src/code/${f}`, `${f} 2\n`);
  return ['refresh', '--source', join(dir, 'src'), '--target', join(dir, 'host')];
}

const BAR = /█|░/;
const ANSI_COLOUR = /\x1b\[(?:3\d|9\d|1|2|22|39)m/;
const now = { UPKEEP_PROGRESS_AFTER_MS: '0' };

describe('progress: on a terminal only', () => {
  test('a terminal shows a bar per phase with counts and an ETA, then the summary on a clean line', () => {
    const r = onTerminal(scene(60), now);
    assert.equal(r.status, 0, r.screen);
    for (const phase of ['reading', 'planning', 'writing']) assert.match(r.screen, new RegExp(`${phase}\\S* [█░]+ \\d+/\\d+ \\d+% ETA`));
    assert.match(r.screen, /writing\S* [█░]+ 60\/60 100%/);
    assert.match(r.screen, /\x1b\[\?25h/, 'the cursor is shown again');
    // The summary starts on a line of its own: the bar was cleared first.
    assert.match(r.screen, /\x1b\[2K(?:\x1b\[[0-9;]*m)?upkeep refresh: done \(60 files\)/);
  });

  test('a run shorter than about a second shows no bar', () => {
    const r = onTerminal(scene(3));
    assert.doesNotMatch(r.screen, BAR);
  });

  for (const [why, args, env] of /** @type {[string, string[], Record<string, string>][]} */ ([
    ['--json', ['--json'], {}],
    ['--quiet', ['--quiet'], {}],
    ['CI=true', [], { CI: 'true' }],
    ['TERM=dumb', [], { TERM: 'dumb' }],
  ])) {
    test(`no bar with ${why}, even on a terminal`, () => {
      const r = onTerminal([...scene(30), ...args], { ...now, ...env });
      assert.doesNotMatch(r.screen, BAR);
    });
  }

  test('no bar in a pipe', () => {
    const r = runCli(scene(30), { env: now });
    assert.equal(r.status, 0);
    assert.doesNotMatch(r.stderr + r.stdout, BAR);
    assert.equal(r.stderr, '');
  });
});

describe('colour: NO_COLOR, FORCE_COLOR, TERM=dumb, terminals', () => {
  const far = { UPKEEP_PROGRESS_AFTER_MS: '600000' }; // no bar: only the summary's colour is seen
  test('on by default on a terminal, off in a pipe', () => {
    assert.match(onTerminal(scene(2), far).screen, ANSI_COLOUR);
    const piped = runCli(scene(2));
    assert.doesNotMatch(piped.stdout + piped.stderr, /\x1b\[/);
  });

  for (const [env, on] of /** @type {[Record<string, string>, boolean][]} */ ([
    [{ NO_COLOR: '1' }, false],
    [{ NO_COLOR: '' }, true],
    [{ FORCE_COLOR: '0' }, false],
    [{ FORCE_COLOR: 'false' }, false],
    [{ TERM: 'dumb' }, false],
    [{ NO_COLOR: '1', FORCE_COLOR: '1' }, true],
  ])) {
    test(`${JSON.stringify(env)} on a terminal: colour ${on ? 'on' : 'off'}`, () => {
      const { screen } = onTerminal(scene(2), { ...far, ...env });
      if (on) assert.match(screen, ANSI_COLOUR);
      else assert.doesNotMatch(screen, /\x1b\[/);
    });
  }

  test('FORCE_COLOR=1 colours a pipe; errors are coloured on stderr too', () => {
    const forced = runCli(scene(2), { env: { FORCE_COLOR: '1' } });
    assert.match(forced.stdout, ANSI_COLOUR);
    const error = runCli(['refresh', '--source', join(base, 'nope'), '--target', base], { env: { FORCE_COLOR: '1' } });
    assert.equal(error.status, 2);
    assert.match(error.stderr, /^\x1b\[31mupkeep: /);
  });
});

describe('help', () => {
  const help = (/** @type {string[]} */ args) => runCli(args).stdout;
  const top = help(['--help']);
  const commands = [...top.matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]).filter((c) => c !== 'help');
  const loop = [...['init', 'next', 'score', 'record', 'decide'].map((c) => `loop ${c}`), 'manifest init', 'manifest check'];

  test('`upkeep help <command>` is `upkeep <command> --help`, for every command', () => {
    assert.ok(commands.length >= 11, top);
    for (const command of [...commands, ...loop]) {
      assert.equal(help(['help', ...command.split(' ')]), help([...command.split(' '), '--help']), command);
    }
  });

  test('every command shows two or three examples, each naming only options the command has', () => {
    for (const command of [...commands.filter((c) => c !== 'loop' && c !== 'manifest'), ...loop]) {
      const text = help([...command.split(' '), '--help']);
      const examples = [...text.matchAll(/^ {2}\$ (.+)$/gm)].map((m) => m[1]);
      assert.ok(examples.length >= 2 && examples.length <= 3, `${command}: ${examples.length} examples`);
      const known = new Set([...text.matchAll(/(?:^|[ ,])(--?[a-zA-Z][\w-]*)/gm)].map((m) => m[1]));
      for (const example of examples) {
        const invocation = example.slice(example.indexOf(`upkeep ${command}`));
        assert.ok(invocation.startsWith(`upkeep ${command}`), `${command}: ${example}`);
        for (const [flag] of invocation.matchAll(/(?<=\s)--?[a-zA-Z][\w-]*/g)) {
          assert.ok(known.has(flag), `${command}: ${flag} in "${example}" is not an option of ${command}`);
        }
      }
    }
  });
});
