// A minimal static npm registry for tests: serves `<dir>/<encoded name>.json` packuments
// (with `{{origin}}` in tarball URLs replaced by this server's origin) and the tarballs
// under `<dir>/tarballs/`. Binds 127.0.0.1 on an ephemeral port and prints the port on its
// first line; every request is appended to `<dir>/requests.log`. Runs as its own process,
// so a test can run the CLI synchronously while it serves.
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const dir = process.argv[2];
const server = createServer((req, res) => {
  appendFileSync(join(dir, 'requests.log'), `${req.method} ${req.url}\n`);
  const origin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
  try {
    if (url.includes('/-/')) {
      const body = readFileSync(join(dir, 'tarballs', url.split('/-/')[1]));
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
      res.end(body);
      return;
    }
    const name = url.slice(1);
    const text = readFileSync(join(dir, `${encodeURIComponent(name)}.json`), 'utf8').replaceAll('{{origin}}', origin);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(text);
  } catch {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'Not found' }));
  }
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${/** @type {import('node:net').AddressInfo} */ (server.address()).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
