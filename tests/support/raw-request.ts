import http from 'node:http';

/** An answer to a request sent with its path exactly as written. */
export interface RawAnswer {
  status: number;
  location: string | null;
  headers: http.IncomingHttpHeaders;
  body: string;
}

// One kept-alive agent: a matrix of thousands of requests should not open thousands of connections.
const agent = new http.Agent({ keepAlive: true, maxSockets: 24 });

/**
 * Sends a request with its path as written: fetch() (like every WHATWG URL user) would already have resolved
 * `/./`, turned `\` into `/` and so on, which is exactly what an attacker's own client does not do.
 */
export function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, method, path, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
