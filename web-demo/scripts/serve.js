#!/usr/bin/env node
// Serves the built demo (dist/) on 127.0.0.1: what `make demo` runs and what the browser
// test drives. Static files only; `node scripts/serve.js [port]` (0 picks a free port).
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
};

/**
 * Starts the server; resolves to its URL and a close function.
 * @param {number} [port]
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function serve(port = 0) {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const file = normalize(join(DIST, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
    let size;
    try {
      if (!file.startsWith(DIST.endsWith(sep) ? DIST : DIST + sep)) throw new Error('outside');
      const st = statSync(file);
      if (!st.isFile()) throw new Error('not a file');
      size = st.size;
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[/** @type {keyof typeof TYPES} */ (extname(file))] ?? 'application/octet-stream', 'content-length': size });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({ url: `http://127.0.0.1:${address.port}/`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  try {
    statSync(join(DIST, 'index.html'));
  } catch {
    console.error('serve: no dist/index.html: build the demo first (npm run build, or make demo)');
    process.exit(1);
  }
  const { url } = await serve(Number(process.argv[2] ?? 4173));
  console.log(`upkeep demo: ${url}  (Ctrl-C to stop)`);
}
