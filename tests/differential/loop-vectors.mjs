// @ts-nocheck -- a dev-time generator driving the untyped JavaScript reference.
// Differential testing of the loop engine against the JavaScript reference (`state.mjs` of
// the loop, which is not part of this repository): by default it is extracted from the
// seed at run time into a temp folder (tests/differential/reference.mjs, which also says
// what stands in for the `graph.mjs` the seed lacks); `--reference <state.mjs>` uses
// another copy, `--seeds <folder>` another seeds folder.
//
//   node tests/differential/loop-vectors.mjs --write
//       regenerates tests/vectors/loop.json: hand-written sequences (every transition kind,
//       ceilings, exhaust and re-split, gates and amends, blocking holds, empty diffs, setup
//       units, a graph without an iteration loop) and seeded random sequences, each step
//       with the reference's result (or error message) and the state after it;
//   node tests/differential/loop-vectors.mjs --compare 2000 [--seed 7]
//       runs that many fresh random sequences against every engine (make loop-differential).
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { extractedOrExit, extractReference } from './reference.mjs';
import { mulberry32 } from '../js/seeded-random.js';

const { values: flags } = parseArgs({
  options: {
    reference: { type: 'string' },
    seeds: { type: 'string' },
    write: { type: 'boolean', default: false },
    compare: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
const referencePath = flags.reference ?? extractedOrExit(() => extractReference({ seeds: flags.seeds }).state);
const ref = await import(pathToFileURL(referencePath).href);

/** A small deterministic generator (mulberry32). */
function rng(seed) {
  const next = mulberry32(seed);
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

const brick = (name, effect, outcomes, extra = {}) => ({ name, effect, outcomes, body: `Run ${name}.`, ...extra });

/** Graphs and catalogues every sequence draws from. */
const FIXTURES = {
  // A setup unit (a reproduction test) before a fix loop with an inner retry ring and a gate.
  setup: {
    graph: {
      start: 'repro',
      edges: [
        { from: 'repro', on: 'written', to: 'identify' },
        { from: 'repro', on: 'impossible', to: '$stop' },
        { from: 'identify', on: 'found', to: 'fix' },
        { from: 'identify', on: 'nothing', to: '$close' },
        { from: 'identify', on: 'unclear', to: '$stop' },
        { from: 'fix', on: 'done', to: 'test' },
        { from: 'test', on: 'pass', to: 'review' },
        { from: 'test', on: 'fail', to: 'fix' },
        { from: 'review', on: 'approve', to: 'identify' },
        { from: 'review', on: 'finish', to: '$close' },
        { from: 'review', on: 'rework', to: 'fix' },
      ],
      loops: [
        { name: 'iterations', nodes: ['identify', 'fix', 'test', 'review'], max: 4, iteration: true },
        { name: 'retry', nodes: ['fix', 'test'], max: 2 },
      ],
      contracts: ['api/**'],
      ignoreDeletions: ['**/*.lock'],
      rules: ['cite a proof before deleting code'],
    },
    bricks: [
      brick('repro', 'mutate', ['written', 'impossible'], { agent: 'tester' }),
      brick('identify', 'read', ['found', 'nothing', 'unclear'], { skill: 'triage' }),
      brick('fix', 'mutate', ['done']),
      brick('test', 'read', ['pass', 'fail']),
      brick('review', 'read', ['approve', 'finish', 'rework'], { gate: 'human', gateOn: ['approve', 'finish'] }),
    ],
  },
  // No setup: the start is the head; a read-only path back to the head; a gate on every
  // outcome of a mutate brick; weights overridden; an uncovered node (no ring) re-entered.
  plain: {
    graph: {
      start: 'plan',
      edges: [
        { from: 'plan', on: 'edit', to: 'edit' },
        { from: 'plan', on: 'skip', to: 'plan' },
        { from: 'plan', on: 'done', to: '$close' },
        { from: 'edit', on: 'ok', to: 'check' },
        { from: 'check', on: 'green', to: 'plan' },
        { from: 'check', on: 'red', to: 'edit' },
        { from: 'check', on: 'close', to: '$close' },
        { from: 'check', on: 'give-up', to: '$stop' },
      ],
      loops: [{ name: 'main', nodes: ['plan', 'edit', 'check'], max: 3, iteration: true }],
      weights: { logic: 0.3, docs: 0.05 },
    },
    bricks: [
      brick('plan', 'read', ['edit', 'skip', 'done']),
      brick('edit', 'mutate', ['ok'], { gate: 'human' }),
      brick('check', 'read', ['green', 'red', 'close', 'give-up']),
    ],
  },
  // A read-only setup brick, then an iteration loop whose max is above the engine ceiling.
  readSetup: {
    graph: {
      start: 'survey',
      edges: [
        { from: 'survey', on: 'ok', to: 'work' },
        { from: 'survey', on: 'again', to: 'survey' },
        { from: 'work', on: 'done', to: 'work' },
        { from: 'work', on: 'stop', to: '$stop' },
        { from: 'work', on: 'close', to: '$close' },
      ],
      loops: [
        { name: 'forever', nodes: ['work'], max: 80, iteration: true },
        { name: 'looks', nodes: ['survey'], max: 1 },
      ],
    },
    bricks: [
      brick('survey', 'read', ['ok', 'again']),
      brick('work', 'mutate', ['done', 'stop', 'close']),
    ],
  },
};

const ACTIONS = ['format', 'imports', 'rename', 'logic', 'new-file', 'api', 'delete', 'architecture', 'docs'];
const PATHS = ['src/a.js', 'src/b.js', 'api/schema.json', 'yarn.lock', 'docs/x.md', 'LOOP.md', 'LOOP.md.tmp', 'src\\win.js'];

function randomFiles(r) {
  const n = r.pick([0, 0, 1, 1, 2, 3]);
  const files = [];
  for (let i = 0; i < n; i += 1) {
    files.push({ file: r.pick(PATHS), added: r.int(30), deleted: r.pick([0, 1, 5, 12, 25]) });
  }
  return files;
}

/** One operation the driver may run, biased towards what the state expects next. */
function randomOp(r, state, bricks) {
  const b = bricks.find((x) => x.name === state.node);
  const wild = r.chance(0.12);
  if (state.status === 'awaiting' || (wild && r.chance(0.2))) {
    const verdict = r.chance(0.03) ? 'maybe' : r.pick(['ok', 'ok', 'ok', 'no', 'amend', 'amend']);
    return ['decideAwaiting', verdict, r.chance(0.4) ? `note ${r.int(9)}` : ''];
  }
  if (state.status !== 'running' || (wild && r.chance(0.2))) return r.chance(0.5) ? ['nextStep'] : ['trailers'];
  if (state.pendingVerify || (wild && r.chance(0.2))) return ['scoreDiff', randomFiles(r)];
  if ((b?.effect === 'mutate' && !state.validated && !r.chance(0.05)) || (wild && r.chance(0.3))) {
    const actions = r.chance(0.15) ? null : Array.from({ length: r.pick([0, 1, 1, 2]) }, () => r.pick(ACTIONS));
    const opts = {};
    if (actions) opts.actions = actions;
    if (r.chance(0.5)) opts.writeSet = r.pick([['src/**'], ['src/a.js'], ['**'], ['src/**', 'api/schema.json'], []]);
    if (r.chance(0.4)) opts.intent = `intent ${r.int(5)}`;
    return ['scoreDeclared', opts];
  }
  if (r.chance(0.15)) return ['nextStep'];
  const outcomes = b ? b.outcomes : ['x'];
  const outcome = r.chance(0.03) ? 'bogus' : r.pick(outcomes);
  const opts = {};
  const snapshot = state.snapshot;
  const porcelains = [null, snapshot, snapshot ? `${snapshot}\n?? LOOP.md.tmp` : ' M LOOP.md', ` M src/a.js${snapshot ? `\n${snapshot}` : ''}`];
  const p = r.pick([0, 1, 1, 1, 2, b?.effect === 'mutate' ? 3 : 1, r.chance(0.2) ? 3 : 1]);
  if (porcelains[p] !== null || r.chance(0.3)) opts.porcelain = porcelains[p];
  if (r.chance(0.15)) opts.card = { intent: `card ${r.int(4)}`, actions: [r.pick(ACTIONS.slice(0, 8))], writeSet: ['src/**'] };
  if (r.chance(0.2)) opts.note = `finding ${r.int(9)}`;
  return ['recordOutcome', outcome, opts];
}

const clone = (x) => (x === undefined ? null : JSON.parse(JSON.stringify(x)));

/** Runs `ops` on the reference, recording each step's answer and the state after it. */
function runReference(fixture, init, ops) {
  const bricks = new Map(fixture.bricks.map((b) => [b.name, b]));
  let state;
  try {
    state = ref.initState({ ...init, graph: clone(fixture.graph) });
  } catch (e) {
    return { init: { error: e.message }, steps: [] };
  }
  const start = { state: clone(state) };
  const steps = [];
  for (const op of ops) {
    const step = apply(state, bricks, op);
    steps.push({ ...step, state: clone(state) });
  }
  return { init: start, steps };
}

function apply(state, bricks, [call, ...args]) {
  try {
    switch (call) {
      case 'nextStep': return { result: clone(ref.nextStep(state, bricks)) };
      case 'trailers': return { result: ref.trailers(state) };
      case 'scoreDeclared': return { result: clone(ref.scoreDeclared(state, args[0])) };
      case 'scoreDiff': return { result: clone(ref.scoreDiff(state, args[0])) };
      case 'recordOutcome': return { result: clone(ref.recordOutcome(state, bricks, args[0], args[1])) };
      case 'decideAwaiting': return { result: clone(ref.decideAwaiting(state, bricks, args[0], args[1])) };
      default: throw new Error(`unknown op ${call}`);
    }
  } catch (e) {
    return { error: e.message };
  }
}

/** A random sequence: the ops are chosen against the reference's state as it evolves. */
function randomSequence(seed) {
  const r = rng(seed);
  const name = r.pick(Object.keys(FIXTURES));
  const fixture = FIXTURES[name];
  const init = { title: `run ${seed}`, requirement: 'Make it so.', preset: r.pick(['balanced', 'balanced', 'prudent', 'aggressive']) };
  if (r.chance(0.3)) init.contracts = ['src/b.js'];
  const bricks = new Map(fixture.bricks.map((b) => [b.name, b]));
  const state = ref.initState({ ...init, graph: clone(fixture.graph) });
  const ops = [];
  const length = 20 + r.int(60);
  for (let i = 0; i < length; i += 1) {
    const op = randomOp(r, state, fixture.bricks);
    ops.push(op);
    apply(state, bricks, op);
    if (state.status !== 'running' && state.status !== 'awaiting' && r.chance(0.3)) break;
  }
  return { fixture: name, init, ops };
}

/** Hand-written sequences: each names what it shows. */
const HAND = [
  ['a graph without an iteration loop', 'plain', {}, [], (g) => { g.loops[0].iteration = false; }],
  ['two iteration loops', 'plain', {}, [], (g) => { g.loops.push({ name: 'x', nodes: ['edit'], max: 1, iteration: true }); }],
  ['an unknown preset', 'plain', { preset: 'reckless' }, []],
  ['prudent holds the launch, then amend stops', 'plain', { preset: 'prudent' }, [['nextStep'], ['decideAwaiting', 'amend', 'smaller'], ['nextStep']]],
  ['prudent launch ok, read skip back to the head closes an empty unit', 'plain', { preset: 'prudent' }, [
    ['decideAwaiting', 'ok', ''], ['nextStep'], ['recordOutcome', 'skip', { porcelain: '' }], ['nextStep'], ['trailers']]],
  ['mutate without a declared score is refused', 'plain', {}, [
    ['recordOutcome', 'edit', {}], ['recordOutcome', 'ok', {}], ['scoreDeclared', {}], ['scoreDeclared', { actions: [] }]]],
  ['a full unit: declared soft, gate ok, verify, commit with trailers', 'plain', {}, [
    ['recordOutcome', 'edit', { note: 'plan: one edit' }], ['nextStep'], ['scoreDeclared', { actions: ['logic', 'rename'], writeSet: ['src/**'], intent: 'tidy' }],
    ['recordOutcome', 'ok', { porcelain: ' M src/a.js' }], ['decideAwaiting', 'ok', 'looks fine'], ['recordOutcome', 'green', { porcelain: ' M src/a.js\n M LOOP.md' }],
    ['nextStep'], ['trailers'], ['scoreDiff', [{ file: 'src/a.js', added: 3, deleted: 1 }, { file: 'LOOP.md', added: 9, deleted: 9 }]], ['nextStep']]],
  ['a read brick that wrote stops the loop', 'setup', {}, [
    ['scoreDeclared', { actions: ['new-file'], writeSet: ['test/**'] }], ['recordOutcome', 'written', { porcelain: '?? test/r.js' }],
    ['scoreDiff', [{ file: 'test/r.js', added: 10, deleted: 0 }]], ['recordOutcome', 'found', { porcelain: ' M src/a.js' }], ['nextStep']]],
  ['a lingering LOOP.md.tmp is not a write', 'setup', {}, [
    ['scoreDeclared', { actions: ['new-file'], writeSet: ['test/**'] }], ['recordOutcome', 'written', {}],
    ['scoreDiff', [{ file: 'test/r.js', added: 10, deleted: 0 }, { file: 'LOOP.md.tmp', added: 3, deleted: 0 }]],
    ['recordOutcome', 'found', { porcelain: '?? LOOP.md.tmp\n M LOOP.md' }], ['nextStep']]],
  ['blocking on the declared score, dropped, and on a setup unit, stopped', 'setup', {}, [
    ['scoreDeclared', { actions: ['architecture'] }], ['nextStep'], ['decideAwaiting', 'no', 'too big'], ['nextStep']]],
  ['declared blocking amended, then actual blocking amended and ok', 'setup', {}, [
    ['scoreDeclared', { actions: ['new-file'], writeSet: ['test/**'] }], ['recordOutcome', 'written', {}],
    ['scoreDiff', [{ file: 'test/r.js', added: 1, deleted: 0 }]],
    ['recordOutcome', 'found', { porcelain: '' }], ['scoreDeclared', { actions: ['api'], writeSet: ['src/**'] }], ['decideAwaiting', 'amend', 'only the helper'],
    ['recordOutcome', 'done', {}], ['recordOutcome', 'pass', {}], ['recordOutcome', 'approve', {}], ['decideAwaiting', 'ok', ''],
    ['scoreDiff', [{ file: 'src/a.js', added: 1, deleted: 30 }, { file: 'docs/x.md', added: 1, deleted: 0 }]], ['nextStep'],
    ['decideAwaiting', 'amend', 'keep the docs'], ['nextStep'], ['recordOutcome', 'done', {}], ['recordOutcome', 'pass', {}],
    ['recordOutcome', 'approve', {}], ['decideAwaiting', 'ok', ''], ['scoreDiff', [{ file: 'src/a.js', added: 1, deleted: 30 }]],
    ['decideAwaiting', 'ok', 'accepted'], ['trailers'], ['nextStep']]],
  ['actual blocking rejected discards the unit', 'plain', {}, [
    ['recordOutcome', 'edit', {}], ['scoreDeclared', { actions: ['logic'], writeSet: ['src/**'] }], ['recordOutcome', 'ok', {}], ['decideAwaiting', 'ok', ''],
    ['recordOutcome', 'green', {}], ['scoreDiff', [{ file: 'api/schema.json', added: 1, deleted: 0 }]], ['decideAwaiting', 'no', 'not the API'], ['nextStep']]],
  ['the retry ring exhausts, re-splits once, then stops', 'setup', {}, [
    ['scoreDeclared', { actions: ['new-file'], writeSet: ['test/**'] }], ['recordOutcome', 'written', {}], ['scoreDiff', [{ file: 'test/r.js', added: 1, deleted: 0 }]],
    ...Array.from({ length: 2 }, () => [
      ['recordOutcome', 'found', {}], ['scoreDeclared', { actions: ['logic'], writeSet: ['src/**'] }],
      ['recordOutcome', 'done', {}], ['recordOutcome', 'fail', {}], ['recordOutcome', 'done', {}], ['recordOutcome', 'fail', {}],
      ['recordOutcome', 'done', {}], ['recordOutcome', 'fail', {}], ['nextStep']]).flat()]],
  ['setup exhausts its ring and stops', 'readSetup', {}, [
    ['recordOutcome', 'again', {}], ['recordOutcome', 'again', {}], ['nextStep']]],
  ['a read-only setup closes without a diff; empty diffs twice stop', 'readSetup', {}, [
    ['recordOutcome', 'ok', { porcelain: '' }], ['nextStep'], ['scoreDeclared', { actions: ['format'] }], ['recordOutcome', 'done', {}],
    ['scoreDiff', [{ file: 'LOOP.md', added: 1, deleted: 1 }]], ['scoreDeclared', { actions: ['format'] }], ['recordOutcome', 'done', {}],
    ['scoreDiff', []], ['nextStep']]],
  ['the iteration ceiling stops the loop', 'plain', {}, [
    ...Array.from({ length: 4 }, () => [['recordOutcome', 'skip', {}]]).flat(), ['nextStep']]],
  ['the engine ceiling of 50 iterations', 'readSetup', { preset: 'aggressive' }, [
    ['recordOutcome', 'ok', {}],
    ...Array.from({ length: 51 }, () => [['scoreDeclared', { actions: ['format'], writeSet: ['src/**'] }], ['recordOutcome', 'done', {}],
      ['scoreDiff', [{ file: 'src/a.js', added: 1, deleted: 0 }]]]).flat(), ['nextStep']]],
  ['gate amends: three allowed, the fourth stops', 'setup', {}, [
    ['scoreDeclared', { actions: ['new-file'], writeSet: ['test/**'] }], ['recordOutcome', 'written', {}], ['scoreDiff', [{ file: 'test/r.js', added: 1, deleted: 0 }]],
    ['recordOutcome', 'found', {}], ['scoreDeclared', { actions: ['logic'], writeSet: ['src/**'] }], ['recordOutcome', 'done', {}], ['recordOutcome', 'pass', {}],
    ...Array.from({ length: 4 }, (_, i) => [['recordOutcome', 'approve', { note: `round ${i}` }], ['decideAwaiting', 'amend', i % 2 ? `redo ${i}` : '']]).flat(),
    ['nextStep']]],
  ['a gate held on $stop, rejected', 'plain', {}, [
    ['recordOutcome', 'edit', {}], ['scoreDeclared', { actions: ['format'] }], ['recordOutcome', 'ok', {}], ['decideAwaiting', 'no', ''], ['nextStep']]],
  ['closing with a mutate visited verifies, then done; summary lists soft units', 'plain', {}, [
    ['recordOutcome', 'edit', {}], ['scoreDeclared', { actions: ['logic'], writeSet: ['src/**'], intent: 'soft one' }], ['recordOutcome', 'ok', {}],
    ['decideAwaiting', 'ok', ''], ['recordOutcome', 'close', { note: 'all done' }], ['scoreDiff', [{ file: 'src/a.js', added: 1, deleted: 0 }]], ['nextStep'],
    ['recordOutcome', 'edit', {}], ['decideAwaiting', 'ok', '']]],
  ['errors: no edge, unknown outcome, nothing awaiting, bad verdict, no brick', 'plain', {}, [
    ['recordOutcome', 'nope', {}], ['decideAwaiting', 'ok', ''], ['scoreDiff', []], ['recordOutcome', 'skip', { card: { intent: 'x', actions: ['bogus'] } }],
    ['scoreDeclared', {}]]],
  ['bad contracts in the state', 'plain', { contracts: [3] }, [
    ['recordOutcome', 'edit', {}], ['scoreDeclared', { actions: ['format'] }], ['recordOutcome', 'ok', {}], ['decideAwaiting', 'ok', ''], ['recordOutcome', 'green', {}], ['scoreDiff', [{ file: 'a', added: 1, deleted: 0 }]]]],
];

function handSequence([name, fixtureName, init, ops, mutate]) {
  const fixture = { ...FIXTURES[fixtureName], graph: clone(FIXTURES[fixtureName].graph) };
  if (mutate) mutate(fixture.graph);
  return { name, fixture, init: { title: name, requirement: 'Hand case.', ...init }, ops };
}

function vectorCase(name, fixture, init, ops) {
  const { init: start, steps } = runReference(fixture, init, ops);
  return { name: `loopSequence: ${name}`, call: 'loopSequence', args: [fixture.graph, fixture.bricks, init, ops], result: { init: start, steps } };
}

function buildVectors(seed, count) {
  const cases = HAND.map((h) => {
    const { name, fixture, init, ops } = handSequence(h);
    return vectorCase(name, fixture, init, ops);
  });
  for (let i = 0; i < count; i += 1) {
    const { fixture, init, ops } = randomSequence(seed * 100003 + i);
    cases.push(vectorCase(`random ${fixture} #${i}`, FIXTURES[fixture], init, ops));
  }
  // The LOOP.md format: rendered text of a few states, and parsing it back.
  const { steps } = runReference(FIXTURES.setup, { title: 'Render', requirement: 'Line one.\nLine two.' }, HAND[10][3]);
  for (const state of [steps[0].state, steps[steps.length - 1].state]) {
    cases.push({ name: 'renderLoopFile: a state', call: 'renderLoopFile', args: [state], result: ref.renderLoopFile(state) });
    cases.push({ name: 'parseLoopFile: a rendered state with CRLF', call: 'parseLoopFile', args: [ref.renderLoopFile(state).replace(/\n/g, '\r\n')], result: ref.parseLoopFile(ref.renderLoopFile(state)) });
  }
  cases.push({ name: 'parseLoopFile: no block', call: 'parseLoopFile', args: ['# Loop\n'], error: { code: 'invalid-loop-file', message: 'LOOP.md has no loop-state block' } });
  return cases;
}

if (flags.write) {
  const cases = buildVectors(Number(flags.seed), 60);
  const doc = {
    $comment: 'Generated by tests/differential/loop-vectors.mjs from the loop reference (state.mjs); do not edit by hand.',
    cases,
  };
  writeFileSync(new URL('../vectors/loop.json', import.meta.url), `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`wrote ${cases.length} loop cases`);
}

if (flags.compare) {
  const { runCase } = await import('../js/vectors.js');
  const { implementations } = await import('../js/implementations.js');
  let bad = 0;
  const cases = buildVectors(Number(flags.seed) + 1, Number(flags.compare)).filter((c) => c.call === 'loopSequence');
  for (const impl of implementations) {
    for (const c of cases) {
      const got = JSON.stringify(runCase(impl.api, c));
      const want = JSON.stringify('error' in c ? { error: c.error } : { result: c.result });
      if (got !== want) { bad += 1; if (bad < 5) console.log(`${impl.name} ${c.name}\n got ${got.slice(0, 400)}\nwant ${want.slice(0, 400)}`); }
    }
  }
  console.log(`loop differential (seed ${flags.seed}): ${cases.length} sequences × ${implementations.length} implementations, ${bad} disagreements`);
  process.exit(bad ? 1 : 0);
}
