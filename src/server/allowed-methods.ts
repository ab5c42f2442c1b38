import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { SECURITY_HEADERS } from './security-headers';
import { voiceOf } from './protocol-voices';

/**
 * The methods the site answers: its routes export GET, POST, PUT and DELETE handlers, and HEAD comes with
 * GET. Any other method is refused with 405 (under a protocol's addresses, as its route would: 404 at an
 * address that is no call, src/server/protocol-voices.ts) before the canonical path, the static files, the page cache, the router or the access
 * check look at the request. Left to them, each took its own way: TRACE failed with a
 * bare 500, PATCH, OPTIONS and PROPFIND rendered a page as if asked with GET, and a method Node's parser does
 * not know, or CONNECT, was answered by Node alone, without our headers, or not at all.
 */
export const ALLOWED_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
const ALLOW = ALLOWED_METHODS.join(', ');
const NOT_ALLOWED = 'This address does not take that method.';

function refusalHeaders(type: Record<string, string>, length: number, allow = ALLOW): Record<string, string> {
  return { ...SECURITY_HEADERS, allow, 'cache-control': 'no-store', ...type, 'content-length': String(length) };
}

interface Refusal {
  status: 404 | 405;
  reason: string;
  /** The body's own headers (its content type). */
  type: Record<string, string>;
  body: string;
  /** The methods the address takes, for the 405's Allow. */
  allow: string;
}

/**
 * API clients read every refusal in the API's JSON shape, a protocol's clients (Open311) in its error
 * document; anyone else gets a line of text. Under a protocol's addresses the refusal is the route's own:
 * 405 with the methods that call takes, or 404 for an address that is no call.
 */
function refusal(target: string | undefined): Refusal {
  const path = (target ?? '').split('?')[0];
  const voice = voiceOf(path);
  if (voice) {
    const methods = voice.methodsAt(path);
    if (!methods) {
      const { headers, body } = voice.error(path, 404, [voice.notFound(path)]);
      return { status: 404, reason: 'Not Found', type: headers, body, allow: ALLOW };
    }
    const { headers, body } = voice.error(path, 405, [voice.methodRefused(path, methods)]);
    return { status: 405, reason: 'Method Not Allowed', type: headers, body, allow: methods.join(', ') };
  }
  const api = path.startsWith('/api/');
  const type = { 'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8' };
  return { status: 405, reason: 'Method Not Allowed', type, body: api ? JSON.stringify({ message: NOT_ALLOWED }) : NOT_ALLOWED, allow: ALLOW };
}

function headersOf(answer: Refusal): Record<string, string> {
  const headers = refusalHeaders(answer.type, Buffer.byteLength(answer.body), answer.allow);
  if (answer.status === 404) delete headers.allow;
  return headers;
}

/** Answers a parsed request whose method the site does not use; false when the method is one it uses. */
export function refuseUnusedMethod(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (ALLOWED_METHODS.includes(req.method ?? '')) return false;
  const answer = refusal(req.url);
  res.writeHead(answer.status, headersOf(answer));
  res.end(answer.body);
  return true;
}

/** Writes a whole answer straight to a connection that has no response object, then closes it. */
function answerOnSocket(socket: Duplex, status: number, reason: string, headers: Record<string, string>, body: string): void {
  const head = Object.entries({ ...headers, connection: 'close' }).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`, () => socket.destroy());
}

/** What Node answers to a request it could not parse, by its error code; our headers come with each. */
const PARSE_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/**
 * Methods that never reach the request handler: a word Node's parser does not know as a method ends as a
 * parse error, and CONNECT as a 'connect' event. Both are answered 405 like any other unused method. Taking
 * over parse errors means answering the others too, as Node would, with our headers.
 */
export function refuseMethodsNodeCannotRoute(server: http.Server): void {
  server.on('connect', (req: http.IncomingMessage, socket: Duplex) => {
    const answer = refusal(req.url);
    answerOnSocket(socket, answer.status, answer.reason, headersOf(answer), answer.body);
  });
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    // Once an answer has begun on this connection, anything written now would corrupt it.
    const inFlight = (socket as Duplex & { _httpMessage?: http.ServerResponse })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    if (err.code === 'HPE_INVALID_METHOD') {
      // The request line as sent: the method, then the target.
      const answer = refusal(err.rawPacket?.toString('latin1').split(' ', 2)[1]);
      answerOnSocket(socket, answer.status, answer.reason, headersOf(answer), answer.body);
      return;
    }
    const [status, reason] = PARSE_ERRORS[err.code ?? ''] ?? [400, 'Bad Request'];
    answerOnSocket(socket, status, reason, { ...SECURITY_HEADERS, 'content-length': '0' }, '');
  });
}
