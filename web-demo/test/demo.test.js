// The demo in a real browser: Debian's chromium driven by playwright-core against the built
// app (dist/, served on 127.0.0.1), with every other request blocked. The page's answers are
// checked against the CLI on the same inputs. Build first: `npm run build` (make test-demo).
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { runCli } from '../../tests/js/consumer.js';
import { serve } from '../scripts/serve.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const results = fileURLToPath(new URL('../test-results/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const BUCKETS = ['overwrite', 'merge', 'add', 'removed', 'skip', 'delete', 'conflicts'];

/** @type {{ url: string, close: () => Promise<void> }} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {import('playwright-core').Page} */
let page;
/** Requests that tried to leave 127.0.0.1, and the page's console errors. */
const blocked = /** @type {string[]} */ ([]);
const consoleErrors = /** @type {string[]} */ ([]);
/** @type {string} */
let scratch;

before(async () => {
  assert.ok(existsSync(join(repo, 'web-demo/dist/index.html')), 'build the demo first: cd web-demo && npm run build');
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: run scripts/setup.sh (it installs Debian's chromium)`);
  mkdirSync(results, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'upkeep-demo-'));
  server = await serve(0);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, deviceScaleFactor: 1 });
  await context.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === '127.0.0.1') return route.continue();
    blocked.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  page = await context.newPage();
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** `upkeep update --dry-run --json` (or another read-only command) on the bundled example, on a temp copy of the project. */
function cliPlan(/** @type {string[]} */ command = ['update', '--dry-run']) {
  const project = join(scratch, 'starter-project');
  rmSync(project, { recursive: true, force: true });
  cpSync(join(repo, 'examples/starter-project'), project, { recursive: true });
  const { status, stdout, stderr } = runCli([
    ...command, '--baseline', join(repo, 'examples/starter-template'), '--latest', join(repo, 'examples/starter-template-1.3.0'),
    '--root', project, '--json',
  ]);
  assert.ok(status === 0 || status === 1, `upkeep ${command.join(' ')} failed (${status}): ${stderr}`);
  return JSON.parse(stdout);
}

/** What `upkeep update` (with `flags`) writes into `path` of a temp copy of the example project. */
function cliWritten(/** @type {string} */ path, /** @type {string[]} */ flags = []) {
  const project = join(scratch, 'updated-project');
  rmSync(project, { recursive: true, force: true });
  cpSync(join(repo, 'examples/starter-project'), project, { recursive: true });
  const { status, stderr } = runCli([
    'update', ...flags, '--baseline', join(repo, 'examples/starter-template'), '--latest', join(repo, 'examples/starter-template-1.3.0'),
    '--root', project, '--yes', '--json',
  ]);
  assert.ok(status === 0 || status === 1, stderr);
  return readFileSync(join(project, path), 'utf8');
}

test('the first screen plans the bundled example exactly as `upkeep update --dry-run` does', async () => {
  const report = cliPlan();
  assert.equal(await page.getByTestId('versions').innerText(), `${report.from} → ${report.to}`);
  for (const bucket of BUCKETS) {
    const shown = await page.locator(`[data-testid="bucket-chart"] g[data-bucket="${bucket}"]`).getAttribute('data-count');
    assert.equal(Number(shown), report[bucket].length, `count of ${bucket}`);
    for (const entry of report[bucket]) {
      const path = typeof entry === 'string' ? entry : entry.path;
      const pills = await page.locator(`[data-testid="plan-table"] tr[data-path="${path}"] .pill`).allInnerTexts();
      assert.ok(pills.includes(bucket), `${path} is shown in ${bucket} (shown: ${pills.join(', ')})`);
    }
  }
  assert.ok(report.conflicts.length > 0, 'the bundled example has a conflict to click into');
  for (const conflict of report.conflicts) {
    const written = conflict.patchPath ?? conflict.path;
    assert.ok(await page.locator(`[data-testid="patches"] [data-path="${written}"]`).isVisible(), `${written} is listed among the files it would write`);
  }
  // Each file's outcome is the engine's word for it, as `upkeep status --json` gives it.
  const status = cliPlan(['status']);
  assert.ok(status.files.some((/** @type {any} */ f) => f.outcome === 'merged') && status.files.some((/** @type {any} */ f) => f.outcome === 'conflict (markers)'), 'the example shows both outcomes of the merge default');
  for (const file of status.files) {
    assert.equal(await page.locator(`[data-testid="plan-table"] tr[data-path="${file.path}"] [data-testid="outcome"]`).innerText(), file.outcome, file.path);
  }
  assert.match(await page.getByTestId('conflict-count').innerText(), /^1\s*conflict to resolve \(1 with markers\)$/);
  await page.screenshot({ path: join(results, 'demo.png'), fullPage: true });
});

test('a conflict opens in the three-way view: verdict, diff and merge from the engine, a hunk accepted', async () => {
  const report = cliPlan();
  const conflict = report.conflicts.find((/** @type {any} */ c) => c.route === 'markers');
  const path = conflict.path;
  await page.locator(`[data-testid="plan-table"] tr[data-path="${path}"]`).click();
  await page.getByTestId('file-view').waitFor({ state: 'visible' });
  assert.equal(await page.getByTestId('verdict-row').innerText(), 'conflict');
  assert.equal(await page.getByTestId('verdict-outcome').innerText(), 'conflict (markers)');
  assert.ok((await page.getByTestId('verdict-bucket').innerText()).includes('conflicts'));
  assert.match(await page.getByTestId('verdict-writes').innerText(), /it would write the file itself \(after a backup\)/);

  // The unified diff shown is `upkeep diff` on the same two files, byte for byte.
  const baseline = join(repo, 'examples/starter-template', path);
  const latest = join(repo, 'examples/starter-template-1.3.0', path);
  const cli = runCli(['diff', '-L', `baseline/${path}`, '-L', `latest/${path}`, baseline, latest]);
  assert.equal(await page.getByTestId('unified-diff').textContent(), cli.stdout);

  // The merge shown is `upkeep merge --diff3` on the same three files, and what `upkeep update` writes.
  const current = join(repo, 'examples/starter-project', path);
  const merged = runCli(['merge', '--stdout', '--diff3', '-L', 'yours', '-L', `${report.from} (baseline)`, '-L', `${report.to} (latest)`, current, baseline, latest]);
  assert.equal(await page.getByTestId('merge-result').textContent(), merged.stdout);
  assert.equal(merged.stdout, cliWritten(path));
  assert.equal(await page.getByTestId('merge-conflicts').innerText(), '1 conflict');
  assert.ok(await page.locator('[data-testid="merge-view"] .cm-mergeView').isVisible(), 'the CodeMirror merge view is shown');

  // Accepting the first hunk (one per change) gives what the engine's applyHunks gives.
  await page.getByTestId('hunk-context').selectOption('0');
  await page.getByTestId('accept-0').click();
  await page.locator('[data-testid="hunk-0"].accepted').waitFor();
  const { engine } = await import('../../npm/lib/engine.js');
  const expected = Buffer.from(engine.applyHunks(readFileSync(current), readFileSync(latest), [0], { context: 0 })).toString('utf8');
  assert.equal(await page.getByTestId('hunk-result').textContent(), expected);
  assert.ok((await page.getByTestId('hunks').locator('.hunk').count()) >= 1, 'the hunks can be accepted one by one');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(results, 'three-way.png'), fullPage: true });
});

test('a file both sides edited apart opens as merged, with the merge upkeep update writes', async () => {
  await page.getByRole('tab', { name: 'Whole release' }).click();
  const report = cliPlan();
  assert.ok(report.merge.includes('README.md'));
  await page.locator('[data-testid="plan-table"] tr[data-path="README.md"]').click();
  await page.getByTestId('file-view').waitFor({ state: 'visible' });
  assert.equal(await page.getByTestId('verdict-row').innerText(), 'conflict', 'the both-changed row of the table');
  assert.equal(await page.getByTestId('verdict-outcome').innerText(), 'merged');
  assert.deepEqual(await page.getByTestId('verdict-bucket').locator('.pill').allInnerTexts(), ['merge']);
  assert.equal(await page.getByTestId('merge-conflicts').innerText(), 'Clean merge');
  assert.equal(await page.getByTestId('merge-result').textContent(), cliWritten('README.md'));
});

test('under --conflicts markers the three-way view shows the two-part merge that update writes', async () => {
  await page.getByRole('tab', { name: 'Whole release' }).click();
  await page.getByTestId('conflict-mode').selectOption('markers');
  const report = cliPlan(['update', '--dry-run', '--conflicts', 'markers']);
  const conflict = report.conflicts.find((/** @type {any} */ c) => c.route === 'markers');
  await page.locator(`[data-testid="plan-table"] tr[data-path="${conflict.path}"]`).click();
  await page.getByTestId('file-view').waitFor({ state: 'visible' });
  const shown = await page.getByTestId('merge-result').textContent();
  assert.equal(shown, cliWritten(conflict.path, ['--conflicts', 'markers']));
  assert.ok(!shown?.includes('|||||||'), 'no base section: two-part markers');
  await page.getByRole('tab', { name: 'Whole release' }).click();
  await page.getByTestId('conflict-mode').selectOption('merge');
  await page.getByRole('tab', { name: 'Three-way' }).click();
});

test('a pasted triple gets the verdict the CLI gives the same files', async () => {
  await page.getByTestId('load-sample').click();
  const texts = Object.fromEntries(await Promise.all(['baseline', 'current', 'latest'].map(async (side) => [side, await page.getByTestId(`text-${side}`).inputValue()])));
  const path = await page.getByTestId('file-path').inputValue();
  const klass = await page.getByTestId('file-class').inputValue();
  // The same triple as a one-file release pair and project, planned by the CLI.
  const dirs = Object.fromEntries(['baseline', 'latest', 'current'].map((side) => [side, join(scratch, `triple-${side}`)]));
  const manifest = JSON.stringify({ schema: 1, files: { [path]: klass } });
  for (const [side, dir] of Object.entries(dirs)) {
    mkdirSync(join(dir, '.upkeep'), { recursive: true });
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), texts[side]);
    writeFileSync(join(dir, '.upkeep/VERSION'), side === 'latest' ? '1.1.0\n' : '1.0.0\n');
    writeFileSync(join(dir, '.upkeep/manifest.json'), manifest);
  }
  const { stdout } = runCli(['update', '--baseline', dirs.baseline, '--latest', dirs.latest, '--root', dirs.current, '--dry-run', '--json']);
  const report = JSON.parse(stdout);
  const expected = BUCKETS.filter((b) => report[b].some((/** @type {any} */ e) => (typeof e === 'string' ? e : e.path) === path));
  assert.deepEqual((await page.getByTestId('verdict-bucket').locator('.pill').allInnerTexts()), expected);
});

test('the risk view scores a numstat as `upkeep score --json` does', async () => {
  await page.getByRole('tab', { name: 'Risk score' }).click();
  const numstat = ['30\t2\tsrc/orders.js', '0\t45\tdocs/setup.md', '3\t1\tapi/openapi.yaml', '8\t0\tscripts/release.sh', ''].join('\n');
  await page.getByTestId('risk-numstat').fill(numstat);
  await page.getByTestId('risk-preset').selectOption('prudent');
  await page.getByTestId('risk-actions').fill('logic');
  await page.getByTestId('risk-write-set').fill('src/**\ndocs/**\napi/**');
  await page.getByTestId('risk-contracts').fill('api/**');
  await page.getByTestId('risk-ignore-deletions').fill('');
  await page.getByTestId('risk-run').click();
  const cli = runCli(['score', '--diff', '--json', '--preset', 'prudent', '--actions', 'logic',
    '--write-set', 'src/**', '--write-set', 'docs/**', '--write-set', 'api/**', '--contracts', 'api/**'], { input: Buffer.from(numstat) });
  const verdict = JSON.parse(cli.stdout);
  assert.equal(Number(await page.getByTestId('risk-score').innerText()), verdict.score);
  assert.equal(await page.getByTestId('risk-decision').innerText(), verdict.decision);
  const cliLines = runCli(['score', '--diff', '--preset', 'prudent', '--actions', 'logic', '--write-set', 'src/**', '--write-set', 'docs/**',
    '--write-set', 'api/**', '--contracts', 'api/**'], { input: Buffer.from(numstat) }).stdout.split('\n');
  assert.ok(cliLines.includes(await page.getByTestId('risk-thresholds').innerText()), 'the preset line is the one `upkeep score` prints');
  const reasons = verdict.reasons.length ? await page.getByTestId('risk-reasons').locator('li').allInnerTexts() : [];
  assert.deepEqual(reasons, verdict.reasons);
  // The verdict step by step: the chain the engine words is the one its calls give one at a time.
  assert.equal(
    await page.getByTestId('risk-steps').innerText(),
    `declaredRisk([logic]) = ${verdict.declared} → actualRisk = ${verdict.score} → decide(${verdict.score}, 'prudent') = ${verdict.decision}`,
  );
  // The file outside the write set is highlighted.
  assert.ok(await page.locator('[data-testid="risk-files"] tr.outside[data-file="scripts/release.sh"]').isVisible());
  assert.ok(await page.locator('[data-testid="risk-files"] tr.contract[data-file="api/openapi.yaml"]').isVisible());
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(results, 'risk.png'), fullPage: true });

  // A wildcard-only write set puts nothing inside, as the score says; the page warns as the CLI does.
  await page.getByTestId('risk-write-set').fill('**');
  await page.getByTestId('risk-run').click();
  const wild = runCli(['score', '--diff', '--preset', 'prudent', '--actions', 'logic', '--write-set', '**', '--contracts', 'api/**'],
    { input: Buffer.from(numstat) }).stdout.split('\n');
  assert.equal(await page.locator('[data-testid="risk-files"] tbody tr.outside').count(), 4);
  const warnings = await page.getByTestId('risk-warnings').locator('li').allInnerTexts();
  assert.equal(warnings.length, 1);
  assert.ok(wild.includes(warnings[0]), `${warnings[0]} is among the CLI's lines`);
});

test('planning your own folders before picking them is refused in the engine\'s words', async () => {
  await page.getByRole('tab', { name: 'Whole release' }).click();
  await page.getByText('Plan your own folders').click();
  await page.getByTestId('plan-own').click();
  const shown = await page.getByTestId('release-error').filter({ hasText: 'folder first' }).textContent();
  assert.equal(shown, 'pick or drop the baseline folder first');
  await page.getByText('Plan your own folders').click();
});

test('three picked folders are planned in the page like the bundled example', async () => {
  await page.getByRole('tab', { name: 'Whole release' }).click();
  await page.getByText('Plan your own folders').click();
  await page.getByTestId('pick-baseline').setInputFiles(join(repo, 'examples/starter-template'));
  await page.getByTestId('pick-latest').setInputFiles(join(repo, 'examples/starter-template-1.3.0'));
  await page.getByTestId('pick-project').setInputFiles(join(repo, 'examples/starter-project'));
  await page.getByTestId('plan-own').click();
  await page.getByText('your folders').waitFor();
  const report = cliPlan();
  for (const bucket of BUCKETS) {
    const shown = await page.locator(`[data-testid="bucket-chart"] g[data-bucket="${bucket}"]`).getAttribute('data-count');
    assert.equal(Number(shown), report[bucket].length, `count of ${bucket}`);
  }
  await page.screenshot({ path: join(results, 'own-folders.png') });
});

test('a picked release without a manifest is laid out as upkeep update lays it out: _gitignore is .gitignore', async () => {
  const latest = join(scratch, 'latest-with-rename');
  cpSync(join(repo, 'examples/starter-template-1.3.0'), latest, { recursive: true });
  writeFileSync(join(latest, '_gitignore'), 'node_modules/\n');
  // Without a manifest of its own, a release is laid out by upkeep's conventions.
  rmSync(join(latest, '.upkeep/manifest.json'));
  await page.getByTestId('pick-latest').setInputFiles(latest);
  await page.getByTestId('plan-own').click();
  await page.locator('tr[data-path=".gitignore"]').waitFor();
  const project = join(scratch, 'project-for-rename');
  cpSync(join(repo, 'examples/starter-project'), project, { recursive: true });
  const cli = runCli(['update', '--dry-run', '--json', '--baseline', join(repo, 'examples/starter-template'), '--latest', latest, '--root', project]);
  assert.ok(cli.status === 0 || cli.status === 1, cli.stderr);
  const report = JSON.parse(cli.stdout);
  assert.ok(report.add.includes('.gitignore'), JSON.stringify(report.add));
  for (const bucket of BUCKETS) {
    const shown = await page.locator(`[data-testid="bucket-chart"] g[data-bucket="${bucket}"]`).getAttribute('data-count');
    assert.equal(Number(shown), report[bucket].length, `count of ${bucket}`);
  }
  assert.equal(await page.locator('tr[data-path="_gitignore"]').count(), 0);
});

test('a picked release without a version is refused as upkeep update refuses it', async () => {
  const latest = join(scratch, 'latest-without-version');
  cpSync(join(repo, 'examples/starter-template-1.3.0'), latest, { recursive: true });
  rmSync(join(latest, '.upkeep/VERSION'));
  await page.getByTestId('pick-latest').setInputFiles(latest);
  await page.getByTestId('plan-own').click();
  const shown = await page.getByTestId('release-error').filter({ hasText: 'unusable release' }).textContent();
  const project = join(scratch, 'project-for-missing-version');
  cpSync(join(repo, 'examples/starter-project'), project, { recursive: true });
  const cli = runCli(['update', '--dry-run', '--baseline', join(repo, 'examples/starter-template'), '--latest', latest, '--root', project]);
  assert.notEqual(cli.status, 0);
  // The same refusal, the release named by its place in the page rather than its path.
  assert.equal(`upkeep: ${shown?.replace("'latest'", `'${latest}'`)}\n`, cli.stderr);
});

test('the page needed no network and logged no errors', () => {
  assert.deepEqual(blocked, []);
  assert.deepEqual(consoleErrors, []);
});
