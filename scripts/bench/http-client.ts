import http from 'node:http';

/**
 * A benchmark's HTTP client: node:http over kept-alive connections, as a browser keeps its connection open
 * between clicks. fetch (undici) costs the client several times more CPU per request, and a crowd played on
 * the same two cores as the server then measures itself as much as the server.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 });

export interface Answer {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

/** `fresh`: on a new connection, closed after the answer (several server processes each get their turn). */
export function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string; fresh?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const headers: Record<string, string | number> = { ...init.headers };
    if (body) headers['content-length'] = body.byteLength;
    const req = http.request(url, { method: init.method ?? 'GET', headers, agent: init.fresh ? false : agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A form's fields as a browser posts them. */
export const formBody = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** Closes the kept connections, so the process can end. */
export const closeConnections = () => agent.destroy();
