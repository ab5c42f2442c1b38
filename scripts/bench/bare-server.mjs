// The yardstick: a bare node:http server answering one fixed body from memory, the most a single Node
// process can do. Started as its own process so it gets a core of its own, as the real server does.
import http from 'node:http';
import fs from 'node:fs';

const [, , bodyFile, headersFile, port] = process.argv;
const body = fs.readFileSync(bodyFile);
const headers = JSON.parse(fs.readFileSync(headersFile, 'utf8'));
http
  .createServer((req, res) => {
    res.writeHead(200, { ...headers, 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('Serving'));
