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

/** A fetch that gives up after `ms`, so a gateway that hangs holds nobody. */
export async function fetchWithin(url: string, init: RequestInit, ms: number): Promise<{ status: number; text: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    throw new GatewayError(controller.signal.aborted ? `no answer within ${ms} ms` : `could not reach the gateway: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
