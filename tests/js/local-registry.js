// A package registry for tests, on 127.0.0.1 and an ephemeral port: it serves the packuments
// and tarballs of the npm packages it is given (real `.tgz` files), and 404 for anything
// else, the way registry.npmjs.org answers for a package that does not exist. npm installs
// from it as from the real one.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { basename } from 'node:path';

const tar = createRequire(new URL('../../npm/package.json', import.meta.url))('tar');

/** The package.json inside a tarball. */
function manifestOf(/** @type {string} */ file) {
  let text = '';
  tar.t({
    sync: true,
    file,
    onReadEntry: (/** @type {any} */ entry) =>
      entry.path === 'package/package.json' && entry.on('data', (/** @type {Buffer} */ c) => (text += c)),
  });
  if (!text) throw new Error(`${file} holds no package/package.json`);
  return JSON.parse(text);
}

/**
 * Starts a registry serving `tarballs`; resolves to its `url` (ending in `/`), the
 * `requests` it answered (`"404 /name"`, `"200 /-/file.tgz"`) and `close()`.
 * @param {string[]} tarballs
 */
export async function startRegistry(tarballs) {
  /** @type {Map<string, { manifest: any, bytes: Buffer, file: string }[]>} */
  const packages = new Map();
  for (const path of tarballs) {
    const manifest = manifestOf(path);
    const versions = packages.get(manifest.name) ?? [];
    versions.push({ manifest, bytes: readFileSync(path), file: basename(path) });
    packages.set(manifest.name, versions);
  }
  /** @type {string[]} */
  const requests = [];
  let url = '';
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', url).pathname.slice(1));
    const answer = (/** @type {number} */ status, /** @type {string | Buffer} */ body, type = 'application/json') => {
      requests.push(`${status} /${path}`);
      res.writeHead(status, { 'content-type': type }).end(body);
    };
    if (path.startsWith('-/')) {
      const hit = [...packages.values()].flat().find((p) => p.file === path.slice(2));
      return hit ? answer(200, hit.bytes, 'application/octet-stream') : answer(404, '{"error":"not found"}');
    }
    const versions = packages.get(path);
    if (!versions) return answer(404, '{"error":"not found"}');
    const entries = versions.map(({ manifest, bytes, file }) => [
      manifest.version,
      {
        ...manifest,
        dist: {
          tarball: `${url}-/${file}`,
          integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
          shasum: createHash('sha1').update(bytes).digest('hex'),
        },
      },
    ]);
    answer(200, JSON.stringify({ name: path, 'dist-tags': { latest: entries.at(-1)?.[0] }, versions: Object.fromEntries(entries) }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/`;
  return { url, requests, close: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}
