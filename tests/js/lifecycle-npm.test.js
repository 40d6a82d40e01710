// From nothing to updated with real npm packages: a create-* style package (templates in
// sub-folders, `_gitignore` stand-ins, no manifest) at four versions, built with `npm pack`
// and served by a registry on 127.0.0.1 that this test starts and stops. npm reaches it
// through npm_config_registry in the child's environment only; on both engines.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startRegistry } from './npm-registry.js';
import { editPackageJson, edits, engines, exists, read, snapshot, starter, workspace, writeFiles } from './lifecycle-fixtures.js';

const spaces = /** @type {ReturnType<typeof workspace>[]} */ ([]);
/** @type {Awaited<ReturnType<typeof startRegistry>>} */
let registry;
const packageDirs = workspace();

/** create-demo@version: the CLI's own files plus one template folder. */
function createDemo(/** @type {string} */ version, /** @type {Record<string, string | null>} */ template) {
  const dir = packageDirs.path(`create-demo-${version}`);
  writeFiles(dir, {
    'package.json': `${JSON.stringify({ name: 'create-demo', version, bin: { 'create-demo': 'index.js' }, files: ['index.js', 'template-app'] }, null, 2)}\n`,
    'index.js': '#!/usr/bin/env node\nconsole.log("scaffolding");\n',
  });
  writeFiles(join(dir, 'template-app'), template);
  return dir;
}

before(async () => {
  /** @type {Record<string, string | null>} */
  const v1 = { ...starter.v1 };
  const v2 = Object.fromEntries(Object.entries({ ...v1, ...starter.v2 }).filter(([, text]) => text !== null));
  const v3 = { ...v2, ...starter.v3 };
  registry = await startRegistry([
    createDemo('1.0.0', v1),
    createDemo('1.1.0', v2),
    createDemo('2.0.0', v3),
    createDemo('2.1.0-beta.1', { ...v3, 'README.md': '# Starter beta\n' }),
  ]);
});
after(() => {
  registry?.stop();
  spaces.forEach((w) => w.remove());
  packageDirs.remove();
});
const fresh = () => {
  const ws = workspace();
  spaces.push(ws);
  return ws;
};

for (const [engine, engineEnv] of engines) {
  describe(`a project from an npm package (${engine})`, () => {
    test('new at a version and sub-path, edits, update --to, bare update to the newest stable; cached releases need no registry', () => {
      const ws = fresh();
      const env = { ...registry.env, ...engineEnv };
      const made = ws.run(['new', 'npm:create-demo@1.0.0//template-app', 'app', '--json'], { env });
      assert.equal(made.status, 0, made.stderr);
      const app = ws.path('app');
      assert.deepEqual(made.json.created, ['.gitignore', 'README.md', 'package.json', 'src/app.js', 'src/main.js', 'src/old.js']);
      assert.ok(!exists(app, 'index.js'), 'only the sub-path is the template');
      const tarball = readFileSync(join(registry.dir, 'tarballs/create-demo-1.0.0.tgz'));
      const integrity = JSON.parse(readFileSync(join(registry.dir, 'create-demo.json'), 'utf8')).versions['1.0.0'].dist.integrity;
      assert.ok(tarball.length > 0);
      assert.deepEqual(JSON.parse(read(app, '.upkeep/source.json')), {
        schema: 1,
        source: 'npm:create-demo',
        version: '1.0.0',
        subpath: 'template-app',
        resolved: integrity,
      });
      writeFiles(app, edits);
      editPackageJson(app);

      const first = ws.run(['update', '--to', '1.1.0', '--conflicts', 'merge', '--yes', '--json'], { cwd: app, env });
      assert.equal(first.json.status, 'updated', first.stderr);
      assert.deepEqual([first.json.from, first.json.to], ['1.0.0', '1.1.0']);
      assert.equal(read(app, 'README.md'), '# My shop\n\nRun `npm run dev`.\n\nMore below, now with tests.\n');
      assert.equal(read(app, '.gitignore'), starter.v2._gitignore);
      assert.equal(JSON.parse(read(app, 'package.json')).dependencies.react, '^19.0.0');

      const second = ws.run(['update', '--conflicts', 'merge', '--yes', '--json'], { cwd: app, env });
      assert.equal(second.json.status, 'updated', second.stderr);
      assert.equal(second.json.to, '2.0.0', 'the newest stable version, not the beta');
      assert.equal(JSON.parse(read(app, '.upkeep/source.json')).version, '2.0.0');
      assert.equal(read(app, 'src/main.js'), starter.v3['src/main.js']);

      const pre = ws.run(['status', '--pre', '--json'], { cwd: app, env });
      assert.equal(pre.json.to, '2.1.0-beta.1');

      // Both sides of `status --to 2.0.0` are in upkeep's cache: no registry request at all.
      const seen = registry.requests().length;
      const offline = ws.run(['status', '--to', '2.0.0', '--json'], {
        cwd: app,
        env: { ...env, npm_config_registry: 'http://127.0.0.1:9/' },
      });
      assert.equal(offline.status, 0, offline.stderr);
      assert.equal(offline.json.status, 'up-to-date');
      assert.equal(registry.requests().length, seen);
    });
  });
}

describe('npm sources: versions, ranges, tags and refusals', () => {
  test('a range picks its highest match; a dist-tag names one version', () => {
    const ws = fresh();
    const ranged = ws.run(['new', 'npm:create-demo@^1//template-app', 'a', '--json'], { env: registry.env });
    assert.equal(ranged.json.version, '1.1.0', ranged.stderr);
    const tagged = ws.run(['new', 'npm:create-demo@latest//template-app', 'b', '--json'], { env: registry.env });
    assert.equal(tagged.json.version, '2.0.0', tagged.stderr);
  });

  test("a package that does not exist: npm's 404, exit 2, nothing written", () => {
    const ws = fresh();
    const before = snapshot(ws.dir);
    const r = ws.run(['new', 'npm:create-nothing-here@1.0.0//t', 'app', '--json'], { env: registry.env });
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.json.error.code, 'bad-release');
    assert.match(
      r.json.error.message,
      /cannot list the versions of create-nothing-here for the release 'npm:create-nothing-here@1\.0\.0\/\/t': .*(404|E404)/,
    );
    assert.ok(!exists(ws.dir, 'app'));
    assert.deepEqual(
      Object.keys(snapshot(ws.dir)).filter((p) => !p.startsWith('.cache/')),
      Object.keys(before),
    );
  });

  test('a version never published names the versions there are', () => {
    const ws = fresh();
    const r = ws.run(['new', 'npm:create-demo@3.0.0//template-app', 'app', '--json'], { env: registry.env });
    assert.equal(r.status, 2);
    assert.equal(r.json.error.code, 'no-such-version');
    assert.match(
      r.json.error.message,
      /it has no version 3\.0\.0 \(4 published versions, newest stable 2\.0\.0, newest overall 2\.1\.0-beta\.1\)/,
    );
    assert.ok(!exists(ws.dir, 'app'));
  });

  test("a registry that cannot be reached: npm's message, exit 2", () => {
    const ws = fresh();
    const r = ws.run(['new', 'npm:create-demo//template-app', 'app', '--json'], {
      env: { ...registry.env, npm_config_registry: 'http://127.0.0.1:9/' },
    });
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.json.error.code, 'bad-release');
    assert.match(r.json.error.message, /ECONNREFUSED|connect/i);
    assert.ok(!exists(ws.dir, 'app'));
  });

  test('a missing sub-path names the folders the package has', () => {
    const ws = fresh();
    const r = ws.run(['new', 'npm:create-demo@1.0.0//template-vue', 'app', '--json'], { env: registry.env });
    assert.equal(r.status, 2);
    assert.match(r.json.error.message, /has no folder 'template-vue' \(its top-level folders: template-app\)/);
  });
});
