import http from 'node:http';
import https from 'node:https';
/**
 * One interface for every payment gateway. A payment starts with `start` (the gateway's order, and where the
 * payer goes next: a redirect or a form posted automatically); the gateway sends the payer back with a
 * callback whose signature `readCallback` checks; and `fetchStatus` asks the gateway's server directly, which
 * is the only answer a receipt is ever issued on. Every request and answer is handed to `record`, which the
 * caller stores (payment_exchange), secrets left out.
 */
export type NextStep = { method: 'GET'; url: string } | { method: 'POST'; url: string; fields: Record<string, string> };

export type Record_ = (kind: 'start' | 'callback' | 'webhook' | 'status' | 'refund', request: string, response: string, outcome?: string) => void;

export interface StartInput {
  transactionId: string;
  amountPaise: number;
  description: string;
  payer: { name: string; mobile: string; email?: string };
  /** Where the gateway sends the payer back (and posts its callback). */
  callbackUrl: string;
}

export interface CallbackReading {
  /** The gateway's order the callback is about ('' when it names none). */
  orderId: string;
  paymentId: string;
  /** The signature or checksum is the gateway's own. A failure report carries none and is never trusted either. */
  signatureValid: boolean;
}

export type StatusOutcome = 'paid' | 'failed' | 'pending' | 'not-attempted';

export interface StatusAnswer {
  outcome: StatusOutcome;
  /** What the gateway says was paid (0 unless paid). */
  amountPaise: number;
  paymentId: string;
}

export interface Gateway {
  name: string;
  start: (input: StartInput, record: Record_) => Promise<{ orderId: string; next: NextStep }>;
  readCallback: (fields: Readonly<Record<string, string>>) => CallbackReading;
  /** Throws when the gateway does not answer in time or answers nonsense: the transaction stays pending. */
  fetchStatus: (input: { transactionId: string; orderId: string }, record: Record_) => Promise<StatusAnswer>;
  /** A webhook's order, when its signature (over the raw body) is the gateway's; null otherwise. */
  readWebhook?: (rawBody: string, headers: Headers) => { orderId: string } | null;
  refund?: (input: { paymentId: string; amountPaise: number }, record: Record_) => Promise<void>;
}

export class GatewayError extends Error {}

/**
 * Connections to gateways, kept open between requests: in the last days before a rebate ends every payer's
 * start and callback asks the gateway, and a new connection (and TLS handshake) for each costs the server more
 * than the question itself. Node's http(s) client with a keep-alive agent is also several times cheaper per
 * request than fetch.
 */
const AGENT_OPTIONS = { keepAlive: true, keepAliveMsecs: 30_000, maxSockets: 64, maxFreeSockets: 16, timeout: 60_000 };
const agents = { http: new http.Agent(AGENT_OPTIONS), https: new https.Agent(AGENT_OPTIONS) };

/** What a gateway request may send: a method, headers and a text body. */
export interface GatewayRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** The most of a gateway's answer read: its answers are a few kilobytes, and a bigger one is not an answer. */
const MAX_ANSWER_BYTES = 1 << 20;

/** A request that gives up after `ms`, so a gateway that hangs holds nobody. */
export function fetchWithin(url: string, init: GatewayRequest, ms: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      reject(new GatewayError(`could not reach the gateway: not an address: ${url}`));
      return;
    }
    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:') {
      reject(new GatewayError(`could not reach the gateway: not an http(s) address: ${url}`));
      return;
    }
    const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
    const headers: Record<string, string | number> = { ...init.headers };
    if (body) headers['content-length'] = body.byteLength;
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(new GatewayError(message));
    };
    const request = (secure ? https : http).request(
      target,
      { method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > MAX_ANSWER_BYTES) fail('could not reach the gateway: its answer is too long');
          else chunks.push(chunk);
        });
        response.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', (err) => fail(`could not reach the gateway: ${err.message}`));
        response.on('aborted', () => fail('could not reach the gateway: the answer was cut short'));
      },
    );
    const timer = setTimeout(() => fail(`no answer within ${ms} ms`), ms);
    request.on('error', (err) => fail(`could not reach the gateway: ${err.message}`));
    request.end(body);
  });
}
