import { createServer } from 'node:http';
import { health } from './health.js';

const port = Number(process.env.PORT ?? 3000);

createServer((request, response) => {
  if (request.url === '/health') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(health()));
    return;
  }
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end('ok\n');
}).listen(port);
