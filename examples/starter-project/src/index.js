import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 3000);

createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end('ok\n');
}).listen(port);
