// Templates as people publish them, for the lifecycle tests (new, adopt, bare update):
// real git repositories with semver tags, real folders and .tar.gz archives, and packages
// built with `npm pack` (served by tests/js/npm-registry.js). Every run gets its own
// release cache (XDG_CACHE_HOME) and npm cache.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runCli } from './consumer.js';

export { snapshot } from './update-fixtures.js';

/** The engines every flow test runs on. */
export const engines = /** @type {const} */ ([
  ['native', {}],
  ['wasm', { UPKEEP_FORCE_WASM: '1' }],
]);

const gitEnv = {
  ...process.env,
  LC_ALL: 'C',
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: tmpdir(),
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@upkeep.invalid',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@upkeep.invalid',
};

/** Runs git in `cwd` (as the tests' own user, never the machine's config). */
export function git(/** @type {string} */ cwd, /** @type {string[]} */ ...args) {
  return execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** A workspace: a temp folder with its own release cache; `remove()` deletes it. */
export function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'upkeep-life-'));
  const cache = join(dir, '.cache');
  return {
    dir,
    cache,
    /** @param {string} path */
    path: (path) => join(dir, path),
    /**
     * Runs the CLI in the workspace (or `cwd`), with `--json` parsed when given.
     * @param {string[]} args @param {{ cwd?: string, env?: Record<string, string> }} [options]
     */
    run(args, { cwd, env = {} } = {}) {
      const r = runCli(args, { cwd: cwd ?? dir, env: { XDG_CACHE_HOME: cache, GIT_CONFIG_NOSYSTEM: '1', HOME: dir, ...env } });
      /** @type {any} */
      let json = null;
      if (args.includes('--json')) {
        try {
          json = JSON.parse(r.stdout);
        } catch {}
      }
      return { ...r, json };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Writes `files` (path → text; null deletes) under `dir`. */
export function writeFiles(/** @type {string} */ dir, /** @type {Record<string, string | null>} */ files) {
  for (const [path, text] of Object.entries(files)) {
    const abs = join(dir, path);
    if (text === null) rmSync(abs, { force: true });
    else {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, text);
    }
  }
}

export const read = (/** @type {string} */ dir, /** @type {string} */ path) => readFileSync(join(dir, path), 'utf8');
export const exists = (/** @type {string} */ dir, /** @type {string} */ path) => existsSync(join(dir, path));

/**
 * A template repository: one commit and tag per release, each release's files written
 * over the previous ones (null deletes a file).
 * @param {string} dir @param {{ tag: string, files: Record<string, string | null> }[]} releases
 */
export function templateRepo(dir, releases) {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  for (const { tag, files } of releases) {
    writeFiles(dir, files);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '--allow-empty', '-m', `release ${tag}`);
    git(dir, 'tag', '-a', tag, '-m', tag);
  }
  return dir;
}

/** A template's releases as the lifecycle tests use them (a create-* style starter). */
export const starter = {
  v1: {
    _gitignore: 'node_modules\n',
    'README.md': '# Starter\n\nRun `npm run dev`.\n\nMore below.\n',
    'package.json': `${JSON.stringify({ name: 'starter', version: '0.0.0', private: true, scripts: { dev: 'vite', build: 'vite build' }, dependencies: { react: '^18.3.1' }, devDependencies: { vite: '^5.4.0' } }, null, 2)}\n`,
    'src/main.js': "import { app } from './app.js';\napp();\n",
    'src/app.js': 'export function app() {\n  return "hello";\n}\n',
    'src/old.js': 'export const old = true;\n',
  },
  v2: {
    _gitignore: 'node_modules\ndist\n',
    'README.md': '# Starter\n\nRun `npm run dev`.\n\nMore below, now with tests.\n',
    'package.json': `${JSON.stringify({ name: 'starter', version: '0.0.0', private: true, scripts: { dev: 'vite', build: 'vite build', test: 'vitest' }, dependencies: { react: '^19.0.0' }, devDependencies: { vite: '^6.0.0', vitest: '^2.0.0' } }, null, 2)}\n`,
    'src/app.js': 'export function app() {\n  return "hello, world";\n}\n',
    'src/old.js': null,
    'src/new.js': 'export const added = 1;\n',
  },
  v3: {
    'package.json': `${JSON.stringify({ name: 'starter', version: '0.0.0', private: true, scripts: { dev: 'vite --open', build: 'vite build', test: 'vitest' }, dependencies: { react: '^19.1.0' }, devDependencies: { vite: '^7.0.0', vitest: '^3.0.0' } }, null, 2)}\n`,
    'src/main.js': "import { app } from './app.js';\napp();\nconsole.log('ready');\n",
  },
};

/** The edits a project makes after scaffolding. */
export const edits = {
  'README.md': '# My shop\n\nRun `npm run dev`.\n\nMore below.\n',
  'src/app.js': 'export function app() {\n  return "hello";\n}\n\nexport const shop = true;\n',
  'src/cart.js': 'export const cart = [];\n',
};

/** Rewrites the project's package.json as a project does (its name, one script of its own). */
export function editPackageJson(/** @type {string} */ project) {
  const doc = JSON.parse(read(project, 'package.json'));
  doc.name = 'my-shop';
  doc.scripts.start = 'node server.js';
  writeFiles(project, { 'package.json': `${JSON.stringify(doc, null, 2)}\n` });
}

/** A .tar.gz of `dir` under one top-level folder (as GitHub ships releases). */
export function tarball(/** @type {string} */ dir, /** @type {string} */ out) {
  execFileSync('tar', ['-czf', out, '--transform', 's,^\\.,template,', '-C', dir, '.']);
  return out;
}

/**
 * An archive holding one hostile entry (written with Python's tarfile) beside the
 * release's ordinary files `base` (path → text); the absolute entry is
 * `/tmp/upkeep-life-absolute-escape.txt`.
 * @param {string} kind @param {string} out @param {Record<string, string>} [base]
 */
export function hostileArchive(kind, out, base = { '.upkeep/VERSION': '1.0.0\n', 'README.md': '# t\n' }) {
  const script = `
import io, json, sys, tarfile
kind, out, base = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
with tarfile.open(out, 'w:gz') as t:
    def add(name, data=b'x', **kw):
        i = tarfile.TarInfo(name); i.size = len(data)
        for k, v in kw.items(): setattr(i, k, v)
        t.addfile(i, io.BytesIO(data) if i.type == tarfile.REGTYPE else None)
    for name, text in base.items(): add(name, text.encode())
    if kind == 'dotdot': add('../escape.txt')
    if kind == 'absolute': add('/tmp/upkeep-life-absolute-escape.txt')
    if kind == 'symlink': add('link', type=tarfile.SYMTYPE, linkname='../../etc/passwd', size=0)
    if kind == 'hardlink': add('hard', type=tarfile.LNKTYPE, linkname='/etc/passwd', size=0)
    if kind == 'device': add('dev', type=tarfile.CHRTYPE, size=0)
`;
  execFileSync('python3', ['-c', script, kind, out, JSON.stringify(base)]);
  return out;
}
